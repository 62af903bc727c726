"""Shared fixtures for browser tests of the built site (dist/).

What a browser test gets, with nothing to set up:

* ``base_url`` (session): http://127.0.0.1:<free port>/ serving dist/, built first if
  missing or older than its sources. ``page.goto("./")`` (or ``"./?seed=7"``) opens the app.
* ``context`` / ``page`` (pytest-playwright, on Debian's /usr/bin/chromium): every context is
  guarded: the test fails on any request to another origin, any console error, any uncaught
  page error, or a Python traceback in the console or in the page. Service workers are
  blocked by default (faster, deterministic); opt in with
  ``@pytest.mark.browser_context_args(service_workers="allow")``.
* ``wait_python_ready(page)``: waits for ``<html data-python="ready">``.
* ``guard_context(ctx, base_url)``: the same guard for contexts a test makes itself.

Tests that use any of these fixtures are marked ``browser`` automatically;
``pytest -m "not browser"`` runs the rest without Node, npm or chromium.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# Python start-up on a loaded 2-core CI machine can be slow: be generous.
READY_TIMEOUT_MS = 90_000
SITE_SOURCES = ["build.py", "index.html", "pyscript.toml", "joker", "static"]
BROWSER_FIXTURES = {"base_url", "site_dir", "context", "page", "browser", "new_context",
                    "wait_python_ready", "guard_context"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


# ------------------------------------------------------------------ dist + server

def _newest_source_mtime() -> float:
    newest = 0.0
    for name in SITE_SOURCES:
        p = ROOT / name
        files = [p] if p.is_file() else (f for f in p.rglob("*") if f.is_file()) if p.exists() else []
        for f in files:
            if "__pycache__" not in f.parts:
                newest = max(newest, f.stat().st_mtime)
    return newest


def _dist_stale() -> bool:
    stamp = DIST / ".build-stamp"
    if not stamp.exists():
        return True
    if os.environ.get("JOKER_DIST_BUILT") == "1":  # `build.py test` has just built it
        return False
    return _newest_source_mtime() > stamp.stat().st_mtime


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """dist/, (re)built when missing or older than its sources."""
    if _dist_stale():
        subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True)
    return DIST


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(directory: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Serve ``directory`` with build.py's static server (right MIME types) on a free port."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "serve", "--no-build", "--port", str(port),
         "--dir", str(directory)],
        cwd=ROOT, env={**os.environ, "JOKER_SERVE_QUIET": "1"},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return proc, url
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                err = proc.stderr.read().decode() if proc.stderr else ""
                raise RuntimeError(f"static server did not start: {err}") from None
            time.sleep(0.05)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """URL of dist/ served on 127.0.0.1 (overrides pytest-playwright's --base-url)."""
    proc, url = start_server(site_dir)
    yield url
    stop_server(proc)


# --------------------------------------------------------------- playwright setup

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        msg = f"{CHROMIUM} is missing: run `python3 build.py test` (it installs Debian's chromium)"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "service_workers": "block"}


class Guard:
    """Collects what must never happen while the app runs."""

    TRACEBACK = "Traceback (most recent call last)"

    def __init__(self, base_url: str) -> None:
        self.origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url))
        self.problems: list[str] = []
        self.requests: list[str] = []

    def is_local(self, url: str) -> bool:
        if url.startswith(("data:", "about:")):
            return True
        if url.startswith("blob:"):
            url = url[5:]
        parts = urlsplit(url)
        return f"{parts.scheme}://{parts.netloc}" == self.origin

    def on_request(self, request: Any) -> None:
        self.requests.append(request.url)
        if not self.is_local(request.url):
            self.problems.append(f"non-local request: {request.method} {request.url}")

    def on_console(self, msg: Any) -> None:
        if msg.type == "error":
            self.problems.append(f"console error: {msg.text}")
        elif self.TRACEBACK in msg.text:
            self.problems.append(f"Python traceback in console: {msg.text}")

    def on_weberror(self, error: Any) -> None:
        self.problems.append(f"uncaught page error: {error.error}")

    def attach(self, ctx: Any) -> None:
        ctx.on("request", self.on_request)
        ctx.on("console", self.on_console)
        ctx.on("weberror", self.on_weberror)

    def check_pages(self, ctx: Any) -> None:
        for page in ctx.pages:
            if page.is_closed():
                continue
            try:
                text = page.evaluate(
                    "() => [document.body ? document.body.innerText : '',"
                    " ...[...document.querySelectorAll('.py-error')].map(e => 'py-error: ' + e.textContent)]"
                    ".join('\\n')")
            except Exception:  # navigating or crashed: console/pageerror will have told
                continue
            if self.TRACEBACK in text or "py-error:" in text:
                self.problems.append(f"Python error shown in the page: {text[-2000:]}")

    def assert_clean(self) -> None:
        assert not self.problems, "\n".join(self.problems)


def guard_context_impl(ctx: Any, base_url: str) -> Guard:
    guard = Guard(base_url)
    guard.attach(ctx)
    return guard


@pytest.fixture
def guard_context(base_url: str) -> Iterator[Any]:
    """``guard_context(ctx)`` guards a context the test made itself; checked at teardown."""
    made: list[tuple[Any, Guard]] = []

    def make(ctx: Any, url: str = base_url) -> Guard:
        guard = guard_context_impl(ctx, url)
        made.append((ctx, guard))
        return guard

    yield make
    for ctx, guard in made:
        try:
            guard.check_pages(ctx)
        except Exception:
            pass
        guard.assert_clean()


@pytest.fixture
def context(new_context: Any, base_url: str) -> Iterator[Any]:
    """pytest-playwright's context, guarded (see module docstring)."""
    ctx = new_context()
    guard = guard_context_impl(ctx, base_url)
    ctx.joker_guard = guard
    yield ctx
    guard.check_pages(ctx)
    guard.assert_clean()


@pytest.fixture
def wait_python_ready() -> Any:
    def wait(page: Any, timeout: float = READY_TIMEOUT_MS) -> None:
        page.wait_for_selector("html[data-python=ready]", state="attached", timeout=timeout)
    return wait

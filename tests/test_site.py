"""Site-level tests: the built dist/ works as a static, self-hosted, offline-capable app."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import struct
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from conftest import READY_TIMEOUT_MS, start_server, stop_server

import build

ALLOW_SW = pytest.mark.browser_context_args(service_workers="allow")
# pyscript.toml's `interpreter`: Pyodide itself, or build.py's memory-snapshot wrapper around it.
LOCAL_INTERPRETERS = ("./pyodide/pyodide.mjs", "./" + build.SNAPSHOT_WRAPPER)
SNAPSHOT_UNUSABLE = "memory snapshot unusable"


# ------------------------------------------------------------ static checks on dist/

class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.py_scripts: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for key in ("src", "href", "config"):
            if a.get(key):
                self.refs.append(a[key] or "")
        if tag == "script" and a.get("type") in ("py", "mpy"):
            self.py_scripts.append(a)


def _index_refs(site: Path) -> _Refs:
    parser = _Refs()
    parser.feed((site / "index.html").read_text(encoding="utf-8"))
    return parser


def test_index_uses_only_relative_local_paths(site_dir: Path) -> None:
    refs = _index_refs(site_dir).refs
    assert refs
    for ref in refs:
        if ref.startswith("data:"):
            continue
        assert not re.match(r"^([a-z]+:)?//", ref), f"absolute URL in index.html: {ref}"
        assert not ref.startswith("/"), f"root-relative path breaks sub-path hosting: {ref}"
        assert (site_dir / ref.split("?")[0].split("#")[0]).exists(), f"missing in dist: {ref}"


def test_every_python_worker_uses_local_interpreter(site_dir: Path) -> None:
    """No <script type=py> on the page (Python runs in workers only); the workers js/pyworkers.js
    starts get a local interpreter and a config whose files are all in dist/."""
    assert not _index_refs(site_dir).py_scripts, "Python on the page's own thread"
    starter = (site_dir / "js" / "pyworkers.js").read_text(encoding="utf-8")
    interpreter = re.search(r'const INTERPRETER = new URL\("([^"]+)"', starter)
    assert interpreter and "./" + interpreter.group(1).removeprefix("./") in LOCAL_INTERPRETERS
    config_name = re.search(r'const CONFIG = "([^"]+)"', starter)
    assert config_name
    config = tomllib.loads((site_dir / config_name.group(1)).read_text(encoding="utf-8"))
    assert config.get("interpreter", LOCAL_INTERPRETERS[1]) in LOCAL_INTERPRETERS
    for src in config.get("files", {}):
        assert (site_dir / src).exists(), f"[files] source missing in dist: {src}"
    entries = re.findall(r'startPyWorker\("([^"]+)"', "".join(
        (site_dir / "js" / name).read_text(encoding="utf-8") for name in ("engine.js", "search.js")))
    assert sorted(entries) == ["./py/engine.py", "./py/search.py"]
    for entry in entries:
        assert (site_dir / entry).is_file()


def test_runtime_is_self_hosted(site_dir: Path) -> None:
    for name in build.PYODIDE_RUNTIME:
        assert (site_dir / "pyodide" / name).is_file()
    for name in ("core.js", "core.css"):
        assert (site_dir / "pyscript" / name).is_file()
    assert (site_dir / ".nojekyll").exists()


def test_stdlib_is_precompiled_and_trimmed(site_dir: Path) -> None:
    """The shipped stdlib: unchecked hash-based .pyc only, every module the workers were traced
    importing (tools/trace_stdlib.py) and nothing the npm stdlib lacks; a fraction of it."""
    from tools.build.trim import is_app_module, traced_modules

    npm_stdlib = build.extract(*build.PYODIDE) / "python_stdlib.zip"
    with zipfile.ZipFile(npm_stdlib) as z:
        sources = {n[:-3] + ".pyc" for n in z.namelist() if n.endswith(".py")}
        npm_names = set(z.namelist())
    with zipfile.ZipFile(site_dir / "pyodide" / "python_stdlib.zip") as z:
        names = set(z.namelist())
        modules = [n for n in names if n.endswith(".pyc")]
        assert not [n for n in names if n.endswith(".py")], "sources shipped"
        assert set(modules) <= sources and names - set(modules) <= npm_names
        assert 100 < len(modules) < len(sources) / 2, len(modules)
        header = z.read("os.pyc")[:16]
        flags = struct.unpack("<I", header[4:8])[0]
        assert flags == 0b01, "expected unchecked hash-based .pyc"
    shipped = {n[:-4].replace("/", ".").removesuffix(".__init__") for n in modules}
    traced = {m for m in traced_modules() if not is_app_module(m)}
    in_npm = {n[:-4].replace("/", ".").removesuffix(".__init__") for n in sources}
    assert len(traced) > 100
    missing = sorted(m for m in traced & in_npm if m not in shipped)
    assert not missing, missing


def test_payload_budget(site_dir: Path) -> None:
    """What a first visit may download (the service worker precaches all of dist/), in raw bytes.

    Issue #14 asks <= 12 MB; Pyodide 314's wasm and its JS glue alone are 10.85 MB and the memory
    snapshot (kept: it halves the start-up) is 6.5 MB gzipped, so the total is budgeted at what the
    trimmed site measures plus a little headroom, and everything that is ours or PyScript's has a
    budget of its own (docs/STARTUP.md has the figures). Installing joker as a wheel with micropip
    (issue #14, item 3) costs 1.3 MB: micropip's wheel (0.12 MB), the stdlib modules it imports
    (email, importlib.metadata, ...: 0.3 MB) and micropip, those modules and the installed files in the
    snapshot (1.1 MB), less joker.zip's sources + .pyc against the wheel's sources (-0.25 MB)."""
    sizes = {p.relative_to(site_dir).as_posix(): p.stat().st_size for p in site_dir.rglob("*") if p.is_file()}
    mb = 1e6
    runtime = sum(v for k, v in sizes.items() if k.startswith("pyodide/"))
    stdlib = sizes["pyodide/python_stdlib.zip"]
    snapshot = sizes["pyodide/" + build.SNAPSHOT_NAME]
    wheels = {k: v for k, v in sizes.items() if k.endswith(".whl")}
    ours = sum(sizes.values()) - runtime
    assert stdlib <= 2.1 * mb, stdlib
    assert snapshot <= 6.8 * mb, snapshot
    assert sizes["pyodide/pyodide-lock.json"] <= 1000
    assert len(wheels) == 2 and all(v <= 0.15 * mb for v in wheels.values()), wheels  # joker, micropip
    assert ours <= 1.2 * mb, sorted(sizes.items(), key=lambda kv: -kv[1])[:10]
    assert sum(v for k, v in sizes.items() if k.startswith("pyscript/")) <= 0.25 * mb
    assert sum(sizes.values()) <= 20.7 * mb, sum(sizes.values())


def test_snapshot_wrapper_loads_only_the_local_pyodide(site_dir: Path) -> None:
    text = (site_dir / build.SNAPSHOT_WRAPPER).read_text(encoding="utf-8")
    imports = re.findall(r'^import .*? from "([^"]+)";', text, re.M)
    assert imports == ["../pyodide/pyodide.mjs"]
    assert not re.search(r"https?://", text)
    assert f'"{build.SNAPSHOT_NAME}"' in text


def test_memory_snapshot_matches_this_pyodide_build(site_dir: Path) -> None:
    """The snapshot's header names the exact Pyodide build it was made by (else Pyodide refuses it)."""
    raw = gzip.decompress((site_dir / "pyodide" / build.SNAPSHOT_NAME).read_bytes())
    words = struct.unpack("<12I", raw[:48])
    build_id = "".join(f"{w:08x}" for w in words[4:12])
    assert build_id in (site_dir / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")
    heap_start, meta_len = words[1], words[2]
    meta = json.loads(raw[48:48 + meta_len])
    # No JS object the restore could not find again: only what Pyodide re-resolves by itself (globals
    # by name, which a worker has too: pyodide.http's `from js import fetch, Request, ...`, which
    # micropip imports; Pyodide's own API), never an object that needs a deserializer.
    worker_globals = {"AbortController", "AbortSignal", "Object", "Request", "fetch"}
    for key in meta["hiwireKeys"]:
        assert (key is None or key in ({"API": True}, {"abortSignalAny": True})
                or (set(key) == {"path"} and len(key["path"]) <= 1
                    and set(key["path"]) <= worker_globals)), key
    assert len(raw) - heap_start >= 16 << 20  # a whole wasm heap follows


def test_packages_come_from_our_own_lock(site_dir: Path) -> None:
    """pyscript.toml's packages (installed by micropip) are the joker wheel and nothing else; Pyodide's
    lock lists exactly micropip and joker, each a file of dist/ whose sha256 it names (Pyodide checks
    it), so neither is ever looked up on PyPI or a CDN; no PyScript package cache (a lock of an older
    deploy would be reused)."""
    config = tomllib.loads((site_dir / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["packages"] == ["joker"] and config["packages_cache"] == "never"
    assert not config.get("files"), "the package comes as a wheel, not as [files]"
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert sorted(lock["packages"]) == ["joker", "micropip"]
    for name, entry in lock["packages"].items():
        path = (site_dir / "pyodide" / entry["file_name"]).resolve()
        assert path.is_file() and path.is_relative_to(site_dir.resolve()), entry
        assert entry["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest(), name
        assert path.name.startswith(f"{name}-{entry['version']}-") and entry["depends"] == []
    wheel = site_dir / lock["packages"]["joker"]["file_name"].removeprefix("../")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    sources = sorted(p.relative_to(build.ROOT).as_posix() for p in (build.ROOT / "joker").rglob("*.py")
                     if "__pycache__" not in p.parts)
    assert sources and set(sources) <= names and "joker/bots/search.py" in names


def test_snapshot_has_joker_installed_by_micropip(site_dir: Path) -> None:
    """The memory snapshot holds the site-packages micropip installed at build time (written back at
    every start), so micropip finds joker installed and downloads nothing."""
    raw = gzip.decompress((site_dir / "pyodide" / build.SNAPSHOT_NAME).read_bytes())
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    version = lock["packages"]["joker"]["version"]
    for marker in (f"joker-{version}.dist-info/INSTALLER".encode(), b"micropip/__init__.pyc",
                   b"joker/bots/search.py"):
        assert marker in raw, marker


def test_service_worker_precaches_every_file(site_dir: Path) -> None:
    text = (site_dir / "sw.js").read_text(encoding="utf-8")
    m = re.search(r"/\*BUILD\*/(.*?)/\*END\*/", text, re.S)
    assert m
    data = json.loads(m.group(1))
    assert re.fullmatch(r"[0-9a-f]{16}", data["version"])
    files = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*")
             if p.is_file() and p.name != "sw.js" and not p.name.startswith(".")}
    assert set(data["files"]) == files | {"./"}


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_manifest_and_icons(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Joker"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", manifest["theme_color"])
    sizes = set()
    for icon in manifest["icons"]:
        path = site_dir / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            w, h = _png_size(path)
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add((w, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    assert 'name="theme-color"' in html and 'rel="apple-touch-icon"' in html
    assert 'rel="manifest"' in html


def test_sw_register_is_included(site_dir: Path) -> None:
    assert "./js/sw-register.js" in _index_refs(site_dir).refs


# ------------------------------------------------------------------ in the browser

def test_python_and_worker_start(page: Any, wait_python_ready: Any) -> None:
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    page.goto("./")
    wait_python_ready(page)
    page.wait_for_selector("html[data-worker=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    guard = page.context.joker_guard
    assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in guard.requests)
    # micropip installed joker at build time, in the snapshot: no wheel is downloaded at start
    assert any(u.endswith("/pyodide/pyodide-lock.json") for u in guard.requests)
    assert not [u for u in guard.requests if u.endswith(".whl")], guard.requests
    assert all(guard.is_local(u) for u in guard.requests)
    # ...so PyScript's start did not ask micropip for it again (tools/build/pyscript_patch.py): the
    # micropip package, which the snapshot cannot hold, was never imported
    loaded = page.evaluate("async () => (await import('./js/engine.js')).loadedModules()")
    assert "joker.web" in loaded and "micropip" not in loaded, sorted(m for m in loaded if "micropip" in m)
    # Both interpreters (page and worker) started from the memory snapshot, not the slow way.
    config = tomllib.loads((build.DIST / "pyscript.toml").read_text(encoding="utf-8"))
    if config["interpreter"] != "./pyodide/pyodide.mjs":
        assert sum(u.endswith("/pyodide/" + build.SNAPSHOT_NAME) for u in guard.requests) >= 2
        assert not [w for w in warnings if SNAPSHOT_UNUSABLE in w], warnings


def test_wasm_and_modules_served_with_right_types(page: Any, base_url: str) -> None:
    for path, mime in [("pyodide/pyodide.asm.wasm", "application/wasm"),
                       ("pyodide/pyodide.mjs", "text/javascript"),
                       ("manifest.webmanifest", "application/manifest+json")]:
        response = page.request.get(base_url + path)
        assert response.ok
        assert response.headers["content-type"].split(";")[0] == mime, path


@ALLOW_SW
def test_offline_after_first_visit(page: Any, context: Any, wait_python_ready: Any) -> None:
    # Each load waits for the bot worker too before the next navigation: leaving a page while its
    # worker still starts makes PyScript log the aborted start as a console error (CI saw it once).
    def loaded() -> None:
        wait_python_ready(page)
        page.wait_for_selector("html[data-worker=ready]", state="attached", timeout=READY_TIMEOUT_MS)

    page.goto("./")
    loaded()
    # The service worker registers once Python is ready, precaches dist/ and claims the page.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS)
    context.set_offline(True)
    page.reload()
    loaded()
    # a deep link with a query string still opens the app offline
    page.goto("./?seed=7")
    loaded()


def _cache_names(page: Any) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


# What the page and its service workers are doing, for a failure's message.
_SW_STATE = """navigator.serviceWorker.getRegistration().then(r => JSON.stringify({
  controller: navigator.serviceWorker.controller && navigator.serviceWorker.controller.state,
  installing: r && r.installing && r.installing.state, waiting: r && r.waiting && r.waiting.state,
  active: r && r.active && r.active.state, update: document.documentElement.dataset.update,
  toasts: [...document.querySelectorAll('#toasts .toast')].map(e => e.dataset.reason)}))"""


# How long the switch may take. Seen under two test suites at once (2026-12-07, about 1 run in 5 of
# the deaf variant): the new worker received "skipWaiting" and stayed "installed" for over 90 s, no
# request open — Chromium activates it only once the old worker has no work, or after its lame-duck
# limit (kMaxLameDuckTime, 5 minutes); our reading is that the test's DevTools attachment keeps the old
# worker from idling. Past that limit the switch must have happened.
SWITCH_TIMEOUT_MS = 330_000

# Drops the page's controllerchange listeners: the update must still reload (the worker's own
# "activated" is the second signal sw-register.js listens to).
_DEAF_TO_CONTROLLERCHANGE = """(() => {
  if (typeof ServiceWorkerContainer === "undefined") return;  // a worker, not a page
  const add = ServiceWorkerContainer.prototype.addEventListener;
  ServiceWorkerContainer.prototype.addEventListener = function (type, ...rest) {
    if (type !== "controllerchange") return add.call(this, type, ...rest);
  };
})();"""


@ALLOW_SW
@pytest.mark.parametrize("hears_controllerchange", [True, False])
def test_update_waits_for_the_page_then_reloads(hears_controllerchange: bool, new_context: Any,
                                                guard_context: Any, wait_python_ready: Any,
                                                tmp_path: Path, site_dir: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    proc, url = start_server(site)
    try:
        ctx = new_context()
        guard_context(ctx, url)
        if not hears_controllerchange:
            ctx.add_init_script(_DEAF_TO_CONTROLLERCHANGE)
        page = ctx.new_page()
        page.goto(url)
        wait_python_ready(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS)
        # a second tab of the game: it reloads into the new version too
        other = ctx.new_page()
        other.goto(url)
        wait_python_ready(other)
        other.wait_for_selector("html[data-sw=registered]", state="attached", timeout=READY_TIMEOUT_MS)
        old = _cache_names(page)
        assert len(old) == 1 and old[0].startswith("joker-")

        # deploy a new version
        index = site / "index.html"
        index.write_text(index.read_text(encoding="utf-8") + "<!-- new version -->\n", encoding="utf-8")
        new_version = build.fill_service_worker(site)
        assert f"joker-/-{new_version}" not in old

        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("html[data-update=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        # the new version waits: the page still runs the old one
        assert page.evaluate("navigator.serviceWorker.controller.state") == "activated"
        other.wait_for_selector("html[data-update=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        try:
            with page.expect_navigation(timeout=SWITCH_TIMEOUT_MS), \
                    other.expect_navigation(timeout=SWITCH_TIMEOUT_MS):
                page.get_by_test_id("update-toast-apply").click()  # the toast the app shows
        except Exception as exc:  # once seen under load: say where the switch stopped
            raise AssertionError(f"no reload after the update toast: {page.evaluate(_SW_STATE)}, "
                                 f"the other tab {other.evaluate(_SW_STATE)}") from exc
        wait_python_ready(page)
        wait_python_ready(other)
        other.wait_for_selector("html[data-sw=registered]", state="attached", timeout=READY_TIMEOUT_MS)
        assert other.evaluate("document.documentElement.dataset.update") is None  # nothing waits now
        page.wait_for_function(
            f"caches.keys().then(k => k.length === 1 && k[0] === 'joker-/-{new_version}')",
            timeout=READY_TIMEOUT_MS)
    finally:
        stop_server(proc)


def test_without_the_snapshot_micropip_installs_the_wheel(page: Any, wait_python_ready: Any) -> None:
    """If the memory snapshot cannot be used (here: it is not one), Pyodide starts the ordinary way and
    PyScript's micropip installs joker from our lock: both wheels come from this site, checked against
    the lock's sha256, and the game starts."""
    page.route("**/" + build.SNAPSHOT_NAME, lambda route: route.fulfill(status=200, body=b"not a snapshot"))
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    page.goto("./")
    wait_python_ready(page)
    assert [w for w in warnings if SNAPSHOT_UNUSABLE in w], warnings
    requests = page.context.joker_guard.requests
    for wheel in ("/pyodide/micropip-", "/joker-"):
        assert [u for u in requests if wheel in u and u.endswith(".whl")], (wheel, requests)

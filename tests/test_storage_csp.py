"""The Content-Security-Policy of index.html (issue #9): exactly what the app needs, and the game
loads and plays under it with no console error and no ``securitypolicyviolation`` event.

Why each source is there is written next to the meta tag in index.html. Any change to the policy
must change EXPECTED here too: loosening it is a decision, never an accident.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from conftest import READY_TIMEOUT_MS
from playwright.sync_api import expect
from test_app import human_step, open_app, play_button
from test_table import view, wait_settled

EXPECTED = {
    "default-src": {"'self'"},
    "script-src": {"'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"},
    "style-src": {"'self'"},
    "style-src-attr": {"'unsafe-inline'"},
    "worker-src": {"'self'", "blob:"},
    "connect-src": {"'self'", "blob:"},
    "media-src": {"'self'", "blob:"},
    "img-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'none'"},
    "form-action": {"'none'"},
}
CSP_META = re.compile(r'<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*>', re.I)
VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(
  [e.violatedDirective, e.blockedURI, e.sourceFile, e.lineNumber].join(' ')));
"""


def policy(html: str) -> dict[str, set[str]]:
    found = CSP_META.findall(html)
    assert len(found) == 1, found
    out: dict[str, set[str]] = {}
    for part in found[0].split(";"):
        name, *sources = part.split()
        assert name not in out
        out[name] = set(sources)
    return out


def test_policy_is_exact_and_comes_first(site_dir: Path) -> None:
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    assert policy(html) == EXPECTED
    # a meta policy covers only what comes after it: before every script, style and link
    head = html[: html.index("</head>")]
    first_resource = min(head.index(tag) for tag in ("<script", "<link") if tag in head)
    assert CSP_META.search(head).start() < first_resource  # type: ignore[union-attr]
    # no inline JavaScript anywhere in the page (only PyScript's type="py" blocks)
    for attrs in re.findall(r"<script\b([^>]*)>", html):
        assert "src=" in attrs or 'type="py"' in attrs, attrs
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"


def test_game_loads_and_plays_under_the_policy(page: Any, base_url: str) -> None:
    page.add_init_script(VIOLATIONS)
    open_app(page, base_url, "&lang=en")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector("html[data-worker=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    play_button(page)
    moves = 0
    while moves < 6:  # the bots think in the blob: worker in between
        if wait_settled(page, "human next") == "next":
            page.get_by_test_id("summary-next").click()
            continue
        human_step(page, view(page))
        moves += 1
    wait_settled(page, "human next")
    if view(page)["last_trick"]:
        page.get_by_test_id("last-button").click()
        expect(page.get_by_test_id("last-card")).to_have_count(4)  # card images
        page.get_by_test_id("dialog-close").click()
    page.get_by_test_id("sheet-button").click()
    page.get_by_test_id("dialog-close").click()
    page.get_by_test_id("menu-button").click()
    page.get_by_test_id("menu-stats").click()
    with page.expect_download() as dl:  # a blob: URL download
        page.get_by_test_id("stats-export").click()
    assert dl.value.suggested_filename.startswith("joker-statistics-")
    assert page.evaluate("window.__cspViolations") == []


def test_policy_is_enforced(browser: Any, base_url: str) -> None:
    """The control for the test above: the policy is in force and its violations are seen."""
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        page.add_init_script(VIOLATIONS)
        page.goto(f"{base_url}?lang=en")
        page.wait_for_selector("html[data-ui=ready]", state="attached")
        page.evaluate("""() => { const s = document.createElement('script');
                                 s.textContent = 'window.__inlineRan = 1'; document.body.append(s); }""")
        page.wait_for_function("window.__cspViolations.length > 0")
        assert page.evaluate("window.__inlineRan") is None
        assert page.evaluate("window.__cspViolations")[0].startswith("script-src")
    finally:
        ctx.close()

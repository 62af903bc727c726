"""PyScript core's evaluation (issue #14, docs/STARTUP.md "The seventh pass").

Its module top level (one 136 KB line) threw a TypeError on every page that is not cross-origin
isolated: coincident's probe ``new SharedArrayBuffer(4, {maxByteLength: 8})`` with
SharedArrayBuffer undefined. On a throw V8 re-parses the throwing function to place it in the
source: here the whole module, about 20 ms of the evaluation at 4x CPU throttling.
tools/build/pyscript_patch.py rewrites the probe at build time, anchored on PyScript 0.7.31's exact
text. These tests count exceptions and check the anchors; they never time.
"""
from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from tools.build.pyscript_patch import (
    PATCHES,
    SAB_IF,
    SAB_TRY,
    PatchError,
    check_all_applied,
    patch_file,
    patched,
)


def test_pyscript_core_throws_nothing_while_the_page_starts(browser: Any, base_url: str) -> None:
    """No exception, caught or not, is thrown by PyScript's core from navigation until the first
    screen is ready and the engine worker was started (the DevTools protocol's pause on every
    exception: the page is resumed at once). Before the patch: one, ``_r is not a constructor``."""
    ctx = browser.new_context(viewport={"width": 1440, "height": 900}, service_workers="block")
    try:
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        scripts: dict[str, str] = {}
        thrown: list[tuple[str, str]] = []

        def parsed(ev: dict[str, Any]) -> None:
            scripts[ev["scriptId"]] = ev.get("url", "")

        def paused(ev: dict[str, Any]) -> None:
            where = ev["callFrames"][0]["location"]
            what = str((ev.get("data") or {}).get("description"))
            thrown.append((scripts.get(where["scriptId"], "?"), what))
            cdp.send("Debugger.resume")

        cdp.on("Debugger.scriptParsed", parsed)
        cdp.on("Debugger.paused", paused)
        cdp.send("Debugger.enable")
        cdp.send("Debugger.setPauseOnExceptions", {"state": "all"})
        page.goto(f"{base_url}?lang=en")
        page.wait_for_selector("html[data-ui=ready]", state="attached")
        # the core is imported when the engine worker is started, after the first screen
        page.wait_for_function("() => [...performance.getEntriesByType('resource')]"
                               ".some((e) => /\\/pyscript\\/core-[^/]*\\.js$/.test(e.name))")
        page.wait_for_function("() => customElements.get('py-script') !== undefined")
        assert any("/pyscript/core-" in url for url in scripts.values()), scripts
        from_core = [(url, what) for url, what in thrown if "/pyscript/" in url]
        assert not from_core, from_core
    finally:
        ctx.close()


# The probe in three worlds: SharedArrayBuffer missing (this page), present but not growable (an
# older browser), present and growable (a cross-origin isolated page).
WORLDS = {
    "missing": "delete globalThis.SharedArrayBuffer;",
    "not growable": "globalThis.SharedArrayBuffer = class extends ArrayBuffer {"
                    " constructor(n, o) { if (o) throw new TypeError('no'); super(n); } };",
    "native": "",
}
REPORT = ("let{SharedArrayBuffer:_r}=globalThis,yr=!0;const native=_r;{PROBE}"
          "const b=new _r(4,{maxByteLength:8});"
          "console.log(JSON.stringify([yr,_r===native,typeof b.grow,b instanceof ArrayBuffer]))")


@pytest.mark.parametrize("world", sorted(WORLDS))
def test_patched_probe_gives_what_the_original_gave(world: str) -> None:
    """Run under Node, the original probe and the patched one leave the same ``native`` flag and
    the same class (native or ArrayBuffer-based, able to grow) in each world."""
    out = {}
    for name, probe in (("original", SAB_TRY), ("patched", SAB_IF)):
        code = WORLDS[world] + REPORT.replace("{PROBE}", probe)
        run = subprocess.run(["node", "-e", code], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        out[name] = json.loads(run.stdout)
    assert out["patched"] == out["original"], out
    assert out["original"][0] is (world == "native")


def test_patch_applies_once() -> None:
    text, done = patch_file("core-AbC123.js", "x;" + SAB_TRY + "y")
    assert text == "x;" + SAB_IF + "y" and len(done) == 1
    assert "throw" not in SAB_IF
    assert patched("core-AbC123.js") and not patched("toml-Blg7Izee.js") and not patched("core.js")


@pytest.mark.parametrize("text", ["", "x", SAB_TRY + SAB_TRY, SAB_TRY.replace("_r", "Zr")])
def test_patch_fails_loudly_when_pyscript_changed(text: str) -> None:
    """A new PyScript (another minifier's names, the probe gone or doubled) stops the build."""
    with pytest.raises(PatchError, match="PyScript changed"):
        patch_file("core-AbC123.js", text)


def test_every_patch_must_be_applied() -> None:
    """A chunk renamed so that no copied file matches a patch's prefix stops the build too."""
    with pytest.raises(PatchError, match="applied 0 times"):
        check_all_applied([])
    check_all_applied(list(PATCHES))

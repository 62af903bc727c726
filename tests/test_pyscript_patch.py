"""PyScript core's evaluation (issue #14, docs/STARTUP.md "The seventh pass").

Its module top level (one 136 KB line) was re-parsed by V8 while the page started, twice: to word
and place a TypeError that coincident's probe ``new SharedArrayBuffer(4, {maxByteLength: 8})``
threw on every page that is not cross-origin isolated, and to give the lines and columns of
``new Error().stack``, which pyworkers.js read to tell the core's MutationObserver from the page's.
tools/build/pyscript_patch.py rewrites the probe and makes that observer observe nothing at build
time, anchored on PyScript 0.7.31's exact text. These tests count exceptions and re-parses and
check the anchors; they never time.
"""
from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from tools.build.pyscript_patch import (
    MICROPIP_STEP,
    MICROPIP_UNLESS_INSTALLED,
    OBSERVE,
    PATCHES,
    SAB_IF,
    SAB_TRY,
    UNOBSERVED,
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


def test_patches_apply_once() -> None:
    text, done = patch_file("core-AbC123.js", "x;" + SAB_TRY + "y," + OBSERVE + ",z," + MICROPIP_STEP)
    assert text == "x;" + SAB_IF + "y," + UNOBSERVED + ",z," + MICROPIP_UNLESS_INSTALLED
    assert done == list(PATCHES)
    assert "throw" not in SAB_IF and "observe" not in UNOBSERVED
    assert patched("core-AbC123.js") and not patched("toml-Blg7Izee.js") and not patched("core.js")


def test_pyscript_core_is_not_reparsed_while_it_starts(browser: Any, base_url: str) -> None:
    """V8 compiles a function without its source positions; whatever needs a line and column in
    the core's top level (a throw, a stack trace as a string) makes V8 re-parse that whole 136 KB
    line (6-20 ms of CPU at 4x). Counted in a trace of V8's compile events: none while the core's
    module is evaluated. Before: one (pyworkers.js read ``new Error().stack`` when the core made its
    MutationObserver)."""
    ctx = browser.new_context(viewport={"width": 1440, "height": 900}, service_workers="block")
    try:
        page = ctx.new_page()
        browser.start_tracing(page=page, categories=["v8", "disabled-by-default-v8.compile"])
        try:
            page.goto(f"{base_url}?lang=en")
            page.wait_for_selector("html[data-ui=ready]", state="attached")
            page.wait_for_function("() => customElements.get('py-script') !== undefined")
        finally:
            events = json.loads(browser.stop_tracing())["traceEvents"]
    finally:
        ctx.close()
    spans = sorted((e for e in events if e.get("ph") == "X"), key=lambda e: e["ts"])
    compiled = next(e for e in spans if e["name"] == "v8.compileModule"
                    and "/pyscript/core-" in json.dumps(e.get("args")))
    evaluated = [e for e in spans if e["name"] == "v8.evaluateModule" and e["ts"] > compiled["ts"]
                 and e["pid"] == compiled["pid"] and e["tid"] == compiled["tid"]]
    assert evaluated, "the core's module evaluation was not traced"
    core = evaluated[0]  # the core has no static imports: it is the first evaluated after its compile
    reparsed = [e for e in spans if e["name"] == "V8.CollectSourcePositions" and e["tid"] == core["tid"]
                and core["ts"] <= e["ts"] <= core["ts"] + core["dur"]]
    assert not reparsed, [(e["ts"] - core["ts"], e.get("dur")) for e in reparsed]


@pytest.mark.parametrize("text", ["", "x", SAB_TRY + SAB_TRY + OBSERVE + MICROPIP_STEP,
                                  SAB_TRY.replace("_r", "Zr") + OBSERVE + MICROPIP_STEP,
                                  SAB_TRY + MICROPIP_STEP,
                                  SAB_TRY + OBSERVE.replace("e.observe", "o.observe") + MICROPIP_STEP,
                                  SAB_TRY + OBSERVE + MICROPIP_STEP.replace("m(o,l,p)", "m(o,l)")])
def test_patch_fails_loudly_when_pyscript_changed(text: str) -> None:
    """A new PyScript (another minifier's names, the probe gone or doubled) stops the build."""
    with pytest.raises(PatchError, match="PyScript changed"):
        patch_file("core-AbC123.js", text)


def test_every_patch_must_be_applied() -> None:
    """A chunk renamed so that no copied file matches a patch's prefix stops the build too."""
    with pytest.raises(PatchError, match="applied 0 times"):
        check_all_applied([])
    with pytest.raises(PatchError, match="applied 2 times"):
        check_all_applied(list(PATCHES) * 2)
    check_all_applied(list(PATCHES))

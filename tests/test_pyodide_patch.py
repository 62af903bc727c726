"""Pyodide's wasm compiled while the worker still imports pyodide.asm.mjs and inflates the memory
snapshot (issue #14, docs/STARTUP.md "The wasm compiled while the snapshot inflates").

tools/build/pyodide_patch.py makes Pyodide's loader start ``WebAssembly.compileStreaming`` where it
starts fetching ``pyodide.asm.wasm``, instead of ``instantiateStreaming`` once the snapshot is ready.
These tests check the anchors and the order of events in a trace of the engine worker; they never
time.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from tools.build.patches import PatchError
from tools.build.pyodide_patch import (
    FETCH,
    FETCH_AND_COMPILE,
    INSTANTIATE,
    INSTANTIATE_COMPILED,
    PATCHES,
    check_all_applied,
    patch_file,
    patched,
)


def _url(event: dict[str, Any]) -> str:
    args = event.get("args") or {}
    return str((args.get("data") or {}).get("url") or args.get("fileName") or "")


def test_wasm_compiles_before_pyodide_asm_is_compiled(browser: Any, base_url: str) -> None:
    """In the worker that starts first (the engine's), V8's streaming compilation of the wasm
    starts before the worker compiles pyodide.asm.mjs (the JS half of Pyodide, imported after the
    fetch started). Unpatched, it started only once the snapshot was inflated, after that module."""
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        browser.start_tracing(page=page, categories=["v8", "v8.wasm"])
        try:
            page.goto(f"{base_url}?lang=en")
            page.wait_for_selector("html[data-python=ready]", state="attached", timeout=60_000)
        finally:
            events = json.loads(browser.stop_tracing())["traceEvents"]
    finally:
        ctx.close()
    events = sorted((e for e in events if e.get("ts")), key=lambda e: e["ts"])
    asm = [e for e in events
           if e["name"] == "v8.compileModule" and _url(e).endswith("/pyodide/pyodide.asm.mjs")]
    assert asm, "no worker compiled pyodide.asm.mjs"
    engine = asm[0]["tid"]
    streaming = [e for e in events if e["name"] == "wasm.StartStreamingCompilation" and e["tid"] == engine]
    assert streaming, "the engine worker compiled no wasm by streaming"
    assert streaming[0]["ts"] < asm[0]["ts"], (streaming[0]["ts"], asm[0]["ts"])


def test_patches_apply_once() -> None:
    text, done = patch_file("pyodide.mjs", "a;" + FETCH + "b;" + INSTANTIATE + "c")
    assert text == "a;" + FETCH_AND_COMPILE + "b;" + INSTANTIATE_COMPILED + "c" and done == list(PATCHES)
    assert "instantiateStreaming" not in INSTANTIATE_COMPILED
    assert patched("pyodide.mjs") and not patched("pyodide.asm.mjs") and not patched("pyodide.asm.wasm")


@pytest.mark.parametrize("text", ["", FETCH, FETCH + INSTANTIATE + INSTANTIATE,
                                  FETCH.replace("K()", "Q()") + INSTANTIATE])
def test_patch_fails_loudly_when_pyodide_changed(text: str) -> None:
    with pytest.raises(PatchError, match="Pyodide changed"):
        patch_file("pyodide.mjs", text)


def test_every_patch_must_be_applied() -> None:
    with pytest.raises(PatchError, match="applied 0 times"):
        check_all_applied([])
    check_all_applied(list(PATCHES))

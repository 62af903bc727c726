"""Start-up (issue #14): Python runs in workers only, never on the page's own thread."""
from __future__ import annotations

from typing import Any

from conftest import READY_TIMEOUT_MS

# Installed in the page's realm before any of its scripts: records every WebAssembly module compiled
# or instantiated there, and every worker started. Workers have realms of their own (not patched).
PAGE_REALM_PROBE = """
(() => {
  const seen = (window.__realm = {wasm: [], workers: 0});
  for (const name of ["compile", "compileStreaming", "instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) { seen.wasm.push(name); return original.apply(this, args); };
  }
  const OriginalWorker = window.Worker;
  window.Worker = function (...args) { seen.workers += 1; return new OriginalWorker(...args); };
  window.Worker.prototype = OriginalWorker.prototype;
})();
"""


def test_no_python_on_the_page_thread(page: Any, base_url: str) -> None:
    """The page compiles no WebAssembly and holds no interpreter: Pyodide runs in the engine worker
    and the search worker, which play a game's first moves."""
    page.add_init_script(PAGE_REALM_PROBE)
    page.goto(f"{base_url}?seed=3&pace=fast")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("mode-nines").click()
    page.get_by_test_id("play").click()
    page.wait_for_selector("html[data-worker=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => Number(document.querySelector('#table').dataset.actions) >= 1",
                           timeout=READY_TIMEOUT_MS)
    realm = page.evaluate("""() => ({
        ...window.__realm,
        globals: ["pyodide", "loadPyodide", "jokerPy", "_createPyodideModule", "__pyscript__"]
            .filter((k) => k in window),
        pyScripts: document.querySelectorAll("script[type=py], script[type=mpy], py-script").length,
        resources: performance.getEntriesByType("resource").map((e) => e.name)
            .filter((u) => /pyodide\\.asm|python_stdlib|\\.whl$|snapshot/.test(u)),
    })""")
    assert realm["wasm"] == [], f"WebAssembly compiled on the page's thread: {realm['wasm']}"
    assert realm["globals"] == [] and realm["pyScripts"] == 0, realm
    assert realm["resources"] == [], f"the page itself fetched the interpreter: {realm['resources']}"
    assert realm["workers"] >= 2, realm  # the engine's and a search worker
    requests = page.context.joker_guard.requests
    assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in requests)  # fetched, by the workers


def test_engine_answers_while_a_search_runs(page: Any, base_url: str) -> None:
    """A long search in the search worker does not hold up the engine worker: my action is applied
    (and a refusal explained) while the search is still thinking."""
    page.goto(f"{base_url}?seed=5&pace=fast")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    order = page.evaluate("""async () => {
        const engine = await import("./js/engine.js");
        const search = await import("./js/search.js");
        let res = await engine.newGame({rules: null, mode: "nines", level: "easy", fast: true, seed: 5});
        while (res.view.to_act !== 0) res = await engine.botMove();
        await search.start();
        const order = [];
        // a bot's long think, on the human seat's own view (a search needs no more than that)
        const thinking = search.call("act", JSON.stringify(res.view), "insane", 1, 4000)
            .then(() => order.push("search"));
        const refused = await engine.why("not-an-action");
        order.push(refused && refused.reason ? "why" : "why?");
        const acted = await engine.act(res.view.legal[0]);
        order.push(acted.ok ? "act" : "act?");
        await thinking;
        return order;
    }""")
    assert order == ["why", "act", "search"], order

"""Start-up (issue #14): Python runs in workers only, never on the page's own thread."""
from __future__ import annotations

from typing import Any

import pytest
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
        globals: ["pyodide", "loadPyodide", "_createPyodideModule", "__pyscript__"]
            .filter((k) => k in window),
        pyScripts: document.querySelectorAll("script[type=py], script[type=mpy], py-script").length,
        resources: performance.getEntriesByType("resource").map((e) => e.name)
            .filter((u) => /pyodide\\.asm|python_stdlib|\\.whl$|snapshot/.test(u)),
        timed: ["joker:first-bot-move", "joker:search-worker-ready"]
            .map((name) => performance.getEntriesByName(name).length),
    })""")
    assert realm["wasm"] == [], f"WebAssembly compiled on the page's thread: {realm['wasm']}"
    assert realm["globals"] == [] and realm["pyScripts"] == 0, realm
    assert realm["resources"] == [], f"the page itself fetched the interpreter: {realm['resources']}"
    assert realm["workers"] >= 2, realm  # the engine's and a search worker
    # what tools/bench_load.py --play reads: the first bot move timed once, the search worker's start
    assert realm["timed"] == [1, 1], realm
    requests = page.context.joker_guard.requests
    assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in requests)  # fetched, by the workers


# The device's cores as the page reads them, and how many workers the page has created by the time
# the engine worker is ready.
CORES_PROBE = """
(() => {
  Object.defineProperty(Navigator.prototype, "hardwareConcurrency", {get: () => %d});
  const seen = (window.__start = {workers: 0, atReady: null});
  const OriginalWorker = window.Worker;
  window.Worker = function (...args) { seen.workers += 1; return new OriginalWorker(...args); };
  window.Worker.prototype = OriginalWorker.prototype;
  new MutationObserver(() => {
    const ready = document.documentElement.dataset.python === "ready";
    if (ready && seen.atReady === null) seen.atReady = seen.workers;
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-python"]});
})();
"""


@pytest.mark.parametrize("cores", [2, 4])
def test_search_worker_starts_beside_the_engine_with_cores_to_spare(page: Any, base_url: str,
                                                                   cores: int) -> None:
    """With three cores or more the search worker starts with the engine's, so that it can be ready
    by the first bot move; on two it waits for the engine, which would otherwise be ready later."""
    page.add_init_script(CORES_PROBE % cores)
    page.goto(f"{base_url}?search_workers=1")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector("html[data-worker=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    start = page.evaluate("window.__start")
    assert start == {"workers": 2, "atReady": 2 if cores >= 3 else 1}, start


def test_bot_moves_do_not_wait_for_a_search_worker_still_starting(page: Any, base_url: str) -> None:
    """On two cores the search worker starts once the engine's has, about a second later; the bot
    moves asked meanwhile are searched by the engine at once, and the search worker answers the
    next ones once it runs. (Waiting for it, a bot move held here would take 20 s.)"""
    held: list[Any] = []
    page.route("**/py/search.py", lambda route: held.append(route))  # the search worker stays starting
    page.add_init_script(CORES_PROBE % 2)
    page.goto(f"{base_url}?seed=5&search_workers=1")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    early = page.evaluate("""async () => {
        const engine = await import("./js/engine.js");
        const search = await import("./js/search.js");
        let res = await engine.newGame({rules: null, mode: "nines", level: "hard", fast: true, seed: 5});
        const late = new Promise((resolve) => setTimeout(() => resolve("waited"), 8000));
        let moves = 0;
        while (moves < 2) {
            if (res.view.to_act === 0) { res = await engine.act(res.view.legal[0]); continue; }
            res = await Promise.race([engine.botMove(), late]);
            if (res === "waited" || !res.ok) return {res};
            moves += 1;
        }
        window.__res = res;
        return {moves, worker: document.documentElement.dataset.worker || null,
                answered: search.answeredCalls()};
    }""")
    for _ in range(100):    # asked for a second or so after the engine's start; later on a loaded machine
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the search worker's script was never asked for"
    assert early == {"moves": 2, "worker": None, "answered": []}, early
    for route in held:
        route.continue_()
    page.wait_for_selector("html[data-worker=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    later = page.evaluate("""async () => {
        const engine = await import("./js/engine.js");
        const search = await import("./js/search.js");
        let res = window.__res;
        while (res.view.to_act === 0) res = await engine.act(res.view.legal[0]);
        const moved = await engine.botMove();
        return {ok: moved.ok, answered: search.answeredCalls().reduce((a, b) => a + b, 0)};
    }""")
    assert later["ok"] and later["answered"] >= 1, later


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


# Every element with text of its own: its colour against the background it is drawn on (background
# colours composited up the tree; a gradient counts as each of its colours, the worst one decides),
# WCAG's contrast ratio. Disabled controls are exempt, as in WCAG.
CONTRAST = """
() => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c);
    if (!m) return null;
    const p = m[1].split(",").map(parseFloat);
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
  };
  const over = (top, bottom) => ({r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1});
  const lum = ({r, g, b}) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (x, y) => {
    const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p);
    return (a + 0.05) / (b + 0.05);
  };
  // the backgrounds an element may be drawn on: one per colour of the nearest gradient
  const backgrounds = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const stops = (cs.backgroundImage.match(/rgba?\\([^)]+\\)/g) || []).map(parse);
      const c = parse(cs.backgroundColor);
      if (stops.length) {
        layers.push(stops);
        if (stops.every((x) => x.a === 1)) break;
      }
      if (c && c.a > 0) layers.push([c]);
      if (c && c.a === 1) break;
    }
    let out = [{r: 0, g: 0, b: 0, a: 1}];
    for (const layer of layers.reverse()) out = layer.flatMap((c) => out.map((b) => over(c, b)));
    return out;
  };
  const bad = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    if (el.closest("[hidden], [disabled], [aria-hidden=true]")) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || parseFloat(cs.opacity) === 0) continue;
    const fg = parse(cs.color);
    for (const bg of backgrounds(el)) {
      const r = ratio(over(fg, bg), bg);
      if (r < 4.5) {
        const what = `${el.tagName.toLowerCase()}#${el.id}.${el.className}`;
        bad.push(`${what} "${el.textContent.trim().slice(0, 30)}" ${r.toFixed(2)}`);
        break;
      }
    }
  }
  return bad;
}
"""


def test_text_contrast(page: Any, base_url: str) -> None:
    """Every text of the first screen (in two scripts, with its help window) and of the table is at
    least 4.5:1 against its background (WCAG AA)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base_url}?lang=en&seed=3&pace=fast")
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    page.locator("details").first.evaluate("d => d.open = true")
    problems = page.evaluate(CONTRAST)
    page.get_by_test_id("settings-lang-ka").click()
    problems += page.evaluate(CONTRAST)
    page.get_by_test_id("settings-help").click()
    page.wait_for_selector("#dialog:not([hidden])", state="attached")
    problems += page.evaluate(CONTRAST)
    page.keyboard.press("Escape")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.get_by_test_id("play").click()
    page.wait_for_selector("#table[data-await=human]", state="attached", timeout=READY_TIMEOUT_MS)
    problems += page.evaluate(CONTRAST)
    assert problems == [], problems


def test_engine_that_cannot_start_is_told_not_hidden(page: Any, base_url: str) -> None:
    """If the engine worker cannot start (here: the workers' config is missing), the first screen
    says so, PLAY tells the player instead of waiting for ever, and the page logs no console error
    (the guard fails on one): PyScript's default onerror is replaced by a warning."""
    page.route("**/pyscript.toml", lambda route: route.fulfill(status=404, body="[not found"))
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    page.goto(f"{base_url}?lang=en")
    page.wait_for_selector("html[data-python=error]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector("#loading.failed", state="attached")
    page.get_by_test_id("play").click()
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    assert notice.get_attribute("data-reason") == "loading.failed"
    assert "failed to start" in (page.locator("#loading-text").text_content() or "")
    assert page.get_by_test_id("app").get_attribute("data-screen") == "settings"
    assert any("engine worker did not start" in w for w in warnings), warnings


def test_insane_splits_its_search_over_several_workers(page: Any, base_url: str) -> None:
    """With three search workers, an Insane bot's decision is searched by all three (one part each,
    merged in the engine worker: joker.bots.parallel); the game goes on with legal moves."""
    page.goto(f"{base_url}?seed=4&pace=fast&search_workers=3")
    page.wait_for_selector("html[data-python=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector("html[data-search-workers='3']", state="attached", timeout=READY_TIMEOUT_MS)
    answered = page.evaluate("""async () => {
        const engine = await import("./js/engine.js");
        const search = await import("./js/search.js");
        let res = await engine.newGame({rules: null, mode: "nines", level: "insane", fast: true, seed: 4});
        const before = search.answeredCalls();
        let moves = 0;
        while (moves < 6 && res.view.phase !== "over") {
            res = res.view.to_act === 0 ? await engine.act(res.view.legal[0]) : await engine.botMove();
            if (!res.ok) throw new Error(JSON.stringify(res));
            moves += res.seat !== undefined ? 1 : 0;
        }
        return search.answeredCalls().map((n, i) => n - before[i]);
    }""")
    assert len(answered) == 3 and all(n >= 1 for n in answered), answered

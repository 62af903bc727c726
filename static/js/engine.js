// Every call into Python goes through here, and every one returns a Promise. The engine and the
// glue (joker/web.py) run in the engine worker (py/engine.py, started here with PyScript's
// PyWorker): the page's thread never runs Python. The worker's exported functions take and return
// JSON text. localStorage stays here: stored text goes to the worker as arguments. Bot searches
// run in the search worker(s) (search.js); the engine worker reaches them through the page.
// docs/TABLE_UI.md has the contract.
import { startPyWorker } from "./pyworkers.js";
import * as search from "./search.js";

const root = document.documentElement;
let py = null;
let failed = null;

// Resolves once the engine worker runs with the joker package imported; never, if it cannot start
// (then `failure` resolves instead, and the first screen says so: loading.js, flow.js).
export const ready = startPyWorker("./py/engine.py").then((worker) => {
  worker.search = (name, ...args) => search.call(name, ...args);
  py = worker;
  root.dataset.python = "ready";
  window.dispatchEvent(new CustomEvent("joker:ready"));
  search.start().catch(() => {});  // started once: a no-op where it started beside the engine
}, (error) => {
  root.dataset.python = "error";
  console.warn("joker: the engine worker did not start:", error);
  failed(error);
  return new Promise(() => {});
});
if (search.besideEngine()) search.start().catch(() => {});
// Resolves (with the error) if the engine worker cannot start.
export const failure = new Promise((resolve) => { failed = resolve; });
export const isReady = () => py !== null;

// window.jokerPy: the engine worker's functions as this module calls them (JSON text in and out).
// A call goes through whatever jokerPy[name] is at that moment, so a test may wrap one.
window.jokerPy = new Proxy({}, { get: (own, name) => own[name] ?? ((...args) => py[name](...args)) });

async function call(name, ...args) {
  await ready;
  return JSON.parse(await window.jokerPy[name](...args));
}

// A new game: opts {rules, mode, level, fast, seed?} -> {ok, view, save, level} | {ok: false, error}
export const newGame = (opts) => call("new_game", JSON.stringify(opts));
// A saved game: -> {ok, view, save, level} | {ok: false, reason: "save_corrupt" | "save_version"}
export const restore = (text, opts) => call("restore", text, JSON.stringify(opts));
// My action: -> {ok, view, save} | {ok: false, reason, params}
export const act = (action) => call("act", action);
// Why my action would be refused: -> {reason, params} | null (it is legal)
export const why = (action) => call("why", action);
// The next bot's move, searched in the bot worker: -> {ok, seat, action, view, save} | {ok: false, stale?}
// The page's first one is timed, from asking to the answer, as the performance measure
// "joker:first-bot-move": tools/bench_load.py --play sets it beside the search worker's start.
let firstBotMove = true;
export const botMove = () => {
  const asked = performance.now();
  const answer = call("bot_move");
  if (firstBotMove) {
    firstBotMove = false;
    const done = () => { performance.measure("joker:first-bot-move", { start: asked, end: performance.now() }); };
    answer.then(done, done);
  }
  return answer;
};
// Can the stored save be continued? -> {ok, reason}
export const checkSave = (text) => call("check_save", text);
// Statistics (joker.stats): the stored text checked, a finished game recorded, a file in and out.
export const statsLoad = (text) => call("stats_load", text);
export const recordStats = (text, coached) => call("record_stats", text, !!coached);  // coached: hints or take-backs
export const statsImport = (text) => call("stats_import", text);
export const statsExport = (text) => call("stats_export", text);
// The Score pad (joker.pad_api), over the stored text of one pad: -> {ok, text, sheet} | {ok: false, reason, params}
export const padNew = (opts) => call("pad_new", JSON.stringify(opts));
export const padAct = (text, action) => call("pad_act", text, JSON.stringify(action), Date.now());
export const padOpen = (text) => call("pad_open", text);
// What the list of pads shows, one entry per stored text: -> [{ok, players, created, updated, ...}]
export const padSummaries = (texts) => call("pad_summaries", JSON.stringify(texts));
// The coach (joker/coach_web.py): hints and reviews are searched in the bot worker.
// -> {ok, action, candidates: [{action, value, points}], reason: {code, params}} | {ok: false, reason}
export const hint = () => call("coach_hint");
// A deal's review, one decision per call: the plan (decisions + frames), then each decision judged.
export const reviewPlan = (dealNo, game) => call("coach_review_plan", dealNo, game || null);
export const reviewStep = (at, game) => call("coach_review_step", at, game || null);
// A saved game's frames with every hand (replays). -> {ok, frames, scores}
export const replay = (game) => call("coach_replay", game);
// Undo my last action (the take-back setting). -> {ok, view, save} | {ok: false, reason: "no_take_back"}
export const takeBack = () => call("take_back");
// The daily deal: a new game from the date. -> {ok, view, save, level, day, seed}
export const dailyNew = (day, opts) => call("daily_new", day, JSON.stringify(opts));
// The modules the engine worker has imported, {name: file | null} (tools/trace_stdlib.py).
export const loadedModules = () => call("loaded_modules");

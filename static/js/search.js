// The search workers: bot moves (and the coach's analysis) are searched here, never on the page
// and, once one runs, never in the engine's worker, so a search never delays applying a person's
// action. Until the first one has started, bot moves are searched in the engine's worker (a bot's
// turn: the person has nothing to apply) rather than wait for it. The engine worker reaches them
// through call() (engine.js hands it to Python as pyscript.sync.search).
//
// Hard and Insane split each decision over every search worker that runs (joker.bots.parallel):
// one per core but one (left to the page and its animations), at least one, at most MAX and at most
// one per GB of memory the browser reports (each holds an interpreter of its own). The first starts
// beside the engine where there are cores for both (besideEngine), else after it; the others once
// the first answers, so they never slow the start of the game. ?search_workers=N (1..MAX) sets the
// number (tests, benchmarks).
import { startPyWorker } from "./pyworkers.js";

// How long a call waits for a search worker that is still starting before it gives up (the
// engine then searches in its own worker). Bot moves do not wait: while the first search worker
// starts, the engine searches them itself (joker/web.py, bot_move).
const WAIT_MS = 20000;
export const MAX = 4;

const root = document.documentElement;
let workers = [];
let started = null;
let failed = null;  // why the first search worker did not start
const answered = [];  // per worker: the calls it answered (tests, benchmarks)

export function wanted() {
  const asked = Number(new URLSearchParams(location.search).get("search_workers"));
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, MAX);
  const cores = navigator.hardwareConcurrency || 1;
  const memory = navigator.deviceMemory || MAX;  // GB, where the browser tells it
  return Math.max(1, Math.min(MAX, cores - 1, Math.floor(memory)));
}

// Whether the first search worker starts beside the engine's: with three cores or more each has
// one of its own and the page keeps one, so it can be ready by the time the first bot move is asked.
// On two cores they would share them and the table would be playable 0.5-0.9 s later, so there
// it waits for the engine (tools/bench_load.py --play, docs/STARTUP.md).
export const besideEngine = () => (navigator.hardwareConcurrency || 1) >= 3;

function startOne() {
  return startPyWorker("./py/search.py").then(async (w) => {
    await w.ping("page");
    answered.push(0);
    workers.push(w);
    root.dataset.searchWorkers = String(workers.length);
    return w;
  });
}

// Starts the search worker(s) once; resolves when the first one answers.
export function start() {
  if (started) return started;
  started = startOne().then(() => {
    root.dataset.worker = "ready";
    performance.mark("joker:search-worker-ready");  // tools/bench_load.py --play
    for (let i = 1; i < wanted(); i++) {
      startOne().catch((error) => console.warn("joker: an extra search worker did not start:", error));
    }
    return workers;
  }, (error) => {
    root.dataset.worker = "failed";
    failed = error;
    console.warn("joker: no search worker", error);
    throw error;
  });
  return started;
}

function timeout(ms) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("no search worker yet")), ms));
}

function on(i, name, args) {
  answered[i] += 1;
  return workers[i][name](...args);
}

// (name, ...args) -> the search workers' answer. "size": how many run; "running": how many run
// now, without waiting for the first to start (the engine then searches a bot move itself; it
// rejects once the first could not start);
// "reset" goes to every worker; "search_part" (view, level, seed, budget, k) to worker k; anything
// else to the first.
export async function call(name, ...args) {
  if (name === "running") {
    if (failed) throw failed;
    return workers.length;
  }
  await Promise.race([start(), timeout(WAIT_MS)]);
  if (name === "size") return workers.length;
  if (name === "reset") return Promise.all(workers.map((w, i) => on(i, "reset", [])));
  if (name === "search_part") return on(args[4] % workers.length, name, args);
  return on(0, name, args);
}

// How many calls each search worker has answered.
export const answeredCalls = () => [...answered];

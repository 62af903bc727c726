// The search workers: bot moves (and the coach's analysis) are searched here, never on the page
// and never in the engine's worker, so a search never delays applying a person's action. The
// engine worker reaches them through call() (engine.js hands it to Python as pyscript.sync.search).
import { startPyWorker } from "./pyworkers.js";

// How long a call waits for a search worker that is still starting before it gives up (the
// engine then searches in its own worker).
const WAIT_MS = 20000;

const root = document.documentElement;
let workers = [];
let started = null;

// Starts the search worker(s) once; resolves when one answers.
export function start() {
  if (started) return started;
  started = startPyWorker("./py/search.py").then(async (w) => {
    await w.ping("page");
    workers = [w];
    root.dataset.worker = "ready";
    return workers;
  }, (error) => {
    root.dataset.worker = "failed";
    console.warn("joker: no search worker", error);
    throw error;
  });
  return started;
}

function timeout(ms) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("no search worker yet")), ms));
}

// (name, ...args) -> the search worker's answer. "reset" goes to every worker.
export async function call(name, ...args) {
  const ws = await Promise.race([start(), timeout(WAIT_MS)]);
  if (name === "reset") return Promise.all(ws.map((w) => w.reset()));
  return ws[0][name](...args);
}

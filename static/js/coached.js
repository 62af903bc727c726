// A game in which I asked for a hint or took a move back is "coached": its result goes to
// statistics of its own, kept apart from clean games. The mark lives in localStorage
// (joker.coached: {seed, hints, takebacks}) next to the save, so it survives a reload; a new
// game clears it. The seed comes from the engine's save text (joker.saves).
import * as store from "./store.js";
import { SAVE_KEY } from "./saving.js";

const KEY = store.key("coached");

function currentSeed() {
  try {
    const seed = JSON.parse(store.read(SAVE_KEY) || "null")?.game?.seed;
    return Number.isInteger(seed) ? seed : null;
  } catch (e) { return null; }
}

function readMark() {
  const text = store.read(KEY);
  if (text === null) return null;
  try {
    const m = JSON.parse(text);
    if (m && Number.isInteger(m.seed) && Number.isInteger(m.hints) && Number.isInteger(m.takebacks)) return m;
  } catch (e) { /* set aside below */ }
  store.setAside(KEY, text);  // tampered: that key alone starts afresh (the game is then clean)
  return null;
}

// The current game's mark: {seed, hints, takebacks}, or null when it is clean.
export function coachedMark() {
  const m = readMark();
  const seed = currentSeed();
  return m && (seed === null || m.seed === seed) ? m : null;
}

export const isCoached = () => coachedMark() !== null;

// Count a hint or a take-back in the current game.
export function markCoached(kind) {
  const seed = currentSeed();
  if (seed === null) return;
  const m = coachedMark() || { seed, hints: 0, takebacks: 0 };
  m.seed = seed;
  if (kind === "hint") m.hints += 1; else m.takebacks += 1;
  store.write(KEY, JSON.stringify(m), "storage.what.save");
}

// A new game starts clean.
export function resetCoached() { store.remove(KEY); }

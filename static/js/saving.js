// The game in progress and the statistics in localStorage. The save is the engine's own text
// (joker.saves), written after every action; "joker.save.meta" only labels CONTINUE. Both the save
// and the statistics are checked by Python once it runs: a bad entry is set aside and reported.
import * as store from "./store.js";
import * as engine from "./engine.js";
import { modeNames } from "./facts.js";

export const SAVE_KEY = "joker.save";
const META_KEY = SAVE_KEY + ".meta";
export const STATS_KEY = "joker.stats";

export function readSave() { return store.read(SAVE_KEY) || null; }

export function saveMeta() {
  let m = null;
  try { m = JSON.parse(store.read(META_KEY) || "null"); } catch (e) { m = null; }
  const ok = m && Number.isInteger(m.deal_no) && Number.isInteger(m.deals_total) && modeNames().includes(m.mode);
  return ok ? m : null;  // only the CONTINUE label uses it: a bad one just goes unused
}

export function removeSave() {
  store.remove(SAVE_KEY);
  store.remove(META_KEY);
}

// Keep an unreadable save aside (never lose it silently) and say why it cannot be continued.
export function setSaveAside(text, reason) {
  store.setAside(SAVE_KEY, text);
  store.remove(META_KEY);
  return reason === "save_version" ? "save.version" : "save.corrupt";
}

// After every action: the engine's save text, or nothing once the game is over.
export function writeSave(res) {
  const v = res.view;
  if (v.phase === "over") { removeSave(); return; }
  const meta = JSON.stringify({ deal_no: v.deal_no, deals_total: v.deals_total, mode: v.mode });
  if (!store.write(SAVE_KEY, res.save, "storage.what.save") || !store.write(META_KEY, meta, "storage.what.save")) {
    removeSave();  // not saved (full storage): an older save must not pose as this game. Play on.
  }
}

// Stored statistics the engine could not read: kept aside, and the player told.
export function statsUnreadable(text, reason) {
  store.setAside(STATS_KEY, text);
  store.problem(reason === "stats_version" ? "storage.stats_version" : "storage.stats_reset");
}

// Once Python runs: the stored statistics and save, checked by joker.stats / joker.saves.
// Settings, language and sound are checked in JS as they are read.
export async function checkStoredData() {
  const statsText = store.read(STATS_KEY);
  if (statsText !== null) {
    const r = await engine.statsLoad(statsText);
    if (r.ok && r.reason) statsUnreadable(statsText, r.reason);
  }
  const saveText = readSave();
  if (saveText) {
    const r = await engine.checkSave(saveText);
    if (r.reason) store.problem(setSaveAside(saveText, r.reason));
  }
}

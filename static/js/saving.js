// The game in progress and the statistics in localStorage. The save is the engine's own text
// (joker.saves), written after every action; its ".meta" key only labels CONTINUE. Both the save
// and the statistics are checked by Python once it runs: a bad entry is set aside and reported.
// Text too long or nested too deep never reaches Python (store.readJson). Only the tab that
// plays the game writes it (tabs.js).
import * as store from "./store.js";
import * as engine from "./engine.js";
import { modeNames } from "./facts.js";
import * as tabs from "./tabs.js";

export const SAVE_KEY = store.key("save");
const META_KEY = SAVE_KEY + ".meta";
export const STATS_KEY = store.key("stats");

export function readSave() { return store.readJson(SAVE_KEY, "save.corrupt") || null; }
export const readStats = () => store.readJson(STATS_KEY, "storage.stats_reset");

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

// The engine's reason codes for unreadable stored text (joker.saves, joker.stats) -> what the
// player reads; any other code is "could not be read".
const SAVE_REASONS = { save_version: "save.version", save_too_large: "save.too_large", save_too_deep: "save.too_deep" };
const STATS_REASONS = {
  stats_version: "storage.stats_version", stats_too_large: "storage.stats_too_large",
  stats_too_deep: "storage.stats_too_deep",
};
// ... and for a statistics file the player chose to import (nothing is replaced).
const IMPORT_REASONS = { stats_too_large: "stats.import_too_large", stats_too_deep: "stats.import_too_deep" };
export const saveReasonKey = (reason) => SAVE_REASONS[reason] || "save.corrupt";
export const statsReasonKey = (reason) => STATS_REASONS[reason] || "storage.stats_reset";
export const importReasonKey = (reason) => IMPORT_REASONS[reason] || "stats.import_bad";

// Keep an unreadable save aside (never lose it silently) and say why it cannot be continued.
export function setSaveAside(text, reason) {
  if (!store.setAside(SAVE_KEY, text)) store.problem("storage.lost", { what: "storage.what.save" });
  return saveReasonKey(reason);
}

// After every action: the engine's save text, or nothing once the game is over.
// false when another tab plays this game now (tabs.js): then nothing is written.
// Written at once, in the action's own task: a save put off to an idle moment could be lost with
// the tab (a phone kills background tabs without a word), and tabs.js compares the stored save
// with the one this tab last wrote before every move. What it costs is kept small instead: the
// ".meta" label (deal, mode) is written only when it changed (once a deal, not after every card),
// and the text just written is not read back (each was a localStorage call in every action).
export function writeSave(res) {
  if (!tabs.inSync()) return false;
  const v = res.view;
  const meta = JSON.stringify({ deal_no: v.deal_no, deals_total: v.deals_total, mode: v.mode });
  if (v.phase === "over") {
    import("./replays.js").then((m) => m.rememberFinished(res));  // kept for replays (issue 13)
    removeSave();
    tabs.wrote(null);
    return true;
  }
  if (store.write(SAVE_KEY, res.save, "storage.what.save") &&
      (store.read(META_KEY) === meta || store.write(META_KEY, meta, "storage.what.save"))) {
    tabs.wrote(res.save);
  } else {
    removeSave();  // not saved (full storage): an older save must not pose as this game. Play on.
    tabs.wrote();
  }
  return true;
}

// Stored statistics the engine could not read: kept aside, and the player told.
export function statsUnreadable(text, reason) {
  store.badEntry(STATS_KEY, text, statsReasonKey(reason));
}

// Once Python runs: the stored statistics and save, checked by joker.stats / joker.saves.
// Settings, language and sound are checked in JS as they are read.
export async function checkStoredData() {
  const statsText = readStats();
  if (statsText !== null) {
    const r = await engine.statsLoad(statsText);
    if (r.ok && r.reason) statsUnreadable(statsText, r.reason);
  }
  const saveText = readSave();
  if (saveText) {
    const r = await engine.checkSave(saveText);
    if (r.reason) store.badEntry(SAVE_KEY, saveText, saveReasonKey(r.reason));
  }
}

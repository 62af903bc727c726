// The player's settings (level, game, speed, rule options) as stored in localStorage, and the pace
// of the table that the speed setting chooses.
import * as store from "./store.js";
import { S, URL_PACE } from "./state.js";
import { levels, modeNames, presets, optionNames, optionValues, defaults } from "./facts.js";

const SETTINGS_KEY = store.key("settings");
// The speeds of the table (a choice of this layer, not the engine's): see PACES below.
export const SPEEDS = ["slow", "normal", "fast"];

// Stored as {"v": 1, level, mode, speed, rules}; an entry without "v" is the first format (same
// fields) and is taken as is. Anything else (garbage, another version, wrong types) is set aside.
const SETTINGS_VERSION = 1;

// A rule option's value as a radio button's value: true "on", false / null "off", a pair "200_500".
export function optionValue(value) {
  if (value === true) return "on";
  if (value === false || value === null) return "off";
  return Array.isArray(value) ? value.join("_") : String(value);
}

// The rule option's value (as the engine takes it) that a radio button stands for.
export function optionRule(name, radio) {
  return optionValues(name).find((v) => optionValue(v) === radio);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// What is wrong with stored settings (an i18n key), or null: every value must be one the
// package offers (levels, modes, rule option values) or one of our speeds.
function settingsProblem(s) {
  if (!s || typeof s !== "object" || Array.isArray(s)) return "storage.settings_reset";
  if ("v" in s && s.v !== SETTINGS_VERSION) return "storage.settings_version";
  if (!levels().includes(s.level) || !modeNames().includes(s.mode) || !SPEEDS.includes(s.speed)) return "storage.settings_reset";
  const r = s.rules;
  if (!r || typeof r !== "object" || Array.isArray(r)) return "storage.settings_reset";
  for (const name of optionNames()) {
    if (!optionValues(name).some((v) => same(v, r[name]))) return "storage.settings_reset";
  }
  return null;
}

export function loadSettings() {
  const { level, mode, preset } = defaults();
  const d = { level, mode, speed: "normal", rules: { ...presets()[preset] } };
  const text = store.readJson(SETTINGS_KEY, "storage.settings_reset");
  if (text === null) return d;
  let s;
  try { s = JSON.parse(text); } catch (e) { s = undefined; }
  const bad = settingsProblem(s);
  if (bad) {
    store.badEntry(SETTINGS_KEY, text, bad);
    return d;
  }
  return { ...d, level: s.level, mode: s.mode, speed: s.speed, rules: { ...d.rules, ...s.rules } };
}

export function storeSettings() {
  const { level, mode, speed, rules } = S.settings;
  store.write(SETTINGS_KEY, JSON.stringify({ v: SETTINGS_VERSION, level, mode, speed, rules }), "storage.what.settings");
}

export function presetOf(rules) {
  for (const [name, p] of Object.entries(presets())) {
    if (same(p, rules)) return name;
  }
  return null;
}

// ---- pace: how long bots think, a finished trick stays, a card takes to be dealt (ms)
const PACES = {
  slow: { think: 900, hold: 1500, deal: 70 },
  normal: { think: 480, hold: 900, deal: 45 },
  fast: { think: 220, hold: 500, deal: 25 },
  instant: { think: 0, hold: 0, deal: 0 },   // ?pace=fast: tests and demos, no animation
};

export function paceName() {
  if (URL_PACE === "fast") return "instant";
  return URL_PACE || S.settings?.speed || "normal";
}

// One MediaQueryList, asked at each redraw (matchMedia() itself parses and evaluates the query
// afresh: it was called at every redraw).
const REDUCED = matchMedia("(prefers-reduced-motion: reduce)");

export function pace() {
  const p = PACES[paceName()];
  return REDUCED.matches ? { ...p, deal: 0 } : p;
}

// The duration of a card's move (CSS --t-move, which the pace and reduced motion set). Read from
// the style once per pace: reading it during a redraw would force the browser to recompute the
// page's style in the middle of the redraw (a forced synchronous style recalculation).
let moveCache = null;
export function moveMs() {
  if (moveCache === null) moveCache = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--t-move")) || 0;
  return moveCache;
}
REDUCED.addEventListener?.("change", () => { moveCache = null; });

export function applyPace() {
  if (document.documentElement.dataset.pace !== paceName()) moveCache = null;
  document.documentElement.dataset.pace = paceName();
}

// The player's settings (level, game, speed, rule options) as stored in localStorage, and the pace
// of the table that the speed setting chooses.
import * as store from "./store.js";
import { S, URL_PACE } from "./state.js";

const SETTINGS_KEY = "joker.settings";

// Rule presets as offered on the first screen (the same values as joker.rules.PRESETS; a unit
// test keeps them equal). The engine validates whatever is sent.
export const PRESETS = {
  standard: { trump_in_nines: "chosen", high_lead_trumpable: false, khishti: [200, 500], premium: "georgian", first_dealer: "random" },
  tvaladze: { trump_in_nines: "dealer_card", high_lead_trumpable: true, khishti: null, premium: "bonus", first_dealer: "random" },
  folk: { trump_in_nines: "chosen", high_lead_trumpable: true, khishti: [200, 200], premium: "folk", first_dealer: "aces" },
};

// Stored as {"v": 1, level, mode, speed, rules}; an entry without "v" is the first format (same
// fields) and is taken as is. Anything else (garbage, another version, wrong types) is set aside.
const SETTINGS_VERSION = 1;
export const CHOICES = {
  level: ["easy", "medium", "hard", "insane"], mode: ["full", "nines"], speed: ["slow", "normal", "fast"],
  trump_in_nines: ["chosen", "dealer_card"], premium: ["bonus", "georgian", "folk"], first_dealer: ["random", "aces"],
  khishti: ["off", "200_500", "200_200"],
};

export const khishtiValue = (k) => (k === null ? "off" : `${k[0]}_${k[1]}`);
export const khishtiRule = (v) => (v === "off" ? null : v.split("_").map(Number));

function settingsProblem(s) {
  if (!s || typeof s !== "object" || Array.isArray(s)) return "storage.settings_reset";
  if ("v" in s && s.v !== SETTINGS_VERSION) return "storage.settings_version";
  for (const k of ["level", "mode", "speed"]) if (!CHOICES[k].includes(s[k])) return "storage.settings_reset";
  const r = s.rules;
  if (!r || typeof r !== "object" || Array.isArray(r)) return "storage.settings_reset";
  for (const k of ["trump_in_nines", "premium", "first_dealer"]) if (!CHOICES[k].includes(r[k])) return "storage.settings_reset";
  if (typeof r.high_lead_trumpable !== "boolean") return "storage.settings_reset";
  const kh = r.khishti === null ? "off" : Array.isArray(r.khishti) && r.khishti.length === 2 ? `${r.khishti[0]}_${r.khishti[1]}` : "?";
  if (!CHOICES.khishti.includes(kh)) return "storage.settings_reset";
  return null;
}

export function loadSettings() {
  const d = { level: "medium", mode: "full", preset: "standard", speed: "normal", rules: { ...PRESETS.standard } };
  const text = store.read(SETTINGS_KEY);
  if (text === null) return d;
  let s;
  try { s = JSON.parse(text); } catch (e) { s = undefined; }
  const bad = settingsProblem(s);
  if (bad) {
    store.setAside(SETTINGS_KEY, text);
    store.problem(bad);
    return d;
  }
  return { ...d, level: s.level, mode: s.mode, speed: s.speed, rules: { ...d.rules, ...s.rules } };
}

export function storeSettings() {
  const { level, mode, speed, rules } = S.settings;
  store.write(SETTINGS_KEY, JSON.stringify({ v: SETTINGS_VERSION, level, mode, speed, rules }), "storage.what.settings");
}

export function presetOf(rules) {
  for (const [name, p] of Object.entries(PRESETS)) {
    if (JSON.stringify(p) === JSON.stringify(rules)) return name;
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
export const SPEEDS = ["slow", "normal", "fast"];

export function paceName() {
  if (URL_PACE === "fast") return "instant";
  return URL_PACE || S.settings?.speed || "normal";
}

export function pace() {
  const p = PACES[paceName()];
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? { ...p, deal: 0 } : p;
}

// The duration of a card's move (CSS --t-move, which the pace and reduced motion set).
export function moveMs() {
  return parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--t-move")) || 0;
}

export function applyPace() { document.documentElement.dataset.pace = paceName(); }

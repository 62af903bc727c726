// localStorage, read defensively and written loudly.
//
// Namespace. GitHub Pages serves every project of an account from one origin (user.github.io), and
// localStorage is per origin: every key of ours lives under a namespace derived from where the app
// is served (its base path), so two builds under different paths never share a save, and our keys
// never collide with another page's. key("save") is "joker[/joker/].save" for an app served at
// https://user.github.io/joker/. Keys written by older versions ("joker.save", ...) are moved under
// the namespace once (migrate()).
//
// Every key belongs to one owner:
//   save (+ save.meta)  the game in progress (saving.js, tabs.js; checked by joker.saves in Python)
//   settings            first-screen choices (settings.js checks them)
//   lang                ru | en | ka (i18n.js)
//   sound               on | off (sound.js)
//   stats               statistics (checked by joker.stats in Python)
//   writer              which tab writes the game (tabs.js)
// An unreadable entry is moved to "<key>.bad" (never silently lost) and that key alone starts
// afresh; the owner reports it with problem() (or badEntry() does both). When even the copy does
// not fit, the message says the data was deleted. A failed write (full quota, storage blocked) is
// reported too: the app shows both to the player instead of ignoring them.
//
// Text that no JSON parser should see (too long, nested too deep, absurdly long numbers) is
// refused here, in JS, before Python's json module could overflow the page's stack on it:
// jsonProblem() / readJson(). Python checks it again (defence in depth).
const problems = [];
const listeners = [];

// The app's base path: this module is <base>js/store.js.
export const BASE = new URL("..", import.meta.url).pathname;
export const NS = `joker[${BASE}]`;
export function key(name) { return `${NS}.${name}`; }

// What each key holds, for messages ("storage.what.save" = "your game").
const WHAT = { save: "storage.what.save", settings: "storage.what.settings", lang: "storage.what.lang",
               sound: "storage.what.sound", stats: "storage.what.stats", pad: "storage.what.pad",
               pad_names: "storage.what.names" };

export function onProblem(fn) {
  listeners.push(fn);
  for (const p of problems.splice(0)) fn(p);
}
export function problem(reason, params = {}) {
  const p = { reason, params };
  if (listeners.length) for (const fn of listeners) fn(p);
  else problems.push(p);
}

export function read(k) {
  try { return localStorage.getItem(k); } catch (e) { return null; }
}

export function isQuota(e) {
  return !!e && (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22 || e.code === 1014);
}

// what: the i18n key naming what was not saved ("storage.what.save", ...).
export function write(k, value, what) {
  try {
    localStorage.setItem(k, value);
    return true;
  } catch (e) {
    problem(isQuota(e) ? "storage.full" : "storage.blocked", { what });
    return false;
  }
}

// A write that says nothing when it fails (bookkeeping the app can live without).
export function quietWrite(k, value) {
  try { localStorage.setItem(k, value); return true; } catch (e) { return false; }
}

export function remove(k) {
  try { localStorage.removeItem(k); } catch (e) { /* blocked: nothing to remove */ }
}

// Keep an unreadable entry under "<key>.bad" and clear the key itself (and its ".meta").
// Returns false when the copy could not be kept (no room): the caller must say the data is gone.
export function setAside(k, text) {
  let kept = true;
  if (text !== null && text !== undefined) {
    remove(k + ".bad");  // an older bad copy must not stop the newer one from fitting
    remove(k);           // frees the room the copy needs
    kept = quietWrite(k + ".bad", text);
  }
  remove(k);
  remove(k + ".meta");
  return kept;
}

// Set an unreadable entry aside and report it: `reason` when it was kept, "storage.lost" (with
// what it was) when there was no room for the copy.
export function badEntry(k, text, reason) {
  if (setAside(k, text)) problem(reason);
  else {
    const name = k.slice(NS.length + 1);
    problem("storage.lost", { what: WHAT[name] || WHAT[name.split(".")[0]] || "storage.what.data" });
  }
}

// ------------------------------------------------------------------ JSON text guard
// Our documents are small and flat: a whole saved game is ~10 KB and 5 levels deep, statistics
// ~3 KB and 5 levels, every number a short integer (seeds are 48-bit: 15 digits). The limits are
// far above that and far below what could hurt a parser: CPython's json recursion on the page's
// main thread dies at a few thousand levels ("Maximum call stack size exceeded" in Pyodide).
export const LIMITS = { chars: 1_000_000, depth: 64, digits: 40 };

// null when `text` may be handed to a JSON parser, else why not: "size" | "depth" | "number".
// One pass over the characters; brackets inside strings do not count.
export function jsonProblem(text, limits = LIMITS) {
  if (typeof text !== "string") return null;
  if (text.length > limits.chars) return "size";
  let depth = 0, inString = false, numberLen = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;             // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    // digits, sign, point, exponent: one number token (long ones are refused)
    if ((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69) {
      if (++numberLen > limits.digits) return "number";
      continue;
    }
    numberLen = 0;
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) { if (++depth > limits.depth) return "depth"; }
    else if (c === 93 || c === 125) depth--;
  }
  return null;
}

// The stored text of key k, or null. Text that fails jsonProblem() is set aside and reported
// with `reason` (like any unreadable entry) instead of being returned.
export function readJson(k, reason) {
  const text = read(k);
  if (text === null || !jsonProblem(text)) return text;
  badEntry(k, text, reason);
  return null;
}

// ------------------------------------------------------------------ read, compute, write
// A read-modify-write that never writes over a newer value. compute(text) may take time (it asks
// Python); if the stored text changed meanwhile (another tab wrote it: a game recorded there, a
// file imported), the work is done again from the newer text, so nothing the other tab wrote is
// lost. readText() reads the key (e.g. readJson with its reason); compute returns
// {result, value}: value (a string) is written unless undefined; result is what update resolves to.
export async function update(k, readText, compute, what, tries = 5) {
  let out = { result: null };
  for (let i = 0; i < tries; i++) {
    const text = readText();
    out = await compute(text);
    if (read(k) !== text) continue;  // changed under us: again, from the newer text
    if (out.value !== undefined) write(k, out.value, what);
    return out.result;
  }
  problem("storage.busy", { what });  // another tab kept writing (never seen in practice)
  return out.result;
}

// ------------------------------------------------------------------ one-time migration
// Keys from before the namespace ("joker.save", "joker.pad.<id>", ...: every "joker." key) move
// under it, once per namespace. A key already present under the namespace wins (the old one is
// left for another build on this origin to claim); a move that does not fit leaves the old key in
// place and is tried again next time.
const LEGACY = "joker.";
function migrate() {
  const done = key("migrated");
  if (read(done) !== null) return;
  const old = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(LEGACY)) old.push(k);
    }
  } catch (e) { return; }  // storage blocked: nothing to move
  let ok = true;
  for (const k of old) {
    const name = k.slice(LEGACY.length);
    const value = read(k);
    if (value === null || read(key(name)) !== null) continue;
    if (quietWrite(key(name), value)) remove(k);
    else ok = false;
  }
  if (ok) quietWrite(done, "1");
}
migrate();

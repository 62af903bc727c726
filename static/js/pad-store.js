// The score pads in localStorage, through store.js (read defensively, written loudly), under the
// app's namespace (store.key):
//   pad.<id>    one pad: joker.pad_api's envelope, checked by Python every time it is read
//               (text too long or nested too deep is set aside before: store.readJson)
//   pad_names   names typed on recent pads (a JSON list of strings, checked here)
// An unreadable pad is moved to "<key>.bad" and reported, never silently dropped; the list
// shows the others. Two tabs: every entry is made on the text that is stored *now*, and only if
// it is the text this tab last showed (pad-screen.js), so a second tab never overwrites a pad.
import * as store from "./store.js";

const PREFIX = store.key("pad.");
const NAMES = store.key("pad_names");
const ID = /^[a-z0-9]{6,24}$/;
const MAX_NAMES = 12;
const MAX_NAME = 30;

export const padKey = (id) => PREFIX + id;
export const idOfKey = (key) => (key && key.startsWith(PREFIX) && ID.test(key.slice(PREFIX.length)) ? key.slice(PREFIX.length) : null);

export function newId() {
  const rnd = globalThis.crypto?.getRandomValues ? [...crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(36)).join("") : String(Math.random()).slice(2, 8);
  return (Date.now().toString(36) + rnd).toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 24);
}

// Ids of every stored pad (not their ".bad" copies).
export function padIds() {
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const id = idOfKey(localStorage.key(i));
      if (id) ids.push(id);
    }
  } catch (e) { /* storage blocked: no pads to list */ }
  return ids;
}

export const readPad = (id) => store.readJson(padKey(id), "storage.pad_reset");
export const writePad = (id, text) => store.write(padKey(id), text, "storage.what.pad");
export const removePad = (id) => store.remove(padKey(id));

// A pad Python could not read: kept under "<key>.bad", reported once.
export function setPadAside(id, text) {
  store.badEntry(padKey(id), text, "storage.pad_reset");
}

// Recent names, most recent first; a bad entry is set aside and the list starts afresh.
export function recentNames() {
  const text = store.readJson(NAMES, "storage.names_reset");
  if (text === null) return [];
  let list;
  try { list = JSON.parse(text); } catch (e) { list = null; }
  if (!Array.isArray(list) || list.length > 50 || !list.every((n) => typeof n === "string" && n.length <= MAX_NAME)) {
    store.badEntry(NAMES, text, "storage.names_reset");
    return [];
  }
  return list.slice(0, MAX_NAMES);
}

export function rememberNames(names) {
  const fresh = names.map((n) => n.trim()).filter(Boolean);
  const seen = new Set(fresh.map((n) => n.toLowerCase()));
  const list = [...fresh, ...recentNames().filter((n) => !seen.has(n.toLowerCase()))].slice(0, MAX_NAMES);
  store.write(NAMES, JSON.stringify(list), "storage.what.names");
}

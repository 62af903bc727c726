// localStorage, read defensively and written loudly. Every key belongs to one owner:
//   joker.save (+ .meta)  the game in progress (saving.js; checked by joker.saves in Python)
//   joker.settings        first-screen choices (settings.js checks them)
//   joker.lang            ru | en | ka (i18n.js)
//   joker.sound           on | off (sound.js)
//   joker.stats           statistics (checked by joker.stats in Python)
// An unreadable entry is moved to "<key>.bad" (never silently lost) and that key alone starts
// afresh; the owner reports it with problem(). A failed write (full quota, storage blocked) is
// reported too: the app shows both to the player instead of ignoring them.
const problems = [];
const listeners = [];

export function onProblem(fn) {
  listeners.push(fn);
  for (const p of problems.splice(0)) fn(p);
}
export function problem(reason, params = {}) {
  const p = { reason, params };
  if (listeners.length) for (const fn of listeners) fn(p);
  else problems.push(p);
}

export function read(key) {
  try { return localStorage.getItem(key); } catch (e) { return null; }
}

export function isQuota(e) {
  return !!e && (e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22 || e.code === 1014);
}

// what: the i18n key naming what was not saved ("storage.what.save", ...).
export function write(key, value, what) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch (e) {
    problem(isQuota(e) ? "storage.full" : "storage.blocked", { what });
    return false;
  }
}

export function remove(key) {
  try { localStorage.removeItem(key); } catch (e) { /* blocked: nothing to remove */ }
}

// Keep an unreadable entry under "<key>.bad" and clear the key itself.
export function setAside(key, text) {
  if (text !== null && text !== undefined) {
    try { localStorage.setItem(key + ".bad", text); } catch (e) { /* full: the entry was unusable anyway */ }
  }
  remove(key);
}

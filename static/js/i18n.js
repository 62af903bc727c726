// One translation table (i18n.json: key -> {en, ru, ka}) for every user-visible string.
import * as store from "./store.js";

const LANGS = ["ru", "en", "ka"];
const STORE = "joker.lang";
let table = {};
let lang = "en";

export async function loadStrings() {
  const url = new URL("./i18n.json", import.meta.url);
  const res = await fetch(url);
  table = await res.json();
  lang = pickLang();
  document.documentElement.lang = lang;
  return lang;
}

function pickLang() {
  const saved = store.read(STORE);
  if (saved !== null && !LANGS.includes(saved)) {  // tampered or from elsewhere: that key alone starts afresh
    store.setAside(STORE, saved);
    store.problem("storage.lang_reset");
  }
  const q = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(q)) return q;
  if (LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return "en";
}

export function getLang() { return lang; }

// A language switch (first screen, menu, jokerUI.setLang): remembered, then every module that
// shows text re-renders it (onLangChange).
export function setLang(l) {
  if (!LANGS.includes(l)) return;
  lang = l;
  document.documentElement.lang = l;
  store.write(STORE, l, "storage.what.lang");
  refreshLang();
}

const listeners = [];
export function onLangChange(fn) { listeners.push(fn); }
export function refreshLang() { for (const fn of listeners) fn(lang); }

export function has(key) { return Object.prototype.hasOwnProperty.call(table, key); }

// t("why.must_follow", {suit: "hearts"}) -> text in the current language.
export function t(key, params) {
  const entry = table[key];
  let s = entry ? (entry[lang] ?? entry.en) : key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? params[k] : m));
  return s;
}

// Fill every [data-i18n] / [data-i18n-aria] element under root.
export function translateDom(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
}

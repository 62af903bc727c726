// Every user-visible string, in ru, en and ka: the gettext catalogues static/locale/<lang>.po,
// compiled by build.py into locale/strings.json ({langs, strings: {lang: {key: text | forms}}}).
// A counted string has one text per plural category and is chosen by its {n} with
// Intl.PluralRules (ru: one / few / many; en: one / other; ka: one form).
import * as store from "./store.js";

const STORE = store.key("lang");
let LANGS = ["ru", "en", "ka"];
let strings = {};
let lang = "en";
const plurals = {};

export async function loadStrings() {
  const res = await fetch(new URL("../locale/strings.json", import.meta.url));
  const doc = await res.json();
  LANGS = doc.langs;
  strings = doc.strings;
  lang = pickLang();
  document.documentElement.lang = lang;
  return lang;
}

function pickLang() {
  const saved = store.read(STORE);
  if (saved !== null && !LANGS.includes(saved)) {  // tampered or from elsewhere: that key alone starts afresh
    store.badEntry(STORE, saved, "storage.lang_reset");
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

export function has(key) { return Object.prototype.hasOwnProperty.call(strings.en || {}, key); }

// The form of a counted string for n in the current language.
function pluralForm(forms, n) {
  const rules = (plurals[lang] ||= new Intl.PluralRules(lang));
  return forms[rules.select(Number(n))] ?? forms.other ?? forms.many ?? Object.values(forms)[0];
}

// t("why.must_follow", {suit: "hearts"}) -> text in the current language; a counted string
// takes the form for params.n ("1 card", "5 cards"; "5 карт", "2 карты").
export function t(key, params) {
  let s = strings[lang]?.[key] ?? strings.en?.[key] ?? key;
  if (typeof s === "object") s = pluralForm(s, params?.n ?? 0);
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? params[k] : m));
  return s;
}

// Fill every [data-i18n] / [data-i18n-aria] element under root.
export function translateDom(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
}

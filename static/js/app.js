// The table UI controller. Python (joker/web.py) owns the Game; this file renders its view(0),
// sends the player's actions back and paces the bots. It never decides a rule: legal moves,
// refusals (why_illegal), scores and places all come from the engine.
import { loadStrings, t, translateDom, getLang, setLang } from "./i18n.js";
import { Board } from "./render.js";
import { SUIT_SYMBOL, isJoker, cardLabel, suitHtml, sortHand, faceHtml } from "./cards.js";
import * as sound from "./sound.js";
import * as store from "./store.js";

const Q = new URLSearchParams(location.search);
const URL_SEED = /^\d+$/.test(Q.get("seed") || "") ? Number(Q.get("seed")) : null;
const URL_PACE = ["slow", "normal", "fast"].includes(Q.get("pace")) ? Q.get("pace") : null;
const SAVE_KEY = "joker.save";
const SETTINGS_KEY = "joker.settings";
const STATS_KEY = "joker.stats";
const SUITS = ["S", "C", "D", "H"];
const AVATAR = ["#5b7db1", "#b1577a", "#5f9e6e", "#b98a3e"];

// Rule presets as offered on the first screen (the same values as joker.rules.PRESETS; a unit
// test keeps them equal). The engine validates whatever is sent.
const PRESETS = {
  standard: { trump_in_nines: "chosen", high_lead_trumpable: false, khishti: [200, 500], premium: "georgian", first_dealer: "random" },
  tvaladze: { trump_in_nines: "dealer_card", high_lead_trumpable: true, khishti: null, premium: "bonus", first_dealer: "random" },
  folk: { trump_in_nines: "chosen", high_lead_trumpable: true, khishti: [200, 200], premium: "folk", first_dealer: "aces" },
};
const PACES = {
  slow: { think: 900, hold: 1500, deal: 70, said: 1600 },
  normal: { think: 480, hold: 900, deal: 45, said: 1100 },
  fast: { think: 220, hold: 500, deal: 25, said: 600 },
  instant: { think: 0, hold: 0, deal: 0, said: 0 },   // ?pace=fast: tests and demos, no animation
};

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));

const S = {
  settings: null,
  engine: null,          // window.jokerPy once Python is ready
  view: null,            // the engine's latest view(0)
  shown: null,           // what the table shows (may lag behind view while a trick is collected)
  screen: "settings",
  busy: false,           // an action or an animation is under way
  pumping: false,
  paused: false,
  dialog: null,          // name of the open dialog
  waitNext: null,        // resolve() of the deal summary's NEXT
  handOrder: [],
  handKey: "",
  bidValue: null,
  bidDeal: null,
  joker: null,           // {card, lead, mode}
  refusal: null,         // {reason, params, card}
  note: null,            // transient text while the bots play
  holdWinner: null,
  level: "medium",
  starting: false,
};

let board;

// ------------------------------------------------------------------ pace & motion
function paceName() {
  if (URL_PACE === "fast") return "instant";
  return URL_PACE || S.settings?.speed || "normal";
}
function pace() {
  const p = PACES[paceName()];
  return matchMedia("(prefers-reduced-motion: reduce)").matches ? { ...p, deal: 0 } : p;
}
function moveMs() {
  return parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--t-move")) || 0;
}
function applyPace() { document.documentElement.dataset.pace = paceName(); }

// ------------------------------------------------------------------ settings screen
// Stored as {"v": 1, level, mode, speed, rules}; an entry without "v" is the first format (same
// fields) and is taken as is. Anything else (garbage, another version, wrong types) is set aside.
const SETTINGS_VERSION = 1;
const CHOICES = {
  level: ["easy", "medium", "hard", "insane"], mode: ["full", "nines"], speed: ["slow", "normal", "fast"],
  trump_in_nines: ["chosen", "dealer_card"], premium: ["bonus", "georgian", "folk"], first_dealer: ["random", "aces"],
  khishti: ["off", "200_500", "200_200"],
};
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
function loadSettings() {
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
function storeSettings() {
  const { level, mode, speed, rules } = S.settings;
  store.write(SETTINGS_KEY, JSON.stringify({ v: SETTINGS_VERSION, level, mode, speed, rules }), "storage.what.settings");
}
const khishtiValue = (k) => (k === null ? "off" : `${k[0]}_${k[1]}`);
const khishtiRule = (v) => (v === "off" ? null : v.split("_").map(Number));
function setRadio(name, value) {
  const el = $(`input[name="${name}"][value="${value}"]`);
  if (el) el.checked = true;
}
function presetOf(rules) {
  for (const [name, p] of Object.entries(PRESETS)) {
    if (JSON.stringify(p) === JSON.stringify(rules)) return name;
  }
  return null;
}
function fillSettingsForm() {
  const s = S.settings;
  setRadio("level", s.level);
  setRadio("mode", s.mode);
  setRadio("speed", s.speed);
  const r = s.rules;
  setRadio("khishti", khishtiValue(r.khishti));
  setRadio("premium", r.premium);
  setRadio("trump_in_nines", r.trump_in_nines);
  setRadio("high_lead_trumpable", r.high_lead_trumpable ? "on" : "off");
  setRadio("first_dealer", r.first_dealer);
  const p = presetOf(r);
  $$('input[name="preset"]').forEach((el) => { el.checked = el.value === p; });
  $("#preset-hint").textContent = p ? t(`preset.${p}.hint`) : t("preset.custom");
}
function readSettingsForm() {
  const v = (name) => $(`input[name="${name}"]:checked`)?.value;
  S.settings.level = v("level") || "medium";
  S.settings.mode = v("mode") || "full";
  S.settings.speed = v("speed") || "normal";
  S.settings.rules = {
    trump_in_nines: v("trump_in_nines"),
    high_lead_trumpable: v("high_lead_trumpable") === "on",
    khishti: khishtiRule(v("khishti")),
    premium: v("premium"),
    first_dealer: v("first_dealer"),
  };
}
function bindSettings() {
  $("#settings").addEventListener("change", (e) => {
    const el = e.target;
    if (el.name === "preset") {
      S.settings.rules = { ...PRESETS[el.value] };
      readSettingsFormLevelOnly();
      fillSettingsForm();
    } else {
      readSettingsForm();
      fillSettingsForm();
      applyPace();
    }
    storeSettings();
  });
  $$("[data-lang]").forEach((b) => b.addEventListener("click", () => { setLang(b.dataset.lang); retranslate(); }));
  $("#play").addEventListener("click", () => startNew());
  $("#continue").addEventListener("click", () => continueSaved());
}
function readSettingsFormLevelOnly() {
  const v = (name) => $(`input[name="${name}"]:checked`)?.value;
  S.settings.level = v("level") || S.settings.level;
  S.settings.mode = v("mode") || S.settings.mode;
  S.settings.speed = v("speed") || S.settings.speed;
}

function retranslate() {
  translateDom();
  document.title = t("app.title");
  $$("[data-lang]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.lang === getLang())));
  fillSettingsForm();
  refreshContinue();
  updateLoadingText();
  retranslateToasts();
  renderSoundButton();
  if (S.screen === "table") { requestRender(); if (S.dialog) reopenDialog(); }
}

function readSave() { return store.read(SAVE_KEY) || null; }
function saveMeta() {
  let m = null;
  try { m = JSON.parse(store.read(SAVE_KEY + ".meta") || "null"); } catch (e) { m = null; }
  const ok = m && Number.isInteger(m.deal_no) && Number.isInteger(m.deals_total) && CHOICES.mode.includes(m.mode);
  return ok ? m : null;  // only the CONTINUE label uses it: a bad one just goes unused
}
function refreshContinue() {
  const text = readSave();
  const btn = $("#continue");
  btn.hidden = !text;
  const meta = saveMeta();
  $("#continue-hint").textContent = meta && meta.deal_no
    ? t("settings.continue_hint", { deal: meta.deal_no, total: meta.deals_total, mode: t("mode." + meta.mode) }) : "";
}
function showNotice(key) {
  const n = $("#notice");
  n.textContent = t(key);
  n.dataset.reason = key;
  n.hidden = false;
}

// ------------------------------------------------------------------ toasts
// Messages that are not tied to a screen: storage problems, the new version, stats imported.
// Each keeps its i18n key (and params whose values may be keys too), so a language switch
// re-renders it. One id is shown once per visit unless opts.again.
const toasts = new Map();
const toastsSeen = new Set();
function toastText(entry) {
  const p = {};
  const tr = (v) => (typeof v === "string" && /^[a-z_]+\.[a-z_.]+$/.test(v) ? t(v) : v);
  for (const [k, v] of Object.entries(entry.params || {})) p[k] = Array.isArray(v) ? v.map(tr).join(", ") : tr(v);
  return t(entry.key, p);
}
function renderToast(entry) {
  const el = entry.el;
  el.className = "toast " + (entry.kind || "info");
  el.dataset.reason = entry.key;
  el.dataset.testid = entry.testid || "toast";
  el.setAttribute("role", entry.kind === "bad" ? "alert" : "status");
  el.innerHTML = `<span class="msg">${esc(toastText(entry))}</span>` +
    (entry.action ? `<button type="button" class="btn btn-primary" data-toast-act="1" data-testid="${entry.action.testid}">${esc(t(entry.action.key))}</button>` : "") +
    `<button type="button" class="icon-btn" data-toast-close="1" data-testid="toast-close" aria-label="${esc(t("toast.close"))}">✕</button>`;
}
function toast(key, params = {}, opts = {}) {
  const id = opts.id || key + "|" + JSON.stringify(params);
  if (toastsSeen.has(id) && !opts.again) return;
  toastsSeen.add(id);
  dropToast(id);
  const el = document.createElement("div");
  const entry = { id, key, params, el, kind: opts.kind || "info", action: opts.action, testid: opts.testid };
  toasts.set(id, entry);
  renderToast(entry);
  el.addEventListener("click", (e) => {
    if (e.target.closest("[data-toast-close]")) dropToast(id);
    else if (e.target.closest("[data-toast-act]") && entry.action) entry.action.run();
  });
  $("#toasts").appendChild(el);
  if (opts.ms) entry.timer = setTimeout(() => dropToast(id), opts.ms);
}
function dropToast(id) {
  const e = toasts.get(id);
  if (!e) return;
  clearTimeout(e.timer);
  e.el.remove();
  toasts.delete(id);
}
// Storage problems: one toast per kind; a failed write adds what was not saved to the same toast
// (each thing once per visit), so a full storage never buries the table under messages.
const notSaved = {};
function storageProblem(p) {
  if (p.reason !== "storage.full" && p.reason !== "storage.blocked") { toast(p.reason, p.params, { kind: "bad" }); return; }
  const what = (notSaved[p.reason] ||= []);
  if (what.includes(p.params.what)) return;
  what.push(p.params.what);
  const e = toasts.get(p.reason);
  if (e) { e.params = { what: [...what] }; renderToast(e); return; }
  toast(p.reason, { what: [...what] }, { id: p.reason, kind: "bad", again: true });
}
function retranslateToasts() { for (const e of toasts.values()) renderToast(e); }

// ------------------------------------------------------------------ stored data checked by Python
// Settings, language and sound are checked in JS as they are read; the save and the statistics
// by joker.saves / joker.stats once Python runs. A bad entry is set aside, that key alone starts
// afresh, and a toast says so. <html data-storage="checked"> when done.
function checkStoredData() {
  const statsText = store.read(STATS_KEY);
  if (statsText !== null) {
    const r = call("stats_load", statsText);
    if (r.ok && r.reason) {
      store.setAside(STATS_KEY, statsText);
      store.problem(r.reason === "stats_version" ? "storage.stats_version" : "storage.stats_reset");
    }
  }
  const saveText = readSave();
  if (saveText) {
    const r = call("check_save", saveText);
    if (r.reason) {
      store.setAside(SAVE_KEY, saveText);
      store.remove(SAVE_KEY + ".meta");
      store.problem(r.reason === "save_version" ? "save.version" : "save.corrupt");
      refreshContinue();
    }
  }
  document.documentElement.dataset.storage = "checked";
}

// ------------------------------------------------------------------ engine readiness
let readyResolve;
const engineReady = new Promise((r) => { readyResolve = r; });
let loadT0 = performance.now();
let loadTimer = null;
function onEngine() {
  if (S.engine || !window.jokerPy) return;
  S.engine = window.jokerPy;
  clearInterval(loadTimer);
  $("#loading-fill").style.width = "100%";
  updateLoadingText();
  readyResolve();
}
function updateLoadingText() {
  const el = $("#loading-text");
  if (!el) return;
  if (S.engine) el.textContent = t("loading.ready");
  else if (S.starting) el.textContent = t("loading.waiting");
  else if ($("#loading").classList.contains("failed")) el.textContent = t("loading.failed");
  else el.textContent = t("loading.engine");
}
function startLoadingBar() {
  loadTimer = setInterval(() => {
    if (S.engine) return;
    const s = (performance.now() - loadT0) / 1000;
    $("#loading-fill").style.width = (5 + 90 * (1 - Math.exp(-s / 3))).toFixed(1) + "%";
    if (s > 90 || document.documentElement.dataset.python === "error") {
      $("#loading").classList.add("failed"); updateLoadingText(); clearInterval(loadTimer);
    }
  }, 250);
  window.addEventListener("joker:ready", onEngine);
  onEngine();
}
function call(name, ...args) {
  const text = S.engine[name](...args);
  return JSON.parse(text);
}

// ------------------------------------------------------------------ start / continue
async function startNew() {
  if (S.starting) return;
  sound.unlock();
  readSettingsForm();
  storeSettings();
  applyPace();
  $("#notice").hidden = true;
  S.starting = true;
  updateLoadingText();
  await engineReady;
  S.starting = false;
  const opts = { rules: S.settings.rules, mode: S.settings.mode, level: S.settings.level, fast: paceName() === "instant" };
  if (URL_SEED !== null) opts.seed = URL_SEED;
  const res = call("new_game", JSON.stringify(opts));
  if (!res.ok) { showNotice("loading.failed"); console.warn(res.error); return; }
  enterTable(res);
}

async function continueSaved() {
  if (S.starting) return;
  sound.unlock();
  $("#notice").hidden = true;
  applyPace();
  S.starting = true;
  updateLoadingText();
  await engineReady;
  S.starting = false;
  const text = readSave();
  const res = text ? call("restore", text, JSON.stringify({ fast: paceName() === "instant" })) : { ok: false, reason: "save_corrupt" };
  if (!res.ok) {
    // Keep the unreadable text aside (never lose it silently), then start fresh.
    store.setAside(SAVE_KEY, text);
    store.remove(SAVE_KEY + ".meta");
    showNotice(res.reason === "save_version" ? "save.version" : "save.corrupt");
    refreshContinue();
    return;
  }
  enterTable(res);
}

function writeSave(res) {
  const v = res.view;
  if (v.phase === "over") {
    store.remove(SAVE_KEY);
    store.remove(SAVE_KEY + ".meta");
    return;
  }
  const meta = JSON.stringify({ deal_no: v.deal_no, deals_total: v.deals_total, mode: v.mode });
  if (!store.write(SAVE_KEY, res.save, "storage.what.save") || !store.write(SAVE_KEY + ".meta", meta, "storage.what.save")) {
    // Not saved (full storage): an older save must not pose as this game. Play on.
    store.remove(SAVE_KEY);
    store.remove(SAVE_KEY + ".meta");
  }
}

function enterTable(res) {
  S.gen = (S.gen || 0) + 1;
  S.screen = "table";
  $("#app").dataset.screen = "table";
  $("#settings").hidden = true;
  $("#table").hidden = false;
  S.view = res.view;
  S.shown = res.view;
  S.level = res.level || S.settings.level;
  S.handOrder = [];
  S.handKey = "";
  S.joker = null;
  S.refusal = null;
  S.paused = false;
  S.busy = false;
  S.returnTo = null;
  S.holdWinner = null;
  S.collectTo = null;
  S.intro = null;
  const aces = res.view.aces || [];
  if (aces.length && res.view.deal_no === 1 && !(res.view.bids || []).some((b) => b !== null) && res.view.phase !== "play") {
    const last = aces[aces.length - 1];
    S.intro = t("status.aces", { name: t("name." + last.seat), card: cardLabel(last.card) });
  }
  closeDialog();
  board.clear();
  writeSave(res);
  board.measure();
  render(true);
  if (S.view.phase === "over") { showResults(); return; }
  sound.play("deal");
  pump();
}

function leaveTable() {
  S.gen = (S.gen || 0) + 1;
  S.waitNext = null;
  S.busy = false;
  S.holdWinner = null;
  S.returnTo = null;
  closeDialog();
  S.screen = "settings";
  S.view = S.shown = null;
  S.paused = false;
  board.clear();
  $("#app").dataset.screen = "settings";
  $("#table").hidden = true;
  $("#settings").hidden = false;
  refreshContinue();
  renderSoundButton();  // the menu may have switched it
  setAttrs();
}

// ------------------------------------------------------------------ rendering
let frame = 0;
function requestRender() {
  if (frame) return;
  frame = requestAnimationFrame(() => { frame = 0; render(); });
}

function setAttrs() {
  const tbl = $("#table");
  const v = S.view;
  tbl.dataset.phase = v ? v.phase : "";
  tbl.dataset.turn = v && v.to_act !== null && v.to_act !== undefined ? String(v.to_act) : "";
  tbl.dataset.deal = v ? String(v.deal_no) : "";
  tbl.dataset.busy = S.busy ? "1" : "0";
  tbl.dataset.actions = String(S.actions || 0);
  tbl.dataset.paused = S.paused ? "1" : "0";
  tbl.dataset.dialog = S.dialog || "";
  tbl.dataset.joker = S.joker ? (S.joker.lead ? "lead" : "follow") : "";
  let wait = "";
  if (v && S.screen === "table") {
    if (S.dialog === "summary") wait = "next";
    else if (S.dialog === "results") wait = "results";
    else if (!S.busy && !S.paused && !S.dialog && v.phase !== "over") wait = v.to_act === 0 ? "human" : "bot";
  }
  tbl.dataset.await = wait;
}

function handCards(v) {
  const hand = v.hand || [];
  const trumpKey = v.phase === "trump" ? "?" : String(v.trump);
  const key = `${v.deal_no}|${trumpKey}`;
  const set = new Set(hand);
  const fresh = hand.some((c) => !S.handOrder.includes(c));
  if (key !== S.handKey || fresh) {
    S.handOrder = sortHand(hand, v.phase === "trump" ? null : v.trump);
    S.handKey = key;
  } else {
    S.handOrder = S.handOrder.filter((c) => set.has(c));
  }
  return S.handOrder;
}

function legalCards(v) {
  const out = new Set();
  if (v.phase !== "play" || v.to_act !== 0 || S.busy) return out;
  for (const a of v.legal || []) out.add(a.slice(0, 2));
  return out;
}

function saidText(play) {
  if (!isJoker(play) || play.length < 3) return "";
  const mode = play[2], suit = play[3];
  if (suit) return t(mode === "+" ? "joker.said_want" : "joker.said_under", { suit: SUIT_SYMBOL[suit] });
  return t(mode === "+" ? "joker.said_take" : "joker.said_under_follow");
}

function render(dealIn = false) {
  if (S.screen !== "table" || !S.shown) { setAttrs(); return; }
  const v = S.shown;
  const L = board.measure();
  const p = pace();
  renderTopbar(v);
  renderSeats(v);
  const items = [];
  // --- my hand
  const order = handCards(v);
  const legal = legalCards(v);
  const hidden = v.phase === "trump" ? Math.max(0, v.cards - order.length) : 0;
  const n = order.length + hidden;
  const xs = board.handXs(n);
  const mid = (n - 1) / 2;
  const deck = { x: L.cx, y: L.cy, rot: 0, scale: 0.5 };
  if (S.kbd && !legal.has(S.kbd)) S.kbd = null;
  const tabStop = S.kbd || order.find((c) => legal.has(c)) || order[0];
  const myPlay = v.phase === "play" && v.to_act === 0;
  order.forEach((c, i) => {
    const staged = S.joker && S.joker.card === c;
    const isLegal = legal.has(c);
    const refused = S.refusal && S.refusal.card === c;
    const kbd = S.kbd === c;
    items.push({
      key: c, card: c, x: xs[i], y: L.handCY - (staged || kbd ? L.raise * 1.5 : isLegal ? L.raise : 0) + Math.abs(i - mid) ** 2 * 0.35,
      rot: (i - mid) * 1.4, z: 100 + i,
      attrs: { role: "button", tabindex: c === tabStop ? "0" : "-1" },
      cls: { "in-hand": true, legal: isLegal || staged, faceup: true, kbd,
             "trump-card": v.trump_card === c && v.cards === 9 && v.rules.trump_in_nines === "dealer_card" },
      data: { legal: isLegal ? "1" : "0", testid: "hand-card", refused: refused ? "1" : "0" },
      label: myPlay && !isLegal ? `${cardLabel(c)}, ${t("a11y.not_playable")}` : cardLabel(c),
      from: { ...deck, opacity: 0 },             // only new nodes use it: cards being dealt
      delay: board.node(c) ? 0 : i * p.deal,
    });
  });
  for (let j = 0; j < hidden; j++) {
    const i = order.length + j;
    items.push({ key: "hb" + j, card: null, x: xs[i], y: L.handCY, rot: (i - mid) * 1.4, z: 100 + i,
                 cls: { "chooser-hidden": true }, data: { testid: "hand-back" }, from: { ...deck, opacity: 0 }, delay: i * p.deal });
  }
  // --- the trick in the centre
  const trick = v.trick || [];
  const exit = {};
  trick.forEach((pl, i) => {
    const c = pl.play.slice(0, 2);
    const [x, y, rot] = L.slots[pl.seat];
    const src = L.seats[pl.seat];
    items.push({ key: c, card: c, x, y, rot, z: 50 + i,
                 cls: { "in-trick": true, winner: S.holdWinner === pl.seat },
                 data: { testid: "trick-card", seat: pl.seat, said: saidText(pl.play) },
                 label: `${t("name." + pl.seat)}: ${cardLabel(c)} ${saidText(pl.play)}`.trim(),
                 from: pl.seat === 0 ? null : { x: src.x, y: src.y, rot: 0, scale: 0.45 } });
  });
  if (S.collectTo !== null && S.collectTo !== undefined) {
    const w = L.seats[S.collectTo];
    for (const pl of S.collecting || []) exit[pl.play.slice(0, 2)] = { x: w.x, y: w.y, rot: 0, scale: 0.35 };
  }
  // --- the trump card: turned up (deals of 1-8) or the dealer's shown card (dealer_card)
  const ind = indicatorCard(v);
  if (ind) {
    const pos = indicatorPos(v.dealer, L);
    items.push({ key: "ind:" + ind, card: ind, x: pos.x, y: pos.y, rot: pos.rot, scale: 0.62, z: 20,
                 cls: { "trump-card": true }, data: { testid: "trump-card" } });
  }
  board.sync(items, exit);
  S.lastDealShown = v.deal_no;
  $("#last-button").hidden = !S.view.last_trick || S.view.phase === "over";
  renderPanel(S.view);
  setAttrs();
}

function indicatorCard(v) {
  if (!v.trump_card || v.phase === "over") return null;
  const c = v.trump_card;
  // Under dealer_card the card stays in the dealer's hand: show it until it is played.
  const played = (v.tricks || []).some((tr) => tr.plays.some((p) => p.play.slice(0, 2) === c))
    || (v.trick || []).some((p) => p.play.slice(0, 2) === c);
  if (played) return null;
  if (v.dealer === 0 && (v.hand || []).includes(c)) return null;  // it is right there in my hand
  return c;
}
function indicatorPos(dealer, L) {
  const s = L.seats[dealer] || L.seats[2];
  const small = L.ch * 0.62;
  if (dealer === 1 || dealer === 3) return { x: s.x + (dealer === 1 ? 6 : -6), y: s.y - s.h / 2 - small / 2 - 4, rot: dealer === 1 ? -8 : 8 };
  if (dealer === 2) return { x: s.x + s.w / 2 + L.cw * 0.45, y: s.y + L.ch * 0.05, rot: 8 };
  return { x: L.W - L.pad - L.cw * 0.35, y: L.meTop - L.ch * 0.25, rot: -8 };
}

function renderTopbar(v) {
  $("#plate-deal").innerHTML = `<span class="lines"><b>${esc(t("bar.deal", { n: v.deal_no, total: v.deals_total }))}</b>` +
    `<small>${esc(t("bar.cards", { n: v.cards }))}</small></span>`;
  const bidSum = (v.bids || []).reduce((a, b) => a + (b ?? 0), 0);
  const anyBid = (v.bids || []).some((b) => b !== null);
  let line1;
  if (v.phase === "trump") line1 = esc(t("bar.trump_pending"));
  else if (v.trump) line1 = `${esc(t("bar.trump"))} <span class="trump-sym">${suitHtml(v.trump)}</span>`;
  else line1 = esc(t("bar.no_trump"));
  let trump = "";
  if (v.trump_card && v.phase !== "over") {
    const c = v.trump_card;
    const red = c[1] === "H" || c[1] === "D" || c === "X1";
    trump += `<span class="mini ${red ? "red" : ""}" title="${esc(cardLabel(c))}">${esc(isJoker(c) ? "★" : t("rank." + c[0]) + SUIT_SYMBOL[c[1]])}</span>`;
  }
  const over = bidSum > v.cards ? "over" : "";
  const line2 = anyBid ? `<small class="${over}" data-testid="bid-sum">${esc(t("bar.bid", { sum: bidSum, cards: v.cards }))}</small>` : "";
  trump += `<span class="lines"><b>${line1}</b>${line2}</span>`;
  $("#plate-trump").innerHTML = trump;
  $("#plate-trump").dataset.trump = v.phase === "trump" ? "?" : (v.trump || "-");
  renderStatus();
}

function statusFor() {
  const v = S.view;
  if (!v) return { text: "", cls: "" };
  if (S.refusal) {
    const r = S.refusal;
    return { text: reasonText(r.reason, r.params), cls: "refused", reason: r.reason };
  }
  if (S.paused) return { text: t("status.paused"), cls: "" };
  if (S.intro) return { text: S.intro, cls: "" };
  if (S.dialog === "summary" || (S.busy && S.holdWinner === null && S.shown !== S.view && S.shown.deal_no !== v.deal_no)) {
    return { text: t("status.deal_over", { n: S.shown.deal_no }), cls: "" };
  }
  if (S.holdWinner !== null && S.holdWinner !== undefined) {
    return { text: S.holdWinner === 0 ? t("status.trick_won_you") : t("status.trick_won", { name: t("name." + S.holdWinner) }), cls: "" };
  }
  if (v.phase === "over") return { text: t("status.game_over"), cls: "" };
  if (v.to_act === 0) {
    if (S.joker) return { text: t(S.joker.lead ? "status.joker_lead" : "status.joker_follow"), cls: "you" };
    if (v.phase === "trump") return { text: t("status.you_trump"), cls: "you" };
    if (v.phase === "bid") {
      if (v.forbidden_bid !== null && v.forbidden_bid !== undefined) {
        return { text: t("status.you_bid_dealer", { bid: v.forbidden_bid }), cls: "you", reason: "forced_dealer" };
      }
      return { text: t("status.you_bid"), cls: "you" };
    }
    return { text: t((v.trick || []).length ? "status.you_play" : "status.you_lead"), cls: "you" };
  }
  const name = t("name." + v.to_act);
  if (S.note && v.phase !== "play") return { text: `${S.note} · ${t(v.phase === "trump" ? "status.bot_trump" : "status.bot_bid", { name })}`, cls: "" };
  return { text: t(v.phase === "trump" ? "status.bot_trump" : v.phase === "bid" ? "status.bot_bid" : "status.bot_play", { name }), cls: "" };
}
function renderStatus() {
  const st = statusFor();
  const el = $("#status");
  if (el.textContent !== st.text) el.textContent = st.text;
  el.className = "status " + (st.cls || "");
  el.dataset.reason = st.reason || "";
}

function reasonText(reason, params = {}) {
  const p = { ...params };
  if (p.suit) p.suit = t("suit." + p.suit) + " " + SUIT_SYMBOL[p.suit];
  if (p.card) p.card = cardLabel(p.card);
  if (p.seat !== undefined) p.name = t("name." + p.seat);
  const key = "why." + reason;
  const text = t(key, p);
  return text === key ? t("why.unknown") : text;
}

function renderSeats(v) {
  for (let s = 0; s < 4; s++) {
    const el = $(`.seat[data-seat="${s}"]`);
    const bid = v.bids ? v.bids[s] : null;
    const taken = v.taken ? v.taken[s] : 0;
    let badge = "", bcls = "";
    if (bid !== null && bid !== undefined && v.phase !== "over") {
      badge = `${taken}/${bid}`;
      bcls = taken === bid ? "exact" : taken > bid ? "over" : "";
    }
    const name = t("name." + s);
    const html =
      `<div class="avatar" style="--av:${AVATAR[s]}">${esc(name.slice(0, 1))}` +
      (v.dealer === s ? `<span class="dealer" data-testid="dealer" title="${esc(t("dealer.title"))}">${esc(t("dealer.badge"))}</span>` : "") +
      `</div>` +
      (s === 0 ? `<div class="name">${esc(name)}</div>` : `<div class="name">${esc(name)}</div>`) +
      `<div class="score" data-testid="score-${s}" title="${esc(t("a11y.score"))}">${v.scores ? v.scores[s] : 0}</div>` +
      `<div class="badge ${bcls}" data-testid="badge-${s}" title="${esc(t("a11y.taken_bid"))}">${badge}</div>`;
    if (el._html !== html) { el.innerHTML = html; el._html = html; }
    const score = v.scores ? v.scores[s] : 0;
    let label = badge ? t("a11y.seat_bid", { name, score, taken, bid }) : t("a11y.seat", { name, score });
    if (v.dealer === s) label += ", " + t("a11y.seat_dealer");
    if (el.getAttribute("aria-label") !== label) { el.setAttribute("aria-label", label); el.setAttribute("role", "group"); }
    el.classList.toggle("to-act", v.to_act === s && v.phase !== "over" && !S.busy);
    el.dataset.bid = bid ?? "";
    el.dataset.taken = taken;
    el.dataset.state = bcls;
    if (s > 0) {
      const fan = $(`.fan[data-fan="${s}"]`);
      const count = v.phase === "trump" ? v.cards : (v.hand_counts ? v.hand_counts[s] : 0);
      if (fan.childElementCount !== count) fan.innerHTML = "<i></i>".repeat(count);
      fan.setAttribute("aria-label", t("a11y.cards_left", { n: count }));
    }
  }
  // fans sit beside the side seats / under the top seat
  const f2 = $('.fan[data-fan="2"]'), s2 = $('.seat[data-seat="2"]');
  f2.style.top = (s2.offsetTop + s2.offsetHeight - 4) + "px";
  for (const s of [1, 3]) {
    const seat = $(`.seat[data-seat="${s}"]`);
    $(`.fan[data-fan="${s}"]`).style.top = (seat.offsetTop + seat.offsetHeight + 4) + "px";
  }
}

// ------------------------------------------------------------------ panels (trump / bid / joker)
let panelSig = "";
function renderPanel(v) {
  const panel = $("#panel");
  let sig = "", html = "", kind = "";
  const mine = v && S.screen === "table" && v.to_act === 0 && !S.busy && !S.paused && !S.dialog;
  if (mine && v.phase === "trump") {
    kind = "trump";
    sig = `trump|${getLang()}`;
    html = `<h3>${esc(t("trump.title"))}</h3><div class="row">` +
      SUITS.map((s) => `<button type="button" class="btn suit-btn" data-act="${s}" data-testid="trump-${s}" aria-label="${esc(t("suit." + s))}">${suitHtml(s)}</button>`).join("") +
      `</div><div class="row"><button type="button" class="btn" data-act="-" data-testid="trump-none">${esc(t("trump.none"))}</button></div>`;
  } else if (mine && v.phase === "bid") {
    kind = "bid";
    if (S.bidDeal !== v.deal_no || S.bidValue === null) {
      S.bidDeal = v.deal_no;
      S.bidValue = Math.min(1, v.cards);
      if (S.bidValue === v.forbidden_bid) S.bidValue = v.forbidden_bid === 0 ? 1 : 0;
    }
    const b = S.bidValue, f = v.forbidden_bid;
    sig = `bid|${b}|${f}|${v.cards}|${getLang()}`;
    const forb = b === f;
    html = `<h3>${esc(t("bid.title"))}</h3>` +
      `<div class="row"><button type="button" class="btn pm" data-bid="-1" data-testid="bid-minus" aria-label="${esc(t("bid.minus"))}" ${b <= 0 ? "disabled" : ""}>−</button>` +
      `<div class="bid-num ${forb ? "forbidden" : ""}" data-testid="bid-value" data-value="${b}" data-forbidden="${forb ? 1 : 0}">${b}</div>` +
      `<button type="button" class="btn pm" data-bid="1" data-testid="bid-plus" aria-label="${esc(t("bid.plus"))}" ${b >= v.cards ? "disabled" : ""}>+</button></div>` +
      `<div class="row"><button type="button" class="btn ${f === 0 ? "forbidden" : ""}" data-act="0" data-testid="bid-pass" data-forbidden="${f === 0 ? 1 : 0}">${esc(t("bid.pass"))}</button>` +
      `<button type="button" class="btn btn-primary ${forb ? "forbidden" : ""}" data-act="${b}" data-focus="1" data-testid="bid-submit" data-forbidden="${forb ? 1 : 0}">${esc(t("bid.bid"))} <span class="${forb ? "forbidden" : ""}">${b}</span></button></div>` +
      (matchMedia("(hover: hover)").matches ? `<div class="keys-hint">${esc(t("bid.keys"))}</div>` : "");
  } else if (mine && v.phase === "play" && S.joker) {
    kind = "joker";
    const j = S.joker;
    const legal = new Set(v.legal || []);
    sig = `joker|${j.card}|${j.lead}|${j.mode}|${getLang()}`;
    if (j.lead) {
      const modeBtn = (m, key, id) => `<button type="button" class="btn ${j.mode === m ? "toggled" : ""}" data-jmode="${m}" data-testid="${id}" aria-pressed="${j.mode === m}">${esc(t(key))}</button>`;
      html = `<h3>${esc(t("joker.title"))}</h3><div class="row">${modeBtn("+", "joker.want", "joker-want")}${modeBtn("-", "joker.under", "joker-under")}</div>` +
        `<div class="hint">${esc(t("joker.pick_suit"))}</div><div class="row">` +
        SUITS.map((s) => {
          const act = j.mode ? `${j.card}${j.mode}${s}` : "";
          const ok = j.mode && legal.has(act);
          return `<button type="button" class="btn suit-btn" ${ok ? `data-act="${act}"` : "disabled"} data-testid="joker-suit-${s}" aria-label="${esc(t("suit." + s))}">${suitHtml(s)}</button>`;
        }).join("") + `</div>`;
    } else {
      const btn = (m, key, id) => legal.has(j.card + m)
        ? `<button type="button" class="btn btn-primary" data-act="${j.card + m}" data-testid="${id}">${esc(t(key))}</button>` : "";
      html = `<h3>${esc(t("joker.title"))}</h3><div class="row">${btn("+", "joker.take", "joker-take")}${btn("-", "joker.under", "joker-under")}</div>`;
    }
    html += `<div class="row"><button type="button" class="btn" data-jback="1" data-testid="joker-back">${esc(t("joker.back"))}</button></div>`;
  }
  panel.dataset.kind = kind;
  if (sig !== panelSig) {
    const hadFocus = panel.contains(document.activeElement);
    panelSig = sig;
    panel.innerHTML = html;
    panel.hidden = !html;
    // Keyboard players land on the panel's main button (the bid, a suit, the joker's choice).
    if (html && (S.keyboard || hadFocus)) {
      const f = panel.querySelector("[data-focus]") || panel.querySelector("button[data-act]:not([disabled])") || panel.querySelector("button:not([disabled])");
      if (f) f.focus({ preventScroll: true });
    }
  }
}

function bindPanel() {
  $("#panel").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b || b.disabled) return;
    if (b.dataset.bid) {
      const v = S.view;
      S.bidValue = Math.max(0, Math.min(v.cards, S.bidValue + Number(b.dataset.bid)));
      S.refusal = null;
      render();
      return;
    }
    if (b.dataset.jmode) { S.joker.mode = b.dataset.jmode; render(); return; }
    if (b.dataset.jback) { S.joker = null; S.refusal = null; render(); return; }
    if (b.dataset.act !== undefined) humanAct(b.dataset.act);
  });
}

// ------------------------------------------------------------------ the player's actions
function refuse(reason, params, card) {
  S.refusal = { reason, params: params || {}, card: card || null };
  sound.play("error");
  render();
  if (card) {
    const el = board.node(card);
    if (el) { el.classList.remove("shake"); void el.offsetWidth; el.classList.add("shake"); }
  }
}

function tryCard(card) {
  const v = S.view;
  if (!v || S.screen !== "table" || S.dialog) return;
  for (const el of $$(".card.shake")) el.classList.remove("shake");
  if (S.busy) return;
  if (S.paused) { refuse("paused", {}, card); return; }
  if (v.phase !== "play") {
    if (v.to_act !== 0) refuse("not_your_turn", { seat: v.to_act }, card);
    return;
  }
  if (v.to_act !== 0) { refuse("not_your_turn", { seat: v.to_act }, card); return; }
  if (isJoker(card)) {
    S.refusal = null;
    S.joker = { card, lead: (v.trick || []).length === 0, mode: null };
    render();
    return;
  }
  if ((v.legal || []).includes(card)) { humanAct(card); return; }
  const why = call("why", card);
  if (why) refuse(why.reason, why.params, card);
  else humanAct(card);
}

async function humanAct(action) {
  const v = S.view;
  if (!v || S.busy || S.paused) return;
  const gen = S.gen;
  const res = call("act", action);
  if (!res.ok) {
    if (res.reason) refuse(res.reason, res.params, isJoker(action) ? null : (v.phase === "play" ? action.slice(0, 2) : null));
    else console.warn("joker: engine error", res.error);
    return;
  }
  S.refusal = null;
  S.joker = null;
  S.note = null;
  const had = document.activeElement;
  if (had && had.closest && had.closest(".card")) had.blur();
  S.kbd = null;
  await applyResult(v, res, 0, action);
  if (gen === S.gen) pump();
}

// Keyboard: ← → (↑ ↓ too) walk over the cards you may play, Enter or Space plays the chosen one;
// in bidding digits bid at once, ↑ ↓ change the number, Enter bids it; Esc closes a window.
function playableInOrder(v) {
  const legal = legalCards(v);
  return S.handOrder.filter((c) => legal.has(c));
}
function moveKbd(step) {
  const v = S.view;
  const cards = playableInOrder(v);
  if (!cards.length) return;
  const i = cards.indexOf(S.kbd);
  S.kbd = i < 0 ? cards[step > 0 ? 0 : cards.length - 1] : cards[(i + step + cards.length) % cards.length];
  render();
  const el = board.node(S.kbd);
  if (el) el.focus({ preventScroll: true });
}
document.addEventListener("pointerdown", () => { S.keyboard = false; }, true);
document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === "Tab" || e.key.startsWith("Arrow")) S.keyboard = true;
  if (e.key === "Escape") {
    if (S.dialog === "stats" && S.statsConfirm) { S.statsConfirm = false; openStats(); return; }
    if (S.dialog === "paused") { S.paused = false; closeDialog(); render(); pump(); return; }
    if (S.dialog && S.dialog !== "summary" && S.dialog !== "results") { closeDialog(); pump(); }
    else if (S.joker) { S.joker = null; render(); }
    return;
  }
  if (S.screen !== "table") return;
  const v = S.view;
  if (!v || S.dialog || S.busy || v.to_act !== 0) return;
  const onControl = e.target instanceof Element && e.target.closest("button, input, select, textarea, a, summary");
  if (v.phase === "bid" && /^[0-9]$/.test(e.key)) {
    const n = Number(e.key);
    if (n > v.cards) { refuse("bad_bid", {}); return; }
    S.bidValue = n;
    if (n === v.forbidden_bid) { const why = call("why", String(n)); refuse(why ? why.reason : "forced_dealer", why ? why.params : { bid: n }); return; }
    humanAct(String(n));
  } else if (v.phase === "bid" && (e.key === "ArrowUp" || e.key === "ArrowDown") && (!onControl || e.target.closest("#panel"))) {
    e.preventDefault();
    S.bidValue = Math.max(0, Math.min(v.cards, (S.bidValue ?? 0) + (e.key === "ArrowUp" ? 1 : -1)));
    S.refusal = null;
    render();
  } else if (v.phase === "bid" && e.key === "Enter" && !onControl) {
    humanAct(String(S.bidValue ?? 0));
  } else if (v.phase === "play" && !S.joker && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) {
    if (onControl && !e.target.closest("#felt")) return;  // arrows inside a button group stay there
    e.preventDefault();
    moveKbd(e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1);
  } else if (v.phase === "play" && !S.joker && (e.key === "Enter" || e.key === " ") && !onControl) {
    const focused = e.target instanceof Element ? e.target.closest(".card.in-hand") : null;
    const card = focused ? focused.dataset.key : S.kbd;
    if (!card) return;
    e.preventDefault();
    S.keyboard = true;
    tryCard(card);
  }
});

// ------------------------------------------------------------------ applying a result, pacing
async function applyResult(prev, res, seat, action) {
  const v = res.view;
  const gen = S.gen;
  const stale = () => gen !== S.gen;  // a new game began during an animation
  S.view = v;
  S.actions = (S.actions || 0) + 1;
  S.intro = null;
  writeSave(res);
  const dealEnded = v.deals.length > prev.deals.length;
  const trickEnded = dealEnded || (v.tricks || []).length > (prev.tricks || []).length;
  if (prev.phase === "trump" && seat !== 0) {
    S.note = action === "-" ? t("status.no_trump_chosen", { name: t("name." + seat) })
      : t("status.trump_is", { name: t("name." + seat), suit: t("suit." + action) + " " + SUIT_SYMBOL[action] });
  }
  if (prev.phase === "bid" && seat !== 0) {
    const n = Number(action);
    S.note = t("status.bot_said_bid", { name: t("name." + seat), bid: n === 0 ? t("bid.pass_short") : n });
  }
  if (prev.phase === "play") sound.play("card");
  if (!trickEnded) {
    S.shown = v;
    render();
    if (v.to_act === 0 && v.phase !== "over") sound.play("turn");
    return;
  }
  // A trick is complete: show all four cards, then sweep them to the winner.
  S.busy = true;
  const lt = v.last_trick;
  const played = seat === 0 ? action.slice(0, 2) : null;
  const counts = [...prev.hand_counts];
  counts[seat] = Math.max(0, counts[seat] - 1);
  const hold = { ...prev, trick: lt.plays, to_act: null, legal: [], hand_counts: counts,
                 hand: (prev.hand || []).filter((c) => c !== played) };
  S.shown = hold;
  render();
  const p = pace();
  await sleep(moveMs() + 40);
  if (stale()) return;
  S.holdWinner = lt.winner;
  render();
  await sleep(p.hold);
  if (stale()) return;
  const taken = dealEnded ? v.deals[v.deals.length - 1].taken : v.taken;
  S.collectTo = lt.winner;
  S.collecting = lt.plays;
  S.holdWinner = null;
  S.shown = dealEnded ? { ...hold, trick: [], taken, to_act: null, scores: v.scores } : v;
  sound.play("trick");
  render();
  S.collectTo = null;
  S.collecting = null;
  await sleep(moveMs() + 30);
  if (stale()) return;
  if (dealEnded) {
    S.busy = false;
    const d = v.deals[v.deals.length - 1];
    const mine = d.bids[0], got = d.taken[0];
    sound.play(v.rules.khishti && mine >= 1 && got === 0 ? "khishti" : mine === got ? "bid_made" : "bid_missed");
    await showSummary(v);
    if (stale()) return;
    S.busy = false;
    S.shown = v;
    S.note = null;
    if (v.phase === "over") { render(); showResults(); return; }
    sound.play("deal");
    render();
  } else {
    S.busy = false;
    render();
  }
  if (v.to_act === 0 && v.phase !== "over") sound.play("turn");
}

function botsMayMove() {
  const v = S.view;
  return S.screen === "table" && v && v.phase !== "over" && v.to_act !== 0 && v.to_act !== null
    && !S.paused && !S.dialog && !S.busy;
}

async function pump() {
  if (S.pumping) return;
  S.pumping = true;
  try {
    while (botsMayMove()) {
      const prev = S.view;
      setAttrs();
      renderStatus();
      const t0 = performance.now();
      const gen = S.gen;
      S.thinking = true;
      const res = JSON.parse(await S.engine.bot_move());
      S.thinking = false;
      if (gen !== S.gen || res.stale) continue;  // a new game began meanwhile
      if (!res.ok) { console.warn("joker: bot move failed", res.error); break; }
      const wait = pace().think - (performance.now() - t0);
      if (wait > 0) await sleep(wait);
      await applyResult(prev, res, res.seat, res.action);
    }
  } finally {
    S.pumping = false;
    setAttrs();
  }
}

// ------------------------------------------------------------------ dialogs
function openDialog(name, html, opts = {}) {
  if (["summary", "results"].includes(S.dialog) && S.dialog !== name) S.returnTo = S.dialog;
  const d = $("#dialog");
  const active = document.activeElement;
  const prevFocus = S.dialog === name && active && d.contains(active) ? active.dataset.testid : null;
  if (!S.dialog) S.focusBefore = active;  // focus goes back there when the dialog closes
  S.dialog = name;
  d.className = "dialog" + (opts.wide ? " wide" : "");
  d.dataset.testid = "dialog-" + name;
  d.setAttribute("aria-label", opts.label || name);
  d.innerHTML = html;
  $("#overlay").hidden = false;
  $("#overlay").dataset.dialog = name;
  renderPanel(S.view);
  setAttrs();
  renderStatus();
  // Re-rendering the same dialog (a tab, a language) keeps the focus on the same control.
  const again = prevFocus && d.querySelector(`[data-testid="${prevFocus}"]`);
  const focus = again || d.querySelector("[data-autofocus]") || d.querySelector("button");
  if (focus) focus.focus({ preventScroll: true });
}
function closeDialog() {
  const back = S.returnTo;
  S.returnTo = null;
  if (back && S.dialog !== back && S.screen === "table") {
    S.dialog = null;
    if (back === "summary" && S.waitNext) { openSummary(S.summaryView); return; }
    if (back === "results") { showResults(); return; }
  }
  S.dialog = null;
  $("#overlay").hidden = true;
  $("#dialog").innerHTML = "";
  if (S.screen === "table") { renderPanel(S.view); setAttrs(); renderStatus(); }
  const prevEl = S.focusBefore;
  S.focusBefore = null;
  if (prevEl && prevEl.isConnected && prevEl !== document.body && !prevEl.closest("[hidden]")) prevEl.focus({ preventScroll: true });
}
function reopenDialog() {
  const name = S.dialog;
  if (name === "menu") openMenu();
  else if (name === "sheet") openSheet();
  else if (name === "help") openHelp(S.helpTab);
  else if (name === "summary") openSummary(S.summaryView);
  else if (name === "results") showResults();
  else if (name === "paused") openPaused();
  else if (name === "stats") openStats();
  else if (name === "last") openLast();
}
const closeBtn = () => `<button type="button" class="icon-btn" data-close="1" data-testid="dialog-close" aria-label="${esc(t("menu.close"))}">✕</button>`;

function bindDialogs() {
  $("#overlay").addEventListener("click", (e) => {
    if (e.target === $("#overlay") && !["summary", "results", "confirm", "paused"].includes(S.dialog)) { closeDialog(); pump(); return; }
    const b = e.target.closest("button");
    if (!b) return;
    const a = b.dataset;
    if (S.dialog === "stats" && statsClick(a)) return;
    if (a.close) { closeDialog(); pump(); }
    else if (a.next) { const r = S.waitNext; S.waitNext = null; if (r) r(); }
    else if (a.menu === "pause") { closeDialog(); S.paused = true; openPaused(); }
    else if (a.menu === "resume") { S.paused = false; closeDialog(); render(); pump(); }
    else if (a.menu === "new") openConfirm();
    else if (a.menu === "sound") { sound.setSound(!sound.soundOn()); sound.unlock(); openMenu(); }
    else if (a.menu === "sheet") openSheet();
    else if (a.menu === "help") openHelp("guide");
    else if (a.menu === "stats") { S.statsSel = null; S.statsMsg = null; S.statsConfirm = false; openStats(); }
    else if (a.menu === "sort") { S.handKey = ""; closeDialog(); render(); pump(); }
    else if (a.lang) { setLang(a.lang); retranslate(); }
    else if (a.speed) {
      S.settings.speed = a.speed; storeSettings(); applyPace(); openMenu();
    }
    else if (a.confirm === "yes") { leaveTable(); }
    else if (a.confirm === "no") { closeDialog(); pump(); }
    else if (a.tab) openHelp(a.tab);
    else if (a.updateApply) applyUpdate();
    else if (a.again) { leaveTable(); }
  });
  $("#menu-button").addEventListener("click", openMenu);
  $("#sheet-button").addEventListener("click", openSheet);
  $("#help-button").addEventListener("click", () => openHelp("guide"));
  $("#settings-help").addEventListener("click", () => openHelp("guide"));
}

function openMenu() {
  const speed = paceName();
  const html = `<header><h2>${esc(t("menu.title"))}</h2>${closeBtn()}</header><div class="body"><div class="menu-list">` +
    (S.paused ? `<button type="button" class="btn" data-menu="resume" data-testid="menu-resume">${esc(t("menu.resume"))}</button>`
              : `<button type="button" class="btn" data-menu="pause" data-testid="menu-pause">${esc(t("menu.pause"))}</button>`) +
    `<button type="button" class="btn" data-menu="new" data-testid="menu-new">${esc(t("menu.new"))}</button>` +
    `<button type="button" class="btn" data-menu="sound" data-testid="menu-sound" aria-pressed="${sound.soundOn()}">${esc(t(sound.soundOn() ? "menu.sound_on" : "menu.sound_off"))}</button>` +
    `<button type="button" class="btn" data-menu="sheet" data-testid="menu-sheet">${esc(t("menu.sheet"))}</button>` +
    `<button type="button" class="btn" data-menu="stats" data-testid="menu-stats">${esc(t("stats.title"))}</button>` +
    `<button type="button" class="btn" data-menu="help" data-testid="menu-help">${esc(t("menu.help"))}</button>` +
    `<button type="button" class="btn" data-menu="sort" data-testid="menu-sort">${esc(t("menu.sort"))}</button>` +
    (updateReady() ? `<button type="button" class="btn btn-primary" data-update-apply="1" data-testid="menu-update">${esc(t("update.apply"))}</button>` : "") +
    `<div class="row-btns" role="group" aria-label="${esc(t("settings.speed"))}">` +
    ["slow", "normal", "fast"].map((s) => `<button type="button" class="btn" data-speed="${s}" data-testid="menu-speed-${s}" aria-pressed="${speed === s || (s === "fast" && speed === "instant")}">${esc(t("speed." + s))}</button>`).join("") +
    `</div><div class="row-btns" role="group" aria-label="${esc(t("lang.label"))}">` +
    ["ka", "ru", "en"].map((l) => `<button type="button" class="btn" data-lang="${l}" data-testid="menu-lang-${l}" aria-pressed="${getLang() === l}">${esc(t("lang." + l))}</button>`).join("") +
    `</div></div></div>`;
  openDialog("menu", html, { label: t("menu.title") });
}

function openPaused() {
  openDialog("paused", `<header><h2>${esc(t("status.paused"))}</h2></header><footer>` +
    `<button type="button" class="btn btn-primary" data-menu="resume" data-testid="resume" data-autofocus>${esc(t("menu.resume"))}</button></footer>`,
    { label: t("status.paused") });
}

function openConfirm() {
  openDialog("confirm", `<header><h2>${esc(t("menu.new"))}</h2></header><div class="body"><p>${esc(t("menu.confirm_new"))}</p></div>` +
    `<footer><button type="button" class="btn" data-confirm="no" data-testid="confirm-no">${esc(t("menu.no"))}</button>` +
    `<button type="button" class="btn btn-primary" data-confirm="yes" data-testid="confirm-yes">${esc(t("menu.yes"))}</button></footer>`,
    { label: t("menu.new") });
}

// --- after each deal: bids, tricks, points, totals; premium and struck deals at a pulka's end
function showSummary(v) {
  return new Promise((resolve) => {
    S.waitNext = () => { closeDialog(); resolve(); };
    openSummary(v);
  });
}
function openSummary(v) {
  S.summaryView = v;
  const d = v.deals[v.deals.length - 1];
  const pulkaEnded = v.pulkas.length && v.pulkas[v.pulkas.length - 1].no === d.pulka;
  const pk = pulkaEnded ? v.pulkas[v.pulkas.length - 1] : null;
  const rows = [0, 1, 2, 3].map((s) => {
    const exact = d.bids[s] === d.taken[s];
    return `<tr class="${s === 0 ? "me" : ""}" data-testid="summary-row-${s}"><td>${esc(t("name." + s))}${d.dealer === s ? " <small>(D)</small>" : ""}</td>` +
      `<td>${d.bids[s] === 0 ? esc(t("bid.pass_short")) : d.bids[s]}</td><td>${d.taken[s]}</td>` +
      `<td class="${exact ? "exact" : "miss"}">${d.points[s]}</td><td><b>${v.scores[s]}</b></td></tr>`;
  }).join("");
  const pulkaRows = pk ? [0, 1, 2, 3].map((s) => `<tr class="${s === 0 ? "me" : ""}" data-testid="pulka-row-${s}"><td>${esc(t("name." + s))}</td>` +
      `<td>${pk.points[s]}</td><td class="premium">${pk.premium[s] ? "+" + pk.premium[s] : ""}</td>` +
      `<td class="struck">${pk.struck[s] !== null && pk.struck[s] !== undefined ? "−" + Math.abs(pk.struck_points[s]) : ""}</td>` +
      `<td><b>${pk.total[s]}</b></td></tr>`).join("") : "";
  const trump = d.trump ? `${t("bar.trump")} ${SUIT_SYMBOL[d.trump]}` : t("bar.no_trump");
  const last = v.phase === "over";
  const html = `<header><h2>${esc(t("summary.title", { n: d.no, total: v.deals_total }))}</h2></header><div class="body">` +
    `<p class="summary-note">${esc(t("bar.cards", { n: d.cards }))} · ${esc(trump)}</p>` +
    `<table class="scores" data-testid="summary-table"><thead><tr><th>${esc(t("summary.player"))}</th><th>${esc(t("summary.bid"))}</th>` +
    `<th>${esc(t("summary.taken"))}</th><th>${esc(t("summary.points"))}</th>` +
    `<th>${esc(t("summary.total"))}</th></tr></thead><tbody>${rows}</tbody></table>` +
    (pk ? `<h3 class="pulka-title">${esc(t("summary.pulka_end", { n: pk.no }))}</h3>` +
      `<table class="scores" data-testid="pulka-table"><thead><tr><th>${esc(t("summary.player"))}</th><th>${esc(t("sheet.pulka_sum"))}</th>` +
      `<th>${esc(t("summary.premium"))}</th><th>${esc(t("summary.struck"))}</th><th>${esc(t("sheet.pulka", { n: pk.no }))}</th></tr></thead>` +
      `<tbody>${pulkaRows}</tbody></table>` : "") +
    `</div>` +
    `<footer><button type="button" class="btn btn-primary" data-next="1" data-testid="summary-next" data-autofocus>${esc(t(last ? "summary.results" : "summary.next"))}</button></footer>`;
  openDialog("summary", html, { label: t("summary.title", { n: d.no, total: v.deals_total }) });
}

// --- results at the end (the finished game is added to the statistics once)
let statsShown = null;
function recordStats(v) {
  const key = S.gen + "|" + v.deals.length + "|" + v.scores.join(",");
  if (statsShown && statsShown.key === key) return statsShown.res;
  let res = null;
  try {
    const text = store.read(STATS_KEY);
    res = call("record_stats", text);
    if (res.ok) {
      if (res.reason) {  // the stored statistics were unreadable: keep them aside, say so
        store.setAside(STATS_KEY, text);
        store.problem(res.reason === "stats_version" ? "storage.stats_version" : "storage.stats_reset");
      }
      store.write(STATS_KEY, res.stats, "storage.what.stats");
    }
  } catch (e) { res = null; }
  statsShown = { key, res };
  return res;
}
function statsBlock(group, derived, level, mode) {
  const pct = (r) => (r === null || r === undefined ? "–" : Math.round(r * 100) + "%");
  const cell = (id, label, value, raw, sub = "") =>
    `<div class="stat" data-testid="stat-${id}" data-value="${raw ?? ""}"><b>${esc(value)}</b><span>${esc(label)}</span>${sub ? `<small>${esc(sub)}</small>` : ""}</div>`;
  return `<div class="stat-grid">` +
    cell("games", t("stats.games"), String(group.games), group.games) +
    cell("wins", t("stats.wins"), String(group.wins), group.wins, group.games ? pct(group.wins / group.games) : "") +
    cell("places", t("stats.places"), group.places.join(" · "), group.places.join(",")) +
    cell("average", t("stats.average"), derived.average_score ?? "–", derived.average_score) +
    cell("best", t("stats.best"), group.best_score ?? "–", group.best_score) +
    cell("bids", t("stats.bids_made"), pct(derived.bids_made_rate), `${group.bids_made}/${group.bids}`,
         t("stats.bids_of", { made: group.bids_made, bids: group.bids })) +
    cell("khishti", t("stats.khishti"), String(group.khishti), group.khishti) +
    cell("premiums", t("stats.premiums"), String(group.premiums), group.premiums) +
    `</div>` + chartSvg(group.recent);
}
// Recent scores as bars around a zero line: an inline SVG (no library).
function chartSvg(scores) {
  if (!scores || !scores.length) return "";
  const W = 300, H = 90, pad = 4;
  const hi = Math.max(0, ...scores), lo = Math.min(0, ...scores);
  const span = hi - lo || 1;
  const y = (v) => pad + (hi - v) / span * (H - 2 * pad);
  const bw = (W - 2 * pad) / Math.max(scores.length, 10);
  const bars = scores.map((v, i) => {
    const y0 = y(Math.max(v, 0)), y1 = y(Math.min(v, 0));
    return `<rect x="${(pad + i * bw + 1).toFixed(1)}" y="${y0.toFixed(1)}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${Math.max(1, y1 - y0).toFixed(1)}" class="${v < 0 ? "neg" : "pos"}"/>`;
  }).join("");
  const label = t("stats.chart_label", { n: scores.length, scores: scores.join(", ") });
  return `<figure class="stat-chart"><figcaption>${esc(t("stats.recent"))}</figcaption>` +
    `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(label)}" data-testid="stats-chart" data-points="${scores.length}" preserveAspectRatio="none">` +
    `<line x1="0" x2="${W}" y1="${y(0).toFixed(1)}" y2="${y(0).toFixed(1)}" class="zero"/>${bars}</svg>` +
    `<div class="chart-scale"><span>${lo}</span><span>${hi}</span></div></figure>`;
}
function showResults() {
  const v = S.view;
  if (!v || !v.places) return;
  const statsRes = recordStats(v);
  const place = v.places[0];
  const shared = v.places.filter((p) => p === place).length > 1;
  const made = v.deals.filter((d) => d.bids[0] === d.taken[0]).length;
  const order = [0, 1, 2, 3].sort((a, b) => v.places[a] - v.places[b] || a - b);
  const rows = order.map((s) => `<tr class="${s === 0 ? "me" : ""}" data-testid="results-row-${s}"><td>${v.places[s]}</td>` +
    `<td style="text-align:left">${esc(t("name." + s))}</td><td><b>${v.scores[s]}</b></td></tr>`).join("");
  const st = statsRes && statsRes.ok ? statsRes : null;
  const statLine = st ? `<section class="results-stats" data-testid="results-stats" data-group="${esc(st.key)}">` +
    `<h3>${esc(t("results.your_stats", { level: t("level." + S.level), mode: t("mode_short." + v.mode) }))}</h3>` +
    statsBlock(st.group, st.derived) + `</section>` : "";
  const html = `<header><h2>${esc(t("results.title"))}</h2></header><div class="body">` +
    `<p class="results-place" data-testid="results-place" data-place="${place}" data-shared="${shared ? 1 : 0}">` +
    `${esc(t("results.place", { place: t("results.place." + place) }))} ${shared ? esc(t("results.shared")) : ""}</p>` +
    (place === 1 ? `<p class="results-sub">${esc(t("results.win"))}</p>` : "") +
    `<p class="results-sub" data-testid="results-bids" data-made="${made}">${esc(t("results.bids_made", { made, total: v.deals.length }))}</p>` +
    `<table class="scores"><thead><tr><th>${esc(t("results.place_col"))}</th><th style="text-align:left">${esc(t("summary.player"))}</th><th>${esc(t("summary.total"))}</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>${statLine}</div>` +
    `<footer><button type="button" class="btn" data-menu="sheet" data-testid="results-sheet">${esc(t("menu.sheet"))}</button>` +
    `<button type="button" class="btn" data-menu="stats" data-testid="results-statistics">${esc(t("stats.title"))}</button>` +
    `<button type="button" class="btn btn-primary" data-again="1" data-testid="results-again" data-autofocus>${esc(t("results.again"))}</button></footer>`;
  openDialog("results", html, { label: t("results.title") });
}

// --- statistics: per level and game, figures from joker.stats (validated by Python)
const LEVEL_NAMES = ["easy", "medium", "hard", "insane"];
function statsSel() {
  if (!S.statsSel) S.statsSel = { level: S.screen === "table" ? S.level : S.settings.level, mode: S.view?.mode || S.settings.mode };
  return S.statsSel;
}
async function openStats(sel) {
  if (sel) S.statsSel = sel;
  const d = statsSel();
  let body;
  if (!S.engine) {
    body = `<p data-testid="stats-loading">${esc(t("stats.loading"))}</p>`;
    engineReady.then(() => { if (S.dialog === "stats") openStats(); });
  } else {
    const r = call("stats_load", store.read(STATS_KEY));
    const groups = r.ok ? r.groups : {};
    const g = groups[`${d.level}/${d.mode}`];
    body = g && g.games ? statsBlock(g, g) : `<p class="stats-none" data-testid="stats-none">${esc(t("stats.none"))}</p>`;
  }
  const seg = (name, values, cur, label) => `<div class="stats-seg" role="group" aria-label="${esc(t(label))}">` +
    values.map((x) => `<button type="button" class="btn" data-stats-${name}="${x}" data-testid="stats-${name}-${x}" aria-pressed="${cur === x}">${esc(t((name === "mode" ? "mode_short." : "level.") + x))}</button>`).join("") + `</div>`;
  const msg = S.statsMsg ? `<p class="stats-msg ${S.statsMsg.bad ? "bad" : ""}" data-testid="stats-message" data-reason="${S.statsMsg.key}" role="${S.statsMsg.bad ? "alert" : "status"}">${esc(t(S.statsMsg.key))}</p>` : "";
  const footer = S.statsConfirm
    ? `<footer class="confirm"><p>${esc(t("stats.reset_confirm"))}</p>` +
      `<button type="button" class="btn" data-stats-cancel="1" data-testid="stats-reset-no">${esc(t("stats.cancel"))}</button>` +
      `<button type="button" class="btn btn-danger" data-stats-reset-yes="1" data-testid="stats-reset-yes">${esc(t("stats.reset"))}</button></footer>`
    : `<footer><button type="button" class="btn" data-stats-export="1" data-testid="stats-export" ${S.engine ? "" : "disabled"}>${esc(t("stats.export"))}</button>` +
      `<button type="button" class="btn" data-stats-import="1" data-testid="stats-import" ${S.engine ? "" : "disabled"}>${esc(t("stats.import"))}</button>` +
      `<button type="button" class="btn" data-stats-reset="1" data-testid="stats-reset" ${S.engine ? "" : "disabled"}>${esc(t("stats.reset"))}</button>` +
      `<input type="file" accept=".json,application/json" data-testid="stats-file" id="stats-file" hidden></footer>`;
  openDialog("stats", `<header><h2>${esc(t("stats.title"))}</h2>${closeBtn()}</header>` +
    `<div class="body stats" data-testid="stats-body">${seg("level", LEVEL_NAMES, d.level, "stats.level")}${seg("mode", ["full", "nines"], d.mode, "stats.mode")}` +
    `${body}${msg}</div>${footer}`, { label: t("stats.title"), keepFocus: true });
  const file = $("#stats-file");
  if (file) file.addEventListener("change", () => { if (file.files && file.files[0]) importStats(file.files[0]); });
}
function statsClick(a) {
  if (a.statsLevel) { S.statsSel = { ...statsSel(), level: a.statsLevel }; S.statsMsg = null; openStats(); }
  else if (a.statsMode) { S.statsSel = { ...statsSel(), mode: a.statsMode }; S.statsMsg = null; openStats(); }
  else if (a.statsExport) exportStats();
  else if (a.statsImport) $("#stats-file").click();
  else if (a.statsReset) { S.statsConfirm = true; S.statsMsg = null; openStats(); focusIn("[data-stats-cancel]"); }
  else if (a.statsCancel) { S.statsConfirm = false; openStats(); focusIn("[data-stats-reset]"); }
  else if (a.statsResetYes) {
    store.remove(STATS_KEY);
    S.statsConfirm = false;
    S.statsMsg = { key: "stats.reset_done" };
    if (statsShown) statsShown.res = null;  // the results screen no longer shows the old figures
    openStats();
  } else return false;
  return true;
}
function focusIn(sel) { const el = $("#dialog " + sel); if (el) el.focus({ preventScroll: true }); }
function exportStats() {
  const r = call("stats_export", store.read(STATS_KEY));
  if (!r.text) return;
  const url = URL.createObjectURL(new Blob([r.text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `joker-statistics-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  S.statsMsg = { key: "stats.exported" };
  openStats();
}
async function importStats(file) {
  let text = "";
  try { text = await file.text(); } catch (e) { text = ""; }
  const r = text.length > 2_000_000 ? { ok: false } : call("stats_import", text);
  if (r.ok) {
    store.write(STATS_KEY, r.stats, "storage.what.stats");
    S.statsMsg = { key: "stats.imported" };
  } else {
    S.statsMsg = { key: "stats.import_bad", bad: true };  // nothing replaced
    if (r.detail) console.info("joker: statistics file refused:", r.detail);
  }
  if (S.dialog === "stats") openStats();
}

// --- a peek at the last trick taken (the top button or a tap on the trick area)
function openLast() {
  const v = S.view;
  const lt = v && v.last_trick;
  if (!lt) return;
  const prevDeal = !(v.tricks || []).length && v.phase !== "over";
  const spot = ["bottom", "left", "top", "right"];
  const cards = lt.plays.map((pl) => {
    const c = pl.play.slice(0, 2);
    const said = saidText(pl.play);
    return `<div class="peek-spot ${spot[pl.seat]} ${pl.seat === lt.winner ? "won" : ""}" data-testid="last-card" data-seat="${pl.seat}" data-card="${c}">` +
      `<div class="card faceup" role="img" aria-label="${esc(`${t("name." + pl.seat)}: ${cardLabel(c)} ${said}`.trim())}">${faceHtml(c)}</div>` +
      `<span class="who">${esc(t("name." + pl.seat))}${said ? ` · ${esc(said)}` : ""}</span></div>`;
  }).join("");
  const won = lt.winner === 0 ? t("last.won_you") : t("last.won", { name: t("name." + lt.winner) });
  openDialog("last", `<header><h2>${esc(t("last.title"))}</h2>${closeBtn()}</header>` +
    `<div class="body"><div class="peek" data-testid="last-trick" data-winner="${lt.winner}">${cards}</div>` +
    `<p class="peek-note" data-testid="last-winner">${esc(won)}${prevDeal ? " · " + esc(t("last.prev_deal")) : ""}</p></div>`,
    { label: t("last.title") });
}

// --- the classic paper score sheet
function openSheet() {
  const v = S.view;
  if (!v) return;
  const back = S.dialog === "results" || S.returnTo === "results" ? "results" : null;
  let body = "";
  const deals = v.deals || [];
  const head = `<thead><tr><th>${esc(t("sheet.deal"))}</th><th>${esc(t("sheet.cards"))}</th><th>${esc(t("sheet.trump"))}</th>` +
    [0, 1, 2, 3].map((s) => `<th>${esc(t("name." + s))}</th>`).join("") + `</tr></thead>`;
  const struckSet = new Set();
  for (const pk of v.pulkas || []) pk.struck.forEach((di, s) => { if (di !== null && di !== undefined) struckSet.add(di + ":" + s); });
  const trumpCell = (tr) => (tr ? `<span class="${tr === "H" || tr === "D" ? "red" : ""}">${SUIT_SYMBOL[tr]}</span>` : "—");
  let rows = "";
  let lastPulka = null;
  const pulkaRows = (pk) => {
    const cells = (f) => [0, 1, 2, 3].map((s) => `<td>${f(s)}</td>`).join("");
    return `<tr class="pulka"><td colspan="3">${esc(t("sheet.pulka", { n: pk.no }))}</td>${cells((s) => pk.points[s])}</tr>` +
      `<tr class="premium"><td colspan="3">${esc(t("sheet.premium"))}</td>${cells((s) => (pk.premium[s] ? "+" + pk.premium[s] : ""))}</tr>` +
      `<tr class="premium"><td colspan="3">${esc(t("sheet.struck"))}</td>${cells((s) => (pk.struck[s] !== null && pk.struck[s] !== undefined ? "−" + Math.abs(pk.struck_points[s]) : ""))}</tr>` +
      `<tr class="total"><td colspan="3">${esc(t("sheet.total"))}</td>${cells((s) => pk.total[s])}</tr>`;
  };
  deals.forEach((d, i) => {
    if (lastPulka !== null && d.pulka !== lastPulka) {
      const pk = (v.pulkas || []).find((p) => p.no === lastPulka);
      if (pk) rows += pulkaRows(pk);
    }
    lastPulka = d.pulka;
    rows += `<tr data-testid="sheet-deal"><td>${d.no}</td><td>${d.cards}</td><td>${trumpCell(d.trump)}</td>` +
      [0, 1, 2, 3].map((s) => {
        const exact = d.bids[s] === d.taken[s];
        const struck = struckSet.has(i + ":" + s);
        return `<td class="pts ${exact ? "exact" : ""} ${d.points[s] < 0 ? "neg" : ""} ${struck ? "struck" : ""}"><sup class="bid">${d.bids[s] === 0 ? "–" : d.bids[s]}</sup>${d.points[s]}</td>`;
      }).join("") + `</tr>`;
  });
  if (lastPulka !== null) {
    const pk = (v.pulkas || []).find((p) => p.no === lastPulka);
    if (pk) rows += pulkaRows(pk);
  }
  if (v.phase !== "over" && v.bids && v.bids.some((b) => b !== null)) {
    rows += `<tr data-testid="sheet-current"><td>${v.deal_no}</td><td>${v.cards}</td><td>${v.phase === "trump" ? "?" : trumpCell(v.trump)}</td>` +
      [0, 1, 2, 3].map((s) => `<td class="pts"><sup class="bid">${v.bids[s] === null ? "" : v.bids[s] === 0 ? "–" : v.bids[s]}</sup></td>`).join("") + `</tr>`;
  }
  body = deals.length || rows ? `<div class="sheet-wrap"><table class="sheet" data-testid="sheet-table">${head}<tbody>${rows}</tbody></table></div>` +
    `<p class="summary-note">${esc(t("sheet.legend"))}</p>` : `<p>${esc(t("sheet.empty"))}</p>`;
  const footer = back ? `<footer><button type="button" class="btn" data-back-results="1" data-testid="sheet-back">${esc(t("joker.back"))}</button></footer>` : "";
  openDialog("sheet", `<header><h2>${esc(t("sheet.title"))}</h2>${back ? "" : closeBtn()}</header><div class="body">${body}</div>${footer}`,
    { wide: true, label: t("sheet.title") });
  if (back) $("#dialog [data-back-results]").addEventListener("click", () => closeDialog());
}

// --- how to play + the rules of the preset in play
function paragraphs(text) {
  const out = [];
  let list = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("• ")) { list.push(`<li>${esc(line.slice(2))}</li>`); continue; }
    if (list.length) { out.push(`<ul>${list.join("")}</ul>`); list = []; }
    if (line.trim()) out.push(`<p>${esc(line)}</p>`);
  }
  if (list.length) out.push(`<ul>${list.join("")}</ul>`);
  return out.join("");
}
function rulesText(rules, mode, preset) {
  const parts = [];
  const name = preset ? t("preset." + preset) : t("preset.custom");
  parts.push(`<h3>${esc(t("rules.preset_name", { preset: name }))}</h3>`);
  parts.push(`<p>${esc(t("rules.cards"))}</p>`);
  parts.push(`<p>${esc(t("rules.game." + mode))} ${esc(t("rules.first_dealer." + rules.first_dealer))}</p>`);
  parts.push(`<h3>${esc(t("bar.trump"))}</h3>`);
  if (mode === "full") parts.push(`<p>${esc(t("rules.trump.small"))}</p>`);
  parts.push(`<p>${esc(t("rules.trump." + rules.trump_in_nines))}</p>`);
  parts.push(`<h3>${esc(t("summary.bid"))}</h3><p>${esc(t("rules.bidding"))}</p>`);
  parts.push(`<h3>${esc(t("rules.heading_play"))}</h3><p>${esc(t("rules.play"))}</p>`);
  parts.push(`<h3>${esc(t("joker.title"))}</h3><ul>` +
    `<li>${esc(t("rules.joker.want"))} ${esc(t(rules.high_lead_trumpable ? "rules.joker.want_trumpable" : "rules.joker.want_safe"))}</li>` +
    `<li>${esc(t("rules.joker.under"))}</li><li>${esc(t("rules.joker.follow"))}</li></ul>`);
  parts.push(`<h3>${esc(t("summary.points"))}</h3><p>${esc(t("rules.scoring"))}</p>`);
  const k = rules.khishti;
  parts.push(`<p>${esc(k ? t("rules.khishti.on", { small: -k[0], nine: -k[1] }) : t("rules.khishti.off"))}</p>`);
  parts.push(`<p>${esc(t("rules.premium." + rules.premium))} ${esc(t("rules.premium.note"))}</p>`);
  parts.push(`<p>${esc(t("rules.end"))}</p>`);
  return parts.join("");
}
function openHelp(tab = "guide") {
  S.helpTab = tab;
  let rules, mode, preset;
  if (S.view && S.screen === "table") { rules = S.view.rules; mode = S.view.mode; preset = S.view.preset; }
  else { readSettingsForm(); rules = S.settings.rules; mode = S.settings.mode; preset = presetOf(rules); }
  const body = tab === "guide" ? paragraphs(t("help.guide") + "\n" + t("help.guide_more")) : rulesText(rules, mode, preset);
  openDialog("help", `<header><h2>${esc(t("help.title"))}</h2>${closeBtn()}</header>` +
    `<div class="tabs" role="tablist"><button type="button" class="btn" role="tab" data-tab="guide" data-testid="help-tab-guide" aria-selected="${tab === "guide"}">${esc(t("help.tab_guide"))}</button>` +
    `<button type="button" class="btn" role="tab" data-tab="rules" data-testid="help-tab-rules" aria-selected="${tab === "rules"}">${esc(t("help.tab_rules"))}</button></div>` +
    `<div class="body help" data-testid="help-body">${body}</div>`, { label: t("help.title") });
}

// ------------------------------------------------------------------ tap & drag on my hand
function bindHand() {
  const felt = $("#felt");
  let drag = null;
  let tapOnHand = false;  // a tap that began on my hand is a move, never a peek at the last trick
  felt.addEventListener("pointerdown", (e) => {
    const el = e.target.closest(".card.in-hand");
    tapOnHand = !!el;
    if (!el || e.button > 0) return;
    const key = el.dataset.key;
    if (!S.view || !(S.shown.hand || []).includes(key)) return;
    const r = felt.getBoundingClientRect();
    drag = { key, el, id: e.pointerId, x0: e.clientX, y0: e.clientY, ox: r.left, oy: r.top, moved: false };
    try { el.setPointerCapture(e.pointerId); } catch (err) { /* ignore */ }
  });
  felt.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x0, dy = e.clientY - drag.y0;
    if (!drag.moved && Math.hypot(dx, dy) < 8) return;
    if (!drag.moved) { drag.moved = true; drag.el.classList.add("dragging"); felt.classList.add("dragging-card"); }
    const L = board.L;
    const x = e.clientX - drag.ox, y = e.clientY - drag.oy;
    drag.el.style.transform = board.tf({ x, y, rot: 0, scale: 1.05 });
    $("#drop-zone").classList.toggle("hot", y < L.handTop - L.ch * 0.25);
  });
  const end = (e, cancel) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    d.el.classList.remove("dragging");
    felt.classList.remove("dragging-card");
    $("#drop-zone").classList.remove("hot");
    const n = board.nodes.get(d.key);
    if (n) n.tf = "";  // let the next sync put it back in place
    if (cancel) { render(); return; }
    if (!d.moved) { tryCard(d.key); return; }
    const L = board.L;
    const y = e.clientY - d.oy, x = e.clientX - d.ox;
    if (y < L.handTop - L.ch * 0.25) { render(); tryCard(d.key); return; }
    // reorder inside the hand
    const order = S.handOrder.filter((c) => c !== d.key);
    const idx = board.handIndexAt(x, S.handOrder.length);
    order.splice(idx, 0, d.key);
    S.handOrder = order;
    render();
  };
  felt.addEventListener("pointerup", (e) => end(e, false));
  felt.addEventListener("click", (e) => {
    if (drag || tapOnHand || S.dialog || S.screen !== "table" || !S.view || !S.view.last_trick) return;
    if (e.target.closest(".card.in-hand, .panel, .seat, button")) return;
    const L = board.L, r = felt.getBoundingClientRect();
    const x = e.clientX - r.left, y = e.clientY - r.top;
    const onTrick = e.target.closest(".card.in-trick");
    const inMiddle = Math.abs(x - L.cx) < L.cw * 1.6 && Math.abs(y - L.cy) < L.ch * 1.1;
    if (onTrick || inMiddle) openLast();
  });
  felt.addEventListener("pointercancel", (e) => end(e, true));
}

// ------------------------------------------------------------------ a new version (sw-register.js)
// A visible toast on every screen (and an entry in the menu); the game is saved after each move.
function updateReady() { return document.documentElement.dataset.update === "ready" && typeof window.jokerApplyUpdate === "function"; }
function showUpdate() {
  if (!updateReady()) return;
  toast("update.toast", {}, { id: "update", kind: "update", testid: "update-toast",
    action: { key: "update.reload", testid: "update-toast-apply", run: applyUpdate } });
}
function applyUpdate() { if (updateReady()) window.jokerApplyUpdate(); }

// ------------------------------------------------------------------ sound switch on the first screen
function renderSoundButton() {
  const b = $("#sound-toggle");
  if (!b) return;
  const on = sound.soundOn();
  b.setAttribute("aria-pressed", String(on));
  b.querySelector("span").textContent = t(on ? "menu.sound_on" : "menu.sound_off");
}

// ------------------------------------------------------------------ boot
async function boot() {
  board = new Board($("#felt"), $("#cards"));
  for (const art of ["joker-red", "joker-black", "back"]) new Image().src = `cards/${art}.svg`;  // ready before first use
  S.settings = loadSettings();
  applyPace();
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) document.documentElement.classList.add("reduce-motion");
  startLoadingBar();
  await loadStrings();
  bindSettings();
  bindPanel();
  bindDialogs();
  bindHand();
  retranslate();
  $("#settings-title").dataset.ready = "1";
  document.documentElement.dataset.ui = "ready";
  window.addEventListener("resize", () => requestRender());
  window.addEventListener("joker:update-ready", showUpdate);
  showUpdate();
  $("#sound-toggle").addEventListener("click", () => { sound.setSound(!sound.soundOn()); sound.unlock(); renderSoundButton(); });
  $("#settings-stats").addEventListener("click", () => { S.statsSel = null; S.statsMsg = null; S.statsConfirm = false; openStats(); });
  $("#last-button").addEventListener("click", openLast);
  store.onProblem(storageProblem);
  engineReady.then(checkStoredData);
  // Test / debugging hooks: the state the table shows (read-only copies), the sounds asked for,
  // and the language switch (as the buttons do it).
  window.jokerUI = {
    state: () => JSON.parse(JSON.stringify({ view: S.view, shown: S.shown, hand: S.handOrder, dialog: S.dialog })),
    sounds: () => sound.history(),
    setLang: (l) => { setLang(l); retranslate(); },
  };
}

boot();

// The Score pad screen: the paper sheet of a game played with real cards, kept by joker.pad.
// This module enters and leaves the screen, switches its views (list / setup / pad), sends every
// entry to Python and stores the answer at once. An entry is made on the text that is stored now,
// and only if that is the text this tab last showed: another tab's entry is shown, never
// overwritten (the storage event says so sooner). The page decides no rule: refusals, the
// dealer's forbidden number, points, premiums and totals all come from the engine's answer.
import { t, onLangChange } from "./i18n.js";
import { $ } from "./dom.js";
import { html } from "./html.js";
import * as engine from "./engine.js";
import { S } from "./state.js";
import { P } from "./pad-state.js";
import * as ps from "./pad-store.js";
import { listMarkup } from "./pad-list.js";
import { setupMarkup, startSetup, readSetup, setupOpts, useRecent } from "./pad-setup.js";
import { dealMarkup, statusText, dealButtons } from "./pad-deal.js";
import { sheetMarkup } from "./pad-sheet.js";
import { shareMarkup, exportButtons } from "./pad-export.js";
import { lateStyle } from "./styles.js";

function showScreen(on) {
  S.screen = on ? "pad" : "settings";
  $("#app").dataset.screen = S.screen;
  $("#settings").hidden = on;
  $("#pad").hidden = !on;
}

export async function openPadScreen() {
  await lateStyle("./css/pad.css");
  showScreen(true);
  await showList();
}

function leave() {
  P.gen += 1;
  Object.assign(P, { id: null, known: null, sheet: null, editing: null, taken: null, refusal: null, note: null,
                     sharing: false, confirmDelete: null, view: "list" });
  showScreen(false);
  $("#pad-button")?.focus();
}

// ---- the list of saved pads -----------------------------------------------------------------

export async function showList() {
  P.gen += 1;
  const gen = P.gen;
  Object.assign(P, { view: "list", id: null, known: null, sheet: null, editing: null, taken: null, refusal: null,
                     sharing: false, list: null });
  renderPad();
  const ids = ps.padIds();
  const texts = ids.map((id) => ps.readPad(id));
  const sums = await engine.padSummaries(texts);
  if (gen !== P.gen) return;
  const list = [];
  ids.forEach((id, i) => {
    const s = Array.isArray(sums) ? sums[i] : null;
    if (s && s.ok) list.push({ id, summary: s });
    else if (texts[i] !== null) ps.setPadAside(id, texts[i]);
  });
  list.sort((a, b) => b.summary.updated - a.summary.updated);
  P.list = list;
  renderPad();
}

// ---- one pad ----------------------------------------------------------------------------

export async function openPad(id) {
  const text = ps.readPad(id);
  const res = text === null ? { ok: false } : await engine.padOpen(text);
  if (!res.ok) {
    if (text !== null) ps.setPadAside(id, text);
    await showList();
    return;
  }
  P.gen += 1;
  Object.assign(P, { view: "pad", id, known: text, unsaved: false, sheet: res.sheet, refusal: null, editing: null,
                     taken: null, note: null, sharing: false });
  renderPad();
}

async function createPad() {
  readSetup();
  if (P.pending) return;
  P.pending = true;
  renderPad();
  const res = await engine.padNew(setupOpts());
  P.pending = false;
  if (!res.ok) {
    P.refusal = { reason: res.reason, params: res.params || {} };
    renderPad();
    return;
  }
  const id = ps.newId();
  ps.rememberNames(P.setup.names);
  P.gen += 1;
  Object.assign(P, { view: "pad", id, known: res.text, sheet: res.sheet, refusal: null, editing: null, taken: null,
                     note: null, sharing: false, setup: null });
  P.unsaved = !ps.writePad(id, res.text);
  renderPad();
}

// Another tab changed (or removed) the open pad: show what is stored now.
async function reloadOpen(note) {
  const id = P.id;
  const text = ps.readPad(id);
  if (text === null) { await showList(); P.note = "pad.gone"; renderPad(); return; }
  const res = await engine.padOpen(text);
  if (id !== P.id) return;
  if (!res.ok) { ps.setPadAside(id, text); await showList(); return; }
  Object.assign(P, { known: text, unsaved: false, sheet: res.sheet, editing: null, taken: null, note, refusal: null });
  renderPad();
}

// One entry: {op: "bid" | "bids" | "taken" | "trump" | "correct" | "undo", ...}. True if made.
export async function send(action) {
  if (P.pending || !P.id) return false;
  const stored = ps.readPad(P.id);
  if (!P.unsaved && stored !== P.known) { await reloadOpen("pad.changed"); return false; }
  const gen = P.gen;
  P.pending = true;
  renderPad();
  const res = await engine.padAct(P.unsaved ? P.known : stored, action);
  P.pending = false;
  if (gen !== P.gen) return false;
  P.note = null;
  if (!res.ok) {
    if (res.reason === "pad_corrupt" || res.reason === "pad_version") {
      ps.setPadAside(P.id, stored);
      await showList();
      return false;
    }
    P.refusal = { reason: res.reason, params: res.params || {} };
    renderPad();
    return false;
  }
  P.known = res.text;
  P.sheet = res.sheet;
  P.refusal = null;
  P.unsaved = !ps.writePad(P.id, res.text);
  renderPad();
  return true;
}

// ---- drawing ---------------------------------------------------------------------------------

function titleText() {
  if (P.view === "setup") return t("pad.new_title");
  if (P.view === "pad" && P.sheet) return P.sheet.players.join(" · ");
  return t("pad.title");
}

export function renderPad() {
  const root = $("#pad");
  if (!root) return;
  const sh = P.view === "pad" ? P.sheet : null;
  Object.assign(root.dataset, {
    view: P.view, busy: P.pending ? "1" : "", step: sh ? sh.step : "", deal: sh && sh.deal_no ? String(sh.deal_no) : "",
    bidder: sh && sh.bidder !== null ? String(sh.bidder) : "", editing: P.editing ? String(P.editing.deal) : "",
  });
  $("#pad-title").textContent = titleText();
  $("#pad-share").hidden = P.view !== "pad";
  $("#pad-undo").hidden = P.view !== "pad";
  $("#pad-undo").disabled = !sh || !sh.can_undo || P.pending;
  const body = $("#pad-body");
  const focused = document.activeElement && body.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
  if (P.view === "list") body.innerHTML = String(listMarkup());
  else if (P.view === "setup") body.innerHTML = String(setupMarkup());
  else body.innerHTML = String(html`<div class="pad-main">${sheetMarkup()}<div class="pad-entry" data-testid="pad-entry">${P.sharing ? shareMarkup() : dealMarkup()}</div></div>`);
  const status = $("#pad-status");
  const st = statusText();
  status.textContent = st.text;
  status.dataset.reason = st.reason || "";
  status.classList.toggle("bad", !!P.refusal);
  if (focused) body.querySelector(`[data-testid="${focused}"]`)?.focus({ preventScroll: true });
  if (P.view === "pad") body.querySelector(".pad-sheet-wrap tr.current")?.scrollIntoView({ block: "nearest" });
}

// ---- input -------------------------------------------------------------------------------

// Buttons name their action with a data attribute (data-pad-open="<id>" -> padOpen(id, ctx)).
const ctx = { send, render: () => renderPad() };
const handlers = {
  padNew: () => { startSetup(); P.refusal = null; P.view = "setup"; renderPad(); },
  padStart: () => createPad(),
  padOpen: (id) => openPad(id),
  padDelete: (id) => { P.confirmDelete = id; renderPad(); },
  padDeleteYes: (id) => { ps.removePad(id); P.confirmDelete = null; showList(); },
  padDeleteNo: () => { P.confirmDelete = null; renderPad(); },
  padChip: (name) => { readSetup(); useRecent(name); renderPad(); },
  ...dealButtons,
  ...exportButtons,
};

export function bindPad() {
  $("#pad-button").addEventListener("click", () => openPadScreen());
  $("#pad-back").addEventListener("click", () => {
    if (P.view === "list") leave();
    else showList();
  });
  $("#pad-undo").addEventListener("click", () => { P.editing = null; P.taken = null; send({ op: "undo" }); });
  $("#pad-share").addEventListener("click", () => { P.sharing = !P.sharing; P.editing = null; renderPad(); });
  $("#pad").addEventListener("click", (e) => {
    const b = e.target.closest("button, tr[data-pad-edit]");
    if (!b || b.disabled) return;
    for (const [key, value] of Object.entries(b.dataset)) {
      if (handlers[key]) { e.preventDefault(); handlers[key](value, ctx); return; }
    }
  });
  $("#pad").addEventListener("change", (e) => {
    if (P.view !== "setup" || e.target.name === "pad-name") return;
    readSetup(e.target);
    renderPad();
  });
  $("#pad").addEventListener("input", (e) => { if (P.view === "setup" && e.target.name === "pad-name") readSetup(e.target); });
  $("#pad").addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); $("#pad-back").click(); return; }
    const row = e.target.closest("tr[data-pad-edit]");
    if (row && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); handlers.padEdit(row.dataset.padEdit, ctx); return; }
    // Digits bid at once, as on the table's bid panel.
    if (P.view === "pad" && P.sheet?.step === "bids" && !P.editing && /^[0-9]$/.test(e.key) && !e.target.matches("input")) {
      e.preventDefault();
      send({ op: "bid", bid: Number(e.key) });
    }
  });
  window.addEventListener("storage", (e) => {
    if (S.screen !== "pad" || (e.storageArea && e.storageArea !== localStorage)) return;
    if (P.view === "pad" && P.id && (e.key === null || e.key === ps.padKey(P.id)) && ps.readPad(P.id) !== P.known) reloadOpen("pad.changed");
    else if (P.view === "list" && (e.key === null || ps.idOfKey(e.key))) showList();
  });
}

onLangChange(() => { if (S.screen === "pad") renderPad(); });


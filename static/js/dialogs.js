// The dialog frame: one overlay, one dialog at a time. Each dialog lives in its own module and
// registers itself here (defineDialog) with how to open it afresh, how to draw it again (after a
// language switch) and what Esc does; its buttons name their action with a data attribute
// (onButton). The deal table and the results cannot be dismissed: a dialog opened over them
// returns to them when it closes.
import { t, onLangChange } from "./i18n.js";
import { $ } from "./dom.js";
import { html } from "./html.js";
import { S } from "./state.js";
import { setAttrs, requestRender } from "./table.js";
import { renderPanel } from "./panels.js";
import { renderStatus } from "./status.js";

const dialogs = new Map();   // name -> {open(), reopen(), escape(), modal}
// Changes whenever a dialog closes or another one opens. A dialog drawn after an engine call
// (statistics, a replay, a review) checks it did not change meanwhile: a window the player closed
// while its figures were on the way must not pop up again when they arrive.
let epoch = 0;
export const dialogEpoch = () => epoch;
const buttons = new Map();   // data-* key of a button -> handler(value, button)

// def: {open: open afresh, reopen: draw again as it is (default open), escape: Esc (default
// close; null: Esc does nothing), modal: true if a click outside does not close it}
export function defineDialog(name, def) {
  dialogs.set(name, { reopen: def.open, escape: closeDialog, modal: false, ...def });
}
export function onButton(key, handler) { buttons.set(key, handler); }
export function openNamed(name) { dialogs.get(name).open(); }

export const closeButton = () => html`<button type="button" class="icon-btn" data-close="1" data-testid="dialog-close" aria-label="${t("menu.close")}">✕</button>`;

function refreshTable() {
  renderPanel(S.view);
  setAttrs();
  renderStatus();
}

export function openDialog(name, markup, opts = {}) {
  if (["summary", "results"].includes(S.dialog) && S.dialog !== name) S.returnTo = S.dialog;
  const d = $("#dialog");
  const active = document.activeElement;
  const prevFocus = S.dialog === name && active && d.contains(active) ? active.dataset.testid : null;
  if (!S.dialog) S.focusBefore = active;  // focus goes back there when the dialog closes
  if (S.dialog !== name && S.refusal) {  // a window opened: the refusal it covers has had its say
    S.refusal = null;
    requestRender();
  }
  if (S.dialog !== name) epoch += 1;
  S.dialog = name;
  d.className = "dialog" + (opts.wide ? " wide" : "");
  d.dataset.testid = "dialog-" + name;
  d.setAttribute("aria-label", opts.label || name);
  d.innerHTML = String(markup);
  $("#overlay").hidden = false;
  $("#overlay").dataset.dialog = name;
  refreshTable();
  // Drawing the same dialog again (a tab, a language) keeps the focus on the same control.
  const again = prevFocus && d.querySelector(`[data-testid="${prevFocus}"]`);
  const focus = again || d.querySelector("[data-autofocus]") || d.querySelector("button");
  if (focus) focus.focus({ preventScroll: true });
}

export function closeDialog() {
  epoch += 1;
  const back = S.returnTo;
  S.returnTo = null;
  S.stuck = null;  // a bot move that failed is tried again
  if (back && S.dialog !== back && S.screen === "table") {
    S.dialog = null;
    if ((back === "summary" && S.waitNext) || back === "results") { dialogs.get(back).reopen(); return; }
  }
  S.dialog = null;
  $("#overlay").hidden = true;
  $("#dialog").innerHTML = "";
  if (S.screen === "table") refreshTable();
  const prevEl = S.focusBefore;
  S.focusBefore = null;
  if (prevEl && prevEl.isConnected && prevEl !== document.body && !prevEl.closest("[hidden]")) prevEl.focus({ preventScroll: true });
}

// Esc: what the open dialog says (close, by default); true if there was a dialog.
export function escapeDialog() {
  if (!S.dialog) return false;
  const esc = dialogs.get(S.dialog).escape;
  if (esc) esc();
  return true;
}

export function bindDialogs() {
  const overlay = $("#overlay");
  overlay.addEventListener("click", (e) => {
    if (e.target === overlay) {
      if (!dialogs.get(S.dialog)?.modal) closeDialog();
      return;
    }
    const b = e.target.closest("button");
    if (!b) return;
    for (const [key, value] of Object.entries(b.dataset)) {
      const handler = buttons.get(key);
      if (handler) { handler(value, b); return; }
    }
  });
  onButton("close", closeDialog);
  onButton("open", (name) => openNamed(name));
}

onLangChange(() => { if (S.screen === "table" && S.dialog) dialogs.get(S.dialog).reopen(); });

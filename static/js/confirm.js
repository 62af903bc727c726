// The questions asked before a game is left: "New game?" from the menu (YES leaves the table; the
// game stays saved for CONTINUE), and on the first screen, PLAY with a saved game asks "Leave the
// game at deal N?" before a new game (or the daily deal) replaces the save (unless the menu has
// just asked).
import { t } from "./i18n.js";
import { html } from "./html.js";
import { S } from "./state.js";
import { readSave, saveMeta } from "./saving.js";
import { defineDialog, onButton, openDialog, closeDialog } from "./dialogs.js";
import { leaveTable, startNew } from "./flow.js";

export function openConfirm() {
  openDialog("confirm", html`<header><h2>${t("menu.new")}</h2></header><div class="body"><p>${t("menu.confirm_new")}</p></div>` +
    html`<footer><button type="button" class="btn" data-confirm="no" data-testid="confirm-no">${t("menu.no")}</button>` +
    html`<button type="button" class="btn btn-primary" data-confirm="yes" data-testid="confirm-yes">${t("menu.yes")}</button></footer>`,
    { label: t("menu.new") });
}

function openLeave() {
  const meta = saveMeta();
  const question = meta ? t("settings.leave_save", { no: meta.deal_no }) : t("settings.leave_saved");
  openDialog("leave", html`<header><h2>${t("menu.new")}</h2></header><div class="body"><p data-testid="leave-question">${question}</p></div>` +
    html`<footer><button type="button" class="btn btn-primary" data-leave="no" data-testid="leave-no" data-autofocus>${t("menu.no")}</button>` +
    html`<button type="button" class="btn" data-leave="yes" data-testid="leave-yes">${t("settings.leave_yes")}</button></footer>`,
    { label: t("menu.new") });
}

// PLAY (or the daily deal) on the first screen: a saved game is never replaced without the
// player's word. start: what begins the new game once the answer is YES.
let pending = startNew;
export function askBeforePlay(start = startNew) {
  pending = start;
  if (readSave() && !S.leaveAsked) openLeave();
  else start();
}

defineDialog("confirm", { open: openConfirm, modal: true });
defineDialog("leave", { open: openLeave, modal: true });
onButton("confirm", (answer) => {
  if (answer !== "yes") { closeDialog(); return; }
  S.leaveAsked = true;  // PLAY on the first screen need not ask again
  leaveTable();
});
onButton("leave", (answer) => {
  closeDialog();
  if (answer === "yes") pending();
});

// "New game?" from the menu: YES leaves the table (the game stays saved for CONTINUE).
import { t } from "./i18n.js";
import { html } from "./html.js";
import { defineDialog, onButton, openDialog, closeDialog } from "./dialogs.js";
import { leaveTable } from "./flow.js";

export function openConfirm() {
  openDialog("confirm", html`<header><h2>${t("menu.new")}</h2></header><div class="body"><p>${t("menu.confirm_new")}</p></div>` +
    html`<footer><button type="button" class="btn" data-confirm="no" data-testid="confirm-no">${t("menu.no")}</button>` +
    html`<button type="button" class="btn btn-primary" data-confirm="yes" data-testid="confirm-yes">${t("menu.yes")}</button></footer>`,
    { label: t("menu.new") });
}

defineDialog("confirm", { open: openConfirm, modal: true });
onButton("confirm", (answer) => (answer === "yes" ? leaveTable() : closeDialog()));

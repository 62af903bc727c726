// Pause (from the menu): the bots wait until RESUME (or Esc).
import { t } from "./i18n.js";
import { html } from "./html.js";
import { S } from "./state.js";
import { render } from "./table.js";
import { defineDialog, onButton, openDialog, closeDialog } from "./dialogs.js";

function openPaused() {
  openDialog("paused", html`<header><h2>${t("status.paused")}</h2></header><footer>` +
    html`<button type="button" class="btn btn-primary" data-resume="1" data-testid="resume" data-autofocus>${t("menu.resume")}</button></footer>`,
    { label: t("status.paused") });
}

export function pause() {
  closeDialog();
  S.paused = true;
  openPaused();
}

export function resume() {
  S.paused = false;
  closeDialog();
  render();
}

defineDialog("paused", { open: openPaused, escape: resume, modal: true });
onButton("resume", resume);

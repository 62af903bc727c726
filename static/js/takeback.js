// Take-back (a setting, off by default): undo my own last action against the bots, with the
// bots' replies that followed it. The engine restores exactly the game before that action
// (joker.replay.take_back); the table shows it afresh, and the game is marked coached.
import { t } from "./i18n.js";
import * as store from "./store.js";
import * as engine from "./engine.js";
import { html } from "./html.js";
import { S } from "./state.js";
import { writeSave } from "./saving.js";
import { board, render } from "./table.js";
import { onButton, closeDialog, openNamed } from "./dialogs.js";
import { markCoached } from "./coached.js";
import { refuse } from "./flow.js";

const KEY = store.key("takeback");

export function takeBackOn() {
  const v = store.read(KEY);
  if (v !== null && v !== "on" && v !== "off") { store.setAside(KEY, v); return false; }
  return v === "on";
}

// The menu's lines: the setting, and (when on) the take-back itself.
export function takeBackMenu() {
  const on = takeBackOn();
  return html`<button type="button" class="btn" data-takeback-setting="1" data-testid="menu-takeback-setting" aria-pressed="${String(on)}">${t(on ? "coach.takeback_on" : "coach.takeback_off")}</button>` +
    (on ? html`<button type="button" class="btn" data-takeback="1" data-testid="menu-takeback">${t("coach.takeback")}</button>` : "") +
    (S.view && S.view.deals.length ? html`<button type="button" class="btn" data-review="1" data-testid="menu-review">${t("coach.review_menu")}</button>` : "");
}

export async function takeBack() {
  if (!takeBackOn() || S.screen !== "table" || S.acting) return;
  S.acting = true;
  let res;
  try { res = await engine.takeBack(); } finally { S.acting = false; }
  if (!res.ok) { closeDialog(); refuse(res.reason || "no_take_back", {}); return; }
  markCoached("takeback");
  S.gen += 1;   // an animation or a bot move still under way belongs to the undone line: dropped
  Object.assign(S, { view: res.view, shown: res.view, busy: false, joker: null, refusal: null, note: null,
                     holdWinner: null, collectTo: null, collecting: null, kbd: null, waitNext: null, intro: null });
  S.actions += 1;
  writeSave(res);
  closeDialog();
  board.clear();
  render();
}

onButton("takebackSetting", () => {
  store.write(KEY, takeBackOn() ? "off" : "on", "storage.what.settings");
  openNamed("menu");
});
onButton("takeback", () => takeBack());

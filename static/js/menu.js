// The menu (top-left button): pause, new game, sound, score sheet, statistics, help, sort my hand,
// a waiting update, speed and language.
import { t, getLang, setLang } from "./i18n.js";
import * as sound from "./sound.js";
import { $ } from "./dom.js";
import { html } from "./html.js";
import { S } from "./state.js";
import { SPEEDS, paceName, storeSettings, applyPace } from "./settings.js";
import { updateReady, applyUpdate } from "./toasts.js";
import { render } from "./table.js";
import { defineDialog, onButton, openDialog, closeDialog, closeButton } from "./dialogs.js";
import { openConfirm } from "./confirm.js";
import { pause } from "./paused.js";
import { takeBackMenu } from "./takeback.js";

const LANGS = ["ka", "ru", "en"];

export function openMenu() {
  const speed = paceName();
  const markup = html`<header><h2>${t("menu.title")}</h2>${closeButton()}</header><div class="body"><div class="menu-list">` +
    (S.paused ? html`<button type="button" class="btn" data-resume="1" data-testid="menu-resume">${t("menu.resume")}</button>`
              : html`<button type="button" class="btn" data-menu="pause" data-testid="menu-pause">${t("menu.pause")}</button>`) +
    html`<button type="button" class="btn" data-menu="new" data-testid="menu-new">${t("menu.new")}</button>` +
    takeBackMenu() +
    html`<button type="button" class="btn" data-menu="sound" data-testid="menu-sound" aria-pressed="${String(sound.soundOn())}">${t(sound.soundOn() ? "menu.sound_on" : "menu.sound_off")}</button>` +
    html`<button type="button" class="btn" data-open="sheet" data-testid="menu-sheet">${t("menu.sheet")}</button>` +
    html`<button type="button" class="btn" data-open="stats" data-testid="menu-stats">${t("stats.title")}</button>` +
    html`<button type="button" class="btn" data-open="help" data-testid="menu-help">${t("menu.help")}</button>` +
    html`<button type="button" class="btn" data-menu="sort" data-testid="menu-sort">${t("menu.sort")}</button>` +
    (updateReady() ? html`<button type="button" class="btn btn-primary" data-update-apply="1" data-testid="menu-update">${t("update.apply")}</button>` : "") +
    html`<div class="row-btns" role="group" aria-labelledby="menu-speed-label"><span class="row-label" id="menu-speed-label" data-testid="menu-speed-label">${t("settings.speed")}</span>` +
    SPEEDS.map((s) => html`<button type="button" class="btn" data-speed="${s}" data-testid="menu-speed-${s}" aria-pressed="${String(speed === s || (s === "fast" && speed === "instant"))}">${t("speed." + s)}</button>`).join("") +
    html`</div><div class="row-btns" role="group" aria-labelledby="menu-lang-label"><span class="row-label" id="menu-lang-label" data-testid="menu-lang-label">${t("lang.label")}</span>` +
    LANGS.map((l) => html`<button type="button" class="btn" data-lang="${l}" data-testid="menu-lang-${l}" aria-pressed="${String(getLang() === l)}">${t("lang." + l)}</button>`).join("") +
    `</div></div></div>`;
  openDialog("menu", markup, { label: t("menu.title") });
}

defineDialog("menu", { open: openMenu });

onButton("menu", (what) => {
  if (what === "pause") pause();
  else if (what === "new") openConfirm();
  else if (what === "sound") { sound.setSound(!sound.soundOn()); sound.unlock(); openMenu(); }
  else if (what === "sort") { S.handKey = ""; closeDialog(); render(); }
});
onButton("speed", (speed) => { S.settings.speed = speed; storeSettings(); applyPace(); openMenu(); });
onButton("lang", (lang) => setLang(lang));
onButton("updateApply", () => applyUpdate());

export function bindMenu() { $("#menu-button").addEventListener("click", openMenu); }

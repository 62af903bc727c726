// The first screen: the settings form (level, game, rules preset and options, speed), the
// CONTINUE button with what it continues, the notice line and the sound switch. The choices of
// level, game, preset and each rule option are the package's (facts.js); index.html only says
// where each group goes.
import { t, translateDom, getLang, setLang, onLangChange } from "./i18n.js";
import * as sound from "./sound.js";
import { $, $$ } from "./dom.js";
import { fitter, wider } from "./fit.js";
import { S } from "./state.js";
import { html } from "./html.js";
import { levels, modeNames, dealsOf, presets, optionNames, optionValues } from "./facts.js";
import { storeSettings, presetOf, optionValue, optionRule, applyPace } from "./settings.js";
import { readSave, saveMeta } from "./saving.js";

// The text of one choice in the current language.
export function choiceLabel(name, value) {
  if (name === "mode") return `${t("mode." + value)} · ${t("mode.deals", { n: dealsOf(value) })}`;
  if (name === "level" || name === "preset") return t(`${name}.${value}`);
  if (typeof value === "boolean") return t(value ? "opt.on" : "opt.off");
  if (value === null) return t(`opt.${name}.off`);
  if (Array.isArray(value)) {
    const [small, nine] = value;
    return small === nine ? t(`opt.${name}.always`, { points: small }) : t(`opt.${name}.pair`, { small, nine });
  }
  return t(`opt.${name}.${value}`);
}

const choiceLabels = [];  // [span, name, value]: relabelled when the language changes

function radios(name, values, testid) {
  return values.map((value) => {
    const v = optionValue(value);
    return html`<label data-testid="${testid(v)}"><input type="radio" name="${name}" value="${v}"><span data-choice="${name}"></span></label>`;
  });
}

// The choices, from the package's facts: once, at start.
export function buildSettingsForm() {
  const groups = { level: levels(), mode: modeNames(), preset: Object.keys(presets()) };
  for (const [name, values] of Object.entries(groups)) {
    $(`[data-choices="${name}"]`).insertAdjacentHTML("beforeend", String(html`${radios(name, values, (v) => `${name}-${v}`)}`));
  }
  for (const name of optionNames()) {
    const row = $(`[data-option="${name}"]`);
    row.insertAdjacentHTML("beforeend", String(html`<div class="seg seg-small" role="radiogroup" data-opt="${name}">${
      radios(name, optionValues(name), (v) => `opt-${name}-${v}`)}</div>`));
  }
  for (const span of $$("[data-choice]")) {
    const name = span.dataset.choice;
    const radio = span.previousElementSibling.value;
    choiceLabels.push([span, name, name in groups ? radio : optionRule(name, radio)]);
  }
  for (const row of $$("[data-choices]")) {
    const fit = fitter(row, "narrow", (box) => wider(box) || $$("label", box).some(wider));
    choiceRows.push(() => fit([row, ...$$("label", row)]));
  }
  addEventListener("resize", refitChoices);
}

// The rows of levels, games and rule sets go two to a row where their names do not fit four or three
// to a row (table.css .seg.narrow), measured again when the names or the window change.
const choiceRows = [];
function refitChoices() { for (const fit of choiceRows) fit(); }

function setRadio(name, value) {
  const el = $(`input[name="${name}"][value="${value}"]`);
  if (el) el.checked = true;
}

export function fillSettingsForm() {
  const s = S.settings;
  setRadio("level", s.level);
  setRadio("mode", s.mode);
  setRadio("speed", s.speed);
  for (const name of optionNames()) setRadio(name, optionValue(s.rules[name]));
  const p = presetOf(s.rules);
  $$('input[name="preset"]').forEach((el) => { el.checked = el.value === p; });
  $("#preset-hint").textContent = p ? t(`preset.${p}.hint`) : t("preset.custom");
}

const checked = (name) => $(`input[name="${name}"]:checked`)?.value;

// The form into S.settings (what is not checked keeps its value). A preset's click only
// replaces the rule options.
export function readSettingsForm({ rules = true } = {}) {
  const s = S.settings;
  for (const name of ["level", "mode", "speed"]) s[name] = checked(name) || s[name];
  if (rules) {
    s.rules = Object.fromEntries(optionNames().map((name) => {
      const v = optionRule(name, checked(name));
      return [name, v === undefined ? s.rules[name] : v];
    }));
  }
}

export function bindSettings() {
  $("#settings").addEventListener("change", (e) => {
    const el = e.target;
    if (el.name === "preset") {
      S.settings.rules = { ...presets()[el.value] };
      readSettingsForm({ rules: false });
      fillSettingsForm();
    } else {
      readSettingsForm();
      fillSettingsForm();
      applyPace();
    }
    storeSettings();
  });
  $$("[data-lang]").forEach((b) => b.addEventListener("click", () => setLang(b.dataset.lang)));
  $("#sound-toggle").addEventListener("click", () => { sound.setSound(!sound.soundOn()); sound.unlock(); renderSoundButton(); });
}

// With a saved game CONTINUE is the main button (first, in the primary colour); PLAY asks before
// it replaces the save (confirm.js).
export function refreshContinue() {
  const text = readSave();
  $("#continue").hidden = !text;
  $("#continue").classList.toggle("btn-primary", !!text);
  $("#play").classList.toggle("btn-primary", !text);
  $(".start-buttons").dataset.primary = text ? "continue" : "play";
  const meta = saveMeta();
  $("#continue-hint").textContent = meta && meta.deal_no
    ? t("settings.continue_hint", { deal: meta.deal_no, total: meta.deals_total, mode: t("mode." + meta.mode) }) : "";
}

export function showNotice(key) {
  const n = $("#notice");
  n.textContent = t(key);
  n.dataset.reason = key;
  n.hidden = false;
}

export function hideNotice() { $("#notice").hidden = true; }

export function renderSoundButton() {
  const b = $("#sound-toggle");
  if (!b) return;
  const on = sound.soundOn();
  b.setAttribute("aria-pressed", String(on));
  b.querySelector("span").textContent = t(on ? "menu.sound_on" : "menu.sound_off");
}

onLangChange(() => {
  translateDom();
  for (const [span, name, value] of choiceLabels) span.textContent = choiceLabel(name, value);
  refitChoices();
  document.title = t("app.title");
  $$("[data-lang]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.lang === getLang())));
  fillSettingsForm();
  refreshContinue();
  renderSoundButton();
});

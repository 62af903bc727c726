// The first screen: the settings form (level, game, rules preset and options, speed), the
// CONTINUE button with what it continues, the notice line and the sound switch.
import { t, translateDom, getLang, setLang, onLangChange } from "./i18n.js";
import * as sound from "./sound.js";
import { $, $$ } from "./dom.js";
import { S } from "./state.js";
import { PRESETS, storeSettings, presetOf, khishtiValue, khishtiRule, applyPace } from "./settings.js";
import { readSave, saveMeta } from "./saving.js";

function setRadio(name, value) {
  const el = $(`input[name="${name}"][value="${value}"]`);
  if (el) el.checked = true;
}

export function fillSettingsForm() {
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

const checked = (name) => $(`input[name="${name}"]:checked`)?.value;

export function readSettingsForm() {
  S.settings.level = checked("level") || "medium";
  S.settings.mode = checked("mode") || "full";
  S.settings.speed = checked("speed") || "normal";
  S.settings.rules = {
    trump_in_nines: checked("trump_in_nines"),
    high_lead_trumpable: checked("high_lead_trumpable") === "on",
    khishti: khishtiRule(checked("khishti")),
    premium: checked("premium"),
    first_dealer: checked("first_dealer"),
  };
}

// A preset replaces the rule options; level, game and speed stay as chosen.
function readLevelModeSpeed() {
  S.settings.level = checked("level") || S.settings.level;
  S.settings.mode = checked("mode") || S.settings.mode;
  S.settings.speed = checked("speed") || S.settings.speed;
}

export function bindSettings() {
  $("#settings").addEventListener("change", (e) => {
    const el = e.target;
    if (el.name === "preset") {
      S.settings.rules = { ...PRESETS[el.value] };
      readLevelModeSpeed();
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

export function refreshContinue() {
  const text = readSave();
  $("#continue").hidden = !text;
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
  document.title = t("app.title");
  $$("[data-lang]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.lang === getLang())));
  fillSettingsForm();
  refreshContinue();
  renderSoundButton();
});

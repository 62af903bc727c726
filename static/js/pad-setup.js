// A new score pad: four names (recent ones a tap away), full game or nines, the same rules editor
// as a new game (a preset, then every option), and who deals first — a seat, or a draw when the
// rules deal the first deal at random. Under "deal for aces" the table has found the dealer with
// real cards: the pad only asks whose seat it was. Python checks everything (joker.pad_api.new).
import { t } from "./i18n.js";
import { $, $$ } from "./dom.js";
import { html } from "./html.js";
import { S } from "./state.js";
import { modeNames, presets, optionNames, optionValues, defaults } from "./facts.js";
import { presetOf, optionValue, optionRule } from "./settings.js";
import { choiceLabel } from "./first-screen.js";
import { P } from "./pad-state.js";
import { recentNames } from "./pad-store.js";

export function startSetup() {
  const s = S.settings || {};
  const rules = { ...(s.rules || presets()[defaults().preset]) };
  P.setup = { names: ["", "", "", ""], mode: s.mode || defaults().mode, rules,
              first: rules.first_dealer === "random" ? "random" : null };
}

function radio(group, value, label, checked, testid) {
  return html`<label data-testid="${testid}"><input type="radio" name="${group}" value="${value}" ${checked ? "checked" : ""}><span>${label}</span></label>`;
}

function firstDealerMarkup(st) {
  const aces = st.rules.first_dealer === "aces";
  const seats = [0, 1, 2, 3].map((i) => radio("pad-first", String(i), st.names[i].trim() || t("pad.seat", { no: i + 1 }),
    st.first === i, `pad-first-${i}`));
  const draw = aces ? "" : radio("pad-first", "random", t("pad.first_random"), st.first === "random", "pad-first-random");
  return html`<fieldset class="seg ${aces ? "" : "seg-5"}" data-testid="pad-first">
    <legend>${t("opt.first_dealer")}</legend>${seats}${draw}</fieldset>
    <p class="preset-hint">${t(aces ? "pad.aces_hint" : "pad.first_hint")}</p>`;
}

export function setupMarkup() {
  const st = P.setup;
  const recent = recentNames().filter((n) => !st.names.some((m) => m.trim().toLowerCase() === n.toLowerCase()));
  const preset = presetOf(st.rules);
  const names = [0, 1, 2, 3].map((i) => html`<label class="pad-name"><span>${t("pad.seat", { no: i + 1 })}</span>
      <input type="text" name="pad-name" maxlength="30" autocomplete="off" enterkeyhint="next" list="pad-recent"
        data-testid="pad-name-${i}" value="${st.names[i]}" placeholder="${t("pad.name_placeholder")}"></label>`);
  const options = optionNames().map((name) => html`<div class="opt-row"><span class="opt-label">${t("opt." + name)}</span>
      <div class="seg seg-small" role="radiogroup">${optionValues(name).map((v) => radio("pad-opt-" + name, optionValue(v),
        choiceLabel(name, v), optionValue(st.rules[name]) === optionValue(v), `pad-opt-${name}-${optionValue(v)}`))}</div></div>`);
  return html`<div class="pad-setup" data-testid="pad-setup">
    <fieldset class="pad-names"><legend>${t("pad.players")}</legend>${names}
      <datalist id="pad-recent">${recentNames().map((n) => html`<option value="${n}"></option>`)}</datalist>
      ${recent.length ? html`<div class="pad-chips" data-testid="pad-recent">${recent.map((n) =>
        html`<button type="button" class="btn pad-chip" data-pad-chip="${n}">${n}</button>`)}</div>` : ""}
    </fieldset>
    <fieldset class="seg seg-2" data-testid="pad-mode"><legend>${t("settings.mode")}</legend>${modeNames().map((m) =>
      radio("pad-mode", m, choiceLabel("mode", m), st.mode === m, `pad-mode-${m}`))}</fieldset>
    <fieldset class="seg seg-3" data-testid="pad-preset"><legend>${t("settings.preset")}</legend>${Object.keys(presets()).map((p) =>
      radio("pad-preset", p, choiceLabel("preset", p), preset === p, `pad-preset-${p}`))}</fieldset>
    <p class="preset-hint" data-testid="pad-preset-hint">${preset ? t(`preset.${preset}.hint`) : t("preset.custom")}</p>
    <details class="options" data-testid="pad-options" ${preset ? "" : "open"}><summary>${t("opt.more")}</summary>${options}</details>
    ${firstDealerMarkup(st)}
    <button type="button" class="btn btn-primary pad-big" data-pad-start="1" data-testid="pad-start" ${P.pending ? "disabled" : ""}>${t("pad.start")}</button>
  </div>`;
}

const checked = (name) => $(`#pad input[name="${name}"]:checked`)?.value;

// The form into P.setup; `changed` is the control that changed. Typing a name only relabels the
// dealer choice (so the input keeps its focus); a preset replaces every rule option.
export function readSetup(changed = null) {
  const st = P.setup;
  if (!st || !$("#pad [data-testid=pad-setup]")) return;
  st.names = $$('#pad input[name="pad-name"]').map((el) => el.value);
  if (changed && changed.name === "pad-name") {
    for (let i = 0; i < 4; i++) {
      const span = $(`#pad [data-testid="pad-first-${i}"] span`);
      if (span) span.textContent = st.names[i].trim() || t("pad.seat", { no: i + 1 });
    }
    return;
  }
  st.mode = checked("pad-mode") || st.mode;
  if (changed && changed.name === "pad-preset" && presets()[changed.value]) st.rules = { ...presets()[changed.value] };
  else {
    for (const name of optionNames()) {
      const v = optionRule(name, checked("pad-opt-" + name));
      if (v !== undefined) st.rules[name] = v;
    }
  }
  const first = checked("pad-first");
  st.first = first === undefined ? null : first === "random" ? "random" : Number(first);
  if (st.rules.first_dealer === "aces" && st.first === "random") st.first = null;
  if (st.rules.first_dealer === "random" && st.first === null) st.first = "random";
}

export function setupOpts() {
  const st = P.setup;
  return { rules: st.rules, mode: st.mode, players: st.names, first_dealer: st.first, now: Date.now() };
}

// A recent name fills the first empty seat.
export function useRecent(name) {
  const st = P.setup;
  const i = st.names.findIndex((n) => !n.trim());
  if (i >= 0) st.names[i] = name;
}

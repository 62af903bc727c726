// How to play, the rules of the game in play (or of the settings chosen on the first screen),
// written from the rule options themselves, and what each bot level does, with tips.
import { t } from "./i18n.js";
import { $ } from "./dom.js";
import { html, raw } from "./html.js";
import { S } from "./state.js";
import { presetOf } from "./settings.js";
import { levels } from "./facts.js";
import { readSettingsForm } from "./first-screen.js";
import { defineDialog, onButton, openDialog, closeButton } from "./dialogs.js";

// Text with "• " lines as paragraphs and bullet lists.
function paragraphs(text) {
  const out = [];
  let list = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("• ")) { list.push(html`<li>${line.slice(2)}</li>`); continue; }
    if (list.length) { out.push(html`<ul>${list}</ul>`); list = []; }
    if (line.trim()) out.push(html`<p>${line}</p>`);
  }
  if (list.length) out.push(html`<ul>${list}</ul>`);
  return html`${out}`;
}

function rulesText(rules, mode, preset) {
  const name = preset ? t("preset." + preset) : t("preset.custom");
  const k = rules.khishti;
  return html`<h3>${t("rules.preset_name", { preset: name })}</h3>` +
    html`<p>${t("rules.cards")}</p>` +
    html`<p>${t("rules.game." + mode)} ${t("rules.first_dealer." + rules.first_dealer)}</p>` +
    html`<h3>${t("bar.trump")}</h3>` +
    (mode === "full" ? html`<p>${t("rules.trump.small")}</p>` : "") +
    html`<p>${t("rules.trump." + rules.trump_in_nines)}</p>` +
    html`<h3>${t("summary.bid")}</h3><p>${t("rules.bidding")}</p>` +
    html`<h3>${t("rules.heading_play")}</h3><p>${t("rules.play")}</p>` +
    html`<h3>${t("joker.title")}</h3><ul>` +
    html`<li>${t("rules.joker.want")} ${t(rules.high_lead_trumpable ? "rules.joker.want_trumpable" : "rules.joker.want_safe")}</li>` +
    html`<li>${t("rules.joker.under")}</li><li>${t("rules.joker.follow")}</li></ul>` +
    html`<h3>${t("summary.points")}</h3><p>${t("rules.scoring")}</p>` +
    html`<p>${k ? t("rules.khishti.on", { small: -k[0], nine: -k[1] }) : t("rules.khishti.off")}</p>` +
    html`<p>${t("rules.premium." + rules.premium)} ${t("rules.premium.note")}</p>` +
    html`<p>${t("rules.end")}</p>`;
}

// One entry per level the engine offers (facts.js), so a level added there is described here too.
function levelsText() {
  const items = levels().map((level) => html`<li><strong>${t("level." + level)}</strong> — ${t("help.level." + level)}</li>`);
  return html`<p>${t("help.levels_intro")}</p><ul data-testid="help-levels">${items}</ul>
    <h3>${t("help.tips_title")}</h3>${paragraphs(t("help.tips"))}`;
}

const TABS = { guide: "help.tab_guide", rules: "help.tab_rules", levels: "help.tab_levels" };

export function openHelp(tab = "guide") {
  S.helpTab = tab;
  let rules, mode, preset;
  if (S.view && S.screen === "table") ({ rules, mode, preset } = S.view);
  else { readSettingsForm(); ({ rules, mode } = S.settings); preset = presetOf(rules); }
  const body = tab === "guide" ? paragraphs(t("help.guide") + "\n" + t("help.guide_more"))
    : tab === "levels" ? levelsText() : raw(rulesText(rules, mode, preset));
  const tabButton = (name, key) => html`<button type="button" class="btn" role="tab" data-tab="${name}" data-testid="help-tab-${name}" aria-selected="${String(tab === name)}">${t(key)}</button>`;
  openDialog("help", html`<header><h2>${t("help.title")}</h2>${closeButton()}</header>` +
    html`<div class="tabs" role="tablist">${Object.entries(TABS).map(([name, key]) => tabButton(name, key))}</div>` +
    html`<div class="body help" data-testid="help-body">${body}</div>`, { label: t("help.title") });
}

defineDialog("help", { open: () => openHelp("guide"), reopen: () => openHelp(S.helpTab) });
onButton("tab", (tab) => openHelp(tab));

export function bindHelp() {
  $("#help-button").addEventListener("click", () => openHelp("guide"));
  $("#settings-help").addEventListener("click", () => openHelp("guide"));
}

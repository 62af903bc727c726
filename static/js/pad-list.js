// The list of saved score pads: when each was last written, who plays, where the game stands
// and who leads (the engine's places). Tap one to go on with it; NEW PAD starts another.
import { t, getLang } from "./i18n.js";
import { html } from "./html.js";
import { P } from "./pad-state.js";

export function dateText(ms) {
  try {
    return new Intl.DateTimeFormat(getLang(), { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(ms));
  } catch (e) {
    return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
  }
}

function standing(s) {
  const leaders = s.leaders.map((p) => s.players[p]).join(", ");
  const where = s.over ? t("pad.finished") : t("pad.deal_of", { no: s.deal_no, total: s.deals_total });
  if (!leaders) return where;
  const pts = s.totals[s.leaders[0]];
  return `${where} · ${t(s.over ? (s.leaders.length > 1 ? "pad.winners" : "pad.winner") : "pad.leader", { name: leaders, points: pts })}`;
}

function item({ id, summary: s }) {
  const confirm = P.confirmDelete === id;
  return html`<li class="pad-item" data-testid="pad-item" data-id="${id}">
    <button type="button" class="pad-open" data-pad-open="${id}" data-testid="pad-open">
      <span class="pad-item-names">${s.players.join(" · ")}</span>
      <span class="pad-item-meta">${dateText(s.updated)} · ${t("mode_short." + s.mode)}</span>
      <span class="pad-item-meta">${standing(s)}</span>
    </button>
    ${confirm
      ? html`<span class="pad-confirm"><span>${t("pad.delete_confirm")}</span>
          <button type="button" class="btn btn-danger" data-pad-delete-yes="${id}" data-testid="pad-delete-yes">${t("pad.delete")}</button>
          <button type="button" class="btn" data-pad-delete-no="1" data-testid="pad-delete-no">${t("pad.keep")}</button></span>`
      : html`<button type="button" class="icon-btn" data-pad-delete="${id}" data-testid="pad-delete" aria-label="${t("pad.delete")}">
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13"/></svg></button>`}
  </li>`;
}

export function listMarkup() {
  const list = P.list;
  const body = list === null
    ? html`<p class="pad-empty" data-testid="pad-loading">${t("pad.loading")}</p>`
    : list.length
      ? html`<ul class="pad-list" data-testid="pad-list">${list.map(item)}</ul>`
      : html`<p class="pad-empty" data-testid="pad-none">${t("pad.none")}</p>`;
  return html`<div class="pad-list-view"><p class="pad-intro">${t("pad.intro")}</p>${body}
    <button type="button" class="btn btn-primary pad-big" data-pad-new="1" data-testid="pad-new">${t("pad.new")}</button></div>`;
}

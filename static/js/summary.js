// The deal table after each deal: bids, tricks, points and totals; at a pulka's end also the
// pulka's sums, premiums and struck deals. NEXT goes on (the bots wait for it).
import { t } from "./i18n.js";
import { SUIT_SYMBOL } from "./cards.js";
import { html } from "./html.js";
import { S } from "./state.js";
import { num, signed } from "./num.js";
import { defineDialog, onButton, openDialog, closeDialog } from "./dialogs.js";

const SEATS = [0, 1, 2, 3];

// deal: the deal_scored event's record; pk: the pulka_scored event's, when the deal closed a pulka.
export function showSummary(v, deal, pk) {
  return new Promise((resolve) => {
    S.waitNext = () => { closeDialog(); resolve(); };
    openSummary({ v, deal, pk });
  });
}

function openSummary(shown) {
  S.summaryView = shown;
  const { v, deal: d, pk } = shown;
  const rows = SEATS.map((s) => {
    const exact = d.bids[s] === d.taken[s];
    return html`<tr class="${s === 0 ? "me" : ""}" data-testid="summary-row-${s}"><td>${t("name." + s)}${d.dealer === s ? html` <small>(${t("dealer.badge")})</small>` : ""}</td>` +
      html`<td>${d.bids[s] === 0 ? t("bid.pass_short") : d.bids[s]}</td><td>${d.taken[s]}</td>` +
      html`<td class="${exact ? "exact" : "miss"}">${num(d.points[s])}</td><td><b>${num(v.scores[s])}</b></td></tr>`;
  }).join("");
  const pulkaRows = pk ? SEATS.map((s) => html`<tr class="${s === 0 ? "me" : ""}" data-testid="pulka-row-${s}"><td>${t("name." + s)}</td>` +
      html`<td>${num(pk.points[s])}</td><td class="premium">${pk.premium[s] ? signed(pk.premium[s]) : ""}</td>` +
      html`<td class="struck">${pk.struck[s] !== null && pk.struck[s] !== undefined ? signed(-Math.abs(pk.struck_points[s])) : ""}</td>` +
      html`<td><b>${num(pk.total[s])}</b></td></tr>`).join("") : "";
  const trump = d.trump ? `${t("bar.trump")} ${SUIT_SYMBOL[d.trump]}` : t("bar.no_trump");
  const last = v.phase === "over";
  const title = t("summary.title", { no: d.no, total: v.deals_total });
  const markup = html`<header><h2>${title}</h2></header><div class="body">` +
    html`<p class="summary-note">${t("bar.cards", { n: d.cards })} · ${trump}</p>` +
    html`<table class="scores" data-testid="summary-table"><thead><tr><th>${t("summary.player")}</th><th>${t("summary.bid")}</th>` +
    html`<th>${t("summary.taken")}</th><th>${t("summary.points")}</th>` +
    html`<th>${t("summary.total")}</th></tr></thead><tbody>` + rows + `</tbody></table>` +
    (pk ? html`<h3 class="pulka-title">${t("summary.pulka_end", { no: pk.no })}</h3>` +
      html`<table class="scores" data-testid="pulka-table"><thead><tr><th>${t("summary.player")}</th><th>${t("sheet.pulka_sum")}</th>` +
      html`<th>${t("summary.premium")}</th><th>${t("summary.struck")}</th><th>${t("sheet.pulka_total", { no: pk.no })}</th></tr></thead>` +
      `<tbody>` + pulkaRows + `</tbody></table>` : "") +
    `</div>` +
    html`<footer><button type="button" class="btn" data-review="1" data-testid="summary-review">${t("coach.review")}</button>` +
    html`<button type="button" class="btn btn-primary" data-next="1" data-testid="summary-next" data-autofocus>${t(last ? "summary.results" : "summary.next")}</button></footer>`;
  openDialog("summary", markup, { label: title });
}

defineDialog("summary", { open: () => openSummary(S.summaryView), modal: true, escape: null });
onButton("next", () => {
  const next = S.waitNext;
  S.waitNext = null;
  if (next) next();
});

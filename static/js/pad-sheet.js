// The pad's sheet, drawn like the paper one (and like the game's score sheet, table.sheet): a row
// per deal with each player's bid, tricks taken and points — khishti in red, struck deals crossed
// out — then at each pulka's end its premium, struck points, the pulka's total and the running
// score; the totals underneath (and the places once the game is over). Every figure is the
// engine's (joker.pad_api). A finished deal's row, or the deal under way once its bids are in,
// opens for correction when tapped.
import { t } from "./i18n.js";
import { html } from "./html.js";
import { P } from "./pad-state.js";
import { trumpSymbol } from "./pad-deal.js";

const SEATS = [0, 1, 2, 3];

function cell(d, s, sh) {
  const bid = d.bids[s];
  if (d.points === null) {
    return html`<td class="pts future ${s === d.dealer ? "dealer" : ""}">${bid === null ? "" : html`<sup class="bid">${bid}</sup>`}</td>`;
  }
  const cls = ["pts", d.khishti[s] ? "neg khishti" : "", d.struck[s] ? "struck" : "", s === d.dealer ? "dealer" : ""].join(" ");
  const title = [d.khishti[s] ? t("summary.khishti") : "", d.struck[s] ? t("sheet.struck") : ""].filter(Boolean).join(", ");
  return html`<td class="${cls}" data-testid="pad-cell-${d.no}-${s}" ${title ? html`title="${title}"` : ""}>
    <sup class="bid">${bid}</sup><span class="points">${d.points[s]}</span><sub class="took">${d.taken[s]}</sub></td>`;
}

function dealRow(d, sh) {
  const current = d.no === sh.deal_no;
  const editable = d.points !== null || (current && sh.step === "taken");
  const cls = [d.points !== null ? "done" : "", current ? "current" : "", P.editing && P.editing.deal === d.no ? "editing" : ""].join(" ");
  return html`<tr class="${cls}" data-testid="pad-row-${d.no}" ${editable ? html`data-pad-edit="${d.no}" tabindex="0"` : ""}>
    <td>${d.no}</td><td>${d.cards}</td><td class="${d.trump === "H" || d.trump === "D" ? "red" : ""}">${trumpSymbol(d.trump)}</td>
    ${SEATS.map((s) => cell(d, s, sh))}</tr>`;
}

function pulkaRows(pk) {
  if (!pk.complete) return "";
  const sign = (n) => (n > 0 ? "+" + n : "");
  return html`<tr class="premium" data-testid="pad-premium-${pk.no}"><td colspan="3">${t("sheet.premium")}</td>${SEATS.map((s) => html`<td>${sign(pk.premium[s])}</td>`)}</tr>
    <tr class="premium"><td colspan="3">${t("sheet.struck")}</td>${SEATS.map((s) => html`<td>${pk.struck_points[s] ? "−" + pk.struck_points[s] : ""}</td>`)}</tr>
    <tr class="pulka" data-testid="pad-pulka-${pk.no}"><td colspan="3">${t("sheet.pulka", { no: pk.no })}</td>${SEATS.map((s) => html`<td>${pk.total[s]}</td>`)}</tr>
    <tr class="total" data-testid="pad-scores-${pk.no}"><td colspan="3">${t("sheet.total")}</td>${SEATS.map((s) => html`<td>${pk.scores[s]}</td>`)}</tr>`;
}

export function sheetMarkup() {
  const sh = P.sheet;
  if (!sh) return "";
  let rows = [];
  for (const pk of sh.pulkas) {
    rows = rows.concat(sh.deals.slice(pk.first_deal - 1, pk.last_deal).map((d) => dealRow(d, sh)), [pulkaRows(pk)]);
  }
  const places = sh.over ? html`<tr class="places"><td colspan="3">${t("pad.places")}</td>${SEATS.map((s) => html`<td data-testid="pad-place-${s}">${sh.places[s]}</td>`)}</tr>` : "";
  return html`<div class="pad-sheet-wrap sheet-wrap" data-testid="pad-sheet-wrap">
    <table class="sheet pad-sheet" data-testid="pad-sheet">
      <thead><tr><th>${t("sheet.deal")}</th><th>${t("sheet.cards")}</th><th>${t("sheet.trump")}</th>${SEATS.map((s) => html`<th>${sh.players[s]}</th>`)}</tr></thead>
      <tbody>${rows}</tbody>
      <tfoot><tr class="total" data-testid="pad-totals"><td colspan="3">${t(sh.over ? "sheet.total" : "pad.so_far")}</td>${SEATS.map((s) =>
        html`<td data-testid="pad-total-${s}">${sh.totals[s]}</td>`)}</tr>${places}</tfoot>
    </table>
    <p class="summary-note pad-legend">${t("pad.legend")}</p>
  </div>`;
}

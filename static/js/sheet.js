// The score sheet, as on paper: every finished deal with each player's bid and points (exact bids
// marked, struck deals crossed out), the pulka lines (sum, premium, struck, total), the bids of
// the deal in progress.
import { t } from "./i18n.js";
import { SUIT_SYMBOL } from "./cards.js";
import { $ } from "./dom.js";
import { html, raw } from "./html.js";
import { S } from "./state.js";
import { defineDialog, onButton, openDialog, closeDialog, closeButton } from "./dialogs.js";

const SEATS = [0, 1, 2, 3];
const cells = (f) => SEATS.map((s) => html`<td>${f(s)}</td>`);
const trumpCell = (tr) => (tr ? html`<span class="${tr === "H" || tr === "D" ? "red" : ""}">${SUIT_SYMBOL[tr]}</span>` : "—");

function pulkaRows(pk) {
  return html`<tr class="pulka"><td colspan="3">${t("sheet.pulka", { no: pk.no })}</td>${cells((s) => pk.points[s])}</tr>` +
    html`<tr class="premium"><td colspan="3">${t("sheet.premium")}</td>${cells((s) => (pk.premium[s] ? "+" + pk.premium[s] : ""))}</tr>` +
    html`<tr class="premium"><td colspan="3">${t("sheet.struck")}</td>${cells((s) => (pk.struck[s] !== null && pk.struck[s] !== undefined ? "−" + Math.abs(pk.struck_points[s]) : ""))}</tr>` +
    html`<tr class="total"><td colspan="3">${t("sheet.total")}</td>${cells((s) => pk.total[s])}</tr>`;
}

function sheetRows(v) {
  const deals = v.deals || [];
  const struckSet = new Set();
  for (const pk of v.pulkas || []) pk.struck.forEach((di, s) => { if (di !== null && di !== undefined) struckSet.add(di + ":" + s); });
  let rows = "";
  let lastPulka = null;
  const closePulka = () => {
    const pk = (v.pulkas || []).find((p) => p.no === lastPulka);
    if (pk) rows += pulkaRows(pk);
  };
  deals.forEach((d, i) => {
    if (lastPulka !== null && d.pulka !== lastPulka) closePulka();
    lastPulka = d.pulka;
    rows += html`<tr data-testid="sheet-deal"><td>${d.no}</td><td>${d.cards}</td><td>${trumpCell(d.trump)}</td>${SEATS.map((s) => {
      const exact = d.bids[s] === d.taken[s];
      const struck = struckSet.has(i + ":" + s);
      return html`<td class="pts ${exact ? "exact" : ""} ${d.points[s] < 0 ? "neg" : ""} ${struck ? "struck" : ""}"><sup class="bid">${d.bids[s] === 0 ? "–" : d.bids[s]}</sup>${d.points[s]}</td>`;
    })}</tr>`;
  });
  if (lastPulka !== null) closePulka();
  if (v.phase !== "over" && v.bids && v.bids.some((b) => b !== null)) {
    rows += html`<tr data-testid="sheet-current"><td>${v.deal_no}</td><td>${v.cards}</td><td>${v.phase === "trump" ? "?" : trumpCell(v.trump)}</td>${
      SEATS.map((s) => html`<td class="pts"><sup class="bid">${v.bids[s] === null ? "" : v.bids[s] === 0 ? "–" : v.bids[s]}</sup></td>`)}</tr>`;
  }
  return rows;
}

export function openSheet() {
  const v = S.view;
  if (!v) return;
  const back = S.dialog === "results" || S.returnTo === "results" ? "results" : null;
  const head = html`<thead><tr><th>${t("sheet.deal")}</th><th>${t("sheet.cards")}</th><th>${t("sheet.trump")}</th>${
    SEATS.map((s) => html`<th>${t("name." + s)}</th>`)}</tr></thead>`;
  const rows = sheetRows(v);
  const body = (v.deals || []).length || rows
    ? html`<div class="sheet-wrap"><table class="sheet" data-testid="sheet-table">${head}<tbody>${raw(rows)}</tbody></table></div>` +
      html`<p class="summary-note">${t("sheet.legend")}</p>`
    : html`<p>${t("sheet.empty")}</p>`;
  const footer = back ? html`<footer><button type="button" class="btn" data-back-results="1" data-testid="sheet-back">${t("joker.back")}</button></footer>` : "";
  openDialog("sheet", html`<header><h2>${t("sheet.title")}</h2>${back ? "" : closeButton()}</header><div class="body">${raw(body)}</div>${footer}`,
    { wide: true, label: t("sheet.title") });
}

defineDialog("sheet", { open: openSheet });
onButton("backResults", () => closeDialog());

export function bindSheet() { $("#sheet-button").addEventListener("click", openSheet); }

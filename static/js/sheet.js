// The score sheet, as on paper: every finished deal with each player's bid and points (exact bids
// marked, struck deals crossed out); after each pulka its own lines (the deals' sum, premium,
// struck deal, the pulka's total) and the score after it; the bids of the deal in progress; and at
// the foot, in bold, the game's total (the score so far while the game goes on). A finished deal's
// number opens its review.
import { t } from "./i18n.js";
import { SUIT_SYMBOL } from "./cards.js";
import { $ } from "./dom.js";
import { html, raw } from "./html.js";
import { num, signed } from "./num.js";
import { S } from "./state.js";
import { defineDialog, onButton, openDialog, closeDialog, closeButton } from "./dialogs.js";

const SEATS = [0, 1, 2, 3];
const cells = (f) => SEATS.map((s) => html`<td>${f(s)}</td>`);
const trumpCell = (tr) => (tr ? html`<span class="${tr === "H" || tr === "D" ? "red" : ""}">${SUIT_SYMBOL[tr]}</span>` : "—");
const line = (cls, testid, label, f) => html`<tr class="${cls}" data-testid="${testid}"><td colspan="3">${label}</td>${cells(f)}</tr>`;

// running: each seat's score after this pulka (the pulkas' totals so far), or null to leave it out.
function pulkaRows(pk, running) {
  const struck = (s) => pk.struck[s] !== null && pk.struck[s] !== undefined;
  return [
    line("pulka", "sheet-pulka-deals", t("sheet.pulka_deals", { no: pk.no }), (s) => num(pk.points[s])),
    line("premium", "sheet-premium", t("sheet.premium"), (s) => (pk.premium[s] ? signed(pk.premium[s]) : "")),
    line("premium", "sheet-struck", t("sheet.struck"), (s) => (struck(s) ? signed(-Math.abs(pk.struck_points[s])) : "")),
    line("total", "sheet-pulka-total", t("sheet.pulka_total", { no: pk.no }), (s) => num(pk.total[s])),
    running && line("running", "sheet-running", t("sheet.after_pulka", { no: pk.no }), (s) => num(running[s])),
  ];
}

function sheetRows(v) {
  const deals = v.deals || [];
  const pulkas = v.pulkas || [];
  const over = v.phase === "over";
  const struckSet = new Set();
  for (const pk of pulkas) pk.struck.forEach((di, s) => { if (di !== null && di !== undefined) struckSet.add(di + ":" + s); });
  const rows = [];
  const score = [0, 0, 0, 0];
  let lastPulka = null;
  const closePulka = () => {
    const pk = pulkas.find((p) => p.no === lastPulka);
    if (!pk) return;
    SEATS.forEach((s) => { score[s] += pk.total[s]; });
    // The game's last pulka needs no line of its own: the game total below says the same.
    rows.push(pulkaRows(pk, over && pk === pulkas[pulkas.length - 1] ? null : [...score]));
  };
  deals.forEach((d, i) => {
    if (lastPulka !== null && d.pulka !== lastPulka) closePulka();
    lastPulka = d.pulka;
    // The deal's number opens its review (review.js), as REVIEW on the deal table does.
    const review = html`<button type="button" class="sheet-review" data-review-deal="${d.no}" data-testid="sheet-review-${d.no}" aria-label="${t("coach.review_title", { no: d.no })}">${d.no}</button>`;
    rows.push(html`<tr data-testid="sheet-deal"><td>${review}</td><td>${d.cards}</td><td>${trumpCell(d.trump)}</td>${SEATS.map((s) => {
      const exact = d.bids[s] === d.taken[s];
      const struck = struckSet.has(i + ":" + s);
      return html`<td class="pts ${exact ? "exact" : ""} ${d.points[s] < 0 ? "neg" : ""} ${struck ? "struck" : ""}"><sup class="bid">${d.bids[s] === 0 ? "–" : d.bids[s]}</sup>${num(d.points[s])}</td>`;
    })}</tr>`);
  });
  if (lastPulka !== null) closePulka();
  if (!over && v.bids && v.bids.some((b) => b !== null)) {
    rows.push(html`<tr data-testid="sheet-current"><td>${v.deal_no}</td><td>${v.cards}</td><td>${v.phase === "trump" ? "?" : trumpCell(v.trump)}</td>${
      SEATS.map((s) => html`<td class="pts"><sup class="bid">${v.bids[s] === null ? "" : v.bids[s] === 0 ? "–" : v.bids[s]}</sup></td>`)}</tr>`);
  }
  if (deals.length) rows.push(line("game-total", "sheet-game-total", t(over ? "sheet.game_total" : "sheet.score_now"), (s) => num(v.scores[s])));
  return html`${rows}`;
}

export function openSheet() {
  const v = S.view;
  if (!v) return;
  const back = S.dialog === "results" || S.returnTo === "results" ? "results" : null;
  const head = html`<thead><tr><th>${t("sheet.deal")}</th><th>${t("sheet.cards")}</th><th>${t("sheet.trump")}</th>${
    SEATS.map((s) => html`<th>${t("name." + s)}</th>`)}</tr></thead>`;
  const rows = sheetRows(v);
  const body = (v.deals || []).length || String(rows)
    ? html`<div class="sheet-wrap"><table class="sheet" data-testid="sheet-table">${head}<tbody>${rows}</tbody></table></div>` +
      html`<p class="summary-note">${t("sheet.legend")} ${(v.deals || []).length ? t("sheet.review_hint") : ""}</p>`
    : html`<p>${t("sheet.empty")}</p>`;
  const footer = back ? html`<footer><button type="button" class="btn" data-back-results="1" data-testid="sheet-back">${t("joker.back")}</button></footer>` : "";
  openDialog("sheet", html`<header><h2>${t("sheet.title")}</h2>${back ? "" : closeButton()}</header><div class="body">${raw(body)}</div>${footer}`,
    { wide: true, label: t("sheet.title") });
}

defineDialog("sheet", { open: openSheet });
onButton("backResults", () => closeDialog());

export function bindSheet() { $("#sheet-button").addEventListener("click", openSheet); }

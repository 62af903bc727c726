// The deal table after each deal: bids, tricks, points and totals; at a pulka's end also the
// pulka's sums, premiums and struck deals. NEXT goes on (the bots wait for it).
import { t, getLang } from "./i18n.js";
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
  openDialog("summary", summaryHtml(v, d, pk), { label: summaryTitle(v, d) });
}

const summaryTitle = (v, d) => t("summary.title", { no: d.no, total: v.deals_total });

// The dialog's markup in parts: [its header, the deal's table, the pulka's table ("" but at a
// pulka's end), the buttons]; also laid out unseen by warmSummary.
function summaryParts(v, d, pk) {
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
  const head = html`<header><h2>${summaryTitle(v, d)}</h2></header>`;
  const table = html`<p class="summary-note">${t("bar.cards", { n: d.cards })} · ${trump}</p>` +
    html`<table class="scores" data-testid="summary-table"><thead><tr><th>${t("summary.player")}</th><th>${t("summary.bid")}</th>` +
    html`<th>${t("summary.taken")}</th><th>${t("summary.points")}</th>` +
    html`<th>${t("summary.total")}</th></tr></thead><tbody>` + rows + `</tbody></table>`;
  const pulka = pk ? html`<h3 class="pulka-title">${t("summary.pulka_end", { no: pk.no })}</h3>` +
      html`<table class="scores" data-testid="pulka-table"><thead><tr><th>${t("summary.player")}</th><th>${t("sheet.pulka_sum")}</th>` +
      html`<th>${t("summary.premium")}</th><th>${t("summary.struck")}</th><th>${t("sheet.pulka_total", { no: pk.no })}</th></tr></thead>` +
      `<tbody>` + pulkaRows + `</tbody></table>` : "";
  const foot = html`<footer><button type="button" class="btn" data-review="1" data-testid="summary-review">${t("coach.review")}</button>` +
    html`<button type="button" class="btn btn-primary" data-next="1" data-testid="summary-next" data-autofocus>${t(last ? "summary.results" : "summary.next")}</button></footer>`;
  return [head, table, pulka, foot].map(String);
}

// The dialog's markup: the header, the tables in the scrolling body, the buttons.
export function summaryHtml(v, d, pk) {
  const [head, table, pulka, foot] = summaryParts(v, d, pk);
  return head + `<div class="body">` + table + pulka + `</div>` + foot;
}

// A deal's end as the specimen shows it: a pulka closed too (premium, a struck deal), negatives.
const SPECIMEN = {
  v: { scores: [450, -120, 310, 95], deals_total: 24, phase: "play" },
  deal: { no: 8, cards: 8, trump: "H", dealer: 3, bids: [2, 0, 3, 1], taken: [2, 1, 3, 3], points: [100, -50, 150, -30] },
  pk: { no: 1, points: [350, -70, 160, 125], premium: [100, 0, 0, 0], struck: [null, 2, null, null],
        struck_points: [0, 150, 0, 0], total: [450, -120, 310, 95] },
};

// The deal table's first layout, done unseen while the first deal is played. The first summary
// was laid out when it opened, in the task that opens it (focusing its button lays it out): 12-34 ms
// of layout at 4x CPU throttling where the next summary's takes 2-4 ms: the first use of its fonts
// and sizes (the uppercase column heads, the tabular figures, the title; docs/STARTUP.md, the
// sixth pass). A specimen of it (the deal's table, the pulka's, the buttons: a piece in each idle
// callback) is laid out while the bots think, and removed: those caches are the page's. Once a
// language (its script may be another font); never seen nor reached (hidden, inert, no ids).
let warmedLang = null;
const log = (window.jokerSummaryWarm = { pieces: 0, removed: 0 });  // tests
export function warmSummary() {
  if (warmedLang === getLang() || typeof requestIdleCallback !== "function") return;
  warmedLang = getLang();
  const parts = summaryParts(SPECIMEN.v, SPECIMEN.deal, SPECIMEN.pk).map((m) => m.replace(/ (data-testid|id)="[^"]*"/g, ""));
  const root = document.createElement("div");
  root.className = "warm-up";
  root.setAttribute("aria-hidden", "true");
  root.inert = true;
  root.innerHTML = `<div class="dialog"><div class="body"></div></div>`;
  const dialog = root.firstChild, body = dialog.firstChild;
  const pieces = [
    () => { dialog.insertAdjacentHTML("afterbegin", parts[0]); body.innerHTML = parts[1]; document.body.append(root); },
    () => body.insertAdjacentHTML("beforeend", parts[2]),
    () => dialog.insertAdjacentHTML("beforeend", parts[3]),
  ];
  let i = 0;
  const step = () => {
    pieces[i++]();
    log.pieces += 1;
    void dialog.offsetHeight;  // laid out here, in the idle callback, not in a frame of the game
    if (i < pieces.length) requestIdleCallback(step);
    else { root.remove(); log.removed += 1; }
  };
  requestIdleCallback(step);
}

defineDialog("summary", { open: () => openSummary(S.summaryView), modal: true, escape: null });
onButton("next", () => {
  const next = S.waitNext;
  S.waitNext = null;
  if (next) next();
});

// The entry panel of the open pad, in the order things are said at the table: who deals, the
// trump (optional), the bids in bidding order on big number buttons — the dealer's forbidden
// number struck through (the engine names it, and refuses it with its reason if tapped) — then the
// tricks taken, which the engine accepts only when they add up to the deal's cards. A finished
// deal tapped on the sheet opens here to be corrected. The status line says what comes next, or
// why an entry was refused (#pad-status[data-reason]).
import { t } from "./i18n.js";
import { html, raw } from "./html.js";
import { SUIT_SYMBOL } from "./cards.js";
import { P } from "./pad-state.js";

const TRUMPS = ["S", "C", "D", "H", "-"];

const nameOf = (seat) => P.sheet.players[seat];
export const trumpSymbol = (tr) => (tr === "-" ? t("pad.nt") : tr ? SUIT_SYMBOL[tr] : "");

function head(sh) {
  return html`<div class="pad-deal-head" data-testid="pad-deal-head">
    <span class="pad-deal-no">${t("pad.deal_of", { no: sh.deal_no, total: sh.deals_total })}</span>
    <span>${t("bar.cards", { n: sh.cards })} · ${t("sheet.pulka", { no: sh.pulka })}</span>
    <span class="pad-dealer" data-testid="pad-dealer" data-seat="${sh.dealer}">${t("pad.dealer", { name: nameOf(sh.dealer) })}</span>
  </div>`;
}

// The trump of the deal under way (data-pad-trump), or of the deal being corrected (data-pad-edit-trump).
function trumpRow(current, key = "padTrump") {
  const attr = key === "padTrump" ? "data-pad-trump" : "data-pad-edit-trump";
  return html`<div class="pad-trumps" role="group" aria-label="${t("pad.trump_optional")}" data-testid="pad-trumps">
    <span class="opt-label">${t("pad.trump_optional")}</span>${TRUMPS.map((tr) =>
      html`<button type="button" class="btn pad-trump ${tr === "H" || tr === "D" ? "red" : ""}" ${raw(`${attr}="${tr}"`)}
        data-testid="pad-trump-${tr}" aria-pressed="${current === tr ? "true" : "false"}"
        aria-label="${tr === "-" ? t("bar.no_trump") : t("suit." + tr)}">${trumpSymbol(tr)}</button>`)}</div>`;
}

function bidsPanel(sh) {
  const order = sh.bid_order.map((seat) => html`<li class="${seat === sh.bidder ? "now" : ""}" data-seat="${seat}">
      <span>${nameOf(seat)}${seat === sh.dealer ? html` <small>(${t("pad.dealer_short")})</small>` : ""}</span>
      <b data-testid="pad-bid-${seat}">${sh.bids[seat] === null ? "·" : sh.bids[seat]}</b></li>`);
  const nums = [];
  for (let n = 0; n <= sh.cards; n++) {
    const no = n === sh.forbidden_bid;
    nums.push(html`<button type="button" class="btn pad-num ${no ? "forbidden" : ""}" data-pad-bid="${n}" data-testid="pad-num-${n}"
      ${no ? html`aria-label="${t("pad.forbidden", { bid: n })}" data-forbidden="1"` : ""}>${n}</button>`);
  }
  return html`<ol class="pad-order" data-testid="pad-order">${order}</ol>
    <p class="pad-ask" data-testid="pad-ask">${t(sh.bidder === sh.dealer ? "pad.ask_dealer_bid" : "pad.ask_bid", { name: nameOf(sh.bidder) })}</p>
    <div class="pad-nums ${sh.cards > 4 ? "many" : ""}" data-testid="pad-nums">${nums}</div>`;
}

function stepper(kind, seat, value, max) {
  return html`<span class="pad-stepper">
    <button type="button" class="btn" data-pad-step="${kind}:${seat}:-1" data-testid="pad-${kind}-minus-${seat}" aria-label="−" ${value <= 0 ? "disabled" : ""}>−</button>
    <output data-testid="pad-${kind}-value-${seat}">${value}</output>
    <button type="button" class="btn" data-pad-step="${kind}:${seat}:1" data-testid="pad-${kind}-plus-${seat}" aria-label="+" ${value >= max ? "disabled" : ""}>+</button>
  </span>`;
}

function takenPanel(sh) {
  if (!P.taken || P.taken.deal !== sh.deal_no) P.taken = { deal: sh.deal_no, values: sh.bids.map((b) => b || 0) };
  const v = P.taken.values;
  const sum = v.reduce((a, b) => a + b, 0);
  const rows = sh.bid_order.map((seat) => html`<li><span>${nameOf(seat)} <small>${t("pad.bid_was", { bid: sh.bids[seat] })}</small></span>
    ${stepper("taken", seat, v[seat], sh.cards)}</li>`);
  return html`<p class="pad-ask" data-testid="pad-ask">${t("pad.ask_taken")}</p>
    <ol class="pad-rows" data-testid="pad-taken">${rows}</ol>
    <p class="pad-sum ${sum === sh.cards ? "ok" : "off"}" data-testid="pad-sum">${t("pad.sum", { taken: sum, n: sh.cards })}</p>
    <button type="button" class="btn btn-primary pad-big" data-pad-save-taken="1" data-testid="pad-save-taken" ${P.pending ? "disabled" : ""}>${t("pad.save")}</button>`;
}

function editPanel(sh) {
  const e = P.editing;
  const row = sh.deals[e.deal - 1];
  const order = [1, 2, 3, 4].map((i) => (row.dealer + i) % 4);
  const rows = order.map((seat) => html`<li><span>${nameOf(seat)}${seat === row.dealer ? html` <small>(${t("pad.dealer_short")})</small>` : ""}</span>
    ${stepper("bid", seat, e.bids[seat], row.cards)}${e.taken ? stepper("took", seat, e.taken[seat], row.cards) : ""}</li>`);
  return html`<p class="pad-ask" data-testid="pad-ask">${t("pad.correct_deal", { no: e.deal })} · ${t("bar.cards", { n: row.cards })}</p>
    ${trumpRow(row.trump, "padEditTrump")}
    <ol class="pad-rows pad-edit ${e.taken ? "two" : ""}" data-testid="pad-edit">
      <li class="pad-edit-head" aria-hidden="true"><span></span><small>${t("pad.bid")}</small>${e.taken ? html`<small>${t("pad.took")}</small>` : ""}</li>${rows}</ol>
    <div class="pad-buttons"><button type="button" class="btn" data-pad-edit-cancel="1" data-testid="pad-edit-cancel">${t("pad.cancel")}</button>
    <button type="button" class="btn btn-primary" data-pad-edit-save="1" data-testid="pad-edit-save" ${P.pending ? "disabled" : ""}>${t("pad.save")}</button></div>`;
}

function overPanel(sh) {
  const order = [0, 1, 2, 3].sort((a, b) => sh.places[a] - sh.places[b] || a - b);
  return html`<p class="pad-ask">${t("pad.over")}</p><ol class="pad-places" data-testid="pad-places">${order.map((s) =>
    html`<li data-place="${sh.places[s]}"><span>${t("pad.place", { no: sh.places[s] })}</span><span>${nameOf(s)}</span><b>${sh.totals[s]}</b></li>`)}</ol>`;
}

export function dealMarkup() {
  const sh = P.sheet;
  if (!sh) return "";
  if (P.editing) return editPanel(sh);
  if (sh.over) return overPanel(sh);
  return html`${head(sh)}${trumpRow(sh.trump)}${sh.step === "bids" ? bidsPanel(sh) : takenPanel(sh)}`;
}

// What the status line says: the refusal (translated from its reason code), a passing note, or nothing.
export function statusText() {
  if (P.refusal) {
    const { reason, params } = P.refusal;
    const p = { ...params };
    if (typeof p.seat === "number") {
      p.seat_no = p.seat + 1;
      p.name = P.sheet ? P.sheet.players[p.seat] : p.seat_no;
    }
    const key = reason === "forced_dealer" ? "why.forced_dealer" : `pad.why.${reason}`;
    return { text: t(key, p), reason };
  }
  return { text: P.note ? t(P.note) : "", reason: "" };
}

// Buttons of the entry panel (pad-screen.js dispatches clicks by data attribute).
export const dealButtons = {
  padBid: (n, ctx) => ctx.send({ op: "bid", bid: Number(n) }),
  padTrump: (tr, ctx) => ctx.send({ op: "trump", trump: P.sheet.trump === tr ? null : tr }),
  padStep: (spec, ctx) => {
    const [kind, seat, d] = spec.split(":");
    const list = kind === "taken" ? P.taken.values : kind === "bid" ? P.editing.bids : P.editing.taken;
    list[Number(seat)] = Math.max(0, list[Number(seat)] + Number(d));
    ctx.render();
  },
  padSaveTaken: async (_, ctx) => { if (await ctx.send({ op: "taken", taken: [...P.taken.values] })) P.taken = null; },
  padEdit: (no, ctx) => {
    const row = P.sheet.deals[Number(no) - 1];
    if (!row) return;
    const current = row.no === P.sheet.deal_no;
    if (!(row.taken || (current && P.sheet.step === "taken"))) return;
    P.sharing = false;
    P.refusal = null;
    P.editing = { deal: row.no, bids: (current ? P.sheet.bids : row.bids).map((b) => b || 0), taken: row.taken ? [...row.taken] : null };
    ctx.render();
  },
  padEditTrump: (tr, ctx) => {
    const row = P.sheet.deals[P.editing.deal - 1];
    ctx.send({ op: "trump", trump: row.trump === tr ? null : tr, deal: row.no });
  },
  padEditCancel: (_, ctx) => { P.editing = null; P.refusal = null; ctx.render(); },
  padEditSave: async (_, ctx) => {
    const e = P.editing;
    if (await ctx.send({ op: "correct", deal: e.deal, bids: e.bids, taken: e.taken })) P.editing = null;
    ctx.render();
  },
};

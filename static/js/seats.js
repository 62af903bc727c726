// The top bar's plates (deal, trump and the bids' sum) and the four seats around the felt
// (avatar, name, score, taken/bid badge, the dealer's D, the backs of the bots' cards).
import { t, getLang } from "./i18n.js";
import { SUIT_SYMBOL, isJoker, cardLabel, suitHtml } from "./cards.js";
import { $, $$, setData } from "./dom.js";
import { fitter, wider } from "./fit.js";
import { html, raw } from "./html.js";
import { S } from "./state.js";
import { num } from "./num.js";

const AVATAR = ["#4a6aa0", "#a34a6d", "#3f7d4e", "#8f6a2a"];  // white letters on them: at least 4.9:1

// Markup written only when it changed: a rewrite, even the same, makes the browser lay the bar out again.
function setHtml(el, markup) {
  markup = String(markup);
  if (el._html !== markup) { el.innerHTML = markup; el._html = markup; }
}

let platesKey = "";
export function renderPlates(v) {
  // Built only when what they show changed (most redraws are a card played: nothing here changes).
  const key = [v.deal_no, v.deals_total, v.cards, v.phase, v.trump, v.trump_card, (v.bids || []).join(","), getLang(),
    window.innerWidth].join("|");
  if (key === platesKey) return;
  platesKey = key;
  const { deal, trump } = platesHtml(v);
  setHtml($("#plate-deal"), deal);
  setHtml($("#plate-trump"), trump);
  setData($("#plate-trump"), "trump", v.phase === "trump" ? "?" : (v.trump || "-"));
  refitPlates();
}

// The plates' markup for a view: {deal, trump} (also drawn unseen by warm.js).
export function platesHtml(v) {
  const nums = { no: v.deal_no, total: v.deals_total };
  const deal = html`<span class="lines"><b>${both(t("bar.deal", nums), t("bar.deal_short", nums))}</b>` +
    html`<small>${t("bar.cards", { n: v.cards })}</small></span>`;
  const bidSum = (v.bids || []).reduce((a, b) => a + (b ?? 0), 0);
  const anyBid = (v.bids || []).some((b) => b !== null);
  let line1;
  if (v.phase === "trump") line1 = html`${t("bar.trump_pending")}`;
  else if (v.trump) {
    const sym = html`<span class="trump-sym">${raw(suitHtml(v.trump))}</span>`;
    line1 = both(html`${t("bar.trump")} ${sym}`, sym);
  }
  else line1 = html`${t("bar.no_trump")}`;
  let trump = "";
  if (v.trump_card) {
    const c = v.trump_card;
    const red = c[1] === "H" || c[1] === "D" || c === "X1";
    trump += html`<span class="mini ${red ? "red" : ""}" title="${cardLabel(c)}">${isJoker(c) ? "★" : t("rank." + c[0]) + SUIT_SYMBOL[c[1]]}</span>`;
  }
  const over = bidSum > v.cards ? "over" : "";
  // Before the first bid the bids' line is there unseen: the plate (and so the top bar, and the felt
  // under it) keeps one height through the deal, and the first bid does not lay the whole table out again.
  const line2 = anyBid ? html`<small class="${over}" data-testid="bid-sum">${t("bar.bid", { sum: bidSum, cards: v.cards })}</small>`
    : html`<small class="unseen" aria-hidden="true">${t("bar.bid", { sum: 0, cards: v.cards })}</small>`;
  trump += html`<span class="lines"><b>${line1}</b>${line2}</span>`;
  return { deal: String(deal), trump: String(trump) };
}

// A line of a plate in two forms, the words and the short one; the stylesheet shows one of them, by
// whether the bar is .compact (refitPlates).
function both(full, short) {
  return html`<span class="full">${full}</span><span class="short">${short}</span>`;
}

// On a narrow phone the plates' words do not fit beside the bar's buttons (in Russian at 360 px
// "Раздача 1/24" and "Козырь ♥" were cut, the trump's suit with them): then the bar is .compact and
// the first lines show only the deal's number and the trump's suit, what a player looks up (fit.js).
let fitPlates = null;
function refitPlates() {
  const bar = $(".topbar .plates");
  if (!bar) return;
  fitPlates ??= fitter(bar, "compact", (box) => $$(".plate .lines > *", box).some(wider));
  fitPlates($$(".plate .lines > *", bar));
}

export function renderSeats(v) {
  for (let s = 0; s < 4; s++) {
    const el = $(`.seat[data-seat="${s}"]`);
    const bid = v.bids ? v.bids[s] : null;
    const taken = v.taken ? v.taken[s] : 0;
    let badge = "", bcls = "";
    if (bid !== null && bid !== undefined && v.phase !== "over") {
      badge = `${taken}/${bid}`;
      bcls = taken === bid ? "exact" : taken > bid ? "over" : "";
    }
    const score = v.scores ? v.scores[s] : 0;
    // The plate's parts and label, written only when what they show changed.
    const key = [bid, taken, score, v.dealer === s, badge, bcls, bidsSaid(v), getLang()].join("|");
    if (el._key !== key) {
      el._key = key;
      updateSeat(el, v, s, badge, bcls);
      const name = t("name." + s);
      let label = badge ? t("a11y.seat_bid", { name, n: score, taken, bid }) : t("a11y.seat", { name, n: score });
      if (v.dealer === s) label += ", " + t("a11y.seat_dealer");
      if (el.getAttribute("aria-label") !== label) { el.setAttribute("aria-label", label); el.setAttribute("role", "group"); }
    }
    const toAct = v.to_act === s && v.phase !== "over" && !S.busy;
    if (el.classList.contains("to-act") !== toAct) el.classList.toggle("to-act", toAct);
    setData(el, "bid", String(bid ?? ""));
    setData(el, "taken", String(taken));
    setData(el, "state", bcls);
    if (s > 0) {
      const fan = $(`.fan[data-fan="${s}"]`);
      const count = v.phase === "trump" ? v.cards : (v.hand_counts ? v.hand_counts[s] : 0);
      // A card played takes one back away (a fan was parsed again from markup at each play).
      while (fan.childElementCount > count) fan.lastElementChild.remove();
      if (fan.childElementCount < count) fan.insertAdjacentHTML("beforeend", "<i></i>".repeat(count - fan.childElementCount));
      const left = t("a11y.cards_left", { n: count });
      if (fan.getAttribute("aria-label") !== left) fan.setAttribute("aria-label", left);
    }
  }
  // (the fans sit under their seats: the stylesheet places them from the layout, layout.js)
}

// A seat's plate, brought to what seatHtml says for the view by changing only its parts that
// differ: the score, the badge, the dealer's D, the bid's bubble. The plate is built from markup
// once per language (its name and titles are words); rebuilding all four plates when the bids'
// bubbles begin was part of the longest task of a game at 4x CPU throttling (the first redraw after
// trump, docs/STARTUP.md), and a rebuilt plate is a new subtree to style and lay out afresh.
function updateSeat(el, v, s, badge, bcls) {
  const lang = getLang();
  if (el._lang !== lang || !el._parts) {
    el.innerHTML = seatHtml(v, s, badge, bcls);
    el._lang = lang;
    el._parts = {
      avatar: el.querySelector(".avatar"), score: el.querySelector(".score"),
      badge: el.querySelector(".badge"), bubble: el.querySelector(".bid-bubble"),
    };
    return;
  }
  const p = el._parts;
  const score = String(v.scores ? v.scores[s] : 0);
  if (p.score.dataset.value !== score) { p.score.dataset.value = score; p.score.textContent = num(Number(score)); }
  const badgeCls = bcls ? `badge ${bcls}` : "badge ";
  if (p.badge.className !== badgeCls) p.badge.className = badgeCls;
  if (p.badge.textContent !== badge) p.badge.textContent = badge;
  const dealer = p.avatar.querySelector(".dealer");
  if ((v.dealer === s) !== !!dealer) {
    if (dealer) dealer.remove();
    else p.avatar.append(dealerNode());
  }
  const said = bubbleText(v, s);
  if (said === null) {
    if (p.bubble) { p.bubble.remove(); p.bubble = null; }
  } else {
    if (!p.bubble) {
      p.bubble = document.createElement("div");
      p.bubble.className = "bid-bubble";
      p.bubble.dataset.testid = `bid-bubble-${s}`;
      p.bubble.dataset.seat = String(s);
      el.append(p.bubble);
    }
    const bid = String(v.bids[s]);
    if (p.bubble.dataset.bid !== bid) p.bubble.dataset.bid = bid;
    if (p.bubble.textContent !== said) p.bubble.textContent = said;
  }
}

function dealerNode() {
  const d = document.createElement("span");
  d.className = "dealer";
  d.dataset.testid = "dealer";
  d.title = t("dealer.title");
  d.textContent = t("dealer.badge");
  return d;
}

// What seat s's bubble says (null: no bubble). Only the bots' bids are said.
function bubbleText(v, s) {
  const bid = v.bids ? v.bids[s] : null;
  if (s === 0 || bid === null || bid === undefined || !bidsSaid(v)) return null;
  return bid === 0 ? t("bid.said_pass") : t("bid.said", { bid });
}

// A seat plate's markup: avatar, name, score, taken/bid badge, the bid said (also drawn unseen by warm.js).
export function seatHtml(v, s, badge = "", bcls = "") {
  const bid = v.bids ? v.bids[s] : null;
  const name = t("name." + s);
  const score = v.scores ? v.scores[s] : 0;
  return String(
    html`<div class="avatar" style="--av:${AVATAR[s]}">${name.slice(0, 1)}` +
    (v.dealer === s ? html`<span class="dealer" data-testid="dealer" title="${t("dealer.title")}">${t("dealer.badge")}</span>` : "") +
    html`</div><div class="name">${name}</div>` +
    html`<div class="score" data-testid="score-${s}" data-value="${score}" title="${t("a11y.score")}">${num(score)}</div>` +
    html`<div class="badge ${bcls}" data-testid="badge-${s}" title="${t("a11y.taken_bid")}">${badge}</div>` +
    (bubbleText(v, s) !== null
      ? html`<div class="bid-bubble" data-testid="bid-bubble-${s}" data-seat="${s}" data-bid="${bid}">${bubbleText(v, s)}</div>` : ""));
}

// Each bot's bid, said aloud: a bubble at its seat from the bid until the deal's first card is
// played, so every bid can be read however quickly the bots bid; the badges keep them after.
function bidsSaid(v) {
  return v.phase === "bid" || (v.phase === "play" && !(v.tricks || []).length && !(v.trick || []).length);
}

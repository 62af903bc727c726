// The panel over my seat when a decision is mine: naming trump, bidding, or saying how my joker
// plays. Its buttons carry the engine's action strings (data-act); input.js sends them.
import { t, getLang } from "./i18n.js";
import { SUITS, suitHtml } from "./cards.js";
import { $, setData } from "./dom.js";
import { html, raw } from "./html.js";
import { S } from "./state.js";
import { reasonText } from "./status.js";

let panelSig = "";
const HOVER = matchMedia("(hover: hover)");  // a pointer that hovers: the keys' hint is shown

// The engine's choices: a suit, or "-" for no trump.
function trumpPanel(v) {
  const suits = v.legal.filter((a) => a !== "-");
  return html`<h3>${t("trump.title")}</h3><div class="row">` +
    suits.map((s) => html`<button type="button" class="btn suit-btn" data-act="${s}" data-testid="trump-${s}" aria-label="${t("suit." + s)}">${raw(suitHtml(s))}</button>`).join("") +
    html`</div><div class="row">${v.legal.includes("-") && html`<button type="button" class="btn" data-act="-" data-testid="trump-none">${t("trump.none")}</button>`}</div>`;
}

// Bidding: a row of numbers 0…n bids in one tap; − / + set the number that BID sends, PASS bids 0.
// The dealer's forbidden number stays on the panel, struck through: tapped, the engine refuses it
// and the status line says why.
function bidPanel(v) {
  if (S.bidDeal !== v.deal_no || S.bidValue === null) {
    S.bidDeal = v.deal_no;
    S.bidValue = firstBid(v);
  }
  const b = S.bidValue;
  return { sig: `bid|${b}|${v.forbidden_bid}|${v.cards}|${getLang()}`, build: () => bidMarkup(v, b) };
}

// The number a deal's bid panel starts at: 1 (0 in a deal of one card less), not the forbidden one.
function firstBid(v) {
  const b = Math.min(1, v.cards);
  return b === v.forbidden_bid ? (v.forbidden_bid === 0 ? 1 : 0) : b;
}

// The bid panel's markup with b the number BID sends (nothing read or written but its arguments).
function bidMarkup(v, b) {
  const f = v.forbidden_bid;
  const forb = b === f;
  const nums = Array.from({ length: v.cards + 1 }, (_, n) => n);
  const cols = nums.length <= 6 ? nums.length : Math.ceil(nums.length / 2);
  const numBtn = (n) => html`<button type="button" class="btn bid-n ${n === f ? "forbidden" : ""} ${n === b ? "current" : ""}" data-act="${n}" data-num="${n}" data-testid="bid-n-${n}" data-forbidden="${n === f ? 1 : 0}" aria-label="${n === f ? reasonText("forced_dealer", { bid: n }) : t("bid.number", { bid: n })}">${n}</button>`;
  return html`<h3>${t("bid.title")}</h3>` +
    html`<div class="bid-nums" role="group" aria-label="${t("bid.numbers")}" style="--cols:${cols}">${nums.map(numBtn)}</div>` +
    html`<div class="row bid-ctl"><span class="bid-step"><button type="button" class="btn pm" data-bid="-1" data-testid="bid-minus" aria-label="${t("bid.minus")}" ${raw(b <= 0 ? "disabled" : "")}>−</button>` +
    html`<span class="bid-num ${forb ? "forbidden" : ""}" data-testid="bid-value" data-value="${b}" data-forbidden="${forb ? 1 : 0}">${b}</span>` +
    html`<button type="button" class="btn pm" data-bid="1" data-testid="bid-plus" aria-label="${t("bid.plus")}" ${raw(b >= v.cards ? "disabled" : "")}>+</button></span>` +
    html`<span class="bid-go"><button type="button" class="btn ${f === 0 ? "forbidden" : ""}" data-act="0" data-num="0" data-testid="bid-pass" data-forbidden="${f === 0 ? 1 : 0}">${t("bid.pass")}</button>` +
    html`<button type="button" class="btn btn-primary ${forb ? "forbidden" : ""}" data-act="${b}" data-focus="1" data-testid="bid-submit" data-forbidden="${forb ? 1 : 0}">${t("bid.bid")} <span class="${forb ? "forbidden" : ""}">${b}</span></button></span></div>` +
    (HOVER.matches ? html`<div class="keys-hint">${t("bid.keys")}</div>` : "");
}

// The trump or the bid panel as it is first shown for view v, for the table's specimen (warm.js):
// the same markup, S left as it is.
export function panelSpecimen(kind, v) {
  return String(kind === "trump" ? trumpPanel(v) : bidMarkup(v, firstBid(v)));
}

function jokerPanel(v) {
  const j = S.joker;
  return { sig: `joker|${j.card}|${j.lead}|${j.mode}|${getLang()}`, build: () => jokerMarkup(v, j) };
}

function jokerMarkup(v, j) {
  const legal = new Set(v.legal || []);
  let markup;
  if (j.lead) {
    const modeBtn = (m, key, id) => html`<button type="button" class="btn ${j.mode === m ? "toggled" : ""}" data-jmode="${m}" data-testid="${id}" aria-pressed="${String(j.mode === m)}">${t(key)}</button>`;
    markup = html`<h3>${t("joker.title")}</h3><div class="row">${modeBtn("+", "joker.want", "joker-want")}${modeBtn("-", "joker.under", "joker-under")}</div>` +
      html`<div class="hint">${t("joker.pick_suit")}</div><div class="row">` +
      SUITS.map((s) => {  // four buttons always (the layout does not jump); the engine's plays enabled
        const act = j.mode ? `${j.card}${j.mode}${s}` : "";
        const ok = j.mode && legal.has(act);
        return html`<button type="button" class="btn suit-btn" ${raw(ok ? html`data-act="${act}"` : "disabled")} data-testid="joker-suit-${s}" aria-label="${t("suit." + s)}">${raw(suitHtml(s))}</button>`;
      }).join("") + `</div>`;
  } else {
    const btn = (m, key, id) => (legal.has(j.card + m)
      ? html`<button type="button" class="btn btn-primary" data-act="${j.card + m}" data-testid="${id}">${t(key)}</button>` : "");
    markup = html`<h3>${t("joker.title")}</h3><div class="row">${btn("+", "joker.take", "joker-take")}${btn("-", "joker.under", "joker-under")}</div>`;
  }
  markup += html`<div class="row"><button type="button" class="btn" data-jback="1" data-testid="joker-back">${t("joker.back")}</button></div>`;
  return markup;
}

// The panel's markup is built only when its signature changed (a redraw while I bid or name trump
// rebuilt it each time to write nothing).
export function renderPanel(v) {
  const panel = $("#panel");
  let sig = "", build = () => "", kind = "";
  const mine = v && S.screen === "table" && v.to_act === 0 && !S.busy && !S.dealing && !S.paused && !S.dialog && !S.elsewhere;
  if (mine && v.phase === "trump") {
    kind = "trump";
    sig = `trump|${getLang()}`;
    build = () => trumpPanel(v);
  } else if (mine && v.phase === "bid") {
    kind = "bid";
    ({ sig, build } = bidPanel(v));
  } else if (mine && v.phase === "play" && S.joker) {
    kind = "joker";
    ({ sig, build } = jokerPanel(v));
  }
  setData(panel, "kind", kind);
  if (sig !== panelSig) {
    const hadFocus = panel.contains(document.activeElement);
    const markup = build();
    panelSig = sig;
    panel.innerHTML = String(markup);
    panel.hidden = !markup;
    // Keyboard players land on the panel's main button (the bid, a suit, the joker's choice).
    if (markup && (S.keyboard || hadFocus)) {
      const f = panel.querySelector("[data-focus]") || panel.querySelector("button[data-act]:not([disabled])") || panel.querySelector("button:not([disabled])");
      if (f) f.focus({ preventScroll: true });
    }
  }
}

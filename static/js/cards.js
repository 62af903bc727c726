// Card faces (drawn with DOM + CSS: a large corner index, pips, court letters) and hand order.
// Nothing here decides a rule: legality always comes from the engine's view.
import { t } from "./i18n.js";
import { html } from "./html.js";

export const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥" };
export const SUITS = Object.keys(SUIT_SYMBOL);
export const RED = { D: true, H: true };
export const RANK_ORDER = "6789TJQKA";

export const isJoker = (c) => c[0] === "X";
// The card of a play string ("X1+S" -> "X1", "AS" -> "AS"): a play is its card and, for a joker,
// the mode (and suit) said with it (joker/cards.py: one notation).
export const cardOfPlay = (play) => play.slice(0, 2);
export const suitOf = (c) => (isJoker(c) ? null : c[1]);
export const rankOf = (c) => (isJoker(c) ? null : c[0]);

// Pip positions (x%, y%) inside the pip area (the lower half of the face, under the index) for
// 6..10: three or four rows; pips in the lower half of the area are turned over.
const PIPS = {
  "6": [[22, 12], [78, 12], [22, 50], [78, 50], [22, 88], [78, 88]],
  "7": [[22, 12], [78, 12], [50, 31], [22, 50], [78, 50], [22, 88], [78, 88]],
  "8": [[22, 12], [78, 12], [50, 31], [22, 50], [78, 50], [50, 69], [22, 88], [78, 88]],
  "9": [[22, 10], [78, 10], [22, 37], [78, 37], [50, 50], [22, 63], [78, 63], [22, 90], [78, 90]],
  "T": [[22, 10], [78, 10], [50, 23], [22, 37], [78, 37], [22, 63], [78, 63], [50, 77], [22, 90], [78, 90]],
};

export function rankLabel(r) { return t("rank." + r); }

// Short label for text: "10♥", "Т♠", "★".
export function cardLabel(c) {
  if (isJoker(c)) return (c === "X1" ? t("card.joker_red") : t("card.joker_black"));
  return rankLabel(rankOf(c)) + SUIT_SYMBOL[suitOf(c)];
}

export function suitHtml(s) {
  return html`<span class="suit-sym ${RED[s] ? "red" : "black"}">${SUIT_SYMBOL[s]}</span>`;
}

// The jokers' jester: a bitmap rendered from cards/joker-*.svg by tools/card_art.py. An SVG image
// is recorded on the page's main thread at every paint of it; a bitmap is decoded and drawn off it.
const jokerArt = (c) => (c === "X1" ? "joker-red" : "joker-black");
export const jokerArtUrl = (c) => `cards/${jokerArt(c)}.png`;

// The face of a card as inner HTML (the node itself is created by the renderer).
export function faceHtml(c) {
  if (isJoker(c)) {
    const art = jokerArt(c);
    return html`<div class="face joker ${art}">` +
      html`<span class="idx tl"><b>★</b></span>` +
      html`<img class="art" src="${jokerArtUrl(c)}" alt="" draggable="false"></div>`;
  }
  const r = rankOf(c), s = suitOf(c), sym = SUIT_SYMBOL[s];
  const color = RED[s] ? "red" : "black";
  const label = rankLabel(r);
  const idx = (pos) => html`<span class="idx ${pos}"><b>${label}</b><i>${sym}</i></span>`;
  let mid;
  if (PIPS[r]) {
    mid = html`<div class="pips">${PIPS[r].map(([x, y]) =>
      html`<i style="left:${x}%;top:${y}%"${y > 55 ? html` class="flip"` : ""}>${sym}</i>`)}</div>`;
  } else if (r === "A") {
    mid = html`<div class="ace">${sym}</div>`;
  } else {
    mid = html`<div class="court"><b>${label}</b><i>${sym}</i></div>`;
  }
  return String(html`<div class="face ${color}" data-rank="${r}">${idx("tl")}${mid}</div>`);
}

export function backHtml() { return `<div class="back"></div>`; }

// A sensible default order: jokers first, then the trump suit, then the other suits
// alternating colour; high to low inside a suit.
export function sortHand(hand, trump) {
  const present = [...new Set(hand.filter((c) => !isJoker(c)).map(suitOf))];
  const order = [];
  const rest = ["S", "H", "C", "D"].filter((s) => present.includes(s));
  if (trump && present.includes(trump)) order.push(trump);
  let pool = rest.filter((s) => s !== trump);
  while (pool.length) {
    const last = order[order.length - 1];
    const lastRed = last ? !!RED[last] : null;
    let pick = pool.find((s) => lastRed === null || !!RED[s] !== lastRed);
    if (!pick) pick = pool[0];
    order.push(pick);
    pool = pool.filter((s) => s !== pick);
  }
  const key = (c) => {
    if (isJoker(c)) return c === "X1" ? -2 : -1;
    return order.indexOf(suitOf(c)) * 10 + (8 - RANK_ORDER.indexOf(rankOf(c)));
  };
  return [...hand].sort((a, b) => key(a) - key(b));
}

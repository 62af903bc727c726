// The table: what S.shown holds, drawn. My hand, the trick, the trump card and the seats are
// placed by the keyed renderer (render.js); the top bar, the panel and the state attributes
// (#table[data-*], which tests wait on) are refreshed with them. Redraws are batched per frame.
import { t, onLangChange } from "./i18n.js";
import { Board } from "./render.js";
import { cardLabel, cardOfPlay, sortHand } from "./cards.js";
import { $ } from "./dom.js";
import { S, emit, on } from "./state.js";
import { pace, moveMs } from "./settings.js";
import { renderStatus, saidText } from "./status.js";
import { renderPlates, renderSeats } from "./seats.js";
import { renderPanel } from "./panels.js";
import { prepareFaces } from "./faces.js";

export const board = new Board($("#felt"), $("#cards"), { moveMs });
// A plate or the window changed size: drawn again before it is painted. Not while a table just
// entered shows its frame: its cards are drawn in the next task anyway (enter), and a redraw here
// would make the browser lay that first frame out twice.
board.onResize = () => { if (!S.framing) render(); };
on("tab", () => render());  // this tab became a follower of another (tabs.js), or writes again
onLangChange(() => { board.redrawFaces(); render(); });  // the cards' rank letters are words too

let frame = 0;
export function requestRender() {
  if (frame) return;
  frame = requestAnimationFrame(() => { frame = 0; render(); });
}

// The state attributes: what the table waits for (data-await), phase, turn, deal, counters.
// When it waits for a bot, the bot loop hears of it (bots.js): the one place it starts from.
export function setAttrs() {
  const tbl = $("#table");
  const v = S.view;
  tbl.dataset.phase = v ? v.phase : "";
  tbl.dataset.turn = v && v.to_act !== null && v.to_act !== undefined ? String(v.to_act) : "";
  tbl.dataset.deal = v ? String(v.deal_no) : "";
  tbl.dataset.busy = S.busy ? "1" : "0";
  tbl.dataset.actions = String(S.actions);
  tbl.dataset.paused = S.paused ? "1" : "0";
  tbl.dataset.dialog = S.dialog || "";
  tbl.dataset.joker = S.joker ? (S.joker.lead ? "lead" : "follow") : "";
  let wait = "";
  if (v && S.screen === "table") {
    if (S.dialog === "summary") wait = "next";
    else if (S.dialog === "results") wait = "results";
    else if (!S.busy && !S.dealing && !S.framing && !S.paused && !S.dialog && !S.elsewhere && v.phase !== "over") wait = v.to_act === 0 ? "human" : "bot";
  }
  tbl.dataset.await = wait;
  tbl.dataset.elsewhere = S.elsewhere ? "1" : "0";
  tbl.dataset.held = S.held ? "1" : "0";
  if (wait === "bot") emit("bots");
  emit("attrs");
}

// Cards dealt into my hand fly in one after another: until the last has landed the table deals
// (S.dealing: no panel, no input, no bot move), so nobody bids or names trump on a half-seen hand.
// Landed means their flights (Web Animations made by render.js) have finished.
let dealToken = 0;
function freshInHand(items) {
  return items.filter((it) => (it.cls["in-hand"] || it.cls["chooser-hidden"]) && !board.node(it.key)).map((it) => it.key);
}
function dealing(keys) {
  if (!keys.length || moveMs() <= 0) return;
  const flights = keys.flatMap((k) => board.flights(k));
  if (!flights.length) return;
  const token = ++dealToken;
  S.dealing = true;
  Promise.allSettled(flights.map((a) => a.finished)).then(() => {
    if (token !== dealToken) return;  // a newer deal is still flying in
    S.dealing = false;
    render();
  });
}

// My hand in the order shown: sorted afresh for a new deal or trump, else as the player left it.
function handCards(v) {
  const hand = v.hand || [];
  const trumpKey = v.phase === "trump" ? "?" : String(v.trump);
  const key = `${v.deal_no}|${trumpKey}`;
  const set = new Set(hand);
  const fresh = hand.some((c) => !S.handOrder.includes(c));
  if (key !== S.handKey || fresh) {
    S.handOrder = sortHand(hand, v.phase === "trump" ? null : v.trump);
    S.handKey = key;
  } else {
    S.handOrder = S.handOrder.filter((c) => set.has(c));
  }
  return S.handOrder;
}

// The cards of my hand the engine lists as playable now.
export function legalCards(v) {
  const out = new Set();
  if (v.phase !== "play" || v.to_act !== 0 || S.busy || S.dealing || S.elsewhere) return out;
  for (const a of v.legal || []) out.add(cardOfPlay(a));
  return out;
}

// A table just entered is drawn in two tasks: its frame (the bar's plates, the status line, the
// seats) first, which the browser lays out and paints, reading the seats' sizes as it does
// (render.js's ResizeObserver); then, in a task of its own once that frame is done, the cards and
// the panel, placed from those sizes. Drawn in one task, entering the table was the longest task
// of a game on a phone-class CPU (139 ms at 4x CPU throttling: the engine's answer, the whole
// table's script and its first layout; docs/STARTUP.md). Until the cards are drawn the felt's
// contents are hidden (the seats would stand where the last layout put them) and nothing awaits.
let framingToken = 0;
export function enter(after) {
  const token = ++framingToken;
  S.framing = true;
  $("#felt").dataset.framing = "1";
  render();
  const cards = () => {
    if (token !== framingToken) return;  // entered again meanwhile: that entry draws its cards
    moveMs();  // read before anything is written: the page's style is as the frame left it, clean
    S.framing = false;
    delete $("#felt").dataset.framing;
    if (S.screen === "table") render();
    if (after) after();
  };
  // A hidden tab draws no frames (no requestAnimationFrame): its cards come in the next task.
  if (document.hidden) setTimeout(cards, 0);
  else requestAnimationFrame(() => setTimeout(cards, 0));
}

export function render() {
  if (S.screen !== "table" || !S.shown) { setAttrs(); return; }
  const v = S.shown;
  $("#felt").inert = S.elsewhere;  // another tab plays this game: nothing here to tap until PLAY HERE
  renderPlates(v);
  renderStatus();
  renderSeats(v);
  if (S.framing) { setAttrs(); return; }  // the frame first (enter)
  const L = board.measure();  // the layout is sized from the plates as last laid out (render.js)
  const p = pace();
  const items = [];
  // --- my hand
  const order = handCards(v);
  const legal = legalCards(v);
  const hidden = v.phase === "trump" ? Math.max(0, v.cards - order.length) : 0;
  const n = order.length + hidden;
  const xs = board.handXs(n);
  const mid = (n - 1) / 2;
  const deck = { x: L.cx, y: L.cy, rot: 0, scale: 0.5 };
  if (S.kbd && !legal.has(S.kbd)) S.kbd = null;
  const tabStop = S.kbd || order.find((c) => legal.has(c)) || order[0];
  const myPlay = v.phase === "play" && v.to_act === 0;
  order.forEach((c, i) => {
    const staged = S.joker && S.joker.card === c;
    const isLegal = legal.has(c);
    const refused = S.refusal && S.refusal.card === c;
    const kbd = S.kbd === c;
    items.push({
      key: c, card: c, x: xs[i], y: L.handCY - (staged || kbd ? L.raise * 1.5 : isLegal ? L.raise : 0) + Math.abs(i - mid) ** 2 * 0.35,
      rot: (i - mid) * 1.4, z: 100 + i,
      attrs: { role: "button", tabindex: c === tabStop ? "0" : "-1" },
      cls: { "in-hand": true, legal: isLegal || staged, faceup: true, kbd,
             "trump-card": v.trump_card === c && v.trump_card_holder === v.seat },
      data: { legal: isLegal ? "1" : "0", testid: "hand-card", refused: refused ? "1" : "0" },
      label: myPlay && !isLegal ? `${cardLabel(c)}, ${t("a11y.not_playable")}` : cardLabel(c),
      from: { ...deck, opacity: 0 },             // only new nodes use it: cards being dealt
      delay: board.node(c) ? 0 : i * p.deal,
    });
  });
  for (let j = 0; j < hidden; j++) {
    const i = order.length + j;
    items.push({ key: "hb" + j, card: null, x: xs[i], y: L.handCY, rot: (i - mid) * 1.4, z: 100 + i,
                 cls: { "chooser-hidden": true }, data: { testid: "hand-back" }, from: { ...deck, opacity: 0 }, delay: i * p.deal });
  }
  // --- the trick in the centre
  const exit = {};
  (v.trick || []).forEach((pl, i) => {
    const c = pl.card;
    const [x, y, rot] = L.slots[pl.seat];
    const src = L.seats[pl.seat];
    items.push({ key: c, card: c, x, y, rot, z: 50 + i,
                 cls: { "in-trick": true, winner: S.holdWinner === pl.seat },
                 data: { testid: "trick-card", seat: pl.seat, said: saidText(pl.play) },
                 label: `${t("name." + pl.seat)}: ${cardLabel(c)} ${saidText(pl.play)}`.trim(),
                 from: pl.seat === 0 ? null : { x: src.x, y: src.y, rot: 0, scale: 0.45 } });
  });
  if (S.collectTo !== null) {
    const w = L.seats[S.collectTo];
    for (const pl of S.collecting || []) exit[pl.card] = { x: w.x, y: w.y, rot: 0, scale: 0.35 };
  }
  // --- the trump card: turned up (deals of 1-8) or the dealer's shown card (dealer_card)
  const ind = indicatorCard(v);
  if (ind) {
    const pos = indicatorPos(v.dealer, L);
    items.push({ key: "ind:" + ind, card: ind, x: pos.x, y: pos.y, rot: pos.rot, scale: pos.scale ?? 0.62, z: 20,
                 cls: { "trump-card": true }, data: { testid: "trump-card" } });
  }
  const fresh = freshInHand(items);
  board.sync(items, exit);
  prepareFaces();  // the faces not parsed yet, while the page is idle (the bots think in workers)
  dealing(fresh);
  for (const el of $("#cards").querySelectorAll(".card.shake")) {  // a refusal gone: its shake too
    if (!S.refusal || S.refusal.card !== el.dataset.key) el.classList.remove("shake");
  }
  $("#last-button").hidden = !S.view.last_trick || S.view.phase === "over";
  renderPanel(S.view);
  setAttrs();
}

// The trump card beside the dealer, as the engine says: turned up (deals of 1-8), or the dealer's
// shown card under dealer_card until it is played (and not when it is in my own hand). A card
// lying in the trick is drawn there only.
function indicatorCard(v) {
  const c = v.trump_card;
  if (!c || v.trump_card_played || v.trump_card_holder === v.seat) return null;
  return (v.trick || []).some((p) => p.card === c) ? null : c;
}

function indicatorPos(dealer, L) {
  const s = L.seats[dealer] || L.seats[2];
  const small = L.ch * 0.62;
  if (dealer === 1 || dealer === 3) return { x: s.x + (dealer === 1 ? 6 : -6), y: s.y - s.h / 2 - small / 2 - 10, rot: dealer === 1 ? -8 : 8 };
  if (dealer === 2) return { x: s.x + s.w / 2 + L.cw * 0.45, y: s.y + L.ch * 0.05, rot: 8 };
  return L.mySpot;  // by my seat (layout.js)
}

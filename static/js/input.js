// The player's input besides dragging: the panel's buttons, and the keyboard.
// Keyboard: ← → (↑ ↓ too) walk over the cards you may play, Enter or Space plays the chosen one;
// in bidding digits bid at once, ↑ ↓ change the number, Enter bids it; Esc closes a window.
import { $ } from "./dom.js";
import { S } from "./state.js";
import { board, render, legalCards } from "./table.js";
import { escapeDialog } from "./dialogs.js";
import { tryCard, humanAct, refuse } from "./flow.js";
import * as tabs from "./tabs.js";

function bindPanel() {
  $("#panel").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b || b.disabled) return;
    if (b.dataset.bid) {
      S.bidValue = Math.max(0, Math.min(S.view.cards, S.bidValue + Number(b.dataset.bid)));
      S.refusal = null;
      render();
    } else if (b.dataset.jmode) {
      S.joker.mode = b.dataset.jmode;
      render();
    } else if (b.dataset.jback) {
      S.joker = null;
      S.refusal = null;
      render();
    } else if (b.dataset.act !== undefined) {
      if (b.dataset.num !== undefined) S.bidValue = Number(b.dataset.num);  // a number tapped shows as the bid
      humanAct(b.dataset.act);
    }
  });
}

function moveKbd(step) {
  const legal = legalCards(S.view);
  const cards = S.handOrder.filter((c) => legal.has(c));
  if (!cards.length) return;
  const i = cards.indexOf(S.kbd);
  S.kbd = i < 0 ? cards[step > 0 ? 0 : cards.length - 1] : cards[(i + step + cards.length) % cards.length];
  render();
  const el = board.node(S.kbd);
  if (el) el.focus({ preventScroll: true });
}

// A digit while I bid: the bid at once. The engine refuses the dealer's forbidden number (and
// says why); a number beyond the hand is not a bid at all.
function bidKey(n) {
  const v = S.view;
  if (!v.legal.includes(String(n)) && n !== v.forbidden_bid) { refuse("bad_bid", {}); return; }
  S.bidValue = n;
  humanAct(String(n));
}

function onKey(e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === "Tab" || e.key.startsWith("Arrow")) S.keyboard = true;
  if (e.key === "Escape") {
    if (!escapeDialog() && S.joker) { S.joker = null; render(); }
    return;
  }
  if (S.screen !== "table") return;
  if (S.elsewhere) { tabs.inSync(); return; }  // another tab plays this game: its banner says so again
  const v = S.view;
  if (!v || S.dialog || S.busy || S.dealing || v.to_act !== 0) return;
  const onControl = e.target instanceof Element && e.target.closest("button, input, select, textarea, a, summary");
  if (v.phase === "bid" && /^[0-9]$/.test(e.key)) {
    bidKey(Number(e.key));
  } else if (v.phase === "bid" && (e.key === "ArrowUp" || e.key === "ArrowDown") && (!onControl || e.target.closest("#panel"))) {
    e.preventDefault();
    S.bidValue = Math.max(0, Math.min(v.cards, (S.bidValue ?? 0) + (e.key === "ArrowUp" ? 1 : -1)));
    S.refusal = null;
    render();
  } else if (v.phase === "bid" && e.key === "Enter" && !onControl) {
    humanAct(String(S.bidValue ?? 0));
  } else if (v.phase === "play" && !S.joker && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) {
    if (onControl && !e.target.closest("#felt")) return;  // arrows inside a button group stay there
    e.preventDefault();
    moveKbd(e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1);
  } else if (v.phase === "play" && !S.joker && (e.key === "Enter" || e.key === " ") && !onControl) {
    const focused = e.target instanceof Element ? e.target.closest(".card.in-hand") : null;
    const card = focused ? focused.dataset.key : S.kbd;
    if (!card) return;
    e.preventDefault();
    S.keyboard = true;
    tryCard(card);
  }
}

export function bindInput() {
  bindPanel();
  document.addEventListener("pointerdown", () => { S.keyboard = false; }, true);
  // The felt of a tab another tab plays in is inert: a tap on it brings the banner (PLAY HERE) back.
  $("#table").addEventListener("pointerdown", (e) => {
    if (S.elsewhere && !(e.target instanceof Element && e.target.closest(".topbar"))) tabs.inSync();
  });
  document.addEventListener("keydown", onKey);
}

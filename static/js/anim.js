// Showing the result of one action (mine or a bot's), planned from the events the engine says it
// caused (Game.apply: trump, bid, play, trick, deal_scored, pulka_scored, deal_started, game_over).
// A completed trick stays a moment with all four cards, its winner marked, then flies to the
// winner; a scored deal opens the deal table and waits for NEXT; then the next deal is dealt, or
// the results shown. The bots wait meanwhile (S.busy); a new game started in the middle drops
// the rest (S.gen).
import { t } from "./i18n.js";
import * as sound from "./sound.js";
import { SUIT_SYMBOL } from "./cards.js";
import { sleep } from "./dom.js";
import { S } from "./state.js";
import { pace, moveMs } from "./settings.js";
import { writeSave } from "./saving.js";
import { render } from "./table.js";
import { showSummary } from "./summary.js";
import { showResults } from "./results.js";

// What a bot said (trump named, bid), for the status line while the next one thinks.
function botNote(ev) {
  const name = t("name." + ev.seat);
  if (ev.type === "trump") {
    return ev.trump === null ? t("status.no_trump_chosen", { name })
      : t("status.trump_is", { name, suit: t("suit." + ev.trump) + " " + SUIT_SYMBOL[ev.trump] });
  }
  return t("status.bot_said_bid", { name, bid: ev.bid === 0 ? t("bid.pass_short") : ev.bid });
}

// The sound of a scored deal for me: khishti (the engine's flag), bid made, or missed.
function dealSound(deal) {
  if (deal.khishti[0]) return "khishti";
  return deal.bids[0] === deal.taken[0] ? "bid_made" : "bid_missed";
}

export async function applyResult(res) {
  if (!writeSave(res)) return;  // another tab plays this game now (tabs.js): nothing saved, nothing shown
  const v = res.view;
  const ev = Object.fromEntries(res.events.map((e) => [e.type, e]));  // each kind at most once
  const gen = S.gen;
  const stale = () => gen !== S.gen;  // a new game began during an animation
  S.view = v;
  S.actions += 1;
  S.intro = null;
  S.refusal = null;  // a refusal lives until the next change: this is one
  const said = ev.trump || ev.bid;
  if (said && said.seat !== 0) S.note = botNote(said);
  if (ev.play) sound.play("card");
  if (!ev.trick) {
    S.shown = v;
    render();
    if (v.to_act === 0) sound.play("turn");
    return;
  }
  // The trick as it lies: all four cards down, every hand as the last play left it (mine too:
  // empty once the deal's last trick is down), nobody to act.
  S.busy = true;
  const trick = ev.trick;
  const hold = { ...S.shown, trick: trick.plays, hand_counts: ev.play.hand_counts,
                 hand: ev.deal_scored ? [] : v.hand, to_act: null, legal: [] };
  S.shown = hold;
  render();
  await sleep(moveMs() + 40);
  if (stale()) return;
  S.holdWinner = trick.winner;
  render();
  await sleep(pace().hold);
  if (stale()) return;
  // ... then it flies to the winner, whose count goes up.
  S.collectTo = trick.winner;
  S.collecting = trick.plays;
  S.holdWinner = null;
  S.shown = ev.deal_scored ? { ...hold, trick: [], taken: trick.taken, scores: ev.deal_scored.scores } : v;
  sound.play("trick");
  render();
  S.collectTo = null;
  S.collecting = null;
  await sleep(moveMs() + 30);
  if (stale()) return;
  if (ev.deal_scored) {
    sound.play(dealSound(ev.deal_scored.deal));
    await showSummary(v, ev.deal_scored.deal, ev.pulka_scored ? ev.pulka_scored.pulka : null);
    if (stale()) return;  // the bots waited for NEXT (S.busy stayed set)
    S.busy = false;
    S.shown = v;
    S.note = null;
    render();
    if (ev.game_over) { showResults(); return; }
    sound.play("deal");
  } else {
    S.busy = false;
    render();
  }
  if (v.to_act === 0) sound.play("turn");
}

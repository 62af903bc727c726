// Showing the result of one action (mine or a bot's): the table moves to the new view, and when
// the action completed a trick, the four cards stay a moment, the winner's is marked, and they fly
// to the winner; when it ended a deal, the deal table waits for NEXT. The bots wait meanwhile
// (S.busy), and a new game started in the middle drops the rest (S.gen).
import { t } from "./i18n.js";
import * as sound from "./sound.js";
import { SUIT_SYMBOL, cardOfPlay } from "./cards.js";
import { sleep } from "./dom.js";
import { S } from "./state.js";
import { pace, moveMs } from "./settings.js";
import { writeSave } from "./saving.js";
import { render } from "./table.js";
import { showSummary } from "./summary.js";
import { showResults } from "./results.js";

// What a bot's trump choice or bid was, for the status line while the next one thinks.
function noteFor(phase, seat, action) {
  const name = t("name." + seat);
  if (phase === "trump") {
    return action === "-" ? t("status.no_trump_chosen", { name })
      : t("status.trump_is", { name, suit: t("suit." + action) + " " + SUIT_SYMBOL[action] });
  }
  const n = Number(action);
  return t("status.bot_said_bid", { name, bid: n === 0 ? t("bid.pass_short") : n });
}

export async function applyResult(prev, res, seat, action) {
  if (!writeSave(res)) return;  // another tab plays this game now (tabs.js): nothing saved, nothing shown
  const v = res.view;
  const gen = S.gen;
  const stale = () => gen !== S.gen;  // a new game began during an animation
  S.view = v;
  S.actions += 1;
  S.intro = null;
  const dealEnded = v.deals.length > prev.deals.length;
  const trickEnded = dealEnded || (v.tricks || []).length > (prev.tricks || []).length;
  if ((prev.phase === "trump" || prev.phase === "bid") && seat !== 0) S.note = noteFor(prev.phase, seat, action);
  if (prev.phase === "play") sound.play("card");
  if (!trickEnded) {
    S.shown = v;
    render();
    if (v.to_act === 0 && v.phase !== "over") sound.play("turn");
    return;
  }
  // A trick is complete: show all four cards, then sweep them to the winner.
  S.busy = true;
  const lt = v.last_trick;
  const played = seat === 0 ? cardOfPlay(action) : null;
  const counts = [...prev.hand_counts];
  counts[seat] = Math.max(0, counts[seat] - 1);
  const hold = { ...prev, trick: lt.plays, to_act: null, legal: [], hand_counts: counts,
                 hand: (prev.hand || []).filter((c) => c !== played) };
  S.shown = hold;
  render();
  await sleep(moveMs() + 40);
  if (stale()) return;
  S.holdWinner = lt.winner;
  render();
  await sleep(pace().hold);
  if (stale()) return;
  const taken = dealEnded ? v.deals[v.deals.length - 1].taken : v.taken;
  S.collectTo = lt.winner;
  S.collecting = lt.plays;
  S.holdWinner = null;
  S.shown = dealEnded ? { ...hold, trick: [], taken, to_act: null, scores: v.scores } : v;
  sound.play("trick");
  render();
  S.collectTo = null;
  S.collecting = null;
  await sleep(moveMs() + 30);
  if (stale()) return;
  if (dealEnded) {
    const d = v.deals[v.deals.length - 1];
    const mine = d.bids[0], got = d.taken[0];
    sound.play(v.rules.khishti && mine >= 1 && got === 0 ? "khishti" : mine === got ? "bid_made" : "bid_missed");
    await showSummary(v);  // the bots wait for NEXT (S.busy stays set)
    if (stale()) return;
    S.busy = false;
    S.shown = v;
    S.note = null;
    if (v.phase === "over") { render(); showResults(); return; }
    sound.play("deal");
    render();
  } else {
    S.busy = false;
    render();
  }
  if (v.to_act === 0 && v.phase !== "over") sound.play("turn");
}

// The status line under the top bar: whose turn it is and what is expected, what a bot just did,
// who took the trick, or why my last action was refused (the engine's reason code, in words).
import { t } from "./i18n.js";
import { SUIT_SYMBOL, isJoker, cardLabel } from "./cards.js";
import { $, setData } from "./dom.js";
import { S } from "./state.js";

// The refusal's reason code (joker.rules / joker.web) in the player's language.
export function reasonText(reason, params = {}) {
  const p = { ...params };
  if (p.suit) p.suit = t("suit." + p.suit) + " " + SUIT_SYMBOL[p.suit];
  if (p.card) p.card = cardLabel(p.card);
  if (p.seat !== undefined) p.name = t("name." + p.seat);
  const key = "why." + reason;
  const text = t(key, p);
  return text === key ? t("why.unknown") : text;
}

// What a played joker said ("wants ♠", "takes"...), from its play string.
export function saidText(play) {
  if (!isJoker(play) || play.length < 3) return "";
  const mode = play[2], suit = play[3];
  if (suit) return t(mode === "+" ? "joker.said_want" : "joker.said_under", { suit: SUIT_SYMBOL[suit] });
  return t(mode === "+" ? "joker.said_take" : "joker.said_under_follow");
}

function statusFor() {
  const v = S.view;
  if (!v) return { text: "", cls: "" };
  if (S.elsewhere) return { text: t("status.elsewhere"), cls: "elsewhere" };
  if (S.refusal) {
    const r = S.refusal;
    return { text: reasonText(r.reason, r.params), cls: "refused", reason: r.reason };
  }
  if (S.paused) return { text: t("status.paused"), cls: "" };
  if (S.intro) return { text: S.intro, cls: "" };
  if (S.dialog === "summary" || (S.busy && S.holdWinner === null && S.shown !== S.view && S.shown.deal_no !== v.deal_no)) {
    return { text: t("status.deal_over", { no: S.shown.deal_no }), cls: "" };
  }
  if (S.holdWinner !== null) {
    return { text: S.holdWinner === 0 ? t("status.trick_won_you") : t("status.trick_won", { name: t("name." + S.holdWinner) }), cls: "" };
  }
  if (v.phase === "over") return { text: t("status.game_over"), cls: "" };
  if (v.to_act === 0) {
    if (S.joker) return { text: t(S.joker.lead ? "status.joker_lead" : "status.joker_follow"), cls: "you" };
    if (v.phase === "trump") return { text: t("status.you_trump"), cls: "you" };
    if (v.phase === "bid") {
      if (v.forbidden_bid !== null && v.forbidden_bid !== undefined) {
        return { text: t("status.you_bid_dealer", { bid: v.forbidden_bid }), cls: "you", reason: "forced_dealer" };
      }
      return { text: t("status.you_bid"), cls: "you" };
    }
    return { text: t((v.trick || []).length ? "status.you_play" : "status.you_lead"), cls: "you" };
  }
  const name = t("name." + v.to_act);
  if (S.note && v.phase !== "play") return { text: `${S.note} · ${t(v.phase === "trump" ? "status.bot_trump" : "status.bot_bid", { name })}`, cls: "" };
  return { text: t(v.phase === "trump" ? "status.bot_trump" : v.phase === "bid" ? "status.bot_bid" : "status.bot_play", { name }), cls: "" };
}

export function renderStatus() {
  const st = statusFor();
  const el = $("#status");
  // Written only when changed: most redraws change nothing here (a write, even the same, is work).
  if (el.textContent !== st.text) el.textContent = st.text;
  const cls = "status " + (st.cls || "");
  if (el.className !== cls) el.className = cls;
  setData(el, "reason", st.reason || "");
}

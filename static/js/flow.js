// The game's flow around the engine: PLAY and CONTINUE, entering and leaving the table, and my
// actions (a card, a bid, a trump, a joker's mode) sent to the engine, which accepts them or says
// why not. The bots' moves are bots.js's; what follows an action is anim.js's.
import { t } from "./i18n.js";
import * as sound from "./sound.js";
import * as engine from "./engine.js";
import { isJoker, cardLabel, cardOfPlay } from "./cards.js";
import { $, $$ } from "./dom.js";
import { S, URL_SEED } from "./state.js";
import { storeSettings, applyPace, paceName } from "./settings.js";
import { readSave, writeSave, setSaveAside } from "./saving.js";
import * as tabs from "./tabs.js";
import { readSettingsForm, fillSettingsForm, refreshContinue, showNotice, hideNotice, renderSoundButton } from "./first-screen.js";
import { updateLoadingText } from "./loading.js";
import { board, render, enter, setAttrs } from "./table.js";
import { applyResult } from "./anim.js";
import { closeDialog } from "./dialogs.js";
import { showResults } from "./results.js";
import { warmSummary } from "./summary.js";
import { resetCoached } from "./coached.js";
import { clearDaily } from "./daily.js";

// PLAY and CONTINUE work before Python is up: they wait for it with the loading bar. false if
// the engine cannot start (the player is told so, and stays on the first screen).
export async function waitForEngine() {
  sound.unlock();
  hideNotice();
  applyPace();
  S.starting = true;
  updateLoadingText();
  await Promise.race([engine.ready, engine.failure]);
  S.starting = false;
  updateLoadingText();
  if (!engine.isReady()) showNotice("loading.failed");
  return engine.isReady();
}

export async function startNew() {
  if (S.starting) return;
  S.leaveAsked = false;
  readSettingsForm();
  storeSettings();
  if (!(await waitForEngine())) return;
  const opts = { rules: S.settings.rules, mode: S.settings.mode, level: S.settings.level, fast: paceName() === "instant" };
  if (URL_SEED !== null) opts.seed = URL_SEED;
  const res = await engine.newGame(opts);
  if (!res.ok) { showNotice("loading.failed"); console.warn(res.error); return; }
  resetCoached();
  clearDaily();
  enterTable(res);
}

// PLAY AGAIN on the results: a new game at once, with the finished game's rules, game and level
// (which become the first screen's settings too).
export async function playAgain() {
  const v = S.view;
  if (!v || S.starting) return;
  S.settings = { ...S.settings, level: S.level, mode: v.mode, rules: v.rules };
  storeSettings();
  fillSettingsForm();
  await waitForEngine();
  const opts = { rules: v.rules, mode: v.mode, level: S.level, fast: paceName() === "instant" };
  if (URL_SEED !== null) opts.seed = URL_SEED;
  const res = await engine.newGame(opts);
  if (!res.ok) { leaveTable(); showNotice("loading.failed"); console.warn(res.error); return; }
  resetCoached();
  clearDaily();  // a game like the last one, not the daily deal again
  enterTable(res);
}

export async function continueSaved() {
  if (S.starting) return;
  if (!(await waitForEngine())) return;
  const text = readSave();
  const res = text ? await engine.restore(text, { fast: paceName() === "instant" }) : { ok: false, reason: "save_corrupt" };
  if (!res.ok) {
    showNotice(setSaveAside(text, res.reason));  // kept aside, never lost silently; start afresh
    refreshContinue();
    return;
  }
  enterTable(res);
}

function showScreen(name) {
  S.screen = name;
  $("#app").dataset.screen = name;
  $("#settings").hidden = name !== "settings";
  $("#table").hidden = name !== "table";
}

export function enterTable(res) {
  S.gen += 1;
  showScreen("table");
  Object.assign(S, { view: res.view, shown: res.view, level: res.level || S.settings.level, handOrder: [], handKey: "",
                     joker: null, refusal: null, paused: false, busy: false, returnTo: null, holdWinner: null,
                     collectTo: null, intro: null, leaveAsked: false });  // a later PLAY asks again
  const v = res.view;
  const aces = v.aces || [];
  if (aces.length && v.deal_no === 1 && !(v.bids || []).some((b) => b !== null) && v.phase !== "play") {
    const last = aces[aces.length - 1];
    S.intro = t("status.aces", { name: t("name." + last.seat), card: cardLabel(last.card) });
  }
  closeDialog();
  board.clear();
  tabs.claim();  // this tab now writes this game; any other tab showing it becomes a follower
  writeSave(res);
  board.forget();  // the new game's plates: measured once they are drawn (render.js)
  if (v.phase === "over") { enter(); showResults(); return; }
  const gen = S.gen;
  enter(() => { if (gen === S.gen) sound.play("deal"); });  // the frame, then the cards (table.js)
  warmSummary();  // the deal summary's first layout, unseen, while the first deal is played
}

export function leaveTable() {
  tabs.release();
  S.gen += 1;
  Object.assign(S, { waitNext: null, busy: false, holdWinner: null, returnTo: null });
  closeDialog();
  showScreen("settings");
  Object.assign(S, { view: null, shown: null, paused: false });
  board.clear();
  refreshContinue();
  renderSoundButton();  // the menu may have switched it
  setAttrs();
}

// ---- my actions
export function refuse(reason, params, card) {
  S.refusal = { reason, params: params || {}, card: card || null };
  sound.play("error");
  render();
  if (card) {  // the card shakes once (its tint stays as long as the refusal: table.js)
    const el = board.node(card);
    if (el) {
      el.classList.remove("shake");
      void el.offsetWidth;
      el.classList.add("shake");
      el.addEventListener("animationend", () => el.classList.remove("shake"), { once: true });
    }
  }
}

// A card tapped, dragged to the table or chosen with the keyboard. A joker I may play opens the
// joker panel (its mode is part of the play); anything else goes to the engine, which plays it or
// says why not (not my turn, must follow suit, ...). While I name trump or bid, a card means nothing.
export function tryCard(card) {
  const v = S.view;
  if (!v || S.screen !== "table" || S.dialog) return;
  for (const el of $$(".card.shake")) el.classList.remove("shake");
  if (S.busy || S.dealing || S.acting) return;
  if (S.paused) { refuse("paused", {}, card); return; }
  if (v.phase !== "play" && v.legal.length) return;
  if (isJoker(card) && v.legal.some((a) => cardOfPlay(a) === card)) {
    S.refusal = null;
    S.joker = { card, lead: (v.trick || []).length === 0, mode: null };
    render();
    return;
  }
  humanAct(card);
}

export async function humanAct(action) {
  const v = S.view;
  if (!v || S.busy || S.dealing || S.paused || S.acting) return;
  if (!tabs.inSync()) return;  // another tab plays this game now: its banner says so
  S.acting = true;
  let res;
  try { res = await engine.act(action); } finally { S.acting = false; }
  if (!res.ok) {
    if (res.reason) refuse(res.reason, res.params, v.hand.includes(action) ? action : null);
    else console.warn("joker: engine error", res.error);
    return;
  }
  S.refusal = null;
  S.joker = null;
  S.note = null;
  const had = document.activeElement;
  if (had && had.closest && had.closest(".card")) had.blur();
  S.kbd = null;
  await applyResult(res);
}

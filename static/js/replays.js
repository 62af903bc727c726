// Replays: the last 20 finished games are kept (their actions only: joker.saves' game, which
// replays exactly), and any of them can be stepped through deal by deal and trick by trick with
// every hand face up. Opened from the results and from the statistics. localStorage
// "joker.replays": [{when, level, mode, scores, places, game}], newest first.
import { t, onLangChange } from "./i18n.js";
import * as store from "./store.js";
import * as engine from "./engine.js";
import { SUIT_SYMBOL } from "./cards.js";
import { html, raw } from "./html.js";
import { S } from "./state.js";
import { defineDialog, onButton, openDialog, closeButton, dialogEpoch } from "./dialogs.js";
import { handsBlock } from "./review.js";

const KEY = store.key("replays");
export const KEEP = 20;

export function storedReplays() {
  const text = store.read(KEY);
  if (text === null) return [];
  try {
    const list = JSON.parse(text);
    if (Array.isArray(list) && list.every((g) => g && typeof g === "object" && g.game && Array.isArray(g.scores))) return list;
  } catch (e) { /* set aside below */ }
  store.setAside(KEY, text);
  return [];
}

// A finished game (the engine's last answer: its save text holds the whole game) joins the replays.
export function rememberFinished(res) {
  let env;
  try { env = JSON.parse(res.save); } catch (e) { return; }
  const v = res.view;
  if (!env || !env.game || v.phase !== "over") return;
  const entry = { when: new Date().toISOString().slice(0, 10), level: env.level, mode: v.mode, scores: v.scores,
                  places: v.places, game: env.game };
  const list = storedReplays().filter((g) => JSON.stringify(g.game) !== JSON.stringify(env.game));
  store.write(KEY, JSON.stringify([entry, ...list].slice(0, KEEP)), "storage.what.replays");
}

// The viewer: {index, frames, scores, step} of the game chosen, or null for the list.
let V = null;

function openList() {
  V = null;
  const list = storedReplays();
  const rows = list.map((g, i) => html`<li><button type="button" class="btn rv-game" data-replay="${i}" data-testid="replay-${i}">` +
    html`<span>${g.when}</span> <span>${t("level." + g.level)} · ${t("mode_short." + g.mode)}</span> ` +
    html`<b>${g.scores[0]}</b> <small>${t("coach.place", { no: g.places[0] })}</small></button></li>`).join("");
  openDialog("replays", html`<header><h2>${t("coach.replays")}</h2>${closeButton()}</header><div class="body review" data-testid="replays-body">` +
    (list.length ? html`<ol class="rv-games" data-testid="replays-list">${raw(rows)}</ol>` : html`<p data-testid="replays-none">${t("coach.replays_none")}</p>`) +
    `</div>`, { label: t("coach.replays"), wide: true });
}

async function openGame(i) {
  const g = storedReplays()[i];
  if (!g) return;
  V = { index: i, frames: null, step: 0, failed: false };
  drawGame();
  const epoch = dialogEpoch();
  const res = await engine.replay(JSON.stringify(g.game));
  if (!V || V.index !== i || epoch !== dialogEpoch()) return;  // the viewer was closed meanwhile
  if (!res.ok) V.failed = true;
  else Object.assign(V, { frames: res.frames, scores: res.scores });
  drawGame();
}

function drawGame() {
  const g = storedReplays()[V.index];
  let body;
  if (V.failed) body = html`<p>${t("coach.failed")}</p>`;
  else if (!V.frames) body = html`<p class="thinking"><span class="spinner" aria-hidden="true"></span>${t("coach.thinking")}</p>`;
  else {
    const fs = V.frames;
    V.step = Math.max(0, Math.min(V.step, fs.length - 1));
    const f = fs[V.step];
    const deals = fs.filter((x) => x.kind === "deal").length;
    const firstOf = (n) => fs.findIndex((x) => x.deal_no === n);
    const trump = f.trump ? `${t("bar.trump")} ${SUIT_SYMBOL[f.trump]}` : t("bar.no_trump");
    const nav = (key, prev, next, label, id) => html`<div class="row-btns"><button type="button" class="btn" data-${key}="${prev}" data-testid="${id}-prev" ${raw(prev === null ? "disabled" : "")}>◀</button>` +
      html`<span data-testid="${id}" data-value="${id === "replay-deal" ? f.deal_no : V.step}">${label}</span>` +
      html`<button type="button" class="btn" data-${key}="${next}" data-testid="${id}-next" ${raw(next === null ? "disabled" : "")}>▶</button></div>`;
    body = nav("replay-step", f.deal_no > 1 ? firstOf(f.deal_no - 1) : null, f.deal_no < deals ? firstOf(f.deal_no + 1) : null,
      t("coach.deal_of", { no: f.deal_no, total: deals }), "replay-deal") +
      html`<p class="summary-note">${t("bar.cards", { n: f.cards })} · ${trump}</p>` +
      nav("replay-step", V.step > 0 ? V.step - 1 : null, V.step < fs.length - 1 ? V.step + 1 : null,
        f.kind === "deal" ? t("coach.deal_start") : t("coach.trick_n", { no: f.trick_no }), "replay-step") +
      handsBlock(f) +
      html`<p class="rv-total" data-testid="replay-scores">${t("summary.total")}: ${f.scores.join(" · ")}</p>`;
  }
  openDialog("replays", html`<header><h2>${t("coach.replay_title", { when: g ? g.when : "" })}</h2>${closeButton()}</header>` +
    html`<div class="body review" data-testid="replay-body">${raw(body)}</div>` +
    html`<footer><button type="button" class="btn" data-replay-list="1" data-testid="replay-back">${t("coach.replays_back")}</button></footer>`,
  { label: t("coach.replays"), wide: true });
}

export function openReplays() { openList(); }

defineDialog("replays", { open: openList, reopen: () => (V ? drawGame() : openList()) });
onButton("replays", () => openList());
onButton("replay", (i) => openGame(Number(i)));
onButton("replayStep", (n) => { if (V && n !== "null") { V.step = Number(n); drawGame(); } });
onButton("replayList", () => openList());
onLangChange(() => { if (S.dialog === "replays") (V ? drawGame() : openList()); });

// The hint (button in the top bar, key H): what Insane would do for me now — trump, bid or card,
// with the joker's mode and suit — its best candidates with their expected points, and one
// sentence why. It is searched in the bot worker (engine.hint); the table stays live meanwhile,
// and a spinner shows while it thinks. A game in which I asked for a hint is marked as coached.
import { t, onLangChange } from "./i18n.js";
import { SUIT_SYMBOL, isJoker, cardLabel } from "./cards.js";
import * as engine from "./engine.js";
import { $ } from "./dom.js";
import { html } from "./html.js";
import { S } from "./state.js";
import { board } from "./table.js";
import { saidText } from "./status.js";
import { markCoached } from "./coached.js";

// The hint of this module: {key: "gen:actions" it was asked at, status: "thinking" | "ready" |
// "failed", res}. It belongs to one position; any action (or a new game) makes it stale.
let hint = null;
const here = () => `${S.gen}:${S.actions}`;

// An action in words: "Bid 2", "Pass", "Hearts ♥", "No trump", "K♠", "★ wants ♠".
export function actionLabel(action, phase) {
  if (phase === "trump") return action === "-" ? t("coach.no_trump") : `${t("suit." + action)} ${SUIT_SYMBOL[action]}`;
  if (phase === "bid") return action === "0" ? t("coach.bid_pass") : t("coach.bid", { bid: action });
  if (isJoker(action)) return `${cardLabel(action.slice(0, 2))} ${saidText(action)}`;
  return cardLabel(action);
}

// A reason code of joker.coach in words (card and suit params shown as on the table).
export function reasonLine(reason) {
  if (!reason) return "";
  const p = { ...(reason.params || {}) };
  if (p.card) p.card = cardLabel(p.card);
  if (p.action) p.action = "";
  if (p.suit) p.suit = `${t("suit." + p.suit)} ${SUIT_SYMBOL[p.suit]}`;
  else if ("suit" in p) p.suit = "";
  if (p.need !== undefined) p.n = p.need;
  if (p.over !== undefined) p.n = p.over;
  if (p.count !== undefined) p.n = p.count;
  if (p.points !== undefined && p.points !== null) p.points = signed(p.points);
  const lead = reason.code.startsWith("joker_") && reason.params && reason.params.suit;
  return t("coach.why." + reason.code + (lead ? "_lead" : ""), p);
}

export const signed = (x) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(Math.round(x));

// The best few distinct choices (equivalent cards share a value: show one of them).
export function topChoices(cands, k = 3) {
  const out = [];
  for (const c of cands || []) {
    if (out.some((o) => o.value === c.value && o.points === c.points)) continue;
    out.push(c);
    if (out.length >= k) break;
  }
  return out;
}

function canAsk() {
  const v = S.view;
  return S.screen === "table" && v && v.phase !== "over" && v.to_act === 0 && !S.busy && !S.paused && !S.dialog && !S.elsewhere;
}

export async function askHint() {
  if (!canAsk()) return;
  if (hint && hint.key === here() && hint.status !== "failed") { renderHint(); return; }
  const key = here();
  const phase = S.view.phase;
  hint = { key, status: "thinking", phase, res: null };
  markCoached("hint");
  renderHint();
  let res;
  try { res = await engine.hint(); } catch (e) { res = { ok: false, error: String(e) }; }
  if (!hint || hint.key !== key) return;  // I moved (or a new game began) meanwhile
  hint.status = res.ok ? "ready" : "failed";
  hint.res = res;
  renderHint();
}

export function closeHint() {
  hint = null;
  renderHint();
}

function box() {
  let el = $("#hint-box");
  if (!el) {
    el = document.createElement("div");
    el.id = "hint-box";
    el.className = "hint-box";
    el.dataset.testid = "hint-box";
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    $("#felt").appendChild(el);
    el.addEventListener("click", (e) => { if (e.target.closest("[data-hint-close]")) closeHint(); });
  }
  return el;
}

function renderHint() {
  for (const el of document.querySelectorAll(".card.hinted")) el.classList.remove("hinted");
  const el = box();
  const live = hint && hint.key === here() && S.screen === "table";
  el.hidden = !live;
  el.dataset.state = live ? hint.status : "";
  const btn = $("#hint-button");
  if (btn) btn.setAttribute("aria-busy", live && hint.status === "thinking" ? "true" : "false");
  if (!live) { el.innerHTML = ""; return; }
  const head = html`<header><b>${t("coach.hint")}</b><button type="button" class="icon-btn" data-hint-close="1" data-testid="hint-close" aria-label="${t("menu.close")}">✕</button></header>`;
  if (hint.status === "thinking") {
    el.innerHTML = head + html`<p class="thinking"><span class="spinner" aria-hidden="true"></span>${t("coach.thinking")}</p>`;
    return;
  }
  if (hint.status === "failed") {
    el.innerHTML = head + html`<p>${t("coach.failed")}</p>`;
    return;
  }
  const r = hint.res;
  const cands = topChoices(r.candidates).map((c, i) => html`<li data-testid="hint-cand" data-action="${c.action}" class="${i === 0 ? "best" : ""}">` +
    html`<span>${actionLabel(c.action, hint.phase)}</span><b>${signed(c.value)}</b></li>`).join("");
  el.dataset.action = r.action;
  el.innerHTML = head + html`<p class="best" data-testid="hint-best">${actionLabel(r.action, hint.phase)}</p>` +
    html`<p class="why" data-testid="hint-reason" data-code="${r.reason.code}">${reasonLine(r.reason)}</p>` +
    html`<ol class="cands" aria-label="${t("coach.candidates")}">` + cands + `</ol>` +
    html`<p class="note">${t("coach.points_note")}</p>`;
  if (hint.phase === "play") {
    const node = board.node(r.action.slice(0, 2));
    if (node) node.classList.add("hinted");
  }
}

export function bindHint() {
  const bar = $(".topbar");
  const b = document.createElement("button");
  b.type = "button";
  b.className = "icon-btn hint-btn";
  b.id = "hint-button";
  b.dataset.testid = "hint-button";
  b.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z"/></svg>`;
  b.addEventListener("click", askHint);
  bar.insertBefore(b, $("#sheet-button"));
  const label = () => { b.setAttribute("aria-label", t("coach.hint_button")); b.title = t("coach.hint_button"); };
  label();
  onLangChange(() => { label(); if (hint) renderHint(); });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || (e.key !== "h" && e.key !== "H")) return;
    if (e.target instanceof Element && e.target.closest("input, textarea, select")) return;
    if (canAsk()) { e.preventDefault(); askHint(); }
  });
  // A hint belongs to one position: when the table moves on, it goes.
  new MutationObserver(() => { if (hint && hint.key !== here()) closeHint(); else if (hint) renderHint(); })
    .observe($("#table"), { attributes: true, attributeFilter: ["data-actions", "data-await"] });
}

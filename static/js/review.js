// The deal review: any finished deal of the game, trick by trick with all four hands face up, and
// each of my decisions (the bid, the trump when I named it, every card) marked with the points it
// lost against the best choice of Insane's search, judged from what I could see at the time.
// The analysis runs in the bot worker one decision per call, with a progress bar and CANCEL;
// closing the window cancels too. Opened from the deal table (REVIEW), from the menu, and from a
// finished deal's number on the score sheet (sheet.js).
import { t, onLangChange } from "./i18n.js";
import { cardLabel, isJoker, SUIT_SYMBOL, RED } from "./cards.js";
import * as engine from "./engine.js";
import { html, raw } from "./html.js";
import { S } from "./state.js";
import { defineDialog, onButton, openDialog, closeButton } from "./dialogs.js";
import { actionLabel, signed } from "./hint.js";

// The review on screen: {gen, deal, plan, step, done: {at: decision}, running, cancelled}.
let R = null;
const SEATS = [0, 1, 2, 3];

// The finished deals of the game on the table (the deal table's deal is the last of them).
const finished = () => (S.view ? S.view.deals.length : 0);

export function openReview(dealNo) {
  const n = dealNo || finished();
  if (!n) return;
  if (!R || R.gen !== S.gen || R.deal !== n) R = { gen: S.gen, deal: n, plan: null, step: 0, done: {}, running: false, cancelled: false };
  R.cancelled = false;
  draw();
  if (!R.plan) load(R);
  else analyse(R);
}

async function load(r) {
  const res = await engine.reviewPlan(r.deal);
  if (r !== R || r.plan) return;  // (r.plan: a second load, the review reopened meanwhile)
  if (!res.ok) r.failed = true;
  else Object.assign(r, { plan: res, failed: false });
  // closed while the plan was on the way: it is kept for when the review is opened again,
  // and the review does not pop up over whatever the player went back to
  if (S.dialog !== "review") return;
  draw();
  if (!r.failed) analyse(r);
}

async function analyse(r) {
  if (r.running || !r.plan) return;
  r.running = true;
  if (r === R && S.dialog === "review") draw();
  try {
    for (const d of r.plan.decisions) {
      if (r !== R || r.cancelled || S.dialog !== "review") break;
      if (r.done[d.at]) continue;
      if (d.forced) { r.done[d.at] = { ...d, best: d.action, loss: 0, severity: "fine" }; continue; }
      const res = await engine.reviewStep(d.at);
      if (!res.ok) { r.failed = true; break; }
      r.done[d.at] = res.decision;
      if (r === R && S.dialog === "review") update(r);
    }
  } finally {
    r.running = false;
    if (r === R && S.dialog === "review") draw();
  }
}

// After each decision: the bar and the marks only (the buttons stay where the pointer is).
function update(r) {
  const el = document.querySelector("[data-testid=review-progress]");
  const list = document.querySelector("[data-testid=review-decisions]");
  if (!el || !list) { draw(); return; }
  const total = r.plan.decisions.length;
  const done = r.plan.decisions.filter((d) => r.done[d.at]).length;
  el.dataset.done = String(done);
  el.querySelector(".bar-fill").style.width = `${Math.round((100 * done) / Math.max(1, total))}%`;
  list.outerHTML = String(decisionsList(r));
}

function cancel() {
  if (R) R.cancelled = true;   // the decision being judged finishes, then the loop stops (and redraws)
}

const cardSpan = (c) => {
  const red = !isJoker(c) && RED[c[1]];
  return html`<span class="rv-card ${red ? "red" : ""}">${cardLabel(c.slice(0, 2))}</span>`;
};

export function markText(d) {
  if (!d) return t("coach.pending");
  if (d.severity === "fine") return t("coach.mark.fine");
  return t("coach.mark." + d.severity, { loss: signed(-d.loss) });
}

export function handsBlock(frame) {
  const played = new Map((frame.trick ? frame.trick.plays : []).map((p) => [p.seat, p.play]));
  return html`<div class="rv-hands">` + SEATS.map((s) => {
    const bid = frame.bids[s];
    const plays = played.get(s);
    return html`<div class="rv-hand ${s === 0 ? "me" : ""} ${frame.trick && frame.trick.winner === s ? "won" : ""}" data-testid="review-hand-${s}">` +
      html`<b>${t("name." + s)}</b> <small>${bid === null || bid === undefined ? "" : t("coach.bid_taken", { bid, taken: frame.taken[s] })}</small>` +
      html`<div>${raw(frame.hands[s].map((c) => (plays && plays.slice(0, 2) === c ? html`<span class="rv-played">${cardSpan(c)}</span>` : cardSpan(c))).join(" "))}</div></div>`;
  }).join("") + `</div>`;
}

function decisionsList(r) {
  return html`<ol class="rv-decisions" data-testid="review-decisions">` + r.plan.decisions.map((d) => {
    const x = r.done[d.at];
    const sev = x ? x.severity : "pending";
    return html`<li data-testid="review-decision" data-at="${d.at}" data-severity="${sev}" data-loss="${x ? x.loss : ""}" data-best="${x ? x.best : ""}" data-action="${d.action}">` +
      html`<span class="rv-what">${d.phase === "play" ? t("coach.trick_n", { no: d.trick_no }) : t("coach.phase." + d.phase)}: ${actionLabel(d.action, d.phase)}</span>` +
      html`<span class="rv-mark ${sev}">${markText(x)}</span>` +
      (x && x.best !== d.action && x.severity !== "fine" ? html`<span class="rv-best">${t("coach.best_was", { action: actionLabel(x.best, d.phase) })}</span>` : "") +
      `</li>`;
  }).join("") + `</ol>`;
}

function draw() {
  const r = R;
  if (!r) return;
  const title = t("coach.review_title", { no: r.deal });
  const nav = html`<div class="row-btns rv-deals"><button type="button" class="btn" data-review-deal="${r.deal - 1}" data-testid="review-prev-deal" ${raw(r.deal > 1 ? "" : "disabled")}>◀</button>` +
    html`<span>${t("coach.deal_of", { no: r.deal, total: finished() })}</span>` +
    html`<button type="button" class="btn" data-review-deal="${r.deal + 1}" data-testid="review-next-deal" ${raw(r.deal < finished() ? "" : "disabled")}>▶</button></div>`;
  let body = "";
  if (r.failed) body = html`<p>${t("coach.failed")}</p>`;
  else if (!r.plan) body = html`<p class="thinking"><span class="spinner" aria-hidden="true"></span>${t("coach.thinking")}</p>`;
  else {
    const total = r.plan.decisions.length;
    const done = r.plan.decisions.filter((d) => r.done[d.at]).length;
    const state = done === total ? "done" : r.running ? "running" : "stopped";
    const lost = Object.values(r.done).reduce((a, d) => a + d.loss, 0);
    const progress = html`<div class="rv-progress" data-testid="review-progress" data-state="${state}" data-done="${done}" data-total="${total}">` +
      html`<div class="bar"><div class="bar-fill" style="width:${Math.round((100 * done) / Math.max(1, total))}%"></div></div>` +
      (state === "running" ? html`<button type="button" class="btn" data-review-cancel="1" data-testid="review-cancel">${t("coach.cancel")}</button>` : "") +
      (state === "stopped" ? html`<button type="button" class="btn" data-review-resume="1" data-testid="review-resume">${t("coach.resume")}</button>` : "") +
      `</div>` + (state === "done" ? html`<p class="rv-total" data-testid="review-lost" data-lost="${Math.round(lost)}">${t("coach.lost_total", { n: Math.round(lost) })}</p>` : "");
    const frames = r.plan.frames;
    r.step = Math.max(0, Math.min(r.step, frames.length - 1));
    const f = frames[r.step];
    const stepNav = html`<div class="row-btns rv-steps"><button type="button" class="btn" data-review-step="${r.step - 1}" data-testid="review-prev" ${raw(r.step > 0 ? "" : "disabled")}>◀</button>` +
      html`<span data-testid="review-step" data-step="${r.step}">${f.kind === "deal" ? t("coach.deal_start") : t("coach.trick_n", { no: f.trick_no })}</span>` +
      html`<button type="button" class="btn" data-review-step="${r.step + 1}" data-testid="review-next" ${raw(r.step < frames.length - 1 ? "" : "disabled")}>▶</button></div>`;
    const trump = f.trump ? `${t("bar.trump")} ${SUIT_SYMBOL[f.trump]}` : t("bar.no_trump");
    body = progress + html`<p class="summary-note">${t("bar.cards", { n: f.cards })} · ${trump}</p>` + stepNav + handsBlock(f) + decisionsList(r);
  }
  openDialog("review", html`<header><h2>${title}</h2>${closeButton()}</header><div class="body review" data-testid="review-body">` + nav + body + `</div>`,
    { label: title, wide: true });
}

defineDialog("review", { open: () => openReview(R ? R.deal : 0), reopen: draw });
onButton("reviewCancel", cancel);
onButton("reviewResume", () => { if (R) { R.cancelled = false; analyse(R); draw(); } });
onButton("reviewStep", (n) => { if (R) { R.step = Number(n); draw(); } });
onButton("reviewDeal", (n) => openReview(Number(n)));
onButton("review", () => openReview(finished()));
onLangChange(() => { if (S.dialog === "review") draw(); });

// The daily deal: a game whose cards come from today's date (joker.daily: the same decks for
// everyone, everywhere, offline; standard rules, sixteen 9-card deals). The first screen starts
// it; the results show my score and place, how it ranks among today's daily games on this device,
// and a share text to compare with friends. localStorage: "joker.daily.current" {day, seed} of
// the daily game in play, "joker.daily" {day: [scores]} for the last 30 days.
import { t } from "./i18n.js";
import * as store from "./store.js";
import * as engine from "./engine.js";
import { $ } from "./dom.js";
import { html } from "./html.js";
import { S } from "./state.js";
import { storeSettings, paceName } from "./settings.js";
import { readSettingsForm, showNotice } from "./first-screen.js";
import { waitForEngine, enterTable } from "./flow.js";
import { resetCoached } from "./coached.js";
import { storedReplays } from "./replays.js";
import { onButton } from "./dialogs.js";
import { askBeforePlay } from "./confirm.js";

const CUR = store.key("daily.current");
const DAYS = store.key("daily");
const KEEP_DAYS = 30;

// Today on this device, as YYYY-MM-DD (the local date: the deck changes at local midnight).
export function today(d = new Date()) {
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function readJson(key, check) {
  const text = store.read(key);
  if (text === null) return null;
  try { const v = JSON.parse(text); if (check(v)) return v; } catch (e) { /* set aside below */ }
  store.setAside(key, text);
  return null;
}

const current = () => readJson(CUR, (v) => v && typeof v.day === "string" && Number.isInteger(v.seed));
const days = () => readJson(DAYS, (v) => v && typeof v === "object" && !Array.isArray(v)
  && Object.values(v).every((xs) => Array.isArray(xs) && xs.every(Number.isInteger))) || {};

export function clearDaily() { store.remove(CUR); }

export async function startDaily() {
  if (S.starting) return;
  S.leaveAsked = false;
  readSettingsForm();
  storeSettings();
  if (!(await waitForEngine())) return;
  const res = await engine.dailyNew(today(), { level: S.settings.level, fast: paceName() === "instant" });
  if (!res.ok) { showNotice("loading.failed"); console.warn(res.error || res.reason); return; }
  resetCoached();
  store.write(CUR, JSON.stringify({ day: res.day, seed: res.seed }), "storage.what.save");
  enterTable(res);
}

let shown = null;   // {gen, block}: the daily result is recorded once per finished game

// The results' daily block, when the finished game is today's (or any day's) daily deal.
export function dailyBlock(v) {
  const cur = current();
  const last = storedReplays()[0];
  if (!cur || !last || last.game.seed !== cur.seed || !v.places) return "";
  if (shown && shown.gen === S.gen) return shown.block;
  const all = days();
  const mine = v.scores[0];
  all[cur.day] = [...(all[cur.day] || []), mine];
  const keep = Object.keys(all).sort().slice(-KEEP_DAYS);
  store.write(DAYS, JSON.stringify(Object.fromEntries(keep.map((d) => [d, all[d]]))), "storage.what.daily");
  const scores = all[cur.day];
  const rank = 1 + scores.filter((x) => x > mine).length;
  const share = t("coach.daily_share", { day: cur.day, place: v.places[0], n: mine });
  const block = html`<section class="daily-result" data-testid="daily-result" data-day="${cur.day}" data-rank="${rank}" data-count="${scores.length}">` +
    html`<h3>${t("coach.daily_title", { day: cur.day })}</h3>` +
    html`<p>${t("coach.daily_rank", { rank, n: scores.length, best: Math.max(...scores) })}</p>` +
    html`<textarea readonly rows="2" data-testid="daily-share-text">${share}</textarea>` +
    html`<button type="button" class="btn" data-daily-share="1" data-testid="daily-share">${t("coach.daily_copy")}</button></section>`;
  shown = { gen: S.gen, block };
  return block;
}

onButton("dailyShare", (_, b) => {
  const text = b.parentElement.querySelector("textarea").value;
  const done = () => { b.textContent = t("coach.daily_copied"); b.dataset.copied = "1"; };
  if (navigator.share) navigator.share({ text }).then(done, () => {});
  else if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, () => {});
});

export function bindDaily() {
  const tools = $(".start-buttons");
  const b = document.createElement("button");
  b.type = "button";
  b.className = "btn daily-btn";
  b.id = "daily";
  b.dataset.testid = "daily";
  b.innerHTML = `<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h16v15H4zM4 10h16M9 3v4M15 3v4"/></svg><span></span>`;
  const label = () => { b.querySelector("span").textContent = t("coach.daily_button"); };
  label();
  tools.appendChild(b);
  b.addEventListener("click", () => askBeforePlay(startDaily));  // a saved game is left only when the player says so
  return label;
}

// The results at the end of a game: my place (shared on ties), everyone's total, my bids made,
// and my statistics for this level and game, which grow by this game exactly once. PLAY AGAIN
// deals a new game with the same settings.
import { t } from "./i18n.js";
import * as store from "./store.js";
import * as engine from "./engine.js";
import { html } from "./html.js";
import { S } from "./state.js";
import { num } from "./num.js";
import { STATS_KEY, readStats, statsUnreadable } from "./saving.js";
import { defineDialog, onButton, openDialog } from "./dialogs.js";
import { statsBlock } from "./stats-figures.js";
import { playAgain } from "./flow.js";
import { isCoached } from "./coached.js";
import { dailyBlock } from "./daily.js";

// The finished game added to the statistics (once per game, however often the results are drawn).
function recordStats(v) {
  const key = S.gen + "|" + v.deals.length + "|" + v.scores.join(",");
  if (S.statsShown && S.statsShown.key === key) return S.statsShown.res;
  // store.update: recorded into the newest stored statistics, even when another tab wrote them
  // while Python was adding this game.
  const res = store.update(STATS_KEY, readStats, async (text) => {
    const r = await engine.recordStats(text, isCoached());
    if (r.ok && r.reason) statsUnreadable(text, r.reason);  // the stored statistics were unreadable
    return { result: r, value: r.ok ? r.stats : undefined };
  }, "storage.what.stats").catch(() => null);
  S.statsShown = { key, res };
  return res;
}

export async function showResults() {
  const v = S.view;
  if (!v || !v.places) return;
  const gen = S.gen;
  const statsRes = await recordStats(v);
  if (gen !== S.gen || S.view !== v) return;
  const place = v.places[0];
  const shared = v.places.filter((p) => p === place).length > 1;
  const made = v.deals.filter((d) => d.bids[0] === d.taken[0]).length;
  const order = [0, 1, 2, 3].sort((a, b) => v.places[a] - v.places[b] || a - b);
  const rows = order.map((s) => html`<tr class="${s === 0 ? "me" : ""}" data-testid="results-row-${s}"><td>${v.places[s]}</td>` +
    html`<td style="text-align:left">${t("name." + s)}</td><td><b>${num(v.scores[s])}</b></td></tr>`).join("");
  const st = statsRes && statsRes.ok ? statsRes : null;
  const statLine = st ? html`<section class="results-stats" data-testid="results-stats" data-group="${st.key}">` +
    html`<h3>${t("results.your_stats", { level: t("level." + S.level), mode: t("mode_short." + v.mode) })}</h3>` +
    (st.key.endsWith("/coached") ? html`<p class="results-sub" data-testid="results-coached">${t("coach.results_coached")}</p>` : "") +
    html`${statsBlock(st.group, st.derived)}</section>` : "";
  const markup = html`<header><h2>${t("results.title")}</h2></header><div class="body">` +
    html`<p class="results-place" data-testid="results-place" data-place="${place}" data-shared="${shared ? 1 : 0}">` +
    html`${t("results.place", { place: t("results.place." + place) })} ${shared ? t("results.shared") : ""}</p>` +
    (place === 1 ? html`<p class="results-sub">${t("results.win")}</p>` : "") +
    html`<p class="results-sub" data-testid="results-bids" data-made="${made}">${t("results.bids_made", { made, total: v.deals.length })}</p>` +
    html`<table class="scores"><thead><tr><th>${t("results.place_col")}</th><th style="text-align:left">${t("summary.player")}</th><th>${t("summary.total")}</th></tr></thead>` +
    `<tbody>` + rows + `</tbody></table>` + dailyBlock(v) + statLine + `</div>` +
    html`<footer><button type="button" class="btn" data-open="sheet" data-testid="results-sheet">${t("menu.sheet")}</button>` +
    html`<button type="button" class="btn" data-open="stats" data-testid="results-statistics">${t("stats.title")}</button>` +
    html`<button type="button" class="btn" data-replays="1" data-testid="results-replays">${t("coach.replays")}</button>` +
    html`<button type="button" class="btn btn-primary" data-again="1" data-testid="results-again" data-autofocus>${t("results.again")}</button></footer>`;
  openDialog("results", markup, { label: t("results.title") });
}

defineDialog("results", { open: showResults, modal: true, escape: null });
onButton("again", () => playAgain());

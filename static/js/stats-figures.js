// The statistics figures of one group (level × game) as tiles, and the recent games' chart
// (stats-chart.js). Used by the statistics screen and the results.
import { t } from "./i18n.js";
import { html } from "./html.js";
import { num } from "./num.js";
import { chartSvg } from "./stats-chart.js";

const pct = (r) => (r === null || r === undefined ? "–" : Math.round(r * 100) + "%");

export function statsBlock(group, derived) {
  const cell = (id, label, value, rawValue, sub = "") =>
    html`<div class="stat" data-testid="stat-${id}" data-value="${rawValue ?? ""}"><b>${value}</b><span>${label}</span>${sub ? html`<small>${sub}</small>` : ""}</div>`;
  return html`<div class="stat-grid">${[
    cell("games", t("stats.games"), String(group.games), group.games),
    cell("wins", t("stats.wins"), String(group.wins), group.wins, group.games ? pct(group.wins / group.games) : ""),
    cell("places", t("stats.places"), group.places.join(" · "), group.places.join(",")),
    cell("average", t("stats.average"), derived.average_score == null ? "–" : num(derived.average_score), derived.average_score),
    cell("best", t("stats.best"), group.best_score == null ? "–" : num(group.best_score), group.best_score),
    cell("bids", t("stats.bids_made"), pct(derived.bids_made_rate), `${group.bids_made}/${group.bids}`,
         t("stats.bids_of", { made: group.bids_made, bids: group.bids })),
    cell("khishti", t("stats.khishti"), String(group.khishti), group.khishti),
    cell("premiums", t("stats.premiums"), String(group.premiums), group.premiums),
  ]}</div>${chartSvg(group.recent, group.recent_places)}`;
}

// The statistics figures of one group (level × game) as tiles, and the recent games' chart
// (stats-chart.js). Used by the statistics screen and the results.
import { t } from "./i18n.js";
import { html } from "./html.js";
import { num } from "./num.js";
import { chartSvg } from "./stats-chart.js";

const pct = (r) => (r === null || r === undefined ? "–" : Math.round(r * 100) + "%");

// A count with its noun as the catalogue gives it ("1 партия", "5 партий"): the number set large,
// the words around it small.
function counted(id, key, n, sub = "") {
  const text = t(key, { n });
  const at = text.indexOf(String(n));
  const before = at < 0 ? "" : text.slice(0, at).trim(), after = at < 0 ? text : text.slice(at + String(n).length).trim();
  return html`<div class="stat" data-testid="stat-${id}" data-value="${n}">${before ? html`<span>${before}</span>` : ""}<b>${n}</b><span>${after}</span>${sub ? html`<small>${sub}</small>` : ""}</div>`;
}

export function statsBlock(group, derived) {
  const cell = (id, label, value, rawValue, sub = "") =>
    html`<div class="stat" data-testid="stat-${id}" data-value="${rawValue ?? ""}"><b>${value}</b><span>${label}</span>${sub ? html`<small>${sub}</small>` : ""}</div>`;
  return html`<div class="stat-grid">${[
    counted("games", "stats.games_n", group.games),
    counted("wins", "stats.wins_n", group.wins, group.games ? pct(group.wins / group.games) : ""),
    cell("places", t("stats.places"), group.places.join(" · "), group.places.join(",")),
    cell("average", t("stats.average"), derived.average_score == null ? "–" : num(derived.average_score), derived.average_score),
    cell("best", t("stats.best"), group.best_score == null ? "–" : num(group.best_score), group.best_score),
    cell("bids", t("stats.bids_made"), pct(derived.bids_made_rate), `${group.bids_made}/${group.bids}`,
         t("stats.bids_of", { made: group.bids_made, bids: group.bids })),
    counted("khishti", "stats.khishti_n", group.khishti),
    counted("premiums", "stats.premiums_n", group.premiums),
  ]}</div>${chartSvg(group.recent, group.recent_places)}`;
}

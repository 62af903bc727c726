// The statistics figures of one group (level × game) as tiles, and the recent scores as an inline
// SVG bar chart (no library). Used by the statistics screen and the results.
import { t } from "./i18n.js";
import { html, raw } from "./html.js";

const pct = (r) => (r === null || r === undefined ? "–" : Math.round(r * 100) + "%");

export function statsBlock(group, derived) {
  const cell = (id, label, value, rawValue, sub = "") =>
    html`<div class="stat" data-testid="stat-${id}" data-value="${rawValue ?? ""}"><b>${value}</b><span>${label}</span>${sub ? html`<small>${sub}</small>` : ""}</div>`;
  return html`<div class="stat-grid">${[
    cell("games", t("stats.games"), String(group.games), group.games),
    cell("wins", t("stats.wins"), String(group.wins), group.wins, group.games ? pct(group.wins / group.games) : ""),
    cell("places", t("stats.places"), group.places.join(" · "), group.places.join(",")),
    cell("average", t("stats.average"), derived.average_score ?? "–", derived.average_score),
    cell("best", t("stats.best"), group.best_score ?? "–", group.best_score),
    cell("bids", t("stats.bids_made"), pct(derived.bids_made_rate), `${group.bids_made}/${group.bids}`,
         t("stats.bids_of", { made: group.bids_made, bids: group.bids })),
    cell("khishti", t("stats.khishti"), String(group.khishti), group.khishti),
    cell("premiums", t("stats.premiums"), String(group.premiums), group.premiums),
  ]}</div>${chartSvg(group.recent)}`;
}

// Recent scores as bars around a zero line.
function chartSvg(scores) {
  if (!scores || !scores.length) return "";
  const W = 300, H = 90, pad = 4;
  const hi = Math.max(0, ...scores), lo = Math.min(0, ...scores);
  const span = hi - lo || 1;
  const y = (v) => pad + (hi - v) / span * (H - 2 * pad);
  const bw = (W - 2 * pad) / Math.max(scores.length, 10);
  const bars = scores.map((v, i) => {
    const y0 = y(Math.max(v, 0)), y1 = y(Math.min(v, 0));
    return html`<rect x="${(pad + i * bw + 1).toFixed(1)}" y="${y0.toFixed(1)}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${Math.max(1, y1 - y0).toFixed(1)}" class="${v < 0 ? "neg" : "pos"}"/>`;
  });
  const label = t("stats.chart_label", { n: scores.length, scores: scores.join(", ") });
  return raw(html`<figure class="stat-chart"><figcaption>${t("stats.recent")}</figcaption>` +
    html`<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}" data-testid="stats-chart" data-points="${scores.length}" preserveAspectRatio="none">` +
    html`<line x1="0" x2="${W}" y1="${y(0).toFixed(1)}" y2="${y(0).toFixed(1)}" class="zero"/>${bars}</svg>` +
    html`<div class="chart-scale"><span>${lo}</span><span>${hi}</span></div></figure>`);
}

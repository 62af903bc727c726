// The recent games as a chart (inline SVG, no library): one bar per game from the zero line to its
// score, oldest on the left, coloured by the place it earned; a score axis with round ticks and
// grid lines, the games axis numbered, both named, and a legend of the places.
import { t } from "./i18n.js";
import { html } from "./html.js";
import { num } from "./num.js";

const W = 320, H = 150;                                   // viewBox units (the svg scales with its width)
const M = { left: 44, right: 8, top: 10, bottom: 30 };    // room for the axes' labels

// Round steps: 1, 2, 2.5 or 5 times a power of ten, so that about four ticks span [lo, hi].
function ticks(lo, hi) {
  const span = hi - lo || 1;
  const raw10 = span / 4;
  const p = 10 ** Math.floor(Math.log10(raw10));
  const step = [1, 2, 2.5, 5, 10].map((k) => k * p).find((s) => s >= raw10);
  const out = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v));
  if (out[out.length - 1] < hi) out.push(out[out.length - 1] + step);
  return out;
}

export function chartSvg(scores, places) {
  if (!scores || !scores.length) return "";
  const n = scores.length;
  const place = (i) => (places && places.length === n ? places[i] : null);
  const ys = ticks(Math.min(0, ...scores), Math.max(0, ...scores));
  const lo = ys[0], hi = ys[ys.length - 1];
  const pw = W - M.left - M.right, ph = H - M.top - M.bottom;
  const y = (v) => M.top + (hi - v) / (hi - lo || 1) * ph;
  const slot = pw / Math.max(n, 10);
  const x = (i) => M.left + i * slot;
  const f = (v) => v.toFixed(1);
  const grid = ys.map((v) => html`<line class="${v === 0 ? "zero" : "grid"}" x1="${M.left}" x2="${W - M.right}" y1="${f(y(v))}" y2="${f(y(v))}"/>${
    html`<text class="tick" data-testid="chart-ytick" x="${M.left - 4}" y="${f(y(v) + 3)}" text-anchor="end">${num(v)}</text>`}`);
  const bars = scores.map((v, i) => {
    const y0 = y(Math.max(v, 0)), y1 = y(Math.min(v, 0));
    const p = place(i);
    const box = { x: f(x(i) + slot * 0.15), y: f(y0), w: f(Math.max(1, slot * 0.7)), h: f(Math.max(1, y1 - y0)) };
    return html`<rect class="mark place-${p ?? "x"}" data-testid="chart-mark" data-place="${p ?? ""}" data-score="${v}" x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}"><title>${num(v)}</title></rect>`;
  });
  // Games numbered 1..n (oldest first): the first, the last and a few between.
  const every = n <= 10 ? 1 : n <= 20 ? 5 : 10;
  const xs = [...new Set([0, ...Array.from({ length: n }, (_, i) => i).filter((i) => (i + 1) % every === 0), n - 1])];
  const xt = xs.map((i) => html`<text class="tick" data-testid="chart-xtick" x="${f(x(i) + slot / 2)}" y="${H - M.bottom + 11}" text-anchor="middle">${i + 1}</text>`);
  const axes = [
    html`<line class="axis" x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${H - M.bottom}"/>`,
    html`<text class="axis-name" x="${M.left + pw / 2}" y="${H - 3}" text-anchor="middle">${t("stats.chart_games")}</text>`,
    html`<text class="axis-name" transform="translate(10 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">${t("summary.points")}</text>`,
  ];
  const label = t("stats.chart_label", { n, scores: scores.map(num).join(", ") });
  const known = [1, 2, 3, 4].filter((p) => (places || []).includes(p));
  const legend = known.length ? html`<div class="chart-legend" data-testid="chart-legend"><span>${t("results.place_col")}:</span>${
    known.map((p) => html`<span><i class="swatch place-${p}"></i>${t("results.place." + p)}</span>`)}</div>` : "";
  return html`<figure class="stat-chart"><figcaption>${t("stats.recent")}</figcaption>${
    html`<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}" data-testid="stats-chart" data-points="${n}">${grid}${bars}${xt}${axes}</svg>`}${legend}</figure>`;
}

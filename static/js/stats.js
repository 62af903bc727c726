// The statistics screen: per level and game, the figures joker.stats keeps (validated by Python),
// with EXPORT to a file, IMPORT from one (checked; nothing replaced if it is not valid) and RESET
// (asked first). Reached from the first screen, the menu and the results.
import { t } from "./i18n.js";
import * as store from "./store.js";
import * as engine from "./engine.js";
import { $ } from "./dom.js";
import { html, raw } from "./html.js";
import { S } from "./state.js";
import { levels, modeNames } from "./facts.js";
import { STATS_KEY, readStats, importReasonKey } from "./saving.js";
import { defineDialog, onButton, openDialog, closeDialog, closeButton, dialogEpoch } from "./dialogs.js";
import { statsBlock } from "./stats-figures.js";

function statsSel() {
  if (!S.statsSel) S.statsSel = { level: S.screen === "table" ? S.level : S.settings.level, mode: S.view?.mode || S.settings.mode };
  return S.statsSel;
}

async function statsBody(d) {
  if (!engine.isReady()) {
    engine.ready.then(() => { if (S.dialog === "stats") openStats(); });
    return html`<p data-testid="stats-loading">${t("stats.loading")}</p>`;
  }
  const r = await engine.statsLoad(readStats());
  const g = (r.ok ? r.groups : {})[`${d.level}/${d.mode}` + (d.coached ? "/coached" : "")];
  return g && g.games ? statsBlock(g, g) : html`<p class="stats-none" data-testid="stats-none">${t("stats.none")}</p>`;
}

// Clean games, or games played with hints or take-backs (joker.stats keeps them apart).
const coachedSeg = (d) => html`<div class="stats-seg" role="group" aria-label="${t("coach.stats_kind")}">${
  ["0", "1"].map((x) => html`<button type="button" class="btn" data-stats-coached="${x}" data-testid="stats-coached-${x}" aria-pressed="${String(!!d.coached === (x === "1"))}">${t(x === "1" ? "coach.stats_coached" : "coach.stats_clean")}</button>`)}</div>`;

function footer() {
  if (S.statsConfirm) {
    return html`<footer class="confirm"><p>${t("stats.reset_confirm")}</p>` +
      html`<button type="button" class="btn" data-stats-cancel="1" data-testid="stats-reset-no">${t("stats.cancel")}</button>` +
      html`<button type="button" class="btn btn-danger" data-stats-reset-yes="1" data-testid="stats-reset-yes">${t("stats.reset")}</button></footer>`;
  }
  const off = raw(engine.isReady() ? "" : " disabled");
  return html`<footer><button type="button" class="btn" data-stats-export="1" data-testid="stats-export"${off}>${t("stats.export")}</button>` +
    html`<button type="button" class="btn" data-stats-import="1" data-testid="stats-import"${off}>${t("stats.import")}</button>` +
    html`<button type="button" class="btn" data-stats-reset="1" data-testid="stats-reset"${off}>${t("stats.reset")}</button>` +
    html`<button type="button" class="btn" data-replays="1" data-testid="stats-replays">${t("coach.replays")}</button>` +
    `<input type="file" accept=".json,application/json" data-testid="stats-file" id="stats-file" hidden></footer>`;
}

export async function openStats() {
  const d = statsSel();
  const epoch = dialogEpoch();
  const body = await statsBody(d);
  if (epoch !== dialogEpoch()) return;  // closed (or another window opened) while the figures loaded
  const seg = (name, values, cur, label) => html`<div class="stats-seg" role="group" aria-label="${t(label)}">${
    values.map((x) => html`<button type="button" class="btn" data-stats-${name}="${x}" data-testid="stats-${name}-${x}" aria-pressed="${String(cur === x)}">${t((name === "mode" ? "mode_short." : "level.") + x)}</button>`)}</div>`;
  const m = S.statsMsg;
  const msg = m ? html`<p class="stats-msg ${m.bad ? "bad" : ""}" data-testid="stats-message" data-reason="${m.key}" role="${m.bad ? "alert" : "status"}">${t(m.key)}</p>` : "";
  openDialog("stats", html`<header><h2>${t("stats.title")}</h2>${closeButton()}</header>` +
    html`<div class="body stats" data-testid="stats-body">${seg("level", levels(), d.level, "stats.level")}${seg("mode", modeNames(), d.mode, "stats.mode")}` +
    coachedSeg(d) +
    html`${body}${msg}</div>` + footer(), { label: t("stats.title") });
  const file = $("#stats-file");
  if (file) file.addEventListener("change", () => { if (file.files && file.files[0]) importStats(file.files[0]); });
}

function focusIn(sel) { const el = $("#dialog " + sel); if (el) el.focus({ preventScroll: true }); }

async function exportStats() {
  const r = await engine.statsExport(readStats());
  if (!r.text) return;
  const url = URL.createObjectURL(new Blob([r.text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `joker-statistics-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  S.statsMsg = { key: "stats.exported" };
  openStats();
}

async function importStats(file) {
  let text = "";
  try { text = await file.text(); } catch (e) { text = ""; }
  // too big or deep: never parsed here, refused as the engine would refuse it
  const problem = store.jsonProblem(text);
  const r = problem ? { ok: false, reason: { size: "stats_too_large", depth: "stats_too_deep" }[problem] }
    : await engine.statsImport(text);
  if (r.ok) {
    store.write(STATS_KEY, r.stats, "storage.what.stats");
    S.statsMsg = { key: "stats.imported" };
  } else {
    S.statsMsg = { key: importReasonKey(r.reason), bad: true };  // nothing replaced
    if (r.detail) console.info("joker: statistics file refused:", r.detail);
  }
  if (S.dialog === "stats") openStats();
}

function startStats() {
  S.statsSel = null;
  S.statsMsg = null;
  S.statsConfirm = false;
  openStats();
}

function cancelReset() { S.statsConfirm = false; return openStats(); }

defineDialog("stats", { open: startStats, reopen: openStats, escape: () => (S.statsConfirm ? cancelReset() : closeDialog()) });
onButton("statsLevel", (level) => { S.statsSel = { ...statsSel(), level }; S.statsMsg = null; openStats(); });
onButton("statsMode", (mode) => { S.statsSel = { ...statsSel(), mode }; S.statsMsg = null; openStats(); });
onButton("statsCoached", (c) => { S.statsSel = { ...statsSel(), coached: c === "1" }; S.statsMsg = null; openStats(); });
onButton("statsExport", () => exportStats());
onButton("statsImport", () => $("#stats-file").click());
onButton("statsReset", () => { S.statsConfirm = true; S.statsMsg = null; openStats().then(() => focusIn("[data-stats-cancel]")); });
onButton("statsCancel", () => cancelReset().then(() => focusIn("[data-stats-reset]")));
onButton("statsResetYes", () => {
  store.remove(STATS_KEY);
  S.statsConfirm = false;
  S.statsMsg = { key: "stats.reset_done" };
  if (S.statsShown) S.statsShown.res = Promise.resolve(null);  // the results no longer show the old figures
  openStats();
});

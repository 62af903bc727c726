// The loading bar under PLAY: fills while Python starts (the first screen works meanwhile),
// says when PLAY waits for it, and says so if Python failed to start.
import { t, onLangChange } from "./i18n.js";
import * as engine from "./engine.js";
import { $ } from "./dom.js";
import { S } from "./state.js";

const t0 = performance.now();
let timer = null;

export function updateLoadingText() {
  const el = $("#loading-text");
  if (!el) return;
  if (engine.isReady()) el.textContent = t("loading.ready");
  else if ($("#loading").classList.contains("failed")) el.textContent = t("loading.failed");
  else if (S.starting) el.textContent = t("loading.waiting");
  else el.textContent = t("loading.engine");
}

function showFailed() {
  $("#loading").classList.add("failed");
  updateLoadingText();
  clearInterval(timer);
}

export function startLoadingBar() {
  timer = setInterval(() => {
    if (engine.isReady()) return;
    const s = (performance.now() - t0) / 1000;
    $("#loading-fill").style.width = (5 + 90 * (1 - Math.exp(-s / 3))).toFixed(1) + "%";
    if (s > 90) showFailed();
  }, 250);
  engine.failure.then(showFailed);
  engine.ready.then(() => {
    clearInterval(timer);
    $("#loading-fill").style.width = "100%";
    updateLoadingText();
  });
}

onLangChange(updateLoadingText);

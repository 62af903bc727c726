// The loading bar under PLAY: fills while Python starts (the first screen works meanwhile),
// says when PLAY waits for it, and says so if Python failed to start.
import { t, onLangChange } from "./i18n.js";
import * as engine from "./engine.js";
import { $ } from "./dom.js";
import { S } from "./state.js";

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
  clearTimeout(timer);
}

// The bar itself is a CSS animation (table.css): nothing here runs while it fills.
export function startLoadingBar() {
  timer = setTimeout(() => { if (!engine.isReady()) showFailed(); }, 90000);
  engine.failure.then(showFailed);
  engine.ready.then(() => {
    clearTimeout(timer);
    updateLoadingText();
  });
}

onLangChange(updateLoadingText);

// The page's entry module: the first screen works at once (settings, language, help, statistics
// once Python is up), the table is wired, and Python is waited for in the background.
// The modules, one job each, are listed in docs/TABLE_UI.md.
import { loadStrings, setLang, refreshLang, onLangChange } from "./i18n.js";
import * as sound from "./sound.js";
import * as store from "./store.js";
import * as engine from "./engine.js";
import { $ } from "./dom.js";
import { S } from "./state.js";
import { loadSettings, applyPace } from "./settings.js";
import { checkStoredData } from "./saving.js";
import { loadFacts } from "./facts.js";
import { buildSettingsForm, bindSettings, refreshContinue } from "./first-screen.js";
import { startLoadingBar } from "./loading.js";
import { storageProblem, showUpdate, toast, dropToast } from "./toasts.js";
import * as tabs from "./tabs.js";
import { requestRender } from "./table.js";
import { continueSaved, leaveTable } from "./flow.js";
import { askBeforePlay } from "./confirm.js";
import { bindInput } from "./input.js";
import { bindDrag } from "./drag.js";
import { bindDialogs, openNamed } from "./dialogs.js";
import { bindMenu } from "./menu.js";
import { bindSheet } from "./sheet.js";
import { bindHelp } from "./help.js";
import { bindLast } from "./last.js";
import { bindHint } from "./hint.js";
import { bindDaily } from "./daily.js";
import { lateStyle, LATE_STYLES } from "./styles.js";
import { warmTable } from "./warm.js";
import "./bots.js";
import "./paused.js";
import "./confirm.js";
import "./summary.js";
import "./results.js";
import "./review.js";
import "./replays.js";
import "./stats.js";

async function boot() {
  new Image().src = "cards/back.png";  // the bots' fans on the first table (the jokers: faces.js)
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) document.documentElement.classList.add("reduce-motion");
  startLoadingBar();
  await Promise.all([loadStrings(), loadFacts()]);
  S.settings = loadSettings();
  applyPace();
  buildSettingsForm();
  bindSettings();
  bindInput();
  bindDialogs();
  bindMenu();
  bindSheet();
  bindHelp();
  bindLast();
  bindPadLater();
  bindHint();
  onLangChange(bindDaily());
  bindDrag();
  $("#play").addEventListener("click", () => askBeforePlay());
  $("#continue").addEventListener("click", () => continueSaved());
  $("#settings-stats").addEventListener("click", () => openNamed("stats"));
  refreshLang();
  $("#settings-title").dataset.ready = "1";
  document.documentElement.dataset.ui = "ready";
  requestAnimationFrame(() => LATE_STYLES.forEach(lateStyle));
  requestAnimationFrame(() => setTimeout(warmTable, 0));  // the table's first layout, unseen (warm.js)
  window.addEventListener("resize", () => requestRender());
  window.addEventListener("joker:update-ready", showUpdate);
  showUpdate();
  store.onProblem(storageProblem);
  tabs.init({  // two tabs, one game (tabs.js): the banner of a tab that no longer writes the game
    lost: () => toast("tabs.elsewhere", {}, { id: "tabs", kind: "bad", again: true, testid: "tabs-banner",
      action: { key: "tabs.take_over", testid: "tabs-take-over", run: () => tabs.takeOver() } }),
    quiet: () => dropToast("tabs"),
    resume: continueSaved,
    gone: () => { leaveTable(); toast("tabs.gone", {}, { kind: "info", again: true, testid: "tabs-gone" }); },
    changed: () => { if (S.screen === "settings") refreshContinue(); },
  });
  engine.ready.then(async () => {
    await checkStoredData();
    refreshContinue();
    document.documentElement.dataset.storage = "checked";
  });
  // Test and debugging hooks: the state the table shows (read-only copies), the sounds asked
  // for, and the language switch (as the buttons do it).
  window.jokerUI = {
    state: () => JSON.parse(JSON.stringify({ view: S.view, shown: S.shown, hand: S.handOrder, dialog: S.dialog })),
    sounds: () => sound.history(),
    setLang: (l) => setLang(l),
  };
}

// The score pad's seven modules (a sixth of the page's script) are not part of the first screen's
// module graph: evaluating the whole graph was one task of 27-64 ms of CPU at 4x CPU throttling
// (docs/STARTUP.md). They are imported after the first paint; SCORE PAD tapped before that waits
// for them.
function bindPadLater() {
  const button = $("#pad-button");
  let pad = null;
  const early = () => { load().then(() => button.click()); };  // then bindPad's own listener opens it
  const load = () => (pad ||= import("./pad-screen.js").then((m) => {
    button.removeEventListener("click", early);
    m.bindPad();
  }));
  button.addEventListener("click", early);
  requestAnimationFrame(() => setTimeout(load, 0));
}

boot();

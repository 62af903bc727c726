// The bot loop: while the table waits for a bot, ask the engine for its move (searched in the bot
// worker), let it "think" for the pace's time, and show the result. It starts from one place:
// the table's state attributes say data-await="bot" (table.js emits "bots"), whatever made it so
// (a game entered, my action shown, a dialog closed, the game resumed). A window opened while a
// bot thinks (the menu, the score sheet) pauses the game: the move is held until it closes.
import * as engine from "./engine.js";
import { sleep } from "./dom.js";
import { S, on, once } from "./state.js";
import { pace } from "./settings.js";
import { setAttrs } from "./table.js";
import { renderStatus } from "./status.js";
import { applyResult } from "./anim.js";
import * as tabs from "./tabs.js";

const here = () => `${S.gen}:${S.actions}`;
// Nothing covers the table: a bot's move may be shown.
const free = () => S.screen === "table" && !S.dialog && !S.paused;

function botsMayMove() {
  const v = S.view;
  return S.screen === "table" && v && v.phase !== "over" && v.to_act !== 0 && v.to_act !== null
    && !S.paused && !S.dialog && !S.busy && !S.dealing && S.stuck !== here() && tabs.inSync();
}

async function pump() {
  if (S.pumping) return;
  S.pumping = true;
  try {
    while (botsMayMove()) {
      setAttrs();
      renderStatus();
      const t0 = performance.now();
      const gen = S.gen;
      const res = await engine.botMove();
      if (gen !== S.gen || res.stale) continue;  // a new game began meanwhile
      if (!res.ok) {  // not retried until something changes (a dialog closed, a new game)
        console.warn("joker: bot move failed", res.error);
        S.stuck = here();
        break;
      }
      const wait = pace().think - (performance.now() - t0);
      if (wait > 0) await sleep(wait);
      if (!free() && gen === S.gen) {  // the menu (or another window) opened meanwhile: the move waits
        S.held = true;
        setAttrs();
        while (!free() && gen === S.gen) await once("attrs");
        S.held = false;
        setAttrs();
      }
      if (gen !== S.gen) continue;
      await applyResult(res);
    }
  } finally {
    S.pumping = false;
    setAttrs();
  }
}

on("bots", () => {
  if (!S.pumping && S.stuck !== here()) queueMicrotask(pump);
});

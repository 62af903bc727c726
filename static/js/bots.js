// The bot loop: while the table waits for a bot, ask the engine for its move (searched in the bot
// worker), let it "think" for the pace's time, and show the result. It starts from one place:
// the table's state attributes say data-await="bot" (table.js emits "bots"), whatever made it so
// (a game entered, my action shown, a dialog closed, the game resumed).
import * as engine from "./engine.js";
import { sleep } from "./dom.js";
import { S, on } from "./state.js";
import { pace } from "./settings.js";
import { setAttrs } from "./table.js";
import { renderStatus } from "./status.js";
import { applyResult } from "./anim.js";
import * as tabs from "./tabs.js";

const here = () => `${S.gen}:${S.actions}`;

function botsMayMove() {
  const v = S.view;
  return S.screen === "table" && v && v.phase !== "over" && v.to_act !== 0 && v.to_act !== null
    && !S.paused && !S.dialog && !S.busy && S.stuck !== here() && tabs.inSync();
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

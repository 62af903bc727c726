// The table layer's state, in one object: every field it uses is declared here with what it means.
// Modules read and write it directly (there is one page and one game); what the table shows is
// always derived from it by render() (table.js). A small event bus lets modules hear of changes
// without importing each other ("lang": the language changed; "bots": the table waits for a bot;
// "attrs": the state attributes were refreshed).
const query = new URLSearchParams(location.search);

// ?seed=N deals a fixed game; ?pace=fast|normal|slow (fast = no animation: tests and demos).
export const URL_SEED = /^\d+$/.test(query.get("seed") || "") ? Number(query.get("seed")) : null;
export const URL_PACE = ["slow", "normal", "fast"].includes(query.get("pace")) ? query.get("pace") : null;

export const S = {
  // ---- the first screen
  settings: null,        // {level, mode, speed, rules} as chosen and stored (settings.js)
  screen: "settings",    // "settings" | "table"
  starting: false,       // PLAY / CONTINUE pressed, waiting for Python
  leaveAsked: false,     // the menu's "New game?" was answered YES: PLAY replaces the save without asking

  // ---- the game at the table
  gen: 0,                // +1 per game entered or left: late results of an old game are dropped
  level: "medium",       // bot level of the game in play (the save's on CONTINUE)
  view: null,            // the engine's latest view(0)
  shown: null,           // what the table shows (lags behind view while a trick is collected)
  actions: 0,            // actions applied since the page loaded (#table[data-actions])
  busy: false,           // an animation is under way: no input, no bot move
  dealing: false,        // cards are still flying into my hand: no panel, no input, no bot move
  framing: false,        // a table just entered: its frame (bar, seats) is drawn and laid out first,
                         // its cards and panel in a task of their own (table.js enter): nothing awaits
  acting: false,         // my action is on its way to the engine
  paused: false,         // paused from the menu: bots wait
  elsewhere: false,      // another tab writes this game (tabs.js): the table is shown dimmed and inert
                         // (no turn, no playable card, no panel) until PLAY HERE
  pumping: false,        // the bot loop runs (bots.js)
  held: false,           // a bot's move came back while a window was open: shown when it closes
  stuck: null,           // "gen:actions" where a bot move failed: not retried until something changes
  intro: null,           // status text before the first action (who found the first ace)
  note: null,            // what a bot just did (trump named, bid said), shown with the next status
  refusal: null,         // {reason, params, card}: why my last action was refused; it lives until the
                         // next change (an action applied, a window opened), then it and its card's tint go
  holdWinner: null,      // seat whose completed trick is being shown, or null
  collectTo: null,       // seat the trick's cards fly to in this render, or null
  collecting: null,      // the plays flying to collectTo

  // ---- my hand and my decisions
  handOrder: [],         // my cards in the order shown (sorted, or as I dragged them)
  handKey: "",           // "deal|trump" the order was sorted for ("" = sort again)
  kbd: null,             // card chosen with the arrow keys
  keyboard: false,       // the player uses the keyboard (panels take the focus)
  joker: null,           // {card, lead, mode}: the joker panel is open for this joker
  bidValue: null,        // the number on the bid panel
  bidDeal: null,         // deal that bidValue belongs to

  // ---- dialogs
  dialog: null,          // name of the open dialog, or null
  returnTo: null,        // "summary" | "results": dialog to return to when this one closes
  focusBefore: null,     // element focused before the dialog opened (focus returns there)
  waitNext: null,        // resolve() of the deal table's NEXT
  summaryView: null,     // {v, deal, pk}: what the deal table shows
  helpTab: "guide",      // "guide" | "rules"
  statsSel: null,        // {level, mode} shown on the statistics screen
  statsMsg: null,        // {key, bad}: message under the statistics
  statsConfirm: false,   // RESET asks for confirmation
  statsShown: null,      // {key, res}: the finished game recorded in the statistics (once)
};

const bus = new EventTarget();
export function on(name, fn) { bus.addEventListener(name, (e) => fn(e.detail)); }
export function emit(name, detail) { bus.dispatchEvent(new CustomEvent(name, { detail })); }
export function once(name) { return new Promise((resolve) => bus.addEventListener(name, (e) => resolve(e.detail), { once: true })); }

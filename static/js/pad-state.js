// The Score pad screen's state, in one object (the table's is state.js): every field it uses is
// declared here with what it means. What the screen shows is derived from it by renderPad()
// (pad-screen.js); the sheet itself is always the engine's (joker.pad_api), never computed here.
export const P = {
  view: "list",        // "list" of saved pads | "setup" of a new pad | "pad" (one pad open)
  id: null,            // id of the open pad (its storage key is pad-store.js padKey(id))
  known: null,         // the stored text of the open pad as this tab last read or wrote it
  unsaved: false,      // the last write failed (storage full or blocked): the text lives only here
  sheet: null,         // the open pad's sheet (pad_api answer), what the screen shows
  pending: false,      // an entry is on its way to Python: further taps wait
  refusal: null,       // {reason, params}: why the last entry was refused (shown until the next one)
  note: null,          // i18n key of a passing message ("changed in another tab", "copied", ...)
  taken: null,         // {deal, values}: the tricks taken being set for the deal under way
  editing: null,       // {deal, bids, taken}: a finished deal being corrected, or null
  list: null,          // [{id, summary}] of the saved pads, newest first (null until read)
  confirmDelete: null, // id of the pad whose deletion asks for confirmation
  sharing: false,      // the share / export choices are shown instead of the entry panel
  setup: null,         // {names: [4], mode, rules, first} being chosen on the setup view
  gen: 0,              // +1 per pad opened or closed: late answers of an old one are dropped
};

// One game, one writer: two tabs (or windows) of the app never overwrite each other's game.
//
// Every tab of one origin shares localStorage, and so the one save. The tab that last started or
// continued the game (PLAY, CONTINUE, or PLAY HERE on the banner) is its writer: claim() records
// it under store.key("writer"). Every other tab that still shows the game becomes a follower: it
// says so (the app's banner) and offers to take over, which continues exactly from the latest
// stored save. How a tab learns it is no longer the writer:
//   * the `storage` event: another tab claimed the game or wrote a save this tab did not write;
//   * before every move and every write, inSync() compares what is stored (the writer record and
//     the save text) with what this tab last read or wrote: any difference means another tab got
//     there first, and this tab writes nothing.
// The check before a write is the one that guarantees no stored move is ever lost; the event only
// says so sooner. (localStorage gives no cross-tab transaction: a write landing in another tab in
// the same few milliseconds as a claim could in theory still race; a person cannot click that fast
// in two tabs, and the bots of a follower tab stop at once.)
import * as store from "./store.js";
import { S, emit } from "./state.js";

const SAVE = store.key("save");
const WRITER = store.key("writer");
const me = (globalThis.crypto && crypto.randomUUID) ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now();

let state = "idle";     // "idle" (not at the table) | "writer" | "follower"
let known = null;       // the save text as this tab last read or wrote it
let recorded = false;   // the writer record could be written (not when storage is full or blocked)
let hooks = {};

function setState(s) {
  state = s;
  document.documentElement.dataset.tab = s;
  const elsewhere = s === "follower";
  if (S.elsewhere !== elsewhere) {
    S.elsewhere = elsewhere;
    emit("tab", s);  // the table redraws: dimmed and inert, or live again (table.js)
  }
}

// hooks: lost() this tab is a follower now (show the banner); quiet() it is not (drop it);
// resume() take over: continue the stored game; gone() take over found no stored game;
// changed() the stored game changed in another tab (refresh what the first screen says).
export function init(h) {
  hooks = h;
  setState("idle");
  window.addEventListener("storage", (e) => {
    if (e.storageArea !== localStorage) return;
    if (e.key === null || e.key === WRITER || e.key === SAVE) {
      if (state === "writer" && !inSync()) lose();
      if (hooks.changed) hooks.changed();
    }
  });
}

export function isWriter() { return state === "writer"; }
export function isFollower() { return state === "follower"; }

// This tab starts or continues the stored game: it becomes the writer, every other tab a follower.
export function claim() {
  recorded = store.quietWrite(WRITER, me);
  known = store.read(SAVE);
  setState("writer");
  if (hooks.quiet) hooks.quiet();
}

// This tab leaves the table: it writes nothing more.
export function release() {
  if (state === "writer" && store.read(WRITER) === me) store.remove(WRITER);
  known = null;
  setState("idle");
  if (hooks.quiet) hooks.quiet();
}

function lose() {
  if (state === "idle") return;
  setState("follower");
  if (hooks.lost) hooks.lost();
}

// May this tab move and write now? Only the writer, and only while the stored save is exactly the
// one it last wrote (the revision check: any other tab's write shows up as a different text).
// When not, the tab becomes a follower (and says so).
export function inSync() {
  if (state === "idle") return true;  // not at the table: nothing of a game to guard
  if (state === "writer" && (!recorded || store.read(WRITER) === me) && store.read(SAVE) === known) return true;
  lose();
  return false;
}

// After a write (or removal) of the save: this is now the text to compare with. text: what was
// just written (null: removed), so the save is not read back; left out, what is stored is read.
export function wrote(text) { known = text === undefined ? store.read(SAVE) : text; }

// PLAY HERE on the banner: continue from the latest stored save, or say there is none any more.
export function takeOver() {
  if (store.read(SAVE) === null) {
    release();
    if (hooks.gone) hooks.gone();
  } else if (hooks.resume) hooks.resume();
}

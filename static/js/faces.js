// Card faces parsed once and cloned: the table's card nodes (render.js) take their face from here.
//
// A face is markup (cards.js faceHtml: the index, up to ten pips), and setting it as a new card's
// innerHTML ran the HTML parser in the middle of a redraw. The first redraw after trump is named
// turns up to eight new cards at once (the hand until then hidden): 7-10 ms of HTML parsing in a
// task of 48-55 ms of CPU at 4x CPU throttling, the game's longest (docs/STARTUP.md, the fifth
// pass). Each face is now parsed into a <template> once per language, and while the main thread
// is idle (requestIdleCallback) after the table is first drawn, so a redraw only clones it.
import { faceHtml, jokerArtUrl, RANK_ORDER, SUITS } from "./cards.js";
import { getLang } from "./i18n.js";

// Every card of the deck (the two jokers stand in for the six of spades and of clubs, but all
// sixes are parsed: a few spare templates cost nothing).
const DECK = [...RANK_ORDER].flatMap((r) => SUITS.map((s) => r + s)).concat(["X1", "X2"]);

const parsed = new Map();  // card -> <template> holding its face, for the language `parsedLang`
let parsedLang = null;
const log = (window.jokerFaces = { parsed: 0, idle: 0 });  // tests: faces parsed, idle callbacks

function template(c) {
  if (parsedLang !== getLang()) { parsed.clear(); parsedLang = getLang(); }  // rank letters are words
  let tpl = parsed.get(c);
  if (!tpl) {
    tpl = document.createElement("template");
    tpl.innerHTML = faceHtml(c);
    parsed.set(c, tpl);
    log.parsed += 1;
  }
  return tpl;
}

// The face of card c as nodes to put into its card node: a clone of the parsed face.
export function faceNodes(c) { return template(c).content.cloneNode(true); }

// Parses the faces not parsed yet, a few at a time while the main thread is idle (each step
// stops when the browser says the idle period is nearly over). Browsers without
// requestIdleCallback parse each face at its first use.
let preparing = false;
export function prepareFaces() {
  if (preparing || typeof requestIdleCallback !== "function") return;
  if (parsedLang === getLang() && parsed.size === DECK.length) return;
  preparing = true;
  // The jokers' art fetched (from the service worker's cache) and decoded before a joker is dealt.
  for (const c of ["X1", "X2"]) { const img = new Image(); img.src = jokerArtUrl(c); img.decode().catch(() => {}); }
  const step = (deadline) => {
    log.idle += 1;
    for (const c of DECK) {  // a face parsed already is a look-up
      if (deadline.timeRemaining() <= 3) break;
      template(c);
    }
    if (parsedLang === getLang() && parsed.size === DECK.length) preparing = false;
    else requestIdleCallback(step);
  };
  requestIdleCallback(step);
}

// A specimen of the table, laid out unseen while the first screen waits for Python, one piece a
// frame, then removed. The first layout of the table's text and card faces was the costly part of
// entering it: on a phone-class CPU (4x throttling) the table's first layout took 36-124 ms and the
// first deal's cards 35-74 ms, where the same layout later takes 5-10 ms (docs/STARTUP.md): the
// first use of each font (looked up by family through the browser, a fallback found for ♠ ♥ ★ …)
// and of each size. Those caches are the page's, so the specimen warms them for the real table.
// Nothing of it is seen, heard or reached: `visibility: hidden`, `aria-hidden`, `inert`, no ids.
import { t } from "./i18n.js";
import { faceHtml, backHtml } from "./cards.js";
import { computeLayout, layoutVars } from "./layout.js";
import { S } from "./state.js";
import { platesHtml, seatHtml } from "./seats.js";
import { panelSpecimen } from "./panels.js";

// A deal as the table shows it early: trump named, some bids said, the dealer's D.
const VIEW = {
  deal_no: 1, deals_total: 24, cards: 9, phase: "bid", trump: "H", trump_card: "AH",
  bids: [null, 2, 0, null], taken: [0, 0, 0, 0], scores: [0, 0, 0, 0], dealer: 3,
};
// One face of each kind, one a frame: pips (black, red), an ace, court cards, a joker.
const FACES = ["7S", "9D", "AC", "KH", "QS", "X1"];
// The panels as they first come: naming trump (four suits, no trump), a bid in a deal of nine.
const PANELS = [["trump", { ...VIEW, phase: "trump", legal: ["C", "D", "H", "S", "-"] }],
                ["bid", { ...VIEW, legal: [], forbidden_bid: 4 }]];

let done = null;

const noIds = (markup) => String(markup).replace(/ (data-testid|id)="[^"]*"/g, "");
const nextFrame = () => new Promise((resolve) => {
  if (document.hidden) setTimeout(resolve, 0);  // a hidden tab draws no frames
  else requestAnimationFrame(() => setTimeout(resolve, 0));
});

// The pieces, in order; each is laid out in a frame of its own. The costliest first layouts (the
// bar, the seats: the first use of their fonts and sizes) are split, a seat a frame.
function pieces(root, felt) {
  const seats = () => [0, 1, 2, 3].map((s) => felt.querySelector(`.seat[data-seat="${s}"]`));
  const addCard = (cls, face) =>
    felt.querySelector(".cards").insertAdjacentHTML("beforeend", `<div class="${cls}">${face}</div>`);
  const botSeat = (s) => () => { seats()[s].innerHTML = noIds(seatHtml(VIEW, s, s === 1 ? "0/2" : "", "")); };
  const panel = ([kind, view]) => () => {
    const el = felt.querySelector(".panel");
    el.dataset.kind = kind;
    el.innerHTML = noIds(panelSpecimen(kind, view));
  };
  return [
    () => {  // the top bar's plates
      const { deal, trump } = platesHtml(VIEW);
      root.querySelector(".plates").innerHTML =
        `<div class="plate">${noIds(deal)}</div><div class="plate" data-trump="H">${noIds(trump)}</div>`;
    },
    () => { root.querySelector(".status").textContent = t("status.you_bid", { cards: VIEW.cards }); },  // the status line
    botSeat(1), botSeat(2), botSeat(3),  // the bots' seats
    () => { seats()[0].innerHTML = noIds(seatHtml(VIEW, 0)); },  // mine
    () => {  // the bots' fans of backs; the cards sized as the table will size them
      const sizes = seats().map((el) => ({ w: el.offsetWidth, h: el.offsetHeight }));  // laid out last frame
      const L = computeLayout(felt.clientWidth, felt.clientHeight, sizes);
      for (const fan of felt.querySelectorAll(".fan")) fan.innerHTML = "<i></i>".repeat(3);
      for (const [k, v] of Object.entries(layoutVars(L))) felt.style.setProperty(k, v);
      felt.dataset.layout = L.wide ? "wide" : "tall";  // the panels are placed by it
    },
    ...FACES.map((c) => () => addCard("card faceup in-hand", noIds(faceHtml(c)))),
    () => addCard("card", backHtml()),
    ...PANELS.map(panel),
  ];
}

// Starts the specimen (once); resolves when it has been laid out and removed, or given up because
// the first screen was left (the real table is then drawn: no specimen beside it).
export function warmTable() {
  if (done) return done;
  done = (async () => {
    const root = document.createElement("div");
    root.className = "table warm-up";
    root.setAttribute("aria-hidden", "true");
    root.inert = true;
    root.innerHTML = `<header class="topbar"><div class="plates"></div><div class="status"></div></header>` +
      `<div class="felt">${[1, 2, 3].map((s) => `<div class="seat" data-seat="${s}"></div>`).join("")}` +
      `<div class="seat seat-me" data-seat="0"></div>` +
      `${[1, 2, 3].map((s) => `<div class="fan" data-fan="${s}"></div>`).join("")}<div class="cards"></div>` +
      `<div class="panel"></div></div>`;
    const felt = root.querySelector(".felt");
    const log = (window.jokerWarm = { pieces: 0, removed: false });  // tests
    document.body.append(root);
    try {
      for (const piece of pieces(root, felt)) {
        await nextFrame();
        if (S.screen !== "settings") return;
        piece();
        log.pieces += 1;
      }
      await nextFrame();  // the last piece laid out: what it measured (tests compare it with the table's)
      const card = felt.querySelector(".card");
      Object.assign(log, { felt: [felt.clientWidth, felt.clientHeight], card: [card.offsetWidth, card.offsetHeight] });
    } finally {
      root.remove();
      log.removed = true;
    }
  })();
  return done;
}

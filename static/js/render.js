// The table renderer, in the manner of chessground: card nodes keyed by card id, placed and
// moved only with CSS transforms (transitions do the animation), redraws batched per frame.
//
// A redraw never reads the page's geometry: a read after the redraw's own writes would make the
// browser lay the page out there and then, in the middle of the script (a forced synchronous
// layout), and again for the frame. The sizes the layout needs (the felt's, the seat plates') are
// read when the browser has just laid the page out anyway (a ResizeObserver's callback), and a
// change of them draws the table again before that frame is painted. Only the first redraw of a
// table just shown reads them at once (nothing has been laid out yet). A new card's flight in is
// a Web Animation from where it comes from, so nothing has to be laid out to start it either.
import { backHtml } from "./cards.js";
import { faceNodes } from "./faces.js";
import { computeLayout, layoutVars } from "./layout.js";

// The card's move as table.css's transition draws it (transform; opacity fades with `ease`).
const MOVE_EASING = "cubic-bezier(.2, .7, .3, 1)";
// The card classes an item's cls says on or off.
const CLASSES = ["legal", "illegal", "faceup", "in-hand", "in-trick", "dragging", "winner", "trump-card", "chooser-hidden", "kbd"];

export class Board {
  // moveMs: () => the duration of a card's move (ms), as the stylesheet's --t-move says.
  constructor(felt, layer, { moveMs = () => 0 } = {}) {
    this.felt = felt;
    this.layer = layer;
    this.moveMs = moveMs;
    this.nodes = new Map();     // key -> {el, face, tf}
    this.L = null;
    this.vars = {};        // CSS custom properties last set on the felt
    this.sizes = null;     // {W, H, seat}: the felt's and the seat plates' sizes as last laid out
    this.sizesKey = "";
    this.onResize = null;  // called when those sizes change (table.js: draw again)
    this.observed = typeof ResizeObserver === "function";  // else every redraw reads them (forced)
    if (this.observed) {
      const ro = new ResizeObserver(() => this.laidOut());
      ro.observe(felt);
      for (const el of felt.querySelectorAll(".seat")) ro.observe(el);
    }
  }

  // The sizes computeLayout needs. Reading them forces a layout unless the page is laid out.
  readSizes() {
    const W = this.felt.clientWidth, H = this.felt.clientHeight;
    const seat = [0, 1, 2, 3].map((s) => {
      const el = this.felt.querySelector(`.seat[data-seat="${s}"]`);
      return el && el.offsetWidth ? { w: el.offsetWidth, h: el.offsetHeight } : null;
    });
    return { W, H, seat };
  }

  // A ResizeObserver's callback: the page has just been laid out, so reading costs nothing. When
  // a size changed (a plate grew with its badge, the window was resized), the table is drawn again
  // with it before the frame is painted.
  laidOut() {
    const sizes = this.readSizes();
    const key = JSON.stringify(sizes);
    if (key === this.sizesKey) return;
    this.sizes = sizes;
    this.sizesKey = key;
    if (sizes.W && sizes.H && this.onResize) this.onResize();
  }

  // Sizes come from the viewport: the felt's size and the seat plates' sizes go through
  // computeLayout (layout.js); the stylesheet positions seats, fans and panels from its variables.
  // A table just shown (or a game just entered): its sizes are read afresh at the next redraw,
  // after the seats are drawn.
  forget() { this.sizes = null; this.sizesKey = ""; }

  measure() {
    if (!this.observed || !this.sizes || !this.sizes.W || !this.sizes.H) {  // a table just shown: the one forced read
      this.sizes = this.readSizes();
      this.sizesKey = JSON.stringify(this.sizes);
    }
    const L = computeLayout(this.sizes.W, this.sizes.H, this.sizes.seat);
    this.felt.dataset.layout = L.wide ? "wide" : "tall";
    this.felt.dataset.beside = L.beside ? "1" : "0";
    for (const [k, v] of Object.entries(layoutVars(L))) {
      if (this.vars[k] !== v) { this.felt.style.setProperty(k, v); this.vars[k] = v; }
    }
    this.L = L;
    return L;
  }

  // x-positions of n hand cards (centres), spread over the hand's span, centred in it.
  handXs(n) {
    const { handL, handR, cw } = this.L;
    if (n <= 0) return [];
    const step = n > 1 ? Math.min(cw * 0.8, (handR - handL - cw) / (n - 1)) : 0;
    const width = step * (n - 1);
    const x0 = (handL + handR) / 2 - width / 2;
    return Array.from({ length: n }, (_, i) => x0 + i * step);
  }

  // Index in a hand of n cards nearest to x (for reordering by drag).
  handIndexAt(x, n) {
    const xs = this.handXs(n);
    let best = 0, d = Infinity;
    xs.forEach((v, i) => { if (Math.abs(v - x) < d) { d = Math.abs(v - x); best = i; } });
    return best;
  }

  tf(p) {
    const { cw, ch } = this.L;
    const s = p.scale ?? 1;
    return `translate(${(p.x - cw / 2).toFixed(1)}px, ${(p.y - ch / 2).toFixed(1)}px) rotate(${p.rot || 0}deg) scale(${s})`;
  }

  // items: [{key, card (null = back), x, y, rot, scale, z, cls: {..}, data: {..}, from: {x,y,rot,scale}, delay}]
  sync(items, exit) {
    const seen = new Set();
    const ms = this.moveMs();
    for (const it of items) {
      seen.add(it.key);
      let n = this.nodes.get(it.key);
      const face = it.card || "back";
      const tf = this.tf(it);
      if (!n) {
        // A new node is put at its place at once (its first style: no transition) and flies in
        // from where it comes from as a Web Animation, which needs no layout to start.
        const el = document.createElement("div");
        el.className = "card";
        el.dataset.key = it.key;
        el.style.transform = tf;
        n = { el, face: null, tf };
        this.nodes.set(it.key, n);
        this.layer.appendChild(el);
        if (it.from && ms > 0) {
          const timing = { duration: ms, delay: it.delay || 0, fill: "backwards" };
          n.from = this.tf(it.from);
          n.flight = el.animate([{ transform: n.from }, { transform: tf }], { ...timing, easing: MOVE_EASING });
          n.anims = [n.flight];
          if (it.from.opacity !== undefined) n.anims.push(el.animate([{ opacity: it.from.opacity }, { opacity: 1 }], { ...timing, easing: "ease" }));
        }
      }
      if (n.face !== face) {
        if (it.card) n.el.replaceChildren(faceNodes(it.card));  // cloned, not parsed (faces.js)
        else n.el.innerHTML = backHtml();
        n.el.dataset.card = it.card || "";
        n.face = face;
      }
      if (n.tf !== tf) {
        n.el.style.transform = tf;
        n.tf = tf;
        // Still flying in (the plates' sizes changed the layout meanwhile): it lands at the new place.
        if (n.flight && n.flight.playState !== "finished") n.flight.effect.setKeyframes([{ transform: n.from }, { transform: tf }]);
      }
      // Each written only when it changed (most syncs change a card's place or nothing: a write of
      // the same value is still work, times thirteen cards, times every redraw).
      const z = String(it.z ?? 1);
      if (n.z !== z) { n.el.style.zIndex = z; n.z = z; }
      const delay = it.delay ? it.delay + "ms" : "";
      if (n.delay !== delay) { n.el.style.transitionDelay = delay; n.delay = delay; }
      const cls = it.cls || {};
      const on = CLASSES.filter((c) => cls[c]).join(" ");
      if (n.cls !== on || (!cls.dragging && n.el.classList.contains("dragging"))) {  // (drag.js marks a card itself)
        for (const c of CLASSES) n.el.classList.toggle(c, !!cls[c]);
        n.cls = on;
      }
      if (it.label && n.label !== it.label) { n.el.setAttribute("aria-label", it.label); n.label = it.label; }
      // role, tabindex, aria-*: a hand card is a button you can reach with the keyboard
      const attrs = { role: it.label ? "img" : null, tabindex: null, "aria-disabled": null, ...(it.attrs || {}) };
      for (const [k, v] of Object.entries(attrs)) {
        if (v === null) { if (n.el.hasAttribute(k)) n.el.removeAttribute(k); }
        else if (n.el.getAttribute(k) !== v) n.el.setAttribute(k, v);
      }
      for (const [k, v] of Object.entries(it.data || {})) {
        if (n.el.dataset[k] !== String(v)) n.el.dataset[k] = v;
      }
    }
    for (const [key, n] of [...this.nodes]) {
      if (seen.has(key)) continue;
      this.nodes.delete(key);
      if (exit && exit[key]) {
        const to = exit[key];
        n.el.style.transitionDelay = "";
        n.el.style.transform = this.tf(to);
        n.el.style.opacity = "0";
        setTimeout(() => n.el.remove(), ms + 60);
      } else {
        n.el.remove();
      }
    }
  }

  node(key) { return this.nodes.get(key)?.el || null; }

  // The animations of a node's flight in (none once it has landed). Unlike el.getAnimations(),
  // asking costs no style recalculation.
  flights(key) { return (this.nodes.get(key)?.anims || []).filter((a) => a.playState !== "finished"); }

  // The faces carry words of the language (a rank's letter: К, J, მ): after a switch every card on
  // the table is drawn again at its next sync, in place, without moving.
  redrawFaces() { for (const n of this.nodes.values()) n.face = null; }

  clear() {
    for (const n of this.nodes.values()) n.el.remove();
    this.nodes.clear();
  }
}

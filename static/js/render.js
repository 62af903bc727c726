// The table renderer, in the manner of chessground: card nodes keyed by card id, placed and
// moved only with CSS transforms (transitions do the animation), redraws batched per frame.
import { faceHtml, backHtml } from "./cards.js";
import { computeLayout, layoutVars } from "./layout.js";

export class Board {
  constructor(felt, layer) {
    this.felt = felt;
    this.layer = layer;
    this.nodes = new Map();     // key -> {el, face, tf}
    this.L = null;
    this.vars = {};        // CSS custom properties last set on the felt
  }

  // Sizes come from the viewport: the felt's size and the seat plates' sizes go through
  // computeLayout (layout.js); the stylesheet positions seats, fans and panels from its variables.
  measure() {
    const W = this.felt.clientWidth, H = this.felt.clientHeight;
    const seat = [0, 1, 2, 3].map((s) => {
      const el = this.felt.querySelector(`.seat[data-seat="${s}"]`);
      return el && el.offsetWidth ? { w: el.offsetWidth, h: el.offsetHeight } : null;
    });
    const L = computeLayout(W, H, seat);
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
    const fresh = [];
    for (const it of items) {
      seen.add(it.key);
      let n = this.nodes.get(it.key);
      const face = it.card || "back";
      if (!n) {
        const el = document.createElement("div");
        el.className = "card";
        el.dataset.key = it.key;
        n = { el, face: null, tf: "" };
        this.nodes.set(it.key, n);
        this.layer.appendChild(el);
        // A new node starts where it comes from (or right at its place), without a transition.
        el.classList.add("no-anim");
        el.style.transform = this.tf(it.from || it);
        if (it.from && it.from.opacity !== undefined) el.style.opacity = it.from.opacity;
        if (!it.from) n.tf = this.tf(it);
        fresh.push(n);
      }
      if (n.face !== face) {
        n.el.innerHTML = it.card ? faceHtml(it.card) : backHtml();
        n.el.dataset.card = it.card || "";
        n.face = face;
      }
      const tf = this.tf(it);
      if (n.tf !== tf) { n.pendingTf = tf; n.tf = tf; }
      n.el.style.zIndex = it.z ?? 1;
      n.el.style.transitionDelay = it.delay ? it.delay + "ms" : "";
      const cls = it.cls || {};
      for (const c of ["legal", "illegal", "faceup", "in-hand", "in-trick", "dragging", "winner", "trump-card", "chooser-hidden", "kbd"]) {
        n.el.classList.toggle(c, !!cls[c]);
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
    if (fresh.length) void this.layer.offsetWidth;  // commit the start positions, then animate
    for (const n of fresh) { n.el.classList.remove("no-anim"); n.el.style.opacity = ""; }
    for (const n of this.nodes.values()) {
      if (n.pendingTf) { n.el.style.transform = n.pendingTf; n.pendingTf = null; }
    }
    for (const [key, n] of [...this.nodes]) {
      if (seen.has(key)) continue;
      this.nodes.delete(key);
      if (exit && exit[key]) {
        const to = exit[key];
        n.el.style.transitionDelay = "";
        n.el.style.transform = this.tf(to);
        n.el.style.opacity = "0";
        const ms = parseFloat(getComputedStyle(this.felt).getPropertyValue("--t-move")) || 0;
        setTimeout(() => n.el.remove(), ms + 60);
      } else {
        n.el.remove();
      }
    }
  }

  node(key) { return this.nodes.get(key)?.el || null; }

  // The faces carry words of the language (a rank's letter: К, J, მ): after a switch every card on
  // the table is drawn again at its next sync, in place, without moving.
  redrawFaces() { for (const n of this.nodes.values()) n.face = null; }

  clear() {
    for (const n of this.nodes.values()) n.el.remove();
    this.nodes.clear();
  }
}

// The table renderer, in the manner of chessground: card nodes keyed by card id, placed and
// moved only with CSS transforms (transitions do the animation), redraws batched per frame.
import { faceHtml, backHtml } from "./cards.js";

const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

export class Board {
  constructor(felt, layer) {
    this.felt = felt;
    this.layer = layer;
    this.nodes = new Map();     // key -> {el, face, tf}
    this.L = null;
  }

  // Sizes come from the viewport: card width from the felt's width and height.
  measure() {
    const W = this.felt.clientWidth, H = this.felt.clientHeight;
    const pad = clamp(Math.min(W, H) * 0.018, 6, 16);
    const cw = Math.round(clamp(Math.min(W / 5.3, H / 6.6), 44, 118));
    const ch = Math.round(cw * 1.42);
    const raise = Math.round(ch * 0.17);
    const meEl = this.felt.querySelector(".seat-me");
    const meRow = Math.max(30, (meEl && meEl.offsetHeight) || 34);
    const handPad = pad + Math.round(cw * 0.08);
    const handCY = H - handPad - ch / 2;
    const handTop = H - handPad - ch - raise;
    const meTop = handTop - meRow - 10;  // clear of raised (and slightly turned) cards
    this.felt.style.setProperty("--cw", cw + "px");
    this.felt.style.setProperty("--ch", ch + "px");
    this.felt.style.setProperty("--hand-top", handTop + "px");
    this.felt.style.setProperty("--me-top", meTop + "px");
    const seat = (s) => {
      const el = this.felt.querySelector(`.seat[data-seat="${s}"]`);
      if (!el || !el.offsetWidth) return { x: W / 2, y: s === 0 ? H : 0, w: 0, h: 0 };
      return { x: el.offsetLeft + el.offsetWidth / 2, y: el.offsetTop + el.offsetHeight / 2,
               w: el.offsetWidth, h: el.offsetHeight, bottom: el.offsetTop + el.offsetHeight };
    };
    const seats = [seat(0), seat(1), seat(2), seat(3)];
    seats[0] = { x: W / 2, y: handCY, w: 0, h: 0 };
    const top = (seats[2].bottom || 60) + 8;
    const bottom = meTop - 6;
    const cx = W / 2, cy = Math.round((top + bottom) / 2);
    const dx = Math.min(cw * 0.75, (W - 2 * 88 - cw) / 2), dy = Math.min(ch * 0.3, (bottom - top - ch) / 2);
    this.L = { W, H, pad, cw, ch, raise, handCY, handTop, meTop, cx, cy, seats,
               slots: [[cx, cy + dy, 3], [cx - dx, cy, -7], [cx, cy - dy, 2], [cx + dx, cy, 8]] };
    this.felt.style.setProperty("--panel-bottom", (H - meTop + 6) + "px");
    return this.L;
  }

  // x-positions of n hand cards (centres).
  handXs(n) {
    const { W, pad, cw } = this.L;
    if (n <= 0) return [];
    const step = n > 1 ? Math.min(cw * 0.8, (W - 2 * pad - cw) / (n - 1)) : 0;
    const width = step * (n - 1);
    const x0 = W / 2 - width / 2;
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

  clear() {
    for (const n of this.nodes.values()) n.el.remove();
    this.nodes.clear();
  }
}

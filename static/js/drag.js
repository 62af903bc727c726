// My hand under the pointer: a tap plays a card (or says why not), a drag onto the table plays
// it, a drag along the hand reorders it. A tap on the trick area peeks at the last trick.
import { $ } from "./dom.js";
import { S } from "./state.js";
import { board, render } from "./table.js";
import { tryCard } from "./flow.js";
import { openLast } from "./last.js";

export function bindDrag() {
  const felt = $("#felt");
  let drag = null;
  let tapOnHand = false;  // a tap that began on my hand is a move, never a peek at the last trick
  const overTable = (y) => y < board.L.handTop - board.L.ch * 0.25;
  felt.addEventListener("pointerdown", (e) => {
    const el = e.target.closest(".card.in-hand");
    tapOnHand = !!el;
    if (!el || e.button > 0) return;
    const key = el.dataset.key;
    if (!S.view || !(S.shown.hand || []).includes(key)) return;
    const r = felt.getBoundingClientRect();
    drag = { key, el, id: e.pointerId, x0: e.clientX, y0: e.clientY, ox: r.left, oy: r.top, moved: false };
    try { el.setPointerCapture(e.pointerId); } catch (err) { /* ignore */ }
  });
  felt.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x0, dy = e.clientY - drag.y0;
    if (!drag.moved && Math.hypot(dx, dy) < 8) return;
    if (!drag.moved) { drag.moved = true; drag.el.classList.add("dragging"); felt.classList.add("dragging-card"); }
    const x = e.clientX - drag.ox, y = e.clientY - drag.oy;
    drag.el.style.transform = board.tf({ x, y, rot: 0, scale: 1.05 });
    $("#drop-zone").classList.toggle("hot", overTable(y));
  });
  const end = (e, cancel) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    d.el.classList.remove("dragging");
    felt.classList.remove("dragging-card");
    $("#drop-zone").classList.remove("hot");
    const n = board.nodes.get(d.key);
    if (n) n.tf = "";  // let the next sync put it back in place
    if (cancel) { render(); return; }
    if (!d.moved) { tryCard(d.key); return; }
    const y = e.clientY - d.oy, x = e.clientX - d.ox;
    if (overTable(y)) { render(); tryCard(d.key); return; }
    const order = S.handOrder.filter((c) => c !== d.key);  // reorder inside the hand
    order.splice(board.handIndexAt(x, S.handOrder.length), 0, d.key);
    S.handOrder = order;
    render();
  };
  felt.addEventListener("pointerup", (e) => end(e, false));
  felt.addEventListener("pointercancel", (e) => end(e, true));
  felt.addEventListener("click", (e) => {
    if (drag || tapOnHand || S.dialog || S.screen !== "table" || !S.view || !S.view.last_trick) return;
    if (e.detail > 1) return;  // the second click of a double click on a card or on NEXT is no peek
    if (e.target.closest(".card.in-hand, .panel, .seat, button")) return;
    const L = board.L, r = felt.getBoundingClientRect();
    const x = e.clientX - r.left, y = e.clientY - r.top;
    const onTrick = e.target.closest(".card.in-trick");
    const inMiddle = Math.abs(x - L.cx) < L.cw * 1.6 && Math.abs(y - L.cy) < L.ch * 1.1;
    if (onTrick || inMiddle) openLast();
  });
}

// Geometry of the screen as a person would judge it, for tests/test_sweep.py.
// Evaluated in the page: returns a list of problems (empty when the screen is fine).
// Boxes are getBoundingClientRect() (a turned card's box is a little larger than the card).
() => {
  const W = innerWidth, H = innerHeight, bad = [];
  const box = (el) => {
    if (!el || el.closest("[hidden]")) return null;
    const cs = getComputedStyle(el);
    if (cs.display === "none" || cs.visibility === "hidden" || Number(cs.opacity) < 0.05) return null;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? r : null;
  };
  // The box of an element's text itself (a status line is wider than its words).
  const textBox = (el) => {
    if (!box(el) || !el.textContent.trim()) return null;
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? r : null;
  };
  const union = (els) => {
    const rs = els.map(box).filter(Boolean);
    if (!rs.length) return null;
    const l = Math.min(...rs.map((r) => r.left)), t = Math.min(...rs.map((r) => r.top));
    const r = Math.max(...rs.map((q) => q.right)), b = Math.max(...rs.map((q) => q.bottom));
    return { left: l, top: t, right: r, bottom: b, width: r - l, height: b - t };
  };
  const fmt = (r) => `[${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}]`;
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  // A card is turned: its outline is the four corners of its transform, not its bounding box.
  const corners = (r) => [[r.left, r.top], [r.right, r.top], [r.right, r.bottom], [r.left, r.bottom]];
  const cardQuad = (el) => {
    const m = new DOMMatrix(getComputedStyle(el).transform);
    const w = el.offsetWidth, h = el.offsetHeight, o = el.offsetParent.getBoundingClientRect();
    return [[0, 0], [w, 0], [w, h], [0, h]].map(([x, y]) => {
      const q = m.transformPoint(new DOMPoint(x - w / 2, y - h / 2));
      return [q.x + w / 2 + o.left, q.y + h / 2 + o.top];
    });
  };
  // Separating axis test of two convex outlines; touching (< 1 px) is not covering.
  const polysMeet = (P, Q) => {
    for (const poly of [P, Q]) {
      for (let i = 0; i < poly.length; i++) {
        const [x1, y1] = poly[i], [x2, y2] = poly[(i + 1) % poly.length];
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const nx = (y1 - y2) / len, ny = (x2 - x1) / len;
        const proj = (pts) => pts.map(([x, y]) => x * nx + y * ny);
        const a = proj(P), b = proj(Q);
        if (Math.min(Math.max(...a), Math.max(...b)) - Math.max(Math.min(...a), Math.min(...b)) <= 1) return false;
      }
    }
    return true;
  };
  const $$ = (sel) => [...document.querySelectorAll(sel)];

  // ---- named pieces of the table
  const parts = [];   // {name, kind, r}
  const add = (name, kind, r, q) => { if (r) parts.push({ name, kind, r, q: q || corners(r) }); };
  const addCard = (name, kind, el) => { const r = box(el); if (r) add(name, kind, r, cardQuad(el)); };
  const table = document.querySelector("#table");
  const onTable = table && !table.hidden;
  if (onTable) {
    for (const s of [0, 1, 2, 3]) {
      add(`seat-${s}`, "seat", box(document.querySelector(`.seat[data-seat="${s}"]`)));
      if (s) add(`fan-${s}`, "fan", union($$(`.fan[data-fan="${s}"] i`)));
    }
    for (const el of $$(".card.in-trick")) addCard(`trick ${el.dataset.key}`, "trick", el);
    for (const el of $$('.card.in-hand, .card[data-testid="hand-back"]')) addCard(`hand ${el.dataset.key}`, "hand", el);
    add("panel", "panel", box(document.querySelector("#panel")));
    add("last-button", "last", box(document.querySelector("#last-button")));
    addCard("trump card", "indicator", document.querySelector('[data-testid="trump-card"]'));
    for (const el of $$(".bid-bubble")) add(`bubble ${el.dataset.seat}`, "bubble", box(el));
    for (const el of $$("#menu-button, #sheet-button, #help-button, .plate")) add(el.id || "plate", "bar", box(el));
    add("status text", "bar", textBox(document.querySelector("#status")));
  }
  // Which kinds must never cover which (a seat next to its own fan is fine).
  const clash = {
    seat: ["seat", "trick", "panel", "last", "indicator", "hand", "bubble"],
    fan: ["trick", "panel", "last", "indicator", "hand", "fan"],
    trick: ["hand", "panel", "last", "indicator", "bubble"],
    panel: ["last", "indicator", "hand", "bubble"],
    last: ["hand", "indicator"],
    bar: ["bar"],
    bubble: ["bubble", "hand"],
  };
  const dialogOpen = document.querySelector("#overlay") && !document.querySelector("#overlay").hidden;
  if (!dialogOpen) {
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const a = parts[i], b = parts[j];
        const hit = (clash[a.kind] || []).includes(b.kind) || (clash[b.kind] || []).includes(a.kind);
        if (!hit || !overlap(a.r, b.r) || !polysMeet(a.q, b.q)) continue;
        if (a.kind === "fan" && b.kind === "seat" && a.name.slice(4) === b.name.slice(5)) continue;
        if (b.kind === "fan" && a.kind === "seat" && b.name.slice(4) === a.name.slice(5)) continue;
        bad.push(`${a.name} ${fmt(a.r)} overlaps ${b.name} ${fmt(b.r)}`);
      }
    }
    for (const p of parts) {
      if (p.r.left < -1 || p.r.top < -1 || p.r.right > W + 1 || p.r.bottom > H + 1) bad.push(`${p.name} ${fmt(p.r)} is outside the ${W}x${H} window`);
    }
  }
  // The dealer's D never covers the avatar's letter.
  for (const av of $$(".seat .avatar")) {
    const d = av.querySelector(".dealer");
    const letter = av.firstChild && av.firstChild.nodeType === 3 ? av.firstChild : null;
    if (!d || !letter || !box(d)) continue;
    const range = document.createRange();
    range.selectNodeContents(letter);
    const lr = range.getBoundingClientRect();
    if (overlap(box(d), lr)) bad.push(`the D badge ${fmt(box(d))} covers the avatar letter ${fmt(lr)}`);
  }
  // ---- anything a person taps or reads stays in the window, nothing scrolls sideways
  if (document.scrollingElement.scrollWidth > W + 1) bad.push("the page scrolls sideways");
  const dialog = dialogOpen ? document.querySelector("#dialog") : null;
  const db = box(dialog);
  if (db && (db.left < -1 || db.top < -1 || db.right > W + 1 || db.bottom > H + 1)) bad.push(`the dialog ${fmt(db)} is outside the window`);
  const scope = dialog || document;
  for (const el of scope.querySelectorAll("button, .btn, .seg label, .plate, [data-testid=status]")) {
    const r = box(el);
    if (!r) continue;
    const scroller = el.closest(".dialog .body, .settings");
    if (!scroller) {
      if (r.left < -1 || r.right > W + 1 || r.top < -1 || r.bottom > H + 1) bad.push(`${el.dataset.testid || el.id || el.className} ${fmt(r)} is outside the window`);
    }
    // Text that does not fit its control (clipped, or touching its edges).
    const tb = textBox(el);
    if (tb && el.matches(".seg label, .tabs .btn, .row-btns .btn, .stats-seg .btn")) {
      const pad = 5;
      if (tb.left < r.left + pad || tb.right > r.right - pad) bad.push(`the text of ${el.dataset.testid || el.textContent.trim()} ${fmt(tb)} touches the edges of ${fmt(r)}`);
    }
  }
  // The panel's buttons hold their words (a word running past its button's edge, or the panel's).
  const panelBox = box(document.querySelector("#panel"));
  for (const el of document.querySelectorAll("#panel button")) {
    const r = box(el), tb = textBox(el);
    if (!r || !tb) continue;
    for (const outer of [r, panelBox]) {
      if (outer && (tb.left < outer.left - 1 || tb.right > outer.right + 1)) {
        bad.push(`the text of ${el.dataset.testid || el.textContent.trim()} ${fmt(tb)} runs past ${fmt(outer)}`);
        break;
      }
    }
  }
  // Text cut short with an ellipsis (a label that does not fit its button or plate).
  for (const el of document.querySelectorAll("button, button *, .plate, .plate *, .seat *, .seg label, .seg label *")) {
    if (!box(el) || getComputedStyle(el).textOverflow !== "ellipsis") continue;
    if (el.scrollWidth > el.clientWidth + 1) bad.push(`the text "${el.textContent.trim()}" is cut short (${el.scrollWidth} > ${el.clientWidth} px)`);
  }
  // Tables inside a dialog fit its width (the paper score sheet is allowed to scroll).
  if (dialog) {
    for (const tbl of dialog.querySelectorAll("table:not(.sheet)")) {
      const body = tbl.closest(".body");
      if (body && tbl.getBoundingClientRect().right > body.getBoundingClientRect().right - parseFloat(getComputedStyle(body).paddingRight) + 0.5) {
        bad.push(`table ${tbl.dataset.testid || ""} is ${Math.round(tbl.getBoundingClientRect().width)} px wide, wider than its dialog`);
      }
    }
  }
  return bad;
}

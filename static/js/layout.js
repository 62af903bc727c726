// Where everything sits on the felt, from the felt's size and the sizes of the four seat plates.
// Pure arithmetic (no DOM): Board.measure() feeds it and applies the result as CSS custom
// properties, so the seats, the fans, the hand, the trick and the panels agree on one layout.
//
// Two arrangements:
//  * tall (phones held upright, tablets): my seat above my hand, the action panels between the
//    trick and my seat, a strip above my seat kept free so a joker's panel never covers the trick;
//  * wide (phones on their side, laptops, desktops): the table is kept about 1.5 times as wide as
//    it is high, whatever the window (the side seats come in, not out to the window's edges), and my
//    seat sits beside my hand. Panels that come while the trick is empty (trump, bid, my joker
//    lead) sit over the trick's place; the joker's panel on someone's lead sits right of the trick.
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));

export const FAN = 0.42;         // an opponent's card backs are this fraction of a card
const TRICK_H = 1.6;             // the trick's height in card heights (four cards around a cross)
const HAND_H = 1.17;             // my hand's height in card heights (raised playable cards)
const FOLLOW_PANEL = 76;         // the joker's one-row panel (TAKE / UNDER / BACK) in a tall layout
const PANEL_MAX = 236;           // the tallest panel (a joker lead; a bid of up to nine: two rows of numbers)
const PANEL_MIN_W = 230;         // narrowest side panel that still holds its buttons (two rows)

// seat: [{w, h}] for seats 0..3 (0 = mine) as rendered; a seat not rendered yet gets a default.
export function computeLayout(W, H, seat) {
  const size = (s, w, h) => ({ w: seat[s] && seat[s].w ? seat[s].w : w, h: seat[s] && seat[s].h ? seat[s].h : h });
  const [me, s1, s2, s3] = [size(0, 150, 34), size(1, 80, 90), size(2, 80, 90), size(3, 80, 90)];
  const wide = W >= H * 1.25;
  const pad = Math.round(clamp(Math.min(W, H) * 0.018, 6, 16));
  const topY = Math.round(pad * 0.8);
  const tableW = wide ? Math.min(W, Math.max(H * 1.5, 720)) : W;
  const side = Math.round(Math.max(pad, (W - tableW) / 2));
  const meW = Math.max(me.w, 150);

  // Card width: tall layouts as before (from the width and the height); wide ones from what the
  // height must hold (the top seat and its cards, the trick, my hand) and the table's width.
  let cw;
  if (wide) {
    const chMax = (H - topY - s2.h - 2 * pad - 24) / (FAN + TRICK_H + HAND_H);
    cw = Math.min(chMax / 1.42, (tableW - s1.w - s3.w - 2 * side) / 4.2);
  } else {
    cw = Math.min(W / 5.3, H / 6.6);
  }
  cw = Math.round(clamp(cw, 44, wide ? 150 : 130));
  const ch = Math.round(cw * 1.42);
  const raise = Math.round(ch * 0.17);
  const handPad = pad + Math.round(cw * 0.08);
  const handCY = H - handPad - ch / 2;
  const handTop = H - handPad - ch - raise;
  const meRow = Math.max(30, me.h);

  // My seat beside my hand when a wide table leaves the hand room for at least five cards' width;
  // otherwise a row above my hand: my seat, the last-trick button, and at its right end the card
  // turned up for trump when I dealt (half size). A chosen joker is raised by 1.5 raises: clear of it.
  const spotH = Math.round(ch * 0.5 * 1.06);
  let rowH = Math.max(meRow, spotH);
  let rowTop = handTop - Math.max(10, raise * 0.5 + 4) - rowH;
  let handL = pad, handR = W - pad, meLeft = pad, meTop = Math.round(rowTop + (rowH - meRow) / 2), beside = false;
  let mySpot = { x: W - pad - cw * 0.3, y: rowTop + rowH / 2, rot: -8, scale: 0.5 };
  if (wide && W - 2 * (side + meW + 12) >= 5 * cw) {
    beside = true;
    meLeft = side;
    meTop = Math.round(handCY - meRow / 2);
    rowTop = meTop;
    rowH = meRow;
    handL = side + meW + 12;
    handR = W - handL;
    mySpot = { x: meLeft + 56 + cw * 0.35, y: meTop - ch * 0.31 - 10, rot: -8, scale: 0.62 };  // by the last-trick button
  }

  // The trick's band: below the top seat's cards, above my seat (tall) or my hand (wide); a tall
  // layout keeps the joker's one-row panel's strip free under it.
  const fan2Bottom = topY + s2.h - 4 + ch * FAN + 2;
  const top = fan2Bottom + 8;
  const bottom = (beside ? handTop : rowTop) - 6 - (wide ? 0 : FOLLOW_PANEL);
  let cx = W / 2;
  const cy = Math.round((top + bottom) / 2);
  const dy = Math.max(0, Math.min(ch * 0.3, (bottom - top - ch) / 2));
  const dxFor = (x) => Math.max(cw * 0.3, Math.min(cw * 0.75, x - cw * 0.6 - side - Math.max(s1.w, s3.w) - 8));
  let dx = dxFor(cx);

  // The side seats: level with the trick, their cards under them; in a tall layout clear of the
  // tallest panel (it sits above my seat, as wide as the felt).
  const sideH = Math.max(s1.h, s3.h);
  const sideBlock = sideH + 4 + ch * FAN;
  let sideTop = cy - sideBlock / 2;
  if (!wide) sideTop = Math.min(sideTop, rowTop - 6 - PANEL_MAX - sideBlock);
  sideTop = Math.round(Math.max(topY, sideTop));

  // Panels. Tall: above my seat, as wide as the felt allows. Wide: the band between the top seat's
  // cards and my hand, between the side seats (the trick is empty then), and a narrower place right
  // of the trick for the joker's panel on someone's lead (moving the trick left if room is short).
  let panel;
  if (wide) {
    const fanW = cw * (FAN + 8 * (FAN - 0.33)) + 2;   // nine backs
    const sideW = Math.max(s1.w, s3.w, fanW);
    const bandTop = top - 2, bandBottom = (beside ? handTop : rowTop) - 6;
    const rightEdge = W - side - Math.max(s3.w, fanW) - 10;
    const leftOf = (x, d) => x + d + cw * 0.6 + 12;
    let x = leftOf(cx, dx), w = Math.min(420, rightEdge - x), cyP = (bandTop + bandBottom) / 2, hP = bandBottom - bandTop;
    if (w < PANEL_MIN_W && beside) {
      // No room right of the trick (a phone on its side): the corner right of my hand, under Levan's cards.
      const fan3Bottom = sideTop + s3.h + 4 + ch * FAN + 6;
      x = handR + 8;
      w = W - pad - x;
      cyP = (fan3Bottom + H - pad) / 2;
      hP = H - pad - fan3Bottom;
    } else if (w < PANEL_MIN_W) {
      const room = cx - dx - cw * 0.6 - (side + s1.w + 10);
      cx -= Math.max(0, Math.min(PANEL_MIN_W - w, room));
      dx = Math.min(dx, dxFor(cx));
      x = leftOf(cx, dx);
      w = Math.min(420, rightEdge - x);
    }
    panel = { x: Math.round(x), w: Math.round(w), cy: Math.round(cyP), maxH: Math.round(hP),
              bandCX: Math.round(W / 2), bandW: Math.round(Math.min(460, W - 2 * (side + sideW + 8))),
              bandCY: Math.round((bandTop + bandBottom) / 2), bandH: Math.round(bandBottom - bandTop) };
  } else {
    panel = { bottom: Math.round(H - rowTop + 8), w: Math.round(Math.min(440, W - 16)) };
  }

  const seats = [
    { x: (handL + handR) / 2, y: handCY, w: 0, h: 0 },
    { x: side + s1.w / 2, y: sideTop + s1.h / 2, w: s1.w, h: s1.h, bottom: sideTop + s1.h },
    { x: W / 2, y: topY + s2.h / 2, w: s2.w, h: s2.h, bottom: topY + s2.h },
    { x: W - side - s3.w / 2, y: sideTop + s3.h / 2, w: s3.w, h: s3.h, bottom: sideTop + s3.h },
  ];
  return {
    W, H, wide, beside, pad, side, topY, sideTop, cw, ch, raise, handCY, handTop, handL, handR,
    meTop, meLeft, meW: me.w, meH: meRow, mySpot, cx, cy, top, bottom, seats, panel,
    slots: [[cx, cy + dy, 3], [cx - dx, cy, -7], [cx, cy - dy, 2], [cx + dx, cy, 8]],
  };
}

// The CSS custom properties (and the layout name) the stylesheet positions things with.
export function layoutVars(L) {
  const px = (v) => Math.round(v) + "px";
  const vars = {
    "--cw": px(L.cw), "--ch": px(L.ch), "--hand-top": px(L.handTop), "--me-top": px(L.meTop),
    "--me-left": px(L.meLeft), "--side": px(L.side), "--side-top": px(L.sideTop), "--top-y": px(L.topY),
    "--me-w": px(L.meW), "--me-h": px(L.meH), "--top-h": px(L.seats[2].h), "--s1-h": px(L.seats[1].h),
    "--s3-h": px(L.seats[3].h),
  };
  if (L.wide) {
    const p = L.panel;
    Object.assign(vars, { "--panel-x": px(p.x), "--panel-w": px(p.w), "--panel-cy": px(p.cy), "--panel-maxh": px(p.maxH),
                          "--band-cx": px(p.bandCX), "--band-w": px(p.bandW), "--band-cy": px(p.bandCY),
                          "--band-h": px(p.bandH) });
  } else {
    Object.assign(vars, { "--panel-bottom": px(L.panel.bottom), "--panel-w": px(L.panel.w) });
  }
  return vars;
}

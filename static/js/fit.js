// Words at full length where they fit, a compact form where they would be cut. Whether they fit is
// measured, not guessed from the window's width: each language, and each phone's system font, needs
// its own room (the widths the tests see are DejaVu Sans's, wider than Roboto or SF). Measured where
// reading costs nothing: a ResizeObserver's callback runs once the page is laid out and before it is
// painted, so no layout is forced (not inside a redraw, test_main_thread) and no frame is painted
// with the words cut.

// fitter(box, cls, isCut) returns try(parts): it takes the full form again (box without cls) and, at
// the next layout, gives box cls if isCut(box) says something is cut. Called when what box shows
// changed, or the window did; observing the parts anew reports each one's size once, so the
// callback runs even when no size changed. The compact form is never measured: it is only taken off
// by the next try.
export function fitter(box, cls, isCut) {
  if (typeof ResizeObserver === "undefined") return () => {};
  const watch = new ResizeObserver(() => {
    if (!box.classList.contains(cls) && isCut(box)) box.classList.add(cls);
  });
  return (parts) => {
    box.classList.remove(cls);
    watch.disconnect();
    for (const el of parts) watch.observe(el);
  };
}

// Whether an element's content is wider than its box (cut, hidden or sticking out).
export const wider = (el) => el.scrollWidth > el.clientWidth;

// Small DOM helpers every module uses.
export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A data attribute written only when it changed: most redraws change none, and a write of the same
// value is still work (and a mutation observers see).
export function setData(el, key, value) {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

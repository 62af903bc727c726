// Markup is built in one way only: html`…` escapes every value put into it, unless the value is
// markup itself (another html`…`, or raw() for text that is already markup, such as a card face).
// Arrays are joined; null, undefined and false render nothing (so `${cond && html`…`}` works).
class Markup {
  constructor(text) { this.text = text; }
  toString() { return this.text; }
}

const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

export function raw(text) {
  return text instanceof Markup ? text : new Markup(String(text));
}

function part(value) {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(part).join("");
  return esc(value);
}

export function html(strings, ...values) {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += part(values[i]) + strings[i + 1];
  return new Markup(out);
}

// What the Python package knows and the first screen offers before Python is up: bot levels, game
// modes (with their number of deals), rule presets and the values of each rule option. build.py
// writes facts.json from joker/facts.py; nothing here restates it.
let F = null;

export async function loadFacts() {
  const res = await fetch(new URL("../facts.json", import.meta.url));
  F = await res.json();
  return F;
}

export const facts = () => F;
export const levels = () => F.levels;
export const modeNames = () => F.modes.map((m) => m.name);
export const dealsOf = (mode) => F.modes.find((m) => m.name === mode).deals;
export const presets = () => F.presets;
export const optionValues = (name) => F.options[name];
export const optionNames = () => F.option_names;
export const defaults = () => F.defaults;

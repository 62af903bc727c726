// Small DOM helpers every module uses.
export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

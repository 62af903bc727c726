// Messages that are not tied to a screen: storage problems, a new version, statistics imported.
// Each keeps its i18n key (and params whose values may be keys too), so a language switch
// re-renders it. One id is shown once per visit unless opts.again.
import { t, onLangChange } from "./i18n.js";
import { $ } from "./dom.js";
import { html } from "./html.js";

const toasts = new Map();
const toastsSeen = new Set();

function toastText(entry) {
  const p = {};
  const tr = (v) => (typeof v === "string" && /^[a-z_]+\.[a-z_.]+$/.test(v) ? t(v) : v);
  for (const [k, v] of Object.entries(entry.params || {})) p[k] = Array.isArray(v) ? v.map(tr).join(", ") : tr(v);
  return t(entry.key, p);
}

function renderToast(entry) {
  const el = entry.el;
  el.className = "toast " + (entry.kind || "info");
  el.dataset.reason = entry.key;
  el.dataset.testid = entry.testid || "toast";
  el.setAttribute("role", entry.kind === "bad" ? "alert" : "status");
  el.innerHTML = html`<span class="msg">${toastText(entry)}</span>` +
    (entry.action ? html`<button type="button" class="btn btn-primary" data-toast-act="1" data-testid="${entry.action.testid}">${t(entry.action.key)}</button>` : "") +
    html`<button type="button" class="icon-btn" data-toast-close="1" data-testid="toast-close" aria-label="${t("toast.close")}">✕</button>`;
}

export function toast(key, params = {}, opts = {}) {
  const id = opts.id || key + "|" + JSON.stringify(params);
  if (toastsSeen.has(id) && !opts.again) return;
  toastsSeen.add(id);
  dropToast(id);
  const el = document.createElement("div");
  const entry = { id, key, params, el, kind: opts.kind || "info", action: opts.action, testid: opts.testid };
  toasts.set(id, entry);
  renderToast(entry);
  el.addEventListener("click", (e) => {
    if (e.target.closest("[data-toast-close]")) dropToast(id);
    else if (e.target.closest("[data-toast-act]") && entry.action) entry.action.run();
  });
  $("#toasts").appendChild(el);
  if (opts.ms) entry.timer = setTimeout(() => dropToast(id), opts.ms);
}

export function dropToast(id) {
  const e = toasts.get(id);
  if (!e) return;
  clearTimeout(e.timer);
  e.el.remove();
  toasts.delete(id);
}

// Storage problems (store.onProblem): one toast per kind; a failed write adds what was not saved
// to the same toast (each thing once per visit), so a full storage never buries the table.
const notSaved = {};
export function storageProblem(p) {
  if (p.reason !== "storage.full" && p.reason !== "storage.blocked") { toast(p.reason, p.params, { kind: "bad" }); return; }
  const what = (notSaved[p.reason] ||= []);
  if (what.includes(p.params.what)) return;
  what.push(p.params.what);
  const e = toasts.get(p.reason);
  if (e) { e.params = { what: [...what] }; renderToast(e); return; }
  toast(p.reason, { what: [...what] }, { id: p.reason, kind: "bad", again: true });
}

onLangChange(() => { for (const e of toasts.values()) renderToast(e); });

// ---- a new version (sw-register.js): a toast on every screen, and an entry in the menu.
// The game is saved after each move, so switching loses nothing.
export function updateReady() {
  return document.documentElement.dataset.update === "ready" && typeof window.jokerApplyUpdate === "function";
}

export function applyUpdate() { if (updateReady()) window.jokerApplyUpdate(); }

export function showUpdate() {
  if (!updateReady()) return;
  toast("update.toast", {}, { id: "update", kind: "update", testid: "update-toast",
    action: { key: "update.reload", testid: "update-toast-apply", run: applyUpdate } });
}

// The pad out of the app: as plain text (to paste into a chat) and as CSV (for a spreadsheet),
// shared with the system's share sheet where the browser has one (Web Share), else copied or
// downloaded; and printed (pad.css has the print sheet). Built from the engine's sheet only.
import { t } from "./i18n.js";
import { html } from "./html.js";
import { P } from "./pad-state.js";
import { trumpSymbol } from "./pad-deal.js";
import { dateText } from "./pad-list.js";

const SEATS = [0, 1, 2, 3];

function title(sh) {
  const rules = sh.preset ? t("preset." + sh.preset) : t("preset.custom");
  return `${t("pad.title")} · ${t("mode_short." + sh.mode)} · ${rules}`;
}

export function sheetText(sh) {
  const w = Math.max(8, ...sh.players.map((n) => n.length + 1));
  const pad = (s, n = w) => String(s).padStart(n);
  const lines = [title(sh), dateText(Date.now()), ""];
  lines.push(`${pad(t("sheet.deal"), 3)} ${pad(t("sheet.cards"), 5)} ${pad("", 3)}` + sh.players.map((n) => pad(n)).join(""));
  for (const pk of sh.pulkas) {
    for (const d of sh.deals.slice(pk.first_deal - 1, pk.last_deal)) {
      if (d.points === null) continue;
      const cells = SEATS.map((s) => pad(`${d.bids[s]}/${d.taken[s]} ${d.struck[s] ? "*" : ""}${d.points[s]}`));
      lines.push(`${pad(d.no, 3)} ${pad(d.cards, 5)} ${pad(trumpSymbol(d.trump), 3)}` + cells.join(""));
    }
    if (pk.complete) {
      const row = (label, f) => lines.push(`${pad(label, 13)}` + SEATS.map((s) => pad(f(s))).join(""));
      row(t("sheet.premium"), (s) => (pk.premium[s] ? "+" + pk.premium[s] : ""));
      row(t("sheet.struck"), (s) => (pk.struck_points[s] ? "-" + pk.struck_points[s] : ""));
      row(t("sheet.pulka", { no: pk.no }), (s) => pk.total[s]);
      lines.push("");
    }
  }
  lines.push(`${pad(t(sh.over ? "sheet.total" : "pad.so_far"), 13)}` + SEATS.map((s) => pad(sh.totals[s])).join(""));
  if (sh.over) lines.push(`${pad(t("pad.places"), 13)}` + SEATS.map((s) => pad(sh.places[s])).join(""));
  lines.push("", t("pad.text_legend"));
  return lines.join("\n");
}

// A number as it is; text quoted when it must be, and never read as a formula by a spreadsheet.
const csvCell = (v) => {
  if (typeof v === "number") return String(v);
  let s = v === null || v === undefined ? "" : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
  return /[",\n\r;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function sheetCsv(sh) {
  const head = ["deal", "pulka", "cards", "dealer", "trump"];
  for (const n of sh.players) head.push(`${n} ${t("pad.bid")}`, `${n} ${t("pad.took")}`, `${n} ${t("pad.points")}`, `${n} ${t("sheet.struck")}`);
  const rows = [head];
  for (const d of sh.deals) {
    if (d.points === null) continue;
    const r = [d.no, d.pulka, d.cards, sh.players[d.dealer], d.trump || ""];
    for (const s of SEATS) r.push(d.bids[s], d.taken[s], d.points[s], d.struck[s] ? 1 : 0);
    rows.push(r);
  }
  for (const pk of sh.pulkas) {
    if (!pk.complete) continue;
    const r = [`${t("sheet.pulka", { no: pk.no })}`, pk.no, "", "", ""];
    for (const s of SEATS) r.push(pk.premium[s], "", pk.total[s], pk.struck_points[s]);
    rows.push(r);
  }
  rows.push([t("sheet.total"), "", "", "", "", ...SEATS.flatMap((s) => ["", "", sh.totals[s], ""])]);
  return rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

const canShare = () => typeof navigator.share === "function";

export function shareMarkup() {
  return html`<p class="pad-ask">${t("pad.share_title")}</p><div class="pad-share" data-testid="pad-share-menu">
    ${canShare() ? html`<button type="button" class="btn btn-primary" data-pad-share="share" data-testid="pad-share-system">${t("pad.share")}</button>` : ""}
    <button type="button" class="btn" data-pad-share="copy" data-testid="pad-share-copy">${t("pad.copy")}</button>
    <button type="button" class="btn" data-pad-share="txt" data-testid="pad-share-txt">${t("pad.download_text")}</button>
    <button type="button" class="btn" data-pad-share="csv" data-testid="pad-share-csv">${t("pad.download_csv")}</button>
    <button type="button" class="btn" data-pad-share="print" data-testid="pad-share-print">${t("pad.print")}</button>
    <button type="button" class="btn" data-pad-share="close" data-testid="pad-share-close">${t("pad.back_to_entry")}</button>
  </div>`;
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileName = (ext) => `joker-pad-${new Date().toISOString().slice(0, 10)}.${ext}`;

// One of the share choices; returns the note to show.
export async function runShare(how, ctx) {
  const sh = P.sheet;
  if (!sh) return;
  let note = null;
  try {
    if (how === "share") {
      await navigator.share({ title: title(sh), text: sheetText(sh) });
    } else if (how === "copy") {
      await navigator.clipboard.writeText(sheetText(sh));
      note = "pad.copied";
    } else if (how === "txt") {
      download(fileName("txt"), sheetText(sh), "text/plain;charset=utf-8");
    } else if (how === "csv") {
      download(fileName("csv"), "\ufeff" + sheetCsv(sh), "text/csv;charset=utf-8");
    } else if (how === "print") {
      window.print();
    } else {
      P.sharing = false;
    }
  } catch (e) {
    if (e && e.name === "AbortError") return;   // the share sheet was closed
    note = how === "copy" ? "pad.copy_failed" : "pad.share_failed";
  }
  P.note = note;
  ctx.render();
}

export const exportButtons = { padShare: (how, ctx) => runShare(how, ctx) };

// A peek at the last trick taken (the ↶ button, or a tap on the trick area): who played what,
// what each joker said, who took it.
import { t } from "./i18n.js";
import { cardLabel, faceHtml } from "./cards.js";
import { $ } from "./dom.js";
import { html, raw } from "./html.js";
import { S } from "./state.js";
import { saidText } from "./status.js";
import { defineDialog, openDialog, closeButton } from "./dialogs.js";

const SPOT = ["bottom", "left", "top", "right"];

export function openLast() {
  const v = S.view;
  const lt = v && v.last_trick;
  if (!lt) return;
  const prevDeal = !(v.tricks || []).length && v.phase !== "over";
  const cards = lt.plays.map((pl) => {
    const c = pl.card;
    const said = saidText(pl.play);
    const name = t("name." + pl.seat);
    return html`<div class="peek-spot ${SPOT[pl.seat]} ${pl.seat === lt.winner ? "won" : ""}" data-testid="last-card" data-seat="${pl.seat}" data-card="${c}">` +
      html`<div class="card faceup" role="img" aria-label="${`${name}: ${cardLabel(c)} ${said}`.trim()}">${raw(faceHtml(c))}</div>` +
      html`<span class="who">${name}${said ? ` · ${said}` : ""}</span></div>`;
  }).join("");
  const won = lt.winner === 0 ? t("last.won_you") : t("last.won", { name: t("name." + lt.winner) });
  openDialog("last", html`<header><h2>${t("last.title")}</h2>${closeButton()}</header>` +
    html`<div class="body"><div class="peek" data-testid="last-trick" data-winner="${lt.winner}">${raw(cards)}</div>` +
    html`<p class="peek-note" data-testid="last-winner">${won}${prevDeal ? " · " + t("last.prev_deal") : ""}</p></div>`,
    { label: t("last.title") });
}

defineDialog("last", { open: openLast });

export function bindLast() { $("#last-button").addEventListener("click", openLast); }

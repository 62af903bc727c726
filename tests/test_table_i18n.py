"""The translation catalogues (static/locale/*.po): counted strings in every language, as gettext's
Plural-Forms formula chooses them and as the page does with Intl.PluralRules.

Every counted string (a msgid_plural, chosen by {n}) is rendered for n = 0, 1, 2, 5, 21 in ru, en
and ka; the listing is written to test-results/plurals.txt for a person to read.
"""
from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tools.build.i18n import LANGS, Entry, compile_catalogs, header, parse_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "static" / "locale"
SAMPLES = (0, 1, 2, 5, 21)
PARAMS = {"name": "Nino", "scores": "120, −40", "taken": 2, "bid": 3,
          # the coach's counted strings (issue 13)
          "suit": "♠", "card": "A♠", "rank": 1, "best": 150, "day": "2026-03-01", "place": 1}


def catalogue(lang: str) -> tuple[list[Entry], Callable[[int], int]]:
    entries = parse_po((LOCALE / f"{lang}.po").read_text(encoding="utf-8"), f"{lang}.po")
    formula = re.search(r"plural\s*=\s*(.+?);?\s*$", header(entries)["Plural-Forms"])
    assert formula, lang
    return entries, gettext.c2py(formula.group(1))  # type: ignore[attr-defined]


def fill(text: str, n: int) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(n if m.group(1) == "n" else PARAMS[m.group(1)]), text)


def rendered_by_gettext() -> dict[str, dict[str, dict[int, str]]]:
    """lang -> key -> n -> text, forms chosen by each catalogue's Plural-Forms formula."""
    out: dict[str, dict[str, dict[int, str]]] = {}
    for lang in LANGS:
        entries, plural = catalogue(lang)
        out[lang] = {e.ctxt: {n: fill(e.msgstr[plural(n)], n) for n in SAMPLES}
                     for e in entries if e.ctxt and e.msgid_plural is not None}
    return out


def test_counted_strings_are_plural_entries_with_every_form() -> None:
    compile_catalogs(LOCALE)  # refuses {n} outside a plural entry, missing forms, stray placeholders
    want = {"ru": 3, "en": 2, "ka": 1}  # ka: a noun after a numeral stays singular
    for lang in LANGS:
        entries, plural = catalogue(lang)
        counted = [e for e in entries if e.msgid_plural is not None]
        assert counted, lang
        for e in counted:
            assert len(e.msgstr) == want[lang], (lang, e.ctxt)
        assert {plural(n) for n in range(200)} == set(range(want[lang])), lang


def test_counted_strings_for_0_1_2_5_21() -> None:
    texts = rendered_by_gettext()
    assert texts["en"]["bar.cards"] == {0: "0 cards", 1: "1 card", 2: "2 cards", 5: "5 cards", 21: "21 cards"}
    assert texts["ru"]["bar.cards"] == {0: "0 карт", 1: "1 карта", 2: "2 карты", 5: "5 карт", 21: "21 карта"}
    assert texts["ka"]["bar.cards"] == {n: f"{n} კარტი" for n in SAMPLES}
    assert texts["ru"]["a11y.seat"][21] == "Nino: 21 очко" and texts["ru"]["a11y.seat"][5] == "Nino: 5 очков"
    for lang in LANGS:
        for key, by_n in texts[lang].items():
            for n, text in by_n.items():
                assert "{" not in text, (lang, key, n)
                if n != 1:
                    assert str(n) in text, (lang, key, n, text)
            if lang == "en":  # never "1 cards": the n = 1 form is the singular one
                assert not re.search(r"\b1 \w+s\b", by_n[1]), (key, by_n[1])


def test_the_page_picks_the_same_forms(page: Any, base_url: str) -> None:
    """The page's t() (Intl.PluralRules + X-Plural-Categories) agrees with Plural-Forms for every
    n from 0 to 200 and renders every counted string exactly as gettext would."""
    page.goto(f"{base_url}?pace=fast")
    page.wait_for_selector("html[data-ui=ready]", state="attached")
    expected = rendered_by_gettext()
    keys = sorted(expected["en"])
    got = page.evaluate("""async ([keys, samples, params]) => {
      const i18n = await import(new URL('js/i18n.js', location.href).href);
      const out = {};
      for (const lang of ['ru', 'en', 'ka']) {
        i18n.setLang(lang);
        out[lang] = {};
        for (const key of keys) {
          out[lang][key] = {};
          for (const n of samples) out[lang][key][n] = i18n.t(key, { ...params, n });
        }
      }
      i18n.setLang('en');
      return out;
    }""", [keys, list(SAMPLES), PARAMS])
    listing = []
    for lang in LANGS:
        for key in keys:
            for n in SAMPLES:
                assert got[lang][key][str(n)] == expected[lang][key][n], (lang, key, n)
                listing.append(f"{lang}  {key:<20} {n:>3}  {got[lang][key][str(n)]}")
    out = ROOT / "test-results"
    out.mkdir(exist_ok=True)
    (out / "plurals.txt").write_text("\n".join(listing) + "\n", encoding="utf-8")
    # the category of every n from 0 to 200, per language, against the gettext formula
    cats = page.evaluate("""() => Object.fromEntries(['ru', 'en', 'ka'].map((lang) => {
      const r = new Intl.PluralRules(lang);
      return [lang, Array.from({ length: 201 }, (_, n) => r.select(n))];
    }))""")
    for lang in LANGS:
        entries, plural = catalogue(lang)
        order = header(entries)["X-Plural-Categories"].split()
        for n in range(201):
            cat = cats[lang][n]
            index = order.index(cat if cat in order else "other")
            assert index == plural(n), (lang, n, cat)


@pytest.mark.parametrize("lang", LANGS)
def test_catalogues_are_valid_po(lang: str) -> None:
    """What msgfmt would check: a header with charset and plural forms, no duplicate keys, every
    python-brace-format entry flagged."""
    entries = parse_po((LOCALE / f"{lang}.po").read_text(encoding="utf-8"))
    head = header(entries)
    assert head["Language"] == lang and "charset=UTF-8" in head["Content-Type"]
    keys = [e.ctxt for e in entries if e.ctxt]
    assert len(keys) == len(set(keys))
    for e in entries:
        if e.ctxt and "{" in e.msgid + (e.msgid_plural or ""):
            assert "python-brace-format" in e.flags, (lang, e.ctxt)


#: Every control and choice the app guide our players know (seed 001) names, with the Russian name it
#: gives: those names stay (a faster or extra control goes beside one, never instead of it).
GUIDE_NAMES_RU = {
    "level.easy": "Лёгкий", "level.medium": "Средний", "level.hard": "Сложный", "level.insane": "Безумный",
    "mode.full": "Полная игра", "mode.nines": "Девятки",
    "opt.premium.georgian": "Грузинская", "opt.premium.bonus": "Только бонус",
    "settings.play": "ИГРАТЬ", "settings.continue": "ПРОДОЛЖИТЬ", "trump.none": "БЕЗ КОЗЫРЯ",
    "bid.bid": "ЗАКАЗ", "bid.pass": "ПАС",
    "joker.want": "ХОЧУ", "joker.under": "ПОД", "joker.take": "ЗАБИРАЮ", "joker.back": "НАЗАД",
    "summary.next": "ДАЛЬШЕ", "menu.pause": "Пауза", "menu.new": "Новая игра",
}


def test_the_guide_s_controls_keep_their_russian_names() -> None:
    entries, _ = catalogue("ru")
    ru = {e.ctxt: e.msgstr[0] for e in entries if e.ctxt}
    assert {key: ru.get(key) for key in GUIDE_NAMES_RU} == GUIDE_NAMES_RU

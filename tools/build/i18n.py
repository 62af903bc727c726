"""Translation catalogues: gettext ``.po`` files compiled to the JSON the page loads.

Every user-visible string lives in ``static/locale/<lang>.po`` (ru, en, ka), in the format
translation tools know: ``msgctxt`` is the key the code uses (``"bar.cards"``), ``msgid`` the
English source text, ``msgstr`` the translation; a counted string has ``msgid_plural`` and one
``msgstr[i]`` per plural form of the language (its ``Plural-Forms`` header).  Placeholders are
``{name}`` (``#, python-brace-format``); ``{n}`` is always a count, and a string with ``{n}``
is always a plural entry (ordinals are ``{no}``), so no "1 cards" can hide in a catalogue.

The page picks a plural form with ``Intl.PluralRules``, which names CLDR categories, not gettext
indices, so each catalogue says which category each form is for in an ``X-Plural-Categories``
header (ru ``one few many``, en ``one other``, ka ``other``); the browser suite checks that this
agrees with the ``Plural-Forms`` formula for every n from 0 to 200.

The compiled document is ``{"langs": [...], "strings": {lang: {key: text | {category: text}}}}``.
Standard library only.
"""
from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

LANGS = ("ru", "en", "ka")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass
class Entry:
    """One message of a catalogue."""

    ctxt: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    line: int = 0


def _unquote(text: str, where: str) -> str:
    if not (len(text) >= 2 and text[0] == '"' and text[-1] == '"'):
        raise ValueError(f"{where}: expected a quoted string, got {text!r}")
    return str(ast.literal_eval(text))  # C-like escapes (\n, \", \\, \t) read as Python reads them


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a .po file (the header is the entry whose msgid is empty)."""
    entries: list[Entry] = []
    cur: Entry | None = None
    last = ""  # the field a bare "..." line continues
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{no}"
        m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$', line)
        if not line:
            continue
        if line.startswith("#") or (m and m.group(1) in ("msgctxt", "msgid") and (cur is None or cur.msgstr)):
            if cur is None or cur.msgstr:  # the previous entry is complete: this one begins
                cur = Entry(line=no)
                entries.append(cur)
                last = ""
            if line.startswith("#,"):
                cur.flags += [f.strip() for f in line[2:].split(",") if f.strip()]
            if line.startswith("#"):
                continue
        if m and cur is not None:
            key, index, value = m.group(1), m.group(2), _unquote(m.group(3), where)
            if key == "msgctxt":
                cur.ctxt = value
            elif key == "msgid":
                cur.msgid = value
            elif key == "msgid_plural":
                cur.msgid_plural = value
            else:
                cur.msgstr[int(index or 0)] = value
            last = key if key.startswith("msgstr[") or not key.startswith("msgstr") else "msgstr[0]"
            continue
        if line.startswith('"') and cur is not None and last:
            value = _unquote(line, where)
            if last == "msgctxt":
                cur.ctxt = (cur.ctxt or "") + value
            elif last == "msgid":
                cur.msgid += value
            elif last == "msgid_plural":
                cur.msgid_plural = (cur.msgid_plural or "") + value
            else:
                cur.msgstr[int(last[7:-1])] += value
            continue
        raise ValueError(f"{where}: cannot read {raw!r}")
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    """The header fields (``Language``, ``Plural-Forms``, ...) of a parsed catalogue."""
    for e in entries:
        if e.msgid == "" and e.ctxt is None:
            fields = {}
            for line in e.msgstr.get(0, "").splitlines():
                key, sep, value = line.partition(":")
                if sep:
                    fields[key.strip()] = value.strip()
            return fields
    raise ValueError("the catalogue has no header")


def nplurals(head: dict[str, str]) -> int:
    m = re.search(r"nplurals\s*=\s*(\d+)", head.get("Plural-Forms", ""))
    if not m:
        raise ValueError("the header has no Plural-Forms: nplurals=N; plural=...")
    return int(m.group(1))


def messages(entries: list[Entry], name: str = "<po>") -> dict[str, str | dict[str, str]]:
    """key -> text, or {CLDR category -> text} for a counted string, checked."""
    head = header(entries)
    n = nplurals(head)
    categories = head.get("X-Plural-Categories", "").split()
    if len(categories) != n:
        raise ValueError(f"{name}: X-Plural-Categories must name {n} categories, got {categories}")
    out: dict[str, str | dict[str, str]] = {}
    for e in entries:
        if e.ctxt is None:
            continue
        where = f"{name}:{e.line} ({e.ctxt})"
        if e.ctxt in out:
            raise ValueError(f"{where}: the key appears twice")
        wanted = sorted(PLACEHOLDER.findall(e.msgid))
        if e.msgid_plural is None:
            if "n" in wanted:
                raise ValueError(f"{where}: {{n}} is a count: give it a msgid_plural and plural forms")
            text = e.msgstr.get(0) or e.msgid
            if sorted(PLACEHOLDER.findall(text)) != wanted:
                raise ValueError(f"{where}: the placeholders differ from the English text's")
            out[e.ctxt] = text
            continue
        wanted = sorted(set(wanted) | set(PLACEHOLDER.findall(e.msgid_plural)))
        if "n" not in wanted:
            raise ValueError(f"{where}: a counted string needs {{n}}")
        if sorted(e.msgstr) != list(range(n)):
            raise ValueError(f"{where}: needs msgstr[0]..msgstr[{n - 1}] (nplurals={n})")
        forms = {}
        for i, cat in enumerate(categories):
            text = e.msgstr[i] or (e.msgid if i == 0 else e.msgid_plural or "")
            if not set(PLACEHOLDER.findall(text)) <= set(wanted):
                raise ValueError(f"{where}: form {i} uses a placeholder the English text does not have")
            forms[cat] = text
        out[e.ctxt] = forms
    return out


def compile_catalogs(locale: Path) -> dict[str, object]:
    """Every static/locale/<lang>.po into one document; all languages must have the same keys."""
    strings = {}
    for lang in LANGS:
        path = locale / f"{lang}.po"
        strings[lang] = messages(parse_po(path.read_text(encoding="utf-8"), path.name), path.name)
    keys = set(strings["en"])
    for lang in LANGS:
        if set(strings[lang]) != keys:
            missing, extra = sorted(keys - set(strings[lang])), sorted(set(strings[lang]) - keys)
            raise ValueError(f"{lang}.po: missing {missing}, not in en.po {extra}")
    return {"langs": list(LANGS), "strings": strings}


def catalog_json(locale: Path) -> bytes:
    return json.dumps(compile_catalogs(locale), ensure_ascii=False, separators=(",", ":")).encode("utf-8")

"""The rules-text audit: how many rendered texts read as printed rules, per language.

Run: python bench/text_audit.py [--list awkward|wrong|stale]

Every rendered text (the bundled skills and cards, tests/dsl/golden/texts/<lang>.txt, and
the corpora's skills, corpus-<lang>.txt) was read by a rules editor of its language and
given a verdict, kept in bench/text_audit.tsv, one row per text and language:

    id  lang  text_sha1  before  after  note

``before`` is the verdict on the text as it was rendered before the audit's fixes,
``after`` the verdict on the text whose SHA-1 (first 10 hex digits) is ``text_sha1``;
each verdict is ``right`` (reads as a printed rules text would), ``awkward`` (the rule is
right, the text reads as generated) or ``wrong`` (ungrammatical, or says another rule),
and ``note`` says what is awkward or wrong (or what the fixes changed). A text whose
current rendering no longer has the audited SHA-1 is *stale*: its verdict is not counted
until someone reads it again and updates the row. A text with no row is *unread*.

The script prints, per language, the texts read, right before and after, and the share
of right texts after among all the texts the golden files pin now.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
AUDIT = ROOT / "bench" / "text_audit.tsv"
TEXTS = ROOT / "tests" / "dsl" / "golden" / "texts"
LANGS = ("en", "zh", "ko")
VERDICTS = ("right", "awkward", "wrong")


class Row(NamedTuple):
    ident: str
    lang: str
    sha: str
    before: str
    after: str
    note: str


def sha(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


def read_audit(path: Path = AUDIT) -> list[Row]:
    """The audit's rows; a malformed row is a ValueError naming its line."""
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 6:
            raise ValueError(f"{path.name}:{n}: 6 tab-separated fields expected")
        row = Row(*parts)
        if row.lang not in LANGS or row.before not in VERDICTS or row.after not in VERDICTS:
            raise ValueError(f"{path.name}:{n}: unknown language or verdict")
        if row.after != "right" and not row.note:
            raise ValueError(f"{path.name}:{n}: an {row.after} text needs a note")
        rows.append(row)
    return rows


def current_texts(lang: str, texts: Path = TEXTS) -> dict[str, str]:
    out = {}
    for name in (f"{lang}.txt", f"corpus-{lang}.txt"):
        for line in (texts / name).read_text(encoding="utf-8").splitlines():
            ident, _, text = line.partition("\t")
            out[ident] = text
    return out


class Summary(NamedTuple):
    texts: int  # texts the golden files pin now
    read: int  # of which audited, with the audited text unchanged
    stale: list[str]
    unread: list[str]
    right_before: int
    right_after: int


def summarise(rows: list[Row], lang: str, texts: dict[str, str]) -> Summary:
    mine = {r.ident: r for r in rows if r.lang == lang}
    stale = sorted(i for i, t in texts.items() if i in mine and mine[i].sha != sha(t))
    unread = sorted(i for i in texts if i not in mine)
    fresh = [mine[i] for i in texts if i in mine and i not in stale]
    return Summary(len(texts), len(fresh), stale, unread,
                   sum(r.before == "right" for r in fresh),
                   sum(r.after == "right" for r in fresh))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", choices=("awkward", "wrong", "stale"),
                    help="also list the texts with this verdict (after), or the stale ones")
    args = ap.parse_args()
    rows = read_audit()
    for lang in LANGS:
        texts = current_texts(lang)
        parts = {"all": texts,
                 "bundled": {i: t for i, t in texts.items() if "/" not in i},
                 "corpora": {i: t for i, t in texts.items() if "/" in i}}
        for part, some in parts.items():
            s = summarise(rows, lang, some)
            print(f"{lang} {part:8s}: {s.texts} texts, {s.read} read; right before "
                  f"{s.right_before} ({100 * s.right_before / s.texts:.1f}%), after "
                  f"{s.right_after} ({100 * s.right_after / s.texts:.1f}%); stale "
                  f"{len(s.stale)}, unread {len(s.unread)}")
        s = summarise(rows, lang, texts)
        if args.list == "stale":
            for ident in s.stale + s.unread:
                print(f"  {ident}\t{texts[ident]}")
        elif args.list:
            for r in rows:
                if r.lang == lang and r.after == args.list and r.ident in texts:
                    print(f"  {r.ident}\t{r.note}\n    {texts[r.ident]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

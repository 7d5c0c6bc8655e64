"""The rules for players: one document per game and language, ``<game>.<lang>.md`` beside this module
(or in the folder a game's client descriptor names as its ``rulebook``).

(The developers' rulings stay in ``game/rules/<game>/RULES.md``; these documents explain the games to players.)

A document is a small subset of Markdown, read by :func:`parse`:

* ``## Title {#id}`` starts a section.  Section ids are the same in every language
  (``goal``, ``components``, ``turn``, ``scoring``, ``example`` ...), so that the rules screen can
  open at the one that matters (the game's client's ``pause_section``);
* ``### Title`` is a sub-heading, ``- text`` a list item, other lines a paragraph (a blank line ends
  it); ``**text**`` is bold;
* ``!pictures H key key ...`` is a row of asset images (keys of ``assets/manifest.toml``), each
  scaled to ``H`` pixels high;
* ``!name ARG`` is a directive of the game's own (its client's ``rulebook_blocks``, see
  :mod:`game.client.games`; Ratjack's ``!abilities FAMILY`` and ``!tokens``); another is an error.

:func:`load` returns the parsed document (``None`` if there is none for that game).
"""

from __future__ import annotations

import importlib.resources
import re
from collections.abc import Collection
from dataclasses import dataclass, field

DOCS = importlib.resources.files(__name__)
_HEADING = re.compile(r"^(#{2,3})\s+(.*?)\s*(?:\{#([\w-]+)\})?\s*$")


@dataclass
class Block:
    """One piece of a section.

    ``kind`` is ``heading`` / ``paragraph`` / ``item`` (``text``), ``pictures`` (``keys`` at
    ``height`` px), ``abilities`` (``arg`` = the card family) or ``tokens``.
    """

    kind: str
    text: str = ""
    keys: tuple[str, ...] = ()
    height: int = 0
    arg: str = ""


@dataclass
class Section:
    id: str
    title: str
    blocks: list[Block] = field(default_factory=list)


@dataclass
class Rulebook:
    game: str
    lang: str
    sections: list[Section]

    def ids(self) -> list[str]:
        return [s.id for s in self.sections]

    def section(self, section_id: str) -> Section | None:
        return next((s for s in self.sections if s.id == section_id), None)


def _directive(line: str, directives: Collection[str]) -> Block:
    name, *args = line[1:].split()
    if name == "pictures":
        if not args or not args[0].isdigit():
            raise ValueError(f"!pictures needs a height then asset keys: {line!r}")
        return Block("pictures", keys=tuple(args[1:]), height=int(args[0]))
    if name in directives:
        return Block(name, arg=" ".join(args))
    raise ValueError(f"unknown rules directive {line!r}")


def parse(text: str, directives: Collection[str] = ()) -> list[Section]:
    """The sections of a rules document (``ValueError`` on a bad directive or text before a section)."""
    sections: list[Section] = []
    para: list[str] | None = None

    def flush() -> None:
        nonlocal para
        if para:
            sections[-1].blocks.append(Block(para[0], text=join_lines(para[1:])))
        para = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("<!--"):
            flush()
            continue
        heading = _HEADING.match(line)
        if heading and len(heading.group(1)) == 2:
            flush()
            title = heading.group(2)
            sections.append(Section(heading.group(3) or f"s{len(sections)}", title))
            continue
        if not sections:
            raise ValueError(f"text before the first section: {line!r}")
        if heading:
            flush()
            sections[-1].blocks.append(Block("heading", text=heading.group(2)))
        elif line.startswith("!"):
            flush()
            sections[-1].blocks.append(_directive(line, directives))
        elif line.startswith("- "):
            flush()
            para = ["item", line[2:].strip()]
        elif para is not None:
            para.append(line)
        else:
            para = ["paragraph", line]
    flush()
    return sections


def _cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def join_lines(lines: list[str]) -> str:
    """Hard-wrapped lines as one paragraph: a space between words, none between Japanese characters."""
    out = ""
    for line in lines:
        if out and not (_cjk(out[-1]) and _cjk(line[0])):
            out += " "
        out += line
    return out


def load(game: str, lang: str) -> Rulebook | None:
    """The rules of ``game`` in ``lang`` (English if that language has none; ``None`` if neither);
    from this folder, or the one the game's client descriptor names as its ``rulebook``."""
    from ..games import client_for

    client = client_for(game)
    folder = client.rulebook if client is not None and client.rulebook is not None else DOCS
    for code in dict.fromkeys((lang, "en")):
        try:
            text = (folder / f"{game}.{code}.md").read_text(encoding="utf-8")
        except OSError:
            continue
        return Rulebook(game, code, parse(text, client.rulebook_blocks if client else ()))
    return None


def spans(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into (piece, bold) runs at its ``**`` marks."""
    return [(piece, i % 2 == 1) for i, piece in enumerate(text.split("**")) if piece]

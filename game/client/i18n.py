"""Every string the client shows goes through one table: ``t(key, **fmt)``.

The tables live in ``game/client/i18n/<lang>.toml`` (``en`` and ``ja``), plus one
file per game table, ``<lang>.<game>.toml``, merged into it (and ``<lang>.toml`` of the folder a
game's client descriptor names as its ``texts``); nested TOML tables flatten to dotted keys
(``[menu] play = "Play"`` -> ``menu.play``).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

LANGUAGES = ("en", "ja")
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
_DIR = Path(__file__).with_name("i18n")
_tables: dict[str, dict[str, str]] = {}
_current = "en"


def _flatten(data: dict, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out


def table(lang: str) -> dict[str, str]:
    """The flattened string table of ``lang`` (loaded once)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    if lang not in _tables:
        merged: dict[str, str] = {}
        from .games import clients

        folders = [c.texts for c in clients().values() if c.texts is not None]
        for path in [_DIR / f"{lang}.toml", *sorted(_DIR.glob(f"{lang}.*.toml"))] + [
            folder / f"{lang}.toml" for folder in folders
        ]:
            with open(path, "rb") as f:
                merged.update(_flatten(tomllib.load(f)))
        _tables[lang] = merged
    return _tables[lang]


def forget() -> None:
    """Read the tables again on next use (the games' descriptors changed)."""
    _tables.clear()


def set_language(lang: str) -> None:
    """Switch every later ``t()`` call to ``lang``."""
    global _current
    table(lang)
    _current = lang


def language() -> str:
    return _current


def tn(key: str, count: int, **fmt) -> str:
    """``t(key)`` for a number of things: ``<key>_one`` when ``count`` is 1 ("1 marker", "3 markers").

    ``count`` is passed on as the ``count`` placeholder.
    """
    one = f"{key}_one"
    return t(one if count == 1 and one in table("en") else key, count=count, **fmt)


def join(items) -> str:
    """Names listed in the current language ("A, B" / "A、B")."""
    return t("list.sep").join(items)


def continue_label(game: str) -> str:
    """The title screen's button that resumes the saved game of ``game`` ("Continue Ratjack"); texts
    that send the player to it name it as it reads."""
    return t("title.continue_game", game=t(f"game.{game}.title"))


class You(str):
    """The name of the player at the screen as a sentence's subject ("You", or "Player 1 (you)" in
    the log; made by ``GameScene.subject`` and ``TableScene.log_name``).  Given as ``name``,
    :func:`t` uses the key's second-person form ``<key>_2nd`` where the current language has one
    ("You draw a card", not "Player 1 (you) draws a card"; "You win", not "You wins"); a language
    whose verbs do not change with the person (Japanese) has none, and the name stands."""


def t(key: str, **fmt) -> str:
    """The text for ``key`` in the current language, formatted with ``fmt``.

    A key missing from the current table falls back to English, then to the key
    itself, so a missing string is visible but never crashes the client.
    """
    if isinstance(fmt.get("name"), You) and f"{key}_2nd" in table(_current):
        key = f"{key}_2nd"
    text = table(_current).get(key)
    if text is None:
        text = table("en").get(key, key)
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text
    return text

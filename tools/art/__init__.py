"""Procedural art and sound generators used by ``python -m tools.build_assets``.

A game's art is ``tools/art/<game>.py``: its ``specs()`` (the assets it adds to the manifest), its
colour ``HUE`` and ``thumbnail_art(surface)``, the picture of its game-choice thumbnail (drawn by
:mod:`tools.art.ui`).  :func:`game_art` finds them for the games of ``game.rules.GAMES``.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def game_art() -> dict[str, ModuleType]:
    """The art module of every game of ``game.rules.GAMES`` that has one, in the registry's order."""
    from game.rules import GAMES

    found = {}
    for name in GAMES:
        path = f"{__name__}.{name}"
        try:
            found[name] = importlib.import_module(path)
        except ModuleNotFoundError as exc:
            if exc.name != path:
                raise
    return found

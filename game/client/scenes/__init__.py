"""Game tables, one package or module per game; they are opened by name through
:mod:`game.client.registry` (``"table.<game>"``).

``SCENES`` lists the games that have a table (kept for the command line)."""

from __future__ import annotations

from ..registry import TABLES, open_game

SCENES = TABLES

__all__ = ["SCENES", "open_game"]

"""Game tables, one package per game, each with its client descriptor ``CLIENT``
(:mod:`game.client.games`); they are opened by name through :mod:`game.client.registry`
(``"table.<game>"``)."""

from __future__ import annotations

from ..registry import open_game, tables

__all__ = ["open_game", "tables"]

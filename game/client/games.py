"""What the shared screens know of each game: one :class:`GameClient` per game, found from the rules.

A game's client package ``game/client/scenes/<game>/__init__.py`` (or the module its ``GameInfo``
names as ``client_module``) defines ``CLIENT`` (and
nothing heavy: its table class is named, not imported, so a menu that reads a descriptor never
loads a table).  :func:`clients` finds them for every game of ``game.rules.GAMES`` that has one,
in the rules registry's order; menus, the rulebook, the replay graph and the illegal-move texts
read these descriptors and never name a game themselves.  Adding a game to the client is adding
its package (see ``docs/adding-a-game.md``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = "game.client.scenes"


@dataclass(frozen=True)
class GameClient:
    """One game's facts for the client's shared screens (every field but the first two optional).

    ``scene``: its table, ``"module:Class"`` (imported when a table opens).
    ``pause_section``: the rulebook section the pause menu's **Rules** opens at.
    ``illegal``: ``(pattern, kind)`` pairs recognising the engine's English reasons for a refused
    move; ``illegal.<game>.<kind>`` says it in the player's language (see :mod:`game.client.illegal`).
    ``score_key``: how the results screen counts a score (``results.points`` or ``results.vp``).
    ``option_values(name, option)``, ``option_label(name, value)``, ``option_about(name, value)``:
    the setup screen's choices for a rules option, how a value reads, and the line under it, where
    the generic ones (the engine's choices, ``option.<game>.<name>.<value>``) do not do (``None``:
    the generic one).  ``colours``: the players' colours as the table shows them (the replay graph);
    ``colour_names(players)``: their names where the log names players by colour.
    ``rulebook_blocks``: the rules screen's game-specific directives (``!abilities rat``), each a
    function ``(screen, block)`` drawing it.
    ``texts`` and ``rulebook``: for a game whose files are not the client's own (a plug-in, the
    tests' fourth game), the folder of its texts, ``<lang>.toml`` (merged into
    :mod:`game.client.i18n`'s tables, as ``i18n/<lang>.<game>.toml`` are), and of its player rules,
    ``<game>.<lang>.md`` (as in :mod:`game.client.rulebook`'s own folder).
    """

    name: str
    scene: str
    pause_section: str | None = None
    illegal: tuple[tuple[str, str], ...] = ()
    score_key: str = "results.points"
    option_values: Callable[[str, object], list | None] | None = None
    option_label: Callable[[str, object], str | None] | None = None
    option_about: Callable[[str, object], str | None] | None = None
    colours: tuple[tuple[int, int, int], ...] | None = None
    colour_names: Callable[[int], list[str]] | None = None
    rulebook_blocks: dict[str, Callable] = field(default_factory=dict)
    texts: Path | None = None
    rulebook: Path | None = None

    def scene_class(self):
        module, _, attr = self.scene.partition(":")
        return getattr(importlib.import_module(module), attr)


_clients: dict[str, GameClient] | None = None


def clients() -> dict[str, GameClient]:
    """Every game the client can show, by name, in the rules registry's order."""
    global _clients
    if _clients is None:
        from game.rules import GAMES

        found = {}
        for name, info in GAMES.items():
            path = info.client_module or f"{PACKAGE}.{name}"
            try:
                module = importlib.import_module(path)
            except ModuleNotFoundError as exc:
                if exc.name != path:
                    raise
                continue  # a game without a table yet (its engine may already be playable by bots)
            client = getattr(module, "CLIENT", None)
            if isinstance(client, GameClient):
                found[name] = client
        _clients = found
    return _clients


def client_for(game: str | None) -> GameClient | None:
    """``game``'s descriptor (``None`` if the client cannot show it)."""
    return clients().get(game) if game is not None else None


def forget() -> None:
    """Find the descriptors again on next use, and the texts with them (a game registered or
    unregistered since, in a test)."""
    global _clients
    _clients = None
    from . import i18n

    i18n.forget()

"""High Card, a fourth game that lives in the tests only: issue 31's proof that a game plugs in
through its descriptors, with no edit to a shared module.

* ``rules.py``: the engine (hidden hands, a shuffled deck, 2 or 3 players); ``INFO`` below is its
  :class:`~game.rules.GameInfo`, which names the modules of its other layers;
* ``bots.py``: its bots' hooks and MCTS tuning (``GameInfo.bots_module``);
* ``client.py``: its :class:`~game.client.games.GameClient` (``GameInfo.client_module``), with its
  texts and rules in ``files/``; ``table.py``: its table.

Nothing registers it on import: :func:`installed` does, for the length of a test, so the rest of
the suite and the product never see it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from game.rules import GameInfo, Option, register, unregister

from .rules import NAME, HighCardState, Play

INFO = GameInfo(
    name=NAME,
    title="High Card",
    title_ja="ハイカード",
    min_players=2,
    max_players=3,
    options={"hand": Option("hand", 3, "cards dealt to each player (2-4)", choices=(2, 3, 4))},
    state_class=HighCardState,
    action_class=Play,
    description="Play a card each; the highest takes the trick.",
    undo_barriers=frozenset({"trick_taken"}),
    client_module="tests.fourth_game.client",
    bots_module="tests.fourth_game.bots",
)


def _forget_descriptors() -> None:
    """The client reads its descriptors (and their texts) once: read them again."""
    games = sys.modules.get("game.client.games")
    if games is not None:
        games.forget()


@contextmanager
def installed() -> Iterator[GameInfo]:
    """High Card registered (after the three games) for the ``with`` block, then forgotten."""
    register(INFO)
    _forget_descriptors()
    try:
        yield INFO
    finally:
        unregister(NAME)
        _forget_descriptors()

"""Hacktrick: cards 0–5 and the 3x3 magic square (tic-tac-toe in disguise).

Rules: ``game/rules/hacktrick/RULES.md``.  Where each rule lives (the same skeleton as
every engine, ``docs/engine-api.md``):

* ``actions.py`` – the action type and its JSON;
* ``state.py`` – the state, ``legal_actions``, ``apply`` (opening, Ask the Sum,
  play/draw, declarations, winning a hand), ``clone`` and the save format;
* ``views.py`` – what each player may see (``view()`` and its helpers);
* ``hidden.py`` – determinization (the opponent's hand and the deck order);
* ``board.py`` – the magic square and its eight lines;
* ``equipment.py`` – the 18 data cards and the markers' places.
"""

from ..core import GameInfo, Option, check_int_option, register
from .actions import Action
from .board import LINES, SQUARE
from .state import HacktrickState


def _check_target(value: object) -> int:
    return check_int_option("target", value, 1, 9)


INFO = register(
    GameInfo(
        name="hacktrick",
        title="Hacktrick",
        title_ja="ハックトリック",
        min_players=2,
        max_players=2,
        options={
            "target": Option(
                "target",
                5,
                "points needed to win the game (1-9)",
                choices=tuple(range(1, 10)),
                check=_check_target,
            )
        },
        order=1,
        state_class=HacktrickState,
        action_class=Action,
        description="Play cards 0-5 in a row; each pair names a cell of the magic square. "
        "Three in a line or three on a cell wins the hand.",
        undo_barriers=frozenset({"hand_won"}),
    )
)

__all__ = ["Action", "HacktrickState", "INFO", "LINES", "SQUARE"]

"""Ratjack: reach exactly 25 with your face-up cards and tokens, never more.

2-4 players; the draw deck is two of the four 12-card decks (option ``decks``).
Rules: ``game/rules/ratjack/RULES.md``.  Where each rule lives (the same skeleton as
every engine, ``docs/engine-api.md``):

* ``actions.py`` – the action type and its JSON;
* ``state.py`` – the state and its fields, ``legal_actions``, ``apply`` (setup,
  draw, play, abilities' steps, scoring and elimination), ``clone``, the save format;
* ``views.py`` – what each player may see (``view()``, its JSON helpers, the view and event types);
* ``hidden.py`` – determinization and a full state from a view (``sample_from_view``);
* ``cards.py`` – card ids, decks, token faces and what each face does to a value;
* ``abilities.py`` – the 36 abilities, each card's condition and effect next to its row;
* ``card_moves.py`` – moving cards (with who knows them); ``token_moves.py`` – moving tokens;
* ``positions.py`` – building a position from a readable description (tests, puzzles).
"""

from ..core import GameInfo, Option, register, typed_value
from .abilities import ABILITIES
from .actions import MAX_PLAYERS, Action
from .cards import DECKS, FACES, card_id, card_name
from .state import RatjackState

DEFAULT_DECKS = ("rat-red", "rat-blue")


def check_decks(value: object) -> str | tuple[str, ...]:
    """Normalise the ``decks`` option: two distinct deck names, or ``"random"``."""
    if value == "random":
        return "random"
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ValueError(
            f"option decks={typed_value(value)} is not allowed; give two distinct decks of "
            f"{', '.join(DECKS)} (e.g. rat-red,weasel) or random"
        )
    bad = [d for d in value if d not in DECKS]
    if bad:
        raise ValueError(f"option decks: unknown deck {typed_value(bad[0])}; decks: {', '.join(DECKS)}")
    if len(value) != 2 or value[0] == value[1]:
        raise ValueError(
            f"option decks={typed_value(value)} is not allowed; choose exactly two distinct decks "
            f"of {', '.join(DECKS)}, or random"
        )
    return tuple(value)


INFO = register(
    GameInfo(
        name="ratjack",
        title="Ratjack",
        title_ja="ラットジャック",
        min_players=2,
        max_players=MAX_PLAYERS,
        options={
            "decks": Option(
                "decks",
                DEFAULT_DECKS,
                "two distinct decks of rat-red, rat-blue, weasel, raccoon, or 'random'",
                check=check_decks,
            )
        },
        order=2,
        state_class=RatjackState,
        action_class=Action,
        description="Draw and place cards; face-up cards and bonus tokens add up. "
        "Reach exactly 25 to score, go over and you are out. First to 3 VP wins.",
        undo_barriers=frozenset({"round_ended"}),
    )
)

__all__ = [
    "ABILITIES",
    "Action",
    "DECKS",
    "FACES",
    "INFO",
    "RatjackState",
    "card_id",
    "card_name",
    "check_decks",
]

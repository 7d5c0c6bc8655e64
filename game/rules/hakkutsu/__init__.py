"""Hakkutsu!! (ハックツ!!): move over a 5x5 map, dig rocks, haul them to the base.

All content (cards, map, cart tracks) lives in ``cards.toml`` and is
validated at import; the rules as implemented are ``game/rules/hakkutsu/RULES.md``.

Where each rule lives (the same skeleton as every engine, ``docs/engine-api.md``):

* ``actions.py`` – the action type and its JSON;
* ``state.py`` – the state, ``legal_actions``, ``apply`` (setup, turns, rounds,
  the end of the game), ``clone`` and the save format;
* ``views.py`` – what each player may see (``view()`` and its helpers);
* ``hidden.py`` – determinization and the card/coin accounting check;
* ``data.py`` – loading and validating ``cards.toml``;
* ``board.py`` – the map and movement (reachable destinations);
* ``equipment.py`` – when each equipment card may be used and what it does;
* ``scoring.py`` – collection points and museum bonuses.
"""

from ..core import GameInfo, Option, check_int_option, register, typed_value
from .actions import Action
from .data import DATA, DataError, load_data
from .state import HakkutsuState

MAX_ROUNDS = 30
ROUND_CHOICES = (None, 4, 6, 8, 10, 12, 15, 20)  # offered by menus; any 1..MAX_ROUNDS is allowed


def _check_draft(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"option draft={typed_value(value)} is not allowed; choose true or false")
    return value


def _check_rounds(value: object) -> int | None:
    if value is None:
        return None
    return check_int_option(
        "rounds",
        value,
        1,
        MAX_ROUNDS,
        also=f"none (end when {DATA.end_empty_sites} sites are empty; the arranged game usually plays 12)",
    )


INFO = register(
    GameInfo(
        name="hakkutsu",
        title="Hakkutsu!!",
        title_ja="ハックツ!!",
        min_players=2,
        max_players=4,
        options={
            "mode": Option(
                "mode",
                "research",
                "research: top cards face up, cart face alpha; treasure: all face down, "
                "turned up on arrival, cart face beta",
                choices=("research", "treasure"),
            ),
            "draft": Option(
                "draft",
                False,
                "advanced setup: draft the museum cards (chosen cards are public)",
                choices=(False, True),
                check=_check_draft,
            ),
            "rounds": Option(
                "rounds",
                None,
                "none: the game ends at the end of a round with 12+ empty sites; "
                f"an integer 1-{MAX_ROUNDS}: the arranged game of that many rounds (usually 12)",
                choices=ROUND_CHOICES,
                check=_check_rounds,
            ),
        },
        order=3,
        state_class=HakkutsuState,
        action_class=Action,
        description="Move over the map, mine rocks with your coins, haul them to the base on your cart. "
        "Printed points, fossils squared and your museum's bonus decide.",
    )
)

__all__ = ["Action", "DATA", "DataError", "HakkutsuState", "INFO", "load_data"]

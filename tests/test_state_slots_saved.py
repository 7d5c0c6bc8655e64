"""Hacktrick's and Hakkutsu!!'s saves agree with their states' ``__slots__``: every slot is saved
(under its own name, or the one named here) or rebuilt on load, nothing is saved that no slot
holds, and a state loaded from its save has every slot set and saves the same text."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from game.rules import new_game, state_from_json
from game.rules.core import AnyState

#: Per game: the slots saved under another name, and those rebuilt on load from the rest.
ENGINES: dict[str, tuple[dict[str, str], set[str]]] = {
    "hacktrick": ({"_scores": "scores"}, set()),
    "hakkutsu": ({"_winners": "winners"}, {"after_steps", "track", "max_units"}),  # from the mode
}
#: Every save's header, which no slot holds; the legal moves' cache (GameState's), never saved.
HEADER, NOT_SAVED = {"game", "version"}, {"_legal_cache"}


def all_slots(state: AnyState) -> list[str]:
    """The state's slots, its engine's and :class:`~game.rules.core.GameState`'s."""
    return [s for cls in type(state).__mro__ for s in cls.__dict__.get("__slots__", ())]


def played(game: str, players: int, seed: int, **options: object) -> Iterator[AnyState]:
    """The states of a seeded random game, the first and the last among them."""
    state = new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    yield state
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("hacktrick", 2, {}),
        ("hakkutsu", 2, {}),
        ("hakkutsu", 3, {"mode": "treasure", "draft": True, "rounds": 4}),
    ],
)
def test_every_slot_is_saved_or_rebuilt_and_every_saved_key_is_a_slot(
    game: str, players: int, options: dict[str, object]
) -> None:
    renamed, rebuilt = ENGINES[game]
    for k, state in enumerate(played(game, players, seed=3, **options)):
        slots = all_slots(state)
        assert set(renamed) | rebuilt <= set(slots)  # this file's lists name real slots
        saved = state.to_json()
        assert set(saved) == {renamed.get(s, s) for s in slots if s not in rebuilt | NOT_SAVED} | HEADER
        text = json.dumps(saved)
        loaded = state_from_json(json.loads(text))
        assert [s for s in slots if not hasattr(loaded, s)] == [], k
        assert json.dumps(loaded.to_json()) == text, k

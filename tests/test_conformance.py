"""One conformance suite for every game of ``GAMES`` and every player count (the engine contract,
``docs/engine-api.md``), in the spirit of OpenSpiel's ``random_sim_test``.

Seeded random games are played to the end; along the way every action's ``str()`` and JSON
round-trip, ``clone()`` independence, ``to_json``/``state_from_json`` mid-game, views (JSON,
required keys, unchanged by resampling what the player has not seen), the refusal of illegal
actions (state unchanged) and, at the end, the replay of the record are checked.  Per-game test
files keep only what is specific to their rules.  Scale with ``TRIO_RANDOM_GAMES``.
"""

from __future__ import annotations

import json
import random

import pytest

from game.rules import (
    GAMES,
    GameRecord,
    IllegalAction,
    action_from_json,
    action_to_json,
    events_for,
    state_from_json,
)

from .conftest import RANDOM_GAMES

VIEW_KEYS = {"game", "player", "current_player", "scores", "terminal", "legal"}
VARIANTS = {"ratjack": [{"decks": ("weasel", "raccoon")}], "hakkutsu": [{"mode": "treasure", "draft": True}]}
CASES = [
    (name, players, {})
    for name, info in GAMES.items()
    for players in range(info.min_players, info.max_players + 1)
]
CASES += [
    (name, info.max_players, options) for name, info in GAMES.items() for options in VARIANTS.get(name, [])
]
MAX_STEPS = 20000
CHECK_EVERY = 9  # the expensive checks (clone, JSON round trip, determinize) run every few steps


def case_id(case) -> str:
    name, players, options = case
    return f"{name}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_action(game: str, action) -> None:
    text = str(action)
    assert text and text == text.strip() and "\n" not in text
    data = action_to_json(action)
    assert action_from_json(game, json.loads(json.dumps(data))) == action
    assert hash(action) == hash(action_from_json(game, data))


def check_views(state, rng: random.Random) -> None:
    for p in range(state.num_players):
        view = state.view(p)
        json.dumps(view)
        assert VIEW_KEYS <= set(view), VIEW_KEYS - set(view)
        assert view["player"] == p and view["current_player"] == state.current_player
        assert view["legal"] == ([str(a) for a in state.legal_actions()] if state.current_player == p else [])
        # the view depends only on what p knows: resampling the rest changes nothing in it
        assert state.determinize(p, rng).view(p) == view


def check_clone(state, rng: random.Random) -> None:
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before
    for _ in range(5):
        if twin.is_terminal:
            break
        twin.apply(rng.choice(twin.legal_actions()))
    assert snapshot(state) == before


def check_json_round_trip(state, rng: random.Random) -> None:
    restored = state_from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(restored) == snapshot(state)
    probe, twin = state.clone(), restored
    for _ in range(5):
        if probe.is_terminal:
            break
        action = rng.choice(probe.legal_actions())
        assert probe.apply(action) == twin.apply(action)
    assert snapshot(probe) == snapshot(twin)


def check_illegal(state, seen: list, rng: random.Random) -> None:
    """An action from elsewhere in the game that is not legal now is refused, nothing changes."""
    legal = set(state.legal_actions())
    strangers = [a for a in seen if a not in legal]
    if not strangers:
        return
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(rng.choice(strangers))
    assert str(info.value)
    assert snapshot(state) == before


def play(game: str, players: int, options: dict, seed: int) -> tuple:
    rng = random.Random(seed)
    state, record = GameRecord.start(game, players=players, seed=seed, **options)
    seen: list = []
    steps = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        assert legal and 0 <= state.current_player < players
        assert legal == state.legal_actions()  # a stable order
        action = rng.choice(legal)
        check_action(game, action)
        if action not in seen and len(seen) < 400:
            seen.append(action)
        if steps % CHECK_EVERY == 0:
            check_views(state, rng)
            check_clone(state, rng)
            check_json_round_trip(state, rng)
            check_illegal(state, seen, rng)
        events = state.apply(action)
        for p in range(players):
            json.dumps(events_for(events, p))
        record.actions.append(action)
        steps += 1
        assert steps < MAX_STEPS, "the game did not end"
    assert state.legal_actions() == [] and state.current_player is None
    returns = state.returns()
    assert (
        len(returns) == players and all(0.0 <= r <= 1.0 for r in returns) and abs(sum(returns) - 1.0) < 1e-9
    )
    check_views(state, rng)
    return state, record


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_games_keep_the_contract(case):
    game, players, options = case
    for k in range(max(1, RANDOM_GAMES // 60)):
        state, record = play(game, players, options, seed=1000 * players + k)
        # same seed and same actions: the same game, from the record and from its JSON
        assert snapshot(record.replay()) == snapshot(state)
        assert snapshot(GameRecord.from_json(json.loads(json.dumps(record.to_json()))).replay()) == snapshot(
            state
        )

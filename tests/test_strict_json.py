"""Records, actions and saved states are read strictly and handed out as copies.

A boolean field must be a JSON boolean, an integer must not be a boolean, ranges
are checked, unknown keys are refused; every mistake is one ``ValueError`` line,
deep nesting included (never a ``RecursionError``).  ``to_json()`` returns data
the caller may change without changing the state or the record.
"""

from __future__ import annotations

import json

import pytest

from game.rules import GameRecord, action_from_json, new_game, state_from_json
from game.rules.rng import Rng

BAD_ACTIONS = [
    ("hacktrick", {"kind": "play", "card": 2, "x2": "false"}, "x2 must be true or false"),
    ("hacktrick", {"kind": "play", "card": 2, "x2": 0}, "x2 must be true or false"),
    ("hacktrick", {"kind": "play", "card": True, "x2": False}, "card must be an integer"),
    ("hacktrick", {"kind": "open", "card": 6}, "card must be from 0 to 5"),
    ("hacktrick", {"kind": "open", "card": 2.0}, "card must be an integer"),
    ("hacktrick", {"kind": "open", "card": 2, "x2": True}, "unknown key 'x2'"),
    ("hacktrick", {"kind": "play"}, "missing 'card'"),
    ("hacktrick", {"kind": "pass", "card": 1}, "unknown key 'card'"),
    ("hacktrick", {"kind": ["pass"]}, "not a Hacktrick action kind"),
    ("hacktrick", ["pass"], "must be a JSON object"),
    ("ratjack", {"kind": "target", "player": True}, "player must be an integer"),
    ("ratjack", {"kind": "target", "player": 4}, "player must be from 0 to 3"),
    ("ratjack", {"kind": "target", "player": 1, "index": -1}, "index must be from 0"),
    ("ratjack", {"kind": "target", "player": 1, "index": "2"}, "index must be an integer"),
    ("ratjack", {"kind": "face-up", "card": {"deck": ["weasel"], "value": 3}}, "unknown Ratjack deck"),
    ("ratjack", {"kind": "face-up", "card": {"deck": "weasel", "value": True}}, "card values are 1..12"),
    ("ratjack", {"kind": "face-up", "card": {"deck": "weasel", "value": 3, "x": 1}}, "unknown key 'x'"),
    ("ratjack", {"kind": "flip", "card": {"deck": "weasel", "value": 3}}, "missing 'flip'"),
    ("ratjack", {"kind": "token", "token": ["+5"]}, "token must be a string"),
    ("ratjack", {"kind": "token", "token": "+7"}, "token must be one of"),
    ("ratjack", {"kind": "draw-deck", "card": None}, "unknown key 'card'"),
    ("hakkutsu", {"kind": "detector", "cell": [1, 2], "second": "false"}, "must be true or false"),
    ("hakkutsu", {"kind": "detector", "cell": [1, 2], "second": 1}, "must be true or false"),
    ("hakkutsu", {"kind": "move", "cell": [True, 2]}, "row must be an integer"),
    ("hakkutsu", {"kind": "move", "cell": [1, 5]}, "column must be from 0 to 4"),
    ("hakkutsu", {"kind": "move", "cell": [1, 2, 3]}, "must have 2 entries"),
    ("hakkutsu", {"kind": "move", "cell": "1,2"}, "must be a list"),
    ("hakkutsu", {"kind": "use", "name": ["jeep"]}, "name must be a string"),
    ("hakkutsu", {"kind": "use", "name": "rocket"}, "name must be one of"),
    ("hakkutsu", {"kind": "mine", "cell": [0, 0]}, "unknown key 'cell'"),
]


@pytest.mark.parametrize("game,data,message", BAD_ACTIONS)
def test_wrong_action_fields_are_refused_with_one_line(game, data, message):
    with pytest.raises(ValueError, match=message) as exc:
        action_from_json(game, data)
    assert "\n" not in str(exc.value)


def _random_game(game: str, players: int, seed: int, steps: int | None = None, **options):
    """A state after ``steps`` random actions (to the end when None) and the actions taken."""
    state = new_game(game, players=players, seed=seed, **options)
    pick = Rng(seed)
    actions = []
    while not state.is_terminal and (steps is None or len(actions) < steps):
        legal = state.legal_actions()
        for a in legal:  # every offered action survives its JSON round trip
            assert action_from_json(game, json.loads(json.dumps(a.to_json()))) == a
        actions.append(legal[pick.randbelow(len(legal))])
        state.apply(actions[-1])
    return state, actions


@pytest.mark.parametrize("game,players", [("hacktrick", 2), ("ratjack", 3), ("hakkutsu", 4)])
def test_every_legal_action_round_trips_and_a_finished_record_loads(game, players):
    state, actions = _random_game(game, players, seed=5)
    _, record = GameRecord.start(game, players=players, seed=5)
    record.actions, record.returns, record.meta = actions, state.returns(), {"note": [1, {"a": 2}]}
    again = GameRecord.loads(record.dumps())
    assert again == record and again.validate().returns() == state.returns()


def _record_json(**changes) -> dict:
    state, actions = _random_game("hacktrick", 2, seed=3)
    d = GameRecord(
        "hacktrick", 2, {"target": 5}, 3, actions, state.returns(), {"agents": ["a", "b"]}
    ).to_json()
    d.update(changes)
    return d


BAD_RECORDS = [
    ({"seed": "3"}, "'seed' must be an integer"),
    ({"seed": 3.0}, "'seed' must be an integer"),
    ({"seed": True}, "'seed' must be an integer"),
    ({"seed": 1 << 70}, "'seed' must be from"),
    ({"players": True}, "players must be an integer"),
    ({"players": "2"}, "players must be an integer"),
    ({"game": ["hacktrick"]}, "'game' must be a string"),
    ({"options": [["target", 5]]}, "'options' must be a JSON object"),
    ({"options": {"target": "5"}}, "target"),
    ({"options": {"target": True}}, "target"),
    ({"actions": {"0": {"kind": "pass"}}}, "'actions' must be a list"),
    (
        {"actions": [{"kind": "open", "card": "1"}]},
        "malformed action .number 0.: Hacktrick card must be an integer",
    ),
    ({"returns": [1, 0, 0]}, "'returns' must have 2 entries"),
    ({"returns": ["1", 0]}, "return 0 must be a number"),
    ({"returns": [True, 0]}, "return 0 must be a number"),
    ({"returns": [float("nan"), 0]}, "return 0 must be a number"),
    ({"returns": [1.5, 0]}, "return 0 must be from 0.0 to 1.0"),
    ({"returns": [1, 1]}, "add up to 2"),
    ({"returns": "1,0"}, "'returns' must be a list"),
    ({"meta": [["agents", []]]}, "'meta' must be a JSON object"),
    ({"format": "tabletop-trio-record/9"}, "format"),
    ({"extra": 1}, "unknown key 'extra'"),
]


@pytest.mark.parametrize("changes,message", BAD_RECORDS)
def test_wrong_record_fields_are_refused_with_one_line(changes, message):
    text = json.dumps(_record_json(**changes))
    with pytest.raises(ValueError, match=message) as exc:
        GameRecord.loads(text)
    assert "\n" not in str(exc.value)


def test_deep_nesting_is_a_clear_value_error_never_a_crash():
    deep = "[" * 10_000 + "]" * 10_000
    with pytest.raises(ValueError, match="nested too deeply"):
        GameRecord.loads(deep)
    nested: list = []
    for _ in range(200):  # parses fine, but no real record nests like this
        nested = [nested]
    with pytest.raises(ValueError, match="nested too deeply"):
        GameRecord.loads(json.dumps(_record_json(meta={"x": nested})))
    state = new_game("hakkutsu", players=2, seed=1).to_json()
    state["final"] = nested
    with pytest.raises(ValueError, match="nested too deeply"):
        state_from_json(state)


def _scribble(value) -> None:
    """Change every list and dict inside ``value`` in place."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _scribble(v)
        value["scribbled"] = True
    elif isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append("scribbled")


@pytest.mark.parametrize("game,players", [("hacktrick", 2), ("ratjack", 4), ("hakkutsu", 3)])
def test_to_json_returns_copies_the_state_is_unchanged(game, players):
    for steps in (0, 25, None):
        state, _ = _random_game(game, players, seed=11, steps=steps)
        before = json.dumps(state.to_json(), sort_keys=True)
        view_before = json.dumps(state.view(0), sort_keys=True)
        _scribble(state.to_json())
        assert json.dumps(state.to_json(), sort_keys=True) == before
        assert json.dumps(state.view(0), sort_keys=True) == view_before


def test_record_to_json_returns_copies():
    record = GameRecord.from_json(_record_json())
    before = record.dumps()
    _scribble(record.to_json())
    assert record.dumps() == before

"""The engine core: registry, options, errors, records, seats, events, the RNG."""

import json
import os
import random

import pytest

from game.rules import (
    GAMES,
    GameRecord,
    IllegalAction,
    Seat,
    action_from_json,
    action_to_json,
    events_for,
    new_game,
    state_from_json,
    write_atomic,
)
from game.rules.rng import Rng


def test_registry_describes_every_game():
    assert "hacktrick" in GAMES
    for name, info in GAMES.items():
        assert info.name == name
        assert 2 <= info.min_players <= info.max_players <= 4
        for opt in info.options.values():
            json.dumps(opt.describe())


def test_bad_game_players_options_and_seed_raise_value_error():
    with pytest.raises(ValueError, match="unknown game 'chess'.*hacktrick"):
        new_game("chess")
    with pytest.raises(ValueError, match="hacktrick is played by 2 players, not 3"):
        new_game("hacktrick", players=3)
    with pytest.raises(ValueError, match="unknown option 'colour'.*target"):
        new_game("hacktrick", colour="red")
    with pytest.raises(ValueError, match="seed"):
        new_game("hacktrick", seed="abc")
    assert issubclass(IllegalAction, ValueError)


def test_random_seed_is_kept_for_replay():
    s = new_game("hacktrick")
    assert isinstance(s.seed, int)
    assert new_game("hacktrick", seed=s.seed).to_json() == s.to_json()


def test_action_json_round_trip_through_the_registry():
    s = new_game("hacktrick", seed=1)
    for a in s.legal_actions():
        d = json.loads(json.dumps(action_to_json(a)))
        assert action_from_json("hacktrick", d) == a


def test_events_for_strips_private_keys_and_drops_secret_events():
    events = [
        {"type": "public", "x": 1},
        {"type": "drawn", "player": 1, "card": 4, "visible_to": [1], "private": ["card"]},
        {"type": "peek", "player": 0, "card": 2, "visible_to": [0]},
    ]
    assert events_for(events, 1) == [{"type": "public", "x": 1}, {"type": "drawn", "player": 1, "card": 4}]
    assert events_for(events, 0) == [
        {"type": "public", "x": 1},
        {"type": "drawn", "player": 1},
        {"type": "peek", "player": 0, "card": 2},
    ]


def test_seat_only_exposes_the_players_information():
    s = new_game("hacktrick", seed=3)
    me = s.current_player
    seat, other = Seat(s, me), Seat(s, 1 - me)
    assert seat.legal_actions() == s.legal_actions()
    assert other.legal_actions() == []
    assert seat.view() == s.view(me)
    assert not any(not name.startswith("_") and name in ("state", "hands", "deck") for name in dir(seat))
    d = seat.determinize(random.Random(0))
    assert d.view(me) == s.view(me)


def test_record_round_trip_replay_and_validation(tmp_path):
    s, record = GameRecord.start("hacktrick", seed=42, target=2)
    rng = random.Random(0)
    while not s.is_terminal:
        a = rng.choice(s.legal_actions())
        s.apply(a)
        record.actions.append(a)
    record.returns = s.returns()
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded.options == {"target": 2} and loaded.returns == s.returns()
    assert loaded.replay().to_json() == s.to_json()
    assert loaded.validate().is_terminal
    states = list(loaded.states())
    assert len(states) == len(record.actions) + 1 and states[-1].to_json() == s.to_json()
    assert loaded.replay(upto=3).to_json() == list(loaded.states())[3].to_json()


@pytest.mark.parametrize(
    "text,message",
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"game": "hacktrick"}', "missing"),
        ('{"game": "go", "players": 2, "options": {}, "seed": 1, "actions": []}', "unknown game"),
        (
            '{"game": "hacktrick", "players": 2, "options": {}, "seed": 1, "actions": [{"kind": "fly"}]}',
            "malformed action",
        ),
    ],
)
def test_broken_records_give_clear_errors(text, message):
    with pytest.raises(ValueError, match=message):
        GameRecord.loads(text)


def test_record_with_an_illegal_action_fails_validation():
    record = GameRecord("hacktrick", 2, {"target": 5}, 1, [])
    record.actions = [action_from_json("hacktrick", {"kind": "pass"})]
    with pytest.raises(ValueError, match="action 0"):
        record.validate()


def test_state_from_json_rejects_broken_saves():
    s = new_game("hacktrick", seed=1)
    d = s.to_json()
    with pytest.raises(ValueError):
        state_from_json({"nothing": 1})
    broken = dict(d)
    del broken["hands"]
    with pytest.raises(ValueError, match="broken hacktrick state"):
        state_from_json(broken)
    extra = json.loads(json.dumps(d))
    extra["deck"].append(5)
    with pytest.raises(ValueError, match="18 Hacktrick cards"):
        state_from_json(extra)


def test_write_atomic_replaces_whole_files(tmp_path):
    path = tmp_path / "sub" / "f.json"
    write_atomic(path, "one")
    write_atomic(path, "two")
    assert path.read_text() == "two"
    assert os.listdir(path.parent) == ["f.json"]


def test_rng_is_deterministic_clonable_and_uniform_enough():
    a, b = Rng(5), Rng(5)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    assert a.randbelow(1000) == c.randbelow(1000)
    counts = [0] * 6
    r = Rng(1)
    for _ in range(60000):
        counts[r.randbelow(6)] += 1
    assert all(9000 < n < 11000 for n in counts)
    items = list(range(10))
    r.shuffle(items)
    assert sorted(items) == list(range(10))
    assert 0.0 <= r.random() < 1.0 and r.getrandbits(8) < 256


def test_a_game_state_must_implement_every_required_method():
    """The contract's methods are abstract: a state class that forgets one cannot be instantiated."""
    from game.rules.core import GameState

    required = {
        "new",
        "from_json",
        "to_json",
        "clone",
        "view",
        "determinize",
        "winners",
        "scores",
        "_compute_legal",
        "_apply",
    }
    assert GameState.__abstractmethods__ == required
    for info in GAMES.values():
        assert not info.state_class.__abstractmethods__, info.name

    # a game that implements everything but ``view``
    without_view = type("WithoutView", (GameState,), {name: lambda *_: None for name in required - {"view"}})
    with pytest.raises(TypeError, match="abstract method view$"):
        without_view()

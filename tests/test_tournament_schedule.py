"""Tournament settings: seatings, seeds, option parsing and up-front validation."""

from collections import Counter

import pytest

from ai.tournament.spec import (
    TournamentSpec,
    entrant_labels,
    game_seed,
    parse_option_value,
    parse_options,
    schedule,
    seatings,
    validate_spec,
)
from game.rules import Option


def test_two_player_round_robin_every_pair_in_both_seat_orders():
    round_ = seatings(3, 2)
    assert round_ == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]


def test_three_and_four_players_every_seating_of_every_table():
    r = seatings(3, 3)
    assert len(r) == 6 and len(set(r)) == 6
    r = seatings(5, 3)  # C(5,3) tables x 3! seatings
    assert len(r) == 60
    seat_counts = Counter((seat, e) for seating in r for seat, e in enumerate(seating))
    assert set(seat_counts.values()) == {12}  # every entrant equally often in every seat
    r = seatings(4, 4)
    assert len(r) == 24


def test_fewer_entrants_than_seats_mixes_tables_with_at_least_two_entrants():
    r = seatings(2, 4)
    assert all(len(set(s)) == 2 for s in r)
    # AAAB, AABB, ABBB in every distinct seating: 4 + 6 + 4
    assert len(r) == 14 and len(set(r)) == 14
    assert Counter(e for s in r for e in s) == {0: 28, 1: 28}
    r = seatings(2, 3)
    assert sorted(r) == sorted([(0, 0, 1), (0, 1, 0), (1, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)])


def test_schedule_cycles_rounds_and_seeds_by_index():
    spec = TournamentSpec("hacktrick", ["random", "heuristic", "random"], players=2, games=14, seed=5)
    tasks = schedule(spec)
    assert [t.index for t in tasks] == list(range(14))
    assert [t.seats for t in tasks[:6]] == seatings(3, 2) and tasks[6].seats == tasks[0].seats
    assert tasks[1].agents == ("heuristic", "random")
    assert len({t.seed for t in tasks}) == 14
    assert [t.seed for t in schedule(spec)] == [t.seed for t in tasks]
    assert all(t.seed == game_seed(5, t.index) for t in tasks)
    assert game_seed(5, 0) != game_seed(6, 0)
    assert all(0 <= t.seed < 2**63 for t in tasks)
    # a longer tournament starts with the same games (what --resume --games N relies on)
    spec.games = 20
    assert schedule(spec)[:14] == tasks


def test_entrant_labels_number_repeated_specs():
    assert entrant_labels(["random", "heuristic", "random"]) == ["random#1", "heuristic", "random#2"]


def test_parse_option_value_by_choices_and_default_type():
    assert parse_option_value(Option("target", 5, "", choices=tuple(range(1, 10))), "3") == 3
    assert parse_option_value(Option("draft", False, ""), "yes") is True
    assert parse_option_value(Option("draft", True, ""), "off") is False
    assert parse_option_value(Option("decks", ("rat-red", "rat-blue"), ""), "weasel, raccoon") == (
        "weasel",
        "raccoon",
    )

    def check(v):
        if v == "random" or isinstance(v, tuple):
            return v
        raise ValueError("need a tuple or 'random'")

    special = Option("decks", ("a", "b"), "", check=check)
    assert parse_option_value(special, "random") == "random"
    assert parse_option_value(special, "weasel") == ("weasel",)
    assert (
        parse_option_value(Option("mode", "basic", "", choices=("basic", "treasure")), "treasure")
        == "treasure"
    )
    assert parse_option_value(Option("n", 3, ""), "12") == 12
    assert parse_option_value(Option("rounds", None, ""), "12") == 12
    assert parse_option_value(Option("rounds", None, ""), "none") is None
    with pytest.raises(ValueError, match="expected an integer"):
        parse_option_value(Option("n", 3, ""), "lots")
    with pytest.raises(ValueError, match="expected true or false"):
        parse_option_value(Option("draft", False, ""), "maybe")


def test_parse_options_resolves_through_the_game():
    assert parse_options("hacktrick", {"target": "2"}) == {"target": 2}
    assert parse_options("hacktrick", {}) == {"target": 5}
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        parse_options("hacktrick", {"colour": "red"})
    with pytest.raises(ValueError, match="target"):
        parse_options("hacktrick", {"target": "12"})


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(game="chess"), "unknown game 'chess'"),
        (dict(agents=["random", "wizard"]), "unknown agent 'wizard'"),
        (dict(agents=["random:depth=3", "random"]), "bad agent spec 'random:depth=3'"),
        (dict(agents=["random"]), "at least 2 agent specs"),
        (dict(players=3), "hacktrick is played by 2 players, not 3"),
        (dict(games=0), "--games"),
        (dict(seed=-1), "--seed"),
        (dict(options={"target": 0}), "target"),
    ],
)
def test_validate_spec_rejects_bad_settings(kwargs, message):
    base = dict(game="hacktrick", agents=["random", "random"], players=2, games=4, seed=1, options={})
    base.update(kwargs)
    with pytest.raises(ValueError, match=message):
        validate_spec(TournamentSpec(**base))


def test_spec_json_round_trip():
    spec = validate_spec(TournamentSpec("hacktrick", ["random", "random"], 2, 8, 3, {"target": 2}))
    assert TournamentSpec.from_json(spec.to_json()) == spec
    dup = validate_spec(
        TournamentSpec(
            "hacktrick",
            ["random", "heuristic"],
            2,
            8,
            3,
            {"target": 2},
            duplicate="rotations",
            sprt={"elo0": 0.0, "elo1": 30.0, "alpha": 0.05, "beta": 0.1},
        )
    )
    assert TournamentSpec.from_json(dup.to_json()) == dup
    with pytest.raises(ValueError, match="'duplicate' must be one of"):
        TournamentSpec.from_json({**dup.to_json(), "duplicate": "twice"})
    with pytest.raises(ValueError, match="is missing 'agents'"):
        TournamentSpec.from_json({"game": "hacktrick"})

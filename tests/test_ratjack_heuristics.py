"""The Ratjack heuristic player and the MCTS helpers (ai/heuristics/ratjack.py)."""

import json
import random

from ai.heuristics import heuristics_for
from game.rules import Seat, new_game

from .ratjack_positions import position, strs

H = heuristics_for("ratjack")
RATS = ("rat-red", "rat-blue")


def _choose(state, seed=0):
    seat = Seat(state, state.current_player)
    return H.choose(seat.view(), seat.legal_actions(), random.Random(seed))


def test_takes_exactly_25():
    s = position(decks=RATS, hands=[["rat-red 11", "rat-red 3"], ["rat-blue 1"]],
                 areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12"]])
    assert str(_choose(s)) == "face-up rat-red 3"


def test_draws_the_discard_that_makes_25():
    s = position(decks=RATS, phase="draw", hands=[["rat-red 1"], ["rat-blue 1"]],
                 areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12"]], discard=["rat-blue 3"])
    assert str(_choose(s)) == "draw discard"


def test_does_not_go_over_25():
    s = position(decks=RATS, hands=[["rat-red 11", "rat-red 9"], ["rat-blue 1"]],
                 areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12"]])
    a = _choose(s)
    assert a.kind == "face-down"


def test_busts_an_opponent_when_it_can():
    s = position(3, RATS, hands=[["rat-red 7", "rat-red 1"], ["rat-blue 2"], ["rat-blue 4"]],
                 areas=[["U:rat-red 10"], ["U:rat-blue 12", "U:rat-blue 11", "U:rat-blue 1"], ["U:rat-blue 3"]])
    assert str(_choose(s)) == "face-up rat-red 7"
    s.apply(_choose(s))
    assert str(_choose(s)) == "target p0 card 0"
    s.apply(_choose(s))
    assert str(_choose(s)) == "target p1 card 2"


def test_choices_are_legal_in_random_positions():
    rng = random.Random(4)
    for seed in range(12):
        s = new_game("ratjack", players=2 + seed % 3, seed=seed, decks=rng.choice(
            [("rat-red", "weasel"), ("weasel", "raccoon"), ("rat-blue", "raccoon"), "random"]))
        for _ in range(rng.randrange(5, 80)):
            if s.is_terminal:
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal:
            continue
        legal = s.legal_actions()
        a = H.choose(s.view(s.current_player), legal, random.Random(seed))
        assert a in legal
        for p in range(s.num_players):
            e = H.evaluate(s, p)
            assert 0.0 <= e <= 1.0
        assert abs(sum(H.evaluate(s, p) for p in range(s.num_players)) - 1.0) < 1e-9
        r = H.rollout_policy(s, legal, random.Random(1))
        assert r in legal


def test_evaluate_favours_the_player_ahead_and_is_exact_at_the_end():
    s = position(decks=RATS, vp=[2, 0], hands=[["rat-red 1", "rat-red 2"], ["rat-blue 1"]],
                 areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 3"]])
    assert H.evaluate(s, 0) > 0.8 > 0.2 > H.evaluate(s, 1)
    s2 = position(decks=RATS, hands=[["rat-red 1", "rat-red 2"], ["rat-blue 1"]],
                  areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 3"]])
    assert H.evaluate(s2, 0) > H.evaluate(s2, 1)
    s3 = position(decks=RATS, player=1, vp=[0, 2], hands=[["rat-red 5"], ["rat-blue 3", "rat-blue 4"]],
                  areas=[[], ["U:rat-blue 12", "U:rat-blue 10"]])
    s3.apply(next(a for a in s3.legal_actions() if str(a) == "face-up rat-blue 3"))
    assert s3.is_terminal and H.evaluate(s3, 1) == 1.0 and H.evaluate(s3, 0) == 0.0


def test_two_player_evaluate_is_the_race_to_three():
    # 50:50 rounds: 1-0 up wins 11/16 of races to 3, 2-0 up 7/8, 2-1 up 3/4.
    assert H._race(2, 3) == 11 / 16 and H._race(1, 3) == 7 / 8 and H._race(1, 2) == 3 / 4
    assert H._race(3, 3) == 0.5
    s = position(decks=RATS, vp=[1, 0], hands=[["rat-red 1", "rat-red 2"], ["rat-blue 1"]],
                 areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 3"]])
    mine, theirs = H.evaluate(s, 0), H.evaluate(s, 1)
    assert abs(mine + theirs - 1.0) < 1e-12  # two players: the chances are complementary
    assert 7 / 8 > mine > 11 / 16  # ahead by a VP, and closer to 25 in this round

def test_rollout_policy_finishes_at_25_and_avoids_busting():
    s = position(decks=RATS, hands=[["rat-red 11", "rat-red 3"], ["rat-blue 1"]],
                 areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12"]])
    assert str(H.rollout_policy(s, s.legal_actions(), random.Random(0))) == "face-up rat-red 3"
    s = position(decks=RATS, hands=[["rat-red 11", "rat-red 9"], ["rat-blue 1"]],
                 areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12"]])
    for k in range(10):
        assert H.rollout_policy(s, s.legal_actions(), random.Random(k)).kind == "face-down"
    assert "face-up rat-red 11" in strs(s)


def test_heuristic_beats_random_players():
    from ai import play_game

    wins = 0.0
    for seed in range(9):
        n = 2 + seed % 3
        record = play_game("ratjack", ["heuristic"] + ["random"] * (n - 1), seed=seed)
        json.dumps(record.to_json())
        wins += record.returns[0]
    assert wins >= 6

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
    s = position(
        decks=RATS,
        hands=[["rat-red 11", "rat-red 3"], ["rat-blue 1"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12"]],
    )
    assert str(_choose(s)) == "face-up rat-red 3"


def test_draws_the_discard_that_makes_25():
    s = position(
        decks=RATS,
        phase="draw",
        hands=[["rat-red 1"], ["rat-blue 1"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12"]],
        discard=["rat-blue 3"],
    )
    assert str(_choose(s)) == "draw discard"


def test_does_not_go_over_25():
    s = position(
        decks=RATS,
        hands=[["rat-red 11", "rat-red 9"], ["rat-blue 1"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12"]],
    )
    a = _choose(s)
    assert a.kind == "face-down"


def test_busts_an_opponent_when_it_can():
    s = position(
        3,
        RATS,
        hands=[["rat-red 7", "rat-red 1"], ["rat-blue 2"], ["rat-blue 4"]],
        areas=[["U:rat-red 10"], ["U:rat-blue 12", "U:rat-blue 11", "U:rat-blue 1"], ["U:rat-blue 3"]],
    )
    assert str(_choose(s)) == "face-up rat-red 7"
    s.apply(_choose(s))
    assert str(_choose(s)) == "target p0 card 0"
    s.apply(_choose(s))
    assert str(_choose(s)) == "target p1 card 2"


def test_choices_are_legal_in_random_positions():
    rng = random.Random(4)
    for seed in range(12):
        s = new_game(
            "ratjack",
            players=2 + seed % 3,
            seed=seed,
            decks=rng.choice(
                [("rat-red", "weasel"), ("weasel", "raccoon"), ("rat-blue", "raccoon"), "random"]
            ),
        )
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
    s = position(
        decks=RATS,
        vp=[2, 0],
        hands=[["rat-red 1", "rat-red 2"], ["rat-blue 1"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 3"]],
    )
    assert H.evaluate(s, 0) > 0.8 > 0.2 > H.evaluate(s, 1)
    s2 = position(
        decks=RATS,
        hands=[["rat-red 1", "rat-red 2"], ["rat-blue 1"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 3"]],
    )
    assert H.evaluate(s2, 0) > H.evaluate(s2, 1)
    s3 = position(
        decks=RATS,
        player=1,
        vp=[0, 2],
        hands=[["rat-red 5"], ["rat-blue 3", "rat-blue 4"]],
        areas=[[], ["U:rat-blue 12", "U:rat-blue 10"]],
    )
    s3.apply(next(a for a in s3.legal_actions() if str(a) == "face-up rat-blue 3"))
    assert s3.is_terminal and H.evaluate(s3, 1) == 1.0 and H.evaluate(s3, 0) == 0.0


def test_two_player_evaluate_is_the_race_to_three():
    # 50:50 rounds: 1-0 up wins 11/16 of races to 3, 2-0 up 7/8, 2-1 up 3/4.
    assert H._race(2, 3) == 11 / 16 and H._race(1, 3) == 7 / 8 and H._race(1, 2) == 3 / 4
    assert H._race(3, 3) == 0.5
    s = position(
        decks=RATS,
        vp=[1, 0],
        hands=[["rat-red 1", "rat-red 2"], ["rat-blue 1"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 3"]],
    )
    mine, theirs = H.evaluate(s, 0), H.evaluate(s, 1)
    assert abs(mine + theirs - 1.0) < 1e-12  # two players: the chances are complementary
    assert 7 / 8 > mine > 11 / 16  # ahead by a VP, and closer to 25 in this round


def test_rollout_policy_finishes_at_25_and_avoids_busting():
    s = position(
        decks=RATS,
        hands=[["rat-red 11", "rat-red 3"], ["rat-blue 1"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12"]],
    )
    assert str(H.rollout_policy(s, s.legal_actions(), random.Random(0))) == "face-up rat-red 3"
    s = position(
        decks=RATS,
        hands=[["rat-red 11", "rat-red 9"], ["rat-blue 1"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12"]],
    )
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


def _mid_round(seed: int):
    """A 3-player round a few turns in (random play), player 0 to look at it."""
    from game.rules.rng import Rng

    s = new_game("ratjack", players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(14):
        if s.is_terminal:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s, Rng(seed)


def test_opponent_model_hands_opponents_their_finisher_and_keeps_what_the_player_knows():
    """With weight 1 an opponent whose gap to 25 is a card value holds a card of that value when
    the deck has one; only cards the searching player does not know move, so their view is the same."""
    from game.rules.ratjack.cards import CARD_VALUE

    H = heuristics_for("ratjack")
    moved = 0
    for seed in range(40):
        s, rng = _mid_round(seed)
        if s.is_terminal:
            continue
        me = 0
        d = s.determinize(me, rng)
        before = d.view(me)
        others_before = [sorted(d.hands[q]) for q in range(3)]
        gaps = [25 - d.value(q) for q in range(3)]
        can = [
            1 <= gaps[q] <= 12
            and not d.eliminated[q]
            and any(not d.known[c] & 1 for c in d.hands[q])  # a hand card the player does not know
            and any(CARD_VALUE[c] == gaps[q] and not d.known[c] & 1 for c in d.deck)
            for q in range(3)
        ]
        H.opponent_model(d, me, random.Random(seed), 1.0)
        assert d.view(me) == before  # nothing the player sees or knows changed
        assert sorted(d.hands[me]) == others_before[me]
        for q in (1, 2):
            if can[q]:
                assert any(CARD_VALUE[c] == gaps[q] for c in d.hands[q]), (seed, q)
            else:
                assert sorted(d.hands[q]) == others_before[q]
            moved += sorted(d.hands[q]) != others_before[q]
        assert d.legal_actions() is not None
    assert moved > 0  # the model did something


def test_opponent_model_with_weight_zero_and_option_validation():
    import pytest

    import ai

    H = heuristics_for("ratjack")
    s, rng = _mid_round(3)
    d = s.determinize(0, rng)
    same = d.to_json()
    H.opponent_model(d, 0, random.Random(1), 0.0)
    assert d.to_json() == same
    agent = ai.make_agent("mcts:iterations=30,opponents=0.5", seed=1)
    assert agent.opponents == 0.5 and agent.choose(Seat(s, s.current_player)) in s.legal_actions()
    with pytest.raises(ValueError, match="opponents"):
        ai.make_agent("mcts:opponents=2")


def test_the_opponent_model_is_ratjacks_default_with_two_players_only():
    import ai

    agent = ai.make_agent("mcts:level=normal", seed=1)
    assert agent.opponent_weight("ratjack", 2) == 0.5
    assert agent.opponent_weight("ratjack", 4) == 0.0 and agent.opponent_weight("hakkutsu", 2) == 0.0
    assert ai.make_agent("mcts:opponents=0.2", seed=1).opponent_weight("ratjack", 4) == 0.2

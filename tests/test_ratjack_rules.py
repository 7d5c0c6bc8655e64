"""Ratjack rules from concrete positions: set-up, turns, scoring, rounds, options, actions."""

import json

import pytest

from game.rules import GAMES, IllegalAction, action_from_json, new_game, state_from_json
from game.rules.ratjack import Action
from game.rules.ratjack.cards import card_name
from game.rules.ratjack.token_moves import reserve_faces

from .ratjack_positions import A, area_cards, card, play, position, strs

RATS = ("rat-red", "rat-blue")


# ---------------------------------------------------------------- set-up and options
@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_round_deals_two_cards_each_and_opens_the_discard(players):
    s = new_game("ratjack", players=players, seed=5)
    assert s.phase == "setup" and s.round_no == 1
    assert [len(h) for h in s.hands] == [2] * players
    assert len(s.discard) == 1 and len(s.deck) == 24 - 2 * players - 1
    assert len(reserve_faces(s)) == 6
    start = s.current_player
    for k in range(players):
        p = (start + k) % players
        assert s.current_player == p
        assert strs(s) == [f"face-down {card_name(c)}" for c in sorted(s.hands[p])]
        s.apply(s.legal_actions()[1])
        assert len(s.hands[p]) == 1 and len(s.areas[p]) == 1 and not s.face_up[s.areas[p][0]]
    assert s.phase == "draw" and s.current_player == start
    assert strs(s) == ["draw deck", "draw discard"]


def test_first_start_player_is_seeded_and_varies():
    starts = {new_game("ratjack", players=4, seed=seed).current_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert (
        new_game("ratjack", players=3, seed=9).current_player
        == new_game("ratjack", players=3, seed=9).current_player
    )


def test_default_decks_are_the_two_rat_decks():
    s = new_game("ratjack", players=2, seed=1)
    assert s.view(0)["decks"] == ["rat-red", "rat-blue"]
    assert GAMES["ratjack"].options["decks"].default == ("rat-red", "rat-blue")


@pytest.mark.parametrize("decks", [("weasel", "raccoon"), ["rat-blue", "weasel"], ("raccoon", "rat-red")])
def test_any_pair_of_decks(decks):
    s = new_game("ratjack", players=2, seed=1, decks=decks)
    cards = s.deck + s.discard + [c for h in s.hands for c in h]
    assert sorted({card_name(c).split()[0] for c in cards}) == sorted(decks)
    assert len(cards) == 24


def test_random_decks_are_a_seeded_distinct_pair():
    pairs = set()
    for seed in range(60):
        s = new_game("ratjack", players=2, seed=seed, decks="random")
        assert s.decks == new_game("ratjack", players=2, seed=seed, decks="random").decks
        assert len(set(s.decks)) == 2
        pairs.add(s.decks)
    assert len(pairs) == 6


@pytest.mark.parametrize(
    "bad,match",
    [
        (("rat-red",), "exactly two"),
        (("rat-red", "rat-red"), "distinct"),
        (("rat-red", "mouse"), "mouse"),
        ("weasel", "two distinct"),
        (("a", "b", "c"), "unknown deck"),
        (5, "two distinct"),
        (("rat-red", "weasel", "raccoon"), "exactly two"),
    ],
)
def test_bad_decks_option_is_a_clear_value_error(bad, match):
    with pytest.raises(ValueError, match=match):
        new_game("ratjack", players=2, seed=1, decks=bad)


def test_player_count_is_checked():
    for n in (1, 5):
        with pytest.raises(ValueError, match="2 to 4"):
            new_game("ratjack", players=n)


# ---------------------------------------------------------------- a turn
def test_draw_from_the_discard_is_public_and_from_the_deck_private():
    s = position(
        3,
        RATS,
        phase="draw",
        hands=[["rat-red 1"], ["rat-red 2"], ["rat-red 3"]],
        areas=[[], [], []],
        discard=["rat-blue 12"],
        deck=["rat-blue 11"],
    )
    ev = play(s, "draw deck")
    assert ev[0]["visible_to"] == [0] and ev[0]["private"] == ["card"]
    assert s.phase == "play" and sorted(s.hands[0]) == [card("rat-red 1"), card("rat-blue 11")]
    s2 = position(
        3,
        RATS,
        phase="draw",
        hands=[["rat-red 1"], ["rat-red 2"], ["rat-red 3"]],
        areas=[[], [], []],
        discard=["rat-blue 12"],
    )
    ev = play(s2, "draw discard", "face-down rat-blue 12")
    assert "visible_to" not in ev[0]
    # everybody saw it in the discard pile, so everybody knows the face-down card
    assert s2.view(2)["areas"][0][0]["card"] == {"deck": "rat-blue", "value": 12}
    assert s2.discard == []


def test_face_down_card_is_known_only_to_its_owner():
    s = position(
        3, RATS, hands=[["rat-red 1", "rat-red 4"], ["rat-red 2"], ["rat-red 3"]], areas=[[], [], []]
    )
    ev = play(s, "face-down rat-red 4")
    placed = ev[0]
    assert placed["type"] == "card_placed" and placed["visible_to"] == [0]
    assert s.view(0)["areas"][0][0]["card"] == {"deck": "rat-red", "value": 4}
    assert s.view(1)["areas"][0][0] == {"face_up": False, "card": None, "token": None}
    assert s.player == 1 and s.phase == "draw"


def test_face_up_card_without_decisions_ends_the_turn():
    s = position(decks=RATS, hands=[["rat-red 11", "rat-red 4"], ["rat-red 2"]], areas=[[], []])
    play(s, "face-up rat-red 11")
    assert s.value(0) == 11 and s.player == 1


def test_the_other_card_stays_in_hand():
    s = position(decks=RATS, hands=[["rat-red 11", "rat-red 4"], ["rat-red 2"]], areas=[[], []])
    play(s, "face-down rat-red 11")
    assert s.hands[0] == [card("rat-red 4")]


# ---------------------------------------------------------------- scoring
def test_exactly_25_scores_and_ends_the_round_at_once_and_the_scorer_starts_next():
    s = position(
        decks=RATS,
        player=1,
        start_player=0,
        hands=[["rat-red 5"], ["rat-blue 3", "rat-blue 4"]],
        areas=[[], ["U:rat-blue 12", "U:rat-blue 10"]],
    )
    ev = play(s, "face-up rat-blue 3")
    kinds = [e["type"] for e in ev]
    assert {"type": "vp_scored", "player": 1, "points": 1, "reason": "exactly 25", "vp": [0, 1]} in ev
    assert kinds.index("round_ended") < kinds.index("round_started")
    assert s.vp == [0, 1] and s.round_no == 2 and s.phase == "setup"
    assert s.start_player == 1 and s.current_player == 1  # the extra turn was lost with the round


def test_another_player_reaching_25_scores_for_themselves():
    s = position(
        decks=RATS,
        hands=[["rat-red 7", "rat-red 3"], ["rat-blue 1"]],
        areas=[["U:rat-red 5"], ["U:rat-blue 12", "U:rat-blue 4", "U:rat-blue 8"]],
    )
    play(s, "face-up rat-red 7", "target p0 card 0", "target p1 card 1")
    assert s.vp == [0, 1] and s.start_player == 1


def test_busting_another_player_scores_for_the_acting_player():
    s = position(
        3,
        RATS,
        hands=[["rat-red 7", "rat-red 3"], ["rat-blue 2"], ["rat-blue 3"]],
        areas=[["U:rat-red 10"], ["U:rat-blue 12", "U:rat-blue 11", "U:rat-blue 1"], ["D:rat-blue 5"]],
    )
    ev = play(s, "face-up rat-red 7", "target p0 card 0", "target p1 card 2")
    assert {"type": "player_eliminated", "player": 1, "value": 33, "reason": "over 25"} in ev
    assert s.vp == [1, 0, 0] and s.eliminated == [False, True, False]
    assert s.player == 2 and s.round_no == 1
    # eliminated players are skipped and their areas are out of play
    play(s, "draw deck")
    c = next(a for a in s.legal_actions() if a.kind == "face-down")
    s.apply(c)
    assert s.player == 0
    view = s.view(0)
    assert view["eliminated"] == [False, True, False]


def test_last_survivor_scores_and_busting_everyone_ends_the_round():
    s = position(
        decks=RATS,
        hands=[["rat-red 7", "rat-red 3"], ["rat-blue 2"]],
        areas=[["U:rat-red 10"], ["U:rat-blue 12", "U:rat-blue 11", "U:rat-blue 1"]],
    )
    ev = play(s, "face-up rat-red 7", "target p0 card 0", "target p1 card 2")
    reasons = [e["reason"] for e in ev if e["type"] == "vp_scored"]
    assert reasons == ["elimination", "last player"]
    assert s.vp == [2, 0] and s.round_no == 2 and s.start_player == 0


def test_ruling_last_survivor_scores_even_when_over_25_before_the_end_of_the_turn():
    s = position(
        decks=RATS,
        hands=[["rat-red 7", "rat-red 3"], ["rat-blue 2"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], ["U:rat-blue 12", "U:rat-blue 8", "U:rat-blue 4"]],
    )
    ev = play(s, "face-up rat-red 7", "target p0 card 1", "target p1 card 1")
    assert [e["player"] for e in ev if e["type"] == "player_eliminated"] == [1]
    assert s.vp == [2, 0]


def test_over_25_at_the_end_of_your_turn_eliminates_you_without_score():
    s = position(
        3,
        RATS,
        hands=[["rat-red 11", "rat-red 3"], ["rat-blue 2"], ["rat-blue 3"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], [], []],
    )
    ev = play(s, "face-up rat-red 11")
    assert {
        "type": "player_eliminated",
        "player": 0,
        "value": 33,
        "reason": "over 25 at the end of the turn",
    } in ev
    assert s.vp == [0, 0, 0] and s.player == 1 and s.eliminated[0]


def test_over_25_yourself_with_one_opponent_left_gives_them_the_round():
    s = position(
        decks=RATS,
        hands=[["rat-red 11", "rat-red 3"], ["rat-blue 2"]],
        areas=[["U:rat-red 12", "U:rat-red 10"], []],
    )
    play(s, "face-up rat-red 11")
    assert s.vp == [0, 1] and s.round_no == 2 and s.start_player == 1


def test_empty_deck_at_the_end_of_a_turn_ends_the_round_highest_value_scores():
    s = position(
        3,
        RATS,
        phase="draw",
        hands=[["rat-red 1"], ["rat-red 2"], ["rat-red 3"]],
        areas=[["U:rat-red 12"], ["U:rat-red 11"], ["U:rat-blue 9", "U:rat-blue 3"]],
        deck=["rat-blue 1"],
        rest="discard",
    )
    ev = play(s, "draw deck", "face-down rat-blue 1")
    scored = [(e["player"], e["reason"]) for e in ev if e["type"] == "vp_scored"]
    assert scored == [(0, "highest value"), (2, "highest value")]  # ties: each scores
    assert s.vp == [1, 0, 1]
    ended = next(e for e in ev if e["type"] == "round_ended")
    assert ended["reason"] == "deck empty" and ended["values"] == [12, 11, 12]
    assert s.start_player == 0


def test_three_vp_win_the_game_at_the_end_of_the_round():
    s = position(
        decks=RATS,
        player=1,
        vp=[0, 2],
        hands=[["rat-red 5"], ["rat-blue 3", "rat-blue 4"]],
        areas=[[], ["U:rat-blue 12", "U:rat-blue 10"]],
    )
    ev = play(s, "face-up rat-blue 3")
    assert s.is_terminal and s.winners() == (1,) and s.returns() == (0.0, 1.0)
    assert ev[-1] == {"type": "game_over", "winners": [1], "scores": [0, 3]}
    assert s.current_player is None and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply(A("draw deck"))


def test_shared_victory():
    s = position(
        decks=RATS,
        phase="draw",
        vp=[2, 2],
        hands=[["rat-red 1"], ["rat-red 2"]],
        areas=[["U:rat-red 12"], ["U:rat-blue 12"]],
        deck=["rat-blue 1"],
        rest="discard",
    )
    play(s, "draw deck", "face-down rat-blue 1")
    assert s.is_terminal and s.winners() == (0, 1) and s.returns() == (0.5, 0.5)


def test_extra_turn_is_played_by_the_same_player():
    s = position(
        3, RATS, hands=[["rat-red 3", "rat-red 4"], ["rat-blue 1"], ["rat-blue 2"]], areas=[[], [], []]
    )
    play(s, "face-up rat-red 3")
    assert s.player == 0 and s.phase == "draw"


# ---------------------------------------------------------------- illegal actions
def test_illegal_actions_raise_and_change_nothing():
    s = position(
        decks=RATS,
        hands=[["rat-red 7", "rat-red 3"], ["rat-blue 1"]],
        areas=[["D:rat-red 5"], ["U:rat-blue 9"]],
    )
    before = json.dumps(s.to_json(), sort_keys=True)
    for text, match in [
        ("draw deck", "place, play or discard"),
        ("face-up rat-blue 5", "does not hold"),
        ("face-up rat-red 7", "cannot be resolved"),
        ("flip rat-blue 9 discard rat-red 3", "face-down"),
        ("target p1 card 0", "place, play or discard"),
        ("token +5", "place"),
    ]:
        with pytest.raises(IllegalAction, match=match):
            s.apply(A(text))
        assert json.dumps(s.to_json(), sort_keys=True) == before
    with pytest.raises(IllegalAction):
        s.apply("draw deck")
    play(s, "face-up rat-red 3")
    s2 = position(
        decks=RATS,
        hands=[["rat-red 9", "rat-red 3"], ["rat-blue 1"]],
        areas=[["U:rat-red 5"], ["U:rat-blue 9@+5"]],
    )
    play(s2, "face-up rat-red 9")
    before = json.dumps(s2.to_json(), sort_keys=True)
    for text in ("target p0 card 0", "target p1 card 7", "draw deck", "token -1", "target p1"):
        with pytest.raises(IllegalAction, match="rat 9"):
            s2.apply(A(text))
        assert json.dumps(s2.to_json(), sort_keys=True) == before


def test_setup_and_draw_phase_explanations():
    s = new_game("ratjack", players=2, seed=3)
    with pytest.raises(IllegalAction, match="face down"):
        s.apply(A("draw deck"))
    for _ in range(2):
        s.apply(s.legal_actions()[0])
    with pytest.raises(IllegalAction, match="must first draw"):
        s.apply(A("face-down rat-red 1"))


# ---------------------------------------------------------------- actions
ALL_KINDS = [
    "draw deck",
    "draw discard",
    "face-down rat-red 7",
    "face-up weasel 12",
    "flip raccoon 5 discard rat-blue 1",
    "target p1 card 2",
    "target p3",
    "token +5",
    "token protected",
    "discard raccoon 10",
]


@pytest.mark.parametrize("text", ALL_KINDS)
def test_actions_round_trip_through_text_and_json(text):
    a = A(text)
    assert str(a) == text
    d = json.loads(json.dumps(a.to_json()))
    assert action_from_json("ratjack", d) == a
    assert hash(a) == hash(Action.from_json(d))


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "jump"},
        {"kind": "token", "token": "+7"},
        {"kind": "target", "player": -1},
        {"kind": "face-up", "card": {"deck": "x", "value": 1}},
        {"kind": "face-up", "card": {"deck": "weasel", "value": 13}},
        "draw",
    ],
)
def test_bad_action_json_is_a_value_error(bad):
    with pytest.raises(ValueError):
        Action.from_json(bad)


def test_bad_action_text_is_a_value_error():
    for bad in ("draw", "target x1", "flip rat-red 1 rat-red 2", "token +7", ""):
        with pytest.raises(ValueError):
            A(bad)


# ---------------------------------------------------------------- saves
def test_state_json_round_trip_mid_ability():
    s = position(
        3,
        RATS,
        hands=[["rat-red 7", "rat-red 3"], ["rat-blue 1"], ["rat-blue 2"]],
        areas=[["U:rat-red 5@+1"], ["U:rat-blue 9"], ["D:rat-blue 4@-3"]],
    )
    play(s, "face-up rat-red 7", "target p0 card 0")
    d = json.loads(json.dumps(s.to_json()))
    t = state_from_json(d)
    assert t.to_json() == s.to_json()
    assert [t.view(p) for p in range(3)] == [s.view(p) for p in range(3)]
    play(t, "target p1 card 0")
    assert area_cards(t, 1)[0] == "U:rat-red 5@+1"


def test_broken_state_json_is_a_value_error():
    s = new_game("ratjack", players=2, seed=1)
    d = s.to_json()
    d["deck"] = d["deck"][1:]
    with pytest.raises(ValueError, match="24 cards"):
        state_from_json(d)
    d = s.to_json()
    del d["hands"]
    with pytest.raises(ValueError):
        state_from_json(d)

"""Hacktrick rules from concrete positions (game/rules/hacktrick/RULES.md)."""

import json

import pytest

from game.rules import IllegalAction, new_game
from game.rules.hacktrick import LINES, SQUARE, Action
from game.rules.hacktrick.state import CAPTURED, PHASE_DECLARE, PHASE_MAIN, PHASE_OPEN, SPENT, SUPPLY

from .hacktrick_positions import position, strs

A = Action.parse


# ---------------------------------------------------------------- the board
def test_magic_square_lines_are_the_triples_summing_to_15():
    from itertools import combinations

    triples = {frozenset(t) for t in combinations(range(1, 10), 3) if sum(t) == 15}
    assert {frozenset(line) for line in LINES} == triples
    assert len(LINES) == 8
    assert SQUARE == ((4, 9, 2), (3, 5, 7), (8, 1, 6))


# ---------------------------------------------------------------- setup
def test_deal_sets_two_aside_and_gives_the_dealer_four_cards():
    s = new_game("hacktrick", seed=11)
    d = s.dealer
    assert len(s.aside) == 2
    assert len(s.hands[d]) == 4 and len(s.hands[1 - d]) == 3
    assert len(s.deck) == 18 - 2 - 7
    assert s.phase == PHASE_OPEN and s.current_player == d
    assert all(a.kind == "open" for a in s.legal_actions())


def test_first_dealer_is_random_but_seeded():
    dealers = {new_game("hacktrick", seed=k).dealer for k in range(40)}
    assert dealers == {0, 1}
    assert new_game("hacktrick", seed=5).dealer == new_game("hacktrick", seed=5).dealer


def test_opening_places_no_marker_and_announces_both_sums():
    s = new_game("hacktrick", seed=3)
    d = s.dealer
    card = s.hands[d][0]
    events = s.apply(Action("open", card))
    assert s.row == [card]
    assert all(c == [] for c in s.view(0)["board"])
    assert s.normal == [9, 9]
    announced = [e for e in events if e["type"] == "sums_announced"][0]["sums"]
    assert announced == [sum(s.hands[0]), sum(s.hands[1])]
    assert s.current_player == 1 - d and s.phase == PHASE_MAIN
    assert {a["player"] for a in s.view(0)["announced"]} == {0, 1}


def test_dealer_alternates_every_hand():
    s = position(hands=([4], [1, 1]), row=[0], board={4: (0, 2)}, player=0, dealer=1)
    events = s.apply(A("play 4"))
    assert any(e["type"] == "hand_won" and e["player"] == 0 for e in events)
    assert s.dealer == 0 and s.hand_number == 2
    assert s.current_player == 0 and s.phase == PHASE_OPEN


# ---------------------------------------------------------------- playing
def test_seed_worked_example_row_ends_in_4_hand_3_4_2():
    s = position(hands=([3, 4, 2], [1, 1, 5]), row=[1, 4], player=0)
    legal = strs(s)
    assert "play 4" not in legal and "play 4 x2" not in legal
    assert "play 3" in legal and "play 2" in legal
    with pytest.raises(IllegalAction, match="differ from the rightmost"):
        s.apply(A("play 4"))
    events = s.apply(A("play 2"))
    assert {"type": "marker_placed", "player": 0, "cell": 6, "x2": False} in events
    assert s.cell_owner[6] == 0 and s.cell_count[6] == 1
    assert s.row == [1, 4, 2]


def test_marker_choice_normal_or_x2_while_x2_in_supply():
    s = position(hands=([3], [1]), row=[1], player=0)
    assert strs(s) == ["play 3", "play 3 x2", "draw"]
    s.apply(A("play 3 x2"))
    assert s.x2_loc[0] == 4 and s.normal[0] == 9
    assert s.view(1)["board"][3] == [{"owner": 0, "x2": True}]
    s2 = position(hands=([3], [1]), row=[1], player=0, x2_loc=(7, SUPPLY))
    assert strs(s2) == ["play 3", "draw"]
    s3 = position(hands=([3], [1]), row=[1], player=0, normal=(0, 9))
    assert strs(s3) == ["play 3 x2", "draw"]


def test_playing_captures_every_opponent_marker_on_the_cell_including_x2():
    s = position(hands=([3], [1]), row=[2], player=0, board={5: (1, 2)}, x2_loc=(SUPPLY, 5))
    events = s.apply(A("play 3"))
    cap = [e for e in events if e["type"] == "markers_captured"][0]
    assert cap["count"] == 2 and cap["x2"] is True
    assert s.captured[0] == 2 and s.x2_loc[1] == CAPTURED
    assert s.cell_owner[5] == 0 and s.cell_count[5] == 1
    assert s.view(1)["supply"][1]["x2"] is False


def test_draw_only_below_the_hand_limit():
    s = position(hands=([1, 2, 3, 5], [0]), row=[4], player=0)
    assert "draw" not in strs(s)
    with pytest.raises(IllegalAction, match="4 cards"):
        s.apply(A("draw"))
    s = position(hands=([1, 2, 3], [0]), row=[4], player=0)
    assert "draw" in strs(s)
    top = s.deck[-1]
    events = s.apply(A("draw"))
    assert sorted(s.hands[0]) == sorted([1, 2, 3, top])
    drawn = [e for e in events if e["type"] == "card_drawn"][0]
    assert drawn["visible_to"] == [0]
    assert s.current_player == 1 and s.phase == PHASE_MAIN  # drawing ends the turn: no declaration


def test_empty_deck_is_rebuilt_from_the_row_except_the_rightmost():
    s = position(
        hands=([1, 2], [0, 0, 0, 1]), row=[5, 4, 5, 4, 5, 3, 4, 3, 2, 3], aside=(1, 2), deck=[], player=0
    )
    assert sorted(s.aside + s.row + s.hands[0] + s.hands[1]) == sorted(v for v in range(6) for _ in range(3))
    events = s.apply(A("draw"))
    assert any(e["type"] == "deck_rebuilt" and e["size"] == 9 for e in events)
    assert s.row == [3]
    assert len(s.deck) == 8 and len(s.hands[0]) == 3


def test_no_playable_card_forces_a_draw_without_reveal():
    s = position(hands=([4, 4], [0, 1, 2]), row=[1, 4], player=0)
    assert strs(s) == ["draw"]
    events = s.apply(A("draw"))
    assert not any(e["type"] == "hand_revealed" for e in events)
    assert s.revealed == []


# ---------------------------------------------------------------- Ask the Sum
def test_ask_the_sum_spends_a_captured_marker_and_announces_the_sum():
    s = position(hands=([3], [1, 2, 5]), row=[1], player=0, captured=(1, 0))
    assert strs(s)[0] == "ask"
    events = s.apply(A("ask"))
    assert {"type": "sum_asked", "player": 0, "of": 1, "sum": 8, "revealed_to": [0]} in events
    assert s.captured[0] == 0 and s.spent_captured[0] == 1
    assert "ask" not in strs(s)
    assert s.view(1)["announced"][-1] == {"player": 1, "sum": 8, "by": "ask"}
    assert s.current_player == 0  # still the main action to do


def test_ask_needs_a_captured_marker_and_only_once_per_turn():
    s = position(hands=([3], [1, 2, 5]), row=[1], player=0)
    with pytest.raises(IllegalAction, match="captured"):
        s.apply(A("ask"))
    s = position(hands=([3], [1, 2, 5]), row=[1], player=0, captured=(2, 0))
    s.apply(A("ask"))
    with pytest.raises(IllegalAction, match="once per turn"):
        s.apply(A("ask"))


def test_ask_spends_the_captured_x2_only_as_the_last_captured_marker():
    s = position(hands=([3], [1, 2, 5]), row=[1], player=0, captured=(2, 0), x2_loc=(SUPPLY, CAPTURED))
    s.apply(A("ask"))
    assert s.x2_loc[1] == CAPTURED and s.captured[0] == 1
    s.apply(A("play 3"))
    s.apply(A("pass"))
    s.apply(s.legal_actions()[-1])  # player 1 draws or plays; give the turn back
    if s.phase == PHASE_DECLARE:
        s.apply(A("pass"))
    s.apply(A("ask"))
    assert s.x2_loc[1] == SPENT and s.captured[0] == 0


# ---------------------------------------------------------------- declarations
def test_declarations_only_in_a_turn_with_a_play():
    s = position(hands=([3], [1, 2]), row=[1], player=0)
    assert "play!" not in strs(s) and "pass" not in strs(s)
    with pytest.raises(IllegalAction, match="right after playing"):
        s.apply(A("play!"))
    s.apply(A("play 3"))
    assert strs(s) == ["pass", "play!", "guard!"]


def test_play_command_forces_the_opponent_to_play():
    s = position(hands=([3, 5], [1, 2]), row=[1], player=0)
    s.apply(A("play 3"))
    s.apply(A("play!"))
    assert s.spent_own[0] == 1 and s.normal[0] == 7
    assert s.must_play[1]
    assert "draw" not in strs(s)
    with pytest.raises(IllegalAction, match="must play"):
        s.apply(A("draw"))
    s.apply(A("play 1"))
    s.apply(A("pass"))
    assert not s.must_play[1]


def test_play_command_without_a_playable_card_reveals_the_hand_then_draws():
    s = position(hands=([3, 5], [3, 3]), row=[1], player=0)
    s.apply(A("play 3"))
    s.apply(A("play!"))
    assert strs(s) == ["draw"]
    events = s.apply(A("draw"))
    rev = [e for e in events if e["type"] == "hand_revealed"][0]
    assert rev["cards"] == [3, 3] and "visible_to" not in rev
    assert s.view(0)["revealed"] == [{"player": 1, "cards": [3, 3]}]
    assert len(s.hands[1]) == 3 and s.current_player == 0


def test_guard_forbids_play_command_on_the_next_turn_only():
    s = position(hands=([3, 5, 0], [1, 2, 4]), row=[1], player=0)
    s.apply(A("play 3"))
    s.apply(A("guard!"))
    assert s.guarded[1]
    s.apply(A("play 1"))
    assert strs(s) == ["pass", "guard!"]
    with pytest.raises(IllegalAction, match="Guard!"):
        s.apply(A("play!"))
    s.apply(A("pass"))
    s.apply(A("play 5"))
    s.apply(A("pass"))
    s.apply(A("play 2"))
    assert "play!" in strs(s)


def test_declaration_pays_a_normal_marker_before_the_x2():
    s = position(hands=([3, 5], [1, 2]), row=[1], player=0, normal=(2, 9))
    s.apply(A("play 3"))
    s.apply(A("guard!"))
    assert s.normal[0] == 0 and s.x2_loc[0] == SUPPLY


def test_paying_the_last_own_marker_loses_the_hand_at_once():
    s = position(hands=([3, 5], [1, 2]), row=[1], player=0, normal=(1, 9), x2_loc=(8, SUPPLY))
    s.apply(A("play 3"))  # last normal marker onto cell 4; x2 is on cell 8 → exhausted
    assert s.scores == (0, 1)  # placing the last marker without a win loses at once
    s = position(hands=([3, 5], [1, 2]), row=[1], player=0, normal=(1, 9))
    s.apply(A("play 3"))
    events = s.apply(A("play!"))  # pays with the x2, the last own marker
    won = [e for e in events if e["type"] == "hand_won"][0]
    assert won["player"] == 1 and won["reason"] == "exhausted" and won["points"] == 1
    assert s.scores == (0, 1)


def test_captured_markers_never_pay_for_a_declaration():
    s = position(
        hands=([3, 5], [1, 2]), row=[1], player=0, normal=(1, 9), x2_loc=(8, SUPPLY), captured=(4, 0)
    )
    s.apply(A("play 3"))
    assert s.scores == (0, 1)  # captured markers do not count against exhaustion


# ---------------------------------------------------------------- ending a hand
def test_triple_on_a_cell_wins_the_hand():
    s = position(hands=([3], [1]), row=[1], player=0, board={4: (0, 2)})
    events = s.apply(A("play 3"))
    won = [e for e in events if e["type"] == "hand_won"][0]
    assert won == {
        "type": "hand_won",
        "player": 0,
        "points": 1,
        "reason": "triple",
        "cells": [4],
        "scores": [1, 0],
    }


def test_line_wins_the_hand():
    s = position(hands=([3], [2]), row=[0], player=1, board={4: (1, 1), 9: (1, 1)}, dealer=0)
    events = s.apply(A("play 2"))  # 0 + 2 = cell 2: line 4-9-2
    won = [e for e in events if e["type"] == "hand_won"][0]
    assert won["player"] == 1 and won["reason"] == "line" and won["cells"] == [4, 9, 2]


def test_a_win_on_the_last_marker_beats_exhaustion():
    s = position(hands=([3], [1]), row=[1], player=0, board={4: (0, 2)}, normal=(1, 9), x2_loc=(9, SUPPLY))
    events = s.apply(A("play 3"))
    assert [e["reason"] for e in events if e["type"] == "hand_won"] == ["triple"]
    assert s.scores == (1, 0)


def test_x2_on_the_formation_placed_earlier_scores_two():
    s = position(hands=([3], [1]), row=[1], player=0, board={4: (0, 2)}, x2_loc=(4, SUPPLY))
    s.apply(A("play 3"))
    assert s.scores == (2, 0)


def test_x2_placed_as_the_final_marker_scores_one():
    s = position(hands=([3], [1]), row=[1], player=0, board={4: (0, 2)})
    s.apply(A("play 3 x2"))
    assert s.scores == (1, 0)


def test_x2_elsewhere_on_the_board_does_not_double():
    s = position(hands=([3], [1]), row=[1], player=0, board={4: (0, 2), 7: (0, 1)}, x2_loc=(7, SUPPLY))
    s.apply(A("play 3"))
    assert s.scores == (1, 0)


def test_several_formations_at_once_score_the_best():
    # Placing on 5 completes the triple on 5 and line 4-5-6 (x2 on 6): the line scores 2.
    s = position(
        hands=([3], [1]), row=[2], player=0, board={5: (0, 2), 4: (0, 1), 6: (0, 1)}, x2_loc=(6, SUPPLY)
    )
    events = s.apply(A("play 3"))
    won = [e for e in events if e["type"] == "hand_won"][0]
    assert won["points"] == 2 and won["reason"] == "line" and 6 in won["cells"]


def test_game_ends_at_the_target_score():
    s = position(hands=([3], [1]), row=[1], player=0, board={4: (0, 2)}, scores=(4, 3))
    events = s.apply(A("play 3"))
    assert s.is_terminal and s.current_player is None
    assert s.returns() == (1.0, 0.0)
    assert events[-1] == {"type": "game_over", "winners": [0], "scores": [5, 3]}
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply(A("draw"))


def test_target_option():
    s = new_game("hacktrick", seed=1, target=1)
    assert s.target == 1
    for bad in (0, 10, "5", 2.5, True):
        with pytest.raises(ValueError, match="target"):
            new_game("hacktrick", seed=1, target=bad)


# ---------------------------------------------------------------- illegal input
@pytest.mark.parametrize("bad", ["play 4", "play 5", "open 3", "ask", "play!", "pass", "guard!", "draw"])
def test_illegal_actions_raise_and_change_nothing(bad):
    s = position(hands=([3, 4, 2, 0], [1, 1, 5]), row=[1, 4], player=0)
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as exc:
        s.apply(A(bad))
    assert str(exc.value)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_non_actions_are_rejected():
    s = new_game("hacktrick", seed=1)
    with pytest.raises(IllegalAction):
        s.apply("open 3")
    with pytest.raises(IllegalAction):
        s.apply(None)


def test_action_strings_and_json_round_trip():
    for text in ["open 0", "ask", "play 2", "play 5 x2", "draw", "play!", "guard!", "pass"]:
        a = A(text)
        assert str(a) == text
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    for bad in ["play 6", "play", "jump", "play 2 x3", {"kind": "play", "card": "2"}]:
        with pytest.raises(ValueError):
            A(bad) if isinstance(bad, str) else Action.from_json(bad)
    assert A("draw") != A("pass") and hash(A("play 2")) == hash(Action("play", 2))

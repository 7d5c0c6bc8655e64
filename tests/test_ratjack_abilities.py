"""Each of the 36 Ratjack abilities from a concrete position (game/rules/ratjack/RULES.md)."""

import random

import pytest

from game.rules import IllegalAction, new_game
from game.rules.ratjack.abilities import ABILITIES, HAS_CHOICE
from game.rules.ratjack.card_moves import holders
from game.rules.ratjack.token_moves import reserve_faces

from .ratjack_positions import area_cards, card, play, position, strs

RATS = ("rat-red", "rat-blue")
WEASEL = ("rat-red", "weasel")
RACCOON = ("rat-red", "raccoon")


def test_every_ability_has_a_name_text_and_prompts():
    from game.rules.ratjack.abilities import ABILITIES

    assert len(ABILITIES) == 36
    names = [a.name for a in ABILITIES]
    assert names[:12] == [f"rat {v}" for v in range(1, 13)]
    assert names[12:24] == [f"weasel {v}" for v in range(1, 13)]
    assert names[24:] == [f"raccoon {v}" for v in range(1, 13)]
    for a in ABILITIES:
        assert a.text and len(a.prompts) == len(a.steps)


# ---------------------------------------------------------------- rat
def test_rat1_token_on_one_of_your_face_up_cards():
    s = position(
        decks=RATS,
        hands=[["rat-red 1", "rat-red 2"], ["rat-blue 1"]],
        areas=[["U:rat-red 4", "D:rat-red 5"], ["U:rat-blue 3"]],
    )
    play(s, "face-up rat-red 1")
    assert strs(s) == ["token -1", "token -3", "token -5", "token +10", "token half", "token protected"]
    play(s, "token +10")
    assert strs(s) == ["target p0 card 0", "target p0 card 2"]  # face up, own, token-less
    play(s, "target p0 card 0")
    assert area_cards(s, 0) == ["U:rat-red 4@+10", "D:rat-red 5", "U:rat-red 1"]
    assert s.value(0) == 15
    assert s.phase == "draw" and s.player == 1


def test_rat1_is_not_playable_with_an_empty_reserve():
    s = position(
        decks=RATS,
        hands=[["rat-red 1", "rat-red 2"], ["rat-blue 1"]],
        areas=[
            ["U:rat-red 4@-1", "U:rat-red 5@-3", "U:rat-red 6@-5"],
            ["U:rat-blue 3@zero", "U:rat-blue 4@half", "U:rat-blue 5@blank"],
        ],
    )
    assert "face-up rat-red 1" not in strs(s)
    with pytest.raises(IllegalAction, match="cannot be resolved"):
        play(s, "face-up rat-red 1")


def test_rat2_takes_the_top_discard_face_down():
    s = position(
        decks=RATS,
        hands=[["rat-red 2", "rat-red 3"], ["rat-blue 1"]],
        areas=[[], ["D:rat-blue 2"]],
        discard=["rat-blue 8", "rat-blue 9"],
    )
    play(s, "face-up rat-red 2")
    assert area_cards(s, 0) == ["U:rat-red 2", "D:rat-blue 9"]
    assert s.discard == [card("rat-blue 8")]
    # it was public in the discard pile: everybody knows it
    assert s.view(1)["areas"][0][1]["card"] == {"deck": "rat-blue", "value": 9}


def test_rat2_by_discard_and_flip_takes_back_the_discarded_card():
    s = position(
        decks=RATS,
        hands=[["rat-blue 5", "rat-red 8"], ["rat-blue 1"]],
        areas=[["D:rat-red 2"], []],
        discard=["rat-blue 9"],
    )
    play(s, "flip rat-red 2 discard rat-blue 5")
    assert area_cards(s, 0) == ["U:rat-red 2", "D:rat-blue 5"]
    assert s.discard == [card("rat-blue 9")]


def test_rat2_needs_a_discard():
    s = position(decks=RATS, hands=[["rat-red 2", "rat-red 3"], ["rat-blue 1"]], areas=[[], []])
    assert "face-up rat-red 2" not in strs(s)


def test_rat3_gives_an_extra_turn_after_this_one():
    s = position(decks=RATS, hands=[["rat-red 3", "rat-red 4"], ["rat-blue 1"]], areas=[[], []])
    ev = play(s, "face-up rat-red 3")
    assert any(e["type"] == "extra_turn" for e in ev)
    assert s.player == 0 and s.phase == "draw"
    play(s, "draw deck")
    c = s.hands[0][-1]
    s.apply(next(a for a in s.legal_actions() if a.kind == "face-down" and a.card == c))
    assert s.player == 1


def test_rat4_token_on_another_players_face_down_card():
    s = position(
        decks=RATS,
        hands=[["rat-red 4", "rat-red 5"], ["rat-blue 1"]],
        areas=[["D:rat-red 6"], ["U:rat-blue 7", "D:rat-blue 8", "D:rat-blue 9@+5"]],
    )
    play(s, "face-up rat-red 4", "token -3")
    assert strs(s) == ["target p1 card 1"]
    play(s, "target p1 card 1")
    assert area_cards(s, 1)[1] == "D:rat-blue 8@-3"


def test_rat5_looks_at_a_card_only_the_looker_learns_it():
    s = position(
        3,
        RATS,
        hands=[["rat-red 5", "rat-red 6"], ["rat-blue 1"], ["rat-blue 2"]],
        areas=[[], ["D:rat-blue 7", "D:rat-blue 8@protected", "U:rat-blue 9"], []],
    )
    play(s, "face-up rat-red 5")
    assert strs(s) == ["target p1 card 0"]
    ev = play(s, "target p1 card 0")
    peek = next(e for e in ev if e["type"] == "card_peeked")
    assert peek["visible_to"] == [0]
    assert s.view(0)["areas"][1][0]["card"] == {"deck": "rat-blue", "value": 7}
    assert s.view(2)["areas"][1][0]["card"] is None
    assert s.view(1)["areas"][1][0]["card"] == {"deck": "rat-blue", "value": 7}


def test_rat6_flips_and_resolves_and_skips_unresolvable_cards():
    # rat-red 5 cannot be resolved (no face-down card of another player), rat-red 3 can
    s = position(
        decks=RATS,
        hands=[["rat-blue 6", "rat-blue 10"], ["rat-blue 1"]],
        areas=[["D:rat-red 5", "D:rat-red 3", "D:rat-red 9@locked"], ["U:rat-blue 2"]],
    )
    play(s, "face-up rat-blue 6")
    assert strs(s) == ["target p0 card 1"]
    ev = play(s, "target p0 card 1")
    assert area_cards(s, 0) == ["D:rat-red 5", "U:rat-red 3", "D:rat-red 9@locked", "U:rat-blue 6"]
    assert s.player == 0 and s.phase == "draw"
    assert {"type": "turn_started", "player": 0, "extra": True} in ev


def test_rat6_chains_into_an_ability_with_its_own_decisions():
    s = position(
        decks=RATS,
        hands=[["rat-blue 6", "rat-blue 10"], ["rat-blue 3"]],
        areas=[["D:rat-red 1"], ["U:rat-blue 2"]],
    )
    play(s, "face-up rat-blue 6", "target p0 card 0")
    assert s.phase == "ability" and s.view(0)["pending"]["ability"] == "rat 1"
    play(s, "token +10")
    assert strs(s) == ["target p0 card 0", "target p0 card 1"]
    play(s, "target p0 card 1")
    assert s.value(0) == 1 + 16


def test_rat6_is_not_playable_without_a_resolvable_face_down_card():
    s = position(
        decks=RATS,
        hands=[["rat-blue 6", "rat-blue 10"], ["rat-blue 3"]],
        areas=[["D:rat-red 5"], ["U:rat-blue 2"]],
    )
    assert "face-up rat-blue 6" not in strs(s)


def test_rat7_swaps_one_of_your_other_face_up_cards():
    s = position(
        decks=RATS,
        hands=[["rat-red 7", "rat-red 8"], ["rat-blue 1"]],
        areas=[["U:rat-red 10@+1", "D:rat-red 3"], ["U:rat-blue 2", "U:rat-blue 9@protected"]],
    )
    play(s, "face-up rat-red 7")
    assert strs(s) == ["target p0 card 0"]  # not the rat 7 itself, not face down
    play(s, "target p0 card 0")
    assert strs(s) == ["target p1 card 0"]
    play(s, "target p1 card 0")
    assert area_cards(s, 0) == ["U:rat-blue 2", "D:rat-red 3", "U:rat-red 7"]
    assert area_cards(s, 1) == ["U:rat-red 10@+1", "U:rat-blue 9@protected"]
    assert s.values() == [9, 20]


def test_rat7_needs_another_face_up_card_of_yours():
    s = position(
        decks=RATS,
        hands=[["rat-red 7", "rat-red 8"], ["rat-blue 1"]],
        areas=[["D:rat-red 3"], ["U:rat-blue 2"]],
    )
    assert "face-up rat-red 7" not in strs(s)


def test_rat8_token_on_any_of_your_cards():
    s = position(
        decks=RATS,
        hands=[["rat-red 8", "rat-red 9"], ["rat-blue 1"]],
        areas=[["D:rat-red 4", "U:rat-red 5@-1"], ["U:rat-blue 2"]],
    )
    play(s, "face-up rat-red 8", "token half")
    assert strs(s) == ["target p0 card 0", "target p0 card 2"]
    play(s, "target p0 card 2")
    assert s.value(0) == 4 + 4


def test_rat9_moves_a_token_from_another_players_card():
    s = position(
        decks=RATS,
        hands=[["rat-red 9", "rat-red 8"], ["rat-blue 1"]],
        areas=[["U:rat-red 2"], ["U:rat-blue 5@+5", "U:rat-blue 6@protected", "U:rat-blue 7"]],
    )
    play(s, "face-up rat-red 9")
    assert strs(s) == ["target p1 card 0", "target p1 card 1"]  # a protected card's token still can
    play(s, "target p1 card 0")
    assert strs(s) == ["target p0 card 0", "target p0 card 1"]
    play(s, "target p0 card 0")
    assert area_cards(s, 0) == ["U:rat-red 2@+5", "U:rat-red 9"]
    assert s.values() == [16, 18]


def test_rat10_turns_another_players_face_up_card_down():
    s = position(
        decks=RATS,
        hands=[["rat-red 10", "rat-red 8"], ["rat-blue 1"]],
        areas=[[], ["U:rat-blue 5", "U:rat-blue 6@locked", "U:rat-blue 7@protected"]],
    )
    play(s, "face-up rat-red 10")
    assert strs(s) == ["target p1 card 0"]
    play(s, "target p1 card 0")
    assert area_cards(s, 1)[0] == "D:rat-blue 5"
    assert s.view(0)["areas"][1][0]["card"] == {"deck": "rat-blue", "value": 5}  # it was face up
    assert s.value(1) == 13


def test_rat11_discards_the_top_two_deck_cards():
    s = position(
        decks=RATS,
        hands=[["rat-red 11", "rat-red 8"], ["rat-blue 1"]],
        areas=[[], []],
        deck=["rat-blue 3", "rat-blue 4"],
    )
    n = len(s.deck)
    play(s, "face-up rat-red 11")
    assert len(s.deck) == n - 2 and s.discard[-2:] == [card("rat-blue 4"), card("rat-blue 3")]


def test_rat11_needs_two_deck_cards():
    s = position(
        decks=RATS,
        hands=[["rat-red 11", "rat-red 8"], ["rat-blue 1"]],
        areas=[[], []],
        deck=["rat-blue 3"],
        rest="discard",
    )
    assert "face-up rat-red 11" not in strs(s)


def test_rat12_turns_another_players_face_down_card_up_without_ability():
    s = position(
        decks=RATS,
        hands=[["rat-red 12", "rat-red 8"], ["rat-blue 1"]],
        areas=[[], ["D:rat-blue 3", "D:rat-blue 6@locked", "D:rat-blue 7@protected"]],
    )
    play(s, "face-up rat-red 12")
    assert strs(s) == ["target p1 card 0"]
    play(s, "target p1 card 0")
    assert area_cards(s, 1)[0] == "U:rat-blue 3"
    assert s.extra_turns == 0 and s.player == 1  # rat 3's ability did not happen


# ---------------------------------------------------------------- weasel
def test_weasel1_exchanges_hands_and_both_know_them():
    s = position(
        3, WEASEL, hands=[["weasel 1", "rat-red 3"], ["rat-red 4"], ["rat-red 5"]], areas=[[], [], []]
    )
    play(s, "face-up weasel 1")
    assert strs(s) == ["target p1", "target p2"]
    play(s, "target p1")
    assert s.hands[0] == [card("rat-red 4")] and s.hands[1] == [card("rat-red 3")]
    assert s.view(0)["known_hands"][1] == [{"deck": "rat-red", "value": 3}]
    assert s.view(1)["known_hands"][0] == [{"deck": "rat-red", "value": 4}]
    assert s.view(2)["known_hands"][1] == []


def test_weasel2_returns_any_token_even_from_a_protected_card():
    s = position(
        decks=WEASEL,
        hands=[["weasel 2", "rat-red 3"], ["rat-red 4"]],
        areas=[["U:rat-red 6@+5"], ["U:rat-red 5@protected", "D:rat-red 7"]],
    )
    play(s, "face-up weasel 2")
    assert strs(s) == ["target p0 card 0", "target p1 card 0"]
    play(s, "target p1 card 0")
    assert "protected" in reserve_faces(s) and area_cards(s, 1)[0] == "U:rat-red 5"


def test_weasel3_gives_the_drawn_card_face_down_to_another_player():
    s = position(
        3,
        WEASEL,
        hands=[["weasel 3", "rat-red 3"], ["rat-red 4"], ["rat-red 5"]],
        areas=[[], [], []],
        deck=["rat-red 12"],
    )
    ev = play(s, "face-up weasel 3")
    drawn = next(e for e in ev if e["type"] == "card_drawn")
    assert drawn["visible_to"] == [0]
    assert s.view(0)["pending"]["drawn"] == {"deck": "rat-red", "value": 12}
    assert "drawn" not in s.view(1)["pending"]
    assert strs(s) == ["target p1", "target p2", "discard rat-red 12"]
    play(s, "target p1")
    assert area_cards(s, 1) == ["D:rat-red 12"]
    assert s.view(1)["areas"][1][0]["card"] == {"deck": "rat-red", "value": 12}
    assert s.view(0)["areas"][1][0]["card"] == {"deck": "rat-red", "value": 12}
    assert s.view(2)["areas"][1][0]["card"] is None


def test_weasel3_may_discard_the_drawn_card():
    s = position(
        decks=WEASEL, hands=[["weasel 3", "rat-red 3"], ["rat-red 4"]], areas=[[], []], deck=["rat-red 12"]
    )
    play(s, "face-up weasel 3", "discard rat-red 12")
    assert s.discard[-1] == card("rat-red 12") and s.drawn_card == -1


def test_weasel4_token_on_any_face_down_card():
    s = position(
        decks=WEASEL,
        hands=[["weasel 4", "rat-red 3"], ["rat-red 4"]],
        areas=[["D:rat-red 1"], ["D:rat-red 2", "U:rat-red 5"]],
    )
    play(s, "face-up weasel 4", "token -5")
    assert strs(s) == ["target p0 card 0", "target p1 card 0"]
    play(s, "target p0 card 0")
    assert area_cards(s, 0)[0] == "D:rat-red 1@-5"


def test_weasel5_turns_one_of_your_cards_over_without_ability():
    s = position(
        decks=WEASEL,
        hands=[["weasel 5", "rat-red 3"], ["rat-red 4"]],
        areas=[["U:rat-red 8", "D:rat-red 2", "U:rat-red 5@locked"], []],
        discard=["rat-red 9"],
    )
    play(s, "face-up weasel 5")
    assert strs(s) == ["target p0 card 0", "target p0 card 1", "target p0 card 3"]
    play(s, "target p0 card 1")
    assert area_cards(s, 0)[1] == "U:rat-red 2"
    assert s.discard == [card("rat-red 9")]  # rat 2's ability did not happen
    s2 = position(decks=WEASEL, hands=[["weasel 5", "rat-red 3"], ["rat-red 4"]], areas=[["U:rat-red 8"], []])
    play(s2, "face-up weasel 5", "target p0 card 0")
    assert area_cards(s2, 0) == ["D:rat-red 8", "U:weasel 5"] and s2.value(0) == 5


def test_weasel6_takes_another_players_face_up_card():
    s = position(
        decks=WEASEL,
        hands=[["weasel 6", "rat-red 3"], ["rat-red 4"]],
        areas=[[], ["U:rat-red 9@+1", "U:rat-red 10@protected", "D:rat-red 11"]],
    )
    play(s, "face-up weasel 6")
    assert strs(s) == ["target p1 card 0"]
    play(s, "target p1 card 0")
    assert area_cards(s, 0) == ["U:weasel 6", "U:rat-red 9@+1"]
    assert s.values() == [16, 10]


def test_weasel7_exchanges_your_token_with_a_reserve_token():
    s = position(
        decks=WEASEL,
        hands=[["weasel 7", "rat-red 3"], ["rat-red 4"]],
        areas=[["U:rat-red 5@-5"], ["U:rat-red 6@blank"]],
    )
    play(s, "face-up weasel 7")
    assert strs(s) == ["target p0 card 0"]
    play(s, "target p0 card 0")
    assert strs(s) == ["token -1", "token -3", "token +10", "token half"]
    play(s, "token +10")
    assert area_cards(s, 0)[0] == "U:rat-red 5@+10" and "-5" in reserve_faces(s)
    assert s.value(0) == 15 + 7


def test_weasel8_swaps_the_tokens_of_two_cards():
    s = position(
        decks=WEASEL,
        hands=[["weasel 8", "rat-red 3"], ["rat-red 4"]],
        areas=[["U:rat-red 5@-5"], ["U:rat-red 9@double"]],
    )
    play(s, "face-up weasel 8")
    assert strs(s) == ["target p0 card 0", "target p1 card 0"]
    play(s, "target p1 card 0")
    assert strs(s) == ["target p0 card 0"]
    play(s, "target p0 card 0")
    assert area_cards(s, 0)[0] == "U:rat-red 5@double" and area_cards(s, 1)[0] == "U:rat-red 9@-5"
    assert s.values() == [18, 4]


def test_weasel8_needs_two_tokens_on_cards():
    s = position(
        decks=WEASEL,
        hands=[["weasel 8", "rat-red 3"], ["rat-red 4"]],
        areas=[["U:rat-red 5@-5"], ["U:rat-red 9"]],
    )
    assert "face-up weasel 8" not in strs(s)


def test_weasel9_discards_the_top_three_deck_cards():
    s = position(
        decks=WEASEL,
        hands=[["weasel 9", "rat-red 3"], ["rat-red 4"]],
        areas=[[], []],
        deck=["rat-red 1", "rat-red 2", "rat-red 5"],
        rest="discard",
    )
    ev = play(s, "face-up weasel 9")
    milled = next(e for e in ev if e["type"] == "cards_milled")
    assert milled["cards"] == [{"deck": "rat-red", "value": v} for v in (5, 2, 1)]
    assert milled["deck_size"] == 0
    assert any(e["type"] == "round_ended" and e["reason"] == "deck empty" for e in ev)
    s2 = position(
        decks=WEASEL,
        hands=[["weasel 9", "rat-red 3"], ["rat-red 4"]],
        areas=[[], []],
        deck=["rat-red 1", "rat-red 2"],
        rest="discard",
    )
    assert "face-up weasel 9" not in strs(s2)


def test_weasel10_returns_the_token_of_your_face_up_card():
    s = position(
        decks=WEASEL,
        hands=[["weasel 10", "rat-red 3"], ["rat-red 4"]],
        areas=[["U:rat-red 5@+5", "D:rat-red 6@-1"], ["U:rat-red 7@-3"]],
    )
    play(s, "face-up weasel 10")
    assert strs(s) == ["target p0 card 0"]
    play(s, "target p0 card 0")
    assert area_cards(s, 0)[0] == "U:rat-red 5" and "+5" in reserve_faces(s)


def test_weasel11_discards_one_of_your_face_down_cards_and_its_token():
    s = position(
        decks=WEASEL,
        hands=[["weasel 11", "rat-red 3"], ["rat-red 4"]],
        areas=[["D:rat-red 6@-1", "D:rat-red 7@locked", "U:rat-red 8"], []],
    )
    play(s, "face-up weasel 11")
    assert strs(s) == ["target p0 card 0"]
    play(s, "target p0 card 0")
    assert s.discard[-1] == card("rat-red 6") and "-1" in reserve_faces(s)
    assert area_cards(s, 0) == ["D:rat-red 7@locked", "U:rat-red 8", "U:weasel 11"]


def test_weasel12_takes_a_token_from_the_reserve_or_another_player():
    s = position(
        decks=WEASEL,
        hands=[["weasel 12", "rat-red 3"], ["rat-red 4"]],
        areas=[["D:rat-red 1"], ["U:rat-red 9@+5"]],
    )
    play(s, "face-up weasel 12")
    assert strs(s) == [
        "token -1",
        "token -3",
        "token +10",
        "token half",
        "token protected",
        "target p1 card 0",
    ]
    play(s, "target p1 card 0")
    assert strs(s) == ["target p0 card 0", "target p0 card 1"]
    play(s, "target p0 card 1")
    assert area_cards(s, 0)[1] == "U:weasel 12@+5" and area_cards(s, 1) == ["U:rat-red 9"]
    s2 = position(
        decks=WEASEL, hands=[["weasel 12", "rat-red 3"], ["rat-red 4"]], areas=[["D:rat-red 1"], []]
    )
    play(s2, "face-up weasel 12", "token -1", "target p0 card 0")
    assert area_cards(s2, 0)[0] == "D:rat-red 1@-1"


# ---------------------------------------------------------------- raccoon
def test_raccoon1_discards_another_players_face_up_card():
    s = position(
        decks=RACCOON,
        hands=[["raccoon 1", "rat-red 3"], ["rat-red 4"]],
        areas=[[], ["U:rat-red 9@+1", "U:rat-red 10@locked", "U:rat-red 11@protected"]],
    )
    play(s, "face-up raccoon 1")
    assert strs(s) == ["target p1 card 0"]
    play(s, "target p1 card 0")
    assert s.discard[-1] == card("rat-red 9") and "+1" in reserve_faces(s)
    assert s.value(1) == 21


def test_raccoon2_swaps_your_face_down_card_with_their_face_up_card():
    s = position(
        3,
        RACCOON,
        hands=[["raccoon 2", "rat-red 3"], ["rat-red 4"], ["rat-red 5"]],
        areas=[["D:rat-red 7"], ["U:rat-red 9", "D:rat-red 8"], []],
    )
    play(s, "face-up raccoon 2")
    assert strs(s) == ["target p0 card 0"]
    play(s, "target p0 card 0")
    assert strs(s) == ["target p1 card 0"]
    play(s, "target p1 card 0")
    assert area_cards(s, 0) == ["U:rat-red 9", "U:raccoon 2"]
    assert area_cards(s, 1) == ["D:rat-red 7", "D:rat-red 8"]
    assert s.view(1)["areas"][1][0]["card"] == {"deck": "rat-red", "value": 7}
    assert s.view(0)["areas"][1][0]["card"] == {"deck": "rat-red", "value": 7}
    assert s.view(2)["areas"][1][0]["card"] is None
    assert s.values() == [11, 0, 0]


def test_raccoon3_puts_your_hand_card_face_up_then_draws():
    s = position(
        decks=RACCOON, hands=[["raccoon 3", "rat-red 4"], ["rat-red 5"]], areas=[[], []], deck=["rat-red 12"]
    )
    play(s, "face-up raccoon 3")
    assert area_cards(s, 0) == ["U:raccoon 3", "U:rat-red 4"]
    assert s.hands[0] == [card("rat-red 12")] and s.value(0) == 7
    assert s.extra_turns == 0  # rat 4's ability did not happen either


def test_raccoon4_takes_another_players_face_down_card_face_up():
    s = position(
        decks=RACCOON,
        hands=[["raccoon 4", "rat-red 3"], ["rat-red 4"]],
        areas=[[], ["D:rat-red 5@+1", "D:rat-red 6@locked", "D:rat-red 7@protected"]],
    )
    play(s, "face-up raccoon 4")
    assert strs(s) == ["target p1 card 0"]
    play(s, "target p1 card 0")
    assert area_cards(s, 0) == ["U:raccoon 4", "U:rat-red 5@+1"]
    assert s.value(0) == 10


def test_raccoon5_puts_the_top_deck_card_face_down_in_your_area():
    s = position(
        3,
        RACCOON,
        hands=[["raccoon 5", "rat-red 3"], ["rat-red 4"], ["rat-red 6"]],
        areas=[[], [], []],
        deck=["rat-red 12"],
    )
    play(s, "face-up raccoon 5")
    assert area_cards(s, 0) == ["U:raccoon 5", "D:rat-red 12"]
    assert holders(s, card("rat-red 12")) == [0]


def test_raccoon6_puts_a_token_on_each_of_two_cards():
    s = position(
        decks=RACCOON,
        hands=[["raccoon 6", "rat-red 3"], ["rat-red 4"]],
        areas=[["U:rat-red 2"], ["D:rat-red 5", "U:rat-red 6@+5"]],
    )
    play(s, "face-up raccoon 6", "token -1")
    assert strs(s) == ["target p0 card 0", "target p0 card 1", "target p1 card 0"]
    play(s, "target p1 card 0", "token +10")
    assert strs(s) == ["target p0 card 0", "target p0 card 1"]
    play(s, "target p0 card 1")
    assert area_cards(s, 0) == ["U:rat-red 2", "U:raccoon 6@+10"]
    assert area_cards(s, 1) == ["D:rat-red 5@-1", "U:rat-red 6@+5"]


def test_raccoon6_needs_two_reserve_tokens():
    s = position(
        decks=RACCOON,
        hands=[["raccoon 6", "rat-red 3"], ["rat-red 4"]],
        areas=[
            ["U:rat-red 2@-1", "U:rat-red 5@-3", "U:rat-red 6@-5"],
            ["U:rat-red 7@+10", "U:rat-red 8@half", "D:rat-red 9"],
        ],
    )
    assert "face-up raccoon 6" not in strs(s)


def test_raccoon7_turns_two_face_down_cards_up_without_abilities():
    s = position(
        decks=RACCOON,
        hands=[["raccoon 7", "rat-red 3"], ["rat-red 4"]],
        areas=[["D:rat-red 2", "D:rat-red 1@locked"], ["D:rat-red 5", "D:rat-red 6@protected"]],
        discard=["rat-red 12"],
    )
    play(s, "face-up raccoon 7")
    assert strs(s) == ["target p0 card 0"]
    play(s, "target p0 card 0")
    assert strs(s) == ["target p1 card 0"]
    play(s, "target p1 card 0")
    assert area_cards(s, 0)[0] == "U:rat-red 2" and area_cards(s, 1)[0] == "U:rat-red 5"
    assert s.discard == [card("rat-red 12")]


def test_raccoon8_token_on_your_card_and_on_another_players_card():
    s = position(
        decks=RACCOON,
        hands=[["raccoon 8", "rat-red 3"], ["rat-red 4"]],
        areas=[["D:rat-red 2"], ["U:rat-red 5"]],
    )
    play(s, "face-up raccoon 8", "token -3")
    assert strs(s) == ["target p0 card 0", "target p0 card 1"]
    play(s, "target p0 card 1", "token +10")
    assert strs(s) == ["target p1 card 0"]
    play(s, "target p1 card 0")
    assert s.values() == [5, 15]


def test_raccoon9_takes_the_top_discard_face_up():
    s = position(
        decks=RACCOON,
        hands=[["raccoon 9", "rat-red 3"], ["rat-red 4"]],
        areas=[[], []],
        discard=["rat-red 11", "rat-red 12"],
    )
    play(s, "face-up raccoon 9")
    assert area_cards(s, 0) == ["U:raccoon 9", "U:rat-red 12"] and s.value(0) == 21
    assert s.extra_turns == 0


def test_raccoon10_draws_then_discards_a_hand_card():
    s = position(
        decks=RACCOON, hands=[["raccoon 10", "rat-red 3"], ["rat-red 4"]], areas=[[], []], deck=["rat-red 12"]
    )
    play(s, "face-up raccoon 10")
    assert strs(s) == ["discard rat-red 3", "discard rat-red 12"]
    play(s, "discard rat-red 3")
    assert s.hands[0] == [card("rat-red 12")] and s.discard[-1] == card("rat-red 3")


def test_raccoon11_token_on_another_players_card():
    s = position(
        decks=RACCOON,
        hands=[["raccoon 11", "rat-red 3"], ["rat-red 4"]],
        areas=[["U:rat-red 2"], ["U:rat-red 5@+5", "D:rat-red 6"]],
    )
    play(s, "face-up raccoon 11", "token -1")
    assert strs(s) == ["target p1 card 1"]
    play(s, "target p1 card 1")
    assert area_cards(s, 1)[1] == "D:rat-red 6@-1"


def test_raccoon12_shuffles_the_top_three_discards_into_the_deck():
    s = position(
        decks=RACCOON,
        hands=[["raccoon 12", "rat-red 3"], ["rat-red 4"]],
        areas=[[], []],
        discard=["rat-red 1", "rat-red 2", "rat-red 5", "rat-red 6"],
    )
    n = len(s.deck)
    play(s, "face-up raccoon 12")
    assert s.discard == [card("rat-red 1")] and len(s.deck) == n + 3
    assert {card("rat-red 2"), card("rat-red 5"), card("rat-red 6")} <= set(s.deck)
    assert all(s.known[c] == 0 for c in s.deck)
    s2 = position(
        decks=RACCOON,
        hands=[["raccoon 12", "rat-red 3"], ["rat-red 4"]],
        areas=[[], []],
        discard=["rat-red 1", "rat-red 2"],
    )
    assert "face-up raccoon 12" not in strs(s2)


# ---------------------------------------------------------------- rulings around abilities
def test_ruling_checks_run_only_when_the_whole_ability_has_resolved():
    # the first token makes p1 exactly 25 for a moment; the second brings them back to 24
    s = position(
        decks=RACCOON,
        hands=[["raccoon 6", "rat-red 3"], ["rat-red 4"]],
        areas=[[], ["U:rat-red 9", "U:rat-red 6"]],
        reserve=["+10", "-1"],
    )
    play(s, "face-up raccoon 6", "token +10", "target p1 card 0")
    assert s.value(1) == 25 and s.phase == "ability"
    ev = play(s, "token -1", "target p1 card 1")
    assert s.value(1) == 24 and s.vp == [0, 0]
    assert not any(e["type"] == "vp_scored" for e in ev)


def test_ruling_weasel5_may_turn_itself_face_down():
    s = position(decks=WEASEL, hands=[["weasel 5", "rat-red 3"], ["rat-red 4"]], areas=[[], []])
    play(s, "face-up weasel 5")
    assert strs(s) == ["target p0 card 0"]
    play(s, "target p0 card 0")
    assert area_cards(s, 0) == ["D:weasel 5"] and s.value(0) == 0


def test_ruling_eliminated_players_cards_are_out_of_play():
    s = position(
        3,
        RATS,
        hands=[["rat-red 10", "rat-red 3"], ["rat-blue 1"], ["rat-blue 2"]],
        areas=[[], ["U:rat-blue 12", "U:rat-blue 11", "U:rat-blue 4"], ["U:rat-blue 5"]],
        eliminated=[False, True, False],
    )
    play(s, "face-up rat-red 10")
    assert strs(s) == ["target p2 card 0"]


def test_ruling_weasel1_only_with_players_still_in_the_round():
    s = position(
        3,
        WEASEL,
        hands=[["weasel 1", "rat-red 3"], ["rat-red 4"], ["rat-red 5"]],
        areas=[[], [], []],
        eliminated=[False, True, False],
    )
    ev = play(s, "face-up weasel 1")
    assert strs(s) == ["target p2"]
    ev = play(s, "target p2")
    received = [e for e in ev if e["type"] == "hand_received"]
    assert [e["player"] for e in received] == [0, 2] and received[0]["visible_to"] == [0, 2]


def test_ruling_extra_turn_is_lost_when_the_deck_runs_out():
    s = position(
        decks=RATS,
        phase="draw",
        hands=[["rat-red 3"], ["rat-blue 1"]],
        areas=[["U:rat-red 12"], ["U:rat-blue 2"]],
        deck=["rat-red 4"],
        rest="discard",
    )
    ev = play(s, "draw deck", "face-up rat-red 3")
    assert any(e["type"] == "round_ended" and e["reason"] == "deck empty" for e in ev)
    assert s.vp == [1, 0] and s.round_no == 2 and s.extra_turns == 0


def test_ruling_a_protected_card_cannot_receive_a_token_from_another_player():
    # a protected card already carries its token, so no other token ability can reach it
    s = position(
        decks=RACCOON,
        hands=[["raccoon 11", "rat-red 3"], ["rat-red 4"]],
        areas=[[], ["U:rat-red 9@protected"]],
    )
    assert "face-up raccoon 11" not in strs(s)


def test_target_steps_say_there_is_a_choice_exactly_when_they_list_one():
    """``HAS_CHOICE[choices]`` (used by the resolvability checks) agrees with the list it stands for."""
    checked = 0
    for seed in range(12):
        s = new_game("ratjack", players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal:
            for ab in ABILITIES:
                for choices, _ in ab.steps:
                    exists = HAS_CHOICE.get(choices)
                    if exists is None:
                        continue
                    for p in range(s.num_players):
                        src = next(iter(s.areas[p]), 0)
                        assert exists(s, p, src) == bool(choices(s, p, src)), (ab.name, p)
                        checked += 1
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert checked > 10_000

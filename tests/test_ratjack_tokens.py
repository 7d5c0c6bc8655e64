"""The 12 Ratjack token faces, their pairs, and the locked / protected / blank rulings."""

import pytest

from game.rules import IllegalAction
from game.rules.ratjack.cards import FACES, MOD, modified_value
from game.rules.ratjack.token_moves import reserve_faces

from .ratjack_positions import area_cards, play, position, strs

RATS = ("rat-red", "rat-blue")


def test_token_pairs_are_the_ruled_front_and_back():
    pairs = [(FACES[2 * t], FACES[2 * t + 1]) for t in range(6)]
    assert pairs == [
        ("-1", "+1"),
        ("-3", "double"),
        ("-5", "+5"),
        ("+10", "zero"),
        ("half", "locked"),
        ("protected", "blank"),
    ]


@pytest.mark.parametrize(
    "face,value,expected",
    [
        ("-1", 8, 7),
        ("-1", 1, 0),
        ("+1", 8, 9),
        ("-3", 8, 5),
        ("-3", 2, 0),
        ("double", 8, 16),
        ("-5", 8, 3),
        ("-5", 4, 0),
        ("+5", 8, 13),
        ("+10", 8, 18),
        ("zero", 8, 0),
        ("half", 8, 4),
        ("half", 7, 4),
        ("half", 1, 1),
        ("locked", 8, 8),
        ("protected", 8, 8),
        ("blank", 8, 8),
    ],
)
def test_each_face_modifies_a_face_up_card(face, value, expected):
    s = position(
        decks=RATS,
        hands=[["rat-blue 1", "rat-blue 2"], ["rat-blue 3"]],
        areas=[[f"U:rat-red {value}@{face}"], []],
    )
    assert s.value(0) == expected
    assert s.view(1)["values"][0] == expected
    assert s.view(1)["areas"][0][0]["token"] == face


def test_mod_table_matches_the_function():
    for f in range(-1, 12):
        for v in range(13):
            assert MOD[f][v] == modified_value(v, f)


def test_face_down_cards_and_their_tokens_count_zero():
    s = position(
        decks=RATS,
        hands=[["rat-blue 1", "rat-blue 2"], ["rat-blue 3"]],
        areas=[["D:rat-red 8@+10", "U:rat-red 4"], []],
    )
    assert s.value(0) == 4


def test_one_token_per_card():
    # rat 8 may only target token-less cards of yours
    s = position(
        decks=RATS,
        hands=[["rat-red 8", "rat-blue 2"], ["rat-blue 3"]],
        areas=[["U:rat-red 4@+1", "U:rat-red 5"], []],
    )
    play(s, "face-up rat-red 8", "token -3")
    assert strs(s) == ["target p0 card 1", "target p0 card 2"]


def test_random_setup_puts_all_six_tokens_in_the_reserve_with_seeded_faces():
    from game.rules import new_game

    faces = set()
    for seed in range(20):
        s = new_game("ratjack", players=2, seed=seed)
        r = reserve_faces(s)
        assert len(r) == 6
        assert [FACES.index(f) // 2 for f in r] == list(range(6))
        assert reserve_faces(new_game("ratjack", players=2, seed=seed)) == r
        faces.update(r)
    assert faces == set(FACES)


# ---------------------------------------------------------------- locked
def test_locked_card_cannot_be_flipped_by_discard_and_flip():
    s = position(
        decks=RATS,
        hands=[["rat-red 8", "rat-blue 2"], ["rat-blue 4"]],
        areas=[["D:rat-blue 3@locked", "D:rat-red 3"], []],
    )
    opts = strs(s)
    assert "flip rat-red 3 discard rat-red 8" in opts
    assert not any(o.startswith("flip rat-blue 3") for o in opts)
    with pytest.raises(IllegalAction, match="locked"):
        play(s, "flip rat-blue 3 discard rat-red 8")


def test_locked_card_cannot_be_turned_or_discarded_by_abilities():
    s = position(
        decks=("rat-red", "raccoon"),
        hands=[["raccoon 1", "rat-red 10"], ["rat-red 3"]],
        areas=[[], ["U:rat-red 5@locked"]],
    )
    assert "face-up raccoon 1" not in strs(s)  # discard it: no
    assert "face-up rat-red 10" not in strs(s)  # turn it face down: no


def test_locked_face_up_card_can_still_be_swapped():
    s = position(
        decks=RATS,
        hands=[["rat-red 7", "rat-blue 2"], ["rat-blue 3"]],
        areas=[["U:rat-red 1"], ["U:rat-blue 9@locked"]],
    )
    play(s, "face-up rat-red 7", "target p0 card 0", "target p1 card 0")
    assert area_cards(s, 0)[0] == "U:rat-blue 9@locked"


# ---------------------------------------------------------------- protected
def test_protected_card_is_skipped_by_other_players_but_not_by_its_owner():
    s = position(
        decks=RATS,
        hands=[["rat-red 10", "rat-blue 2"], ["rat-blue 7"]],
        areas=[["U:rat-red 1"], ["U:rat-blue 9@protected"]],
    )
    assert "face-up rat-red 10" not in strs(s)
    # its owner's rat 7 may swap it away
    s2 = position(
        decks=RATS,
        hands=[["rat-red 7", "rat-blue 2"], ["rat-blue 3"]],
        areas=[["U:rat-red 1@protected"], ["U:rat-blue 9"]],
    )
    play(s2, "face-up rat-red 7", "target p0 card 0", "target p1 card 0")
    assert area_cards(s2, 1)[0] == "U:rat-red 1@protected"


def test_protected_cards_token_can_still_be_taken():
    s = position(
        decks=RATS,
        hands=[["rat-red 9", "rat-blue 2"], ["rat-blue 3"]],
        areas=[[], ["U:rat-blue 9@protected"]],
    )
    play(s, "face-up rat-red 9", "target p1 card 0", "target p0 card 0")
    assert area_cards(s, 0) == ["U:rat-red 9@protected"]
    assert area_cards(s, 1) == ["U:rat-blue 9"]


# ---------------------------------------------------------------- blank
def test_blank_card_has_no_ability_and_can_always_be_flipped():
    # rat 11 with an empty deck could not be resolved, but with blank it has no ability
    s = position(
        decks=RATS,
        hands=[["rat-blue 2", "rat-blue 4"], ["rat-blue 3"]],
        areas=[["D:rat-red 11@blank", "D:rat-red 12"], []],
        deck=["rat-red 1"],
        rest="discard",
    )
    opts = strs(s)
    assert "flip rat-red 11 discard rat-blue 2" in opts
    assert "flip rat-red 12 discard rat-blue 2" not in opts  # no face-down card of p1
    ev = play(s, "flip rat-red 11 discard rat-blue 2")
    assert any(e["type"] == "ability_blank" for e in ev)
    assert s.value(0) == 11 and s.player == 1


def test_blank_token_moved_onto_a_face_up_card_changes_nothing_of_its_value():
    s = position(
        decks=RATS,
        hands=[["rat-red 9", "rat-blue 2"], ["rat-blue 3"]],
        areas=[["U:rat-red 6"], ["U:rat-blue 9@blank"]],
    )
    play(s, "face-up rat-red 9", "target p1 card 0", "target p0 card 0")
    assert s.value(0) == 15

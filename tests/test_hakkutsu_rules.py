"""Hakkutsu!! rules from concrete positions (game/rules/hakkutsu/RULES.md)."""

import json

import pytest

from game.rules import IllegalAction, events_for, new_game
from game.rules.hakkutsu.actions import Action
from game.rules.hakkutsu.data import DATA
from game.rules.hakkutsu.equipment import TYPE_BY_KEY
from game.rules.hakkutsu.scoring import breakdown

from .hakkutsu_helpers import BASE, act, card, cell, give, legal_strs, museum, set_site, started


def moves(s) -> set:
    return {a.cell for a in s.legal_actions() if a.kind == "move"}


def dist(a, b):
    return abs(a // 5 - b // 5) + abs(a % 5 - b % 5)


def assert_refused(s, text):
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as exc:
        act(s, text)
    assert json.dumps(s.to_json(), sort_keys=True) == before
    return str(exc.value)


# ---------------------------------------------------------------- map and setup
def test_map_areas_and_setup():
    s = new_game("hakkutsu", players=3, seed=4)
    areas = [DATA.site_area[c] for c in range(25)]
    assert areas.count("A") == 12 and areas.count("B") == 8 and areas.count("C") == 4
    assert [c for c in range(25) if areas[c] == "C"] == [0, 4, 20, 24]
    for c in range(25):
        if c == BASE:
            continue
        st = s.stacks[c]
        want = {"A": ["A", "A"], "B": ["B", "B"], "C": ["C2", "C1"]}[areas[c]]
        assert [DATA.rocks[x].area for x in st] == want
        assert s.face_up[c]  # research: top face up
    assert sorted(DATA.rocks[x].area for x in s.set_aside) == ["C1"] * 4 + ["C2"] * 4
    assert s.coins == [4, 4, 4] and s.supply == 8
    assert s.phase == "equip" and s.player == s.start_player
    assert all(len(d) == 2 for d in s.eq_deal) and len(s.eq_deck) == 28 - 6
    t = new_game("hakkutsu", players=2, seed=4, mode="treasure")
    assert not any(t.face_up)
    assert t.track == tuple(DATA.carts["beta"]) and s.track == tuple(DATA.carts["alpha"])


def test_equipment_keep_one_of_two_is_private_and_returned_cards_reshuffled():
    s = new_game("hakkutsu", players=2, seed=9)
    p = s.player
    dealt = sorted(s.eq_deal[p])
    v_other = s.view(1 - p)
    assert v_other["equipment_dealt"] == [] or v_other["player"] != p
    keep = s.legal_actions()[-1]
    ev = s.apply(keep)
    assert s.eq_hand[p] == [TYPE_BY_KEY[keep.name]]
    assert s.player == 1 - p and s.phase == "equip"
    kept_ev = [e for e in events_for(ev, 1 - p) if e["type"] == "equipment_kept"][0]
    assert "card" not in kept_ev and "returned" not in kept_ev
    assert sorted([TYPE_BY_KEY[keep.name]] + s.eq_returned) == dealt
    s.apply(s.legal_actions()[0])
    assert s.phase == "move" and s.round == 1 and s.player == s.start_player
    assert len(s.eq_deck) == 26 and s.eq_returned == []
    assert s.view(p)["equipment_counts"] == [1, 1]
    assert s.view(1 - p)["equipment"] != [] and len(s.view(1 - p)["equipment"]) == 1


def test_draft_order_last_player_first_backwards_and_public():
    s = new_game("hakkutsu", players=4, seed=3, draft=True)
    start = s.start_player
    assert s.phase == "draft" and s.player == (start - 1) % 4
    assert len(s.draft_pool) == 6
    order = []
    first = s.player
    assert s.view(first)["draft_pool"] is not None
    assert s.view((first - 1) % 4)["draft_pool"] is None  # has not seen the pool yet
    for _ in range(4):
        order.append(s.player)
        s.apply(s.legal_actions()[0])
    assert order == [(start - 1 - i) % 4 for i in range(4)]
    assert s.phase == "equip" and len(s.draft_pool) == 2
    v = s.view(start)
    assert all(m is not None for m in v["museum"])
    assert v["draft_pool"] is not None


def test_basic_museum_is_secret():
    s = new_game("hakkutsu", players=3, seed=3)
    for p in range(3):
        v = s.view(p)
        assert v["museum"][p] is not None
        assert all(v["museum"][q] is None for q in range(3) if q != p)
    assert len({*s.museum}) == 3


# ---------------------------------------------------------------- movement
def test_research_movement_reaches_1_to_m_steps_never_the_start():
    s = started(mode="research")
    p = s.player
    assert moves(s) == {c for c in range(25) if 1 <= dist(c, BASE) <= 3}
    s.pos[p] = cell(0, 0)
    s._legal_cache = None
    assert moves(s) == {c for c in range(25) if 1 <= dist(c, 0) <= 3}
    msg = assert_refused(s, "move 0,0")
    assert "Research" in msg
    msg = assert_refused(s, "move 4,4")
    assert "out of reach" in msg


def test_research_loaded_cart_reduces_movement():
    s = started(mode="research")
    p = s.player
    s.cart_units[p] = 4  # alpha: 4 units -> movement 1
    s._legal_cache = None
    assert s.movement_now() == 1
    assert moves(s) == {c for c in range(25) if dist(c, BASE) == 1}


def test_treasure_may_end_on_start_after_two_steps():
    s = started(mode="treasure")
    p = s.player
    assert moves(s) == {c for c in range(25) if dist(c, BASE) <= 3}  # start included
    s.cart_units[p] = 5  # beta: 5 units -> movement 1: no way back to the start
    s._legal_cache = None
    assert s.movement_now() == 1
    assert moves(s) == {c for c in range(25) if dist(c, BASE) == 1}
    s.cart_units[p] = 3  # beta: 3 units -> movement 2
    s._legal_cache = None
    assert BASE in moves(s)


def test_cart_tracks_match_the_spec():
    assert DATA.carts["alpha"] == (3, 3, 2, 2, 1, 1)
    assert DATA.carts["beta"] == (3, 3, 3, 2, 2, 1, 1)


def test_treasure_arrival_flips_the_top_card():
    s = started(mode="treasure", seed=5)
    p = s.player
    target = cell(1, 2)
    assert not s.face_up[target]
    other = 1 - p
    assert s.view(other)["map"][1][2]["top"] is None
    ev = act(s, "move 1,2")
    flips = [e for e in ev if e["type"] == "card_flipped"]
    assert flips and flips[0]["card"]["id"] == s.top_card(target)
    assert s.face_up[target] and s.phase == "mine"
    assert s.view(other)["map"][1][2]["top"]["id"] == s.top_card(target)


# ---------------------------------------------------------------- mining
def _on_site(mode="research", top="granite", bottom="slate", seed=1):
    s = started(mode=mode, seed=seed)
    c = cell(1, 2)
    set_site(s, c, [card(bottom), card(top)], face_up=(mode == "research"))
    act(s, "move 1,2")
    return s, s.player, c


def test_mining_pays_loads_and_flips_next_card_research():
    s, p, c = _on_site(top="limestone", bottom="slate")
    assert "mine" in legal_strs(s)
    supply = s.supply
    ev = act(s, "mine")
    assert s.coins[p] == 3 and s.supply == supply + 1
    assert s.carts[p] == [card("limestone")] and s.cart_units[p] == 2
    assert s.movement_value(p) == 2
    assert s.site_n[c] == 1 and s.face_up[c]
    types = [e["type"] for e in ev]
    assert "card_mined" in types and "card_flipped" in types and "coins_changed" in types
    assert s.player != p  # turn ended (no Grant/Detector in hand)


def test_mining_treasure_next_card_stays_face_down():
    s, p, c = _on_site(mode="treasure", top="granite", bottom="slate")
    act(s, "mine")
    assert s.site_n[c] == 1 and not s.face_up[c]
    assert all(s.view(q)["map"][1][2]["top"] is None for q in range(2))


def test_rulebook_cart_example_load_2_then_1_keeps_movement_2():
    s, p, c = _on_site(top="limestone", bottom="granite")
    act(s, "mine")
    assert s.movement_value(p) == 2
    s.player = p
    s.phase = "mine"
    s._legal_cache = None
    act(s, "mine")
    assert s.cart_units[p] == 3 and s.movement_value(p) == 2


def test_mining_refused_without_coins():
    s, p, c = _on_site(top="granite")
    s.coins[p] = 0
    s.supply += 4
    s._legal_cache = None
    assert "mine" not in legal_strs(s) and "skip mining" in legal_strs(s)
    assert "coins" in assert_refused(s, "mine")


def test_free_card_can_be_mined_without_coins():
    s, p, c = _on_site(top="sandstone")
    s.coins[p] = 0
    s.supply += 4
    s._legal_cache = None
    assert "mine" in legal_strs(s)


def test_mining_refused_when_movement_would_drop_to_zero():
    s, p, c = _on_site(top="granite")
    s.cart_units[p] = 5  # alpha holds at most 5 units
    s._legal_cache = None
    assert "movement would drop to 0" in assert_refused(s, "mine")
    s.cart_units[p] = 4
    s._legal_cache = None
    assert "mine" in legal_strs(s)


def test_zero_carry_card_fits_on_a_full_cart():
    s, p, c = _on_site(top="pumice", bottom="quartz")
    s.cart_units[p] = 5
    s._legal_cache = None
    assert "mine" in legal_strs(s)


def test_mining_refused_with_another_pawn_joint_dig_allows():
    s, p, c = _on_site(top="granite")
    s.pos[1 - p] = c
    s._legal_cache = None
    assert "another pawn" in assert_refused(s, "mine")
    give(s, p, "joint-dig")
    assert "use joint-dig" in legal_strs(s)
    act(s, "use joint-dig")
    assert s.joint and "mine" in legal_strs(s) and "use joint-dig" not in legal_strs(s)
    act(s, "mine")
    assert s.carts[p] == [card("granite")]
    assert s.eq_discard[-1] == TYPE_BY_KEY["joint-dig"]


def test_joint_dig_not_offered_without_another_pawn():
    s, p, c = _on_site(top="granite")
    give(s, p, "joint-dig")
    assert "use joint-dig" not in legal_strs(s)


def test_skip_mining_ends_the_turn():
    s, p, c = _on_site(top="granite")
    act(s, "skip mining")
    assert s.player != p and s.site_n[c] == 2 and s.carts[p] == []


def test_empty_site_has_no_mining_phase():
    s = started()
    p = s.player
    set_site(s, cell(1, 2), [])
    act(s, "move 1,2")
    assert s.player != p


# ---------------------------------------------------------------- base action
def test_base_action_refills_unloads_and_draws():
    s = started(players=3)
    p = s.player
    s.pos[p] = cell(1, 2)
    s.coins[p] = 1
    s.supply += 3
    g, d = card("granite"), card("diamond")
    s.carts[p] = [g]
    s.cart_units[p] = 1
    # put the diamond somewhere safe: swap out of its place so accounting holds
    set_site(s, cell(0, 0), [d, card("gold-ore")])
    s._legal_cache = None
    deck = len(s.eq_deck)
    ev = act(s, "move 2,2")
    types = [e["type"] for e in ev]
    assert types.index("coins_changed") < types.index("cart_unloaded") < types.index("equipment_drawn")
    assert s.coins[p] == 4 and s.collections[p] == [g] and s.carts[p] == [] and s.cart_units[p] == 0
    assert len(s.eq_hand[p]) == 1 and len(s.eq_deck) == deck - 1
    drawn = [e for e in events_for(ev, (p + 1) % 3) if e["type"] == "equipment_drawn"][0]
    assert "card" not in drawn


def test_refill_is_limited_by_the_supply_and_keeps_more():
    s = started(players=4)
    p = s.player
    s.pos[p] = cell(1, 2)
    s.coins[p] = 0
    s.coins[(p + 1) % 4] += s.supply + 4
    s.supply = 0
    s.supply = 1
    s.coins[(p + 1) % 4] -= 1
    s._legal_cache = None
    act(s, "move 2,2")
    assert s.coins[p] == 1 and s.supply == 0
    s2 = started()
    q = s2.player
    s2.pos[q] = cell(1, 2)
    s2.coins[q] = 6
    s2.supply -= 2
    s2._legal_cache = None
    act(s2, "move 2,2")
    assert s2.coins[q] == 6  # more than 4 stays


def test_equipment_deck_reshuffles_discards_when_empty():
    s = started()
    p = s.player
    s.eq_discard = s.eq_deck
    s.eq_deck = []
    s.pos[p] = cell(1, 2)
    s._legal_cache = None
    ev = act(s, "move 2,2")
    assert any(e["type"] == "equipment_shuffled" for e in ev)
    assert len(s.eq_hand[p]) == 1 and s.eq_discard == [] and len(s.eq_deck) == 27


# ---------------------------------------------------------------- owned abilities
def test_magnetite_owned_adds_one_movement():
    s = started()
    p = s.player
    s.pos[p] = cell(1, 2)
    m = card("magnetite")
    set_site(s, cell(0, 1), [card("magnetite", 1), m])
    set_site(s, cell(0, 1), [card("quartz"), card("obsidian")])
    s.carts[p] = [m]
    s.cart_units[p] = 2
    assert s.movement_value(p) == 2  # on the cart: no ability yet
    s._legal_cache = None
    act(s, "move 2,2")
    assert s.magnet[p] == 1 and s.movement_value(p) == 4
    s.player = p
    s.phase = "move"
    s.move_bonus = 0
    s._legal_cache = None
    assert moves(s) == {c for c in range(25) if 1 <= dist(c, BASE) <= 4}
    s.cart_units[p] = 5
    assert s.movement_value(p) == 2


def test_coal_owned_refills_up_to_five_from_the_next_base_action():
    s = started()
    p = s.player
    coal = card("coal")
    set_site(s, cell(0, 0), [coal, card("ruby")])
    set_site(s, cell(0, 0), [card("opal"), card("ruby")])
    s.pos[p] = cell(1, 2)
    s.carts[p] = [coal]
    s.cart_units[p] = 2
    s.coins[p] = 0
    s.supply += 4
    s._legal_cache = None
    act(s, "move 2,2")
    assert s.coins[p] == 4  # coins come back before the unload
    assert s.refill[p] == 5
    s.player = p
    s.phase = "move"
    s.pos[p] = cell(1, 2)
    s._legal_cache = None
    act(s, "move 2,2")
    assert s.coins[p] == 5


# ---------------------------------------------------------------- equipment
def test_jeep_adds_two_movement():
    s = started()
    p = s.player
    give(s, p, "jeep")
    assert "use jeep" in legal_strs(s)
    act(s, "use jeep")
    assert s.movement_now() == 5 and moves(s) == {c for c in range(25) if dist(c, BASE) >= 1}
    assert s.eq_hand[p] == [] and s.eq_discard == [TYPE_BY_KEY["jeep"]]


def test_helicopter_goes_anywhere_and_mines():
    s = started()
    p = s.player
    give(s, p, "helicopter")
    assert "helicopter 0,0" in legal_strs(s) and "helicopter 2,2" not in legal_strs(s)
    ev = act(s, "helicopter 0,0")
    assert s.pos[p] == 0 and s.phase == "mine"
    assert any(e["type"] == "pawn_moved" and e.get("via") == "helicopter" for e in ev)


def test_helicopter_not_usable_in_mining_phase():
    s, p, c = _on_site()
    give(s, p, "helicopter", "jeep")
    assert not any(a.kind == "helicopter" for a in s.legal_actions())
    assert "movement phase" in assert_refused(s, "use jeep")


def test_grant_takes_two_coins_any_phase_and_offers_end_turn():
    s = started()
    p = s.player
    give(s, p, "grant", "grant")
    supply = s.supply
    act(s, "use grant")
    assert s.coins[p] == 6 and s.supply == supply - 2
    act(s, "move 2,1")
    # mining phase: grant still usable; after skipping, the end phase offers it too
    assert "use grant" in legal_strs(s)
    act(s, "skip mining")
    assert s.phase == "end" and legal_strs(s) == {"use grant", "end turn"}
    s.supply = 1
    s.coins[1 - p] += supply - 2 - 1
    s._legal_cache = None
    act(s, "use grant")
    assert s.coins[p] == 7 and s.supply == 0
    assert s.player != p  # nothing left to use: the turn ended


def test_drill_reduces_cost_by_two():
    s, p, c = _on_site(top="diamond", bottom="opal")
    s.coins[p] = 2
    s.supply += 2
    s._legal_cache = None
    assert "mine" not in legal_strs(s)
    give(s, p, "drill", "drill")
    act(s, "use drill")
    assert "mine" in legal_strs(s) and "use drill" in legal_strs(s)
    act(s, "mine")
    assert s.coins[p] == 0


def test_drill_minimum_zero_and_not_offered_on_free_card():
    s, p, c = _on_site(top="granite")
    give(s, p, "drill", "drill")
    act(s, "use drill")
    assert "use drill" not in legal_strs(s)
    act(s, "mine")
    assert s.coins[p] == 4  # cost 1 - 2 -> 0, not negative


def test_crane_loads_with_zero_units():
    s, p, c = _on_site(top="limestone")
    s.cart_units[p] = 5
    s._legal_cache = None
    assert "mine" not in legal_strs(s)
    give(s, p, "crane")
    act(s, "use crane")
    act(s, "mine")
    assert s.cart_units[p] == 5 and s.carts[p] == [card("limestone")]


def test_detector_peek_is_private():
    s = started(mode="research", seed=2)
    p = s.player
    o = 1 - p
    give(s, p, "detector")
    c = cell(0, 0)
    assert "detector 0,0 second" in legal_strs(s)
    assert "detector 0,0 top" not in legal_strs(s)  # research: the top is face up
    second = s.stacks[c][0]
    ev = act(s, "detector 0,0 second")
    peek = [e for e in ev if e["type"] == "card_peeked"][0]
    assert peek["card"]["id"] == second
    assert "card" not in [e for e in events_for(ev, o) if e["type"] == "card_peeked"][0]
    mine = s.view(p)["map"][0][0]
    assert mine["peeked"] == [{"position": "second", "card": s.card_view(second)}]
    assert s.view(o)["map"][0][0]["peeked"] == []
    assert (s.peek[p] >> second) & 1 and not (s.peek[o] >> second) & 1


def test_detector_treasure_top_and_not_twice():
    s = started(mode="treasure", seed=2)
    p = s.player
    give(s, p, "detector", "detector")
    act(s, "detector 4,4 top")
    assert "detector 4,4 top" not in legal_strs(s)
    assert "detector 4,4 second" in legal_strs(s)


# ---------------------------------------------------------------- scoring
def _score(keys, museum_key=None):
    cards = [card(k, i) for k, i in keys]
    return breakdown(cards, museum(museum_key) if museum_key else -1)


def test_fossil_points_n_squared_skull_counts_two():
    assert _score([("shell-fossil", 0)])["fossils"] == 1
    assert _score([("shell-fossil", 0), ("ammonite", 0)])["fossils"] == 4
    b = _score([("shell-fossil", 0), ("dinosaur-skull", 0)])
    assert b["fossils"] == 9 and b["printed"] == 2 and b["total"] == 11
    assert _score([("granite", 0)])["fossils"] == 0


@pytest.mark.parametrize(
    "key,cards,bonus",
    [
        ("volcano-museum", [("granite", 0), ("basalt", 0), ("slate", 0)], 4),
        ("strata-museum", [("sandstone", 0), ("coal", 0), ("granite", 0)], 4),
        ("metamorphic-lab", [("slate", 0), ("marble", 0), ("jade", 0)], 6),
        ("gem-lab", [("quartz", 0), ("diamond", 0), ("slate", 0)], 4),
        ("fossil-museum", [("shell-fossil", 0), ("dinosaur-skull", 0)], 9),
        ("space-lab", [("iron-meteorite", 0), ("stony-meteorite", 0)], 10),
        (
            "natural-history-museum",
            [("granite", 0), ("basalt", 0), ("sandstone", 0), ("slate", 0), ("marble", 0)],
            4,
        ),
        (
            "natural-history-museum",
            [("granite", 0), ("basalt", 0), ("sandstone", 0), ("mudstone", 0), ("slate", 0), ("marble", 0)],
            8,
        ),
        ("local-museum", [("granite", 0), ("sandstone", 0), ("quartz", 0)], 2),
        ("deep-earth-lab", [("ruby", 0), ("diamond", 0), ("granite", 0)], 6),
    ],
)
def test_every_museum_bonus(key, cards, bonus):
    assert _score(cards, key)["museum"] == bonus


def test_public_scores_hide_the_museum_until_the_end():
    s = started()
    p = s.player
    s.collections[p] = [card("granite")]
    s.carts[p] = [card("shell-fossil")]
    assert s.scores[p] == 1 + 1


# ---------------------------------------------------------------- end of the game
def _empty_sites(s, k):
    done = 0
    for c in range(25):
        if c != BASE and done < k:
            s.site_n[c] = 0
            s.face_up[c] = False
            done += 1
    s._legal_cache = None


def _play_turn_skip(s):
    """Move to a non-base, non-empty-or-empty site and skip mining."""
    p = s.player
    for a in s.legal_actions():
        if a.kind == "move" and a.cell != BASE:
            s.apply(a)
            break
    if s.player == p and s.phase == "mine":
        s.apply(Action("skip"))
    if s.player == p and s.phase == "end":
        s.apply(Action("end"))


def test_game_ends_at_the_end_of_the_round_with_12_empty_sites():
    s = started(players=3)
    start = s.start_player
    _play_turn_skip(s)  # first player's turn
    _empty_sites(s, 12)
    assert not s.is_terminal
    _play_turn_skip(s)
    assert not s.is_terminal and s.player == (start + 2) % 3
    _play_turn_skip(s)
    assert s.is_terminal and s.round == 1
    v = s.view(0)
    assert set(v["breakdown"][0]) == {"printed", "fossils", "museum", "total"}
    assert all(m is not None for m in v["museum"])  # revealed at the end


def test_game_goes_on_with_11_empty_sites():
    s = started(players=2)
    _empty_sites(s, 11)
    _play_turn_skip(s)
    _play_turn_skip(s)
    assert not s.is_terminal and s.round == 2


def test_fixed_rounds_option():
    s = started(players=2, rounds=2)
    _empty_sites(s, 20)
    for _ in range(3):
        _play_turn_skip(s)
        assert not s.is_terminal
    _play_turn_skip(s)
    assert s.is_terminal and s.round == 2


def test_carts_count_at_the_end():
    s = started(players=2)
    p = s.player
    s.carts[p] = [card("diamond")]
    s.cart_units[p] = 1
    _empty_sites(s, 12)
    _play_turn_skip(s)
    _play_turn_skip(s)
    assert s.is_terminal
    assert s.final[p]["printed"] >= 8
    assert s.winners() == (p,) or s.final[1 - p]["total"] >= s.final[p]["total"]


def _finish_with(s, totals_cards, hands):
    for p, cards in enumerate(totals_cards):
        s.collections[p] = cards
    for p, h in enumerate(hands):
        for _ in range(h):
            give(s, p, "grant")
    s.supply = 0  # grants unusable: no end phase
    s.coins[0] += 20 - sum(s.coins)
    _empty_sites(s, 12)
    _play_turn_skip(s)
    _play_turn_skip(s)
    assert s.is_terminal


def test_tie_break_on_unused_equipment_then_shared_win():
    s = started(players=2, seed=3)
    s.museum = [museum("space-lab"), museum("space-lab")]  # neither scores a bonus here
    _finish_with(s, [[card("granite")], [card("basalt")]], [2, 1])
    assert s.final[0]["total"] == s.final[1]["total"]
    assert s.winners() == (0,) and s.returns() == (1.0, 0.0)
    t = started(players=2, seed=3)
    t.museum = [museum("space-lab"), museum("space-lab")]
    _finish_with(t, [[card("granite")], [card("basalt")]], [1, 1])
    assert t.winners() == (0, 1) and t.returns() == (0.5, 0.5)


def test_highest_score_wins():
    s = started(players=2, seed=3)
    s.museum = [museum("space-lab"), museum("space-lab")]
    _finish_with(s, [[card("granite")], [card("diamond")]], [3, 0])
    assert s.winners() == (1,)


# ---------------------------------------------------------------- actions and options
def test_action_strings_parse_and_json():
    for text in (
        "move 1,3",
        "mine",
        "skip mining",
        "use jeep",
        "helicopter 0,4",
        "detector 3,4 second",
        "detector 3,4 top",
        "keep equipment drill",
        "draft fossil-museum",
        "end turn",
        "use joint-dig",
    ):
        a = Action.parse(text)
        assert str(a) == text
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    for bad in ("move 9,9", "use hammer", "draft nothing", "detector 1,1 middle", "fly"):
        with pytest.raises(ValueError):
            Action.parse(bad)


@pytest.mark.parametrize(
    "options,words",
    [
        ({"mode": "easy"}, "mode"),
        ({"draft": "yes"}, "draft"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": 31}, "rounds"),
        ({"rounds": True}, "rounds"),
        ({"speed": 1}, "speed"),
    ],
)
def test_bad_options_are_refused(options, words):
    with pytest.raises(ValueError, match=words):
        new_game("hakkutsu", players=2, seed=1, **options)


def test_player_counts():
    for n in (2, 3, 4):
        assert new_game("hakkutsu", players=n, seed=1).num_players == n
    for n in (1, 5):
        with pytest.raises(ValueError):
            new_game("hakkutsu", players=n, seed=1)


def test_illegal_actions_leave_the_state_unchanged():
    s = new_game("hakkutsu", players=2, seed=1)
    assert "keep one of the equipment" in assert_refused(s, "move 1,2")
    s = started()
    assert_refused(s, "mine")
    assert_refused(s, "end turn")
    assert "holds no jeep" in assert_refused(s, "use jeep")
    assert_refused(s, "keep equipment drill")
    with pytest.raises(IllegalAction):
        s.apply("move 1,2")


def test_broken_saved_states_are_refused():
    from game.rules import state_from_json

    s = started()
    for change, words in (
        (lambda d: d.update(set_aside=d["set_aside"][1:]), "rock cards"),
        (lambda d: d.update(supply=d["supply"] + 1), "coins"),
        (lambda d: d["eq_deck"].append("drill"), "equipment"),
        (lambda d: d["eq_deck"].append("hammer"), "hammer"),
        (lambda d: d.update(phase="dance"), "phase"),
        (lambda d: d.update(mode="easy"), "mode"),
        (lambda d: d.pop("coins"), "coins"),
    ):
        d = s.to_json()
        change(d)
        with pytest.raises(ValueError, match=words):
            state_from_json(d)
    assert state_from_json(s.to_json()).to_json() == s.to_json()

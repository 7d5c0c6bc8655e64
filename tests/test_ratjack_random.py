"""Ratjack invariants over many seeded random games (2/3/4 players, every deck pair).

Scale with ``TRIO_RANDOM_GAMES`` (default small so the suite stays fast).
"""

import itertools
import json
import random

import pytest

from game.rules import GameRecord, IllegalAction, events_for, new_game
from game.rules.ratjack.cards import DECKS, FACES, MOD, card_from_json
from game.rules.ratjack.token_moves import reserve_faces

from .conftest import RANDOM_GAMES

PAIRS = list(itertools.combinations(DECKS, 2))
CONFIGS = [(n, pair) for n in (2, 3, 4) for pair in PAIRS]
MAX_STEPS = 20000
GAMES_PER_CONFIG = max(2, RANDOM_GAMES // 25)


def expected_cards(s):
    return sorted(d * 12 + v for d in s.decks for v in range(12))


def check_invariants(s):
    # 24 cards always accounted for
    cards = s.deck + s.discard + [c for h in s.hands for c in h] + [c for a in s.areas for c in a]
    if s.drawn_card >= 0:
        cards.append(s.drawn_card)
    assert sorted(cards) == expected_cards(s)
    # 6 tokens: on cards in areas (one per card) or in the reserve
    in_areas = {c for a in s.areas for c in a}
    on_cards = [t for t in range(6) if s.token_card[t] >= 0]
    assert len(on_cards) + len(reserve_faces(s)) == 6
    for t in on_cards:
        assert s.token_card[t] in in_areas and s.token_on[s.token_card[t]] == t
    assert sum(1 for c in range(48) if s.token_on[c] >= 0) == len(on_cards)
    # hidden cards: deck unknown to all, public cards known to all, owners know their cards
    for c in s.deck:
        assert s.known[c] == 0
    for c in s.discard:
        assert s.known[c] == s.all_mask
    for q in range(s.num_players):
        for c in s.hands[q]:
            assert s.known[c] >> q & 1
        for c in s.areas[q]:
            assert s.known[c] >> q & 1
            if s.face_up[c]:
                assert s.known[c] == s.all_mask
    if not s.is_terminal:
        assert s.legal_actions()
        if s.phase in ("draw", "play"):
            assert len(s.hands[s.player]) == (1 if s.phase == "draw" else 2)


def value_from_view_area(area):
    total = 0
    for entry in area:
        if entry["face_up"]:
            face = FACES.index(entry["token"]) if entry["token"] else -1
            total += MOD[face][entry["card"]["value"]]
    return total


def cards_in(obj, out):
    """Every card dict ``{"deck", "value"}`` inside an event or view."""
    if isinstance(obj, dict):
        if set(obj) == {"deck", "value"}:
            out.add(card_from_json(obj))
        else:
            for v in obj.values():
                cards_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            cards_in(v, out)
    return out


def check_views(s, seen):
    """Views are JSON, values match the areas, no hidden card the player never saw."""
    for p in range(s.num_players):
        v = s.view(p)
        json.dumps(v)
        assert v["values"] == [value_from_view_area(a) for a in v["areas"]]
        assert v["values"] == s.values()
        assert v["deck_size"] == len(s.deck) and v["hand_sizes"] == [len(h) for h in s.hands]
        assert len(v["hand"]) == len(s.hands[p])
        hidden = set()
        for q, area in enumerate(v["areas"]):
            for entry, c in zip(area, s.areas[q]):
                if entry["card"] is not None:
                    assert card_from_json(entry["card"]) == c
                    if not entry["face_up"]:
                        hidden.add(c)
                elif entry["face_up"] is False:
                    assert not s.known[c] >> p & 1
        for q, cards in enumerate(v["known_hands"]):
            ids = {card_from_json(x) for x in cards}
            assert ids <= set(s.hands[q])
            if q != p:
                hidden |= ids
        if v["pending"] and "drawn" in v["pending"]:
            hidden.add(card_from_json(v["pending"]["drawn"]))
        assert hidden <= seen[p], (p, hidden - seen[p])
        assert (v["legal"] != []) == (p == s.current_player and not s.is_terminal)
        seen[p] |= cards_in({k: v[k] for k in ("areas", "discard", "hand", "known_hands")}, set())


def run_game(n, decks, seed, thorough):
    s, record = GameRecord.start("ratjack", players=n, seed=seed, decks=decks)
    rng = random.Random(seed)
    seen = [set() for _ in range(n)]
    for p in range(n):
        seen[p] |= set(s.hands[p]) | set(s.discard)
    steps = 0
    while not s.is_terminal:
        a = rng.choice(s.legal_actions())
        ev = s.apply(a)
        record.actions.append(a)
        json.dumps(ev)
        steps += 1
        assert steps < MAX_STEPS, "game does not end"
        if any(e["type"] == "round_started" for e in ev):
            seen = [set() for _ in range(n)]
        for p in range(n):
            cards_in(events_for(ev, p), seen[p])
            for e in events_for(ev, p):
                assert "visible_to" not in e
        if thorough:
            check_invariants(s)
            check_views(s, seen)
    check_invariants(s)
    assert max(s.vp) >= 3 and s.winners() and all(s.vp[w] >= 3 for w in s.winners())
    assert abs(sum(s.returns()) - 1.0) < 1e-9
    record.returns = s.returns()
    return s, record


@pytest.mark.parametrize("players,decks", CONFIGS, ids=[f"{n}p-{a}+{b}" for n, (a, b) in CONFIGS])
def test_random_games_keep_the_invariants(players, decks):
    for k in range(GAMES_PER_CONFIG):
        seed = 1000 * players + 17 * k + DECKS.index(decks[0]) * 5 + DECKS.index(decks[1])
        s, record = run_game(players, decks, seed, thorough=k < 2)
        if k == 0:
            again = GameRecord.loads(record.dumps()).replay()
            assert [again.view(p) for p in range(players)] == [s.view(p) for p in range(players)]
            assert again.to_json() == s.to_json()


def test_many_quick_random_games_end():
    rng = random.Random(7)
    for seed in range(RANDOM_GAMES):
        n = 2 + seed % 3
        s = new_game("ratjack", players=n, seed=seed, decks="random")
        steps = 0
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
            steps += 1
            assert steps < MAX_STEPS
        check_invariants(s)


def _random_states(count, seed):
    rng = random.Random(seed)
    out = []
    k = 0
    while len(out) < count:
        n = 2 + k % 3
        s = new_game("ratjack", players=n, seed=seed * 1000 + k, decks=rng.choice(PAIRS))
        k += 1
        for _ in range(rng.randrange(3, 150)):
            if s.is_terminal:
                break
            s.apply(rng.choice(s.legal_actions()))
            if rng.random() < 0.15 and not s.is_terminal:
                out.append(s.clone())
    return out


def test_determinize_keeps_what_the_player_knows_and_resamples_the_rest():
    changed = 0
    for s in _random_states(max(40, RANDOM_GAMES // 4), 5):
        for p in range(s.num_players):
            d = s.determinize(p, random.Random(p))
            check_invariants(d)
            assert d.view(p) == s.view(p)
            assert d.legal_actions() == s.legal_actions() if p == s.current_player else True
            bit = 1 << p
            for q in range(s.num_players):
                for c0, c1 in zip(s.areas[q], d.areas[q]):
                    if s.face_up[c0] or s.known[c0] & bit:
                        assert c0 == c1
                for c0, c1 in zip(s.hands[q], d.hands[q]):
                    if s.known[c0] & bit:
                        assert c0 == c1
            assert s.discard == d.discard
            changed += d.to_json() != s.to_json()
            # the determinized world plays on to the end
            rng = random.Random(9)
            steps = 0
            while not d.is_terminal and steps < 300:
                d.apply(rng.choice(d.legal_actions()))
                steps += 1
    assert changed


def _completable(state, player, depth=0):
    """Brute force: can the ability that is being resolved be completed?"""
    if state.phase != "ability" or state.player != player or state.is_terminal:
        return True
    for a in state.legal_actions():
        c = state.clone()
        c.apply(a)
        if _completable(c, player, depth + 1):
            return True
    return False


def _option_completable(state, action):
    c = state.clone()
    c._legal_cache = None
    try:
        c._apply(action)
    except (IndexError, ValueError, KeyError):
        return False
    return _completable(c, state.player)


def test_options_are_legal_exactly_when_their_ability_can_be_completed():
    from game.rules.ratjack.actions import FACE_UP, FLIP, Action

    checked = 0
    for s in _random_states(max(60, RANDOM_GAMES // 3), 11):
        if s.phase != "play":
            continue
        p = s.player
        legal = set(s.legal_actions())
        downs = [c for c in s.areas[p] if not s.face_up[c]]
        for h in s.hands[p]:
            options = [Action(FACE_UP, card=h)] + [Action(FLIP, card=h, card2=f) for f in downs]
            for a in options:
                locked = (
                    a.kind == FLIP
                    and s.token_on[a.card2] >= 0
                    and FACES[s.token_on[a.card2] * 2 + s.token_side[s.token_on[a.card2]]] == "locked"
                )
                if locked:
                    assert a not in legal
                    continue
                assert (a in legal) == _option_completable(s, a), str(a)
                checked += 1
                if a not in legal:
                    before = s.to_json()
                    with pytest.raises(IllegalAction):
                        s.apply(a)
                    assert s.to_json() == before
    assert checked > 50


def test_sample_from_view_reproduces_the_view():
    from game.rules.ratjack.state import RatjackState

    for s in _random_states(max(30, RANDOM_GAMES // 8), 13):
        for p in range(s.num_players):
            v = s.view(p)
            t = RatjackState.sample_from_view(v, random.Random(p))
            check_invariants_loose(t)
            tv = t.view(p)
            for key in (
                "areas",
                "values",
                "hand",
                "hand_sizes",
                "deck_size",
                "discard",
                "reserve",
                "pending",
                "phase",
                "current_player",
                "vp",
                "eliminated",
                "legal",
            ):
                assert tv[key] == v[key], key


def check_invariants_loose(s):
    cards = s.deck + s.discard + [c for h in s.hands for c in h] + [c for a in s.areas for c in a]
    if s.drawn_card >= 0:
        cards.append(s.drawn_card)
    assert sorted(cards) == expected_cards(s)
    if not s.is_terminal:
        assert s.legal_actions()


def test_determinize_keeps_the_acting_players_rat6_resolvable():
    from .ratjack_positions import play, position

    s = position(
        decks=("rat-red", "rat-blue"),
        player=1,
        hands=[["rat-blue 1"], ["rat-blue 6", "rat-blue 10"]],
        areas=[["U:rat-blue 2"], ["D:rat-red 3", "D:rat-red 5", "D:rat-red 11"]],
        deck=["rat-red 1"],
        rest="discard",
    )
    play(s, "face-up rat-blue 6")
    assert [str(a) for a in s.legal_actions()] == ["target p1 card 0"]
    for k in range(30):
        d = s.determinize(0, random.Random(k))
        assert d.legal_actions()
        assert d.view(0) == s.view(0)
        check_invariants(d)


def test_determinize_is_a_function_of_what_the_player_knows():
    from game.rules.rng import Rng

    for s in _random_states(max(20, RANDOM_GAMES // 10), 17):
        p = s.current_player
        twin = s.determinize(p, Rng(5))
        assert twin.view(p) == s.view(p)
        for seed in (1, 2):
            assert s.determinize(p, Rng(seed)).to_json() == twin.determinize(p, Rng(seed)).to_json()

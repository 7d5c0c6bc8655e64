"""Hacktrick invariants over many seeded random games, plus property tests.

Scale with ``TRIO_RANDOM_GAMES`` (default small for CI).
"""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import GameRecord, events_for, new_game
from game.rules.hacktrick.state import CARDS, SUPPLY

from .conftest import RANDOM_GAMES

MAX_STEPS = 5000


def check_invariants(s):
    # 18 cards always accounted for
    assert Counter(s.aside + s.row + s.deck + s.hands[0] + s.hands[1]) == Counter(CARDS)
    assert len(s.aside) == 2
    # 20 markers always accounted for, 10 per colour
    for p in (0, 1):
        o = 1 - p
        on_board = sum(s.cell_count[c] for c in range(1, 10) if s.cell_owner[c] == p)
        total = (
            s.normal[p]
            + (s.x2_loc[p] == SUPPLY)
            + on_board
            + s.captured[o]
            + s.spent_own[p]
            + s.spent_captured[o]
        )
        assert total == 10, (p, total)
        if 1 <= s.x2_loc[p] <= 9:
            assert s.cell_owner[s.x2_loc[p]] == p
    for c in range(1, 10):
        assert (s.cell_owner[c] == -1) == (s.cell_count[c] == 0)
        assert s.cell_count[c] <= 3
    # rows never repeat a value twice in a row
    assert all(a != b for a, b in zip(s.row, s.row[1:]))
    if not s.is_terminal:
        assert s.legal_actions()
        assert len(s.hands[s.current_player]) <= 4
    else:
        assert s.legal_actions() == [] and max(s.scores) >= s.target


def check_views(s):
    for p in (0, 1):
        v = s.view(p)
        json.dumps(v)
        assert v["hand"] == sorted(s.hands[p])
        text = json.dumps(v)
        assert "deck" not in {k for k in v if k != "deck_size"}
        assert "hands" not in v
        # the view must not depend on the opponent's hidden cards or the deck order
        other = s.determinize(p, random.Random(len(text)))
        assert other.view(p) == v


def play_random(seed, check_every=1):
    rng = random.Random(seed)
    s, record = GameRecord.start("hacktrick", seed=seed)
    check_invariants(s)
    steps = 0
    while not s.is_terminal:
        a = rng.choice(s.legal_actions())
        events = s.apply(a)
        for p in (0, 1):
            json.dumps(events_for(events, p))
        record.actions.append(a)
        steps += 1
        assert steps < MAX_STEPS
        check_invariants(s)
        if steps % check_every == 0:
            check_views(s)
    return s, record


def test_random_games_keep_every_invariant_and_replay_identically():
    for seed in range(RANDOM_GAMES):
        s, record = play_random(seed, check_every=7)
        assert s.is_terminal and sum(s.returns()) == 1.0
        again = GameRecord.loads(record.dumps()).replay()
        assert again.to_json() == s.to_json()
        assert again.view(0) == s.view(0) and again.view(1) == s.view(1)


def test_opponent_draws_are_hidden_in_events():
    s = new_game("hacktrick", seed=4)
    events = []
    rng = random.Random(4)
    while not s.is_terminal and len(events) < 2000:
        events += s.apply(rng.choice(s.legal_actions()))
    drawn = [e for e in events if e["type"] in ("card_drawn", "cards_dealt")]
    assert drawn
    for p in (0, 1):
        for e in events_for(drawn, p):
            if e["player"] == p:
                assert "card" in e or "cards" in e
            else:
                assert "card" not in e and "cards" not in e


def test_determinize_keeps_what_the_player_knows_and_varies_the_rest():
    rng = random.Random(8)
    varied = 0
    checked = 0
    for seed in range(max(20, RANDOM_GAMES // 10)):
        s = new_game("hacktrick", seed=seed)
        for _ in range(rng.randrange(1, 40)):
            if s.is_terminal:
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal:
            continue
        for p in (0, 1):
            o = 1 - p
            seen = set()
            for k in range(8):
                d = s.determinize(p, random.Random(k))
                checked += 1
                check_invariants(d)
                assert d.view(p) == s.view(p)
                assert d.hands[p] == s.hands[p] and d.row == s.row and d.aside == s.aside
                assert len(d.hands[o]) == len(s.hands[o]) and len(d.deck) == len(s.deck)
                if s.known_sum[p] is not None:
                    assert sum(d.hands[o]) == s.known_sum[p] == sum(s.hands[o])
                assert not (Counter(s.known_cards[p]) - Counter(d.hands[o]))
                seen.add((tuple(sorted(d.hands[o])), tuple(d.deck)))
            varied += len(seen) > 1
    assert checked and varied > 0


def test_known_sum_is_exact_until_the_opponent_draws():
    rng = random.Random(1)
    for seed in range(60):
        s = new_game("hacktrick", seed=seed)
        while not s.is_terminal:
            for p in (0, 1):
                if s.known_sum[p] is not None:
                    assert s.known_sum[p] == sum(s.hands[1 - p])
                assert not (Counter(s.known_cards[p]) - Counter(s.hands[1 - p]))
            s.apply(rng.choice(s.legal_actions()))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), choices=st.lists(st.integers(0, 1000), max_size=300))
def test_property_any_action_sequence_keeps_invariants(seed, choices):
    s = new_game("hacktrick", seed=seed)
    for k in choices:
        if s.is_terminal:
            break
        legal = s.legal_actions()
        s.apply(legal[k % len(legal)])
        check_invariants(s)
    check_views(s)


def test_determinize_with_a_known_sum_deals_each_hand_as_often_as_a_conditioned_deal():
    """The exact sampler matches dealing the unknown cards at random and keeping the right sums."""
    from itertools import combinations

    s = new_game("hacktrick", seed=3)
    o = s.dealer
    s.apply(s.legal_actions()[0])  # the opening: both sums are announced
    p = 1 - o
    assert s.known_sum[p] == sum(s.hands[o]) and len(s.hands[o]) == 3
    pool = list(CARDS)
    for c in s.aside + s.row + s.hands[p]:
        pool.remove(c)
    target = s.known_sum[p]
    k = len(s.hands[o])
    exact = Counter(
        tuple(sorted(pool[i] for i in c))
        for c in combinations(range(len(pool)), k)
        if sum(pool[i] for i in c) == target
    )
    assert len(exact) > 1  # several hands possible, with different weights
    total = sum(exact.values())
    draws = 4000
    rng = random.Random(5)
    seen = Counter(tuple(sorted(s.determinize(p, rng).hands[o])) for _ in range(draws))
    assert set(seen) <= set(exact)
    distance = sum(abs(seen[h] / draws - n / total) for h, n in exact.items()) / 2
    assert distance < 0.04, (distance, exact, seen)

"""Hakkutsu!! random-game invariants over many seeded games.

2/3/4 players, both modes, draft on and off.  Scale with ``TRIO_RANDOM_GAMES``.
"""

import json
import random

from game.rules import GameRecord, events_for
from game.rules.hakkutsu.hidden import check_accounting

from .conftest import RANDOM_GAMES

MAX_ACTIONS = 20000


def configs(count, salt=0):
    rng = random.Random(1234 + salt)
    for seed in range(count):
        yield (
            seed,
            {
                "players": 2 + seed % 3,
                "mode": ("research", "treasure")[(seed // 3) % 2],
                "draft": bool((seed // 6) % 2),
                "rounds": rng.choice([None, None, None, rng.randint(1, 12)]),
            },
        )


def known_cards(s, p) -> set:
    """Rock-card ids that ``p`` may know right now."""
    known = set()
    for c, st in enumerate(s.stacks):
        n = s.site_n[c]
        if n and s.face_up[c]:
            known.add(st[n - 1])
    for q in range(s.num_players):
        known.update(s.carts[q])
        known.update(s.collections[q])
    known.update(i for i in range(56) if (s.peek[p] >> i) & 1)
    return known


def card_ids(obj, out):
    if isinstance(obj, dict):
        if "kind" in obj and "id" in obj and "carry" in obj:
            out.add(obj["id"])
        for v in obj.values():
            card_ids(v, out)
    elif isinstance(obj, list):
        for v in obj:
            card_ids(v, out)
    return out


def check_view(s, p):
    v = s.view(p)
    text = json.dumps(v)
    assert json.loads(text) == v
    assert card_ids(v, set()) <= known_cards(s, p)
    for r in range(5):
        for c in range(5):
            cell = v["map"][r][c]
            idx = r * 5 + c
            if cell["base"]:
                continue
            assert (cell["top"] is None) == (not s.face_up[idx] or not s.site_n[idx])
            assert cell["stack_size"] == s.site_n[idx]
    for q in range(s.num_players):
        secret = q != p and not s.museum_public[q] and not s.is_terminal
        assert (v["museum"][q] is None) == (secret or s.museum[q] < 0)
    assert sorted(e["key"] for e in v["equipment"]) == sorted(
        __import__("game.rules.hakkutsu.equipment", fromlist=["KEYS"]).KEYS[t] for t in s.eq_hand[p]
    )
    assert v["equipment_counts"] == [len(h) for h in s.eq_hand]
    if p != s.current_player:
        assert v["legal"] == []
    return v


def play(seed, opts, deep=False, rng=None):
    rng = rng or random.Random(seed)
    s, record = GameRecord.start("hakkutsu", seed=seed, **opts)
    n = s.num_players
    steps = 0
    while not s.is_terminal:
        legal = s.legal_actions()
        assert legal, "a live state must have legal actions"
        assert s.current_player == s.player
        a = rng.choice(legal)
        ev = s.apply(a)
        record.actions.append(a)
        steps += 1
        assert steps < MAX_ACTIONS, "the game does not end"
        check_accounting(s)
        if deep:
            for q in range(n):
                check_view(s, q)
                seen = card_ids(events_for(ev, q), set())
                assert seen <= known_cards(s, q), (a, ev)
                json.dumps(events_for(ev, q))
    return s, record


def test_random_games_invariants_and_end():
    for seed, opts in configs(RANDOM_GAMES):
        s, record = play(seed, opts)
        assert s.is_terminal and s.winners()
        assert sum(s.returns()) == 1.0
        b = s.view(0)["breakdown"]
        assert [x["total"] for x in b] == list(s.scores)
        assert all(x["total"] == x["printed"] + x["fossils"] + x["museum"] for x in b)
        if opts["rounds"] is not None:
            assert s.round <= opts["rounds"]
        else:
            assert s.empty_sites >= 12


def test_views_and_events_never_leak():
    for seed, opts in configs(max(6, RANDOM_GAMES // 25), salt=1):
        play(seed + 1000, opts, deep=True)


def test_determinize_keeps_the_view_and_resamples_hidden_cards():
    changed_rocks = changed_museums = changed_equipment = 0
    for seed, opts in configs(max(6, RANDOM_GAMES // 25), salt=3):
        rng = random.Random(seed)
        s, record = play(seed + 3000, opts)
        for upto in sorted(rng.sample(range(len(record.actions)), 6)):
            mid = record.replay(upto)
            p = rng.randrange(mid.num_players)
            d = mid.determinize(p, rng)
            check_accounting(d)
            assert d.view(p) == mid.view(p)
            assert d.stacks is not mid.stacks
            changed_rocks += d.stacks != mid.stacks
            changed_museums += d.museum != mid.museum
            changed_equipment += d.eq_hand != mid.eq_hand
            # the determinized world plays on to an end
            r2 = random.Random(seed)
            steps = 0
            while not d.is_terminal and steps < MAX_ACTIONS:
                d.apply(r2.choice(d.legal_actions()))
                steps += 1
            assert d.is_terminal
    assert changed_rocks and changed_museums and changed_equipment

"""The Hakkutsu heuristics: legal choices from views, a sane evaluation, and real strength."""

import random

from ai import make_agent, play_game
from ai.heuristics import heuristics_for
from game.rules import Seat, new_game
from game.rules.hakkutsu.actions import Action

from .hakkutsu_helpers import card, museum, started

H = heuristics_for("hakkutsu")


def test_choose_is_always_legal_in_every_phase():
    phases = set()
    for seed in range(12):
        s = new_game(
            "hakkutsu",
            players=2 + seed % 3,
            seed=seed,
            mode=("research", "treasure")[seed % 2],
            draft=seed % 4 < 2,
        )
        rng = random.Random(seed)
        while not s.is_terminal:
            p = s.current_player
            legal = s.legal_actions()
            phases.add(s.phase)
            a = H.choose(s.view(p), legal, rng) if p == 0 else rng.choice(legal)
            assert a in legal
            s.apply(a)
    assert phases >= {"draft", "equip", "move", "mine", "end"}


def test_heuristic_beats_random_players():
    won = 0.0
    for seed in range(10):
        rec = play_game(
            "hakkutsu", ["heuristic", "random", "random"], seed=seed, mode=("research", "treasure")[seed % 2]
        )
        won += rec.returns[0]
    assert won >= 8


def test_heuristic_mines_a_valuable_card_skips_a_worthless_one_and_goes_home_when_full():
    from .hakkutsu_helpers import act, set_site

    for top, want in (("quartz", "mine"), ("mudstone", "skip mining")):
        s = started(players=2, seed=4)
        p = s.player
        s.museum = [museum("space-lab")] * 2
        set_site(s, 1 * 5 + 2, [card("granite"), card(top)])
        act(s, "move 1,2")
        assert str(H.choose(s.view(p), s.legal_actions(), random.Random(1))) == want
    t = started(players=2, seed=4)
    q = t.player
    t.pos[q] = 7
    t.cart_units[q] = 5
    t.carts[q] = []
    t._legal_cache = None
    assert str(H.choose(t.view(q), t.legal_actions(), random.Random(1))) == "move 2,2"


def test_evaluate_prefers_the_leader_and_stays_in_range():
    s = started(players=3, seed=2)
    s.museum = [museum("space-lab")] * 3
    base = [H.evaluate(s, p) for p in range(3)]
    assert all(0.0 <= v <= 1.0 for v in base)
    assert all(abs(v - 0.5) < 1e-9 for v in base)  # equal positions: nobody ahead
    s.collections[1] = [card("diamond"), card("ruby")]
    vals = [H.evaluate(s, p) for p in range(3)]
    assert vals[1] > base[1] > vals[0]
    assert vals[0] == vals[2]


def test_rollout_policy_is_legal():
    rng = random.Random(3)
    s = new_game("hakkutsu", players=4, seed=3, mode="treasure")
    while not s.is_terminal:
        legal = s.legal_actions()
        a = H.rollout_policy(s, legal, rng)
        assert a in legal
        s.apply(a)


def test_mcts_plays_hakkutsu_decisions():
    s = new_game("hakkutsu", players=2, seed=5)
    agent = make_agent("mcts:iterations=30", seed=1)
    for _ in range(6):
        seat = Seat(s, s.current_player)
        a = agent.choose(seat)
        assert a in s.legal_actions()
        s.apply(a)


def _stranded(seed: int = 4):
    """Both pawns in far corners with full carts (movement 1) and no coins: the base is out of reach."""
    s = started(players=2, seed=seed)
    for p, corner in ((0, 0), (1, 24)):
        s.pos[p] = corner
        s.cart_units[p] = s.max_units
        s.carts[p] = [card("granite")]
        s.supply += s.coins[p]
        s.coins[p] = 0
    s._legal_cache = None
    return s


def test_a_stranded_player_heads_for_the_base_step_by_step():
    """With a full cart and no coins the base is worth most; out of reach, the heuristic and the
    rollout policy both step towards it (they used to wander between two sites forever)."""
    from game.rules.hakkutsu.data import DATA

    base_rc = divmod(DATA.base, DATA.cols)

    def steps(cell):
        r, c = divmod(cell, DATA.cols)
        return abs(r - base_rc[0]) + abs(c - base_rc[1])

    for pick in (
        lambda s, p: H.choose(s.view(p), s.legal_actions(), random.Random(1)),
        lambda s, p: H.rollout_policy(s, s.legal_actions(), random.Random(1)),
    ):
        s = _stranded()
        p = s.player
        a = pick(s, p)
        assert a.kind == "move" and steps(a.cell) == steps(s.pos[p]) - 1, a


def test_stranded_players_finish_the_game():
    """From the stranded position, heuristic players and rollout players both end the game."""
    for chooser in ("heuristic", "rollout"):
        s = _stranded(seed=7)
        rng = random.Random(2)
        for _ in range(3000):
            if s.is_terminal:
                break
            legal = s.legal_actions()
            a = (
                H.choose(s.view(s.player), legal, rng)
                if chooser == "heuristic"
                else H.rollout_policy(s, legal, rng)
            )
            s.apply(a)
        assert s.is_terminal, chooser


def test_evaluate_keeps_wanting_points_when_the_game_is_decided():
    """A huge lead is worth a little more when it grows (the win chance alone is flat there), so a
    bot that has the game won keeps mining instead of wandering; and it stays in [0, 1]."""
    s = started(players=2, seed=2)
    s.museum = [museum("space-lab")] * 2
    s.site_n = [0] * len(s.site_n)  # the end is near: the win chance's scale is at its smallest
    s.collections[0] = [card("diamond"), card("ruby"), card("gold-ore"), card("jade"), card("opal")]
    lead = H.evaluate(s, 0)
    s.collections[0].append(card("peridotite"))
    bigger = H.evaluate(s, 0)
    assert 0.9 < lead <= 1.0 and 0.9 < bigger <= 1.0
    assert bigger - lead > 0.002  # the win chance alone gains ~1e-7 here
    assert H.evaluate(s, 1) < 0.1


def test_observation_names_the_rock_a_move_turned_up_and_nothing_else():
    from .hakkutsu_helpers import act, cell, set_site

    s = started(players=2, mode="treasure", seed=4)
    site = cell(1, 2)
    set_site(s, site, [card("granite"), card("slate")], face_up=False)
    assert H.observation(s, s.legal_actions()[0]) is None  # nothing was turned up
    act(s, "move 1,2")
    assert s.phase == "mine"
    assert H.observation(s, Action.parse("move 1,2")) == "slate"
    skip = next(a for a in s.legal_actions() if a.kind == "skip")
    s.apply(skip)
    assert H.observation(s, skip) is None
    r = started(players=2, mode="research", seed=4)
    act(r, "move 1,2")
    assert r.phase == "mine" and H.observation(r, Action.parse("move 1,2")) is None  # it lay face up


def test_rollouts_do_not_see_face_down_cards():
    """Which face-down site holds the good rock (nobody can see it) does not change a rollout move."""
    from game.rules.hakkutsu.board import SITES

    from .hakkutsu_helpers import cell, set_site

    sites = ((1, 2), (2, 1), (2, 3), (3, 2))
    for face_up, different in ((False, 1), (True, 4)):
        moves = set()
        for good in sites:
            s = started(players=2, mode="treasure", seed=4)
            for other in set(SITES) - {cell(r, c) for r, c in sites}:
                set_site(s, other, [])
            low = iter(range(3))
            for n, (r, c) in enumerate(sites):
                top = card("limestone") if (r, c) == good else card("mudstone", next(low))
                set_site(s, cell(r, c), [card("slate", n), top], face_up=face_up)
            moves.add(str(H.rollout_policy(s, s.legal_actions(), random.Random(7))))
        assert len(moves) == different, moves  # face up, the rollout player goes for the limestone


def test_mcts_keeps_the_decisions_after_a_card_turned_up_apart_per_rock():
    """In Treasure, the mining decision after a move onto a face-down site depends on the rock."""
    from game.rules.hakkutsu.data import DATA

    s = started(players=2, mode="treasure", seed=6)
    seat = Seat(s, s.current_player)
    root = make_agent("mcts:iterations=400", seed=3).search(seat)
    split = [ch for ch in root.children.values() if ch.outcomes]
    assert split, "no move turned a card up in 400 iterations"
    area_of = {r.key: r.area for r in DATA.rocks}
    for child in split:
        areas = {area_of[k] for k in child.outcomes}
        assert len(areas) == 1  # one site: rocks of one card area only
        assert sum(n.visits for o in child.outcomes.values() for n in o.children.values()) <= child.visits
    assert max(len(ch.outcomes) for ch in split) >= 3

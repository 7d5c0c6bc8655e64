"""Beliefs drawn opponent by opponent (``ai.beliefs``, the games' ``belief_redraw`` hooks, issue 35):
a redraw deals again only one opponent's hidden cards, the draw follows the target distribution,
and with three opponents' evidence far more of the worlds drawn are kept than by whole worlds."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, cast

import pytest

from ai import make_agent
from ai.beliefs import BATCH, MAX_TRIES, PILOT, Beliefs, beliefs_for
from ai.heuristics import heuristics_for
from game.rules import Seat, new_game
from game.rules.core import AnyState
from game.rules.hakkutsu.hidden import check_accounting, returned_range
from game.rules.ratjack.hidden import unknown_slots
from game.rules.ratjack.state import RatjackState
from game.rules.rng import Rng

HAKKUTSU = heuristics_for("hakkutsu")
RATJACK = heuristics_for("ratjack")


def _positions(game: str, players: int, seed: int, every: int) -> Iterator[tuple[AnyState, Seat]]:
    """Every ``every``-th decision of a heuristic game, each seat witnessing every decision: the
    state then and the seat to move (with its history)."""
    state = new_game(game, players=players, seed=seed)
    seats = [Seat(state, p) for p in range(players)]
    bots = [make_agent("heuristic", seed=seed * 10 + p) for p in range(players)]
    k = 0
    while (p := state.current_player) is not None:
        for seat in seats:
            seat.witness(p)
        if k % every == 0:
            yield state.clone(), Seat(state.clone(), p, seats[p].history)
        state.apply(bots[p].choose(seats[p]))
        k += 1


def _redraw_cases(game: str, players: int, seed: int, every: int) -> Iterator[tuple[Any, int, Any, int]]:
    """``(state, seat's player, world, opponent)`` for every opponent at every unfinished position of
    :func:`_positions` (``world``: a determinization of the seat's); checks that redrawing leaves
    the world given unchanged."""
    for n, (state, seat) in enumerate(_positions(game, players, seed=seed, every=every)):
        if state.phase == "over":  # type: ignore[attr-defined]
            continue
        me = seat.player
        world = seat.determinize(Rng(n))
        before = world.to_json()
        for q in range(players):
            if q != me:
                yield state, me, world, q
        assert world.to_json() == before  # the world given is not changed


def _cards(world: RatjackState) -> list[int]:
    every = [c for h in world.hands for c in h] + [c for a in world.areas for c in a]
    return sorted(every + world.deck + world.discard + [world.drawn_card])


# ------------------------------------------------------------------ the redraw hooks


def test_ratjack_redraw_moves_only_one_opponents_unknown_cards() -> None:
    checked = 0
    for state, me, world, q in _redraw_cases("ratjack", 4, seed=3, every=7):
        mine = {
            (kind, a, b) for kind, a, b in unknown_slots(world, me) if kind in ("hand", "area") and a == q
        }
        pool = {world.hands[q][b] if kind == "hand" else world.areas[q][b] for kind, _, b in mine}
        pool |= set(world.deck)
        seen: set[int] = set()
        for k in range(40):
            again = RATJACK.belief_redraw(world, me, random.Random(k), q)
            assert again.view(me) == world.view(me)  # nothing the seat knows moved
            assert _cards(again) == _cards(world)
            for x in range(4):
                places = [("hand", c) for c in world.hands[x]] + [("area", c) for c in world.areas[x]]
                new = [("hand", c) for c in again.hands[x]] + [("area", c) for c in again.areas[x]]
                if x != q:  # every other player's cards stay where they are
                    assert new == places
                for (_, c), (_, d) in zip(places, new):  # what a place shows stays with it
                    assert (again.known[d], again.face_up[d], again.token_on[d]) == (
                        world.known[c],
                        world.face_up[c],
                        world.token_on[c],
                    )
            seen |= {again.hands[q][b] if kind == "hand" else again.areas[q][b] for kind, _, b in mine}
        assert seen <= pool
        if mine and world.deck and state.phase != "ability":
            assert len(seen) > len(mine)  # dealt again from the deck's cards too
        checked += 1
    assert checked > 20


def test_hakkutsu_redraw_moves_only_one_opponents_museum_and_equipment() -> None:
    checked = 0
    for players, seed in ((4, 1), (3, 5)):
        for _, me, world, q in _redraw_cases("hakkutsu", players, seed=seed, every=17):
            museums: set[int] = set()
            for k in range(30):
                again = HAKKUTSU.belief_redraw(world, me, random.Random(k), q)
                check_accounting(again)
                assert again.view(me) == world.view(me)
                assert again.stacks == world.stacks and again.set_aside == world.set_aside
                for x in range(players):
                    if x != q:
                        assert again.museum[x] == world.museum[x]
                        assert again.eq_hand[x] == world.eq_hand[x] and again.eq_deal[x] == world.eq_deal[x]
                        mine = returned_range(world, x)
                        assert [again.eq_returned[i] for i in mine] == [world.eq_returned[i] for i in mine]
                museums.add(again.museum[q])
            if world.museum[q] >= 0 and not world.museum_public[q]:
                unseen = set(world.museum_deck) | {world.museum[q]}
                if not (world.draft_seen >> me) & 1:
                    unseen |= set(world.draft_pool)
                assert museums == unseen  # from every museum card no other player holds
            checked += 1
    assert checked > 15


# ------------------------------------------------------------------ the draw

HACKTRICK = heuristics_for("hacktrick")


class _Table:
    """A stand-in world for the draw: each opponent's one hidden card."""

    def __init__(self, cards: dict[int, str]) -> None:
        self.cards = cards

    def clone(self) -> _Table:
        return _Table(dict(self.cards))


#: Two opponents, each holding one of two cards from its own pool, each card equally likely a priori.
POOLS = {1: ("a", "b"), 2: ("c", "d")}
#: The likelihoods of each opponent's decisions (two for opponent 1, one for opponent 2).
LIKELIHOODS = {1: [{"a": 0.9, "b": 0.3}, {"a": 0.5, "b": 0.8}], 2: [{"c": 0.2, "d": 0.8}]}


def _constructed(redraw: bool, batch: int = BATCH) -> tuple[Beliefs, list[int]]:
    calls = [0]

    def reader(q: int, table: dict[str, float]) -> Any:
        return lambda world: table[world.cards[q]]

    evidence = {q: [reader(q, t) for t in ts] for q, ts in LIKELIHOODS.items()}

    def again(world: AnyState, q: int, rng: random.Random) -> AnyState:
        calls[0] += 1
        cards = dict(cast(_Table, world).cards)
        cards[q] = POOLS[q][int(rng.random() * 2)]
        return cast(AnyState, _Table(cards))

    return Beliefs(evidence, again if redraw else None, batch=batch), calls


def _exact() -> dict[tuple[str, str], float]:
    joint = {}
    for x in POOLS[1]:
        for y in POOLS[2]:
            w = 1.0
            for t in LIKELIHOODS[1]:
                w *= t[x]
            for t in LIKELIHOODS[2]:
                w *= t[y]
            joint[(x, y)] = w
    total = sum(joint.values())
    return {k: v / total for k, v in joint.items()}


@pytest.mark.parametrize(("redraw", "batch"), [(True, BATCH), (False, 0), (False, BATCH)])
def test_the_draw_follows_the_product_of_the_opponents_likelihoods(redraw: bool, batch: int) -> None:
    """Opponent by opponent, whole worlds by rejection (``batch=0``) and whole worlds resampled."""
    beliefs, calls = _constructed(redraw, batch)
    rng = random.Random(11)

    def sample() -> AnyState:
        return cast(AnyState, _Table({q: pool[int(rng.random() * 2)] for q, pool in POOLS.items()}))

    n = 20000
    drawn: Counter[tuple[str, str]] = Counter()
    for _ in range(n):
        world = cast(_Table, beliefs.draw(sample, rng))
        drawn[(world.cards[1], world.cards[2])] += 1
    for key, p in _exact().items():
        assert abs(drawn[key] / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 0.002, (key, drawn[key] / n, p)
    # opponent by opponent, a rejected opponent's card dealt again (0.3 and 0.6 times a draw)
    assert calls[0] > 0.8 * n if redraw else calls[0] == 0
    assert beliefs.bounds == ({1: pytest.approx(0.45), 2: pytest.approx(0.8)} if redraw else {})


#: Two opponents each holding one of the three cards of a shared pool (the third is unused); the
#: second's evidence names card "a" strongly, the first's mildly.
SHARED = {1: {"a": 0.5, "b": 0.25, "c": 0.25}, 2: {"a": 1.0, "b": 0.05, "c": 0.05}}


def _shared_draws(sweeps: int, n: int) -> float:
    """The share of ``n`` draws in which the second opponent holds "a"."""

    def reader(q: int) -> Any:
        return lambda world: SHARED[q][world.cards[q]]

    def again(world: AnyState, q: int, rng: random.Random) -> AnyState:
        cards = dict(cast(_Table, world).cards)
        free = [c for c in "abc" if c != cards[3 - q]]  # the pool given the other opponent's card
        cards[q] = free[int(rng.random() * 2)]
        return cast(AnyState, _Table(cards))

    beliefs = Beliefs({q: [reader(q)] for q in SHARED}, again, sweeps=sweeps)
    rng = random.Random(5)

    def sample() -> AnyState:
        first, second = rng.sample("abc", 2)
        return cast(AnyState, _Table({1: first, 2: second}))

    return sum(cast(_Table, beliefs.draw(sample, rng)).cards[2] == "a" for _ in range(n)) / n


def test_with_a_shared_pool_more_sweeps_reach_the_target() -> None:
    """One pass is an approximation when the opponents share a small pool (the first takes "a"
    as its own evidence allows); further passes are Gibbs sweeps that converge to the target."""
    pairs = {(x, y): SHARED[1][x] * SHARED[2][y] for x in "abc" for y in "abc" if x != y}
    exact = sum(w for (_, y), w in pairs.items() if y == "a") / sum(pairs.values())
    assert exact == pytest.approx(0.87, abs=0.01)
    one, many = _shared_draws(1, 6000), _shared_draws(12, 6000)
    assert one < exact - 0.2
    assert abs(many - exact) < 0.03
    with pytest.raises(ValueError, match="sweeps must be at least 1"):
        Beliefs({}, sweeps=0)


def test_each_opponent_is_settled_in_turn() -> None:
    """In each draw, every redraw of opponent 1 comes before any of opponent 2: at most
    ``MAX_TRIES - 1`` of opponent 1 (its first try is the prior world's card) and at least one, at
    most ``MAX_TRIES``, of opponent 2 (dealt again first: opponent 1's was chosen by evidence)."""
    beliefs, _ = _constructed(True)
    order: list[int] = []
    inner = beliefs.redraw
    assert inner is not None

    def logged(world: AnyState, q: int, rng: random.Random) -> AnyState:
        order.append(q)
        return inner(world, q, rng)

    beliefs.redraw = logged
    rng = random.Random(2)
    for _ in range(200):
        del order[:]
        beliefs.draw(lambda: cast(AnyState, _Table({1: "b", 2: "c"})), rng)
        assert order == sorted(order)
        assert order.count(1) <= MAX_TRIES - 1 and 1 <= order.count(2) <= MAX_TRIES
    assert beliefs.drawn >= 200 * 2


def test_hakkutsu_4p_keeps_far_more_worlds_than_whole_world_rejection() -> None:
    state, seat = next(
        (s, seat)
        for s, seat in _positions("hakkutsu", 4, seed=1, every=1)
        if (b := beliefs_for(HAKKUTSU, seat)) is not None
        and len(b.evidence) == 3
        and s.phase == "move"  # type: ignore[attr-defined]
        and len(seat.history) > 60
    )
    beliefs = beliefs_for(HAKKUTSU, seat)
    assert beliefs is not None and beliefs.redraw is not None
    whole = Beliefs(beliefs.evidence, batch=0)  # before: whole worlds kept on the product
    det = Rng(3)
    rng = random.Random(4)
    for b in (beliefs, whole):
        for _ in range(150):
            b.draw(lambda: seat.determinize(det), rng)
    each_rate = beliefs.kept / beliefs.drawn
    whole_rate = whole.kept / whole.drawn
    assert whole_rate < 0.02  # the product of three opponents' evidence: nearly every world rejected
    assert each_rate > 10 * whole_rate and each_rate > 0.05


def _whole_world_reference(
    beliefs: Beliefs, sample: Callable[[], AnyState], rng: random.Random, bound: list[float]
) -> AnyState:
    """The draw before beliefs were drawn opponent by opponent: whole worlds kept with probability
    ``weight / bound`` on the product, at most ``MAX_TRIES`` of them, else the heaviest."""
    if bound[0] == 0.0:
        bound[0] = max(beliefs.weight(sample()) for _ in range(PILOT))
    best, best_weight = None, -1.0
    for _ in range(MAX_TRIES):
        world = sample()
        w = beliefs.weight(world)
        bound[0] = max(bound[0], w)
        if rng.random() * bound[0] < w:
            return cast(AnyState, world)
        if w > best_weight:
            best, best_weight = world, w
    return cast(AnyState, best)


def _thirty_draws(
    seat: Seat, draw: Callable[[Callable[[], AnyState], random.Random], AnyState]
) -> list[object]:
    det, rng = Rng(7), random.Random(8)

    def sample() -> AnyState:
        return seat.determinize(det)

    return [draw(sample, rng).to_json() for _ in range(30)]


def test_hacktrick_resampled_worlds_are_served_as_separate_copies() -> None:
    """Hacktrick (no redraw hook) resamples whole worlds: a batch of :data:`BATCH` weighted at
    once, the worlds drawn several times each served as its own copy (the search mutates them)."""
    seat = next(
        seat for _, seat in _positions("hacktrick", 2, seed=4, every=5) if beliefs_for(HACKTRICK, seat)
    )
    beliefs = beliefs_for(HACKTRICK, seat)
    assert beliefs is not None and beliefs.batch == BATCH
    det, rng = Rng(7), random.Random(8)
    served = [beliefs.draw(lambda: seat.determinize(det), rng) for _ in range(BATCH)]
    assert beliefs.drawn == BATCH and beliefs.kept == BATCH
    texts = [w.to_json() for w in served]
    assert len({id(w) for w in served}) == BATCH  # never the same object twice
    assert len({str(t) for t in texts}) < BATCH  # heavy worlds were drawn more than once
    served[0].apply(served[0].legal_actions()[0])  # the search plays on one of them ...
    assert [w.to_json() for w in served[1:]] == texts[1:]  # ... and no other changes
    beliefs.draw(lambda: seat.determinize(det), rng)
    assert beliefs.drawn == 2 * BATCH  # the next batch


def test_hacktrick_rejection_draws_are_whole_worlds_as_before() -> None:
    """With ``batch=0`` (rejection), Hacktrick: for a fixed seed, the very worlds of the draw before."""
    hacktrick = heuristics_for("hacktrick")
    compared = 0
    for _, seat in _positions("hacktrick", 2, seed=4, every=5):
        beliefs = beliefs_for(hacktrick, seat)
        if beliefs is None:
            continue
        beliefs.batch = 0
        assert beliefs.redraw is None and list(beliefs.evidence) == [1 - seat.player]
        reference = beliefs_for(hacktrick, seat)
        assert reference is not None
        bound = [0.0]
        drawn = _thirty_draws(seat, beliefs.draw)
        before = _thirty_draws(seat, partial(_whole_world_reference, reference, bound=bound))
        assert drawn == before
        compared += 1
        if compared == 4:
            break
    assert compared == 4

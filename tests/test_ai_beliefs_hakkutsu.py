"""Hakkutsu!!'s beliefs (issue 35): museum cards and kept equipment from what the opponents dig,
skip and keep (``ai.heuristics.hakkutsu_beliefs``, ``mcts:beliefs=1``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai import make_agent
from ai.beliefs import beliefs_for
from ai.heuristics import hakkutsu_beliefs, heuristics_for
from ai.mcts import MCTSAgent
from game.rules import Seat, new_game
from game.rules.core import AnyState
from game.rules.hakkutsu import equipment as eqm
from game.rules.hakkutsu.actions import Action
from game.rules.hakkutsu.hidden import check_accounting
from game.rules.hakkutsu.state import HakkutsuState
from game.rules.rng import Rng
from tests.belief_helpers import searched_with_beliefs
from tests.hakkutsu_helpers import card, cell, museum, set_site, started

HAKKUTSU = heuristics_for("hakkutsu")


def _with_museum(state: HakkutsuState, q: int, m: int) -> HakkutsuState:
    """``state`` with museum card ``m`` (from the unused ones) swapped into ``q``'s hand."""
    world = state.clone()
    if world.museum[q] != m:
        j = world.museum_deck.index(m)
        world.museum_deck[j], world.museum[q] = world.museum[q], m
    return world


def _with_equipment(state: HakkutsuState, q: int, hand: list[str]) -> HakkutsuState:
    """``state`` with ``q``'s equipment cards swapped for ``hand`` (from the deck)."""
    world = state.clone()
    world.eq_deck.extend(world.eq_hand[q])
    world.eq_hand[q] = []
    for key in hand:
        t = eqm.TYPE_BY_KEY[key]
        world.eq_deck.remove(t)
        world.eq_hand[q].append(t)
    return world


def _dig(last: str) -> tuple[HakkutsuState, Seat, int]:
    """Research, 2 players: the opponent ``q`` (holding the Strata Museum) moves onto a lone
    Mudstone (sedimentary, 0 points, free: worth 2 points to the Strata Museum only) and then
    ``last`` (mines it or skips); the seat saw both decisions."""
    state = started(2, "research", seed=2)
    q = state.player
    state = _with_museum(state, q, museum("strata-museum"))
    set_site(state, cell(1, 2), [card("mudstone")])
    seats = [Seat(state, 0), Seat(state, 1)]
    for text in ("move 1,2", last):
        for seat in seats:
            seat.witness(state.player)
        state.apply(Action.parse(text))
    for seat in seats:
        seat.witness(state.player)
    return state, seats[1 - q], q


def _play(seed: int, decisions: int, players: int = 2, **options: object) -> tuple[HakkutsuState, list[Seat]]:
    """A heuristic game played for ``decisions`` decisions, every seat witnessing every one."""
    state = new_game("hakkutsu", players=players, seed=seed, **options)
    assert isinstance(state, HakkutsuState)
    seats = [Seat(state, p) for p in range(players)]
    bots = [make_agent("heuristic", seed=seed * 10 + p) for p in range(players)]
    for _ in range(decisions):
        p = state.player
        for seat in seats:
            seat.witness(p)
        action = bots[p].choose(seats[p])
        assert isinstance(action, Action)
        state.apply(action)
    for seat in seats:
        seat.witness(state.player)
    return state, seats


def test_action_scores_rank_first_what_the_heuristic_plays() -> None:
    phases: set[str] = set()
    for mode, players, draft in (
        ("research", 2, True),
        ("treasure", 2, False),
        ("research", 4, False),
        ("treasure", 3, True),
    ):
        for seed in (1, 2):
            state = new_game("hakkutsu", players=players, seed=seed, mode=mode, draft=draft)
            rng = random.Random(seed)
            while not state.is_terminal:
                legal = state.legal_actions()
                view = state.view(state.player)
                chosen = HAKKUTSU.choose(view, legal, rng)
                if len(legal) > 1:
                    scores = HAKKUTSU.action_scores(view, legal)
                    assert scores[legal.index(chosen)] >= max(scores) - 0.011, (view["phase"], chosen)
                    phases.add(view["phase"])
                state.apply(chosen)
    assert phases == {"draft", "equip", "move", "mine", "end"}


def test_digging_a_rock_favours_the_museums_that_reward_its_kind() -> None:
    state, seat, q = _dig("mine")
    beliefs = beliefs_for(HAKKUTSU, seat)
    assert beliefs is not None and list(beliefs.evidence) == [q]
    assert len(beliefs.likelihoods) == 1  # the museum (the set-up was not witnessed)
    strata = beliefs.weight(state)
    others = [m for m in range(9) if m not in (museum("strata-museum"), state.museum[1 - q])]
    assert all(strata > 2 * beliefs.weight(_with_museum(state, q, m)) for m in others)
    # Skipping it tells the other way: the contrast is the mining decision's alone.
    skipped, seat2, _ = _dig("skip mining")
    after_skip = beliefs_for(HAKKUTSU, seat2)
    assert after_skip is not None
    volcano = museum("volcano-museum")

    def odds(b: object, s: HakkutsuState) -> float:
        assert b is not None
        return b.weight(s) / b.weight(_with_museum(s, q, volcano))  # type: ignore[attr-defined]

    assert odds(beliefs, state) > 3 * odds(after_skip, skipped)
    assert after_skip.weight(_with_museum(skipped, q, volcano)) > 0.0


def test_the_sampled_worlds_follow_the_museum_evidence() -> None:
    state, seat, q = _dig("mine")
    beliefs = beliefs_for(HAKKUTSU, seat)
    assert beliefs is not None and beliefs.redraw is not None
    det = Rng(7)
    rng = random.Random(1)
    weighted = [beliefs.draw(lambda: seat.determinize(det), rng) for _ in range(300)]
    uniform = [seat.determinize(Rng(100 + i)) for i in range(300)]
    strata = museum("strata-museum")

    def share(worlds: list[AnyState]) -> float:
        return sum(isinstance(w, HakkutsuState) and w.museum[q] == strata for w in worlds) / len(worlds)

    assert share(uniform) < 0.2  # one of the 8 museum cards the seat has not seen
    assert share(weighted) > 2 * share(uniform)


def test_heuristic_games_put_the_true_museum_above_uniform() -> None:
    shares = []
    for seed in (1, 2, 3, 4):
        state, seats = _play(seed, 70)
        for me in (0, 1):
            beliefs = beliefs_for(HAKKUTSU, seats[me])
            assert beliefs is not None
            q = 1 - me
            unseen = [m for m in range(9) if m != state.museum[me]]
            weights = {m: beliefs.weight(_with_museum(state, q, m)) for m in unseen}
            shares.append(weights[state.museum[q]] / sum(weights.values()))
    assert sum(shares) / len(shares) > 2 / 8  # uniform: 1/8


def test_the_equipment_kept_at_the_setup() -> None:
    state, seats = _play(5, 2)  # both players kept one of their two equipment cards
    assert state.phase == "move"
    q = state.player
    me = 1 - q
    beliefs = beliefs_for(HAKKUTSU, seats[me])
    assert beliefs is not None
    helicopter = beliefs.weight(_with_equipment(state, q, ["helicopter"]))
    detector = beliefs.weight(_with_equipment(state, q, ["detector"]))
    assert helicopter > 3 * detector  # kept only from a deal of two Detectors


def test_a_turn_ended_without_its_end_phase_says_no_grant_was_held() -> None:
    """The engine offers the turn's end only to a player who could still use a Grant or a
    Detector: an opponent whose turn just ended without it held neither."""
    state = new_game("hakkutsu", players=2, seed=11)
    assert isinstance(state, HakkutsuState)
    seats = [Seat(state, 0), Seat(state, 1)]
    bots = [make_agent("heuristic", seed=p) for p in range(2)]
    found = None
    while found is None:
        p = state.player
        phase = state.phase
        for seat in seats:
            seat.witness(p)
        action = bots[p].choose(seats[p])
        assert isinstance(action, Action)
        state.apply(action)
        hand = {eqm.KEYS[t] for t in state.eq_hand[p]}
        ended = state.player != p and phase in ("move", "mine") and action.kind in ("move", "mine", "skip")
        if ended and hand and not hand & {"grant", "detector"} and state.supply > 0:
            found = p
    q = found
    for seat in seats:
        seat.witness(state.player)
    beliefs = beliefs_for(HAKKUTSU, seats[1 - q])
    assert beliefs is not None
    held = [eqm.KEYS[t] for t in state.eq_hand[q]]
    with_grant = _with_equipment(state, q, ["grant"] + held[1:])
    assert beliefs.weight(with_grant) < 0.1 * beliefs.weight(state)


def test_drafted_museums_need_no_evidence_and_the_facts_say_so() -> None:
    state, seats = _play(3, 12, draft=True)
    beliefs = beliefs_for(HAKKUTSU, seats[0])
    assert beliefs is not None and list(beliefs.evidence) == [1]
    assert len(beliefs.likelihoods) == 1  # the equipment only
    labels = [label for label, _ in HAKKUTSU.hidden_facts(state, 0)]
    assert labels == ["equipment"]
    plain, _ = _play(3, 12, players=3)
    facts = HAKKUTSU.hidden_facts(plain, 0)
    expected = [["museum"] + ["equipment"] * bool(plain.eq_hand[q]) for q in (1, 2)]
    assert [label for label, _ in facts] == expected[0] + expected[1]
    world = _with_museum(plain, 1, plain.museum_deck[0])  # player 1's museum differs, nothing else
    assert [read(world) == read(plain) for _, read in facts] == [False] + [True] * (len(facts) - 1)


def test_no_history_no_evidence() -> None:
    state, seats = _play(4, 30)
    assert beliefs_for(HAKKUTSU, Seat(state, 0)) is None
    own = Seat(state, 0, [w for w in seats[0].history if w.actor == 0])
    assert beliefs_for(HAKKUTSU, own) is None  # its own decisions say nothing of the opponents


def test_the_evidence_never_reads_the_true_state() -> None:
    for seed, options in ((6, {"mode": "research"}), (7, {"mode": "treasure", "players": 3})):
        players = int(options.pop("players", 2))  # type: ignore[call-overload]
        state, seats = _play(seed, 60, players=players, **options)
        me = state.player
        twin = state.determinize(me, Rng(50))
        assert twin.view(me) == state.view(me) and twin.museum != state.museum
        worlds = [state.determinize(me, Rng(k)) for k in range(40)]
        weights = []
        for real in (state, twin):
            beliefs = beliefs_for(HAKKUTSU, Seat(real, me, seats[me].history))
            assert beliefs is not None
            weights.append([beliefs.weight(w) for w in worlds])
        assert weights[0] == weights[1] and len(set(weights[0])) > 1
        visits = []
        for real in (state, twin):
            agent = make_agent("mcts:iterations=200,beliefs=1", seed=9)
            assert isinstance(agent, MCTSAgent)
            agent.search(Seat(real, me, seats[me].history))
            assert agent.last_root is not None and agent.last_beliefs is not None
            visits.append(
                ({a: c.visits for a, c in agent.last_root.children.items()}, agent.last_beliefs.drawn)
            )
        assert visits[0] == visits[1]


def test_beliefs_are_deterministic_and_computed_once_a_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    state, seats = _play(8, 50)
    seat = seats[state.player]
    assert searched_with_beliefs(seat, 200) == searched_with_beliefs(seat, 200)
    # The decisions' tables are kept for the seat's later searches: none is computed again.
    computed: list[int] = []
    original = hakkutsu_beliefs._compute_table

    def counted(*args: Any) -> dict[int, float] | None:
        computed.append(1)
        return original(*args)

    monkeypatch.setattr(hakkutsu_beliefs, "_compute_table", counted)
    assert beliefs_for(HAKKUTSU, seat) is not None
    assert computed == []


def test_belief_redraw_deals_only_one_opponents_hidden_cards_again() -> None:
    state, seats = _play(9, 40, players=3, mode="treasure")
    me = state.player
    world = state.determinize(me, Rng(1))
    before = world.to_json()
    for q in (me + 1) % 3, (me + 2) % 3:
        other = 3 - me - q
        museums: set[int] = set()
        for k in range(60):
            again = HAKKUTSU.belief_redraw(world, me, random.Random(k), q)
            check_accounting(again)
            assert again.view(me) == world.view(me)
            assert again.stacks == world.stacks and again.eq_hand[me] == world.eq_hand[me]
            assert again.museum[other] == world.museum[other] and again.eq_hand[other] == world.eq_hand[other]
            museums.add(again.museum[q])
        # q's museum from every museum card the seat has not seen but the other opponent's
        assert museums == set(range(9)) - {state.museum[me], world.museum[other]}
    assert world.to_json() == before  # the world given is not changed

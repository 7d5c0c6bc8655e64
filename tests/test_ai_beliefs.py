"""Beliefs from the opponents' observed decisions (``ai.beliefs``, ``mcts:beliefs=1``, issue 35)."""

from __future__ import annotations

import random

import pytest

from ai import make_agent
from ai.beliefs import Beliefs, beliefs_for, decision_probability
from ai.heuristics import heuristics_for
from ai.mcts import MCTSAgent
from game.rules import Seat, new_game
from game.rules.ratjack.actions import FACE_DOWN, FACE_UP, Action
from game.rules.ratjack.cards import CARD_VALUE, parse_card
from game.rules.ratjack.positions import position
from game.rules.ratjack.state import RatjackState
from game.rules.rng import Rng
from tests.belief_helpers import searched_with_beliefs

RATJACK = heuristics_for("ratjack")


def _act(state: RatjackState, seats: list[Seat], action: Action) -> None:
    """The game loop's steps: every seat witnesses the decision, then it is applied."""
    for seat in seats:
        seat.witness(state.player)
    state.apply(action)


def _face_up_three() -> tuple[RatjackState, list[Seat]]:
    """Player 1, at 15, holds rat-red 3 and rat-blue 6 and plays the 3 face up (an extra turn).
    Had it held a 10, face-up 10 would have made exactly 25: the heuristic would have finished."""
    state = position(
        phase="play",
        player=1,
        hands=[["rat-blue 5"], ["rat-red 3", "rat-blue 6"]],
        areas=[["U:rat-blue 3"], ["U:rat-red 8", "U:rat-red 7"]],
        discard=["rat-blue 1"],
    )
    seats = [Seat(state, 0), Seat(state, 1)]
    _act(state, seats, Action(FACE_UP, card=parse_card("rat-red 3")))
    for seat in seats:
        seat.witness(state.player)
    return state, seats


def _with_hand(state: RatjackState, q: int, card: int) -> RatjackState:
    """``state`` with ``card`` (from the deck) swapped into ``q``'s hand."""
    world = state.clone()
    j = world.deck.index(card)
    world.deck[j], world.hands[q][0] = world.hands[q][0], world.deck[j]
    return world


def test_decision_probability_is_a_softmax_with_a_floor() -> None:
    assert decision_probability([1.0, 1.0], 0, 3.0) == pytest.approx(0.5)
    assert decision_probability([5.0], 0, 3.0) == 1.0
    high = decision_probability([10.0, 0.0, 0.0], 0, 3.0)
    low = decision_probability([10.0, 0.0, 0.0], 1, 3.0)
    assert high > 0.8 > 0.05 < low < 0.1  # the floor keeps an unlikely move possible
    assert high + 2 * low == pytest.approx(1.0)


def test_a_finish_not_taken_makes_a_finishing_hand_card_unlikely() -> None:
    state, seats = _face_up_three()
    beliefs = beliefs_for(RATJACK, seats[0])
    assert beliefs is not None and list(beliefs.evidence) == [1] and len(beliefs.likelihoods) == 1
    truth = beliefs.weight(state)
    ten = beliefs.weight(_with_hand(state, 1, parse_card("rat-blue 10")))
    four = beliefs.weight(_with_hand(state, 1, parse_card("rat-blue 4")))
    assert truth > 10 * ten
    assert four > 10 * ten
    # The sampled worlds follow: a 10 in player 1's hand becomes rare.
    seat = seats[0]
    rng = random.Random(1)
    det = Rng(7)
    weighted = [beliefs.draw(lambda: seat.determinize(det), rng) for _ in range(400)]
    uniform = [seat.determinize(Rng(100 + i)) for i in range(400)]

    def tens(worlds: list[RatjackState]) -> int:
        return sum(CARD_VALUE[w.hands[1][0]] == 10 for w in worlds)

    assert tens(uniform) > 20  # two 10s among the 20 unknown cards
    assert tens(weighted) < tens(uniform) / 4


def test_the_setup_card_put_face_down_is_probably_the_higher_one() -> None:
    state = position(
        phase="setup", player=1, hands=[["rat-red 5", "rat-blue 6"], ["rat-red 12", "rat-red 1"]]
    )
    seats = [Seat(state, 0), Seat(state, 1)]
    _act(state, seats, Action(FACE_DOWN, card=parse_card("rat-red 12")))
    seats[0].witness(state.player)
    beliefs = beliefs_for(RATJACK, seats[0])
    assert beliefs is not None
    swapped = state.clone()
    swapped.hands[1][0], swapped.areas[1][0] = swapped.areas[1][0], swapped.hands[1][0]
    assert beliefs.weight(state) > 10 * beliefs.weight(swapped)


def test_no_evidence_leaves_the_worlds_uniform() -> None:
    state, seats = _face_up_three()
    blind = Seat(state, 0)  # no history: nothing was witnessed
    assert beliefs_for(RATJACK, blind) is None
    assert beliefs_for(heuristics_for("hacktrick"), Seat(new_game("hacktrick", seed=1), 0)) is None
    empty = Beliefs({})
    det = Rng(3)
    drawn = [empty.draw(lambda: blind.determinize(det), random.Random(0)).to_json() for _ in range(5)]
    again = Rng(3)
    assert drawn == [blind.determinize(again).to_json() for _ in range(5)]
    # With no history the bot with beliefs searches exactly as the bot without.
    on = make_agent("mcts:iterations=200,beliefs=1", seed=5)
    off = make_agent("mcts:iterations=200", seed=5)
    assert isinstance(on, MCTSAgent) and isinstance(off, MCTSAgent)
    seat = Seat(state, state.player)
    on.search(seat)
    off.search(seat)
    assert on.last_root is not None and off.last_root is not None
    assert {a: c.visits for a, c in on.last_root.children.items()} == {
        a: c.visits for a, c in off.last_root.children.items()
    }


def _game_with_evidence(seed: int) -> tuple[RatjackState, Seat]:
    """A heuristic game of Ratjack played to player 0's first decision where its beliefs have
    evidence (the seat witnessed every decision)."""
    state = new_game("ratjack", players=2, seed=seed)
    seats = [Seat(state, 0), Seat(state, 1)]
    bots = [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 1)]
    while True:
        p = state.player
        if (
            p == 0
            and len(state.legal_actions()) > 1
            and beliefs_for(RATJACK, Seat(state, 0, seats[0].history))
        ):
            seats[0].witness(0)
            return state, seats[0]
        _act(state, seats, bots[p].choose(seats[p]))


def test_the_bot_with_beliefs_never_reads_the_true_state() -> None:
    for seed in (3, 11):
        state, seat = _game_with_evidence(seed)
        for k in range(20):
            twin = state.determinize(0, Rng(50 + k))
            if twin.to_json() != state.to_json():
                break
        assert twin.view(0) == state.view(0) and twin.to_json() != state.to_json()
        moves = []
        for real in (state, twin):
            agent = make_agent("mcts:iterations=300,beliefs=1", seed=9)
            assert isinstance(agent, MCTSAgent)
            moves.append(agent.choose(Seat(real, 0, seat.history)))
            assert agent.last_beliefs is not None and agent.last_beliefs.evidence
            assert agent.last_root is not None
            moves.append({a: c.visits for a, c in agent.last_root.children.items()})
        assert moves[0:2] == moves[2:4]


def test_beliefs_are_deterministic_with_a_seed() -> None:
    state, seat = _game_with_evidence(5)
    assert searched_with_beliefs(seat, 300) == searched_with_beliefs(seat, 300)


def test_the_beliefs_option() -> None:
    assert make_agent("mcts:beliefs=1").spec == "mcts:beliefs=1"
    assert isinstance(make_agent("mcts:beliefs=0"), MCTSAgent)
    with pytest.raises(ValueError, match="beliefs='2'"):
        make_agent("mcts:beliefs=2")


def test_play_game_lets_every_seat_witness_every_decision() -> None:
    from ai import play_game
    from ai.agents import Agent

    seen: list[tuple[int, int, list[int]]] = []

    class Recorder(Agent):
        spec = "recorder"

        def choose(self, seat: Seat) -> object:
            history = seat.history
            assert all(w.view["player"] == seat.player for w in history)  # the seat's own views
            assert history[-1] == (seat.player, seat.view())  # this decision, as it sees it now
            seen.append((seat.player, len(history), [w.actor for w in history]))
            return seat.legal_actions()[0]

    record = play_game("ratjack", [Recorder(), Recorder()], seed=4)
    total = len(record.actions)
    assert [n for _, n, _ in seen] == list(range(1, total + 1))  # one view per decision so far
    assert seen[-1][2] == [p for p, _, _ in seen]  # who was to decide at each one

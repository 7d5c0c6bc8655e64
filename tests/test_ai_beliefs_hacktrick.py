"""Hacktrick's beliefs from the opponent's decisions (``ai.heuristics.hacktrick_beliefs``, issue 35)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

import pytest

from ai import make_agent
from ai.beliefs import TEMPERATURE, beliefs_for, decision_probability
from ai.heuristics import heuristics_for
from ai.heuristics.hacktrick import action_scores, choose
from ai.heuristics.hacktrick_beliefs import legal_choices, read_step
from ai.mcts import MCTSAgent
from game.rules import Seat, new_game
from game.rules.core import AnyState
from game.rules.hacktrick.actions import ASK, Action
from game.rules.hacktrick.state import PHASE_OPEN, HacktrickState
from game.rules.rng import Rng
from tests.belief_helpers import searched_with_beliefs
from tests.hacktrick_positions import position

HACKTRICK = heuristics_for("hacktrick")


def _new_game(seed: int) -> HacktrickState:
    return cast(HacktrickState, new_game("hacktrick", seed=seed))


def _act(state: HacktrickState, seats: list[Seat], action: str) -> None:
    """The game loop's steps: every seat witnesses the decision, then it is applied."""
    for seat in seats:
        seat.witness(state.player)
    state.apply(Action.parse(action))


def _with_hand(state: HacktrickState, q: int, hand: list[int]) -> HacktrickState:
    """``state`` with ``q``'s hand exchanged for ``hand`` (the cards swapped with the deck)."""
    world = state.clone()
    pool = world.hands[q] + world.deck
    for c in hand:
        pool.remove(c)
    world.hands[q] = list(hand)
    world.deck = pool
    world._legal_cache = None
    return world


def _passed_a_win(main_action: str) -> tuple[HacktrickState, list[Seat]]:
    """Player 1 holds 1 and 3 with a 2 the rightmost card; a 5 would complete a triple on cell 7
    (2 + 5) and win the hand, but player 1 holds none and takes ``main_action`` (then passes if it
    played).  Player 0 is to move and witnesses its own decision."""
    deck = [5, 5, 5, 1, 1, 2, 3, 3, 4, 2]  # a 2 on top
    state = position(hands=[[0, 4, 4], [1, 3]], row=[2], deck=deck, board={7: (1, 2), 1: (0, 1)}, player=1)
    seats = [Seat(state, 0), Seat(state, 1)]
    _act(state, seats, main_action)
    if state.phase == "declare":
        _act(state, seats, "pass")
    seats[0].witness(state.player)
    assert state.player == 0
    return state, seats


def _fives(hand: list[int]) -> int:
    return hand.count(5)


def test_a_weak_play_when_a_win_existed_makes_a_winning_hand_unlikely() -> None:
    state, seats = _passed_a_win("play 1")
    beliefs = beliefs_for(HACKTRICK, seats[0])
    assert beliefs is not None and len(beliefs.evidence) == 1
    truth = beliefs.weight(state)  # player 1 kept the 3
    five = beliefs.weight(_with_hand(state, 1, [5]))  # it would have had 1 and 5: a win passed up
    four = beliefs.weight(_with_hand(state, 1, [4]))
    assert truth > 10 * five
    assert four > 10 * five


def test_a_draw_when_a_win_existed_makes_the_winning_card_rare_in_the_worlds() -> None:
    state, seats = _passed_a_win("draw")
    beliefs = beliefs_for(HACKTRICK, seats[0])
    assert beliefs is not None
    hand = sorted(state.hands[1])
    assert 5 not in hand
    with_five = sorted(hand[:2] + [5])
    # Player 1 now holds 1, 3 and the drawn card; had it held a 5 before the draw, it would have won.
    truth = beliefs.weight(state)
    assert truth > 1.3 * beliefs.weight(_with_hand(state, 1, with_five))  # the 5 may be the drawn card
    assert truth > 4 * beliefs.weight(_with_hand(state, 1, [1, 5, 5]))  # a 5 was there before the draw
    # The likelihood averages over the card the draw brought, each card of the hand alike.
    before = seats[0].history[0].view

    def p_draw(hand: list[int]) -> float:
        view = {**before, "player": 1, "hand": hand}
        legal = legal_choices(view)  # type: ignore[arg-type]
        scores = action_scores(view, legal)  # type: ignore[arg-type]
        return decision_probability(scores, legal.index(Action("draw")), TEMPERATURE)

    expected = 2 / 3 * p_draw([1, 2]) + 1 / 3 * p_draw([1, 1])
    assert beliefs.weight(_with_hand(state, 1, [1, 1, 2])) == pytest.approx(expected)
    seat = seats[0]
    rng = random.Random(1)
    det = Rng(7)
    weighted = [beliefs.draw(lambda: seat.determinize(det), rng) for _ in range(400)]
    uniform = [seat.determinize(Rng(100 + i)) for i in range(400)]

    def holding_five(worlds: Sequence[AnyState]) -> int:
        return sum(_fives(cast(HacktrickState, w).hands[1]) > 0 for w in worlds)

    assert holding_five(uniform) > 150  # three 5s among the 12 unseen cards
    assert holding_five(weighted) < 0.75 * holding_five(uniform)


def test_an_announced_sum_still_tells_the_hand_after_a_draw() -> None:
    """Player 1 deals and opens with a 0: its 3 cards left (sum 9) are announced.  Player 0 plays,
    passes, and player 1 draws: ``determinize`` forgets the sum, the beliefs keep it (the hand now
    less one of its cards sums to 9)."""
    state = position(
        hands=[[0, 1, 2], [0, 2, 3, 4]], row=[], phase=PHASE_OPEN, player=1, dealer=1, aside=(5, 5)
    )
    seats = [Seat(state, 0), Seat(state, 1)]
    for action in ("open 0", "play 1", "pass", "draw"):
        _act(state, seats, action)
    seats[0].witness(state.player)
    assert state.known_sum[0] is None
    beliefs = beliefs_for(HACKTRICK, seats[0])
    assert beliefs is not None
    assert beliefs.weight(state) > 0
    # 0 + 1 + 3 + 3: no three of them sum to 9.
    assert beliefs.weight(_with_hand(state, 1, [0, 1, 3, 3])) == 0.0
    fits = _with_hand(state, 1, [1, 3, 4, 5])  # 1 + 3 + 5 = 9, the 4 drawn
    assert beliefs.weight(fits) > 0
    seat = seats[0]
    uniform = [seat.determinize(Rng(i)) for i in range(200)]
    assert any(beliefs.weight(w) == 0.0 for w in uniform)  # determinize alone does not know


def test_no_history_gives_no_evidence() -> None:
    state = _new_game(seed=3)
    assert beliefs_for(HACKTRICK, Seat(state, 0)) is None
    seats = [Seat(state, 0), Seat(state, 1)]
    dealer = state.player
    _act(state, seats, str(state.legal_actions()[0]))
    seats[1 - dealer].witness(state.player)
    # The non-dealer saw the dealer open: evidence.  The dealer saw nothing of the other's hand
    # but its announced sum, which determinize already keeps: none.
    assert beliefs_for(HACKTRICK, seats[1 - dealer]) is not None
    assert beliefs_for(HACKTRICK, Seat(state, dealer, seats[dealer].history)) is None


def _game_with_evidence(seed: int, decisions: int) -> tuple[HacktrickState, Seat]:
    """A heuristic game of Hacktrick played to player 0's ``decisions``-th decision with a choice
    where its beliefs have evidence (the seat witnessed every decision)."""
    state = _new_game(seed=seed)
    seats = [Seat(state, 0), Seat(state, 1)]
    bots = [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 1)]
    while True:
        p = state.player
        if p == 0 and len(state.legal_actions()) > 1:
            if beliefs_for(HACKTRICK, Seat(state, 0, seats[0].history)):
                decisions -= 1
                if decisions == 0:
                    seats[0].witness(0)
                    return state, seats[0]
        for seat in seats:
            seat.witness(p)
        state.apply(cast(Action, bots[p].choose(seats[p])))


def test_the_true_hand_is_never_ruled_out_and_is_favoured() -> None:
    """Over whole heuristic games, at every decision: the true state's weight is positive, and on
    average above the sampled worlds' (the evidence is the heuristic's own behaviour)."""
    above = below = 0
    for seed in (1, 2):
        state = _new_game(seed=seed)
        seats = [Seat(state, 0), Seat(state, 1)]
        bots = [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 1)]
        while (p := state.current_player) is not None:
            for seat in seats:
                seat.witness(p)
            beliefs = beliefs_for(HACKTRICK, seats[p])
            if beliefs is not None:
                truth = beliefs.weight(state)
                assert truth > 0
                mean = sum(beliefs.weight(seats[p].determinize(Rng(i))) for i in range(20)) / 20
                above += truth > 1.05 * mean
                below += truth < mean / 1.05
            state.apply(cast(Action, bots[p].choose(seats[p])))
    assert above > 2 * below


def test_the_evidence_never_reads_the_true_state() -> None:
    """Two games the seat cannot tell apart (the opponent's cards after its opening swapped for
    deck cards of the same sum, or redrawn by ``determinize`` mid-game), the same history: the same
    weights for the same worlds, and the bot with beliefs searches alike."""
    twins: list[tuple[HacktrickState, HacktrickState, Seat]] = []
    for seed in range(40):
        state = _new_game(seed=seed)
        seats = [Seat(state, 0), Seat(state, 1)]
        _act(state, seats, str(state.legal_actions()[0]))
        p = state.player
        seats[p].witness(p)
        hand, deck = state.hands[1 - p], state.deck
        swaps = [
            (i, j, k, m)
            for i in range(len(hand))
            for j in range(i + 1, len(hand))
            for k in range(len(deck))
            for m in range(k + 1, len(deck))
            if hand[i] + hand[j] == deck[k] + deck[m]
            and sorted((hand[i], hand[j])) != sorted((deck[k], deck[m]))
        ]
        if swaps:
            i, j, k, m = swaps[0]
            twin = state.clone()
            twin.hands[1 - p][i], twin.hands[1 - p][j], twin.deck[k], twin.deck[m] = (
                deck[k],
                deck[m],
                hand[i],
                hand[j],
            )
            twin._legal_cache = None
            twins.append((state, twin, seats[p]))
            break
    for n in range(1, 20):  # a decision where the opponent's hand is not pinned down
        state, seat = _game_with_evidence(4, n)
        others = [cast(HacktrickState, state.determinize(0, Rng(50 + k))) for k in range(20)]
        twin = next((w for w in others if sorted(w.hands[1]) != sorted(state.hands[1])), state)
        if twin is not state:
            break
    twins.append((state, twin, seat))
    assert len(twins) == 2
    for real, other, seen in twins:
        p = seen.player
        assert real.view(p) == other.view(p) and sorted(real.hands[1 - p]) != sorted(other.hands[1 - p])
        worlds = [seen.determinize(Rng(i)) for i in range(30)] + [real, other]
        weights = []
        moves: list[object] = []
        for game in (real, other):
            beliefs = beliefs_for(HACKTRICK, Seat(game, p, seen.history))
            assert beliefs is not None
            weights.append([beliefs.weight(w) for w in worlds])
            agent = make_agent("mcts:iterations=300,beliefs=1", seed=9)
            assert isinstance(agent, MCTSAgent)
            moves.append(agent.choose(Seat(game, p, seen.history)))
            assert agent.last_root is not None and agent.last_beliefs is not None
            moves.append(
                ({a: c.visits for a, c in agent.last_root.children.items()}, agent.last_beliefs.drawn)
            )
        assert weights[0] == weights[1]
        # A bot in another process gets the seat as a sample (one world and the history as JSON).
        remote = beliefs_for(HACKTRICK, seen.sample(Rng(3)).seat())
        assert remote is not None and [remote.weight(w) for w in worlds] == weights[0]
        assert len(set(weights[0])) > 1  # the evidence tells these worlds apart
        assert moves[0:2] == moves[2:4]


def test_beliefs_are_deterministic_with_a_seed() -> None:
    state, seat = _game_with_evidence(5, 2)
    assert searched_with_beliefs(seat, 300) == searched_with_beliefs(seat, 300)


def test_legal_choices_and_scores_match_the_engine_and_the_heuristic() -> None:
    """The moves the evidence scores are the engine's legal actions but the ask, and the heuristic
    plays a best-scored one."""
    for seed in (6, 7):
        state = _new_game(seed=seed)
        bots = [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 1)]
        while (p := state.current_player) is not None:
            view = state.view(p)
            legal = state.legal_actions()
            choices = [a for a in legal if a.kind != ASK]
            assert legal_choices(view) == choices
            if len(choices) > 1:
                scores = action_scores(view, choices)
                picked = choose(view, legal, random.Random(seed))
                assert scores[choices.index(picked)] == max(scores)
            state.apply(cast(Action, bots[p].choose(Seat(state, p))))


def test_hidden_facts_are_the_opponents_unknown_cards() -> None:
    state, seats = _passed_a_win("draw")
    facts = HACKTRICK.hidden_facts(state, 0)
    assert [label for label, _ in facts] == ["hand", "hand card", "hand card", "hand card"]
    assert all(read(state) == read(state.clone()) for _, read in facts)
    other = _with_hand(state, 1, sorted(state.hands[1][:2] + [5]))
    held = [read(other) == read(state) for _, read in facts]
    assert not held[0] and held.count(True) >= 1  # another hand, sharing some ranked cards
    # A revealed hand is known: no facts while nothing else is hidden.
    state.known_cards[0] = list(state.hands[1])
    assert HACKTRICK.hidden_facts(state, 0) == []


def test_every_step_of_the_opponent_is_read_off_the_views() -> None:
    """In whole games (random players: asks, declarations and forced draws too), each step of the
    opponent within a hand is read off the seat's two views around it as the action taken."""
    kinds: set[str] = set()
    for seed in range(6):
        state = _new_game(seed=seed)
        seat = Seat(state, 0)
        bots = [make_agent("random", seed=seed), make_agent("random", seed=seed + 1)]
        taken: list[tuple[int, Action]] = []
        while (p := state.current_player) is not None:
            seat.witness(p)
            action = cast(Action, bots[p].choose(Seat(state, p)))
            taken.append((p, action))
            state.apply(action)
        seat.witness(0)
        views = [w.view for w in seat.history]
        for i, (p, action) in enumerate(taken):
            before, after = views[i], views[i + 1]
            if p == 0 or before["hand_number"] != after["hand_number"]:
                continue
            step = read_step(before, after, 1)
            assert step is not None, (seed, i, action)
            forced = action.kind == "draw" and before["must_play"][1]
            assert step.action == (None if action.kind == ASK or forced else action)
            kinds.add(action.kind + (" forced" if forced else ""))
    assert kinds >= {"open", "ask", "play", "draw", "draw forced", "play!", "guard!", "pass"}


def test_a_history_that_missed_decisions_is_read_after_the_gap() -> None:
    """A seat that did not witness some decisions (each opponent draw): the steps before the gap
    are not read (the hand then cannot be told), and the true hand stays possible."""
    state = _new_game(seed=8)
    seats = [Seat(state, 0), Seat(state, 1)]
    bots = [make_agent("heuristic", seed=8), make_agent("heuristic", seed=9)]
    gaps = 0
    while (p := state.current_player) is not None:
        action = cast(Action, bots[p].choose(Seat(state, p)))
        if p == 1 and action.kind == "draw":
            gaps += 1  # seat 0 misses it
        else:
            seats[0].witness(p)
        if p == 0:
            beliefs = beliefs_for(HACKTRICK, seats[0])
            assert beliefs is None or beliefs.weight(state) > 0
        state.apply(action)
    assert gaps > 0

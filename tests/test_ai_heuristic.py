"""The heuristic agent: always legal, deterministic, and the Hacktrick rules of thumb."""

from __future__ import annotations

import os
import random

import pytest

import ai
from ai.heuristics import hacktrick as H
from game.rules import GAMES, Seat, new_game
from game.rules.hacktrick.actions import Action
from game.rules.rng import Rng

GAME_NAMES = list(GAMES)  # every registered game, a new one too
GAMES_TO_PLAY = max(4, int(os.environ.get("TRIO_RANDOM_GAMES", "300")) // 30)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_heuristic_only_chooses_legal_actions(game):
    """Whole games with the heuristic in some seats and random elsewhere, every player count."""
    info = GAMES[game]
    for g in range(GAMES_TO_PLAY):
        players = info.min_players + g % (info.max_players - info.min_players + 1)
        state = new_game(game, players=players, seed=500 + g)
        bots = [
            ai.make_agent("heuristic" if (p + g) % 2 == 0 else "random", seed=g * 10 + p)
            for p in range(players)
        ]
        steps = 0
        while not state.is_terminal and steps < 5000:
            p = state.current_player
            action = bots[p].choose(Seat(state, p))
            assert action in state.legal_actions()
            state.apply(action)
            steps += 1
        assert state.is_terminal


@pytest.mark.parametrize("game", GAME_NAMES)
def test_evaluate_is_a_probability(game):
    from ai.heuristics import heuristics_for

    module = heuristics_for(game)
    rng = Rng(8)
    state = new_game(game, players=GAMES[game].min_players, seed=4)
    while not state.is_terminal:
        for p in range(state.num_players):
            assert 0.0 <= module.evaluate(state, p) <= 1.0
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    for p in range(state.num_players):
        assert module.evaluate(state, p) == state.returns()[p]


def _hacktrick_view(**changes):
    """A Hacktrick view for player 0 in the main phase (board given as {cell: [(owner, x2), ...]})."""
    board = changes.pop("board", {})
    view = {
        "player": 0,
        "phase": "main",
        "hand": [1, 2, 3],
        "hand_sizes": [3, 3],
        "row": [2],
        "aside": [0, 0],
        "board": [[{"owner": o, "x2": x} for o, x in board.get(c, [])] for c in range(1, 10)],
        "supply": [{"normal": 7, "x2": True}, {"normal": 7, "x2": True}],
    }
    view.update(changes)
    return view


def _legal_plays(view, draw=True):
    last = view["row"][-1]
    acts = []
    for v in sorted(set(view["hand"])):
        if v != last:
            acts += [Action("play", v), Action("play", v, True)]
    if draw:
        acts.append(Action("draw"))
    return acts


def test_hacktrick_wins_with_a_triple_or_line():
    view = _hacktrick_view(board={4: [(0, False)], 9: [(0, False)]}, row=[0], hand=[2, 5, 3])
    choice = H.choose(view, _legal_plays(view), random.Random(1))
    assert choice == Action("play", 2)  # 0 + 2 = cell 2 completes 4-9-2
    view = _hacktrick_view(board={5: [(0, False), (0, False)]}, row=[1], hand=[4, 0, 3])
    assert H.choose(view, _legal_plays(view), random.Random(1)) == Action("play", 4)


def test_hacktrick_prefers_the_double_scoring_win():
    # Two winning cells: line 3-5-7 with our x2 on 5 (2 points) vs a triple on 8 without it.
    view = _hacktrick_view(
        board={3: [(0, False)], 5: [(0, True)], 8: [(0, False), (0, False)]},
        row=[3],
        hand=[4, 5],
        supply=[{"normal": 5, "x2": False}, {"normal": 7, "x2": True}],
    )
    legal = [Action("play", 4), Action("play", 5), Action("draw")]
    assert H.choose(view, legal, random.Random(1)) == Action("play", 4)  # 3 + 4 = 7 with the x2 line


def test_hacktrick_blocks_an_open_line():
    # The opponent owns 8 and 1: cell 6 completes 8-1-6 for them.  Occupying 6 (row 2, play 4)
    # does not block (their marker would capture ours); leaving 0 or 3 rightmost puts 6 out of
    # reach (6 - 0 > 5; 3 cannot follow 3).
    view = _hacktrick_view(
        board={8: [(1, False)], 1: [(1, False)]}, row=[2], hand=[4, 0, 3], hand_sizes=[3, 4]
    )
    choice = H.choose(view, _legal_plays(view), random.Random(2))
    assert choice.kind == "play" and choice.card in (0, 3)


def test_hacktrick_never_places_a_losing_last_marker():
    view = _hacktrick_view(
        row=[2], hand=[1, 3], supply=[{"normal": 0, "x2": True}, {"normal": 7, "x2": True}]
    )
    legal = [Action("play", 1, True), Action("play", 3, True), Action("draw")]
    assert H.choose(view, legal, random.Random(1)) == Action("draw")


def test_hacktrick_declares_play_when_the_opponent_is_almost_exhausted():
    view = _hacktrick_view(
        phase="declare",
        row=[2, 3],
        hand=[1, 4],
        supply=[{"normal": 6, "x2": True}, {"normal": 1, "x2": False}],
    )
    legal = [Action("pass"), Action("play!"), Action("guard!")]
    assert H.choose(view, legal, random.Random(1)) == Action("play!")
    # With few markers of our own we keep them.
    view["supply"] = [{"normal": 2, "x2": False}, {"normal": 1, "x2": False}]
    assert H.choose(view, legal, random.Random(1)) == Action("pass")


def test_hacktrick_race_and_probabilities():
    assert H.race(0, 3) == 1.0 and H.race(3, 0) == 0.0
    assert H.race(2, 2) == pytest.approx(0.5)
    assert H.race(1, 3) > 0.8
    assert H.p_holds_any((3, 3, 3, 3, 3, 3), 0, frozenset([1])) == 0.0
    assert H.p_holds_any((0, 3, 0, 0, 0, 0), 2, frozenset([1])) == 1.0
    assert 0.0 < H.p_holds_any((3, 3, 3, 3, 3, 3), 2, frozenset([1])) < 1.0

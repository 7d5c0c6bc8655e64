"""ISMCTS agent: tree statistics, budgets, progress, determinism, options (no strength claims)."""

from __future__ import annotations

import random

import pytest

import ai
from ai.mcts import LEVELS, MCTSAgent, Node, Progress, best_action, view_digest
from game.rules import GAMES, Seat, new_game
from game.rules.rng import Rng

GAME_NAMES = list(GAMES)  # every registered game, a new one too


def _position(game: str, players: int = 2, seed: int = 5, steps: int = 12):
    """A seeded mid-game state whose player to move has several choices."""
    rng = Rng(seed)
    state = new_game(game, players=players, seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    while not state.is_terminal and len(state.legal_actions()) < 2:
        legal = state.legal_actions()
        state.apply(legal[0])
    assert not state.is_terminal
    return state


def test_root_statistics_sum_to_the_iterations():
    state = _position("hacktrick")
    seat = Seat(state, state.current_player)
    legal = seat.legal_actions()
    agent = MCTSAgent(seed=1, iterations=300)
    root = agent.search(seat)
    assert root.visits == 300
    assert sum(ch.visits for ch in root.children.values()) == 300
    assert set(root.children) == set(legal)
    # Root actions are the observer's own, legal in every determinization: the k-th
    # child created (iteration k) was available in the 300 - k iterations from then on.
    assert sorted((ch.avail for ch in root.children.values()), reverse=True) == list(
        range(300, 300 - len(legal), -1)
    )


def test_one_public_iteration_grows_a_tree_of_its_own_as_the_search_does():
    """``iterate`` (what the game review plays on after a candidate move): one new node, the
    rewards backed up, one per player; a search is its iterations on the seat's determinizations."""
    state = _position("ratjack")
    seat = Seat(state, state.current_player)
    agent = MCTSAgent(seed=3, iterations=40)
    plan = agent.playout_plan("ratjack", 2)
    assert plan.model is not None and plan.weight == 0.5 and plan.cut_at_hand  # Ratjack 2p's tuning
    root, rng = Node(), random.Random(1)
    for n in range(1, 6):
        rewards = agent.iterate(root, seat.determinize(Rng(n)), rng, plan)
        assert len(rewards) == 2 and sum(rewards) == pytest.approx(1.0)
        assert root.visits == n == sum(ch.visits for ch in root.children.values())
    calls = []
    real = MCTSAgent.iterate
    agent.iterate = lambda *args: calls.append(args) or real(agent, *args)
    agent.search(seat)
    assert len(calls) == 40 and all(args[3] == plan for args in calls)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_node_keeps_consistent_counts(game):
    state = _position(game)
    seat = Seat(state, state.current_player)
    root = MCTSAgent(seed=2, iterations=150).search(seat)
    assert root.visits == 150
    for node in root.iter_nodes():
        below = sum(ch.visits for ch in node.followers())
        if node is root:
            assert below == node.visits
            continue
        # Each visit either went on to a child or ended here (expansion or game end).
        assert node.visits >= below + 1 or (node.visits >= below and not node.followers())
        assert node.avail >= node.visits >= 1
        assert 0.0 <= node.reward <= node.visits + 1e-9
        assert 0 <= node.player < state.num_players


def test_iteration_budget_is_exact_and_progress_reported():
    state = _position("hacktrick", seed=9)
    seat = Seat(state, state.current_player)
    agent = MCTSAgent(seed=3, iterations=100)
    seen = []
    agent.on_progress = seen.append
    agent.choose(seat)
    assert agent.last_iterations == 100
    assert agent.progress == seen[-1]
    assert agent.progress.done and agent.progress.iterations == 100 and agent.progress.fraction == 1.0
    counts = [p.iterations for p in seen]
    assert counts == sorted(counts) and counts[0] == 0
    assert len(seen) >= 100 // 16  # published along the way, not only at the end
    assert all(p.budget == 100 for p in seen)


def test_seconds_budget_stops_the_search():
    state = _position("hacktrick", seed=11)
    seat = Seat(state, state.current_player)
    agent = ai.make_agent("mcts:seconds=0.1", seed=4)
    agent.choose(seat)
    assert agent.last_seconds >= 0.1
    assert agent.last_iterations > 0
    assert agent.progress.budget is None and agent.progress.seconds_budget == 0.1


def test_iterations_and_seconds_together_stop_at_the_first():
    state = _position("hacktrick", seed=12)
    seat = Seat(state, state.current_player)
    agent = ai.make_agent("mcts:iterations=50,seconds=30", seed=4)
    agent.choose(seat)
    assert agent.last_iterations == 50


def test_levels_have_documented_budgets():
    easy, normal, hard = (
        MCTSAgent(seed=0, level=lv).budget_for("hacktrick") for lv in ("easy", "normal", "hard")
    )
    assert easy[0] < normal[0] < hard[0]
    assert easy[1] <= normal[1] <= hard[1]
    assert set(LEVELS) == {"easy", "normal", "hard"}
    assert MCTSAgent(seed=0, iterations=77).budget_for("hacktrick") == (77, None)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_same_seed_same_view_same_search(game):
    state = _position(game, seed=21)
    p = state.current_player
    a1, a2 = MCTSAgent(seed=7, iterations=120), MCTSAgent(seed=7, iterations=120)
    c1 = a1.choose(Seat(state, p))
    c2 = a2.choose(Seat(state.clone(), p))
    assert c1 == c2
    assert {a: n.visits for a, n in a1.last_root.children.items()} == {
        a: n.visits for a, n in a2.last_root.children.items()
    }
    # The same agent asked twice about the same view gives the same answer too.
    assert a1.choose(Seat(state, p)) == c1


def test_different_seeds_explore_differently():
    state = _position("hacktrick", seed=23)
    p = state.current_player
    roots = [MCTSAgent(seed=s, iterations=200).search(Seat(state, p)) for s in (1, 2, 3)]
    stats = [tuple(sorted((str(a), n.visits) for a, n in r.children.items())) for r in roots]
    assert len(set(stats)) > 1


def test_single_legal_action_needs_no_search():
    state = new_game("hacktrick", seed=3)
    state.apply(state.legal_actions()[0])
    # Find a position with one legal action (e.g. forced draw or pass-only) by playing on.
    rng = Rng(4)
    while not state.is_terminal and len(state.legal_actions()) != 1:
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    if state.is_terminal:
        pytest.skip("no forced move in this seeded game")
    agent = MCTSAgent(seed=1, iterations=50)
    assert agent.choose(Seat(state, state.current_player)) == state.legal_actions()[0]
    assert agent.progress.done


def test_choose_outside_the_turn_is_an_error():
    state = _position("hacktrick")
    other = 1 - state.current_player
    with pytest.raises(ValueError, match="no decision"):
        MCTSAgent(seed=1, iterations=10).choose(Seat(state, other))


@pytest.mark.parametrize(
    "spec, message",
    [
        ("nosuchbot", "unknown agent"),
        ("mcts:level=extreme", "unknown mcts level"),
        ("mcts:iterations=0", "positive"),
        ("mcts:iterations=many", "positive int"),
        ("mcts:seconds=-1", "positive"),
        ("mcts:bogus=1", "unknown mcts option"),
        ("mcts:rollout=smart", "rollout"),
        ("mcts:horizon=forever", "horizon"),
        ("heuristic:depth=2", "takes no options"),
        ("mcts:level", "expected key=value"),
    ],
)
def test_bad_specs_raise_clear_errors(spec, message):
    with pytest.raises(ValueError, match=message):
        ai.make_agent(spec, seed=1)


def test_specs_build_the_registered_agents():
    assert isinstance(ai.make_agent("mcts:level=normal", seed=3), MCTSAgent)
    assert type(ai.make_agent("heuristic", seed=3)).__name__ == "HeuristicAgent"
    assert {"random", "heuristic", "mcts"} <= set(ai.AGENTS)
    agent = ai.make_agent("mcts:level=hard,c=1.2,rollout=random,horizon=30", seed=1)
    assert agent.c == 1.2 and agent.settings_for("hacktrick") == ("random", 30, 0.0)


def test_best_action_prefers_visits_then_mean():
    root = Node()
    for action, visits, reward in (("a", 10, 2.0), ("b", 10, 6.0), ("c", 3, 3.0)):
        child = Node(action, 0)
        child.visits, child.reward = visits, reward
        root.children[action] = child
    assert best_action(root, ["a", "b", "c"]) == "b"
    assert best_action(root, ["a", "c"]) == "a"
    assert best_action(Node(), ["x", "y"]) == "x"


def test_progress_fraction():
    assert Progress(50, 100, 0.1, None).fraction == 0.5
    assert Progress(10, 100, 0.9, 1.0).fraction == pytest.approx(0.9)
    assert Progress(0, None, 0.0, None).fraction == 0.0


def test_progressive_bias_expands_the_policy_move_first_and_stays_reproducible():
    from ai.heuristics import hakkutsu

    state = _position("hakkutsu", steps=20)
    seat = Seat(state, state.current_player)
    first, second = (MCTSAgent(seed=6, iterations=1, bias=0.5) for _ in range(2))
    first.search(seat)
    second.search(seat)
    (expanded,) = first.last_root.children
    assert list(second.last_root.children) == [expanded]
    stream = random.Random(f"6:{view_digest(seat.view())}")  # the first iteration's random numbers
    world = seat.determinize(Rng(stream.getrandbits(64)))
    assert expanded == hakkutsu.rollout_policy(world, world.legal_actions(), stream)
    assert MCTSAgent(seed=1).settings_for("hakkutsu")[2] == 0.5  # the measured per-game default
    assert MCTSAgent(seed=1).settings_for("hacktrick")[2] == 0.0
    a, b = (MCTSAgent(seed=6, iterations=200, bias=0.5) for _ in range(2))
    assert a.choose(seat) == b.choose(seat)
    assert {k: n.visits for k, n in a.last_root.children.items()} == {
        k: n.visits for k, n in b.last_root.children.items()
    }

"""``mcts:merge=1``: an opponent's moves that the searcher cannot tell apart share the subtree below
them (:meth:`ai.tree.Node.share`), each keeping its own statistics; ``merge=0`` is today's tree."""

from __future__ import annotations

import json
import random

import pytest

import ai
from ai.mcts import MCTSAgent, observation_key
from ai.parallel import merge_roots
from ai.tree import Node
from game.rules import GAMES, Seat, new_game
from game.rules.core import events_for
from game.rules.ratjack.actions import FACE_DOWN, FACE_UP
from game.rules.ratjack.cards import card_from_json
from game.rules.rng import Rng

from .test_ai_mcts import _position


def _shared(a: Node, b: Node) -> bool:
    """Whether two followers continue in the same nodes (:meth:`Node.share`)."""
    return a.children is b.children


def _ratjack_setup():
    """Ratjack 2p, seed 3: player 0 chooses the card it sets face down; then player 1 does."""
    return new_game("ratjack", players=2, seed=3)


def _ratjack_midgame():
    """Ratjack 2p, seed 3, three moves in: player 0 has drawn and places a card; then player 1
    draws and places one (face down: which card, player 0 cannot see; face up: it can)."""
    state = _ratjack_setup()
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.current_player == 0
    return state


def _search(state, merge: int, iterations: int = 400) -> Node:
    return MCTSAgent(seed=1, iterations=iterations, merge=merge).search(Seat(state, state.current_player))


def _face_down_unseen(node: Node, state, observer: int) -> list[Node]:
    """``node``'s followers that set a card face down that ``observer`` has not seen in ``state``."""
    seen = {card_from_json(c) for c in _cards_seen(state.view(observer))}
    return [ch for a, ch in node.children.items() if a.kind == FACE_DOWN and a.card not in seen]


def _cards_seen(view) -> list:
    """Every card JSON in ``view`` (its hand, its areas, the discard pile...)."""
    found = []

    def walk(value) -> None:
        if isinstance(value, dict):
            if set(value) == {"deck", "value"}:
                found.append(value)
                return
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(view)
    return found


@pytest.mark.parametrize(
    ("game", "kind"),
    [("ratjack", FACE_DOWN), ("hakkutsu", "keep")],  # a card set face down; equipment kept
)
def test_hidden_opponent_moves_share_the_searchers_next_decisions(game, kind):
    """At the first decision of a seeded game, the opponent's next move (its set-up choice) is
    hidden from the searcher: with ``merge=1`` every such move of the opponent leads to the same
    nodes of the searcher's next decisions; with ``merge=0`` each has its own."""
    state = new_game(game, players=2, seed=3)
    me = state.current_player
    merged, split = _search(state, 1, iterations=500), _search(state, 0, iterations=500)
    for root in (merged, split):
        for mine in root.children.values():
            hidden = [ch for ch in mine.children.values() if ch.player != me]
            assert len(hidden) >= 5 and all(ch.action.kind == kind for ch in hidden)
            first, *others = hidden
            for other in others:
                # the opponent knows which it chose: its own statistics per concrete move
                assert other is not first and other.action != first.action and other.visits
                common = set(first.children) & set(other.children)
                assert common
                if root is merged:
                    assert _shared(other, first)
                    assert all(other.children[a] is first.children[a] for a in common)
                else:
                    assert not _shared(other, first)
                    assert not any(other.children[a] is first.children[a] for a in common)
            if root is merged:
                # the searcher's next decisions: one node each for every hidden move, visited
                # through all of them
                assert all(n.player == me for n in first.children.values())
                assert sum(n.visits for n in first.children.values()) > max(ch.visits for ch in hidden)


def test_moves_the_searcher_can_tell_apart_keep_their_own_subtrees():
    state = _ratjack_midgame()
    root = _search(state, 1, iterations=1200)
    checked = 0
    for mine in root.children.values():
        for draw in mine.children.values():
            if draw.player != 1 or not draw.action.kind.startswith("draw"):
                continue
            after_draw = state.clone()
            after_draw.apply(mine.action)
            hidden = _face_down_unseen(draw, after_draw, 0)
            shown = [ch for ch in draw.children.values() if ch not in hidden]
            assert len(hidden) >= 2 and len(shown) >= 2
            assert all(_shared(ch, hidden[0]) for ch in hidden)
            face_up = [ch for ch in shown if ch.action.kind == FACE_UP]
            assert len(face_up) >= 2
            # face up, another card, a card it has seen (the discard it drew): each its own subtree
            for i, ch in enumerate(shown):
                assert not _shared(ch, hidden[0])
                assert not any(_shared(ch, other) for other in shown[i + 1 :])
            checked += 1
    assert checked >= 2


def test_a_review_tree_rooted_at_an_opponents_move_merges_for_the_searcher():
    """``iterate(..., searcher)``: the tree belongs to ``searcher`` even where another player moves
    first (the game review's trees after a candidate move); by default it is the player to move's."""
    state = _ratjack_setup()
    state.apply(state.legal_actions()[0])  # player 0 set its card down; player 1 chooses now
    seat = Seat(state, 0)
    agent = MCTSAgent(seed=2, iterations=10, merge=1)
    plan = agent.playout_plan("ratjack", 2)
    assert plan.merge
    for searcher, shared in ((0, True), (None, False)):
        root, rng = Node(), random.Random(5)
        for n in range(60):
            agent.iterate(root, seat.determinize(Rng(n)), rng, plan, searcher)
        followers = list(root.children.values())
        assert len(followers) > 5 and all(ch.player == 1 for ch in followers)
        assert all(_shared(ch, followers[0]) for ch in followers) is shared


@pytest.mark.parametrize("game", [*GAMES, "ratjack-setup", "ratjack-midgame"])
def test_every_node_is_walked_once_with_consistent_counts(game):
    """``iter_nodes`` meets each node once (a shared continuation is walked once), and the visits
    of the nodes sharing one continuation cover the visits below it."""
    state = {"ratjack-setup": _ratjack_setup, "ratjack-midgame": _ratjack_midgame}.get(
        game, lambda: _position(game)
    )()
    root = MCTSAgent(seed=2, iterations=300, merge=1).search(Seat(state, state.current_player))
    nodes = list(root.iter_nodes())
    assert len({id(n) for n in nodes}) == len(nodes) <= 301  # one new node per iteration at most
    groups: dict[int, list[Node]] = {}
    for node in nodes:
        groups.setdefault(id(node.children), []).append(node)
    for group in groups.values():
        below = sum(ch.visits for ch in group[0].followers())
        visits = sum(n.visits for n in group)
        # every visit of a node sharing the continuation went on below it or ended there
        assert visits >= below if group[0] is root else visits >= below + 1 or not group[0].followers()
    for node in nodes[1:]:
        assert node.avail >= node.visits >= 1 and 0 <= node.player < state.num_players


def test_observation_keys_equal_only_for_moves_leaving_the_same_view():
    """Same key: the observer's events and view after the move are the same (Ratjack's ability
    steps send no event but change the view: their keys differ); no key (never merged): the move
    showed the observer everything. The cards set face down and the equipment kept merge."""
    merged = public = 0
    for game in GAMES:
        for seed in range(3):
            state, rng = new_game(game, players=2, seed=seed), Rng(seed)
            while not state.is_terminal:
                legal, mover = state.legal_actions(), state.current_player
                observer = 1 - mover
                views: dict[str, set[str]] = {}
                keyed = 0
                for a in legal:
                    after = state.clone()
                    events = after.apply(a)
                    key = observation_key(mover, events, state, after, observer)
                    if key is None:
                        assert events and events_for(events, observer) == [
                            {k: v for k, v in e.items() if k not in ("visible_to", "private")} for e in events
                        ]
                        public += 1
                        continue
                    views.setdefault(key, set()).add(json.dumps(after.view(observer), sort_keys=True))
                    keyed += 1
                assert all(len(v) == 1 for v in views.values())
                merged += keyed - len(views)
                state.apply(legal[rng.randbelow(len(legal))])
    assert merged > 20 and public > 1000


def _shape(root: Node) -> list[tuple[str, int, int, float, int]]:
    """The whole tree: each node's move, visits, availability, reward and which continuation it
    shares (numbered in walking order)."""
    numbers: dict[int, int] = {}
    return [
        (
            str(n.action),
            n.visits,
            n.avail,
            round(n.reward, 9),
            numbers.setdefault(id(n.children), len(numbers)),
        )
        for n in root.iter_nodes()
    ]


@pytest.mark.parametrize("start", ["ratjack-setup", "ratjack-midgame", "hakkutsu-setup"])
def test_the_merged_tree_is_blind_to_the_hidden_cards(start):
    """No peeking: in a real state with other hidden cards that the searcher cannot tell from the
    first, the same seed grows the very same merged tree (and chooses the same move)."""
    state = {
        "ratjack-setup": _ratjack_setup,
        "ratjack-midgame": _ratjack_midgame,
        "hakkutsu-setup": lambda: new_game("hakkutsu", players=2, seed=3),
    }[start]()
    me = state.current_player
    twin = next(
        t for k in range(20) if (t := state.determinize(me, Rng(100 + k))).to_json() != state.to_json()
    )
    assert twin.view(me) == state.view(me)
    agents = [MCTSAgent(seed=9, iterations=500, merge=1) for _ in range(2)]
    moves = [agent.choose(Seat(s, me)) for agent, s in zip(agents, (state, twin))]
    assert moves[0] == moves[1]
    shapes = [_shape(agent.last_root) for agent in agents if agent.last_root is not None]
    assert len(shapes) == 2 and shapes[0] == shapes[1]
    assert len({n for *_, n in shapes[0]}) < len(shapes[0])  # the tree has shared continuations


def test_merge_0_is_todays_search():
    for game in GAMES:
        state = _position(game, seed=11)
        seat = Seat(state, state.current_player)
        agents = [MCTSAgent(seed=4, iterations=200), MCTSAgent(seed=4, iterations=200, merge=0)]
        roots = [a.search(seat) for a in agents]
        stats = [{a: (n.visits, n.reward, n.avail) for a, n in r.children.items()} for r in roots]
        assert stats[0] == stats[1]
        assert [str(n.action) for n in roots[0].iter_nodes()] == [
            str(n.action) for n in roots[1].iter_nodes()
        ]
        assert agents[0].choose(seat) == agents[1].choose(seat)


def test_two_workers_merge_in_both_trees():
    state = _ratjack_midgame()
    seat = Seat(state, 0)
    single = MCTSAgent(seed=3, iterations=150, merge=1)
    trees = [single.search_tree(seat, i, lambda p: None)[0] for i in (0, 1)]
    two = MCTSAgent(seed=3, iterations=150, workers=2, merge=1).search(seat)
    summed = merge_roots(trees)
    assert {a: (n.visits, n.reward, n.avail) for a, n in two.children.items()} == {
        a: (n.visits, n.reward, n.avail) for a, n in summed.children.items()
    }


@pytest.mark.parametrize("value", ["2", "yes", "-1", "1.0", 1.0, True])
def test_bad_merge_values_are_one_line_errors(value):
    with pytest.raises(ValueError, match="merge") as error:
        if isinstance(value, str):
            ai.make_agent(f"mcts:merge={value}", seed=1)
        else:
            MCTSAgent(seed=1, merge=value)
    assert "\n" not in str(error.value)
    assert MCTSAgent(seed=1, merge=1).merge and not MCTSAgent(seed=1).merge
    assert ai.make_agent("mcts:merge=1", seed=1).spec == "mcts:merge=1"

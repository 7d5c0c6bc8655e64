"""The search tree's parts shared by the single search (:mod:`ai.mcts`) and the root-parallel one
(:mod:`ai.parallel`): a :class:`Node` and a :class:`Progress` snapshot."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rules.core import GameAction


@dataclass(frozen=True)
class Progress:
    """A snapshot of a search: ``iterations`` done out of ``budget`` (None if time-only)."""

    iterations: int
    budget: int | None
    seconds: float
    seconds_budget: float | None
    done: bool = False

    @property
    def fraction(self) -> float:
        """How far the search is, 0..1 (the larger of the iteration and the time fraction)."""
        if self.done:
            return 1.0
        parts: list[float] = []
        if self.budget:
            parts.append(self.iterations / self.budget)
        if self.seconds_budget:
            parts.append(self.seconds / self.seconds_budget)
        return min(1.0, max(parts)) if parts else 0.0


class Node:
    """A tree node: the move ``action`` made by ``player`` and its statistics.

    ``reward`` sums the rewards of ``player`` (who moved into this node);
    ``avail`` counts the visits of the parent in which ``action`` was legal.

    Sibling nodes may share their continuation (:meth:`share`: the same ``children``,
    ``outcomes`` and ``shared`` objects) while keeping their own statistics: the moves of an
    opponent that the searcher cannot tell apart (``mcts:merge=1``). A walk over the tree
    (:meth:`iter_nodes`) meets such a subtree once.
    """

    __slots__ = ("action", "player", "children", "visits", "avail", "reward", "outcomes", "shared")

    def __init__(self, action: GameAction | None = None, player: int = -1) -> None:
        self.action = action
        self.player = player
        self.children: dict[GameAction, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.outcomes: dict[Hashable, Node] | None = None
        #: The first follower per observation key (:meth:`share`); ``None`` until one is shared.
        self.shared: dict[Hashable, Node] | None = None

    def after(self, seen: Hashable) -> Node:
        """The node whose children follow this move when it showed everyone ``seen``.

        A move that turns a hidden card face up leads to different decisions per card; the
        move's own statistics stay in this node, the decisions after it are kept apart per
        outcome (in nodes whose own statistics are not used).
        """
        outcomes = self.outcomes
        if outcomes is None:
            outcomes = self.outcomes = {}
        node = outcomes.get(seen)
        if node is None:
            node = outcomes[seen] = Node(self.action, self.player)
        return node

    def share(self, child: Node, key: Hashable) -> None:
        """Let the new follower ``child`` continue where its first sibling of the same ``key`` does.

        ``key`` says what the searcher saw of the move into ``child``: followers with equal keys
        keep their own statistics (the mover knows which it made) but share the nodes below them
        (the ``children``, the ``outcomes`` of :meth:`after` and the keys of their own followers),
        so the searcher's later decisions do not depend on what it could not see. Call it before
        ``child`` has followers.
        """
        shared = self.shared
        if shared is None:
            shared = self.shared = {}
        first = shared.get(key)
        if first is None:
            shared[key] = child
            return
        if first.outcomes is None:
            first.outcomes = {}
        if first.shared is None:
            first.shared = {}
        child.children = first.children
        child.outcomes = first.outcomes
        child.shared = first.shared

    @property
    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0

    def followers(self) -> list[Node]:
        """The nodes of the moves that came next, after every outcome of this move."""
        nodes = list(self.children.values())
        if self.outcomes:
            for outcome in self.outcomes.values():
                nodes.extend(outcome.children.values())
        return nodes

    def iter_nodes(self) -> Iterator[Node]:
        """This node and every node below it, each once (the moves' nodes, not the outcome
        layers; a continuation shared by siblings, :meth:`share`, is walked once)."""
        stack = [self]
        walked: set[int] = set()
        while stack:
            node = stack.pop()
            yield node
            if id(node.children) in walked:
                continue
            walked.add(id(node.children))
            stack.extend(node.followers())

    def __repr__(self) -> str:
        return f"<Node {self.action} p{self.player} n={self.visits} avail={self.avail} mean={self.mean:.3f}>"

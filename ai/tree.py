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
    """

    __slots__ = ("action", "player", "children", "visits", "avail", "reward", "outcomes")

    def __init__(self, action: GameAction | None = None, player: int = -1) -> None:
        self.action = action
        self.player = player
        self.children: dict[GameAction, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.outcomes: dict[Hashable, Node] | None = None

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
        """This node and every node below it (the moves' nodes, not the outcome layers)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(node.followers())

    def __repr__(self) -> str:
        return f"<Node {self.action} p{self.player} n={self.visits} avail={self.avail} mean={self.mean:.3f}>"

"""Agent specs, the agent registry and the basic agents.

A spec is ``name`` or ``name:key=value,key=value`` (e.g. ``"mcts:level=normal"``,
``"mcts:seconds=0.5"``).  :func:`make_agent` turns a spec into an agent; every
agent has ``choose(seat) -> action`` and sees only the :class:`game.rules.Seat`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar, overload

if TYPE_CHECKING:
    from game.rules import Seat
    from game.rules.core import GameAction

#: An agent option's value: the spec's text (``"0.5"``), or a number when an agent is built in code.
OptionValue = str | int | float


class AgentFactory(Protocol):
    """What :func:`register_agent` registers: an agent class (or function) taking a seed and options."""

    def __call__(self, seed: int | None = None, **options: OptionValue) -> Agent: ...


FactoryT = TypeVar("FactoryT", bound=AgentFactory)


class Chooser(Protocol):
    """Anything that picks a move for a seat: an :class:`Agent`, or a wrapper around one."""

    def choose(self, seat: Seat) -> GameAction: ...


AGENTS: dict[str, AgentFactory] = {}
#: Agents that live in modules with optional dependencies, imported by :func:`make_agent` on first use.
LAZY_AGENTS: dict[str, str] = {"openspiel-ismcts": "ai.openspiel_adapter"}


def register_agent(name: str) -> Callable[[FactoryT], FactoryT]:
    """Class decorator: make an agent available to :func:`make_agent` under ``name``."""

    def deco(factory: FactoryT) -> FactoryT:
        AGENTS[name] = factory
        return factory

    return deco


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:level=hard,seconds=2"`` -> ``("mcts", {"level": "hard", "seconds": "2"})``."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"agent spec must be a non-empty string, not {spec!r}")
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise ValueError(f"bad agent option {part!r} in {spec!r}; expected key=value")
            options[key.strip()] = value.strip()
    return name.strip(), options


#: Upper bounds of the numeric agent options: a budget beyond these is a typo, not a plan.
MAX_ITERATIONS = 10_000_000
MAX_SECONDS = 3600.0


@overload
def positive_option(agent: str, name: str, value: object, kind: type[int], maximum: float) -> int: ...


@overload
def positive_option(agent: str, name: str, value: object, kind: type[float], maximum: float) -> float: ...


def positive_option(
    agent: str, name: str, value: object, kind: type[int] | type[float], maximum: float
) -> int | float:
    """An agent option as a positive ``kind`` (``int`` or ``float``) of at most ``maximum``.

    ``value`` is the spec's text (``"0.5"``) or a number.  NaN, infinities,
    booleans, zero, negative numbers, fractions for integers and values above
    ``maximum`` raise ``ValueError`` naming the agent and the option.
    """
    what = "a positive integer" if kind is int else "a positive number"
    problem = ValueError(f"{agent} option {name}={value!r} must be {what} of at most {maximum:g}")
    if isinstance(value, bool):
        raise problem
    try:
        number = kind(value.strip()) if isinstance(value, str) else value
    except ValueError:
        raise problem from None
    if kind is int and (not isinstance(number, int) or isinstance(number, bool)):
        raise problem
    if not isinstance(number, (int, float)) or not math.isfinite(number) or not 0 < number <= maximum:
        raise problem
    return kind(number)


def reads_history(spec: str, game: str, players: int) -> bool:
    """Whether the agent ``spec`` names reads its seat's :attr:`game.rules.Seat.history` in
    ``game`` with ``players`` players (an ``mcts`` bot with beliefs there,
    :meth:`Agent.reads_history`): only then does a bot in another process need it sent along.  A
    spec that names no agent reads nothing (where it is played, its error is told)."""
    try:
        agent = make_agent(spec, seed=0)
    except (ValueError, TypeError):
        return False
    return agent.reads_history(game, players)


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build the agent a spec names; unknown specs raise ``ValueError`` listing the known ones."""
    name, options = parse_spec(spec)
    if name not in AGENTS and name in LAZY_AGENTS:
        import importlib

        importlib.import_module(LAZY_AGENTS[name])  # optional packages load on first use
    if name not in AGENTS:
        known = ", ".join(sorted(set(AGENTS) | set(LAZY_AGENTS)))
        raise ValueError(f"unknown agent {name!r} in spec {spec!r}; known agents: {known}")
    return AGENTS[name](seed=seed, **options)


class Agent:
    """Base class: subclasses implement ``choose(seat)``."""

    spec = "agent"
    #: ``(iterations, seconds)`` of the agent's last search (for statistics); None when it did
    #: not search (a forced move, or an agent that never searches).
    last_search: tuple[int, float] | None = None

    def choose(self, seat: Seat) -> GameAction:  # pragma: no cover - interface
        raise TypeError(f"{type(self).__name__} does not implement choose()")

    def reads_history(self, game: str, players: int) -> bool:
        """Whether the agent reads its seat's :attr:`game.rules.Seat.history` in ``game`` with
        ``players`` players (only then is it sent to a bot in another process).  Default: no."""
        return False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


@register_agent("random")
class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int | None = None, **options: OptionValue) -> None:
        if options:
            raise ValueError(f"the random agent takes no options, got {sorted(options)}")
        self.rng = random.Random(seed)
        self.spec = "random"

    def choose(self, seat: Seat) -> GameAction:
        legal: list[GameAction] = seat.legal_actions()
        return self.rng.choice(legal)

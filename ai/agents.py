"""Agent specs, the agent registry and the basic agents.

A spec is ``name`` or ``name:key=value,key=value`` (e.g. ``"mcts:level=normal"``,
``"mcts:seconds=0.5"``).  :func:`make_agent` turns a spec into an agent; every
agent has ``choose(seat) -> action`` and sees only the :class:`game.rules.Seat`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

AGENTS: dict[str, Callable] = {}
#: Agents that live in modules with optional dependencies, imported by :func:`make_agent` on first use.
LAZY_AGENTS: dict[str, str] = {"openspiel-ismcts": "ai.openspiel_adapter"}


def register_agent(name: str):
    """Class decorator: make an agent available to :func:`make_agent` under ``name``."""

    def deco(factory):
        AGENTS[name] = factory
        return factory

    return deco


def parse_spec(spec: str) -> tuple[str, dict]:
    """``"mcts:level=hard,seconds=2"`` -> ``("mcts", {"level": "hard", "seconds": "2"})``."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"agent spec must be a non-empty string, not {spec!r}")
    name, _, rest = spec.strip().partition(":")
    options = {}
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


def positive_option(agent: str, name: str, value, kind: type, maximum):
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


def make_agent(spec: str, seed: int | None = None):
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

    def choose(self, seat):  # pragma: no cover - interface
        raise TypeError(f"{type(self).__name__} does not implement choose()")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


@register_agent("random")
class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int | None = None, **options) -> None:
        if options:
            raise ValueError(f"the random agent takes no options, got {sorted(options)}")
        self.rng = random.Random(seed)
        self.spec = "random"

    def choose(self, seat):
        return self.rng.choice(seat.legal_actions())

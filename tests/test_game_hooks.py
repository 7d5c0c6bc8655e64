"""The bots' per-game hooks (``ai.heuristics.GameHooks``): the protocol declares every hook the
search reads from a game's module, and every game's hooks take the protocol's parameters."""

import inspect
import re
from pathlib import Path

import pytest

from ai.heuristics import GameHooks, heuristics_for
from game.rules import GAMES

ROOT = Path(__file__).resolve().parent.parent
#: The modules that look hooks up by name in a game's heuristics module.
READERS = ("ai/mcts.py", "ai/review/search.py", "ai/heuristic_agent.py", "ai/play.py")


def _declared() -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in vars(GameHooks).items()
        if not name.startswith("_") and inspect.isfunction(member)
    }


def test_every_hook_the_bots_read_by_name_is_declared():
    read = set()
    for path in READERS:
        read |= set(re.findall(r'getattr\(module, "([a-z_]+)"', (ROOT / path).read_text(encoding="utf-8")))
    assert "opponent_model" in read  # the search reads it (mcts:opponents=W)
    assert read <= set(_declared()), sorted(read - set(_declared()))


@pytest.mark.parametrize("game", list(GAMES))
def test_each_games_hooks_take_the_protocols_parameters(game):
    try:
        module = heuristics_for(game)
    except ValueError:
        pytest.skip(f"{game} has no heuristics")
    found = 0
    for name, signature in _declared().items():
        hook = getattr(module, name, None)
        if hook is None:
            continue  # every hook is optional
        expected = [p for p in signature.parameters if p != "self"]
        assert list(inspect.signature(hook).parameters) == expected, (game, name)
        found += 1
    assert found >= 2, f"{game}'s heuristics module offers none of the hooks"

"""Numeric agent options are finite, positive and sanely bounded, or refused at once.

``mcts:seconds=nan`` used to build an agent whose first search never ended
(no time ever reaches NaN seconds); every such spec is now a ``ValueError``.
"""

from __future__ import annotations

import pytest

import ai
from ai.mcts import MCTSAgent
from game.cli import main


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:seconds=nan",
        "mcts:seconds=NaN",
        "mcts:seconds=inf",
        "mcts:seconds=-inf",
        "mcts:seconds=-1",
        "mcts:seconds=0",
        "mcts:seconds=1e9",
        "mcts:seconds=",
        "mcts:seconds=fast",
        "mcts:iterations=0",
        "mcts:iterations=-5",
        "mcts:iterations=2.5",
        "mcts:iterations=1e3",
        "mcts:iterations=nan",
        "mcts:iterations=1000000000000",
        "mcts:iterations=true",
        "mcts:c=nan",
        "mcts:c=inf",
        "mcts:c=0",
        "mcts:c=1e6",
        "mcts:horizon=0",
        "mcts:horizon=nan",
        "mcts:horizon=1000000",
        "mcts:level=easy,seconds=inf",
        "mcts:bias=0",
        "mcts:bias=nan",
        "mcts:bias=-1",
        "mcts:workers=0",
        "mcts:workers=-1",
        "mcts:workers=1.5",
        "mcts:workers=65",
        "mcts:level=hard,workers=x",
    ],
)
def test_bad_numbers_are_refused_with_one_line_naming_the_option(spec):
    name = spec.split(":")[1].split(",")[-1].split("=")[0]
    with pytest.raises(ValueError, match=f"mcts option {name}=") as exc:
        ai.make_agent(spec, seed=1)
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize(
    "options",
    [
        {"seconds": float("nan")},
        {"seconds": float("inf")},
        {"seconds": True},
        {"iterations": 2.0},
        {"iterations": True},
        {"iterations": 10**12},
        {"c": -0.5},
    ],
)
def test_numbers_given_directly_are_checked_alike(options):
    with pytest.raises(ValueError, match="must be a positive"):
        MCTSAgent(seed=1, **options)


def test_good_numbers_are_kept():
    agent = ai.make_agent("mcts:iterations=200,seconds=0.25,c=1.5,horizon=40", seed=1)
    assert (agent.iterations, agent.seconds, agent.c, agent.horizon) == (200, 0.25, 1.5, 40)
    assert MCTSAgent(seed=1, seconds=2, iterations=10).budget_for("hacktrick") == (10, 2.0)


def test_a_tournament_with_seconds_nan_is_bad_input(tmp_path, capsys):
    code = main(
        [
            "tournament",
            "--game",
            "hacktrick",
            "--agents",
            "mcts:seconds=nan",
            "random",
            "--out",
            str(tmp_path / "t"),
        ]
    )
    err = capsys.readouterr().err
    assert code == 2 and "seconds='nan'" in err and "Traceback" not in err
    assert not (tmp_path / "t").exists()

"""The ``ai`` section of tools.bench registers itself and parses its options (no timing here)."""

from __future__ import annotations

import pytest


def test_ai_section_registers_with_tools_bench():
    import tools.bench

    tools.bench._load_sections()
    assert "ai" in tools.bench.SECTIONS


def test_ai_bench_options():
    from tools.bench_ai import _parse

    full = _parse([])
    assert full.num_games == 200 and full.os_games == 200 and full.processes == 2
    assert full.parts == ["speed", "2p", "4p", "openspiel"]
    quick = _parse(["--quick"])
    assert quick.num_games == 20 and quick.os_games == 10
    some = _parse(["-n", "30", "--parts", "2p,openspiel", "--os-seconds", "0.5"])
    assert some.num_games == 30 and some.parts == ["2p", "openspiel"] and some.os_seconds == 0.5
    with pytest.raises(SystemExit):
        _parse(["--parts", "everything"])
    with pytest.raises(SystemExit):
        _parse(["-n", "0"])


def test_ai_bench_runs_a_tiny_match(capsys):
    import argparse

    from tools.bench_ai import bench_ai

    bench_ai(argparse.Namespace(games=["hacktrick"], extra=["-n", "2", "--parts", "2p", "--level", "easy",
                                                            "--processes", "1"]))
    out = capsys.readouterr().out
    assert "mcts:level=easy vs random" in out and "heuristic vs random" in out and "(2 games" in out

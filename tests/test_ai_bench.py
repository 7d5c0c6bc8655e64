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
    assert _parse(["--workers", "2", "--resume", "x.json"]).workers == 2


@pytest.mark.parametrize("args", [["--parts", "everything"], ["--workers", "0"], ["--processes", "0"],
                                  ["--os-seconds", "nan"]])
def test_bad_options_are_one_line_and_exit_2(capsys, args):
    from tools.bench_ai import _parse

    with pytest.raises(SystemExit) as exc:
        _parse(args)
    assert exc.value.code == 2 and len(capsys.readouterr().err.strip().splitlines()) == 1


def _run(extra):
    import argparse

    from tools.bench_ai import bench_ai

    bench_ai(argparse.Namespace(games=["hacktrick"], extra=extra))


def test_markdown_tables_and_a_resumed_run_plays_only_the_missing_games(tmp_path, capsys):
    import json

    saved = tmp_path / "bench.json"
    base = ["-n", "2", "--parts", "2p", "--level", "easy", "--processes", "1", "--resume", str(saved)]
    _run(base)
    first = capsys.readouterr()
    table = [line for line in first.out.splitlines() if line.startswith("|")]
    assert table[0].startswith("| match |") and table[1].startswith("|---|") and len(table) == 5
    data = json.loads(saved.read_text())
    key = "2p/hacktrick/mcts:level=easy/random"
    assert len(data["matches"][key]) == 2
    data["matches"][key] = data["matches"][key][:1]  # as if stopped after one game
    saved.write_text(json.dumps(data))
    _run(base)
    second = capsys.readouterr()
    again = [line for line in second.out.splitlines() if line.startswith("|")]
    assert [r.split("|")[:4] for r in again] == [r.split("|")[:4] for r in table]  # timings may differ
    assert "heuristic` vs `random" in second.out and "(2 games" not in second.out
    assert "random`: game 2/2" in second.err and "random`: game 1/2" not in second.err  # one game played
    with pytest.raises(SystemExit) as exc:
        _run(["-n", "6", "--parts", "2p", "--resume", str(saved)])
    assert exc.value.code == 2 and "other settings" in capsys.readouterr().err

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
    assert full.parts == ["speed", "2p", "4p", "hard", "openspiel"]
    assert not full.sanity and full.modes == ["research", "treasure"] and full.workers is None
    picked = _parse(["--parts", "hard", "--sanity", "--modes", "treasure"])
    assert picked.parts == ["hard"] and picked.sanity and picked.modes == ["treasure"]
    quick = _parse(["--quick"])
    assert quick.num_games == 20 and quick.os_games == 10
    some = _parse(["-n", "30", "--parts", "2p,openspiel", "--os-seconds", "0.5"])
    assert some.num_games == 30 and some.parts == ["2p", "openspiel"] and some.os_seconds == 0.5
    with pytest.raises(SystemExit):
        _parse(["--parts", "everything"])
    with pytest.raises(SystemExit):
        _parse(["-n", "0"])
    assert _parse(["--workers", "2", "--resume", "x.json"]).workers == 2


@pytest.mark.parametrize(
    "args",
    [
        ["--parts", "everything"],
        ["--workers", "0"],
        ["--processes", "0"],
        ["--os-seconds", "nan"],
        ["--modes", "museum"],
        ["--modes", ","],
        ["--sprt", "elo0=5,elo1=0"],
        ["--sprt", "elo0=0,elo1=5,alpha=0.7"],
    ],
)
def test_bad_options_are_one_line_and_exit_2(capsys, args):
    from tools.bench_ai import _parse

    with pytest.raises(SystemExit) as exc:
        _parse(args)
    assert exc.value.code == 2 and len(capsys.readouterr().err.strip().splitlines()) == 1


@pytest.fixture
def tiny_budgets(monkeypatch):
    """Every mcts level searches a few iterations, so that real games take a fraction of a second."""
    import ai.mcts

    monkeypatch.setattr(ai.mcts, "normal_iterations", lambda game, players: 2)
    monkeypatch.setattr(ai.mcts, "default_workers", lambda: 1)  # hard: no helper processes


@pytest.fixture
def played(monkeypatch):
    """The (game, players, options) of every game played, from the records themselves."""
    import ai.play

    games = []
    real = ai.play.play_game

    def play_game(game, agents, seed=None, **options):
        record = real(game, agents, seed=seed, **options)
        games.append((record.game, record.players, dict(record.options)))
        return record

    monkeypatch.setattr(ai.play, "play_game", play_game)
    return games


def _run(extra, games=("hacktrick",)):
    import argparse

    from tools.bench_ai import bench_ai

    bench_ai(argparse.Namespace(games=list(games), extra=extra))


def _rows(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("|")]


def test_markdown_tables_and_a_resumed_run_plays_only_the_missing_games(tmp_path, capsys, tiny_budgets):
    import json

    saved = tmp_path / "bench.json"
    base = [
        "-n",
        "2",
        "--parts",
        "2p",
        "--sanity",
        "--level",
        "easy",
        "--processes",
        "1",
        "--resume",
        str(saved),
    ]
    _run(base)
    first = capsys.readouterr()
    table = _rows(first.out)
    assert table[0].startswith("| match |") and table[1].startswith("|---|") and len(table) == 5
    assert "start player wins" in table[0]
    data = json.loads(saved.read_text())
    key = "2p/hacktrick/mcts:level=easy/random"
    assert len(data["matches"][key]) == 2
    data["matches"][key] = data["matches"][key][:1]  # as if stopped after one game
    saved.write_text(json.dumps(data))
    _run(base)
    second = capsys.readouterr()
    again = _rows(second.out)
    assert [r.split("|")[:5] for r in again] == [r.split("|")[:5] for r in table]  # timings may differ
    assert "heuristic` vs `random" in second.out and "(2 games" not in second.out
    assert "random`: game 2/2" in second.err and "random`: game 1/2" not in second.err  # one game played
    with pytest.raises(SystemExit) as exc:
        _run(["-n", "6", "--parts", "2p", "--resume", str(saved)])
    assert exc.value.code == 2 and "other settings" in capsys.readouterr().err


def test_sanity_matches_are_opt_in(tmp_path, capsys, tiny_budgets):
    import json

    saved = tmp_path / "bench.json"
    base = ["-n", "2", "--parts", "2p", "--processes", "1", "--resume", str(saved)]
    _run(base)
    out = capsys.readouterr().out
    assert len(_rows(out)) == 3 and "`mcts:level=normal` vs `heuristic`" in out and "random" not in out
    assert list(json.loads(saved.read_text())["matches"]) == ["2p/hacktrick/mcts:level=normal/heuristic"]
    _run(base + ["--sanity"])  # the same file: the mcts vs heuristic games are not played again
    again = capsys.readouterr()
    assert len(_rows(again.out)) == 5 and "`mcts:level=normal` vs `random`" in again.out
    assert "`heuristic` vs `random`" in again.out and "vs `heuristic`: game" not in again.err
    assert len(json.loads(saved.read_text())["matches"]) == 3


def test_start_player_column_and_old_resume_files_without_it(tmp_path, capsys, tiny_budgets):
    import json

    saved = tmp_path / "bench.json"
    base = ["-n", "4", "--parts", "2p", "--processes", "1", "--resume", str(saved)]
    _run(base, games=["ratjack"])
    row = _rows(capsys.readouterr().out)[2].split("|")
    data = json.loads(saved.read_text())
    games = data["matches"]["2p/ratjack/mcts:level=normal/heuristic"]
    starters = [g["first_player"] for g in games]
    assert all(s in (0, 1) for s in starters)
    wins = sum(g["returns"][(g["first_player"] - g["rotation"]) % 2] for g in games)
    from ai.stats import format_rate

    assert row[3].strip() == format_rate(wins, 4).strip()
    for g in games:  # a file written before the start player was kept
        del g["first_player"]
    saved.write_text(json.dumps(data))
    _run(base, games=["ratjack"])
    assert _rows(capsys.readouterr().out)[2].split("|")[:5] == row[:5]  # worked out from the seeds


def test_hakkutsu_is_measured_in_both_modes_with_2_and_4_players(tmp_path, capsys, tiny_budgets, played):
    import json

    saved = tmp_path / "bench.json"
    _run(["-n", "1", "--parts", "2p,4p", "--processes", "1", "--resume", str(saved)], games=["hakkutsu"])
    out = capsys.readouterr().out
    assert sorted(json.loads(saved.read_text())["matches"]) == [
        "2p/hakkutsu/mcts:level=normal/heuristic",  # research: the key it always had
        "2p/hakkutsu/mode=treasure/mcts:level=normal/heuristic",
        "4p/hakkutsu/mcts:level=normal",
        "4p/hakkutsu/mode=treasure/mcts:level=normal",
    ]
    assert "hakkutsu (treasure): `mcts:level=normal` vs 3 x `heuristic`" in out
    assert "hakkutsu (research): `mcts:level=normal` vs `heuristic`" in out
    assert [(p, o["mode"]) for _, p, o in played] == [
        (2, "research"),
        (2, "treasure"),
        (4, "research"),
        (4, "treasure"),
    ]
    played.clear()
    _run(
        ["-n", "1", "--parts", "4p", "--processes", "1", "--modes", "treasure"], games=["hakkutsu", "ratjack"]
    )
    out = capsys.readouterr().out
    assert [(g, p, o.get("mode")) for g, p, o in played] == [
        ("hakkutsu", 4, "treasure"),
        ("ratjack", 4, None),
    ]
    assert "(research)" not in out and "ratjack: `mcts:level=normal` vs 3 x `heuristic`" in out


def test_hard_part_is_resumable_and_names_its_workers(tmp_path, capsys, tiny_budgets):
    import json

    saved = tmp_path / "hard.json"
    base = ["-n", "2", "--parts", "hard", "--processes", "1", "--resume", str(saved)]
    _run(base + ["--workers", "1"], games=["ratjack"])
    first = capsys.readouterr()
    assert "1 root-parallel worker (--workers)" in first.out
    key = "hard/ratjack/mcts:level=hard,workers=1/mcts:level=normal"
    data = json.loads(saved.read_text())
    assert list(data["matches"]) == [key] and len(data["matches"][key]) == 2
    data["matches"][key] = data["matches"][key][:1]
    saved.write_text(json.dumps(data))
    _run(base + ["--workers", "1"], games=["ratjack"])
    again = capsys.readouterr()
    assert _rows(again.out)[2].split("|")[:5] == _rows(first.out)[2].split("|")[:5]
    assert "game 2/2" in again.err and "game 1/2" not in again.err
    _run(
        ["-n", "1", "--parts", "hard", "--processes", "1"], games=["ratjack"]
    )  # no --workers: no spec option
    out = capsys.readouterr().out
    assert "1 root-parallel worker (ai.mcts.default_workers())" in out
    assert "| ratjack: `mcts:level=hard` vs `mcts:level=normal` |" in out


def test_every_aim_has_its_own_match_key(tmp_path, capsys, monkeypatch):
    """All match parts over all games, with the games faked: only the plumbing (keys, specs, options)."""
    import json

    import ai.arena

    calls = []

    def play_one(game, agents, index, seed, rotation, options):
        calls.append((game, tuple(agents), dict(options)))
        k = len(agents)
        return ai.arena.GameResult(
            index, seed, rotation, (1.0,) + (0.0,) * (k - 1), 10, 0.1, (100,) * k, (0.01,) * k, 0
        )

    monkeypatch.setattr(ai.arena, "play_one", play_one)
    monkeypatch.setattr("ai.mcts.default_workers", lambda: 3)
    saved = tmp_path / "all.json"
    _run(
        [
            "-n",
            "1",
            "--parts",
            "2p,4p,hard,openspiel",
            "--os-games",
            "1",
            "--os-seconds",
            "0.05",
            "--processes",
            "1",
            "--resume",
            str(saved),
        ],
        games=["hacktrick", "ratjack", "hakkutsu"],
    )
    out = capsys.readouterr().out
    n, h, hard = "mcts:level=normal", "heuristic", "mcts:level=hard"
    keys = [f"2p/{g}/{n}/{h}" for g in ("hacktrick", "ratjack", "hakkutsu", "hakkutsu/mode=treasure")]
    keys += [f"4p/{g}/{n}" for g in ("ratjack", "hakkutsu", "hakkutsu/mode=treasure")]
    keys += [f"hard/{g}/{hard}/{n}" for g in ("hacktrick", "ratjack", "hakkutsu", "hakkutsu/mode=treasure")]
    if "not installed" not in out:
        ours, theirs = "mcts:seconds=0.05", "openspiel-ismcts:seconds=0.05"
        keys += [f"openspiel/{ours}/{theirs}"]  # Hacktrick keeps its old key
        keys += [f"openspiel/{g}/{ours}/{theirs}" for g in ("ratjack", "hakkutsu")]
        assert [c[0] for c in calls[-3:]] == ["hacktrick", "ratjack", "hakkutsu"]
        assert all(c[1] == (ours, theirs) and c[2] == {} for c in calls[-3:])
        assert "| ratjack: `mcts:seconds=0.05` vs `openspiel-ismcts:seconds=0.05` |" in out
    assert list(json.loads(saved.read_text())["matches"]) == keys
    assert [c[2].get("mode") for c in calls if c[0] == "hakkutsu"][:6] == ["research", "treasure"] * 3
    assert "3 root-parallel workers (ai.mcts.default_workers())" in out
    assert "| hakkutsu (treasure): `mcts:level=hard` vs `mcts:level=normal` |" in out
    tables = 3 if "not installed" in out else 4
    assert len(_rows(out)) == 2 * tables + 4 + 3 + 4 + (tables - 3) * 3  # headers, 2p, 4p, hard, openspiel


def test_openspiel_part_really_plays_ratjack(capsys):
    pytest.importorskip("pyspiel")
    _run(
        ["--parts", "openspiel", "--os-games", "1", "--os-seconds", "0.001", "--processes", "1"],
        games=["ratjack"],
    )
    rows = _rows(capsys.readouterr().out)
    assert len(rows) == 3 and rows[2].startswith("| ratjack: `mcts:seconds=0.001` vs `openspiel-ismcts")


def test_deal_pairs_and_an_sprt_that_stops_a_match(tmp_path):
    from ai.arena import GameResult, MatchResult, play_match
    from ai.tournament.sprt import llr_logistic
    from tools.bench_ai import deal_pairs

    def g(i, a, b):
        return GameResult(i, 7 + i // 2, i % 2, (a, b), 10, 0.1)

    # deal 0: the first agent wins both; deal 1: one each; deal 2: a shared win and a loss; deal 3 half played
    m = MatchResult(
        "hacktrick",
        ["x", "y"],
        [g(0, 1, 0), g(1, 1, 0), g(2, 1, 0), g(3, 0, 1), g(4, 0.5, 0.5), g(5, 0, 1), g(6, 1, 0)],
    )
    assert deal_pairs(m)[:2] == ([0, 1, 1, 0, 1], 3)
    sprt = {"elo0": 0.0, "elo1": 50.0, "alpha": 0.05, "beta": 0.05}

    def decided(result):
        report = deal_pairs(result, sprt)[2]
        return report is not None and report["verdict"] != "none"

    r = play_match("hacktrick", ["heuristic", "random"], games=1000, seed=3, stop=decided, target=1)
    penta, deals, report = deal_pairs(r, sprt)
    assert report["verdict"] == "H1" and r.n < 300 and deals * 2 <= r.n
    assert report["llr"] == llr_logistic(0, 50, penta) >= report["upper"]


def test_bench_two_player_table_has_pentanomial_elo_and_sprt_columns(tmp_path, capsys, tiny_budgets):
    _run(
        [
            "-n",
            "4",
            "--parts",
            "2p",
            "--sanity",
            "--level",
            "easy",
            "--processes",
            "1",
            "--sprt",
            "elo0=0,elo1=400",
            "--resume",
            str(tmp_path / "b.json"),
        ]
    )
    out = capsys.readouterr().out
    table = _rows(out)
    assert "pentanomial (deal pairs)" in table[0] and "SPRT LLR" in table[0]
    assert "duplicate deals" in out and "SPRT elo0=0 elo1=400" in out
    assert all(len(row.split("|")) == len(table[0].split("|")) for row in table)

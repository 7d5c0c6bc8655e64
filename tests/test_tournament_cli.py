"""`tabletop-trio tournament`: bad input, the progress bar, Ctrl-C and --resume, --cluster."""

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ai.tournament.progress import Progress, format_duration
from game.cli import main
from tests.tournament_helpers import ROOT, loopback_cluster, rows_without_duration, tournament_args

TIMEOUT = 120


def _cli(*args):
    return [sys.executable, "-m", "game.cli", "tournament", *args]


def _run_cli(args, **kw):
    return subprocess.run(_cli(*args), capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT, **kw)


@pytest.mark.parametrize(
    "args,message",
    [
        (["--game", "chess", "--agents", "random", "random"], "unknown game 'chess'"),
        (["--game", "hacktrick", "--agents", "random", "wizard"], "unknown agent 'wizard'"),
        (
            ["--game", "hacktrick", "--agents", "random", "random", "--option", "colour=red"],
            "unknown option 'colour'",
        ),
        (["--game", "hacktrick", "--agents", "random", "random", "--option", "target"], "expected KEY=VALUE"),
        (["--game", "hacktrick", "--agents", "random", "random", "--target", "0"], "target"),
        (["--game", "hacktrick", "--agents", "random", "random", "--target", "x"], "expected an integer"),
        (
            ["--game", "hacktrick", "--agents", "random", "random", "--players", "3"],
            "played by 2 players, not 3",
        ),
        (["--game", "hacktrick", "--agents", "random"], "at least 2 agent specs"),
        (["--game", "hacktrick"], "--agents is required"),
        (["--agents", "random", "random"], "--game is required"),
        (["--game", "hacktrick", "--agents", "random", "random", "--games", "0"], "--games"),
        (["--game", "hacktrick", "--agents", "random", "random", "--jobs", "0"], "--jobs"),
    ],
)
def test_bad_input_one_message_nonzero_exit_nothing_played(tmp_path, capsys, args, message):
    out = tmp_path / "out"
    assert main(["tournament", *args, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("error:") == 1
    assert not out.exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--games", "x"], "argument --games: invalid integer value: 'x'"),
        (["--seed", "1.5"], "argument --seed: invalid integer value: '1.5'"),
        (["--colour", "red"], "unrecognized arguments: --colour red"),
    ],
)
@pytest.mark.parametrize("standalone", [False, True])
def test_argument_errors_are_one_line_without_the_usage(standalone, args, message, tmp_path, capsys):
    from ai.tournament import cli as tournament_cli

    with pytest.raises(SystemExit) as exc:
        tournament_cli.main([*args, "--out", str(tmp_path / "out")]) if standalone else main(
            ["tournament", *args, "--out", str(tmp_path / "out")]
        )
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.splitlines() == [
        f"tabletop-trio tournament: error: {message} (see tabletop-trio tournament --help)"
    ], err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--game", "ratjack", "--decks", "weasel"], "option decks=weasel is not allowed"),
        (["--game", "hakkutsu", "--rounds", "99"], "option rounds=99 is not allowed; choose none ("),
        (
            ["--game", "hakkutsu", "--mode", "x"],
            "option mode=x is not allowed; choose one of research, treasure",
        ),
    ],
)
def test_option_values_are_shown_as_typed(args, message, tmp_path, capsys):
    assert main(["tournament", *args, "--agents", "random", "random", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err
    assert not any(word in err for word in ("None", "('", "',)")), err


def test_unwritable_output_directory(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    code = main(
        ["tournament", "--game", "hacktrick", "--agents", "random", "random", "--out", str(blocker / "sub")]
    )
    assert code == 2
    assert "cannot write to output directory" in capsys.readouterr().err


def test_resume_errors(tmp_path, capsys):
    assert main(["tournament", "--resume", str(tmp_path)]) == 2
    assert "is not a tournament directory" in capsys.readouterr().err
    assert main(["tournament", "--resume", str(tmp_path), "--agents", "random", "random"]) == 2
    assert "do not combine it with --agents" in capsys.readouterr().err


def test_small_tournament_then_resume_extends_and_out_is_not_reused(tmp_path, capsys):
    out = tmp_path / "t"
    base = [
        "tournament",
        "--game",
        "hacktrick",
        "--agents",
        "random",
        "random",
        "--option",
        "target=1",
        "--games",
        "6",
        "--seed",
        "4",
        "--jobs",
        "1",
        "--out",
        str(out),
    ]
    assert main(base) == 0
    cap = capsys.readouterr()
    assert "random#1" in cap.out and "win rate" in cap.out
    assert "6/6 games" in cap.err
    assert main(base) == 2
    assert "already holds a tournament" in capsys.readouterr().err
    # resuming a finished tournament with more games plays only the new ones
    assert main(["tournament", "--resume", str(out), "--games", "9", "--jobs", "1"]) == 0
    results = json.loads((out / "results.json").read_text())
    assert results["games_done"] == 9 and results["session_games"] == 3
    assert len(list((out / "games").iterdir())) == 9
    assert main(["tournament", "--resume", str(out), "--games", "5"]) == 2
    assert "only more can be asked for" in capsys.readouterr().err


def test_progress_bar_without_tty():
    now = [0.0]
    stream = io.StringIO()
    p = Progress(10, stream=stream, interval=1.0, clock=lambda: now[0])
    for _ in range(10):
        now[0] += 0.5
        p.update()
    p.finish()
    lines = stream.getvalue().splitlines()
    assert "\r" not in stream.getvalue()
    assert lines[-1].startswith("[" + "#" * 30 + "] 10/10 games 100.0%")
    assert "2.0 games/s" in lines[-1] and "ETA 0:00" in lines[-1]
    assert len(lines) == len(set(lines)) <= 6  # throttled, final line once
    assert "ETA 0:04" in lines[1]  # 2 games/s with 8 to go (after 1 s)
    assert format_duration(3725) == "1:02:05" and format_duration(65) == "1:05"
    assert format_duration(float("nan")) == "?"


def _interrupt(out: Path, args: list[str], when) -> dict:
    """Run the tournament of ``args`` into ``out`` and press Ctrl-C (SIGINT) once ``when(number of
    game records written)`` holds; returns its results.json, after checking how it stopped."""
    proc = subprocess.Popen(
        _cli(*args, "--out", str(out)), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT
    )
    try:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            gdir = out / "games"
            if gdir.is_dir() and when(len(os.listdir(gdir))):
                break
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.005)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "--resume" in err and "Traceback" not in err
    results = json.loads((out / "results.json").read_text())
    assert results["status"] == "interrupted"
    return results


def _resume_equals_an_uninterrupted_run(tmp_path: Path, interrupted: Path, args: list[str]) -> dict:
    """``--resume`` finishes ``interrupted``: the same games.csv and agents' results as one run of
    ``args``; returns the resumed results.json."""
    resumed = _run_cli(["--resume", str(interrupted), "--jobs", "2"])
    assert resumed.returncode == 0, resumed.stderr
    straight = tmp_path / "straight"
    full = _run_cli([*args, "--out", str(straight)])
    assert full.returncode == 0, full.stderr
    assert rows_without_duration(interrupted) == rows_without_duration(straight)
    a = json.loads((interrupted / "results.json").read_text())
    b = json.loads((straight / "results.json").read_text())
    assert a["agents"] == b["agents"] and a["status"] == b["status"] == "complete"
    return a


def test_ctrl_c_keeps_finished_games_and_resume_equals_an_uninterrupted_run(tmp_path):
    games = 1000
    args = tournament_args(games, 99, target=3, jobs=2)
    interrupted = tmp_path / "interrupted"
    results = _interrupt(interrupted, args, lambda written: written >= 20)
    done = results["games_done"]
    assert 20 <= done < games
    assert len(rows_without_duration(interrupted)) == done
    assert len(list((interrupted / "games").glob("game-*.json"))) == done
    resumed = _resume_equals_an_uninterrupted_run(tmp_path, interrupted, args)
    assert resumed["session_games"] == games - done


def test_ctrl_c_in_the_middle_of_a_duplicate_deal_keeps_whole_deals_and_resume_completes_them(tmp_path):
    """Issue 34: a --duplicate run stopped by Ctrl-C never leaves half a deal in games.csv, the store
    or results.json; --resume then ends with what one uninterrupted run gives."""
    games = 600
    args = [*tournament_args(games, 12, target=3, jobs=2), "--duplicate"]
    interrupted = tmp_path / "interrupted"
    # an odd number of the deals' two games written: a deal is half played
    results = _interrupt(interrupted, args, lambda written: written >= 21 and written % 2 == 1)
    deals = [int(r["deal"]) for r in rows_without_duration(interrupted)]
    assert deals and deals == sorted(deals) and all(deals.count(d) == 2 for d in deals), deals
    with sqlite3.connect(interrupted / "tournament.sqlite") as db:
        stored = [d for (d,) in db.execute("SELECT deal FROM games ORDER BY idx")]
    assert stored == deals
    assert results["games_done"] == len(deals) == 2 * results["deals_done"] < games
    assert sum(results["pentanomial"]) == results["deals_done"]
    assert len(list((interrupted / "games").glob("game-*.json"))) == len(deals)
    resumed = _resume_equals_an_uninterrupted_run(tmp_path, interrupted, args)
    straight = json.loads((tmp_path / "straight" / "results.json").read_text())
    assert resumed["pentanomial"] == straight["pentanomial"] and resumed["deals_done"] == games // 2


def test_cluster_flag_runs_on_a_loopback_local_cluster(tmp_path):
    with loopback_cluster() as cluster:
        r = _run_cli(
            [
                *tournament_args(5, 2),
                "--cluster",
                cluster.scheduler_address,
                "--out",
                str(tmp_path / "c"),
            ]
        )
    assert r.returncode == 0, r.stderr
    assert "Dask cluster" in r.stderr
    assert len(rows_without_duration(tmp_path / "c")) == 5


def test_unreachable_cluster_fails_before_anything_is_written(tmp_path, capsys, monkeypatch):
    pytest.importorskip("distributed")
    from ai.tournament import executor

    monkeypatch.setattr(executor, "CONNECT_TIMEOUT", 1.0)
    code = main(
        [
            "tournament",
            "--game",
            "hacktrick",
            "--agents",
            "random",
            "random",
            "--cluster",
            "tcp://127.0.0.1:9",
            "--out",
            str(tmp_path / "x"),
        ]
    )
    assert code == 2 and "cannot connect to the Dask cluster" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()

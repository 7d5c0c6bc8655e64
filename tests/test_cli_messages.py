"""Messages of the ``tabletop-trio`` command: one line, exit code 2, values written as the user types them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ai import play_game
from ai.tournament.cli import _game_option_flags
from game import cli
from game.client import main as client_main
from game.rules.core import typed_value

ROOT = Path(__file__).resolve().parent.parent
#: What Python values look like when they leak into a message.
PYTHON_LITERALS = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\('|\['|',\)")


def _one_line_error(argv, capsys) -> str:
    """Run the command in-process: exit code 2 and exactly one line on stderr, without a traceback."""
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    captured = capsys.readouterr()
    err = captured.err
    assert "Traceback" not in err and err.endswith("\n") and len(err.splitlines()) == 1, err
    assert "usage:" not in err
    return err.strip()


# ------------------------------------------------------------------ argparse: one line, not the usage
@pytest.mark.parametrize(
    "argv, prefix, message",
    [
        (["play", "hacktrick", "--lang", "fr"], "tabletop-trio play: error:", "invalid choice: 'fr'"),
        (
            ["demo", "hacktrick", "--seed", "abc"],
            "tabletop-trio demo: error:",
            "--seed: invalid integer value: 'abc'",
        ),
        (
            ["demo", "hacktrick", "--speed", "fast"],
            "tabletop-trio demo: error:",
            "--speed: invalid number value",
        ),
        (
            ["replay", "x.json", "--move", "abc"],
            "tabletop-trio replay: error:",
            "--move: invalid integer value: 'abc'",
        ),
        (
            ["review", "x.json", "--budget", "many"],
            "tabletop-trio review: error:",
            "--budget: invalid integer value",
        ),
        (
            ["tournament", "--games", "x"],
            "tabletop-trio tournament: error:",
            "--games: invalid integer value: 'x'",
        ),
        (["play"], "tabletop-trio play: error:", "the following arguments are required: game"),
        (["chess"], "tabletop-trio: error:", "invalid choice: 'chess'"),
        (["--bogus"], "tabletop-trio: error:", "unrecognized arguments: --bogus"),
    ],
)
def test_argparse_errors_are_one_line(argv, prefix, message, capsys, no_window):
    err = _one_line_error(argv, capsys)
    assert err.startswith(prefix) and message in err and "--help" in err, err


def test_argparse_errors_are_one_line_in_a_real_process():
    result = subprocess.run(
        [sys.executable, "-m", "game.cli", "demo", "hacktrick", "--seed", "abc"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "tabletop-trio demo: error: argument --seed: invalid integer value: 'abc' (see tabletop-trio demo --help)"
    ]


# ------------------------------------------------------------------ option values as typed
@pytest.mark.parametrize(
    "argv, message",
    [
        (["play", "ratjack", "--option", "decks=weasel"], "option decks=weasel is not allowed"),
        (["demo", "ratjack", "--option", "decks=weasel,weasel"], "option decks=weasel,weasel is not allowed"),
        (["play", "hakkutsu", "--option", "rounds=0"], "option rounds=0 is not allowed; choose none ("),
        (["play", "hakkutsu", "--option", "rounds=abc"], "option rounds=abc is not allowed"),
        (
            ["play", "hakkutsu", "--option", "mode=x"],
            "option mode=x is not allowed; choose one of research, treasure",
        ),
        (["play", "hakkutsu", "--option", "draft=maybe"], "option draft=maybe: expected true or false"),
        (["play", "hacktrick", "--option", "target=lots"], "option target=lots: expected an integer"),
        (
            ["play", "hacktrick", "--option", "target=0"],
            "option target=0 is not allowed; choose an integer from 1 to 9",
        ),
    ],
)
def test_option_messages_show_values_as_typed(argv, message, capsys, no_window):
    err = _one_line_error(argv, capsys)
    assert message in err, err
    assert not PYTHON_LITERALS.search(err), err


@pytest.mark.parametrize(
    "option, message",
    [
        ("decks=weasel", "option decks=weasel is not allowed"),
        ("decks=rat-red", "option decks=rat-red is not allowed"),
    ],
)
def test_tournament_option_messages_show_values_as_typed(option, message, tmp_path, capsys):
    out = tmp_path / "out"
    assert (
        cli.main(
            [
                "tournament",
                "--game",
                "ratjack",
                "--agents",
                "random",
                "random",
                "--option",
                option,
                "--out",
                str(out),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1 and not PYTHON_LITERALS.search(err), err
    assert not out.exists()


def test_games_lists_values_as_typed(capsys):
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "rounds (default none): none: the game ends" in out
    assert "choices: none, 4, 6, 8, 10, 12, 15, 20" in out
    assert "draft (default false)" in out and "choices: false, true" in out
    assert "mode (default research)" in out and "choices: research, treasure" in out
    assert "decks (default rat-red,rat-blue)" in out
    assert "target (default 5)" in out
    assert not PYTHON_LITERALS.search(out), out


def test_tournament_game_option_flags_show_defaults_as_typed():
    text = " ".join("; ".join(helps) for helps in _game_option_flags().values())
    assert "(default none)" in text and "(default rat-red,rat-blue)" in text
    assert not PYTHON_LITERALS.search(text), text


def test_typed_value():
    assert [typed_value(v) for v in (None, True, False, 3, "weasel", ("weasel",), ["a", "b"])] == [
        "none",
        "true",
        "false",
        "3",
        "weasel",
        "weasel",
        "a,b",
    ]
    assert typed_value("") == "''" and typed_value("two words") == "'two words'"
    assert len(typed_value("x" * 500)) == 60


def test_engine_option_messages_show_values_as_typed():
    """The engines' own messages (not only the CLI's) name values as they are typed."""
    from game.rules import new_game

    for game, options in (
        ("ratjack", {"decks": ("weasel",)}),
        ("ratjack", {"decks": "weasel"}),
        ("hakkutsu", {"draft": "yes"}),
        ("hakkutsu", {"rounds": 99}),
    ):
        with pytest.raises(ValueError) as err:
            new_game(game, players=2, seed=1, **options)
        assert not PYTHON_LITERALS.search(str(err.value)), str(err.value)


# ------------------------------------------------------------------ seats: "1 seat", "3 seats"
@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["play", "hacktrick", "--seats", "human"],
            "hacktrick is played by 2 players, not 1 seat (given: human)",
        ),
        (
            ["demo", "hacktrick", "--seats", "random,random,random"],
            "hacktrick is played by 2 players, not 3 seats (given: random, random, random)",
        ),
    ],
)
def test_seat_count_message_grammar(argv, message, capsys, no_window):
    assert _one_line_error(argv, capsys).endswith(message)


# ------------------------------------------------------------------ screenshots: PNG only
@pytest.mark.parametrize("name", ["x.txt", "x", "x.png.tmp", "shot.jpg"])
def test_demo_screenshot_must_be_a_png(name, tmp_path, capsys, calls):
    target = tmp_path / "new" / name
    err = _one_line_error(["demo", "hacktrick", "--screenshot", str(target)], capsys)
    assert "give a path ending in .png" in err
    assert not target.exists() and not target.parent.exists()
    assert calls == []


def test_demo_screenshot_png_is_accepted(tmp_path, calls):
    assert cli.main(["demo", "hacktrick", "--screenshot", str(tmp_path / "Last.PNG")]) == 0
    assert calls[0][0] == "run_demo"


# ------------------------------------------------------------------ replay --move: 0 .. length
@pytest.fixture(scope="module")
def record_path(tmp_path_factory):
    record = play_game("hacktrick", ["random", "random"], seed=1)
    path = tmp_path_factory.mktemp("records") / "g.json"
    record.save(path)
    return path, len(record.actions)


@pytest.mark.parametrize("move", ["999", "-5", "-1", "+1"])
def test_replay_move_out_of_range_is_refused(move, record_path, capsys, calls):
    path, length = record_path
    if move == "+1":
        move = str(length + 1)
    err = _one_line_error(["replay", str(path), f"--move={move}"], capsys)
    assert f"--move must be from 0 to {length} (this game has {length} actions), not {int(move)}" in err
    assert calls == []


def test_replay_move_at_either_end_is_accepted(record_path, calls):
    path, length = record_path
    assert cli.main(["replay", str(path), "--move", "0"]) == 0
    assert cli.main(["replay", str(path), "--move", str(length)]) == 0
    assert cli.main(["replay", str(path)]) == 0
    assert [kw["move"] for _, _, kw in calls] == [0, length, None]


def test_replay_screenshot_must_be_a_png(record_path, tmp_path, capsys, no_window):
    path, _ = record_path
    err = _one_line_error(["replay", str(path), "--screenshot", str(tmp_path / "x.txt")], capsys)
    assert "give a path ending in .png" in err


def test_check_replay_move():
    assert client_main.check_replay_move(None, 10) is None
    assert client_main.check_replay_move(10, 10) == 10
    with pytest.raises(ValueError, match="from 0 to 1 \\(this game has 1 action\\), not 2"):
        client_main.check_replay_move(2, 1)

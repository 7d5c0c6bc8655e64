"""``play`` and ``demo`` check every argument before a window opens: exit code 2, one line, no traceback."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import cli
from game.client import main as client_main
from game.rules import GAMES


def _bad(argv, capsys) -> str:
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["play", "hacktrick", "--seats", "human"], "played by 2 players, not 1"),
        (["demo", "hacktrick", "--seats", "random,random,random"], "played by 2 players, not 3"),
        (["play", "hacktrick", "--seats", "human,mcts:level=insane"], "unknown mcts level 'insane'"),
        (["play", "hacktrick", "--seats", "human,mcts:depth=3"], "unknown mcts option 'depth'"),
        (["play", "hacktrick", "--seats", "human,wizard"], "unknown agent 'wizard'"),
        (["demo", "hacktrick", "--seats", "human,random"], "bots only"),
        (["demo", "hacktrick", "--speed", "0"], "finite positive"),
        (["demo", "hacktrick", "--speed", "-5"], "finite positive"),
        (["demo", "hacktrick", "--speed", "nan"], "finite positive"),
        (["demo", "hacktrick", "--speed", "inf"], "finite positive"),
        (["play", "hacktrick", "--option", "target=99"], "target=99"),
        (["play", "hacktrick", "--option", "target=lots"], "expected an integer"),
        (["demo", "hacktrick", "--option", "decks=weasel,raccoon"], "unknown option 'decks' for hacktrick"),
        (["demo", "hacktrick", "--option", "target"], "expected KEY=VALUE"),
        (["play", "chess"], "no table for 'chess'"),
    ],
)
def test_bad_play_and_demo_arguments(argv, message, capsys, no_window):
    assert message in _bad(argv, capsys)


def test_an_unwritable_screenshot_is_refused_before_the_demo(tmp_path, capsys, no_window):
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    assert "cannot write the screenshot" in _bad(
        ["demo", "hacktrick", "--screenshot", str(blocker / "x.png")], capsys
    )
    assert "is a folder" in _bad(["demo", "hacktrick", "--screenshot", str(tmp_path)], capsys)


def test_options_and_seats_reach_the_client(calls):
    assert cli.main(["play", "hacktrick", "--option", "target=3", "--seed", "4"]) == 0
    assert cli.main(["demo", "hacktrick", "--option", "target=2", "--speed", "2.5"]) == 0
    (play, args, kw), (demo, _, dkw) = calls
    assert (play, args[0], args[1], kw["options"], kw["seed"]) == (
        "run_play",
        "hacktrick",
        None,
        {"target": 3},
        4,
    )
    assert (demo, dkw["options"], dkw["speed"]) == ("run_demo", {"target": 2}, 2.5)


def test_options_of_other_games_parse_like_the_tournament(calls, monkeypatch):
    assert cli.main(["demo", "ratjack", "--option", "decks=weasel,raccoon"]) == 0
    assert (
        cli.main(
            [
                "play",
                "hakkutsu",
                "--seats",
                "human,random,heuristic",
                "--option",
                "mode=treasure",
                "--option",
                "draft=true",
                "--option",
                "rounds=6",
            ]
        )
        == 0
    )
    assert calls[0][2]["options"] == {"decks": ("weasel", "raccoon")}
    assert calls[1][2]["options"] == {"mode": "treasure", "draft": True, "rounds": 6}


def test_demo_seats_default_to_the_games_minimum(monkeypatch, no_window):
    monkeypatch.setitem(GAMES, "hakkutsu", dataclasses.replace(GAMES["hakkutsu"], min_players=3))
    session = client_main.new_client_session("hakkutsu", None, seed=1, bots_only=True)
    assert len(session.seats) == 3 and "human" not in session.seats
    assert len(client_main.new_client_session("hacktrick", None, seed=1).seats) == 2


def test_demo_runs_with_options_from_the_command_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "d"))
    shot = tmp_path / "new" / "last.png"
    assert (
        cli.main(
            [
                "demo",
                "hacktrick",
                "--seed",
                "2",
                "--speed",
                "50",
                "--seats",
                "random,random",
                "--option",
                "target=1",
                "--screenshot",
                str(shot),
            ]
        )
        == 0
    )
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    out = capsys.readouterr().out
    assert "random vs random" in out and "stopped" not in out

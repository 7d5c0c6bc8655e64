"""The top-level ``tabletop-trio`` command: listing games, bad input, no screen."""

import pytest

from game import cli
from game.client import main as client_main


def test_games_lists_every_game_and_option(capsys):
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert "hacktrick: Hacktrick (2 players)" in out
    assert "ratjack" in out and "hakkutsu" in out and "target (default 5)" in out


def test_unknown_options_exit_with_a_message(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--bogus"])
    assert exc.value.code == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_no_screen_is_reported_instead_of_running_invisibly(monkeypatch, capsys):
    def no_display():
        raise client_main.NoDisplayError("no screen found")

    monkeypatch.setattr(client_main, "require_display", no_display)
    assert cli.main([]) == 2
    assert "no screen found" in capsys.readouterr().err


def test_require_display_accepts_an_explicit_driver(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    client_main.require_display()  # explicit choice: no error

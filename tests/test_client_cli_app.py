"""The client's command line (play / demo), window scaling and the rules reference."""

from __future__ import annotations

import pygame
import pytest

from game.cli import main
from tests.client_helpers import frames, make_app


def test_demo_plays_a_whole_game_headless_and_saves_the_last_frame(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "d"))
    shot = tmp_path / "last.png"
    from game.client.main import run_demo

    assert (
        run_demo(
            "hacktrick", seed=3, speed=20, screenshot=str(shot), seats=["random", "random"], bot_mode="inline"
        )
        == 0
    )
    img = pygame.image.load(str(shot))
    assert img.get_size() == (1280, 720)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["demo", "chess"], "no table for 'chess'"),
        (["play", "hacktrick", "--seats", "human,wizard"], "unknown agent 'wizard'"),
        (["play", "hacktrick", "--seats", "human,mcts:level"], "bad agent option"),
    ],
)
def test_bad_client_arguments_are_reported(argv, message, capsys):
    with pytest.raises(SystemExit):
        main(argv)
    assert message in capsys.readouterr().err


def test_letterboxed_mouse_mapping(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        app.window = pygame.display.set_mode((1600, 1000))  # wider aspect: bars at top and bottom
        scale, ox, oy = app._viewport()
        assert scale == 1.25 and ox == 0 and oy == 50
        assert app.to_logical((800, 550)) == (640, 400)
        assert app.to_logical((0, 50)) == (0, 0)
        ev = app.map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1600, 950), button=1))
        assert ev.pos == (1280, 720)
        frames(app, 2)  # rendering through the scaled path works
    finally:
        app.shutdown()

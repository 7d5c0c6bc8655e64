"""What the client says in the terminal (issue 30, item 8): one quiet line without a sound card, and
where Ctrl+C saved the game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.client.menus.title import TitleScene
from game.client.registry import open_game
from game.client.session import Session, save_path

from .client_helpers import frames, make_app, run_until

ROOT = Path(__file__).resolve().parents[1]
START_AND_STOP = (
    "from game.client.app import App\n"
    "from game.client.settings import Settings\n"
    "App(Settings.load(), bot_mode='inline').shutdown()\n"
)


def client_stderr(tmp_path, **env) -> list[str]:
    """The stderr lines of a client started and stopped in a fresh process with ``env``."""
    run_env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        TRIO_CONFIG_DIR=str(tmp_path / "config"),
        TRIO_DATA_DIR=str(tmp_path / "data"),
        **env,
    )
    proc = subprocess.run(
        [sys.executable, "-c", START_AND_STOP],
        cwd=ROOT,
        env=run_env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stderr.splitlines()


def test_no_sound_device_is_one_quiet_line(tmp_path):
    """Without a sound card the terminal filled with 16 "ALSA lib ..." lines.  ALSA asked for a
    configuration that is not there fails as on a machine with no card (the ALSA library missing
    altogether fails too, silently): either way, one line."""
    lines = client_stderr(tmp_path, SDL_AUDIODRIVER="alsa", ALSA_CONFIG_PATH=str(tmp_path / "no-alsa.conf"))
    assert lines == ["tabletop-trio: no sound device; playing without sound"]


def test_an_audio_driver_that_does_not_exist_is_one_quiet_line(tmp_path):
    assert client_stderr(tmp_path, SDL_AUDIODRIVER="no-such-driver") == [
        "tabletop-trio: no sound device; playing without sound"
    ]


def test_with_sound_nothing_is_said(tmp_path):
    assert client_stderr(tmp_path, SDL_AUDIODRIVER="dummy") == []


@pytest.fixture
def app(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    yield app
    app.shutdown()


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="no SIGINT")
def test_ctrl_c_says_where_the_game_was_saved(app, capsys):
    """Ctrl+C saved the game but said nothing."""
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("hacktrick", ["human", "random"], seed=3))
    assert run_until(app, lambda: scene.my_turn)
    assert scene.act(scene.session.state.legal_actions()[0])
    frames(app)
    capsys.readouterr()
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))  # Ctrl+C in the terminal
    timer.start()
    app.run(max_seconds=6)
    timer.join()
    out = capsys.readouterr().out.splitlines()
    path = save_path("hacktrick")
    assert path.is_file() and out == [f"Saved Hacktrick for “Continue Hacktrick”: {path}"]

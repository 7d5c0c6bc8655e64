"""Shared test settings.

``TRIO_RANDOM_GAMES`` scales the big random-game suites (small by default so CI
stays fast; e.g. ``TRIO_RANDOM_GAMES=5000 pytest`` when hunting bugs).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from game.client.app import App

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

RANDOM_GAMES = int(os.environ.get("TRIO_RANDOM_GAMES", "300"))


@pytest.fixture(autouse=True)
def _interface_language_back_to_english():
    """The interface language is global: a test that switches to Japanese must not leak it to the next."""
    yield
    i18n = sys.modules.get("game.client.i18n")
    if i18n is not None:
        i18n.set_language("en")


@pytest.fixture(autouse=True)
def _closed_apps_collected() -> Iterator[None]:
    """The client tests' Apps are freed after each test (``client_helpers.collect_closed_apps``)."""
    yield
    helpers = sys.modules.get("tests.client_helpers")
    if helpers is not None:
        helpers.collect_closed_apps()


@pytest.fixture
def no_window(monkeypatch, tmp_path):
    """The client's command lines, checked without a window: opening one fails the test; settings and
    data go to ``tmp_path``.  Returns ``monkeypatch``."""
    from game.client import main as client_main

    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "d"))

    def window(*args, **kwargs):
        raise AssertionError("a window was opened")

    monkeypatch.setattr(client_main, "_app", window)
    return monkeypatch


@pytest.fixture
def calls(no_window):
    """What ``play`` / ``demo`` / ``replay`` would run with, recorded instead of run: ``(name, args, kwargs)``."""
    from game.client import main as client_main

    seen = []
    for name in ("run_play", "run_demo", "run_replay"):
        no_window.setattr(client_main, name, lambda *a, _name=name, **kw: seen.append((_name, a, kw)) or 0)
    return seen


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A headless client ``App`` with its settings and data in ``tmp_path`` (shut down afterwards);
    modules that want fast animations override it with ``client_helpers.fast_app``."""
    from tests.client_helpers import make_app

    a = make_app(tmp_path, monkeypatch)
    yield a
    a.shutdown()


@pytest.fixture(params=["en", "ja"])
def each_language(request: pytest.FixtureRequest) -> str:
    """An interface language, ``"en"`` and then ``"ja"``: a test that asks for it runs once in each."""
    return request.param


@pytest.fixture
def app_each_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, each_language: str) -> Iterator[App]:
    """Like ``app``, but in ``each_language``: the test runs once in English and once in Japanese."""
    from tests.client_helpers import make_app

    a = make_app(tmp_path, monkeypatch, lang=each_language)
    yield a
    a.shutdown()


@pytest.fixture
def fourth_game():
    """High Card (``tests/fourth_game``), a game that lives in the tests only, registered through its
    descriptors for one test and forgotten after it (the rest of the suite never sees it)."""
    from tests.fourth_game import installed

    with installed() as info:
        yield info

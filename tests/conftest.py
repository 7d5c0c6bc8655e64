"""Shared test settings.

``TRIO_RANDOM_GAMES`` scales the big random-game suites (small by default so CI
stays fast; e.g. ``TRIO_RANDOM_GAMES=5000 pytest`` when hunting bugs).
"""

import os
import sys

import pytest

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

"""Shared test settings.

``TRIO_RANDOM_GAMES`` scales the big random-game suites (small by default so CI
stays fast; e.g. ``TRIO_RANDOM_GAMES=5000 pytest`` when hunting bugs).
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

RANDOM_GAMES = int(os.environ.get("TRIO_RANDOM_GAMES", "300"))

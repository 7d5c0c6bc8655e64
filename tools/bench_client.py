"""``python -m tools.bench client``: client frame times and start-up time.

* start-up: a fresh interpreter importing the client, opening the window and
  drawing the first title-screen frame (wall time of the whole process and the
  time inside it);
* frame time (work per frame: events, update, draw, present; median and 99th
  percentile) of each table (Hacktrick 2 seats, Ratjack and Hakkutsu!! 4 seats)
  while MCTS ``normal`` bots think in their own process, and while random bots'
  moves animate back to back.  Runs headless (``SDL_VIDEODRIVER=dummy``) unless a
  display driver is set.  ``--seconds`` sets the length of the game sample
  (default 3 s; at least 10 s are used).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

from tools.bench import section

STARTUP_SCRIPT = """
import time
t0 = time.perf_counter()
from game.client.app import App
from game.client.menus.title import TitleScene
app = App()
app.scenes.push(TitleScene(app))
app.step(1 / 60)
print(time.perf_counter() - t0)
app.shutdown()
"""


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def _startup(tmp: str) -> tuple[float, float]:
    env = dict(os.environ, TRIO_CONFIG_DIR=tmp, TRIO_DATA_DIR=tmp)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", STARTUP_SCRIPT], env=env, capture_output=True, text=True,
                         check=True)
    wall = time.perf_counter() - start
    inner = float(out.stdout.strip().splitlines()[-1])
    return wall, inner


def _frames(seconds: float, bot: str, tmp: str, game: str = "hacktrick", players: int = 2, **options):
    os.environ["TRIO_CONFIG_DIR"] = tmp
    os.environ["TRIO_DATA_DIR"] = tmp
    from game.client.app import App
    from game.client.scenes import open_game
    from game.client.session import Session

    app = App(bot_mode="process")
    session = Session.new(game, [bot] * players, seed=12, **options)
    scene = open_game(app, session, demo=True)
    thinking, animating = [], []
    for _ in range(30):  # warm-up: fonts, scaled images and the bot process start (start-up is measured above)
        app.clock.tick(60)
        app.step(1 / 60)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not session.over:
        app.clock.tick(60)
        busy_bot = scene.worker.busy
        busy_anim = scene.timeline.busy
        t0 = time.perf_counter()
        app.step(1 / 60)
        dt = time.perf_counter() - t0
        if busy_bot:  # the bot's process is searching (animations may run at the same time)
            thinking.append(dt)
        elif busy_anim:
            animating.append(dt)
    moves = len(session.record.actions)
    app.shutdown()
    return thinking, animating, moves


TABLES = (("hacktrick", 2, {}), ("ratjack", 4, {"decks": ("weasel", "raccoon")}), ("hakkutsu", 4, {}))


@section("client")
def bench_client(args) -> None:
    """Start-up, then every table: frames while MCTS bots think, and while random bots' moves animate
    back to back (random bots answer at once, so the animation frames are many)."""
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ai import AGENTS

    bot = "mcts:level=normal" if "mcts" in AGENTS else "random"
    seconds = max(10.0, args.seconds)
    with tempfile.TemporaryDirectory() as tmp:
        wall, inner = _startup(tmp)
        print(f"start-up to the title screen: {wall:.2f} s process wall time "
              f"({inner:.2f} s from the first client import); video driver {os.environ['SDL_VIDEODRIVER']}")
        for game, players, options in TABLES:
            thinking, _, moves = _frames(seconds, bot, tmp, game, players, **options)
            _, animating, fast = _frames(seconds / 2, "random", tmp, game, players, **options)
            print(f"{game}, {players} seats: {seconds:.0f} s of {bot} ({moves} actions), "
                  f"{seconds / 2:.0f} s of random bots ({fast} actions)")
            _report(thinking, animating)


def _report(thinking: list[float], animating: list[float]) -> None:
    for label, values in (("while a bot thinks", thinking), ("animating, no bot", animating)):
        if values:
            print(f"  frame time {label:<20}: median {statistics.median(values) * 1000:6.2f} ms, "
                  f"p99 {_pct(values, 0.99) * 1000:6.2f} ms, max {max(values) * 1000:6.2f} ms "
                  f"({len(values)} frames, {sum(v > 0.020 for v in values)} over 20 ms)")
        else:
            print(f"  frame time {label:<20}: no frames sampled")

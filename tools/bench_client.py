"""``python -m tools.bench client``: client frame times and start-up time.

* start-up: a fresh interpreter importing the client, opening the window and
  drawing the first title-screen frame (wall time of the whole process and the
  time inside it);
* frame time (work per frame: events, update, draw, present; median and 99th
  percentile) of each table at its largest player count (Hacktrick 2 seats, Ratjack and Hakkutsu!! 4)
  while MCTS ``normal`` bots think in their own process, and while random bots'
  moves animate back to back.  Runs headless (``SDL_VIDEODRIVER=dummy``) unless a
  display driver is set.  ``--seconds`` sets the length of the game sample
  (default 3 s; at least 10 s are used);
* the others' turns at a 4-seat Ratjack table (you and three ``normal`` bots in
  their own process, the default animation speed, in real time): how long each
  bot's captions stay on screen, and the time from the end of your turn to the
  start of your next (the bots' thinking included; your own moves are made at
  once by a fixed policy, so none of your thinking is counted).
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
    out = subprocess.run(
        [sys.executable, "-c", STARTUP_SCRIPT], env=env, capture_output=True, text=True, check=True
    )
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
    for _ in range(
        30
    ):  # warm-up: fonts, scaled images and the bot process start (start-up is measured above)
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


def _turn_times(tmp: str, turns: int = 8):
    """Real-time play at a 4-seat Ratjack table: (each bot turn's caption time on screen, each caption
    line's, the waits from the end of your turn to the start of the next)."""
    os.environ["TRIO_CONFIG_DIR"] = tmp
    os.environ["TRIO_DATA_DIR"] = tmp
    from ai import make_agent
    from game.client.app import App
    from game.client.scenes import open_game
    from game.client.session import Session
    from game.rules import Seat

    app = App(bot_mode="process")
    app.settings.animation_speed = 1.0  # the default speed
    session = Session.new(
        "ratjack", ["human"] + ["mcts:level=normal"] * 3, seed=12, decks=("weasel", "raccoon")
    )
    scene = open_game(app, session)
    me = make_agent("heuristic", seed=1)
    box_times: list[float] = []  # a bot turn's captions: its box shown -> gone
    line_times: list[float] = []  # each line: shown -> replaced
    waits: list[float] = []  # your turn's end -> your next turn's start
    shown: dict[int, float] = {}
    box_shown: dict[int, float] = {}
    turn_end = None
    # of the waits, what the table did meanwhile
    split = {"animating": 0.0, "holding a caption being read": 0.0, "waiting for a bot's move": 0.0}
    last = time.perf_counter()
    while len(waits) < turns and not session.over:
        now = time.perf_counter()
        app.step(min(now - last, 0.1))
        if turn_end is not None:
            steps = scene.timeline.steps
            held = bool(steps) and not steps[0].started and steps[0].start_when is not None
            split[
                "holding a caption being read"
                if held
                else "animating"
                if steps
                else "waiting for a bot's move"
            ] += now - last
        last = now
        if scene.timeline.waiting:
            scene.timeline.release()  # a round's summary: clicked away at once
        if scene.my_turn and app.scenes.top is scene:
            if turn_end is not None:
                waits.append(now - turn_end)
                turn_end = None
            scene.act(me.choose(Seat(session.state, 0)))
            if session.to_move != 0:
                turn_end = time.perf_counter()
        caps = scene.captions
        yours = caps.actor == 0  # your move cleared them (a player takes longer than this policy)
        current = {id(line) for line in caps.lines}
        for k in [k for k in shown if k not in current]:
            start = shown.pop(k)
            if not yours:
                line_times.append(now - start)
        for line in caps.lines:
            shown.setdefault(id(line), now)
        boxes = {id(box) for box in caps.boxes if box.lines}
        for k in [k for k in box_shown if k not in boxes]:
            start = box_shown.pop(k)
            if not yours:
                box_times.append(now - start)
        for k in boxes:
            box_shown.setdefault(k, now)
        app.clock.tick(60)
    app.shutdown()
    return box_times, line_times, waits, split


#: Options a table is timed with instead of its defaults (Ratjack: the decks whose abilities animate most).
TIMED_OPTIONS = {"ratjack": {"decks": ("weasel", "raccoon")}}


def timed_tables() -> list[tuple[str, int, dict]]:
    """Every table the client has (``game`` and its options), timed at its largest player count."""
    from game.client.registry import tables
    from game.rules import GAMES

    return [(game, GAMES[game].max_players, TIMED_OPTIONS.get(game, {})) for game in tables()]


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
        print(
            f"start-up to the title screen: {wall:.2f} s process wall time "
            f"({inner:.2f} s from the first client import); video driver {os.environ['SDL_VIDEODRIVER']}"
        )
        for game, players, options in timed_tables():
            thinking, _, moves = _frames(seconds, bot, tmp, game, players, **options)
            _, animating, fast = _frames(seconds / 2, "random", tmp, game, players, **options)
            print(
                f"{game}, {players} seats: {seconds:.0f} s of {bot} ({moves} actions), "
                f"{seconds / 2:.0f} s of random bots ({fast} actions)"
            )
            _report(thinking, animating)
        load = os.getloadavg()[0]
        boxes, lines, waits, split = _turn_times(tmp)
        print(
            f"ratjack, 4 seats, you and three mcts:level=normal bots, default animation speed, real time "
            f"(load average {load:.1f} before, {os.getloadavg()[0]:.1f} after):"
        )
        for label, values in (
            ("a bot turn's captions on screen", boxes),
            ("each caption line on screen", lines),
            ("your turn's end to your next turn", waits),
        ):
            print(
                f"  {label:<34}: median {statistics.median(values):5.2f} s, min {min(values):5.2f} s, "
                f"max {max(values):5.2f} s ({len(values)})"
            )
        total = sum(split.values()) or 1.0
        print(
            "  of those waits: "
            + ", ".join(f"{k} {v / len(waits):.2f} s ({v / total:.0%})" for k, v in split.items())
            + " a turn"
        )


def _report(thinking: list[float], animating: list[float]) -> None:
    for label, values in (("while a bot thinks", thinking), ("animating, no bot", animating)):
        if values:
            print(
                f"  frame time {label:<20}: median {statistics.median(values) * 1000:6.2f} ms, "
                f"p99 {_pct(values, 0.99) * 1000:6.2f} ms, max {max(values) * 1000:6.2f} ms "
                f"({len(values)} frames, {sum(v > 0.020 for v in values)} over 20 ms)"
            )
        else:
            print(f"  frame time {label:<20}: no frames sampled")

"""``python -m tools.bench ai``: strength and speed of the bots (section of tools.bench).

    python -m tools.bench ai                      # the full run: 200 games per match (hours)
    python -m tools.bench ai --quick              # 20 games per match, 10 on OpenSpiel
    python -m tools.bench ai -n 40 --parts speed,2p
    python -m tools.bench ai --games hacktrick    # only these games (tools.bench's option)
    python -m tools.bench ai --resume bench.json  # keep every finished game; run again to go on

Every part prints markdown tables, ready for ``ai/README.md``.

Parts (``--parts``, comma-separated, default all):

``speed``      ISMCTS iterations per second and seconds per decision at the chosen
               level, per game and player count, on positions from heuristic games;
``2p``         per game, 2 players, seats rotated: mcts vs random, mcts vs heuristic,
               heuristic vs random (win rates with Wilson 95% intervals);
``4p``         Ratjack and Hakkutsu, 4 players: mcts against three heuristics;
``openspiel``  Hacktrick: our mcts against OpenSpiel's own ISMCTS bot
               (``openspiel-ismcts``) at equal time per move, seats rotated, with
               both iteration rates.

Options: ``-n/--num-games N`` (default 200; ``--games`` is tools.bench's game
filter), ``--level`` (default normal), ``--processes`` (default 2), ``--seed``,
``--os-games N`` and ``--os-seconds S`` (default 1.0) for the OpenSpiel part,
``--workers N`` (root-parallel workers of the speed part's searches).
A progress line goes to stderr after every game.

A full run takes hours on 2 cores: split it with ``--parts`` and ``--games``, and
make it resumable with ``--resume FILE``.  FILE (JSON, rewritten atomically after
every game) keeps the settings, each finished game of each match and each
finished speed row; running the same command again prints what is done and plays
only the missing games.  Other settings with the same FILE are refused.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from tools.bench import section

PARTS = ("speed", "2p", "4p", "openspiel")
#: The settings a ``--resume`` file must agree with.
RESUME_KEYS = ("num_games", "level", "seed", "os_games", "os_seconds", "workers")
RESUME_FORMAT = "tabletop-trio-bench-ai/1"


class _Parser(argparse.ArgumentParser):
    """Bad options: one line on stderr, exit code 2."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message}\n")


class SavedRun:
    """The ``--resume`` file: settings, finished games per match and finished speed rows."""

    def __init__(self, path: str | None, settings: dict) -> None:
        import json
        import os

        self.path = path
        self.data = {"format": RESUME_FORMAT, "settings": settings, "matches": {}, "speed": {}}
        if path and os.path.exists(path):
            try:
                with open(path, encoding="utf-8") as f:
                    data = json.load(f)
            except (OSError, ValueError) as exc:
                raise SystemExit(_bad(f"--resume {path}: not readable ({exc})")) from None
            if not isinstance(data, dict) or data.get("format") != RESUME_FORMAT:
                raise SystemExit(_bad(f"--resume {path}: not a tools.bench ai progress file"))
            if data.get("settings") != settings:
                raise SystemExit(_bad(f"--resume {path}: made with other settings {data.get('settings')}"))
            self.data = data

    def games(self, key: str) -> list:
        """The finished games of match ``key``."""
        from ai.arena import GameResult

        return [GameResult(**{k: tuple(v) if isinstance(v, list) else v for k, v in g.items()})
                for g in self.data["matches"].get(key, [])]

    def add_game(self, key: str, game) -> None:
        from dataclasses import asdict

        self.data["matches"].setdefault(key, []).append(asdict(game))
        self._save()

    def speed(self, key: str):
        return self.data["speed"].get(key)

    def add_speed(self, key: str, row: list) -> None:
        self.data["speed"][key] = row
        self._save()

    def _save(self) -> None:
        import json

        from game.rules import write_atomic

        if self.path:
            write_atomic(self.path, json.dumps(self.data))


def _bad(message: str) -> str:
    print(f"python -m tools.bench ai: {message}", file=sys.stderr)
    return 2


def _table(header: tuple, rows: list) -> None:
    """Print a markdown table."""
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(str(c) for c in row) + " |", flush=True)


def _parse(extra: list[str]):
    parser = _Parser(prog="python -m tools.bench ai")
    parser.add_argument("-n", "--num-games", type=int, default=None, help="games per match (default 200)")
    parser.add_argument("--quick", action="store_true", help="a small run: 20 games per match, 10 on OpenSpiel")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--workers", type=int, default=None,
                        help="root-parallel workers of the speed part's searches (default: the level's)")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated, from {', '.join(PARTS)}")
    parser.add_argument("--os-games", type=int, default=None, help="games against OpenSpiel (default: -n)")
    parser.add_argument("--os-seconds", type=float, default=1.0, help="seconds per move for both bots")
    parser.add_argument("--resume", metavar="FILE", default=None,
                        help="keep finished games in FILE and skip them when run again")
    args = parser.parse_args(extra)
    if args.num_games is None:
        args.num_games = 20 if args.quick else 200
    if args.os_games is None:
        args.os_games = 10 if args.quick else args.num_games
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    bad = [p for p in parts if p not in PARTS]
    if bad:
        parser.error(f"unknown part {bad[0]!r}; choose from {', '.join(PARTS)}")
    if min(args.num_games, args.os_games, args.processes, 1 if args.workers is None else args.workers) < 1:
        parser.error("game counts, --processes and --workers must be at least 1")
    if not 0 < args.os_seconds <= 3600:
        parser.error("--os-seconds must be in (0, 3600]")
    args.parts = parts
    return args


def _play(label: str, key: str, saved: SavedRun, game: str, agents: list, games: int, args):
    """Play (or finish) one match, saving every game; a progress line goes to stderr."""
    from ai.arena import play_match

    start = time.perf_counter()

    def report(done: int, total: int, result) -> None:
        saved.add_game(key, result)
        elapsed = time.perf_counter() - start
        print(f"\r  {label}: game {done}/{total}, {elapsed:.0f}s", end="" if done < total else "\n",
              file=sys.stderr, flush=True)

    return play_match(game, agents, games=games, seed=args.seed, processes=args.processes,
                      progress=report, done=saved.games(key))


MATCH_HEADER = ("match", "win rate of the first [95% CI]", "games", "s/game", "it/s")


def _match_row(label: str, result, focus: int = 0) -> tuple:
    from ai.stats import format_rate

    ips = result.iterations_per_second(focus)
    return (label, format_rate(result.wins(focus), result.n).strip(), result.n,
            f"{result.seconds_per_game():.1f}", f"{ips:,.0f}" if ips else "-")


def _positions(game: str, players: int, count: int, seed: int) -> list:
    """Positions from heuristic self-play where the mover has a real choice."""
    import ai
    from game.rules import Seat, new_game

    rng = random.Random(seed)
    found = []
    g = 0
    while len(found) < count and g < count * 10:
        state = new_game(game, players=players, seed=seed + g)
        bots = [ai.make_agent("heuristic", seed=seed + g * 10 + p) for p in range(players)]
        g += 1
        stop = rng.randrange(2, 80)
        step = 0
        while not state.is_terminal:
            if step >= stop and len(state.legal_actions()) > 1:
                found.append(state)
                break
            p = state.current_player
            state.apply(bots[p].choose(Seat(state, p)))
            step += 1
    return found


def _bench_speed(args, games, saved: SavedRun) -> None:
    import ai
    from ai.mcts import MCTSAgent
    from game.rules import GAMES, Seat

    spec = f"mcts:level={args.level}" + (f",workers={args.workers}" if args.workers else "")
    print(f"ISMCTS speed, `{spec}` (mean over 8 positions from heuristic games; "
          "iterations summed over the workers):\n")
    rows = []
    for name in games:
        info = GAMES[name]
        for players in sorted({info.min_players, 2 if info.min_players <= 2 else info.min_players,
                               min(4, info.max_players)}):
            key = f"{name}/{players}"
            row = saved.speed(key)
            if row is None:
                states = _positions(name, players, 8, args.seed)
                its = secs = 0.0
                for i, state in enumerate(states):
                    agent = ai.make_agent(spec, seed=i)
                    assert isinstance(agent, MCTSAgent)
                    agent.search(Seat(state, state.current_player))
                    its += agent.last_iterations
                    secs += agent.last_seconds
                budget = agent.budget_for(name, players)
                row = [name, players, f"{its / secs:,.0f}", f"{secs / len(states):.2f}",
                       f"{budget[0]} x {agent.workers}", f"{budget[1]:g} s"]
                saved.add_speed(key, row)
            rows.append(row)
    _table(("game", "players", "iterations/s", "s/decision", "budget x workers", "cap"), rows)


def _bench_matches(args, games, four: bool, saved: SavedRun) -> None:
    from game.rules import GAMES

    mcts = f"mcts:level={args.level}"
    rows = []
    if not four:
        print(f"\n2 players, seats rotated, {args.num_games} games per match (seed {args.seed}):\n")
        for name in games:
            for a, b in ((mcts, "random"), (mcts, "heuristic"), ("heuristic", "random")):
                label = f"{name}: `{a}` vs `{b}`"
                r = _play(label, f"2p/{name}/{a}/{b}", saved, name, [a, b], args.num_games, args)
                rows.append(_match_row(label, r))
    else:
        print(f"\n4 players, seats rotated, {args.num_games} games per match (seed {args.seed}; "
              "fair share 25%):\n")
        for name in games:
            if GAMES[name].max_players < 4:
                continue
            label = f"{name}: `{mcts}` vs 3 x `heuristic`"
            r = _play(label, f"4p/{name}/{mcts}", saved, name, [mcts, "heuristic", "heuristic", "heuristic"],
                      args.num_games, args)
            rows.append(_match_row(label, r))
    _table(MATCH_HEADER, rows)


def _bench_openspiel(args, saved: SavedRun) -> None:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("\nOpenSpiel: the open_spiel package is not installed (pip install '.[openspiel]')")
        return
    s = args.os_seconds
    ours, theirs = f"mcts:seconds={s:g}", f"openspiel-ismcts:seconds={s:g}"
    print(f"\nOpenSpiel comparison, Hacktrick, {s:g} s per move each, seats rotated, {args.os_games} games.")
    print("Ours: SO-ISMCTS, availability-aware UCB, policy rollouts to the end of the hand + evaluate;")
    print("theirs: open_spiel.python.algorithms.ismcts.ISMCTSBot (C++ pyspiel.ISMCTSBot cannot run")
    print("Python games), nodes keyed by information-state strings, OpenSpiel's RandomRolloutEvaluator,")
    print("resampling through our determinize; both see only their Seat.\n")
    label = f"hacktrick: `{ours}` vs `{theirs}`"
    r = _play(label, f"openspiel/{ours}/{theirs}", saved, "hacktrick", [ours, theirs], args.os_games, args)
    row = _match_row(label, r)
    other = r.iterations_per_second(1)
    _table(MATCH_HEADER + ("OpenSpiel it/s",), [row + (f"{other:,.0f}" if other else "-",)])


@section("ai")
def bench_ai(args) -> None:
    """Strength and speed of the bots (see the module docstring for the options)."""
    import ai  # noqa: F401  (registers the agents)
    from game.rules import GAMES

    opts = _parse(getattr(args, "extra", []))
    games = args.games or list(GAMES)
    saved = SavedRun(opts.resume, {k: getattr(opts, k) for k in RESUME_KEYS})
    start = time.perf_counter()
    print(f"tools.bench ai: level={opts.level}, {opts.processes} processes, seed {opts.seed}\n")
    if "speed" in opts.parts:
        _bench_speed(opts, games, saved)
    if "2p" in opts.parts:
        _bench_matches(opts, games, False, saved)
    if "4p" in opts.parts:
        _bench_matches(opts, games, True, saved)
    if "openspiel" in opts.parts and "hacktrick" in games:
        _bench_openspiel(opts, saved)
    print(f"\ndone in {time.perf_counter() - start:.0f} s")

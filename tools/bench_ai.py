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
``2p``         per game, 2 players, seats rotated: mcts (``--level``, default normal)
               vs heuristic; with ``--sanity`` also mcts vs random and heuristic vs
               random (win rates with Wilson 95% intervals);
``4p``         Ratjack and Hakkutsu, 4 players: mcts against three heuristics;
``hard``       per game, 2 players: ``mcts:level=hard`` vs ``mcts:level=normal``
               (hard with ``workers=N`` only when ``--workers N`` is given, else
               ``ai.mcts.default_workers()`` root-parallel workers; the heading says
               how many);
``openspiel``  per game, 2 players: our ``mcts:seconds=S`` against OpenSpiel's own
               ISMCTS bot (``openspiel-ismcts:seconds=S``) at equal time per move,
               seats rotated, with both iteration rates (Hakkutsu in its default
               research mode).

Games with a ``mode`` option (Hakkutsu!!: ``research``, ``treasure``) are played in
every mode by the 2p, 4p and hard parts, each mode its own match (a row and a
resume key; the default mode keeps the plain key); ``--modes`` picks some.
Every match table has the start player's win rate (``ai.play.first_player``)
with its Wilson interval next to the first agent's.

Matches are played in duplicate deals (``ai.arena.schedule``): each deal's seed is
played once in every rotation of the seats, so the luck of the deal cancels.  The
two-agent matches (``2p``, ``hard``) also show the pentanomial counts of the deal
pairs and the first agent's Elo ± 95% and normalized Elo from them (fishtest's
formulas, :mod:`ai.tournament.sprt`).  ``--sprt elo0=E0,elo1=E1[,alpha=A,beta=B]``
stops such a match once the SPRT on its deal pairs (in deal order, so a resumed run
reaches the same verdict) accepts H0 or H1, or at ``-n`` games.

Options: ``-n/--num-games N`` (default 200; ``--games`` is tools.bench's game
filter), ``--level`` (default normal), ``--processes`` (default 2), ``--seed``,
``--sanity``, ``--modes research,treasure``, ``--os-games N`` and
``--os-seconds S`` (default 1.0) for the OpenSpiel part, ``--workers N``
(root-parallel workers of the speed part's searches and of the hard part's
``level=hard`` bot).  A progress line goes to stderr after every game.

A full run takes hours on 2 cores: split it with ``--parts``, ``--games`` and
``--modes``, and make each slice resumable with ``--resume FILE``, e.g.::

    python -m tools.bench ai --parts 2p --games hakkutsu --modes treasure --resume 2p-hk-t.json
    python -m tools.bench ai --parts 4p --games ratjack --resume 4p-rj.json
    python -m tools.bench ai --parts hard --games ratjack --resume hard-rj.json
    python -m tools.bench ai --parts openspiel --games hakkutsu --resume os-hk.json

FILE (JSON, rewritten atomically after every game) keeps the settings, each
finished game of each match and each finished speed row; running the same command
again prints what is done and plays only the missing games.  Other settings
(``-n``, ``--level``, ``--seed``, ``--workers``, the OpenSpiel settings) with the
same FILE are refused; the parts, games, modes and ``--sanity`` may differ (each
match has its own key), so one FILE can collect several slices.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from tools.bench import section

PARTS = ("speed", "2p", "4p", "hard", "openspiel")
#: The settings a ``--resume`` file must agree with.
RESUME_KEYS = ("num_games", "level", "seed", "os_games", "os_seconds", "workers")
#: Settings kept in a ``--resume`` file only when given (older files lack them).
OPTIONAL_RESUME_KEYS = ("sprt",)
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

        return [
            GameResult(**{k: tuple(v) if isinstance(v, list) else v for k, v in g.items()})
            for g in self.data["matches"].get(key, [])
        ]

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
    parser.add_argument(
        "--quick", action="store_true", help="a small run: 20 games per match, 10 on OpenSpiel"
    )
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="root-parallel workers of the speed part's searches and of the hard part's "
        "level=hard bot (default: the level's)",
    )
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated, from {', '.join(PARTS)}")
    parser.add_argument(
        "--sanity", action="store_true", help="2p part: also mcts vs random and heuristic vs random"
    )
    parser.add_argument(
        "--modes",
        default=None,
        help="comma-separated modes the 2p, 4p and hard parts play in games that have them "
        f"(default all: {', '.join(_all_modes())})",
    )
    parser.add_argument("--os-games", type=int, default=None, help="games against OpenSpiel (default: -n)")
    parser.add_argument("--os-seconds", type=float, default=1.0, help="seconds per move for both bots")
    parser.add_argument(
        "--sprt",
        metavar="elo0=E0,elo1=E1[,alpha=A,beta=B]",
        default=None,
        help="stop each two-agent match once the SPRT on its deal pairs decides",
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        default=None,
        help="keep finished games in FILE and skip them when run again",
    )
    args = parser.parse_args(extra)
    if args.num_games is None:
        args.num_games = 20 if args.quick else 200
    if args.os_games is None:
        args.os_games = 10 if args.quick else args.num_games
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    bad = [p for p in parts if p not in PARTS]
    if bad:
        parser.error(f"unknown part {bad[0]!r}; choose from {', '.join(PARTS)}")
    known = _all_modes()
    modes = known if args.modes is None else [m.strip() for m in args.modes.split(",") if m.strip()]
    bad = [m for m in modes if m not in known]
    if bad or not modes:
        parser.error(f"unknown mode {(bad[0] if bad else args.modes)!r}; choose from {', '.join(known)}")
    args.modes = modes
    if min(args.num_games, args.os_games, args.processes, 1 if args.workers is None else args.workers) < 1:
        parser.error("game counts, --processes and --workers must be at least 1")
    if not 0 < args.os_seconds <= 3600:
        parser.error("--os-seconds must be in (0, 3600]")
    args.parts = parts
    if args.sprt is not None:
        from ai.tournament.sprt import parse_sprt

        try:
            args.sprt = parse_sprt(args.sprt).to_json()
        except ValueError as exc:
            parser.error(str(exc))
    return args


def _all_modes() -> list[str]:
    """Every value of the registered games' ``mode`` options (Hakkutsu!!: research, treasure)."""
    from game.rules import GAMES

    found: list[str] = []
    for info in GAMES.values():
        option = info.options.get("mode")
        for m in (option.choices or ()) if option is not None else ():
            if m not in found:
                found.append(m)
    return found


def _variants(name: str, modes: list[str] | None) -> list[tuple[str, str, dict]]:
    """``(label, key, options)`` per match variant of game ``name``: one per selected mode.

    A game without a ``mode`` option has one variant (no options).  A game with one has a
    variant per mode in ``modes`` (None: only the default mode); the default mode keeps the
    plain key (``name``), so resume files made before the modes were measured still fit;
    another mode adds ``/mode=M``.  The mode is always passed to the game explicitly.
    """
    from game.rules import GAMES

    option = GAMES[name].options.get("mode")
    if option is None or not option.choices:
        return [(name, name, {})]
    chosen = [option.default] if modes is None else [m for m in option.choices if m in modes]
    return [
        (f"{name} ({m})", name if m == option.default else f"{name}/mode={m}", {"mode": m}) for m in chosen
    ]


def deal_pairs(result, sprt: dict | None = None) -> tuple[list[int], int, dict | None]:
    """Pentanomial counts of a two-agent match's complete deal pairs, in deal order, from the
    first agent's side; with ``sprt`` settings, counting stops at the deal where the SPRT
    decides.  Returns ``(pentanomial, deals, sprt report or None)``."""
    from ai.tournament.sprt import SprtSettings

    settings = SprtSettings(**sprt) if sprt else None
    by_index = {g.index: g for g in result.games}
    penta = [0] * 5
    deals = 0
    report = None
    while 2 * deals in by_index and 2 * deals + 1 in by_index:
        half = 0
        for g in (by_index[2 * deals], by_index[2 * deals + 1]):
            a, b = g.returns[0], g.returns[1]
            half += 2 if a > b else 0 if a < b else 1
        penta[half] += 1
        deals += 1
        if settings is not None:
            report = settings.report(penta)
            if report["verdict"] != "none":
                break
    return penta, deals, report


def _play(
    label: str,
    key: str,
    saved: SavedRun,
    game: str,
    agents: list,
    games: int,
    args,
    options: dict | None = None,
):
    """Play (or finish) one match, saving every game; a progress line goes to stderr.

    A two-agent match with ``--sprt`` stops once the SPRT decides; the result then holds the
    deals up to the decision."""
    from ai.arena import play_match

    options = options or {}
    start = time.perf_counter()

    def report(done: int, total: int, result) -> None:
        saved.add_game(key, result)
        elapsed = time.perf_counter() - start
        print(
            f"\r  {label}: game {done}/{total}, {elapsed:.0f}s",
            end="" if done < total else "\n",
            file=sys.stderr,
            flush=True,
        )

    done = _with_start_players(saved.games(key), game, len(agents), options)
    sprt = getattr(args, "sprt", None) if len(agents) == 2 else None

    def decided(result) -> bool:
        report = deal_pairs(result, sprt)[2]
        return report is not None and report["verdict"] != "none"

    result = play_match(
        game,
        agents,
        games=games,
        seed=args.seed,
        processes=args.processes,
        progress=report,
        done=done,
        stop=decided if sprt else None,
        **options,
    )
    if sprt:
        _, deals, verdict = deal_pairs(result, sprt)
        if verdict is not None and verdict["verdict"] != "none":
            result.games = [g for g in result.games if g.index < 2 * deals]
            print(
                f"  {label}: SPRT {verdict['verdict']} after {deals} deal pairs (LLR {verdict['llr']:.2f})",
                file=sys.stderr,
                flush=True,
            )
    return result


def _with_start_players(games: list, game: str, players: int, options: dict) -> list:
    """Saved games from before ``GameResult.first_player``: the start player from the deal's seed."""
    from ai.play import first_player
    from game.rules import new_game

    for g in games:
        if g.first_player is None:
            g.first_player = first_player(new_game(game, players=players, seed=g.seed, **options))
    return games


MATCH_HEADER = (
    "match",
    "win rate of the first [95% CI]",
    "start player wins [95% CI]",
    "games",
    "s/game",
    "it/s",
)
PAIR_HEADER = ("pentanomial (deal pairs)", "Elo ±95% (pairs)", "nElo ±95%", "SPRT LLR")


def _pair_cells(result, args) -> tuple:
    """The pentanomial, Elo, nElo and SPRT cells of a two-agent match row."""
    from ai.tournament.sprt import elo_summary

    sprt = getattr(args, "sprt", None)
    penta, deals, report = deal_pairs(result, sprt)
    stats = elo_summary(penta)
    if stats is None:
        return ("-", "-", "-", "-")
    verdict = (
        "-"
        if report is None
        else (f"{report['llr']:.2f} [{report['lower']:.2f}, {report['upper']:.2f}] {report['verdict']}")
    )
    return (
        " ".join(str(n) for n in penta),
        f"{stats.elo:+.0f} ± {stats.elo_ci95:.0f}",
        f"{stats.nelo:+.0f} ± {stats.nelo_ci95:.0f}",
        verdict,
    )


def _match_row(label: str, result, focus: int = 0) -> tuple:
    from ai.stats import format_rate

    ips = result.iterations_per_second(focus)
    start_wins, started = result.start_player_wins()
    start = format_rate(start_wins, started).strip() if started else "-"
    if 0 < started < result.n:
        start += f" ({started} games)"
    return (
        label,
        format_rate(result.wins(focus), result.n).strip(),
        start,
        result.n,
        f"{result.seconds_per_game():.1f}",
        f"{ips:,.0f}" if ips else "-",
    )


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
    print(
        f"ISMCTS speed, `{spec}` (mean over 8 positions from heuristic games; "
        "iterations summed over the workers):\n"
    )
    rows = []
    for name in games:
        info = GAMES[name]
        for players in sorted(
            {info.min_players, 2 if info.min_players <= 2 else info.min_players, min(4, info.max_players)}
        ):
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
                row = [
                    name,
                    players,
                    f"{its / secs:,.0f}",
                    f"{secs / len(states):.2f}",
                    f"{budget[0]} x {agent.workers}",
                    f"{budget[1]:g} s",
                ]
                saved.add_speed(key, row)
            rows.append(row)
    _table(("game", "players", "iterations/s", "s/decision", "budget x workers", "cap"), rows)


def _bench_matches(args, games, four: bool, saved: SavedRun) -> None:
    from game.rules import GAMES

    mcts = f"mcts:level={args.level}"
    rows = []
    if not four:
        pairs = (
            ((mcts, "random"), (mcts, "heuristic"), ("heuristic", "random"))
            if args.sanity
            else ((mcts, "heuristic"),)
        )
        print(
            f"\n2 players, duplicate deals (each deal in both seat orders), {args.num_games} games per match "
            f"(seed {args.seed}; start player's fair share 50%)"
            + (f"; SPRT elo0={args.sprt['elo0']:g} elo1={args.sprt['elo1']:g}" if args.sprt else "")
            + ":\n"
        )
        for name in games:
            for label_game, key_game, options in _variants(name, args.modes):
                for a, b in pairs:
                    label = f"{label_game}: `{a}` vs `{b}`"
                    r = _play(
                        label, f"2p/{key_game}/{a}/{b}", saved, name, [a, b], args.num_games, args, options
                    )
                    rows.append(_match_row(label, r) + _pair_cells(r, args))
    else:
        print(
            f"\n4 players, seats rotated, {args.num_games} games per match (seed {args.seed}; "
            "fair share 25%):\n"
        )
        for name in games:
            if GAMES[name].max_players < 4:
                continue
            for label_game, key_game, options in _variants(name, args.modes):
                label = f"{label_game}: `{mcts}` vs 3 x `heuristic`"
                r = _play(
                    label,
                    f"4p/{key_game}/{mcts}",
                    saved,
                    name,
                    [mcts, "heuristic", "heuristic", "heuristic"],
                    args.num_games,
                    args,
                    options,
                )
                rows.append(_match_row(label, r))
    _table(MATCH_HEADER if four else MATCH_HEADER + PAIR_HEADER, rows)


def _bench_hard(args, games, saved: SavedRun) -> None:
    from ai.mcts import default_workers

    hard = "mcts:level=hard" + (f",workers={args.workers}" if args.workers else "")
    normal = "mcts:level=normal"
    workers = args.workers or default_workers()
    source = "--workers" if args.workers else "ai.mcts.default_workers()"
    print(
        f"\n`level=hard` vs `level=normal`, 2 players, seats rotated, {args.num_games} games per match "
        f"(seed {args.seed}); hard searched with {workers} root-parallel worker{'s' if workers > 1 else ''} "
        f"({source}), {args.processes} game{'s' if args.processes > 1 else ''} at a time:\n"
    )
    rows = []
    for name in games:
        for label_game, key_game, options in _variants(name, args.modes):
            label = f"{label_game}: `{hard}` vs `{normal}`"
            r = _play(
                label,
                f"hard/{key_game}/{hard}/{normal}",
                saved,
                name,
                [hard, normal],
                args.num_games,
                args,
                options,
            )
            rows.append(_match_row(label, r) + _pair_cells(r, args))
    _table(MATCH_HEADER + PAIR_HEADER, rows)


def _bench_openspiel(args, games, saved: SavedRun) -> None:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("\nOpenSpiel: the open_spiel package is not installed (pip install '.[openspiel]')")
        return
    s = args.os_seconds
    ours, theirs = f"mcts:seconds={s:g}", f"openspiel-ismcts:seconds={s:g}"
    print(
        f"\nOpenSpiel comparison, 2 players, {s:g} s per move each, seats rotated, {args.os_games} games "
        "per game (Hakkutsu in its default mode)."
    )
    print("Ours: SO-ISMCTS, availability-aware UCB, policy rollouts cut at the game's horizon (end of the")
    print("hand; Hakkutsu: 30 moves) + evaluate;")
    print("theirs: open_spiel.python.algorithms.ismcts.ISMCTSBot (C++ pyspiel.ISMCTSBot cannot run")
    print("Python games), nodes keyed by information-state strings, OpenSpiel's RandomRolloutEvaluator,")
    print("resampling through our determinize; both see only their Seat.\n")
    rows = []
    for name in games:
        label = f"{name}: `{ours}` vs `{theirs}`"
        # Hacktrick keeps the key it had when it was the only game here.
        key = f"openspiel/{ours}/{theirs}" if name == "hacktrick" else f"openspiel/{name}/{ours}/{theirs}"
        r = _play(label, key, saved, name, [ours, theirs], args.os_games, args)
        other = r.iterations_per_second(1)
        rows.append(_match_row(label, r) + (f"{other:,.0f}" if other else "-",))
    _table(MATCH_HEADER + ("OpenSpiel it/s",), rows)


@section("ai")
def bench_ai(args) -> None:
    """Strength and speed of the bots (see the module docstring for the options)."""
    import ai  # noqa: F401  (registers the agents)
    from game.rules import GAMES

    opts = _parse(getattr(args, "extra", []))
    games = args.games or list(GAMES)
    settings = {k: getattr(opts, k) for k in RESUME_KEYS}
    settings.update({k: getattr(opts, k) for k in OPTIONAL_RESUME_KEYS if getattr(opts, k) is not None})
    saved = SavedRun(opts.resume, settings)
    start = time.perf_counter()
    print(f"tools.bench ai: level={opts.level}, {opts.processes} processes, seed {opts.seed}\n")
    if "speed" in opts.parts:
        _bench_speed(opts, games, saved)
    if "2p" in opts.parts:
        _bench_matches(opts, games, False, saved)
    if "4p" in opts.parts:
        _bench_matches(opts, games, True, saved)
    if "hard" in opts.parts:
        _bench_hard(opts, games, saved)
    if "openspiel" in opts.parts:
        _bench_openspiel(opts, games, saved)
    print(f"\ndone in {time.perf_counter() - start:.0f} s")

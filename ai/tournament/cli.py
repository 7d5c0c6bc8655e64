"""``tabletop-trio tournament``: argument parsing, validation and the run.

``game.cli`` adds the subcommand with :func:`add_arguments` and calls :func:`run`.
Exit codes: 0 complete, 1 games failed or the run could not go on (cluster lost,
disk full, database locked; finished games kept, continue with ``--resume``),
2 bad input (nothing was played), 130 interrupted by Ctrl-C (finished games
kept; continue with ``--resume``).
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from game.cli_args import OneLineArgumentParser, UsageError, collect_options, integer

from .runner import DEFAULT_MAX_FAILURES

if TYPE_CHECKING:
    from game.rules.core import Options

    from .executor import Executor
    from .spec import TournamentSpec
    from .store import TournamentDir

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
DEFAULT_GAMES = 100
MAX_JOBS = 256
OWN_FLAGS = {
    "game",
    "agents",
    "players",
    "games",
    "seed",
    "jobs",
    "cluster",
    "out",
    "resume",
    "db",
    "option",
    "help",
    "quiet",
    "max_failures",
    "duplicate",
    "sprt",
}

EPILOG = """\
examples:
  tabletop-trio tournament --game hacktrick --agents mcts:level=easy heuristic random --games 200
  tabletop-trio tournament --game ratjack --players 3 --agents heuristic random --decks weasel,raccoon
  tabletop-trio tournament --game ratjack --agents mcts:level=normal heuristic \
      --sprt elo0=0,elo1=30 --games 2000
  tabletop-trio tournament --resume tournaments/hacktrick-20261121-2210
  tabletop-trio tournament --game hacktrick --agents heuristic random --cluster tcp://10.0.0.5:8786

Outputs in --out: results.json, games.csv, games/*.json (GameRecords), tournament.sqlite.
Exit codes: 0 done, 1 games failed or the run could not go on, 2 bad input,
130 interrupted (continue with --resume).
"""


def _game_option_flags() -> dict[str, list[str]]:
    """Option name -> help text per game that has it, for the dedicated ``--NAME`` flags."""
    try:
        from game.rules import GAMES
        from game.rules.core import typed_value
    except Exception:  # a broken engine must not break the rest of the CLI
        return {}
    flags: dict[str, list[str]] = {}
    for info in GAMES.values():
        for name, opt in info.options.items():
            if name not in OWN_FLAGS:
                flags.setdefault(name, []).append(
                    f"{info.name}: {opt.help} (default {typed_value(opt.default)})"
                )
    return flags


def parse_game_options(game: str, pairs: dict[str, str]) -> Options:
    """:func:`spec.parse_options` for the command line: a bad value is a :class:`UsageError`."""
    from .spec import parse_options

    try:
        return parse_options(game, pairs)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the tournament options to ``parser`` (the ``tournament`` subparser)."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.description = (
        "Play many bot-vs-bot games without a window: round robin over the agent "
        "specs (every seating for 3-4 players), seeded and reproducible."
    )
    parser.epilog = EPILOG
    parser.add_argument("--game", help="the game (see `tabletop-trio games`)")
    parser.add_argument(
        "--agents",
        nargs="+",
        metavar="SPEC",
        help="agent specs, e.g. random heuristic mcts:level=easy mcts:iterations=200",
    )

    parser.add_argument(
        "--players",
        type=integer,
        metavar="N",
        help="players per game (default: number of agents, within the game's limits)",
    )
    parser.add_argument(
        "--games", type=integer, metavar="N", help=f"number of games (default {DEFAULT_GAMES})"
    )
    parser.add_argument("--seed", type=integer, metavar="N", help="base seed (default: random, printed)")
    parser.add_argument(
        "--jobs", type=integer, metavar="N", help="local worker processes (default: all cores)"
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="run the games on a Dask distributed cluster (needs the `cluster` extra)",
    )
    parser.add_argument("--out", metavar="DIR", help="output directory (default: tournaments/GAME-DATE-TIME)")
    parser.add_argument("--resume", metavar="DIR", help="continue the interrupted tournament in DIR")
    parser.add_argument(
        "--db",
        metavar="PATH",
        action="append",
        default=[],
        help="also store the games in this shared SQLite database (repeatable)",
    )
    parser.add_argument(
        "--option",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="a game option, e.g. --option target=3 (repeatable)",
    )
    parser.add_argument(
        "--max-failures",
        type=integer,
        metavar="N",
        default=DEFAULT_MAX_FAILURES,
        help="stop once more than N games have failed (default %(default)s; "
        "failed games are played again by --resume)",
    )
    parser.add_argument(
        "--duplicate",
        nargs="?",
        const="rotations",
        metavar="all",
        help="play each deal (seed) in every seating of its table: both seat orders with "
        "2 players, every rotation with 3-4 (`--duplicate all`: every permutation)",
    )
    parser.add_argument(
        "--sprt",
        metavar="elo0=E0,elo1=E1[,alpha=A,beta=B]",
        help="stop a two-agent match once the SPRT (fishtest's GSPRT on the game results, "
        "on deal pairs with --duplicate; logistic Elo of the first agent) accepts H0 or H1 "
        "(alpha, beta default 0.05)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    group = parser.add_argument_group("game options (also settable with --option KEY=VALUE)")
    for name, helps in sorted(_game_option_flags().items()):
        group.add_argument(
            f"--{name.replace('_', '-')}",
            dest=f"gameopt_{name}",
            metavar="VALUE",
            help="; ".join(helps).replace("%", "%%"),
        )


def _default_players(game: str, n_agents: int) -> int:
    from game.rules import game_info

    info = game_info(game)
    return max(info.min_players, min(info.max_players, n_agents))


def prepare(args: argparse.Namespace) -> tuple[TournamentDir, TournamentSpec, bool]:
    """Validate everything and open the tournament directory; ``(tdir, spec, resumed)``.

    Raises :class:`UsageError` / ``ValueError`` with one clear message; nothing
    is played before this returns.
    """
    from .spec import TournamentSpec, validate_spec
    from .store import Database, TournamentDir, check_writable, is_tournament_dir

    if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be from 1 to {MAX_JOBS}, not {args.jobs}")
    if args.max_failures < 0:
        raise UsageError(f"--max-failures must be 0 or more, not {args.max_failures}")
    if args.jobs is not None and args.cluster:
        raise UsageError("--jobs and --cluster cannot be combined (the cluster decides the parallelism)")
    options = collect_options(args)
    if args.resume:
        given = [
            flag
            for flag, value in (
                ("--game", args.game),
                ("--agents", args.agents),
                ("--players", args.players),
                ("--seed", args.seed),
                ("--out", args.out),
                ("--duplicate", args.duplicate),
                ("--sprt", args.sprt),
            )
            if value is not None
        ]
        if options:
            given.append("game options")
        if given:
            raise UsageError(
                f"--resume takes the settings from the tournament directory; "
                f"do not combine it with {', '.join(given)}"
            )
        tdir = TournamentDir.open(Path(args.resume))
        spec = tdir.spec
        try:
            if args.games is not None:
                if args.games < spec.games:
                    raise UsageError(
                        f"--games {args.games} with --resume: the tournament already has "
                        f"{spec.games} games planned (only more can be asked for)"
                    )
                spec.games = args.games
            validate_spec(spec)
            tdir.check_results()  # damaged records stop here, before anything is written
        except ValueError:
            tdir.close()
            raise
        resumed = True
    else:
        if not args.game:
            raise UsageError("--game is required (or --resume DIR)")
        if not args.agents:
            raise UsageError(
                "--agents is required: give at least 2 agent specs, e.g. --agents heuristic random"
            )
        from game.rules import game_info

        game_info(args.game)
        players = args.players if args.players is not None else _default_players(args.game, len(args.agents))
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
        if args.duplicate is not None and args.duplicate not in ("rotations", "all"):
            raise UsageError(f"--duplicate takes nothing or 'all', not {args.duplicate!r}")
        sprt = None
        if args.sprt is not None:
            from .sprt import parse_sprt

            sprt = parse_sprt(args.sprt).to_json()
        spec = TournamentSpec(
            game=args.game,
            agents=list(args.agents),
            players=players,
            games=args.games if args.games is not None else DEFAULT_GAMES,
            seed=seed,
            options=parse_game_options(args.game, options),
            duplicate=args.duplicate,
            sprt=sprt,
        )
        validate_spec(spec)
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        out = Path(args.out) if args.out else Path("tournaments") / f"{spec.game}-{stamp}"
        if is_tournament_dir(out):
            raise UsageError(
                f"{str(out)!r} already holds a tournament; continue it with "
                f"--resume {out} or choose another --out"
            )
        tdir = None
        resumed = False
    for path in args.db:
        Database(Path(path)).close()
    if tdir is None:
        check_writable(out)
        tdir = TournamentDir.create(out, spec)
    elif args.games is not None:
        tdir.write_settings()
    return tdir, spec, resumed


class _Silent:
    """A stream that drops what is written (``--quiet``)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def make_executor(args: argparse.Namespace) -> Executor:
    """The executor the arguments ask for (``ValueError`` if the cluster is unreachable)."""
    from .executor import DaskExecutor, LocalExecutor

    if args.cluster:
        return DaskExecutor(args.cluster)
    return LocalExecutor(args.jobs or os.cpu_count() or 1)


def run(args: argparse.Namespace) -> int:
    """Run the ``tournament`` subcommand; returns the exit code."""
    try:
        return _run(args)
    except KeyboardInterrupt:  # before or after the games (while they run, Ctrl-C is handled)
        print("tabletop-trio tournament: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _run(args: argparse.Namespace) -> int:
    from .results import format_table
    from .runner import run_tournament

    err = sys.stderr
    executor: Executor | None = None
    try:
        if args.cluster:  # connect first: an unreachable cluster must not leave a directory behind
            executor = make_executor(args)
        tdir, spec, resumed = prepare(args)
    except ValueError as exc:
        if executor is not None:
            executor.close()
        print(f"tabletop-trio tournament: error: {exc}", file=err)
        return EXIT_USAGE
    try:
        if executor is None:
            executor = make_executor(args)
        tdir.attach_databases([Path(p) for p in args.db])
        where = (
            f"Dask cluster {args.cluster} ({executor.workers} threads)"
            if args.cluster
            else f"{executor.workers} local process(es)"
        )
        print(
            f"{'resuming' if resumed else 'tournament'}: {spec.game}, {spec.players} players, "
            f"{len(spec.agents)} agents, {spec.games} games"
            + (
                f" in duplicate deals ({'every permutation' if spec.duplicate == 'all' else 'rotated'})"
                if spec.duplicate
                else ""
            )
            + (f", SPRT elo0={spec.sprt['elo0']:g} elo1={spec.sprt['elo1']:g}" if spec.sprt else "")
            + f", seed {spec.seed}, on {where} -> {tdir.path}",
            file=err,
        )
        with executor:
            outcome = run_tournament(
                tdir, executor, stream=_Silent() if args.quiet else err, max_failures=args.max_failures
            )
    except ValueError as exc:
        print(f"tabletop-trio tournament: error: {exc}", file=err)
        return EXIT_USAGE
    finally:
        if "tdir" in locals():
            tdir.close()
    print(format_table(outcome.summary))
    print(f"results: {tdir.path}/results.json, games.csv, games/, tournament.sqlite", file=err)
    if outcome.failed:
        print(
            f"{outcome.failed} game(s) failed in this run (tracebacks in {tdir.path}/results.json "
            f"and {tdir.path}/failed/)",
            file=err,
        )
    if outcome.status == "failed":
        print(f"tabletop-trio tournament: error: {outcome.error}", file=err)
        print(
            f"finished games are kept; fix the cause, then continue with: "
            f"tabletop-trio tournament --resume {tdir.path}",
            file=err,
        )
        return EXIT_FAILED
    if outcome.status == "interrupted":
        print(
            f"interrupted after {outcome.summary['games_stored']} of {spec.games} games; continue with: "
            f"tabletop-trio tournament --resume {tdir.path}",
            file=err,
        )
        return EXIT_INTERRUPTED
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point: ``python -m ai.tournament ...``."""

    parser = OneLineArgumentParser(prog="tabletop-trio tournament")
    add_arguments(parser)
    return run(parser.parse_args(argv))

"""The ``tabletop-trio`` command."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from .cli_args import OneLineArgumentParser, collect_options, integer, number  # noqa: F401  (re-exported)

USAGE_NOTE = (
    "`tabletop-trio` without a command opens the client (title screen). "
    "`tabletop-trio play hacktrick` starts a game at once; `tabletop-trio demo hacktrick` lets bots play."
)


def fail(command: str, message: str) -> NoReturn:
    """Print ``tabletop-trio COMMAND: error: MESSAGE`` as one line and exit with code 2."""
    message = " ".join(str(message).split())
    prog = f"tabletop-trio {command}" if command else "tabletop-trio"
    sys.stderr.write(f"{prog}: error: {message}\n")
    raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineArgumentParser(
        prog="tabletop-trio",
        description="Tabletop Trio: Hacktrick, Ratjack and Hakkutsu!! against MCTS bots.",
        epilog=USAGE_NOTE,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the games, player counts and rules options")
    play = sub.add_parser("play", help="open the client straight into a game")
    play.add_argument("game", help="game name (see `tabletop-trio games`)")
    play.add_argument(
        "--seats",
        help="comma-separated seats: human or an agent spec "
        "(default: human, then mcts:level=normal up to the game's minimum)",
    )
    demo = sub.add_parser("demo", help="bots play a whole game in the client")
    demo.add_argument("game", help="game name")
    demo.add_argument(
        "--seats",
        help="comma-separated agent specs "
        "(default: mcts:level=normal, as many as the game's minimum players)",
    )
    demo.add_argument("--speed", type=number, default=1.0, help="animation speed multiplier (default 1)")
    demo.add_argument("--screenshot", metavar="PNG", help="save the last frame to this PNG file (*.png)")
    for command in (play, demo):
        command.add_argument("--seed", type=integer, help="deal seed (default: random)")
        command.add_argument(
            "--option",
            metavar="KEY=VALUE",
            action="append",
            default=[],
            help="a game option, e.g. --option decks=weasel,raccoon (repeatable; see `tabletop-trio games`)",
        )
        command.add_argument("--lang", choices=("en", "ja"), help="interface language")
    tutorial = sub.add_parser("tutorial", help="a guided first game: learn a game's rules by playing them")
    tutorial.add_argument("game", help="game name (see `tabletop-trio games`)")
    tutorial.add_argument("--lang", choices=("en", "ja"), help="interface language")
    tutorial.add_argument("--restart", action="store_true", help="start the lesson again from its first step")
    tutorial.add_argument(
        "--autoplay",
        action="store_true",
        help="follow the lesson's own instructions to its end and exit (0: finished); "
        "works headless with SDL_VIDEODRIVER=dummy",
    )
    tutorial.add_argument(
        "--screenshot", metavar="PNG", help="with --autoplay: save the last frame to this PNG file"
    )
    record_help = "a game record: a finished game, a save, or a tournament's games/game-NNNNNN.json"
    replay = sub.add_parser("replay", help="replay a recorded game move by move in the client")
    replay.add_argument("path", help=record_help)
    replay.add_argument(
        "--move",
        type=integer,
        metavar="K",
        help="open at the position after K actions, 0 to the game's length (default: the end)",
    )
    replay.add_argument("--seat", help="watch from this player (1-based) or 'open' for all cards open")
    replay.add_argument("--lang", choices=("en", "ja"), help="interface language")
    replay.add_argument(
        "--screenshot",
        metavar="PNG",
        help="save one frame to this PNG file (*.png) and quit (works headless)",
    )
    review = sub.add_parser(
        "review", help="find where a recorded game was won and lost (review.json, review.png)"
    )
    review.add_argument("path", help=record_help)
    review.add_argument(
        "--out", metavar="DIR", help="output folder (default: <record name>-review next to it)"
    )
    review.add_argument(
        "--budget",
        type=integer,
        metavar="N",
        help="search iterations per decision (default per game: Hacktrick 800, Ratjack 1600, Hakkutsu!! 400)",
    )
    review.add_argument("--jobs", type=integer, metavar="N", help="worker processes (default: all cores)")
    review.add_argument(
        "--seed", type=integer, default=0, help="search seed (default 0; same seed, same numbers)"
    )
    from ai.tournament.cli import add_arguments as add_tournament_arguments

    stats = sub.add_parser("stats", help="your record: games, wins, streaks per game and opponent")
    stats.add_argument("--json", action="store_true", help="print JSON instead of a table")
    stats.add_argument("--game", help="only this game (see `tabletop-trio games`)")
    stats.add_argument("--players", type=integer, metavar="N", help="only games of N players")
    stats.add_argument(
        "--profile", metavar="NAME", help="whose record (default: the player of this computer)"
    )
    add_tournament_arguments(sub.add_parser("tournament", help="headless bot-vs-bot tournaments"))
    from game.client.asset_preview import add_arguments as add_asset_arguments

    add_asset_arguments(
        sub.add_parser(
            "assets",
            help="browse every image and sound of assets/ in a window, or as a PNG sheet; --check them",
        )
    )
    parser.commands = sub.choices  # name -> subparser, for messages about a command's arguments
    return parser


def parse_args(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """``parser.parse_args``, but arguments a command does not know are reported by that command
    ("tabletop-trio play: error: unrecognized arguments: ...", one line)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        command = getattr(parser, "commands", {}).get(args.command, parser)
        command.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def cmd_games() -> int:
    """List the games and their options, with values written as they are typed in ``--option``."""
    from game.rules import GAMES
    from game.rules.core import typed_value

    for info in GAMES.values():
        count = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        print(f"{info.name}: {info.title} ({count} players)")
        for opt in info.options.values():
            choices = (
                f"; choices: {', '.join(typed_value(c) for c in opt.choices)}"
                if opt.choices is not None
                else ""
            )
            print(f"    {opt.name} (default {typed_value(opt.default)}): {opt.help}{choices}")
    return 0


def main(argv: list[str] | None = None) -> int:
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout for the command's own output
    parser = build_parser()
    args = parse_args(parser, argv)
    if args.command == "games":
        return cmd_games()
    if args.command == "tournament":
        from ai.tournament.cli import run as run_tournament

        return run_tournament(args)
    if args.command == "review":
        return cmd_review(args)
    if args.command == "stats":
        return cmd_stats(args)
    if args.command == "assets":
        from game.client.asset_preview import run as run_assets

        return run_assets(args)
    window = {"replay": cmd_replay, "tutorial": cmd_tutorial, "play": cmd_client, "demo": cmd_client}
    if args.command in window or args.command is None:
        from game.client.main import NoDisplayError, run_client

        try:  # every command that opens a window: no screen is one line, exit 2
            return window[args.command](args) if args.command else run_client()
        except NoDisplayError as exc:
            print(f"tabletop-trio: {exc}", file=sys.stderr)
            return 2
    parser.error(f"unknown command {args.command!r}")


def cmd_stats(args) -> int:
    """``stats``: the record of the local profile (or ``--profile``) from the history database; a
    new player gets an empty record (exit 0), a bad game, player count or name one line (exit 2), a
    database that cannot be read one line (exit 1)."""
    import json

    from game.client.players import seat_name
    from game.history import Filters, HistoryError, HistoryStore, tally
    from game.history.report import json_report, text_report
    from game.rules import GAMES

    if args.game is not None and args.game not in GAMES:
        fail("stats", f"unknown game {args.game!r}; choose one of {', '.join(GAMES)}")
    if args.players is not None:
        infos = [GAMES[args.game]] if args.game else list(GAMES.values())
        if not any(i.min_players <= args.players <= i.max_players for i in infos):
            fail("stats", f"no game of {args.game or 'the collection'} is played by {args.players} players")
    store = HistoryStore()
    try:
        if args.profile is not None:
            profile = store.profile_named(args.profile)
            if profile is None:
                names = [p.name for p in store.profiles()]
                known = f"profiles: {', '.join(names)}" if names else "there are no profiles yet"
                fail("stats", f"no profile named {args.profile!r} ({known})")
        else:
            profile = store.local_profile()
        entries = store.games(profile.id) if profile is not None else []
    except HistoryError as exc:
        print(f"tabletop-trio stats: {exc}", file=sys.stderr)
        return 1
    finally:
        for notice in store.take_notices():
            print(f"tabletop-trio stats: {notice}", file=sys.stderr)
        store.close()
    filters = Filters(game=args.game, players=args.players)
    summary = tally(entries, profile.id if profile is not None else None, filters)
    if args.json:
        print(json.dumps(json_report(summary, profile, filters), ensure_ascii=False, indent=2))
    else:

        def opponents(kind: str) -> str:
            return {"human": "people", "mixed": "mixed"}.get(kind) or seat_name(kind)

        sys.stdout.write(
            text_report(summary, profile, lambda g: GAMES[g].title if g in GAMES else g, opponents)
        )
    return 0


def cmd_client(args) -> int:
    """``play`` and ``demo``: the game, seats, options, speed and screenshot path are all checked
    before a window opens; a problem exits with code 2 and one line on stderr."""
    from ai.tournament.cli import parse_game_options
    from game.client import main as client

    demo = args.command == "demo"
    seats = [s.strip() for s in args.seats.split(",")] if args.seats is not None else None
    try:
        client.check_client_game(args.game)
        options = parse_game_options(args.game, collect_options(args))
        client.new_client_session(args.game, seats, seed=args.seed, options=options, bots_only=demo)
        if demo:
            client.check_speed(args.speed)
            if args.screenshot:
                client.check_screenshot(args.screenshot)
    except ValueError as exc:
        fail(args.command, str(exc))
    if not demo:
        return client.run_play(args.game, seats, lang=args.lang, seed=args.seed, options=options)
    return client.run_demo(
        args.game,
        seed=args.seed,
        speed=args.speed,
        screenshot=args.screenshot,
        seats=seats,
        lang=args.lang,
        options=options,
    )


def cmd_tutorial(args) -> int:
    """``tutorial``: the game and the screenshot path are checked before a window opens."""
    from game.client import main as client
    from game.client.tutorial import check_tutorial_game, run_tutorial

    try:
        check_tutorial_game(args.game)
        if args.screenshot:
            if not args.autoplay:
                raise ValueError("--screenshot saves the last frame of --autoplay; add --autoplay")
            client.check_screenshot(args.screenshot)
    except ValueError as exc:
        fail("tutorial", str(exc))
    return run_tutorial(
        args.game, lang=args.lang, autoplay=args.autoplay, screenshot=args.screenshot, restart=args.restart
    )


def read_record_or_exit(command: str, path: str):
    """The record at ``path``, or exit 2 with one line saying what is wrong with it."""
    from game.rules import GameRecord

    try:
        return GameRecord.read(path)
    except ValueError as exc:
        fail(command, str(exc))


#: Why an unfinished game a person plays is shown from a human seat only (the record holds the seed).
PRIVATE_IN_PROGRESS = "this game is not finished, and its record could show hidden cards to whoever opens it"


def cmd_review(args) -> int:
    """``review``: analyse every decision headless (in parallel), write review.json and review.png."""
    import os
    from pathlib import Path

    from ai.review import default_budget, review_record
    from ai.tournament.progress import Progress

    record = read_record_or_exit("review", args.path)
    if record.private_in_progress():
        fail("review", f"{PRIVATE_IN_PROGRESS}: it can be reviewed once it is finished")
    for name, value, low in (("--budget", args.budget, 1), ("--jobs", args.jobs, 1)):
        if value is not None and value < low:
            fail("review", f"{name} must be at least {low}, not {value}")
    from game.client.replay.store import review_dir_for

    out = Path(args.out) if args.out else review_dir_for(Path(args.path))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail("review", f"cannot create {out}: {exc.strerror or exc}")
    jobs = args.jobs or os.cpu_count() or 1
    progress: list = []

    def on_progress(done: int, total: int) -> None:
        if not progress:
            progress.append(Progress(total, unit="decisions"))
        elif done:
            progress[0].update(done - progress[0].done)

    review = review_record(
        record,
        budget=args.budget or default_budget(record.game),
        seed=args.seed,
        jobs=jobs,
        on_progress=on_progress,
    )
    if progress:
        progress[0].finish()
    review.save(out / "review.json")
    write_review_png(record, review, out / "review.png")
    print(
        f"{record.game}: {len(review.decisions)} decisions reviewed in {review.seconds:.1f} s "
        f"({review.budget} iterations each, {jobs} jobs)"
    )
    for line in review_summary_lines(review, record_seat_names(record)):
        print(line)
    print(f"wrote {out / 'review.json'} and {out / 'review.png'}")
    return 0


def review_summary_lines(review, names: list[str]) -> list[str]:
    """Each player's accuracy and grade counts, then each hand's/round's critical moment."""
    from ai.review import GRADES

    lines = []
    for p, name in enumerate(names):
        acc = review.accuracy[p]
        counts = ", ".join(f"{review.grades[p][g]} {g}" for g in GRADES[2:])
        lines.append(f"  {name}: accuracy {'-' if acc is None else f'{acc:.0f}'}; {counts}")
    unit = "hand/round" if review.hands else "game"
    for c in review.critical:
        d = review.at(c.index)
        played = d.action_text if d is not None else "?"
        lines.append(
            f"  {unit} {c.section + 1} was lost at action {c.index}: {names[c.player]} played {played}, "
            f"{c.best_text} kept {c.drop:.0%} more chance to win it"
        )
    return lines


def record_seat_names(record) -> list[str]:
    """The players of a record as the client names them ("You", "Normal bot", "Random bot #2"), or
    "Player N" where the record does not say who sat where: names, never agent specs."""
    from game.client.history import seat_people
    from game.client.i18n import t
    from game.client.players import seat_names

    seats = record.seat_specs()
    people = seat_people(record.meta, record.players)
    return seat_names(seats, people) if seats else [t("seat.player", n=p + 1) for p in range(record.players)]


def write_review_png(record, review, path) -> None:
    """The review's graph as a PNG, drawn with pygame surfaces (no window needed)."""
    from game.client.replay.graph import render_review_png
    from game.client.replay.session import section_field, section_starts
    from game.rules import GAMES

    state = record.new_state()
    sections = section_starts([state.apply(a) for a in record.actions])
    names = record_seat_names(record)
    title = (
        f"{GAMES[record.game].title}, {record.players} players: win chance of each player at their decisions"
    )
    unit = section_field(record.new_state().view(0))[1] or "section"
    render_review_png(review, path, names, title, sections=sections, unit=unit)


def cmd_replay(args) -> int:
    """``replay``: the record is checked (and its game's table) before a window opens."""
    record = read_record_or_exit("replay", args.path)
    from game.client import main as client

    try:
        client.check_client_game(record.game)
        seat = client.check_replay_seat(args.seat, record.players)
        if record.private_in_progress():
            humans = record.human_seats()
            if seat is None and len(humans) == 1:
                seat = humans[0]  # the one player's own view
            if seat not in humans:
                choices = " or ".join(str(p + 1) for p in humans)
                raise ValueError(
                    f"{PRIVATE_IN_PROGRESS}: watch it from your own seat only, with --seat {choices}"
                )
        client.check_replay_move(args.move, len(record.actions))
        if args.screenshot:
            client.check_screenshot(args.screenshot)
    except ValueError as exc:
        fail("replay", str(exc))
    return client.run_replay(
        record, args.path, move=args.move, seat=seat, lang=args.lang, screenshot=args.screenshot
    )


if __name__ == "__main__":
    sys.exit(main())

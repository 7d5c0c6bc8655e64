"""The ``tabletop-trio`` command."""

from __future__ import annotations

import argparse
import sys

USAGE_NOTE = (
    "`tabletop-trio` without a command opens the client (title screen). "
    "`tabletop-trio play hacktrick` starts a game at once; `tabletop-trio demo hacktrick` lets bots play."
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop-trio",
        description="Tabletop Trio: Hacktrick, Ratjack and Hakkutsu!! against MCTS bots.",
        epilog=USAGE_NOTE,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the games, player counts and rules options")
    play = sub.add_parser("play", help="open the client straight into a game")
    play.add_argument("game", help="game name (see `tabletop-trio games`)")
    play.add_argument("--seats", help="comma-separated seats: human or an agent spec "
                                      "(default: human, then mcts:level=normal up to the game's minimum)")
    demo = sub.add_parser("demo", help="bots play a whole game in the client")
    demo.add_argument("game", help="game name")
    demo.add_argument("--seats", help="comma-separated agent specs "
                                      "(default: mcts:level=normal, as many as the game's minimum players)")
    demo.add_argument("--speed", type=float, default=1.0, help="animation speed multiplier (default 1)")
    demo.add_argument("--screenshot", help="save the last frame to this PNG")
    for command in (play, demo):
        command.add_argument("--seed", type=int, help="deal seed (default: random)")
        command.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                             help="a game option, e.g. --option decks=weasel,raccoon (repeatable; "
                                  "see `tabletop-trio games`)")
        command.add_argument("--lang", choices=("en", "ja"), help="interface language")
    from ai.tournament.cli import add_arguments as add_tournament_arguments

    add_tournament_arguments(sub.add_parser("tournament", help="headless bot-vs-bot tournaments"))
    return parser


def cmd_games() -> int:
    from game.rules import GAMES

    for info in GAMES.values():
        count = (str(info.min_players) if info.min_players == info.max_players
                 else f"{info.min_players}-{info.max_players}")
        print(f"{info.name}: {info.title} ({count} players)")
        for opt in info.options.values():
            d = opt.describe()
            choices = f" choices: {d['choices']}" if "choices" in d else ""
            print(f"    {opt.name} (default {d['default']!r}): {opt.help}{choices}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "games":
        return cmd_games()
    if args.command == "tournament":
        from ai.tournament.cli import run as run_tournament

        return run_tournament(args)
    if args.command in ("play", "demo", None):
        from game.client.main import NoDisplayError, run_client

        try:
            return cmd_client(parser, args) if args.command else run_client()
        except NoDisplayError as exc:
            print(f"tabletop-trio: {exc}", file=sys.stderr)
            return 2
    parser.error(f"unknown command {args.command!r}")


def cmd_client(parser: argparse.ArgumentParser, args) -> int:
    """``play`` and ``demo``: the game, seats, options, speed and screenshot path are all checked
    before a window opens; a problem exits with code 2 and one line on stderr."""
    from ai.tournament.cli import _collect_options
    from ai.tournament.spec import parse_options
    from game.client import main as client

    demo = args.command == "demo"
    seats = [s.strip() for s in args.seats.split(",")] if args.seats is not None else None
    try:
        client.check_client_game(args.game)
        options = parse_options(args.game, _collect_options(args))
        client.new_client_session(args.game, seats, seed=args.seed, options=options, bots_only=demo)
        if demo:
            client.check_speed(args.speed)
            if args.screenshot:
                client.check_screenshot(args.screenshot)
    except ValueError as exc:
        parser.exit(2, f"tabletop-trio {args.command}: error: {exc}\n")
    if not demo:
        return client.run_play(args.game, seats, lang=args.lang, seed=args.seed, options=options)
    return client.run_demo(args.game, seed=args.seed, speed=args.speed, screenshot=args.screenshot, seats=seats,
                           lang=args.lang, options=options)


if __name__ == "__main__":
    sys.exit(main())

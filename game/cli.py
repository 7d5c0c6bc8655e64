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
    play.add_argument("--seats", default="human,mcts:level=normal",
                      help="comma-separated seats: human or an agent spec (default: human,mcts:level=normal)")
    play.add_argument("--lang", choices=("en", "ja"), help="interface language")
    play.add_argument("--seed", type=int, help="deal seed (default: random)")
    play.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                      help="a rules option, e.g. --option mode=treasure (repeatable; see `tabletop-trio games`)")
    demo = sub.add_parser("demo", help="bots play a whole game in the client")
    demo.add_argument("game", help="game name")
    demo.add_argument("--seed", type=int, help="deal seed (default: random)")
    demo.add_argument("--speed", type=float, default=1.0, help="animation speed multiplier (default 1)")
    demo.add_argument("--screenshot", help="save the last frame to this PNG")
    demo.add_argument("--seats", help="comma-separated agent specs (default: the normal bot twice)")
    demo.add_argument("--lang", choices=("en", "ja"), help="interface language")
    demo.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                      help="a rules option, e.g. --option rounds=6 (repeatable)")
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
    """``play`` and ``demo``: bad games or seats are reported before a window opens."""
    from ai import AGENTS, parse_spec
    from game.client.scenes import SCENES

    if args.game not in SCENES:
        parser.error(f"the client has no table for {args.game!r} yet; playable: {', '.join(SCENES)}")
    seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
    for spec in seats or []:
        if spec != "human":
            try:
                name, _ = parse_spec(spec)
            except ValueError as exc:
                parser.error(str(exc))
            if name not in AGENTS:
                parser.error(f"unknown agent {name!r}; known: human, {', '.join(sorted(AGENTS))}")
    options = game_options(parser, args.game, args.option)
    if args.command == "play":
        from game.client.main import run_play

        return run_play(args.game, seats, lang=args.lang, seed=args.seed, options=options)
    from game.client.main import run_demo

    return run_demo(args.game, seed=args.seed, speed=args.speed, screenshot=args.screenshot, seats=seats,
                    lang=args.lang, options=options)


def game_options(parser: argparse.ArgumentParser, game: str, items: list[str]) -> dict:
    """``--option KEY=VALUE`` items, checked against the game's options (a usage error names the bad one)."""
    from ai.tournament.spec import parse_options

    pairs = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            parser.error(f"--option {item!r}: expected KEY=VALUE")
        pairs[key.strip()] = value
    try:
        return parse_options(game, pairs)
    except ValueError as exc:
        parser.error(str(exc))


if __name__ == "__main__":
    sys.exit(main())

"""The ``tabletop-trio`` command."""

from __future__ import annotations

import argparse
import sys

USAGE_NOTE = (
    "The animated client is not built yet: `tabletop-trio` without a command will open it "
    "once it lands. The rules engines are complete for the games listed by "
    "`tabletop-trio games`."
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop-trio",
        description="Tabletop Trio: Hacktrick, Ratjack and Hakkutsu!! against MCTS bots.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the games, player counts and rules options")
    from ai.tournament.cli import add_arguments as add_tournament_arguments

    add_tournament_arguments(sub.add_parser("tournament", help="headless bot-vs-bot tournaments"))
    return parser


def cmd_games() -> int:
    from game.rules import GAMES

    for info in GAMES.values():
        print(f"{info.name}: {info.title} ({info.min_players}-{info.max_players} players)")
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
    parser.print_help()
    print()
    print(USAGE_NOTE)
    return 0


if __name__ == "__main__":
    sys.exit(main())

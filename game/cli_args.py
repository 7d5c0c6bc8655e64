"""Command-line pieces shared by ``tabletop-trio`` (:mod:`game.cli`) and its ``tournament`` command
(:mod:`ai.tournament.cli`): a parser whose errors are one line, typed arguments, and the game options
given as ``--option KEY=VALUE`` or as a game's own flags.  Both import this module; neither imports
the other's private names."""

from __future__ import annotations

import argparse
from typing import NoReturn


class UsageError(ValueError):
    """Bad command-line input."""


class OneLineArgumentParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one line on stderr, exit code 2:
    ``PROG: error: MESSAGE (see PROG --help)``, where plain argparse prints the whole usage first.

    Subparsers made with ``add_subparsers().add_parser`` are of the same class.
    """

    def error(self, message: str) -> NoReturn:
        message = " ".join(str(message).split())
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def integer(text: str) -> int:
    """An ``int`` argument (argparse names the type in its message: "invalid integer value")."""
    return int(text)


def number(text: str) -> float:
    """A ``float`` argument (argparse names the type in its message: "invalid number value")."""
    return float(text)


def collect_options(args: argparse.Namespace) -> dict[str, str]:
    """The game options of a command line: every ``--option KEY=VALUE`` and every game-option flag
    (``dest`` ``gameopt_<name>``); :class:`UsageError` for a malformed one or one given twice."""
    options: dict[str, str] = {}
    for item in args.option:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--option {item!r}: expected KEY=VALUE")
        options[key.strip()] = value
    for dest, value in vars(args).items():
        if dest.startswith("gameopt_") and value is not None:
            name = dest[len("gameopt_") :]
            if name in options and options[name] != value:
                raise UsageError(f"option {name} given twice with different values")
            options[name] = value
    return options

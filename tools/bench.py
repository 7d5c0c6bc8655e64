"""Benchmarks that print numbers (speed lives here, not in tests).

    python -m tools.bench engines [--seconds S] [--games NAME ...]

``engines``: per registered game and player count, random-playout throughput
(actions/s and full games/s, ``legal_actions`` + ``apply`` on one core) and
``clone()`` time against ``copy.deepcopy`` on the same states.
Other sections (``ai``, ``client``) are added by their packages.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time

SECTIONS: dict = {}


def section(name: str):
    def deco(fn):
        SECTIONS[name] = fn
        return fn

    return deco


def _playout_rate(game: str, players: int, seconds: float) -> tuple[float, float, int]:
    from game.rules import new_game

    rng = random.Random(1)
    choice = rng.choice
    actions = games = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = new_game(game, players=players, seed=seed)
        seed += 1
        while not state.is_terminal:
            state.apply(choice(state.legal_actions()))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, games / elapsed, games


def _sample_states(game: str, players: int, count: int) -> list:
    from game.rules import new_game

    rng = random.Random(2)
    states = []
    seed = 100
    while len(states) < count:
        state = new_game(game, players=players, seed=seed)
        seed += 1
        steps = rng.randrange(1, 60)
        for _ in range(steps):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal:
            states.append(state)
    return states


def _time_per_call(fn, items, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for item in items:
            fn(item)
    return (time.perf_counter() - start) / (repeat * len(items))


@section("engines")
def bench_engines(args) -> None:
    from game.rules import GAMES

    names = args.games or list(GAMES)
    print(
        f"{'game':<10} {'players':>7} {'actions/s':>11} {'games/s':>9} "
        f"{'clone us':>9} {'deepcopy us':>12} {'speed-up':>9}"
    )
    for name in names:
        info = GAMES[name]
        for players in range(info.min_players, info.max_players + 1):
            aps, gps, _ = _playout_rate(name, players, args.seconds)
            states = _sample_states(name, players, 50)
            t_clone = _time_per_call(lambda s: s.clone(), states, 40)
            t_deep = _time_per_call(copy.deepcopy, states, 4)
            print(
                f"{name:<10} {players:>7} {aps:>11,.0f} {gps:>9,.1f} "
                f"{t_clone * 1e6:>9.2f} {t_deep * 1e6:>12.1f} {t_deep / t_clone:>8.1f}x",
                flush=True,
            )


def main(argv: list[str] | None = None) -> int:
    _load_sections()
    parser = argparse.ArgumentParser(
        prog="python -m tools.bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("section", choices=sorted(SECTIONS), help="what to measure")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--games", nargs="*", help="only these games")
    args, extra = parser.parse_known_args(argv)
    args.extra = extra
    if args.games:
        from game.rules import GAMES

        bad = [g for g in args.games if g not in GAMES]
        if bad:
            parser.error(f"unknown game {bad[0]!r}; known games: {', '.join(GAMES)}")
    SECTIONS[args.section](args)
    return 0


def _load_sections() -> None:
    """Import optional benchmark sections that other packages contribute."""
    import importlib

    for module in ("tools.bench_ai", "tools.bench_client"):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


if __name__ == "__main__":
    # `python -m tools.bench`: let section modules' `from tools.bench import section` register here.
    sys.modules.setdefault("tools.bench", sys.modules[__name__])
    sys.exit(main())

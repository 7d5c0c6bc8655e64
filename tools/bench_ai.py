"""``python -m tools.bench ai``: strength and speed of the bots (section of tools.bench).

    python -m tools.bench ai                      # the full run: 200 games per match (hours)
    python -m tools.bench ai --quick              # 20 games per match, 10 on OpenSpiel
    python -m tools.bench ai -n 40 --parts speed,2p
    python -m tools.bench ai --games hacktrick    # only these games (tools.bench's option)

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
``--os-games N`` and ``--os-seconds S`` (default 1.0) for the OpenSpiel part.
A progress line goes to stderr after every game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from tools.bench import section

PARTS = ("speed", "2p", "4p", "openspiel")


def _parse(extra: list[str]):
    parser = argparse.ArgumentParser(prog="python -m tools.bench ai")
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
    args = parser.parse_args(extra)
    if args.num_games is None:
        args.num_games = 20 if args.quick else 200
    if args.os_games is None:
        args.os_games = 10 if args.quick else args.num_games
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    bad = [p for p in parts if p not in PARTS]
    if bad:
        parser.error(f"unknown part {bad[0]!r}; choose from {', '.join(PARTS)}")
    if args.num_games < 1 or args.os_games < 1 or args.processes < 1 or (args.workers or 1) < 1:
        parser.error("game counts, --processes and --workers must be at least 1")
    args.parts = parts
    return args


def _progress(label: str):
    start = time.perf_counter()

    def report(done: int, total: int, result) -> None:
        elapsed = time.perf_counter() - start
        print(f"\r  {label}: game {done}/{total}, {elapsed:.0f}s", end="" if done < total else "\n",
              file=sys.stderr, flush=True)

    return report


def _match_line(label: str, result, focus: int = 0) -> str:
    from ai.stats import format_rate

    ips = result.iterations_per_second(focus)
    speed = f", {ips:,.0f} it/s" if ips else ""
    return (f"  {label:<44} {format_rate(result.wins(focus), result.n)}  "
            f"({result.n} games, {result.seconds_per_game():.1f} s/game{speed})")


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


def _bench_speed(args, games) -> None:
    import ai
    from ai.mcts import MCTSAgent
    from game.rules import GAMES, Seat

    spec = f"mcts:level={args.level}" + (f",workers={args.workers}" if args.workers else "")
    print(f"ISMCTS speed, {spec} (mean over positions from heuristic games):")
    for name in games:
        info = GAMES[name]
        for players in sorted({info.min_players, 2 if info.min_players <= 2 else info.min_players,
                               min(4, info.max_players)}):
            states = _positions(name, players, 8, args.seed)
            its = secs = 0.0
            for i, state in enumerate(states):
                agent = ai.make_agent(spec, seed=i)
                assert isinstance(agent, MCTSAgent)
                agent.search(Seat(state, state.current_player))
                its += agent.last_iterations
                secs += agent.last_seconds
            budget = agent.budget_for(name, players)
            print(f"  {name:<10} {players}p  {its / secs:>8,.0f} it/s   {secs / len(states):5.2f} s/decision"
                  f"   (budget {budget[0]} iterations x {agent.workers} workers, cap {budget[1]} s)", flush=True)


def _bench_matches(args, games, four: bool) -> None:
    from ai.arena import play_match
    from game.rules import GAMES

    mcts = f"mcts:level={args.level}"
    if not four:
        print(f"2 players, seats rotated, {args.num_games} games per match (win rate of the first agent):")
        for name in games:
            for a, b in ((mcts, "random"), (mcts, "heuristic"), ("heuristic", "random")):
                label = f"{name}: {a} vs {b}"
                r = play_match(name, [a, b], games=args.num_games, seed=args.seed,
                               processes=args.processes, progress=_progress(label))
                print(_match_line(label, r), flush=True)
        return
    print(f"4 players, seats rotated, {args.num_games} games per match (fair share 25%):")
    for name in games:
        if GAMES[name].max_players < 4:
            continue
        label = f"{name}: {mcts} vs 3 x heuristic"
        r = play_match(name, [mcts, "heuristic", "heuristic", "heuristic"], games=args.num_games,
                       seed=args.seed, processes=args.processes, progress=_progress(label))
        print(_match_line(label, r), flush=True)


def _bench_openspiel(args) -> None:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel: the open_spiel package is not installed (pip install '.[openspiel]')")
        return
    from ai.arena import play_match

    s = args.os_seconds
    ours, theirs = f"mcts:seconds={s:g}", f"openspiel-ismcts:seconds={s:g}"
    print(f"OpenSpiel comparison, Hacktrick, {s:g} s per move each, seats rotated, {args.os_games} games:")
    print("  ours: SO-ISMCTS, availability-aware UCB, policy rollouts to the end of the hand + evaluate;")
    print("  theirs: open_spiel.python.algorithms.ismcts.ISMCTSBot (C++ pyspiel.ISMCTSBot cannot run")
    print("  Python games), nodes keyed by information-state strings, OpenSpiel's RandomRolloutEvaluator,")
    print("  resampling through our determinize; both see only their Seat.")
    label = f"hacktrick: {ours} vs {theirs}"
    r = play_match("hacktrick", [ours, theirs], games=args.os_games, seed=args.seed,
                   processes=args.processes, progress=_progress(label))
    print(_match_line(label, r), flush=True)
    mine, other = r.iterations_per_second(0), r.iterations_per_second(1)
    if mine and other:
        print(f"  iterations/s: ours {mine:,.0f}, OpenSpiel {other:,.0f} ({mine / other:.1f}x)")


@section("ai")
def bench_ai(args) -> None:
    """Strength and speed of the bots (see the module docstring for the options)."""
    import ai  # noqa: F401  (registers the agents)
    from game.rules import GAMES

    opts = _parse(getattr(args, "extra", []))
    games = args.games or list(GAMES)
    start = time.perf_counter()
    print(f"tools.bench ai: level={opts.level}, {opts.processes} processes, seed {opts.seed}")
    if "speed" in opts.parts:
        _bench_speed(opts, games)
    if "2p" in opts.parts:
        _bench_matches(opts, games, four=False)
    if "4p" in opts.parts:
        _bench_matches(opts, games, four=True)
    if "openspiel" in opts.parts and "hacktrick" in games:
        _bench_openspiel(opts)
    print(f"done in {time.perf_counter() - start:.0f} s")

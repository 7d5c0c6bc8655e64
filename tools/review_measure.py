"""Measurements behind the game review's claims (issue 33; the numbers are in the README).

    python -m tools.review_measure accuracy [--games N] [--budget B] [--out JSON]
    python -m tools.review_measure positions GAME [--count N] [--out JSON]
    python -m tools.review_measure blunders [--budget B]
    python -m tools.review_measure speed [--jobs N]

``accuracy``: per game, N 2-player games between the random bot, the heuristic and the normal
bot (the three pairings in turn, seats swapped every other round), each reviewed; the mean
accuracy of each bot with a 95% interval, and the quantiles of the normal bot's losses (of the
game's and of the hand's chance) that the grades' thresholds were calibrated on.
``positions``: searches seeded games for positions where one move wins the hand/round at once and
another loses it at once (the opponent then wins it with their next move, whatever the cards the
player cannot see: checked on sampled worlds) and saves them (``tests/review_positions/``).
``blunders``: reviews the losing move of every saved position and counts the blunders.
``speed``: a whole 2-player game's review per game at its default budget with ``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from ai import play_game
from ai.review import GRADES, default_budget, judge_decision, review_record
from ai.review.search import has_hands
from game.rules import GameRecord, GameState, action_from_json, action_to_json
from game.rules.rng import Rng

GAMES = ("hacktrick", "ratjack", "hakkutsu")
BOTS = {"random": "random", "heuristic": "heuristic", "normal": "mcts:level=normal"}
PAIRINGS = (("random", "heuristic"), ("heuristic", "normal"), ("random", "normal"))
POSITIONS_DIR = Path("tests/review_positions")
#: Sampled worlds on which a position's winning and losing moves must do what they say.
CHECK_WORLDS = 24


def interval(xs: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
    return mean, half


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


# ---------------------------------------------------------------------------- accuracy
def measure_accuracy(games: int, budget: int | None, only: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in only:
        acc: dict[str, list[float]] = {b: [] for b in BOTS}
        losses: dict[str, dict[str, list[float]]] = {b: {"game": [], "hand": []} for b in BOTS}
        grades: dict[str, dict[str, int]] = {b: dict.fromkeys(GRADES, 0) for b in BOTS}
        seconds = []
        for k in range(games):
            pair = PAIRINGS[k % len(PAIRINGS)]
            if (k // len(PAIRINGS)) % 2:
                pair = (pair[1], pair[0])
            record = play_game(game, [BOTS[b] for b in pair], seed=5000 + k)
            review = review_record(record, budget=budget, seed=k)
            seconds.append(review.seconds)
            for p, bot in enumerate(pair):
                if review.accuracy[p] is not None:
                    acc[bot].append(review.accuracy[p])
                for d in review.decisions:
                    if d.player == p:
                        losses[bot]["game"].append(d.drop)
                        losses[bot]["hand"].append(d.hand_drop)
                        grades[bot][d.grade] += 1
            print(
                f"{game} {k + 1}/{games} {pair}: accuracy {review.accuracy} ({review.seconds:.0f} s)",
                flush=True,
            )
        summary = {}
        for bot in BOTS:
            mean, half = interval(acc[bot])
            summary[bot] = {
                "games": len(acc[bot]),
                "accuracy": round(mean, 1),
                "ci95": round(half, 1),
                "grades": grades[bot],
                "loss_quantiles": {
                    kind: {str(q): round(quantile(xs, q), 3) for q in (0.9, 0.95, 0.98, 0.99)}
                    for kind, xs in losses[bot].items()
                },
            }
            print(
                f"  {game} {bot}: accuracy {mean:.1f} ± {half:.1f} over {len(acc[bot])} games; {grades[bot]}"
            )
        out[game] = {"bots": summary, "review_seconds_mean": round(statistics.fmean(seconds), 1)}
    return out


# ---------------------------------------------------------------------------- positions
def _ends_hand(state: GameState, action: Hashable) -> tuple[GameState, list[int]]:
    """``state`` after ``action`` (a copy) and who scored by it (empty: the hand goes on)."""
    after = state.clone()
    before = after.scores
    after.apply(action)
    return after, [p for p in range(after.num_players) if after.scores[p] > before[p]]


def _wins_at_once(state: GameState, player: int, depth: int = 2) -> bool:
    """``player`` (to move) can end the hand scoring alone within ``depth`` of their own actions."""
    for a in state.legal_actions():
        after, scored = _ends_hand(state, a)
        if scored == [player]:
            return True
        if not scored and depth > 1 and after.current_player == player and not after.is_terminal:
            if _wins_at_once(after, player, depth - 1):
                return True
    return False


def _loses_at_once(state: GameState, action: Hashable, player: int) -> bool:
    after, scored = _ends_hand(state, action)
    if scored:
        return player not in scored
    q = after.current_player
    return not after.is_terminal and q != player and _wins_at_once(after, q)


def _always(state: GameState, player: int, test: Any, seed: int) -> bool:
    """``test(world)`` on the true state and on :data:`CHECK_WORLDS` worlds the player cannot tell apart."""
    if not test(state):
        return False
    return all(test(state.determinize(player, Rng(seed * 1000 + i))) for i in range(CHECK_WORLDS))


def find_positions(game: str, count: int) -> list[dict[str, Any]]:
    """Positions of 2-player seeded games (heuristic against random) where one move wins the hand at
    once and another loses it at once (:func:`_loses_at_once`), in every sampled world."""
    found: list[dict[str, Any]] = []
    seed = 0
    while len(found) < count and seed < 400:
        record = play_game(game, ["heuristic", "random"][:: 1 if seed % 2 else -1], seed=seed)
        state = record.new_state()
        for i, played in enumerate(record.actions):
            legal = state.legal_actions()
            p = state.current_player
            if len(legal) > 1:
                win = next(
                    (
                        a
                        for a in legal
                        if _always(state, p, lambda w, a=a, p=p: _ends_hand(w, a)[1] == [p], i)
                    ),
                    None,
                )
                lose = (
                    next(
                        (
                            a
                            for a in legal
                            if _always(state, p, lambda w, a=a, p=p: _loses_at_once(w, a, p), i)
                        ),
                        None,
                    )
                    if win is not None
                    else None
                )
                if win is not None and lose is not None:
                    prefix = record.to_json()
                    prefix["actions"] = prefix["actions"][:i]
                    prefix.pop("returns", None)
                    found.append({"record": prefix, "win": action_to_json(win), "lose": action_to_json(lose)})
                    print(f"{game}: seed {seed} action {i}: win {win}, lose {lose}", flush=True)
                    break  # one position per game
            state.apply(played)
        seed += 1
    return found


def position_state(entry: dict[str, Any]) -> GameState:
    """The position of a saved entry (its record's actions replayed)."""
    return GameRecord.from_json(entry["record"]).replay()


def check_blunders(budget: int | None, only: list[str]) -> dict[str, Any]:
    out = {}
    for game in only:
        path = POSITIONS_DIR / f"{game}.json"
        if not path.exists():
            continue
        entries = json.loads(path.read_text())
        grades = []
        start = time.perf_counter()
        for n, entry in enumerate(entries):
            state = position_state(entry)
            lose = action_from_json(game, entry["lose"])
            d = judge_decision(state, lose, budget or default_budget(game), seed=n)
            grades.append(d.grade)
        blunders = grades.count("blunder")
        print(f"{game}: the losing move graded a blunder in {blunders} of {len(grades)}: {grades}")
        out[game] = {
            "positions": len(grades),
            "blunders": blunders,
            "grades": grades,
            "seconds": round(time.perf_counter() - start, 1),
        }
    return out


def measure_speed(jobs: int, only: list[str]) -> dict[str, Any]:
    out = {}
    for game in only:
        record = play_game(game, ["heuristic", "heuristic"], seed=7)
        load = os.getloadavg()[0]
        review = review_record(record, jobs=jobs, seed=0)
        print(
            f"{game} 2p: {len(review.decisions)} decisions, budget {review.budget}, {review.seconds:.1f} s "
            f"with --jobs {jobs} (load {load:.1f} before)",
            flush=True,
        )
        out[game] = {
            "decisions": len(review.decisions),
            "budget": review.budget,
            "seconds": review.seconds,
            "load": round(load, 1),
            "jobs": jobs,
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.review_measure", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    a = sub.add_parser("accuracy")
    a.add_argument("--games", type=int, default=30)
    a.add_argument("--budget", type=int)
    a.add_argument("--game", action="append", choices=GAMES)
    a.add_argument("--out")
    p = sub.add_parser("positions")
    p.add_argument("game", choices=[g for g in GAMES if has_hands(g)])
    p.add_argument("--count", type=int, default=20)
    b = sub.add_parser("blunders")
    b.add_argument("--budget", type=int)
    b.add_argument("--game", action="append", choices=GAMES)
    s = sub.add_parser("speed")
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--game", action="append", choices=GAMES)
    args = parser.parse_args(argv)
    only = getattr(args, "game", None) or list(GAMES)
    if args.command == "accuracy":
        result = measure_accuracy(args.games, args.budget, only)
        if args.out:
            Path(args.out).write_text(json.dumps(result, indent=1))
    elif args.command == "positions":
        found = find_positions(args.game, args.count)
        POSITIONS_DIR.mkdir(parents=True, exist_ok=True)
        (POSITIONS_DIR / f"{args.game}.json").write_text(json.dumps(found, indent=1))
        print(f"saved {len(found)} positions to {POSITIONS_DIR / (args.game + '.json')}")
    elif args.command == "blunders":
        check_blunders(args.budget, only)
    else:
        measure_speed(args.jobs, only)
    return 0


if __name__ == "__main__":
    sys.exit(main())

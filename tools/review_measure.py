"""Measurements behind the game review's claims (issue 33; the numbers are in the README).

    python -m tools.review_measure accuracy [--games N] [--budget B] [--game G] [--out JSON]
    python -m tools.review_measure positions GAME [--count N] [--games G] [--option KEY=VALUE]
    python -m tools.review_measure blunders [--budget B]
    python -m tools.review_measure speed [--jobs N]

``accuracy``: per game, N 2-player games between the random bot, the heuristic and the normal
bot (the three pairings in turn, seats swapped every other round), each reviewed; the mean
accuracy of each bot with a 95% interval, and the quantiles of the normal bot's losses (of the
game's and of the hand's chance) that the grades' thresholds were calibrated on.  ``--out`` keeps
every game's results as it finishes; run again with a larger N and the same ``--out`` to extend
the sample (the games already there are not played again).
``positions``: searches seeded games for positions where one move wins the hand/round at once and
another loses it at once (the opponent then wins it with their next move, whatever the cards the
player cannot see: checked on sampled worlds) and saves them (``tests/review_positions/``); in a
game without hands (Hakkutsu!!) the same for the whole game at its end (:func:`find_positions`),
also counting the positions decisive only in the true state, which the player could not know.
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
from ai.review import GRADES, decision_indices, default_budget, judge_decision, review_record
from ai.review.search import has_hands
from ai.tournament.spec import parse_options
from game.rules import GameRecord, GameState, action_from_json, action_to_json, write_atomic
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
def pairing(k: int) -> tuple[str, str]:
    """The bots of accuracy game ``k``: the three pairings in turn, seats swapped every other round."""
    pair = PAIRINGS[k % len(PAIRINGS)]
    return (pair[1], pair[0]) if (k // len(PAIRINGS)) % 2 else pair


def accuracy_game(game: str, k: int, budget: int | None) -> dict[str, Any]:
    """Accuracy game ``k`` of ``game`` (seed ``5000 + k``, review seed ``k``), played and reviewed:
    each seat's bot and accuracy and every decision's ``[player, drop, hand_drop, grade]``."""
    pair = pairing(k)
    load = os.getloadavg()[0]
    record = play_game(game, [BOTS[b] for b in pair], seed=5000 + k)
    review = review_record(record, budget=budget, seed=k)
    return {
        "game": game,
        "k": k,
        "bots": list(pair),
        "accuracy": review.accuracy,
        "budget": review.budget,
        "seconds": review.seconds,
        "load": round(load, 1),
        "decisions": [[d.player, d.drop, d.hand_drop, d.grade] for d in review.decisions],
    }


def summarise_accuracy(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Per game and bot: the mean accuracy with its 95% interval, the grades, the loss quantiles
    (which the grades' thresholds were calibrated on), and the games' loads."""
    out: dict[str, Any] = {}
    for game in dict.fromkeys(e["game"] for e in entries):
        mine = [e for e in entries if e["game"] == game]
        acc: dict[str, list[float]] = {b: [] for b in BOTS}
        losses: dict[str, dict[str, list[float]]] = {b: {"game": [], "hand": []} for b in BOTS}
        grades: dict[str, dict[str, int]] = {b: dict.fromkeys(GRADES, 0) for b in BOTS}
        for e in mine:
            for p, bot in enumerate(e["bots"]):
                if e["accuracy"][p] is not None:
                    acc[bot].append(e["accuracy"][p])
            for player, drop, hand_drop, grade in e["decisions"]:
                bot = e["bots"][player]
                losses[bot]["game"].append(drop)
                losses[bot]["hand"].append(hand_drop)
                grades[bot][grade] += 1
        bots = {}
        for bot in BOTS:
            mean, half = interval(acc[bot]) if acc[bot] else (float("nan"), float("nan"))
            bots[bot] = {
                "games": len(acc[bot]),
                "accuracy": round(mean, 1),
                "ci95": round(half, 1),
                "grades": grades[bot],
                "loss_quantiles": {
                    kind: {str(q): round(quantile(xs, q), 3) for q in (0.9, 0.95, 0.98, 0.99)}
                    for kind, xs in losses[bot].items()
                },
            }
        loads = [e["load"] for e in mine]
        out[game] = {
            "games": len(mine),
            "bots": bots,
            "review_seconds_mean": round(statistics.fmean(e["seconds"] for e in mine), 1),
            "load": [min(loads), max(loads)],
        }
    return out


def measure_accuracy(
    games: int, budget: int | None, only: list[str], out: Path | None = None
) -> dict[str, Any]:
    """``games`` accuracy games per game of ``only`` (:func:`accuracy_game`), summarised.

    With ``out``, every finished game is written there at once (so a run that is stopped keeps its
    games), and the games already in that file (same game, number and budget) are kept, not played
    again: a larger ``games`` extends an earlier sample (the file keeps every game it had).
    """
    entries: list[dict[str, Any]] = []
    if out is not None and out.exists():
        entries = json.loads(out.read_text())["entries"]
    for game in only:
        done = {e["k"] for e in entries if e["game"] == game}
        for k in range(games):
            if k in done:
                continue
            entry = accuracy_game(game, k, budget)
            if any(e["game"] == game and e["budget"] != entry["budget"] for e in entries):
                raise SystemExit(f"{out}: its {game} games were reviewed with another budget")
            entries.append(entry)
            print(
                f"{game} {k + 1}/{games} {tuple(entry['bots'])}: accuracy {entry['accuracy']} "
                f"({entry['seconds']:.0f} s, load {entry['load']})",
                flush=True,
            )
            if out is not None:
                write_atomic(out, json.dumps({"entries": entries, "summary": summarise_accuracy(entries)}))
    summary = summarise_accuracy([e for e in entries if e["game"] in only])
    for game, result in summary.items():
        for bot, s in result["bots"].items():
            print(
                f"  {game} {bot}: accuracy {s['accuracy']} ± {s['ci95']} over {s['games']} games; {s['grades']}"
            )
    return summary


# ---------------------------------------------------------------------------- positions
def _ends_hand(state: GameState, action: Hashable) -> tuple[GameState, list[int]]:
    """``state`` after ``action`` (a copy) and who won what it ended: in a game of hands or rounds,
    who scored by it (the hand's winners); in a game without, the game's winners if it ended.  Empty:
    it goes on."""
    after = state.clone()
    before = after.scores
    after.apply(action)
    if not has_hands(state.game):
        return after, list(after.winners()) if after.is_terminal else []
    return after, [p for p in range(after.num_players) if after.scores[p] > before[p]]


def _wins_at_once(state: GameState, player: int, depth: int = 2) -> bool:
    """``player`` (to move) can end the hand (the game, in a game without hands) winning it alone
    within ``depth`` of their own actions."""
    for a in state.legal_actions():
        after, scored = _ends_hand(state, a)
        if scored == [player]:
            return True
        if not scored and depth > 1 and after.current_player == player and not after.is_terminal:
            if _wins_at_once(after, player, depth - 1):
                return True
    return False


def _wins_after(state: GameState, action: Hashable, player: int, own: int) -> bool:
    """``action`` ends the hand (game) with ``player`` its only winner, or (``own > 1``) leaves them
    to move with a win within ``own - 1`` more of their actions."""
    after, scored = _ends_hand(state, action)
    if scored or own <= 1 or after.is_terminal or after.current_player != player:
        return scored == [player]
    return _wins_at_once(after, player, own - 1)


def _loses_at_once(state: GameState, action: Hashable, player: int, own: int = 1) -> bool:
    """After ``action`` the hand (game) is lost whatever ``player`` does: it ends without them among
    its winners, or the next player, another, can win it at once; with ``own > 1``, also when
    ``player`` is still to move and every one of their next ``own - 1`` actions loses it so."""
    after, scored = _ends_hand(state, action)
    if scored:
        return player not in scored
    if after.is_terminal:
        return False
    q = after.current_player
    if q == player:
        return own > 1 and all(_loses_at_once(after, a, player, own - 1) for a in after.legal_actions())
    return q is not None and _wins_at_once(after, q, max(2, own))


def _always(state: GameState, player: int, test: Any, seed: int, share: float = 1.0) -> bool:
    """``test(world)`` on the true state and on :data:`CHECK_WORLDS` worlds the player cannot tell
    apart (on at least ``share`` of them)."""
    if not test(state):
        return False
    fails = 0
    for i in range(CHECK_WORLDS):
        if not test(state.determinize(player, Rng(seed * 1000 + i))):
            fails += 1
            if fails > CHECK_WORLDS * (1 - share):
                return False
    return True


#: In a game without hands, the player's own actions a winning or losing line may take (a whole
#: turn: Hakkutsu's move, mining and equipment), and the decisions looked at: each game's last ones.
OWN_ACTIONS = 4
LAST_DECISIONS = 16
#: In a game without hands, the share of the sampled worlds where the winning move must win: the
#: final scores count what the player cannot see (Hakkutsu's museums), so a move that wins is rarely
#: sure to; the losing move must lose in every world.
WIN_SHARE = 0.75


def find_positions(
    game: str, count: int, games: int = 400, options: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Positions of 2-player seeded games (at most ``games``, with ``options``) where one move wins
    the hand at once and another loses it at once (:func:`_loses_at_once`), in every sampled world:
    games of the heuristic against the random bot.  In a game without hands (Hakkutsu!!) the game
    itself: a move that wins the game within the player's turn (in the true state and
    :data:`WIN_SHARE` of the worlds) and one after which it is lost whatever they do, among the
    last :data:`LAST_DECISIONS` decisions of games of the heuristic against itself (close games).
    Positions decisive in the true state only (the player could not know) are counted and shown."""
    hands = has_hands(game)
    own, share = (1, 1.0) if hands else (OWN_ACTIONS, WIN_SHARE)
    found: list[dict[str, Any]] = []
    seed = looked = decisive = 0
    while len(found) < count and seed < games:
        bots = ["heuristic", "random"][:: 1 if seed % 2 else -1] if hands else ["heuristic", "heuristic"]
        record = play_game(game, bots, seed=seed, **(options or {}))
        state = record.new_state()
        decisions = decision_indices(record)
        looked_at = set(decisions if hands else decisions[-LAST_DECISIONS:])
        for i, played in enumerate(record.actions):
            if i in looked_at:
                looked += 1
                legal = state.legal_actions()
                p = state.current_player
                assert p is not None
                win = next((a for a in legal if _always(state, p, _wins(a, p, own), i, share)), None)
                lose = (
                    next((a for a in legal if _always(state, p, _loses(a, p, own), i)), None) if win else None
                )
                if win is not None and lose is not None:
                    prefix = record.to_json()
                    prefix["actions"] = prefix["actions"][:i]
                    prefix.pop("returns", None)
                    found.append({"record": prefix, "win": action_to_json(win), "lose": action_to_json(lose)})
                    print(f"{game}: seed {seed} action {i}: win {win}, lose {lose}", flush=True)
                    break  # one position per game
                if not hands and _decisive(state, p, legal, own, i):
                    decisive += 1
            state.apply(played)
        seed += 1
    print(
        f"{game}: {len(found)} positions in {seed} games ({looked} decisions looked at"
        + ("" if hands else f"; {decisive} more decisive in the true state only")
        + ")",
        flush=True,
    )
    return found


def _wins(action: Hashable, player: int, own: int) -> Any:
    return lambda world: _wins_after(world, action, player, own)


def _loses(action: Hashable, player: int, own: int) -> Any:
    return lambda world: _loses_at_once(world, action, player, own)


def _decisive(state: GameState, player: int, legal: list[Any], own: int, index: int) -> bool:
    """A move wins and another loses in the true state; shows in how many of the sampled worlds the
    player cannot tell apart the best winning move wins and the surest losing move loses."""
    wins = [a for a in legal if _wins(a, player, own)(state)]
    losses = [a for a in legal if _loses(a, player, own)(state)]
    if not wins or not losses:
        return False
    worlds = [state.determinize(player, Rng(index * 1000 + i)) for i in range(CHECK_WORLDS)]
    won = max(sum(_wins(a, player, own)(w) for w in worlds) for a in wins)
    lost = max(sum(_loses(a, player, own)(w) for w in worlds) for a in losses)
    print(
        f"  action {index} decisive in the true state only: a winning move wins in "
        f"{won} of {CHECK_WORLDS} sampled worlds, a losing move loses in {lost}",
        flush=True,
    )
    return True


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
    p.add_argument("game", choices=GAMES)
    p.add_argument("--count", type=int, default=20)
    p.add_argument("--games", type=int, default=400, help="seeded games looked at, at most")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    b = sub.add_parser("blunders")
    b.add_argument("--budget", type=int)
    b.add_argument("--game", action="append", choices=GAMES)
    s = sub.add_parser("speed")
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--game", action="append", choices=GAMES)
    args = parser.parse_args(argv)
    only = getattr(args, "game", None) or list(GAMES)
    if args.command == "accuracy":
        measure_accuracy(args.games, args.budget, only, Path(args.out) if args.out else None)
    elif args.command == "positions":
        try:
            options = parse_options(args.game, dict(o.partition("=")[::2] for o in args.option))
        except ValueError as exc:
            parser.error(str(exc))
        found = find_positions(args.game, args.count, args.games, options)
        if not found:
            print(f"no {args.game} position found: nothing saved")
            return 1
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

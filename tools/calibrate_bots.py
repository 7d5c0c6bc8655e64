"""Measure every bot level of the setup screen on one rating scale, per game and player count.

``python -m tools.calibrate_bots`` plays a fixed plan of tournaments among the bots with the
tournament command (``python -m ai.tournament ... --jobs 1``, one after the other, each in its own
folder under ``--dir``, resumed if it is already there), then fits one Bradley–Terry model per
game and player count to every game of those tournaments (3-4 player games decomposed into
pairs, :func:`ai.tournament.stats.pairwise_outcomes`), plus the archived 200-game matches of
``ai/README.md`` (:data:`ARCHIVED`), and writes :data:`OUT` (``game/history/bot_ratings.json``):
per game, player count and level the rating on the Elo scale (the levels' mean is 1500), its
standard error, the Weng–Lin ``mu``/``sigma`` it stands for (:func:`to_openskill`) and the games
it rests on; and per tournament its command, date, games, CPU and wall time and the load.

Cheap levels play many games and the expensive ones few, so the CPU budget of a run stays
about an hour on one core; the errors say how little some levels were measured.

    python -m tools.calibrate_bots                  # the whole plan (resumable), then the fit
    python -m tools.calibrate_bots --tiers low mid  # only some tiers of the plan
    python -m tools.calibrate_bots --fit-only       # refit from the tournaments already played
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import math
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.tournament.stats import ELO_BASE, ELO_SCALE, bradley_terry_counts, pairwise_outcomes
from game.rules import GAMES

FORMAT = "tabletop-trio-bot-ratings/1"
OUT = Path(__file__).resolve().parent.parent / "game" / "history" / "bot_ratings.json"
#: The levels the setup screen offers (``game.client.players.SEAT_KEYS`` less ``human``), weakest first.
LEVELS = ("random", "heuristic", "mcts:level=easy", "mcts:level=normal", "mcts:level=hard")
#: Game, player counts: every one the setup screen offers (each game's, in the order they are listed).
TABLES = tuple(
    (name, n) for name, info in GAMES.items() for n in range(info.min_players, info.max_players + 1)
)
SEED = 2026
#: openskill's default skill scale (``PlackettLuce()``: mu 25, beta 25/6).
MU0, BETA = 25.0, 25.0 / 6.0
#: Elo points per unit of Weng–Lin ``mu``: Plackett–Luce gives two players of small uncertainty
#: P(A beats B) = 1 / (1 + exp(-(mu_A - mu_B) / c)) with c = sqrt(2)·beta, and the Elo scale
#: 1 / (1 + exp(-(R_A - R_B) / ELO_SCALE)); so R = 1500 + ELO_PER_MU·(mu - 25), about 29.5.
ELO_PER_MU = ELO_SCALE / (math.sqrt(2.0) * BETA)


@dataclass(frozen=True)
class Stage:
    """One tournament of the plan."""

    game: str
    players: int
    tier: str  # "low", "mid" or "top" (:data:`TIERS`)
    agents: tuple[str, ...]
    games: int

    @property
    def name(self) -> str:
        return f"{self.game}-{self.players}p-{self.tier}"

    def command(self, out: Path) -> list[str]:
        cmd = ["python", "-m", "ai.tournament", "--game", self.game, "--players", str(self.players)]
        cmd += ["--agents", *self.agents, "--games", str(self.games), "--seed", str(SEED), "--jobs", "1"]
        return [*cmd, "--out", str(out), "--quiet"]


#: Each tier's entrants, by the number of players: as many entrants as seats where it matters, so
#: that every game links every level of its tier (with fewer entrants than seats the first tables
#: repeat the cheapest level: four seats of three entrants begin with three ``heuristic`` seats).
TIERS: dict[str, dict[int, tuple[str, ...]]] = {
    "low": dict.fromkeys((2, 3, 4), ("random", "heuristic", "mcts:level=easy")),
    "mid": {
        2: ("heuristic", "mcts:level=easy", "mcts:level=normal"),
        3: ("heuristic", "mcts:level=easy", "mcts:level=normal"),
        4: ("random", "heuristic", "mcts:level=easy", "mcts:level=normal"),
    },
    "top": {
        3: ("mcts:level=easy", "mcts:level=normal", "mcts:level=hard"),
        4: ("heuristic", "mcts:level=easy", "mcts:level=normal", "mcts:level=hard"),
    },
}

#: The plan: (game, players) -> games of each tier (0: not played).  With 2 players ``hard`` rests
#: on :data:`ARCHIVED` (a Hacktrick ``hard`` game costs about three CPU-minutes); with 3-4 players
#: ``normal`` and ``hard`` play a few games only, so their intervals stay wide.  A larger budget
#: for a tier already played resumes its tournament with more games.
BUDGET = {
    ("hacktrick", 2): {"low": 60, "mid": 24, "top": 0},
    ("ratjack", 2): {"low": 60, "mid": 30, "top": 0},
    ("ratjack", 3): {"low": 60, "mid": 18, "top": 12},
    ("ratjack", 4): {"low": 48, "mid": 24, "top": 16},
    ("hakkutsu", 2): {"low": 40, "mid": 6, "top": 0},
    ("hakkutsu", 3): {"low": 30, "mid": 12, "top": 8},
    ("hakkutsu", 4): {"low": 24, "mid": 12, "top": 8},
}


def plan() -> list[Stage]:
    """Every tournament, cheap tiers of every table first (so a stopped run has a fit everywhere)."""
    return [
        Stage(game, n, tier, TIERS[tier][n], BUDGET[(game, n)][tier])
        for tier in TIERS
        for game, n in TABLES
        if BUDGET.get((game, n), {}).get(tier)
    ]


#: Matches measured earlier on this project's bots and kept in ``ai/README.md`` ("Where the bots
#: stand"): seats rotated, seed 2026, 200 games each; (game, players, first, second, games, score
#: of the first, where).  Hakkutsu!! in its default Research mode.
ARCHIVED = (
    ("hacktrick", 2, "mcts:level=hard", "mcts:level=normal", 200, 122.0, "ai/README.md, 2026-11-23, 61.0%"),
    ("ratjack", 2, "mcts:level=hard", "mcts:level=normal", 200, 123.0, "ai/README.md, 2026-11-23, 61.5%"),
    ("hakkutsu", 2, "mcts:level=hard", "mcts:level=normal", 200, 132.0, "ai/README.md, 2026-11-23, 66.0%"),
    ("hacktrick", 2, "mcts:level=normal", "heuristic", 200, 200.0, "ai/README.md, 2026-11-22, 100%"),
    ("ratjack", 2, "mcts:level=normal", "heuristic", 200, 142.0, "ai/README.md, 2026-11-22, 71.0%"),
    ("hakkutsu", 2, "mcts:level=normal", "heuristic", 200, 165.0, "ai/README.md, 2026-11-22, 82.5%"),
)


def to_openskill(rating: float, error: float) -> tuple[float, float]:
    """A rating and its standard error on the Elo scale as Weng–Lin ``(mu, sigma)``."""
    return MU0 + (rating - ELO_BASE) / ELO_PER_MU, error / ELO_PER_MU


def commit() -> str:
    """The commit of the bots being measured (``CALIBRATE_COMMIT`` when run from an exported copy
    of the tree, which has no ``.git``)."""
    if os.environ.get("CALIBRATE_COMMIT"):
        return os.environ["CALIBRATE_COMMIT"]
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def run_stage(stage: Stage, folder: Path, deadline: float = math.inf) -> dict[str, Any]:
    """Play (or resume) one tournament under ``nice``; its command, date, CPU/wall time and load."""
    out = folder / stage.name
    results = out / "results.json"
    if results.exists():
        done = json.loads(results.read_text())
        if done["status"] == "complete" and done["games_planned"] >= stage.games:
            return {}
    cmd = stage.command(out)
    resume = [
        "python",
        "-m",
        "ai.tournament",
        "--resume",
        str(out),
        "--games",
        str(stage.games),
        "--jobs",
        "1",
        "--quiet",
    ]
    run = resume if out.exists() else cmd  # resumed: finished games kept, more games if the budget grew
    load0, start = os.getloadavg()[0], time.monotonic()
    print(f"{stage.name}: {' '.join(run)}", flush=True)
    proc = subprocess.Popen(["nice", "-n", "10", sys.executable, *run[1:]])
    used: dict[int, float] = {}
    stopped = False
    while proc.poll() is None:
        used.update(tree_cpu(proc.pid))
        if time.monotonic() > deadline and not stopped:  # as Ctrl-C: finished games kept, resumable
            proc.send_signal(signal.SIGINT)
            stopped = True
        time.sleep(0.5)
    code = proc.returncode
    cpu = sum(used.values())
    info = {
        "command": " ".join(run),
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu_seconds": round(cpu, 1),
        "wall_seconds": round(time.monotonic() - start, 1),
        "load": [round(load0, 2), round(os.getloadavg()[0], 2)],
        "exit": code,
        "commit": commit(),
    }
    log = out / "calibration-run.json"
    runs = json.loads(log.read_text()) if log.exists() else []
    log.write_text(json.dumps([*runs, info], indent=1))
    return info


def tree_cpu(root: int) -> dict[int, float]:
    """CPU seconds (user + system) used so far by ``root`` and every process under it, by pid
    (read from ``/proc``; polled while a tournament runs, as its workers are not reaped into
    ``RUSAGE_CHILDREN``)."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        cpu[pid] = (int(fields[11]) + int(fields[12])) / tick
    out = {}
    for pid in cpu:
        p = pid
        while p in parents and p != root:
            p = parents[p]
        if p == root:
            out[pid] = cpu[pid]
    return out


def read_games(folder: Path, stage: Stage) -> list[tuple[list[str], list[float]]]:
    """(agent spec per seat, returns) of every finished game of ``stage``."""
    path = folder / stage.name / "games.csv"
    if not path.exists():
        return []
    with path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    n = stage.players
    return [([r[f"seat{i}"] for i in range(n)], [float(r[f"return{i}"]) for i in range(n)]) for r in rows]


def fit(folder: Path) -> dict[str, Any]:
    """The ratings document from the tournaments in ``folder`` and :data:`ARCHIVED`."""
    ratings: dict[str, dict[str, dict[str, dict[str, float]]]] = {}
    runs = []
    for game, n in TABLES:
        cells: dict[tuple[int, int], list[float]] = {}
        seats = [0] * len(LEVELS)

        def add(
            a: int, b: int, count: float, score: float, cells: dict[tuple[int, int], list[float]] = cells
        ) -> None:
            if a > b:
                a, b, score = b, a, count - score
            cell = cells.setdefault((a, b), [0.0, 0.0])
            cell[0] += count
            cell[1] += score

        for stage in plan():
            if (stage.game, stage.players) != (game, n):
                continue
            games = read_games(folder, stage)
            for specs, returns in games:
                entrants = [LEVELS.index(s) for s in specs]
                for e in entrants:
                    seats[e] += 1
                for a, b, score in pairwise_outcomes(entrants, returns):
                    add(a, b, 1.0, score)
            log = folder / stage.name / "calibration-run.json"
            done = json.loads(log.read_text()) if log.exists() else []
            if games:
                runs.append(
                    {
                        "game": game,
                        "players": n,
                        "tier": stage.tier,
                        "command": " ".join(stage.command(Path("calibration") / stage.name)),
                        "games": len(games),
                        "sessions": done,
                    }
                )
        for g, players, first, second, count, score, _ in ARCHIVED:
            if (g, players) == (game, n):
                add(LEVELS.index(first), LEVELS.index(second), count, score)
                seats[LEVELS.index(first)] += count
                seats[LEVELS.index(second)] += count
        fitted = bradley_terry_counts(len(LEVELS), {k: tuple(v) for k, v in cells.items()}, prior_games=1.0)
        table = {}
        for i, level in enumerate(LEVELS):
            mu, sigma = to_openskill(fitted.ratings[i], fitted.errors[i])
            table[level] = {
                "rating": round(fitted.ratings[i], 1),
                "error": round(fitted.errors[i], 1),
                "mu": round(mu, 4),
                "sigma": round(sigma, 4),
                "games": int(seats[i]),
            }
        ratings.setdefault(game, {})[str(n)] = table
    return {
        "format": FORMAT,
        "generated": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d"),
        "command": "python -m tools.calibrate_bots",
        "scale": {
            "base": ELO_BASE,
            "elo_per_mu": round(ELO_PER_MU, 4),
            "mu0": MU0,
            "beta": round(BETA, 6),
            "about": (
                "Bradley-Terry on the Elo scale (400 points: odds x10), the levels' mean at 1500, "
                "1 virtual win and loss against a 1500 reference per level; mu = 25 + (rating - 1500) / "
                "elo_per_mu, sigma = error / elo_per_mu (openskill PlackettLuce defaults)"
            ),
        },
        "options": "each game's default options (Hakkutsu!!: Research mode; Ratjack: rat-red, rat-blue)",
        "ratings": ratings,
        "tournaments": runs,
        "archived": [
            {"game": g, "players": n, "first": a, "second": b, "games": c, "score_of_first": s, "source": src}
            for g, n, a, b, c, s, src in ARCHIVED
        ],
    }


def markdown(doc: dict[str, Any]) -> str:
    """The ratings as the table of ``ai/README.md``: rating ± 95% (games) per level."""
    lines = [
        "| game, players | " + " | ".join(f"`{level}`" for level in LEVELS) + " |",
        "|---|" + "---|" * len(LEVELS),
    ]
    for game, by_players in doc["ratings"].items():
        for n, levels in by_players.items():
            cells = [
                f"{levels[level]['rating']:.0f} ± {1.96 * levels[level]['error']:.0f} ({levels[level]['games']})"
                for level in LEVELS
            ]
            lines.append(f"| {game} {n} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "| tournament | games | CPU s | wall s | load (1 min, start-end) | date |",
        "|---|---|---|---|---|---|",
    ]
    for run in doc["tournaments"]:
        sessions = run["sessions"]
        cpu = sum(x["cpu_seconds"] for x in sessions)
        wall = sum(x["wall_seconds"] for x in sessions)
        load = ", ".join(f"{x['load'][0]:.1f}-{x['load'][1]:.1f}" for x in sessions)
        date = sessions[-1]["date"] if sessions else ""
        name = f"{run['game']}-{run['players']}p-{run['tier']}"
        lines.append(f"| `{name}` | {run['games']} | {cpu:.0f} | {wall:.0f} | {load} | {date} |")
    return "\n".join(lines)


def write_atomic(path: Path, doc: dict[str, Any]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.calibrate_bots", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--dir", type=Path, default=Path("calibration"), help="the tournaments' folder")
    parser.add_argument("--tiers", nargs="+", choices=list(TIERS), default=list(TIERS))
    parser.add_argument("--fit-only", action="store_true", help="play nothing; refit what is there")
    parser.add_argument(
        "--minutes",
        type=float,
        default=math.inf,
        help="stop after this many minutes (the tournament under way is interrupted, its finished games "
        "kept; run again to go on)",
    )
    parser.add_argument("--out", type=Path, default=OUT, help=f"the ratings file (default {OUT})")
    args = parser.parse_args(argv)
    if not args.fit_only:
        args.dir.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + 60.0 * args.minutes
        for stage in plan():
            if stage.tier in args.tiers and time.monotonic() < deadline:
                info = run_stage(stage, args.dir, deadline)
                if info:
                    print(
                        f"  {info['cpu_seconds']} CPU s, {info['wall_seconds']} s, load {info['load']}",
                        flush=True,
                    )
    doc = fit(args.dir)
    write_atomic(args.out, doc)
    print(markdown(doc))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Shared helpers for the tournament tests: a spec, a run in a directory, its games.csv and records,
the command line's arguments, a loopback Dask cluster and the processes below a pid (Linux /proc)."""

from __future__ import annotations

import contextlib
import csv
import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from ai.tournament import LocalExecutor, TournamentDir, TournamentSpec, run_tournament, validate_spec
from ai.tournament.executor import Executor
from ai.tournament.runner import Outcome

ROOT = Path(__file__).resolve().parent.parent


class Sink:
    """A progress stream that is not a terminal and keeps what was written in ``text``."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, s: str) -> int:
        self.text += s
        return len(s)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def make_spec(
    game: str = "hacktrick",
    agents: Sequence[str] = ("random", "random"),
    *,
    players: int = 2,
    games: int = 12,
    seed: int = 7,
    duplicate: str | None = None,
    sprt: dict[str, float] | None = None,
    **options: Any,
) -> TournamentSpec:
    """A checked spec; Hacktrick is played to 1 point unless ``options`` say otherwise."""
    options = options or ({"target": 1} if game == "hacktrick" else {})
    return validate_spec(
        TournamentSpec(
            game,
            list(agents),
            players=players,
            games=games,
            seed=seed,
            options=options,
            duplicate=duplicate,
            sprt=sprt,
        )
    )


def run_in(
    path: Path,
    tspec: TournamentSpec,
    executor: Executor | None = None,
    *,
    jobs: int = 1,
    dbs: Iterable[Path] = (),
) -> Outcome:
    """Run ``tspec`` in ``path`` to the end (a local executor with ``jobs`` workers unless one is
    given); a tournament already there is resumed with ``tspec``."""
    if (path / "tournament.json").exists():
        tdir = TournamentDir.open(path)
        tdir.spec = tspec
    else:
        tdir = TournamentDir.create(path, tspec)
    tdir.attach_databases(list(dbs))
    try:
        with executor or LocalExecutor(jobs=jobs) as ex:
            return run_tournament(tdir, ex, stream=Sink())
    finally:
        tdir.close()


def csv_rows(path: Path) -> list[dict[str, str]]:
    """The rows of the tournament's games.csv."""
    with open(path / "games.csv", newline="") as f:
        return list(csv.DictReader(f))


def rows_without_duration(path: Path) -> list[dict[str, str]]:
    """games.csv without its one column that differs between two runs of the same games."""
    rows = csv_rows(path)
    for r in rows:
        r.pop("duration")
    return rows


def record_files(path: Path) -> list[str]:
    """The names of the game records kept in the tournament's games/ folder."""
    return sorted(p.name for p in (path / "games").glob("game-*.json"))


def tournament_args(
    games: int,
    seed: int | None = None,
    *,
    agents: Sequence[str] = ("random", "random"),
    target: int = 1,
    jobs: int | None = None,
) -> list[str]:
    """The arguments of ``tabletop-trio tournament`` for Hacktrick games to ``target`` points."""
    args = ["--game", "hacktrick", "--agents", *agents, "--target", str(target), "--games", str(games)]
    if seed is not None:
        args += ["--seed", str(seed)]
    if jobs is not None:
        args += ["--jobs", str(jobs)]
    return args


@contextlib.contextmanager
def loopback_cluster(threads: int = 1) -> Iterator[Any]:
    """A one-worker Dask cluster in this process, on the loopback address (skips without Dask)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=threads,
        processes=False,
        host="127.0.0.1",
        protocol="tcp://",
        dashboard_address=None,
    ) as cluster:
        yield cluster


def descendants(pid: int) -> set[int]:
    """Every process below ``pid``."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out: set[int] = set()
    todo = [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            if c not in out:
                out.add(c)
                todo.append(c)
    return out


def alive(pid: int) -> bool:
    """``pid`` runs (a zombie does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False

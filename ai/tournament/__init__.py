"""Headless AI tournaments: many bot-vs-bot games, locally or on a Dask cluster.

    from ai.tournament import TournamentSpec, validate_spec, LocalExecutor, TournamentDir, run_tournament
    spec = validate_spec(TournamentSpec("hacktrick", ["heuristic", "random"], players=2, games=100,
                                        seed=1, options={"target": 3}))
    tdir = TournamentDir.create("out/ht", spec)
    tdir.attach_databases([])
    with LocalExecutor(jobs=2) as ex:
        outcome = run_tournament(tdir, ex)

The command line is ``tabletop-trio tournament`` (:mod:`ai.tournament.cli`).
"""

from .executor import DaskExecutor, Executor, GameFailed, LocalExecutor, play_task
from .results import Feeder, Tally, format_table, summarize
from .runner import Outcome, run_tournament
from .spec import (
    GameTask,
    TournamentSpec,
    game_seed,
    iter_schedule,
    parse_options,
    schedule,
    seatings,
    task_at,
    validate_spec,
)
from .store import TournamentDir

__all__ = [
    "DaskExecutor",
    "Executor",
    "Feeder",
    "GameFailed",
    "GameTask",
    "LocalExecutor",
    "Outcome",
    "Tally",
    "TournamentDir",
    "TournamentSpec",
    "format_table",
    "game_seed",
    "iter_schedule",
    "parse_options",
    "play_task",
    "run_tournament",
    "schedule",
    "seatings",
    "summarize",
    "task_at",
    "validate_spec",
]

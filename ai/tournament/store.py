"""A tournament's output directory and its SQLite database.

Layout of ``--out DIR``::

    tournament.json       settings + id (what --resume reads)
    games/game-000042.json  every finished game's GameRecord (replayable)
    failed/game-000007.json a game that failed in this session: error and traceback
    games.csv             one row per game: index, deal, seed, seats, returns, scores, length, duration
    results.json          settings, status, per-agent statistics, head-to-head, seat statistics
    tournament.sqlite     the games in SQLite (``--db PATH`` adds a shared database)

Every file is written atomically; a game's record is written (by a writer
thread) as soon as the game finishes, so an interrupted tournament loses only
the games in progress.

SQLite schema (the same in the per-tournament and in a shared database)::

    tournaments(id PK, game, players, agents JSON, options JSON, seed, games_planned,
                games_done, status, out_dir, created, updated)
    games(tournament_id, idx, seed, game, players, agents JSON, seats JSON,
          returns JSON, scores JSON, length, duration, record JSON, deal; PK(tournament_id, idx))
    seats(tournament_id, idx, seat, entrant, agent, return, score; PK(tournament_id, idx, seat))

e.g. win rate of every agent spec over all Hacktrick tournaments::

    SELECT agent, COUNT(*), AVG(return) FROM seats JOIN games USING (tournament_id, idx)
    WHERE game = 'hacktrick' GROUP BY agent;
"""

from __future__ import annotations

import csv
import json
import os
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from game.rules import GameRecord, write_atomic
from game.rules.files import FileRefused, read_text
from game.rules.strictjson import expect_int, expect_list, expect_number, expect_object, loads, show

from ..play import record_first_player
from .spec import TournamentSpec, task_at

if TYPE_CHECKING:
    from game.rules.core import JsonDict

    from .results import Feeder

FORMAT = "tabletop-trio-tournament/1"
SETTINGS_FILE = "tournament.json"
GAMES_DIR = "games"
FAILED_DIR = "failed"
DB_FILE = "tournament.sqlite"
LOCK_FILE = ".lock"

SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, agents TEXT NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, games_planned INTEGER NOT NULL,
    games_done INTEGER NOT NULL, status TEXT NOT NULL, out_dir TEXT, created TEXT, updated TEXT);
CREATE TABLE IF NOT EXISTS games (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id), idx INTEGER NOT NULL,
    seed INTEGER NOT NULL, game TEXT NOT NULL, players INTEGER NOT NULL, agents TEXT NOT NULL,
    seats TEXT NOT NULL, returns TEXT NOT NULL, scores TEXT NOT NULL, length INTEGER NOT NULL,
    duration REAL NOT NULL, record TEXT NOT NULL, deal INTEGER, PRIMARY KEY (tournament_id, idx));
CREATE TABLE IF NOT EXISTS seats (
    tournament_id TEXT NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL,
    entrant INTEGER NOT NULL, agent TEXT NOT NULL, return REAL NOT NULL, score REAL,
    PRIMARY KEY (tournament_id, idx, seat));
CREATE INDEX IF NOT EXISTS seats_agent ON seats(agent);
"""


#: SQLite busy timeout of one attempt, the number of attempts and the first back-off
#: pause (doubled after each attempt): a database locked for about a minute gives up.
DB_BUSY_TIMEOUT = 5.0
DB_ATTEMPTS = 6
DB_BACKOFF = 1.0


class StorageError(RuntimeError):
    """The output directory or a database cannot be written (disk full, database locked ...)."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def check_writable(directory: Path) -> None:
    """Create ``directory`` if needed and make sure we can write in it (``ValueError`` if not)."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        probe = directory / f".write-test-{uuid.uuid4().hex}"
        probe.write_text("ok", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise ValueError(
            f"cannot write to output directory {str(directory)!r}: {exc.strerror or exc}"
        ) from None


def make_subfolders(directory: Path) -> None:
    """Create ``games/`` and ``failed/`` in ``directory`` (``ValueError``, one line, if one of them
    is a file or cannot be made)."""
    for name in (GAMES_DIR, FAILED_DIR):
        sub = directory / name
        if sub.exists() and not sub.is_dir():
            raise ValueError(
                f"{str(sub)!r} is a file, not a folder: a tournament keeps its "
                f"{'game records' if name == GAMES_DIR else 'failed games'} there"
            )
        try:
            sub.mkdir(exist_ok=True)
        except OSError as exc:
            raise ValueError(f"cannot create the folder {str(sub)!r}: {exc.strerror or exc}") from None


def is_tournament_dir(directory: Path) -> bool:
    """Whether ``directory`` holds a tournament (has its settings file)."""
    return (directory / SETTINGS_FILE).is_file()


class Database:
    """One SQLite database receiving a tournament's games.

    Writes are retried with back-off while another process holds the database
    locked; after :data:`DB_ATTEMPTS` attempts :class:`StorageError` says so.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            if self.path.parent:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(str(self.path), timeout=DB_BUSY_TIMEOUT)
        except (OSError, sqlite3.Error) as exc:
            raise ValueError(f"cannot use database {str(self.path)!r}: {exc}") from None
        try:
            self.write(lambda conn: conn.executescript(SCHEMA))
            self.write(_add_deal_column)
        except StorageError as exc:
            self.conn.close()
            raise ValueError(str(exc)) from None

    def write(self, change: Callable[[sqlite3.Connection], object]) -> None:
        """Run ``change(connection)`` and commit, retrying while the database is locked."""
        start = time.monotonic()
        pause = DB_BACKOFF
        for attempt in range(DB_ATTEMPTS):
            try:
                change(self.conn)
                self.conn.commit()
                return
            except sqlite3.OperationalError as exc:
                self._rollback()
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise StorageError(f"cannot write to the database {str(self.path)!r}: {exc}") from None
                if attempt == DB_ATTEMPTS - 1:
                    raise StorageError(
                        f"the database {str(self.path)!r} stayed locked by another program for "
                        f"{time.monotonic() - start:.0f} s"
                    ) from None
                time.sleep(pause)
                pause *= 2
            except sqlite3.Error as exc:
                self._rollback()
                raise StorageError(f"cannot write to the database {str(self.path)!r}: {exc}") from None

    def _rollback(self) -> None:
        try:
            self.conn.rollback()
        except sqlite3.Error:
            pass

    def put_tournament(
        self, tid: str, spec: TournamentSpec, done: int, status: str, out_dir: str, created: str
    ) -> None:
        """Insert or update the tournament row."""
        self.write(
            lambda conn: conn.execute(
                "INSERT INTO tournaments VALUES (?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT(id) DO UPDATE SET "
                "games_planned=excluded.games_planned, games_done=excluded.games_done, "
                "status=excluded.status, out_dir=excluded.out_dir, updated=excluded.updated",
                _tournament_row(tid, spec, done, status, out_dir, created),
            )
        )

    def put_games(
        self, tid: str, spec: TournamentSpec, results: list[JsonDict], out_dir: str, created: str
    ) -> None:
        """Insert (or replace) finished games and their seats (and the tournament row if missing)."""
        games = [
            (
                tid,
                r["index"],
                r["seed"],
                spec.game,
                spec.players,
                json.dumps(r["agents"]),
                json.dumps(r["seats"]),
                json.dumps(r["returns"]),
                json.dumps(r["scores"]),
                r["length"],
                r["duration"],
                r["record"],
                task_at(spec, r["index"]).deal_id,
            )
            for r in results
        ]
        seats = []
        for r in results:
            for seat, (entrant, agent, ret) in enumerate(
                zip(r["seats"], r["agents"], r["returns"], strict=True)
            ):
                score = r["scores"][seat] if seat < len(r["scores"]) else None
                seats.append(
                    (
                        tid,
                        r["index"],
                        seat,
                        entrant,
                        agent,
                        ret,
                        score if isinstance(score, (int, float)) else None,
                    )
                )

        def change(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT OR IGNORE INTO tournaments VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                _tournament_row(tid, spec, 0, "running", out_dir, created),
            )
            conn.executemany(
                "INSERT OR REPLACE INTO games (tournament_id, idx, seed, game, players, agents, "
                "seats, returns, scores, length, duration, record, deal) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                games,
            )
            conn.executemany("INSERT OR REPLACE INTO seats VALUES (?,?,?,?,?,?,?)", seats)

        self.write(change)

    def close(self) -> None:
        """Close the connection (every write is already committed)."""
        self.conn.close()


def _add_deal_column(conn: sqlite3.Connection) -> None:
    """Databases from before deals were kept get the ``deal`` column (NULL for their games)."""
    columns = [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    if "deal" not in columns:
        conn.execute("ALTER TABLE games ADD COLUMN deal INTEGER")


def _tournament_row(
    tid: str, spec: TournamentSpec, done: int, status: str, out_dir: str, created: str
) -> tuple[object, ...]:
    return (
        tid,
        spec.game,
        spec.players,
        json.dumps(spec.agents),
        json.dumps(spec.to_json()["options"]),
        spec.seed,
        spec.games,
        done,
        status,
        out_dir,
        created,
        _now(),
    )


class TournamentDir:
    """The output directory of one tournament: settings, records, tables, databases."""

    def __init__(self, path: Path, tid: str, spec: TournamentSpec, created: str) -> None:
        self.path = Path(path)
        self.id = tid
        self.spec = spec
        self.created = created
        self.dbs: list[Database] = []
        self._unsynced: list[JsonDict] = []
        self._last_sync = time.monotonic()
        # Record files are written (with fsync) by background threads, so that
        # the main loop keeps collecting results from fast games meanwhile.
        self._writer = ThreadPoolExecutor(max_workers=4, thread_name_prefix="record-writer")
        #: (future, result without its record, or None for a failure file)
        self._writes: list[tuple[Future[None], JsonDict | None]] = []
        self._written: list[JsonDict] = []
        self._lock_handle: TextIO | None = None
        self._checked: Feeder | None = None  # the Feeder of check_results(), for run_tournament

    # -- creating and opening ------------------------------------------------
    @classmethod
    def create(cls, path: Path, spec: TournamentSpec) -> TournamentDir:
        """A new tournament in ``path`` (``ValueError`` if it is unwritable or already used)."""
        path = Path(path)
        if is_tournament_dir(path):
            raise ValueError(
                f"{str(path)!r} already holds a tournament; continue it with "
                f"--resume {path} or choose another --out"
            )
        check_writable(path)
        make_subfolders(path)
        td = cls(path, uuid.uuid4().hex, spec, _now())
        td.lock()
        td.write_settings()
        return td

    @classmethod
    def open(cls, path: Path) -> TournamentDir:
        """An existing tournament (for ``--resume``); ``ValueError`` if ``path`` is not one."""
        path = Path(path)
        settings = path / SETTINGS_FILE
        if not path.is_dir():
            raise ValueError(f"--resume: {str(path)!r} is not a directory")
        if not settings.is_file():
            raise ValueError(f"--resume: {str(path)!r} is not a tournament directory (no {SETTINGS_FILE})")
        try:
            data = loads(read_text(settings, "a tournament settings file"), str(settings))
        except ValueError as exc:
            raise ValueError(f"--resume: cannot read {settings}: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or "spec" not in data:
            raise ValueError(f"--resume: {settings} is not a tabletop-trio tournament file")
        try:
            spec = TournamentSpec.from_json(data["spec"])
        except ValueError as exc:
            raise ValueError(f"--resume: {settings}: {exc}") from None
        check_writable(path)
        make_subfolders(path)
        td = cls(path, str(data.get("id") or uuid.uuid4().hex), spec, str(data.get("created") or _now()))
        td.lock()
        return td

    def lock(self) -> None:
        """Hold an exclusive lock on the directory while this process uses it (POSIX).

        The lock dies with the process, so a crash never leaves a stale lock.
        """
        try:
            import fcntl
        except ImportError:  # Windows: no advisory locks; run one process per directory
            return
        try:
            handle = open(self.path / LOCK_FILE, "a+")  # held until close()
        except OSError as exc:
            raise ValueError(f"cannot lock {str(self.path / LOCK_FILE)!r}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise ValueError(f"{str(self.path)!r} is in use by another tournament process") from None
        self._lock_handle = handle

    def write_settings(self) -> None:
        """Write ``tournament.json`` (settings and id) atomically."""
        write_atomic(
            self.path / SETTINGS_FILE,
            json.dumps(
                {"format": FORMAT, "id": self.id, "created": self.created, "spec": self.spec.to_json()},
                indent=2,
            ),
        )

    def attach_databases(self, extra: list[Path]) -> None:
        """Open ``tournament.sqlite`` in the directory and any shared databases."""
        paths = [self.path / DB_FILE] + [Path(p) for p in extra]
        seen = set()
        for p in paths:
            key = os.path.abspath(p)
            if key not in seen:
                seen.add(key)
                self.dbs.append(Database(p))

    # -- games ---------------------------------------------------------------------
    def record_path(self, index: int) -> Path:
        """Where the record of game ``index`` is stored."""
        return self.path / GAMES_DIR / f"game-{index:06d}.json"

    def iter_results(self) -> Iterator[JsonDict]:
        """Finished games found in ``games/``, in index order, each checked against the schedule
        (result dicts without the record text).

        A file that does not fit raises ``ValueError`` naming it (deleting it lets ``--resume``
        replay that game).
        """
        for f in sorted((self.path / GAMES_DIR).glob("game-*.json")):
            try:
                text = read_text(f, "a game record")
            except FileRefused as exc:
                raise ValueError(f"--resume: {exc}; delete it and --resume will replay that game") from None
            try:
                result = self._result_of_record(text)
            except (ValueError, RecursionError) as exc:
                raise ValueError(
                    f"--resume: game file {f} is damaged ({exc}); delete it and --resume "
                    "will replay that game"
                ) from None
            if f.name != self.record_path(result["index"]).name:
                raise ValueError(
                    f"--resume: game file {f} holds game {result['index']}; delete it and "
                    "--resume will replay that game"
                )
            del result["record"]
            yield result

    def check_results(self) -> int:
        """Check the stored games now, before anything is written (``ValueError`` as
        :meth:`iter_results`), counting them into a :class:`~ai.tournament.results.Feeder`
        that :meth:`stored` hands to the run; how many there are."""
        self._checked = self._feed_stored()
        return self._checked.stored

    def stored(self) -> Feeder:
        """The :class:`~ai.tournament.results.Feeder` holding the stored games (checked now if
        :meth:`check_results` was not called)."""
        feeder = self._checked if self._checked is not None else self._feed_stored()
        self._checked = None
        return feeder

    def _feed_stored(self) -> Feeder:
        """A new :class:`~ai.tournament.results.Feeder` holding the stored games, checked."""
        from .results import Feeder

        feeder = Feeder(self.spec)
        for result in self.iter_results():
            feeder.offer(result)
        return feeder

    def _result_of_record(self, text: str) -> JsonDict:
        """The result dict of a stored record; ``ValueError`` if it does not fit this tournament,
        or does not replay to the returns and scores it holds."""
        spec = self.spec
        record = GameRecord.loads(text)
        if record.game != spec.game or record.players != spec.players or record.options != spec.options:
            raise ValueError(
                f"it is a {record.players}-player {record.game} game with options "
                f"{record.options}, not one of this tournament's"
            )
        info = expect_object("its meta 'tournament'", record.meta.get("tournament"), ("index", "seats"))
        index = expect_int("its game index", info["index"], 0, spec.games - 1)
        task = task_at(spec, index)
        if record.seed != task.seed:
            raise ValueError(f"its seed does not belong to game {index} of this tournament")
        if info.get("deal", task.deal) != task.deal:
            raise ValueError(f"its deal {show(info['deal'])} is not game {index}'s deal {task.deal}")
        seats = list(task.seats)
        if info["seats"] != seats:
            raise ValueError(f"its seats {show(info['seats'])} are not game {index}'s seats {seats}")
        agents = [spec.agents[e] for e in seats]
        if info.get("agents", agents) != agents:
            raise ValueError(f"its agents {show(info['agents'])} are not game {index}'s agents")
        if record.returns is None:
            raise ValueError("it has no returns (the game did not finish)")
        scores = expect_list("its meta 'scores'", record.meta.get("scores", []))
        if len(scores) > spec.players:
            raise ValueError(f"it has {len(scores)} scores for {spec.players} players")
        for score in scores:
            expect_number("a score", score, -1e9, 1e9)
        duration = expect_number("its duration", record.meta.get("duration", 0.0), 0.0, 1e9)
        record.validate()  # every action legal, the returns and scores those of the replayed game
        return {
            "index": index,
            "seed": record.seed,
            "seats": seats,
            "agents": agents,
            "returns": list(record.returns),
            "scores": scores,
            "length": len(record.actions),
            "duration": duration,
            "first_player": record_first_player(record),
            "record": text,
        }

    def add(self, result: JsonDict) -> None:
        """Store a finished game: its record file now, the databases in batches.

        Once its record is on disk the result (without the record text) is handed out by
        :meth:`take_written`.  Raises :class:`StorageError` when a record could not be written
        (e.g. the disk is full).
        """
        compact = {k: v for k, v in result.items() if k != "record"}
        self._writes.append(
            (self._writer.submit(write_atomic, self.record_path(result["index"]), result["record"]), compact)
        )
        self._check_writes(wait=len(self._writes) > 256)
        self._unsynced.append(result)
        if len(self._unsynced) >= 200 or time.monotonic() - self._last_sync > 2.0:
            self.sync_databases(status="running", done=None)

    def take_written(self) -> list[JsonDict]:
        """Results (without record text) whose record file has been written since the last call."""
        self._check_writes(wait=False)
        out, self._written = self._written, []
        return out

    def add_failure(self, result: JsonDict) -> None:
        """Store a failed game's error and traceback in ``failed/`` (the game stays to be played)."""
        self._writes.append(
            (
                self._writer.submit(
                    write_atomic,
                    self.path / FAILED_DIR / f"game-{result['index']:06d}.json",
                    json.dumps(
                        {k: result[k] for k in ("index", "seed", "seats", "agents", "error", "traceback")},
                        indent=2,
                    ),
                ),
                None,
            )
        )
        self._check_writes(wait=False)

    def clear_failures(self) -> None:
        """Forget failures of earlier sessions (their games are played again); anything there that
        is not a file (a folder of that name) is not ours and is left alone."""
        for f in (self.path / FAILED_DIR).glob("game-*.json"):
            if f.is_file() or f.is_symlink():
                f.unlink()

    def _check_writes(self, wait: bool) -> None:
        """Raise :class:`StorageError` for a failed record write (waiting for all of them if ``wait``);
        results whose record is written go to :meth:`take_written`."""
        pending: list[tuple[Future[None], JsonDict | None]] = []
        error: OSError | None = None
        for fut, compact in self._writes:
            if wait or fut.done():
                try:
                    fut.result()
                except OSError as exc:
                    error = error or exc
                    continue
                if compact is not None:
                    self._written.append(compact)
            else:
                pending.append((fut, compact))
        self._writes = pending
        if error is not None:
            raise StorageError(f"cannot write to {str(self.path)!r}: {error.strerror or error}") from None

    def flush_records(self) -> None:
        """Wait until every record file is on disk (:class:`StorageError` if one could not be written)."""
        self._check_writes(wait=True)

    def sync_databases(self, status: str, done: int | None) -> None:
        """Write pending games (and, with ``done``, the tournament row) to every database.

        Raises :class:`StorageError` if a database stays locked or cannot be written.
        """
        batch, self._unsynced = self._unsynced, []
        out_dir = os.path.abspath(self.path)
        for db in self.dbs:
            if batch:
                db.put_games(self.id, self.spec, batch, out_dir, self.created)
            if done is not None:
                db.put_tournament(self.id, self.spec, done, status, out_dir, self.created)
        self._last_sync = time.monotonic()

    def resync(self, done: bytearray) -> None:
        """Make sure every stored game (``done[index]`` set, e.g. from before a resume) is in
        every database; the records are read again in batches, so memory stays flat."""
        count = 0
        for index, flag in enumerate(done):
            if not flag:
                continue
            path = self.record_path(index)
            text = read_text(path, "a game record")
            record = GameRecord.loads(text)
            if record.returns is None:
                raise ValueError(f"--resume: game file {path} has no returns (the game did not finish)")
            task = task_at(self.spec, index)
            self._unsynced.append(
                {
                    "index": index,
                    "seed": record.seed,
                    "seats": list(task.seats),
                    "agents": list(task.agents),
                    "returns": list(record.returns),
                    "scores": list(record.meta.get("scores", [])),
                    "length": len(record.actions),
                    "duration": float(record.meta.get("duration", 0.0)),
                    "record": text,
                }
            )
            count += 1
            if len(self._unsynced) >= 200:
                self.sync_databases(status="running", done=None)
        self.sync_databases(status="running", done=count)

    # -- summaries -------------------------------------------------------------------
    def write_csv(self, done: bytearray) -> None:
        """Write ``games.csv`` from ``tournament.sqlite``: one row per stored game (``done[index]``
        set), by index, streamed."""
        n = self.spec.players
        local = self.dbs[0].conn if self.dbs else None
        tmp = self.path / "games.csv.tmp"
        with open(tmp, "w", encoding="utf-8", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(
                ["index", "deal", "seed"]
                + [f"seat{i}" for i in range(n)]
                + [f"return{i}" for i in range(n)]
                + [f"score{i}" for i in range(n)]
                + ["length", "duration", "record"]
            )
            rows = (
                ()
                if local is None
                else local.execute(
                    "SELECT idx, seed, agents, returns, scores, length, duration FROM games "
                    "WHERE tournament_id = ? ORDER BY idx",
                    (self.id,),
                )
            )
            for idx, seed, agents, returns, scores, length, duration in rows:
                if idx >= len(done) or not done[idx]:
                    continue
                scores = json.loads(scores)
                scores = list(scores) + [""] * (n - len(scores))
                w.writerow(
                    [idx, task_at(self.spec, idx).deal_id, seed]
                    + json.loads(agents)
                    + [_num(x) for x in json.loads(returns)]
                    + [_num(x) for x in scores[:n]]
                    + [length, f"{duration:.6f}", f"{GAMES_DIR}/{self.record_path(idx).name}"]
                )
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path / "games.csv")

    def write_results(self, summary: JsonDict) -> None:
        """Write ``results.json`` (a :func:`~ai.tournament.results.summarize` document)."""
        write_atomic(self.path / "results.json", json.dumps(summary, indent=2))

    def close(self) -> None:
        """Finish pending record writes, close the databases, release the lock.

        Write errors were reported by :meth:`flush_records`; closing never raises them again.
        """
        self._writer.shutdown(wait=True)
        self._writes = []
        for db in self.dbs:
            db.close()
        self.dbs = []
        if self._lock_handle is not None:
            self._lock_handle.close()
            self._lock_handle = None


def _num(x: object) -> object:
    if isinstance(x, float) and x.is_integer():
        return str(int(x)) if abs(x) < 1e15 else repr(x)
    return x

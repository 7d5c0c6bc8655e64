"""The game history: a SQLite database in the user data folder (``history.sqlite3``).

API (all on :class:`HistoryStore`; every method raises :class:`HistoryError` on a database fault)::

    store = HistoryStore()                   # default_path(): <data_dir()>/history.sqlite3
    store.record_game(entry) -> int          # one transaction; the same key updates the game (same id)
    store.games(profile_id=None, game=None, status=None) -> list[GameEntry]   # oldest first
    store.game(game_id) -> GameEntry | None
    store.create_profile(name, colour=None) -> Profile      # ProfileError: empty/too_long/taken...
    store.update_profile(profile_id, name=None, colour=None) -> Profile
    store.profiles() -> list[Profile]        # oldest first
    store.profile(profile_id) / store.profile_named(name) -> Profile | None
    store.local_profile() -> Profile | None  # the player at this screen (None: not asked yet)
    store.set_local_profile(profile_id)
    store.take_notices() -> list[str]        # said once: a damaged file set aside and replaced
    store.first_report(error) -> bool        # True the first time this kind of fault is met
    store.close()

Faults: the schema is versioned with ``PRAGMA user_version`` and migrated step by step
(:data:`MIGRATIONS`, one list of statements per step; a newer file is refused, kind ``newer``,
and left alone).  Several clients may use the file at once (WAL journal, a busy timeout, and every
write in one ``BEGIN IMMEDIATE`` transaction).  A damaged file (not a database, or failing
``PRAGMA quick_check``) is renamed ``history.broken-<date-time>.sqlite3`` beside it (never deleted),
a new one is made and a notice says so once.  A locked, read-only or full database raises
:class:`HistoryError` (kind ``locked``, ``readonly``, ``full``, else ``io``) with one line; the
transaction is rolled back, so nothing stored before is lost, and the caller plays on.
"""

from __future__ import annotations

import errno
import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .entry import FINISHED, STATUSES, GameEntry, SeatResult
from .profiles import Profile, ProfileError, check_colour, clean_name, name_key, next_colour

DB_NAME = "history.sqlite3"
#: Seconds a write waits for another client's transaction before giving up as ``locked``.
BUSY_TIMEOUT = 3.0
#: ``MIGRATIONS[v]`` takes a database from schema version ``v`` to ``v + 1`` (0: a new file).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE profiles (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            colour TEXT NOT NULL,
            created REAL NOT NULL)""",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            options TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('finished', 'abandoned')),
            started_at REAL NOT NULL,
            ended_at REAL NOT NULL,
            moves INTEGER NOT NULL,
            undos INTEGER NOT NULL,
            hints INTEGER NOT NULL,
            rated INTEGER NOT NULL,
            replay TEXT)""",
        "CREATE INDEX games_by_end ON games (ended_at, id)",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            profile_id INTEGER REFERENCES profiles (id),
            bot TEXT,
            rank INTEGER,
            points REAL,
            started INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat))""",
        "CREATE INDEX seats_by_profile ON seats (profile_id)",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
FAULT_KINDS = ("locked", "readonly", "full", "newer", "io")
T = TypeVar("T")


class HistoryError(Exception):
    """The history cannot be read or written now; ``kind`` is one of :data:`FAULT_KINDS`, the
    message is one line naming the file.  Nothing stored before is lost."""

    def __init__(self, message: str, kind: str, path: Path) -> None:
        super().__init__(message)
        self.kind = kind
        self.path = path


class _Damaged(Exception):
    """The file is not a usable database (internal: it is set aside and replaced)."""


def default_path() -> Path:
    """``<user data folder>/history.sqlite3`` (``TRIO_DATA_DIR`` moves the folder, for tests)."""
    from game.client.settings import data_dir

    return data_dir() / DB_NAME


def _connect(path: Path, timeout: float) -> sqlite3.Connection:
    """Open the file (autocommit: transactions are begun explicitly)."""
    return sqlite3.connect(str(path), timeout=timeout, isolation_level=None)


def fault_kind(exc: BaseException) -> str:
    """What a database or file error means for the player: ``damaged``, ``locked``, ``readonly``,
    ``full`` or ``io``."""
    text = str(exc).lower()
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
            return "full"
        return "readonly" if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM) else "io"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return "damaged"
    if "locked" in text or "busy" in text:
        return "locked"
    if "readonly" in text or "read-only" in text:
        return "readonly"
    if "full" in text:
        return "full"
    return "io"


_MESSAGES = {
    "locked": "the game history {path} is locked by another program; try again later",
    "readonly": "the game history {path} cannot be written (read-only): {error}",
    "full": "the disk holding the game history {path} is full: {error}",
    "newer": "the game history {path} was written by a newer version of Tabletop Trio; it is left as it is",
    "io": "the game history {path} cannot be used: {error}",
}


def set_aside(path: Path, now: float | None = None) -> Path:
    """Rename a damaged database (and its ``-wal``/``-shm`` files) to
    ``history.broken-<date-time>.sqlite3``; returns the new path.  ``OSError`` if it cannot."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    target = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.broken-{stamp}-{n}{path.suffix}")
    path.rename(target)
    for extra in ("-wal", "-shm"):
        companion = path.with_name(path.name + extra)
        if companion.exists():
            companion.rename(target.with_name(target.name + extra))
    return target


class HistoryStore:
    """The history database, opened on first use (see the module docstring for the API)."""

    def __init__(self, path: Path | None = None, timeout: float = BUSY_TIMEOUT) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.timeout = timeout
        self._conn: sqlite3.Connection | None = None
        self._notices: list[str] = []
        self._reported: set[str] = set()
        #: Where the last damaged file went (``None``: none was met).
        self.set_aside_path: Path | None = None

    # -- opening -----------------------------------------------------------------
    def _error(self, exc: BaseException, kind: str | None = None) -> HistoryError:
        kind = kind or fault_kind(exc)
        kind = kind if kind in _MESSAGES else "io"
        error = " ".join(str(exc).split()) or type(exc).__name__
        return HistoryError(_MESSAGES[kind].format(path=self.path, error=error), kind, self.path)

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = self._open()
        return self._conn

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise self._error(exc) from None
        try:
            return self._open_checked()
        except _Damaged as damaged:
            self._set_aside(str(damaged))
            try:
                return self._open_checked()
            except _Damaged as again:  # a new file cannot be damaged unless the disk is failing
                raise self._error(again, "io") from None

    def _set_aside(self, reason: str) -> None:
        """Rename the damaged file out of the way (never deleted) and note it for the player."""
        try:
            moved = set_aside(self.path)
        except OSError as exc:
            raise self._error(exc) from None
        self.set_aside_path = moved
        self._notices.append(
            f"the game history {self.path} was damaged ({reason}); it was set aside as {moved.name} "
            "and a new one started"
        )

    def _open_checked(self) -> sqlite3.Connection:
        try:
            conn = _connect(self.path, self.timeout)
        except sqlite3.Error as exc:
            raise self._error(exc) from None
        try:
            self._prepare(conn)
        except sqlite3.Error as exc:
            conn.close()
            if fault_kind(exc) == "damaged":
                raise _Damaged(" ".join(str(exc).split())) from None
            raise self._error(exc) from None
        except BaseException:
            conn.close()
            raise
        return conn

    def _prepare(self, conn: sqlite3.Connection) -> None:
        """Check the file, switch to WAL and migrate it to :data:`SCHEMA_VERSION`."""
        conn.execute("PRAGMA foreign_keys = ON")
        result = conn.execute("PRAGMA quick_check").fetchone()
        if result is None or result[0] != "ok":
            raise _Damaged(f"quick_check: {result[0] if result else 'no answer'}")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise HistoryError(_MESSAGES["newer"].format(path=self.path), "newer", self.path)
        if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            try:
                conn.execute("PRAGMA journal_mode = WAL")
            except sqlite3.OperationalError as exc:
                if fault_kind(exc) != "readonly":  # a read-only file is still read
                    raise
        if version < SCHEMA_VERSION:
            self._migrate(conn)

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]  # another client may have done it
            for step in MIGRATIONS[version:]:
                for statement in step:
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def schema_version(self) -> int:
        """The open file's ``PRAGMA user_version``."""
        return self._read(lambda c: int(c.execute("PRAGMA user_version").fetchone()[0]))

    # -- faults --------------------------------------------------------------------
    def take_notices(self) -> list[str]:
        """What the player should be told once (a damaged file set aside); emptied by the call."""
        notices, self._notices = self._notices, []
        return notices

    def first_report(self, error: HistoryError) -> bool:
        """True the first time a fault of ``error.kind`` is met by this store (report it then only)."""
        if error.kind in self._reported:
            return False
        self._reported.add(error.kind)
        return True

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        return self._run(work, write=False)

    def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in one ``BEGIN IMMEDIATE`` transaction: all of it is stored, or none."""
        return self._run(work, write=True)

    def _run(self, work: Callable[[sqlite3.Connection], T], write: bool) -> T:
        """``work`` on the connection; a file found damaged on the way is set aside and replaced,
        and ``work`` runs once more on the new one."""
        try:
            return self._attempt(work, write)
        except _Damaged as damaged:
            self.close()
            self._set_aside(str(damaged))
            try:
                return self._attempt(work, write)
            except _Damaged as again:
                raise self._error(again, "io") from None

    def _attempt(self, work: Callable[[sqlite3.Connection], T], write: bool) -> T:
        conn = self._connection()
        try:
            if write:
                conn.execute("BEGIN IMMEDIATE")
            result = work(conn)
            if write:
                conn.execute("COMMIT")
            return result
        except sqlite3.Error as exc:
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            if fault_kind(exc) == "damaged":
                raise _Damaged(" ".join(str(exc).split())) from None
            raise self._error(exc) from None
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    # -- games -------------------------------------------------------------------------
    def record_game(self, entry: GameEntry) -> int:
        """Store a game (its row and its seats in one transaction); returns its id.  A game already
        stored under the same key is updated in place, keeping its id (an abandoned game resumed and
        finished), except that
        a finished game is never replaced by an abandoned one."""

        def work(conn: sqlite3.Connection) -> int:
            row = conn.execute("SELECT id, status FROM games WHERE key = ?", (entry.key,)).fetchone()
            if row is not None and row[1] == FINISHED and entry.status != FINISHED:
                return int(row[0])
            values = (
                entry.game,
                entry.players,
                json.dumps(entry.options, default=list, sort_keys=True),
                entry.status,
                entry.started_at,
                entry.ended_at,
                entry.moves,
                entry.undos,
                entry.hints,
                int(entry.rated),
                entry.replay,
            )
            if row is not None:  # the same game again: its id stays, its seats are written anew
                game_id = int(row[0])
                conn.execute(
                    "UPDATE games SET game = ?, players = ?, options = ?, status = ?, started_at = ?,"
                    " ended_at = ?, moves = ?, undos = ?, hints = ?, rated = ?, replay = ? WHERE id = ?",
                    (*values, game_id),
                )
                conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            else:
                cursor = conn.execute(
                    "INSERT INTO games (game, players, options, status, started_at, ended_at, moves,"
                    " undos, hints, rated, replay, key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*values, entry.key),
                )
                game_id = int(cursor.lastrowid or 0)
            conn.executemany(
                "INSERT INTO seats (game_id, seat, profile_id, bot, rank, points, started)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, s.seat, s.profile_id, s.bot, s.rank, s.points, int(s.started))
                    for s in entry.seats
                ],
            )
            return game_id

        if entry.status not in STATUSES:
            raise ValueError(f"unknown status {entry.status!r}")
        return self._write(work)

    def games(
        self, profile_id: int | None = None, game: str | None = None, status: str | None = None
    ) -> list[GameEntry]:
        """The stored games, oldest first (by their end): all, or those where ``profile_id`` sat,
        of ``game``, with ``status`` (``finished``/``abandoned``)."""
        where: list[str] = []
        args: list[object] = []
        if profile_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE profile_id = ?)")
            args.append(profile_id)
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if status is not None:
            where.append("status = ?")
            args.append(status)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        return self._read(lambda conn: self._entries(conn, clause, args))

    def game(self, game_id: int) -> GameEntry | None:
        found = self._read(lambda conn: self._entries(conn, " WHERE id = ?", [game_id]))
        return found[0] if found else None

    @staticmethod
    def _entries(conn: sqlite3.Connection, clause: str, args: list[object]) -> list[GameEntry]:
        rows = conn.execute(
            "SELECT id, key, game, players, options, status, started_at, ended_at, moves, undos, hints,"
            f" rated, replay FROM games{clause} ORDER BY ended_at, id",
            args,
        ).fetchall()
        seats: dict[int, list[SeatResult]] = {}
        ids = [row[0] for row in rows]
        for chunk in range(0, len(ids), 500):
            part = ids[chunk : chunk + 500]
            marks = ",".join("?" * len(part))
            for game_id, seat, profile_id, bot, rank, points, started in conn.execute(
                "SELECT game_id, seat, profile_id, bot, rank, points, started FROM seats"
                f" WHERE game_id IN ({marks}) ORDER BY game_id, seat",
                part,
            ):
                seats.setdefault(game_id, []).append(
                    SeatResult(seat, profile_id, bot, rank, points, bool(started))
                )
        return [
            GameEntry(
                key=key,
                game=game,
                players=players,
                options=json.loads(options),
                status=status,
                started_at=started_at,
                ended_at=ended_at,
                moves=moves,
                undos=undos,
                hints=hints,
                rated=bool(rated),
                replay=replay,
                seats=tuple(seats.get(game_id, ())),
                id=game_id,
            )
            for (
                game_id,
                key,
                game,
                players,
                options,
                status,
                started_at,
                ended_at,
                moves,
                undos,
                hints,
                rated,
                replay,
            ) in rows
        ]

    # -- profiles ------------------------------------------------------------------------
    def profiles(self) -> list[Profile]:
        """Every profile, oldest first."""
        return self._read(
            lambda conn: [
                Profile(*row)
                for row in conn.execute("SELECT id, name, colour, created FROM profiles ORDER BY created, id")
            ]
        )

    def profile(self, profile_id: int) -> Profile | None:
        row = self._read(
            lambda conn: conn.execute(
                "SELECT id, name, colour, created FROM profiles WHERE id = ?", (profile_id,)
            ).fetchone()
        )
        return Profile(*row) if row else None

    def profile_named(self, name: str) -> Profile | None:
        """The profile called ``name`` (ignoring case and spacing); ``None`` if none is."""
        try:
            key = name_key(name)
        except ProfileError:
            return None
        row = self._read(
            lambda conn: conn.execute(
                "SELECT id, name, colour, created FROM profiles WHERE name_key = ?", (key,)
            ).fetchone()
        )
        return Profile(*row) if row else None

    def create_profile(self, name: str, colour: str | None = None, now: float | None = None) -> Profile:
        """A new profile (:class:`ProfileError` for a bad or taken name, a bad colour); without a
        colour, the first of the palette no one has."""
        name = clean_name(name)
        key = name_key(name)
        chosen = check_colour(colour) if colour is not None else None
        created = time.time() if now is None else now

        def work(conn: sqlite3.Connection) -> Profile:
            if conn.execute("SELECT 1 FROM profiles WHERE name_key = ?", (key,)).fetchone():
                raise ProfileError(f"a profile called {name!r} already exists", "taken")
            used = [row[0] for row in conn.execute("SELECT colour FROM profiles")]
            final = chosen or next_colour(used)
            cursor = conn.execute(
                "INSERT INTO profiles (name, name_key, colour, created) VALUES (?, ?, ?, ?)",
                (name, key, final, created),
            )
            return Profile(int(cursor.lastrowid or 0), name, final, created)

        return self._write(work)

    def update_profile(self, profile_id: int, name: str | None = None, colour: str | None = None) -> Profile:
        """Rename a profile and/or change its colour (:class:`ProfileError` as for a new one, or
        ``KeyError`` if there is no such profile); its games stay its own."""
        new_name = clean_name(name) if name is not None else None
        new_colour = check_colour(colour) if colour is not None else None

        def work(conn: sqlite3.Connection) -> Profile:
            row = conn.execute(
                "SELECT id, name, colour, created FROM profiles WHERE id = ?", (profile_id,)
            ).fetchone()
            if row is None:
                raise KeyError(profile_id)
            current = Profile(*row)
            final_name = new_name or current.name
            key = name_key(final_name)
            clash = conn.execute(
                "SELECT 1 FROM profiles WHERE name_key = ? AND id != ?", (key, profile_id)
            ).fetchone()
            if clash:
                raise ProfileError(f"a profile called {final_name!r} already exists", "taken")
            final_colour = new_colour or current.colour
            conn.execute(
                "UPDATE profiles SET name = ?, name_key = ?, colour = ? WHERE id = ?",
                (final_name, key, final_colour, profile_id),
            )
            return Profile(profile_id, final_name, final_colour, current.created)

        return self._write(work)

    def local_profile(self) -> Profile | None:
        """The profile of the player at this screen (``None``: not chosen yet, ask them)."""
        row = self._read(
            lambda conn: conn.execute("SELECT value FROM meta WHERE key = 'local_profile'").fetchone()
        )
        if row is None or not str(row[0]).isdigit():
            return None
        return self.profile(int(row[0]))

    def set_local_profile(self, profile_id: int) -> None:
        """Make ``profile_id`` the player at this screen (``KeyError`` if there is no such profile)."""

        def work(conn: sqlite3.Connection) -> None:
            if not conn.execute("SELECT 1 FROM profiles WHERE id = ?", (profile_id,)).fetchone():
                raise KeyError(profile_id)
            conn.execute(
                "INSERT INTO meta (key, value) VALUES ('local_profile', ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (str(profile_id),),
            )

        self._write(work)

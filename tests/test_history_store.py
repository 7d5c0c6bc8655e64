"""The history database: schema and migration, one transaction per game, several clients at once,
and every fault (damaged, locked, read-only, full) reported as one HistoryError losing nothing."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.history import store as store_module
from game.history.entry import ABANDONED, FINISHED
from game.history.profiles import ProfileError, default_name
from game.history.store import SCHEMA_VERSION, HistoryError, HistoryStore
from tests.history_helpers import abandoned, finished_record, loss, win


@pytest.fixture
def path(tmp_path) -> Path:
    return tmp_path / "data" / "history.sqlite3"


def with_anna(path: Path, **kw) -> HistoryStore:
    """A store whose profile 1 is Anna (the helpers' games are profile 1's)."""
    store = HistoryStore(path, **kw)
    if store.profile(1) is None:
        store.create_profile("Anna")
    return store


def test_a_new_file_has_the_current_schema(path):
    store = HistoryStore(path)
    assert store.games() == [] and store.profiles() == [] and store.local_profile() is None
    assert store.schema_version() == SCHEMA_VERSION == 1
    with sqlite3.connect(path) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"profiles", "games", "seats", "meta"} <= tables
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_default_path_is_in_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "d"))
    assert HistoryStore().path == tmp_path / "d" / "history.sqlite3"


def test_an_empty_version_0_file_is_migrated(path):
    path.parent.mkdir(parents=True)
    sqlite3.connect(path).close()  # an empty database: user_version 0
    assert path.exists() and path.stat().st_size == 0
    store = with_anna(path)
    store.record_game(win(1))
    assert store.schema_version() == SCHEMA_VERSION and len(store.games()) == 1


def test_a_later_migration_step_keeps_the_games(path, monkeypatch):
    store = HistoryStore(path)
    profile = store.create_profile("Anna")
    store.record_game(win(1, profile.id))
    store.close()
    step = ("CREATE TABLE ratings (profile_id INTEGER, mu REAL)", "INSERT INTO ratings VALUES (1, 25.0)")
    monkeypatch.setattr(store_module, "MIGRATIONS", (*store_module.MIGRATIONS, step))
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    again = HistoryStore(path)
    assert again.schema_version() == SCHEMA_VERSION + 1
    assert [e.key for e in again.games(profile.id)] == ["hacktrick:1"]
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT mu FROM ratings").fetchall() == [(25.0,)]


def test_a_file_from_a_newer_version_is_left_alone(path):
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    before = path.read_bytes()
    with pytest.raises(HistoryError) as caught:
        HistoryStore(path).games()
    assert caught.value.kind == "newer" and "newer version" in str(caught.value)
    assert path.read_bytes() == before


def test_a_game_and_its_seats_are_one_transaction(path):
    store = with_anna(path)
    statements: list[str] = []
    store._connection().set_trace_callback(statements.append)
    store.record_game(win(1))
    writes = [s.split()[0].upper() for s in statements if not s.upper().startswith("SELECT")]
    assert writes == ["BEGIN", "INSERT", "INSERT", "INSERT", "COMMIT"]  # the game, its two seats


def test_a_failure_half_way_stores_nothing_of_that_game(path, monkeypatch):
    store = with_anna(path)
    store.record_game(win(1))
    bad = win(2)
    bad = type(bad)(**{**bad.__dict__, "seats": (bad.seats[0], bad.seats[0])})  # the same seat twice
    with pytest.raises(HistoryError):
        store.record_game(bad)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT key FROM games").fetchall() == [("hacktrick:1",)]
        assert conn.execute("SELECT count(*) FROM seats").fetchone()[0] == 2


def test_a_resumed_game_that_finishes_replaces_its_abandoned_entry(path):
    store = with_anna(path)
    first = store.record_game(abandoned(1))
    again = store.record_game(win(1))
    assert [(e.status, e.seats[0].rank) for e in store.games()] == [(FINISHED, 1)]
    store.record_game(abandoned(1))  # never the other way round
    assert [e.status for e in store.games()] == [FINISHED] and first == again  # the same id


def test_entries_read_back_as_written(path):
    store = HistoryStore(path)
    anna = store.create_profile("Anna")
    record = finished_record()
    from game.history import entry_from_record

    written = entry_from_record(
        record, ["human", "random"], [anna.id, None], replay="/x/1.json", ended_at=5.0
    )
    game_id = store.record_game(written)
    back = store.game(game_id)
    assert back == written and back.id == game_id
    assert store.games(anna.id, game="ratjack") == [] and store.games(status=ABANDONED) == []


def test_two_processes_write_at_once(path):
    with_anna(path)  # the file exists, migrated, with profile 1
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
        from game.history.store import HistoryStore
        from tests.history_helpers import win
        store = HistoryStore(__import__("pathlib").Path({str(path)!r}), timeout=20)
        for n in range(25):
            store.record_game(win(int(sys.argv[1]) * 100 + n))
        """
    )
    procs = [subprocess.Popen([sys.executable, "-c", script, str(k)]) for k in (1, 2)]
    store = HistoryStore(path)
    for n in range(25):  # and this process too, meanwhile
        store.record_game(win(300 + n))
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    keys = {e.key for e in store.games()}
    assert len(keys) == 75


def test_a_locked_database_is_one_error_and_loses_nothing(path):
    store = with_anna(path, timeout=0.2)
    store.record_game(win(1))
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another client in the middle of its own write
    try:
        with pytest.raises(HistoryError) as caught:
            store.record_game(win(2))
        assert caught.value.kind == "locked" and "\n" not in str(caught.value)
        assert [e.key for e in store.games()] == ["hacktrick:1"]  # reading still works
    finally:
        other.execute("ROLLBACK")
        other.close()
    store.record_game(win(2))  # once it is free, the next write goes through
    assert len(store.games()) == 2


def test_a_damaged_file_is_set_aside_and_replaced(path):
    path.parent.mkdir(parents=True)
    junk = b"this is not a database, but it was someone's file" * 100
    path.write_bytes(junk)
    store = with_anna(path)
    assert store.games() == []
    notices = store.take_notices()
    assert len(notices) == 1 and "set aside" in notices[0] and store.take_notices() == []
    kept = list(path.parent.glob("history.broken-*.sqlite3"))
    assert kept == [store.set_aside_path] and kept[0].read_bytes() == junk  # never deleted
    store.record_game(win(1))
    assert len(HistoryStore(path).games()) == 1


def test_a_database_with_damaged_pages_is_set_aside(path):
    store = with_anna(path)
    for n in range(200):
        store.record_game(win(n))
    store._connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[2 * page : 6 * page] = b"\xa5" * (4 * page)  # scribble over pages of the tables
    path.write_bytes(bytes(data))
    again = HistoryStore(path)
    assert again.games() == [] and len(again.take_notices()) == 1
    assert again.set_aside_path is not None and again.set_aside_path.read_bytes() == bytes(data)


def _read_only(path: Path, timeout: float) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=timeout, isolation_level=None)


def test_a_read_only_database_is_read_and_refuses_writes_in_one_line(path, monkeypatch):
    store = HistoryStore(path)
    anna = store.create_profile("Anna")
    store.record_game(win(1, anna.id))
    store.close()
    monkeypatch.setattr(store_module, "_connect", _read_only)  # as a file on a read-only disk opens
    ro = HistoryStore(path)
    assert [e.key for e in ro.games(anna.id)] == ["hacktrick:1"]
    with pytest.raises(HistoryError) as caught:
        ro.record_game(win(2, anna.id))
    assert caught.value.kind == "readonly" and "\n" not in str(caught.value)
    assert ro.first_report(caught.value) and not ro.first_report(caught.value)  # said once
    with pytest.raises(HistoryError):
        ro.create_profile("Bob")
    monkeypatch.undo()
    assert [e.key for e in HistoryStore(path).games()] == ["hacktrick:1"]


class FullDisk(sqlite3.Connection):
    """A connection whose inserts fail as on a full disk."""

    def execute(self, sql, *args):  # type: ignore[override]
        if sql.lstrip().upper().startswith("INSERT"):
            raise sqlite3.OperationalError("database or disk is full")
        return super().execute(sql, *args)

    def executemany(self, sql, *args):  # type: ignore[override]
        raise sqlite3.OperationalError("database or disk is full")


def test_a_full_disk_is_one_error_and_loses_nothing(path, monkeypatch):
    store = with_anna(path)
    store.record_game(win(1))
    store.close()

    def full(p, timeout):
        return sqlite3.connect(str(p), timeout=timeout, isolation_level=None, factory=FullDisk)

    monkeypatch.setattr(store_module, "_connect", full)
    store = HistoryStore(path)
    with pytest.raises(HistoryError) as caught:
        store.record_game(win(2))
    assert caught.value.kind == "full" and "full" in str(caught.value)
    assert not store._connection().in_transaction  # rolled back
    assert [e.key for e in store.games()] == ["hacktrick:1"]


def test_a_folder_that_cannot_be_made_is_one_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(HistoryError) as caught:
        HistoryStore(blocker / "sub" / "history.sqlite3").games()
    assert "\n" not in str(caught.value)


def test_profiles_with_japanese_names_and_their_checks(path):
    store = HistoryStore(path)
    taro = store.create_profile("  山田　太郎 ")  # an ideographic space inside
    assert taro.name == "山田 太郎" and taro.colour.startswith("#")
    anna = store.create_profile("Anna")
    assert anna.colour != taro.colour  # the next colour of the palette
    assert store.profile_named("ANNA") == anna and store.profile_named("山田 太郎") == taro
    for bad, kind in (("anna", "taken"), ("   ", "empty"), ("x" * 25, "too_long"), ("a\x07b", "control")):
        with pytest.raises(ProfileError) as caught:
            store.create_profile(bad)
        assert caught.value.kind == kind
    with pytest.raises(ProfileError):
        store.create_profile("Zoe", colour="blue")
    store.record_game(win(1, taro.id))
    renamed = store.update_profile(taro.id, name="たろう", colour="#112233")
    assert (renamed.name, renamed.colour) == ("たろう", "#112233")
    assert store.games(taro.id)[0].seats[0].profile_id == taro.id  # the games stay theirs
    with pytest.raises(ProfileError):
        store.update_profile(taro.id, name="Anna")
    assert [p.name for p in store.profiles()] == ["たろう", "Anna"]
    store.set_local_profile(anna.id)
    assert HistoryStore(path).local_profile() == anna
    with pytest.raises(KeyError):
        store.set_local_profile(99)


def test_the_default_name_is_the_account_s_when_it_is_a_name(monkeypatch):
    import getpass

    for account, expected in (("anna", "Anna"), ("mary_jo", "Mary jo"), ("山田", "山田"), ("root", "Player")):
        monkeypatch.setattr(getpass, "getuser", lambda a=account: a)
        assert default_name("Player") == expected

    def nobody():
        raise OSError("no user")

    monkeypatch.setattr(getpass, "getuser", nobody)
    assert default_name("プレイヤー") == "プレイヤー"


def test_stored_statistics_come_from_the_stored_games(path):
    from game.history import tally

    store = HistoryStore(path)
    anna = store.create_profile("Anna")
    for n, made in enumerate((win, win, loss, win)):
        store.record_game(made(n, anna.id))
    total = tally(store.games(anna.id), anna.id).total
    assert (total.games, total.wins, total.best_streak, total.current_streak) == (4, 3, 2, 1)


class DamagedOnce(sqlite3.Connection):
    """A connection that finds the file damaged at its first read of the games."""

    damaged = True

    def execute(self, sql, *args):  # type: ignore[override]
        if DamagedOnce.damaged and "FROM games" in sql:
            DamagedOnce.damaged = False
            raise sqlite3.DatabaseError("database disk image is malformed")
        return super().execute(sql, *args)


def test_damage_found_while_in_use_is_set_aside_and_the_work_done_on_a_new_file(path, monkeypatch):
    store = with_anna(path)
    store.record_game(win(1))
    store.close()
    before = path.read_bytes()

    def damaged(p, timeout):
        return sqlite3.connect(str(p), timeout=timeout, isolation_level=None, factory=DamagedOnce)

    monkeypatch.setattr(store_module, "_connect", damaged)
    store = HistoryStore(path)
    assert store.games() == []  # read again from the new, empty file
    assert len(store.take_notices()) == 1 and store.set_aside_path is not None
    assert store.set_aside_path.read_bytes()[:100] == before[:100]  # kept, not deleted

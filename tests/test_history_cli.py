"""``tabletop-trio stats``: a table or JSON of the local profile's record (or --profile's); an
empty record for a new player; bad input one line, exit 2; a database fault one line, exit 1."""

from __future__ import annotations

import json

import pytest

from game import cli
from game.history import HistoryStore
from tests.history_helpers import abandoned, entry, loss, win

NORMAL = "mcts:level=normal"


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def stats(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(["stats", *argv])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def fill(data) -> HistoryStore:
    store = HistoryStore()
    anna = store.create_profile("Anna")
    taro = store.create_profile("山田太郎")
    store.set_local_profile(anna.id)
    for made in (
        win(1, anna.id, bot=NORMAL),
        win(2, anna.id, bot=NORMAL, undos=1),
        loss(3, anna.id, bot=NORMAL),
    ):
        store.record_game(made)
    store.record_game(abandoned(4, anna.id, bot=NORMAL))
    store.record_game(
        entry(5, [(anna.id, None, 2, 10), (taro.id, None, 1, 25), (None, NORMAL, 3, 3)], game="ratjack")
    )
    return store


def test_a_new_player_gets_an_empty_record(data, capsys):
    code, out, err = stats(capsys)
    assert code == 0 and err == ""
    assert "No games recorded yet." in out and "total" in out
    code, out, _ = stats(capsys, "--json")
    report = json.loads(out)
    assert code == 0 and report["profile"] is None and report["groups"] == []
    assert report["total"]["games"] == 0 and report["total"]["win_rate"] is None


def test_the_table_shows_each_group_and_the_total(data, capsys):
    fill(data)
    code, out, err = stats(capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Statistics of Anna"
    normal = next(line for line in lines if line.startswith("Hacktrick"))
    assert normal.split()[:4] == ["Hacktrick", "2", "Normal", "bot"]
    assert normal.split()[4:9] == ["3", "2", "67%", "0", "2"]  # games, wins, win %, streak, best
    assert next(line for line in lines if line.startswith("Ratjack")).split()[2] == "mixed"
    total = next(line for line in lines if line.startswith("total")).split()
    assert total[:3] == ["total", "4", "2"] and total[-2:] == ["1", "1"]  # unrated, abandoned
    assert "1 of the games were played with undo or hints" in out


def test_json_with_filters_and_another_profile(data, capsys):
    fill(data)
    code, out, _ = stats(capsys, "--json", "--game", "hacktrick")
    report = json.loads(out)
    assert code == 0 and report["profile"]["name"] == "Anna"
    assert report["filters"]["game"] == "hacktrick"
    assert [(g["game"], g["opponents"]) for g in report["groups"]] == [("hacktrick", NORMAL)]
    group = report["groups"][0]
    assert (group["games"], group["wins"], group["abandoned"], group["unrated"]) == (3, 2, 1, 1)
    assert group["best_streak"] == 2 and group["current_streak"] == 0
    code, out, _ = stats(capsys, "--json", "--profile", "山田太郎")
    report = json.loads(out)
    assert report["profile"]["name"] == "山田太郎" and report["total"]["wins"] == 1
    code, out, _ = stats(capsys, "--profile", "山田太郎", "--players", "3")
    assert code == 0 and out.splitlines()[0] == "Statistics of 山田太郎"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--game", "chess"], "unknown game 'chess'"),
        (["--profile", "Nobody"], "no profile named 'Nobody' (profiles: Anna, 山田太郎)"),
        (["--game", "hacktrick", "--players", "4"], "no game of hacktrick is played by 4 players"),
        (["--players", "x"], "--players"),
        (["--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(data, capsys, argv, message):
    fill(data)
    code, out, err = stats(capsys, *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1
    assert err.startswith("tabletop-trio stats: error:") or "usage" not in err


def test_an_unknown_profile_without_profiles_says_so(data, capsys):
    code, _, err = stats(capsys, "--profile", "Anna")
    assert code == 2 and "there are no profiles yet" in err


def test_a_damaged_database_is_said_once_and_the_record_is_empty(data, capsys):
    data.mkdir(parents=True)
    (data / "history.sqlite3").write_bytes(b"garbage" * 500)
    code, out, err = stats(capsys, "--json")
    assert code == 0 and json.loads(out)["total"]["games"] == 0
    assert err.count("\n") == 1 and "set aside as history.broken-" in err
    assert len(list(data.glob("history.broken-*.sqlite3"))) == 1


def test_a_database_fault_is_one_line_and_exit_1(data, capsys, monkeypatch):
    import sqlite3

    from game.history import store as store_module

    def locked(path, timeout):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(store_module, "_connect", locked)
    code, out, err = stats(capsys)
    assert code == 1 and out == "" and err.count("\n") == 1 and "locked" in err

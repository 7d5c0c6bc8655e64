"""Files nobody should trust: records, saves and tournament folders that are huge, not files at all,
hold absurd strings, or claim a result their moves do not give.  Each is refused up front with one
line (exit code 2 on the command line), without reading it whole and without a traceback."""

from __future__ import annotations

import json
import os
import threading
import time

import pytest

from ai import play_game
from game.cli import main
from game.client.session import SaveError, Session, save_path
from game.rules import GameRecord
from game.rules.files import MAX_FILE_BYTES, FileRefused, read_bytes, read_text
from game.rules.strictjson import MAX_STRING
from tests.tournament_helpers import tournament_args


def _record(seed: int = 3) -> GameRecord:
    return play_game("hacktrick", ["random", "random"], seed=seed, target=1)


def _write(path, data: dict):
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _fifo(tmp_path, name: str = "pipe.json"):
    """A named pipe that nothing writes to (see :func:`_fifo_release`)."""
    path = tmp_path / name
    os.mkfifo(path)
    _fifo_release(path)
    return path


def _fifo_release(path):
    """Open the named pipe ``path`` for writing after 5 s and close it: a reader that blocked on it
    then gets end of file (so a test of a reader that waits fails instead of hanging)."""

    def release():
        time.sleep(5)
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:  # no reader waiting: nothing to release
            pass

    threading.Thread(target=release, daemon=True).start()


def _one_line_error(capsys, command: str) -> str:
    err = capsys.readouterr().err
    assert err.startswith(f"tabletop-trio {command}: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


# ------------------------------------------------------------------ the shared reader
def test_a_huge_sparse_file_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(2 << 30)  # 2 GB, sparse: costs no disk
    start = time.perf_counter()
    with pytest.raises(FileRefused) as exc:
        read_bytes(big)
    assert time.perf_counter() - start < 1.0
    assert exc.value.kind == "too_big"
    assert str(exc.value) == f"{big} is too large for a game record: 2 GB (at most 4 MB)"


def test_a_file_just_over_the_limit_is_refused_and_one_at_the_limit_is_read(tmp_path):
    path = tmp_path / "r.json"
    path.write_bytes(b" " * MAX_FILE_BYTES)
    assert len(read_bytes(path)) == MAX_FILE_BYTES
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(FileRefused, match="too large"):
        read_bytes(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    path = _fifo(tmp_path)
    start = time.perf_counter()
    with pytest.raises(FileRefused) as exc:
        read_text(path, "a saved game")
    assert time.perf_counter() - start < 2.0
    assert exc.value.kind == "special"
    assert str(exc.value) == f"{path} is a named pipe, not a saved game (only regular files are read)"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_that_never_ends_is_refused():
    with pytest.raises(FileRefused, match="is a character device"):
        read_bytes("/dev/zero")


def test_folders_missing_files_and_non_utf8_are_refused_with_their_kind(tmp_path):
    with pytest.raises(FileRefused, match="is a folder, not a game record") as exc:
        read_bytes(tmp_path)
    assert exc.value.kind == "folder"
    with pytest.raises(FileRefused, match="no such file") as exc:
        read_bytes(tmp_path / "nothing.json")
    assert exc.value.kind == "missing"
    (tmp_path / "latin1.json").write_bytes(b"\xff{}")
    with pytest.raises(FileRefused, match=r"not UTF-8 text") as exc:
        read_text(tmp_path / "latin1.json")
    assert exc.value.kind == "not_text"


# ------------------------------------------------------------------ replay and review
@pytest.mark.parametrize("command", ["replay", "review"])
def test_replay_and_review_refuse_a_huge_file(tmp_path, capsys, no_window, command):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(2 << 30)
    assert _exit_code(lambda: main([command, str(big)])) == 2
    err = _one_line_error(capsys, command)
    assert "too large for a game record: 2 GB" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize("command", ["replay", "review"])
def test_replay_and_review_refuse_a_named_pipe_at_once(tmp_path, capsys, no_window, command):
    path = _fifo(tmp_path)
    start = time.perf_counter()
    assert _exit_code(lambda: main([command, str(path)])) == 2
    assert time.perf_counter() - start < 2.0
    assert "is a named pipe, not a game record" in _one_line_error(capsys, command)


def _exit_code(run) -> int:
    try:
        return run()
    except SystemExit as exc:
        return exc.code


def test_a_huge_seat_name_is_refused(tmp_path, capsys, no_window):
    data = _record().to_json()
    data["meta"]["agents"] = ["x" * 400_000, "random"]
    path = _write(tmp_path / "r.json", data)
    assert _exit_code(lambda: main(["replay", str(path)])) == 2
    err = _one_line_error(capsys, "replay")
    assert f"['meta']['agents'][0] is a string of 400000 characters (at most {MAX_STRING})" in err
    assert len(err) < 300


@pytest.mark.parametrize("where", ["a key", "an option"])
def test_long_keys_and_option_strings_are_refused(where):
    data = _record().to_json()
    if where == "a key":
        data["meta"]["k" * (MAX_STRING + 1)] = 1
    else:
        data["options"]["target"] = "9" * (MAX_STRING + 1)
    with pytest.raises(ValueError, match=f"at most {MAX_STRING}"):
        GameRecord.from_json(data)


# ------------------------------------------------------------------ results are checked, rules are versioned
def test_swapped_returns_are_refused_by_replay_and_review(tmp_path, capsys, no_window):
    data = _record().to_json()
    data["returns"] = data["returns"][::-1]
    path = _write(tmp_path / "r.json", data)
    for command in ("replay", "review"):
        assert _exit_code(lambda c=command: main([c, str(path)])) == 2
        err = _one_line_error(capsys, command)
        assert (
            f"its returns {_fmt(data['returns'])} are not the game's: replayed, it gives "
            f"{_fmt(data['returns'][::-1])}" in err
        )


def _fmt(values) -> str:
    return "[" + ", ".join(f"{v:g}" for v in values) + "]"


def test_scores_that_are_not_the_games_are_refused():
    record = _record()
    data = record.to_json()
    data["meta"]["scores"] = (
        list(reversed(data["meta"]["scores"]))
        if len(set(data["meta"]["scores"])) > 1
        else [s + 1 for s in data["meta"]["scores"]]
    )
    with pytest.raises(ValueError, match="its scores .* are not the game's"):
        GameRecord.from_json(data).validate()
    assert GameRecord.from_json(record.to_json()).validate().is_terminal  # the true ones pass


def test_returns_on_an_unfinished_game_are_refused():
    data = _record().to_json()
    data["actions"] = data["actions"][:3]
    data["meta"].pop("scores")
    with pytest.raises(ValueError, match="it has returns but the game is not over after its 3 actions"):
        GameRecord.from_json(data).validate()


def test_records_carry_their_rules_version_and_other_versions_are_refused():
    data = _record().to_json()
    assert data["rules"] == 1
    for version in (2, 17):
        with pytest.raises(
            ValueError,
            match=f"made with Hacktrick rules version {version}; this version "
            "of the game plays rules version 1",
        ):
            GameRecord.from_json(dict(data, rules=version))
    old = {k: v for k, v in data.items() if k != "rules"}  # written before the field existed
    assert GameRecord.from_json(old).validate().is_terminal


def test_a_save_with_a_result_that_is_not_its_games_is_broken(tmp_path):
    data = _record().to_json()
    data["returns"] = data["returns"][::-1]
    data["meta"]["seats"] = ["human", "random"]
    path = _write(tmp_path / "hacktrick.json", data)
    with pytest.raises(SaveError, match="is broken: its returns") as exc:
        Session.load(path)
    assert exc.value.kind == "broken"


# ------------------------------------------------------------------ saves
def test_a_huge_save_is_refused_unread_and_counts_as_another_games(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_DATA_DIR", str(tmp_path))
    path = save_path("hacktrick")
    path.parent.mkdir(parents=True)
    with open(path, "wb") as f:
        f.truncate(2 << 30)
    start = time.perf_counter()
    with pytest.raises(SaveError, match="too large for a saved game") as exc:
        Session.load(path)
    assert exc.value.kind == "too_big"
    assert not Session.new("hacktrick", ["human", "random"], seed=1).save_slot_is_mine()
    assert time.perf_counter() - start < 1.0
    assert path.stat().st_size == 2 << 30


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_save_is_refused_at_once(tmp_path):
    path = _fifo(tmp_path)
    start = time.perf_counter()
    with pytest.raises(SaveError, match="is a named pipe") as exc:
        Session.load(path)
    assert exc.value.kind == "special" and time.perf_counter() - start < 2.0


# ------------------------------------------------------------------ tournaments
def _tournament(tmp_path, capsys):
    out = tmp_path / "t"
    assert main(["tournament", *tournament_args(2, 5, jobs=1), "--quiet", "--out", str(out)]) == 0
    capsys.readouterr()
    return out


def test_resume_refuses_a_huge_game_file_unread(tmp_path, capsys):
    out = _tournament(tmp_path, capsys)
    game = out / "games" / "game-000001.json"
    game.unlink()
    with open(game, "wb") as f:
        f.truncate(2 << 30)
    assert main(["tournament", "--resume", str(out), "--quiet"]) == 2
    err = _one_line_error(capsys, "tournament")
    assert f"{game} is too large for a game record: 2 GB" in err and "delete it and --resume" in err


@pytest.mark.parametrize("folder", ["games", "failed"])
def test_resume_where_a_subfolder_is_a_file_is_bad_input(tmp_path, capsys, folder):
    out = _tournament(tmp_path, capsys)
    for f in (out / folder).iterdir():
        f.unlink()
    (out / folder).rmdir()
    (out / folder).write_text("not a folder", encoding="utf-8")
    assert main(["tournament", "--resume", str(out), "--quiet"]) == 2
    err = _one_line_error(capsys, "tournament")
    assert f"{str(out / folder)!r} is a file, not a folder" in err


def test_resume_where_the_lock_file_is_a_folder_is_bad_input(tmp_path, capsys):
    out = _tournament(tmp_path, capsys)
    (out / ".lock").unlink()
    (out / ".lock").mkdir()
    assert main(["tournament", "--resume", str(out), "--quiet"]) == 2
    assert f"cannot lock {str(out / '.lock')!r}: Is a directory" in _one_line_error(capsys, "tournament")


def test_a_folder_among_the_failed_games_is_left_alone(tmp_path, capsys):
    out = _tournament(tmp_path, capsys)
    odd = out / "failed" / "game-000001.json"
    odd.mkdir()
    assert main(["tournament", "--resume", str(out), "--games", "3", "--quiet"]) == 0
    assert odd.is_dir() and "Traceback" not in capsys.readouterr().err


def test_a_new_tournament_where_games_is_a_file_is_bad_input(tmp_path, capsys):
    out = tmp_path / "t"
    out.mkdir()
    (out / "games").write_text("x", encoding="utf-8")
    assert main(["tournament", *tournament_args(1), "--quiet", "--out", str(out)]) == 2
    assert "is a file, not a folder" in _one_line_error(capsys, "tournament")


def test_a_record_whose_returns_were_swapped_stops_resume(tmp_path, capsys):
    out = _tournament(tmp_path, capsys)
    game = out / "games" / "game-000000.json"
    data = json.loads(game.read_text())
    data["returns"] = data["returns"][::-1]
    game.write_text(json.dumps(data))
    assert main(["tournament", "--resume", str(out), "--quiet"]) == 2
    assert "its returns" in _one_line_error(capsys, "tournament")


@pytest.mark.parametrize(
    "key,value,message",
    [
        ("games", "40", "'games' must be an integer, not '40'"),
        ("seed", 1.5, "'seed' must be an integer, not 1.5"),
        ("players", True, "'players' must be an integer, not True"),
        ("agents", "random", "'agents' must be a list"),
    ],
)
def test_tournament_settings_are_read_strictly(tmp_path, capsys, key, value, message):
    out = _tournament(tmp_path, capsys)
    settings = out / "tournament.json"
    data = json.loads(settings.read_text())
    data["spec"][key] = value
    settings.write_text(json.dumps(data))
    assert main(["tournament", "--resume", str(out), "--quiet"]) == 2
    assert message in _one_line_error(capsys, "tournament")


# ------------------------------------------------------------------ messages about option types
def test_an_option_given_as_a_string_is_called_a_string(tmp_path, capsys):
    data = _record().to_json()
    data["options"]["target"] = "5"
    with pytest.raises(ValueError, match=r"option target='5' \(a string\) is not allowed; choose an integer"):
        GameRecord.from_json(data)
    out = _tournament(tmp_path, capsys)
    settings = out / "tournament.json"
    data = json.loads(settings.read_text())
    data["spec"]["options"]["target"] = "1"
    settings.write_text(json.dumps(data))
    assert main(["tournament", "--resume", str(out), "--quiet"]) == 2
    assert "option target='1' (a string) is not allowed" in _one_line_error(capsys, "tournament")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_continue_with_a_huge_save_explains_it_at_once(tmp_path, monkeypatch, lang):
    """Continue took ~100 s and 4 GB over a 2 GB save; now the dialog says why at once."""
    from game.client.i18n import t
    from game.client.menus.title import TitleScene
    from tests.client_helpers import click_button, frames, make_app

    app = make_app(tmp_path, monkeypatch, lang=lang)
    try:
        path = save_path("hacktrick")
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as f:
            f.truncate(2 << 30)
        app.scenes.push(TitleScene(app))
        frames(app)
        start = time.perf_counter()
        click_button(app, app.scenes.top.b_continue)
        assert time.perf_counter() - start < 2.0
        dialog = app.scenes.top
        note = t(dialog.note, **dialog.fmt)
        assert type(dialog).__name__ == "ConfirmScene" and t("title.save_problem.too_big") in note
        assert "title.save_problem" not in note and path.stat().st_size == 2 << 30
    finally:
        app.shutdown()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_for_settings_gives_the_defaults_at_once(tmp_path, monkeypatch):
    from game.client.settings import Settings

    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path))
    _fifo(tmp_path, "settings.json")
    start = time.perf_counter()
    settings = Settings.load()
    assert time.perf_counter() - start < 2.0
    assert "is a named pipe" in settings.problem and settings.to_json() == Settings().to_json()

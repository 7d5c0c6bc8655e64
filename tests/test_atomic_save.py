"""Atomic saves: the temporary file, the rename, and the directory fsync after it."""

from __future__ import annotations

import os
import stat

import pytest

from game.rules import GameRecord, write_atomic
from game.rules import record as record_module


def _log_fsyncs(monkeypatch) -> list:
    """Record ``("replace", target)`` and ``("fsync", "dir"|"file", inode)`` in call order."""
    calls: list = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        st = os.fstat(fd)
        calls.append(("fsync", "dir" if stat.S_ISDIR(st.st_mode) else "file", st.st_ino))
        return real_fsync(fd)

    def replace(src, dst):
        calls.append(("replace", os.fspath(dst)))
        return real_replace(src, dst)

    monkeypatch.setattr(record_module.os, "fsync", fsync)
    monkeypatch.setattr(record_module.os, "replace", replace)
    return calls


@pytest.mark.skipif(not hasattr(os, "O_DIRECTORY"), reason="directories are fsynced on POSIX only")
def test_the_directory_is_fsynced_after_the_rename(tmp_path, monkeypatch):
    calls = _log_fsyncs(monkeypatch)
    _, record = GameRecord.start("hacktrick", seed=1)
    target = tmp_path / "saves" / "game.json"
    record.save(target)
    kinds = [c[:2] for c in calls]
    assert kinds == [("fsync", "file"), ("replace", str(target)), ("fsync", "dir")]
    assert calls[-1][2] == os.stat(target.parent).st_ino
    assert GameRecord.load(target) == record
    assert [p.name for p in target.parent.iterdir()] == ["game.json"]


def test_without_directory_fsync_support_the_save_still_works(tmp_path, monkeypatch):
    monkeypatch.delattr(record_module.os, "O_DIRECTORY", raising=False)  # as on Windows
    calls = _log_fsyncs(monkeypatch)
    write_atomic(tmp_path / "x.json", "{}")
    assert [c[:2] for c in calls] == [("fsync", "file"), ("replace", str(tmp_path / "x.json"))]
    assert (tmp_path / "x.json").read_text() == "{}"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "x.json"
    write_atomic(target, '{"old": 1}')

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record_module.os, "fsync", full)
    with pytest.raises(OSError):
        write_atomic(target, '{"new": 2}')
    assert target.read_text() == '{"old": 1}'
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


@pytest.mark.parametrize("where", ["write", "create"])
@pytest.mark.parametrize("code", [28, 30])  # ENOSPC (a full disk), EROFS (a read-only disk)
def test_a_failed_save_names_the_save_not_the_temporary_file(tmp_path, monkeypatch, where, code):
    target = tmp_path / "saves" / "hacktrick.json"
    real_open = os.open

    def failing_open(name, *args, **kwargs):  # how mkstemp fails: the error names the temporary file
        if ".tmp-" in os.fspath(name):
            raise OSError(code, os.strerror(code), os.fspath(name))
        return real_open(name, *args, **kwargs)

    def failing_fsync(fd):  # how a full disk fails a write: no file name at all
        raise OSError(code, os.strerror(code))

    if where == "create":
        monkeypatch.setattr(os, "open", failing_open)
    else:
        monkeypatch.setattr(record_module.os, "fsync", failing_fsync)
    with pytest.raises(OSError) as exc:
        write_atomic(target, "{}")
    assert exc.value.errno == code and exc.value.filename == str(target)
    assert str(exc.value) == f"[Errno {code}] {os.strerror(code)}: {str(target)!r}"
    assert ".tmp-" not in str(exc.value)
    assert list(target.parent.iterdir()) == []


def test_a_failed_save_keeps_its_kind_of_error(tmp_path, monkeypatch):
    def denied(fd):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(record_module.os, "fsync", denied)
    with pytest.raises(PermissionError, match="x.json"):
        write_atomic(tmp_path / "x.json", "{}")

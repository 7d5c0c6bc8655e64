"""The last finished games, kept in ``<user data dir>/replays/`` for the Replays screen.

Each finished client game is written atomically as its :class:`~game.rules.GameRecord`
(``YYYYmmdd-HHMMSS-<game>.json``, seats and the finishing time in ``meta``); only the newest
:data:`KEEP` are kept (older records and their review folders are removed).
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from game.rules import GameRecord

from ..settings import data_dir

KEEP = 50


def replays_dir() -> Path:
    return data_dir() / "replays"


def review_dir_for(record_path: Path) -> Path:
    """Where the review of the record at ``record_path`` is written and looked for."""
    record_path = Path(record_path)
    return record_path.with_name(record_path.stem + "-review")


def keep_finished(record: GameRecord, seats: list[str], now: float | None = None) -> Path:
    """Store a finished game and drop the oldest beyond :data:`KEEP`; returns its path."""
    now = time.time() if now is None else now
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    folder = replays_dir()
    path = folder / f"{stamp}-{record.game}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stamp}-{record.game}-{n}.json"
    kept = GameRecord(
        record.game,
        record.players,
        dict(record.options),
        record.seed,
        list(record.actions),
        record.returns,
        dict(record.meta, seats=list(seats), finished=now),
    )
    kept.save(path)
    for old in list_replays()[KEEP:]:
        old.unlink(missing_ok=True)
        shutil.rmtree(review_dir_for(old), ignore_errors=True)
    return path


def list_replays() -> list[Path]:
    """The stored games, newest first (by the time in their name, then by modification time)."""
    folder = replays_dir()
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.json") if not p.name.startswith(".")]

    def key(p: Path):
        try:
            mtime = p.stat().st_mtime
        except OSError:
            mtime = 0.0
        return (p.name[:15], mtime, p.name)

    return sorted(files, key=key, reverse=True)

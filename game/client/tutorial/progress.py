"""Where each tutorial was left, in ``<user data dir>/tutorials.json``.

``{"hacktrick": {"step": 7, "done": false, "offered": true}, ...}``: the step to come back
to, whether the tutorial was finished once, and whether it was offered on the game's first
opening (it is offered once, never forced).  Written atomically; a damaged file is read as
"no progress" (it holds nothing the player made, only places in lessons) and replaced by the
next write.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.rules.record import write_atomic

from ..settings import data_dir

FILE_NAME = "tutorials.json"
MAX_BYTES = 64 << 10


@dataclass
class Place:
    """One game's tutorial progress."""

    step: int = 0
    done: bool = False
    offered: bool = False

    @property
    def started(self) -> bool:
        """Left at a step past the first (also a finished lesson played again and left half-way)."""
        return self.step > 0


def progress_path() -> Path:
    return data_dir() / FILE_NAME


def _read() -> dict[str, dict]:
    from game.rules.files import read_text

    path = progress_path()
    if not path.exists():
        return {}
    try:
        data = json.loads(read_text(path, "the tutorial progress", limit=MAX_BYTES))
    except (ValueError, OSError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def place(game: str) -> Place:
    """Where ``game``'s tutorial stands (a fresh :class:`Place` if it was never opened)."""
    raw = _read().get(game)
    if not isinstance(raw, dict):
        return Place()
    step = raw.get("step", 0)
    return Place(
        step=step if isinstance(step, int) and not isinstance(step, bool) and step >= 0 else 0,
        done=raw.get("done") is True,
        offered=raw.get("offered") is True,
    )


def remember(game: str, **changes) -> Place:
    """Change ``game``'s place (``step=``, ``done=``, ``offered=``) and write the file; returns it.
    A write that fails (read-only folder, full disk) is ignored: losing a place in a lesson
    must not stop the lesson."""
    data = _read()
    current = place(game)
    for key, value in changes.items():
        setattr(current, key, value)
    data[game] = {"step": current.step, "done": current.done, "offered": current.offered}
    try:
        write_atomic(progress_path(), json.dumps(data, indent=1, sort_keys=True))
    except OSError:
        pass
    return current

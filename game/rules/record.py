"""Game records: everything needed to replay a game exactly.

A :class:`GameRecord` is the game's name, player count, options, seed and the
list of actions taken.  Replaying the actions on ``new_game(...)`` reproduces
every state.  Saved games and tournament logs are records.
"""

from __future__ import annotations

import copy
import errno
import json
import os
import tempfile
from dataclasses import dataclass, field

from .core import GameState, action_from_json, action_to_json, game_info, new_game
from .strictjson import (
    check_depth,
    expect_int,
    expect_list,
    expect_number,
    expect_object,
    expect_str,
    loads,
    show,
)

FORMAT = "tabletop-trio-record/1"
#: Seeds a record may hold: what ``new_game`` draws (64 bits) and signed 64-bit values.
SEED_MIN, SEED_MAX = -(1 << 63), (1 << 64) - 1


@dataclass
class GameRecord:
    game: str
    players: int
    options: dict
    seed: int
    actions: list = field(default_factory=list)
    returns: tuple | None = None
    meta: dict = field(default_factory=dict)

    # -- building --------------------------------------------------------------
    @classmethod
    def start(cls, game: str, players: int = 2, seed: int | None = None, **options):
        """A new state and its (empty) record, ready to play."""
        state = new_game(game, players=players, seed=seed, **options)
        options = game_info(game).resolve_options(options)
        return state, cls(game, players, options, state.seed)

    def new_state(self) -> GameState:
        return new_game(self.game, players=self.players, seed=self.seed, **self.options)

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all by default)."""
        state = self.new_state()
        for action in self.actions[:upto]:
            state.apply(action)
        return state

    def states(self):
        """Yield the start state and the state after each action (fresh clones)."""
        state = self.new_state()
        yield state.clone()
        for action in self.actions:
            state.apply(action)
            yield state.clone()

    # -- JSON --------------------------------------------------------------
    def to_json(self) -> dict:
        """The record as JSON-friendly data: fresh lists and dicts, never the record's own."""
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seed": self.seed,
            "actions": [action_to_json(a) for a in self.actions],
            "returns": list(self.returns) if self.returns is not None else None,
            "meta": copy.deepcopy(self.meta),
        }

    @classmethod
    def from_json(cls, data: dict) -> GameRecord:
        """Rebuild a record, reading every field strictly.

        A wrong type, a value out of range or nesting deeper than
        :data:`~game.rules.strictjson.MAX_DEPTH` raises ``ValueError`` with a
        one-line message naming the field.
        """
        expect_object("a game record", data, ("game", "players", "options", "seed", "actions"),
                      ("format", "returns", "meta"))
        check_depth(data, "the game record")
        if data.get("format", FORMAT) != FORMAT:
            raise ValueError(f"game record format {show(data['format'])} is not {FORMAT!r}")
        info = game_info(expect_str("game record 'game'", data["game"]))
        players = info.check_players(data["players"])
        options = {k: tuple(v) if isinstance(v, list) else v
                   for k, v in expect_object("game record 'options'", data["options"]).items()}
        options = info.resolve_options(options)
        seed = expect_int("game record 'seed'", data["seed"], SEED_MIN, SEED_MAX)
        actions = []
        for i, a in enumerate(expect_list("game record 'actions'", data["actions"])):
            try:
                actions.append(action_from_json(info.name, a))
            except ValueError as exc:
                raise ValueError(f"game record has a malformed action (number {i}): {exc}") from None
        returns = data.get("returns")
        if returns is not None:
            returns = tuple(expect_number(f"game record return {p}", r, 0.0, 1.0)
                            for p, r in enumerate(expect_list("game record 'returns'", returns, players)))
            if sum(returns) > 1.0 + 1e-9:
                raise ValueError(f"game record 'returns' add up to {sum(returns)}, more than 1")
        meta = data.get("meta")
        meta = {} if meta is None else copy.deepcopy(expect_object("game record 'meta'", meta))
        return cls(info.name, players, options, seed, actions, returns, meta)

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """A record from JSON text; ``ValueError`` with one clear line if it is broken."""
        return cls.from_json(loads(text, "the game record"))

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically: a crash never leaves a half-written file."""
        write_atomic(path, self.dumps())

    @classmethod
    def load(cls, path: str | os.PathLike) -> GameRecord:
        with open(path, encoding="utf-8") as f:
            return cls.loads(f.read())

    @classmethod
    def read(cls, path: str | os.PathLike) -> GameRecord:
        """Load a record from a file the user named and check that it replays.

        Any problem (missing, a folder, unreadable, not UTF-8, not a record, an action that
        cannot be replayed) is a ``ValueError`` with one line naming the file.
        """
        name = os.fspath(path)
        try:
            with open(path, "rb") as f:
                text = f.read().decode("utf-8")
            record = cls.loads(text)
            record.validate()
        except FileNotFoundError:
            raise ValueError(f"no such file: {name}") from None
        except IsADirectoryError:
            raise ValueError(f"{name} is a folder, not a game record") from None
        except OSError as exc:
            raise ValueError(f"cannot read {name}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise ValueError(f"{name} is not a game record (not UTF-8 text)") from None
        except (ValueError, RecursionError) as exc:
            reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc).splitlines()[0]
            raise ValueError(f"{name} is not a usable game record: {reason}") from None
        return record

    def seat_specs(self) -> list[str] | None:
        """Who sat where, if the record says (``"human"`` or an agent spec per seat)."""
        meta = self.meta or {}
        for key in ("seats", "agents"):
            seats = meta.get(key)
            if (isinstance(seats, list) and len(seats) == self.players
                    and all(isinstance(s, str) and s for s in seats)):
                return list(seats)
        return None

    def validate(self) -> GameState:
        """Replay the record, raising ``ValueError`` if an action is illegal."""
        state = self.new_state()
        for i, action in enumerate(self.actions):
            try:
                state.apply(action)
            except ValueError as exc:
                raise ValueError(f"action {i} ({action}) cannot be replayed: {exc}") from exc
        return state


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash or a power cut never loses or garbles it.

    The text goes to a temporary ``.tmp-*.json`` file in the same directory
    (flushed and fsynced), which then replaces ``path`` atomically; finally the
    directory itself is fsynced so the rename survives a power cut.
    """
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    fsync_directory(directory)


def fsync_directory(directory: str | os.PathLike) -> None:
    """Make renames and new files in ``directory`` durable.

    POSIX only: Windows cannot open a directory (no ``os.O_DIRECTORY``) and
    makes the rename durable itself.  File systems that do not support fsync
    on a directory (``EINVAL``) are skipped; other errors are raised.
    """
    if not hasattr(os, "O_DIRECTORY"):
        return
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP):
            raise
    finally:
        os.close(fd)

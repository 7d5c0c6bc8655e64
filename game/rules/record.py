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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .core import (
    AnyState,
    GameAction,
    JsonDict,
    Options,
    action_from_json,
    action_to_json,
    game_info,
    new_game,
)
from .files import read_text
from .strictjson import (
    check_depth,
    check_strings,
    expect_int,
    expect_list,
    expect_number,
    expect_object,
    expect_str,
    loads,
    show,
)

FORMAT = "tabletop-trio-record/1"
#: The rules version a record without a ``"rules"`` field was made with (records written before
#: the field existed): a game whose rules change gets a higher ``GameInfo.rules_version``, and
#: such older records are then refused instead of replaying into a different game.
UNVERSIONED_RULES = 1
#: How far a stored return or score may differ from the replayed game's (float rounding).
TOLERANCE = 1e-9
#: Seeds a record may hold: what ``new_game`` draws (64 bits) and signed 64-bit values.
SEED_MIN, SEED_MAX = -(1 << 63), (1 << 64) - 1


@dataclass
class GameRecord:
    game: str
    players: int
    options: Options
    seed: int
    #: The game's actions (``Any``: a record holds the actions of whichever game it is).
    actions: list[Any] = field(default_factory=list)
    returns: tuple[float, ...] | None = None
    #: Free-form JSON about the game (seats, help used, scores); read strictly where used.
    meta: JsonDict = field(default_factory=dict)

    # -- building --------------------------------------------------------------
    @classmethod
    def start(
        cls, game: str, players: int = 2, seed: int | None = None, **options: object
    ) -> tuple[AnyState, GameRecord]:
        """A new state and its (empty) record, ready to play."""
        state = new_game(game, players=players, seed=seed, **options)
        resolved = game_info(game).resolve_options(options)
        return state, cls(game, players, resolved, state.seed)

    def new_state(self) -> AnyState:
        return new_game(self.game, players=self.players, seed=self.seed, **self.options)

    def replay(self, upto: int | None = None) -> AnyState:
        """The state after the first ``upto`` actions (all by default)."""
        state = self.new_state()
        for action in self.actions[:upto]:
            state.apply(action)
        return state

    def states(self) -> Iterator[AnyState]:
        """Yield the start state and the state after each action (fresh clones)."""
        state = self.new_state()
        yield state.clone()
        for action in self.actions:
            state.apply(action)
            yield state.clone()

    # -- JSON --------------------------------------------------------------
    def to_json(self) -> JsonDict:
        """The record as JSON-friendly data: fresh lists and dicts, never the record's own."""
        return {
            "format": FORMAT,
            "game": self.game,
            "rules": game_info(self.game).rules_version,
            "players": self.players,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seed": self.seed,
            "actions": [action_to_json(a) for a in self.actions],
            "returns": list(self.returns) if self.returns is not None else None,
            "meta": copy.deepcopy(self.meta),
        }

    @classmethod
    def from_json(cls, given_data: object) -> GameRecord:
        """Rebuild a record, reading every field strictly.

        A wrong type, a value out of range or nesting deeper than
        :data:`~game.rules.strictjson.MAX_DEPTH`, a string longer than
        :data:`~game.rules.strictjson.MAX_STRING` or a record of another format or rules
        version raises ``ValueError`` with a one-line message naming the field.
        """
        data = expect_object(
            "a game record",
            given_data,
            ("game", "players", "options", "seed", "actions"),
            ("format", "rules", "returns", "meta"),
        )
        check_depth(data, "the game record")
        check_strings(data, "game record")
        if data.get("format", FORMAT) != FORMAT:
            raise ValueError(f"game record format {show(data['format'])} is not {FORMAT!r}")
        info = game_info(expect_str("game record 'game'", data["game"]))
        rules = expect_int("game record 'rules'", data.get("rules", UNVERSIONED_RULES), 1, 1 << 31)
        if rules != info.rules_version:
            raise ValueError(
                f"the game record was made with {info.title} rules version {rules}; "
                f"this version of the game plays rules version {info.rules_version}"
            )
        players = info.check_players(data["players"])
        given = {
            k: tuple(v) if isinstance(v, list) else v
            for k, v in expect_object("game record 'options'", data["options"]).items()
        }
        options = info.resolve_options(given)
        seed = expect_int("game record 'seed'", data["seed"], SEED_MIN, SEED_MAX)
        actions: list[GameAction] = []
        for i, a in enumerate(expect_list("game record 'actions'", data["actions"])):
            try:
                actions.append(action_from_json(info.name, a))
            except ValueError as exc:
                raise ValueError(f"game record has a malformed action (number {i}): {exc}") from None
        stored = data.get("returns")
        returns = None
        if stored is not None:
            returns = tuple(
                expect_number(f"game record return {p}", r, 0.0, 1.0)
                for p, r in enumerate(expect_list("game record 'returns'", stored, players))
            )
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

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write atomically: a crash never leaves a half-written file."""
        write_atomic(path, self.dumps())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> GameRecord:
        """A record from a file (:func:`~game.rules.files.read_text`: a regular file of a sane size)."""
        return cls.loads(read_text(path, "a game record"))

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> GameRecord:
        """Load a record from a file the user named and check that it replays.

        Any problem (missing, a folder, a named pipe or device, too large, unreadable, not
        UTF-8, not a record, an action that cannot be replayed, returns or scores that are not
        the game's) is a ``ValueError`` with one line naming the file.
        """
        name = os.fspath(path)
        text = read_text(path, "a game record")  # FileRefused: its message names the file
        try:
            record = cls.loads(text)
            record.validate()
        except (ValueError, RecursionError) as exc:
            reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc).splitlines()[0]
            raise ValueError(f"{name} is not a usable game record: {reason}") from None
        return record

    def seat_specs(self) -> list[str] | None:
        """Who sat where, if the record says (``"human"`` or an agent spec per seat)."""
        meta = self.meta or {}
        for key in ("seats", "agents"):
            seats = meta.get(key)
            if (
                isinstance(seats, list)
                and len(seats) == self.players
                and all(isinstance(s, str) and s for s in seats)
            ):
                return list(seats)
        return None

    def human_seats(self) -> list[int]:
        """The seats a person played (``"human"`` in the record's seats)."""
        return [p for p, spec in enumerate(self.seat_specs() or []) if spec == "human"]

    def private_in_progress(self, final: AnyState | None = None) -> bool:
        """An unfinished game a person plays (``final``: the state after all the actions, replayed
        if not given).  Its record holds the seed, so everything hidden could be shown from it: such
        a game may only be shown from a human seat, as that player saw it, and not reviewed, or a
        player would see the bots' or the other players' hidden cards."""
        if not self.human_seats():
            return False
        return not (final if final is not None else self.replay()).is_terminal

    def validate(self) -> AnyState:
        """Replay the record and return the final state; ``ValueError`` if an action is illegal,
        or if the stored ``returns`` (or ``meta["scores"]``) are not what the replayed game gives."""
        state = self.new_state()
        for i, action in enumerate(self.actions):
            try:
                state.apply(action)
            except ValueError as exc:
                raise ValueError(f"action {i} ({action}) cannot be replayed: {exc}") from exc
        self.check_outcome(state)
        return state

    def check_outcome(self, state: AnyState) -> None:
        """``ValueError`` unless the stored ``returns`` and ``meta["scores"]`` are those of
        ``state``, the state after all the actions (a record's result is never taken on trust)."""
        if self.returns is not None:
            if not state.is_terminal:
                raise ValueError(
                    f"it has returns but the game is not over after its {len(self.actions)} "
                    f"actions (player {state.player + 1} to move)"
                )
            if not _same_numbers(self.returns, state.returns()):
                raise ValueError(
                    f"its returns {_numbers(self.returns)} are not the game's: replayed, "
                    f"it gives {_numbers(state.returns())}"
                )
        scores = (self.meta or {}).get("scores")
        if scores is not None:
            expected = list(state.scores)
            if not isinstance(scores, list) or not _same_numbers(scores, expected):
                raise ValueError(
                    f"its scores {show(scores)} are not the game's: replayed, it gives {_numbers(expected)}"
                )


def _same_numbers(stored: Iterable[object], actual: Iterable[float]) -> bool:
    """The same count of numbers, each equal to the other within :data:`TOLERANCE`."""
    stored, actual = list(stored), list(actual)
    return len(stored) == len(actual) and all(
        isinstance(a, (int, float)) and not isinstance(a, bool) and abs(a - b) <= TOLERANCE
        for a, b in zip(stored, actual, strict=True)
    )


def _numbers(values: Iterable[object]) -> str:
    """``[1, 0]`` for messages (whole floats without ``.0``)."""
    return "[" + ", ".join(f"{v:g}" if isinstance(v, float) else show(v, 20) for v in values) + "]"


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that a crash or a power cut never loses or garbles it.

    The text goes to a temporary ``.tmp-*.json`` file in the same directory
    (flushed and fsynced), which then replaces ``path`` atomically; finally the
    directory itself is fsynced so the rename survives a power cut.  An ``OSError``
    (a full disk, a read-only folder) names ``path``, never the temporary file the
    user has never heard of.
    """
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(directory, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=".json")
    except OSError as exc:
        raise _naming(exc, path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise _naming(exc, path) from None
        raise
    fsync_directory(directory)


def _naming(exc: OSError, path: str) -> OSError:
    """``exc`` about ``path`` (same errno, so the same subclass: ``PermissionError``...)."""
    if exc.errno is None:
        return exc
    return OSError(exc.errno, exc.strerror or os.strerror(exc.errno), path)


def fsync_directory(directory: str | os.PathLike[str]) -> None:
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

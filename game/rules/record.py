"""Game records: everything needed to replay a game exactly.

A :class:`GameRecord` is the game's name, player count, options, seed and the
list of actions taken.  Replaying the actions on ``new_game(...)`` reproduces
every state.  Saved games and tournament logs are records.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field

from .core import GameState, action_from_json, action_to_json, game_info, new_game


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
        return {
            "format": "tabletop-trio-record/1",
            "game": self.game,
            "players": self.players,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seed": self.seed,
            "actions": [action_to_json(a) for a in self.actions],
            "returns": list(self.returns) if self.returns is not None else None,
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: dict) -> GameRecord:
        """Rebuild a record; ``ValueError`` with a clear message if it is broken."""
        if not isinstance(data, dict):
            raise ValueError("a game record must be a JSON object")
        for key in ("game", "players", "options", "seed", "actions"):
            if key not in data:
                raise ValueError(f"game record is missing {key!r}")
        info = game_info(data["game"])
        options = dict(data["options"])
        for k, v in options.items():
            if isinstance(v, list):
                options[k] = tuple(v)
        info.check_players(data["players"])
        options = info.resolve_options(options)
        try:
            actions = [action_from_json(info.name, a) for a in data["actions"]]
        except (TypeError, KeyError, ValueError) as exc:
            raise ValueError(f"game record has a malformed action: {exc}") from exc
        ret = data.get("returns")
        return cls(info.name, data["players"], options, int(data["seed"]), actions,
                   tuple(ret) if ret is not None else None, dict(data.get("meta") or {}))

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not valid JSON: {exc}") from exc
        return cls.from_json(data)

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically: a crash never leaves a half-written file."""
        write_atomic(path, self.dumps())

    @classmethod
    def load(cls, path: str | os.PathLike) -> GameRecord:
        with open(path, encoding="utf-8") as f:
            return cls.loads(f.read())

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
    """Write ``text`` to ``path`` via a temporary file and an atomic rename."""
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

"""The model behind a game scene: state, record, who sits where; save, resume, undo.

Seats are ``"human"`` or an agent spec (``"mcts:level=normal"``, ``"heuristic"``,
``"random"``).  A save is the :class:`GameRecord` JSON with the seats in
``meta``, written atomically to ``<user data dir>/saves/<game>.json``.
"""

from __future__ import annotations

from pathlib import Path

from game.rules import GAMES, GameRecord, events_for

from .settings import data_dir

HUMAN = "human"


class SaveError(Exception):
    """A saved game that cannot be used; the file is left untouched."""


def save_path(game: str) -> Path:
    return data_dir() / "saves" / f"{game}.json"


def list_saves() -> list[Path]:
    folder = data_dir() / "saves"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


class Session:
    """One game being played in the client."""

    def __init__(self, record: GameRecord, seats: list[str]) -> None:
        if len(seats) != record.players:
            raise ValueError(f"{record.game} needs {record.players} seats, got {len(seats)}")
        self.record = record
        self.seats = list(seats)
        self.actors: list[int] = []  # who took each action of the record
        self.state = self._replay(record)
        self.history: list[list[dict]] = []  # events of each action since the session began

    def _replay(self, record: GameRecord):
        """Replay the record (``ValueError`` naming the bad action) and note who took each action."""
        state = record.new_state()
        self.actors = []
        for i, action in enumerate(record.actions):
            self.actors.append(state.current_player)
            try:
                state.apply(action)
            except ValueError as exc:
                raise ValueError(f"action {i} ({action}) cannot be replayed: {exc}") from exc
        return state

    @classmethod
    def new(cls, game: str, seats: list[str], seed: int | None = None, **options) -> Session:
        state, record = GameRecord.start(game, players=len(seats), seed=seed, **options)
        record.meta = {"seats": list(seats)}
        return cls(record, seats)

    # -- who plays -------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.record.game

    @property
    def info(self):
        return GAMES[self.record.game]

    def is_human(self, player: int | None) -> bool:
        return player is not None and self.seats[player] == HUMAN

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s == HUMAN]

    @property
    def to_move(self) -> int | None:
        return self.state.current_player

    @property
    def over(self) -> bool:
        return self.state.is_terminal

    # -- playing ---------------------------------------------------------------
    def apply(self, action) -> list[dict]:
        """Apply a legal action (``IllegalAction`` otherwise, nothing changes); returns all events."""
        player = self.state.current_player
        events = self.state.apply(action)
        self.actors.append(player)
        self.record.actions.append(action)
        if self.state.is_terminal:
            self.record.returns = self.state.returns()
        self.history.append(events)
        return events

    def events_for(self, events: list[dict], player: int) -> list[dict]:
        return events_for(events, player)

    # -- undo --------------------------------------------------------------------
    def undo_point(self) -> int | None:
        """Index of the human's last decision, if undo is allowed (one human vs bots)."""
        if len(self.humans) != 1 or self.over:
            return None
        human = self.humans[0]
        for i in range(len(self.actors) - 1, -1, -1):
            if self.actors[i] == human:
                return i
        return None

    def undo(self) -> bool:
        """Take back the human's last decision and every bot action after it."""
        point = self.undo_point()
        if point is None:
            return False
        self.record.actions = self.record.actions[:point]
        self.record.returns = None
        self.state = self._replay(self.record)
        self.history = []
        return True

    # -- save / resume -----------------------------------------------------------
    def save(self, path: Path | None = None) -> Path:
        path = Path(path) if path is not None else save_path(self.game)
        self.record.meta = dict(self.record.meta, seats=list(self.seats))
        self.record.save(path)
        return path

    @classmethod
    def load(cls, path: Path) -> Session:
        """Resume a saved game; :class:`SaveError` (file untouched) if it is unusable."""
        try:
            record = GameRecord.load(path)
        except FileNotFoundError as exc:
            raise SaveError(f"no saved game at {path}") from exc
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            raise SaveError(f"the saved game {path} is broken: {exc}") from exc
        seats = record.meta.get("seats")
        if (not isinstance(seats, list) or len(seats) != record.players
                or not all(isinstance(s, str) and s for s in seats)):
            raise SaveError(f"the saved game {path} does not say who sits where")
        try:
            return cls(record, seats)
        except ValueError as exc:
            raise SaveError(f"the saved game {path} cannot be replayed: {exc}") from exc

    @staticmethod
    def delete_save(game: str) -> None:
        path = save_path(game)
        try:
            path.unlink()
        except FileNotFoundError:
            pass

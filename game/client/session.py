"""The model behind a game scene: state, record, who sits where; save, resume, undo.

Seats are ``"human"`` or an agent spec (``"mcts:level=normal"``, ``"heuristic"``,
``"random"``).  A save is the :class:`GameRecord` JSON with the seats in
``meta``, written atomically to ``<user data dir>/saves/<game>.json``.

Nothing the user made is deleted behind their back: a session only ever deletes
the save it was loaded from or saved to, and only while that file still holds
exactly what the session read or wrote (:meth:`Session.delete_own_save`).
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path
from typing import TYPE_CHECKING

from game.rules import GAMES, GameRecord, Seat, events_for
from game.rules.files import FileRefused, read_bytes

from .players import HUMAN

if TYPE_CHECKING:
    from game.rules.seat import Witnessed
from .settings import data_dir

#: Temporary files of an atomic write (``game.rules.write_atomic``) left by a crash are
#: removed once they are this old (a younger one may belong to a save in progress).
STALE_TEMP_SECONDS = 3600.0
TEMP_PATTERN = ".tmp-*.json"


class SaveError(Exception):
    """A saved game that cannot be used; the file is left untouched.

    ``kind`` says what is wrong in a word a screen can translate (``missing``, ``unreadable``,
    ``special``, ``too_big``, ``broken``, ``seats``, ``seat``, ``replay``, ``table``); the message
    has the details."""

    def __init__(self, message: str, kind: str = "broken") -> None:
        super().__init__(message)
        self.kind = kind


def saves_dir() -> Path:
    return data_dir() / "saves"


def save_path(game: str) -> Path:
    return saves_dir() / f"{game}.json"


def put_aside(path: Path) -> Path:
    """Rename an unusable save to ``<game>.broken-<date-time>.json`` beside it (nothing is deleted;
    it no longer counts as a save); returns the new path.  ``OSError`` if it cannot be renamed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.broken-{stamp}.json")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.broken-{stamp}-{n}.json")
    path.rename(target)
    return target


def list_saves() -> list[Path]:
    """The saved games (``<game>.json`` of a known game), oldest first.

    Nothing else in the folder is taken for a save; stale temporary files of an
    interrupted save are removed on the way (:func:`remove_stale_temp_files`).
    """
    remove_stale_temp_files()
    saves = []
    for game in GAMES:
        path = save_path(game)
        try:
            saves.append((path.stat().st_mtime, path))
        except OSError:
            continue
    return [path for _, path in sorted(saves)]


def remove_stale_temp_files(max_age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the saves folder's temporary files older than ``max_age`` seconds; returns them."""
    folder = saves_dir()
    removed = []
    now = time.time()
    for path in folder.glob(TEMP_PATTERN) if folder.is_dir() else ():
        try:
            if now - path.stat().st_mtime > max_age:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def check_seats(game: str, seats: list[str]) -> None:
    """``ValueError`` with one clear message unless ``seats`` can play ``game``.

    The number of seats must be in the game's player range and every seat is ``human`` or an
    agent spec that :func:`ai.make_agent` accepts (so ``mcts:level=insane`` is refused rather
    than quietly replaced by random moves at every turn).
    """
    from ai import make_agent
    from game.rules import game_info

    try:
        game_info(game).check_players(len(seats))
    except ValueError as exc:
        raise ValueError(
            f"{exc} seat{'' if len(seats) == 1 else 's'} (given: {', '.join(seats) or 'none'})"
        ) from None
    for spec in seats:
        if spec != HUMAN:
            try:
                make_agent(spec, seed=0)
            except (ValueError, TypeError) as exc:
                raise ValueError(f"bad seat {spec!r}: {exc}") from None


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _record_key(record: GameRecord) -> tuple[str, int, int, dict[str, object]]:
    """What a record's game is, apart from its actions (a replay depends on these and the actions)."""
    return (record.game, record.players, record.seed, dict(record.options))


class SeatReplica:
    """``player``'s seat replayed along a record, so that its history (:attr:`Seat.history`) grows
    with the record instead of being rebuilt from the first action at every request.

    It holds the true state, like the session it lives in; only the seat's own views go out
    (:meth:`history`).  :meth:`fits` says whether the record still starts with exactly the actions
    replayed so far (the same game, seed and options; the consumed actions equal, compared in one
    pass that is mostly identity checks), else the replica must be rebuilt."""

    __slots__ = ("_actions", "_key", "_seat", "_state")

    def __init__(self, record: GameRecord, player: int) -> None:
        self._key = _record_key(record)
        self._state = record.new_state()
        self._seat = Seat(self._state, player)
        self._actions: list = []  # the actions replayed so far (the record's own objects)

    def fits(self, record: GameRecord) -> bool:
        """True when ``record`` is this replica's game and begins with the actions it replayed."""
        n = len(self._actions)
        return (
            len(record.actions) >= n
            and record.actions[:n] == self._actions
            and _record_key(record) == self._key
        )

    def advance(self, actions: list) -> None:
        """Replay the actions of ``actions`` after the ones already replayed (it must :meth:`fit
        <fits>` them), the seat witnessing each decision."""
        for action in actions[len(self._actions) :]:
            actor = self._state.current_player
            if actor is None:
                raise ValueError(f"action {len(self._actions)} ({action}) comes after the game's end")
            self._seat.witness(actor)
            self._state.apply(action)
            self._actions.append(action)

    def history(self) -> list[Witnessed]:
        """The seat's own view before each decision replayed, oldest first (a fresh list)."""
        return list(self._seat.history)


class Session:
    """One game being played in the client."""

    def __init__(self, record: GameRecord, seats: list[str]) -> None:
        if len(seats) != record.players:
            raise ValueError(f"{record.game} needs {record.players} seats, got {len(seats)}")
        self.record = record
        self.seats = list(seats)
        self.actors: list[int] = []  # who took each action of the record
        # undo never takes back an action before these indexes: the last that closed a hand or
        # round, and the last that showed the human something hidden (see :meth:`undo_point`)
        self.end_barrier = self.reveal_barrier = 0
        self.state = self._replay(record)
        self.history: list[list[dict]] = []  # events of each action since the session began
        self._replicas: dict[int, SeatReplica] = {}  # each bot seat's history, kept (seat_history)
        self.save_file: Path | None = None  # the save this session was loaded from or saved to
        self._save_digest: str | None = None  # ... and the SHA-256 of its bytes at that moment
        self._saved_actions: list = []  # the record's actions when it was last saved or loaded
        #: The game's id in the player's history once it is recorded there (``game.client.history``).
        self.history_id: int | None = None

    def _replay(self, record: GameRecord):
        """Replay the record (``ValueError`` naming the bad action) and note who took each action."""
        state = record.new_state()
        self.actors = []
        self.end_barrier = self.reveal_barrier = 0
        for i, action in enumerate(record.actions):
            self.actors.append(state.current_player)
            try:
                events = state.apply(action)
            except ValueError as exc:
                raise ValueError(f"action {i} ({action}) cannot be replayed: {exc}") from exc
            self._note_barrier(events)
        return state

    def _note_barrier(self, events: list[dict]) -> None:
        """Move the undo barriers past the action just taken if it ended a hand or round
        (``GameInfo.undo_barriers``) or showed the human something hidden from them until then
        (an event naming them in ``revealed_to``, whoever took the action)."""
        ends = self.info.undo_barriers
        if any(ev.get("type") in ends for ev in events):
            self.end_barrier = len(self.actors)
        humans = self.humans
        if len(humans) == 1 and any(humans[0] in ev.get("revealed_to", ()) for ev in events):
            self.reveal_barrier = len(self.actors)

    @property
    def barrier(self) -> int:
        """Actions before this index are never undone."""
        return max(self.end_barrier, self.reveal_barrier)

    @classmethod
    def new(cls, game: str, seats: list[str], seed: int | None = None, **options) -> Session:
        state, record = GameRecord.start(game, players=len(seats), seed=seed, **options)
        record.meta = {"seats": list(seats), "started": time.time()}  # started: the game's key in the history
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
        self._note_barrier(events)
        return events

    def seat_history(self, player: int) -> list[Witnessed]:
        """``player``'s own view before each decision of the game so far, oldest first (what a bot's
        beliefs read, :attr:`game.rules.Seat.history`), as replaying the record would witness it.

        The session keeps a :class:`SeatReplica` per player asked for and advances it only over
        the actions appended since; a record it no longer fits (undone, replaced) is replayed from
        the start.  A fresh list goes out; its entries are shared with the replica (read only)."""
        replica = self._replicas.get(player)
        if replica is None or not replica.fits(self.record):
            replica = self._replicas[player] = SeatReplica(self.record, player)
        try:
            replica.advance(self.record.actions)
        except BaseException:
            del self._replicas[player]  # half advanced: never trusted again
            raise
        return replica.history()

    def events_for(self, events: list[dict], player: int) -> list[dict]:
        return events_for(events, player)

    def past_events(self):
        """The events of every action so far, one list per action (all of them, unfiltered)."""
        state = self.record.new_state()
        for action in self.record.actions:
            yield state.apply(action)

    # -- undo --------------------------------------------------------------------
    def undo_point(self) -> int | None:
        """Index of the human's last decision, if undo is allowed (one human vs bots).

        Never at or before an action that ended a hand or round (``GameInfo.undo_barriers``: a
        finished hand stays finished), nor one that showed the human something hidden (a card
        drawn, turned, peeked at, a sum, a bot's card: the same seed would show it again).
        """
        if len(self.humans) != 1 or self.over:
            return None
        human = self.humans[0]
        for i in range(len(self.actors) - 1, self.barrier - 1, -1):
            if self.actors[i] == human:
                return i
        return None

    def undo_refusal(self) -> str | None:
        """Why undo is refused although the human has decided something: ``"ended"`` (their last
        decision lies in a finished hand or round), ``"revealed"`` (they saw something hidden
        since), else ``None``."""
        if self.undo_point() is not None or len(self.humans) != 1 or self.over:
            return None
        human = self.humans[0]
        last = max((i for i, p in enumerate(self.actors) if p == human), default=None)
        if last is None:
            return None
        return "ended" if last < self.end_barrier else "revealed"

    @property
    def undo_blocked_by_end(self) -> bool:
        """Undo is refused only because the human's last decision lies in a finished hand or round."""
        return self.undo_refusal() == "ended"

    def undo(self) -> bool:
        """Take back the human's last decision and every bot action after it."""
        point = self.undo_point()
        if point is None:
            return False
        self.record.actions = self.record.actions[:point]
        self.record.returns = None
        self.state = self._replay(self.record)
        self.history = []
        self.count_help("undos")
        return True

    def count_help(self, kind: str) -> None:
        """Count a use of undo or a hint in the record's ``meta`` (``"undos"``, ``"hints"``): a game
        played with help is kept like any other, and statistics can tell it apart."""
        self.record.meta = dict(self.record.meta, **{kind: self.help_used(kind) + 1})

    def help_used(self, kind: str) -> int:
        """How often ``kind`` (``"undos"``, ``"hints"``) helped in this game so far."""
        n = self.record.meta.get(kind)
        return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else 0

    # -- save / resume -----------------------------------------------------------
    def save(self, path: Path | None = None) -> Path:
        path = Path(path) if path is not None else save_path(self.game)
        self.record.meta = dict(self.record.meta, seats=list(self.seats))
        self.record.save(path)
        self._own(path, path.read_bytes())
        return path

    def _own(self, path: Path, data: bytes) -> None:
        """Remember that the save at ``path``, holding ``data``, is this session's."""
        self.save_file = path
        self._save_digest = _digest(data)
        self._saved_actions = list(self.record.actions)

    def is_you(self, p: int) -> bool:
        """Player ``p`` is the one human at the screen, whom every screen calls "You" (in a hot-seat
        game each human is named)."""
        return self.humans == [p]

    def save_slot_is_mine(self) -> bool:
        """True when saving would overwrite no other game: this game has no save, or the save
        is this session's own, unchanged since it was loaded or written."""
        path = save_path(self.game)
        try:
            data = read_bytes(path, "a saved game")
        except FileRefused as exc:
            return exc.kind == "missing"
        return path == self.save_file and _digest(data) == self._save_digest

    def has_unsaved_moves(self) -> bool:
        """True when leaving now would lose moves: the game is not over and its moves are not
        those last saved or loaded (a new game: any move at all)."""
        return not self.state.is_terminal and self.record.actions != self._saved_actions

    @classmethod
    def load(cls, path: Path) -> Session:
        """Resume a saved game; :class:`SaveError` (file untouched) if it is unusable.

        Whatever is wrong with the file (unreadable, not UTF-8, not JSON, too deeply
        nested, wrong types anywhere, actions that cannot be replayed) ends up as a
        :class:`SaveError` with the reason; the file is only ever read.
        """
        path = Path(path)
        try:
            data = read_bytes(path, "a saved game")  # a regular file of a sane size, or refused unread
        except FileRefused as exc:
            if exc.kind == "missing":
                raise SaveError(f"no saved game at {path}", "missing") from exc
            kind = exc.kind if exc.kind in ("special", "too_big") else "unreadable"
            raise SaveError(f"the saved game cannot be used: {exc}", kind) from exc
        try:
            record = GameRecord.loads(data.decode("utf-8"))
            seats = record.meta.get("seats")
        except Exception as exc:  # noqa: BLE001 - any flaw of an untrusted file is a broken save
            raise SaveError(f"the saved game {path} is broken: {_reason(exc)}") from exc
        if (
            not isinstance(seats, list)
            or len(seats) != record.players
            or not all(isinstance(s, str) and s for s in seats)
        ):
            raise SaveError(f"the saved game {path} does not say who sits where", "seats")
        try:
            check_seats(record.game, seats)
        except ValueError as exc:
            raise SaveError(
                f"the saved game {path} has a seat the client cannot fill: {exc}", "seat"
            ) from exc
        try:
            session = cls(record, seats)
        except Exception as exc:  # noqa: BLE001
            raise SaveError(f"the saved game {path} cannot be replayed: {_reason(exc)}", "replay") from exc
        try:
            record.check_outcome(session.state)  # a stored result that is not the game's own
        except ValueError as exc:
            raise SaveError(f"the saved game {path} is broken: {_reason(exc)}") from exc
        session._own(path, data)
        return session

    def delete_own_save(self) -> bool:
        """Delete this session's save (see :attr:`save_file`) if the file still holds exactly it.

        A file that another game (or another copy of the client) has written since is kept.
        Returns whether a file was deleted.
        """
        if self.save_file is None:
            return False
        try:
            if _digest(read_bytes(self.save_file, "a saved game")) != self._save_digest:
                return False
            self.save_file.unlink()
        except (OSError, FileRefused):
            return False
        self.save_file = self._save_digest = None
        return True


def _reason(exc: BaseException) -> str:
    """A one-line reason for a load failure."""
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    text = str(exc).splitlines()[0] if str(exc) else ""
    if isinstance(exc, ValueError) and text:
        return text
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__

"""``ReplaySession``: a recorded game whose shown position moves along the record.

It offers what a table reads from a :class:`~game.client.session.Session` (``state``,
``record``, ``seats``, ``to_move``, ``over``, ``past_events``...), for the position after
``cursor`` actions.  Every position and every action's events are computed once, so that
stepping forwards and backwards is instant and always shows the same thing.
"""

from __future__ import annotations

from game.rules import GameRecord

from ..session import HUMAN, Session

#: Events that start a new hand or round (the timeline's jump points).
SECTION_EVENTS = frozenset({"hand_started", "round_started"})
#: Where a game's view numbers its hands or rounds, and what the game calls them.
SECTION_FIELDS = (("hand_number", "hand"), ("round", "round"))
#: The seat name used when a record does not say who played (shown as "Player N").
UNKNOWN_SEAT = HUMAN


def section_starts(events: list[list[dict]]) -> list[int]:
    """The positions where a hand or round starts (0 first), from the events of each action."""
    return [0] + [
        i + 1
        for i, evs in enumerate(events)
        if i + 1 < len(events) and any(ev.get("type") in SECTION_EVENTS for ev in evs)
    ]


def section_field(view: dict) -> tuple[str | None, str | None]:
    """Where ``view`` (a game's view) numbers its hands or rounds and what the game calls them
    (``("hand_number", "hand")``), or ``(None, None)`` for a game without them."""
    return next(((f, unit) for f, unit in SECTION_FIELDS if isinstance(view.get(f), int)), (None, None))


class ReplaySession(Session):
    """A replay of ``record``; ``seek(k)`` shows the position after its first ``k`` actions."""

    def __init__(self, record: GameRecord, seats: list[str] | None = None) -> None:
        seats = seats or record.seat_specs() or [UNKNOWN_SEAT] * record.players
        super().__init__(record, seats)
        self.states = list(record.states())
        self.events: list[list[dict]] = []
        state = record.new_state()
        for action in record.actions:
            self.events.append(state.apply(action))
        self.cursor = len(record.actions)
        self.sections = section_starts(self.events)
        self._numbers: dict[int, int | None] = {}
        start = self.states[0].view(0)
        self.section_field, self.section_unit = section_field(start)

    @property
    def length(self) -> int:
        """How many actions the game has (positions are 0 .. length)."""
        return len(self.record.actions)

    def seek(self, k: int) -> int:
        """Show the position after ``k`` actions (clamped); returns the new cursor."""
        self.cursor = max(0, min(self.length, int(k)))
        self.state = self.states[self.cursor]
        return self.cursor

    def views(self) -> list[dict]:
        """Every player's view of the shown position."""
        return [self.state.view(p) for p in range(self.record.players)]

    def past_events(self):
        return iter(self.events[: self.cursor])

    def actor(self, index: int) -> int | None:
        """Who took action ``index``."""
        return self.actors[index] if 0 <= index < len(self.actors) else None

    def section_start(self, k: int, direction: int) -> int:
        """The next (``direction`` 1) or previous (-1) hand/round start from position ``k``."""
        if direction > 0:
            return next((s for s in self.sections if s > k), self.length)
        return next((s for s in reversed(self.sections) if s < k), 0)

    def section_number(self, k: int) -> int:
        """The number of the hand or round at position ``k`` as the game counts it (0: before the first
        round, Hakkutsu!!'s draft), else counted from the section starts."""
        if self.section_field is None:
            return sum(1 for s in self.sections if s <= k)
        if k not in self._numbers:
            self._numbers[k] = self.states[k].view(0).get(self.section_field)
        number = self._numbers[k]
        return number if isinstance(number, int) else sum(1 for s in self.sections if s <= k)

    # a replay never plays, saves or undoes anything
    def apply(self, action):
        raise RuntimeError("a replay does not take actions")

    def save(self, path=None):
        raise RuntimeError("a replay is not saved as a game")

    def undo_point(self) -> None:
        return None

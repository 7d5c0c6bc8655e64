"""Hints for a human playing bots: a bot searching from **the human's own seat**.

Key ``H`` asks for a hint on the human's turn: a search (the ``normal`` bot's budget) runs in
its own :class:`~game.client.bot_worker.BotWorker` process on the human's
:class:`~game.rules.Seat` - the worker rebuilds the game from the record but hands the search
only the seat, so a hint knows exactly what the human knows.  The table then highlights the
move (``TableScene.hint_rects``) and says the human's win chance.  Key ``W`` toggles a small
live win-chance meter, refreshed at each of the human's turns.

In hot-seat games hints stay off until every human has pressed ``H`` (each press is counted
as that player's agreement); games without humans (demos) have none.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.agents import reads_history

from ..bot_worker import BotWorker

HINT_SPEC = "mcts:level=normal"


@dataclass(frozen=True)
class Hint:
    """The move the search prefers for ``player`` at position ``position`` and their win chance."""

    player: int
    position: int
    action: object
    win_chance: float | None


class Hints:
    """The hint and meter state of one table (``scene``: a :class:`~.scene.TableScene`)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.worker: BotWorker | None = None
        self.shown: Hint | None = None  # the hint on the table now
        self.meter: Hint | None = None  # the latest win chance for the meter
        self.measured_at: tuple | None = None  # (position, player) of the latest answer
        self.meter_on = False
        self.agreed: set[int] = set()  # hot-seat: the humans who turned hints on
        self.asked_at: tuple | None = None  # (position, player) of the request in the worker
        self.wanted = False  # the request is for a shown hint (not only the meter)

    # ------------------------------------------------------------------ who may
    @property
    def humans(self) -> list[int]:
        return self.scene.session.humans

    def allowed(self) -> bool:
        """Hints against bots; in hot-seat only once every human agreed; never in demos."""
        if self.scene.demo or not self.humans or not self.scene.interactive:
            return False
        return len(self.humans) == 1 or self.agreed >= set(self.humans)

    def position(self) -> tuple[int, int]:
        return (len(self.scene.session.record.actions), self.scene.viewer)

    # ------------------------------------------------------------------ requests
    def ask(self) -> str:
        """Key ``H``: request a hint; returns what happened (``"asked"``, ``"agreed"``, ``"off"``,
        ``"not_your_turn"``) for the table to tell the player."""
        if self.scene.demo or not self.humans or not self.scene.interactive:
            return "off"
        if not self.allowed():
            self.agreed.add(self.scene.viewer)
            if not self.allowed():
                return "agreed"
        if not self.scene.my_turn:
            return "not_your_turn"
        self.wanted = True
        self.request()
        self.scene.session.count_help("hints")
        return "asked"

    def toggle_meter(self) -> bool:
        """Key ``W``: the live win-chance meter on or off (only where hints are allowed)."""
        self.meter_on = self.allowed() and not self.meter_on
        if self.meter_on:
            self.scene.session.count_help("hints")  # the meter helps too
        if self.shown is not None:  # the box shows the meter now (with a hint up, W changed nothing)
            self.shown = None
            self.scene.highlight_action(None)
        return self.meter_on

    def request(self) -> None:
        if self.asked_at == self.position() and self.worker is not None and self.worker.busy:
            return
        if self.worker is None:
            self.worker = BotWorker(mode=self.scene.app.bot_mode)
        s = self.scene.session
        self.asked_at = self.position()
        seed = (s.record.seed * 7919 + len(s.record.actions)) % (1 << 62)
        reads = reads_history(HINT_SPEC, s.game, s.record.players)
        history = s.seat_history(self.scene.viewer) if reads else ()
        self.worker.request(s.state, self.scene.viewer, HINT_SPEC, seed, analyse=True, history=history)

    # ------------------------------------------------------------------ each frame
    def update(self) -> None:
        here = self.position()
        if self.shown is not None and (self.shown.position, self.shown.player) != here:
            self.shown = None
            self.scene.highlight_action(None)
        if self.worker is not None and self.worker.busy:
            if self.asked_at != here:
                self.worker.cancel()
                self.wanted = False
            else:
                result = self.worker.poll()
                if result is not None and result.fallback is None:
                    hint = Hint(here[1], here[0], result.action, result.win_chance)
                    self.measured_at = here
                    if result.win_chance is not None:  # a forced move keeps the last reading
                        self.meter = hint
                    if self.wanted:
                        self.shown = hint
                        self.scene.highlight_action(result.action)
                    self.wanted = False
        elif self.meter_on and self.allowed() and self.scene.my_turn and self.measured_at != here:
            self.request()

    @property
    def thinking(self) -> bool:
        return self.worker is not None and self.worker.busy

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

"""What every game scene shares: driving bots, the human's turn, hot-seat privacy,
pause, save, undo, and the hand-over to the results screen.

Game scenes subclass :class:`GameScene` and implement the drawing, the
hit-testing and ``animate(events, new_view)``, which turns the events of one
action into timeline steps ending in ``self.display = new_view``.
"""

from __future__ import annotations

import time

import pygame

from ai.agents import reads_history

from .. import illegal
from ..animation import Timeline
from ..bot_worker import BotWorker
from ..i18n import You, continue_label, t
from ..scene import CLOSE_AGAIN_SECONDS, Scene
from ..session import Session

#: Hot-seat: seconds the table stands still on the last human's view after their move has been
#: shown, before the screen is passed to the next player.
HAND_OVER_PAUSE = 1.5
#: What a refused undo says, by :meth:`Session.undo_refusal`'s reason.
UNDO_REFUSED = {"ended": "game.no_undo_ended", "revealed": "game.no_undo_revealed", None: "game.no_undo"}


class GameScene(Scene):
    update_when_covered = False  # the pause menu (or a privacy screen) stops the table

    def __init__(self, app, session: Session, resumed: bool = False, demo: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.demo = demo
        self.worker = BotWorker(mode=app.bot_mode)
        self.timeline = Timeline(app.sound)
        self.viewer = self._initial_viewer()
        self.display = session.state.view(self.viewer)
        self.finished = False
        self.bot_note: str | None = None
        self.seed_counter = 0
        self.privacy_first = self.hotseat and not demo
        self.hand_over_wait = 0.0  # seconds the finished turn has been on screen (hot-seat)
        #: A tutorial's :class:`~game.client.tutorial.guide.Guide`: it plays every seat but the
        #: learner's from its script, and vets the learner's input and actions.
        self.guide = None
        if resumed:
            app.notify(t("game.resumed"), 3)

    # -- seats -------------------------------------------------------------------
    def _initial_viewer(self) -> int:
        humans = self.session.humans
        p = self.session.to_move
        if p is not None and p in humans:
            return p
        return humans[0] if humans else 0

    def name(self, p: int) -> str:
        """How player ``p`` is called on screen: "You", a hot-seat player's profile name ("Player 2"
        without one), or the bot's label with its level (numbered when two seats would read the
        same, and at tables of bots only)."""
        from ..history import seat_people
        from ..players import seat_names

        record = self.session.record
        return seat_names(self.session.seats, seat_people(record.meta, record.players))[p]

    def is_you(self, p: int) -> bool:
        return self.session.is_you(p)

    def subject(self, p: int) -> str:
        """Player ``p``'s name as a sentence's subject: for "You", an :class:`~..i18n.You`, so that
        ``t`` takes the line's second-person form ("You win", not "You wins")."""
        name = self.name(p)
        return You(name) if self.is_you(p) else name

    @property
    def hotseat(self) -> bool:
        return len(self.session.humans) > 1

    #: False while the table only shows positions (a replay): nobody may act through it.
    interactive = True

    @property
    def my_turn(self) -> bool:
        """The viewer is a human to move and nothing is animating: input is accepted."""
        p = self.session.to_move
        return (
            self.interactive
            and not self.timeline.busy
            and p is not None
            and p == self.viewer
            and self.session.is_human(p)
        )

    # -- acting --------------------------------------------------------------------
    def act(self, action) -> bool:
        """A human action (ignored unless it is their turn; illegal ones are explained)."""
        if not self.my_turn:
            return False
        if self.guide is not None and not self.guide.allows(action):
            return False  # not the lesson's move: the guide said why
        if action not in self.session.state.legal_actions():
            self.app.sound("sfx.error")
            self.app.notify(t("game.illegal", reason=illegal.explain(self.session.state, action)))
            return False
        self._apply(action)
        return True

    def _apply(self, action) -> None:
        before = self.display
        events = self.session.apply(action)
        visible = self.session.events_for(events, self.viewer)
        self.on_events(visible)
        self.animate(visible, before, self.session.state.view(self.viewer))

    def on_events(self, events: list[dict]) -> None:
        """Hook: the log panel listens here."""

    def animate(self, events, before, after) -> None:
        """Queue animation steps; the last must set ``self.display = after``."""
        self.display = after

    # -- the frame -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.timeline.speed = (
            self.app.settings.animation_speed * (self.demo_speed if self.demo else 1.0) * self.pace()
        )
        self.timeline.update(dt)
        if self.guide is not None:
            self.guide.update(dt)  # a tutorial: the script plays every seat but the learner's
        if self.finished:
            return
        s = self.session
        if s.over:
            self.worker.cancel()
            if not self.timeline.busy:
                self.finished = True
                self.game_over()
            return
        p = s.to_move
        if self.guide is not None:
            return
        if not s.is_human(p):
            following = self.next_human_after(p) if self.hotseat and p is not None else self.viewer
            if following != self.viewer or (self.hotseat and self.privacy_first):
                # the bots play on in the next human's view, not the last one's (nor, at the start, in
                # anybody's before the privacy screen); they wait until the last move has been shown
                if not self.timeline.busy and self.last_move_seen(dt):
                    self.hand_over(following)
                return
            self._drive_bot(p)
        elif not self.timeline.busy and p != self.viewer and self.hotseat:
            if self.last_move_seen(dt):
                self.hand_over(p)
        elif self.privacy_first and not self.timeline.busy and self.app.scenes.top is self:
            self.privacy_first = False  # the very first turn of a hot-seat game is private too
            self.app.scenes.push_named("privacy", self.name(p))

    demo_speed = 1.0

    def pace(self) -> float:
        """Hook: a factor on the animation speed (other players' turns hurried)."""
        return 1.0

    def next_human_after(self, p: int) -> int:
        """The first human seat after ``p`` in seat order (who sits next at the screen)."""
        n = len(self.session.seats)
        return next(q for q in ((p + i) % n for i in range(1, n + 1)) if self.session.is_human(q))

    def last_move_seen(self, dt: float) -> bool:
        """Hot-seat, before the screen is passed: True once the table has stood still on the last
        human's view for :data:`HAND_OVER_PAUSE` seconds, so they see what their move did (the rock
        in the cart, the card turned up); at once before the first turn, when there is nothing
        to see."""
        if self.privacy_first:
            return True
        self.hand_over_wait += dt
        if self.hand_over_wait < HAND_OVER_PAUSE:
            return False
        self.hand_over_wait = 0.0
        return True

    def hand_over(self, p: int) -> None:
        """Hot-seat: the table shows human ``p``'s view, behind a privacy screen until they are ready.
        The last human's hidden cards never stay on screen for the next one to see."""
        self.viewer = p
        self.display = self.session.state.view(p)
        self.on_viewer_changed()
        self.privacy_first = False
        if self.app.scenes.top is self:
            self.app.scenes.push_named("privacy", self.name(p), their_turn=self.session.to_move == p)

    def play_scripted(self, action) -> None:
        """A tutorial's scripted move, shown as any move is."""
        self._apply(action)

    def _drive_bot(self, p: int) -> None:
        if len(self.timeline.steps) > 6:
            return  # let the animation catch up before racing ahead
        if not self.worker.busy:
            self.seed_counter += 1
            seed = (self.session.record.seed * 7919 + len(self.session.record.actions)) % (1 << 62)
            spec = self.session.seats[p]
            reads = reads_history(spec, self.session.game, self.session.record.players)
            history = self.session.seat_history(p) if reads else ()
            self.worker.request(self.session.state, p, spec, seed, history=history)
            return
        result = self.worker.poll()
        if result is None:
            return
        if result.fallback:
            self.bot_note = result.fallback
            self.app.notify(t("game.bot_fallback", name=self.name(p), reason=result.fallback), 6)
        self._apply(result.action)

    def covered(self) -> None:
        super().covered()
        self._covered_at = time.monotonic()

    def uncovered(self) -> None:
        super().uncovered()
        paused = time.monotonic() - getattr(self, "_covered_at", time.monotonic())
        self.worker.extend(paused)  # time under the pause menu does not count against the bot

    def on_viewer_changed(self) -> None:
        """Hook for hot-seat switches."""

    # -- menu actions ------------------------------------------------------------------
    def pause(self) -> None:
        self.app.scenes.push_named("pause", self)

    def save_game(self) -> bool:
        if self.guide is not None:
            return True  # a tutorial keeps the learner's place at every step; it has no save
        try:
            self.session.save()
        except OSError as exc:
            self.app.notify(t("game.save_failed", error=str(exc)))
            return False
        self.app.notify(t("game.saved", button=continue_label(self.session.game)), 3)  # no file path
        return True

    def before_quit(self) -> bool:
        """Closing the window keeps the game: moves not yet saved are saved, as Save and quit
        does, so Continue resumes it.  Another game's save is never overwritten this way, and a
        save that fails keeps the window open; either way the player is told, and closing again
        quits without saving."""
        session = self.session
        if self.demo or not self.interactive or not session.humans or not session.has_unsaved_moves():
            return True
        if not session.save_slot_is_mine():
            self.app.notify(
                t("game.close_other_save", game=t(f"game.{session.game}.title")), CLOSE_AGAIN_SECONDS
            )
            return False
        try:
            path = session.save()
        except OSError as exc:
            self.app.notify(
                t("game.close_save_failed", error=str(exc)),
                CLOSE_AGAIN_SECONDS,
                detail=f"saving on close failed: {exc}",
            )
            return False
        # the window is going: the terminal (Ctrl+C) says where the game went
        print(
            t(
                "game.saved_on_close",
                game=t(f"game.{session.game}.title"),
                button=continue_label(session.game),
                path=str(path),
            ),
            flush=True,
        )
        return True

    def undo(self) -> bool:
        """Ctrl+Z / the Undo button: take back the human's last decision, if it may be.

        A refused undo changes nothing (the hand summary still waits, the bot goes on thinking).
        """
        if self.hotseat or not self.session.humans:
            return False
        if self.session.undo_point() is None:
            self.app.notify(t(UNDO_REFUSED[self.session.undo_refusal()]), 3)
            return False
        self.worker.cancel()
        self.timeline.finish_all()
        self.session.undo()
        self.display = self.session.state.view(self.viewer)
        self.after_undo()
        self.app.notify(t("game.undone"), 2)
        return True

    def after_undo(self) -> None:
        """Hook: rebuild the log and anything derived from the history."""

    def game_over(self) -> None:
        if self.guide is not None:
            return  # a tutorial's game ends in its last steps, not on the results screen
        self.session.delete_own_save()
        names = [self.name(p) for p in range(self.session.record.players)]
        if self.demo:
            self.on_demo_end()
            return
        kept = self.keep_for_replays()
        self.record_history(replay=kept)
        self.app.sound(
            "sfx.win"
            if any(self.session.is_human(w) for w in self.session.state.winners()) or not self.session.humans
            else "sfx.lose"
        )
        self.app.scenes.push_named("results", self.session, names, self.results_summary(), replay_path=kept)

    def keep_for_replays(self):
        """Store the finished game for the Replays screen; where (None if it failed: only reported)."""
        from ..replay.store import keep_finished

        try:
            return keep_finished(self.session.record, self.session.seats)
        except OSError as exc:
            self.app.notify(t("game.replay_not_kept", error=str(exc)), 4)
            return None

    def record_history(self, status: str = "finished", replay=None) -> int | None:
        """Write this game to the player's record (``game.client.history``; not a lesson's, not a
        demo's); its id is kept as ``session.history_id`` (``None``: not written)."""
        if self.guide is not None or self.demo:
            return None
        from ..history import record_end

        self.session.history_id = record_end(self.app, self.session, status, replay)
        return self.session.history_id

    def abandon(self) -> None:
        """The game is left before its end and its moves dropped: it counts as abandoned."""
        if not self.session.over:
            self.record_history("abandoned")

    def results_summary(self) -> list[str]:
        return []

    def on_demo_end(self) -> None:
        """Hook for ``tabletop-trio demo``."""

    def close(self) -> None:
        self.worker.close()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.pause()
            elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()

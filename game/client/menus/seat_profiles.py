"""The setup screen's choice of who sits at each human seat of a hot-seat game: a profile, a new
one (made in :class:`~.profile.ProfileScene`), or a guest.

:class:`SeatProfiles` keeps the choice per seat across rebuilds; the setup screen calls
:meth:`build` (a drop-down beside each human seat, where a seat's note would be),
:meth:`handle_ui`, :meth:`problem` (one profile at two seats) and :meth:`chosen` on Start.
Each seat starts with the player of this screen, then the other profiles in order, then guests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game.history import Profile

from .. import history as client_history
from ..i18n import t
from ..players import HUMAN


class SeatProfiles:
    """Who sits at the human seats (only asked when two or more people play)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.picked: dict[int, Profile | None] = {}  # seat -> profile (None: a guest)
        self.menus: dict[int, pygame_gui.elements.UIDropDownMenu] = {}
        self.profiles: list[Profile] = []

    def active(self, seats: list[str]) -> bool:
        return seats.count(HUMAN) > 1

    def _defaults(self, seats: list[str]) -> None:
        """Give each human seat without a choice the next profile no seat has (the local one first)."""
        humans = [p for p, spec in enumerate(seats) if spec == HUMAN]
        local = client_history.local_profile(self.scene.app)
        order = ([local] if local else []) + [p for p in self.profiles if not local or p.id != local.id]
        taken = {prof.id for seat, prof in self.picked.items() if prof is not None and seat in humans}
        for seat in humans:
            if seat not in self.picked:
                free = next((p for p in order if p.id not in taken), None)
                self.picked[seat] = free
                if free is not None:
                    taken.add(free.id)

    def label(self, profile: Profile | None) -> str:
        return profile.name if profile is not None else t("profile.guest")

    def build(
        self, seats: list[str], rows: list[int], rect_at: Callable[[int], tuple[int, int, int, int]]
    ) -> None:
        """A drop-down for each human seat at ``rect_at(row_y)`` (nothing unless it is hot-seat)."""
        self.menus = {}
        if not self.active(seats):
            return
        self.profiles = client_history.profiles(self.scene.app)
        self._defaults(seats)
        texts: list[str | tuple[str, str]] = [p.name for p in self.profiles]
        texts += [t("profile.new_choice"), t("profile.guest")]
        for seat, y in enumerate(rows):
            if seats[seat] != HUMAN:
                continue
            current = self.label(self.picked.get(seat))
            self.menus[seat] = pygame_gui.elements.UIDropDownMenu(
                texts,
                current if current in texts else texts[-1],
                pygame.Rect(rect_at(y)),
                self.scene.app.ui,
                container=self.scene.container,
                expansion_height_limit=260,
            )

    def handle_ui(self, event: pygame.event.Event) -> bool:
        """A choice in one of the drop-downs (True if it was one of them)."""
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return False
        seat = next((s for s, menu in self.menus.items() if menu is event.ui_element), None)
        if seat is None:
            return False
        if event.text == t("profile.new_choice"):
            self.make_new(seat)
        elif event.text == t("profile.guest"):
            self.picked[seat] = None
        else:
            self.picked[seat] = next((p for p in self.profiles if p.name == event.text), None)
        return True

    def make_new(self, seat: int) -> None:
        """Ask for a new player's name and colour; the seat takes it (cancelled: as it was)."""
        from .profile import ProfileScene

        def done(profile: Profile) -> None:
            self.picked[seat] = profile
            self.scene.rebuild()

        self.scene.app.scenes.push(ProfileScene(self.scene.app, "new", on_done=done))

    def chosen(self, seats: list[str]) -> list[Profile | None] | None:
        """Each seat's profile (``None`` for bots and guests); ``None`` unless it is hot-seat."""
        if not self.active(seats):
            return None
        return [self.picked.get(p) if spec == HUMAN else None for p, spec in enumerate(seats)]

    def problem(self, seats: list[str]) -> str | None:
        """Why the game cannot start with these profiles (one at two seats), or ``None``."""
        seen: set[int] = set()
        for profile in self.chosen(seats) or []:
            if profile is None:
                continue
            if profile.id in seen:
                return t("profile.same_twice", name=profile.name)
            seen.add(profile.id)
        return None

"""**Since your last turn**: when the human's turn comes after other players' turns, a compact list of
what each of them did, opened with ``R`` (or a click on its chip in the log's heading) and gone once
the human acts.

The list is read from the table's ``action_log``: each action's events as the viewer saw them
(``events_for`` the viewer, then ``log_context``), with who took it (``session.actors``).  Its lines are
the log's own (``table.describe``) for the events a table captions (``table.captioned``), under each
player's name once, without it (:func:`under_name`).  Before the viewer's first move it is titled so
("before your turn"), and with nothing to tell it is not offered.  In hot-seat
games the viewer is the human about to play, so the list holds what that human may see of the previous
human's and the bots' moves, never another human's hidden cards.
"""

from __future__ import annotations

import pygame

from .. import gfx
from ..i18n import language, t, tn
from .widgets import HIGHLIGHT

PER_PLAYER = 5  # lines shown of one player's run of actions (the rest: "… N more in the log")
WIDTH = 440
SIZE = 14
CHIP_SIZE = 12


def under_name(line: str, name: str) -> str:
    """A log ``line`` of ``name``'s as it stands under their name: without the name it starts with
    (the forms ``recap.subject`` lists, "Kai " or "Kaiは"), or with "their" for "Kai's"."""
    rest = None
    for form in t("recap.subject", name=name).split("|"):
        if form and line.startswith(form) and len(line) > len(form):
            rest = line[len(form) :]
            break
    else:
        owner = t("log.owner", name=name)
        if line.startswith(owner):
            rest = t("log.own") + line[len(owner) :]
    return line if rest is None else rest[0].upper() + rest[1:]


class SinceLastTurn:
    def __init__(self, table) -> None:
        self.table = table
        self.open = False
        self.chip_rect: pygame.Rect | None = None
        self._cache: tuple | None = None

    def groups(self) -> list[tuple[int, list[str]]]:
        """``(player, lines)`` for each run of other players' actions since the viewer's last action,
        in play order (a player acting twice in a row is one run)."""
        table = self.table
        per_action = table.action_log
        actors = table.session.actors
        key = (id(per_action), len(per_action), table.viewer, language())
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        last = self.last_turn()
        runs: list[tuple[int, list[str]]] = []
        for i in range(last + 1, len(per_action)):
            lines = [line for ev in per_action[i] if table.captioned(ev) and (line := table.describe(ev))]
            if runs and runs[-1][0] == actors[i]:
                runs[-1][1].extend(lines)
            else:
                runs.append((actors[i], lines))
        groups = [(p, lines) for p, lines in runs if lines]
        self._cache = (key, groups)
        return groups

    def last_turn(self) -> int:
        """The index of the viewer's last action (-1: they have not acted yet)."""
        table = self.table
        actors = table.session.actors[: len(table.action_log)]
        return max((i for i, p in enumerate(actors) if p == table.viewer), default=-1)

    def label(self, key: str) -> str:
        """``recap.<key>``, or before the viewer's first move ``recap.<key>_first``."""
        return t(f"recap.{key}_first" if self.last_turn() < 0 else f"recap.{key}")

    def available(self) -> bool:
        """The viewer may act and others have acted since their last turn."""
        table = self.table
        return (
            table.interactive
            and table.my_turn
            and table.session.is_human(table.viewer)
            and bool(self.groups())
        )

    def toggle(self) -> bool:
        if not self.available():
            self.open = False
            return False
        self.open = not self.open
        return True

    def rows(self) -> list[tuple[str, str]]:
        """What the open panel shows, one ``(kind, text)`` per row: ``name``, ``line`` or ``more``."""
        out: list[tuple[str, str]] = []
        for p, lines in self.groups():
            name = self.table.name(p)
            out.append(("name", name))
            shown = lines[-PER_PLAYER:] if len(lines) > PER_PLAYER else lines
            if len(lines) > len(shown):
                out.append(("more", tn("recap.more", len(lines) - len(shown))))
            out += [("line", under_name(line, self.table.log_name(p))) for line in shown]
        return out

    # -- drawing ------------------------------------------------------------------------------
    def draw_chip(self, surface, log_rect: pygame.Rect | None) -> None:
        """The closed list's chip, in the log's heading (``R`` opens it)."""
        self.chip_rect = None
        if not self.available() or log_rect is None:
            self.open = False
            return
        label = t("recap.chip_open") if self.open else self.label("chip")
        w = gfx.font(CHIP_SIZE, True).size(label)[0] + 16
        rect = pygame.Rect(0, 0, w, CHIP_SIZE + 10)
        rect.topright = (log_rect.right - 8, log_rect.top + 6)
        pygame.draw.rect(
            surface, (40, 60, 50) if not self.open else (70, 60, 30), rect, border_radius=rect.height // 2
        )
        pygame.draw.rect(surface, HIGHLIGHT, rect, width=1, border_radius=rect.height // 2)
        gfx.text(surface, label, rect.center, CHIP_SIZE, HIGHLIGHT, anchor="center", bold=True)
        self.chip_rect = rect
        self.table.tips.add(rect, lambda: self.label("tip"))

    def panel_rect(self, log_rect: pygame.Rect, height: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, WIDTH, height)
        rect.topright = (log_rect.left - 8, log_rect.top)
        return rect.clamp(pygame.Rect(0, 44, log_rect.left - 4, 720 - 48))

    def draw_panel(self, surface, log_rect: pygame.Rect | None) -> None:
        if not self.open or log_rect is None or not self.available():
            return
        lh = gfx.font(SIZE).get_linesize()
        inner_w = WIDTH - 28
        wrapped: list[tuple[str, str]] = []
        for kind, text in self.rows():
            if kind == "line":
                parts = gfx.wrap(text, SIZE, inner_w - 14)
                wrapped += [("line", "• " + parts[0])] + [("line", "  " + p) for p in parts[1:]]
            else:
                wrapped.append((kind, text))
        most = (720 - 48 - 60) // lh
        if len(wrapped) > most:
            wrapped = wrapped[: most - 1] + [("more", t("recap.see_log"))]
        rect = self.panel_rect(log_rect, 44 + len(wrapped) * lh + 10)
        self.table.tips.cover(rect)
        gfx.panel(surface, rect, 242, colour=(26, 32, 30), border=HIGHLIGHT, radius=10)
        gfx.text(surface, self.label("title"), (rect.left + 14, rect.top + 10), 16, gfx.GOLD, bold=True)
        gfx.text(
            surface, t("recap.close"), (rect.right - 12, rect.top + 13), 12, gfx.MUTED, anchor="topright"
        )
        y = rect.top + 40
        for kind, text in wrapped:
            if kind == "name":
                gfx.text(surface, text, (rect.left + 14, y), SIZE, gfx.GOLD, bold=True)
            else:
                gfx.text(surface, text, (rect.left + 22, y), SIZE, gfx.MUTED if kind == "more" else gfx.INK)
            y += lh

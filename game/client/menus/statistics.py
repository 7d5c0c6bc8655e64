"""The Statistics screen: the player's record and rating, from the history (``game.history``).

Filters at the top (game, player count, opponents) choose the games.  Below them: the record per
game, player count and opponents (games, wins, win rate, streak now / best, average points, how
often the player started; unrated games counted apart), the rating over time in one game and player
count (the bot levels' ratings drawn across it), the win rate against each opponent as bars, and
the games themselves, newest first, each with its rating change or why it is unrated.  Click a game
(or move with the arrow keys and press Enter) to open its replay; the wheel scrolls the list.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.history import Profile
from game.history.entry import GameEntry, SeatResult
from game.history.ratings import BotRatings, RatedGame, RatingHistory, unrated_reason
from game.history.stats import Filters, Summary, Tally, tally
from game.rules import GameRecord

from .. import gfx
from ..history import local_profile, use
from ..i18n import t
from ..players import SEAT_KEYS, seat_name
from ..ratings import about, bot_ratings, history, signed
from ..registry import has_table, tables
from ..scene import Scene
from .common import RowList, backdrop, button, heading

TABLE = pygame.Rect(30, 150, 760, 250)  # the record per group
GRAPH = pygame.Rect(810, 150, 440, 250)  # the rating over time
BARS = pygame.Rect(30, 414, 440, 222)  # win rate per opponent
GAMES = pygame.Rect(490, 414, 760, 222)  # the games, newest first
ROW = 26  # a row of the games' list
TABLE_ROW = 22
#: The record's columns: (heading key, x from the panel's left, right-aligned).
COLUMNS = (
    ("stats.col.group", 14, False),
    ("stats.col.games", 350, True),
    ("stats.col.wins", 410, True),
    ("stats.col.rate", 475, True),
    ("stats.col.streak", 575, True),
    ("stats.col.points", 660, True),
    ("stats.col.started", 744, True),
)
LEVELS = tuple(spec for spec in SEAT_KEYS if spec != "human")
HOT_SEAT, MIXED = "human", "mixed"
LEVEL_SIZE = 11  # the bot levels' names beside the rating graph
FILTER_Y, FILTER_H = 96, 36


def spread(wanted: list[int], gap: int, top: int, bottom: int) -> list[int]:
    """Centres for labels wanted at ``wanted`` (top to bottom), each at least ``gap`` from the next
    and between ``top`` and ``bottom`` where there is room, each as near its own place as that allows."""
    places: list[int] = []
    for y in wanted:
        places.append(max(y, top + gap // 2) if not places else max(y, places[-1] + gap))
    limit = bottom - gap // 2
    for i in range(len(places) - 1, -1, -1):  # pushed past the bottom: back up
        limit = min(places[i], limit)
        places[i] = limit
        limit -= gap
    return places


def percent(rate: float | None) -> str:
    return "—" if rate is None else f"{round(100 * rate)}%"


def opponents_label(opponents: str | None) -> str:
    """A group's opponents as the screen names them ("Normal bot", "Hot-seat", "Mixed")."""
    if opponents == HOT_SEAT:
        return t("stats.hot_seat")
    if opponents == MIXED:
        return t("stats.mixed")
    return seat_name(opponents or "")


class StatisticsScene(RowList, Scene):
    def notice_place(self) -> tuple[str, tuple[int, int], int]:
        return ("midbottom", (640, 640), 800)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.profiles: list[Profile] = use(app, lambda s: s.profiles(), [])
        self.ratings: RatingHistory | None = history(app)
        self.filters = Filters()
        self.selected = 0
        self.top = 0
        self.hover: int | None = None
        self.show_profile(local_profile(app))

    def show_profile(self, profile: Profile | None) -> None:
        """Whose record is shown: the player at this screen, or another profile (hot-seat players)."""
        self.profile = profile
        pid = profile.id if profile is not None else None
        self.entries: list[GameEntry] = use(self.app, lambda s: s.games(profile_id=pid), []) if pid else []
        self.filters = dataclasses.replace(self.filters, opponents=None)  # the other's opponents differ
        self.selected = 0
        self.refresh()

    # -- what is shown -------------------------------------------------------------------------
    def refresh(self) -> None:
        """Apply the filters: the record, the games' list and the graph's game."""
        pid = self.profile.id if self.profile is not None else None
        self.summary: Summary = tally(self.entries, pid, self.filters)
        shown = []
        for entry in self.entries:
            seat = entry.seat_of(pid) if pid is not None else None
            if seat is not None and self.filters.admits(entry, seat.seat):
                shown.append(entry)
        self.shown = sorted(shown, key=lambda e: (e.ended_at, e.id or 0), reverse=True)
        self.selected = min(self.selected, max(0, len(self.shown) - 1))
        self.top = 0
        self.graph_key = self.graph_table()

    def graph_table(self) -> tuple[str, int] | None:
        """The game and player count whose rating is drawn: the filters', else the newest game's."""
        f = self.filters
        if f.game is not None and f.players is not None:
            return f.game, f.players
        for entry in self.shown:
            if not entry.abandoned:
                return entry.game, entry.players
        return None

    def filter_choices(self) -> dict[str, list[tuple[str, Any]]]:
        """Each filter's (text, value) choices; ``None`` is "all"."""
        games = [(t("stats.all_games"), None)] + [(t(f"game.{g}.title"), g) for g in tables()]
        counts = sorted({e.players for e in self.entries} | {2})
        players = [(t("stats.all_players"), None)] + [(t("stats.players_n", n=n), n) for n in counts]
        seen = {e.opponents(s.seat) for e in self.entries for s in e.seats if s.profile_id == self.pid}
        kinds = [k for k in (*LEVELS, HOT_SEAT, MIXED) if k in seen]
        opponents = [(t("stats.all_opponents"), None)] + [(opponents_label(k), k) for k in kinds]
        people = [(p.name, p.id) for p in self.profiles] if len(self.profiles) > 1 else []
        return {"game": games, "players": players, "opponents": opponents, "player": people}

    @property
    def pid(self) -> int | None:
        return self.profile.id if self.profile is not None else None

    # -- widgets -------------------------------------------------------------------------------
    def build_ui(self) -> None:
        self.filter_menus: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        x = 30
        for name, width in (("game", 260), ("players", 220), ("opponents", 260), ("player", 240)):
            choices = self.filter_choices()[name]
            if not choices:
                continue  # one profile: no choice of player
            current = self.pid if name == "player" else getattr(self.filters, name)
            text = next((text for text, value in choices if value == current), choices[0][0])
            self.filter_menus[name] = pygame_gui.elements.UIDropDownMenu(
                [text for text, _ in choices],
                text,
                pygame.Rect(x, FILTER_Y, width, FILTER_H),
                self.app.ui,
                container=self.container,
                expansion_height_limit=300,
            )
            x += width + 16
        self.b_back = button(self, (30, 656, 180, 46), "common.back")
        self.b_open = button(
            self, (GAMES.right - 240, 656, 240, 46), "stats.open_replay", object_id="#primary_button"
        )
        self.update_open_button()

    def update_open_button(self) -> None:
        if self.replay_path(self.selected) is None:
            self.b_open.disable()  # type: ignore[no-untyped-call]
        else:
            self.b_open.enable()  # type: ignore[no-untyped-call]

    def set_filter(self, name: str, value: Any) -> None:
        self.filters = dataclasses.replace(self.filters, **{name: value})
        self.refresh()
        self.update_open_button()

    def handle_ui(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, menu in self.filter_menus.items():
                if event.ui_element is menu:
                    for text, value in self.filter_choices()[name]:
                        if text == event.text and name == "player":
                            self.show_profile(next(p for p in self.profiles if p.id == value))
                            self.rebuild()  # the opponents' list is the new profile's
                        elif text == event.text:
                            self.set_filter(name, value)
            return
        super().handle_ui(event)

    def button_pressed(self, element: object) -> None:
        if element is self.b_back:
            self.app.scenes.pop()
        elif element is self.b_open:
            self.open(self.selected)

    # -- the games' list -----------------------------------------------------------------------
    @property
    def rows(self) -> int:
        return (GAMES.height - 40) // ROW

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(GAMES.left + 8, GAMES.top + 34 + (i - self.top) * ROW, GAMES.width - 16, ROW - 2)

    def replay_path(self, i: int) -> Path | None:
        """Where game ``i``'s record is kept (``None``: not kept, or since dropped from Replays)."""
        if not 0 <= i < len(self.shown) or not self.shown[i].replay:
            return None
        path = Path(self.shown[i].replay or "")
        return path if path.is_file() else None

    def open(self, i: int) -> None:
        """Replay game ``i`` (one not kept any more, or unreadable, is said so)."""
        path = self.replay_path(i)
        if path is None:
            if 0 <= i < len(self.shown):
                self.app.notify(t("stats.no_replay"), 4)
            return
        try:
            record = GameRecord.read(path)
            if not has_table(record.game):
                raise ValueError(f"the client has no table for {record.game!r} yet")
        except ValueError as exc:
            self.app.notify(t("replays.broken", name=path.name), 6, detail=str(exc))
            return
        self.app.scenes.push_named("replay", record, path=path)

    def row_count(self) -> int:
        return len(self.shown)

    def selection_changed(self) -> None:
        self.update_open_button()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        else:
            self.list_event(event)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        backdrop(self.app, surface, dim=130)
        name = self.profile.name if self.profile is not None else t("stats.nobody")
        heading(surface, t("stats.heading", name=name), y=24, size=36)
        if not self.summary.groups and not self.summary.total.abandoned:
            box = pygame.Rect(200, 200, 880, 300)
            gfx.panel(surface, box, 200)
            gfx.text_block(surface, t("stats.empty"), box.inflate(-60, -60), 20, gfx.MUTED)
            return
        self.draw_table(surface)
        self.draw_graph(surface)
        self.draw_bars(surface)
        self.draw_games(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        gfx.panel(surface, TABLE, 200)
        y = TABLE.top + 10
        for key, x, right in COLUMNS:
            gfx.text(
                surface, t(key), (TABLE.left + x, y), 14, gfx.MUTED, anchor="topright" if right else "topleft"
            )
        y += TABLE_ROW + 2
        rows = self.summary.groups + [self.summary.total]
        room = (TABLE.bottom - 34 - y) // TABLE_ROW
        if len(rows) > room:  # the groups with most games, then the total
            rows = sorted(self.summary.groups, key=lambda g: -g.games)[: room - 1] + [self.summary.total]
        for g in rows:
            total = g is self.summary.total
            colour = gfx.GOLD if total else gfx.INK
            label = t("stats.total") if total else self.group_label(g)
            cells = (
                gfx.ellipsize(label, 15, 290),
                str(g.games),
                str(g.wins),
                percent(g.win_rate),
                f"{g.current_streak} / {g.best_streak}",
                "—" if g.average_points is None else f"{g.average_points:.1f}",
                percent(g.started_rate),
            )
            for (_, x, right), cell in zip(COLUMNS, cells, strict=True):
                gfx.text(
                    surface, cell, (TABLE.left + x, y), 15, colour, anchor="topright" if right else "topleft"
                )
            y += TABLE_ROW
        everything = self.summary.total
        notes = []
        if everything.unrated:
            notes.append(t("stats.unrated_note", n=everything.unrated))
        if everything.abandoned:
            notes.append(t("stats.abandoned_note", n=everything.abandoned))
        if notes:
            gfx.text(surface, "  ".join(notes), (TABLE.left + 14, TABLE.bottom - 26), 14, gfx.MUTED)

    @staticmethod
    def group_label(g: Tally) -> str:
        return t(
            "stats.group",
            game=t(f"game.{g.game}.title"),
            n=g.players,
            opponents=opponents_label(g.opponents),
        )

    def draw_graph(self, surface: pygame.Surface) -> None:
        gfx.panel(surface, GRAPH, 200)
        if self.graph_key is None or self.ratings is None or self.pid is None:
            gfx.text_block(surface, t("stats.no_rating"), GRAPH.inflate(-40, -40), 15, gfx.MUTED)
            return
        game, n = self.graph_key
        series = self.ratings.series(self.pid, game, n)
        now = self.ratings.rating(self.pid, game, n)
        title = t("stats.rating_in", game=t(f"game.{game}.title"), n=n)
        gfx.text(surface, title, (GRAPH.left + 14, GRAPH.top + 10), 15, gfx.INK, bold=True)
        key = "stats.rating_now_provisional" if now.provisional else "stats.rating_now"
        summary = t(key, now=round(now.value), spread=round(now.uncertainty))  # "(provisional)" by the number
        gfx.text(surface, summary, (GRAPH.left + 14, GRAPH.top + 32), 14, gfx.MUTED)
        bots = bot_ratings()
        levels = []
        for spec in LEVELS:
            r = bots.get(game, n, spec) if bots is not None else None
            if r is not None:
                levels.append((spec, r.rating))
        labels = {spec: f"{seat_name(spec)} {about(v)}" for spec, v in levels}
        column = max((gfx.font(LEVEL_SIZE).size(text)[0] for text in labels.values()), default=0)
        column = column + 14 if column else 0  # the levels' names, right of the plot
        plot = pygame.Rect(GRAPH.left + 50, GRAPH.top + 58, GRAPH.width - 64 - column, GRAPH.height - 78)
        values = [1500.0] + [p.after.value for p in series] + [v for _, v in levels]
        low, high = min(values) - 40, max(values) + 40

        def y_of(v: float) -> int:
            return round(plot.bottom - (v - low) / (high - low) * plot.height)

        for _, v in levels:  # the bot levels across the graph (named over the curve, at the end)
            pygame.draw.line(surface, (90, 110, 100), (plot.left, y_of(v)), (plot.right, y_of(v)), 1)
        pygame.draw.line(surface, gfx.MUTED, plot.bottomleft, plot.bottomright, 1)
        pygame.draw.line(surface, gfx.MUTED, plot.bottomleft, plot.topleft, 1)
        gfx.text(surface, str(round(high)), (plot.left - 4, plot.top), 11, gfx.MUTED, anchor="topright")
        gfx.text(surface, str(round(low)), (plot.left - 4, plot.bottom), 11, gfx.MUTED, anchor="bottomright")
        if not series:
            gfx.text(surface, t("stats.no_rated_games"), plot.center, 14, gfx.MUTED, anchor="center")
        else:
            self.draw_curve(surface, plot, series, y_of)
        ordered = sorted(levels, key=lambda level: -level[1])  # top to bottom
        height = gfx.font(LEVEL_SIZE).get_height()
        places = spread([y_of(v) for _, v in ordered], height, GRAPH.top + 50, GRAPH.bottom - 4)
        for (spec, v), y in zip(ordered, places, strict=True):
            # each level named beside its line's end, outside the curve; close levels one under another
            pygame.draw.line(surface, (90, 110, 100), (plot.right, y_of(v)), (plot.right + 4, y), 1)
            gfx.text(surface, labels[spec], (plot.right + 7, y), LEVEL_SIZE, gfx.INK, anchor="midleft")

    def draw_curve(
        self,
        surface: pygame.Surface,
        plot: pygame.Rect,
        series: list[RatedGame],
        y_of: Callable[[float], int],
    ) -> None:
        """The rating after each rated game, one standard deviation shaded around it."""
        points = [(plot.left, y_of(series[0].before.value))]
        for i, rated in enumerate(series, start=1):
            points.append((plot.left + round(i * plot.width / len(series)), y_of(rated.after.value)))
        band = [(x, y_of(v + u)) for (x, _), (v, u) in zip(points, self.band(series), strict=True)]
        band += [
            (x, y_of(v - u)) for (x, _), (v, u) in reversed(list(zip(points, self.band(series), strict=True)))
        ]
        layer = pygame.Surface(plot.size, pygame.SRCALPHA)  # the uncertainty, kept inside the plot
        pygame.draw.polygon(layer, (*gfx.GOLD, 60), [(x - plot.left, y - plot.top) for x, y in band])
        surface.blit(layer, plot)
        pygame.draw.lines(surface, gfx.GOLD, False, points, 2)
        for point in points[1:]:
            pygame.draw.circle(surface, gfx.GOLD, point, 3)

    @staticmethod
    def band(series: list[RatedGame]) -> list[tuple[float, float]]:
        """(rating, one standard deviation) before the first game and after each."""
        return [(series[0].before.value, series[0].before.uncertainty)] + [
            (p.after.value, p.after.uncertainty) for p in series
        ]

    def draw_bars(self, surface: pygame.Surface) -> None:
        gfx.panel(surface, BARS, 200)
        gfx.text(surface, t("stats.win_rates"), (BARS.left + 14, BARS.top + 10), 15, gfx.INK, bold=True)
        by: dict[str, list[int]] = {}
        for g in self.summary.groups:
            cell = by.setdefault(g.opponents or MIXED, [0, 0])
            cell[0] += g.wins
            cell[1] += g.games
        kinds = [k for k in (*LEVELS, HOT_SEAT, MIXED) if k in by and by[k][1]]
        y = BARS.top + 40
        width = BARS.width - 240
        for k in kinds[: (BARS.bottom - y) // 28]:
            wins, games = by[k]
            gfx.text(
                surface,
                gfx.ellipsize(opponents_label(k), 14, 110),
                (BARS.left + 14, y + 10),
                14,
                gfx.INK,
                anchor="midleft",
            )
            track = pygame.Rect(BARS.left + 130, y + 2, width, 16)
            pygame.draw.rect(surface, (40, 58, 48), track, border_radius=4)
            filled = track.copy()
            filled.width = max(2, round(width * wins / games))
            pygame.draw.rect(surface, gfx.GOLD, filled, border_radius=4)
            gfx.text(
                surface,
                f"{percent(wins / games)} ({wins}/{games})",
                (track.right + 8, y + 10),
                13,
                gfx.MUTED,
                anchor="midleft",
            )
            y += 28

    def draw_games(self, surface: pygame.Surface) -> None:
        gfx.panel(surface, GAMES, 200)
        gfx.text(surface, t("stats.games"), (GAMES.left + 14, GAMES.top + 10), 15, gfx.INK, bold=True)
        bots = bot_ratings()
        for i in range(self.top, min(len(self.shown), self.top + self.rows)):
            entry = self.shown[i]
            rect = self.row_rect(i)
            if i == self.selected or i == self.hover:
                pygame.draw.rect(
                    surface, (60, 84, 70) if i == self.selected else (40, 58, 48), rect, border_radius=5
                )
            colour = gfx.GOLD if i == self.selected else gfx.INK
            seat = entry.seat_of(self.pid) if self.pid is not None else None
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.ended_at))
            what = t(
                "stats.group",
                game=t(f"game.{entry.game}.title"),
                n=entry.players,
                opponents=opponents_label(entry.opponents(seat.seat) if seat else MIXED),
            )
            gfx.text(surface, when, (rect.left + 6, rect.centery), 14, colour, anchor="midleft")
            gfx.text(
                surface,
                gfx.ellipsize(what, 14, 300),
                (rect.left + 140, rect.centery),
                14,
                colour,
                anchor="midleft",
            )
            gfx.text(
                surface,
                self.outcome(entry, seat),
                (rect.left + 450, rect.centery),
                14,
                colour,
                anchor="midleft",
            )
            gfx.text(
                surface,
                self.rating_note(entry, bots),
                (rect.right - 6, rect.centery),
                13,
                gfx.MUTED,
                anchor="midright",
            )
        if len(self.shown) > self.rows:
            gfx.text(
                surface,
                f"{self.top + 1}–{min(len(self.shown), self.top + self.rows)} / {len(self.shown)}",
                (GAMES.right - 12, GAMES.top + 10),
                13,
                gfx.MUTED,
                anchor="topright",
            )

    @staticmethod
    def outcome(entry: GameEntry, seat: SeatResult | None) -> str:
        if entry.abandoned:
            return t("stats.abandoned")
        if seat is None or seat.rank is None:
            return ""
        if seat.rank == 1:
            return t("stats.won")
        return t("stats.lost") if entry.players == 2 else t("stats.place", n=seat.rank)  # "Place 2" of two

    def rating_note(self, entry: GameEntry, bots: BotRatings | None) -> str:
        """The game's rating change ("+12"), or "unrated" and why."""
        if bots is None or self.ratings is None or self.pid is None:
            return ""
        reason = unrated_reason(entry, bots)
        if reason is not None:
            return t("stats.unrated", reason=t(f"stats.why.{reason}"))
        change = self.ratings.change_in(self.pid, entry)
        return "" if change is None else signed(change.change)

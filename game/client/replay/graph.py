"""The win-chance graph of a game review: one line per player over the game's actions.

A player's line joins their own decisions (at each, the win chance of the best move the search
found, estimated from that player's information) and ends at the result.  Each player has the
colour their table gives them (Hacktrick's white and red markers, Hakkutsu!!'s pawns; Ratjack's
table has none, so the graph's own palette); a mistake is a downward triangle in its player's
colour on their line, edged by its grade (an inaccuracy small and yellow-edged, a mistake
orange-edged, a blunder large and red-edged); a hand's/round's critical moment has a gold ring.
Hand/round starts are faint vertical lines, the shown position a gold cursor.  In a game of hands
or rounds the graph shows either the whole game's chances or each hand's/round's (``hand=True``:
one line per hand, ending at 100% or 0% where it was won or lost).  The same drawing is used in
the replay and, headless, for ``review.png`` (:func:`render_review_png`).
"""

from __future__ import annotations

import pygame

from .. import gfx
from ..games import client_for

#: The graph's own palette, for a game whose table does not colour its players (Ratjack).
PLAYER_COLOURS = ((236, 104, 84), (92, 164, 236), (126, 204, 112), (232, 192, 84))
#: The dark edge around a mistake's triangle (it stands out from the line it sits on).
MARKER_EDGE = (14, 24, 20)
#: grade -> (the triangle's half size, its edge's colour): the worse, the larger and redder.
GRADE_MARKS = {
    "inaccuracy": (5, (236, 208, 84)),
    "mistake": (7, (240, 144, 60)),
    "blunder": (9, (228, 60, 52)),
}
#: The ring around a hand's/round's critical moment.
CRITICAL_RING = gfx.GOLD
GRID = (70, 90, 80)
CURSOR = gfx.GOLD


def game_colours(game: str | None) -> tuple[tuple[int, int, int], ...]:
    """The players' colours as ``game``'s table shows them (its client's ``colours``; the graph's
    palette if it has none)."""
    client = client_for(game)
    return tuple(client.colours) if client is not None and client.colours else PLAYER_COLOURS


def player_colour(p: int, game: str | None = None) -> tuple[int, int, int]:
    colours = game_colours(game)
    return colours[p % len(colours)]


def colour_names(game: str | None, players: int) -> list[str] | None:
    """The players' colour names, where the table names players by colour (its client's ``colour_names``)."""
    client = client_for(game)
    return client.colour_names(players) if client is not None and client.colour_names else None


def mistake_marker(surface, colour, point, size: int = 7, fill: bool = True, edge=MARKER_EDGE) -> pygame.Rect:
    """A downward triangle (a drop) around ``point``: filled with ``colour`` and edged (``edge``)
    on the graph, or only outlined (the legend's signs).  Returns the rectangle it covers."""
    x, y = point
    corners = [(x - size, y - size + 1), (x + size, y - size + 1), (x, y + size - 1)]
    if fill:
        pygame.draw.polygon(
            surface,
            edge,
            [(x - size - 2, y - size - 1), (x + size + 2, y - size - 1), (x, y + size + 2)],
        )
        pygame.draw.polygon(surface, colour, corners)
        return pygame.Rect(x - size - 2, y - size - 1, 2 * size + 5, 2 * size + 4)
    return pygame.draw.polygon(surface, colour, corners, 2)


def grade_marker(surface, colour, point, grade: str) -> pygame.Rect:
    """The sign of a decision graded ``grade`` (an inaccuracy, a mistake or a blunder) at ``point``."""
    size, edge = GRADE_MARKS[grade]
    inner = MARKER_EDGE if grade == "inaccuracy" else edge
    rect = mistake_marker(surface, edge, point, size + 1, edge=MARKER_EDGE)
    mistake_marker(surface, colour, point, size - 1, edge=inner)
    return rect


def decision_value(d, hand: bool) -> float:
    """Where decision ``d`` sits on the graph: its hand's/round's chance (``hand``) or the game's."""
    return d.hand_win if hand and d.hand_win is not None else d.win_chance


class WinGraph:
    """Maps positions 0..``length`` of a game onto ``rect`` and draws a review there.

    ``plot`` is the area inside the axis labels; :meth:`x_of` and :meth:`position_at` convert
    between positions and pixels (so the timeline under it can share the same x axis).
    """

    LABEL_WIDTH = 40
    #: The strip over the plot for the legend (and, in the replay, the graph's title and switch).
    HEADER = 24
    #: How far above its point a marker or a critical moment's ring reaches: the plot starts this
    #: far under the header, so that a mistake at 100% never runs into the legend or the title.
    REACH = 14

    def __init__(self, rect: pygame.Rect, length: int, game: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.length = max(1, length)
        self.game = game
        self.colours = game_colours(game)
        top = self.rect.top + self.HEADER + self.REACH
        self.plot = pygame.Rect(
            self.rect.left + self.LABEL_WIDTH,
            top,
            self.rect.width - self.LABEL_WIDTH - 12,
            self.rect.bottom - 8 - top,
        )
        self.header = pygame.Rect(self.plot.left, self.rect.top + 2, self.plot.width, self.HEADER - 2)

    def x_of(self, position: float) -> int:
        return round(self.plot.left + self.plot.width * position / self.length)

    def y_of(self, value: float) -> int:
        return round(self.plot.bottom - self.plot.height * min(1.0, max(0.0, value)))

    def position_at(self, x: int) -> int:
        """The position whose x is nearest to ``x`` (clamped to the game)."""
        return max(0, min(self.length, round((x - self.plot.left) * self.length / max(1, self.plot.width))))

    def colour(self, p: int) -> tuple[int, int, int]:
        return self.colours[p % len(self.colours)]

    def point_of(self, d, hand: bool = False) -> tuple[int, int]:
        """Where decision ``d`` is drawn."""
        return (self.x_of(d.index), self.y_of(decision_value(d, hand)))

    def draw_lines(self, surface, review, hand: bool = False) -> None:
        """Each player's line (per hand with ``hand``), the graded errors and the critical moments."""
        for p in range(review.players):
            parts = review.hand_series(p) if hand else [review.series(p)]
            for part in parts:
                points = [(self.x_of(i), self.y_of(v)) for i, v in part]
                if len(points) >= 2:
                    pygame.draw.lines(surface, self.colour(p), False, points, 2)
                elif points:
                    pygame.draw.circle(surface, self.colour(p), points[0], 3)
        for d in review.errors():
            grade_marker(surface, self.colour(d.player), self.point_of(d, hand), d.grade)
        for c in review.critical:
            d = review.at(c.index)
            if d is not None:
                pygame.draw.circle(surface, CRITICAL_RING, self.point_of(d, hand), 13, 2)

    def draw(
        self,
        surface,
        review=None,
        cursor: int | None = None,
        sections=(),
        names=None,
        note: str | None = None,
        grade_labels: dict[str, str] | None = None,
        hand: bool = False,
    ) -> None:
        """The frame and grid, then (if ``review``) one line per player, the graded errors and the
        critical moments (``hand``: each hand's/round's chances, not the game's); ``names`` makes
        the legend (a line in each player's colour, then the sign of each grade in ``grade_labels``,
        grade -> its name, that the graph shows)."""
        gfx.panel(surface, self.rect, 215, radius=8)
        for value in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = self.y_of(value)
            pygame.draw.line(
                surface,
                GRID if value not in (0.0, 1.0) else (100, 120, 110),
                (self.plot.left, y),
                (self.plot.right, y),
                1,
            )
            if value in (0.0, 0.5, 1.0):
                gfx.text(
                    surface,
                    f"{round(value * 100)}%",
                    (self.plot.left - 6, y),
                    12,
                    gfx.MUTED,
                    anchor="midright",
                )
        for s in sections:
            x = self.x_of(s)
            pygame.draw.line(surface, (60, 78, 70), (x, self.plot.top), (x, self.plot.bottom), 1)
        if review is not None:
            self.draw_lines(surface, review, hand)
        if names:
            x, y = self.header.left + 8, self.header.centery
            for p, name in enumerate(names):
                pygame.draw.line(surface, self.colour(p), (x, y), (x + 16, y), 3)
                x = gfx.text(surface, name, (x + 22, y), 12, gfx.INK, anchor="midleft").right + 16
            shown = {d.grade for d in review.errors()} if review is not None else set()
            for grade, label in (grade_labels or {}).items():
                if grade in shown:
                    grade_marker(surface, gfx.INK, (x + 6, y), grade)
                    x = gfx.text(surface, label, (x + 18, y), 12, gfx.INK, anchor="midleft").right + 12
        if note:
            gfx.text(surface, note, self.plot.center, 15, gfx.MUTED, anchor="center")
        if cursor is not None:
            x = self.x_of(cursor)
            pygame.draw.line(surface, CURSOR, (x, self.header.bottom), (x, self.rect.bottom - 2), 2)


def render_review_png(
    review, path, names: list[str], title: str, sections=(), size=(1200, 420), unit: str = "section"
) -> None:
    """Draw ``review`` as a PNG at ``path`` (headless: only fonts and surfaces are used): the title,
    each player's accuracy and grade counts, the game's graph and, in a game of hands or rounds
    (``unit``: ``"hand"`` or ``"round"``), the hands' graph under it."""
    from ..i18n import t

    if not pygame.font.get_init():
        pygame.font.init()
        gfx.clear_cache()  # fonts cached before an earlier pygame.quit() are dead
    graphs = [False, True] if review.hands else [False]
    graph_height = size[1] - 150
    height = 50 + 20 * len(names) + len(graphs) * (graph_height + 64) + 20
    surface = pygame.Surface((size[0], height))
    surface.fill((16, 30, 25))
    gfx.text(surface, title, (20, 14), 20, gfx.GOLD, bold=True)
    for p, line in enumerate(accuracy_lines(review, names)):
        gfx.text(surface, line, (20, 44 + 20 * p), 15, player_colour(p, review.game))
    y = 50 + 20 * len(names)
    gfx.text(
        surface, t("review.png_note", n=len(review.decisions), budget=review.budget), (20, y), 13, gfx.MUTED
    )
    labels = {g: t(f"review.grade_{g}") for g in GRADE_MARKS}
    for hand in graphs:
        y += 26
        gfx.text(
            surface,
            t("replay.graph_hand", unit=t(f"replay.unit_{unit}")) if hand else t("replay.graph_game"),
            (20, y),
            14,
            gfx.INK,
            bold=True,
        )
        graph = WinGraph(
            pygame.Rect(12, y + 20, size[0] - 24, graph_height), review.actions, game=review.game
        )
        graph.draw(surface, review, sections=sections, names=names, grade_labels=labels, hand=hand)
        for n in range(0, review.actions + 1, max(1, review.actions // 10)):
            gfx.text(surface, str(n), (graph.x_of(n), graph.rect.bottom + 4), 12, gfx.MUTED, anchor="midtop")
        y = graph.rect.bottom + 18
    gfx.text(surface, t("review.actions_played"), (size[0] - 24, y), 12, gfx.MUTED, anchor="topright")
    pygame.image.save(surface, str(path))


def accuracy_lines(review, names: list[str]) -> list[str]:
    """One line per player: their name, accuracy and how many of each error they made."""
    from ..i18n import t

    lines = []
    for p, name in enumerate(names):
        acc = review.accuracy[p] if p < len(review.accuracy) else None
        counts = review.grades[p] if p < len(review.grades) else {}
        lines.append(
            t(
                "review.accuracy_line",
                name=name,
                accuracy="–" if acc is None else round(acc),
                inaccuracy=counts.get("inaccuracy", 0),
                mistake=counts.get("mistake", 0),
                blunder=counts.get("blunder", 0),
            )
        )
    return lines

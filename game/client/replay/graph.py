"""The win-chance graph of a game review: one line per player over the game's actions.

A player's line joins their own decisions (at each, the win chance of the best move the search
found, estimated from that player's information) and ends at the result.  Each player has the
colour their table gives them (Hacktrick's white and red markers, Hakkutsu!!'s pawns; Ratjack's
table has none, so the graph's own palette); a mistake is a downward triangle in its player's
colour, outlined, on their line.  Hand/round starts are faint vertical lines, the shown position
a gold cursor.  The same drawing is used in the
replay and, headless, for ``review.png`` (:func:`render_review_png`).
"""

from __future__ import annotations

import pygame

from .. import gfx
from ..games import client_for

#: The graph's own palette, for a game whose table does not colour its players (Ratjack).
PLAYER_COLOURS = ((236, 104, 84), (92, 164, 236), (126, 204, 112), (232, 192, 84))
#: The dark edge around a mistake's triangle (it stands out from the line it sits on).
MARKER_EDGE = (14, 24, 20)
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


def mistake_marker(surface, colour, point, size: int = 7, fill: bool = True) -> pygame.Rect:
    """A downward triangle (a drop) around ``point``: filled with ``colour`` and edged dark on the
    graph, or only outlined (the legend's "mistake" sign).  Returns the rectangle it covers."""
    x, y = point
    corners = [(x - size, y - size + 1), (x + size, y - size + 1), (x, y + size - 1)]
    if fill:
        pygame.draw.polygon(
            surface,
            MARKER_EDGE,
            [(x - size - 2, y - size - 1), (x + size + 2, y - size - 1), (x, y + size + 2)],
        )
        pygame.draw.polygon(surface, colour, corners)
        return pygame.Rect(x - size - 2, y - size - 1, 2 * size + 5, 2 * size + 4)
    return pygame.draw.polygon(surface, colour, corners, 2)


class WinGraph:
    """Maps positions 0..``length`` of a game onto ``rect`` and draws a review there.

    ``plot`` is the area inside the axis labels; :meth:`x_of` and :meth:`position_at` convert
    between positions and pixels (so the timeline under it can share the same x axis).
    """

    LABEL_WIDTH = 40

    def __init__(self, rect: pygame.Rect, length: int, game: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.length = max(1, length)
        self.game = game
        self.colours = game_colours(game)
        self.plot = pygame.Rect(
            self.rect.left + self.LABEL_WIDTH,
            self.rect.top + 8,
            self.rect.width - self.LABEL_WIDTH - 12,
            self.rect.height - 16,
        )

    def x_of(self, position: float) -> int:
        return round(self.plot.left + self.plot.width * position / self.length)

    def y_of(self, value: float) -> int:
        return round(self.plot.bottom - self.plot.height * min(1.0, max(0.0, value)))

    def position_at(self, x: int) -> int:
        """The position whose x is nearest to ``x`` (clamped to the game)."""
        return max(0, min(self.length, round((x - self.plot.left) * self.length / max(1, self.plot.width))))

    def colour(self, p: int) -> tuple[int, int, int]:
        return self.colours[p % len(self.colours)]

    def draw(
        self,
        surface,
        review=None,
        cursor: int | None = None,
        sections=(),
        names=None,
        note: str | None = None,
        mistake_label: str = "mistake",
    ) -> None:
        """The frame and grid, then (if ``review``) one line per player and the mistakes; ``names``
        makes the legend (a line in each player's colour, then the mistake sign)."""
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
            for p in range(review.players):
                points = [(self.x_of(i), self.y_of(v)) for i, v in review.series(p)]
                if len(points) >= 2:
                    pygame.draw.lines(surface, self.colour(p), False, points, 2)
                elif points:
                    pygame.draw.circle(surface, self.colour(p), points[0], 3)
            for d in review.mistakes():
                mistake_marker(surface, self.colour(d.player), (self.x_of(d.index), self.y_of(d.win_chance)))
        if names:
            x, y = self.plot.left + 8, self.plot.top + 9
            for p, name in enumerate(names):
                pygame.draw.line(surface, self.colour(p), (x, y), (x + 16, y), 3)
                x = gfx.text(surface, name, (x + 22, y), 12, gfx.INK, anchor="midleft").right + 16
            if review is not None and review.mistakes():
                mistake_marker(surface, gfx.INK, (x + 6, y), size=6, fill=False)
                gfx.text(surface, mistake_label, (x + 16, y), 12, gfx.INK, anchor="midleft")
        if note:
            gfx.text(surface, note, self.plot.center, 15, gfx.MUTED, anchor="center")
        if cursor is not None:
            x = self.x_of(cursor)
            pygame.draw.line(surface, CURSOR, (x, self.rect.top + 2), (x, self.rect.bottom - 2), 2)


def render_review_png(review, path, names: list[str], title: str, sections=(), size=(1200, 420)) -> None:
    """Draw ``review`` as a PNG at ``path`` (headless: only fonts and surfaces are used)."""
    if not pygame.font.get_init():
        pygame.font.init()
        gfx.clear_cache()  # fonts cached before an earlier pygame.quit() are dead
    surface = pygame.Surface(size)
    surface.fill((16, 30, 25))
    gfx.text(surface, title, (20, 14), 20, gfx.GOLD, bold=True)
    mistakes = review.mistakes()
    gfx.text(
        surface,
        f"{len(review.decisions)} decisions; mistakes (a drop of {round(review.threshold * 100)}% "
        f"or more): {len(mistakes)}; {review.budget} ISMCTS iterations a decision, from each player's seat",
        (20, 44),
        14,
        gfx.MUTED,
    )
    graph = WinGraph(pygame.Rect(12, 70, size[0] - 24, size[1] - 110), review.actions, game=review.game)
    graph.draw(surface, review, sections=sections, names=names)
    for n in range(0, review.actions + 1, max(1, review.actions // 10)):
        gfx.text(surface, str(n), (graph.x_of(n), graph.rect.bottom + 6), 12, gfx.MUTED, anchor="midtop")
    gfx.text(
        surface,
        "actions played",
        (graph.plot.right, graph.rect.bottom + 22),
        12,
        gfx.MUTED,
        anchor="topright",
    )
    pygame.image.save(surface, str(path))

"""The rules screen: a game's player rules (:mod:`game.client.rulebook`) with pictures, scrollable.

On the left the three games and the sections of the one shown (a click jumps there); on the
right the document, laid out once into rows (:class:`Page`) and drawn through a viewport.
It scrolls with the mouse wheel, the arrow and page keys, Home / End, and its scroll bar
(drag the thumb, click the track).  ``RulesScene(app, game, section)`` opens at ``section``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui

from .. import gfx, rulebook
from ..assets import AssetError
from ..games import client_for, clients
from ..i18n import language, t
from ..scene import Scene
from .common import backdrop, button, heading

VIEW = pygame.Rect(292, 78, 948, 556)  # the document's viewport
PAD = 26  # text inset inside the viewport
BAR_W = 10
NAV_X, NAV_W = 40, 230
TEXT, SUB, TITLE = 17, 21, 27  # font sizes: body, sub-heading, section title
LINE_STEP = 48  # pixels per arrow key / wheel notch


@dataclass
class Row:
    """A laid-out piece of the page, ``h`` pixels high at ``y``, drawn by ``draw(surface, x, y)``."""

    y: int
    h: int
    draw: Callable[[pygame.Surface, int, int], None]


def rich_lines(text: str, size: int, width: int) -> list[list[tuple[str, bool]]]:
    """Wrap ``text`` (with ``**bold**`` runs) to ``width`` px: lines of (run, bold).

    The lines break where :func:`gfx.wrap` breaks them (:func:`gfx.break_lines`, the same kinsoku
    rules), each run measured in its own font."""
    plain = ""
    spans: list[tuple[int, int, bool]] = []  # (start, end, bold) in ``plain``
    for piece, bold in rulebook.spans(text):
        spans.append((len(plain), len(plain) + len(piece), bold))
        plain += piece

    def runs(start: int, end: int) -> list[tuple[str, bool]]:
        return [(plain[max(s, start) : min(e, end)], bold) for s, e, bold in spans if s < end and e > start]

    def measure(start: int, end: int) -> int:
        return sum(gfx.font(size, bold).size(run)[0] for run, bold in runs(start, end))

    return [runs(start, end) for start, end in gfx.break_lines(plain, width, measure)]


class Page:
    """A rulebook laid out for a width: rows top to bottom and where each section starts."""

    def __init__(self, app, book: rulebook.Rulebook, width: int, view_h: int = 0) -> None:
        self.app = app
        self.width = width
        self.view_h = view_h  # the viewport's height (where the page's scrolling ends)
        self.rows: list[Row] = []
        self.anchors: dict[str, int] = {}
        self.y = 0
        for section in book.sections:
            self.y += 14 if self.rows else 0
            self.anchors[section.id] = self.y
            self.text(section.title, TITLE, gfx.GOLD, bold=True)
            self.y += 4
            for block in section.blocks:
                draw = getattr(self, f"block_{block.kind}", None)
                if draw is not None:
                    draw(block)
                else:  # a directive of the game's own (its client's ``rulebook_blocks``)
                    client_for(book.game).rulebook_blocks[block.kind](self, block)
            self.y += 10
        self.height = self.y

    # ------------------------------------------------------------------ building
    def add(self, h: int, draw) -> None:
        self.rows.append(Row(self.y, h, draw))
        self.y += h

    def text(
        self,
        msg: str,
        size: int,
        colour=gfx.INK,
        bold: bool = False,
        indent: int = 0,
        width: int | None = None,
    ) -> None:
        lh = gfx.font(size).get_linesize() + 2
        for line in rich_lines(f"**{msg}**" if bold else msg, size, (width or self.width) - indent):
            self.add(lh, lambda s, x, y, line=line: draw_runs(s, line, x + indent, y, size, colour))

    def picture(self, key: str, height: int) -> pygame.Surface:
        """The asset ``key`` (its face in the interface's language) scaled to ``height`` px high, keeping
        its proportions."""
        key = gfx.localized(self.app.assets, key)
        try:
            w, h = self.app.assets.image(key).get_size()
        except AssetError:
            w, h = height, height
        return gfx.image(self.app.assets, key, (max(1, round(w * height / h)), height))

    def block_heading(self, block) -> None:
        self.y += 8
        self.text(block.text, SUB, gfx.INK, bold=True)
        self.y += 2

    def block_paragraph(self, block) -> None:
        self.text(block.text, TEXT)
        self.y += 8

    def block_item(self, block) -> None:
        top = self.y
        self.text(block.text, TEXT, indent=22)
        self.rows.append(Row(top, 0, lambda s, x, y: gfx.text(s, "•", (x + 6, y), TEXT, gfx.GOLD)))
        self.y += 4

    def block_pictures(self, block) -> None:
        images = [self.picture(key, block.height) for key in block.keys]
        row: list[pygame.Surface] = []
        for image in images + [None]:
            fits = (
                image is not None and sum(i.get_width() + 12 for i in row) + image.get_width() <= self.width
            )
            if row and (image is None or not fits):
                self.add(block.height + 12, lambda s, x, y, row=row: blit_row(s, row, x, y))
                row = []
            if image is not None:
                row.append(image)

    def icon_row(self, image: pygame.Surface, msg: str, width: int, offset: int = 0) -> None:
        """A picture on the left, ``msg`` wrapped beside it."""
        gap = image.get_width() + 14
        lines = rich_lines(msg, TEXT, width - gap)
        lh = gfx.font(TEXT).get_linesize() + 2
        h = max(image.get_height(), len(lines) * lh) + 10

        def draw(s, x, y):
            s.blit(image, (x + offset, y))
            ty = y + max(0, (image.get_height() - len(lines) * lh) // 2)
            for i, line in enumerate(lines):
                draw_runs(s, line, x + offset + gap, ty + i * lh, TEXT, gfx.INK)

        self.add(h, draw)

    # ------------------------------------------------------------------ reading
    def section_at(self, scroll: int) -> str | None:
        """The section read at ``scroll``: the last one whose title is above a reading line near the top
        of the viewport.  Over the last screenful of scrolling that line slides down to the bottom of
        the viewport, so that the short sections at the end, whose titles never reach the top, are
        marked in turn, and the last section is at the end of the page."""
        probe = scroll + 24
        end = self.height - self.view_h  # the largest scroll
        if self.view_h and end > 0:
            slide = min(1.0, max(0.0, (scroll - (end - self.view_h)) / self.view_h))
            probe += round(slide * (self.view_h - 48))
        current = None
        for sid, y in self.anchors.items():
            if y <= probe:
                current = sid
        return current


def draw_runs(surface, line, x: int, y: int, size: int, colour) -> None:
    for run, bold in line:
        rect = gfx.text(
            surface, run, (x, y), size, gfx.GOLD if bold and colour == gfx.INK else colour, bold=bold
        )
        x = rect.right


def blit_row(surface, images, x: int, y: int) -> None:
    for image in images:
        surface.blit(image, (x, y))
        x += image.get_width() + 12


class RulesScene(Scene):
    """The player rules of ``game``, opened at ``section`` (an id of the rulebook) if given."""

    overlay = False

    def __init__(self, app, game: str, section: str | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.section = section
        self.scroll = 0
        self.drag: int | None = None  # while the thumb is dragged: the grab offset
        self.doc: rulebook.Rulebook | None = None
        self.page: Page | None = None
        self._page_key: tuple | None = None
        self.jumped: tuple[str, int] | None = None  # the section opened or clicked, and the scroll it gave

    # ------------------------------------------------------------------ the page
    @property
    def inner(self) -> pygame.Rect:
        return VIEW.inflate(-2 * PAD, -2 * 14).move(-BAR_W // 2, 0)

    def layout(self) -> None:
        """Lay the document out (again after a change of game or language)."""
        self.doc = rulebook.load(self.game, language())
        self.page = Page(self.app, self.doc, self.inner.width, self.inner.height) if self.doc else None
        self._page_key = (self.game, language())
        self.scroll = 0
        self.jumped = None
        if self.section is not None:
            self.jump(self.section)

    @property
    def max_scroll(self) -> int:
        return max(0, self.page.height - self.inner.height) if self.page else 0

    def scroll_to(self, y: float) -> None:
        self.scroll = int(max(0, min(self.max_scroll, y)))

    def jump(self, section: str) -> None:
        self.section = section
        if self.page and section in self.page.anchors:
            self.scroll_to(self.page.anchors[section])
            self.jumped = (section, self.scroll)

    def current_section(self) -> str | None:
        """The section marked in the list: the one just opened or clicked while the page stays where
        that put it (a short section at the end cannot scroll to the top), else :meth:`Page.section_at`."""
        if self.page is None:
            return None
        if self.jumped is not None and self.jumped[1] == self.scroll:
            return self.jumped[0]
        return self.page.section_at(self.scroll)

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        if self._page_key != (self.game, language()):
            self.layout()
        self.game_buttons = {}
        y = VIEW.top
        for game in clients():
            b = pygame_gui.elements.UIButton(
                pygame.Rect(NAV_X, y, NAV_W, 40),
                t(f"game.{game}.title"),
                self.app.ui,
                container=self.container,
                object_id="#primary_button" if game == self.game else "#menu_button",
            )
            if game == self.game:
                b.select()  # the theme's "selected" colours: the game shown
            self.game_buttons[b] = game
            y += 46
        y += 16
        self.section_buttons = {}
        for section in self.doc.sections if self.doc else []:
            b = pygame_gui.elements.UIButton(
                pygame.Rect(NAV_X + 12, y, NAV_W - 12, 36),
                section.title,
                self.app.ui,
                container=self.container,
            )
            self.section_buttons[b] = section.id
            y += 40
        self.b_back = button(self, (40, 646, 180, 46), "common.back")

    def button_pressed(self, element) -> None:
        el = element
        if el is self.b_back:
            self.app.scenes.pop()
        elif el in self.game_buttons and self.game_buttons[el] != self.game:
            self.game, self.section = self.game_buttons[el], None
            self.rebuild()
        elif el in self.game_buttons:
            el.select()  # a click on the game shown left it drawn as a normal button
        elif el in self.section_buttons:
            self.jump(self.section_buttons[el])

    # ------------------------------------------------------------------ scrolling
    def thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb (``None`` when everything fits)."""
        if not self.page or self.max_scroll <= 0:
            return None
        track = self.track()
        h = max(40, track.h * self.inner.height // self.page.height)
        y = track.top + (track.h - h) * self.scroll // self.max_scroll
        return pygame.Rect(track.left, y, track.w, h)

    @staticmethod
    def track() -> pygame.Rect:
        return pygame.Rect(VIEW.right - BAR_W - 8, VIEW.top + 10, BAR_W, VIEW.h - 20)

    def handle_event(self, event) -> None:
        step = {
            pygame.K_UP: -LINE_STEP,
            pygame.K_DOWN: LINE_STEP,
            pygame.K_PAGEUP: -(self.inner.h - 60),
            pygame.K_PAGEDOWN: self.inner.h - 60,
            pygame.K_SPACE: self.inner.h - 60,
        }
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.scenes.pop()
            elif event.key in step:
                self.scroll_to(self.scroll + step[event.key])
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.max_scroll)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * LINE_STEP)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag_to(event.pos[1])

    def press(self, pos) -> None:
        """A click on the scroll bar: grab the thumb, or page towards the click."""
        thumb = self.thumb()
        if thumb is None or not self.track().inflate(12, 0).collidepoint(pos):
            return
        if thumb.collidepoint(pos):
            self.drag = pos[1] - thumb.top
        else:
            page = self.inner.h - 60
            self.scroll_to(self.scroll + (page if pos[1] > thumb.centery else -page))

    def drag_to(self, y: int) -> None:
        thumb, track = self.thumb(), self.track()
        if thumb is None:
            return
        free = max(1, track.h - thumb.h)
        self.scroll_to((y - self.drag - track.top) * self.max_scroll / free)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface) -> None:
        backdrop(self.app, surface, dim=170)
        heading(surface, t("rules.heading", game=t(f"game.{self.game}.title")), y=18, size=34)
        gfx.panel(surface, VIEW, 215)
        gfx.text(
            surface, t("rules.scroll_hint"), (VIEW.right, VIEW.bottom + 14), 14, gfx.MUTED, anchor="topright"
        )
        if self.page is None:
            gfx.text_block(surface, t("rules.missing", game=t(f"game.{self.game}.title")), self.inner, TEXT)
            return
        inner = self.inner
        clip = surface.get_clip()
        surface.set_clip(VIEW.inflate(-4, -8))
        top, bottom = self.scroll - 20, self.scroll + inner.h + 20
        for row in self.page.rows:
            if row.y + max(row.h, 30) >= top and row.y <= bottom:
                row.draw(surface, inner.left, inner.top + row.y - self.scroll)
        surface.set_clip(clip)
        thumb = self.thumb()
        if thumb is not None:
            pygame.draw.rect(surface, (60, 70, 64), self.track(), border_radius=BAR_W // 2)
            pygame.draw.rect(
                surface,
                gfx.GOLD if self.drag is not None else (170, 160, 120),
                thumb,
                border_radius=BAR_W // 2,
            )

    def draw_over(self, surface) -> None:
        """The current section's button marked in the list."""
        current = self.current_section()
        for b, sid in self.section_buttons.items():
            if sid == current:
                pygame.draw.rect(surface, gfx.GOLD, b.rect.inflate(4, 4), width=2, border_radius=8)
                pygame.draw.rect(
                    surface, gfx.GOLD, (NAV_X, b.rect.top + 6, 5, b.rect.h - 12), border_radius=2
                )

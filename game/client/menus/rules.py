"""The in-game rules reference: ``docs/rules/<game>.md`` in a scrollable text box."""

from __future__ import annotations

import html
import importlib.resources
import re

import pygame
import pygame_gui

from ..i18n import t
from ..scene import Scene
from .common import backdrop, button, heading

DOCS = importlib.resources.files("docs.rules")  # docs/rules/, shipped as package data


def rules_text(game: str) -> str | None:
    try:
        return (DOCS / f"{game}.md").read_text(encoding="utf-8")
    except OSError:
        return None


def _blocks(md: str) -> list[str]:
    """Join hard-wrapped lines: one string per heading, list item or paragraph."""
    blocks: list[str] = []
    for raw in md.splitlines():
        line = raw.rstrip()
        stripped = line.lstrip()
        starts_block = (not blocks or not stripped or stripped.startswith(("#", "- ", "* ", "|", "```"))
                        or not blocks[-1] or blocks[-1].lstrip().startswith(("#", "|")))
        if starts_block:
            blocks.append(line)
        else:
            blocks[-1] += " " + stripped
    return blocks


def markdown_to_html(md: str) -> str:
    """The little markdown the rules use, as pygame-gui's HTML subset."""
    out = []
    for block in _blocks(md):
        line = html.escape(block)
        line = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", line)
        line = re.sub(r"(?<!\w)\*(.+?)\*(?!\w)", r"<i>\1</i>", line)
        line = re.sub(r"`(.+?)`", r"\1", line)
        stripped = line.lstrip()
        if stripped.startswith("#"):
            level = len(stripped) - len(stripped.lstrip("#"))
            size = {1: 6, 2: 5}.get(level, 4)
            out.append(f"<br><font size={size}><b>{stripped.lstrip('#').strip()}</b></font>")
        elif stripped.startswith(("- ", "* ")):
            indent = "&nbsp;" * 2 * (len(line) - len(stripped))
            out.append(f"{indent}• {stripped[2:]}")
        elif stripped:
            out.append(line)
    return "<br>".join(out)


class RulesScene(Scene):
    overlay = False

    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.game = game

    def build_ui(self) -> None:
        text = rules_text(self.game)
        body = markdown_to_html(text) if text else html.escape(t("rules.missing", game=self.game))
        if self.app.settings.language != "en":
            body = f"<i>{html.escape(t('rules.english_only'))}</i><br><br>" + body
        self.box = pygame_gui.elements.UITextBox(body, pygame.Rect(140, 100, 1000, 530), self.app.ui,
                                                 container=self.container)
        self.b_back = button(self, (40, 646, 180, 46), "common.back")

    def handle_ui(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.b_back:
            self.app.sound("sfx.click")
            self.app.scenes.pop()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def draw(self, surface) -> None:
        backdrop(self.app, surface, dim=160)
        heading(surface, t("rules.heading", game=t(f"game.{self.game}.title")), y=30, size=36)

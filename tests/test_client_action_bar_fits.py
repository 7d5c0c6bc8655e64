"""The action bar keeps its buttons inside its place (after a real-window review: at a 4-seat Hakkutsu!!
museum draft the 6th "Take" button sat over the key help under the bar), at every window size."""

from __future__ import annotations

import pygame
import pytest

from game.client.menus.title import TitleScene
from game.client.registry import open_game
from game.client.scenes.hakkutsu.layout import KEYS, PROMPT
from game.client.session import Session
from game.client.settings import WINDOW_SIZES
from game.client.table.actionbar import MIN_HEIGHT, ActionBar
from tests.client_helpers import frames, make_app, run_until

FIRST_TO_DRAFT = 5  # the seed at which the human (seat 0) drafts first, from all six museum cards


@pytest.fixture
def app(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    yield app
    app.shutdown()


@pytest.mark.parametrize("size", WINDOW_SIZES, ids=[f"{w}x{h}" for w, h in WINDOW_SIZES])
def test_six_museum_draft_buttons_overlap_neither_the_key_help_nor_each_other(app, size):
    app.set_window_size(size)
    app.scenes.push(TitleScene(app))
    session = Session.new("hakkutsu", ["human"] + ["heuristic"] * 3, seed=FIRST_TO_DRAFT, draft=True)
    scene = open_game(app, session)
    assert run_until(app, lambda: scene.my_turn, 600)
    frames(app, 2)
    assert pygame.display.get_surface().get_size() == size
    buttons = [button.rect for button, _ in scene.bar.buttons]
    assert len(buttons) == 6 and all(i.startswith("draft") for i in scene.bar.idents)
    canvas = app.canvas.get_rect()
    for k, rect in enumerate(buttons):
        assert canvas.contains(rect) and scene.bar.rect.contains(rect), rect
        assert not rect.colliderect(KEYS) and not rect.colliderect(PROMPT), (rect, KEYS)
        assert rect.collidelist(buttons[k + 1 :]) < 0, rect
        assert rect.height >= MIN_HEIGHT


class Table:
    container = None


def test_a_bar_lowers_its_buttons_then_adds_columns_rather_than_leave_its_place():
    bar = ActionBar(Table(), (0, 0, 300, 200), height=40, gap=8)
    assert [r.height for r in bar.rects(4)] == [40] * 4  # 4 x 40 + 3 x 8 = 184: as asked
    six = bar.rects(6)
    assert all(r.height >= MIN_HEIGHT for r in six) and six[-1].bottom <= 200 and {r.x for r in six} == {0}
    many = bar.rects(12)
    assert len({r.x for r in many}) == 2 and max(r.bottom for r in many) <= 200
    for k, rect in enumerate(many):
        assert rect.collidelist(many[k + 1 :]) < 0

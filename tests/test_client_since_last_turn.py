""" "Since your last turn" (R), after a real-window review: each player's name heads their lines once
(the lines do not say it again), and before the viewer's first move the list says so ("before your
first turn"), in English and Japanese."""

from __future__ import annotations

import pygame
import pytest

from ai import make_agent
from game.client.i18n import set_language, t
from game.client.menus.title import TitleScene
from game.client.registry import open_game
from game.client.session import Session
from game.client.table.since_last_turn import PER_PLAYER, under_name
from game.rules import Seat
from tests.client_helpers import frames, key, make_app, run_until

RATJACK = {"decks": ("weasel", "raccoon")}


@pytest.fixture(params=["en", "ja"])
def app(request, tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, lang=request.param)
    yield app
    app.shutdown()
    set_language("en")


def start(app):
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("ratjack", ["human"] + ["heuristic"] * 3, seed=4, **RATJACK))
    frames(app, 2)
    return scene


def test_each_name_heads_its_lines_once_and_the_lines_do_not_repeat_it(app):
    scene = start(app)
    me = make_agent("heuristic", seed=3)
    assert run_until(app, lambda: scene.my_turn, 3000)
    scene.act(me.choose(Seat(scene.session.state, 0)))  # your first move
    assert run_until(app, lambda: scene.my_turn and scene.session.actors[-1] != 0, 3000)
    frames(app, 1)
    groups = scene.recap.groups()
    assert len(groups) == 3 and all(len(lines) >= 2 for _, lines in groups)
    rows = scene.recap.rows()
    names = [text for kind, text in rows if kind == "name"]
    assert names == [scene.name(p) for p, _ in groups]
    said = 0
    for p, lines in groups:
        name = scene.name(p)
        said += sum(name in line for line in lines)
        at = rows.index(("name", name))
        end = next((k for k in range(at + 1, len(rows)) if rows[k][0] == "name"), len(rows))
        under = [text for kind, text in rows[at + 1 : end] if kind == "line"]
        assert under == [under_name(line, name) for line in lines[-PER_PLAYER:]]
        assert not any(name in line for line in under), under
    assert said >= 6  # the log's lines named them
    assert under_name(f"{scene.name(1)}{t('recap.subject', name='').split('|')[0]}x", scene.name(1)) == "X"
    assert scene.recap.label("title") == t("recap.title")
    key(app, pygame.K_r, settle=1)
    assert scene.recap.open


def test_before_your_first_move_the_list_says_so(app):
    scene = start(app)
    assert run_until(app, lambda: scene.my_turn, 3000)
    frames(app, 1)
    assert scene.recap.available()  # the bots have put their first cards down
    assert scene.recap.label("title") == t("recap.title_first") != t("recap.title")
    assert scene.recap.label("chip") == t("recap.chip_first") != t("recap.chip")
    key(app, pygame.K_r, settle=1)
    assert scene.recap.open

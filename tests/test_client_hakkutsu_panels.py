"""The Hakkutsu!! panels keep step with the log: a player's coins, movement, score, cart and equipment
count change in the frame that the log line saying so appears (they changed ~2 s later, when the
action's whole animation had ended: a bot's dig showed its new score after the next turn's banner)."""

from __future__ import annotations

import pygame
import pytest

from ai import make_agent
from game.client import gfx
from game.client.i18n import t, tn
from game.client.menus.title import TitleScene
from game.client.registry import open_game
from game.client.scenes.hakkutsu import panels
from game.client.session import Session
from game.rules import Seat
from tests.client_helpers import make_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    app.settings.animation_speed = 4.0  # a frame of 1/60 s plays 1/15 s: one event's animation at a time
    yield app
    app.shutdown()


class Frame:
    """The texts drawn in each frame (with where), and the log lines that appeared in it."""

    def __init__(self, scene, monkeypatch) -> None:
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.events: list[dict] = []
        real_text, real_add = gfx.text, scene.log.add

        def text(surface, msg, *args, **kwargs):
            rect = real_text(surface, msg, *args, **kwargs)
            self.texts.append((msg, rect))
            return rect

        def add(events):
            self.events.extend(events)
            return real_add(events)

        monkeypatch.setattr(gfx, "text", text)
        monkeypatch.setattr(scene.log, "add", add)

    def clear(self) -> None:
        self.texts.clear()
        self.events.clear()

    def in_panel(self, scene, q: int) -> list[str]:
        rect = scene.layout.panels[q].rect
        return [msg for msg, r in self.texts if rect.contains(r)]


def expected(scene, ev: dict) -> list[str]:
    """What the acting player's panel says once ``ev`` happened: from the event and the view after the
    action (``final_view``), never from what the panel draws."""
    q = ev.get("player")
    if q is None:
        return []
    after = scene.final_view
    if ev["type"] == "coins_changed":
        return [str(ev["coins"])]
    if ev["type"] == "card_mined":  # after the move: no Jeep counts any more ("movement now 2")
        return [t("hk.move", n=ev["movement"]), tn("hk.score", after["public_scores"][q])]
    if ev["type"] == "cart_unloaded":  # "movement back to 4"
        return [t("hk.move", n=ev["movement"]), t("hk.cart_empty")]
    if ev["type"] == "equipment_drawn" and q != scene.viewer:
        return [f"×{after['equipment_counts'][q]}"]
    return []


def test_the_panels_change_when_the_log_line_appears(app, monkeypatch):
    seats = ["human", "heuristic", "heuristic", "heuristic"]
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("hakkutsu", seats, seed=4))
    me = make_agent("heuristic", seed=2)
    frame = Frame(scene, monkeypatch)
    checked: dict[str, int] = {}
    scored = 0
    for _ in range(40000):
        if scene.my_turn:
            scene.act(me.choose(Seat(scene.session.state, scene.viewer)))
        frame.clear()
        app.step(1 / 60)
        for ev in frame.events:
            want = expected(scene, ev)
            if not want:
                continue
            shown = frame.in_panel(scene, ev["player"])
            for text in want:
                assert text in shown, (ev, text, shown)
            checked[ev["type"]] = checked.get(ev["type"], 0) + 1
            if ev["type"] == "card_mined" and ev["player"] != scene.viewer and ev["card"]["points"]:
                scored += 1
        if scored >= 3 and all(
            checked.get(k, 0) >= 3 for k in ("coins_changed", "cart_unloaded", "equipment_drawn")
        ):
            break
    assert scored >= 3 and len(checked) == 4, checked


def test_the_panel_view_is_the_view_once_the_action_has_been_shown(app):
    """The noted fields last only while the action animates: then the view after it is the truth."""
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("hakkutsu", ["human", "heuristic"], seed=4))
    for _ in range(3000):
        app.step(1 / 60)
        if scene.my_turn:
            break
    assert scene.my_turn
    assert panels.panel_view(scene) is scene.display
    assert scene.display == scene.session.state.view(scene.viewer)


def test_a_jeep_counts_on_the_panel_until_the_pawn_moves(app, monkeypatch):
    """The panel added a Jeep's +2 for the rest of the turn: 'Move 6' beside the log's 'movement back to
    4' once the pawn had reached the base. It shows the +2 while it can be used, then the movement."""
    from game.rules.hakkutsu.actions import Action
    from tests.hakkutsu_helpers import give, started
    from tests.test_client_hakkutsu import at_position

    s = started(2, seed=1)
    give(s, s.current_player, "jeep")
    scene = at_position(app, s)
    me = scene.viewer
    base = scene.display["movement"][me]
    frame = Frame(scene, monkeypatch)
    assert scene.act(Action("use", name="jeep"))
    for _ in range(600):
        frame.clear()
        app.step(1 / 60)
        if scene.my_turn:
            break
    assert t("hk.move", n=base + 2) in frame.in_panel(scene, me)
    move = next(a for a in scene.legal_actions() if a.kind == "move")
    assert scene.act(move)
    moved = False
    for _ in range(600):
        frame.clear()
        app.step(1 / 60)
        moved = moved or any(ev["type"] == "pawn_moved" for ev in frame.events)
        if moved:
            shown = frame.in_panel(scene, me)
            assert t("hk.move", n=base + 2) not in shown and t("hk.move", n=base) in shown, shown
        if scene.my_turn:
            break
    assert moved and scene.my_turn

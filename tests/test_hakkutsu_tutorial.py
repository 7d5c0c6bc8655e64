"""Hakkutsu!!'s lesson: the learner takes every core decision in a short game that ends and is scored, and
every anchor a step names is on the table at that step."""

from __future__ import annotations

import pygame

from game.client.scenes.hakkutsu import overlays
from game.client.scenes.hakkutsu.layout import cell_rect
from game.client.tutorial.scenario import find_action
from tests.client_helpers import frames, make_app
from tests.tutorial_helpers import anchors_at_each_step, learner_moves

SCREEN = pygame.Rect(0, 0, 1280, 720)


def test_the_learner_moves_digs_goes_home_uses_equipment_and_wins_on_fossils_and_museum():
    scenario, state, mine, events = learner_moves("hakkutsu")
    me = scenario.human
    assert state.is_terminal and state.rounds == 6 and state.mode == "research"
    assert 12 <= len(mine) == sum(step.kind == "do" for step in scenario.steps) <= 25
    mined = [e for _, _, ev in mine for e in ev if e["type"] == "card_mined"]
    assert all(e["cost"] > 0 for e in mined)  # every dig is paid for
    # the second fossil slows the cart to 2 (the rulebook's example): the cart track matters
    assert [e["movement"] for e in mined[:2]] == [3, 2]
    # the learner cannot stay on the site just dug: its own cell is never offered
    s = scenario.new_state()
    for text in scenario.line():
        if s.current_player == me and s.phase == "move":
            assert s.pos[me] not in [a.cell for a in s.legal_actions() if a.kind == "move"]
        s.apply(find_action(s, text))
    base = next(ev for _, action, ev in mine if str(action) == "move 2,2")
    kinds = [e["type"] for e in base]
    assert {"base_action", "cart_unloaded", "equipment_drawn"} <= set(kinds)
    assert any(e["type"] == "coins_changed" and e["reason"] == "refill" and e["delta"] > 0 for e in base)
    used = [e["card"] for _, _, ev in mine for e in ev if e["type"] == "equipment_used"]
    assert used == ["jeep", "drill"]
    over = events[-1]
    assert over["type"] == "game_over" and over["winners"] == [me]
    mine_score = over["breakdown"][me]
    assert mine_score["museum"] > 0 and mine_score["fossils"] == 25  # the skull counts 2: 5 x 5
    assert state.carts[me]  # the last finds are still on the cart, and they count
    assert set(scenario.covers) <= {e["type"] for e in events}


def test_every_anchor_of_the_lesson_is_on_the_table_at_its_step(tmp_path, monkeypatch):
    from game.client.menus.title import TitleScene
    from game.client.tutorial import open_tutorial

    app = make_app(tmp_path, monkeypatch)
    app.settings.animation_speed = 12.0
    app.scenes.push(TitleScene(app))
    table = open_tutorial(app, "hakkutsu", autoplay=True)
    guide = table.guide
    lay = table.layout.panels
    assert table.tutorial_anchor("scores") == []  # nothing to point at before the end
    seen = anchors_at_each_step(app, table)
    frames(app, 2)
    assert {s.id for s in guide.scenario.steps if s.at} == set(seen)
    for step_id, rects in seen.items():
        assert rects and all(SCREEN.contains(r) and r.width > 0 and r.height > 0 for r in rects), step_id
    assert seen["card"] == seen["no_return"] == [cell_rect(3, 3)]
    assert seen["dug"] == [lay[0].track, lay[0].cart.rect]  # "+" joins anchors, in order
    assert seen["coach_keeps"][0].colliderect(lay[1].hand.rect)  # the Coach's card backs
    assert seen["at_base"][2] == lay[0].hand.rect and len(seen["at_base"]) == 3
    assert seen["scores"] == [overlays.SCORES]
    app.shutdown()

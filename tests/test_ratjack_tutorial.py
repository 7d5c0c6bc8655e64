"""Ratjack's lesson: the learner makes every core move themselves, every anchor a step names is on the
table at that step, and a play that takes two clicks (a hand card, then its use) is outlined click by click."""

from __future__ import annotations

import pygame
import pytest

from game.client.scenes.ratjack.texts import card_of
from tests.client_helpers import click, frames, key, make_app, run_until
from tests.tutorial_helpers import anchors_at_each_step, learner_moves

SCREEN = pygame.Rect(0, 0, 1280, 720)


def test_the_learner_makes_every_core_move_in_one_short_round():
    scenario, _, mine, events = learner_moves("ratjack")
    me = scenario.human
    assert len(mine) == sum(step.kind == "do" for step in scenario.steps) <= 25
    done = {(phase, action.kind) for phase, action, _ in mine}
    assert {
        ("draw", "draw-deck"),
        ("draw", "draw-discard"),
        ("play", "face-down"),
        ("play", "face-up"),
        ("play", "flip"),
    } <= done
    # an ability aimed at another player puts them over 25: out, and the learner scores for it
    aimed = [ev for phase, action, ev in mine if action.kind == "target" and action.player != me]
    assert any(e["type"] == "player_eliminated" and e["player"] != me for ev in aimed for e in ev)
    scored = [(e["player"], e["reason"]) for e in events if e["type"] == "vp_scored"]
    assert scored == [(me, "elimination"), (me, "exactly 25")]
    assert any(e["type"] == "token_placed" and e["player"] == me for _, _, ev in mine for e in ev)
    ends = [e for e in events if e["type"] == "round_ended"]
    assert [(e["round"], e["reason"]) for e in ends] == [(1, "exactly 25")]
    assert events[-1]["type"] == "cards_dealt"  # the line stops as round 2 is dealt


def open_lesson(tmp_path, monkeypatch, settle: int = 3, lang: str = "en"):
    from game.client.menus.title import TitleScene
    from game.client.tutorial import open_tutorial

    app = make_app(tmp_path, monkeypatch, lang=lang)
    app.settings.animation_speed = 12.0
    app.scenes.push(TitleScene(app))
    table = open_tutorial(app, "ratjack", autoplay=True)
    frames(app, settle)
    return app, table


def test_every_anchor_of_the_lesson_is_on_the_table_at_its_step(tmp_path, monkeypatch):
    app, table = open_lesson(tmp_path, monkeypatch, settle=0)
    guide = table.guide
    anchored = {step.id: step.at for step in guide.scenario.steps if step.at}
    seen: dict[str, list] = {}
    lay = table.layout

    def cards(q):
        rects = [rect for _, rect in lay.areas[q].rects()]
        return rects[0].unionall(rects[1:])

    # the grammar at some steps: "+" joins anchors, a comma names several players, a card by its place
    checks = {
        "plan_25": [
            ("discard+token:double", lambda: [lay.discard, lay.reserve.rect_of(("reserve", "double"))])
        ],
        "coaches_setup": [
            ("seat:1,2", lambda: [lay.panels[1], lay.panels[2]]),
            ("area:1,2", lambda: [lay.areas[1].rect, lay.areas[2].rect]),
        ],  # no card there yet
        "values": [("area:1,2", lambda: [cards(1), cards(2)])],
        "flip_plan": [
            (
                "card:0:0+value:2",
                lambda: [table.item_rect(("area", 0, 0)), table.tutorial_anchor("value:2")[0]],
            )
        ],
    }

    def check(step) -> None:
        for anchor, expected in checks.get(step.id, []):
            assert table.tutorial_anchor(anchor) == expected(), (step.id, anchor)

    seen.update(anchors_at_each_step(app, table, check))
    assert set(seen) == set(anchored)
    for step_id, rects in seen.items():
        assert rects, step_id
        for rect in rects:
            assert rect.width > 0 and rect.height > 0 and SCREEN.contains(rect), (step_id, rect)
    assert lay.panels[0].contains(table.tutorial_anchor("vp:0")[0])
    assert lay.panels[2].contains(table.tutorial_anchor("value:2")[0])
    assert table.tutorial_anchor("no-such-anchor") == []
    app.shutdown()


def at_step(tmp_path, monkeypatch, step_id: str, lang: str = "en"):
    app, table = open_lesson(tmp_path, monkeypatch, lang=lang)
    guide = table.guide
    assert run_until(app, lambda: guide.step.id == step_id, 20000)
    guide.autoplay = False
    assert run_until(app, lambda: not table.timeline.busy)
    frames(app, 4)  # a click autoplay posted before it stopped
    table.deselect()  # (it may have chosen the step's hand card already)
    frames(app, 2)
    return app, table


@pytest.mark.parametrize("step_id, button", [("face_up", "face-up"), ("face_down", "face-down")])
def test_a_chosen_hand_card_moves_the_outline_to_the_button_that_uses_it(
    tmp_path, monkeypatch, step_id, button
):
    app, table = at_step(tmp_path, monkeypatch, step_id)
    action = table.guide.expected()
    card_key = ("hand", [card_of(c) for c in table.display["hand"]].index(action.card))
    assert table.hint_rects(action) == [table.item_rect(card_key)]  # first: the hand card
    table.pick(card_key)
    frames(app, 2)
    use = table.bar.find(button)
    assert table.hint_rects(action) == [use.rect]  # then: its use, not the card again
    app.post_click(use.rect.center)
    frames(app, 2)
    assert str(table.session.record.actions[-1]) == str(action)
    app.shutdown()


def test_a_flip_is_outlined_on_the_face_down_card_once_the_discarded_card_is_chosen(tmp_path, monkeypatch):
    app, table = at_step(tmp_path, monkeypatch, "flip")
    action = table.guide.expected()  # discard the 5, flip the face-down 12 (the first card of the area)
    table.pick(("hand", [c["value"] for c in table.display["hand"]].index(5)))
    frames(app, 2)
    rects = table.hint_rects(action)
    assert rects[0] == table.item_rect(("area", 0, 0)) and rects[1] == table.bar.find("flip-1").rect
    app.post_click(rects[0].center)
    frames(app, 2)
    assert str(table.session.record.actions[-1]) == "flip rat-red 12 discard rat-red 5"
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_note_beside_a_card_to_aim_at_leaves_its_owners_value_in_sight(tmp_path, monkeypatch, lang):
    app, table = at_step(tmp_path, monkeypatch, "aim", lang)  # Coach #3's face-down card; they are at 19
    note = table.guide.panel_rect()
    assert not note.colliderect(table.tutorial_anchor("value:2")[0])
    assert not any(note.colliderect(rect) for rect in table.hint_rects(table.guide.expected()))
    app.shutdown()


def test_a_legal_but_other_use_of_the_chosen_card_is_refused_with_the_steps_reason(tmp_path, monkeypatch):
    from game.client import i18n

    app, table = at_step(tmp_path, monkeypatch, "flip")  # discard the 5 and flip the face-down 12
    guide = table.guide
    played = list(table.session.record.actions)
    click(app, table.hint_rects(guide.expected())[0].center)  # the 5: chosen, nothing played yet
    assert table.selected is not None and table.session.record.actions == played
    click(app, table.bar.find("face-up").rect.center)  # legal in the game, not the lesson's move
    assert table.session.record.actions == played and guide.step.id == "flip"
    assert guide.message == i18n.t("tutorial.ratjack.flip_wrong")
    key(app, pygame.K_f)  # face down by its key: refused the same way
    assert table.session.record.actions == played
    click(app, table.item_rect(("area", 0, 0)).center)  # the outlined face-down 12
    assert [str(a) for a in table.session.record.actions[len(played) :]] == [
        "flip rat-red 12 discard rat-red 5"
    ]
    app.shutdown()

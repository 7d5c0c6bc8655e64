"""The Hakkutsu!! table, driven headless through clicks and keys (``SDL_VIDEODRIVER=dummy``)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pygame
import pytest

from game.client.i18n import t
from game.client.menus.results import ResultsScene
from game.client.menus.setup import SetupScene
from game.client.menus.title import TitleScene
from game.client.registry import has_table, open_game
from game.client.scenes.hakkutsu import mapview
from game.client.scenes.hakkutsu.log_text import lines as log_lines
from game.client.scenes.hakkutsu.mapview import cell_text
from game.client.scenes.hakkutsu.scene import HakkutsuScene
from game.client.session import Session
from game.rules import events_for, new_game
from game.rules.hakkutsu.actions import Action
from game.rules.hakkutsu.data import DATA
from tests.client_helpers import (
    check_save_resume_undo,
    click,
    click_button,
    fast_app,
    frames,
    key,
    monkey_on_table,
    play_table_to_the_end,
    run_until,
)
from tests.hakkutsu_helpers import cell, give, set_site, started

I18N = Path(__file__).resolve().parents[1] / "game" / "client" / "i18n"
ENGINE_EVENTS = {
    "museum_drafted",
    "equipment_kept",
    "equipment_shuffled",
    "round_started",
    "turn_started",
    "pawn_moved",
    "card_flipped",
    "mining_skipped",
    "coins_changed",
    "base_action",
    "cart_unloaded",
    "equipment_drawn",
    "card_mined",
    "turn_ended",
    "round_ended",
    "game_over",
    "equipment_used",
    "card_peeked",
}


@pytest.fixture
def app(tmp_path, monkeypatch):
    yield from fast_app(tmp_path, monkeypatch)


def start(app, seats, seed=1, **options) -> HakkutsuScene:
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("hakkutsu", seats, seed=seed, **options))
    frames(app, 2)
    return scene


def at_position(app, state, human: int | None = None) -> HakkutsuScene:
    """The table showing a built ``state``, the player to move (or ``human``) a human against random bots."""
    human = state.current_player if human is None else human
    seats = ["random"] * state.num_players
    seats[human] = "human"
    app.scenes.push(TitleScene(app))
    session = Session.new("hakkutsu", seats, seed=3, mode=state.mode)
    session.state = state
    scene = open_game(app, session)
    scene.show_view(state.view(scene.viewer))
    frames(app, 2)
    return scene


def click_item(app, scene: HakkutsuScene, item) -> None:
    pos = scene.point_of(item)
    assert pos is not None, item
    click(app, pos, settle=1)


def last_action(scene) -> Action:
    return scene.session.record.actions[-1] if scene.session.record.actions else None


def human_actions(scene) -> list[Action]:
    """The actions the (single) human took at this table."""
    me = scene.session.humans[0]
    return [a for a, p in zip(scene.session.record.actions, scene.session.actors, strict=True) if p == me]


def human_decision(app, scene: HakkutsuScene, rng: random.Random) -> None:
    """One decision of the human: a highlighted cell or card, or a bar button - all by clicking."""
    ch = scene.current_choices()
    if ch.mine is not None and rng.random() < 0.9:
        click_button(app, scene.bar.find("dig"))
        return
    if scene.detect_cell is not None:
        click_button(app, scene.bar.find(rng.choice([i for i in scene.bar.idents if i.startswith("look-")])))
        return
    if ch.cells and (scene.mode is not None or rng.random() < 0.8):
        click_item(app, scene, ("cell", *rng.choice(sorted(ch.cells))))
        return
    if ch.order and rng.random() < 0.7:
        click_item(app, scene, rng.choice(ch.order))
        return
    buttons = [spec.ident for b, spec in scene.bar.buttons if spec.enabled and spec.ident != "cancel"]
    if not buttons:
        click_item(app, scene, ("cell", *sorted(ch.cells)[0]))
        return
    prefer = [i for i in buttons if i in ("dig", "end")]
    click_button(app, scene.bar.find(prefer[0] if prefer and rng.random() < 0.7 else rng.choice(buttons)))


def play_to_the_end(app, scene: HakkutsuScene, rng: random.Random, limit: int = 6000) -> int:
    return play_table_to_the_end(
        app,
        scene,
        lambda: human_decision(app, scene, rng),
        lambda: (len(scene.session.record.actions), scene.mode, scene.detect_cell),
        limit,
    )


def test_the_table_is_registered():
    assert has_table("hakkutsu")


@pytest.mark.parametrize("options", [dict(mode="research"), dict(mode="treasure", draft=True, rounds=6)])
def test_whole_game_through_clicks(app, options):
    scene = start(app, ["human", "heuristic"], seed=4, **options)
    decisions = play_to_the_end(app, scene, random.Random(2))
    state = scene.session.state
    assert state.is_terminal and decisions > 10
    kinds = {
        a.kind for a, p in zip(scene.session.record.actions, scene.session.actors, strict=True) if p == 0
    }
    assert {"move", "mine", "keep"} <= kinds
    if options.get("draft"):
        assert "draft" in kinds  # the human drafted a museum by clicking it
    results = app.scenes.top
    assert isinstance(results, ResultsScene)
    assert len(results.summary) == 3 and str(state.scores[0]) in results.summary[0]


def test_the_draft_and_the_deal_are_choices_on_screen(app):
    scene = start(app, ["human", "random", "random"], seed=2, draft=True)
    assert run_until(app, lambda: scene.my_turn and scene.display["phase"] == "draft", 600)
    ch = scene.current_choices()
    assert len(ch.order) >= 3 and all(k[0] == "draft" for k in ch.order)
    assert [i for i in scene.bar.idents if i.startswith("draft-")]
    chosen = scene.display["draft_pool"][1]["key"]
    click_item(app, scene, ("draft", 1))
    assert last_action(scene) == Action("draft", name=chosen)
    assert run_until(app, lambda: scene.my_turn and scene.display["phase"] == "equip", 600)
    assert scene.display["museum"][0]["key"] == chosen
    key(app, pygame.K_2)  # the number key keeps the second card dealt
    assert last_action(scene).kind == "keep"
    others = [q for q in (1, 2) if scene.display["museum"][q] is not None]
    assert others == [1, 2]  # drafted museums are public


def _human_move_state(mode="research", seed=1):
    """Round 1 of a 2-player game, the start player (the human) about to move, no equipment in hand."""
    return started(2, mode=mode, seed=seed)


def test_jeep_and_helicopter_change_what_is_reachable(app):
    s = _human_move_state()
    p = s.current_player
    give(s, p, "jeep", "helicopter")
    scene = at_position(app, s)
    before = set(scene.current_choices().cells)
    jeep = next(k for k in scene.current_choices().order if scene.display["equipment"][k[1]]["key"] == "jeep")
    click_item(app, scene, jeep)
    assert last_action(scene) == Action("use", name="jeep")
    assert run_until(app, lambda: scene.my_turn, 300)
    after = set(scene.current_choices().cells)
    assert before < after  # the highlight follows the extra movement
    heli = next(
        k for k in scene.current_choices().order if scene.display["equipment"][k[1]]["key"] == "helicopter"
    )
    click_item(app, scene, heli)
    assert scene.mode == "helicopter" and len(scene.current_choices().cells) == 24
    key(app, pygame.K_BACKSPACE)
    assert scene.mode is None
    click_item(app, scene, heli)
    click_item(app, scene, ("cell", 0, 0))
    assert human_actions(scene)[-1] == Action("helicopter", cell=cell(0, 0))


def _mining_state(extra: str):
    """The human has moved next to the base onto a site with a dear, heavy card (and, for a Joint Dig,
    another pawn on it)."""
    s = started(2, seed=1)
    p = s.current_player
    q = 1 - p
    target = cell(1, 2)
    set_site(
        s,
        target,
        [
            next(r.id for r in DATA.rocks if r.key == "granite"),
            next(r.id for r in DATA.rocks if r.key == "limestone"),
        ],
    )
    give(s, p, extra)
    if extra == "joint-dig":
        s.pos[q] = target
    s.apply(Action("move", cell=target))
    assert s.phase == "mine"
    return s


@pytest.mark.parametrize("card", ["drill", "crane", "joint-dig"])
def test_mining_equipment_then_dig(app, card):
    s = _mining_state(card)
    scene = at_position(app, s)
    dig = scene.current_choices().mine
    if card == "joint-dig":
        assert dig is None and "dig" in scene.bar.idents  # shown, but disabled until the Joint Dig
    idents = scene.bar.idents
    assert f"use-{card}" in idents
    click_button(app, scene.bar.find(f"use-{card}"))
    assert last_action(scene) == Action("use", name=card)
    assert run_until(app, lambda: scene.my_turn, 300)
    turn = scene.display["turn"]
    assert turn["drill"] or turn["crane"] or turn["joint_dig"]
    key(app, pygame.K_d)
    assert human_actions(scene)[-1].kind == "mine"


def test_grant_and_end_turn(app):
    s = _mining_state("grant")
    scene = at_position(app, s)
    coins = scene.display["coins"][scene.viewer]
    grant = next(
        k for k in scene.current_choices().order if scene.display["equipment"][k[1]]["key"] == "grant"
    )
    click_item(app, scene, grant)
    assert last_action(scene) == Action("use", name="grant")
    assert run_until(app, lambda: scene.my_turn, 300)
    assert scene.display["coins"][scene.viewer] == coins + 2
    click_button(app, scene.bar.find("leave"))
    assert human_actions(scene)[-1].kind == "skip"


def test_detector_peek_is_shown_to_the_viewer_only(app):
    s = started(2, mode="treasure", seed=1)
    p = s.current_player
    give(s, p, "detector", "detector")
    scene = at_position(app, s)
    det = next(
        k for k in scene.current_choices().order if scene.display["equipment"][k[1]]["key"] == "detector"
    )
    click_item(app, scene, det)
    assert scene.mode == "detector" and scene.current_choices().cells
    click_item(app, scene, ("cell", 0, 4))  # a corner: top and second card both face down
    assert scene.detect_cell == (0, 4) and {"look-top", "look-second"} <= set(scene.bar.idents)
    app.settings.animation_speed = 1.0
    click_button(app, scene.bar.find("look-second"))
    assert last_action(scene) == Action("detector", cell=cell(0, 4), second=True)
    second = s.stacks[cell(0, 4)][0]
    assert run_until(app, lambda: DATA.rocks[second].name in (scene.banner_text or ""), 300)
    assert "Only you" in scene.banner_text
    app.settings.animation_speed = 12.0
    assert run_until(app, lambda: scene.my_turn, 600)
    assert scene.display["map"][0][4]["peeked"][0]["card"]["id"] == second
    assert not s.view(1 - p)["map"][0][4]["peeked"]  # the other player saw nothing
    ev = next(e for evs in scene.session.history for e in evs if e["type"] == "card_peeked")
    hidden = events_for([ev], 1 - p)[0]
    assert "card" not in hidden and DATA.rocks[second].name not in log_lines.describe(scene, hidden)
    assert DATA.rocks[second].name in log_lines.describe(scene, ev)


def test_dig_prompt_shows_cost_coins_and_cart(app):
    s = _mining_state("drill")
    scene = at_position(app, s)
    app.render()
    dig = __import__("game.client.scenes.hakkutsu.texts", fromlist=["dig_preview"]).dig_preview(
        scene.display, scene.viewer
    )
    assert dig.card["key"] == "limestone" and dig.cost == 1 and dig.coins_after == dig.coins_before - 1
    assert dig.units_after == dig.units_before + 2 and dig.move_after == 2
    assert "Limestone" in scene.bar.find("dig").text


def test_hotseat_privacy_and_private_choices(app):
    scene = start(app, ["human", "human"], seed=2)
    frames(app, 3)
    assert type(app.scenes.top).__name__ == "PrivacyScene"
    key(app, pygame.K_SPACE)
    first = scene.viewer
    assert app.scenes.top is scene and scene.display["phase"] == "equip"
    assert scene.display["equipment_dealt"] and scene.display["museum"][1 - first] is None
    click_item(app, scene, scene.current_choices().order[0])
    assert run_until(app, lambda: app.scenes.top is not scene, 400)
    assert type(app.scenes.top).__name__ == "PrivacyScene"
    assert scene.viewer == 1 - first
    assert scene.display["equipment_counts"][first] == 1 and scene.display["equipment"] == []
    assert all("card" not in ev for ev in scene.log.entries if ev["type"] == "equipment_kept")
    assert scene.undo() is False  # no undo between humans


def test_save_resume_and_undo(app):
    scene = start(app, ["human", "random", "random"], seed=9)
    rng = random.Random(1)
    # a turn in which the human has something to undo: a decision that showed them nothing hidden since
    while len([a for a in scene.session.actors if a == 0]) < 5 or not (
        scene.my_turn and scene.session.undo_point() is not None
    ):
        if scene.my_turn:
            human_decision(app, scene, rng)
        else:
            frames(app, 1)
    check_save_resume_undo(app, scene, HakkutsuScene)


def test_keyboard_cursor_moves_the_pawn(app):
    s = _human_move_state()
    scene = at_position(app, s)
    key(app, pygame.K_UP)  # the cursor appears on the pawn (the base)
    key(app, pygame.K_UP)
    assert scene.cursor == (1, 2)
    key(app, pygame.K_RETURN)
    assert human_actions(scene)[0] == Action("move", cell=cell(1, 2))


def test_tooltips_and_preview_in_both_languages(app):
    s = _human_move_state()
    give(s, s.current_player, "drill")
    scene = at_position(app, s)
    pos = scene.point_of(("cell", 0, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert scene.hovered_cell() == (0, 0)
    text = cell_text(scene, scene.display, 0, 0)
    top = scene.display["map"][0][0]["top"]
    assert top["name"] in text and "area C" in text
    hand = scene.layout.hand.rect_of(("equipment", 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hand.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert "Drill" in scene.tips.current() and "2 coins" in scene.tips.current()
    app.set_language("ja")
    frames(app, 1)
    assert "ドリル" in scene.tips.current()
    assert top["name_ja"] in cell_text(scene, scene.display, 0, 0)
    app.set_language("en")


def test_every_event_has_a_log_line_and_an_animation_in_both_languages(app):
    scene = start(app, ["human", "random", "random"], seed=5)
    s = started(2, mode="treasure", seed=3)
    give(s, s.current_player, "helicopter", "detector", "grant", "jeep")
    events = []
    for text in ("use jeep", "detector 0,0 top", "use grant", "helicopter 0,4"):
        events += s.apply(Action.parse(text))
    game = new_game("hakkutsu", players=3, seed=5, mode="treasure", draft=True)
    rng = random.Random(5)
    while not game.is_terminal:
        events += game.apply(rng.choice(game.legal_actions()))
    assert ENGINE_EVENTS <= {ev["type"] for ev in events}
    assert set(scene.animations.handlers) >= ENGINE_EVENTS
    assert set(log_lines.functions) >= ENGINE_EVENTS
    for lang in ("en", "ja"):
        app.set_language(lang)
        for ev in events:
            for seen in (ev, events_for([ev], 99)[0] if ev.get("visible_to") else ev):
                text = log_lines.describe(scene, seen)
                assert text is None or ("hk." not in text and "{" not in text), (lang, ev["type"], text)
    app.set_language("en")


def test_translations_are_complete():
    def keys(path):
        def flat(d, prefix=""):
            for k, v in d.items():
                yield from flat(v, f"{prefix}{k}.") if isinstance(v, dict) else [f"{prefix}{k}"]

        with open(path, "rb") as f:
            return set(flat(tomllib.load(f)))

    english = {k for k in keys(I18N / "en.hakkutsu.toml") if not k.endswith("_2nd")}  # see i18n.You
    assert english == keys(I18N / "ja.hakkutsu.toml")
    assert all(r.name_ja for r in DATA.rocks) and all(m.name_ja for m in DATA.museums)
    assert all(e.name_ja for e in DATA.equipment)


def test_setup_options_read_well(app):
    app.scenes.push(TitleScene(app))
    setup = SetupScene(app, "hakkutsu")
    app.scenes.push(setup)
    frames(app, 2)
    selected = {name: menu.selected_option for name, (menu, _, _) in setup.option_menus.items()}
    flat = {name: (sel[0] if isinstance(sel, tuple) else sel) for name, sel in selected.items()}
    assert flat["mode"] == t("option.hakkutsu.mode.research")
    assert flat["rounds"] == t("option.hakkutsu.rounds.None")
    _, values, labels = setup.option_menus["rounds"]
    assert 12 in values and labels[values.index(12)].startswith(t("option.hakkutsu.rounds.value", value=12))


def test_monkey_on_the_hakkutsu_table(app):
    scene = start(app, ["human", "random", "random", "random"], seed=4, mode="treasure")
    rng = random.Random(3)
    keys = [
        pygame.K_d,
        pygame.K_l,
        pygame.K_e,
        pygame.K_t,
        pygame.K_s,
        pygame.K_1,
        pygame.K_2,
        pygame.K_3,
        pygame.K_UP,
        pygame.K_LEFT,
        pygame.K_RETURN,
        pygame.K_BACKSPACE,
        pygame.K_SPACE,
        pygame.K_ESCAPE,
    ]
    monkey_on_table(
        app, scene, rng, keys, 600, aim=lambda r: scene.point_of(("cell", r.randrange(5), r.randrange(5)))
    )
    assert len(scene.session.record.actions) > 20


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_choice_caption_fits_beside_its_card(app, lang):
    """The name, phase and text beside each offered equipment / museum card fit their space (the
    Detector's text was cut after "second card of a"), in both languages, however many are offered."""
    from game.client import gfx, i18n
    from game.client.scenes.hakkutsu.overlays import caption_lines, choice_caption, choice_slots
    from game.rules.hakkutsu.views import MUSEUM_VIEWS

    i18n.set_language(lang)
    try:
        offers = [([choice_caption(e.key, False) for e in DATA.equipment], [2], True)]
        offers.append(([choice_caption(m, True) for m in MUSEUM_VIEWS], range(3, 7), False))
        for captions, counts, badges in offers:
            for n in counts:
                _, below = choice_slots(n, badges_above=badges)[-1]
                for caption in captions:
                    size, lines = caption_lines(caption, below.width, below.height)
                    assert len(lines) * gfx.font(size).get_linesize() <= below.height, (n, caption)
                    for line, (_, bold) in lines:
                        assert gfx.font(size, bold).size(line)[0] <= below.width, line
    finally:
        i18n.set_language("en")


def test_a_click_hides_the_cell_preview_until_the_mouse_moves(app):
    """The preview of the cell just clicked covered the dig dialog that the click opened: it is not
    drawn over the dig dialog, and a click hides it (and any tooltip) until the mouse moves again."""

    scene = at_position(app, _human_move_state())
    pos = scene.point_of(("cell", *sorted(scene.current_choices().cells)[0]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert scene.map_preview_shown(scene.display, False)
    click(app, pos, settle=1)
    frames(app, 2)
    assert scene.display["phase"] == "mine"  # the click moved the pawn; the dig dialog is up
    assert not scene.map_preview_shown(scene.display, False)
    assert not scene.map_preview_shown(scene.display, True)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 3, pos[1]), rel=(3, 0), buttons=(0, 0, 0))
    )
    frames(app, 2)
    assert scene.map_preview_shown(scene.display, False)
    assert not scene.map_preview_shown(scene.display, True)  # never over the dig dialog


def test_tooltips_hide_after_a_click_until_the_mouse_moves():
    from game.client.table.tooltips import DELAY, Tooltips

    tips = Tooltips()
    tips.begin()
    tips.add(pygame.Rect(0, 0, 50, 50), "a cell")
    tips.move((10, 10))
    tips.update(0.0)
    tips.update(DELAY + 0.1)
    assert tips.shown() == "a cell"
    tips.dismiss()
    assert tips.shown() is None
    tips.move((10, 10))  # a motion event at the same place does not bring it back
    assert tips.shown() is None
    tips.move((12, 10))
    assert tips.shown() == "a cell"


@pytest.mark.parametrize("rounds, expected", [(1, "Last round"), (3, "2 rounds to go")])
def test_the_round_counter_says_last_round(app, monkeypatch, rounds, expected):
    """An arranged game's last round read "Round 4 / 4 · 0 rounds to go"."""
    from game.client import gfx

    scene = start(app, ["human", "random"], seed=3, rounds=rounds)
    d = dict(scene.display, round=1)
    written = []
    real = gfx.text
    monkeypatch.setattr(
        gfx, "text", lambda surface, msg, *a, **k: written.append(msg) or real(surface, msg, *a, **k)
    )
    scene.draw_top(app.canvas, d)
    assert expected in written and not any("0 rounds" in w for w in written)


def test_hovering_the_base_explains_it_once(app):
    """The base had a tooltip and the preview panel saying the same thing, one over the other."""
    from game.client import i18n

    scene = start(app, ["human", "random"], seed=3)
    base = scene.display["base"]
    pos = mapview.cell_rect(*base).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 40)
    assert tuple(scene.hovered_cell()) == tuple(base)
    assert mapview.cell_text(scene, scene.display, *base) == i18n.t("hk.tip.base")  # the preview says it
    assert scene.tips.current() is None  # and no tooltip repeats it


@pytest.mark.parametrize("delta, expected", [(1, "refills 1 coin at"), (3, "refills 3 coins at")])
def test_coin_lines_count_in_words(app, delta, expected):
    """The log read "refills 1 coins"."""
    scene = start(app, ["human", "random"], seed=3)
    line = scene.describe(
        {"type": "coins_changed", "player": 1, "reason": "refill", "delta": delta, "coins": 5}
    )
    assert expected in line


def test_another_players_name_stays_clear_of_their_coins(app):
    """A long Japanese bot name ran up to 4 px from the coin icon: it read as part of the name."""
    from game.client import i18n

    i18n.set_language("ja")
    scene = start(app, ["human", "random", "random"], seed=2)
    assert run_until(app, lambda: scene.my_turn)
    scene.act(scene.legal_actions()[0])  # past the set-up: its chooser lies over the panels beside the map
    assert run_until(app, lambda: scene.my_turn and scene.display["phase"] == "move")
    frames(app, 3)
    q = 1
    lay = scene.layout.panels[q]
    coin_left = lay.stats[0]
    band = range(lay.rect.top + 10, lay.rect.top + 28)  # the name's letters
    ink = [
        x
        for x in range(lay.name_left, coin_left)
        if any(min(app.canvas.get_at((x, y))[:3]) > 190 for y in band)
    ]  # the name is near-white
    assert scene.name(q) == "ランダムボット #2"
    assert ink and max(ink) + 12 <= coin_left, (max(ink), coin_left)


def test_no_panel_tip_shows_through_the_dig_dialog(app):
    """The dig dialog lies over the other players' panels: their rock, cart and fossil tips showed through it."""
    from game.client.scenes.hakkutsu.overlays import draw_dig
    from game.client.scenes.hakkutsu.texts import dig_preview, rock_tip

    scene = at_position(app, _mining_state("drill"))
    frames(app, 2)
    dig = dig_preview(scene.display, scene.viewer)
    regions = list(scene.tips.regions)
    rect, _ = draw_dig(scene, pygame.Surface(app.size), dig)  # where the frame drew it
    scene.tips.regions = regions
    seen = set()
    for x in range(rect.left, rect.right, 6):
        for y in range(rect.top, rect.bottom, 6):
            scene.tips.mouse = (x, y)
            seen.add(scene.tips.current())
    assert seen == {None, rock_tip(dig.card)}

"""The Ratjack table, driven headless through clicks and keys (``SDL_VIDEODRIVER=dummy``)."""

from __future__ import annotations

import random

import pygame
import pygame_gui
import pytest

from game.client.menus.results import ResultsScene
from game.client.menus.title import TitleScene
from game.client.registry import open_game
from game.client.scenes.base import HAND_OVER_PAUSE
from game.client.scenes.ratjack import draw as rj_draw
from game.client.scenes.ratjack.draw import BROWSE
from game.client.scenes.ratjack.scene import RatjackScene
from game.client.scenes.ratjack.texts import (
    STEP_KEYS,
    ability_text,
    all_engine_prompts,
    card_label,
    card_of,
    card_tip_text,
)
from game.client.session import Session
from game.rules.ratjack.abilities import ABILITIES
from game.rules.ratjack.cards import FAMILIES
from game.rules.ratjack.positions import position
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


@pytest.fixture
def app(tmp_path, monkeypatch):
    yield from fast_app(tmp_path, monkeypatch)


def start(app, seats, seed=1, **options) -> RatjackScene:
    app.scenes.push(TitleScene(app))
    session = Session.new("ratjack", seats, seed=seed, **options)
    scene = open_game(app, session)
    frames(app, 2)
    return scene


def click_item(app, scene: RatjackScene, item) -> None:
    pos = scene.point_of(item)
    assert pos is not None, item
    click(app, pos, settle=1)


def human_turn_by_clicks(app, scene: RatjackScene, rng: random.Random) -> None:
    """One decision of the human, made by clicking what is highlighted (or a bar button)."""
    ch = scene.current_choices()
    phase = scene.display["phase"]
    if phase == "play" and scene.selected is not None:
        options = [i for i in scene.bar.idents if i.startswith(("face-", "flip-"))]
        click_button(app, scene.bar.find(rng.choice(options)))
        return
    assert ch.order, (phase, scene.legal_actions())
    click_item(app, scene, rng.choice(ch.order))


def play_to_the_end(app, scene: RatjackScene, rng: random.Random, limit: int = 4000) -> int:
    return play_table_to_the_end(
        app,
        scene,
        lambda: human_turn_by_clicks(app, scene, rng),
        lambda: (len(scene.session.record.actions), scene.selected),
        limit,
    )


@pytest.mark.parametrize("seats", [["human", "random"], ["human", "random", "heuristic", "random"]])
def test_whole_game_through_clicks(app, seats):
    scene = start(app, seats, seed=len(seats))
    decisions = play_to_the_end(app, scene, random.Random(len(seats)))
    state = scene.session.state
    assert state.is_terminal and max(state.scores) >= 3
    assert decisions > 10
    results = app.scenes.top
    assert isinstance(results, ResultsScene) and results.summary  # who scored and why
    frames(app, 3)  # the covered table keeps updating: its Undo button must not show on the results
    assert not scene.b_undo.visible


def test_every_engine_prompt_is_translated():
    assert all_engine_prompts() <= set(STEP_KEYS)


def _ability_position(family: str, value: int):
    """Player 0 holds the ability card and can play it face up; a rich board around."""
    deck = {"rat": "rat-red", "weasel": "weasel", "raccoon": "raccoon"}[family]
    other = [f"{deck} {(value + k - 1) % 12 + 1}" for k in range(1, 5)]
    return position(
        3,
        ("rat-blue", deck),
        phase="play",
        player=0,
        hands=[[f"{deck} {value}", other[0]], ["rat-blue 10"], ["rat-blue 11"]],
        areas=[
            ["U:rat-blue 2", "D:rat-blue 3", "U:rat-blue 1@+1"],
            ["U:rat-blue 4@-5", "D:rat-blue 5", "U:rat-blue 6"],
            ["U:rat-blue 7", "D:rat-blue 8@half", "U:rat-blue 9"],
        ],
        discard=other[1:],
        reserve=["-3", "+10", "protected"],
    )


def open_position(app, state) -> RatjackScene:
    """A table (you against two random bots) showing a built position, your turn."""
    session = Session.new("ratjack", ["human", "random", "random"], seed=3)
    session.state = state
    scene = open_game(app, session)
    scene.show_view(state.view(0))
    frames(app, 2)
    return scene


def test_every_ability_through_the_ui(app):
    """Each of the 36 abilities: choose the card, "face up", then click a highlighted target at every step."""
    app.scenes.push(TitleScene(app))
    for family in FAMILIES:
        for value in range(1, 13):
            scene = open_position(app, _ability_position(family, value))
            hand = scene.current_choices()
            card_key = next(
                k
                for k in hand.order
                if scene.display["hand"][k[1]]["value"] == value
                and scene.display["hand"][k[1]]["deck"] != "rat-blue"
            )
            click_item(app, scene, card_key)
            assert scene.selected is not None
            assert "face-up" in scene.bar.idents, (family, value, scene.bar.idents)
            click_button(app, scene.bar.find("face-up"))
            steps = 0
            while scene.session.state.phase == "ability" and scene.session.to_move == 0:
                assert run_until(app, lambda s=scene: s.my_turn, 200)
                ch = scene.current_choices()
                assert ch.order, (family, value, scene.display["pending"])
                n = len(scene.session.record.actions)
                click_item(app, scene, ch.order[0])
                assert len(scene.session.record.actions) == n + 1, (family, value, ch.order[0])
                steps += 1
            events = [ev for evs in scene.session.history for ev in evs]
            started = [ev for ev in events if ev["type"] == "ability_started"]
            assert started and started[0]["ability"] == f"{family} {value}"
            assert steps == len(ABILITIES[FAMILIES.index(family) * 12 + value - 1].steps), (family, value)


def test_flip_and_face_down_through_the_ui(app):
    app.scenes.push(TitleScene(app))
    scene = open_position(app, _ability_position("weasel", 5))
    ch = scene.current_choices()
    click_item(app, scene, ch.order[0])
    ch = scene.current_choices()
    assert ch.flips, "the own face-down card can be flipped"
    assert all(scene.point_of(k) for k, _ in ch.flips)
    n = len(scene.session.record.actions)
    click_item(app, scene, ch.flips[0][0])  # discard & flip by clicking the face-down card
    assert scene.session.record.actions[n].kind == "flip"


def to_first_draw(app, speed: float | None = None) -> RatjackScene:
    """A 2-player table (you against a random bot) at your first draw (the set-up choice made by key)."""
    scene = start(app, ["human", "random"], seed=5)
    if speed is not None:
        app.settings.animation_speed = speed
    assert run_until(app, lambda: scene.my_turn, 2000)
    if scene.display["phase"] == "setup":
        key(app, pygame.K_1)
        assert run_until(app, lambda: scene.my_turn and scene.display["phase"] == "draw", 2000)
    return scene


def test_draw_by_clicking_the_deck_and_keys(app):
    scene = to_first_draw(app)
    assert set(scene.bar.idents) == {"draw_deck", "take_discard"}
    n = len(scene.session.record.actions)
    key(app, pygame.K_d)
    assert scene.session.record.actions[n].kind == "draw-deck"
    assert run_until(app, lambda: scene.my_turn, 500)
    key(app, pygame.K_1)  # select the first hand card
    assert scene.selected is not None and "face-down" in scene.bar.idents
    key(app, pygame.K_BACKSPACE)
    assert scene.selected is None
    key(app, pygame.K_1)
    key(app, pygame.K_f)
    assert scene.session.record.actions[n + 1].kind == "face-down"


def test_input_during_an_animation_is_queued(app):
    scene = to_first_draw(app, speed=1.0)
    key(app, pygame.K_d, settle=0)
    app.step(1 / 60)
    assert scene.timeline.busy
    n = len(scene.session.record.actions)
    key(app, pygame.K_1, settle=0)  # while the draw animates: kept for later
    app.step(1 / 60)
    assert scene.pending_input and len(scene.session.record.actions) == n
    assert run_until(app, lambda: not scene.timeline.busy, 600)
    frames(app, 1)
    assert scene.selected is not None  # the queued key selected a hand card


def test_language_switch_keeps_the_right_buttons(app):
    scene = to_first_draw(app)
    idents = scene.bar.idents
    texts_en = [b.text for b, _ in scene.bar.buttons]
    app.set_language("ja")
    frames(app, 2)
    assert scene.bar.idents == idents
    texts_ja = [b.text for b, _ in scene.bar.buttons]
    assert texts_ja != texts_en and "山札から引く" in texts_ja[0]
    assert all(b.alive() for b, _ in scene.bar.buttons)
    app.set_language("en")


def test_hotseat_privacy_before_the_first_turn_and_between_turns(app):
    scene = start(app, ["human", "human"], seed=2)
    frames(app, 3)
    top = app.scenes.top
    assert type(top).__name__ == "PrivacyScene"  # nobody's cards show before the first player is ready
    first = scene.session.to_move
    key(app, pygame.K_SPACE)
    assert app.scenes.top is scene and scene.viewer == first
    click_item(app, scene, scene.current_choices().order[0])  # the set-up choice
    assert run_until(app, lambda: app.scenes.top is not scene, 400)
    assert type(app.scenes.top).__name__ == "PrivacyScene"
    assert scene.viewer == scene.session.to_move != first
    assert scene.undo() is False  # no undo between humans


def play_a_step(app, scene, rng) -> None:
    """The human goes on by clicks: past a round's summary, through their turn, or waits for the bots."""
    if scene.timeline.waiting:
        click(app, (480, 300))
    elif scene.my_turn:
        human_turn_by_clicks(app, scene, rng)
    else:
        frames(app, 1)


def test_save_resume_and_undo(app):
    scene = start(app, ["human", "random", "random"], seed=9)
    rng = random.Random(1)
    # a turn in which the human has something to undo: a decision that showed them nothing hidden since
    while len([a for a in scene.session.actors if a == 0]) < 4 or not (
        scene.my_turn and scene.session.undo_point() is not None
    ):
        play_a_step(app, scene, rng)
    check_save_resume_undo(app, scene, RatjackScene)


def test_tooltips_explain_cards_and_tokens(app):
    app.scenes.push(TitleScene(app))
    scene = open_position(app, _ability_position("weasel", 7))
    rect = scene.layout.areas[1].rect_of(("area", 1, 0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    tip = scene.tips.current()
    assert "Blue rat 4" in tip and "−5" in tip  # the card, its ability and its token
    app.set_language("ja")
    frames(app, 1)
    assert "青ネズミ 4" in scene.tips.current()
    app.set_language("en")


def test_monkey_on_the_ratjack_table(app):
    scene = start(app, ["human", "random", "random", "random"], seed=4)
    rng = random.Random(3)
    keys = [
        pygame.K_d,
        pygame.K_t,
        pygame.K_f,
        pygame.K_u,
        pygame.K_1,
        pygame.K_2,
        pygame.K_3,
        pygame.K_BACKSPACE,
        pygame.K_SPACE,
        pygame.K_ESCAPE,
    ]
    monkey_on_table(app, scene, rng, keys, 1500)
    assert len(scene.session.record.actions) > 20


def _choose(app, menu, text) -> None:
    """Pick ``text`` in a pygame-gui drop-down as if the player had."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text))
    frames(app, 2)


def test_setup_four_players_and_a_deck_pair(app):
    from game.client.menus.setup import SetupScene

    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "ratjack"))
    frames(app, 2)
    assert len(setup.seat_menus) == 2
    _choose(app, setup.players_menu, "4")
    setup = app.scenes.top
    assert len(setup.seat_menus) == 4 and setup.seats[0] == "human"
    random_bot = next(text for text, spec in setup.seat_texts() if spec == "random")  # with its rating
    assert random_bot.startswith("Bot — random moves · about ")
    _choose(app, setup.seat_menus[3], random_bot)
    menu, values, labels = setup.option_menus["decks"]
    assert "A random pair" in labels and "Weasel + Raccoon" in labels
    _choose(app, menu, "Weasel + Raccoon")
    assert setup.options["decks"] == ("weasel", "raccoon")
    click_button(app, setup.b_start)
    scene = app.scenes.top
    assert isinstance(scene, RatjackScene)
    assert scene.session.record.players == 4 and scene.session.seats[3] == "random"
    assert scene.display["decks"] == ["weasel", "raccoon"]


def test_every_engine_event_has_an_animation_and_a_log_line():
    """Events seen in random 2-4 player games: each has its handler; each public one has a log line."""
    from ai import make_agent
    from game.client.scenes.ratjack.animations import animations
    from game.client.scenes.ratjack.log_text import lines
    from game.rules import GameRecord, Seat

    seen = set()
    for players in (2, 3, 4):
        for decks in (("rat-red", "rat-blue"), ("weasel", "raccoon")):
            state, _ = GameRecord.start("ratjack", players=players, seed=players, decks=decks)
            bot = make_agent("random", seed=players)
            while not state.is_terminal:
                seen.update(ev["type"] for ev in state.apply(bot.choose(Seat(state, state.current_player))))
    log_only = {"cards_dealt", "card_seen", "hand_received"}  # private news: a log line, nothing moves
    assert seen - log_only <= set(animations.handlers), sorted(seen - log_only - set(animations.handlers))
    assert seen <= set(lines.functions), sorted(seen - set(lines.functions))
    assert len(seen) >= 20


def test_every_selected_card_prompt_fits_its_box(app):
    """The longest prompt (a card, its ability, the choices and why face up is refused) fits the prompt
    box in both languages: the prompt shrinks its text until it does."""
    from game.client import gfx, i18n
    from game.client.scenes.ratjack.layout import PROMPT
    from game.client.table.widgets import fitting_size

    area = PROMPT.inflate(-20, -10)
    try:
        for lang in ("en", "ja"):
            i18n.set_language(lang)
            for deck in ("rat-red", "weasel", "raccoon"):
                for value in range(1, 13):
                    card = {"deck": deck, "value": value}
                    msg = i18n.t("rj.prompt.selected", card=card_label(card), ability=ability_text(card))
                    msg += "\n" + i18n.t("rj.prompt.no_face_up")
                    size = fitting_size(msg, area.width, area.height)
                    assert (
                        len(gfx.wrap(msg, size, area.width)) * gfx.font(size).get_linesize() <= area.height
                    ), (lang, deck, value)
    finally:
        i18n.set_language("en")


def test_a_click_during_an_animation_lands_where_the_card_ends_up(app):
    """A click made while the drawn card flies is handled against the table as drawn after it landed
    (the hand spreads out when the card arrives), not against the positions before."""
    scene = to_first_draw(app, speed=1.0)
    click(app, scene.point_of(("deck",)), settle=0)
    app.step(1 / 60)
    assert scene.timeline.busy
    drawn = scene.session.state.hands[0][-1]
    where = [card_of(c) for c in scene.session.state.view(0)["hand"]].index(drawn)
    landing = scene.layout.hand.slot(where, 2)  # where the drawn card will lie once it has landed
    click(app, (landing.centerx, landing.centery), settle=0)
    assert run_until(app, lambda: not scene.timeline.busy and not scene.pending_input, 600)
    frames(app, 2)
    assert scene.selected == drawn


def test_log_names_the_viewer_as_owner_with_your(app):
    """Cards and tokens of the viewer read "your ..." in the log (it said "Player 1 (you)'s"), others
    "Bot's ...", and a line that starts with the owner starts with a capital; Japanese alike."""
    from game.client import i18n

    scene = start(app, ["human", "random"])
    peek = {"type": "card_peeked", "player": 1, "owner": 0}
    flip = {"type": "card_flipped", "owner": 0, "face_up": True, "card": {"deck": "rat-red", "value": 5}}
    token = {"type": "token_placed", "player": 0, "token": "+5", "owner": 1, "index": 0, "from": "reserve"}
    bot = scene.name(1)
    assert scene.describe(peek) == f"{bot} looks at one of your face-down cards."
    assert scene.describe(flip).startswith("Your ")
    assert f"on {bot}'s card" in scene.describe(token) or f"on {bot}'s face-down card" in scene.describe(
        token
    )
    assert scene.describe(token).startswith("You put the +5 token")  # the viewer as subject: "You put"
    drew = {"type": "card_drawn", "player": 0, "source": "deck", "card": {"deck": "rat-red", "value": 5}}
    assert scene.describe(drew) == "You draw Red rat 5 from the deck."
    assert scene.describe(dict(drew, player=1)) == f"{bot} draws Red rat 5 from the deck."
    i18n.set_language("ja")
    assert "あなたの裏向きのカード" in scene.describe(peek)
    assert scene.describe(drew).startswith("あなたは")  # not "あなた（P1）"
    assert f"{scene.name(1)}の" in scene.describe(token)


def test_token_lines_name_the_card_the_owner_and_the_token_in_both_languages(app):
    """A token line says which card (as the viewer knows it), "their" for the actor's own card, and
    the word tokens in the current language (Japanese showed the engine's ``protected``)."""
    from game.client import i18n

    scene = start(app, ["human", "random"])
    bot = scene.name(1)
    areas = [
        [{"face_up": True, "card": {"deck": "weasel", "value": 5}, "token": None}],
        [
            {"face_up": False, "card": None, "token": None},
            {"face_up": True, "card": {"deck": "raccoon", "value": 3}, "token": None},
        ],
    ]
    scene.display = dict(scene.display, areas=areas)
    own = {"type": "token_placed", "player": 1, "token": "locked", "owner": 1, "index": 1, "from": "reserve"}
    mine = {"type": "token_placed", "player": 1, "token": "double", "owner": 0, "index": 0, "from": "reserve"}
    hidden = {"type": "token_returned", "player": 0, "token": "protected", "owner": 1, "index": 0}
    assert scene.describe(own) == f"{bot} puts the locked token on their Raccoon 3."
    assert scene.describe(mine) == f"{bot} puts the ×2 token on your Weasel 5."
    assert "protected token from " + bot + "'s face-down card" in scene.describe(hidden)
    i18n.set_language("ja")
    line = scene.describe(own)
    assert "ロック" in line and "自分の" in line and "locked" not in line
    assert "保護" in scene.describe(hidden) and "protected" not in scene.describe(hidden)


def test_gauges_and_discard_count_follow_the_animation_and_the_round_summary(app):
    """While the round's summary waits for a click, the gauges show the values it lists (they showed
    the values from before the last move); a discarded card counts on the pile once it lands."""
    app.scenes.push(TitleScene(app))
    state = position(
        2,
        ("rat-red", "rat-blue"),
        phase="play",
        player=0,
        hands=[["rat-red 3", "rat-blue 1"], ["rat-blue 2"]],
        areas=[["U:rat-red 10", "U:rat-red 12"], ["U:rat-blue 4", "D:rat-blue 5"]],
        deck=["rat-blue 6", "rat-blue 7"],
        discard=["rat-blue 8"],
    )
    scene = open_position(app, state)
    assert rj_draw.shown_value(scene, 0) == 22
    three = next(a for a in scene.legal_actions() if str(a) == "face-up rat-red 3")

    def tips_in(rect):
        found = set()
        for x in range(rect.left, rect.right, 6):
            for y in range(rect.top, rect.bottom, 6):
                scene.tips.mouse = (x, y)
                found.add(scene.tips.current())
        return found

    assert len(tips_in(rj_draw.summary_rect(scene, 2))) > 1  # cards and piles there have their tips
    scene._apply(three)
    assert run_until(app, lambda: scene.banner_text is not None and "exactly 25" in scene.banner_text, 600)
    assert rj_draw.shown_value(scene, 0) == 25  # the banner never says 25 over a gauge at 22
    assert run_until(app, lambda: scene.summary is not None, 600)
    assert scene.summary["values"][0] == 25
    frames(app, 1)
    assert tips_in(rj_draw.summary_rect(scene, 2)) == {None}  # the table's tips stay hidden under the summary
    assert scene.display["values"][0] == 22  # the table still shows the view before the move
    assert rj_draw.shown_value(scene, 0) == 25 and rj_draw.shown_value(scene, 1) == 4
    assert run_until(app, lambda: scene.timeline.waiting, 600)
    assert rj_draw.shown_value(scene, 0) == 25
    click(app, (640, 360))
    assert run_until(app, lambda: scene.summary is None and scene.display["round"] == 2, 600)
    assert rj_draw.shown_value(scene, 0) == 0  # a new round is dealt

    state = position(
        2,
        ("rat-red", "rat-blue"),
        phase="play",
        player=0,
        hands=[["rat-red 11", "rat-blue 1"], ["rat-blue 2"]],
        areas=[["U:rat-red 10"], ["U:rat-blue 4"]],
        deck=["rat-blue 6", "rat-blue 7", "rat-blue 9", "rat-blue 12"],
        discard=["rat-blue 8"],
    )
    scene = open_position(app, state)
    eleven = next(a for a in scene.legal_actions() if str(a) == "face-up rat-red 11")  # mills 2 deck cards
    app.settings.animation_speed = 1.0  # frame by frame
    scene._apply(eleven)
    seen = set()  # (cards on the shown view's pile, the count shown)
    while scene.timeline.busy:
        seen.add(
            (
                len(scene.display["discard"]),
                len(scene.display["discard"]) + scene.sprites.noted("discard_added", 0),
            )
        )
        frames(app, 1)
    assert (1, 1) in seen and (1, 3) in seen and (3, 3) in seen  # the milled cards count once they land


def test_what_an_ability_step_chose_is_framed_and_named(app, monkeypatch):
    """Raccoon 6 (a token on each of two cards): after the token is chosen, it is framed in gold in the
    reserve and the prompt names it (nothing showed which token was picked)."""
    from game.client.scenes.ratjack import draw as scene_module
    from game.client.table import widgets

    scene = open_position(app, _ability_position("raccoon", 6))
    six = next(a for a in scene.legal_actions() if str(a) == "face-up raccoon 6")
    scene.act(six)
    assert run_until(app, lambda: scene.my_turn and scene.display["phase"] == "ability", 300)
    assert scene.chosen_keys() == []
    token = next(k for k in scene.current_choices().order if k[0] == "reserve")
    click_item(app, scene, token)
    assert run_until(app, lambda: scene.my_turn and scene.chosen_keys(), 300)
    assert scene.chosen_keys() == [token]
    assert "Chosen: " + scene.chosen_label(token) in scene.turn_prompt()
    highlights = []
    real = widgets.draw_token
    monkeypatch.setattr(
        widgets,
        "draw_token",
        lambda surface, image, center, highlight=None, dim=False: (
            highlights.append(highlight),
            real(surface, image, center, highlight=highlight, dim=dim),
        )[1],
    )
    app.render()
    assert highlights.count(scene_module.CHOSEN) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_opponent_area_starts_at_the_same_height_in_its_panel(players):
    """The middle opponent's cards sat 15 px lower than the side seats' (its row was centred)."""
    from game.client.scenes.ratjack.layout import RatjackLayout

    lay = RatjackLayout(players, 0)
    offsets = {lay.area_rect(q, 0).top - lay.panels[q].top for q in range(1, players)}
    assert len(offsets) == 1
    for q in range(1, players):
        assert lay.panels[q].contains(lay.area_rect(q, 0))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_token_on_a_card_leaves_its_value_and_ability_text_readable(players):
    """A token lay on the card's bottom-right corner, over the end of the ability text; it belongs on
    the animal medallion: inside the card, clear of the value disc, the ability box and the key badge."""
    from game.client.scenes.ratjack.layout import RatjackLayout
    from tools.art.ratjack import CARD_H, CARD_W, ability_box

    lay = RatjackLayout(players, 0)
    for q in range(players):
        card = lay.area_rect(q, 2)
        sx, sy = card.width / CARD_W, card.height / CARD_H
        box = ability_box()
        text = pygame.Rect(card.left + box.x * sx, card.top + box.y * sy, box.w * sx, box.h * sy)
        value_disc = pygame.Rect(card.left, card.top, 32 * sx, 32 * sy)
        badge_corner = pygame.Rect(card.right - 12, card.top, 12, 12)
        size = lay.token_size(q)
        token = pygame.Rect(0, 0, size, size)
        token.center = lay.token_center(q, 2)
        assert card.contains(token), (q, card, token)
        for part in (text, value_disc, badge_corner):
            assert not token.colliderect(part), (q, part, token)


def test_hotseat_bots_play_in_the_next_humans_view_behind_a_privacy_screen(app):
    """With two humans and two bots, the second human's hand and known face-down cards stayed on
    screen while the bots played; now the table switches to the next human, behind a privacy screen."""
    scene = start(app, ["human", "human", "random", "random"], seed=4)
    rng = random.Random(2)
    handed_over = 0
    screens = set()  # (their turn?) of every privacy screen: "your turn" only when it is
    shown_to = []  # (viewer, player) of every move as it is applied: no bot moves in Player 2's view
    apply = scene._apply
    scene._apply = lambda action: shown_to.append((scene.viewer, scene.session.to_move)) or apply(action)
    for _ in range(4000):
        top = app.scenes.top
        if type(top).__name__ == "PrivacyScene":
            assert scene.display is not None and scene.viewer in (0, 1)
            assert top.their_turn == (scene.session.to_move == scene.viewer)
            screens.add(top.their_turn)
            key(app, pygame.K_SPACE)
            continue
        to_move = scene.session.to_move
        if to_move in (2, 3) and not scene.timeline.busy:
            # a bot's turn: the table shows the human who sits next, never the one who just played,
            # except while that one's move stays on screen for a moment (no bot moves meanwhile)
            if scene.viewer == 1:
                assert scene.hand_over_wait < HAND_OVER_PAUSE, (to_move, scene.viewer)
            else:
                assert scene.viewer == 0, (to_move, scene.viewer)
                handed_over += 1
        play_a_step(app, scene, rng)
        if handed_over > 20:
            break
    assert handed_over > 20 and screens == {True, False}
    assert {(1, 2), (1, 3)}.isdisjoint(shown_to) and (0, 2) in shown_to


def test_an_opponents_out_line_is_drawn_under_their_cards_clear_of_the_values(app):
    """The "Out: over 25" line sat under the gauge, over the tops of the opponent's cards, where their
    values are printed: it now sits under the cards, still drawn over a card an animation has landed."""
    from game.client.i18n import t
    from game.client.scenes.ratjack.captions import VALUE_CORNER
    from game.client.scenes.ratjack.draw import OUT_CHIP
    from game.client.scenes.ratjack.texts import reason_text
    from game.rules import new_game

    rng = random.Random(5)
    state = None
    for seed in range(200):
        s = new_game("ratjack", players=3, seed=seed)
        while not s.is_terminal and not any(s.view(0)["eliminated"][1:]):
            s.apply(rng.choice(s.legal_actions()))
        if (
            not s.is_terminal
            and s.current_player == 0
            and any(s.view(0)["areas"][q] for q in (1, 2) if s.view(0)["eliminated"][q])
        ):
            state = s
            break
    assert state is not None
    app.scenes.push(TitleScene(app))
    scene = open_position(app, state)
    q = next(q for q in (1, 2) if state.view(0)["eliminated"][q] and state.view(0)["areas"][q])
    label = rj_draw.out_reason(scene, q)
    chip = rj_draw.out_chip_rect(
        scene, q, t("rj.out_reason", reason=reason_text(label)) if label else t("rj.out")
    )
    cards = [rect for _, rect in scene.layout.areas[q].rects()]
    assert cards and chip.colliderect(scene.layout.panels[q])
    for rect in cards:
        value = pygame.Rect(rect.left, rect.top, rect.width * VALUE_CORNER[0], rect.height * VALUE_CORNER[1])
        assert not chip.colliderect(value), (chip, rect)
    spot = (chip.left + 3, chip.centery)
    assert tuple(app.canvas.get_at(spot))[:3] == OUT_CHIP
    # a card an animation has just landed there (shown until the view after the move replaces it)
    scene.sprites.place(scene.card_image(None, (90, 120)), (chip.left + 20, chip.top + 20))
    frames(app, 1)
    assert tuple(app.canvas.get_at(spot))[:3] == OUT_CHIP


@pytest.mark.parametrize("filled", [0, 2, 3, 4, 6])
def test_vp_pips_stay_in_their_place_past_the_target(filled):
    """A bot that finished on 4 VP in a first-to-3 game drew its fourth pip over the panel's edge."""
    from game.client.table import widgets

    surface = pygame.Surface((200, 40), pygame.SRCALPHA)
    rect = widgets.pips(surface, (10, 10), filled, 3)
    drawn = surface.get_bounding_rect()
    assert rect.inflate(2, 2).contains(drawn), (rect, drawn)
    assert rect == widgets.pips(pygame.Surface((200, 40), pygame.SRCALPHA), (10, 10), 0, 3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_round_summary_leaves_your_panel_clear(app, players):
    """At 4 seats the summary ran 18 px into your panel, over the VP pip just won."""
    scene = start(app, ["human"] + ["random"] * (players - 1))
    box = rj_draw.summary_rect(scene, players)
    assert not box.colliderect(scene.layout.panels[scene.viewer]) and box.top >= 44


def test_a_known_face_down_cards_frame_stays_under_its_key_badge(app):
    """The blue frame of a known face-down card was drawn across its number badge."""
    from game.client.table import widgets

    surface = pygame.Surface((200, 200))
    card = pygame.Surface((60, 90))
    card.fill((200, 200, 200))
    blue = (90, 150, 220)
    rect = widgets.draw_card(
        surface,
        card,
        pygame.Rect(50, 50, 60, 90),
        badge="3",
        decorate=lambda r: surface.fill(blue, r.inflate(40, 40)),
    )
    badge = widgets.chip(
        pygame.Surface((200, 200)),
        "3",
        (rect.right + 4, rect.top - 6),
        size=widgets.BADGE_SIZE,
        anchor="topright",
    )
    assert tuple(surface.get_at(badge.center))[:3] != blue


def test_the_discard_browser_explains_its_cards_and_hides_the_tables_tips(app):
    """The whole-pile browser had no tooltips, and the table's own tips showed through it."""
    app.scenes.push(TitleScene(app))
    state = position(
        2,
        ("rat-red", "rat-blue"),
        phase="play",
        player=0,
        hands=[["rat-red 3", "rat-blue 1"], ["rat-blue 2"]],
        areas=[["U:rat-red 10"], ["U:rat-blue 4"]],
        deck=["rat-blue 6", "rat-blue 7"],
        discard=["rat-blue 8", "rat-red 5", "rat-red 9"],
    )
    scene = open_position(app, state)

    def hover(pos) -> str | None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        frames(app)
        return scene.tips.current()

    under = scene.layout.deck.center
    assert BROWSE.collidepoint(under) and hover(under)  # the deck's tip, before the browser opens
    click(app, scene.layout.discard.center)
    assert scene.browsing
    first = scene.display["discard"][0]
    assert hover((BROWSE.left + 20 + 32, BROWSE.top + 56 + 45)) == card_tip_text(first)
    assert not hover(under)  # a table tip under the browser stays hidden
    click(app, (640, 360))
    assert not scene.browsing


def test_your_hand_starts_under_its_label(app):
    """A lone hand card sat centred in the hand's area, far from the "Your hand" label above its left end."""
    scene = start(app, ["human", "random", "random", "random"], seed=2)
    hand = scene.layout.hand
    for count in (1, 2, 3):
        hand.set_items(("hand", i) for i in range(count))
        assert hand.rect_of(("hand", 0)).left == hand.rect.left, count


def test_a_tokens_tooltip_names_its_other_side():
    """The review: the tooltip said a token has two faces but named only the one showing."""
    from game.client.i18n import t
    from game.client.scenes.ratjack.texts import token_label, token_text
    from game.rules.ratjack.cards import FACES

    for k in range(0, len(FACES), 2):
        a, b = FACES[k], FACES[k + 1]
        assert t("rj.tip.other_side", face=token_label(b)) in token_text(a)
        assert t("rj.tip.other_side", face=token_label(a)) in token_text(b)
    assert "×2" in token_text("-3") and "−3" in token_text("double")

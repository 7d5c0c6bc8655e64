"""Drive the client headlessly with synthetic mouse and key events."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.client.i18n import t
from game.client.menus.choose import GameChoiceScene
from game.client.menus.pause import PauseScene
from game.client.menus.results import ResultsScene
from game.client.menus.settings_menu import SettingsScene
from game.client.menus.setup import SetupScene
from game.client.menus.title import TitleScene
from game.client.scenes.hacktrick.scene import HacktrickScene
from game.client.session import Session, save_path
from game.rules.hacktrick import Action
from tests.client_helpers import click, click_button, frames, key, run_until


def _to_setup(app) -> SetupScene:
    app.scenes.push(TitleScene(app))
    frames(app)
    click_button(app, app.scenes.top.b_play)
    assert isinstance(app.scenes.top, GameChoiceScene)
    choose = app.scenes.top
    hack = next(b for b, name in choose.buttons.items() if name == "hacktrick")
    from game.client.registry import has_table

    for b, name in choose.buttons.items():  # a game without a table says so plainly and is not clickable
        assert b.is_enabled == has_table(name), name
    click_button(app, hack)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    return setup


def _hand_card_center(scene: HacktrickScene, value: int) -> tuple[int, int]:
    """Where the first ``value`` card of the viewer's hand is drawn."""
    return scene.layout.hand.rect_of(("hand", scene.display["hand"].index(value))).center


def _human_turn_click(app, scene: HacktrickScene) -> None:
    """Choose a legal action and perform it by clicking where it is drawn."""
    legal = scene.legal_actions()
    kinds = {a.kind for a in legal}
    cards = [a for a in legal if a.kind in ("open", "play") and not a.x2]
    if cards:
        click(app, _hand_card_center(scene, cards[0].card))
        return
    if "play!" in kinds and scene.display["supply"][scene.viewer]["normal"] > 4:
        click_button(app, scene.bar.find("play!"))
        return
    for kind in ("draw", "pass", "ask"):
        if kind in kinds:
            click_button(app, scene.bar.find(kind))
            return
    x2 = [a for a in legal if a.x2]
    assert x2, legal
    assert scene.bar.find("x2") is not None  # only the x2 is left: the toggle shows it, switched on
    click(app, _hand_card_center(scene, x2[0].card))


def test_full_game_against_a_bot_through_clicks(app):
    setup = _to_setup(app)
    setup.seats = ["human", "random"]
    setup.options["target"] = 2
    click_button(app, setup.b_start)
    scene = app.scenes.top
    assert isinstance(scene, HacktrickScene)
    moves = 0
    while not isinstance(app.scenes.top, ResultsScene):
        assert moves < 600, "the game did not finish"
        if scene.timeline.waiting:
            click(app, (640, 300))  # the hand summary waits for a click
            continue
        if scene.my_turn:
            n = len(scene.session.record.actions)
            _human_turn_click(app, scene)
            assert len(scene.session.record.actions) > n, scene.legal_actions()
            moves += 1
        else:
            frames(app, 2)
    assert scene.session.over and max(scene.session.state.scores) >= 2
    results = app.scenes.top
    click_button(app, results.b_title)
    assert isinstance(app.scenes.top, TitleScene) and len(app.scenes.stack) == 1


def test_keys_pause_save_resume_and_undo(app):
    setup = _to_setup(app)
    setup.seats = ["human", "random"]
    key(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, HacktrickScene)
    assert run_until(app, lambda: scene.my_turn)
    # digits play cards; a digit for a card we do not hold explains instead of acting
    value = next(a.card for a in scene.legal_actions() if a.kind in ("open", "play"))
    n = len(scene.session.record.actions)
    key(app, pygame.K_0 + value)
    assert len(scene.session.record.actions) > n
    assert scene.session.record.actions[n].card == value
    if scene.session.record.actions[n].kind == "open":  # the opening shows both sums: no undo past it
        assert run_until(app, lambda: scene.my_turn)
        value = next(a.card for a in scene.legal_actions() if a.kind == "play")
        n = len(scene.session.record.actions)
        key(app, pygame.K_0 + value)
        assert scene.session.record.actions[n].card == value
    assert run_until(app, lambda: scene.my_turn and scene.session.undo_point() is not None)
    before = len(scene.session.record.actions)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(scene.session.record.actions) < before
    assert scene.session.to_move == 0
    # pause -> save and quit -> continue from the title
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    actions = list(scene.session.record.actions)
    click_button(app, pause.b_save)
    assert isinstance(app.scenes.top, TitleScene)
    assert save_path("hacktrick").is_file()
    title = app.scenes.top
    assert title.b_continue.is_enabled
    click_button(app, title.b_continue)
    resumed = app.scenes.top
    assert isinstance(resumed, HacktrickScene)
    assert resumed.session.record.actions == actions
    assert run_until(app, lambda: resumed.my_turn)
    frames(app)  # the resumed table's bar holds the buttons of the legal actions
    kinds = {a.kind for a in resumed.legal_actions()} - {"open", "play"}
    assert set(resumed.bar.idents) - {"x2"} == kinds


def test_broken_save_is_reported(app):
    path = save_path("hacktrick")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("garbage", encoding="utf-8")
    app.scenes.push(TitleScene(app))
    frames(app)
    title = app.scenes.top
    click_button(app, title.b_continue)
    dialog = app.scenes.top  # the reason, and an offer to put the file aside (it stayed enabled, failing)
    assert type(dialog).__name__ == "ConfirmScene" and dialog.fmt["name"] == "hacktrick.json"
    assert dialog.fmt["problem"] == t("title.save_problem.broken")  # said in the player's language
    assert path.read_text(encoding="utf-8") == "garbage"
    click_button(app, dialog.b_cancel)  # cancel: nothing changes
    assert app.scenes.top is title and path.read_text(encoding="utf-8") == "garbage"
    click_button(app, title.b_continue)
    click_button(app, app.scenes.top.b_confirm)  # put aside: renamed, never deleted
    assert app.scenes.top is title and not path.exists()
    (aside,) = path.parent.glob("hacktrick.broken-*.json")
    assert aside.read_text(encoding="utf-8") == "garbage" and aside.name in app.notice[0]
    frames(app)
    assert not title.b_continue.is_enabled  # no save left to continue


def test_switch_language_in_settings(app):
    app.scenes.push(TitleScene(app))
    frames(app)
    click_button(app, app.scenes.top.b_settings)
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    click_button(app, settings.lang)  # the drop-down opens ...
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=settings.lang, text="日本語")
    )  # ... and Japanese is picked
    frames(app)
    frames(app)
    assert app.settings.language == "ja"
    assert app.scenes.stack[0].b_play.text == "プレイ"
    settings = app.scenes.top  # rebuilt in Japanese
    assert settings.b_back.text == "戻る"
    click_button(app, settings.mute)
    assert app.settings.mute
    from game.client.settings import Settings

    assert Settings.load().language == "ja"


def test_hotseat_privacy_screen(app):
    from game.client.hotseat import PrivacyScene
    from game.client.scenes import open_game

    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["human", "human"], seed=2)
    scene = open_game(app, session)
    seen = set()
    for _ in range(30):
        assert run_until(app, lambda: scene.my_turn or isinstance(app.scenes.top, PrivacyScene))
        if isinstance(app.scenes.top, PrivacyScene):
            seen.add(scene.viewer)
            # while the privacy screen is up, the hand shown belongs to the player about to move
            assert scene.viewer == session.to_move
            key(app, pygame.K_SPACE)
            continue
        scene.act(session.state.legal_actions()[0])
    assert seen == {0, 1}


def test_hotseat_a_finished_turn_stays_on_screen_before_the_screen_is_passed(app):
    """Hot-seat: the privacy screen came up as soon as a move's animation ended, so the player
    never saw what the move did; the table now stands still on their view for a moment."""
    from game.client.hotseat import PrivacyScene
    from game.client.scenes import open_game
    from game.client.scenes.base import HAND_OVER_PAUSE

    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["human", "human"], seed=2)
    scene = open_game(app, session)
    assert run_until(app, lambda: isinstance(app.scenes.top, PrivacyScene))
    key(app, pygame.K_SPACE)
    assert run_until(app, lambda: scene.my_turn)
    mover = scene.viewer
    while session.to_move == mover:  # the whole turn (a play may be followed by a declaration)
        assert run_until(app, lambda: scene.my_turn or session.to_move != mover)
        if session.to_move == mover:
            scene.act(session.state.legal_actions()[0])
    assert run_until(app, lambda: not scene.timeline.busy)
    still = 0.0
    while not isinstance(app.scenes.top, PrivacyScene):
        assert scene.viewer == mover  # the finished turn, as its player saw it
        app.step(1 / 30)
        still += 1 / 30
        # the pause runs at full frame rate: an idle window (after 1.5 s without input) waits up
        # to 0.2 s a frame for input while a frame counts at most 0.1 s, which doubled the pause
        assert app.scenes.animating() or isinstance(app.scenes.top, PrivacyScene)
        assert still < HAND_OVER_PAUSE + 0.5
    assert still >= HAND_OVER_PAUSE - 2 / 30 and scene.viewer == session.to_move != mover


def test_x2_toggle_and_declarations_through_buttons(app):
    from game.client.scenes import open_game

    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["human", "random"], seed=31)
    scene = open_game(app, session)
    assert run_until(
        app,
        lambda: (
            scene.my_turn
            and session.state.phase == "main"
            and any(a.x2 for a in scene.legal_actions())
            or (scene.my_turn and _advance(app, scene))
        ),
    )
    value = next(a.card for a in scene.legal_actions() if a.x2)
    click_button(app, scene.bar.find("x2"))
    assert scene.x2_chosen and scene.bar.find("x2").text == "×2: ON (X)"
    n = len(session.record.actions)
    click(app, _hand_card_center(scene, value))
    assert session.record.actions[n] == Action("play", value, True)
    if session.state.phase == "declare":
        assert run_until(app, lambda: scene.my_turn)
        assert scene.bar.idents == ["play!", "guard!", "pass"] or scene.bar.idents == ["guard!", "pass"]
        click_button(app, scene.bar.find("guard!"))
        assert session.record.actions[n + 1] == Action("guard!")


def _advance(app, scene) -> bool:
    """Helper for run_until: play the first legal non-x2 action, then keep waiting."""
    legal = [a for a in scene.session.state.legal_actions() if not getattr(a, "x2", False)]
    scene.act(legal[0])
    return False


def test_a_broken_bot_falls_back_and_tells_the_player(app):
    from game.client.scenes import open_game

    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["human", "no-such-bot"], seed=8)
    scene = open_game(app, session)
    assert run_until(app, lambda: scene.bot_note is not None or (scene.my_turn and _advance(app, scene)))
    assert "no-such-bot" in scene.bot_note
    assert app.notice and "no-such-bot" in app.notice[0]


def test_the_pause_menu_stops_the_table(app):
    from game.client.scenes import open_game

    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["random", "human"], seed=3)
    scene = open_game(app, session)
    key(app, pygame.K_ESCAPE, settle=1)
    assert isinstance(app.scenes.top, PauseScene)
    n = len(session.record.actions)
    frames(app, 40)
    assert len(session.record.actions) == n  # the bot does not move under the pause menu
    click_button(app, app.scenes.top.b_resume)
    assert app.scenes.top is scene
    assert run_until(app, lambda: len(session.record.actions) > n)


def test_quit_to_title_asks_before_losing_moves(app):
    """Quit to title dropped a game in one click; now it asks whenever moves would be lost, and
    goes straight out when nothing would (nothing played yet, or just saved)."""
    from game.client.menus.confirm import ConfirmScene
    from game.client.scenes import open_game

    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["human", "random"], seed=3)
    scene = open_game(app, session)
    assert run_until(app, lambda: scene.my_turn)
    key(app, pygame.K_ESCAPE, settle=1)
    click_button(app, app.scenes.top.b_title)  # no move yet: nothing to lose
    assert isinstance(app.scenes.top, TitleScene)

    session = Session.new("hacktrick", ["human", "random"], seed=3)
    scene = open_game(app, session)
    assert run_until(app, lambda: scene.my_turn)
    scene.act(scene.legal_actions()[0])
    assert run_until(app, lambda: scene.my_turn)
    key(app, pygame.K_ESCAPE, settle=1)
    click_button(app, app.scenes.top.b_title)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmScene) and dialog.question == "pause.quit_question"
    pause = app.scenes.stack[-2]  # one overlay at a time: the dialog is drawn over the game, not the menu
    assert dialog.backdrop is pause.backdrop and not pause.b_title.visible
    click_button(app, dialog.b_cancel)  # cancel: back in the pause menu, the game untouched
    assert isinstance(app.scenes.top, PauseScene) and scene.session is session
    session.save()  # saved: quitting loses nothing
    click_button(app, app.scenes.top.b_title)
    assert isinstance(app.scenes.top, TitleScene)

    scene = open_game(app, Session.load(save_path("hacktrick")))
    assert run_until(app, lambda: scene.my_turn)
    scene.act(scene.legal_actions()[0])
    key(app, pygame.K_ESCAPE, settle=1)
    click_button(app, app.scenes.top.b_title)
    click_button(app, app.scenes.top.b_confirm)  # quit anyway
    assert isinstance(app.scenes.top, TitleScene)


@pytest.mark.parametrize("screen", ["setup", "settings"])
def test_clicking_the_chosen_option_closes_the_list_and_keeps_the_choice(app, screen):
    """pygame-gui took a click on the option already chosen as "drop the selection": the list stayed
    open with nothing marked."""
    app.scenes.push(TitleScene(app))
    scene = app.scenes.push(SetupScene(app, "hacktrick") if screen == "setup" else SettingsScene(app))
    frames(app)
    menu = scene.seat_menus[1] if screen == "setup" else scene.speed
    chosen = menu.selected_option
    click_button(app, menu)  # the list opens
    frames(app)
    assert menu.current_state is menu.menu_states["expanded"]
    options = menu.current_state.options_selection_list
    item = next(i for i in options.item_list if i["text"] == chosen[0])
    click(app, item["button_element"].rect.center)
    frames(app)
    assert menu.current_state is menu.menu_states["closed"] and menu.selected_option == chosen
    click_button(app, menu)  # opened again, the choice is still marked
    frames(app)
    options = menu.current_state.options_selection_list
    assert options.get_single_selection() == chosen[0]
    other = next(i for i in options.item_list if i["text"] != chosen[0])
    click(app, other["button_element"].rect.center)  # another option still changes the choice
    frames(app)
    assert menu.current_state is menu.menu_states["closed"] and menu.selected_option[0] == other["text"]


def test_esc_on_an_open_drop_down_closes_only_the_list(app):
    """Esc with a seat list open left the setup screen (and its choices) instead of closing the list."""
    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "hacktrick"))
    frames(app)
    menu = setup.seat_menus[1]
    click_button(app, menu)  # the list opens
    frames(app)
    assert menu.current_state is menu.menu_states["expanded"]
    key(app, pygame.K_ESCAPE)
    frames(app)
    assert app.scenes.top is setup and menu.current_state is menu.menu_states["closed"]
    key(app, pygame.K_ESCAPE)  # nothing open: Esc goes back
    assert app.scenes.top is not setup


def test_the_game_is_over_only_once_the_last_moves_are_shown(app):
    """ "The game is over." showed while the bot's last turn was still being animated."""
    from game.client.scenes import open_game

    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["human", "random"], seed=3, target=1)
    scene = open_game(app, session)
    over = t("table.prompt.over")
    seen_busy_at_end = False
    for _ in range(4000):
        if session.over:
            if scene.timeline.busy:
                seen_busy_at_end = True
                assert scene.prompt_text()[0] != over
            else:
                assert scene.prompt_text()[0] == over
                break
        if scene.my_turn and not session.over:
            scene.act(session.state.legal_actions()[0])
        if scene.timeline.waiting:
            scene.timeline.release()  # the hand's summary, clicked away
        app.step(1 / 30)
    assert session.over and seen_busy_at_end

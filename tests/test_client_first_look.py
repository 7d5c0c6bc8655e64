"""What a first-time player saw unexplained in the real-window review of the profiles, the setup
screen and the ratings: whose record the games go to on the title screen, the hot-seat profile
column's heading, the Settings swatch's margin, the Japanese first-start note's line breaks, what a
bot's rating is measured against, and how the person at a table is named."""

from __future__ import annotations

import getpass

import pygame
import pytest

from game.client import gfx
from game.client.i18n import set_language, t
from game.client.menus.profile import ProfileScene
from game.client.menus.settings_menu import PANEL, SettingsScene
from game.client.menus.title import TitleScene
from game.history import HistoryStore, Profile
from tests.client_helpers import click, click_button, frames


@pytest.fixture(autouse=True)
def account(monkeypatch):
    monkeypatch.setattr(getpass, "getuser", lambda: "anna")


def local(name: str = "Aiko", colour: str | None = None) -> Profile:
    store = HistoryStore()  # TRIO_DATA_DIR is the test's (make_app)
    made = store.create_profile(name, colour=colour) if colour else store.create_profile(name)
    store.set_local_profile(made.id)
    return made


def near(a, b, tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_title_says_whose_record_the_games_go_to_and_a_click_changes_it(app, lang):
    set_language(lang)
    me = local("Aiko")
    title = app.scenes.push(TitleScene(app))
    frames(app, 2)
    rect = title.profile_rect()
    assert title.profile_text() == t("profile.playing_as", name="Aiko") and "Aiko" in title.profile_text()
    buttons = [title.b_play, title.b_learn, title.b_continue, title.b_replays, title.b_settings, title.b_quit]
    assert app.canvas.get_rect().contains(rect) and not any(rect.colliderect(b.rect) for b in buttons)
    assert rect.bottom < 80 and rect.right > 1100  # discreetly in the corner, clear of the logo
    app.render()
    dot = (rect.left + 6, rect.centery)
    assert near(app.canvas.get_at(dot), pygame.Color(me.colour))  # the profile's colour beside its name
    click(app, rect.center)
    editor = app.scenes.top
    assert isinstance(editor, ProfileScene) and editor.mode == "edit" and editor.profile.id == me.id
    editor.entry.set_text("Aiko B")
    frames(app, 1)
    click_button(app, editor.b_ok)
    assert app.scenes.top is title and title.profile_text() == t("profile.playing_as", name="Aiko B")


def test_the_title_shows_no_profile_before_there_is_one(app):
    title = app.scenes.push(TitleScene(app))
    frames(app, 2)
    assert title.profile_rect() is None
    click(app, (1200, 28))  # nothing there to click
    assert app.scenes.top is title


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_settings_colour_swatch_keeps_the_fields_margin(app, size):
    """The swatch beside the profile's name sat 10 px from the panel's edge: it ends the fields'
    column now, as far inside the panel as the drop-downs, at the smallest and a large window."""
    me = local("Aiko", colour="#e05a4a")
    app.set_window_size(size)
    settings = app.scenes.push(SettingsScene(app))
    frames(app, 2)
    swatch, button = settings.swatch_rect(), settings.b_profile.rect
    field_margin = PANEL.right - settings.lang.rect.right
    assert field_margin >= 30 and PANEL.right - swatch.right >= field_margin
    assert swatch.left >= button.right + 6 and swatch.centery == button.centery
    app.render()
    colour = pygame.Color(me.colour)
    assert near(app.canvas.get_at(swatch.center), colour)
    band = [
        (x, y)
        for x in range(PANEL.right - field_margin + 1, PANEL.right)
        for y in range(button.top, button.bottom)
    ]
    assert not any(near(app.canvas.get_at(p), colour, 40) for p in band)  # nothing of it near the edge
    window = pygame.display.get_surface()
    assert window.get_size() == size
    assert near(window.get_at(app.to_window(swatch.center)), colour, 30)  # drawn there in the window too


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_first_start_note_breaks_between_sentences_in_japanese(app, lang):
    """The Japanese note broke "表示中の名前の／まま": it is one sentence a line now, each whole (in
    English it wraps at spaces); every line fits the note's place, none left out."""
    from game.client.menus.profile import NOTE_SIZE, offer_first_profile

    set_language(lang)
    app.scenes.push(TitleScene(app))
    offer_first_profile(app)
    prompt = app.scenes.top
    frames(app, 2)
    area, note = prompt.note_area(), t("profile.first_note")
    lines = gfx.wrap(note, NOTE_SIZE, area.width)
    assert len(lines) * gfx.font(NOTE_SIZE).get_linesize() <= area.height
    assert all(gfx.font(NOTE_SIZE).size(line)[0] <= area.width for line in lines)
    assert "".join(lines).replace(" ", "") == note.replace("\n", "").replace(" ", "")
    if lang == "ja":
        assert all(line.endswith("。") for line in lines), lines
        assert not any(line.endswith("の") for line in lines)


@pytest.mark.parametrize(("lang", "game", "seats"), [("en", "hacktrick", 2), ("ja", "ratjack", 3)])
def test_the_hot_seat_profile_column_has_a_heading_over_it(app, lang, game, seats):
    """The drop-downs choosing who plays at each human seat stood under no heading: "Played by" /
    "遊ぶ人" heads their column now, centred over it, clear of the hint line and of every widget."""
    from game.client.menus.setup import HINT_AT, HINT_SIZE, SetupScene

    set_language(lang)
    local("Aiko")
    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, game, ["human"] * seats, {}))
    frames(app, 2)
    rect = setup.profile_heading_rect()
    menus = [setup.seat_profiles.menus[p].rect for p in sorted(setup.seat_profiles.menus)]
    assert rect is not None and len(menus) == seats
    assert all(abs(rect.centerx - m.centerx) <= 1 for m in menus) and 0 <= menus[0].top - rect.bottom <= 8
    hint = pygame.Rect(HINT_AT, gfx.font(HINT_SIZE).size(t("setup.seats_hint")))
    widgets = [el.rect for el in setup.container.elements if el.visible]
    assert len(widgets) >= 2 * seats
    assert not rect.colliderect(hint) and not any(rect.colliderect(w) for w in widgets)
    app.render()
    inked = [app.canvas.get_at((x, rect.centery)) for x in range(rect.left, rect.right)]
    assert any(sum(c[:3]) > 500 for c in inked)  # the heading is drawn there
    assert t("profile.seat_column") in ("Played by", "遊ぶ人")


def test_one_person_against_bots_has_no_profile_column_heading(app):
    from game.client.menus.setup import SetupScene

    local("Aiko")
    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "hacktrick", ["human", "random"], {}))
    frames(app, 2)
    assert setup.profile_heading_rect() is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_setup_says_what_the_bots_ratings_are_measured_against(app, lang):
    """ "Bot — normal · about 1960" meant nothing to a newcomer: one line under the seats says the
    bots and players share the scale and where the player starts (1500), then where they are."""
    from game.client import ratings
    from game.client.menus.setup import LEFT, NOTE_SIZE, NOTE_W, NOTE_X, SetupScene
    from game.history.ratings import BASE
    from tests.history_helpers import win

    assert ratings.bot_ratings() is not None and ratings.bot_ratings().get(
        "hacktrick", 2, "mcts:level=normal"
    )
    set_language(lang)
    me = local("Aiko")
    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "hacktrick", ["human", "mcts:level=normal"], {}))
    frames(app, 2)
    assert setup.legend == t("rating.legend_new", start=1500) and str(round(BASE)) in setup.legend
    line = pygame.Rect((LEFT + 240, setup.legend_top), gfx.font(NOTE_SIZE).size(setup.legend))
    first_option = min(menu.rect.top for menu, _, _ in setup.option_menus.values())
    assert setup.seat_menus[-1].rect.bottom <= line.top and line.bottom <= first_option
    assert line.right <= NOTE_X + NOTE_W  # within the form
    app.render()
    assert any(sum(app.canvas.get_at((x, line.centery))[:3]) > 300 for x in range(line.left, line.right))
    store = HistoryStore()
    for n in range(3):
        store.record_game(win(n, profile=me.id, bot="mcts:level=normal"))
    setup.rebuild()
    now = ratings.history(app).rating(me.id, "hacktrick", 2)
    assert now.games == 3 and round(now.value) > 1500
    assert setup.legend == t("rating.legend_yours", rating=round(now.value), start=1500)
    assert str(round(now.value)) in setup.legend
    for game in ("ratjack", "hakkutsu"):  # the longest text fits the form in every game, and above Start
        big = app.scenes.push(SetupScene(app, game, ["human"] + ["mcts:level=normal"] * 3, {}))
        frames(app, 1)
        width = gfx.font(NOTE_SIZE).size(t("rating.legend_yours", rating=1888, start=1500))[0]
        assert big.legend is not None and LEFT + 240 + width <= NOTE_X + NOTE_W
        assert big.form_bottom + 16 < big.b_start.rect.top
        app.scenes.pop()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_hot_seat_game_from_the_command_line_seats_the_active_profile_by_name(app, lang):
    """A hot-seat game started without the setup screen (``tabletop-trio play --seats human,human``)
    named the active profile's person "Player 1" and recorded the game for nobody; they sit at the
    first human seat now, by name, as the setup screen's first seat has it."""
    from game.client.history import seat_profiles
    from game.client.registry import open_game
    from game.client.session import Session

    set_language(lang)
    me = local("Aiko")
    app.scenes.push(TitleScene(app))
    table = open_game(app, Session.new("hacktrick", ["human", "human"], seed=3))
    assert [table.name(p) for p in range(2)] == ["Aiko", t("seat.player", n=2)]
    assert seat_profiles(table.session.record.meta, 2) == [{"id": me.id, "name": "Aiko"}, None]
    alone = open_game(app, Session.new("hacktrick", ["human", "random"], seed=3))
    assert alone.name(0) == t("seat.you")  # one person against bots: the screen speaks to them


def test_guests_chosen_on_the_setup_screen_stay_guests(app):
    from game.client.menus.setup import SetupScene

    local("Aiko")
    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "hacktrick", ["human", "human"], {}))
    frames(app, 2)
    setup.seat_profiles.picked = {0: None, 1: None}  # both seats left to guests
    setup.start()
    table = app.scenes.top
    assert [table.name(p) for p in range(2)] == ["Player 1", "Player 2"]


def test_the_rating_scale_line_comes_and_goes_with_the_rated_bots(app):
    """At a table of people there is no bot rating to explain: the line is not there."""
    from game.client.menus.setup import SetupScene

    local("Aiko")
    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "ratjack", ["human", "human", "human"], {}))
    frames(app, 2)
    assert setup.legend is None
    rated = next(text for text, spec in setup.seat_texts() if spec == "mcts:level=normal")
    pick(app, setup.seat_menus[2], rated)
    assert setup.seats[2] == "mcts:level=normal" and setup.legend is not None
    pick(app, setup.seat_menus[2], t("seat.human"))
    assert setup.legend is None


def pick(app, menu, text: str) -> None:
    """Choose ``text`` in a drop-down, as a click on it does."""
    import pygame_gui

    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu, text=text))
    frames(app, 2)


def test_the_longest_name_on_the_title_stays_clear_of_the_logo(app):
    from game.client.menus.title import LOGO_TOP

    set_language("ja")
    local("山" * 24)  # a name has at most 24 characters
    title = app.scenes.push(TitleScene(app))
    frames(app, 2)
    logo = gfx.image(app.assets, "ui.logo")
    drawn = logo.get_bounding_rect().move(logo.get_rect(midtop=(app.size[0] // 2, LOGO_TOP)).topleft)
    rect = title.profile_rect()
    assert app.canvas.get_rect().contains(rect) and not rect.colliderect(drawn)

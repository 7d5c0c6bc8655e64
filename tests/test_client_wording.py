"""Wording and navigation a newcomer tripped over (issue 30, item 7)."""

from __future__ import annotations

import random

import pytest

from game.client import i18n
from game.client.i18n import t
from game.client.menus.choose import GameChoiceScene
from game.client.menus.results import ResultsScene
from game.client.menus.setup import SetupScene, option_about
from game.client.menus.title import TitleScene
from game.client.players import seat_about, seat_choices
from game.client.registry import open_game
from game.client.session import Session

from .client_helpers import click_button, make_app


@pytest.fixture
def app(tmp_path, monkeypatch, request):
    app = make_app(tmp_path, monkeypatch, lang=getattr(request, "param", "en"))
    yield app
    app.shutdown()
    i18n.set_language("en")


def hacktrick_with_an_empty_hand(ask: bool) -> Session:
    """A Hacktrick session where player 0 is to play with no card in hand (the ask possible or not)."""
    rng = random.Random(0)
    for seed in range(300):
        session = Session.new("hacktrick", ["human", "random"], seed=seed)
        state = session.state
        while not state.is_terminal:
            view = state.view(state.current_player)
            kinds = {a.kind for a in state.legal_actions()}
            if (
                state.current_player == 0
                and view["phase"] == "main"
                and not view["hand"]
                and ("ask" in kinds) == ask
            ):
                return session
            session.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


@pytest.mark.parametrize("app", ["en", "ja"], indirect=True)
@pytest.mark.parametrize("ask", [False, True])
def test_the_prompt_does_not_ask_for_a_card_from_an_empty_hand(app, ask):
    """ "Your turn: click a card to play it, or draw." was shown with no card in the hand."""
    scene = open_game(app, hacktrick_with_an_empty_hand(ask))
    for _ in range(200):
        if scene.my_turn:
            break
        app.step(1 / 30)
    assert scene.my_turn and not scene.display["hand"]
    text = scene.status_text()
    assert text == t("ht.status_empty_ask" if ask else "ht.status_empty")
    assert text not in (t("ht.status_main"), t("ht.status_must"))


def test_back_from_a_new_setup_after_a_game_goes_to_the_game_list(app):
    """Results → New setup → Back went to the title screen, not to the list of games."""
    app.scenes.push(TitleScene(app))
    session = Session.new("ratjack", ["human", "random"], seed=1)
    results = app.scenes.push(ResultsScene(app, session, ["You", "Random bot"]))
    click_button(app, results.b_again)
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.game == "ratjack" and setup.seats == ["human", "random"]
    click_button(app, setup.b_back)
    assert isinstance(app.scenes.top, GameChoiceScene)
    click_button(app, app.scenes.top.b_back)
    assert isinstance(app.scenes.top, TitleScene)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_points_are_called_points(lang):
    """The setup screen said "excellence points" where the rules say "points"."""
    i18n.set_language(lang)
    try:
        table = i18n.table(lang)
        assert not [k for k, v in table.items() if "excellence" in v.lower() or "優秀" in v]
        help_text = t("option.hacktrick.target.help")
        assert ("points" in help_text) if lang == "en" else ("点" in help_text)
    finally:
        i18n.set_language("en")


def drawn_texts(app, monkeypatch, scene) -> list[str]:
    from game.client import gfx

    texts: list[str] = []
    real = gfx.text_block

    def spy(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(gfx, "text_block", spy)
    scene.draw(app.canvas)
    monkeypatch.setattr(gfx, "text_block", real)
    return texts


@pytest.mark.parametrize("app", ["en", "ja"], indirect=True)
def test_each_seat_choice_says_what_it_is(app, monkeypatch):
    """Bot levels had no description: each seat's choice is described beside it, and the description
    follows the choice."""
    specs = [spec for _, spec in seat_choices()]
    abouts = [seat_about(spec) for spec in specs]
    assert all(abouts) and len(set(abouts)) == len(abouts)
    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "ratjack", ["human", "mcts:level=easy", "heuristic", "random"]))
    texts = drawn_texts(app, monkeypatch, setup)
    for spec in setup.seats:
        assert seat_about(spec) in texts
    setup.seats[1] = "mcts:level=hard"
    texts = drawn_texts(app, monkeypatch, setup)
    assert seat_about("mcts:level=hard") in texts and seat_about("mcts:level=easy") not in texts


@pytest.mark.parametrize("app", ["en", "ja"], indirect=True)
def test_the_chosen_ratjack_deck_pair_is_described(app, monkeypatch):
    """Ratjack's deck pairs ("Weasel + Raccoon") were offered without a word on what they do."""
    weasel, raccoon = t("option.ratjack.decks.about.weasel"), t("option.ratjack.decks.about.raccoon")
    about = option_about("ratjack", "decks", ("weasel", "raccoon"))
    assert weasel in about and raccoon in about
    assert option_about("ratjack", "decks", ("rat-red", "rat-blue")) == t("option.ratjack.decks.about.rats")
    assert option_about("ratjack", "decks", "random") == t("option.ratjack.decks.about.random")
    assert option_about("hakkutsu", "mode", "research") is None
    app.scenes.push(TitleScene(app))
    setup = app.scenes.push(SetupScene(app, "ratjack", ["human", "random"], {"decks": ("weasel", "raccoon")}))
    assert about in drawn_texts(app, monkeypatch, setup)
    # the line sits under the drop-down, inside the form, above the buttons
    name, y = setup.option_rows[0]
    assert name == "decks" and setup.form_bottom <= setup.b_back.rect.top - 40

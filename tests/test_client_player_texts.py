"""Players see names, levels and colours only: no seat numbers, agent specs or file paths
(issue 30, item 4)."""

from __future__ import annotations

import random
import re

import pytest

from game.client import i18n
from game.client.i18n import t
from game.client.registry import open_game, tables
from game.client.session import Session
from game.rules import GAMES

from .client_helpers import make_app

SEATS = {
    "hacktrick": ["human", "random"],
    "ratjack": ["human", "random", "random"],
    "hakkutsu": ["human", "random", "random"],
}


def seats_for(game: str) -> list[str]:
    """The seats of ``game``'s table here: the human and random bots (three seats where it may)."""
    info = GAMES[game]
    return SEATS.get(game, ["human"] + ["random"] * (min(3, info.max_players) - 1))


#: What a developer would write: "(P1)", "P2", "Player 1 (you)", "White (you)", an agent spec.
DEVELOPER = re.compile(r"\(P\d|\bP\d\b|\(you\)|（あなた）|mcts:|level=|heuristic\b")


@pytest.fixture
def app(tmp_path, monkeypatch, request):
    app = make_app(tmp_path, monkeypatch, lang=request.param)
    app.settings.animation_speed = 12.0
    yield app
    app.shutdown()
    i18n.set_language("en")


def play_some(app, game: str, decisions: int, seed: int):
    """A table of ``game`` where the human plays random legal moves: ``decisions`` of them (or to
    the end); the table's log lines as the human read them."""
    session = Session.new(game, seats_for(game), seed=seed)
    scene = open_game(app, session)
    rng = random.Random(seed)
    made = 0
    for _ in range(20000):
        if made >= decisions or session.over:
            break
        if scene.timeline.waiting:
            scene.timeline.release()
        elif scene.my_turn:
            scene.act(rng.choice(scene.legal_actions()))
            made += 1
        app.step(1 / 30)
    return scene, [line for line in (scene.describe(ev) for ev in scene.log.entries) if line]


@pytest.mark.parametrize("app", ["en", "ja"], indirect=True)
@pytest.mark.parametrize("game", tables())
def test_the_log_names_players_as_their_panels_do(app, game):
    """The log said "Player 1 (you)" / "あなた（P1）", and Hacktrick's "White (you)" and "Red" under
    panels saying "You" and "Easy bot"."""
    scene, lines = play_some(app, game, 30, seed=4)
    assert len(lines) > 20
    for line in lines:
        assert not DEVELOPER.search(line), line
    you = t("log.you")
    assert any(you.lower() in line.lower() for line in lines)  # the player at the screen is in it
    bots = [scene.name(p) for p in range(1, len(seats_for(game)))]
    assert all(any(name in line for line in lines) for name in bots), bots
    if game == "hacktrick":  # named as on the panels, not by marker colour
        colours = {t("ht.colour0"), t("ht.colour1")}
        assert not [line for line in lines if any(c in line for c in colours)]


@pytest.mark.parametrize("app", ["en"], indirect=True)
def test_lines_about_you_speak_to_you(app):
    """English lines about the player at the screen take the second person, wherever the name is."""
    from game.client.scenes.hacktrick import log_text

    you, bot = i18n.You(t("log.you")), "Easy bot"
    names = [you, bot].__getitem__
    assert (
        log_text.describe({"type": "hand_started", "hand": 2, "dealer": 0, "aside": [1, 3]}, names)
        == "Hand 2: you deal; set aside 1, 3."
    )
    assert (
        log_text.describe({"type": "sum_asked", "player": 1, "of": 0, "sum": 7}, names)
        == "Easy bot asks the sum: you hold 7."
    )
    assert (
        log_text.describe({"type": "sum_asked", "player": 0, "of": 1, "sum": 9}, names)
        == "You ask the sum: Easy bot holds 9."
    )
    assert log_text.describe({"type": "game_over", "winners": [0]}, names) == "You win the game."
    assert log_text.describe({"type": "card_drawn", "player": 0}, names) == "You draw a card."


def test_review_png_names_players_as_the_client_does(tmp_path, monkeypatch):
    """review.png's legend read "P2 mcts:level=normal"."""
    from ai import play_game
    from ai.review import review_record
    from game import cli
    from game.client.replay import graph

    drawn = {}
    monkeypatch.setattr(
        graph,
        "render_review_png",
        lambda review, path, names, title, sections=(), unit="section": drawn.setdefault("names", names),
    )
    record = play_game("hacktrick", ["mcts:level=easy", "heuristic"], seed=1)
    review = review_record(record, budget=5, jobs=1)
    i18n.set_language("en")
    cli.write_review_png(record, review, tmp_path / "review.png")
    assert drawn["names"] == ["Easy bot #1", "Simple bot #2"]
    record.meta["agents"] = ["human", "mcts:level=normal"]
    assert cli.record_seat_names(record) == ["You", "Normal bot"]
    record.meta.pop("agents")
    record.meta.pop("seats", None)
    assert cli.record_seat_names(record) == ["Player 1", "Player 2"]


@pytest.mark.parametrize("app", ["en", "ja"], indirect=True)
def test_no_file_paths_on_the_title_and_settings_screens(app, monkeypatch):
    """Save and quit left "Game saved to /home/.../saves/hacktrick.json" on the title screen, and the
    settings screen said "Saved in /home/.../settings.json"."""
    import pygame

    from game.client.menus.title import TitleScene
    from game.client.session import save_path
    from game.client.settings import Settings

    texts = []
    real_text = __import__("game.client.gfx", fromlist=["text"]).text

    def spy(surface, msg, *args, **kwargs):
        texts.append(msg)
        return real_text(surface, msg, *args, **kwargs)

    monkeypatch.setattr("game.client.gfx.text", spy)
    app.scenes.push(TitleScene(app))
    session = Session.new("hacktrick", ["human", "random"], seed=2)
    scene = open_game(app, session)
    for _ in range(600):
        if scene.my_turn:
            break
        app.step(1 / 30)
    scene.act(scene.legal_actions()[0])
    app.scenes.push_named("pause", scene)
    pause = app.scenes.top
    pause.button_pressed(pause.b_save)
    assert isinstance(app.scenes.top, TitleScene) and save_path("hacktrick").is_file()
    texts.clear()
    app.step(1 / 30)
    app.scenes.push_named("settings")
    app.step(1 / 30)
    shown = texts + [app.notice[0]]
    for path in (save_path("hacktrick"), Settings.path()):
        assert not [msg for msg in shown if str(path.parent) in msg or path.name in msg], path
    # what the toast says instead: the button that resumes the game, as it reads
    assert t("title.continue_game", game=t("game.hacktrick.title")) in app.notice[0]
    assert t("settings.where") in texts
    pygame.event.clear()


@pytest.mark.parametrize("app", ["en", "ja"], indirect=True)
def test_the_pause_note_names_the_continue_button_as_it_reads(app):
    """The note said "Continue saved game" where the title screen's button says "Continue Hacktrick"."""
    from game.client.menus.title import TitleScene

    session = Session.new("ratjack", ["human", "random"], seed=2)
    scene = open_game(app, session)
    app.scenes.push_named("pause", scene)
    button = t("title.continue_game", game=t("game.ratjack.title"))
    assert button in app.scenes.top.note_text()
    assert t("title.continue") not in app.scenes.top.note_text()
    session.save()
    title = app.scenes.clear_to(TitleScene(app))
    assert title.b_continue.text == button


@pytest.mark.parametrize("app", ["en"], indirect=True)
def test_hacktrick_banners_about_you_speak_to_you(app):
    """ "You asks: the hand of Easy bot sums to 8" and "You reveals 1, 3" over the board."""
    from game.client.scenes.hacktrick import animations

    scene = open_game(app, Session.new("hacktrick", ["human", "mcts:level=easy"], seed=2))
    animations.sum_asked(scene, {"type": "sum_asked", "player": 0, "of": 1, "sum": 8}).on_start()
    assert scene.banner_text == "You ask: the hand of Easy bot sums to 8"
    animations.hand_revealed(scene, {"type": "hand_revealed", "player": 0, "cards": [1, 3]}).on_start()
    assert scene.banner_text == "You reveal 1, 3"
    animations.hand_revealed(scene, {"type": "hand_revealed", "player": 1, "cards": [2]}).on_start()
    assert scene.banner_text == "Easy bot reveals 2"


def test_ratjack_banners_speak_to_the_player_at_the_screen(tmp_path, monkeypatch):
    """ "You score 1 VP" and "You hit exactly 25!", not "You scores" / "You hits"."""
    from game.client.scenes.ratjack.animations import animations

    app = make_app(tmp_path, monkeypatch)
    table = open_game(app, Session.new("ratjack", ["human", "random", "random"], seed=1))
    shown = {}
    for reason, key in (("exactly 25", "exact"), ("highest", "scored")):
        for p in (0, 1):
            step = animations.get("vp_scored")(
                table, {"type": "vp_scored", "player": p, "points": 1, "reason": reason, "vp": [1, 1, 0]}
            )
            step.on_start()
            shown[key, p] = table.banner_text
    step = animations.get("player_eliminated")(
        table, {"type": "player_eliminated", "player": 0, "value": 27, "reason": "over 25"}
    )
    step = step[0] if isinstance(step, list) else step
    step.on_start()
    app.shutdown()
    assert shown["exact", 0] == "You hit exactly 25!" and shown["scored", 0] == "You score 1 VP"
    assert shown["scored", 1] == f"{table.name(1)} scores 1 VP"
    assert table.banner_text == "You are out (27)"


def test_ratjack_results_speak_to_the_player_at_the_screen(tmp_path, monkeypatch):
    """The results screen's round lines: "You score 1 VP (...)", not "You scores"."""
    app = make_app(tmp_path, monkeypatch)
    table = open_game(app, Session.new("ratjack", ["human", "random"], seed=1))
    table.log.add(
        [
            {"type": "vp_scored", "player": 0, "points": 1, "reason": "exactly 25", "vp": [1, 0]},
            {"type": "vp_scored", "player": 1, "points": 1, "reason": "exactly 25", "vp": [1, 1]},
        ]
    )
    mine, theirs = table.results_summary()[-2:]
    app.shutdown()
    assert mine.startswith("You score 1 VP") and theirs.startswith(f"{table.name(1)} scores 1 VP")

"""The replay screens as players read them: the side panel's title, hand/round and keys, the
decision's numbers, the graph's colours, names shared with the table and the results screen, the
results screen's way to the replay and unreadable files in the list (headless)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pygame
import pytest

from ai import play_game
from ai.review import Review
from game.client import gfx
from game.client.i18n import t
from game.client.menus.replays import ReplaysScene
from game.client.menus.results import ResultsScene
from game.client.menus.title import TitleScene
from game.client.players import seat_names
from game.client.registry import open_game, tables
from game.client.replay.graph import GRADE_MARKS, WinGraph, game_colours
from game.client.replay.scene import SIDE, ReplayScene, fit_lines, pack_groups
from game.client.replay.store import keep_finished, list_replays, review_dir_for
from game.client.scenes.base import GameScene
from game.client.scenes.hacktrick import COLOURS as HACKTRICK_COLOURS
from game.client.session import Session
from game.client.table.scene import HINT_COLOUR
from game.rules import GameRecord, action_from_json
from tests.client_helpers import click, click_button, frames, key, run_until
from tests.review_helpers import one_decision_review

SEATS = ["human", "mcts:level=easy"]


@pytest.fixture(scope="module")
def records() -> dict[str, GameRecord]:
    out = {}
    for game in tables():
        r = play_game(game, ["heuristic", "random"], seed=8)
        out[game] = GameRecord(
            r.game, r.players, r.options, r.seed, r.actions, r.returns, dict(r.meta, seats=SEATS)
        )
    return out


@pytest.fixture
def drawn(monkeypatch):
    """Every ``gfx.text`` call from now on: (text, rect, colour, surface drawn on)."""
    calls: list[tuple[str, pygame.Rect, tuple, pygame.Surface]] = []
    real = gfx.text

    def spy(surface, msg, pos, size=20, colour=gfx.INK, *args, **kwargs):
        rect = real(surface, msg, pos, size, colour, *args, **kwargs)
        calls.append((msg, rect, tuple(colour), surface))
        return rect

    monkeypatch.setattr(gfx, "text", spy)
    return calls


def open_replay(app, record, **kwargs) -> ReplayScene:
    app.scenes.push(TitleScene(app))
    scene = app.scenes.push(ReplayScene(app, record, **kwargs))
    frames(app, 2)
    return scene


def side_texts(drawn, app) -> list[tuple[str, pygame.Rect, tuple, pygame.Surface]]:
    """The texts drawn in the side panel (on the window's canvas, not on the table's own canvas)."""
    return [c for c in drawn if c[3] is app.canvas and SIDE.collidepoint(c[1].topleft)]


def a_mistake(scene: ReplayScene, best: float = 0.74, played: float = 0.52) -> Review:
    """A review of ``scene``'s record with one decision (a mistake) at the first real choice after move 3."""
    session = scene.session
    k = next(i for i in range(3, session.length) if len(session.states[i].legal_actions()) > 1)
    return one_decision_review(scene, k, best, played, "mistake")


# ---------------------------------------------------------------------------- 1. the title fits
@pytest.mark.parametrize("game", tables())
def test_title_and_every_side_text_stay_inside_the_panel(app_each_language, records, game, drawn):
    scene = open_replay(app_each_language, records[game], move=3)
    scene.review = a_mistake(scene)
    for k in (3, scene.review.decisions[0].index):
        scene.seek(k)
        drawn.clear()
        app_each_language.render()
        texts = side_texts(drawn, app_each_language)
        title = [c for c in texts if c[0] == scene.title_text()]
        assert title, "the title is drawn whole on one line"
        inside = SIDE.inflate(-16, -8)
        for msg, rect, *_ in texts:
            assert inside.contains(rect), (msg, rect, inside)


def test_a_title_too_long_for_any_size_is_wrapped_inside_the_panel(app_each_language):
    width = SIDE.width - 24
    lines, size = fit_lines(
        "Replay: " + " ".join(["Very long game name"] * 4), width, (20, 18, 16), bold=True
    )
    assert size == 16 and len(lines) > 1 and all(gfx.font(16, True).size(line)[0] <= width for line in lines)
    assert fit_lines("Replay: Ratjack", width, (20, 18, 16), bold=True) == (["Replay: Ratjack"], 20)


# ---------------------------------------------------------------------------- 2. hand/round, keys, "Your"
UNITS = {
    "hacktrick": ("Hand {n}", "第{n}ハンド"),
    "ratjack": ("Round {n}", "第{n}ラウンド"),
    "hakkutsu": ("Round {n}", "第{n}ラウンド"),
}


@pytest.mark.parametrize("game", tables())
def test_the_side_panel_says_hand_or_round_as_the_game_does(
    app_each_language, records, game, each_language, drawn
):
    scene = open_replay(app_each_language, records[game], move=0)
    word = UNITS[game][each_language == "ja"]
    for n, start in enumerate(scene.session.sections[:3]):
        scene.seek(start + 1)  # just after the section started
        number = (
            scene.session.states[start + 1].view(0).get("hand_number" if game == "hacktrick" else "round")
        )
        drawn.clear()
        app_each_language.render()
        texts = [c[0] for c in side_texts(drawn, app_each_language)]
        assert (word.format(n=number) if number else t("replay.setup")) in texts, (n, texts)
        assert not [m for m in texts if "hand/round" in m or "ハンド/ラウンド" in m]


@pytest.mark.parametrize("game", tables())
def test_each_key_group_stays_on_one_line(app_each_language, records, game, drawn):
    open_replay(app_each_language, records[game], move=5)
    drawn.clear()
    app_each_language.render()
    texts = [c[0] for c in side_texts(drawn, app_each_language)]
    unit = t(f"replay.unit_{'hand' if game == 'hacktrick' else 'round'}")
    groups = [g.strip() for g in t("replay.keys", unit=unit).split(" · ")]
    assert len(groups) >= 5
    for group in groups:
        assert any(group in line for line in texts), (group, texts)
    assert pack_groups(["a", "b"], 12, 1000) == ["a · b"] and pack_groups(["a", "b"], 12, 12) == ["a", "b"]


def test_watching_the_bots_seat_does_not_call_its_hand_yours(
    app_each_language, records, each_language, drawn
):
    record = records["hacktrick"]
    scene = open_replay(app_each_language, record, move=3)
    key(app_each_language, pygame.K_v)  # seat 0 (you) -> seat 1 (the bot)
    assert scene.table.viewer == 1 and not scene.open_cards
    drawn.clear()
    app_each_language.render()
    texts = [c[0] for c in drawn]
    hand = scene.session.state.view(1)["hand"]
    assert t("ht.your_cards", n=len(hand), total=sum(hand)) in texts
    assert not [m for m in texts if m.startswith(("Your hand", "あなたの手札"))], texts


# ---------------------------------------------------------------------------- 3. colours
def test_graph_colours_are_the_tables():
    hk_panels = pytest.importorskip("game.client.scenes.hakkutsu.panels")
    assert game_colours("hakkutsu") == tuple(hk_panels.PLAYER_COLOURS)
    for p, colour in enumerate(game_colours("hacktrick")):
        marker = pygame.image.load(f"assets/hacktrick/marker_{p}.png")
        centre = marker.get_at((marker.get_width() // 2, marker.get_height() // 2))[:3]
        assert max(abs(a - b) for a, b in zip(colour, centre, strict=True)) < 30, (p, colour, centre)


@pytest.mark.parametrize("game", ["hacktrick", "ratjack"])
def test_legend_and_mistake_markers_use_each_players_colour(app_each_language, records, game, drawn):
    scene = open_replay(app_each_language, records[game], move=3)
    review = a_mistake(scene)
    d = review.decisions[0]
    # a flat line for the mistake's player, so the marker's pixels are its own
    surface = pygame.Surface(app_each_language.size)
    surface.fill((0, 0, 0))
    graph = WinGraph(scene.graph.rect, review.actions, game=game)
    names = scene.legend_names()
    graph.draw(surface, review, names=names)
    x, y = graph.x_of(d.index), graph.y_of(d.win_chance)
    line = graph.colour(d.player)
    assert tuple(surface.get_at((x, y - 4)))[:3] == line  # inside the triangle, above the line
    assert tuple(surface.get_at((x, y - 7)))[:3] == GRADE_MARKS["mistake"][1]  # its grade's edge
    assert tuple(surface.get_at((graph.header.left + 16, graph.header.centery)))[:3] == graph.colour(
        0
    )  # a swatch
    if game == "hacktrick":
        assert graph.colours == HACKTRICK_COLOURS
        assert names == [
            t("replay.legend_colour", name=scene.table.name(p), colour=t(f"ht.colour{p}")) for p in range(2)
        ]
    drawn.clear()
    scene.review = review
    app_each_language.render()
    assert names[0] in [c[0] for c in drawn]


# ---------------------------------------------------------------------------- 4. the numbers
def test_the_decision_says_best_move_played_move_and_what_the_line_shows(
    app_each_language, records, each_language, drawn
):
    scene = open_replay(app_each_language, records["hacktrick"], move=0)
    scene.review = a_mistake(scene, best=0.74, played=0.52)
    d = scene.review.decisions[0]
    scene.seek(d.index)
    text = scene.decision_text()
    best = scene.table.action_label(action_from_json("hacktrick", d.best))
    assert t("replay.best_move", action=best, p=74) in text
    assert t("replay.played_graded", p=52, drop=22, grade=t("review.grade_mistake")) in text
    assert ("52% (−22%)" if each_language == "en" else "52%（−22%）") in text
    note = scene.decision_note()
    assert note and ("best move" in note if each_language == "en" else "最善手" in note)
    drawn.clear()
    app_each_language.render()
    shown = " ".join(c[0] for c in side_texts(drawn, app_each_language))
    assert "74%" in shown and "−22%" in shown
    assert f"#{d.index}" in shown  # the mistakes list, with the same −22%
    assert [
        m
        for m in (c[0] for c in side_texts(drawn, app_each_language))
        if m.startswith(f"#{d.index}") and "−22%" in m
    ]


# ---------------------------------------------------------------------------- 5. names, results -> replay
@pytest.mark.parametrize(
    "seats",
    [
        ["human", "mcts:level=easy"],
        ["human", "human"],
        ["random", "random"],
        ["heuristic", "mcts:level=hard", "human"],
        ["human", "random", "random"],
    ],
)
def test_seat_names_are_the_tables_names(app_each_language, seats):
    record = GameRecord("ratjack" if len(seats) > 2 else "hacktrick", len(seats), {}, 1, [])
    session = Session(record, seats)
    table_names = [GameScene.name(SimpleNamespace(session=session), p) for p in range(len(seats))]
    assert seat_names(seats) == table_names


def test_the_replay_list_names_players_as_the_results_screen(app_each_language, records, each_language):
    record = records["hacktrick"]
    bot_won = GameRecord(record.game, 2, record.options, record.seed, record.actions, [0, 1], record.meta)
    you_won = GameRecord(record.game, 2, record.options, record.seed, record.actions, [1, 0], record.meta)
    keep_finished(bot_won, SEATS, now=1_800_000_000)
    keep_finished(you_won, SEATS, now=1_800_000_100)
    menu = app_each_language.scenes.push(ReplaysScene(app_each_language))
    frames(app_each_language, 2)
    easy = t("seat.name.mcts_easy")
    assert easy == ("Easy bot" if each_language == "en" else "かんたんボット")
    assert menu.lines[0].players == f"{t('seat.you')} / {easy}" and menu.lines[0].result == t(
        "replays.you_won"
    )
    assert menu.lines[1].result == t("replays.winner", name=easy)
    assert menu.lines[1].result == ("won by Easy bot" if each_language == "en" else "かんたんボットの勝ち")


def finish_a_game(app, record) -> ResultsScene:
    app.scenes.push(TitleScene(app))
    session = Session(GameRecord(record.game, 2, record.options, record.seed, list(record.actions)), SEATS)
    open_game(app, session)
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultsScene), 400)
    frames(app, 2)
    return app.scenes.top


def test_results_open_the_replay_of_the_game_just_finished(app_each_language, records):
    record = records["hacktrick"]
    results = finish_a_game(app_each_language, record)
    (kept,) = list_replays()
    assert results.replay_path == kept and results.b_replay is not None
    buttons = [results.b_rematch, results.b_again, results.b_replay, results.b_title]
    screen = pygame.Rect(0, 0, *app_each_language.size)
    assert all(screen.contains(b.rect) for b in buttons)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1 :])
    assert results.b_replay.text == t("replay.results_button")
    click_button(app_each_language, results.b_replay)
    replay = app_each_language.scenes.top
    assert isinstance(replay, ReplayScene) and replay.path == kept and replay.record.actions == record.actions
    assert [replay.table.name(p) for p in range(2)] == results.names  # the same names everywhere
    click_button(app_each_language, replay.b_back)
    assert app_each_language.scenes.top is results


def test_results_without_a_kept_replay_have_no_replay_button(app_each_language, records):
    s = Session.new("hacktrick", SEATS, seed=4)
    app_each_language.scenes.push(TitleScene(app_each_language))
    results = app_each_language.scenes.push(ResultsScene(app_each_language, s, ["You", "Easy bot"]))
    frames(app_each_language, 2)
    assert results.replay_path is None and results.b_replay is None


# ---------------------------------------------------------------------------- 6. unreadable files
def test_unreadable_files_are_marked_in_the_list_and_kept(app_each_language, records, drawn, each_language):
    record = records["hacktrick"]
    good = keep_finished(record, SEATS, now=1_800_000_000)
    folder = good.parent
    garbage = folder / "20261123-070100-ratjack.json"
    garbage.write_text("garbage{")
    empty = folder / "20261123-070200-hakkutsu.json"
    empty.write_text("{}")
    data = record.to_json()
    data["actions"] = data["actions"][:3] + data["actions"][:3]  # parses, but does not replay
    illegal = folder / "20261123-070300-hacktrick.json"
    illegal.write_text(json.dumps(data))
    menu = app_each_language.scenes.push(ReplaysScene(app_each_language))
    frames(app_each_language, 2)
    rows = {p.name: row for p, row in zip(menu.paths, menu.lines, strict=True)}
    unreadable = t("replays.unreadable")
    assert rows[good.name].readable
    for name, title in ((garbage.name, "game.ratjack.title"), (empty.name, "game.hakkutsu.title")):
        row = rows[name]
        assert not row.readable and row.players == unreadable and row.game == t(title)
        assert row.date.startswith("2026-11-23 07:0")
    drawn.clear()
    app_each_language.render()
    marks = [c for c in drawn if c[0] == unreadable]
    assert len(marks) == 2 and all(colour == tuple(gfx.MUTED) for _, _, colour, _ in marks)
    i = menu.paths.index(illegal)
    assert menu.lines[i].readable
    menu.select(i)
    menu.open(i)
    assert (
        app_each_language.scenes.top is menu
        and not menu.lines[i].readable
        and menu.lines[i].players == unreadable
    )
    assert app_each_language.notice[0] == t(
        "replays.broken", name=illegal.name
    )  # in the player's language, no parser text
    assert garbage.read_text() == "garbage{" and empty.read_text() == "{}" and illegal.is_file()


@pytest.mark.parametrize("game", ["ratjack", "hakkutsu"])
def test_the_next_move_never_names_another_players_hidden_choice(app_each_language, records, game):
    """Watching as Player 1, "Next: Easy bot — Keep Helicopter" named the bot's secret equipment, while
    the log said only "keeps one equipment card"; now the line says what the watched seat sees."""
    from game.rules import events_for

    record = records[game]
    scene = open_replay(app_each_language, record, move=0, seat=0)
    session = scene.session
    hidden = next(
        k
        for k in range(session.length)
        if session.actor(k) == 1  # the move itself is hidden
        and events_for(session.events[k][:1], 0) != events_for(session.events[k][:1], 1)
    )
    scene.seek(hidden)
    secret = scene.table.action_label(record.actions[hidden])
    text = scene.decision_text()
    assert secret not in text and text.startswith(t("replay.next_hidden", seen="")[:3])
    scene.watch("open")
    assert secret in scene.decision_text()  # with every card open it is named


# ---------------------------------------------------------------------------- 7. accuracy, grades, hands (issue 33)
def test_results_show_each_players_accuracy_and_keep_the_review_for_the_replay(
    app_each_language, records, drawn, monkeypatch
):
    import time

    monkeypatch.setattr(ResultsScene, "analysis_budget", 8)
    results = finish_a_game(app_each_language, records["hacktrick"])
    deadline = time.monotonic() + 90
    while results.review is None and time.monotonic() < deadline:
        frames(app_each_language, 1)
        time.sleep(0.05)
    review = results.review
    assert review is not None and review.budget == 8 and results.analysis is None
    drawn.clear()
    app_each_language.render()
    texts = [c[0] for c in drawn]
    for p in range(2):
        assert t("results.accuracy", a=round(review.accuracy[p])) in texts
    assert results.accuracy_note() == t("results.accuracy_note") in texts  # what it means, whole, on one line
    assert (review_dir_for(results.replay_path) / "review.json").is_file()
    click_button(app_each_language, results.b_replay)
    assert app_each_language.scenes.top.review == review  # the replay opens with it


def test_results_say_the_accuracy_is_being_computed(app_each_language, records, drawn):
    results = finish_a_game(app_each_language, records["hacktrick"])
    results.review = None
    results.analysis = SimpleNamespace(
        fraction=0.25, running=True, poll_saved=lambda record_path, notify: None, close=lambda: None
    )
    drawn.clear()
    app_each_language.render()
    assert t("results.accuracy_pending", p=25) in [c[0] for c in drawn]


@pytest.fixture(scope="module")
def hacktrick_review(records):
    from ai.review import review_record

    return review_record(records["hacktrick"], budget=12, seed=1)


def test_the_graph_switches_between_the_game_and_the_hands(
    app_each_language, records, hacktrick_review, drawn, each_language
):
    scene = open_replay(app_each_language, records["hacktrick"], move=5)
    scene.review = hacktrick_review
    assert not scene.hand_graph
    key(app_each_language, pygame.K_g)
    assert scene.hand_graph
    drawn.clear()
    app_each_language.render()
    assert t("replay.graph_hand", unit=t("replay.unit_hand")) in [c[0] for c in drawn]
    click(app_each_language, scene.toggle_rect().center)
    assert not scene.hand_graph and scene.cursor == 5  # the label's click is not a jump
    drawn.clear()
    app_each_language.render()
    assert t("replay.graph_game") in [c[0] for c in drawn]


def test_a_game_without_hands_has_one_graph(app_each_language, records, drawn):
    from ai.review import review_record

    scene = open_replay(app_each_language, records["hakkutsu"], move=5)
    short = GameRecord(*[getattr(records["hakkutsu"], f) for f in ("game", "players", "options", "seed")], [])
    scene.review = review_record(short, budget=4)
    key(app_each_language, pygame.K_g)
    assert not scene.hand_graph and scene.toggle_rect() is None


def test_the_panel_shows_accuracy_and_the_critical_moment_with_the_better_move(
    app_each_language, records, hacktrick_review
):
    from ai.review import Critical

    review = hacktrick_review
    scene = open_replay(app_each_language, records["hacktrick"], move=0)
    d = next(d for d in review.decisions if d.best_text != d.action_text)
    review.critical = [Critical(0, d.index, d.player, 0.5, d.best, d.best_text)]
    scene.review = review
    assert scene.accuracy_text().startswith(t("replay.accuracy", list="")[:4])
    scene.watch(d.player)
    scene.seek(d.index)
    best = action_from_json("hacktrick", d.best)
    assert scene.better_move() == best
    outline = pygame.Rect(100, 100, 40, 60)
    scene.table.hint_rects = lambda action: [outline] if action == best else []
    assert t("replay.critical_here_outlined", unit=t("replay.unit_hand"), n=1) in scene.decision_text()
    canvas = pygame.Surface(app_each_language.size)
    canvas.fill((0, 0, 0))
    scene.draw_better_move(canvas)
    assert tuple(canvas.get_at((outline.left - 4, outline.centery)))[:3] == HINT_COLOUR
    scene.watch(1 - d.player)  # another seat may not see the player's cards: nothing outlined
    assert scene.better_move() is None
    assert t("replay.critical_here", unit=t("replay.unit_hand"), n=1) in scene.decision_text()
    scene.watch(d.player)
    scene.seek(d.index)
    scene.table.hint_rects = lambda action: []  # a move the table cannot outline is not said to be
    assert t("replay.critical_here", unit=t("replay.unit_hand"), n=1) in scene.decision_text()
    key(app_each_language, pygame.K_HOME)
    key(app_each_language, pygame.K_c)
    assert scene.cursor == d.index  # C jumps to the critical moment

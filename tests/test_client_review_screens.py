"""What a first-time player reads after a game, as seen in a real window (headless here): the rating
change's sign, the results screen's lines kept apart, the replay graph's legend and title clear of
its markers, and the replay panel's review of a decision never cut off (English and Japanese)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from ai import play_game
from ai.review import Review
from game.client import gfx
from game.client.i18n import t
from game.client.menus.results import RATING_GAP, ResultsScene
from game.client.menus.title import TitleScene
from game.client.ratings import rating_change_text, signed
from game.client.replay.graph import GRADE_MARKS, WinGraph
from game.client.replay.scene import SIDE, ReplayScene
from game.client.session import Session
from game.history.ratings import Rating
from game.rules import GameRecord, action_from_json
from tests.client_helpers import frames
from tests.review_helpers import one_decision_review


@pytest.fixture
def drawn(monkeypatch):
    """Every ``gfx.text`` call from now on: (text, rect)."""
    calls: list[tuple[str, pygame.Rect]] = []
    real = gfx.text

    def spy(surface, msg, pos, size=20, colour=gfx.INK, *args, **kwargs):
        rect = real(surface, msg, pos, size, colour, *args, **kwargs)
        calls.append((msg, rect))
        return rect

    monkeypatch.setattr(gfx, "text", spy)
    return calls


# ---------------------------------------------------------------------------- the results screen
def test_a_rating_change_is_printed_with_a_true_minus_sign(app_each_language):
    """ "Your rating: -52" had a hyphen where the review prints "−22%"."""
    assert [signed(v) for v in (-52.4, 12.4, 0.2)] == ["\u221252", "+12", "+0"]
    line = rating_change_text(None, -52.0, Rating(games=1))
    assert "\u221252" in line and "-52" not in line


def test_the_results_keep_the_rating_lines_apart_from_the_games_summary(app_each_language, drawn):
    """The rating line and the hand summary under it were set as one paragraph."""
    s = Session.new("hacktrick", ["human", "random"], seed=4, target=1)
    while not s.over:
        s.apply(s.state.legal_actions()[0])
    results = app_each_language.scenes.push(
        ResultsScene(app_each_language, s, ["You", "Bot"], summary=["Hand 1: Bot — a line, +1"])
    )
    results.rating_lines = [rating_change_text(None, 12.0, Rating(games=3))]
    frames(app_each_language, 1)
    drawn.clear()
    app_each_language.render()
    last = gfx.wrap(results.rating_lines[0], 18, 520)[-1]  # the rating line, as wrapped in the box
    rating = next(r for m, r in drawn if m == last)
    summary = next(r for m, r in drawn if m == "Hand 1: Bot — a line, +1")
    assert summary.top - rating.bottom >= RATING_GAP - 2


# ---------------------------------------------------------------------------- the replay's graph
@pytest.fixture(scope="module")
def ratjack_record() -> GameRecord:
    r = play_game("ratjack", ["heuristic", "random", "random", "random"], seed=3)
    seats = ["human", "mcts:level=easy", "mcts:level=normal", "heuristic"]
    return GameRecord(r.game, r.players, r.options, r.seed, r.actions, r.returns, dict(r.meta, seats=seats))


@pytest.fixture(scope="module")
def hacktrick_record() -> GameRecord:
    r = play_game("hacktrick", ["heuristic", "random"], seed=8)
    seats = ["human", "mcts:level=easy"]
    return GameRecord(r.game, r.players, r.options, r.seed, r.actions, r.returns, dict(r.meta, seats=seats))


def a_review(scene: ReplayScene, index: int, best: float, played: float, critical: bool = False) -> Review:
    """A review of ``scene``'s record with one blunder at decision ``index`` (its hand's chances as
    its game's), the hand's critical moment if ``critical``."""
    return one_decision_review(
        scene, index, best, played, "blunder", hands=True, critical=critical, accuracy=61.0
    )


def last_choice(scene: ReplayScene) -> int:
    session = scene.session
    return next(i for i in range(session.length - 1, 0, -1) if len(session.states[i].legal_actions()) > 1)


def test_the_graphs_legend_and_title_are_clear_of_a_blunder_at_100_percent(
    app_each_language, ratjack_record, drawn
):
    """Seen in a real window: "Chance to win each hand" and the G switch sat on the markers and the
    lines at the top right, and the legend on the lines at the top left."""
    app_each_language.scenes.push(TitleScene(app_each_language))
    scene = app_each_language.scenes.push(ReplayScene(app_each_language, ratjack_record))
    scene.review = a_review(scene, last_choice(scene), best=1.0, played=0.0)
    scene.hand_graph = True
    frames(app_each_language, 1)
    drawn.clear()
    app_each_language.render()
    graph = scene.graph
    d = scene.review.decisions[0]
    x, y = graph.point_of(d, hand=True)
    size = GRADE_MARKS["blunder"][0]
    marker = pygame.Rect(x - size - 3, y - size - 2, 2 * size + 7, 2 * size + 5)
    ring = pygame.Rect(x - 14, y - 14, 28, 28)  # a critical moment's ring there
    title = next(r for m, r in drawn if m == t("replay.graph_hand", unit=scene.unit_word()))
    legend = [r for m, r in drawn if m in scene.legend_names() and graph.rect.colliderect(r)]
    assert len(legend) == 4
    toggle = scene.toggle_rect()
    for rect in [title, toggle, *legend]:
        assert graph.rect.contains(rect), rect
        assert not rect.colliderect(marker) and not rect.colliderect(ring), (rect, marker, ring)
        assert rect.bottom <= graph.plot.top - WinGraph.REACH + 1  # over the highest line and marker
    assert max(r.right for r in legend) < title.left  # four players' legend and the title side by side


def test_a_reviewed_decision_is_shown_whole_in_the_side_panel(
    app_each_language, hacktrick_record, drawn, monkeypatch
):
    """The README's replay showed "The move played: 37% (−25%)," with its grade cut off under it:
    long names, a critical moment and the hand's chances left the decision no room."""
    app_each_language.scenes.push(TitleScene(app_each_language))
    scene = app_each_language.scenes.push(ReplayScene(app_each_language, hacktrick_record))
    index = last_choice(scene)
    scene.review = a_review(scene, index, best=0.71, played=0.26, critical=True)
    scene.rebuild()
    long_names = {0: "Simple bot #1", 1: "Simple bot #2"}
    monkeypatch.setattr(scene.table, "name", lambda p: long_names.get(p, str(p)))
    scene.hand_graph = True
    scene.seek(index)
    frames(app_each_language, 1)
    drawn.clear()
    app_each_language.render()
    shown = [m for m, r in drawn if SIDE.contains(r)]
    wanted = [
        line for part in scene.decision_text().split("\n") for line in gfx.wrap(part, 14, SIDE.width - 24)
    ]
    assert wanted and all(line in shown for line in wanted), [w for w in wanted if w not in shown]
    grade = t("review.grade_blunder")
    assert any(grade in m for m in shown)
    assert scene.b_analyse is None  # a reviewed game has nothing to analyse: its room is the review's


def test_a_critical_moment_names_the_better_move_once(app_each_language, hacktrick_record):
    """ "Here hand 1 was lost: Draw a card was better." and "Best move: Draw a card (30%)" under it
    said the same move twice; the move is named on its own line, with its chance."""
    app_each_language.scenes.push(TitleScene(app_each_language))
    scene = app_each_language.scenes.push(ReplayScene(app_each_language, hacktrick_record))
    index = last_choice(scene)
    scene.review = a_review(scene, index, best=0.71, played=0.26, critical=True)
    scene.seek(index)
    d = scene.review.decisions[0]
    label = scene.table.action_label(action_from_json("hacktrick", scene.review.critical[0].best))
    text = scene.decision_text()
    assert text.split("\n")[1] in (
        t("replay.critical_here", unit=t("replay.unit_hand"), n=1),
        t("replay.critical_here_outlined", unit=t("replay.unit_hand"), n=1),
    )
    assert text.count(label) == 1, text
    # a critical move that no other line names keeps its name on the critical line
    other = dataclasses.replace(scene.review.critical[0], best_text="elsewhere")
    scene.review.critical = [other]
    assert "elsewhere" != d.best_text
    assert t("replay.critical", unit=t("replay.unit_hand"), n=1, action=label) in scene.decision_text() or (
        t("replay.critical_outlined", unit=t("replay.unit_hand"), n=1, action=label) in scene.decision_text()
    )


# ---------------------------------------------------------------------------- the Statistics graph
def test_labels_spread_apart_keep_near_their_places_and_inside():
    from game.client.menus.statistics import spread

    assert spread([50, 100, 150], 14, 0, 200) == [50, 100, 150]  # room enough: where they are
    assert spread([60, 64, 66], 14, 0, 200) == [60, 74, 88]  # close: one under another
    assert spread([190, 195, 199], 14, 0, 200) == [165, 179, 193]  # at the bottom: pushed back up
    assert spread([2, 3], 14, 0, 200) == [7, 21]  # at the top: kept inside


def test_the_bot_levels_are_named_beside_the_rating_graph_apart_and_off_the_curve(
    app_each_language, tmp_path, drawn
):
    """Seen in a real window: the levels' names sat side by side at the graph's right end, where the
    rating's curve ends, over the curve and over each other ("Hard bot 1660" on the last point)."""
    from game.client.history import store
    from game.client.menus.statistics import GRAPH, LEVELS, StatisticsScene
    from game.client.players import seat_name
    from game.client.ratings import about, bot_ratings
    from game.history import entry_from_record

    history = store(app_each_language)
    profile = history.create_profile("Aiko")
    history.set_local_profile(profile.id)
    for seed in range(3):
        record = play_game("ratjack", ["random", "random"], seed=seed)
        record.meta = dict(record.meta, started=1000.0 + seed)
        entry = entry_from_record(
            record, ["human", "mcts:level=easy"], [profile.id, None], replay=None, ended_at=2000.0 + seed
        )
        history.record_game(entry)
    scene = app_each_language.scenes.push(StatisticsScene(app_each_language))
    frames(app_each_language, 1)
    assert scene.graph_key == ("ratjack", 2)
    bots = bot_ratings()
    assert bots is not None
    levels = [(s, bots.get("ratjack", 2, s)) for s in LEVELS]
    names = {f"{seat_name(s)} {about(r.rating)}" for s, r in levels if r is not None}
    assert len(names) >= 3
    drawn.clear()
    app_each_language.render()
    labels = [r for m, r in drawn if m in names]
    assert len(labels) == len(names)
    summary = next(m for m, _ in drawn if "±" in m)  # "(provisional)" by the rating, not after the levels
    mark, then = {"en": ("(provisional)", ";"), "ja": ("（暫定）", "。")}[app_each_language.settings.language]
    assert mark in summary and summary.index(mark) < summary.index(then), summary
    canvas = app_each_language.canvas
    for i, rect in enumerate(labels):
        assert GRAPH.contains(rect), rect
        assert all(not rect.colliderect(other) for other in labels[i + 1 :]), labels
        curve = [
            (x, y)
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
            if tuple(canvas.get_at((x, y)))[:3] == gfx.GOLD  # the rating's curve and its points
        ]
        assert not curve, (rect, curve[:5])


# ---------------------------------------------------------------------------- the profile dialog
def typed(app, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def test_renaming_types_after_the_name_and_the_first_start_replaces_the_suggestion(
    app_each_language, monkeypatch
):
    """Seen in a real window: Settings' rename put the caret before the name ('xAna')."""
    import getpass

    from game.client.history import store
    from game.client.menus.profile import ProfileScene, offer_first_profile

    monkeypatch.setattr(getpass, "getuser", lambda: "anna")
    app_each_language.scenes.push(TitleScene(app_each_language))
    offer_first_profile(app_each_language)
    first = app_each_language.scenes.top
    frames(app_each_language, 2)
    typed(app_each_language, "Bo")
    assert first.entry.get_text() == "Bo"  # the suggestion ("Anna") replaced, not added to
    first.accept()
    me = store(app_each_language).local_profile()
    editor = app_each_language.scenes.push(ProfileScene(app_each_language, "edit", me))
    frames(app_each_language, 2)
    typed(app_each_language, "b")
    assert editor.entry.get_text() == "Bob"
    editor.cancel()
    other = app_each_language.scenes.push(
        ProfileScene(app_each_language, "new")
    )  # a hot-seat seat's new player: a suggestion too
    frames(app_each_language, 2)
    typed(app_each_language, "Cy")
    assert other.entry.get_text() == "Cy"


def test_the_rename_dialog_has_no_empty_band_under_its_heading(app_each_language, drawn):
    """Seen in a real window: the first start's note left its room empty when renaming."""
    from game.client.history import store
    from game.client.menus.profile import ProfileScene

    made = store(app_each_language).create_profile("Ana")
    app_each_language.scenes.push(TitleScene(app_each_language))
    editor = app_each_language.scenes.push(ProfileScene(app_each_language, "edit", made))
    frames(app_each_language, 1)
    drawn.clear()
    app_each_language.render()
    heading = next(r for m, r in drawn if m == t("profile.edit_heading"))
    assert editor.entry.rect.top - heading.bottom < 40
    panel = editor.panel_rect()
    assert panel.contains(editor.b_ok.rect) and editor.b_ok.rect.top > editor.swatch_rects()[0].bottom + 20


def test_every_choice_of_a_hot_seat_profile_drop_down_fits_it(app_each_language):
    """Seen in a real window: 'ゲスト（プロフィールなし）' ran under the drop-down's arrow."""
    from game.client.menus.setup import NOTE_W

    arrow = 30  # the drop-down's arrow button and margins
    for key in ("profile.guest", "profile.new_choice"):
        assert gfx.font(17, True).size(t(key))[0] <= NOTE_W - arrow, t(key)


def test_the_lesson_offers_answers_fit_their_buttons(app_each_language):
    """Seen in a real window: 'No thanks, set up a game' and '今はいい、ゲームを設定する' ran to
    (and in Japanese past) their button's edges."""
    from game.client.menus.confirm import ConfirmScene

    offer = ConfirmScene(
        app_each_language, "tutorial.offer_heading", "tutorial.offer_text", "tutorial.offer_yes", lambda: None
    )
    offer.cancel_key = "tutorial.offer_no"
    app_each_language.scenes.push(TitleScene(app_each_language))
    app_each_language.scenes.push(offer)
    frames(app_each_language, 1)
    panel = offer.panel_rect()
    for button, key in ((offer.b_confirm, "tutorial.offer_yes"), (offer.b_cancel, "tutorial.offer_no")):
        assert gfx.font(17, True).size(t(key))[0] <= button.rect.width - 24, t(key)
        assert panel.contains(button.rect)
    assert not offer.b_confirm.rect.colliderect(offer.b_cancel.rect)


def test_the_errors_list_keeps_three_rows_when_the_decision_is_long(
    app_each_language, hacktrick_record, drawn, monkeypatch
):
    """The README's replay listed one error of 30 under the decision and the note on the numbers."""
    app_each_language.scenes.push(TitleScene(app_each_language))
    scene = app_each_language.scenes.push(ReplayScene(app_each_language, hacktrick_record))
    review = a_review(scene, last_choice(scene), best=0.71, played=0.26, critical=True)
    session = scene.session
    more = [i for i in range(1, session.length) if len(session.states[i].legal_actions()) > 1][:5]
    review.decisions = [
        dataclasses.replace(review.decisions[0], index=i, player=session.actor(i)) for i in more
    ]
    review.decisions.append(a_review(scene, last_choice(scene), 0.71, 0.26).decisions[0])
    scene.review = review
    scene.rebuild()
    monkeypatch.setattr(scene.table, "name", lambda p: ["Simple bot #1", "Simple bot #2"][p])
    scene.hand_graph = True
    scene.seek(last_choice(scene))
    frames(app_each_language, 1)
    drawn.clear()
    app_each_language.render()
    rows = [m for m, r in drawn if SIDE.contains(r) and m.startswith("#")]
    assert len(rows) >= 3, rows


def test_a_provisional_rating_change_is_one_line_of_the_results_box(app_each_language):
    """Seen in a real window, in Japanese: 'あなたのレーティング：−166（現在 / 1334 ± 243） （暫定：10戦中1戦）',
    broken inside '現在1334' with a space before the full-width bracket."""
    line = rating_change_text(None, -166.0, Rating(mu=20.0, sigma=8.0, games=1))
    assert gfx.wrap(line, 18, 600 - 80) == [line]  # the results box's width for its text
    assert " （" not in line and "\u2212166" in line


def test_a_lost_two_player_game_says_lost_not_place_2(app_each_language):
    """Seen in a real window: the games' list said 'Place 2' of a game against one bot."""
    from game.client.menus.statistics import StatisticsScene
    from game.history import entry_from_record

    for game, seats, players in (
        ("hacktrick", ["human", "random"], 2),
        ("ratjack", ["human", "random", "random"], 3),
    ):
        record = play_game(game, ["random"] * players, seed=5)
        entry = entry_from_record(record, seats, [None] * players)
        for seat in entry.seats:
            if seat.rank == 1:
                assert StatisticsScene.outcome(entry, seat) == t("stats.won")
            elif players == 2:
                assert StatisticsScene.outcome(entry, seat) == t("stats.lost")
            else:
                assert StatisticsScene.outcome(entry, seat) == t("stats.place", n=seat.rank)
        assert any(seat.rank != 1 for seat in entry.seats)


@pytest.mark.parametrize(
    ("game_chances", "hand_chances", "where"),
    [((0.60, 0.55), (0.80, 0.30), "hand"), ((0.70, 0.20), (0.50, 0.45), "game")],
)
def test_the_errors_list_and_the_panel_give_the_same_loss_and_say_of_what(
    app_each_language, ratjack_record, drawn, game_chances, hand_chances, where
):
    """The errors list gave the larger of the hand's and the game's loss (−50%) while the panel gave
    the game's (−5%) with the grade: both give the larger now, the grade beside it, and say whether
    it is the game's chance or the hand's/round's."""
    app_each_language.scenes.push(TitleScene(app_each_language))
    scene = app_each_language.scenes.push(ReplayScene(app_each_language, ratjack_record))
    review = one_decision_review(scene, last_choice(scene), *game_chances, "blunder", hands=True)
    d = review.decisions[0]
    (gw, gp), (hw, hp) = game_chances, hand_chances
    review.decisions = [dataclasses.replace(d, hand_win=hw, hand_value=hp, hand_drop=hw - hp, loss=0.5)]
    scene.review = review
    scene.seek(d.index)
    frames(app_each_language, 1)
    drawn.clear()
    app_each_language.render()
    loss = round(100 * max(gw - gp, hw - hp))
    unit = scene.unit_word()
    what = t("replay.loss_game") if where == "game" else t("replay.loss_unit", unit=unit)
    (row,) = [m for m, r in drawn if SIDE.contains(r) and m.startswith("#")]
    assert row == t("replay.error_line", k=d.index, name=scene.table.name(d.player), p=loss, what=what), row
    panel = scene.decision_text()
    grade = t("review.grade_blunder")
    graded = [line for line in panel.split("\n") if grade in line]
    assert len(graded) == 1 and f"−{loss}%" in graded[0], panel
    values = {"unit": unit, "p": round(100 * hw), "q": round(100 * hp), "drop": round(100 * (hw - hp))}
    if where == "hand":
        assert graded[0] == t("replay.hand_graded", grade=grade, **values)
        assert t("replay.played_drop", p=round(100 * gp), drop=round(100 * (gw - gp))) in panel
    else:
        assert graded[0] == t("replay.played_graded", p=round(100 * gp), drop=loss, grade=grade)
        assert t("replay.hand_drop", **values) in panel


def test_an_error_row_keeps_its_loss_and_what_of_whole(app_each_language, ratjack_record, drawn, monkeypatch):
    """In a real window "#32  Easy bot  ina…−17% (round)" cut the grade in the middle: a row gives the
    decision, the name, the loss and what it is the loss of (its marker shows the grade), whole for
    short names; a name too long for the list is what gets shortened, never the loss."""
    app_each_language.scenes.push(TitleScene(app_each_language))
    scene = app_each_language.scenes.push(ReplayScene(app_each_language, ratjack_record))
    review = one_decision_review(scene, last_choice(scene), 0.60, 0.55, "inaccuracy", hands=True)
    d = review.decisions[0]
    review.decisions = [dataclasses.replace(d, hand_win=0.80, hand_value=0.63, hand_drop=0.17, loss=0.17)]
    scene.review = review
    what = t("replay.loss_unit", unit=scene.unit_word())
    for name in (t("seat.you"), t("seat.name.mcts_easy"), "Simple rules bot #2 of four"):
        monkeypatch.setattr(scene.table, "name", lambda p, name=name: name)
        scene.seek(d.index)
        frames(app_each_language, 1)
        drawn.clear()
        app_each_language.render()
        (row,) = [m for m, r in drawn if SIDE.contains(r) and m.startswith("#")]
        full = t("replay.error_line", k=d.index, name=name, p=17, what=what)
        suffix = full[min(full.rindex("−"), full.rindex(what)) :]  # "−17% (round)", "ラウンド−17%"
        assert "17" in suffix and what in suffix
        assert row == full or (row.endswith(suffix) and "…" in row and row[: row.index("…")] in full), row
        if name != "Simple rules bot #2 of four":
            assert row == full, row  # the names of two-player tables: the whole row


def test_an_errors_list_of_one_row_shows_the_error_at_the_cursor(
    app_each_language, ratjack_record, drawn, monkeypatch
):
    """In Japanese a long decision left the list one row, and it showed the error before the cursor
    (#32) while the panel described the one at it (#33)."""
    app_each_language.scenes.push(TitleScene(app_each_language))
    scene = app_each_language.scenes.push(ReplayScene(app_each_language, ratjack_record))
    review = a_review(scene, last_choice(scene), best=0.71, played=0.26)
    session = scene.session
    choices = [i for i in range(1, session.length) if len(session.states[i].legal_actions()) > 1]
    review.decisions = [
        dataclasses.replace(review.decisions[0], index=i, player=session.actor(i)) for i in choices[:4]
    ]
    scene.review = review
    monkeypatch.setattr(scene, "decision_text", lambda: "\n".join(["A long line of the decision."] * 30))
    scene.seek(choices[2])
    frames(app_each_language, 1)
    drawn.clear()
    app_each_language.render()
    rows = [m for m, r in drawn if SIDE.contains(r) and m.startswith("#")]
    assert len(rows) == 1 and rows[0].startswith(f"#{choices[2]} "), rows

"""Replays, the Replays screen, the review commands and hints in the client (headless)."""

from __future__ import annotations

import json

import pygame
import pytest

from ai import play_game
from ai.review import review_record
from game.cli import main as cli
from game.client.menus.replays import ReplaysScene
from game.client.menus.results import ResultsScene
from game.client.menus.title import TitleScene
from game.client.registry import open_game, tables
from game.client.replay.analysis import AnalysisWorker
from game.client.replay.scene import OPEN, ReplayScene
from game.client.replay.store import KEEP, keep_finished, list_replays, review_dir_for
from game.client.session import Session
from game.rules import GAMES, GameRecord
from tests.client_helpers import click, click_button, frames, key, run_until


@pytest.fixture(scope="module")
def records() -> dict[str, GameRecord]:
    return {game: play_game(game, ["heuristic", "random"], seed=8) for game in tables()}


def open_replay(app, record, **kwargs) -> ReplayScene:
    app.scenes.push(TitleScene(app))
    scene = app.scenes.push(ReplayScene(app, record, **kwargs))
    frames(app, 2)
    return scene


def snapshot(scene: ReplayScene):
    return json.dumps(scene.table.display, sort_keys=True), list(scene.table.log.lines())


@pytest.mark.parametrize("game", tables())
def test_timeline_steps_forward_and_back_to_identical_views(app, records, game):
    record = records[game]
    scene = open_replay(app, record, move=0)
    assert not scene.table.legal_actions() and not scene.table.my_turn  # nobody acts through a replay
    to_move = scene.table.name(scene.session.to_move)
    assert scene.table.prompt_text() == (f"{to_move} to move.", False)  # not "... is playing"
    seen = [snapshot(scene)]
    for _ in range(12):
        key(app, pygame.K_RIGHT, settle=1)
        assert run_until(app, lambda: not scene.table.timeline.busy)  # a step forwards animates
        seen.append(snapshot(scene))
    assert scene.cursor == 12 and seen[0] != seen[-1]
    for k in range(11, -1, -1):
        key(app, pygame.K_LEFT, settle=1)
        assert scene.cursor == k and snapshot(scene) == seen[k]
    assert len(record.actions) == scene.session.length
    assert scene.session.state.to_json() == record.replay(0).to_json()
    key(app, pygame.K_END)
    assert scene.cursor == scene.session.length and scene.session.over
    key(app, pygame.K_PAGEUP)
    assert scene.cursor == scene.session.sections[-1]
    key(app, pygame.K_HOME)
    assert scene.cursor == 0


@pytest.mark.parametrize("game", tables())
def test_a_step_forwards_plays_its_animation_and_lands_where_a_jump_does(app, records, game):
    """Right arrow plays the next action as the live table would (moving sprites, log lines one by
    one), and ends on exactly the view and log of a jump there; pressing again mid-way lands it."""
    record = records[game]
    k = next(
        i for i, evs in enumerate(open_replay(app, record, move=0).session.events) if len(evs) >= 2 and i >= 2
    )
    scene = open_replay(app, record, move=k)
    key(app, pygame.K_RIGHT, settle=1)
    assert scene.cursor == k + 1 and scene.table.timeline.busy
    assert run_until(app, lambda: not scene.table.timeline.busy)
    animated = snapshot(scene)
    scene.seek(k + 1)
    assert snapshot(scene) == animated
    scene.seek(k)
    key(app, pygame.K_RIGHT, settle=1)
    key(app, pygame.K_RIGHT, settle=1)  # the first step had not finished: it lands, the next one plays
    assert scene.cursor == k + 2
    assert run_until(app, lambda: not scene.table.timeline.busy)
    animated = snapshot(scene)
    scene.seek(k + 2)
    assert snapshot(scene) == animated


@pytest.mark.parametrize("game", tables())
def test_watch_any_seat_or_all_cards_open(app, records, game):
    record = records[game]
    scene = open_replay(app, record, move=len(record.actions) // 2)
    views = scene.session.views()
    key(app, pygame.K_o)
    hands = "equipment" if game == "hakkutsu" else "hand"  # what each player holds hidden
    assert scene.open_cards and scene.table.display["open_hands"] == [v[hands] for v in views]
    key(app, pygame.K_v)  # open -> seat 1
    assert not scene.open_cards and scene.table.viewer == 0 and scene.table.display == views[0]
    key(app, pygame.K_v)
    assert scene.table.viewer == 1 and scene.table.display == views[1]
    app.render()  # every mode draws


def test_graph_and_slider_clicks_jump(app, records):
    record = records["hacktrick"]
    scene = open_replay(app, record, move=0)
    target = len(record.actions) // 3
    click(app, (scene.graph.x_of(target), scene.graph.rect.centery))
    assert abs(scene.cursor - target) <= 1
    click(app, (scene.graph.x_of(target * 2), scene.slider.centery))
    assert abs(scene.cursor - 2 * target) <= 1


def test_saved_review_is_shown_and_mistakes_are_jump_points(app, records, tmp_path):
    record = records["hacktrick"]
    path = tmp_path / "game.json"
    record.save(path)
    review = review_record(record, budget=20, seed=1)
    folder = review_dir_for(path)
    folder.mkdir()
    review.save(folder / "review.json")
    scene = open_replay(app, record, path=path, move=0)
    assert scene.review == review and scene.b_analyse is None  # nothing left to analyse
    errors = [d.index for d in review.errors()]
    assert [i for i in errors if i > 0], "the heuristic's moves have some errors"
    later = [i for i in errors if i > 0]
    key(app, pygame.K_m)
    assert scene.cursor == later[0]
    assert "−" in scene.decision_text()
    app.render()
    other = GameRecord(record.game, record.players, record.options, record.seed + 1, [])
    assert open_replay(app, other, path=path).review is None  # a review of another game is ignored


def test_background_analysis_reports_progress_and_a_review(records):
    record = records["ratjack"]
    short = GameRecord(record.game, record.players, record.options, record.seed, record.actions[:12])
    worker = AnalysisWorker(short, budget=10)
    review = None
    for _ in range(3000):
        review = worker.poll()
        if review is not None or not worker.running:
            break
        pygame.time.wait(10)
    assert review is not None, worker.error
    assert all(0 <= d.win_chance <= 1 for d in review.decisions) and review.actions == 12


def test_store_keeps_the_newest_games(app, records):
    record = records["hacktrick"]
    for i in range(KEEP + 2):
        keep_finished(record, ["human", "random"], now=1_800_000_000 + 60 * i)
    kept = list_replays()
    assert len(kept) == KEEP
    assert kept[0].name.startswith("2027") and kept == sorted(kept, key=lambda p: p.name, reverse=True)
    assert GameRecord.load(kept[0]).meta["seats"] == ["human", "random"]


def test_title_replays_button_opens_a_finished_game(app, records):
    keep_finished(records["ratjack"], ["human", "heuristic"], now=1_800_000_000)
    keep_finished(records["hacktrick"], ["human", "random"], now=1_800_000_100)
    title = app.scenes.push(TitleScene(app))
    frames(app, 2)
    click_button(app, title.b_replays)
    menu = app.scenes.top
    assert isinstance(menu, ReplaysScene) and menu.lines[0][1] == "Hacktrick"
    click(app, menu.row_rect(1).center)
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene) and replay.record.game == "ratjack"
    click_button(app, replay.b_back)
    assert app.scenes.top is menu


def test_a_finished_game_is_kept_for_replays(app, records):
    record = records["hacktrick"]
    app.scenes.push(TitleScene(app))
    session = Session(
        GameRecord(record.game, 2, record.options, record.seed, list(record.actions)), ["human", "random"]
    )
    open_game(app, session)
    assert run_until(app, lambda: isinstance(app.scenes.top, ResultsScene), 400)
    (kept,) = list_replays()
    assert GameRecord.load(kept).actions == record.actions


# ---------------------------------------------------------------------------- hints
def start(app, game, seats, seed=3):
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new(game, seats, seed=seed))
    frames(app, 2)
    return scene


@pytest.mark.parametrize("game", tables())
def test_hint_outlines_a_legal_move_and_says_the_win_chance(app, game, monkeypatch):
    monkeypatch.setattr("game.client.table.hints.HINT_SPEC", "mcts:iterations=40")
    scene = start(app, game, ["human", "random"])
    assert run_until(app, lambda: scene.my_turn, 600)
    from game.client import gfx
    from game.client.i18n import t

    blocks = []
    real = gfx.text_block
    monkeypatch.setattr(
        gfx, "text_block", lambda surface, msg, *a, **k: blocks.append(msg) or real(surface, msg, *a, **k)
    )
    keys = scene.keys_text()
    app.render()
    assert not scene.hint_box_shown() and keys in blocks
    key(app, pygame.K_h)
    assert run_until(app, lambda: scene.hints.shown is not None, 200)
    blocks.clear()
    app.render()
    assert scene.hint_box_shown() and keys not in blocks  # the hint box takes the keys' place
    hint = scene.hints.shown
    assert hint.action in scene.legal_actions() and 0 <= hint.win_chance <= 1
    assert scene.hinted_action == hint.action and scene.hint_rects(hint.action)
    texts = []
    real_text = gfx.text
    monkeypatch.setattr(
        gfx, "text", lambda surface, msg, *a, **k: texts.append(msg) or real_text(surface, msg, *a, **k)
    )
    app.render()  # under the hint's move, the number says it is the chance to win
    assert t("hint.percent_to_win", p=round(hint.win_chance * 100)) in texts
    key(app, pygame.K_w)  # the box turns to the meter (with the hint kept up, W showed no change)
    assert scene.hints.meter_on and scene.hints.shown is None and scene.hinted_action is None
    app.render()
    scene.act(hint.action)
    assert run_until(app, lambda: not scene.hints.thinking, 400)
    texts.clear()
    app.render()  # a number measured at an earlier position says so
    meter = scene.hints.meter
    stale = (meter.position, meter.player) != scene.hints.position()
    assert (t("hint.meter_last") if stale else t("hint.meter")) in texts


def test_hot_seat_hints_need_every_human(app, monkeypatch):
    monkeypatch.setattr("game.client.table.hints.HINT_SPEC", "mcts:iterations=20")
    scene = start(app, "hacktrick", ["human", "human"])
    frames(app, 3)
    while app.scenes.top is not scene:  # the privacy screen before the first turn
        app.scenes.pop()
    assert run_until(app, lambda: scene.my_turn, 200)
    assert not scene.hints.allowed()
    assert scene.hints.ask() == "agreed" and scene.hints.shown is None and not scene.hints.thinking
    scene.hints.agreed.add(1 - scene.viewer)  # the other player pressed H on their turn
    assert scene.hints.allowed() and scene.hints.ask() == "asked"


def test_demo_tables_have_no_hints(app):
    scene = start(app, "hacktrick", ["random", "random"])
    assert scene.hints.ask() == "off" and not scene.hints.toggle_meter()


# ---------------------------------------------------------------------------- commands
@pytest.mark.parametrize("command", ["review", "replay"])
def test_bad_paths_exit_2_with_one_line(tmp_path, capsys, command):
    bad = tmp_path / "bad.json"
    cases = {
        str(tmp_path / "missing.json"): "no such file",
        str(tmp_path): "is a folder",
    }
    for text, why in (
        ("{not json", "not a usable game record"),
        ('{"game": "chess"}', "not a usable game record"),
        (b"\xff\xfe", "not UTF-8"),
    ):
        bad.write_bytes(text if isinstance(text, bytes) else text.encode())
        cases[str(bad.with_name(f"case-{len(cases)}.json"))] = why
        bad.rename(bad.with_name(f"case-{len(cases) - 1}.json"))
    record = play_game("hacktrick", ["random", "random"], seed=1)
    data = record.to_json()
    data["actions"] = data["actions"][:3] + data["actions"][:3]
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(data))
    cases[str(illegal)] = "cannot be replayed"
    for path, why in cases.items():
        with pytest.raises(SystemExit) as exc:
            cli([command, path])
        err = capsys.readouterr().err
        assert exc.value.code == 2 and err.count("\n") == 1 and why in err, (path, err)


def test_replay_of_a_game_without_a_table_says_so(tmp_path, capsys):
    games = [g for g in GAMES if g not in tables()]
    if not games:
        pytest.skip("every game has a table")
    record = play_game(games[0], ["random"] * GAMES[games[0]].min_players, seed=1)
    path = tmp_path / "g.json"
    record.save(path)
    with pytest.raises(SystemExit) as exc:
        cli(["replay", str(path)])
    assert exc.value.code == 2 and "no table" in capsys.readouterr().err


def test_review_command_writes_json_and_png(tmp_path, capsys):
    record = play_game("ratjack", ["heuristic", "random"], seed=2)
    path = tmp_path / "game-000001.json"
    record.save(path)
    assert cli(["review", str(path), "--budget", "10", "--jobs", "1"]) == 0
    out = review_dir_for(path)
    data = json.loads((out / "review.json").read_text())
    assert data["budget"] == 10 and len(data["decisions"]) > 5
    size = pygame.image.load(str(out / "review.png")).get_size()
    assert size == (1200, 778)  # the game's graph and the rounds' under it
    assert len(data["accuracy"]) == 2 and all("grade" in d for d in data["decisions"])
    assert "decisions reviewed" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        cli(["review", str(path), "--budget", "0"])
    assert exc.value.code == 2


def test_replay_command_screenshot(tmp_path, monkeypatch, records):
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path / "config"))
    path = tmp_path / "g.json"
    records["hacktrick"].save(path)
    shot = tmp_path / "shot.png"
    assert cli(["replay", str(path), "--move", "5", "--seat", OPEN, "--screenshot", str(shot)]) == 0
    assert pygame.image.load(str(shot)).get_size() == (1280, 720)
    with pytest.raises(SystemExit) as exc:
        cli(["replay", str(path), "--seat", "9"])
    assert exc.value.code == 2

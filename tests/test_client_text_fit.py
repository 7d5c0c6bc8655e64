"""Texts fit their boxes in both languages: the keys help, wrapped lines with the Japanese line
rules, log lines beside their bullet, the results' summary, the pause menu's note, the hint box."""

from __future__ import annotations

import pygame
import pytest

from game.client import i18n
from game.client.session import Session
from tests.client_helpers import frames, key, make_app, run_until


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("table", ["ratjack", "hakkutsu"])
def test_the_keys_help_fits_above_the_window_edge(app, table, lang):
    """The keys line under the prompt fits its box in both languages (the Japanese one ran into the
    window's bottom edge), and the box ends inside the window."""
    import importlib

    from game.client import gfx, i18n
    from game.client.table.widgets import fitting_size

    layout = importlib.import_module(f"game.client.scenes.{table}.layout")
    scene_module = importlib.import_module(f"game.client.scenes.{table}.scene")
    prefix = next(
        v.prompt_keys
        for v in vars(scene_module).values()
        if isinstance(v, type) and hasattr(v, "prompt_keys") and v.__module__ == scene_module.__name__
    )
    i18n.set_language(lang)
    box = layout.KEYS
    keys = i18n.t(f"{prefix}.keys")
    size = fitting_size(keys, box.width, box.height, sizes=(12, 11, 10))
    assert len(gfx.wrap(keys, size, box.width)) * gfx.font(size).get_linesize() <= box.height, keys
    assert box.bottom <= app.size[1] - 4


@pytest.mark.parametrize(
    "msg",
    [
        "青ネズミ 12：他のプレイヤーの裏向きのカードを選んでください",
        "かんたんボットは「ロック」トークンを自分のカードに置きました。（16 / 8）。",
        "Easy bot puts the locked token on their Raccoon 3 — “Put a reserve token on one of your cards.”",
    ],
)
def test_wrapped_lines_never_run_past_their_width_and_keep_japanese_line_rules(app, msg):
    """A character that may not start a line (ー, 。, small kana) takes the one before it down instead of
    running past the box (the prompt's "カ|ード" crossed its border); 「 never ends a line."""
    from game.client import gfx

    for width in range(90, 460, 3):
        lines = gfx.wrap(msg, 15, width)
        assert "".join(lines).replace(" ", "") == msg.replace(" ", "")
        for line in lines:
            assert gfx.font(15).size(line)[0] <= width, (width, lines)
        assert not any(line[0] in gfx.NO_LINE_START for line in lines[1:]), (width, lines)
        assert not any(line[-1] in gfx.NO_LINE_END for line in lines[:-1]), (width, lines)
        last = lines[-1].rstrip("".join(gfx.NO_LINE_START))
        assert len(lines) == 1 or len(last) > 1 or not gfx._is_cjk(last), (width, lines)  # no orphan


def test_log_lines_fit_beside_their_bullet(app):
    """Log lines were wrapped to the box and then given a bullet: the last character ran under the
    scroll bar."""
    from game.client import gfx
    from game.client.table.log import ScrollLog

    i18n.set_language("ja")
    log = ScrollLog(lambda ev: ev["text"], size=14)
    log.add([{"text": "かんたんボットはあなたのイタチ 5を自分の場に取りました。" * 2}])
    for width in range(150, 330, 4):
        for line, _ in log._wrapped(width):
            assert gfx.font(14).size(line)[0] <= width, (width, line)


def test_results_summary_lines_fit_the_box(app):
    """The results' summary lines wrap inside their box (a long Japanese line touched its border),
    and only the newest that fit are listed, after "…"."""
    from game.client import gfx
    from game.client.menus.results import ResultsScene

    s = Session.new("hacktrick", ["human", "random"], seed=4, target=1)
    long = "かんたんボットが1 VP獲得（他のプレイヤーを脱落させた）— 現在1 VP。" * 2
    results = ResultsScene(app, s, ["You", "Bot"], summary=[f"{k}: {long}" for k in range(9)])
    lines = results.summary_lines(520, 200)
    assert lines[0] == "…" and len(lines) == 200 // 26 and lines[-1] in gfx.wrap(f"8: {long}", 17, 520)
    assert all(gfx.font(17).size(line)[0] <= 520 for line in lines)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_pause_menus_note_is_drawn_whole_under_the_buttons(tmp_path, monkeypatch, lang):
    from game.client import gfx
    from game.client.menus.title import TitleScene
    from game.client.scenes import open_game

    app = make_app(tmp_path, monkeypatch, lang=lang)
    try:
        app.scenes.push(TitleScene(app))
        open_game(app, Session.new("hakkutsu", ["human", "random"], seed=2))
        frames(app)
        key(app, pygame.K_ESCAPE)
        pause = app.scenes.top
        assert type(pause).__name__ == "PauseScene"
        panel, note, lines = pause.note_layout()
        assert len(lines) >= 2
        scratch = pygame.Surface(app.size)
        used = gfx.text_block(scratch, i18n.t("pause.quit_note"), note, pause.NOTE_SIZE, line_gap=0)
        assert used == len(lines) * gfx.font(pause.NOTE_SIZE).get_linesize()  # every line drawn
        assert note.top >= pause.b_title.rect.bottom + 8 and panel.contains(note)
        assert panel.bottom <= app.size[1] - 20
    finally:
        app.shutdown()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hint_boxs_reading_stays_inside_the_box(tmp_path, monkeypatch, lang):
    """ "勝率53%" touched the hint box's bottom edge (Japanese fonts are tall)."""
    from types import SimpleNamespace

    from game.client import gfx
    from game.client.menus.title import TitleScene
    from game.client.scenes import open_game

    app = make_app(tmp_path, monkeypatch, lang=lang)
    try:
        app.scenes.push(TitleScene(app))
        scene = open_game(app, Session.new("ratjack", ["human", "random"], seed=3))
        assert run_until(app, lambda: scene.my_turn)
        action = scene.session.state.legal_actions()[0]
        scene.hints.shown = SimpleNamespace(action=action, win_chance=0.53, position=None, player=0)
        scene.hinted_action = action
        drawn = []
        real = gfx.text

        def spy(surface, msg, pos, size=20, colour=gfx.INK, *args, **kwargs):
            rect = real(surface, msg, pos, size, colour, *args, **kwargs)
            drawn.append((msg, rect))
            return rect

        monkeypatch.setattr(gfx, "text", spy)
        app.render()
        reading = [rect for msg, rect in drawn if msg == i18n.t("hint.percent_to_win", p=53)]
        assert reading and scene.hint_rect.inflate(-4, -4).contains(reading[0])
    finally:
        app.shutdown()
        i18n.set_language("en")

"""The Hakkutsu!! table's geometry and wording at the default 1280x720 window (a UI review's findings):
the dig dialog holds what it draws, the map's numbers are large enough to read and nothing covers a
card's icons, equipment cards do not hide each other, the panel counts what the score counts, and the
log names places as the map shows them (no coordinates)."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pygame
import pytest

from game.client import gfx, i18n
from game.client.i18n import t, tn
from game.client.menus.title import TitleScene
from game.client.registry import open_game
from game.client.scenes.hakkutsu import layout, mapview, overlays, panels
from game.client.scenes.hakkutsu.layout import (
    BOTTOM,
    HAND_CARD,
    MAP,
    NAME_STRIP,
    PAWN,
    SIDE,
    TABLE_AREA,
    HakkutsuLayout,
    card_rect,
    cell_at,
    cell_rect,
    count_rect,
    kind_icon_rect,
    pawn_center,
)
from game.client.scenes.hakkutsu.log_text import with_places
from game.client.scenes.hakkutsu.texts import dig_preview, fossils_of, place_name, scoring_cards
from game.client.session import Session
from game.client.table import widgets
from game.rules import events_for, new_game
from game.rules.hakkutsu.actions import Action
from game.rules.hakkutsu.data import DATA
from tests.client_helpers import click, fast_app, frames, run_until
from tests.hakkutsu_helpers import card, cell, give, set_site, started
from tests.test_client_hakkutsu import at_position

BASE_RC = divmod(DATA.base, DATA.cols)
COORDINATES = re.compile(r"\d\s*-\s*\d")  # "2-2": a cell named by numbers that the map does not show


@pytest.fixture
def app(tmp_path, monkeypatch):
    yield from fast_app(tmp_path, monkeypatch)


@pytest.fixture
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def mining(mode: str, rock: str, extra: tuple = (), coins: int | None = None, load: list | None = None):
    """The player to move stands on a site whose top card is ``rock``, about to dig it."""
    s = started(2, mode=mode, seed=1)
    p = s.current_player
    set_site(s, cell(1, 2), [card("granite"), card(rock)], face_up=mode == "research")
    give(s, p, *extra)
    if coins is not None:
        s.supply += s.coins[p] - coins
        s.coins[p] = coins
    if load:
        s.carts[p] = list(load)
        s.cart_units[p] = sum(DATA.rocks[i].carry for i in load)
    s.apply(Action("move", cell=cell(1, 2)))
    for e in extra:
        s.apply(Action("use", name=e))
    assert s.phase == "mine"
    return s


# ---------------------------------------------------------------------------------------------- 1, 2: dig dialog
DIGS = {
    "plain": dict(rock="obsidian"),
    "drill+crane": dict(rock="marble", extra=("drill", "crane")),
    "too dear": dict(rock="quartz", coins=1),
    "too heavy": dict(rock="marble", load=[card("limestone"), card("limestone", 1)]),
}


@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
@pytest.mark.parametrize("mode", ["research", "treasure"])
@pytest.mark.parametrize("case", sorted(DIGS))
def test_the_dig_dialog_holds_everything_it_draws(app, lang, mode, case):
    """Cart β (Treasure rules) is wider than α: "now: move 3" ran past the dialog's border. The dialog
    sizes itself to its contents for every cart, language and message, and stays on the table beside
    the map, above the viewer's panel."""
    scene = at_position(app, mining(mode, **DIGS[case]))
    dig = dig_preview(scene.display, scene.viewer)
    surface = pygame.Surface(app.canvas.get_size())
    rect, parts = overlays.draw_dig(scene, surface, dig)
    assert len(parts) >= 10
    for part in parts:
        assert rect.contains(part), (part, rect)
    assert TABLE_AREA.contains(rect) and rect.bottom <= BOTTOM.top
    assert rect.left >= MAP.right  # it does not cover the map


def _drawn_texts(scene, dig) -> list:
    drawn = []
    real = gfx.text

    def recording(surface, msg, *args, **kwargs):
        drawn.append(msg)
        return real(surface, msg, *args, **kwargs)

    overlays._dig_layers.clear()
    try:
        gfx.text = recording
        overlays.draw_dig(scene, pygame.Surface((1280, 720)), dig)
    finally:
        gfx.text = real
    return drawn


@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
def test_the_dig_dialog_says_which_coins_are_left(app, lang):
    """The label "2 left" read like cards left at the site: it is the coins left after paying."""
    scene = at_position(app, mining("research", "obsidian"))
    dig = dig_preview(scene.display, scene.viewer)
    label = t("hk.dig.coins_left", n=dig.coins_after)
    assert label in _drawn_texts(scene, dig)
    assert label == {"en": "coins left: 2", "ja": "残りコイン：2"}[lang]


@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
def test_a_dig_it_cannot_pay_for_shows_no_coins_after(app, lang):
    """ "3 → 0 · 1 coins short" read as if the dig would leave 0 coins; now the coins it has and
    what is missing, in the number's form ("1 coin short")."""
    scene = at_position(app, mining("research", "obsidian", coins=1))
    dig = dig_preview(scene.display, scene.viewer)
    assert dig.coins_after == -1
    drawn = _drawn_texts(scene, dig)
    assert {"en": "1 coin short", "ja": "1コイン不足"}[lang] in drawn
    assert (
        "→" not in drawn and tn("hk.dig.coins_short", 2) == {"en": "2 coins short", "ja": "2コイン不足"}[lang]
    )


def test_a_site_with_another_pawn_says_you_could_not_dig_there(app):
    """Moving onto a site another pawn stands on wasted the move: the preview named who was there,
    and only after the move did the prompt say digging was not allowed."""
    s = started(2, mode="research", seed=1)
    p = s.current_player
    other = 1 - p
    set_site(s, cell(1, 2), [card("granite"), card("obsidian")])
    s.pos[other] = cell(1, 2)
    scene = at_position(app, s)
    warning = t("hk.tip.no_dig_here", reason=t("hk.dig.blocked"))
    assert warning in mapview.cell_text(scene, scene.display, 1, 2)
    s.pos[other] = cell(0, 0)
    s.pos[p] = cell(1, 2)  # only your own pawn there: nothing to warn of
    scene.show_view(s.view(scene.viewer))
    assert warning not in mapview.cell_text(scene, scene.display, 1, 2)


def test_after_a_screen_on_top_the_map_hovers_where_the_mouse_is_now(app, monkeypatch):
    """After the privacy screen the map still drew the path to the cell the last player had
    hovered, though the mouse was elsewhere: the table hovers where the mouse is now."""
    from game.client.menus.pause import PauseScene

    scene = at_position(app, started(2, mode="research", seed=1))
    scene.mouse = cell_rect(1, 2).center  # the last player's hover
    assert scene.hovered_cell() == (1, 2)
    app.scenes.push(PauseScene(app, scene))
    frames(app)
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: cell_rect(3, 0).center)  # moved meanwhile
    app.scenes.pop()
    frames(app)
    assert scene.hovered_cell() == (3, 0)
    app.scenes.push(PauseScene(app, scene))
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: False)  # left the window
    app.scenes.pop()
    frames(app)
    assert scene.hovered_cell() is None


@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
def test_texts_about_you_read_as_you(app, lang):
    """ "You wins with 11 points!", "You is choosing a museum…", "You's pawn", "Move up to 1 steps"."""
    s = started(2, mode="research", seed=1)
    scene = at_position(app, s)
    you, bot = scene.viewer, 1 - scene.viewer
    ev = {"winners": [you], "scores": [11, 7] if you == 0 else [7, 11], "unused_equipment": [0, 0]}
    assert (
        overlays.verdict(scene, ev) == {"en": "You win with 11 points!", "ja": "あなたの勝ち！（11点）"}[lang]
    )
    ev = dict(ev, winners=[bot], scores=[7, 11] if you == 0 else [11, 7])
    assert overlays.verdict(scene, ev) == t("hk.scores.winner", name=scene.name(bot), points=11)
    assert t("hk.tip.pawn", name=scene.subject(you)) == {"en": "Your pawn", "ja": "あなたのコマ"}[lang]
    assert (
        t("hk.choice.draft_wait", name=scene.subject(you))
        == {"en": "You are choosing a museum…", "ja": "あなたが博物館を選んでいます…"}[lang]
    )
    assert not scene.is_you(bot)
    scene.display = dict(scene.display, turn=dict(scene.display["turn"], movement=1))
    assert scene.turn_prompt().startswith({"en": "Move 1 step:", "ja": "1歩移動:"}[lang])
    assert t("hk.dig.blocked", name=i18n.You("You")) == t("hk.dig.blocked")  # no "you" form: the plain text


# ---------------------------------------------------------------------------------------------- 3: the map
def chip_rect(r: int, c: int) -> pygame.Rect:
    """The stack-count badge as mapview draws it (the widest count: 2 cards)."""
    return widgets.chip(pygame.Surface((1280, 720)), "2", count_rect(r, c).midtop, size=12, anchor="midtop")


DIGIT_AIM = (
    14  # px: a map card's cost, carry and points read without hovering at 1280x720 (they were 9-10 px)
)


def test_the_map_cards_and_numbers_are_large_enough_to_read(app):
    """The cost/carry/points of the map's cards were 9-10 px high (first the card's print, then 13 px
    discs): now chips over the card's numbers with digits 14 px high, each digit inside its chip."""
    assert layout.SITE_CARD[0] >= 60 and layout.SITE_CARD[1] >= 85  # it was 54 x 76
    assert layout.CELL_W >= 96 and layout.CELL_H >= 90  # it was 86 x 86
    font = gfx.font(layout.STAT_SIZE, True)
    chip_w, chip_h = layout.STAT_CHIP
    for digit in "0123456789":
        glyph = font.render(digit, True, (255, 255, 255)).get_bounding_rect()
        assert glyph.height >= DIGIT_AIM and glyph.width <= chip_w - 4 and glyph.height <= chip_h - 4, digit
    card_ = card_rect(0, 0)
    chips = layout.stat_rects(card_)
    row = mapview.stat_row(card_)
    for cost in range(5):  # the coin's digit as drawn (the dark ink on gold), measured in pixels
        drawn = mapview.stat_chips(cost, 3, 8)
        assert drawn.get_size() == row.size
        coin = drawn.subsurface(chips[0].move(-row.left, -row.top))
        ink = pygame.mask.from_threshold(
            coin, (*mapview.COIN_INK, 255), (30, 30, 30, 255)
        ).get_bounding_rects()
        assert ink and ink[0].unionall(ink[1:]).height >= DIGIT_AIM, cost
    assert card_.contains(row) and card_.contains(kind_icon_rect(card_)) and kind_icon_rect(card_).width >= 18
    assert not row.colliderect(kind_icon_rect(card_))
    assert not any(a.colliderect(b) for a, b in itertools.combinations(chips, 2))


def test_badges_and_pawns_leave_the_card_and_the_base_label_visible(app):
    """The count badge covered each card's kind icon; pawns covered the points star and the BASE label."""
    base_label = pygame.Rect(0, 0, 70, 16)
    for r, c in itertools.product(range(DATA.rows), range(DATA.cols)):
        cell_ = cell_rect(r, c)
        if (r, c) == BASE_RC:
            base_label.midbottom = (cell_.centerx, cell_.bottom - 2)
            for count in range(1, 5):
                pawns = [pygame.Rect(0, 0, PAWN, PAWN) for _ in range(count)]
                for k, p in enumerate(pawns):
                    p.center = pawn_center(r, c, k, count)
                    assert cell_.contains(p) and not p.colliderect(base_label)
            continue
        card_ = card_rect(r, c)
        badge = chip_rect(r, c)
        numbers = layout.stat_rects(card_)
        assert cell_.contains(card_) and cell_.contains(badge) and all(cell_.contains(n) for n in numbers)
        assert not badge.colliderect(card_)  # nor its kind icon, nor its numbers
        for count in range(1, 5):
            pawns = [pygame.Rect(0, 0, PAWN, PAWN) for _ in range(count)]
            for k, p in enumerate(pawns):
                p.center = pawn_center(r, c, k, count)
                assert cell_.contains(p), (r, c, count)
                assert not p.colliderect(card_) and not p.colliderect(badge)
                assert not any(p.colliderect(n) for n in numbers)
            if count <= 2:  # two pawns side by side: neither hides the other
                assert not any(a.colliderect(b) for a, b in itertools.combinations(pawns, 2))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("viewer", [0, 1])
def test_the_map_and_the_panels_fit_for_every_player_count(players, viewer):
    lay = HakkutsuLayout(players, viewer, max(len(track) for track in DATA.carts.values()))
    frame = MAP.inflate(10, 10)  # the map's border
    rects = [frame] + [p.rect for p in lay.panels.values()]
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)
    for rect in rects:
        assert pygame.Rect(0, 44, 956, 676).contains(rect), rect
    for q, panel in lay.panels.items():
        assert panel.rect.contains(panel.track) and panel.rect.contains(panel.museum)
        assert panel.rect.contains(panel.cart.rect) and panel.rect.contains(panel.hand.rect)
        for col in panel.kinds.values():
            assert panel.rect.contains(col)
        if panel.own:  # a full column of collected rocks stays in the panel
            assert panel.rect.contains(lay.kind_slot(q, "mineral", 9, 10))
        else:
            assert SIDE.contains(panel.rect)


def test_clicks_land_on_the_cell_drawn_there():
    for r, c in itertools.product(range(DATA.rows), range(DATA.cols)):
        rect = cell_rect(r, c)
        assert MAP.contains(rect)
        for x, y in (rect.topleft, (rect.right - 1, rect.bottom - 1), rect.center):
            assert cell_at((x, y)) == (r, c)


@pytest.mark.parametrize("mode", ["research", "treasure"])
@pytest.mark.parametrize("players", [2, 4])
def test_clicking_a_highlighted_cell_moves_there(app, mode, players):
    s = started(players, mode=mode, seed=1)
    scene = at_position(app, s)
    target = max(scene.current_choices().cells)
    rect = cell_rect(*target)
    click(app, (rect.right - 4, rect.top + 4), settle=1)  # a corner of the cell: the strip beside the card
    assert scene.session.record.actions[-1] == Action("move", cell=cell(*target))


# ---------------------------------------------------------------------------------------------- 4: equipment hand
def hand_rects(zone, n: int) -> list[pygame.Rect]:
    zone.set_items(("equipment", i) for i in range(n))
    return [r for _, r in zone.rects()]


def test_equipment_cards_lie_side_by_side_when_they_fit_and_keep_their_names_visible():
    """The Grant was drawn over the Crane although there was room for both."""
    zone = HakkutsuLayout(2, 0, 7).hand
    fit = (zone.rect.width + zone.gap) // (HAND_CARD[0] + zone.gap)
    assert fit >= 3
    for n in range(1, fit + 1):
        rects = hand_rects(zone, n)
        assert not any(a.colliderect(b) for a, b in itertools.combinations(rects, 2)), n
    for n in range(fit + 1, 10):  # more: rows overlapping downwards, every card's name strip uncovered
        rects = hand_rects(zone, n)
        for i, a in enumerate(rects):
            strip = pygame.Rect(a.left, a.top, a.width, NAME_STRIP)
            assert not any(b.colliderect(strip) for b in rects[i + 1 :]), (n, i)
            assert zone.rect.contains(a)
        steps = {b.top - a.top for a, b in zip(rects, rects[fit:], strict=False)}
        assert len(steps) == 1  # evenly


def test_two_equipment_cards_in_hand_do_not_overlap_on_the_table(app):
    s = started(2, seed=1)
    give(s, s.current_player, "crane", "grant")
    scene = at_position(app, s)
    a, b = (scene.layout.hand.rect_of(("equipment", i)) for i in range(2))
    assert not a.colliderect(b)
    assert scene.point_of(("equipment", 1)) and a.collidepoint(scene.point_of(("equipment", 0)))


# ---------------------------------------------------------------------------------------------- 5: scores
@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
def test_the_panel_counts_what_the_score_counts(app, lang, monkeypatch):
    """A fossil still on the cart: the score tooltip counted it ("1 fossil → 1"), the panel showed
    "Fossils 0 → 0" and every kind at 0. Cards on the cart count at the end (rules), so both count them."""
    s = started(2, seed=1)
    p = s.current_player
    set_site(s, cell(1, 2), [card("granite"), card("shell-fossil")])
    s.apply(Action("move", cell=cell(1, 2)))
    s.apply(Action("mine"))
    scene = at_position(app, s, human=p)
    d = scene.display
    assert [c["kind"] for c in d["carts"][p]] == ["fossil"] and not d["collections"][p]
    drawn = []
    real = gfx.text

    def recording(surface, msg, pos, *args, **kwargs):
        drawn.append((msg, pos))
        return real(surface, msg, pos, *args, **kwargs)

    monkeypatch.setattr(gfx, "text", recording)
    scene.draw(app.canvas)
    monkeypatch.setattr(gfx, "text", real)
    lay = scene.layout.panels[p]
    counters = {kind: [m for m, pos in drawn if col.collidepoint(pos)] for kind, col in lay.kinds.items()}
    assert counters["fossil"] == ["1"] and all(v == ["0"] for k, v in counters.items() if k != "fossil")
    assert panels.kind_counts(d, p)["fossil"] == 1
    n = fossils_of(scoring_cards(d, p))
    assert n == 1 and tn("hk.fossils", n * n, n=n) in [m for m, _ in drawn]
    tip = panels.score_tip(scene, d, p)
    assert (
        tn("hk.tip.score", 1, name=scene.name(p), printed=0, n=1, fossils=1, total=1) in tip
        and "1 fossils" not in tip
    )
    assert d["public_scores"][p] == 1
    assert t("hk.scoring_label") in [m for m, _ in drawn]  # the panel says what it counts


# ---------------------------------------------------------------------------------------------- 6: the log
def log_texts(scene) -> list[str]:
    return [line for ev in scene.log.entries if (line := scene.describe(ev))]


@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
def test_the_log_names_places_as_the_map_shows_them(app, lang):
    """The log said "moves to 2-2": the map shows no coordinates. It names the base, or the site by
    its area and what lies on it, as the viewer saw it then."""
    s = started(2, mode="research", seed=1)
    p = s.current_player
    set_site(s, cell(1, 2), [card("granite"), card("obsidian")])
    scene = at_position(app, s)
    click(app, cell_rect(1, 2).center, settle=1)
    assert scene.session.record.actions[-1] == Action("move", cell=cell(1, 2))
    frames(app, 10)
    moved = [ev for ev in scene.log.entries if ev["type"] == "pawn_moved" and ev["player"] == p][-1]
    line = scene.describe(moved)
    name = {"en": "Obsidian", "ja": "黒曜石"}[lang]
    assert t("hk.place.card", card=name, area=DATA.site_area[cell(1, 2)]) in line
    assert not COORDINATES.search(line)


@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
def test_no_log_line_or_move_label_uses_coordinates(app, lang):
    """Every event that names a cell (moves, helicopter flights, Detector looks, cards turning up), as
    the live table logs them (named from the position before the action) and in whole random games."""
    scene = at_position(app, started(3, mode="treasure", seed=5))
    viewer = scene.viewer
    s = started(2, mode="treasure", seed=3)
    give(s, s.current_player, "helicopter", "detector", "grant", "jeep")
    script = ["use jeep", "detector 0,0 top", "use grant", "helicopter 0,4"]
    logged = []
    for text in script:
        before = s.view(viewer)
        logged += with_places(events_for(s.apply(Action.parse(text)), viewer), before)
    for mode in ("research", "treasure"):
        game = new_game("hakkutsu", players=3, seed=5, mode=mode)
        rng = random.Random(5)
        while not game.is_terminal:
            before = game.view(viewer)
            logged += with_places(events_for(game.apply(rng.choice(game.legal_actions())), viewer), before)
    placed = [ev for ev in logged if ev["type"] in ("pawn_moved", "card_peeked")]
    assert {"pawn_moved", "card_peeked"} <= {ev["type"] for ev in placed}
    assert any(ev.get("via") == "helicopter" for ev in placed)
    assert all("site" in ev for ev in placed)
    for ev in logged:
        line = scene.describe(ev)
        assert line is None or not COORDINATES.search(line), line
    for ev in placed:
        if ev["type"] == "pawn_moved" and list(ev["to"]) == list(BASE_RC):
            assert t("hk.base") in scene.describe(ev)
    for action in new_game("hakkutsu", players=3, seed=5, mode="research").legal_actions():
        assert not COORDINATES.search(scene.action_label(action))


@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
def test_the_rebuilt_log_names_places_too(app, lang):
    """After an undo or a resume the log is re-read from the record: the places are named the same way."""
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("hakkutsu", ["human", "random", "random"], seed=5, mode="treasure"))
    rng = random.Random(7)
    for _ in range(150):
        if scene.my_turn and not scene.animating():
            scene.perform(rng.choice(scene.legal_actions()))
        frames(app, 2)
    assert run_until(app, lambda: (scene.my_turn or scene.session.over) and not scene.animating(), 2000)
    live = log_texts(scene)
    scene.rebuild_log()
    rebuilt = log_texts(scene)
    moves = [ev for ev in scene.log.entries if ev["type"] == "pawn_moved"]
    assert len(moves) >= 6 and all("site" in ev for ev in moves)
    assert rebuilt == live
    for line in rebuilt:
        assert not COORDINATES.search(line), line


@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
def test_place_names(lang):
    site = {"base": False, "area": "C", "stack_size": 2, "face_up": False, "top": None}
    assert place_name(BASE_RC) == t("hk.base")
    assert place_name((0, 0), site) == t("hk.place.face_down", area="C")
    assert place_name((0, 0), {**site, "stack_size": 0}) == t("hk.place.empty", area="C")
    amber = {"name": "Amber", "name_ja": "琥珀"}
    assert place_name((0, 0), {**site, "face_up": True, "top": amber}) in (
        "the Amber site (area C)",
        "琥珀の発掘現場（エリアC）",
    )
    assert place_name((0, 0)) == t("hk.place.site", area="C")


# ---------------------------------------------------------------------------------------------- setup notes
@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
@pytest.mark.parametrize("option", ["mode", "draft", "rounds"])
def test_setup_help_notes_wrap_cleanly(app, lang, option):
    """The setup screen's notes (menus/setup.py: 246 px wide, 13 px, two lines) left a lone "き" on a
    line of its own: each note breaks where its text says, in two lines that fit."""
    note = t(f"option.hakkutsu.{option}.help")
    lines = gfx.wrap(note, 13, 246)
    assert lines == note.split("\n") and len(lines) <= 2
    assert all(len(line) > 3 for line in lines)


@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
@pytest.mark.parametrize("count", [3, 6])
def test_key_badges_leave_equipment_names_the_label_and_the_score_readable(app, lang, count, monkeypatch):
    """A key badge on an equipment card's top-right corner covered the end of its name ("Helicopt"),
    and, lifted above the cards, it must not land on the "Equipment" label or the score either."""
    s = started(2, seed=1)
    give(s, s.current_player, *["jeep", "helicopter", "grant", "detector", "jeep", "crane"][:count])
    scene = at_position(app, s)
    badges, texts = [], {}
    real_chip, real_text = widgets.chip, gfx.text
    monkeypatch.setattr(
        widgets,
        "chip",
        lambda surface, label, *a, **k: (badges.append(r := real_chip(surface, label, *a, **k)), r)[1],
    )
    monkeypatch.setattr(
        gfx,
        "text",
        lambda surface, text, *a, **k: (texts.__setitem__(text, r := real_text(surface, text, *a, **k)), r)[
            1
        ],
    )
    app.render()
    cards = [r for _, r in scene.layout.hand.rects()]
    in_hand = [b for b in badges if any(b.colliderect(c.inflate(8, 48)) for c in cards)]
    assert len(in_hand) >= 3  # the movement and any-time cards can be used now (one key per kind)
    names = [pygame.Rect(c.left + 3, c.top + 3, c.width - 6, NAME_STRIP - 3) for c in cards]
    others = [texts[t("hk.equipment_label")], texts[tn("hk.score", 0)]]
    for b in in_hand:
        assert not any(b.colliderect(r) for r in names + others), (b, names, others)


# ------------------------------------------------------------------------------- 6: the set-up chooser
def setup_choice(app, players: int, phase: str) -> object:
    """A table where the human (player 0) chooses a museum (``draft``) or an equipment card (``equip``)."""
    from ai import make_agent
    from game.rules import Seat

    session = Session.new("hakkutsu", ["human"] + ["heuristic"] * (players - 1), seed=21, draft=True)
    bot = make_agent("heuristic", seed=5)
    while not (session.to_move == 0 and session.state.phase == phase):
        session.apply(bot.choose(Seat(session.state, session.to_move)))
    app.scenes.push(TitleScene(app))
    scene = open_game(app, session)
    assert run_until(app, lambda: scene.my_turn)
    return scene


@pytest.mark.parametrize("lang", ["en", "ja"], indirect=True)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("phase", ["draft", "equip"])
def test_the_setup_chooser_leaves_the_map_in_view(app, lang, players, phase, monkeypatch):
    """The equipment chooser (and the museum draft) covered the map, whose cards are what the choice is
    about: it lies beside the map now, the offered cards and their captions inside it, none on another."""
    scene = setup_choice(app, players, phase)
    drawn = []
    real_text = gfx.text
    monkeypatch.setattr(
        gfx,
        "text",
        lambda surface, msg, *a, **k: (drawn.append((msg, r := real_text(surface, msg, *a, **k))), r)[1],
    )
    app.render()
    assert not overlays.CHOICE.colliderect(MAP.inflate(10, 10)) and TABLE_AREA.contains(overlays.CHOICE)
    n = len(scene.current_choices().order)
    assert (n == 2 if phase == "equip" else 3 <= n <= players + 2) and len(scene.choice_rects) == n
    slots = overlays.choice_slots(n, badges_above=phase == "equip")
    assert [offered for offered, _ in slots] == list(scene.choice_rects.values())
    boxes = [box for slot in slots for box in slot]
    assert all(overlays.CHOICE.contains(box) for box in boxes)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(boxes, 2))
    for offered, _ in slots:  # room above each card for its key badge, under the hint
        assert offered.top - (widgets.BADGE_ABOVE if phase == "equip" else 0) >= overlays.CHOICE_HINT.bottom
    captions = [(msg, r) for msg, r in drawn if any(below.contains(r) for _, below in slots)]
    pool = scene.display["equipment_dealt"] if phase == "equip" else scene.display["draft_pool"]
    for entry, (_, below) in zip(pool, slots, strict=True):
        said = " ".join(msg for msg, r in captions if below.contains(r))
        for part, _ in overlays.choice_caption(entry, phase == "draft"):
            assert part.replace(" ", "") in said.replace(" ", ""), (part, said)
    hint = t("hk.choice.draft_hint" if phase == "draft" else "hk.choice.keep_hint")
    lines = gfx.wrap(hint, overlays.hint_size(hint), overlays.CHOICE_HINT.width)
    assert len(lines) * gfx.font(overlays.hint_size(hint)).get_linesize() <= overlays.CHOICE_HINT.height


def test_one_word_for_digging_and_the_cards_say_what_the_table_says():
    """The equipment chooser said the same thing twice in different words: the card printed "MINING"
    and "This mining costs…" over "This dig costs…" (in Japanese 採掘 over 掘る). Players dig (掘る,
    発掘) everywhere now, and each card prints the words the table shows beside it and in its tips."""
    from game.client.rulebook import __file__ as rulebook_init
    from game.client.scenes.hakkutsu.texts import equipment_phase, equipment_text
    from tools.art import draw as D
    from tools.art import hakkutsu as H

    mine = re.compile(r"\bmin(e|es|ed|ing)\b", re.IGNORECASE)
    rules = Path(rulebook_init).parent
    player_keys = (
        "hk.",
        "log.hk.",
        "act.hakkutsu.",
        "option.hakkutsu.",
        "illegal.",
        "tutorial.hakkutsu.",
        "caption.hk.",
    )
    for lang, word in (("en", mine), ("ja", re.compile("採掘"))):
        texts = {k: v for k, v in i18n.table(lang).items() if k.startswith(player_keys)}
        texts[f"hakkutsu.{lang}.md"] = (rules / f"hakkutsu.{lang}.md").read_text(encoding="utf-8")
        texts |= {f"face phase {k}": v for k, v in H.PHASE[lang].items()}
        assert not [k for k, v in texts.items() if word.search(v)], lang
    assert not [k for k, v in H.TEXT_JA.items() if "採掘" in v]
    D.init()
    try:
        for eq in H.card_data()["equipment"]:
            key = eq["key"]
            i18n.set_language("en")
            _, lines, _, fits = H.equipment_layout(eq, "en")
            assert fits and " ".join(lines) == equipment_text(key), key  # the very words, all printed
            assert equipment_phase(key).upper().startswith(H.PHASE["en"][eq["phase"]]), key
            i18n.set_language("ja")
            printed = "".join(H.TEXT_JA[key].split())
            assert equipment_text(key).startswith(printed.rstrip("。")), key  # the table may add a note
            assert equipment_phase(key) == H.PHASE["ja"][eq["phase"]], key
    finally:
        i18n.set_language("en")

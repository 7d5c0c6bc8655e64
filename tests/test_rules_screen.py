"""The rules screen: its lines break like every other text (gfx.wrap's kinsoku rules), the section
list marks where the reader is (the short last sections too), the game shown is marked, and the
rulebooks keep general rules out of the bullet lists; every game has its rules in both languages
(Ratjack's list every ability and token), and they open from the pause menu, the game choice and
the setup at the section that matters and scroll by wheel, keys and scroll bar."""

from __future__ import annotations

import re

import pygame
import pytest

from game.client import gfx, i18n, rulebook
from game.client.games import clients
from game.client.session import Session

from .client_helpers import click, click_button, frames, key, make_app

DOCS = rulebook.DOCS


def _texts(lang: str) -> list[str]:
    """Every text the rules screen wraps in ``lang``: paragraphs, items, headings and the Ratjack
    abilities and tokens."""
    out = []
    for game in clients():
        book = rulebook.load(game, lang)
        out += [b.text for s in book.sections for b in s.blocks if b.text]
    table = i18n.table(lang)
    out += [v for k, v in table.items() if k.startswith(("rj.ability.", "rj.token."))]
    return out


def _plain(line) -> str:
    return "".join(run for run, _ in line)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_lines_keep_the_line_breaking_rules_of_gfx_wrap(app, lang):
    """rich_lines checked only NO_LINE_START: "能力の対象にならない（ / トークンは対象になる）" left the
    opening bracket at a line's end, and numbers broke ("ちょうど2 / 5")."""
    from game.client.menus.rules import rich_lines

    for text in _texts(lang):
        plain = text.replace("**", "")
        for width in (150, 233, 310, 455, 560, 896):
            lines = [_plain(line) for line in rich_lines(text, 17, width)]
            assert "".join(lines).replace(" ", "") == plain.replace(" ", "")
            assert not any(line[-1] in gfx.NO_LINE_END for line in lines[:-1] if line), (width, lines)
            assert not any(line[0] in gfx.NO_LINE_START for line in lines[1:] if line), (width, lines)
            for a, b in zip(lines, lines[1:], strict=False):
                assert not (a[-1:].isdigit() and b[:1].isdigit()), (width, a, b)  # "2 / 5"


def test_rich_lines_break_where_gfx_wrap_breaks(app):
    """One mechanism: plain text wraps on the rules screen exactly as gfx.wrap wraps it."""
    from game.client.menus.rules import rich_lines

    for lang in ("en", "ja"):
        for text in _texts(lang):
            if "**" in text:
                continue
            for width in (140, 300, 520):
                assert [_plain(line) for line in rich_lines(text, 17, width)] == gfx.wrap(text, 17, width)


def test_protected_token_text_never_ends_a_line_with_an_opening_bracket(app):
    from game.client.menus.rules import rich_lines

    msg = "保護：他のプレイヤーの能力の対象にならない（トークンは対象になる）。"
    for width in range(120, 520):
        lines = [_plain(line) for line in rich_lines(msg, 17, width)]
        assert not any(line.endswith("（") for line in lines), (width, lines)


def test_bold_runs_survive_the_wrapping(app):
    from game.client.menus.rules import rich_lines

    text = "自分の前にカードを並べ、**表向きのカードの合計をちょうど25**にしましょう。"
    for width in range(100, 600, 5):
        lines = rich_lines(text, 17, width)
        bold = "".join(run for line in lines for run, b in line if b)
        assert bold == "表向きのカードの合計をちょうど25", (width, lines)
        assert all(b2 != b1 for line in lines for (_, b1), (_, b2) in zip(line, line[1:], strict=False))


# ---------------------------------------------------------------------------------------------- the section list
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(clients()))
def test_every_section_is_marked_somewhere_and_the_last_one_at_the_end(app, game, lang):
    """The gold marker stayed on "Scoring and the end" at the end of the page: the short last
    section never reached the top of the viewport."""
    from game.client.menus.rules import RulesScene

    i18n.set_language(lang)
    rules = app.scenes.push(RulesScene(app, game))
    frames(app)
    page, ids = rules.page, list(rules.page.anchors)
    assert page.section_at(rules.max_scroll) == ids[-1]
    assert page.section_at(0) == ids[0]
    seen = [page.section_at(scroll) for scroll in range(0, rules.max_scroll + 1, 4)]
    assert [sid for i, sid in enumerate(seen) if i == 0 or seen[i - 1] != sid] == ids  # each in turn
    key(app, pygame.K_END)
    assert rules.current_section() == ids[-1]


def _marked(app, rules) -> list[str]:
    """The sections whose button has the gold bar beside it, as drawn."""
    return [
        sid
        for b, sid in rules.section_buttons.items()
        if app.canvas.get_at((b.rect.left - 10, b.rect.centery))[:3] == gfx.GOLD
    ]


def test_a_clicked_section_is_marked_even_when_the_page_cannot_scroll_it_to_the_top(app):
    from game.client.menus.rules import NAV_X, RulesScene

    rules = app.scenes.push(RulesScene(app, "hacktrick"))
    frames(app, 12)
    assert next(iter(rules.section_buttons)).rect.left - 10 == NAV_X + 2  # where the bar is drawn
    assert _marked(app, rules) == ["goal"]
    for sid in ("example", "scoring", "example", "turn"):
        click_button(app, next(b for b, s in rules.section_buttons.items() if s == sid))
        frames(app)
        assert rules.current_section() == sid and _marked(app, rules) == [sid], (sid, rules.scroll)
    rules.scroll_to(rules.page.anchors["scoring"] - 200)  # scrolling again: the page says where
    frames(app)
    assert _marked(app, rules) == [rules.page.section_at(rules.scroll)] == ["turn"]


def test_the_game_shown_is_marked_among_the_three_games(app):
    """The current game's button looked like the other two."""
    from game.client.menus.rules import RulesScene

    rules = app.scenes.push(RulesScene(app, "ratjack"))
    frames(app, 12)

    def colours():
        return {
            game: app.canvas.get_at((b.rect.left + 12, b.rect.top + 6))[:3]
            for b, game in rules.game_buttons.items()
        }

    shown = colours()
    assert shown["hacktrick"] == shown["hakkutsu"] != shown["ratjack"], shown
    assert [game for b, game in rules.game_buttons.items() if b.is_selected] == ["ratjack"]
    current = next(b for b, game in rules.game_buttons.items() if game == "ratjack")
    click_button(app, current)  # a click on the game shown leaves it marked
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(700, 700), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    assert rules.game == "ratjack" and colours() == shown
    click_button(app, next(b for b, game in rules.game_buttons.items() if game == "hakkutsu"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(700, 700), rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 12)
    now = colours()
    assert (
        rules.game == "hakkutsu"
        and now["hakkutsu"] == shown["ratjack"]
        and now["ratjack"] == shown["hacktrick"]
    )


# ---------------------------------------------------------------------------------------------- the rulebooks
@pytest.mark.parametrize("name", sorted(p.name for p in DOCS.iterdir() if p.name.endswith(".md")))
def test_list_items_hold_only_their_own_line(name):
    """General rules (scoring of a hand, the end of the game) sat in the last bullet of a list
    ("Out of markers", "the deck runs out"): a line after an item must start a paragraph."""
    lines = (DOCS / name).read_text(encoding="utf-8").splitlines()
    for before, line in zip(lines, lines[1:], strict=False):
        if before.startswith("- "):
            assert not line.strip() or line.startswith(("- ", "!", "#")), (name, before, line)


@pytest.mark.parametrize(
    ("game", "section", "starts"),
    [
        ("hacktrick", "scoring", {"en": "The winner scores", "ja": "勝者は"}),
        ("hacktrick", "turn", {"en": "Or **pass**", "ja": "または無料で"}),
        ("ratjack", "scoring", {"en": "At the end of a round", "ja": "ラウンドの終わりに"}),
        ("ratjack", "turn", {"en": "The other card stays", "ja": "残りの1枚は"}),
        ("hakkutsu", "scoring", {"en": "The highest score wins", "ja": "最も得点の高い人の勝ち。"}),
    ],
)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_general_rules_are_paragraphs_after_the_list(game, section, starts, lang):
    blocks = rulebook.load(game, lang).section(section).blocks
    found = [b for b in blocks if b.text.startswith(starts[lang])]
    assert [b.kind for b in found] == ["paragraph"], [(b.kind, b.text[:40]) for b in blocks]
    assert not any(starts[lang] in b.text for b in blocks if b.kind == "item")


def test_rulebook_punctuation():
    for name in clients():
        for section in rulebook.load(name, "en").sections:
            for block in section.blocks:
                assert not re.search(r"[!?](\*\*)?\.", block.text), block.text  # "may not declare Play!."
    ja = rulebook.load("hakkutsu", "ja").section("scoring").blocks
    assert not any("ボーナス 最も" in b.text or "ボーナス** 最も" in b.text for b in ja)


# -- the rulebooks' content and opening the rules from the game (from test_client_polish.py)
def test_every_game_has_player_rules_in_both_languages_with_pictures_that_exist():
    import tomllib
    from pathlib import Path

    from game.client import rulebook

    manifest = tomllib.loads(
        (Path(__file__).resolve().parents[1] / "assets" / "manifest.toml").read_text("utf-8")
    )
    keys = {e["key"] for e in manifest["asset"]}
    for game in clients():
        en, ja = rulebook.load(game, "en"), rulebook.load(game, "ja")
        assert (en.lang, ja.lang) == ("en", "ja")
        assert en.ids() == ja.ids(), game
        assert {"goal", "components", "turn", "scoring", "example"} <= set(en.ids()), game
        assert clients()[game].pause_section in en.ids()
        for book in (en, ja):
            pictures = [k for s in book.sections for b in s.blocks if b.kind == "pictures" for k in b.keys]
            assert pictures and not set(pictures) - keys, (game, book.lang, set(pictures) - keys)
            if book.lang == "ja":  # no English paragraph under the Japanese interface
                texts = [b.text for s in book.sections for b in s.blocks if b.text] + [
                    s.title for s in book.sections
                ]
                assert all(any(ord(c) > 0x2E80 for c in text) for text in texts), book.game


def test_ratjack_rules_list_every_ability_and_token_from_the_string_tables():
    from game.client import rulebook
    from game.rules.ratjack.cards import FACES, FAMILIES

    for lang in ("en", "ja"):
        abilities = rulebook.load("ratjack", lang).section("abilities")
        assert [b.arg for b in abilities.blocks if b.kind == "abilities"] == list(FAMILIES)
        assert any(b.kind == "tokens" for b in rulebook.load("ratjack", lang).section("tokens").blocks)
        table = i18n.table(lang)
        assert all(f"rj.ability.{f}.{v}" in table for f in FAMILIES for v in range(1, 13))
        assert all(f"rj.token.{face}" in table for face in FACES)


def test_rules_parser_sections_directives_and_errors():
    from game.client.rulebook import parse, spans

    sections = parse(
        "## Goal {#goal}\nWin\nthe game.\n\n- an **item**\n!pictures 40 a.b c.d\n### Sub\n"
        "## 手番 {#turn}\n日本語の\n文章。\n!abilities rat\n!tokens\n",
        ("abilities", "tokens"),
    )
    assert [s.id for s in sections] == ["goal", "turn"]
    goal, turn = sections
    assert [(b.kind, b.text) for b in goal.blocks[:2]] == [
        ("paragraph", "Win the game."),
        ("item", "an **item**"),
    ]
    assert goal.blocks[2].keys == ("a.b", "c.d") and goal.blocks[2].height == 40
    assert turn.blocks[0].text == "日本語の文章。" and [b.kind for b in turn.blocks[1:]] == [
        "abilities",
        "tokens",
    ]
    assert spans("an **item** here") == [("an ", False), ("item", True), (" here", False)]
    for bad in ("text first", "## A\n!pictures x y", "## A\n!sparkles", "## A\n!tokens"):
        with pytest.raises(ValueError):  # a game's directive only where its game's rules are read
            parse(bad)


def _rules_button(app, scene):
    from game.client.menus.rules import RulesScene

    assert isinstance(app.scenes.top, RulesScene), app.scenes.top
    return app.scenes.top


def test_rules_open_from_the_pause_menu_at_the_section_that_matters(tmp_path, monkeypatch):
    from game.client.menus.title import TitleScene
    from game.client.registry import open_game

    app = make_app(tmp_path, monkeypatch, lang="ja")
    try:
        app.scenes.push(TitleScene(app))
        table = open_game(app, Session.new("ratjack", ["human", "random"], seed=2))
        frames(app)
        key(app, pygame.K_ESCAPE)
        click_button(app, app.scenes.top.b_rules)
        rules = _rules_button(app, table)
        assert rules.game == "ratjack" and rules.doc.lang == "ja"
        assert rules.scroll == min(rules.page.anchors["abilities"], rules.max_scroll) > 0
        assert rules.page.section_at(rules.scroll) == "abilities"
        key(app, pygame.K_ESCAPE)
        assert type(app.scenes.top).__name__ == "PauseScene"
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_rules_open_from_the_game_choice_and_the_setup(app):
    from game.client.menus.choose import GameChoiceScene

    choose = app.scenes.push(GameChoiceScene(app))
    frames(app)
    button = next(b for b, game in choose.rules_buttons.items() if game == "hakkutsu")
    click_button(app, button)
    rules = _rules_button(app, choose)
    assert rules.game == "hakkutsu" and rules.scroll == 0
    key(app, pygame.K_ESCAPE)
    click_button(app, next(b for b, game in choose.buttons.items() if game == "ratjack"))
    click_button(app, app.scenes.top.b_rules)
    assert _rules_button(app, choose).game == "ratjack"


def test_rules_scroll_with_wheel_keys_and_scroll_bar_and_switch_games(app):
    from game.client.menus.rules import RulesScene

    rules = app.scenes.push(RulesScene(app, "ratjack"))
    frames(app)
    assert rules.max_scroll > 2000  # every ability is there
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    )
    frames(app)
    assert rules.scroll > 0
    key(app, pygame.K_END)
    assert rules.scroll == rules.max_scroll
    key(app, pygame.K_HOME)
    key(app, pygame.K_PAGEDOWN)
    assert 300 < rules.scroll < rules.inner.h
    key(app, pygame.K_UP)
    paged = rules.scroll
    track = rules.track()
    click(app, (track.centerx, track.bottom - 4))  # a click on the track pages down
    assert rules.scroll > paged
    thumb = rules.thumb()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom), rel=(0, 1), buttons=(1, 0, 0)
        )
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.bottom), button=1))
    frames(app)
    assert rules.scroll == rules.max_scroll  # dragged to the end
    click_button(app, next(b for b, sid in rules.section_buttons.items() if sid == "scoring"))
    assert rules.page.section_at(rules.scroll) == "scoring"
    click_button(app, next(b for b, game in rules.game_buttons.items() if game == "hacktrick"))
    assert rules.game == "hacktrick" and rules.scroll == 0 and "example" in rules.section_buttons.values()

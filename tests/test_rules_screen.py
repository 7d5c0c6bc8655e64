"""The rules screen: its lines break like every other text (gfx.wrap's kinsoku rules), the section
list marks where the reader is (the short last sections too), the game shown is marked, and the
rulebooks keep general rules out of the bullet lists."""

from __future__ import annotations

import re

import pygame
import pytest

from game.client import gfx, i18n, rulebook
from game.client.games import clients

from .client_helpers import click_button, frames, key

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

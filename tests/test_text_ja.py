"""Japanese text as the reviewer read it: numbers kept whole by the line wrapping, ranges written
with 〜, and the Hacktrick log listing card values apart ("2、4", not "24")."""

from __future__ import annotations

import re

import pygame
import pytest

from game.client import gfx, i18n

RATJACK_GOAL = "自分の前にカードを並べ、表向きのカードの合計をちょうど25にしましょう。カードの能力とボーナストークンで値はどんどん変わります。"


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    gfx.clear_cache()  # fonts cached before an earlier test's pygame.quit() are dead
    yield
    i18n.set_language("en")


def _split_numbers(lines: list[str]) -> list[tuple[str, str]]:
    """Pairs of lines where a number (or a Latin word) runs on from one line to the next."""
    return [(a, b) for a, b in zip(lines, lines[1:], strict=False)
            if a and b and re.match(r"[0-9A-Za-z]", b[0]) and re.search(r"[0-9A-Za-z×+−]$", a)]


def test_tokens_keep_numbers_signs_and_latin_words_whole_in_japanese():
    text = "ちょうど25にしましょう ×2マーカー +5トークン −3点 1 VPを得る 2〜4人用 3つ"
    toks = [text[start:end] for start, end, _ in gfx.pieces(text)]
    for whole in ("25", "×2マーカー", "+5トークン", "−3点", "VP", "2〜4人", "3つ"):
        assert whole in toks, (whole, toks)
    # Japanese characters stay separate pieces: a line may still break between them
    assert toks[:4] == ["ち", "ょ", "う", "ど"] and "に" in toks and "用" in toks


def test_wrap_never_splits_a_number_in_japanese_text():
    """Ratjack's goal read "…ちょうど2 / 5にしましょう": the number broke across the lines."""
    widths = range(60, 700, 3)
    for width in widths:
        lines = gfx.wrap(RATJACK_GOAL, 17, width)
        assert "".join(lines) == RATJACK_GOAL
        assert not _split_numbers(lines), (width, lines)
        assert any("25" in line for line in lines), (width, lines)
        for line in lines:
            assert gfx.font(17).size(line)[0] <= width, (width, lines)


@pytest.mark.parametrize("msg", [
    "自分のマーカーが一直線に3つ、または1マスに3つ揃えばハンドの勝ち（×2マーカーなら2点）。「プレイ！」を宣言。",
    "保護：他のプレイヤーの能力の対象にならない（トークンは対象になる）。カードの値が10増える（+10）。",
    "3つの発掘現場で岩石カードを掘り、基地へ運んで最高のコレクションを作ります。2〜4人用。",
])
def test_japanese_wrapping_keeps_the_kinsoku_rules(msg):
    for width in range(90, 520, 2):
        lines = gfx.wrap(msg, 15, width)
        assert "".join(lines) == msg
        assert not any(line[0] in gfx.NO_LINE_START for line in lines[1:]), (width, lines)
        assert not any(line[-1] in gfx.NO_LINE_END for line in lines[:-1]), (width, lines)
        assert not _split_numbers(lines), (width, lines)
        last = lines[-1].rstrip("".join(gfx.NO_LINE_START))
        assert len(lines) == 1 or len(last) > 1 or not gfx._is_cjk(last), (width, lines)  # no orphan


def test_a_formula_is_not_broken_beside_its_signs():
    """The Hakkutsu!! example broke "score 3 / × 3 = 9"."""
    msg = "printed points 1 + 1 + 0 = 2, and three fossils score 3 × 3 = 9 fossil points. With the Fossil Museum"
    for width in range(120, 700, 3):
        lines = gfx.wrap(msg, 17, width)
        assert " ".join(lines) == msg
        for line in lines:
            assert not re.match(r"[×=+] ", line) and not re.search(r" [×=+]$", line), (width, lines)


def test_the_game_choice_writes_player_ranges_with_a_wave_dash_in_japanese():
    from game.client.menus.choose import players_text
    from game.rules import GAMES

    i18n.set_language("ja")
    assert players_text(GAMES["ratjack"]) == "2〜4人用" and players_text(GAMES["hacktrick"]) == "2人用"
    assert players_text(None) == "?人用"
    for name in ("ratjack", "hakkutsu"):
        desc = i18n.t(f"game.{name}.description")
        assert "2〜4人用" in desc and "–" not in desc
        for width in range(80, 330, 2):  # the description never ends "2〜4 / 人用"
            lines = gfx.wrap(desc, 15, width)
            assert any("2〜4人用" in line for line in lines), (width, lines)
    i18n.set_language("en")
    assert players_text(GAMES["ratjack"]) == "2–4 players"


# ---------------------------------------------------------------------------------------------- Hacktrick
def _names(p: int) -> str:
    return i18n.You(i18n.t("log.you")) if p == 0 else i18n.t("seat.name.mcts_easy")


CARD_EVENTS = [
    {"type": "hand_started", "hand": 1, "dealer": 0, "aside": [2, 4]},
    {"type": "cards_dealt", "player": 0, "cards": [0, 2, 3, 5]},
    {"type": "hand_revealed", "player": 1, "cards": [1, 3]},
]


def test_hacktrick_log_lists_card_values_apart_in_japanese():
    """"除外カード24。" and "あなたの手札: 0235。" read as the numbers 24 and 235."""
    from game.client.scenes.hacktrick.log_text import describe

    i18n.set_language("ja")
    aside, dealt, revealed = (describe(ev, _names) for ev in CARD_EVENTS)
    assert "2、4" in aside and "24" not in aside, aside
    assert dealt == "あなたの手札: 0、2、3、5。"
    assert "1、3" in revealed and "13" not in revealed, revealed
    i18n.set_language("en")
    assert [describe(ev, _names) for ev in CARD_EVENTS] == [
        "Hand 1: you deal; set aside 2, 4.", "Dealt to you: 0, 2, 3, 5.",
        "Easy bot cannot play and reveals 1, 3."]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hacktrick_revealed_hands_on_the_table_list_card_values_apart(lang):
    from game.client.scenes.hacktrick.view_model import cards_text, notes

    i18n.set_language(lang)
    sep = i18n.t("list.sep")
    assert cards_text([0, 2, 5]) == f"0{sep}2{sep}5"
    view = {"revealed": [{"player": 1, "cards": [1, 3]}]}
    assert notes(view, 1, {}) == [i18n.t("ht.revealed", cards=f"1{sep}3")]


def test_a_katakana_word_is_not_split_across_lines():
    """The review saw "2コイ / ン" and "オ / パール": a line broke inside a katakana word."""
    msg = "オパールを掘るには2コインが必要です。メタモルフィック・ラボのボーナス。"
    for width in range(60, 520, 2):
        lines = gfx.wrap(msg, 15, width)
        assert "".join(lines) == msg
        for word in ("オパール", "2コイン", "メタモルフィック", "ボーナス"):
            if gfx.font(15).size(word)[0] > width:
                continue  # a word wider than the box is still cut, so that no line runs past it
            start = msg.index(word)
            pos = 0
            for line in lines[:-1]:
                pos += len(line)
                assert not start < pos < start + len(word), (width, lines)

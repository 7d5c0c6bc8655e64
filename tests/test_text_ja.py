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
    return [
        (a, b)
        for a, b in zip(lines, lines[1:], strict=False)
        if a and b and re.match(r"[0-9A-Za-z]", b[0]) and re.search(r"[0-9A-Za-z×+−]$", a)
    ]


def _split_words(msg: str, words, size: int, width: int) -> list[str]:
    """The ``words`` of ``msg`` that the wrap to ``width`` splits across two lines although they fit it."""
    lines = gfx.wrap(msg, size, width)
    assert "".join(lines).replace(" ", "") == msg.replace(" ", ""), (width, lines)
    ends, pos = [], 0
    for line in lines[:-1]:
        pos = msg.index(line, pos) + len(line)
        ends.append(pos)
    split = []
    for word in words:
        start = msg.index(word)
        stop = start + len(word)
        while stop < len(msg) and msg[stop] in gfx.NO_LINE_START:
            stop += 1  # the "。" after it goes down with it
        if gfx.font(size).size(msg[start:stop])[0] <= width and any(
            start < end < start + len(word) for end in ends
        ):
            split.append(word)  # a word wider than the box is still cut, so that no line runs past it
    return split


def test_numbers_signs_and_latin_words_stay_whole_in_japanese():
    text = "ちょうど25にしましょう ×2マーカー +5トークン −3点 1 VPを得る 2〜4人用 3つ"
    for width in range(40, 400, 2):
        assert not _split_words(
            text, ("25", "×2マーカー", "+5トークン", "−3点", "VP", "2〜4人", "3つ"), 15, width
        ), width


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


@pytest.mark.parametrize(
    "msg",
    [
        "自分のマーカーが一直線に3つ、または1マスに3つ揃えばハンドの勝ち（×2マーカーなら2点）。「プレイ！」を宣言。",
        "保護：他のプレイヤーの能力の対象にならない（トークンは対象になる）。カードの値が10増える（+10）。",
        "3つの発掘現場で岩石カードを掘り、基地へ運んで最高のコレクションを作ります。2〜4人用。",
    ],
)
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
    """ "除外カード24。" and "あなたの手札: 0235。" read as the numbers 24 and 235."""
    from game.client.scenes.hacktrick.log_text import describe

    i18n.set_language("ja")
    aside, dealt, revealed = (describe(ev, _names) for ev in CARD_EVENTS)
    assert "2、4" in aside and "24" not in aside, aside
    assert dealt == "あなたの手札: 0、2、3、5。"
    assert "1、3" in revealed and "13" not in revealed, revealed
    i18n.set_language("en")
    assert [describe(ev, _names) for ev in CARD_EVENTS] == [
        "Hand 1: you deal; set aside 2, 4.",
        "Dealt to you: 0, 2, 3, 5.",
        "Easy bot cannot play and reveals 1, 3.",
    ]


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
        assert not _split_words(msg, ("オパール", "2コイン", "メタモルフィック", "ボーナス"), 15, width), (
            width
        )


def test_japanese_lines_break_between_phrases():
    """The review saw "な／りません" and "赤／ネズミ 11": lines broke inside words wherever a character
    fitted. They break between BudouX phrases; a word is cut only when it does not fit its line."""
    i18n.set_language("ja")
    must = i18n.t("ht.status_must")  # 「プレイ！」を宣言されました。カードを出さなければなりません。
    card = f"{i18n.t('rj.decks.rat-red')} 11"
    texts = {
        must: ("出さなければなりません。", ["なりません", "出さなければ", "宣言されました。"]),
        i18n.t("rj.btn.face_down", card=card): (card, [card]),
        i18n.t("rj.tip.card", card=card, value=11): (card, [card]),
    }
    for msg, (narrowest, words) in texts.items():
        assert all(word in msg for word in words), msg
        for width in range(gfx.font(15).size(narrowest)[0], 520, 2):
            assert not _split_words(msg, words, 15, width), (width, gfx.wrap(msg, 15, width))
    # between phrases: "カードを / 出さなければなりません。", not "カードを出さなければな / りません。"
    assert gfx.wrap(must, 15, gfx.font(15).size("「プレイ！」を宣言されました。カードを出")[0]) == [
        "「プレイ！」を宣言されました。カードを",
        "出さなければなりません。",
    ]


# One term per thing: the player rules' word, wherever a player reads Japanese.
RULES_TERMS = {"カート": "荷車", "基地": "ベース", "重さ": "運搬"}


def test_japanese_texts_use_the_rules_terms():
    """The rules said カート and 基地, the table 荷車 and ベース (and 運搬 for a card's 重さ)."""
    import tomllib
    from pathlib import Path

    from game.client.rulebook import __file__ as rulebook_init
    from tools.art import hakkutsu as H

    rulebook = Path(rulebook_init).parent
    rules = (rulebook / "hakkutsu.ja.md").read_text(encoding="utf-8")
    manifest = tomllib.loads(
        (Path(gfx.__file__).parents[2] / "assets" / "manifest.toml").read_text(encoding="utf-8")
    )
    texts = {f"i18n {key}": text for key, text in i18n.table("ja").items()}
    texts |= {path.name: path.read_text(encoding="utf-8") for path in rulebook.glob("*.ja.md")}
    texts |= {f"face {a['key']}": a["role"] for a in manifest["asset"] if a.get("lang") == "ja"}
    texts |= {f"face text {key}": text for key, text in H.TEXT_JA.items()}
    for term, other in RULES_TERMS.items():
        assert term in rules
        assert not [where for where, text in texts.items() if other in text], other
    assert "BASE 基地" in Path(H.__file__).read_text(encoding="utf-8")  # the base tile's label


def test_japanese_faces_print_the_japanese_name_first():
    from tools.art import hakkutsu as H

    data = H.card_data()
    for entry in [*H.rock_cards(), *data["equipment"], *data["museum"]]:
        assert H.names_in(entry, "ja") == (entry["name_ja"], entry["name"])
        assert H.names_in(entry, "en") == (entry["name"], entry["name_ja"])

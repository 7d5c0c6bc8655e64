"""Japanese lines even out (after a real-window review: a lesson's note ended on "使います。" alone, the
Ratjack prompt on "残ります）。"): where the last line of a paragraph is short, the paragraph breaks as
if narrower, in as many lines, still between phrases, so that the last line is not one short word."""

from __future__ import annotations

import pygame
import pytest

from game.client import gfx, i18n
from game.client.scenes.ratjack.layout import PROMPT
from game.client.tutorial.guide import MARGIN, PANEL_WIDTHS, TEXT_SIZE

DECKS = "tutorial.ratjack.decks"  # デッキは…今回は能力が同じ2つのネズミデッキを使います。 (a lesson's note)
SETUP = "rj.prompt.setup"  # 新しいラウンド：場に裏向きで置くカードをクリック（もう1枚は手札に残ります）。


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    gfx.clear_cache()
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def greedy(msg: str, size: int, width: int) -> list[str]:
    """The lines as they broke before: each as full as it may be (the balancing switched off)."""
    saved = gfx.SHORT_LAST
    gfx.SHORT_LAST = 0.0
    original = gfx._balanced
    gfx._balanced = lambda para, parts, quality, width, measure, starts: starts
    try:
        gfx.clear_cache()
        return gfx.wrap(msg, size, width)
    finally:
        gfx.SHORT_LAST, gfx._balanced = saved, original
        gfx.clear_cache()


def phrase_breaks(msg: str, lines: list[str]) -> bool:
    """Every break between ``lines`` is between two BudouX phrases (or at a space)."""
    quality = {start: q for start, _, q in gfx.pieces(msg)}
    at = 0
    for line in lines[:-1]:
        at = msg.index(line, at) + len(line)
        while msg[at] == " ":
            at += 1
        if quality.get(at) != gfx.PHRASE:
            return False
    return True


@pytest.mark.parametrize(
    "key,size,width",
    [(DECKS, TEXT_SIZE, PANEL_WIDTHS[0] - 2 * MARGIN), (SETUP, 15, PROMPT.width - 20)],
)
def test_a_short_last_line_evens_out_in_as_many_lines_between_phrases(key, size, width):
    msg = i18n.t(key)
    before, after = greedy(msg, size, width), gfx.wrap(msg, size, width)
    f = gfx.font(size)
    assert "".join(after).replace(" ", "") == msg.replace(" ", "")
    assert len(after) == len(before) and all(f.size(line)[0] <= width for line in after)
    assert phrase_breaks(msg, after)
    last_before, last_after = f.size(before[-1])[0], f.size(after[-1])[0]
    assert last_before < width / 2  # (the review's case: one short word alone)
    assert last_after > last_before and last_after >= width / 3, after


def test_lines_that_are_not_short_at_the_end_and_english_are_left_as_they_were():
    msg = i18n.t(DECKS)
    width = gfx.font(15).size(msg[: len(msg) * 2 // 3])[0]  # two lines, the second half as long
    assert gfx.wrap(msg, 15, width) == greedy(msg, 15, width)
    english = "Put one of your cards face down and keep the other in your hand for later."
    for width in range(120, 400, 10):
        assert gfx.wrap(english, 15, width) == greedy(english, 15, width)

"""Hakkutsu!!'s equipment and museum card backs print the name in the interface's language first (after
a real-window review: in Japanese they printed "EQUIPMENT" / "MUSEUM · LAB" on top, the fronts
"装備カード"-first): a Japanese back, shown at a Japanese table."""

from __future__ import annotations

import pygame
import pytest

from game.client import gfx, i18n
from game.client.assets import Assets
from tools.art import draw as D
from tools.art import hakkutsu as H

BACKS = {"equipment": H.EQUIPMENT_BACK, "museum": H.MUSEUM_BACK}


@pytest.fixture(scope="module")
def assets():
    D.init()
    return Assets()


@pytest.mark.parametrize("kind", BACKS)
def test_a_japanese_back_prints_the_japanese_name_on_top(assets, kind):
    english, japanese = BACKS[kind]
    assert H.back_labels(BACKS[kind], "ja") == (japanese, english)
    assert H.back_labels(BACKS[kind], "en") == (english, japanese)
    hue = H.EQUIPMENT_HUE if kind == "equipment" else H.MUSEUM_HUE
    en, ja = H.plain_back(english, japanese, hue), H.plain_back(english, japanese, hue, "ja")
    w, h = en.get_size()

    def same(top: int) -> bool:  # the band of a fifth of the height from ``top`` is the same in both
        band = pygame.Rect(0, top, w, h // 5)
        return pygame.image.tobytes(en.subsurface(band), "RGBA") == pygame.image.tobytes(
            ja.subsurface(band), "RGBA"
        )

    assert (
        same(2 * h // 5) and not same(0) and not same(4 * h // 5)
    )  # the emblem as it was; the names swapped
    key = f"hakkutsu.{kind}.back"
    entry = assets.entry(f"{key}.ja")
    assert entry["variant_of"] == key and entry["lang"] == "ja"
    assert assets.path(f"{key}.ja").read_bytes() != assets.path(key).read_bytes()


def test_a_japanese_table_shows_the_japanese_backs(assets):
    i18n.set_language("ja")
    try:
        for kind in BACKS:
            assert gfx.localized(assets, f"hakkutsu.{kind}.back") == f"hakkutsu.{kind}.back.ja"
    finally:
        i18n.set_language("en")
    assert gfx.localized(assets, "hakkutsu.museum.back") == "hakkutsu.museum.back"

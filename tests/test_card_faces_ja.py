"""Japanese card faces: every face that prints English rules text has a ``<key>.ja`` variant, its
text fits, and the tables show the face of the interface's language."""

from __future__ import annotations

import re

import pygame
import pytest

from game.client import gfx, i18n
from game.client.assets import DEFAULT_ROOT, Assets
from game.client.menus.title import TitleScene
from game.client.registry import open_game
from game.client.session import Session
from game.rules.hakkutsu.data import DATA
from tests.client_helpers import fast_app, frames
from tools import build_assets
from tools.art import draw as D
from tools.art import hakkutsu as H
from tools.art import ratjack as R

DECKS = ("rat-red", "rat-blue", "weasel", "raccoon")
LATIN = re.compile(r"[A-Za-z]")


@pytest.fixture(scope="module")
def assets():
    D.init()
    return Assets()


def english_text_faces() -> list[str]:
    """The keys of the faces that print English words or a card's names (in Japanese the Japanese
    name comes first)."""
    data = H.card_data()
    return (
        [f"ratjack.card.{d}.{v}" for d in DECKS for v in range(1, 13)]
        + [f"hakkutsu.equipment.{e['key']}" for e in data["equipment"]]
        + [f"hakkutsu.museum.{m['key']}" for m in data["museum"]]
        + [f"hakkutsu.rock.{c['key']}" for c in H.rock_cards()]
        + ["hakkutsu.cart.alpha", "hakkutsu.cart.beta"]
        + ["hakkutsu.equipment.back", "hakkutsu.museum.back"]
    )


def test_every_face_with_english_text_has_a_different_japanese_face(assets):
    keys = english_text_faces()
    assert len(keys) == 48 + 7 + 9 + 29 + 2 + 2
    for key in keys:
        ja = f"{key}.ja"
        assert ja in assets, ja
        entry, base = assets.entry(ja), assets.entry(key)
        assert entry["lang"] == "ja" and entry["variant_of"] == key
        assert entry["file"] == base["file"].replace("/", "/ja/", 1)
        assert entry.get("back") == base.get("back")
        assert assets.image(ja).get_size() == assets.image(key).get_size()
        assert assets.path(ja).read_bytes() != assets.path(key).read_bytes(), f"{ja} looks like {key}"
    variants = {k for k in assets.keys() if k.endswith(".ja")}
    assert variants == {f"{k}.ja" for k in keys}  # and nothing else (faces in both languages need none)


def test_the_japanese_faces_are_built_as_they_are_in_assets(tmp_path):
    only = ["ratjack.card.weasel.10.ja", "hakkutsu.equipment.detector.ja", "hakkutsu.museum.fossil-museum.ja"]
    built = build_assets.build(tmp_path, only=only)
    assert built == only
    specs = {s.key: s for s in build_assets.all_specs()}
    for key in built:
        assert (tmp_path / specs[key].file).read_bytes() == (DEFAULT_ROOT / specs[key].file).read_bytes(), key


def test_japanese_texts_fit_their_boxes_in_readable_sizes():
    D.init()
    for deck in DECKS:
        for v in range(1, 13):
            text = R.deck_ability(deck, v, "ja")
            assert text and not LATIN.search(text), text
            fnt, lines, _, fits = R.ability_layout(deck, v, "ja")
            assert fits and fnt.get_height() >= 15 and len(lines) <= 4, (deck, v, lines)  # 10 px or more
            assert "".join(lines) == "".join(text.split())
            assert R.ability_layout(deck, v, "en")[3], (deck, v)
    assert R.deck_ability("rat-red", 7, "ja") == R.deck_ability("rat-blue", 7, "ja")
    for eq in H.card_data()["equipment"]:
        fnt, lines, _, fits = H.equipment_layout(eq, "ja")
        assert fits and fnt.get_height() >= 15, (eq["key"], lines)
        assert H.equipment_layout(eq, "en")[3], eq["key"]
    box_w = H.BODY.w - 16  # a museum's bonus box, less its margins
    for m in H.card_data()["museum"]:
        for line in H.museum_lines_ja(m):
            assert D.font(9, True, jp=True).size(line)[0] <= box_w, line
    for card in H.rock_cards():
        note = H.rock_note(card, "ja")
        assert note is None or D.font(9, True, jp=True).size(note)[0] <= H.BODY.w - 18, note


def test_wrap_ja_breaks_between_phrases_balanced_and_never_before_a_comma():
    D.init()
    fnt = D.font(11, True, jp=True)
    lines = D.wrap_ja("自分の 裏向きの カードを 表にし、 能力を 使う", fnt, 78)
    assert "".join(lines) == "自分の裏向きのカードを表にし、能力を使う"
    assert all(fnt.size(line)[0] <= 78 for line in lines)
    widths = [fnt.size(line)[0] for line in lines]
    assert max(widths) - min(widths) < 40  # balanced: no lone short word
    # A phrase too long for a line breaks between characters, but 、 and ー never start a line.
    for line in D.wrap_ja("ほかのコマがいる発掘現場でも、ドリルーを使う", fnt, 40)[1:]:
        assert line[0] not in D.NO_LINE_START
    # Latin text wraps as before; a long Japanese word in it breaks instead of overflowing.
    assert D.wrap("Take the top discard", fnt, 78) == ["Take the top", "discard"]
    assert all(
        fnt.size(line)[0] <= 120
        for line in D.wrap("role: 予備か他のプレイヤーのカードからトークン", fnt, 120)
    )


def test_localized_keys(assets):
    assert assets.localized("ratjack.card.weasel.3", "ja") == "ratjack.card.weasel.3.ja"
    assert assets.localized("ratjack.card.weasel.3", "en") == "ratjack.card.weasel.3"
    assert assets.localized("ratjack.card.back", "ja") == "ratjack.card.back"  # printed in both languages
    assert assets.localized("hakkutsu.rock.granite", "ja") == "hakkutsu.rock.granite.ja"  # 花崗岩 first
    i18n.set_language("ja")
    assert gfx.localized(assets, "hakkutsu.equipment.jeep") == "hakkutsu.equipment.jeep.ja"
    i18n.set_language("en")
    assert gfx.localized(assets, "hakkutsu.equipment.jeep") == "hakkutsu.equipment.jeep"


# ------------------------------------------------------------------------------ the tables
@pytest.fixture
def app(tmp_path, monkeypatch):
    yield from fast_app(tmp_path, monkeypatch)


def _start(app, game: str):
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new(game, ["human", "random"], seed=3))
    frames(app, 2)
    return scene


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_the_ratjack_table_shows_the_faces_of_the_interface_language(app):
    scene = _start(app, "ratjack")
    card, size = {"deck": "weasel", "value": 3}, (84, 118)
    en = gfx.image(app.assets, "ratjack.card.weasel.3", size)
    ja = gfx.image(app.assets, "ratjack.card.weasel.3.ja", size)
    assert not _same(en, ja)
    assert _same(scene.card_image(card, size), en)
    app.set_language("ja")  # what Settings does
    frames(app, 2)
    assert _same(scene.card_image(card, size), ja)
    assert _same(scene.card_image(None, size), gfx.image(app.assets, "ratjack.card.back", size))
    app.set_language("en")
    assert _same(scene.card_image(card, size), en)


def test_the_hakkutsu_table_shows_the_faces_of_the_interface_language(app):
    scene = _start(app, "hakkutsu")
    cart = DATA.modes[scene.display["mode"]]["cart"]
    museum = next(m for m in H.card_data()["museum"] if m["key"] == "gem-lab")
    skull, granite = ({"key": k} for k in ("dinosaur-skull", "granite"))
    size = (64, 90)
    shown = {"en": [], "ja": []}
    for lang in ("en", "ja"):
        app.set_language(lang)
        frames(app, 2)
        shown[lang] = [
            scene.equipment_image("jeep", size),
            scene.museum_image(museum, size),
            scene.rock_image(skull, size),
            scene.rock_image(granite, size),
            scene.cart_image(),
        ]
    suffix = {"en": "", "ja": ".ja"}
    for lang, images in shown.items():
        expected = [
            gfx.image(app.assets, f"hakkutsu.equipment.jeep{suffix[lang]}", size),
            gfx.image(app.assets, f"hakkutsu.museum.gem-lab{suffix[lang]}", size),
            gfx.image(app.assets, f"hakkutsu.rock.dinosaur-skull{suffix[lang]}", size),
            gfx.image(app.assets, f"hakkutsu.rock.granite{suffix[lang]}", size),
            gfx.image(app.assets, f"hakkutsu.cart.{cart}{suffix[lang]}"),
        ]
        assert all(_same(a, b) for a, b in zip(images, expected, strict=True)), lang
    assert not any(_same(a, b) for a, b in zip(shown["en"], shown["ja"], strict=True))
    app.set_language("en")

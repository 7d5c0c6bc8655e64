"""Hakkutsu!! (ハックツ!!) art: rock cards, kind icons, card backs, map tiles, pawns, coin,
equipment and museum/laboratory cards, cart tracks.

Card data comes from the engine's data file ``game/rules/hakkutsu/cards.toml`` (read with
``tomllib``; the engine itself is not imported).

Faces that print English rules text (equipment, museums, the rocks with a ribbon note, the cart
track's labels) also exist in Japanese: key ``<key>.ja``, file ``hakkutsu/ja/...``.
"""

from __future__ import annotations

import random
import tomllib
from functools import cache
from pathlib import Path

import pygame

from tools.art import draw as D
from tools.art import palette as P
from tools.art import rocks
from tools.art.spec import AssetSpec, variant

CARDS_FILE = Path(__file__).resolve().parents[2] / "game" / "rules" / "hakkutsu" / "cards.toml"
# The client's English texts: an equipment card prints its effect in the words the table shows beside it.
TEXTS_EN = Path(__file__).resolve().parents[2] / "game" / "client" / "i18n" / "en.hakkutsu.toml"
#: The game's colour in the shared UI art (its thumbnail's frame, the title's cards).
HUE = (242, 165, 65)
CARD_W, CARD_H = 100, 140
TILE = 100
PAWN = 48
COIN = 40
AREA_COLOURS = {
    "A": (150, 176, 96),
    "B": (196, 140, 76),
    "C": (150, 84, 96),
    "C1": (150, 84, 96),
    "C2": (120, 80, 140),
}
AREA_SOIL = {
    "A": ((196, 184, 128), (164, 148, 96)),
    "B": ((176, 128, 84), (140, 96, 60)),
    "C": ((134, 82, 80), (96, 56, 60)),
}
EQUIPMENT_HUE = (64, 120, 150)
BODY = pygame.Rect(2, 1, CARD_W - 4, CARD_H - 5)  # the body D.card_base leaves (default margins)
EFFECT_BOX = pygame.Rect(BODY.x + 4, BODY.y + 81, BODY.w - 8, BODY.h - 84)  # equipment effect text
MUSEUM_HUE = (120, 90, 60)


@cache
def card_data() -> dict:
    """The parsed Hakkutsu data file (rocks, museums, equipment, cart)."""
    return tomllib.loads(CARDS_FILE.read_text(encoding="utf-8"))


@cache
def effect_texts() -> dict[str, str]:
    """The equipment effects in English as the client words them (``[hk.equipment]``)."""
    return tomllib.loads(TEXTS_EN.read_text(encoding="utf-8"))["hk"]["equipment"]


def rock_cards() -> list[dict]:
    """Distinct rock cards (one entry per card id), in data-file order."""
    return list(card_data()["rock"])


def _badge(c: D.SS_Canvas, centre, r, fill, ring) -> None:
    c.circle(ring, centre, r)
    c.circle(fill, centre, r - 1.6)


def _coin_icon(c: D.SS_Canvas, cx, cy, r) -> None:
    c.circle((150, 100, 20), (cx, cy), r)
    c.circle(P.GOLD, (cx, cy), r - 1.2)
    c.circle((250, 214, 110), (cx, cy), r - 3.2, width=0.8)


def _weight_icon(c: D.SS_Canvas, cx, cy, r) -> None:
    c.polygon(
        (70, 70, 80),
        [(cx - r * 0.55, cy - r * 0.45), (cx + r * 0.55, cy - r * 0.45), (cx + r, cy + r), (cx - r, cy + r)],
    )
    c.circle((70, 70, 80), (cx, cy - r * 0.7), r * 0.42, width=1.4)


def rock_note(card: dict, lang: str = "en") -> str | None:
    """The ribbon note of a rock card with something special (an ability, a skull's 2 fossils)."""
    ja = lang == "ja"
    if card.get("ability") == "movement":
        return f"所有: 移動力+{card['ability_value']}" if ja else f"owned: move +{card['ability_value']}"
    if card.get("ability") == "refill":
        return f"所有: コイン補充{card['ability_value']}" if ja else f"owned: refill {card['ability_value']}"
    if card.get("fossil_value", 1) > 1:
        return f"化石{card['fossil_value']}つ分" if ja else f"counts as {card['fossil_value']} fossils"
    return None


def names_in(entry: dict, lang: str) -> tuple[str, str]:
    """A card's names as its face in ``lang`` prints them: that language's name first."""
    return (entry["name_ja"], entry["name"]) if lang == "ja" else (entry["name"], entry["name_ja"])


def rock_face(card: dict, lang: str = "en") -> pygame.Surface:
    """A rock card face: area badge, kind icon, illustration, names en/ja, cost/carry/points, and
    the ribbon note in ``lang``."""
    area = card["area"]
    hue = AREA_COLOURS[area]
    surf, body = D.card_base(
        CARD_W, CARD_H, D.lighten(hue, 0.82), D.lighten(hue, 0.6), D.darken(hue, 0.5), radius=10
    )
    # Illustration window.
    win = pygame.Rect(body.x + 6, body.y + 6, body.w - 12, 62)
    surf.blit(
        D.rounded_panel(win.w, win.h, 7, D.lighten(hue, 0.55), D.lighten(hue, 0.3), D.darken(hue, 0.3), 1),
        win.topleft,
    )
    art = rocks.illustration(card["key"], 60)
    surf.blit(art, art.get_rect(center=(win.centerx, win.centery + 1)))
    # Area badge (top-left) and kind icon (top-right).
    c = D.SS_Canvas(CARD_W, CARD_H)
    _badge(c, (body.x + 13, body.y + 13), 10, hue, D.darken(hue, 0.5))
    surf.blit(c.result(), (0, 0))
    D.text(
        surf, area, D.font(10 if len(area) > 1 else 12, True), P.PAPER, center=(body.x + 13, body.y + 12.5)
    )
    icon = rocks.kind_icon(card["kind"], 20)
    surf.blit(icon, (body.right - 24, body.y + 3))
    # Names: the face's language first, big; the other one small under it.
    first, second = names_in(card, lang)
    D.text(
        surf,
        first,
        D.fit_font(first, body.w - 8, 13, bold=True, jp=lang == "ja", min_size=8),
        P.INK,
        center=(body.centerx, body.y + 78 - (lang == "ja")),
    )
    D.text(
        surf,
        second,
        D.fit_font(second, body.w - 8, 11, jp=lang != "ja", min_size=7),
        D.darken(hue, 0.55),
        center=(body.centerx, body.y + 93),
    )
    # Stats row: cost (coin), carry (weight), points (star).
    sc = D.SS_Canvas(CARD_W, CARD_H)
    y = body.bottom - 18
    xs = (body.x + 18, body.centerx, body.right - 18)
    for x in xs:
        sc.circle((255, 255, 255, 150), (x, y), 13)
    _coin_icon(sc, xs[0], y, 12)
    _weight_icon(sc, xs[1], y + 1, 10)
    sc.polygon((220, 70, 60), D.star_points(xs[2], y, 14, 6.2))
    surf.blit(sc.result(), (0, 0))
    f = D.font(13, True)
    D.text(surf, str(card["cost"]), f, (100, 60, 10), center=(xs[0], y - 1))
    D.text(surf, str(card["carry"]), f, P.PAPER, center=(xs[1], y + 3))
    D.text(surf, str(card["points"]), D.font(12, True), P.PAPER, center=(xs[2], y + 0.5))
    note = rock_note(card, lang)
    if note:
        ribbon = D.surface(win.w, 13)
        ribbon.fill((150, 50, 30, 225))
        surf.blit(D.apply_mask(ribbon, D.rounded_mask(win.w, 13, 5)), (win.x, win.bottom - 13))
        D.text(
            surf,
            note,
            D.fit_font(note, win.w - 6, 9, bold=True, jp=lang == "ja", min_size=7),
            P.PAPER,
            center=(win.centerx, win.bottom - 6.5 - (lang == "ja") * 0.5),
        )
    return surf


def card_back(area: str) -> pygame.Surface:
    """The back of area ``area`` rock cards: soil colour, crossed pickaxes, big area letter."""
    top, bottom = AREA_SOIL[area]
    surf, body = D.card_base(
        CARD_W,
        CARD_H,
        D.darken(top, 0.1),
        D.darken(bottom, 0.35),
        D.darken(bottom, 0.65),
        radius=10,
        inner_line=D.lighten(top, 0.35),
    )
    rng = random.Random(ord(area))
    c = D.SS_Canvas(CARD_W, CARD_H)
    for _ in range(26):
        x, y = rng.uniform(body.x + 8, body.right - 8), rng.uniform(body.y + 8, body.bottom - 8)
        c.polygon(
            D.darken(bottom, rng.uniform(0.1, 0.4)) + (150,),
            D.regular_polygon(x, y, rng.uniform(1.5, 3.5), rng.randint(5, 7), rng.uniform(0, 60)),
        )
    cx, cy = body.centerx, body.centery - 6
    c.circle(D.darken(bottom, 0.5), (cx, cy), 30)
    c.circle(D.lighten(top, 0.4), (cx, cy), 30, width=2)
    surf.blit(c.result(), (0, 0))
    D.text(surf, area, D.font(40, True), P.PAPER, center=(cx, cy - 2), drop=(0, 0, 0, 120))
    D.text(surf, "ハックツ!!", D.font(13, True, jp=True), P.PAPER, center=(cx, body.bottom - 22))
    D.text(surf, "HAKKUTSU", D.font(9, True), D.lighten(top, 0.4), center=(cx, body.y + 14))
    return surf


EQUIPMENT_BACK = ("EQUIPMENT", "装備カード")  # the names on the backs, English and Japanese
MUSEUM_BACK = ("MUSEUM · LAB", "博物館・研究所")


def plain_back(label: str, label_ja: str, hue, lang: str = "en") -> pygame.Surface:
    """A generic back for equipment or museum cards: coloured, emblem ring, names en/ja (the name in
    ``lang`` first, at the top, as the fronts print theirs)."""
    surf, body = D.card_base(
        CARD_W,
        CARD_H,
        D.lighten(hue, 0.1),
        D.darken(hue, 0.35),
        D.darken(hue, 0.6),
        radius=10,
        inner_line=D.lighten(hue, 0.45),
    )
    c = D.SS_Canvas(CARD_W, CARD_H)
    cx, cy = body.centerx, body.centery - 4
    c.circle(D.darken(hue, 0.45), (cx, cy), 28)
    c.circle(D.lighten(hue, 0.5), (cx, cy), 28, width=2)
    c.polygon(D.lighten(hue, 0.6), D.star_points(cx, cy, 16, 7))
    surf.blit(c.result(), (0, 0))
    fonts = {
        label: D.fit_font(label, body.w - 10, 11, bold=True),
        label_ja: D.fit_font(label_ja, body.w - 10, 12, bold=True, jp=True),
    }
    top, bottom = back_labels((label, label_ja), lang)
    D.text(surf, top, fonts[top], P.PAPER, center=(cx, body.y + 16))
    D.text(surf, bottom, fonts[bottom], P.PAPER, center=(cx, body.bottom - 18))
    return surf


def back_labels(names: tuple[str, str], lang: str) -> tuple[str, str]:
    """The names ``(English, Japanese)`` on a back, top first: the one in ``lang`` (see :func:`names_in`)."""
    return (names[1], names[0]) if lang == "ja" else names


def pawn(player: int) -> pygame.Surface:
    """An explorer pawn (meeple with a helmet) in the player's colour."""
    hue = P.PLAYER_COLOURS[player]
    c = D.SS_Canvas(PAWN, PAWN)
    c.ellipse((0, 0, 0, 80), (8, 38, 32, 8))
    outline = D.darken(hue, 0.5)
    body = [(11, 42), (14, 26), (9, 23), (12, 17), (20, 18), (28, 18), (36, 17), (39, 23), (34, 26), (37, 42)]
    c.polygon(outline, body)
    c.polygon(
        hue,
        [
            (12.5, 40.5),
            (15.5, 25.5),
            (11, 22.5),
            (13, 18.8),
            (20, 19.5),
            (28, 19.5),
            (35, 18.8),
            (37, 22.5),
            (32.5, 25.5),
            (35.5, 40.5),
        ],
    )
    c.circle(outline, (24, 13), 8.5)
    c.circle(hue, (24, 13), 7)
    # Helmet brim and lamp.
    c.rect(outline, (14, 9, 20, 3.5), radius=1.5)
    c.circle(P.GOLD, (24, 7.5), 2.2)
    c.polygon(D.lighten(hue, 0.35), [(15.5, 25.5), (20, 19.5), (22, 19.5), (18, 38)])
    return c.result()


def coin() -> pygame.Surface:
    """A gold coin with a pickaxe emblem."""
    c = D.SS_Canvas(COIN, COIN)
    m = COIN / 2
    c.circle((0, 0, 0, 80), (m, m + 1.4), 17.5)
    c.circle((150, 100, 20), (m, m), 17.5)
    c.circle(P.GOLD, (m, m), 16)
    c.circle((250, 214, 110), (m, m), 12.5, width=1.2)
    ink = (150, 100, 20)
    c.line(ink, (m - 7, m + 8), (m + 4, m - 3), 2.4)
    # Pickaxe head: a curved bar across the top of the handle.
    head = []
    for i in range(11):
        t = i / 5 - 1
        head.append(
            (m + 4 + t * 8.5 * 0.7071 - t * t * 2.5 * 0.7071, m - 3 + t * 8.5 * 0.7071 + t * t * 2.5 * 0.7071)
        )
    c.lines(ink, head, 3)
    return c.result()


def site_tile(area: str) -> pygame.Surface:
    """A 100x100 dig-site map tile for ``area`` (soil, pebbles, area letter)."""
    top, bottom = AREA_SOIL[area]
    surf = D.surface(TILE, TILE)
    surf.blit(D.rounded_panel(TILE - 4, TILE - 4, 12, top, bottom, D.darken(bottom, 0.45), 2), (2, 2))
    rng = random.Random(1000 + ord(area))
    c = D.SS_Canvas(TILE, TILE)
    for _ in range(18):
        x, y = rng.uniform(12, 88), rng.uniform(12, 88)
        col = D.mix(D.darken(bottom, 0.2), D.lighten(top, 0.3), rng.random())
        c.polygon(col, D.regular_polygon(x, y, rng.uniform(2, 4.5), rng.randint(5, 8), rng.uniform(0, 60)))
    # Dig hole.
    c.ellipse(D.darken(bottom, 0.55), (28, 40, 44, 24))
    c.ellipse(D.darken(bottom, 0.35), (30, 40, 40, 14))
    surf.blit(c.result(), (0, 0))
    D.text(surf, area, D.font(18, True), P.PAPER, center=(16, 16), outline=D.darken(bottom, 0.6), outline_w=1)
    return surf


def base_tile() -> pygame.Surface:
    """The 100x100 base tile: a camp tent and a flag on grass."""
    surf = D.surface(TILE, TILE)
    surf.blit(
        D.rounded_panel(TILE - 4, TILE - 4, 12, (120, 170, 100), (80, 130, 70), (40, 70, 36), 2), (2, 2)
    )
    c = D.SS_Canvas(TILE, TILE)
    c.ellipse((0, 0, 0, 60), (18, 70, 64, 12))
    c.polygon((200, 90, 50), [(50, 24), (84, 76), (16, 76)])
    c.polygon((236, 120, 70), [(50, 24), (50, 76), (16, 76)])
    c.polygon((70, 40, 30), [(50, 46), (60, 76), (40, 76)])
    c.line((80, 60, 40), (74, 16), (74, 48), 2)
    c.polygon(P.GOLD, [(74, 16), (90, 21), (74, 27)])
    surf.blit(c.result(), (0, 0))
    D.text(surf, "BASE 基地", D.font(11, True, jp=True), P.PAPER, center=(50, 88), drop=(0, 0, 0, 140))
    return surf


def _equipment_icon(effect: str) -> pygame.Surface:
    """A 100x100 design-space icon for an equipment card."""
    c = D.SS_Canvas(100, 100)
    ink, light, acc = (40, 44, 52), (236, 240, 244), P.AMBER
    if effect == "joint-dig":
        for flip in (False, True):
            sx = -1 if flip else 1
            c.line((120, 80, 50), (50 - sx * 30, 84), (50 + sx * 14, 30), 5)
            c.polygon(
                (170, 176, 186),
                [(50 + sx * 10, 30), (50 + sx * 26, 16), (50 + sx * 32, 28), (50 + sx * 20, 38)],
            )
        c.circle(acc, (50, 70), 9)
    elif effect == "drill":
        c.rect(acc, (30, 14, 40, 26), radius=6)
        c.rect(ink, (42, 40, 16, 8))
        c.polygon((170, 176, 186), [(40, 48), (60, 48), (50, 90)])
        for i in range(4):
            y = 52 + i * 9
            c.line(ink, (42 + i * 2, y), (58 - i * 2, y + 5), 2)
    elif effect == "crane":
        c.line(acc, (24, 88), (24, 16), 6)
        c.line(acc, (20, 20), (84, 20), 6)
        c.line(ink, (24, 40), (44, 20), 3)
        c.line(ink, (74, 20), (74, 54), 2)
        c.arc(ink, (66, 52, 16, 18), 3.3, 6.2, 3)
        c.rect(ink, (14, 84, 22, 6), radius=2)
    elif effect == "jeep":
        c.rect((90, 120, 70), (14, 44, 72, 26), radius=6)
        c.polygon((90, 120, 70), [(24, 44), (34, 26), (64, 26), (70, 44)])
        c.polygon(light, [(36, 30), (48, 30), (48, 42), (30, 42)])
        c.polygon(light, [(52, 30), (62, 30), (66, 42), (52, 42)])
        for x in (30, 70):
            c.circle(ink, (x, 72), 11)
            c.circle((170, 176, 186), (x, 72), 5)
    elif effect == "helicopter":
        c.ellipse((200, 70, 60), (22, 38, 46, 34))
        c.polygon((200, 70, 60), [(60, 50), (92, 46), (92, 54), (60, 62)])
        c.ellipse(light, (26, 44, 20, 16))
        c.line(ink, (10, 30), (80, 30), 3)
        c.line(ink, (45, 30), (45, 38), 3)
        c.line(ink, (30, 80), (62, 80), 3)
        c.line(ink, (36, 70), (36, 80), 2)
        c.line(ink, (56, 70), (56, 80), 2)
    elif effect == "grant":
        c.rect(light, (22, 16, 44, 58), radius=4)
        for i in range(5):
            c.line((150, 150, 160), (30, 28 + i * 8), (58, 28 + i * 8), 2)
        for i in range(3):
            _coin_icon(c, 66, 80 - i * 8, 14)
    else:  # detector
        c.circle(ink, (40, 40), 22, width=6)
        c.circle((180, 220, 240, 160), (40, 40), 19)
        c.line(ink, (56, 56), (84, 84), 8)
        c.arc(acc, (28, 28, 24, 24), 1.8, 3.0, 3)
    return c.result()


# The effects in Japanese, in the terms of game/client/i18n/ja.hakkutsu.toml ([hk.equipment]).
# Spaces mark where a line may break; they are not printed (draw.wrap_ja).
TEXT_JA = {
    "joint-dig": "ほかの コマが いる 発掘現場でも 掘れる。",
    "drill": "この発掘の コストが 2コイン 安くなる （最低0）。",
    "crane": "いま 掘る カードの 重さが 0に なる。",
    "jeep": "この手番の 移動力+2。",
    "helicopter": "移動の代わりに、 好きなマスへ 飛ぶ。",
    "grant": "ストックから 2コイン もらう。",
    "detector": "発掘現場の 裏向きの 一番上か 2枚目の カードを こっそり 見る。",
}
PHASE = {
    "en": {"movement": "MOVE", "mining": "DIG", "any": "ANY TIME"},
    "ja": {"movement": "移動フェイズ", "mining": "発掘フェイズ", "any": "手番中いつでも"},
}


def equipment_layout(eq: dict, lang: str = "en"):
    """How an equipment card's effect is set in its box: (font, lines, line height, whether it fits)."""
    if lang == "ja":
        return D.block_layout(TEXT_JA[eq["key"]], EFFECT_BOX, 11, bold=True, jp=True, min_size=9, line_gap=-3)
    return D.block_layout(effect_texts()[eq["key"]], EFFECT_BOX, 10, bold=True, min_size=7, line_gap=-2)


def equipment_card(eq: dict, lang: str = "en") -> pygame.Surface:
    """An equipment card: name en/ja, icon, phase and effect text (in ``lang``)."""
    hue = EQUIPMENT_HUE
    surf, body = D.card_base(
        CARD_W, CARD_H, D.lighten(hue, 0.85), D.lighten(hue, 0.65), D.darken(hue, 0.45), radius=10
    )
    band = D.surface(body.w, body.h)
    pygame.draw.rect(band, hue, (0, 0, body.w, 32))
    surf.blit(D.apply_mask(band, D.rounded_mask(body.w, body.h, 10)), body.topleft)
    first, second = names_in(eq, lang)
    D.text(
        surf,
        first,
        D.fit_font(first, body.w - 10, 12, bold=True, jp=lang == "ja"),
        P.PAPER,
        center=(body.centerx, body.y + 10),
    )
    D.text(
        surf,
        second,
        D.fit_font(second, body.w - 10, 10, jp=lang != "ja"),
        P.PAPER,
        center=(body.centerx, body.y + 23),
    )
    phase = PHASE[lang][eq["phase"]]
    D.text(
        surf,
        phase,
        D.fit_font(phase, body.w - 10, 8, bold=True, jp=lang == "ja", min_size=7),
        D.darken(hue, 0.3),
        center=(body.centerx, body.y + 39 - (lang == "ja")),
    )
    icon = pygame.transform.smoothscale(_equipment_icon(eq["effect"]), (36, 36))
    surf.blit(icon, icon.get_rect(center=(body.centerx, body.y + 62)))
    rect = EFFECT_BOX
    fnt, lines, lh, _ = equipment_layout(eq, lang)
    y = rect.centery - lh * len(lines) / 2 + lh / 2
    for line in lines:
        D.text(surf, line, fnt, P.INK, center=(rect.centerx, y))
        y += lh
    return surf


def museum_text(m: dict) -> str:
    """The bonus rule of museum card ``m`` as printed text."""
    pts = m["points"]
    if m["bonus"] == "kind":
        return f"+{pts} per {m['kind']} card"
    if m["bonus"] == "fossils":
        return f"+{pts} per fossil (skull = 2)"
    if m["bonus"] == "set":
        return f"+{pts} per set of " + " + ".join(m["kinds"])
    areas = m["areas"]
    label = " or ".join(areas) if len(areas) > 1 else areas[0]
    if areas == ["C1", "C2"]:
        label = "C"
    return f"+{pts} per {label} card"


def museum_lines_ja(m: dict) -> tuple[str, str]:
    """The bonus rule of museum card ``m`` in Japanese, as its two printed lines (what counts, and
    the points for each); a set museum's second line is empty (its kind icons go there)."""
    pts = m["points"]
    if m["bonus"] == "kind":
        return rocks.KIND_JA[m["kind"]], f"1枚につき+{pts}点"
    if m["bonus"] == "fossils":
        return "化石1つにつき", f"+{pts}点（頭は2つ分）"
    if m["bonus"] == "set":
        return f"セットごとに+{pts}点", ""
    label = "C" if m["areas"] == ["C1", "C2"] else "・".join(m["areas"])
    return f"{label}のカード", f"1枚につき+{pts}点"


def museum_card(m: dict, lang: str = "en") -> pygame.Surface:
    """A museum / laboratory card: building or flask, names en/ja, bonus rule (in ``lang``), kind icons."""
    is_lab = "lab" in m["key"]
    hue = (70, 110, 130) if is_lab else MUSEUM_HUE
    surf, body = D.card_base(
        CARD_W, CARD_H, D.lighten(hue, 0.85), D.lighten(hue, 0.62), D.darken(hue, 0.5), radius=10
    )
    c = D.SS_Canvas(CARD_W, CARD_H)
    cx, top = body.centerx, body.y + 8
    if is_lab:
        c.polygon(
            D.darken(hue, 0.3),
            [
                (cx - 6, top),
                (cx + 6, top),
                (cx + 6, top + 14),
                (cx + 20, top + 40),
                (cx - 20, top + 40),
                (cx - 6, top + 14),
            ],
        )
        c.polygon(
            (120, 210, 170),
            [(cx - 12, top + 26), (cx + 12, top + 26), (cx + 18, top + 38), (cx - 18, top + 38)],
        )
        c.circle((200, 250, 220), (cx + 3, top + 31), 2)
    else:
        c.polygon(D.darken(hue, 0.3), [(cx - 24, top + 12), (cx, top), (cx + 24, top + 12)])
        for i in range(4):
            c.rect(D.darken(hue, 0.2), (cx - 19 + i * 11, top + 14, 5, 20))
        c.rect(D.darken(hue, 0.35), (cx - 26, top + 34, 52, 6), radius=1.5)
    surf.blit(c.result(), (0, 0))
    corner = {"kind": [m.get("kind")], "fossils": ["fossil"]}.get(m["bonus"], [])
    for k in corner:
        surf.blit(rocks.kind_icon(k, 18), (body.x + 4, body.y + 4))
    first, second = names_in(m, lang)
    D.text_block(
        surf,
        first,
        pygame.Rect(body.x + 4, body.y + 52, body.w - 8, 26),
        P.INK,
        12,
        bold=True,
        jp=lang == "ja",
        min_size=9,
        line_gap=-3,
    )
    D.text(
        surf,
        second,
        D.fit_font(second, body.w - 8, 11 if lang != "ja" else 10, jp=lang != "ja", min_size=7),
        D.darken(hue, 0.5),
        center=(body.centerx, body.y + 84),
    )
    box = pygame.Rect(body.x + 5, body.y + 94, body.w - 10, body.h - 99)
    surf.blit(D.rounded_panel(box.w, box.h, 7, P.PAPER, P.PAPER_SHADE, D.darken(hue, 0.3), 1), box.topleft)
    ja = lang == "ja"
    if ja:
        first, second = museum_lines_ja(m)
        lines = [(first, 11), (second, 11)]
    elif m["bonus"] == "set":
        lines = [(f"+{m['points']} per set", 11)]
    else:
        first, rest = museum_text(m).split(" per ", 1)
        lines = [(f"{first} per", 12), (m["kind"] if m["bonus"] == "kind" else rest, 12)]
    for i, (line, size) in enumerate(lines):
        if line:
            D.text(
                surf,
                line,
                D.fit_font(line, box.w - 6, size, bold=True, jp=ja, min_size=7),
                (120, 50, 20),
                center=(box.centerx, box.y + 11 + i * 15 - ja),
            )
    if m["bonus"] == "set":
        kinds = m["kinds"]
        for i, k in enumerate(kinds):
            ic = rocks.kind_icon(k, 18)
            surf.blit(ic, ic.get_rect(center=(box.centerx + (i - (len(kinds) - 1) / 2) * 21, box.y + 28)))
    return surf


def cart_track(face: str, lang: str = "en") -> pygame.Surface:
    """The cart track (face alpha or beta): carry units loaded -> movement value; labels in ``lang``."""
    track = card_data()["cart"][face]
    n = len(track)
    cw = 40
    w, h = 24 + (n + 1) * cw + 8, 74
    surf = D.surface(w, h)
    hue = (96, 80, 64)
    surf.blit(D.rounded_panel(w, h, 12, D.lighten(hue, 0.3), hue, D.darken(hue, 0.5), 2), (0, 0))
    sym = "α" if face == "alpha" else "β"
    D.text(surf, sym, D.font(24, True), P.GOLD, center=(18, h / 2 - 2))
    f_small, f_big = D.font(10, True), D.font(20, True)
    for i in range(n + 1):
        x = 34 + i * cw
        cell = pygame.Rect(x, 8, cw - 4, h - 16)
        ok = i < n
        top = (250, 240, 220) if ok else (120, 100, 90)
        surf.blit(
            D.rounded_panel(cell.w, cell.h, 6, top, D.darken(top, 0.12), D.darken(hue, 0.4), 1), cell.topleft
        )
        D.text(surf, f"{i}{'+' if not ok else ''}", f_small, (90, 70, 60), center=(cell.centerx, cell.y + 10))
        D.text(
            surf,
            str(track[i]) if ok else "×",
            f_big,
            (40, 100, 60) if ok else P.RED_DARK,
            center=(cell.centerx, cell.y + 34),
        )
    if lang == "ja":  # the terms of the rules and the client's tips: 重さ (carry units) → 移動 (movement)
        D.text(surf, "重さ", D.font(9, True, jp=True), (240, 220, 200), center=(18, 13))
        D.text(surf, "移動", D.font(9, True, jp=True), (240, 220, 200), center=(18, h - 14))
    else:
        D.text(surf, "load", D.font(8, True), (240, 220, 200), center=(18, 14))
        D.text(surf, "move", D.font(8, True), (240, 220, 200), center=(18, h - 14))
    return surf


def thumbnail_art(art: pygame.Surface) -> None:
    """The game-choice thumbnail's picture (``tools.art.ui.thumbnail``): the map's middle, rocks, pawns."""
    tiles = {a: pygame.transform.smoothscale(site_tile(a), (29, 29)) for a in "ABC"}
    tiles["base"] = pygame.transform.smoothscale(base_tile(), (29, 29))
    for r in range(5):
        for c in range(5):
            d = abs(r - 2) + abs(c - 2)
            t = tiles["base"] if d == 0 else tiles["A" if d <= 2 else "B" if d == 3 else "C"]
            art.blit(t, (160 + c * 29, 10 + r * 29))
    for i, card in enumerate(rock_cards()[:3]):
        c = pygame.transform.rotozoom(rock_face(card), 16 - i * 16, 0.82)
        art.blit(c, c.get_rect(center=(66 + i * 40, 90 + abs(i - 1) * 6)))
    art.blit(pygame.transform.smoothscale(pawn(1), (30, 30)), (247, 38))
    art.blit(pygame.transform.smoothscale(pawn(0), (30, 30)), (189, 68))


def specs() -> list[AssetSpec]:
    """All Hakkutsu assets."""
    data = card_data()
    out = []
    for card in rock_cards():
        role = (
            f"rock card {card['name']} ({card['name_ja']}): {card['kind']}, area {card['area']}, "
            f"cost {card['cost']}, carry {card['carry']}, {card['points']} pts"
        )
        out.append(
            AssetSpec(
                f"hakkutsu.rock.{card['key']}",
                f"hakkutsu/rock_{card['key']}.png",
                "image",
                "hakkutsu",
                role,
                lambda card=card: rock_face(card),
                {
                    "back": f"hakkutsu.card.back.{card['area'][0]}",
                    "kind_icon": f"hakkutsu.kind.{card['kind']}",
                },
            )
        )
    for kind in rocks.KIND_COLOURS:
        out.append(
            AssetSpec(
                f"hakkutsu.kind.{kind}",
                f"hakkutsu/kind_{kind}.png",
                "image",
                "hakkutsu",
                f"icon for the rock kind {kind} ({rocks.KIND_JA[kind]}), 40x40",
                lambda kind=kind: rocks.kind_icon(kind, 40),
            )
        )
    for area in ("A", "B", "C"):
        out.append(
            AssetSpec(
                f"hakkutsu.card.back.{area}",
                f"hakkutsu/back_{area}.png",
                "image",
                "hakkutsu",
                f"back of area {area} rock cards",
                lambda area=area: card_back(area),
            )
        )
        out.append(
            AssetSpec(
                f"hakkutsu.site.{area}",
                f"hakkutsu/site_{area}.png",
                "image",
                "hakkutsu",
                f"map tile of an area {area} dig site ({TILE}x{TILE})",
                lambda area=area: site_tile(area),
            )
        )
    out.append(
        AssetSpec(
            "hakkutsu.base",
            "hakkutsu/base.png",
            "image",
            "hakkutsu",
            f"map tile of the base ({TILE}x{TILE})",
            base_tile,
        )
    )
    for p in range(4):
        out.append(
            AssetSpec(
                f"hakkutsu.pawn.{p}",
                f"hakkutsu/pawn_{p}.png",
                "image",
                "hakkutsu",
                f"pawn of player {p} ({P.PLAYER_NAMES[p]}, {PAWN}x{PAWN})",
                lambda p=p: pawn(p),
            )
        )
    out.append(
        AssetSpec("hakkutsu.coin", "hakkutsu/coin.png", "image", "hakkutsu", f"coin ({COIN}x{COIN})", coin)
    )
    for eq in data["equipment"]:
        out.append(
            AssetSpec(
                f"hakkutsu.equipment.{eq['key']}",
                f"hakkutsu/equipment_{eq['key']}.png",
                "image",
                "hakkutsu",
                f"equipment card {eq['name']} ({eq['name_ja']}): {effect_texts()[eq['key']]}",
                lambda eq=eq: equipment_card(eq),
                {"back": "hakkutsu.equipment.back"},
            )
        )
    out.append(
        AssetSpec(
            "hakkutsu.equipment.back",
            "hakkutsu/equipment_back.png",
            "image",
            "hakkutsu",
            "back of an equipment card",
            lambda: plain_back(*EQUIPMENT_BACK, EQUIPMENT_HUE),
        )
    )
    out.append(
        AssetSpec(
            "hakkutsu.museum.back",
            "hakkutsu/museum_back.png",
            "image",
            "hakkutsu",
            "back of a museum/laboratory card",
            lambda: plain_back(*MUSEUM_BACK, MUSEUM_HUE),
        )
    )
    for m in data["museum"]:
        out.append(
            AssetSpec(
                f"hakkutsu.museum.{m['key']}",
                f"hakkutsu/museum_{m['key']}.png",
                "image",
                "hakkutsu",
                f"museum/lab card {m['name']} ({m['name_ja']}): {museum_text(m)}",
                lambda m=m: museum_card(m),
                {"back": "hakkutsu.museum.back"},
            )
        )
    for face in ("alpha", "beta"):
        out.append(
            AssetSpec(
                f"hakkutsu.cart.{face}",
                f"hakkutsu/cart_{face}.png",
                "image",
                "hakkutsu",
                f"cart track face {face}: carry units loaded -> movement",
                lambda face=face: cart_track(face),
            )
        )
    # Japanese faces (key "<key>.ja") of everything above that prints English rules text or a name
    # (in Japanese the Japanese name comes first).
    en = {spec.key: spec for spec in out}
    for card in rock_cards():
        note = rock_note(card, "ja")
        out.append(
            variant(
                en[f"hakkutsu.rock.{card['key']}"],
                "ja",
                f"rock card {card['name']}, Japanese face: {card['name_ja']}" + (f", {note}" if note else ""),
                lambda card=card: rock_face(card, "ja"),
            )
        )
    for eq in data["equipment"]:
        out.append(
            variant(
                en[f"hakkutsu.equipment.{eq['key']}"],
                "ja",
                f"equipment card {eq['name']}, Japanese face: {''.join(TEXT_JA[eq['key']].split())}",
                lambda eq=eq: equipment_card(eq, "ja"),
            )
        )
    for m in data["museum"]:
        out.append(
            variant(
                en[f"hakkutsu.museum.{m['key']}"],
                "ja",
                f"museum/lab card {m['name']}, Japanese face: {' '.join(museum_lines_ja(m)).strip()}",
                lambda m=m: museum_card(m, "ja"),
            )
        )
    for key, what, names, hue in (
        ("equipment", "an equipment card", EQUIPMENT_BACK, EQUIPMENT_HUE),
        ("museum", "a museum/laboratory card", MUSEUM_BACK, MUSEUM_HUE),
    ):
        out.append(
            variant(
                en[f"hakkutsu.{key}.back"],
                "ja",
                f"back of {what}, Japanese first: {names[1]} / {names[0]}",
                lambda names=names, hue=hue: plain_back(*names, hue, "ja"),
            )
        )
    for face in ("alpha", "beta"):
        out.append(
            variant(
                en[f"hakkutsu.cart.{face}"],
                "ja",
                f"cart track face {face}, Japanese labels (重さ → 移動)",
                lambda face=face: cart_track(face, "ja"),
            )
        )
    return out

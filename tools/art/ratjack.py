"""Ratjack art: 48 card faces (4 decks x 12 values, with short ability texts), back, tokens, VP.

Every card face also exists in Japanese (key ``<key>.ja``, file ``ratjack/ja/...``): the same
face with the ability text of ``ABILITIES_JA``.
"""

from __future__ import annotations

import math

import pygame

from tools.art import animals
from tools.art import draw as D
from tools.art import palette as P
from tools.art.spec import AssetSpec, variant

#: The game's colour in the shared UI art (its thumbnail's frame, the title's cards).
HUE = (214, 69, 65)
CARD_W, CARD_H = 100, 140
TOKEN = 48
DECKS = ("rat-red", "rat-blue", "weasel", "raccoon")
DECK_STYLE = {
    # deck: (animal, English label, Japanese label, deck colour, fur colour)
    "rat-red": ("rat", "Rat", "ネズミ", (206, 64, 60), (156, 150, 158)),
    "rat-blue": ("rat", "Rat", "ネズミ", (58, 112, 196), (156, 150, 158)),
    "weasel": ("weasel", "Weasel", "イタチ", (200, 130, 40), (196, 132, 70)),
    "raccoon": ("raccoon", "Raccoon", "アライグマ", (104, 84, 150), (140, 140, 150)),
}

# Short ability texts (the full rules are in game/rules/ratjack/RULES.md).
ABILITIES = {
    "rat": [
        "Token on one of your face-up cards",
        "Take the top discard, face down",
        "Play an extra turn",
        "Token on another's face-down card",
        "Look at another player's card",
        "Flip your face-down card + ability",
        "Swap a face-up card with another's",
        "Token on one of your cards",
        "Move another's token to your card",
        "Turn another's face-up card down",
        "Discard the top 2 deck cards",
        "Reveal another's face-down card",
    ],
    "weasel": [
        "Swap hands with another player",
        "Return any token to the reserve",
        "Draw; give it face down or discard",
        "Token on any face-down card",
        "Turn one of your cards over",
        "Take another's face-up card",
        "Swap your token with the reserve",
        "Swap the tokens of two cards",
        "Discard the top 3 deck cards",
        "Your face-up card's token to reserve",
        "Discard one of your face-down cards",
        "Token from reserve or another to you",
    ],
    "raccoon": [
        "Discard another's face-up card",
        "Swap your face-down for their face-up",
        "Hand card face up, then draw",
        "Take another's face-down card face up",
        "Top deck card face down to you",
        "Token on each of two cards",
        "Reveal yours + another's face-down",
        "Token on yours and on another's",
        "Top discard to you, face up",
        "Draw, then discard from your hand",
        "Token on another player's card",
        "Top 3 discards back into the deck",
    ],
}

# The same short texts in Japanese, in the terms of the full texts (game/client/i18n/ja.ratjack.toml,
# [rj.ability.*]). Spaces mark where a line may break; they are not printed (draw.wrap_ja).
ABILITIES_JA = {
    "rat": [
        "自分の 表向きの カードに トークン",
        "捨て札の 一番上を 裏向きで 取る",
        "もう1手番 行う",
        "相手の 裏向きの カードに トークン",
        "相手の 裏向きの カードを 見る",
        "自分の 裏向きの カードを 表にし、 能力を 使う",
        "自分と 相手の 表向きの カードを 入れ替える",
        "自分の カードに トークン",
        "相手の トークンを 自分の カードに 移す",
        "相手の 表向きの カードを 裏にする",
        "山札の 上から 2枚を 捨てる",
        "相手の 裏向きの カードを 表にする",
    ],
    "weasel": [
        "相手と 手札を 交換する",
        "どれかの トークンを 予備に 戻す",
        "1枚 引き、 相手の場に 裏向きで 置くか 捨てる",
        "どれかの 裏向きの カードに トークン",
        "自分の カード1枚を 裏返す",
        "相手の 表向きの カードを 取る",
        "自分の トークンを 予備と 交換する",
        "2枚の カードの トークンを 入れ替える",
        "山札の 上から 3枚を 捨てる",
        "自分の 表向きの カードの トークンを 予備に 戻す",
        "自分の 裏向きの カード1枚を 捨てる",
        "予備か 相手から トークンを 自分の カードに",
    ],
    "raccoon": [
        "相手の 表向きの カードを 捨てる",
        "自分の 裏向きと 相手の 表向きを 入れ替える",
        "手札を 表向きで 場に 置き、 1枚引く",
        "相手の 裏向きの カードを 表向きで 取る",
        "山札の 一番上を 自分の場に 裏向きで 置く",
        "2枚の カードに トークンを 1個ずつ",
        "自分と 相手の 裏向きの カードを 表にする",
        "自分と 相手の カードに トークンを 1個ずつ",
        "捨て札の 一番上を 表向きで 取る",
        "1枚 引き、 手札を 1枚 捨てる",
        "相手の カードに トークン",
        "捨て札の 上から 3枚を 山札に 戻して 混ぜる",
    ],
}
LANGS = ("en", "ja")

# Token faces: key used in the manifest, file-safe name, label, colour, description.
TOKENS = [
    ("-1", "minus1", "−1", (196, 70, 64), "subtract 1 (minimum 0)"),
    ("+1", "plus1", "+1", (70, 160, 90), "add 1"),
    ("-3", "minus3", "−3", (176, 52, 50), "subtract 3 (minimum 0)"),
    ("+5", "plus5", "+5", (52, 140, 76), "add 5"),
    ("-5", "minus5", "−5", (150, 36, 40), "subtract 5 (minimum 0)"),
    ("+10", "plus10", "+10", (36, 118, 64), "add 10"),
    ("zero", "zero", "0", (110, 110, 120), "value becomes 0"),
    ("double", "double", "×2", (214, 160, 40), "value doubled"),
    ("half", "half", "½", (70, 130, 190), "value halved, rounded up"),
    ("locked", "locked", "", (90, 80, 74), "cannot be flipped or discarded"),
    ("protected", "protected", "", (60, 150, 160), "cannot be targeted by others"),
    ("blank", "blank", "", (200, 192, 178), "card loses its ability"),
]


def deck_ability(deck: str, value: int, lang: str = "en") -> str:
    """The short ability text printed on card ``value`` of ``deck`` (``ja``: with its break spaces)."""
    return (ABILITIES_JA if lang == "ja" else ABILITIES)[DECK_STYLE[deck][0]][value - 1]


def ability_box() -> pygame.Rect:
    """Where the ability text goes on a card face."""
    body = pygame.Rect(2, 1, CARD_W - 4, CARD_H - 5)  # the body D.card_base leaves (default margins)
    return pygame.Rect(body.x + 5, body.y + 76, body.w - 10, body.h - 81)


def ability_layout(deck: str, value: int, lang: str = "en"):
    """How the ability text is set in its box: (font, lines, line height, whether it fits)."""
    rect = ability_box().inflate(-8, -6)
    if lang == "ja":
        return D.block_layout(
            deck_ability(deck, value, lang), rect, 11, bold=True, jp=True, min_size=9, line_gap=-3
        )
    return D.block_layout(deck_ability(deck, value), rect, 11, bold=True, min_size=8)


def card_face(deck: str, value: int, lang: str = "en") -> pygame.Surface:
    """Card ``value`` of ``deck``: value, animal, deck name (en/ja) and ability text (in ``lang``)."""
    animal, name, name_ja, hue, fur = DECK_STYLE[deck]
    surf, body = D.card_base(
        CARD_W, CARD_H, D.lighten(hue, 0.25), D.darken(hue, 0.15), D.darken(hue, 0.5), radius=10
    )
    # Animal medallion.
    medal = D.SS_Canvas(CARD_W, CARD_H)
    mx, my = body.centerx + 10, body.y + 44
    medal.circle(D.lighten(hue, 0.8), (mx, my), 26)
    medal.circle(D.darken(hue, 0.3), (mx, my), 26, width=1.5)
    surf.blit(medal.result(), (0, 0))
    head = animals.HEADS[animal](44, fur)
    surf.blit(head, head.get_rect(center=(mx, my + 1)))
    # Value at the top-left, in a white disc.
    vc = D.SS_Canvas(CARD_W, CARD_H)
    vx, vy = body.x + 17, body.y + 17
    vc.circle(P.PAPER, (vx, vy), 14)
    vc.circle(D.darken(hue, 0.45), (vx, vy), 14, width=1.6)
    surf.blit(vc.result(), (0, 0))
    vf = D.font(18 if value < 10 else 16, True)
    D.text(surf, str(value), vf, D.darken(hue, 0.55), center=(vx, vy - 1))
    D.text(
        surf, name, D.fit_font(name, 32, 9, bold=True, min_size=7), P.PAPER, center=(body.x + 17, body.y + 40)
    )
    D.text(
        surf,
        name_ja,
        D.fit_font(name_ja, 32, 9, jp=True, min_size=6),
        P.PAPER,
        center=(body.x + 17, body.y + 52),
    )
    # Ability box.
    box = ability_box()
    surf.blit(D.rounded_panel(box.w, box.h, 7, P.PAPER, P.PAPER_SHADE, D.darken(hue, 0.35), 1), box.topleft)
    fnt, lines, lh, _ = ability_layout(deck, value, lang)
    y = box.centery - lh * len(lines) / 2 + lh / 2
    for line in lines:
        D.text(surf, line, fnt, P.INK, center=(box.centerx, y))
        y += lh
    return surf


def card_back() -> pygame.Surface:
    """The common Ratjack back: dark red felt, '25' target emblem, ring of small rats."""
    surf, body = D.card_base(
        CARD_W, CARD_H, (74, 40, 44), (38, 22, 26), (20, 10, 12), radius=10, inner_line=(190, 120, 80)
    )
    c = D.SS_Canvas(CARD_W, CARD_H)
    cx, cy = body.centerx, body.centery
    c.circle((210, 150, 90), (cx, cy), 31)
    c.circle((60, 32, 34), (cx, cy), 28)
    c.circle((210, 150, 90), (cx, cy), 22, width=1.2)
    surf.blit(c.result(), (0, 0))
    D.text(surf, "25", D.font(28, True), P.GOLD, center=(cx, cy - 2))
    D.text(surf, "RATJACK", D.font(10, True), (210, 150, 90), center=(cx, body.y + 16))
    D.text(surf, "ラットジャック", D.font(9, True, jp=True), (210, 150, 90), center=(cx, body.bottom - 16))
    return surf


def _padlock(c: D.SS_Canvas, cx: float, cy: float, colour) -> None:
    c.arc(colour, (cx - 7, cy - 14, 14, 16), 0, 3.1416, 3)
    c.rect(colour, (cx - 7.5, cy - 5, 15, 7), 3)
    c.rect(colour, (cx - 10, cy - 5, 20, 15), radius=3)


def _shield(c: D.SS_Canvas, cx: float, cy: float, colour) -> None:
    c.polygon(
        colour,
        [
            (cx, cy - 13),
            (cx + 11, cy - 8),
            (cx + 9, cy + 4),
            (cx, cy + 13),
            (cx - 9, cy + 4),
            (cx - 11, cy - 8),
        ],
    )


def token(face: str) -> pygame.Surface:
    """A round bonus token showing ``face``."""
    _, _, label, hue, _ = next(t for t in TOKENS if t[0] == face)
    c = D.SS_Canvas(TOKEN, TOKEN)
    m = TOKEN / 2
    c.circle((0, 0, 0, 80), (m, m + 1.6), 21)
    c.circle(D.darken(hue, 0.4), (m, m), 21)
    c.circle(hue, (m, m), 19.2)
    c.circle(D.lighten(hue, 0.25), (m, m), 15.5, width=1.2)
    ink = P.PAPER if face != "blank" else (150, 140, 126)
    if face == "locked":
        _padlock(c, m, m + 1, P.PAPER)
        c.circle(hue, (m, m + 3.5), 2.4)
    elif face == "protected":
        _shield(c, m, m, P.PAPER)
        c.lines(hue, [(m - 5, m), (m - 1, m + 4), (m + 5, m - 4)], 2.2)
    elif face == "blank":
        for i in range(12):
            a = i * math.pi / 6
            c.circle(ink, (m + 11 * math.cos(a), m + 11 * math.sin(a)), 1.3)
    c.ellipse((255, 255, 255, 45), (m - 10, m - 15, 14, 6))
    surf = c.result()
    if label:
        size = 20 if len(label) <= 2 else 17
        D.text(surf, label, D.font(size, True), ink, center=(m, m - 0.5), drop=(0, 0, 0, 90))
    return surf


def vp() -> pygame.Surface:
    """A gold victory-point medallion with a star."""
    c = D.SS_Canvas(TOKEN, TOKEN)
    m = TOKEN / 2
    c.circle((0, 0, 0, 80), (m, m + 1.6), 21)
    c.circle((150, 100, 20), (m, m), 21)
    c.circle(P.GOLD, (m, m), 19)
    c.circle((250, 214, 110), (m, m), 15, width=1.3)
    c.polygon((255, 240, 190), D.star_points(m, m - 1, 13, 5.6))
    c.polygon((170, 110, 20), D.star_points(m, m - 1, 13, 5.6), width=1)
    surf = c.result()
    D.text(surf, "VP", D.font(9, True), (110, 70, 10), center=(m, m + 15))
    return surf


def thumbnail_art(art: pygame.Surface) -> None:
    """The game-choice thumbnail's picture (``tools.art.ui.thumbnail``): a fan of four decks' cards."""
    for i, (deck, v) in enumerate((("rat-red", 7), ("weasel", 12), ("raccoon", 6), ("rat-blue", 3))):
        c = pygame.transform.rotozoom(card_face(deck, v), 21 - i * 14, 0.86)
        art.blit(c, c.get_rect(center=(86 + i * 50, 92 + abs(i - 1.5) * 8)))


def specs() -> list[AssetSpec]:
    """All Ratjack assets."""
    cards = [(deck, v) for deck in DECKS for v in range(1, 13)]
    out = [
        AssetSpec(
            f"ratjack.card.{deck}.{v}",
            f"ratjack/{deck}_{v}.png",
            "image",
            "ratjack",
            f"{deck} card {v}: {deck_ability(deck, v)}",
            lambda deck=deck, v=v: card_face(deck, v),
            {"back": "ratjack.card.back"},
        )
        for deck, v in cards
    ]
    # Japanese faces (key "<key>.ja"), after the English ones.
    out += [
        variant(
            spec,
            "ja",
            f"{deck} card {v}, Japanese face: {''.join(deck_ability(deck, v, 'ja').split())}",
            lambda deck=deck, v=v: card_face(deck, v, "ja"),
        )
        for spec, (deck, v) in zip(out, cards, strict=True)
    ]
    out.append(
        AssetSpec(
            "ratjack.card.back",
            "ratjack/card_back.png",
            "image",
            "ratjack",
            "back of every Ratjack card",
            card_back,
        )
    )
    for face, safe, _, _, desc in TOKENS:
        out.append(
            AssetSpec(
                f"ratjack.token.{face}",
                f"ratjack/token_{safe}.png",
                "image",
                "ratjack",
                f"bonus token face '{face}': {desc} ({TOKEN}x{TOKEN})",
                lambda face=face: token(face),
            )
        )
    out.append(AssetSpec("ratjack.vp", "ratjack/vp.png", "image", "ratjack", "victory-point token", vp))
    return out

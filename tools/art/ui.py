"""Shared UI art: title background, logo, table felt, window icon, spinner, game thumbnails, theme."""

from __future__ import annotations

import json
import math
import random

import pygame

from game.rules import GAMES
from tools.art import draw as D
from tools.art import game_art
from tools.art import palette as P
from tools.art.spec import AssetSpec

W, H = 1280, 720
THUMB_W, THUMB_H = 320, 180
SPINNER, SPINNER_FRAMES = 48, 12


def game_hues() -> dict[str, tuple[int, int, int]]:
    """Each game's colour (its art module's ``HUE``), in the order the games are listed."""
    return {name: module.HUE for name, module in game_art().items()}


def _mini_card(w: int, h: int, hue, label: str, fnt_size: int, angle: float) -> pygame.Surface:
    """A small rounded card with a big label, rotated by ``angle`` degrees."""
    card, body = D.card_base(
        w, h, D.lighten(hue, 0.9), D.lighten(hue, 0.72), D.darken(hue, 0.3), radius=max(4, w // 9)
    )
    band = D.surface(body.w, body.h)
    pygame.draw.rect(band, hue, (0, 0, body.w, max(4, body.h // 6)))
    card.blit(D.apply_mask(band, D.rounded_mask(body.w, body.h, max(4, w // 9))), body.topleft)
    if label:
        D.text(
            card,
            label,
            D.font(fnt_size, True),
            D.darken(hue, 0.45),
            center=(body.centerx, body.centery + body.h // 14),
        )
    return pygame.transform.rotozoom(card, angle, 1.0)


def _card_fan(size: int, labels=("5", "12", "7"), scale: float = 1.0) -> pygame.Surface:
    """Three fanned cards, one per game colour."""
    surf = D.surface(size, size)
    hues = list(game_hues().values())[:3]
    cw, ch = int(size * 0.46), int(size * 0.64)
    for i, (hue, lab, ang) in enumerate(zip(hues, labels, (22, 0, -22), strict=True)):
        card = _mini_card(cw, ch, hue, lab, max(8, int(ch * 0.36 * scale)), ang)
        dx = (i - 1) * size * 0.2
        dy = abs(i - 1) * size * 0.05
        r = card.get_rect(center=(size / 2 + dx, size / 2 + dy + size * 0.02))
        surf.blit(card, r)
    return surf


def background() -> pygame.Surface:
    """The 1280x720 title background: warm dark radial gradient with drifting translucent cards."""
    surf = D.radial_gradient(W, H, (96, 62, 44), P.BG_DARK, centre=(0.5, 0.42), radius=0.62)
    rng = random.Random(2024)
    hues = list(game_hues().values())
    for i in range(22):
        hue = hues[i % 3]
        w = rng.randint(70, 130)
        card = D.surface(w, int(w * 1.4))
        pygame.draw.rect(card, hue + (255,), card.get_rect(), border_radius=w // 8)
        pygame.draw.rect(card, D.lighten(hue, 0.3) + (255,), card.get_rect(), width=3, border_radius=w // 8)
        card = pygame.transform.rotozoom(card, rng.uniform(-40, 40), 1.0)
        card.set_alpha(rng.randint(14, 30))
        x = rng.uniform(-60, W + 60)
        y = rng.uniform(-60, H + 60)
        # Keep the centre (where the logo and menu go) calmer.
        if abs(x - W / 2) < 300 and abs(y - H / 2) < 220:
            x += 420 if x > W / 2 else -420
        surf.blit(card, card.get_rect(center=(x, y)))
    vignette = D.radial_gradient(W, H, (0, 0, 0, 0), (0, 0, 0, 150), centre=(0.5, 0.5), radius=0.7)
    surf.blit(vignette, (0, 0))
    return surf


def logo() -> pygame.Surface:
    """The transparent title logo: a card fan, 'Tabletop Trio' and the Japanese subtitle."""
    lw, lh = 860, 220
    surf = D.surface(lw, lh)
    fan = _card_fan(190, scale=0.9)
    surf.blit(fan, (8, (lh - 190) // 2))
    title = D.font(86, True)
    D.text(
        surf,
        "Tabletop Trio",
        title,
        P.AMBER,
        topleft=(205, 18),
        outline=(60, 30, 10),
        outline_w=3,
        drop=(0, 0, 0, 150),
    )
    D.text(
        surf,
        "テーブルトップ・トリオ",
        D.font(30, True, jp=True),
        P.CREAM,
        topleft=(214, 128),
        drop=(0, 0, 0, 160),
    )
    D.text(
        surf,
        "Hacktrick  ·  Ratjack  ·  Hakkutsu!!",
        D.font(20),
        (220, 200, 176),
        topleft=(216, 176),
        drop=(0, 0, 0, 140),
    )
    return surf


def table() -> pygame.Surface:
    """The 1280x720 felt table for game scenes: green felt, soft light, fine weave, vignette."""
    surf = D.radial_gradient(W, H, (58, 116, 92), P.FELT_BOTTOM, centre=(0.5, 0.45), radius=0.7)
    weave = D.surface(W, H)
    for x in range(-H, W, 12):
        pygame.draw.line(weave, (255, 255, 255, 7), (x, 0), (x + H, H))
        pygame.draw.line(weave, (0, 0, 0, 9), (x + H, 0), (x, H))
    surf.blit(weave, (0, 0))
    # Wooden rim.
    rim = D.surface(W, H)
    pygame.draw.rect(rim, (70, 44, 28, 255), rim.get_rect(), width=14)
    pygame.draw.rect(rim, (110, 74, 48, 255), rim.get_rect().inflate(-10, -10), width=3)
    pygame.draw.rect(rim, (20, 40, 32, 120), rim.get_rect().inflate(-28, -28), width=6, border_radius=10)
    surf.blit(pygame.transform.gaussian_blur(rim, 1), (0, 0))
    vignette = D.radial_gradient(W, H, (0, 0, 0, 0), (0, 0, 0, 110), centre=(0.5, 0.5), radius=0.72)
    surf.blit(vignette, (0, 0))
    return surf


def icon() -> pygame.Surface:
    """The 64x64 window icon: three fanned cards."""
    return _card_fan(64, labels=("", "", ""))


def thinking() -> pygame.Surface:
    """A spinner sprite sheet: ``SPINNER_FRAMES`` frames of 48x48 side by side."""
    sheet = D.surface(SPINNER * SPINNER_FRAMES, SPINNER)
    dots = 12
    for f in range(SPINNER_FRAMES):
        canvas = D.SS_Canvas(SPINNER, SPINNER)
        c = SPINNER / 2
        for i in range(dots):
            a = 2 * math.pi * i / dots - math.pi / 2
            age = (f - i * SPINNER_FRAMES / dots) % SPINNER_FRAMES / SPINNER_FRAMES
            alpha = int(255 * (1 - age) ** 1.6) + 40
            colour = D.mix(P.AMBER, P.CREAM, 1 - age) + (min(255, alpha),)
            canvas.circle(colour, (c + 16 * math.cos(a), c + 16 * math.sin(a)), 2.2 + 2.2 * (1 - age))
        sheet.blit(canvas.result(), (f * SPINNER, 0))
    return sheet


def thumbnail(game: str) -> pygame.Surface:
    """A 320x180 game-choice thumbnail built from the game's own art."""
    hue = game_hues()[game]
    surf = D.surface(THUMB_W, THUMB_H)
    panel = D.rounded_panel(
        THUMB_W, THUMB_H, 16, D.darken(hue, 0.35), D.darken(hue, 0.7), D.lighten(hue, 0.2), 3
    )
    surf.blit(panel, (0, 0))
    art = D.surface(THUMB_W, THUMB_H)
    game_art()[game].thumbnail_art(art)
    surf.blit(D.apply_mask(art, D.rounded_mask(THUMB_W, THUMB_H, 16)), (0, 0))
    info = GAMES[game]
    label = f"{info.title} {info.title_ja}"  # both names, like the cards
    band = D.surface(THUMB_W, 34)
    band.fill((0, 0, 0, 140))
    surf.blit(D.apply_mask(band, D.rounded_mask(THUMB_W, 34, 12)), (0, THUMB_H - 34))
    D.text(surf, label, D.font(20, True, jp=True), P.CREAM, center=(THUMB_W / 2, THUMB_H - 18))
    return surf


def _font_block(size: int, bold: bool = False) -> dict:
    """A pygame-gui theme font block using Noto Sans JP from pygame-gui's own package data."""
    reg = {"package": "pygame_gui.data", "resource": "NotoSansJP-Regular.otf"}
    bld = {"package": "pygame_gui.data", "resource": "NotoSansJP-Bold.otf"}
    return {
        "name": "noto_sans_jp",
        "size": str(size),
        "bold": "1" if bold else "0",
        "italic": "0",
        "regular_resource": reg,
        "bold_resource": bld,
        "italic_resource": reg,
        "bold_italic_resource": bld,
    }


def _hex(c) -> str:
    return "#{:02X}{:02X}{:02X}".format(*c[:3])


def theme() -> bytes:
    """The pygame-gui theme (JSON): dark warm panels, amber accents, Japanese-capable fonts."""
    text, text_dim = _hex(P.CREAM), _hex(P.MUTED)
    base_colours = {
        "normal_bg": _hex(P.PANEL),
        "hovered_bg": _hex(P.PANEL_LIGHT),
        "disabled_bg": "#3A322D",
        "selected_bg": _hex(P.AMBER_DARK),
        "active_bg": _hex(P.AMBER),
        "dark_bg": "#201A17",
        "normal_text": text,
        "hovered_text": "#FFFFFF",
        "selected_text": "#FFFFFF",
        "disabled_text": "#7E7068",
        "active_text": "#2A1A0C",
        "normal_border": "#7A6152",
        "hovered_border": _hex(P.AMBER),
        "disabled_border": "#4A3F38",
        "selected_border": _hex(P.GOLD),
        "active_border": _hex(P.GOLD),
        "link_text": _hex(P.AMBER),
        "link_hover": _hex(P.GOLD),
        "link_selected": "#FFFFFF",
        "text_cursor": _hex(P.AMBER),
        "filled_bar": _hex(P.AMBER),
        "unfilled_bar": "#2A221E",
        "normal_text_shadow": "#00000080",
    }
    rounded = {
        "shape": "rounded_rectangle",
        "shape_corner_radius": "8",
        "border_width": "1",
        "shadow_width": "2",
        "tool_tip_delay": "0.6",
    }
    data = {
        "defaults": {"colours": base_colours, "font": _font_block(16), "misc": rounded},
        "button": {
            "colours": {
                "normal_bg": "#5A4234",
                "hovered_bg": "#76563F",
                "active_bg": _hex(P.AMBER),
                "selected_bg": _hex(P.AMBER_DARK),
                "normal_border": "#A07A58",
            },
            "font": _font_block(17, bold=True),
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "10",
                "border_width": "2",
                "shadow_width": "3",
                "text_horiz_alignment": "center",
            },
        },
        "#primary_button": {  # the one choice a screen leads to (Start game, Resume, Cancel in a dialog)
            "colours": {
                "normal_bg": _hex(P.AMBER_DARK),
                "hovered_bg": _hex(P.AMBER),
                "normal_text": "#FFFFFF",
                "hovered_text": "#2A1A0C",
                "normal_border": _hex(P.GOLD),
                "hovered_border": _hex(P.GOLD),
            },
        },
        "label": {
            "colours": {"normal_text": text, "dark_bg": "#00000000", "normal_bg": "#00000000"},
            "font": _font_block(16),
            "misc": {"border_width": "0", "shadow_width": "0"},
        },
        "text_box": {
            "colours": {"dark_bg": "#231C18", "normal_border": "#7A6152", "normal_text": text},
            "font": _font_block(15),
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "8",
                "border_width": "1",
                "shadow_width": "1",
                "padding": "8,6",
            },
        },
        "text_entry_line": {
            "colours": {"dark_bg": "#231C18", "normal_border": "#7A6152", "selected_bg": _hex(P.AMBER_DARK)},
            "font": _font_block(16),
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "6",
                "border_width": "1",
                "padding": "6,4",
            },
        },
        "window": {
            "colours": {"dark_bg": "#2A221ECC", "normal_border": _hex(P.AMBER_DARK)},
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "12",
                "border_width": "2",
                "shadow_width": "6",
                "title_bar_height": "32",
            },
        },
        "window.#title_bar": {
            "colours": {"normal_bg": "#4A3629", "hovered_bg": "#5A4234", "normal_text": _hex(P.GOLD)},
            "font": _font_block(17, bold=True),
        },
        "panel": {
            "colours": {"dark_bg": "#2A221EE6", "normal_border": "#6A5344"},
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "12",
                "border_width": "1",
                "shadow_width": "4",
            },
        },
        "drop_down_menu": {
            "colours": {
                "dark_bg": "#231C18",
                "normal_bg": "#4A3629",
                "hovered_bg": "#6A4E3B",
                "selected_bg": _hex(P.AMBER_DARK),
                "normal_border": "#A07A58",
            },
            "font": _font_block(16),
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "8",
                "border_width": "1",
                "shadow_width": "2",
                "expand_direction": "down",
            },
        },
        "selection_list": {
            "colours": {"dark_bg": "#231C18", "normal_border": "#7A6152"},
            "misc": {"border_width": "1", "shadow_width": "1", "list_item_height": "28"},
        },
        "selection_list.@selection_list_item": {
            "colours": {"normal_bg": "#2E2520", "hovered_bg": "#4A3629", "selected_bg": _hex(P.AMBER_DARK)},
            "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0"},
        },
        "horizontal_slider": {
            "colours": {"dark_bg": "#231C18", "normal_border": "#7A6152"},
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "8",
                "border_width": "1",
                "enable_arrow_buttons": "0",
                "sliding_button_width": "20",
            },
        },
        "horizontal_slider.#sliding_button": {
            "colours": {"normal_bg": _hex(P.AMBER), "hovered_bg": _hex(P.GOLD), "normal_border": "#6A3E10"},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "8"},
        },
        "vertical_scroll_bar": {
            "colours": {"dark_bg": "#231C18", "normal_bg": "#5A4234", "hovered_bg": "#76563F"},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6", "border_width": "0"},
        },
        "tool_tip": {
            "colours": {"dark_bg": "#120E0CEE", "normal_border": _hex(P.AMBER_DARK), "normal_text": text},
            "font": _font_block(14),
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": "6",
                "border_width": "1",
                "shadow_width": "2",
            },
        },
        "progress_bar": {
            "colours": {"filled_bar": _hex(P.AMBER), "unfilled_bar": "#2A221E", "normal_text": text},
        },
        "@title": {"font": _font_block(34, bold=True), "colours": {"normal_text": _hex(P.AMBER)}},
        "@heading": {"font": _font_block(22, bold=True), "colours": {"normal_text": _hex(P.GOLD)}},
        "@small": {"font": _font_block(13), "colours": {"normal_text": text_dim}},
        "@score": {"font": _font_block(20, bold=True), "colours": {"normal_text": text}},
    }
    return (json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n").encode("utf-8")


def specs() -> list[AssetSpec]:
    """All shared UI assets."""
    out = [
        AssetSpec(
            "ui.background",
            "ui/background.png",
            "image",
            "ui",
            f"title screen background ({W}x{H})",
            background,
        ),
        AssetSpec("ui.logo", "ui/logo.png", "image", "ui", "title logo 'Tabletop Trio' (transparent)", logo),
        AssetSpec(
            "ui.table", "ui/table.png", "image", "ui", f"felt table texture for game scenes ({W}x{H})", table
        ),
        AssetSpec(
            "ui.theme",
            "ui/theme.json",
            "theme",
            "ui",
            "pygame-gui theme; fonts are Noto Sans JP from pygame_gui.data; object ids "
            "@title @heading @small @score",
            theme,
        ),
        AssetSpec("ui.icon", "ui/icon.png", "image", "ui", "64x64 window icon", icon),
        AssetSpec(
            "ui.thinking",
            "ui/thinking.png",
            "image",
            "ui",
            f"'bot is thinking' spinner: sprite sheet of {SPINNER_FRAMES} frames of {SPINNER}x{SPINNER}",
            thinking,
            {"frames": SPINNER_FRAMES, "frame_size": [SPINNER, SPINNER]},
        ),
    ]
    for g in game_art():
        out.append(
            AssetSpec(
                f"ui.game.{g}",
                f"ui/game_{g}.png",
                "image",
                "ui",
                f"game-choice thumbnail for {g} ({THUMB_W}x{THUMB_H})",
                lambda g=g: thumbnail(g),
            )
        )
    return out

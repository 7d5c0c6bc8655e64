"""A long run of random clicks and keys across every scene: nothing may raise.

Scale with ``TRIO_MONKEY_EVENTS`` (default 1800 events, half per language).
"""

from __future__ import annotations

import os
import random

import pygame
import pytest

from game.client.menus.title import TitleScene
from tests.client_helpers import make_app

KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_x,
    pygame.K_a,
    pygame.K_d,
    pygame.K_p,
    pygame.K_g,
    pygame.K_0,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_5,
    pygame.K_z,
    pygame.K_TAB,
    pygame.K_DOWN,
]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_monkey(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, monkeypatch, lang=lang)
    app.quit = lambda: None  # "Quit" must not end the run; everything else is fair game
    app.toggle_fullscreen = lambda: None
    app.set_window_size = lambda size: (
        None
    )  # the monkey's clicks are at logical positions: keep the 1:1 window
    rng = random.Random(7 if lang == "en" else 8)
    budget = int(os.environ.get("TRIO_MONKEY_EVENTS", "1800")) // 2  # events per language
    posted = 0
    seen = set()
    try:
        app.scenes.push(TitleScene(app))
        while posted < budget:
            r = rng.random()
            if r < 0.6:
                # bias clicks towards buttons so that the monkey gets around
                buttons = [
                    e
                    for e in app.ui.get_sprite_group().sprites()
                    if hasattr(e, "text") and e.visible and e.__class__.__name__ == "UIButton"
                ]
                if buttons and rng.random() < 0.7:
                    pos = rng.choice(buttons).rect.center
                else:
                    pos = (rng.randrange(1280), rng.randrange(720))
                pygame.event.post(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
                )
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
                posted += 3
            elif r < 0.98:
                k = rng.choice(KEYS)
                mod = pygame.KMOD_CTRL if k == pygame.K_z and rng.random() < 0.5 else 0
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
                posted += 1
            else:
                posted += 1
                pygame.event.post(
                    pygame.event.Event(
                        pygame.VIDEORESIZE,
                        w=rng.choice([960, 1280, 1600]),
                        h=rng.choice([540, 720, 900]),
                        size=(1280, 720),
                    )
                )
            for _ in range(rng.choice([1, 1, 2])):
                app.step(1 / 30)
            if not app.scenes.stack:
                app.scenes.push(TitleScene(app))
            seen.add(type(app.scenes.top).__name__)
    finally:
        app.shutdown()
    assert {"TitleScene", "GameChoiceScene", "SetupScene"} <= seen, seen
    assert seen & {"HacktrickScene", "RatjackScene", "HakkutsuScene"}, seen  # it reached a table

"""``AssetSpec``: one generated asset (manifest data plus the function that produces it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class AssetSpec:
    """A manifest entry and its generator.

    ``make`` returns a ``pygame.Surface`` for images, or ``bytes`` for sounds, themes and
    fonts. ``extra`` holds additional manifest fields (e.g. ``frames`` of a sprite sheet).
    """

    key: str
    file: str
    kind: str
    game: str
    role: str
    make: Callable[[], Any]
    extra: dict[str, Any] = field(default_factory=dict)

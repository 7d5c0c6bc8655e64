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


def variant(spec: AssetSpec, lang: str, role: str, make: Callable[[], Any]) -> AssetSpec:
    """The ``lang`` version of ``spec`` (a card face with its text in that language).

    Key ``<key>.<lang>`` (``ratjack.card.weasel.3.ja``), file in a ``<lang>/`` folder beside the
    original (``ratjack/ja/weasel_3.png``), the same extra fields plus ``lang`` and ``variant_of``
    (the original's key). The client picks it with ``game.client.gfx.localized``.
    """
    folder, _, name = spec.file.rpartition("/")
    return AssetSpec(
        f"{spec.key}.{lang}",
        f"{folder}/{lang}/{name}" if folder else f"{lang}/{name}",
        spec.kind,
        spec.game,
        role,
        make,
        {**spec.extra, "lang": lang, "variant_of": spec.key},
    )

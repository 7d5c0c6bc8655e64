"""What the player can point at now: table items mapped to what clicking them does.

A game's ``input`` module turns the engine's legal ``Action`` objects into
:class:`Picks`: each clickable item key (``("cell", 1, 3)``, ``("hand", 0)``)
maps to what clicking it does, in the engine's order, which is also the order
of the number keys (:data:`NUMBER_KEYS`: 1-9 on the main row and the keypad).
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

NUMBER_KEYS: dict[int, int] = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)
}


class Picks:
    """Clickable item keys -> what each does, in order (the number keys follow this order)."""

    def __init__(self) -> None:
        self.picks: dict[Hashable, object] = {}
        self.order: list[Hashable] = []

    def add(self, key: Hashable, pick) -> None:
        if key not in self.picks:
            self.order.append(key)
        self.picks[key] = pick

    def __contains__(self, key) -> bool:
        return key in self.picks

    def numbered(self, n: int) -> Hashable | None:
        """The item of number key ``n`` (1-based)."""
        return self.order[n - 1] if 1 <= n <= len(self.order) else None

    def number_of(self, key: Hashable) -> str | None:
        """The number key that picks ``key`` ("1".."9"), if it has one."""
        if key not in self.picks:
            return None
        n = self.order.index(key) + 1
        return str(n) if n <= 9 else None

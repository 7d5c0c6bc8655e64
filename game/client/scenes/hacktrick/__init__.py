"""The Hacktrick table: magic-square board, the row, hands, trays and the action bar.

Built on :mod:`game.client.table`; the table class is ``scene.HacktrickScene``.  ``CLIENT`` is what the
shared screens know of the game (:mod:`game.client.games`).
"""

from __future__ import annotations

from ...games import GameClient

#: The players' colours: the markers' (``assets/hacktrick/marker_0.png`` white, ``marker_1.png`` red).
COLOURS = ((240, 238, 230), (216, 60, 56))


def _colour_names(players: int) -> list[str]:
    from ...i18n import t

    return [t(f"ht.colour{p}") for p in range(players)]


#: Why a move is refused: (pattern of the engine's English reason, kind: ``illegal.hacktrick.<kind>``).
ILLEGAL = (
    (r"the dealer must first open the row", "open_first"),
    (r"holds no (?P<card>\d+)", "not_held"),
    (r"after playing a card you may only declare", "declare_only"),
    (r"under a Guard! command", "guarded"),
    (r"is only possible right after playing a card", "declare_after_play"),
    (r"Ask the Sum only once per turn", "ask_once"),
    (r"Ask the Sum needs a captured", "ask_needs_marker"),
    (r"only the dealer opens the row", "open_dealer"),
    (r"a (?P<card>\d+) cannot follow a (?P<last>\d+)", "repeat"),
    (r"x2 marker is not in your supply", "no_x2"),
    (r"no normal marker left", "no_normal"),
    (r"under a Play! command", "must_play"),
    (r"may not draw while holding (?P<n>\d+)", "hand_full"),
)


CLIENT = GameClient(
    name="hacktrick",
    scene="game.client.scenes.hacktrick.scene:HacktrickScene",
    pause_section="turn",
    illegal=ILLEGAL,
    colours=COLOURS,
    colour_names=_colour_names,
)

"""High Card's client descriptor (``GameInfo.client_module``): its table, its texts and rules (in
``files/``), the reasons of a refused move.  Light, as a descriptor must be: the table is named."""

from __future__ import annotations

from pathlib import Path

from game.client.games import GameClient

FILES = Path(__file__).with_name("files")

CLIENT = GameClient(
    name="highcard",
    scene="tests.fourth_game.table:HighCardTable",
    pause_section="play",
    illegal=((r"does not hold a (?P<card>\d+)", "not_held"),),
    colours=((90, 170, 240), (240, 120, 90), (120, 210, 120)),
    texts=FILES,
    rulebook=FILES,
)

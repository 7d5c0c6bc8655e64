"""The Hakkutsu!! table: ``layout`` (where things sit), ``input`` (legal actions -> clicks),
``mapview`` / ``panels`` / ``overlays`` (drawing the map, the players' panels, the dig
prompt, the setup choices and the final scoring), ``animations`` (one handler per event),
``log_text`` (one line per event), ``texts`` (names and texts in EN/JA) and ``scene``.
``CLIENT`` is what the shared screens know of the game (:mod:`game.client.games`)."""

from __future__ import annotations

from ...games import GameClient

#: The players' colours: their pawns' and panels'.
COLOURS = ((90, 150, 240), (230, 90, 80), (110, 200, 110), (240, 200, 70))

#: Why a move is refused: (pattern of the engine's English reason, kind: ``illegal.hakkutsu.<kind>``).
ILLEGAL = (
    (r"must first draft a museum card|not in the draft pool", "draft"),
    (r"must first keep one of the equipment cards|was not dealt a", "keep"),
    (r"you may not mine", "cannot_mine"),
    (r"only mine in the mining phase|skip mining is only possible", "mining_phase"),
    (r"may not end your move where you started|end where you started only after", "same_cell"),
    (r"out of reach: your movement is (?P<n>\d+)", "out_of_reach"),
    (r"already moved this turn", "moved"),
    (r"holds no", "no_equipment"),
    (r"may only be used in the (?P<phase>movement|mining) phase", "equipment_phase"),
    (r"would change nothing now", "no_effect"),
)


CLIENT = GameClient(
    name="hakkutsu",
    scene="game.client.scenes.hakkutsu.scene:HakkutsuScene",
    pause_section="turn",
    illegal=ILLEGAL,
    colours=COLOURS,
)

"""The Ratjack table: ``layout`` (where things sit), ``input`` (legal actions -> clicks),
``draw`` (one function per area) and ``tips``, ``animations`` (one handler per event),
``captions`` (other players' turns), ``log_text`` (one line per event), ``texts`` (card, token
and ability texts) and ``scene`` (the table's state and input).  ``CLIENT`` is what the shared screens know of
the game (:mod:`game.client.games`); ``setup`` holds its setup screen's deck-pair choices and
``rulebook`` its rules screen's ability and token pictures."""

from __future__ import annotations

from ...games import GameClient
from . import rulebook, setup

#: Why a move is refused: (pattern of the engine's English reason, kind: ``illegal.ratjack.<kind>``).
ILLEGAL = (
    (r"puts one dealt card face down|was not dealt", "setup"),
    (r"^the deck is empty", "deck_empty"),
    (r"^the discard pile is empty", "discard_empty"),
    (r"must first draw a card", "draw_first"),
    (r"does not hold", "not_held"),
    (r"must be one of your face-down cards", "flip_own"),
    (r"is locked and cannot be turned over", "locked"),
    (r"ability cannot be resolved completely", "unresolvable"),
    (r"must now place, play or discard a hand card", "play_card"),
    (r"is not a valid choice for", "ability_choice"),
)


CLIENT = GameClient(
    name="ratjack",
    scene="game.client.scenes.ratjack.scene:RatjackScene",
    pause_section="abilities",
    illegal=ILLEGAL,
    score_key="results.vp",
    option_values=setup.option_values,
    option_label=setup.option_label,
    option_about=setup.option_about,
    rulebook_blocks={"abilities": rulebook.abilities, "tokens": rulebook.tokens},
)

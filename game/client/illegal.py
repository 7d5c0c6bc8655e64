"""Why a move is not allowed, said in the player's language.

The engines explain an illegal action in English (``state.explain_illegal``).  Each pattern
below recognises one kind of those reasons and names the string that says it in the client's
language, ``illegal.<game>.<kind>``, whose placeholders are the pattern's named groups.  A reason
no pattern knows is shown as the generic ``illegal.other``: never English under another
language.  ``tests/test_client_polish.py`` checks that every Hacktrick reason is recognised.
"""

from __future__ import annotations

import re

from .i18n import t

PATTERNS: dict[str, list[tuple[str, str]]] = {
    "hacktrick": [
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
    ],
    "ratjack": [
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
    ],
    "hakkutsu": [
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
    ],
}
_COMPILED = {game: [(re.compile(p), kind) for p, kind in rules] for game, rules in PATTERNS.items()}


def reason_kind(game: str, english: str) -> tuple[str, dict[str, str]] | None:
    """The kind of an engine's reason and its placeholders (``None``: not recognised)."""
    for pattern, kind in _COMPILED.get(game, ()):
        match = pattern.search(english)
        if match:
            return kind, match.groupdict()
    return None


def explain(state, action) -> str:
    """Why ``action`` is not legal in ``state``, in the current language."""
    found = reason_kind(state.game, state.explain_illegal(action))
    if found is None:
        return t("illegal.other")
    kind, fmt = found
    if "phase" in fmt:
        fmt["phase"] = t(f"illegal.phase.{fmt['phase']}")
    return t(f"illegal.{state.game}.{kind}", **fmt)

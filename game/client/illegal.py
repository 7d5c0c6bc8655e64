"""Why a move is not allowed, said in the player's language.

The engines explain an illegal action in English (``state.explain_illegal``).  Each pattern
below recognises one kind of those reasons and names the string that says it in the client's
language, ``illegal.<game>.<kind>``, whose placeholders are the pattern's named groups; each
game's patterns are its client descriptor's ``illegal`` (``game/client/scenes/<game>/__init__.py``).  A reason
no pattern knows is shown as the generic ``illegal.other``: never English under another
language.  ``tests/test_client_polish.py`` checks that every Hacktrick reason is recognised.
"""

from __future__ import annotations

import re

from .games import client_for
from .i18n import t

_compiled: dict[str, list[tuple[re.Pattern, str]]] = {}


def patterns(game: str) -> list[tuple[re.Pattern, str]]:
    """``game``'s reason patterns (its :class:`~game.client.games.GameClient`'s ``illegal``), compiled once."""
    if game not in _compiled:
        client = client_for(game)
        _compiled[game] = [(re.compile(p), kind) for p, kind in (client.illegal if client else ())]
    return _compiled[game]


def reason_kind(game: str, english: str) -> tuple[str, dict[str, str]] | None:
    """The kind of an engine's reason and its placeholders (``None``: not recognised)."""
    for pattern, kind in patterns(game):
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

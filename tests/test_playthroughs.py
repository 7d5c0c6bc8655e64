"""Same seed + same actions = same game, as readable playthroughs (the OpenSpiel way).

Each case plays a seeded random game to the end and writes what happened, one line a step: the
mover, the legal actions, the action chosen, and every event; every 17th step a digest of the
mover's view and of a seeded ``determinize`` of it; at the end a digest of ``to_json()`` (so saves
keep their format).  The files in ``tests/playthroughs/`` were taken before the engine-skeleton
refactor (issue 15); a failing case shows the first lines that differ.  A rules change that is
meant to change play rewrites them in the same commit, saying why::

    TRIO_WRITE_PLAYTHROUGHS=1 pytest tests/test_playthroughs.py
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import random
from pathlib import Path

import pytest

from game.rules import new_game

FOLDER = Path(__file__).with_name("playthroughs")
#: (game, players, seed, options)
CASES = [
    ("hacktrick", 2, 3, {}),
    ("hacktrick", 2, 11, {}),
    *[("hakkutsu", p, s, {}) for p in (2, 3, 4) for s in (3, 11)],
    *[("hakkutsu", 4, s, {"draft": True, "mode": "treasure"}) for s in (3, 11)],
    *[("ratjack", p, s, {}) for p in (2, 3, 4) for s in (3, 11)],
    *[("ratjack", 4, s, {"decks": ("weasel", "raccoon")}) for s in (3, 11)],
    *[("ratjack", 4, s, {"decks": "random"}) for s in (3, 11)],
]
VIEW_EVERY = 17


def case_name(game: str, players: int, seed: int, options: dict) -> str:
    opts = "".join(f"-{k}={','.join(v) if isinstance(v, tuple) else v}" for k, v in sorted(options.items()))
    return f"{game}-{players}p-seed{seed}{opts}"


def digest(data) -> str:
    """The first 16 hex digits of the SHA-256 of ``data`` as sorted-key JSON."""
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def playthrough(game: str, players: int, seed: int, options: dict) -> str:
    """The seeded random game as text (see the module's docstring)."""
    state = new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed * 7919 + players)
    lines = [
        f"# {case_name(game, players, seed, options)}: random legal moves from Random({seed * 7919 + players})"
    ]
    step = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        mover = state.current_player
        action = rng.choice(legal)
        lines.append(f"{step} p{mover} [{', '.join(map(str, legal))}] -> {action}")
        lines += [
            "  " + json.dumps(ev, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            for ev in state.apply(action)
        ]
        step += 1
        if step % VIEW_EVERY == 0 and not state.is_terminal:
            p = state.current_player
            sample = state.determinize(p, random.Random(step))
            lines.append(
                f"  view p{p} {digest(state.view(p))}; determinize(Random({step})) {digest(sample.to_json())}"
            )
    lines.append(f"final to_json {digest(state.to_json())}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("case", CASES, ids=[case_name(*c) for c in CASES])
def test_playthrough_unchanged(case):
    path = FOLDER / f"{case_name(*case)}.txt"
    text = playthrough(*case)
    if os.environ.get("TRIO_WRITE_PLAYTHROUGHS"):
        FOLDER.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    recorded = path.read_text(encoding="utf-8")
    if text != recorded:
        diff = difflib.unified_diff(
            recorded.splitlines(), text.splitlines(), str(path), "now", n=2, lineterm=""
        )
        pytest.fail("the game no longer plays as recorded:\n" + "\n".join(list(diff)[:40]))

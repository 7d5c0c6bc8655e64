"""Every move a hint or a replay names reads as words in the player's language, not engine notation."""

from __future__ import annotations

import random

import pytest

from game.client import i18n
from game.client.registry import open_game, tables
from game.client.session import Session
from game.rules import GAMES, GameRecord
from tests.client_helpers import fast_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    yield from fast_app(tmp_path, monkeypatch)


def _actions(game: str, games: int = 3) -> set:
    seen = set()
    players = GAMES[game].max_players
    for seed in range(games):
        state, _ = GameRecord.start(game, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            seen.update(legal)
            state.apply(rng.choice(legal))
    return seen


@pytest.mark.parametrize("game", tables())
def test_every_action_has_a_player_label_in_both_languages(app, game):
    scene = open_game(app, Session.new(game, ["human"] + ["random"] * (GAMES[game].max_players - 1), seed=1))
    actions = _actions(game)
    try:
        for lang in ("en", "ja"):
            i18n.set_language(lang)
            for action in actions:
                label = scene.action_label(action)
                assert label and "{" not in label and "." not in label.split()[0], (lang, action, label)
                if lang == "ja":
                    assert any(ord(ch) > 127 for ch in label), (action, label)
    finally:
        i18n.set_language("en")

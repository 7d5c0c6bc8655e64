"""A refused move is explained in the player's language: every Hacktrick reason is recognised and
has its line, an unknown one gets the generic line, and the table says it (issue 13)."""

from __future__ import annotations

import random

import pygame

from game.client import i18n
from game.client.games import clients
from game.client.session import Session
from tests.client_helpers import key, make_app, run_until


def _hacktrick_candidates():
    from game.rules.hacktrick.actions import KINDS, OPEN, PLAY, Action

    out = [Action(k) for k in KINDS if k not in (OPEN, PLAY)]
    out += [Action(OPEN, c) for c in range(6)] + [
        Action(PLAY, c, x2) for c in range(6) for x2 in (False, True)
    ]
    return out


def test_every_hacktrick_reason_is_recognised_and_said_in_japanese():
    from game.client import illegal
    from game.rules import new_game

    rng = random.Random(7)
    kinds = set()
    for seed in range(6):
        state = new_game("hacktrick", seed=seed, target=2)
        while not state.is_terminal:
            legal = state.legal_actions()
            for action in _hacktrick_candidates():
                if action not in legal:
                    found = illegal.reason_kind("hacktrick", state.explain_illegal(action))
                    assert found is not None, state.explain_illegal(action)
                    kinds.add(found[0])
            state.apply(rng.choice(legal))
    assert len(kinds) >= 10, kinds
    i18n.set_language("ja")
    try:
        state = new_game("hacktrick", seed=1)
        from game.rules.hacktrick.actions import DRAW, Action

        text = illegal.explain(state, Action(DRAW))  # the dealer must open the row first
        assert text == i18n.t("illegal.hacktrick.open_first") and not any("a" <= c <= "z" for c in text)
    finally:
        i18n.set_language("en")


def test_an_unknown_reason_gets_the_generic_line_and_other_games_are_mapped():
    from game.client import illegal

    assert illegal.reason_kind("hacktrick", "something new") is None
    assert illegal.reason_kind("ratjack", "the deck is empty") == ("deck_empty", {})
    assert illegal.reason_kind("hakkutsu", "move (1, 2) is out of reach: your movement is 2") == (
        "out_of_reach",
        {"n": "2"},
    )
    for game, client in clients().items():
        for _, kind in client.illegal:
            assert f"illegal.{game}.{kind}" in i18n.table("ja")


def test_the_table_explains_a_refused_card_in_the_players_language(tmp_path, monkeypatch):
    from game.client.menus.title import TitleScene
    from game.client.registry import open_game

    app = make_app(tmp_path, monkeypatch, lang="ja")
    try:
        app.scenes.push(TitleScene(app))
        session = Session.new("hacktrick", ["human", "random"], seed=1)
        table = open_game(app, session)
        assert run_until(app, lambda: table.my_turn and session.state.phase == "main")
        key(app, pygame.K_a)  # no captured marker to ask with
        assert app.notice[0] == i18n.t("game.illegal", reason=i18n.t("illegal.hacktrick.ask_needs_marker"))
    finally:
        app.shutdown()
        i18n.set_language("en")

"""An undo that reveals nothing (issue 32): undo never takes back a decision after which the human
saw something hidden from them.

The engines name in an event's ``revealed_to`` every player it shows something hidden until then
(a card drawn from the deck, turned face up, peeked at, a Treasure site turned, equipment drawn or
dealt, a hand's sum, a bot's hidden card played or used); :class:`Session` never undoes past such an
action, whoever took it, because replaying the same seed would show the same thing again.  Checked
here: each kind of reveal in each game refuses undo with its own reason and changes nothing; a
decision that showed nothing can still be undone; the engines' marks against determinization (an
event the human sees that depends on what they could not know names them); the table's message,
button and tooltip; the record's count of undos and hints.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.client import i18n
from game.client.registry import open_game
from game.client.session import Session
from game.rules import GAMES, IllegalAction, events_for, new_game

from .client_helpers import frames, key, run_until

BOTS = {
    "hacktrick": ["human", "random"],
    "ratjack": ["human", "random", "random"],
    "hakkutsu": ["human", "random", "random"],
}


def _shown_to_human(events) -> bool:
    return any(0 in ev.get("revealed_to", ()) for ev in events)


def _of(events, kind: str, **fields) -> list[dict]:
    return [ev for ev in events if ev["type"] == kind and all(ev.get(k) == v for k, v in fields.items())]


def session_after(game: str, want, options: dict | None = None, seeds=range(1, 40), limit: int = 3000):
    """A session of random legal moves (the human at seat 0 against bots) stopped right after the
    first action ``want(actor, events)`` accepts at which, without the new rule, undo would work
    (the human decided something since the last finished hand or round).  Returns the session,
    the events of that action and the undo point the old rule would have given."""
    options = options or {}
    seats = BOTS[game]
    ends = GAMES[game].undo_barriers
    for seed in seeds:
        s = Session.new(game, seats, seed=seed, **options)
        rng = random.Random(seed)
        last_human = None  # the human's last decision since the last finished hand or round
        for _ in range(limit):
            if s.over:
                break
            actor = s.to_move
            events = s.apply(rng.choice(s.state.legal_actions()))
            if actor == 0:
                last_human = len(s.record.actions) - 1
            if any(ev["type"] in ends for ev in events):
                last_human = None
                continue
            if last_human is not None and want(actor, events):
                return s, events, last_human
    raise AssertionError(f"no {game} game of these seeds has the position")


REVEALS = [
    # Hacktrick
    ("hacktrick", "a card drawn from the deck", {}, lambda a, ev: a == 0 and _of(ev, "card_drawn", player=0)),
    (
        "hacktrick",
        "the sum of the bot's hand asked",
        {},
        lambda a, ev: a == 0 and _of(ev, "sum_asked", player=0) and _shown_to_human(ev),
    ),  # not known already
    (
        "hacktrick",
        "the bot's hidden card played",
        {},
        lambda a, ev: a == 1 and _of(ev, "card_played", player=1) and _shown_to_human(ev),
    ),
    (
        "hacktrick",
        "the bot's hand revealed (a draw after Play!)",
        {},
        lambda a, ev: a == 1 and _of(ev, "hand_revealed", player=1) and _shown_to_human(ev),
    ),
    # Ratjack
    (
        "ratjack",
        "a card drawn from the deck",
        {},
        lambda a, ev: a == 0 and _of(ev, "card_drawn", player=0, source="deck"),
    ),
    (
        "ratjack",
        "a bot's card looked at (rat 5)",
        {},
        lambda a, ev: a == 0 and _of(ev, "card_peeked", player=0),
    ),
    (
        "ratjack",
        "a card turned face up",
        {},
        lambda a, ev: _of(ev, "card_flipped", face_up=True) and _shown_to_human(ev),
    ),
    (
        "ratjack",
        "a bot's hidden card placed face up",
        {},
        lambda a, ev: a != 0 and _of(ev, "card_placed", face_up=True) and _shown_to_human(ev),
    ),
    ("ratjack", "deck cards discarded (rat 11)", {}, lambda a, ev: _of(ev, "cards_milled")),
    (
        "ratjack",
        "hands exchanged (weasel 1)",
        {"decks": ("weasel", "raccoon")},
        lambda a, ev: _of(ev, "hand_received") and _shown_to_human(ev),
    ),
    (
        "ratjack",
        "a card drawn aside and discarded (weasel 3)",
        {"decks": ("weasel", "raccoon")},
        lambda a, ev: a != 0 and _of(ev, "card_discarded", **{"from": "drawn"}),
    ),
    # Hakkutsu!!
    (
        "hakkutsu",
        "a Treasure site turned over",
        {"mode": "treasure"},
        lambda a, ev: a == 0 and _of(ev, "card_flipped") and _shown_to_human(ev),
    ),
    (
        "hakkutsu",
        "a card looked at with a Detector",
        {},
        lambda a, ev: a == 0 and _of(ev, "card_peeked", player=0) and _shown_to_human(ev),
    ),
    (
        "hakkutsu",
        "an equipment card drawn at the base",
        {},
        lambda a, ev: a == 0 and _of(ev, "equipment_drawn", player=0),
    ),
    ("hakkutsu", "a bot's equipment card used", {}, lambda a, ev: a != 0 and _of(ev, "equipment_used")),
    (
        "hakkutsu",
        "the equipment dealt after the museum draft",
        {"draft": True},
        lambda a, ev: a != 0 and _of(ev, "equipment_dealt", player=0),
    ),
]


@pytest.mark.parametrize(
    ("game", "what", "options", "want"), REVEALS, ids=[f"{g}: {w}" for g, w, _, _ in REVEALS]
)
def test_undo_is_refused_after_a_reveal_and_changes_nothing(game, what, options, want):
    s, events, old_point = session_after(game, want, options)
    assert _shown_to_human(events), what
    assert old_point is not None  # the old rule would have undone the human's decision ...
    assert s.undo_point() is None and s.undo_refusal() == "revealed"  # ... which now stays
    actions, view = list(s.record.actions), s.state.view(0)
    assert not s.undo()
    assert s.record.actions == actions and s.state.view(0) == view and "undos" not in s.record.meta
    back = Session(s.record, s.seats)  # a resumed save remembers it
    assert back.undo_point() is None and back.undo_refusal() == "revealed"


def test_the_issues_repro_draw_then_undo_cannot_draw_again():
    """Hacktrick and Ratjack: draw from the deck, Undo, draw again gave the same card 30 times in 30."""

    def deck_draw(actor, events):
        drawn = _of(events, "card_drawn", player=0)
        return actor == 0 and any(ev.get("source", "deck") == "deck" for ev in drawn)

    for game in ("hacktrick", "ratjack"):
        s, events, _ = session_after(game, deck_draw)
        drawn = _of(events_for(events, 0), "card_drawn")[0]["card"]
        n = len(s.record.actions)
        assert not s.undo() and len(s.record.actions) == n
        # the draw is still the last thing the human did: the card stays theirs, none drawn anew
        assert drawn in s.state.view(0)["hand"]


NOTHING_SHOWN = [
    (
        "hacktrick",
        "a card played",
        lambda a, ev: a == 0 and _of(ev, "card_played", player=0) and not _shown_to_human(ev),
    ),
    (
        "ratjack",
        "the top discard taken",
        lambda a, ev: (
            a == 0 and _of(ev, "card_drawn", player=0, source="discard") and not _shown_to_human(ev)
        ),
    ),
    (
        "hakkutsu",
        "a move onto a face-up site",
        lambda a, ev: a == 0 and _of(ev, "pawn_moved", player=0) and not _shown_to_human(ev),
    ),
]


@pytest.mark.parametrize(
    ("game", "what", "want"), NOTHING_SHOWN, ids=[f"{g}: {w}" for g, w, _ in NOTHING_SHOWN]
)
def test_a_decision_that_showed_nothing_can_still_be_undone(game, what, want):
    s, _, _ = session_after(game, want)
    point = len(s.record.actions) - 1
    assert s.undo_point() == point and s.undo_refusal() is None
    assert s.undo() and len(s.record.actions) == point and s.to_move == 0
    assert s.record.meta["undos"] == 1


def _strip(events):
    return [{k: v for k, v in ev.items() if k != "revealed_to"} for ev in events]


#: The games' cases with their own player counts and options; every other game of ``GAMES`` (a new
#: one too) is checked at its largest table with its default options.
MARK_VARIANTS = [
    ("hacktrick", 2, {}),
    ("ratjack", 3, {}),
    ("ratjack", 4, {"decks": ("weasel", "raccoon")}),
    ("hakkutsu", 3, {"mode": "treasure", "draft": True}),
    ("hakkutsu", 2, {}),
]
MARK_CASES = MARK_VARIANTS + [
    (name, info.max_players, {}) for name, info in GAMES.items() if name not in {c[0] for c in MARK_VARIANTS}
]


@pytest.mark.parametrize(("game", "players", "options"), MARK_CASES)
def test_whatever_shows_a_player_something_hidden_names_them(game, players, options):
    check_reveals_are_named(game, players, options)


def check_reveals_are_named(game: str, players: int, options: dict, seeds=(1, 2)) -> None:
    """The marks checked against the engines' own hidden information: in a state player ``q``
    cannot tell from the real one (``determinize``), the same action shows ``q`` something else
    (events or view) only if the real events name ``q`` in ``revealed_to``."""
    rng = random.Random(7)
    found = 0
    for seed in seeds:
        state = new_game(game, players=players, seed=seed, **options)
        while not state.is_terminal:
            action = rng.choice(state.legal_actions())
            before = state.clone()
            events = state.apply(action)
            for q in range(players):
                other = before.determinize(q, random.Random(found))
                try:
                    other_events = other.apply(action)
                except IllegalAction:
                    continue  # the action rests on what q does not know
                if other.current_player != state.current_player:
                    continue  # the mover's hidden cards decided who moves next (Hakkutsu!!'s Grant):
                    # a turn that simply goes on shows no card
                differs = _strip(events_for(events, q)) != _strip(events_for(other_events, q)) or state.view(
                    q
                ) != other.view(q)
                if differs:
                    found += 1
                    named = any(q in ev.get("revealed_to", ()) for ev in events)
                    assert named, (game, str(action), q, events)
    assert found > 20  # the check did meet reveals


# ---------------------------------------------------------------------------- the table


@pytest.fixture
def app(tmp_path, monkeypatch):
    from .client_helpers import fast_app

    yield from fast_app(tmp_path, monkeypatch)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_table_says_why_undo_is_refused(app, lang):
    from game.client.menus.title import TitleScene

    s, _, _ = session_after("hacktrick", lambda a, ev: a == 0 and _of(ev, "card_drawn", player=0))
    app.set_language(lang)
    try:
        app.scenes.push(TitleScene(app))
        scene = open_game(app, Session(s.record, s.seats))
        assert run_until(app, lambda: scene.my_turn and not scene.timeline.busy)
        assert scene.session.undo_refusal() == "revealed"
        frames(app, 2)
        assert scene.b_undo.visible and not scene.b_undo.is_enabled
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=scene.undo_rect.center, rel=(0, 0), buttons=(0, 0, 0))
        )
        frames(app, 20)
        why = i18n.t("game.no_undo_revealed")
        assert scene.tips.current() == why and why != i18n.t("game.no_undo_ended")
        n = len(scene.session.record.actions)
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        assert app.notice[0] == why and len(scene.session.record.actions) == n
    finally:
        app.set_language("en")


def test_undos_and_hints_are_counted_in_the_saved_record(app, tmp_path):
    from game.client.menus.title import TitleScene

    s, _, _ = session_after("hacktrick", NOTHING_SHOWN[0][2])
    app.scenes.push(TitleScene(app))
    scene = open_game(app, s)
    frames(app, 2)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert s.record.meta["undos"] == 1
    assert run_until(app, lambda: scene.my_turn and not scene.timeline.busy)
    key(app, pygame.K_h)
    key(app, pygame.K_w)
    assert s.record.meta["hints"] == 2  # the hint and the win-chance meter
    back = Session.load(s.save(tmp_path / "hacktrick.json"))
    assert back.record.meta["undos"] == 1 and back.record.meta["hints"] == 2

"""The session keeps each bot seat's history as the game goes (issue 35).

``Session.seat_history(p)`` (what a bot with beliefs is sent) is advanced over the actions added
since the last request instead of replaying the whole record each time; whatever else changes the
record (undo, a loaded save, a record truncated or replaced) gives the history a replay from the
start would.  Random play with the engines, in all three games.
"""

from __future__ import annotations

import random

import pytest

from game.client.session import Session
from game.rules import GameRecord, Seat
from game.rules.seat import Witnessed

GAMES = [("hacktrick", 2), ("ratjack", 3), ("ratjack", 4), ("hakkutsu", 2), ("hakkutsu", 4)]


def from_scratch(record: GameRecord, player: int) -> list[Witnessed]:
    """``player``'s history replayed from the record's first action (what the session must give)."""
    state = record.new_state()
    seat = Seat(state, player)
    for action in record.actions:
        seat.witness(state.current_player)
        state.apply(action)
    return list(seat.history)


def new_session(game: str, players: int, seed: int) -> Session:
    """One human (so that undo works) against random bots."""
    return Session.new(game, ["human"] + ["random"] * (players - 1), seed=seed)


def play(session: Session, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if session.over:
            return
        session.apply(rng.choice(session.state.legal_actions()))


def assert_every_history_right(session: Session) -> None:
    for p in range(session.record.players):
        assert session.seat_history(p) == from_scratch(session.record, p), f"player {p}"


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_history_kept_along_the_game_is_the_replayed_one(game, players):
    session = new_session(game, players, seed=7)
    rng = random.Random(7)
    assert all(session.seat_history(p) == [] for p in range(players))
    while not session.over and len(session.record.actions) < 120:
        play(session, rng, rng.randint(1, 6))
        asked = rng.randrange(players)  # not every seat at every step: some replicas lag behind
        assert session.seat_history(asked) == from_scratch(session.record, asked)
    assert_every_history_right(session)
    mine = session.seat_history(0)
    mine.clear()  # what goes out is the caller's own list
    assert session.seat_history(0) == from_scratch(session.record, 0) != []


def undo_with_replicas_ahead(game: str, players: int) -> tuple[Session, list, int]:
    """A session whose every seat's history was asked for, just undone by at least two actions to
    a decision with a choice; returns it, the actions before the undo and the undo point."""
    for seed in range(1, 30):
        session = new_session(game, players, seed)
        rng = random.Random(seed)
        while not session.over and len(session.record.actions) < 300:
            play(session, rng, 1)
            assert_every_history_right(session)
            point = session.undo_point()
            if (
                point is not None
                and len(session.record.actions) - point >= 2
                and point >= 3
                and len(session.record.replay(point).legal_actions()) > 1  # the human had a choice
            ):
                before = list(session.record.actions)
                assert session.undo() and len(session.record.actions) == point
                return session, before, point
    raise AssertionError(f"no {game} game of these seeds could be undone")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_after_an_undo_the_history_is_the_replayed_one(game, players):
    session, _, _ = undo_with_replicas_ahead(game, players)
    assert_every_history_right(session)  # the record is shorter than what the replicas replayed
    rng = random.Random(99)
    for _ in range(20):
        play(session, rng, 1)
        assert_every_history_right(session)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_after_an_undo_and_other_moves_past_the_old_length_the_history_is_the_replayed_one(game, players):
    """Not asked between the undo and the new moves: the record is as long as before (or longer) but
    holds other actions, which its length alone cannot tell."""
    session, before, point = undo_with_replicas_ahead(game, players)
    session.apply(next(a for a in session.state.legal_actions() if a != before[point]))
    rng = random.Random(5)
    while not session.over and len(session.record.actions) < len(before) + 2:
        play(session, rng, 1)
    assert len(session.record.actions) >= len(before) and session.record.actions[: len(before)] != before
    assert_every_history_right(session)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_loaded_save_and_a_replaced_record_give_the_replayed_history(game, players, tmp_path):
    session = new_session(game, players, seed=3)
    rng = random.Random(3)
    play(session, rng, 25)
    assert_every_history_right(session)
    path = session.save(tmp_path / f"{game}.json")
    saved = list(session.record.actions)
    play(session, rng, 10)
    assert_every_history_right(session)
    loaded = Session.load(path)
    assert loaded.record.actions == saved and saved
    assert_every_history_right(loaded)
    play(loaded, random.Random(4), 15)
    assert_every_history_right(loaded)
    # another deal put in place of the record (another seed, other actions, any length), also
    # where the replicas replayed nothing yet
    fresh = new_session(game, players, seed=5)
    assert_every_history_right(fresh)
    fresh.record = session.record
    assert_every_history_right(fresh)
    other = new_session(game, players, seed=4)
    play(other, random.Random(4), 40)
    session.record = other.record
    assert_every_history_right(session)
    # the record's own list cut and grown again in place
    cut = len(other.record.actions) - 6
    del session.record.actions[cut:]
    replay = session.record.replay()
    pick = random.Random(8)
    while not replay.is_terminal and len(session.record.actions) < cut + 9:
        action = pick.choice(replay.legal_actions())
        replay.apply(action)
        session.record.actions.append(action)
    assert_every_history_right(session)


def test_a_second_request_replays_only_the_new_actions(monkeypatch):
    session = new_session("hakkutsu", 4, seed=11)
    rng = random.Random(11)
    play(session, rng, 60)
    applied: list[object] = []
    state_class = type(session.state)
    real_apply = state_class.apply

    def counted(self, action):
        applied.append(action)
        return real_apply(self, action)

    monkeypatch.setattr(state_class, "apply", counted)
    first = session.seat_history(2)
    assert len(applied) == len(session.record.actions) == 60
    play(session, rng, 5)
    applied.clear()
    second = session.seat_history(2)
    assert applied == session.record.actions[60:65]  # five, not 65
    assert second[:60] == first and second == from_scratch(session.record, 2)
    applied.clear()
    assert session.seat_history(2) == second and applied == []  # nothing new: nothing replayed
    assert session.seat_history(1) and len(applied) == 65  # each seat its own replica

"""A bot in another process gets its seat's history when it reads it (issue 35, beliefs).

The beliefs (``mcts:beliefs=1``) read the seat's own views before each decision
(:attr:`game.rules.Seat.history`).  A bot in the client's worker process or in ``hard``'s helpers
gets a :class:`game.rules.seat.SeatSample`; the sample carries that history, as JSON text, when
the bot reads it, and none otherwise (the bytes stay small). The history is only the seat's
own views, so it tells the bot nothing its player could not see.
"""

from __future__ import annotations

import pickle

import pytest

import ai
from ai import parallel
from ai.agents import reads_history
from ai.mcts import MCTSAgent
from game.client import bot_worker
from game.client.bot_worker import BotWorker, blind_request
from game.client.menus.title import TitleScene
from game.client.registry import open_game
from game.client.session import Session
from game.rules import GAMES, Seat, new_game
from game.rules.rng import Rng

from .client_helpers import make_app
from .test_ai_blind_workers import _FakePool, _FakeWorker, _hidden_twin, serve_helper

BELIEFS = "mcts:iterations=60,beliefs=1"


def _witnessed(game: str, players: int, seed: int, steps: int) -> tuple[object, list[Seat]]:
    """A game after ``steps`` random actions, every seat witnessing every decision (as
    ``ai.play.play_game`` does), stopped where the mover has a choice."""
    state = new_game(game, players=players, seed=seed)
    seats = [Seat(state, p) for p in range(players)]
    pick = Rng(seed)
    step = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        if step >= steps and len(legal) > 1:
            break
        for seat in seats:
            seat.witness(state.current_player)
        state.apply(legal[pick.randbelow(len(legal))])
        step += 1
    assert not state.is_terminal
    return state, seats


@pytest.mark.parametrize("game", list(GAMES))
def test_a_sample_carries_the_seats_history_when_asked(game):
    state, seats = _witnessed(game, 2, seed=11, steps=25)
    seat = seats[state.current_player]
    sample = seat.sample(Rng(3))
    assert sample.history and sample.seat().history == seat.history
    assert all(w.view == v.view for w, v in zip(sample.seat().history, seat.history, strict=True))
    bare = seat.sample(Rng(3), with_history=False)
    assert bare.history == "" and bare.seat().history == () and bare.state == sample.state


def test_only_a_bot_with_beliefs_reads_the_history():
    assert reads_history("mcts:level=normal,beliefs=1", "ratjack", 2) and reads_history(BELIEFS, "ratjack", 2)
    plain = ("mcts:level=normal", "mcts:level=hard", "mcts:level=normal,beliefs=0", "heuristic", "random")
    assert not any(reads_history(s, "ratjack", 2) for s in plain)
    assert not reads_history("no-such-bot", "ratjack", 2) and not reads_history(
        "mcts:beliefs=7", "ratjack", 2
    )


def test_a_level_reads_the_history_where_its_game_turns_beliefs_on(monkeypatch):
    """``beliefs`` unset: the game's tuning decides, by player count; ``beliefs=0`` still wins."""
    from ai.heuristics import heuristics_for

    tuning = heuristics_for("ratjack").MCTS
    monkeypatch.setitem(tuning, "beliefs", {3: True})
    assert reads_history("mcts:level=normal", "ratjack", 3) and reads_history("mcts:level=easy", "ratjack", 3)
    assert not reads_history("mcts:level=normal", "ratjack", 2)
    assert not reads_history("mcts:level=normal,beliefs=0", "ratjack", 3)


def _ratjack_with_evidence() -> tuple[object, Seat]:
    """A Ratjack decision where the seat's beliefs have evidence (an opponent placed a card)."""
    from ai.beliefs import beliefs_for
    from ai.heuristics import heuristics_for

    for seed in range(40):
        state, seats = _witnessed("ratjack", 2, seed=seed, steps=8)
        seat = seats[state.current_player]
        if beliefs_for(heuristics_for("ratjack"), seat) is not None:
            return state, seat
    raise AssertionError("no Ratjack position with evidence in 40 seeds")


def test_a_hard_helper_with_beliefs_grows_the_tree_of_the_real_seat_with_its_history():
    state, real = _ratjack_with_evidence()
    agent = MCTSAgent(seed=8, iterations=80, beliefs=1)
    kind, (packed, _) = serve_helper(agent, real)
    tree, _ = agent.search_tree(real, 1, lambda progress: None)
    assert kind == "done" and packed == parallel.pack_root(tree)
    # without the history the helper's beliefs would have had no evidence: another tree
    forgetful = Seat(state, real.player)
    other, _ = agent.search_tree(forgetful, 1, lambda progress: None)
    assert parallel.pack_root(other) != packed


def test_a_hard_helper_without_beliefs_is_sent_no_history(monkeypatch):
    state, real = _ratjack_with_evidence()
    pool = _FakePool()
    monkeypatch.setattr(parallel, "POOL", pool)
    sent = {}
    for name, seat in (("with", real), ("without", Seat(state, real.player))):
        MCTSAgent(seed=41, iterations=10, workers=2).choose(seat)
        sent[name] = pool.helpers[0].stdin.getvalue()
    assert sent["with"] == sent["without"]
    MCTSAgent(seed=41, iterations=10, workers=2, beliefs=1).choose(real)
    request = pickle.loads(pool.helpers[0].stdin.getvalue())
    assert request[0][2].history  # the beliefs' helper got it


def test_the_session_rebuilds_each_seats_history_as_it_saw_the_game():
    session = Session.new("ratjack", ["human", "heuristic", "heuristic"], seed=4)
    mirror = new_game("ratjack", players=3, seed=session.record.seed)
    seats = [Seat(mirror, p) for p in range(3)]
    pick = Rng(2)
    for _ in range(30):
        for seat in seats:
            seat.witness(mirror.current_player)
        legal = session.state.legal_actions()
        action = legal[pick.randbelow(len(legal))]
        session.apply(action)
        mirror.apply(action)
    for p in range(3):
        assert session.seat_history(p) == list(seats[p].history)
        assert all(w.view["player"] == p for w in session.seat_history(p))


def test_the_worker_request_carries_the_history_and_stays_blind_to_hidden_cards():
    state, real = _ratjack_with_evidence()
    p = real.player
    twin = _hidden_twin(state, p, seed=5)
    one = blind_request(1, state, p, BELIEFS, 77, history=real.history)
    two = blind_request(1, twin, p, BELIEFS, 77, history=real.history)
    assert pickle.dumps(one) == pickle.dumps(two)
    _, sample, spec, agent_seed, _ = one
    assert sample.seat().history == real.history
    action, _ = bot_worker._choose(sample, spec, agent_seed)
    assert action == ai.make_agent(spec, seed=agent_seed).choose(real)


def test_the_table_sends_the_history_only_to_a_bot_that_reads_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        sent: list[tuple[int, int]] = []

        def request(self, state, player, spec, seed, analyse=False, history=()):
            sent.append((player, len(history)))

        monkeypatch.setattr(BotWorker, "request", request)
        monkeypatch.setattr(BotWorker, "busy", property(lambda self: False))
        app.scenes.push(TitleScene(app))
        session = Session.new("ratjack", ["mcts:level=normal", BELIEFS], seed=3)
        scene = open_game(app, session)
        for player in (0, 1):
            for _ in range(3):
                session.apply(session.state.legal_actions()[0])
            scene._drive_bot(player)
        assert sent == [(0, 0), (1, len(session.seat_history(1)))] and sent[1][1] > 0
    finally:
        app.shutdown()


def test_a_fake_worker_sees_the_history_bytes(monkeypatch):
    """What goes down the pipe for a bot with beliefs holds the history, and nothing else grew."""
    from multiprocessing.reduction import ForkingPickler

    state, real = _ratjack_with_evidence()
    sent: list[bytes] = []
    monkeypatch.setattr(
        bot_worker, "try_send", lambda conn, m: sent.append(bytes(ForkingPickler.dumps(m))) or True
    )
    worker = BotWorker(mode="process")
    worker.worker = _FakeWorker()
    worker.request(state, real.player, BELIEFS, 9, history=real.history)
    worker.pending = None
    worker.request(state, real.player, BELIEFS, 9)
    worker.pending = None
    with_history, without = (pickle.loads(b)[1] for b in sent)
    assert with_history.history and not without.history and with_history.state == without.state

"""A bot's process never even holds what its seat may not see (issue 35, "Never the true state").

The client's bot worker (moves and hints) and ``hard``'s root-parallel helpers receive a
:class:`game.rules.seat.SeatSample`: the player and one determinization drawn in the caller,
from a seed derived from the bot's seed and the view.  So, for two games the seat cannot tell
apart (other hidden cards, another deck order, another game seed), the bytes a worker receives
are identical; no integer in them is the game's seed or rebuilds the real deal; and the bot at
the sample's seat plays and searches exactly as at the real seat.
"""

from __future__ import annotations

import io
import json
import pickle
from multiprocessing.reduction import ForkingPickler

import pytest

import ai
from ai import parallel
from ai.mcts import MCTSAgent
from game.client import bot_worker
from game.client.bot_worker import BotWorker, blind_request
from game.client.table.hints import HINT_SPEC
from game.rules import GAMES, Seat, new_game
from game.rules.rng import Rng
from game.rules.seat import SeatSample

from .test_ai_nopeek import _hidden_twin
from .test_hidden_leak import _deal, _integers

#: Real seeds far from the small integers every state holds (counts, card ids, masks).
BASE_SEED = 9_000_000_000


def _positions(game: str, players: int, count: int) -> list:
    """Seeded mid-game states (real seed ``BASE_SEED + k``) where the mover has a real choice."""
    found = []
    for k in range(count * 20):
        state = new_game(game, players=players, seed=BASE_SEED + 100 * players + k)
        pick = Rng(k)
        stop = 3 + pick.randbelow(30)
        for step in range(400):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            if step >= stop and len(legal) > 1:
                found.append(state)
                break
            state.apply(legal[pick.randbelow(len(legal))])
        if len(found) == count:
            break
    return found


def _hidden(state) -> dict:
    """The state's save without its seed and random source: what differs in a twin is hidden."""
    d = state.to_json()
    d.pop("seed")
    d.pop("rng")
    return d


def _cases(game: str, count: int = 2):
    """``(state, twin, player)``: the twin differs from the state only where the player cannot
    see (its hidden cards, deck order and seed are drawn afresh by ``determinize``); in some of
    them the cards differ, not only the seed."""
    info = GAMES[game]
    cases = []
    for players in sorted({info.min_players, info.max_players}):
        for i, state in enumerate(_positions(game, players, count)):
            p = state.current_player
            twin = _hidden_twin(state, p, seed=500 + i)
            assert twin.view(p) == state.view(p) and twin.seed != state.seed
            cases.append((state, twin, p))
    assert any(_hidden(s) != _hidden(t) for s, t, _ in cases), f"{game}: no twin had other hidden cards"
    return cases


# -------------------------------------------------------------------- the sample's seat


def check_sample_seat_is_the_real_seat(game: str) -> None:
    """At a sample's seat the view, the legal actions and every determinization are the real seat's."""
    for state, _, p in _cases(game):
        real = Seat(state, p)
        sample = real.sample(Rng(3))
        seat = pickle.loads(pickle.dumps(sample)).seat()
        assert seat.player == p and seat.game == game and seat.num_players == state.num_players
        assert seat.view() == real.view() and seat.legal_actions() == real.legal_actions()
        for k in range(3):
            assert seat.determinize(Rng(k)).to_json() == real.determinize(Rng(k)).to_json()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_sample_seat_is_the_real_seat_to_its_player(game):
    check_sample_seat_is_the_real_seat(game)


def test_a_sample_that_is_no_state_is_refused():
    with pytest.raises(ValueError):
        SeatSample(0, '{"game": "hacktrick"}').seat()


# -------------------------------------------------------------------- the client's bot worker


class _FakeWorker:
    """Stands for the worker process: the request is sent to it, never answered."""

    alive = True
    conn = None

    def stop(self) -> None:
        pass


def _sent_bytes(monkeypatch, state, player: int, spec: str, seed: int, analyse: bool) -> bytes:
    """The bytes ``BotWorker.request`` sends down the pipe (a ``Connection`` pickles this way)."""
    sent: list[bytes] = []

    def capture(conn, message) -> bool:
        sent.append(bytes(ForkingPickler.dumps(message)))
        return True

    monkeypatch.setattr(bot_worker, "try_send", capture)
    worker = BotWorker(mode="process")
    worker.worker = _FakeWorker()
    worker.request(state, player, spec, seed, analyse=analyse)
    worker.pending = None
    assert len(sent) == 1
    return sent[0]


def _int_bytes(n: int) -> list[bytes]:
    """``n`` as a pipe's bytes may hold it: decimal text, 8 bytes, pickle's shortest form."""
    short = n.to_bytes((n.bit_length() + 8) // 8, "little", signed=True)
    return [str(n).encode(), n.to_bytes(8, "little"), n.to_bytes(8, "big"), short]


def _assert_no_game_seed(data: bytes, state, rebuild: bool = True) -> None:
    """No trace of ``state``'s seed or random source in ``data``; with ``rebuild``, no integer in
    it rebuilds the real deal (a record's seed, or one derived from it as the caller's is, would)."""
    for n in (state.seed, state.rng.state):
        for text in _int_bytes(n):
            assert text not in data, f"{state.game}: the request holds the game's seed or random source"
    numbers: set = set()
    request = pickle.loads(data)
    _integers(request, set(), numbers)
    samples = [x for x in request if isinstance(x, SeatSample)]
    samples += [x for part in request if isinstance(part, tuple) for x in part if isinstance(x, SeatSample)]
    assert len(samples) == 1
    _integers(json.loads(samples[0].state), set(), numbers)
    assert state.seed not in numbers and state.rng.state not in numbers
    if rebuild:
        real_deal = _deal(new_game(state.game, players=state.num_players, seed=state.seed))
        for n in numbers:
            if n > 1_000_000:  # the small numbers are counts, card ids and masks (the seeds are larger)
                assert _deal(new_game(state.game, players=state.num_players, seed=n)) != real_deal


def check_worker_requests_are_blind(game: str, monkeypatch) -> None:
    for state, twin, p in _cases(game):
        # the client's seed for a bot, derived from the game's seed (``scenes/base.py``)
        seed = (state.seed * 7919 + 12) % (1 << 62)
        for spec, analyse in (("mcts:iterations=40", False), (HINT_SPEC, True)):
            data = _sent_bytes(monkeypatch, state, p, spec, seed, analyse)
            assert data == _sent_bytes(monkeypatch, twin, p, spec, seed, analyse), (
                f"{game}: the worker's request depends on what player {p} cannot see"
            )
            assert str(seed).encode() not in data  # the caller's seed leads back to the game's
            _assert_no_game_seed(data, state, rebuild=not analyse)
            _assert_no_game_seed(data, twin, rebuild=False)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_bot_workers_request_is_the_same_for_games_the_seat_cannot_tell_apart(game, monkeypatch):
    check_worker_requests_are_blind(game, monkeypatch)


def test_the_request_holds_no_record():
    state = new_game("ratjack", players=2, seed=BASE_SEED)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    request = blind_request(1, state, state.current_player, "heuristic", 5)
    assert [type(x) for x in request] == [int, SeatSample, str, int, bool]
    assert "actions" not in request[1].state


def check_worker_moves_as_at_the_real_seat(game: str) -> None:
    """The worker's agent at the sample's seat chooses (and analyses) as at the real seat."""
    from ai.review import analyse_with

    for state, _, p in _cases(game):
        for spec in ("mcts:iterations=60", "heuristic", "random"):
            _, sample, _, agent_seed, _ = blind_request(1, state, p, spec, 77)
            action, _ = bot_worker._choose(sample, spec, agent_seed)
            assert action == ai.make_agent(spec, seed=agent_seed).choose(Seat(state, p))
        _, sample, _, agent_seed, _ = blind_request(1, state, p, "mcts:iterations=60", 77, analyse=True)
        action, chance = bot_worker._choose(sample, "mcts:iterations=60", agent_seed, analyse=True)
        real = analyse_with(ai.make_agent("mcts:iterations=60", seed=agent_seed), Seat(state, p))
        assert (action, chance) == (real.best, real.win_chance)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_worker_moves_as_the_agent_would_at_the_real_seat(game):
    check_worker_moves_as_at_the_real_seat(game)


# -------------------------------------------------------------------- hard's helpers


class _FakePool:
    """Stands for the helper pool: helpers whose stdin is kept (and who never answer)."""

    def __init__(self) -> None:
        self.helpers: list[parallel.Helper] = []

    def take(self, n: int) -> list[parallel.Helper]:
        self.helpers = []
        for _ in range(n):
            helper = parallel.Helper.__new__(parallel.Helper)
            helper.stdin, helper.stdout = io.BytesIO(), io.BytesIO()
            self.helpers.append(helper)
        return self.helpers

    def drop(self, helper: parallel.Helper) -> None:
        pass


def _helper_bytes(monkeypatch, state, player: int, seed: int) -> bytes:
    """The bytes a ``workers=2`` search writes to its helper's stdin for ``player``'s decision."""
    pool = _FakePool()
    monkeypatch.setattr(parallel, "POOL", pool)
    agent = MCTSAgent(seed=seed, iterations=10, workers=2)
    agent.choose(Seat(state, player))
    assert agent.last_iterations == 10  # the silent helper's tree is left out
    (helper,) = pool.helpers
    return helper.stdin.getvalue()


def check_helper_input_is_blind(game: str, monkeypatch) -> None:
    for state, twin, p in _cases(game):
        data = _helper_bytes(monkeypatch, state, p, seed=41)
        assert data == _helper_bytes(monkeypatch, twin, p, seed=41), (
            f"{game}: the helper's input depends on what player {p} cannot see"
        )
        _assert_no_game_seed(data, state)
        _assert_no_game_seed(data, twin, rebuild=False)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_hard_helpers_input_is_the_same_for_games_the_seat_cannot_tell_apart(game, monkeypatch):
    check_helper_input_is_blind(game, monkeypatch)


def serve_helper(agent: MCTSAgent, seat: Seat) -> tuple:
    """What a helper process answers last (``(kind, payload)``) when asked for tree 1 of
    ``agent``'s search at ``seat``, as ``hard``'s root-parallel search asks it."""
    sample = parallel.seat_sample(seat, agent.seed, agent.reads_history(seat.game, seat.num_players))
    out = io.BytesIO()
    parallel.serve(io.BytesIO(pickle.dumps(((agent.options, agent.seed, sample), 1, []))), out)
    out.seek(0)
    messages = []
    while out.tell() < len(out.getvalue()):
        messages.append(pickle.load(out))
    return messages[-1]


def check_helper_grows_the_real_seats_tree(game: str) -> None:
    """A helper given the sample grows, tree for tree, what the real seat would grow."""
    for state, _, p in _cases(game, count=1):
        real = Seat(state, p)
        agent = MCTSAgent(seed=8, iterations=50)
        kind, (packed, done) = serve_helper(agent, real)
        tree, iterations = agent.search_tree(real, 1, lambda progress: None)
        assert kind == "done" and done == iterations == 50
        assert packed == parallel.pack_root(tree)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_helper_grows_the_tree_the_real_seat_would(game):
    check_helper_grows_the_real_seats_tree(game)


def test_all_of_it_holds_for_a_game_registered_at_run_time(fourth_game, monkeypatch):
    name = fourth_game.name
    check_sample_seat_is_the_real_seat(name)
    check_worker_requests_are_blind(name, monkeypatch)
    check_worker_moves_as_at_the_real_seat(name)
    check_helper_input_is_blind(name, monkeypatch)
    check_helper_grows_the_real_seats_tree(name)

"""The OpenSpiel adapter: our games driven through the pyspiel API and OpenSpiel's ISMCTS."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")  # in the `test` extra: CI always has it
np = pytest.importorskip("numpy")  # OpenSpiel brings it; without OpenSpiel this file is skipped first

from ai.openspiel_adapter import ActionIndex, TimedISMCTSBot, action_index, load_game, wrap_state  # noqa: E402
from game.rules import GAMES, GameRecord, new_game  # noqa: E402

GAME_NAMES = list(GAMES)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_random_playthrough_matches_our_engine(game):
    for players in sorted({GAMES[game].min_players, GAMES[game].max_players}):
        for seed in range(3):
            os_game = load_game(game, players=players, seed=seed)
            assert os_game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
            assert os_game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
            state = os_game.new_initial_state()
            index = action_index(game)
            rng = np.random.RandomState(seed)
            record = GameRecord(game, players, GAMES[game].resolve_options({}), seed)
            while not state.is_terminal():
                assert not state.is_chance_node()
                legal = state.legal_actions()
                assert legal == sorted(legal) and legal
                assert all(0 <= a < os_game.num_distinct_actions() for a in legal)
                p = state.current_player()
                assert 0 <= p < players
                assert state.legal_actions(p) == legal
                action = int(rng.choice(legal))
                assert state.action_to_string(p, action) == str(index.action_of(action))
                record.actions.append(index.action_of(action))
                state.apply_action(action)
            assert state.current_player() == pyspiel.PlayerId.TERMINAL
            # Replaying the same actions on our engine ends the same way.
            ours = record.replay()
            assert ours.is_terminal
            assert tuple(state.returns()) == ours.returns()
            assert sum(state.returns()) == pytest.approx(1.0)


def test_information_state_is_our_view_and_resampling_keeps_it():
    os_game = load_game("hacktrick", seed=4)
    state = os_game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    info = state.information_state_string(p)
    assert info == state.observation_string(p)
    assert info != state.information_state_string(1 - p)
    hand = state.engine_state.hands[1 - p]
    assert all(f'"hand":{sorted(hand)}'.replace(" ", "") not in info for _ in [0])
    changed = 0
    for _ in range(10):
        sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(p) == info
        assert sample.legal_actions() == state.legal_actions()
        changed += sample.engine_state.hands[1 - p] != hand
    assert changed > 0


def test_clone_is_independent():
    os_game = load_game("hacktrick", seed=5)
    state = os_game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    before = state.information_state_string(0)
    copy.apply_action(copy.legal_actions()[0])
    assert state.information_state_string(0) == before
    assert copy.engine_state is not state.engine_state


def test_wrap_state_shares_the_engine_state():
    os_game = load_game("hacktrick", seed=6)
    ours = new_game("hacktrick", seed=6)
    wrapped = wrap_state(os_game, ours)
    assert wrapped.engine_state is ours
    assert wrapped.current_player() == ours.current_player


def test_openspiel_ismcts_plays_legal_moves():
    from open_spiel.python.algorithms import mcts

    os_game = load_game("hacktrick", seed=7)
    state = os_game.new_initial_state()
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = TimedISMCTSBot(os_game, evaluator, 0.7, 25, random_state=np.random.RandomState(2))
    timed = TimedISMCTSBot(os_game, evaluator, 0.7, 40, seconds=60.0, random_state=np.random.RandomState(3))
    for step in range(6):
        b = bot if step % 2 else timed
        action = b.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        if state.is_terminal():
            break
    assert timed.last_simulations in (0, 40)  # the simulation cap comes first


@pytest.mark.parametrize("game", GAME_NAMES)
def test_timed_bot_with_a_tiny_budget_still_visits_the_root(game):
    """OpenSpiel's first simulation only expands the root: a timed search always runs a second one."""
    from open_spiel.python.algorithms import mcts

    os_game = load_game(game, seed=8)
    state = os_game.new_initial_state()
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = TimedISMCTSBot(os_game, evaluator, 0.7, 1, seconds=1e-9, random_state=np.random.RandomState(2))
    assert bot.step(state) in state.legal_actions()
    assert bot.last_simulations == 2


def test_action_index_round_trip_and_bound():
    index = ActionIndex(["a", "b"])
    assert index.id_of("b") == 1 and index.id_of("c") == 2 and index.action_of(2) == "c"
    with pytest.raises(ValueError, match="unknown action id"):
        index.action_of(99)
    assert len(action_index("hacktrick").actions) == 23


def test_load_game_rejects_unknown_games():
    with pytest.raises(ValueError, match="unknown game"):
        load_game("chess")


def test_openspiel_agent_loads_lazily_and_plays_a_game():
    import ai
    from ai.arena import play_match

    agent = ai.make_agent("openspiel-ismcts:simulations=20", seed=1)
    assert agent.spec == "openspiel-ismcts:simulations=20"
    with pytest.raises(ValueError, match="unknown openspiel-ismcts option"):
        ai.make_agent("openspiel-ismcts:depth=3", seed=1)
    with pytest.raises(ValueError, match="positive"):
        ai.make_agent("openspiel-ismcts:seconds=0", seed=1)
    m = play_match(
        "hacktrick", ["openspiel-ismcts:simulations=15", "mcts:iterations=30"], games=2, seed=2, target=1
    )
    assert m.wins(0) + m.wins(1) == pytest.approx(2.0)
    assert m.iterations_per_second(0) > 0 and m.iterations_per_second(1) > 0

"""Arena and statistics: confidence-interval math, seat rotation, crediting agents."""

from __future__ import annotations

import pytest

from ai import play_game
from ai.arena import GameResult, MatchResult, play_match, schedule
from ai.stats import format_rate, mean_interval, wilson_interval


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-4)
    lo, hi = wilson_interval(190, 200)
    assert lo == pytest.approx(0.9104, abs=1e-3) and hi == pytest.approx(0.9724, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(2.5, 5)  # shared wins count fractionally
    assert lo < 0.5 < hi and hi - lo > wilson_interval(5, 10)[1] - wilson_interval(5, 10)[0]


def test_wilson_interval_narrows_with_more_games():
    widths = [hi - lo for lo, hi in (wilson_interval(0.7 * n, n) for n in (20, 200, 2000))]
    assert widths[0] > widths[1] > widths[2]


@pytest.mark.parametrize("wins, n", [(-1, 10), (11, 10), (1, -1)])
def test_wilson_interval_rejects_impossible_counts(wins, n):
    with pytest.raises(ValueError):
        wilson_interval(wins, n)


def test_mean_interval_and_format():
    mean, lo, hi = mean_interval([1.0, 0.0, 1.0, 0.0])
    assert mean == 0.5 and lo < 0.5 < hi
    assert mean_interval([0.3]) == (0.3, 0.3, 0.3)
    with pytest.raises(ValueError):
        mean_interval([])
    assert format_rate(150, 200).startswith(" 75.0% [")


def test_schedule_rotates_every_deal_through_every_seat():
    plan = schedule(8, 4, seed=10)
    assert [s for _, s, _ in plan] == [10, 10, 10, 10, 11, 11, 11, 11]
    assert [r for _, _, r in plan] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_match_result_statistics_on_constructed_games():
    games = [
        GameResult(
            i,
            i,
            i % 2,
            (1.0, 0.0) if i < 7 else (0.0, 1.0),
            50,
            1.0,
            iterations=(1000, 0),
            search_seconds=(0.5, 0.0),
        )
        for i in range(10)
    ]
    games.append(GameResult(10, 10, 0, (0.5, 0.5), 50, 1.0, (0, 0), (0.0, 0.0)))
    m = MatchResult("hacktrick", ["a", "b"], games)
    assert m.n == 11
    assert m.wins(0) == 7.5 and m.wins(1) == 3.5
    assert m.rate(0) == pytest.approx(7.5 / 11)
    assert m.interval(0) == wilson_interval(7.5, 11)
    assert m.iterations_per_second(0) == pytest.approx(2000.0)
    assert m.iterations_per_second(1) is None
    assert "a" in m.summary() and "11 games" in m.summary()


def test_play_match_credits_agents_not_seats():
    m = play_match("hacktrick", ["random", "random"], games=4, seed=3)
    assert [g.rotation for g in m.games] == [0, 1, 0, 1]
    for g in m.games:
        assert sum(g.returns) == pytest.approx(1.0)
        # Seat s's bot is seeded from (deal, seat), as in play_game: the same game is replayed,
        # and with the seats rotated agent 0 sits in seat 1.
        record = play_game("hacktrick", ["random", "random"], seed=g.seed)
        seat_returns = tuple(record.returns)
        assert g.returns == (seat_returns if g.rotation == 0 else seat_returns[::-1])
        assert g.first_player == record.meta["first_player"]
        assert g.returns[g.starter()] == seat_returns[g.first_player]
    assert m.wins(0) + m.wins(1) == pytest.approx(4.0)
    wins, games = m.start_player_wins()
    assert games == 4 and wins == sum(g.returns[g.starter()] for g in m.games)


def test_start_player_wins_skips_unknown_start_players():
    games = [
        GameResult(0, 1, 0, (1.0, 0.0), 10, 1.0, first_player=0),  # agent 0 started and won
        GameResult(1, 1, 1, (1.0, 0.0), 10, 1.0, first_player=0),  # seat 0 is agent 1: lost
        GameResult(2, 2, 0, (0.0, 1.0), 10, 1.0, first_player=1),  # agent 1 started and won
        GameResult(3, 2, 1, (0.5, 0.5), 10, 1.0),
    ]  # saved before: unknown
    m = MatchResult("ratjack", ["a", "b"], games)
    assert [g.starter() for g in games] == [0, 1, 1, None]
    assert m.start_player_wins() == (2.0, 3)
    four = GameResult(0, 1, 3, (0.0, 0.0, 1.0, 0.0), 10, 1.0, first_player=1)
    assert four.starter() == 2  # agent j sits in seat (j + 3) % 4


def test_play_match_is_reproducible_and_parallel_safe():
    a = play_match("hacktrick", ["heuristic", "random"], games=4, seed=8)
    b = play_match("hacktrick", ["heuristic", "random"], games=4, seed=8, processes=2)
    assert [g.returns for g in a.games] == [g.returns for g in b.games]
    assert [g.actions for g in a.games] == [g.actions for g in b.games]


def test_play_match_rejects_bad_input():
    with pytest.raises(ValueError, match="unknown game"):
        play_match("chess", ["random", "random"], games=2)
    with pytest.raises(ValueError, match="unknown agent"):
        play_match("hacktrick", ["random", "wizard"], games=2)
    with pytest.raises(ValueError, match="players"):
        play_match("hacktrick", ["random"] * 3, games=2)
    with pytest.raises(ValueError, match="at least one game"):
        play_match("hacktrick", ["random", "random"], games=0)


def test_game_options_as_one_mapping():
    """A match or a tournament task hands its game options over as one mapping (``game_options``):
    the game gets them as it gets keyword options, and keyword options add to them."""
    by_keyword = play_game("hacktrick", ["random", "random"], seed=5, target=1)
    by_mapping = play_game("hacktrick", ["random", "random"], seed=5, game_options={"target": 1})
    assert by_mapping.options == by_keyword.options == {"target": 1}
    assert by_mapping.actions == by_keyword.actions
    assert play_game("hacktrick", ["random", "random"], seed=5, game_options={}, target=2).options == {
        "target": 2
    }
    with pytest.raises(ValueError, match="target"):
        play_game("hacktrick", ["random", "random"], seed=5, game_options={"target": 10})


def test_a_game_that_does_not_end_stops_with_a_clear_error(monkeypatch):
    """Agents that never end a game do not hang a tournament: play_game gives up after its action
    limit, and a tournament's worker turns that into a failed game with the reason."""
    from ai import play as play_module
    from ai.play import GameStalled
    from ai.tournament import TournamentSpec, play_task, schedule

    with pytest.raises(GameStalled, match="did not end within 12 actions"):
        play_game("hacktrick", ["random", "random"], seed=3, max_actions=12)
    assert len(play_game("hacktrick", ["random", "random"], seed=3).actions) > 12  # the limit was the cause
    monkeypatch.setattr(play_module, "MAX_GAME_ACTIONS", 12)
    monkeypatch.setattr(
        play_module.play_game, "__kwdefaults__", {"on_action": None, "max_actions": 12, "game_options": None}
    )
    task = schedule(TournamentSpec("hacktrick", ["random", "random"], players=2, games=1, seed=1))[0]
    result = play_task(task)
    assert result["failed"] and "GameStalled" in result["error"] and "within 12 actions" in result["error"]

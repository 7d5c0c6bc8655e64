"""A player's record from concrete histories: wins, rates, streaks, points, who started, groups and
filters; abandoned games apart, games with undo or hints counted but flagged unrated; ranks."""

from __future__ import annotations

from game.history import Filters, entry_from_record, tally
from game.history.entry import ranks
from tests.history_helpers import abandoned, entry, finished_record, loss, win

EASY, NORMAL = "mcts:level=easy", "mcts:level=normal"


def test_a_new_player_has_an_empty_record():
    summary = tally([], 1)
    assert summary.groups == [] and summary.total.games == 0
    assert summary.total.win_rate is None and summary.total.average_points is None
    assert tally([win(1)], None).total.games == 0  # no profile, no games


def test_wins_rates_points_and_who_started():
    games = [win(1, points=5, starter=0), loss(2, points=1, starter=1), win(3, points=6, starter=0)]
    total = tally(games, 1).total
    assert (total.games, total.wins, total.losses) == (3, 2, 1)
    assert total.win_rate == 2 / 3 and total.average_points == 4.0
    assert total.started == 2 and total.started_rate == 2 / 3


def test_current_and_best_streaks_follow_the_order_of_the_games():
    history = [win(1), win(2), win(3), loss(4), win(5), win(6)]
    total = tally(list(reversed(history)), 1).total  # stored order does not matter: by end time
    assert (total.best_streak, total.current_streak) == (3, 2)
    assert tally(history + [loss(7)], 1).total.current_streak == 0


def test_abandoned_games_are_counted_apart_and_do_not_break_a_streak():
    total = tally([win(1), abandoned(2), win(3)], 1).total
    assert (total.games, total.abandoned, total.current_streak, total.win_rate) == (2, 1, 2, 1.0)


def test_games_with_undo_or_hints_count_but_are_flagged_unrated():
    games = [win(1, undos=2), loss(2, hints=1), win(3)]
    total = tally(games, 1).total
    assert (total.games, total.wins, total.unrated) == (3, 2, 2)
    rated = tally(games, 1, Filters(rated_only=True)).total
    assert (rated.games, rated.wins, rated.unrated) == (1, 1, 0)


def test_groups_by_game_player_count_and_opponents():
    hot_seat = entry(4, [(1, None, 1, 9), (2, None, 2, 3)])
    three = entry(5, [(1, None, 2, 10), (None, NORMAL, 1, 25), (None, EASY, 3, 4)], game="ratjack")
    games = [win(1, bot=EASY), loss(2, bot=NORMAL), win(3, bot=NORMAL), hot_seat, three]
    summary = tally(games, 1)
    keys = [(g.game, g.players, g.opponents) for g in summary.groups]
    assert keys == [
        ("hacktrick", 2, "human"),
        ("hacktrick", 2, EASY),
        ("hacktrick", 2, NORMAL),
        ("ratjack", 3, "mixed"),
    ]
    normal = summary.groups[2]
    assert (normal.games, normal.wins, normal.win_rate) == (2, 1, 0.5)
    assert summary.total.games == 5
    assert tally(games, 2).total.games == 1  # the other hot-seat player sees their own record


def test_filters_pick_games_players_and_opponents():
    three = entry(5, [(1, None, 1, 25), (None, NORMAL, 2, 10), (None, NORMAL, 3, 4)], game="ratjack")
    games = [win(1, bot=EASY), loss(2, bot=NORMAL), three]
    assert tally(games, 1, Filters(game="ratjack")).total.games == 1
    assert tally(games, 1, Filters(players=2)).total.games == 2
    only_normal = tally(games, 1, Filters(opponents=NORMAL))
    assert [(g.game, g.players) for g in only_normal.groups] == [("hacktrick", 2), ("ratjack", 3)]
    assert only_normal.total.wins == 1


def test_ranks_are_shared_on_ties():
    assert ranks([0], [5, 2]) == [1, 2]
    assert ranks([1, 2], [3, 7, 7, 1]) == [3, 1, 1, 4]
    assert ranks([0], [20, 10, 10, 5]) == [1, 2, 2, 4]
    assert ranks([3], [25, 25, 3, 25]) == [2, 2, 4, 1]  # tied on points but not the winner


def test_an_entry_from_a_real_finished_game():
    record = finished_record("ratjack", players=3, seed=4)
    state = record.replay()
    made = entry_from_record(record, ["human", NORMAL, EASY], [7, None, None], replay="r.json")
    assert [s.points for s in made.seats] == [float(x) for x in state.scores]
    winners = state.winners()
    assert [s.seat for s in made.seats if s.rank == 1] == list(winners)
    assert sum(s.started for s in made.seats) == 1
    assert made.seats[record.new_state().current_player].started
    assert made.rated and made.seats[0].profile_id == 7 and made.seats[1].bot == NORMAL
    record.meta["hints"] = 1
    assert not entry_from_record(record, ["human", NORMAL, EASY], [7, None, None]).rated


def test_an_abandoned_entry_has_no_ranks():
    record = finished_record()
    record.actions = record.actions[:5]
    made = entry_from_record(record, ["human", "random"], [1, None], status="abandoned")
    assert made.abandoned and not made.rated and all(s.rank is None for s in made.seats)
    assert made.moves == 5

"""Statistics of tournaments on constructed results: Wilson intervals, Bradley–Terry, Elo."""

import math

import pytest

from ai.tournament.results import format_table, summarize
from ai.tournament.spec import TournamentSpec
from ai.tournament.stats import (
    ELO_BASE,
    ELO_SCALE,
    bradley_terry,
    elo_ratings,
    pairwise_outcomes,
    wilson_interval,
)


@pytest.mark.parametrize(
    "wins,n,lo,hi",
    [
        (0, 10, 0.0, 0.2775),  # textbook values (Wilson 1927; Newcombe 1998 table)
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
        (1, 1, 0.2065, 1.0),
    ],
)
def test_wilson_interval_known_values(wins, n, lo, hi):
    got = wilson_interval(wins, n)
    assert got[0] == pytest.approx(lo, abs=1e-4)
    assert got[1] == pytest.approx(hi, abs=1e-4)


def test_wilson_interval_edges_and_symmetry():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(30, 100)
    lo2, hi2 = wilson_interval(70, 100)
    assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    # fractional wins (shared wins) are fine and lie between their neighbours
    assert wilson_interval(30, 100)[0] < wilson_interval(30.5, 100)[0] < wilson_interval(31, 100)[0]
    # narrower with more games
    assert wilson_interval(300, 1000)[1] - wilson_interval(300, 1000)[0] < hi - lo
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_pairwise_outcomes_two_and_four_players():
    assert pairwise_outcomes([0, 1], [1.0, 0.0]) == [(0, 1, 1.0)]
    assert pairwise_outcomes([1, 0], [1.0, 0.0]) == [(0, 1, 0.0)]
    assert pairwise_outcomes([1, 0], [0.5, 0.5]) == [(0, 1, 0.5)]
    # four players, entrant 2 wins: beats each of the others; losers do not compare
    out = pairwise_outcomes([0, 1, 2, 3], [0.0, 0.0, 1.0, 0.0])
    assert sorted(out) == [(0, 2, 0.0), (1, 2, 0.0), (2, 3, 1.0)]
    # the same entrant in two seats is never compared with itself
    out = pairwise_outcomes([0, 0, 1], [0.0, 1.0, 0.0])
    assert out == [(0, 1, 1.0)]


def test_bradley_terry_two_players_exact_mle_and_fisher_error():
    comps = [(0, 1, 1.0)] * 75 + [(0, 1, 0.0)] * 25
    fit = bradley_terry(2, comps, prior_games=0.0)
    # MLE: p0/p1 = 75/25 -> difference of ln 3 in log-strength
    assert fit.ratings[0] - fit.ratings[1] == pytest.approx(ELO_SCALE * math.log(3), abs=1e-3)
    assert (fit.ratings[0] + fit.ratings[1]) / 2 == pytest.approx(ELO_BASE)
    # Var(theta0 - theta1) = 1 / (n p (1-p)); each centred rating carries half the difference
    se_diff = 1 / math.sqrt(100 * 0.75 * 0.25)
    assert fit.errors[0] == pytest.approx(ELO_SCALE * se_diff / 2, rel=1e-3)
    assert fit.errors[1] == pytest.approx(fit.errors[0], rel=1e-9)


def test_bradley_terry_recovers_order_and_prior_keeps_perfect_record_finite():
    comps = (
        [(0, 1, 1.0)] * 30
        + [(0, 1, 0.0)] * 10
        + [(1, 2, 1.0)] * 30
        + [(1, 2, 0.0)] * 10
        + [(0, 2, 1.0)] * 36
        + [(0, 2, 0.0)] * 4
    )
    fit = bradley_terry(3, comps)
    assert fit.ratings[0] > fit.ratings[1] > fit.ratings[2]
    assert all(e > 0 for e in fit.errors)
    perfect = bradley_terry(2, [(0, 1, 1.0)] * 20)
    assert math.isfinite(perfect.ratings[0]) and perfect.ratings[0] > perfect.ratings[1] + 200
    # more games, smaller errors
    more = bradley_terry(3, comps * 4)
    assert all(m < e for m, e in zip(more.errors, fit.errors, strict=True))
    # equal records, equal ratings
    even = bradley_terry(3, [(0, 1, 0.5), (1, 2, 0.5), (0, 2, 0.5)] * 10)
    assert even.ratings == pytest.approx([ELO_BASE] * 3)


def test_bradley_terry_disconnected_entrant_gets_base_rating_and_large_error():
    fit = bradley_terry(3, [(0, 1, 1.0)] * 10 + [(0, 1, 0.0)] * 10)
    assert fit.ratings[2] == pytest.approx(ELO_BASE, abs=1e-6)
    assert fit.errors[2] > fit.errors[0]


def test_elo_moves_towards_the_winner():
    r = elo_ratings(2, [(0, 1, 1.0)])
    assert r[0] == pytest.approx(ELO_BASE + 8) and r[1] == pytest.approx(ELO_BASE - 8)
    r = elo_ratings(3, [(0, 1, 1.0), (1, 2, 1.0), (0, 2, 1.0)] * 20)
    assert r[0] > r[1] > r[2]
    assert sum(r) == pytest.approx(3 * ELO_BASE)


def _result(index, seats, returns, agents):
    return {
        "index": index,
        "seed": index,
        "seats": list(seats),
        "agents": [agents[s] for s in seats],
        "returns": list(returns),
        "scores": [int(r * 2) for r in returns],
        "length": 10,
        "duration": 0.01,
        "record": {},
    }


def test_summarize_constructed_round_robin():
    agents = ["heuristic", "random", "random"]
    spec = TournamentSpec("hacktrick", agents, players=2, games=6, seed=1)
    results = [
        _result(0, (0, 1), (1.0, 0.0), agents),
        _result(1, (1, 0), (0.0, 1.0), agents),
        _result(2, (0, 2), (1.0, 0.0), agents),
        _result(3, (2, 0), (0.5, 0.5), agents),
        _result(4, (1, 2), (1.0, 0.0), agents),
        _result(5, (2, 1), (1.0, 0.0), agents),
    ]
    s = summarize(spec, results)
    a = {x["label"]: x for x in s["agents"]}
    assert [x["label"] for x in s["agents"]] == ["heuristic", "random#1", "random#2"]
    assert a["heuristic"]["games"] == 4 and a["heuristic"]["wins"] == 3.5
    assert a["random#1"]["wins"] == 1.0 and a["random#2"]["wins"] == 1.5
    assert a["heuristic"]["win_rate_ci95"] == pytest.approx(list(wilson_interval(3.5, 4)))
    assert a["heuristic"]["rating"] > a["random#2"]["rating"]
    assert s["seats"][0]["wins"] == 4.5  # seat 0 won games 0, 2, 4, 5 and shared 3
    h2h = {(h["a"], h["b"]): h for h in s["head_to_head"]}
    assert h2h[(0, 2)]["score_a"] == 1.5 and h2h[(0, 2)]["comparisons"] == 2
    table = format_table(s)
    assert table.splitlines()[3].startswith("heuristic")  # best rating first
    assert "87.5%" in table and "seat 1" in table


@pytest.mark.parametrize("games,seconds,shown", [(6, 2.0, "3.0 games/s"), (6, 120.0, "20.0 s/game")])
def test_table_speed_reads_well_for_slow_games(games, seconds, shown):
    """A slow tournament says seconds per game (it said "0.0 games/s")."""
    agents = ["heuristic", "random"]
    spec = TournamentSpec("hacktrick", agents, players=2, games=games, seed=1)
    results = [_result(i, (i % 2, 1 - i % 2), (1.0, 0.0), agents) for i in range(games)]
    s = summarize(spec, results)
    s["wall_seconds"], s["session_games"] = seconds, games
    assert shown in format_table(s).splitlines()[-1]

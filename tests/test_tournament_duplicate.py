"""Duplicate deals, pentanomial statistics, the SPRT and 3–4 player ratings of tournaments."""

import csv
import json
import math
import signal
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import replace

import pytest

from ai.tournament import (
    LocalExecutor,
    TournamentDir,
    play_task,
    run_tournament,
    schedule,
)
from ai.tournament.executor import Executor
from ai.tournament.ranks import finishing_ranks, shared_places
from ai.tournament.results import format_table, summarize
from ai.tournament.spec import GameTask, game_seed
from ai.tournament.sprt import elo_summary, llr_logistic, parse_sprt
from game.cli import main
from game.rules.core import JsonDict
from tests.tournament_helpers import Sink, csv_rows, loopback_cluster, make_spec, run_in


def _spec(game="hacktrick", agents=("heuristic", "random"), *, seed=5, duplicate="rotations", **kw):
    """Duplicate deals of the heuristic bot against the random one unless said otherwise."""
    return make_spec(game, agents, seed=seed, duplicate=duplicate, **kw)


# -- seatings ------------------------------------------------------------------------------


def test_two_players_each_deal_is_played_in_both_seat_orders_with_one_seed():
    tasks = schedule(_spec(agents=("heuristic", "random", "random"), games=12))
    pairs = [tasks[i : i + 2] for i in range(0, 12, 2)]
    assert [(a.seats, b.seats) for a, b in pairs[:3]] == [
        ((0, 1), (1, 0)),
        ((0, 2), (2, 0)),
        ((1, 2), (2, 1)),
    ]
    for deal, (a, b) in enumerate(pairs):
        assert a.deal_id == b.deal_id == deal and a.seed == b.seed == game_seed(5, deal)
    assert len({a.seed for a, _ in pairs}) == 6


@pytest.mark.parametrize(
    "players,agents,mode,per_deal",
    [
        (3, ("heuristic", "random", "random"), "rotations", 3),
        (4, ("heuristic", "random", "random", "random"), "rotations", 4),
        (4, ("heuristic", "random", "random", "random"), "all", 24),
        (3, ("heuristic", "random"), "rotations", 3),  # fewer agents than seats: tables (0,0,1), (0,1,1)
    ],
)
def test_three_and_four_players_every_rotation_or_every_permutation(players, agents, mode, per_deal):
    spec = _spec("ratjack", agents, players=players, games=2 * per_deal, duplicate=mode)
    tasks = schedule(spec)
    for deal in range(2):
        games = tasks[deal * per_deal : (deal + 1) * per_deal]
        assert {t.deal_id for t in games} == {deal} and len({t.seed for t in games}) == 1
        assert len({t.seats for t in games}) == per_deal  # all seatings differ
        assert {tuple(sorted(t.seats)) for t in games} == {tuple(sorted(games[0].seats))}  # one table
        for seat in range(players):  # every entrant of the table sits in every seat
            assert {t.seats[seat] for t in games} == set(games[0].seats)


def test_games_are_rounded_up_to_whole_deals_and_plain_schedules_keep_their_seeds():
    assert _spec("ratjack", ("heuristic", "random", "random"), players=3, games=7).games == 9
    plain = schedule(_spec(games=4, duplicate=None))
    assert [t.seed for t in plain] == [game_seed(5, i) for i in range(4)]
    assert [t.deal_id for t in plain] == [0, 1, 2, 3]


# -- statistics against hand-worked numbers and fishtest's own code ----------------------------


def test_pentanomial_statistics_hand_worked():
    s = elo_summary([1, 1, 1, 1, 1])  # symmetric: score 1/2
    assert s.score == pytest.approx(0.5) and s.elo == pytest.approx(0.0, abs=1e-9)
    assert s.los == pytest.approx(0.5) and s.nelo == pytest.approx(0.0, abs=1e-9)
    # per game: variance of the pair half-points (0, .5, 1, 1.5, 2) around 1 = 2.5/10; sd/sqrt(10 games)
    half = 1.959963984540054 * 0.5 / math.sqrt(10)
    assert s.elo_ci95 == pytest.approx(400 * math.log10((0.5 + half) / (0.5 - half)), rel=1e-9)
    # pentanomial [0, 0, 0, 1, 3] (regularized: empty cells count 1e-3 pairs) scores about (1.5 + 6) / 8
    s = elo_summary([0, 0, 0, 1, 3])
    mu = (0.5 * 1e-3 + 1e-3 + 1.5 + 6) / (2 * 4.003)  # half-points over games
    assert s.score == pytest.approx(mu, rel=1e-12)
    assert s.elo == pytest.approx(-400 * math.log10(1 / mu - 1), rel=1e-12)
    assert llr_logistic(-10, 10, [2, 3, 4, 3, 2]) == pytest.approx(0.0, abs=1e-9)  # symmetric
    assert llr_logistic(0, 30, [0, 0, 5, 0, 0]) < 0 < llr_logistic(0, 30, [0, 0, 0, 0, 5])


# Computed with fishtest's server/fishtest/stats (stat_util.get_elo, LLRcalc.LLR_logistic,
# template_helpers._nelo_pentanomial_details) at commit b8eecff2 of official-stockfish/fishtest.
FISHTEST = [
    ([10, 20, 40, 20, 10], 0.0, 37.44205973535754, 0.5, 0.0, 48.151230669094296, -1.229109718164825),
    (
        [5, 30, 80, 60, 25],
        61.43356722313199,
        23.9603752434973,
        0.9999998623099615,
        89.28333121131273,
        35.38991168037721,
        9.038292,
    ),
    ([0, 3, 10, 7, 5], 99.931688, 70.761978, 0.998526, 146.082272, 97.566715, 2.058232),
    ([1, 2, 3, 4, 5], 120.411998, 131.274287, 0.980783, 131.318308, 147.372243, 0.768111),
    ([12, 50, 150, 70, 18], 18.547497, 17.521628, 0.981257, 29.508934, 27.971409, 1.322082),
    ([40, 10, 0, 10, 40], 0.0, 63.477905, 0.5, 0.0, 48.15099, -0.43809),
]


@pytest.mark.parametrize("penta,elo,elo95,los,nelo,nelo95,llr", FISHTEST)
def test_pentanomial_statistics_match_fishtest(penta, elo, elo95, los, nelo, nelo95, llr):
    s = elo_summary(penta)
    assert s.elo == pytest.approx(elo, abs=1e-5)
    assert s.elo_ci95 == pytest.approx(elo95, abs=1e-5)
    assert s.los == pytest.approx(los, abs=1e-6)
    assert s.nelo == pytest.approx(nelo, abs=1e-5)
    assert s.nelo_ci95 == pytest.approx(nelo95, abs=1e-5)
    assert llr_logistic(0, 30, penta) == pytest.approx(llr, abs=1e-5)


def _finished(tasks: list[GameTask], returns: list[tuple[float, float]]) -> list[JsonDict]:
    """The results of ``tasks`` finished with ``returns`` (seat order), one-action games."""
    return [
        {
            "index": t.index,
            "seats": list(t.seats),
            "agents": list(t.agents),
            "returns": list(r),
            "scores": [],
            "length": 1,
            "duration": 0.0,
            "first_player": 0,
        }
        for t, r in zip(tasks, returns, strict=True)
    ]


def test_pentanomial_counts_pairs_from_the_first_agents_side():
    spec = _spec(agents=("heuristic", "random"), games=8)
    tasks = schedule(spec)
    won = {0: (1.0, 0.0), 1: (0.0, 1.0)}  # seat 0 / seat 1 wins
    # deal 0: heuristic wins both (2 points); deal 1: one each (1); deal 2: a shared win + a loss (1/2);
    # deal 3: loses both (0)
    outcomes = [won[0], won[1], won[0], won[0], (0.5, 0.5), won[0], won[1], won[0]]
    results = _finished(tasks, outcomes)
    doc = summarize(spec, results)
    assert doc["pentanomial"] == [1, 1, 1, 0, 1] and doc["match"]["pairs"] == 4
    assert doc["match"]["elo"] == pytest.approx(elo_summary([1, 1, 1, 0, 1]).elo)
    # half a deal (its first game only) is left out of every statistic
    doc = summarize(spec, results[:7])
    assert doc["pentanomial"] == [0, 1, 1, 0, 1] and doc["games_done"] == 6 and doc["games_not_counted"] == 1


# A plain two-agent match: trinomial [losses, draws, wins] of the first agent over single games,
# computed with fishtest's stat_util.get_elo, stat_util.stats (the score's standard error
# sqrt(var / games)), LLRcalc.LLR_logistic and the trinomial nElo (800/ln 10 · t, no sqrt 2) at
# commit b8eecff2: elo, elo95, los, nelo, nelo95, score_se, LLR(0, 30).
FISHTEST_TRINOMIAL = [
    (
        [15, 0, 45],
        190.844641578,
        107.218396473,
        0.999996128,
        200.589800064,
        117.213750998,
        0.055900923,
        2.367048371,
    ),
    (
        [30, 40, 50],
        58.451214271,
        51.512405992,
        0.988818964,
        72.445327538,
        64.334739668,
        0.036483126,
        1.928565505,
    ),
    (
        [3, 1, 6],
        107.538124917,
        269.051102305,
        0.854079727,
        115.811861841,
        238.155102619,
        0.142302495,
        0.246826297,
    ),
    ([20, 10, 20], 0.0, 87.968346562, 0.5, 0.0, 96.302461338, 0.063245553, -0.232650767),
]


@pytest.mark.parametrize("tri,elo,elo95,los,nelo,nelo95,se,llr", FISHTEST_TRINOMIAL)
def test_trinomial_statistics_match_fishtest(tri, elo, elo95, los, nelo, nelo95, se, llr):
    s = elo_summary(tri)
    assert s.pairs == sum(tri)
    assert s.elo == pytest.approx(elo, abs=1e-6)
    assert s.elo_ci95 == pytest.approx(elo95, abs=1e-6)
    assert s.los == pytest.approx(los, abs=1e-8)
    assert s.nelo == pytest.approx(nelo, abs=1e-6)
    assert s.nelo_ci95 == pytest.approx(nelo95, abs=1e-6)
    assert s.score_se == pytest.approx(se, abs=1e-8)
    assert llr_logistic(0, 30, tri) == pytest.approx(llr, abs=1e-6)


def test_score_standard_error_hand_worked():
    # 45 wins of 60 (a draw cell of 1e-3 games): sqrt(mu (1 - mu) / games) for a win/loss game
    s = elo_summary([15, 0, 45])
    assert s.score == pytest.approx(0.75, abs=1e-5)
    assert s.score_se == pytest.approx(math.sqrt(0.75 * 0.25 / 60), rel=1e-4)
    # five pairs scoring 0, 1/4, 1/2, 3/4, 1: the pair scores' sd (sqrt(1/8)) over sqrt(5 pairs)
    s = elo_summary([1, 1, 1, 1, 1])
    assert s.score_se == pytest.approx(math.sqrt(1 / 8) / math.sqrt(5), rel=1e-12)
    assert s.to_json()["score_se"] == s.score_se
    with pytest.raises(ValueError, match="trinomial or a pentanomial"):
        elo_summary([1, 2, 3, 4])


def test_plain_two_agent_match_gets_a_trinomial_and_its_statistics():
    spec = _spec(agents=("heuristic", "random"), games=6, duplicate=None)
    tasks = schedule(spec)
    assert [t.seats for t in tasks[:2]] == [(0, 1), (1, 0)]  # seats alternate
    # heuristic's outcomes: win (seat 0), win (seat 1), loss, shared win, win, loss
    returns = [(1.0, 0.0), (0.0, 1.0), (0.0, 1.0), (0.5, 0.5), (1.0, 0.0), (1.0, 0.0)]
    results = _finished(tasks, returns)
    doc = summarize(spec, results)
    assert doc["trinomial"] == [2, 1, 3] and "pentanomial" not in doc
    match = doc["match"]
    assert match["first"] == "heuristic" and match["games"] == 6 and "pairs" not in match
    assert match["score"] == pytest.approx(elo_summary([2, 1, 3]).score) == pytest.approx(3.5 / 6, abs=1e-3)
    assert match["score_se"] == pytest.approx(elo_summary([2, 1, 3]).score_se)
    table = format_table(doc)
    assert (
        "plain games, heuristic vs random: trinomial (L, D, W) [2, 1, 3] over 6 games; score 0.583 +/- "
        in table
    )
    # duplicate deals report the score's standard error as well
    dup = summarize(_spec(agents=("heuristic", "random"), games=6), results)
    assert "trinomial" not in dup and dup["match"]["score_se"] == pytest.approx(
        elo_summary(dup["pentanomial"]).score_se
    )
    assert (
        f"score {dup['match']['score']:.3f} +/- {dup['match']['score_se']:.3f} (standard error)"
        in format_table(dup)
    )


# -- SPRT settings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,message",
    [
        ("elo0=10,elo1=5", "elo1 (5) must be greater than elo0 (10)"),
        ("elo0=0,elo1=0", "must be greater"),
        ("elo0=0,elo1=30,alpha=0.5", "alpha must be between 0 and 0.5"),
        ("elo0=0,elo1=30,beta=0", "beta must be between 0 and 0.5"),
        ("elo0=0,elo1=30,gamma=1", "unknown key 'gamma'"),
        ("elo0=0", "elo1 is required"),
        ("elo0=x,elo1=3", "'x' is not a number"),
        ("elo0=0,elo1=nan", "finite"),
    ],
)
def test_bad_sprt_values_exit_2_with_one_line(tmp_path, capsys, text, message):
    out = tmp_path / "out"
    assert (
        main(
            [
                "tournament",
                "--game",
                "hacktrick",
                "--agents",
                "heuristic",
                "random",
                "--sprt",
                text,
                "--out",
                str(out),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and not out.exists()
    with pytest.raises(ValueError, match=message.split("(")[0].strip()):
        parse_sprt(text)


@pytest.mark.parametrize(
    "args,message",
    [
        (["--agents", "heuristic", "random", "random"], "exactly two --agents"),
        (["--agents", "heuristic", "random", "--duplicate", "some"], "--duplicate takes nothing or 'all'"),
    ],
)
def test_sprt_needs_two_agents_and_duplicate_a_known_mode(tmp_path, capsys, args, message):
    extra = [] if "--duplicate" in args else ["--sprt", "elo0=0,elo1=30"]
    assert main(["tournament", "--game", "hacktrick", *args, *extra, "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


# -- SPRT stopping ---------------------------------------------------------------------------

SPRT = {"elo0": 0.0, "elo1": 50.0, "alpha": 0.05, "beta": 0.05}


def test_sprt_accepts_h1_for_heuristic_against_random_and_stops(tmp_path):
    out = run_in(tmp_path / "t", _spec(games=2000, sprt=SPRT), jobs=2)
    sprt = out.summary["sprt"]
    assert out.status == "complete" and sprt["verdict"] == "H1" and sprt["llr"] >= sprt["upper"]
    assert out.summary["games_done"] == 2 * sprt["deals"] < 400  # stopped long before --games
    assert sprt["llr"] == pytest.approx(llr_logistic(0, 50, out.summary["pentanomial"]))
    assert sprt["model"] == "pentanomial"
    doc = json.loads((tmp_path / "t" / "results.json").read_text())
    assert doc["sprt"]["verdict"] == "H1" and doc["pentanomial"] == out.summary["pentanomial"]


def test_sprt_accepts_h0_for_an_agent_against_itself(tmp_path):
    out = run_in(tmp_path / "t", _spec(agents=("random", "random"), games=2000, sprt=SPRT))
    assert out.summary["sprt"]["verdict"] == "H0" and out.summary["games_done"] < 2000


def test_sprt_verdict_is_the_same_with_jobs_and_after_a_resume(tmp_path):
    spec = _spec(games=2000, seed=9, sprt=SPRT)
    one = run_in(tmp_path / "one", spec, jobs=1).summary
    two = run_in(tmp_path / "two", _spec(games=2000, seed=9, sprt=SPRT), jobs=2).summary
    # a run stopped early (10 deals), then resumed to 2000 games
    run_in(tmp_path / "res", _spec(games=20, seed=9, sprt=SPRT))
    resumed = run_in(tmp_path / "res", _spec(games=2000, seed=9, sprt=SPRT)).summary
    for doc in (two, resumed):
        assert doc["sprt"] == one["sprt"] and doc["pentanomial"] == one["pentanomial"]
    # resuming a decided run plays nothing and keeps the verdict
    again = run_in(tmp_path / "res", _spec(games=2000, seed=9, sprt=SPRT))
    assert again.played == 0 and again.summary["sprt"] == one["sprt"]


def test_a_plain_match_is_tested_on_its_trinomial_game_by_game(tmp_path, capsys):
    """Without --duplicate the SPRT counts single games (the measured variance of a duplicate pair
    is that of two plain games here), stopping at any game, and resumes to the same verdict."""
    spec = _spec(games=2000, seed=9, sprt=SPRT, duplicate=None)
    one = run_in(tmp_path / "one", spec, jobs=2).summary
    sprt = one["sprt"]
    assert sprt["verdict"] == "H1" and sprt["model"] == "trinomial" and "pentanomial" not in one
    assert one["games_done"] == sprt["deals"] == sum(one["trinomial"]) < 200
    assert sprt["llr"] == pytest.approx(llr_logistic(0, 50, one["trinomial"]))
    # one game fewer and the SPRT had not decided yet
    fewer = one["trinomial"][:]
    fewer[2] -= 1
    assert llr_logistic(0, 50, fewer) < sprt["upper"]
    run_in(tmp_path / "res", _spec(games=7, seed=9, sprt=SPRT, duplicate=None))
    resumed = run_in(tmp_path / "res", _spec(games=2000, seed=9, sprt=SPRT, duplicate=None)).summary
    assert resumed["sprt"] == sprt and resumed["trinomial"] == one["trinomial"]
    assert f"after {sprt['deals']} games: H1 accepted" in format_table(one)
    against_itself = run_in(
        tmp_path / "h0", _spec(agents=("random", "random"), games=2000, sprt=SPRT, duplicate=None)
    )
    assert against_itself.summary["sprt"]["verdict"] == "H0"


def test_the_command_line_sprt_runs_plain_unless_duplicate_is_given(tmp_path, capsys):
    args = ["tournament", "--game", "hacktrick", "--agents", "heuristic", "random", "--games", "400"]
    args += ["--seed", "3", "--sprt", "elo0=0,elo1=50", "--quiet"]
    assert main([*args, "--out", str(tmp_path / "plain")]) == 0
    assert main([*args, "--duplicate", "--out", str(tmp_path / "dup")]) == 0
    plain = json.loads((tmp_path / "plain" / "results.json").read_text())
    dup = json.loads((tmp_path / "dup" / "results.json").read_text())
    assert plain["sprt"]["model"] == "trinomial" and plain["sprt"]["verdict"] == "H1"
    assert dup["sprt"]["model"] == "pentanomial" and dup["games_done"] == 2 * dup["sprt"]["deals"]


def test_dask_cluster_with_duplicate_and_sprt_reaches_the_local_verdict(tmp_path):
    pytest.importorskip("distributed")
    from ai.tournament import DaskExecutor

    local = run_in(tmp_path / "local", _spec(games=600, seed=4, sprt=SPRT)).summary
    with loopback_cluster(threads=2) as cluster:
        out = run_in(
            tmp_path / "dask",
            _spec(games=600, seed=4, sprt=SPRT),
            executor=DaskExecutor(cluster.scheduler_address),
        )
    assert out.summary["sprt"] == local["sprt"] and out.summary["executor"]["name"] == "dask"


# -- resume mid-deal, deal ids in games.csv and SQLite ----------------------------------------------


def test_a_half_played_deal_is_not_counted_and_resume_completes_it(tmp_path):
    spec = _spec(games=8, seed=11)
    full = run_in(tmp_path / "full", spec).summary
    d = tmp_path / "half"
    tdir = TournamentDir.create(d, _spec(games=8, seed=11))
    tdir.attach_databases([])
    for task in schedule(tdir.spec)[:3]:  # deal 0 and the first game of deal 1
        tdir.add(play_task(replace(task, tournament=tdir.id)))
    tdir.flush_records()
    tdir.close()
    tdir = TournamentDir.open(d)
    feeder = tdir.stored()
    tdir.close()
    assert feeder.stored == 3 and feeder.tally.deals == 1 and feeder.tally.counted == 2
    resumed = run_in(d, _spec(games=8, seed=11))
    assert resumed.played == 5
    for key in ("pentanomial", "match", "games_done", "head_to_head"):
        assert resumed.summary[key] == full[key]
    with open(d / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["deal"]) for r in rows] == [0, 0, 1, 1, 2, 2, 3, 3]
    with sqlite3.connect(d / "tournament.sqlite") as conn:
        assert [r[0] for r in conn.execute("SELECT deal FROM games ORDER BY idx")] == [0, 0, 1, 1, 2, 2, 3, 3]


class _OneWorker(Executor):
    """One game at a time, played in this process: ``poll`` ends the running game, handing out the next
    as it does; the process gets a Ctrl-C (SIGINT) as the first game of deal ``interrupt_at`` is
    handed out (a worker's game in flight when the key is pressed)."""

    name = "one-worker"

    def __init__(self, interrupt_at: int) -> None:
        self.interrupt_at = interrupt_at
        self.running: GameTask | None = None
        self._tasks: Iterator[GameTask] = iter(())
        self._stopping = False

    def start(self, tasks: Iterable[GameTask]) -> None:
        self._tasks = iter(tasks)
        self._hand_out()

    def _hand_out(self) -> None:
        self.running = None if self._stopping else next(self._tasks, None)
        if self.running is not None and (self.running.deal, self.running.deal_position) == (
            self.interrupt_at,
            0,
        ):
            signal.raise_signal(signal.SIGINT)

    def poll(self, timeout: float | None = None) -> list[JsonDict]:
        task = self.running
        if task is None:
            return []
        self._hand_out()
        return [play_task(task)]

    @property
    def busy(self) -> bool:
        return self.running is not None

    def stop(self) -> int:
        self._stopping = True
        return int(self.running is not None)

    def abort(self) -> None:
        self._stopping = True
        self.running = None


def test_ctrl_c_in_the_middle_of_a_deal_finishes_the_deal_and_resume_plays_the_rest(tmp_path):
    """Ctrl-C stopped handing out games at once, so the deal in flight stayed half played in
    games.csv and the store (tests/test_tournament_cli.py presses it on the command line)."""
    full = run_in(tmp_path / "full", _spec(games=12, seed=11)).summary
    d = tmp_path / "t"
    out = run_in(d, _spec(games=12, seed=11), _OneWorker(interrupt_at=2))
    assert out.status == "interrupted" and out.played == 6  # deal 2 was finished after the key
    assert [int(r["deal"]) for r in csv_rows(d)] == [0, 0, 1, 1, 2, 2]
    with sqlite3.connect(d / "tournament.sqlite") as conn:
        assert [r[0] for r in conn.execute("SELECT deal FROM games ORDER BY idx")] == [0, 0, 1, 1, 2, 2]
    assert out.summary["games_done"] == 6 and out.summary["deals_done"] == 3
    resumed = run_in(d, _spec(games=12, seed=11))
    assert resumed.status == "complete" and resumed.played == 6
    for key in ("pentanomial", "match", "games_done", "head_to_head"):
        assert resumed.summary[key] == full[key]


def test_an_old_database_gets_the_deal_column(tmp_path):
    db = tmp_path / "shared.sqlite"
    with sqlite3.connect(db) as conn:  # the schema before deals
        conn.execute(
            "CREATE TABLE games (tournament_id TEXT NOT NULL, idx INTEGER NOT NULL, seed INTEGER NOT NULL, "
            "game TEXT NOT NULL, players INTEGER NOT NULL, agents TEXT NOT NULL, seats TEXT NOT NULL, "
            "returns TEXT NOT NULL, scores TEXT NOT NULL, length INTEGER NOT NULL, duration REAL NOT NULL, "
            "record TEXT NOT NULL, PRIMARY KEY (tournament_id, idx))"
        )
    tdir = TournamentDir.create(tmp_path / "t", _spec(games=4))
    tdir.attach_databases([db])
    try:
        with LocalExecutor(jobs=1) as ex:
            run_tournament(tdir, ex, stream=Sink())
    finally:
        tdir.close()
    with sqlite3.connect(db) as conn:
        assert [r[0] for r in conn.execute("SELECT deal FROM games ORDER BY idx")] == [0, 0, 1, 1]


# -- three and four players ------------------------------------------------------------------


def test_finishing_ranks_share_ties():
    assert finishing_ranks([1.0, 0.0, 0.0]) == [1, 2, 2]
    assert shared_places([0.0, 1.0, 0.0, 0.0]) == [3.0, 1.0, 3.0, 3.0]
    assert shared_places([0.5, 0.5, 0.0]) == [1.5, 1.5, 3.0]


def test_four_player_duplicate_ratings_put_the_heuristic_first(tmp_path):
    spec = _spec("ratjack", ("heuristic", "random"), players=4, games=16)
    out = run_in(tmp_path / "t", spec, jobs=2)
    ranks = {r["label"]: r for r in out.summary["ranks"]["agents"]}
    h, r = ranks["heuristic"], ranks["random"]
    # deals of the tables (0,0,0,1), (0,0,1,1), (0,1,1,1), (0,0,0,1), each in its 4 rotations
    assert (h["games"], r["games"]) == (12 + 8 + 4 + 12, 4 + 8 + 12 + 4)
    assert h["mu"] > r["mu"] and h["mean_rank"] < r["mean_rank"] and h["first_share"] > r["first_share"]
    assert h["mu_ci95"][0] < h["mu"] < h["mu_ci95"][1]
    # every game hands out first places worth one game and places 1..4
    assert h["first_share"] * h["games"] + r["first_share"] * r["games"] == pytest.approx(16)
    assert h["mean_rank"] * h["games"] + r["mean_rank"] * r["games"] == pytest.approx(16 * 10)


# -- memory ----------------------------------------------------------------------------------


def _peak_bytes(path, games):
    import tracemalloc

    spec = make_spec(games=games, seed=2)
    tdir = TournamentDir.create(path, spec)
    tdir.attach_databases([])
    tracemalloc.start()
    try:
        with LocalExecutor(jobs=1) as ex:
            out = run_tournament(tdir, ex, stream=Sink())
        return tracemalloc.get_traced_memory()[1], out
    finally:
        tracemalloc.stop()
        tdir.close()


def test_finished_games_are_written_and_dropped(tmp_path):
    _peak_bytes(tmp_path / "warm-up", 20)  # imports and caches
    small, _ = _peak_bytes(tmp_path / "small", 600)
    big, out = _peak_bytes(tmp_path / "big", 1800)
    assert out.summary["games_done"] == 1800
    # keeping every finished game (record and result, ~3 KB here) added 4 MB for the 1,200 more games
    assert big - small < 1_500_000, (small, big)

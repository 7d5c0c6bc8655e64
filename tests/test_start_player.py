"""The start player's win rate: who starts each game, and the tournament statistics over it."""

import io
import json

import pytest

from ai.play import first_player, play_game, record_first_player
from ai.tournament import LocalExecutor, TournamentDir, TournamentSpec, play_task, run_tournament, schedule
from ai.tournament.results import format_table, summarize
from ai.tournament.stats import wilson_interval
from game.rules import GameRecord, new_game

PLAY_PHASE = {"hacktrick": "open", "ratjack": "setup", "hakkutsu": "move"}


@pytest.mark.parametrize(
    "game,players", [("hacktrick", 2), ("ratjack", 2), ("ratjack", 4), ("hakkutsu", 2), ("hakkutsu", 4)]
)
def test_first_player_takes_the_first_decision_of_play(game, players):
    """Play random games: the first player to act in the play phase is the reported start player."""
    starters = set()
    for seed in range(6):
        state = new_game(game, players=players, seed=seed)
        starter = first_player(state)
        starters.add(starter)
        record = play_game(game, ["random"] * players, seed=seed)
        assert record.meta["first_player"] == starter
        replay = new_game(game, players=players, seed=seed)
        for action in record.actions:
            if replay.phase == PLAY_PHASE[game]:
                break
            replay.apply(action)
        assert replay.current_player == starter
    assert len(starters) > 1  # the engines draw the start player


def test_record_first_player_without_meta_comes_from_the_settings():
    record = play_game("hakkutsu", ["random", "random"], seed=4)
    old = GameRecord.loads(record.dumps())
    del old.meta["first_player"]  # a record from before the field existed
    assert record_first_player(old) == record.meta["first_player"]


def _result(index, seats, returns, first):
    return {
        "index": index,
        "seed": index,
        "seats": list(seats),
        "agents": ["a", "b"],
        "returns": list(returns),
        "scores": [0, 0],
        "length": 10,
        "duration": 0.01,
        "first_player": first,
        "record": {},
    }


def test_summary_reports_the_start_players_win_rate_next_to_the_seats():
    spec = TournamentSpec("hacktrick", ["heuristic", "random"], players=2, games=5, seed=1)
    results = [
        _result(0, (0, 1), (1.0, 0.0), 0),
        _result(1, (1, 0), (1.0, 0.0), 1),
        _result(2, (0, 1), (0.5, 0.5), 1),
        _result(3, (1, 0), (0.0, 1.0), 0),
        _result(4, (0, 1), (1.0, 0.0), None),
    ]  # unknown start player: not counted
    s = summarize(spec, results)
    start = s["start_player"]
    assert start["games"] == 4 and start["wins"] == 1.5  # games 0 and 2 (shared)
    assert start["win_rate"] == pytest.approx(1.5 / 4)
    assert start["win_rate_ci95"] == pytest.approx(list(wilson_interval(1.5, 4)))
    table = format_table(s)
    assert "win rate by seat" in table
    assert "start player's win rate: 37.5% [" in table and "over 4 games" in table


def test_tournament_results_json_and_resume_keep_the_start_player(tmp_path):
    spec = TournamentSpec(
        "hacktrick", ["random", "heuristic"], players=2, games=6, seed=11, options={"target": 1}
    )
    tdir = TournamentDir.create(tmp_path / "t", spec)
    tdir.attach_databases([])
    played = [play_task(t) for t in schedule(tdir.spec)[:3]]
    for r in played:
        tdir.add(r)
    tdir.close()
    tdir = TournamentDir.open(tmp_path / "t")
    tdir.attach_databases([])
    with LocalExecutor(jobs=1) as ex:
        run_tournament(tdir, ex, stream=io.StringIO())
    tdir.close()
    doc = json.loads((tmp_path / "t" / "results.json").read_text())
    assert doc["start_player"]["games"] == 6
    records = [GameRecord.loads(p.read_text()) for p in sorted((tmp_path / "t" / "games").iterdir())]
    assert doc["start_player"]["wins"] == sum(rec.returns[rec.meta["first_player"]] for rec in records)

"""tools/review_measure (issue 33's measurements): the accuracy sample is kept game by game and
extended, and Hakkutsu!!'s positions are searched for the whole game, from the player's seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules import GameRecord, action_from_json
from tools import review_measure as rm

POSITIONS = Path(__file__).parent / "review_positions"


def _fake_game(played: list[int]):
    def accuracy_game(game: str, k: int, budget: int | None) -> dict:
        played.append(k)
        bots = rm.pairing(k)
        return {
            "game": game,
            "k": k,
            "bots": list(bots),
            "accuracy": [80.0 + k, 90.0],
            "budget": 400,
            "seconds": 1.0,
            "load": 2.0,
            "decisions": [[0, 0.2, 0.0, "blunder"], [1, 0.0, 0.0, "best"]],
        }

    return accuracy_game


def test_a_larger_run_extends_the_sample_kept_in_its_file(tmp_path, monkeypatch):
    played: list[int] = []
    monkeypatch.setattr(rm, "accuracy_game", _fake_game(played))
    out = tmp_path / "accuracy.json"
    rm.measure_accuracy(2, None, ["hakkutsu"], out)
    assert played == [0, 1] and len(json.loads(out.read_text())["entries"]) == 2
    summary = rm.measure_accuracy(4, None, ["hakkutsu"], out)
    assert played == [0, 1, 2, 3]  # only the new games are played
    assert summary["hakkutsu"]["games"] == 4
    random_bot = summary["hakkutsu"]["bots"]["random"]  # seat 0 of games 0 and 2, seat 1 of game 3
    assert random_bot["games"] == 3 and random_bot["accuracy"] == 84.0
    assert random_bot["grades"]["blunder"] == 2
    rm.measure_accuracy(1, None, ["hacktrick"], out)  # another game's run keeps these
    assert len(json.loads(out.read_text())["entries"]) == 5


def test_a_hakkutsu_end_decided_by_a_secret_museum_is_no_position():
    """Hakkutsu!!'s final scores count the opponents' secret museum cards: at the last turn of a
    seeded game, mining wins and skipping loses in the true state, but in most worlds the player
    cannot tell apart skipping wins too, so the position is not one where a move surely loses."""
    entry = json.loads((POSITIONS / "hakkutsu_true_state_only.json").read_text())[0]
    state = GameRecord.from_json(entry["record"]).replay()
    p = state.current_player
    win, lose = (action_from_json("hakkutsu", entry[k]) for k in ("win", "lose"))
    after, winners = rm._ends_hand(state, win)
    assert not winners and after.current_player == p  # the turn goes on: no hands, the game's end counts
    assert rm._wins_after(state, win, p, rm.OWN_ACTIONS) and rm._loses_at_once(state, lose, p, rm.OWN_ACTIONS)
    assert not rm._loses_at_once(state, lose, p)  # one action alone does not end the game
    assert rm._always(state, p, rm._wins(win, p, rm.OWN_ACTIONS), 132, rm.WIN_SHARE)
    assert not rm._always(state, p, rm._loses(lose, p, rm.OWN_ACTIONS), 132)


def test_an_unknown_game_option_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        rm.main(["positions", "hakkutsu", "--option", "colour=blue"])
    assert exc.value.code == 2
    assert "unknown option 'colour' for hakkutsu" in capsys.readouterr().err.splitlines()[-1]

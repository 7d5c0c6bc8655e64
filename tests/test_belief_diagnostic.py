"""tools/belief_diagnostic.py: the beliefs scored against the true hidden cards (issue 35)."""

from __future__ import annotations

import pytest

from game.rules import GameInfo
from game.rules.ratjack.cards import CARD_ABILITY, parse_card
from game.rules.ratjack.positions import position
from game.rules.ratjack.state import RatjackState
from tools import belief_diagnostic


def _table(opponent_hand: str) -> RatjackState:
    """A Ratjack position: player 1 holds ``opponent_hand``, one face-up and two face-down cards
    (player 0 knows the second of those)."""
    return position(
        phase="play",
        player=0,
        hands=[["rat-blue 5", "rat-blue 6"], [opponent_hand]],
        areas=[["D:rat-blue 3"], ["U:rat-red 8", "D:rat-red 7", "D:rat-red 9"]],
        known={"rat-red 9": [0, 1]},
    )


def test_facts_are_the_opponents_cards_the_player_does_not_know() -> None:
    state = _table("rat-red 3")
    found = belief_diagnostic.facts(state, 0)
    assert [label for label, _ in found] == ["hand", "face-down"]
    assert [read(state) for _, read in found] == [
        CARD_ABILITY[parse_card("rat-red 3")],
        CARD_ABILITY[parse_card("rat-red 7")],
    ]
    # a world with another card there does not hold the fact
    assert [read(_table("rat-red 4")) == read(state) for _, read in found] == [False, True]


def test_a_small_run_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        belief_diagnostic.main(["--games", "1", "--samples", "5", "--timing", "1", "--iterations", "20"]) == 0
    )
    out = capsys.readouterr().out
    assert "| `heuristic` | hand, every decision |" in out
    assert "| `heuristic` | face-down, decisions with evidence |" in out
    assert "Timing, 1 decisions with evidence, mcts:iterations=20" in out
    assert "the beliefs kept " in out and " worlds they drew (" in out


def test_timing_every_spreads_the_timed_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "1", "--samples", "2", "--timing", "5", "--timing-every", "1000", "--iterations", "10"]
    assert belief_diagnostic.main(argv) == 0
    out = capsys.readouterr().out
    assert "Timing, 1 decisions with evidence (one in 1000 of a game), mcts:iterations=10" in out


def test_more_players_take_the_two_agents_in_turn(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "4", "--games", "1", "--samples", "3", "--agents", "heuristic", "random"]
    assert belief_diagnostic.main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("Ratjack, 4 players, 1 games")
    # seats 0 and 2 play the heuristic, 1 and 3 random: each seat has both among its opponents
    # (seat 1's are 0, 2 and 3), so every row is of the mixed opponents
    assert "| `heuristic+random` | hand, every decision |" in out
    assert "| `random` |" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--temperature", "0"], "--temperature must be positive"),
        (["--agents", "heuristic", "nobody"], "nobody"),
        (["--game", "chess"], "unknown game 'chess'"),
        (["--game", "hakkutsu", "--option", "mode=underwater"], "mode"),
        (["--option", "decks"], "expected KEY=VALUE"),
        (["--players", "7"], "not 7"),
        (["--timing-every", "0"], "--timing-every must be at least 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert belief_diagnostic.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_game_without_the_hidden_facts_hook_is_refused(
    fourth_game: GameInfo, capsys: pytest.CaptureFixture[str]
) -> None:
    assert belief_diagnostic.main(["--game", fourth_game.name]) == 2
    err = capsys.readouterr().err
    assert "has no hidden_facts hook" in err and err.count("\n") == 1


def test_game_options_are_played_and_named(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "hakkutsu", "--games", "1", "--samples", "3", "--option", "mode=treasure"]
    assert belief_diagnostic.main(argv) == 0
    out = capsys.readouterr().out
    assert (
        out.startswith("Hakkutsu!! (mode=treasure), 2 players, 1 games") and "| `heuristic` | museum" in out
    )

"""No peeking: bots decide from what their seat may know, never from the hidden rest.

For every registered game, at many seeded positions: a second "real" state is
built that the player to move cannot tell apart from the first (the opponents'
hands and the deck resampled by ``determinize``: same views, other hidden
cards).  With the same seed, every bot must choose the same action in both.
"""

from __future__ import annotations

import os

import pytest

import ai
from game.rules import GAMES, Seat, new_game
from game.rules.rng import Rng

GAME_NAMES = list(GAMES)  # every registered game, a new one too
POSITIONS = max(3, int(os.environ.get("TRIO_RANDOM_GAMES", "300")) // 50)


def _positions(game: str, players: int, count: int, seed: int):
    """Seeded positions along random games where the mover has a real choice."""
    rng = Rng(seed)
    found = []
    g = 0
    while len(found) < count and g < count * 20:
        state = new_game(game, players=players, seed=seed * 100 + g)
        g += 1
        stop = 3 + rng.randbelow(40)
        step = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            if step >= stop and len(legal) > 1:
                found.append(state)
                break
            state.apply(legal[rng.randbelow(len(legal))])
            step += 1
    return found


def _hidden_twin(state, player: int, seed: int):
    """Another real state ``player`` cannot tell apart from ``state``, but with different hidden cards."""
    for k in range(20):
        twin = state.determinize(player, Rng(seed + k))
        if twin.to_json() != state.to_json() or k == 19:
            return twin
    return twin


#: Engines whose ``determinize`` is not yet a pure function of the player's knowledge: they
#: shuffle the unknown cards starting from their *real* order, so the same ``rng`` gives a
#: different (equally likely) sample when the hidden cards differ.  No information leaks (the
#: distribution is the same), but a seeded bot is then not bit-for-bit blind to hidden cards.
#: The fix is to sort the unknown cards before the shuffle.
ORDER_DEPENDENT: dict[str, str] = {}  # all three engines sort the unknown cards now


def _same_samples(state, twin, player) -> bool:
    """Do both states give the same determinization for the same rng?"""
    return all(
        state.determinize(player, Rng(s)).to_json() == twin.determinize(player, Rng(s)).to_json()
        for s in (1, 2)
    )


SPECS = ["mcts:iterations=60", "mcts:iterations=60,opponents=1", "mcts:iterations=60,merge=1", "heuristic"]


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_changing_hidden_cards_never_changes_the_choice(game, spec):
    check_choice_blind_to_hidden_cards(game, spec)


def check_choice_blind_to_hidden_cards(game: str, spec: str, positions: int = POSITIONS) -> None:
    """``spec`` chooses the same in ``game``'s states that the player to move cannot tell apart."""
    info = GAMES[game]
    changed_hidden = skipped_order = 0
    for players in sorted({info.min_players, info.max_players}):
        for i, state in enumerate(_positions(game, players, positions, seed=11 + players)):
            p = state.current_player
            twin = _hidden_twin(state, p, seed=1000 + i)
            assert twin.view(p) == state.view(p), "determinize changed what the player sees"
            assert twin.legal_actions() == state.legal_actions()
            changed_hidden += twin.to_json() != state.to_json()
            if spec.startswith("mcts") and game in ORDER_DEPENDENT and not _same_samples(state, twin, p):
                skipped_order += 1  # see ORDER_DEPENDENT: the engine's samples differ, not the bot
                continue
            a = ai.make_agent(spec, seed=42).choose(Seat(state, p))
            b = ai.make_agent(spec, seed=42).choose(Seat(twin, p))
            assert a == b, f"{spec} in {game}: hidden cards changed the choice ({a} vs {b})"
    assert changed_hidden > 0, "the test never changed any hidden information"
    if skipped_order:
        pytest.xfail(f"{skipped_order} positions not checked: {ORDER_DEPENDENT[game]}")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_determinize_depends_only_on_what_the_player_knows(game, request):
    if game in ORDER_DEPENDENT:
        request.applymarker(pytest.mark.xfail(reason=ORDER_DEPENDENT[game], strict=False))
    check_determinize_blind(game)


def check_determinize_blind(game: str, positions: int = POSITIONS) -> None:
    """``determinize`` gives the same sample for the same rng in states the player cannot tell apart."""
    info = GAMES[game]
    for players in sorted({info.min_players, info.max_players}):
        for i, state in enumerate(_positions(game, players, positions, seed=31 + players)):
            p = state.current_player
            twin = _hidden_twin(state, p, seed=2000 + i)
            assert _same_samples(state, twin, p)


def test_hacktrick_swapped_opponent_hand_with_same_sum():
    """A hand-made twin: the opponent's hand swapped for another with the same sum and size."""
    for seed in range(40):
        state = new_game("hacktrick", seed=seed)
        state.apply(state.legal_actions()[0])  # dealer opens; both sums are announced
        p = state.current_player
        o = 1 - p
        hand = state.hands[o]
        # Swap two opponent cards (a, b) for two deck cards (c, d) with a + b == c + d.
        for i in range(len(hand)):
            for j in range(i + 1, len(hand)):
                for k in range(len(state.deck)):
                    for m in range(k + 1, len(state.deck)):
                        a, b, c, d = hand[i], hand[j], state.deck[k], state.deck[m]
                        if a + b == c + d and sorted((a, b)) != sorted((c, d)):
                            twin = state.clone()
                            twin.hands[o][i], twin.hands[o][j] = c, d
                            twin.deck[k], twin.deck[m] = a, b
                            twin._legal_cache = None
                            assert twin.view(p) == state.view(p)
                            x = ai.make_agent("mcts:iterations=80", seed=5).choose(Seat(state, p))
                            y = ai.make_agent("mcts:iterations=80", seed=5).choose(Seat(twin, p))
                            assert x == y
                            return
    pytest.fail("no seed gave a same-sum swap")


def test_seat_exposes_no_state():
    state = new_game("hacktrick", seed=1)
    seat = Seat(state, 0)
    public = [name for name in dir(seat) if not name.startswith("_")]
    assert set(public) <= {
        "game",
        "num_players",
        "is_my_turn",
        "view",
        "legal_actions",
        "determinize",
        "sample",  # a determinization as JSON text (what a bot's process gets)
        "player",
        "history",  # the seat's own views before each decision (issue 35's beliefs)
        "witness",  # the game loop notes a decision: keeps the seat's own view of that moment
    }

"""Nothing leads back to hidden information: determinized states and what the player knows.

A bot gets states from ``Seat.determinize(rng)``.  If such a state held the real
game's seed (or its random source), ``new_game(..., seed=that)`` would rebuild the
real deal and show the opponents' hands and the deck order.  So for every game and
player count, every integer a determinized state holds (in its ``to_json()`` and in
its attributes) is tried as a seed: none may reproduce the real deal or the real
random source.
"""

from __future__ import annotations

import os

import pytest

from game.rules import GAMES, Seat, new_game
from game.rules.rng import Rng

#: Options that exercise more hidden information than the defaults (every game of ``GAMES``, a new
#: one too, is checked with its defaults as well).
VARIANTS = {
    "ratjack": [{"decks": "random"}],
    "hakkutsu": [{"draft": True, "mode": "treasure"}],
}
POSITIONS = max(2, int(os.environ.get("TRIO_RANDOM_GAMES", "300")) // 100)
#: Real seeds far from the small integers every state holds (counts, card ids, masks).
BASE_SEED = 7_000_000_000


def _integers(value, seen: set, out: set) -> None:
    """Every integer (not bool) reachable from ``value``: containers, slots and attributes."""
    if isinstance(value, bool) or value is None or isinstance(value, (str, float)):
        return
    if isinstance(value, int):
        out.add(value)
        return
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, dict):
        for k, v in value.items():
            _integers(k, seen, out)
            _integers(v, seen, out)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            _integers(v, seen, out)
    else:
        for cls in type(value).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(value, name):
                    _integers(getattr(value, name), seen, out)
        for v in getattr(value, "__dict__", {}).values():
            _integers(v, seen, out)


def _deal(state) -> dict:
    """The start state's cards and chance, without the seed itself."""
    d = state.to_json()
    d.pop("seed", None)
    return d


def _positions(game: str, players: int, options: dict, count: int):
    """``(real seed, state)`` pairs along random games, from the start to near the end."""
    out = []
    for k in range(count):
        seed = BASE_SEED + 1000 * players + k
        state = new_game(game, players=players, seed=seed, **options)
        pick = Rng(seed)
        stop = pick.randbelow(60)
        for _ in range(stop):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[pick.randbelow(len(legal))])
        out.append((seed, state))
    return out


def _cases():
    for game, info in GAMES.items():
        for players in range(info.min_players, info.max_players + 1):
            for options in [{}, *VARIANTS.get(game, [])]:
                yield game, players, options


@pytest.mark.parametrize("game,players,options", list(_cases()))
def test_no_integer_in_a_determinized_state_rebuilds_the_real_game(game, players, options):
    check_no_integer_rebuilds_the_real_game(game, players, options)


def check_no_integer_rebuilds_the_real_game(
    game: str, players: int, options: dict, positions: int = POSITIONS
):
    """No integer a determinized state of ``game`` holds is the seed of the real deal or its random source."""
    for seed, state in _positions(game, players, options, positions):
        real_deal = _deal(new_game(game, players=players, seed=seed, **options))
        p = state.current_player if state.current_player is not None else 0
        det = Seat(state, p).determinize(Rng(seed ^ 0x5A5A))
        numbers: set = set()
        _integers(det.to_json(), set(), numbers)
        _integers(det, set(), numbers)
        assert state.rng.state not in numbers, f"{game}: a determinized state holds the real random source"
        for n in numbers:
            rebuilt = new_game(game, players=players, seed=n, **options)
            assert _deal(rebuilt) != real_deal, (
                f"{game} ({players} players, {options}): seed {n} found in a determinized state "
                "rebuilds the real deal"
            )


@pytest.mark.parametrize("game", list(GAMES))
def test_determinized_states_differ_in_seed_and_random_source_per_sample(game):
    check_fresh_seed_per_sample(game)


def check_fresh_seed_per_sample(game: str) -> None:
    """Each determinization of ``game`` draws its own seed and random source, none the real one."""
    state = new_game(game, players=GAMES[game].min_players, seed=BASE_SEED)
    rng = Rng(3)
    a, b = state.determinize(0, rng), state.determinize(0, rng)
    assert a.seed != state.seed and b.seed != state.seed and a.seed != b.seed
    assert a.rng.state != b.rng.state != state.rng.state


def _hakkutsu_after_first_keep(players: int, seed: int, draft: bool):
    """A Hakkutsu state in the equipment setup right after the first player kept a card."""
    state = new_game("hakkutsu", players=players, seed=seed, draft=draft)
    while state.phase != "equip":
        state.apply(state.legal_actions()[0])
    first = state.current_player
    keep = state.legal_actions()[-1]
    events = state.apply(keep)
    returned = next(e["returned"] for e in events if e["type"] == "equipment_kept")
    return state, first, returned


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("draft", [False, True])
def test_hakkutsu_samples_keep_the_players_returned_equipment(players, draft):
    """Over 200 samples, everything the player knows holds, including the cards they returned."""
    from collections import Counter

    from game.rules.hakkutsu.equipment import KEYS
    from game.rules.hakkutsu.hidden import check_accounting

    state, first, returned = _hakkutsu_after_first_keep(players, BASE_SEED + players, draft)
    assert returned, "the setup returned no card"
    assert sorted(state.view(first)["equipment_returned"]) == sorted(returned)
    rng = Rng(17)
    for _ in range(200):
        det = state.determinize(first, rng)
        check_accounting(det)
        assert det.view(first) == state.view(first)
        assert not Counter(returned) - Counter(KEYS[t] for t in det.eq_returned), (
            "the sample lost equipment cards the player returned themselves"
        )
        assert det.eq_hand[first] == state.eq_hand[first]

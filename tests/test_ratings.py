"""Ratings on the bots' scale (game/history/ratings.py) and the shipped calibration (bot_ratings.json)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.client.players import SEAT_KEYS
from game.history.entry import ABANDONED
from game.history.ratings import (
    BOT_RATINGS,
    ELO_PER_MU,
    PROVISIONAL_GAMES,
    BotRating,
    BotRatings,
    Rating,
    rate_history,
    unrated_reason,
)
from game.rules import GAMES
from tests.history_helpers import ranked

NORMAL, EASY, HARD = "mcts:level=normal", "mcts:level=easy", "mcts:level=hard"
ME, FRIEND = 1, 2


def bots() -> BotRatings:
    """A small calibration: easy 1400, normal 1600, hard 1700 in every game and player count."""
    table = {}
    for game in ("hacktrick", "ratjack"):
        for n in (2, 3, 4):
            for level, r in ((EASY, 1400.0), (NORMAL, 1600.0), (HARD, 1700.0)):
                table[(game, n, level)] = BotRating(r, 30.0, 25 + (r - 1500) / ELO_PER_MU, 1.0, 100)
    return BotRatings(table)


def test_a_win_against_normal_raises_the_rating_and_a_loss_lowers_it():
    won = rate_history([ranked([1, 2], [ME, NORMAL])], bots()).rating(ME, "hacktrick", 2)
    lost = rate_history([ranked([2, 1], [ME, NORMAL])], bots()).rating(ME, "hacktrick", 2)
    assert won.value > 1500 > lost.value
    assert won.sigma < Rating().sigma and won.games == 1
    # beating the hard bot is worth more than beating the easy one
    easy = rate_history([ranked([1, 2], [ME, EASY])], bots()).rating(ME, "hacktrick", 2)
    hard = rate_history([ranked([1, 2], [ME, HARD])], bots()).rating(ME, "hacktrick", 2)
    assert hard.value > won.value > easy.value


def test_ranks_of_three_and_four_players():
    second = rate_history([ranked([1, 2, 3], [NORMAL, ME, EASY])], bots())
    last = rate_history([ranked([3, 1, 2], [ME, EASY, NORMAL])], bots())
    first = rate_history([ranked([1, 2, 3, 4], [ME, EASY, NORMAL, HARD])], bots())
    assert last.rating(ME, "hacktrick", 3).value < second.rating(ME, "hacktrick", 3).value
    assert first.rating(ME, "hacktrick", 4).value > 1500
    # ratings are per player count: the 3-player games leave the 4-player rating alone
    assert last.rating(ME, "hacktrick", 4) == Rating()


def test_a_shared_place_moves_less_than_a_clear_one():
    tied = rate_history([ranked([1, 1, 3], [ME, NORMAL, EASY])], bots()).rating(ME, "hacktrick", 3)
    clear = rate_history([ranked([1, 2, 3], [ME, NORMAL, EASY])], bots()).rating(ME, "hacktrick", 3)
    behind = rate_history([ranked([2, 1, 3], [ME, NORMAL, EASY])], bots()).rating(ME, "hacktrick", 3)
    assert clear.value > tied.value > behind.value


@pytest.mark.parametrize(
    ("game", "reason"),
    [
        (ranked([1, 2], [ME, NORMAL], undos=1), "undo"),
        (ranked([1, 2], [ME, NORMAL], hints=2), "hints"),
        (ranked([1, 2], [ME, NORMAL], status=ABANDONED), "abandoned"),
        (ranked([1, 2], [None, NORMAL]), "no_profile"),
        (ranked([1, 2], [ME, "mcts:iterations=50"]), "unknown_opponent"),
        (ranked([1, 2, 3], [ME, None, NORMAL]), "unknown_opponent"),
        (ranked([1, 2], [ME, NORMAL], game="hakkutsu"), "unknown_opponent"),  # not in this calibration
    ],
)
def test_unrated_games_leave_the_rating_unchanged(game, reason):
    game = dataclasses.replace(game, key="later", ended_at=2000.0, id=99)
    assert unrated_reason(game, bots()) == reason
    before = [ranked([1, 2], [ME, NORMAL], n=0)]
    history = rate_history([*before, game], bots())
    assert history.rating(ME, game.game, game.players) == rate_history(before, bots()).rating(
        ME, game.game, game.players
    )
    assert history.change_in(ME, game) is None


def test_hot_seat_between_profiles_rates_both():
    history = rate_history([ranked([1, 2], [ME, FRIEND])], bots())
    me, friend = history.rating(ME, "hacktrick", 2), history.rating(FRIEND, "hacktrick", 2)
    assert me.value > 1500 > friend.value and me.games == friend.games == 1


def test_provisional_for_the_first_games_and_the_change_of_each_game():
    games = [
        ranked([1 if n % 3 else 2, 2 if n % 3 else 1], [ME, NORMAL], n=n) for n in range(PROVISIONAL_GAMES)
    ]
    history = rate_history(games, bots())
    series = history.series(ME, "hacktrick", 2)
    assert [g.after.games for g in series] == list(range(1, PROVISIONAL_GAMES + 1))
    assert series[-2].after.provisional and not series[-1].after.provisional
    for g, rated in zip(games, series, strict=True):
        assert history.change_in(ME, g) == rated
        assert (rated.change > 0) == (g.seats[0].rank == 1)
    assert series[-1].after == history.rating(ME, "hacktrick", 2)


def test_reproducible_from_the_history_in_any_order():
    games = [ranked([1 + (n % 2), 2 - (n % 2)], [ME, NORMAL if n % 3 else EASY], n=n) for n in range(12)]
    a = rate_history(games, bots())
    b = rate_history(list(reversed(games)), bots())
    assert a.rating(ME, "hacktrick", 2) == b.rating(ME, "hacktrick", 2)
    assert a.series(ME, "hacktrick", 2) == b.series(ME, "hacktrick", 2)


def test_shown_scale_matches_elo_for_two_players():
    # a rating difference of 400 on the shown scale is 10:1 odds under Plackett-Luce with small sigmas
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    a, b = model.rating(mu=25 + 400 / ELO_PER_MU, sigma=0.0), model.rating(mu=25, sigma=0.0)
    c = (2 * model.beta**2) ** 0.5
    import math

    p = math.exp(a.mu / c) / (math.exp(a.mu / c) + math.exp(b.mu / c))
    assert p == pytest.approx(10 / 11, rel=1e-9)


# -- the shipped calibration ----------------------------------------------------------------


def offered_tables():
    for name, info in GAMES.items():
        if name in ("hacktrick", "ratjack", "hakkutsu"):
            for n in range(info.min_players, info.max_players + 1):
                yield name, n


def test_calibration_file_covers_every_level_game_and_player_count():
    doc = json.loads(BOT_RATINGS.read_text(encoding="utf-8"))
    shipped = BotRatings.from_json(doc)
    levels = [spec for spec in SEAT_KEYS if spec != "human"]
    for game, n in offered_tables():
        values = []
        for level in levels:
            r = shipped.get(game, n, level)
            assert r is not None, (game, n, level)
            assert (
                0 < r.error < 1000
                and r.games > 0
                and r.sigma == pytest.approx(r.error / ELO_PER_MU, abs=0.01)
            )
            assert r.mu == pytest.approx(25 + (r.rating - 1500) / ELO_PER_MU, abs=0.01)
            values.append(r.rating)
        assert sum(values) / len(values) == pytest.approx(1500, abs=1)  # the levels' mean is the base
        assert shipped.get(game, n, "random").rating < shipped.get(game, n, "mcts:level=normal").rating
    for run in doc["tournaments"]:
        assert run["command"].startswith("python -m ai.tournament") and run["games"] > 0
        assert all(s["date"] and s["cpu_seconds"] >= 0 for s in run["sessions"])


def test_a_damaged_calibration_is_refused():
    with pytest.raises(ValueError, match="bot-ratings"):
        BotRatings.from_json({"format": "something else", "ratings": {}})


def test_calibration_tool_fits_the_tournaments_games(tmp_path):
    """tools/calibrate_bots: the levels' ratings from games.csv files, on the Elo scale, centred on 1500."""
    from tools import calibrate_bots as cb

    folder = tmp_path / "hacktrick-2p-low"
    folder.mkdir()
    rows = ["index,deal,seed,seat0,seat1,return0,return1"]
    for i in range(30):  # heuristic beats random 3 games in 4, easy beats both always
        a, b = [("heuristic", "random"), ("mcts:level=easy", "random"), ("mcts:level=easy", "heuristic")][
            i % 3
        ]
        win = 1 if (i % 3) or i % 4 else 0
        rows.append(f"{i},{i},{i},{a},{b},{win},{1 - win}")
    (folder / "games.csv").write_text("\n".join(rows) + "\n")
    doc = cb.fit(tmp_path)
    table = BotRatings.from_json(doc)
    r = {level: table.get("hacktrick", 2, level) for level in cb.LEVELS}
    assert r["random"].rating < r["heuristic"].rating < r["mcts:level=easy"].rating
    assert r["random"].games == 20 and r["mcts:level=easy"].games == 20
    # the archived 200-game matches count for normal and hard
    assert r["mcts:level=hard"].games == 200 and r["mcts:level=normal"].games == 400
    assert sum(x.rating for x in r.values()) / 5 == pytest.approx(1500, abs=0.5)
    assert cb.ELO_PER_MU == pytest.approx(ELO_PER_MU)
    assert "| hacktrick 2 |" in cb.markdown(doc)

"""Game review: where a finished game was won and lost, from each player's own information.

For every decision of a :class:`~game.rules.GameRecord` (a moment where the player to move had
more than one legal action) :func:`~ai.review.search.judge` searches **from that player's**
:class:`~game.rules.Seat` - never from the true state, so the review knows exactly what the
player knew then - and plays the best moves found and the move played on common sampled worlds.
Each :class:`Decision` then holds:

* ``win_chance``: the player's chance to win the game with the best move, ``chosen_value`` with
  the move played, ``drop`` the difference (at least 0);
* in a game of hands or rounds (Hacktrick, Ratjack): ``hand_win``, ``hand_value`` and
  ``hand_drop``, the same for the hand/round being played (a move that throws a hand away can
  cost the whole game's chance only a few percent);
* ``loss``: the larger of the two drops, its ``accuracy`` (lichess's curve) and ``grade``
  (:mod:`ai.review.grading`).

The :class:`Review` adds each player's game ``accuracy`` and grade counts and, for each hand or
round, its **critical moment** (:class:`Critical`): the decision of a player who lost it that
lost the most of their chance to win it, with the better move.

The review is deterministic: the same record, seed and budget give the same numbers (each search
is seeded from the review seed and a digest of the player's view, as the ``mcts`` bot is); it runs
in parallel over decisions (``jobs`` processes, set up as every worker process is: they leave
Ctrl-C to the parent, end with it and know its registered games, :mod:`game.workers`), each worker
replaying the record forwards.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from game.rules import GameRecord, Seat, action_from_json, action_to_json, carry_games
from game.rules.core import AnyState, GameAction
from game.workers import Lifeline, process_context, start_pool_worker

from .grading import ERRORS, GRADES, game_accuracy, move_accuracy, review_tuning, thresholds_for, worse
from .search import has_hands, judge

FORMAT = "tabletop-trio-review/2"
#: Search iterations per decision when no budget is given, for a game whose bot module's ``REVIEW``
#: names none (each game's own: the most that keeps a whole 2-player game's review under a minute
#: with ``--jobs 2`` on the 2-core machine, README).
DEFAULT_BUDGET = 400
#: Decisions handed to a worker process at a time (each worker replays the record forwards).
CHUNK = 4


def default_budget(game: str) -> int:
    """Iterations per decision of ``game``'s review when none is given: its bot module's
    ``REVIEW["budget"]``, else :data:`DEFAULT_BUDGET`."""
    return review_tuning(game).get("budget", DEFAULT_BUDGET)


@dataclass
class Decision:
    """One reviewed decision: action number ``index`` of the record, taken by ``player``."""

    index: int
    player: int
    action: dict[str, Any]  # action_to_json of the move played
    action_text: str
    win_chance: float  # the game's win chance with the best move found
    chosen_value: float | None  # ... with the move played
    best: dict[str, Any]
    best_text: str
    drop: float  # win_chance - chosen_value, at least 0
    legal: int  # how many moves the player had
    iterations: int
    grade: str = "good"
    loss: float = 0.0  # the larger of drop and hand_drop
    accuracy: float = 100.0
    hand_win: float | None = None  # the hand's/round's win chance with its best move (None: no hands)
    hand_value: float | None = None  # ... with the move played
    hand_best: dict[str, Any] | None = None
    hand_best_text: str | None = None
    hand_drop: float = 0.0

    @property
    def mistake(self) -> bool:
        """Graded a mistake or a blunder."""
        return self.grade in ("mistake", "blunder")

    @property
    def error(self) -> bool:
        """Graded an inaccuracy, a mistake or a blunder."""
        return self.grade in ERRORS


@dataclass
class Section:
    """A hand or round: its first and last action numbers and who won it (scored at its end; in a
    game without hands the whole game, won by its winners)."""

    start: int
    end: int
    winners: list[int]

    def share(self, player: int) -> float | None:
        """``player``'s share of the win (1, 1/k if shared, 0), ``None`` if it did not end."""
        if not self.winners:
            return None
        return 1.0 / len(self.winners) if player in self.winners else 0.0


@dataclass
class Critical:
    """The critical moment of hand/round ``section`` (0 first; the game itself in a game without
    hands): the decision ``index`` where ``player``, who lost it, lost the most (``drop``) of their
    chance to win it; ``best`` the better move."""

    section: int
    index: int
    player: int
    drop: float
    best: dict[str, Any]
    best_text: str


@dataclass
class Review:
    """The review of one game: one :class:`Decision` per real choice, in the order played."""

    game: str
    players: int
    record_digest: str
    seed: int
    budget: int
    decisions: list[Decision] = field(default_factory=list)
    returns: list[float] | None = None
    actions: int = 0  # length of the record (the graph's x axis)
    seconds: float = 0.0
    hands: bool = False  # judged by hand/round too
    accuracy: list[float | None] = field(default_factory=list)  # per player, 0-100
    grades: list[dict[str, int]] = field(default_factory=list)  # per player: grade -> count
    thresholds: dict[str, dict[str, float]] = field(default_factory=dict)  # "game", "hand"
    sections: list[Section] = field(default_factory=list)
    critical: list[Critical] = field(default_factory=list)
    format: str = FORMAT

    def series(self, player: int) -> list[tuple[int, float]]:
        """``(action index, win chance)`` of ``player``'s decisions, then the result at the end."""
        points = [(d.index, d.win_chance) for d in self.decisions if d.player == player]
        if self.returns is not None:
            points.append((self.actions, float(self.returns[player])))
        return points

    def hand_series(self, player: int) -> list[list[tuple[int, float]]]:
        """One line per hand/round: ``player``'s chances to win it at their decisions, then their
        share of it where it ended - a line never joins two hands."""
        out = []
        for section in self.sections:
            points = [
                (d.index, d.hand_win)
                for d in self.decisions
                if d.player == player and section.start <= d.index <= section.end and d.hand_win is not None
            ]
            share = section.share(player)
            if points and share is not None:
                points.append((section.end + 1, share))
            if points:
                out.append(points)
        return out

    def mistakes(self) -> list[Decision]:
        """The decisions graded a mistake or a blunder."""
        return [d for d in self.decisions if d.mistake]

    def errors(self) -> list[Decision]:
        """The decisions graded an inaccuracy, a mistake or a blunder."""
        return [d for d in self.decisions if d.error]

    def at(self, index: int) -> Decision | None:
        """The decision taken at action ``index`` (``None``: a forced move or out of range)."""
        for d in self.decisions:
            if d.index == index:
                return d
        return None

    def critical_at(self, index: int) -> Critical | None:
        """The critical moment at decision ``index``, if it is one."""
        return next((c for c in self.critical if c.index == index), None)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Review:
        """Rebuild a review (``ValueError`` with one line if the data is not one)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a game review (format {FORMAT!r})")
        try:
            fields = {k: data[k] for k in ("game", "players", "record_digest", "seed", "budget")}
            return cls(
                **fields,
                decisions=[Decision(**d) for d in data["decisions"]],
                returns=data.get("returns"),
                actions=int(data.get("actions", 0)),
                seconds=float(data.get("seconds", 0.0)),
                hands=bool(data.get("hands", False)),
                accuracy=list(data.get("accuracy", [])),
                grades=[dict(g) for g in data.get("grades", [])],
                thresholds=dict(data.get("thresholds", {})),
                sections=[Section(**s) for s in data.get("sections", [])],
                critical=[Critical(**c) for c in data.get("critical", [])],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"the game review is incomplete ({exc})") from None

    def save(self, path: str | os.PathLike[str]) -> None:
        from game.rules import write_atomic

        write_atomic(path, json.dumps(self.to_json(), indent=1))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Review:
        """A saved review; ``ValueError`` (one line) if the file is not a regular file of a sane
        size (:func:`~game.rules.files.read_text`), not JSON or not a review."""
        from game.rules.files import read_text
        from game.rules.strictjson import loads

        return cls.from_json(loads(read_text(path, "a game review"), "the game review"))


def record_digest(record: GameRecord) -> str:
    """A digest of what decides a game (game, players, options, seed, actions): a review
    belongs to a record when the digests match."""
    data = record.to_json()
    key = {k: data[k] for k in ("game", "players", "options", "seed", "actions")}
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()


def decision_indices(record: GameRecord) -> list[int]:
    """The action numbers at which the player to move had a real choice (more than one move)."""
    out = []
    state = record.new_state()
    for i, action in enumerate(record.actions):
        if len(state.legal_actions()) > 1:
            out.append(i)
        state.apply(action)
    return out


def sections_of(record: GameRecord) -> list[Section]:
    """The hands/rounds of ``record``: a hand ends with the action after which the scores change
    (its winners: who scored); in a game without hands, the whole game (its winners)."""
    state = record.new_state()
    if not has_hands(record.game):
        end = len(record.actions) - 1
        final = record.replay()
        return [Section(0, end, list(final.winners()) if final.is_terminal else [])]
    out: list[Section] = []
    start = 0
    for i, action in enumerate(record.actions):
        before = state.scores
        state.apply(action)
        if state.scores != before:
            out.append(
                Section(start, i, [p for p in range(state.num_players) if state.scores[p] > before[p]])
            )
            start = i + 1
    if start < len(record.actions):
        out.append(Section(start, len(record.actions) - 1, []))  # a hand still being played
    return out


class _Replayer:
    """Replays one record forwards, rewinding only when asked for an earlier position."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.state = record.new_state()
        self.at = 0

    def state_at(self, index: int) -> AnyState:
        if index < self.at:
            self.state, self.at = self.record.new_state(), 0
        while self.at < index:
            self.state.apply(self.record.actions[self.at])
            self.at += 1
        return self.state


def judge_decision(state: AnyState, played: GameAction, budget: int, seed: int, index: int = 0) -> Decision:
    """Review the move ``played`` in ``state`` from its player's seat (``index``: its action number)."""
    player = state.current_player
    if player is None:
        raise ValueError("nobody is to move: the game is over")
    verdict = judge(Seat(state, player), played, budget, seed)
    mine = verdict.values[played]
    drop = max(0.0, verdict.win_chance - mine.game)
    game_t, hand_t = thresholds_for(state.game)
    grade = game_t.grade(drop, played == verdict.best)
    hand_drop = 0.0
    if verdict.hand_win is not None and mine.hand is not None:
        hand_drop = max(0.0, verdict.hand_win - mine.hand)
        grade = worse(grade, hand_t.grade(hand_drop, played == verdict.hand_best))
    loss = max(drop, hand_drop)
    return Decision(
        index,
        player,
        action_to_json(played),
        str(played),
        round(verdict.win_chance, 6),
        round(mine.game, 6),
        action_to_json(verdict.best),
        str(verdict.best),
        round(drop, 6),
        len(state.legal_actions()),
        verdict.iterations,
        grade=grade,
        loss=round(loss, 6),
        accuracy=round(move_accuracy(loss), 3),
        hand_win=None if verdict.hand_win is None else round(verdict.hand_win, 6),
        hand_value=None if mine.hand is None else round(mine.hand, 6),
        hand_best=None if verdict.hand_win is None else action_to_json(verdict.hand_best),
        hand_best_text=None if verdict.hand_win is None else str(verdict.hand_best),
        hand_drop=round(hand_drop, 6),
    )


def review_decision(replayer: _Replayer, index: int, budget: int, seed: int) -> Decision:
    """Review action ``index`` of the record from its player's seat."""
    state = replayer.state_at(index)
    return judge_decision(state, replayer.record.actions[index], budget, seed, index)


_worker: dict[str, Any] = {}


def _init_worker(record_json: dict[str, Any], budget: int, seed: int) -> None:
    _worker.update(replayer=_Replayer(GameRecord.from_json(record_json)), budget=budget, seed=seed)


def _review_chunk(indices: list[int]) -> list[Decision]:
    w = _worker
    return [review_decision(w["replayer"], i, w["budget"], w["seed"]) for i in indices]


def review_record(
    record: GameRecord,
    budget: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    on_progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review every decision of ``record`` (see the module docstring).

    ``budget``: search iterations per decision (default :func:`default_budget`); ``jobs``:
    worker processes (1: in this process); ``on_progress(done, total)`` after each decision.
    """
    budget = budget or default_budget(record.game)
    start = time.perf_counter()
    indices = decision_indices(record)
    total = len(indices)
    game_t, hand_t = thresholds_for(record.game)
    review = Review(
        record.game,
        record.players,
        record_digest(record),
        seed,
        budget,
        returns=list(record.returns) if record.returns is not None else None,
        actions=len(record.actions),
        hands=has_hands(record.game),
        thresholds={"game": game_t.to_json(), "hand": hand_t.to_json()},
        sections=sections_of(record),
    )
    if on_progress:
        on_progress(0, total)
    if jobs <= 1 or total <= CHUNK:
        replayer = _Replayer(record)
        for n, i in enumerate(indices, start=1):
            review.decisions.append(review_decision(replayer, i, budget, seed))
            if on_progress:
                on_progress(n, total)
    else:
        chunks = [indices[k : k + CHUNK] for k in range(0, total, CHUNK)]
        context = process_context()
        with (
            Lifeline(context) as lifeline,
            ProcessPoolExecutor(
                max_workers=jobs,
                mp_context=context,
                initializer=start_pool_worker,
                initargs=(lifeline.watched, carry_games(), _init_worker, (record.to_json(), budget, seed)),
            ) as pool,
        ):
            for chunk in pool.map(_review_chunk, chunks):
                review.decisions.extend(chunk)
                if on_progress:
                    on_progress(len(review.decisions), total)
    if review.returns is None and record.replay().is_terminal:
        review.returns = list(record.replay().returns())
    summarise(review)
    review.seconds = round(time.perf_counter() - start, 3)
    return review


def summarise(review: Review) -> None:
    """Fill in ``review``'s accuracy and grade counts per player and its critical moments."""
    review.accuracy = []
    review.grades = []
    for p in range(review.players):
        mine = [d for d in review.decisions if d.player == p]
        acc = game_accuracy([d.win_chance for d in mine], [d.accuracy for d in mine])
        review.accuracy.append(None if acc is None else round(acc, 1))
        review.grades.append({g: sum(d.grade == g for d in mine) for g in GRADES})
    review.critical = critical_moments(review)


def critical_moments(review: Review) -> list[Critical]:
    """Per finished hand/round, the decision of one of its losers that lost the most of their
    chance to win it (the hand's chance where there are hands, else the game's), if that loss is at
    least an inaccuracy: a hand lost to the cards alone has none."""
    game_t, hand_t = thresholds_for(review.game)
    out = []
    for n, section in enumerate(review.sections):
        if not section.winners:
            continue
        best: Decision | None = None
        for d in review.decisions:
            if not section.start <= d.index <= section.end or d.player in section.winners:
                continue
            if best is None or _lost(d, review.hands) > _lost(best, review.hands):
                best = d
        limit = (hand_t if review.hands else game_t).inaccuracy
        if best is None or _lost(best, review.hands) < limit:
            continue
        move = best.hand_best if review.hands and best.hand_best is not None else best.best
        text = best.hand_best_text if review.hands and best.hand_best_text is not None else best.best_text
        out.append(Critical(n, best.index, best.player, _lost(best, review.hands), move, text))
    return out


def _lost(d: Decision, hands: bool) -> float:
    return d.hand_drop if hands else d.drop


def action_of(game: str, data: dict[str, Any]) -> GameAction:
    """The engine action of a decision's ``action`` / ``best`` JSON."""
    return action_from_json(game, data)

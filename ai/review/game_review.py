"""Game review: where a finished game was won and lost, from each player's own information.

For every decision of a :class:`~game.rules.GameRecord` (a moment where the player to move had
more than one legal action), an ISMCTS search is run **from that player's**
:class:`~game.rules.Seat` - never from the true state, so the review knows exactly what the
player knew then.  The search gives:

* ``win_chance``: the player's chance to win before the decision, i.e. the value of the best
  move the search found (the mean reward of the most visited root move, as the bot would play);
* ``chosen_value``: the value of the move actually played (``None`` if the search never tried it),
  its mean reward shrunk towards ``win_chance`` as if it had :data:`PRIOR_VISITS` more visits of
  that value: a move the search tried once and lost is not a certain loss (a well-tried bad move
  still shows its value);
* ``drop = win_chance - chosen_value``; a **mistake** is a drop of at least ``threshold``.

Values are in [0, 1] (the same rewards the bots search with: game results, or the game's
``evaluate`` where rollouts are cut at the end of the hand/round).  The review is deterministic:
the same record, seed and budget give the same numbers (each search is seeded from the review
seed and a digest of the player's view, as the ``mcts`` bot is), and it runs in parallel over
decisions (``jobs`` processes), each worker replaying the record forwards.

:func:`analyse_seat` is the single-position analysis the client's hints use too.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field

from game.rules import GameRecord, Seat, action_from_json, action_to_json

from .mcts import MCTSAgent, best_action
from .tournament.executor import process_context

FORMAT = "tabletop-trio-review/1"
#: ISMCTS iterations per decision when no budget is given: the same for every game, so that a
#: review's numbers mean the same everywhere (measured times per game are in the README).
DEFAULT_BUDGET = 400
#: A move that loses at least this much win chance against the best move found is a mistake.
MISTAKE_DROP = 0.10
#: Decisions handed to a worker process at a time (each worker replays the record forwards).
CHUNK = 4


# ---------------------------------------------------------------------------- one position
@dataclass(frozen=True)
class SeatAnalysis:
    """What a search from one player's seat found: the best move and every searched move's value."""

    player: int
    best: object
    win_chance: float
    #: action -> (mean reward for ``player``, visits), for every root move the search tried
    values: dict
    iterations: int

    def value_of(self, action) -> float | None:
        """The searched value of ``action`` (``None`` if the search never tried it)."""
        entry = self.values.get(action)
        return entry[0] if entry else None


def analyse_seat(seat: Seat, iterations: int, seed: int = 0) -> SeatAnalysis:
    """Search ``seat``'s decision with ``iterations`` ISMCTS iterations (seeded: reproducible)."""
    return analyse_with(MCTSAgent(seed=seed, iterations=iterations), seat)


def analyse_with(agent: MCTSAgent, seat: Seat) -> SeatAnalysis:
    """Search ``seat``'s decision with ``agent`` (an ``mcts`` agent) and read the values off its tree.

    Only the seat is used (``view``, ``legal_actions``, ``determinize``): the analysis cannot
    depend on anything the player does not know.  A forced move is not searched; its win chance
    is then unknown and reported as the neutral ``1 / players``.
    """
    if not isinstance(agent, MCTSAgent):
        raise ValueError(f"an analysis needs an mcts agent, not {getattr(agent, 'spec', agent)!r}")
    legal = seat.legal_actions()
    if not legal:
        raise ValueError(f"player {seat.player} has no decision to make now")
    if len(legal) == 1:
        return SeatAnalysis(seat.player, legal[0], 1.0 / seat.num_players, {}, 0)
    root = agent.search(seat)
    best = best_action(root, legal)
    values = {a: (child.mean, child.visits) for a, child in root.children.items() if child.visits}
    win = values[best][0] if best in values else 1.0 / seat.num_players
    return SeatAnalysis(seat.player, best, clamp01(win), values, agent.last_iterations)


#: How many visits of the best move's value a played move's mean is weighed with (see the module
#: docstring): with 400 iterations over 44 moves a move tried once scored 0% and read as a blunder.
PRIOR_VISITS = 5


def shrunk_value(result: SeatAnalysis, action) -> float | None:
    """The value of ``action`` for the review: its mean over its visits and :data:`PRIOR_VISITS`
    visits at the decision's ``win_chance`` (``None`` if the search never tried it)."""
    entry = result.values.get(action)
    if not entry:
        return None
    mean, visits = entry
    return clamp01((mean * visits + result.win_chance * PRIOR_VISITS) / (visits + PRIOR_VISITS))


def clamp01(x: float) -> float:
    return min(1.0, max(0.0, float(x)))


# ---------------------------------------------------------------------------- a whole game
@dataclass
class Decision:
    """One reviewed decision: action number ``index`` of the record, taken by ``player``."""

    index: int
    player: int
    action: dict  # action_to_json of the move played
    action_text: str
    win_chance: float
    chosen_value: float | None
    best: dict
    best_text: str
    drop: float
    mistake: bool
    legal: int  # how many moves the player had
    iterations: int


@dataclass
class Review:
    """The review of one game: one :class:`Decision` per real choice, in the order played."""

    game: str
    players: int
    record_digest: str
    seed: int
    budget: int
    threshold: float
    decisions: list[Decision] = field(default_factory=list)
    returns: list | None = None
    actions: int = 0  # length of the record (the graph's x axis)
    seconds: float = 0.0
    format: str = FORMAT

    def series(self, player: int) -> list[tuple[int, float]]:
        """``(action index, win chance)`` of ``player``'s decisions, then the result at the end."""
        points = [(d.index, d.win_chance) for d in self.decisions if d.player == player]
        if self.returns is not None:
            points.append((self.actions, float(self.returns[player])))
        return points

    def mistakes(self) -> list[Decision]:
        return [d for d in self.decisions if d.mistake]

    def at(self, index: int) -> Decision | None:
        """The decision taken at action ``index`` (``None``: a forced move or out of range)."""
        for d in self.decisions:
            if d.index == index:
                return d
        return None

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Review:
        """Rebuild a review (``ValueError`` with one line if the data is not one)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a game review (format {FORMAT!r})")
        try:
            decisions = [Decision(**d) for d in data["decisions"]]
            fields = {k: data[k] for k in ("game", "players", "record_digest", "seed", "budget", "threshold")}
            return cls(
                **fields,
                decisions=decisions,
                returns=data.get("returns"),
                actions=int(data.get("actions", 0)),
                seconds=float(data.get("seconds", 0.0)),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"the game review is incomplete ({exc})") from None

    def save(self, path) -> None:
        from game.rules import write_atomic

        write_atomic(path, json.dumps(self.to_json(), indent=1))

    @classmethod
    def load(cls, path) -> Review:
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


class _Replayer:
    """Replays one record forwards, rewinding only when asked for an earlier position."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.state = record.new_state()
        self.at = 0

    def state_at(self, index: int):
        if index < self.at:
            self.state, self.at = self.record.new_state(), 0
        while self.at < index:
            self.state.apply(self.record.actions[self.at])
            self.at += 1
        return self.state


def review_decision(replayer: _Replayer, index: int, budget: int, seed: int, threshold: float) -> Decision:
    """Review action ``index`` of the record from its player's seat."""
    state = replayer.state_at(index)
    player = state.current_player
    chosen = replayer.record.actions[index]
    legal = len(state.legal_actions())
    result = analyse_seat(Seat(state, player), budget, seed)
    chosen_value = shrunk_value(result, chosen)
    drop = (
        max(0.0, result.win_chance - chosen_value)
        if chosen_value is not None and chosen != result.best
        else 0.0
    )
    return Decision(
        index,
        player,
        action_to_json(chosen),
        str(chosen),
        round(result.win_chance, 6),
        None if chosen_value is None else round(chosen_value, 6),
        action_to_json(result.best),
        str(result.best),
        round(drop, 6),
        drop >= threshold,
        legal,
        result.iterations,
    )


_worker: dict = {}


def _init_worker(record_json: dict, budget: int, seed: int, threshold: float) -> None:
    _worker.update(
        replayer=_Replayer(GameRecord.from_json(record_json)), budget=budget, seed=seed, threshold=threshold
    )


def _review_chunk(indices: list[int]) -> list[Decision]:
    w = _worker
    return [review_decision(w["replayer"], i, w["budget"], w["seed"], w["threshold"]) for i in indices]


def review_record(
    record: GameRecord,
    budget: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    threshold: float = MISTAKE_DROP,
    on_progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review every decision of ``record`` (see the module docstring).

    ``budget``: ISMCTS iterations per decision (default :data:`DEFAULT_BUDGET`); ``jobs``:
    worker processes (1: in this process); ``on_progress(done, total)`` after each decision.
    """
    budget = budget or DEFAULT_BUDGET
    start = time.perf_counter()
    indices = decision_indices(record)
    total = len(indices)
    review = Review(
        record.game,
        record.players,
        record_digest(record),
        seed,
        budget,
        threshold,
        returns=list(record.returns) if record.returns is not None else None,
        actions=len(record.actions),
    )
    if on_progress:
        on_progress(0, total)
    if jobs <= 1 or total <= CHUNK:
        replayer = _Replayer(record)
        for n, i in enumerate(indices, start=1):
            review.decisions.append(review_decision(replayer, i, budget, seed, threshold))
            if on_progress:
                on_progress(n, total)
    else:
        chunks = [indices[k : k + CHUNK] for k in range(0, total, CHUNK)]
        with ProcessPoolExecutor(
            max_workers=jobs,
            mp_context=process_context(),
            initializer=_init_worker,
            initargs=(record.to_json(), budget, seed, threshold),
        ) as pool:
            for chunk in pool.map(_review_chunk, chunks):
                review.decisions.extend(chunk)
                if on_progress:
                    on_progress(len(review.decisions), total)
    if review.returns is None and record.replay().is_terminal:
        review.returns = list(record.replay().returns())
    review.seconds = round(time.perf_counter() - start, 3)
    return review


def action_of(game: str, data: dict):
    """The engine action of a decision's ``action`` / ``best`` JSON."""
    return action_from_json(game, data)

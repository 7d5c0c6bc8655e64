"""Information-set Monte Carlo tree search: the ``mcts`` agent.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set
Monte Carlo Tree Search", IEEE TCIAIG 4(2)):

* one tree per decision, rooted at the searching player's information set;
  edges are actions, so every player's moves share the tree;
* every iteration draws a **fresh determinization** ``seat.determinize(rng)``
  (a full state consistent with what the player knows) and descends the tree
  using only the actions legal in that determinization;
* selection is **availability-aware UCB1**: a child's exploration term uses how
  often it was *available* when its parent was visited, not the parent's visit
  count (``mean + c * sqrt(ln(avail) / visits)``);
* one new node per iteration, then a rollout, then the back-up of a reward
  vector with one entry per player: each node adds the reward of the player who
  made the move into it, so 2-4 players work alike.
* a move that shows everyone a hidden card (a game's ``observation`` hook, e.g.
  Hakkutsu's Treasure rule turns a site's top rock face up on arrival) keeps its
  own statistics, but the decisions after it are grown apart per outcome
  (:meth:`Node.after`), like the chance nodes of MO-ISMCTS: otherwise the
  mining decision would be one average over every rock the site might hold.
* optionally (``merge=1``) an opponent's moves that the searcher cannot tell apart
  (a card placed face down, a card kept secretly) keep their own statistics, but
  share the subtree below them (:meth:`Node.share`): edges stay concrete actions,
  yet the searcher's later decisions are not split by what it could not see (the
  partially observable moves of Cowling, Powley & Whitehouse 2012, which MO-ISMCTS
  handles with a tree per observer).  What the searcher saw of a move
  (:func:`observation_key`) is the mover, the move's events filtered for it
  (:func:`game.rules.core.events_for`) and the change of its view; a move that kept
  nothing from it is never merged.

The bot only ever touches :class:`game.rules.Seat` (``view``, ``legal_actions``,
``determinize``): it cannot peek.  Its random numbers come from its seed and a
digest of the view, so the same seed and the same view give the same choice.

Spec options (``make_agent("mcts:level=normal")``)
-------------------------------------------------
``level``       ``easy`` | ``normal`` (default) | ``hard``: a per-game iteration
                budget plus a wall-clock safety cap (see :data:`LEVELS`).
``iterations``  exact iteration budget (overrides the level's).
``seconds``     time budget; alone it replaces the iteration budget, with
                ``iterations`` it is a cap (whichever comes first).
``c``           UCB exploration constant (default 0.7; rewards are in [0, 1]).
``rollout``     ``policy`` (the game's cheap rollout policy, default where the
                game has one) or ``random``.
``horizon``     ``hand`` (stop the rollout when the scores change, i.e. at the
                end of the hand/round, and score the position with the game's
                ``evaluate``), ``game`` (play to the end), or an integer K
                (stop after K rollout moves and evaluate).
``bias``        progressive bias W (per-game default, else 0: off): in the tree, the move the
                game's rollout policy picks in the iteration's determinization is
                expanded first and gets ``W / (visits + 1)`` added to its UCB value.
``opponents``   opponent model W (games with an ``opponent_model`` hook; per-game default in
                the game's ``MCTS`` tuning: Ratjack with 2 players 0.5, else off): each
                determinization is nudged towards what real opponents hold (Ratjack: with
                probability W an opponent holds the card that takes them to exactly 25).
``beliefs``     ``1``: weight the sampled worlds by how likely they make the opponents' observed
                decisions (:mod:`ai.beliefs`, the game's ``belief_evidence`` hook, from the
                seat's own history); ``0``: uniform worlds.  Default: the game's ``MCTS``
                tuning by player count (Hacktrick: on), else off.
``merge``       ``1``: the opponents' moves the searcher cannot tell apart (the same mover, the
                same events as the searcher gets them, the same change of its view) share the
                subtree below them, each keeping its own statistics; ``0`` (default): every
                concrete move its own subtree.
``workers``     root-parallel searches per decision (:mod:`ai.parallel`): one tree
                per worker process, each with the full budget, root visit counts
                summed.  Default: all cores but one for ``level=hard``, else 1.

Per-game defaults (each ``ai/heuristics/<game>.py``'s ``MCTS``, :func:`game_tuning`) were chosen by measurement; the
numbers are in ``ai/EXPERIMENTS.md`` and come from ``python -m tools.bench ai``.

Per-game hooks: ``rollout_policy`` and ``evaluate`` of the game's heuristics
module (the :class:`ai.heuristics.GameHooks` protocol), read in :meth:`MCTSAgent.search`.

Progress: ``agent.progress`` (a :class:`Progress`, summed over the workers of a
root-parallel search) is updated during the search, and
``agent.on_progress(progress)`` is called if set, so the client can draw a
thinking bar from another thread.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from math import log, sqrt
from typing import TYPE_CHECKING

from game.rules.core import Event, events_for
from game.rules.rng import Rng

from .agents import MAX_ITERATIONS, MAX_SECONDS, Agent, OptionValue, positive_option, register_agent
from .beliefs import Beliefs, beliefs_for
from .heuristics import MCTSTuning, heuristics_for
from .parallel import root_parallel_search
from .tree import Node, Progress

if TYPE_CHECKING:
    from game.rules import Seat
    from game.rules.core import AnyState, GameAction

#: The game hooks MCTS uses (:class:`ai.heuristics.GameHooks`), as they are called here.
RolloutPolicy = Callable[["AnyState", list["GameAction"], random.Random], "GameAction"]
Evaluate = Callable[["AnyState", int], float]
Observe = Callable[["AnyState", "GameAction"], Hashable | None]
OpponentModel = Callable[["AnyState", int, random.Random, float], None]
#: Where a search reports its progress (:class:`Progress` snapshots).
Publish = Callable[[Progress], None]
#: A rollout's horizon: ``"hand"``, ``"game"`` or a number of moves.
Horizon = str | int


@dataclass(frozen=True)
class PlayoutPlan:
    """How a search's iterations play a game (:meth:`MCTSAgent.playout_plan`, used by
    :meth:`MCTSAgent.iterate`)."""

    #: UCB exploration constant.
    c: float
    #: The game's rollout policy (``None``: random rollouts).
    policy: RolloutPolicy | None
    #: The game's ``evaluate`` where a rollout is cut (``None``: rollouts to the end).
    evaluate: Evaluate | None
    #: The game's ``observation`` hook (``None``: none).
    observe: Observe | None
    #: The game's ``opponent_model`` when its weight is not 0 (``None``: off), and that weight.
    model: OpponentModel | None
    weight: float
    #: Longest rollout, in moves, before it is cut and evaluated.
    max_steps: int
    #: A rollout stops where the scores change (the end of the hand or round).
    cut_at_hand: bool
    #: Progressive bias W (0: off; always 0 without a rollout policy).
    bias: float
    #: Opponents' moves the searcher cannot tell apart share their subtree (``merge=1``).
    merge: bool = False


#: Iterations per decision for ``level=normal`` when a game's tuning names none for its player count.
DEFAULT_NORMAL_ITERATIONS = 500

#: level -> (multiplier of the game's normal iteration budget, wall-clock cap in seconds).
#: The iteration budget makes a decision reproducible; the cap only bites on a very
#: busy machine (a capped search depends on the machine's speed).
LEVELS: dict[str, tuple[float, float]] = {
    "easy": (0.1, 0.5),
    "normal": (1.0, 2.0),
    "hard": (4.0, 8.0),
}

#: Rollout defaults of a game whose heuristics module has no ``MCTS`` tuning.
FALLBACK_DEFAULTS: MCTSTuning = {"rollout": "policy", "horizon": "hand"}


def game_tuning(game: str) -> MCTSTuning:
    """The MCTS tuning of ``game``: its heuristics module's ``MCTS`` (``normal_iterations`` by
    player count, calibrated so that a ``normal`` move takes about 0.5 s on one idle core of the
    2-core reference machine; ``rollout``, ``horizon``, ``bias``, ``opponents`` by player count),
    chosen by measurement (``ai/EXPERIMENTS.md``); :data:`FALLBACK_DEFAULTS` for a game with none."""
    try:
        module = heuristics_for(game)
    except ValueError:
        return FALLBACK_DEFAULTS.copy()
    tuning: MCTSTuning | None = getattr(module, "MCTS", None)
    if tuning is None:
        return FALLBACK_DEFAULTS.copy()
    return {**FALLBACK_DEFAULTS, **tuning}


def normal_iterations(game: str, players: int) -> int:
    """Iterations per decision at ``level=normal`` for ``game`` with ``players``."""
    return game_tuning(game).get("normal_iterations", {}).get(players, DEFAULT_NORMAL_ITERATIONS)


#: Longest rollout before it is cut and evaluated (a guard against very long games).
MAX_ROLLOUT_STEPS = 400
#: How often (in iterations) progress is published and the clock is read.
PROGRESS_EVERY = 16

#: Largest UCB exploration constant accepted (rewards are in [0, 1]).
MAX_C = 100.0

#: Most root-parallel workers accepted (``workers=N``).
MAX_WORKERS = 64

OPTIONS = (
    "level",
    "iterations",
    "seconds",
    "c",
    "rollout",
    "horizon",
    "workers",
    "bias",
    "opponents",
    "beliefs",
    "merge",
)


def observation_key(
    player: int, events: Sequence[Event], before: AnyState, after: AnyState, observer: int
) -> str | None:
    """What ``observer`` saw of a move by ``player`` from the state ``before`` to ``after`` that
    sent ``events``; ``None`` if the move showed ``observer`` all it did (it sent events and none
    kept anything from ``observer``: such a move is told apart from any other). Else the mover,
    the events as ``observer`` gets them (:func:`events_for`) and how the move changed
    ``observer``'s view (:func:`view_change`: a step of a turn that sends no event still shows in
    the view), as canonical JSON: two moves from one state with equal keys leave ``observer`` the
    same view after the same events, it cannot tell them apart."""
    if events and all(observer in e.get("visible_to", [observer]) for e in events):
        return None
    seen = events_for(events, observer)
    change = view_change(before.view(observer), after.view(observer))
    return json.dumps([player, seen, change], sort_keys=True, separators=(",", ":"), default=str)


#: :func:`view_change`'s mark of a key that a view lost.
REMOVED = "<removed>"


def view_change(before: object, after: object) -> object:
    """The parts of a JSON-able value that differ between ``before`` and ``after``: ``None`` if
    equal; for two dicts, the changed keys' changes (:data:`REMOVED` for a key gone); for two
    lists of one length, the changed positions' changes; else ``["=", after]`` (the new value).
    What stayed the same (e.g. what a seat saw before, which may differ between the sampled worlds
    of one tree node) does not appear."""
    if before == after:
        return None
    if isinstance(before, dict) and isinstance(after, dict):
        changed: dict[str, object] = {
            str(k): view_change(before.get(k), v)
            for k, v in after.items()
            if k not in before or before[k] != v
        }
        changed.update((str(k), REMOVED) for k in before if k not in after)
        return changed
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return {str(i): view_change(b, a) for i, (b, a) in enumerate(zip(before, after)) if b != a}
    return ["=", after]


def view_digest(view: Mapping[str, object]) -> str:
    """A stable digest of a view (for seeding: same seed + same view = same search)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


@register_agent("mcts")
class MCTSAgent(Agent):
    """Single-observer information-set MCTS (see the module docstring)."""

    def __init__(self, seed: int | None = None, **options: OptionValue) -> None:
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise ValueError(f"unknown mcts option {unknown[0]!r}; known options: {', '.join(OPTIONS)}")
        level = options.get("level", "normal")
        if not isinstance(level, str) or level not in LEVELS:
            raise ValueError(f"unknown mcts level {level!r}; choose one of {', '.join(LEVELS)}")
        self.level = level
        self.iterations: int | None = (
            positive_option("mcts", "iterations", options["iterations"], int, MAX_ITERATIONS)
            if "iterations" in options
            else None
        )
        self.seconds: float | None = (
            positive_option("mcts", "seconds", options["seconds"], float, MAX_SECONDS)
            if "seconds" in options
            else None
        )
        self.c = positive_option("mcts", "c", options.get("c", 0.7), float, MAX_C)
        rollout = options.get("rollout")
        if rollout is not None and rollout not in ("policy", "random"):
            raise ValueError(f"mcts option rollout={rollout!r}: choose policy or random")
        self.rollout = rollout if isinstance(rollout, str) else None
        horizon = options.get("horizon")
        self.horizon: Horizon | None = (
            horizon
            if horizon is None or horizon in ("hand", "game") and isinstance(horizon, str)
            else positive_option("mcts", "horizon", horizon, int, MAX_ROLLOUT_STEPS)
        )
        self.bias: float | None = (
            positive_option("mcts", "bias", options["bias"], float, MAX_C) if "bias" in options else None
        )
        self.opponents = (
            positive_option("mcts", "opponents", options["opponents"], float, 1.0)
            if "opponents" in options
            else None
        )
        beliefs = options.get("beliefs")
        if beliefs not in (None, 0, 1, "0", "1") or isinstance(beliefs, bool):
            raise ValueError(f"mcts option beliefs={beliefs!r}: choose 1 (on) or 0 (off)")
        #: ``beliefs=1``/``0`` as given (``None``: the game's default, :meth:`beliefs_in`).
        self.beliefs: bool | None = None if beliefs is None else beliefs in (1, "1")
        merge = options.get("merge", 0)
        if merge not in (0, 1, "0", "1") or not isinstance(merge, int | str) or isinstance(merge, bool):
            raise ValueError(f"mcts option merge={merge!r}: choose 1 (on) or 0 (off)")
        #: The opponents' moves the searcher cannot tell apart share their subtree (``merge=1``).
        self.merge = merge in (1, "1")
        #: Root-parallel searches per decision: ``workers=N``, else all cores but one for ``hard``.
        self.workers = (
            positive_option("mcts", "workers", options["workers"], int, MAX_WORKERS)
            if "workers" in options
            else default_workers()
            if level == "hard"
            else 1
        )
        #: The options as given (what a root-parallel helper process rebuilds the agent from).
        self.options = dict(options)
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(63)
        self.spec = "mcts" + (
            ":" + ",".join(f"{k}={options[k]}" for k in OPTIONS if k in options) if options else ""
        )
        self.progress = Progress(0, None, 0.0, None, done=True)
        self.on_progress: Publish | None = None
        self.last_root: Node | None = None
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_search = None
        #: The beliefs of the last search (``None``: uniform worlds), for measurements.
        self.last_beliefs: Beliefs | None = None

    # ------------------------------------------------------------------ budgets
    def budget_for(self, game: str, players: int = 2) -> tuple[int | None, float | None]:
        """``(iterations, seconds)`` for a decision in ``game`` with ``players`` (either may be None)."""
        if self.iterations is not None or self.seconds is not None:
            return self.iterations, self.seconds
        mult, cap = LEVELS[self.level]
        base = normal_iterations(game, players)
        return max(1, round(base * mult)), cap

    def settings_for(self, game: str) -> tuple[str, Horizon, float]:
        """``(rollout, horizon, bias)`` used in ``game``."""
        defaults = game_tuning(game)
        bias = self.bias if self.bias is not None else defaults.get("bias", 0.0)
        return self.rollout or defaults["rollout"], self.horizon or defaults["horizon"], bias

    def beliefs_in(self, game: str, players: int) -> bool:
        """Whether the sampled worlds are weighted by the opponents' observed decisions
        (:mod:`ai.beliefs`) in ``game`` with ``players`` players: ``beliefs=1``/``0``, else the
        game's default in its tuning (:func:`game_tuning`), else off."""
        if self.beliefs is not None:
            return self.beliefs
        return game_tuning(game).get("beliefs", {}).get(players, False)

    def reads_history(self, game: str, players: int) -> bool:
        """The search reads the seat's history where it has beliefs (:func:`ai.agents.reads_history`)."""
        return self.beliefs_in(game, players)

    def opponent_weight(self, game: str, players: int) -> float:
        """The opponent model's weight (``opponents=W``, else the game's default for ``players``
        players in its tuning, :func:`game_tuning`, else 0: off)."""
        if self.opponents is not None:
            return self.opponents
        return game_tuning(game).get("opponents", {}).get(players, 0.0)

    # ------------------------------------------------------------------ search
    def choose(self, seat: Seat) -> GameAction:
        legal: list[GameAction] = seat.legal_actions()
        if not legal:
            raise ValueError(f"player {seat.player} has no decision to make now")
        if len(legal) == 1:
            self.last_root = None
            self.last_search = None
            self._publish(Progress(0, 0, 0.0, None, done=True))
            return legal[0]
        root = self.search(seat)
        return best_action(root, legal)

    def search(self, seat: Seat) -> Node:
        """Run the search for ``seat``'s decision and return the root node.

        With ``workers > 1`` this is root-parallel (:mod:`ai.parallel`): one tree per worker,
        the root children's statistics summed; ``workers=1`` is the single tree.
        """
        start = time.perf_counter()
        if self.workers > 1:
            root, done = root_parallel_search(self, seat, self.workers)
        else:
            root, done = self.search_tree(seat, 0, self._publish)
        elapsed = time.perf_counter() - start
        self.last_root = root
        self.last_iterations = done
        self.last_seconds = elapsed
        self.last_search = (done, elapsed)
        iterations, seconds = self.budget_for(seat.game, seat.num_players)
        budget = iterations * self.workers if iterations is not None else None
        self._publish(Progress(done, budget, elapsed, seconds, done=True))
        return root

    def search_tree(self, seat: Seat, index: int, publish: Publish) -> tuple[Node, int]:
        """Grow tree number ``index`` of a decision; return ``(root, iterations done)``.

        Tree ``index`` draws its random numbers from the seed, the view and ``index`` (tree 0
        exactly as a single search), so root-parallel trees differ but stay reproducible.
        ``publish(Progress)`` is called every :data:`PROGRESS_EVERY` iterations.
        """
        game = seat.game
        iterations, seconds = self.budget_for(game, seat.num_players)
        view = seat.view()
        stream = random.Random(f"{self.seed}:{view_digest(view)}" + (f":{index}" if index else ""))
        det_rng = Rng(stream.getrandbits(64))
        plan = self.playout_plan(game, seat.num_players)
        model = plan.model
        me = seat.player
        beliefs = None
        if self.beliefs_in(game, seat.num_players):
            try:
                beliefs = beliefs_for(heuristics_for(game), seat)
            except ValueError:  # a game without hooks has no evidence
                beliefs = None
            if beliefs is not None and iterations is not None:
                beliefs.batch = min(beliefs.batch, iterations)  # no more worlds than iterations
        self.last_beliefs = beliefs

        def world() -> AnyState:
            state = seat.determinize(det_rng)
            if model is not None:
                model(state, me, stream, plan.weight)
            return state

        root = Node()
        start = time.perf_counter()
        deadline = start + seconds if seconds is not None else None
        done = 0
        publish(Progress(0, iterations, 0.0, seconds))
        while iterations is None or done < iterations:
            if done % PROGRESS_EVERY == 0 and done:
                now = time.perf_counter()
                publish(Progress(done, iterations, now - start, seconds))
                if deadline is not None and now >= deadline:
                    break
            state = world() if beliefs is None else beliefs.draw(world, stream)
            self.iterate(root, state, stream, plan, me)
            done += 1
            if (
                deadline is not None
                and iterations is None
                and done % PROGRESS_EVERY
                and time.perf_counter() >= deadline
            ):
                break
        return root, done

    def playout_plan(self, game: str, players: int) -> PlayoutPlan:
        """How this agent's iterations play ``game`` with ``players``: its options, else the game's
        tuning, and the game's hooks (:class:`PlayoutPlan`)."""
        try:
            module = heuristics_for(game)
        except ValueError:  # a game without hooks: random rollouts to the end
            module = None
        rollout, horizon, bias = self.settings_for(game)
        policy: RolloutPolicy | None = (
            getattr(module, "rollout_policy", None) if rollout == "policy" else None
        )
        evaluate: Evaluate | None = getattr(module, "evaluate", None)
        weight = self.opponent_weight(game, players)
        if evaluate is None:
            horizon = "game"
        return PlayoutPlan(
            c=self.c,
            policy=policy,
            evaluate=evaluate,
            observe=getattr(module, "observation", None),
            model=getattr(module, "opponent_model", None) if weight else None,
            weight=weight,
            max_steps=horizon if isinstance(horizon, int) else MAX_ROLLOUT_STEPS,
            cut_at_hand=horizon == "hand",
            bias=bias if policy is not None else 0.0,
            merge=self.merge,
        )

    def iterate(
        self,
        root: Node,
        state: AnyState,
        rng: random.Random,
        plan: PlayoutPlan,
        searcher: int | None = None,
    ) -> tuple[float, ...]:
        """One ISMCTS iteration of this agent on the full state ``state`` (a determinization, mutated):
        down the tree from ``root`` (availability-aware UCB1), one new node, a rollout cut where
        ``plan`` says, and the back-up; returns the rewards, one per player.

        ``searcher`` (default: the player to move in ``state``) is whose tree it is: with
        ``plan.merge``, a new node of another player's move shares its subtree with its siblings
        that ``searcher`` cannot tell from it (:meth:`Node.share`, :func:`observation_key`).

        :meth:`search_tree` runs it from the decision's root; the game review
        (:func:`ai.review.search.judge`) runs it on a tree of its own rooted after a candidate move,
        so that the game goes on after the candidate as the bot would think it through.
        """
        node = root
        c, policy, evaluate, observe = plan.c, plan.policy, plan.evaluate, plan.observe
        bias = plan.bias
        observer = (state.player if searcher is None else searcher) if plan.merge else None
        path: list[Node] = []
        start_scores = state.scores
        randrange = rng.randrange
        while not state.is_terminal:
            legal = state.legal_actions()
            children = node.children
            hint = policy(state, legal, rng) if bias and policy is not None else None
            # One pass: every tried child counts this visit as available; while every action so
            # far has a child, keep the best UCB value (the first of equals, in legal order).
            untried: list[GameAction] | None = None
            best: Node | None = None
            best_move: GameAction | None = None
            best_value = -1.0
            for a in legal:
                child = children.get(a)
                if child is None:
                    if untried is None:
                        untried = [a]
                    else:
                        untried.append(a)
                    continue
                avail = child.avail = child.avail + 1
                if untried is None:
                    visits = child.visits
                    value = child.reward / visits + c * sqrt(log(avail) / visits)
                    if a == hint:
                        value += bias / (visits + 1)
                    if value > best_value:
                        best_value = value
                        best = child
                        best_move = a
            if untried is not None:
                if hint is not None and hint in untried:
                    a = hint
                else:
                    a = untried[randrange(len(untried))] if len(untried) > 1 else untried[0]
                mover = state.player
                child = Node(a, mover)
                children[a] = child
                if observer is not None and mover != observer:
                    before = state.clone()
                    key = observation_key(mover, state.apply(a), before, state, observer)
                    if key is not None:
                        node.share(child, key)
                else:
                    state.apply(a)
                path.append(child)
                break
            if best is None or best_move is None:  # every legal action has a child: one was the best
                raise RuntimeError(f"no legal action in the unfinished state {state!r}")
            state.apply(best_move)
            path.append(best)
            node = best
            if observe is not None:
                seen = observe(state, best_move)
                if seen is not None:
                    node = best.after(seen)
        rewards = self._rollout(state, rng, policy, evaluate, plan.max_steps, plan.cut_at_hand, start_scores)
        root.visits += 1
        for n in path:
            n.visits += 1
            n.reward += rewards[n.player]
        return rewards

    @staticmethod
    def _rollout(
        state: AnyState,
        rng: random.Random,
        policy: RolloutPolicy | None,
        evaluate: Evaluate | None,
        max_steps: int,
        cut_at_hand: bool,
        start_scores: Sequence[float],
    ) -> tuple[float, ...]:
        """Play on with ``policy`` (or at random); return one reward per player."""
        steps = 0
        randrange = rng.randrange
        while not state.is_terminal:
            if steps >= max_steps or (cut_at_hand and state.scores != start_scores):
                return evaluate_vector(state, evaluate)
            legal = state.legal_actions()
            if policy is not None:
                a = policy(state, legal, rng)
            else:
                a = legal[randrange(len(legal))]
            state.apply(a)
            steps += 1
        return state.returns()

    def _publish(self, progress: Progress) -> None:
        self.progress = progress
        if self.on_progress is not None:
            self.on_progress(progress)


def default_workers() -> int:
    """Root-parallel workers of ``level=hard``: every core this process may use but one, at least 1."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def evaluate_vector(state: AnyState, evaluate: Evaluate | None) -> tuple[float, ...]:
    """Per-player rewards from ``evaluate(state, p)``, normalised to sum to 1."""
    if evaluate is None:
        return state.returns()
    values = [max(0.0, float(evaluate(state, p))) for p in range(state.num_players)]
    total = sum(values)
    if total <= 0:
        return tuple(1.0 / len(values) for _ in values)
    return tuple(v / total for v in values)


def best_action(root: Node, legal: Sequence[GameAction]) -> GameAction:
    """The most visited root action; ties go to the higher mean, then to the first legal one."""
    best: GameAction | None = None
    key: tuple[int, float] | None = None
    for a in legal:
        child = root.children.get(a)
        if child is None:
            continue
        k = (child.visits, child.mean)
        if key is None or k > key:
            key = k
            best = a
    return best if best is not None else legal[0]

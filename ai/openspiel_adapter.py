"""Our games as OpenSpiel Python games (optional: needs the ``open_spiel`` package).

    from ai.openspiel_adapter import load_game
    game = load_game("hacktrick")            # a pyspiel.Game, registered as "tabletop_hacktrick"
    state = game.new_initial_state()         # pyspiel.State wrapping our engine state

* :class:`TrioGame` / :class:`TrioState` implement the OpenSpiel Python-game API
  (``current_player``, ``_legal_actions``, ``_apply_action``, ``returns`` ...).
  Chance (shuffles, draws) happens inside our engine from its own seeded random
  source, so the game declares ``SAMPLED_STOCHASTIC`` and has no chance nodes.
* Actions are integer ids from a per-game :class:`ActionIndex`: a game whose actions
  module lists ``ALL_ACTIONS`` has that fixed table (Hacktrick's 23 actions); other games
  number actions in the order they are first met in a process, inside a bound of
  :data:`MAX_ACTIONS`.
* ``information_state_string`` / ``observation_string`` come from our
  ``view(player)`` (everything the player may know, nothing more), and
  ``resample_from_infostate`` uses our ``determinize``, so OpenSpiel's
  information-set MCTS can run on our engines.
* :class:`TimedISMCTSBot` is OpenSpiel's Python ``ISMCTSBot`` with a wall-clock
  budget per move (the original only counts simulations), and
  :class:`OpenSpielISMCTSAgent` (spec ``openspiel-ismcts:seconds=S``) makes it one
  of our agents for the arena and the benchmark's equal-time comparison.

OpenSpiel's C++ ``pyspiel.ISMCTSBot`` cannot drive a Python game: the C++
``State::ResampleFromInfostate`` is not forwarded to Python by the Python-game
bridge, so it stops with "ResampleFromInfostate not implemented".  Its Python
port ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` calls the Python method
and works; the benchmark uses that one.
"""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from game.rules import GAMES, game_info, new_game
from game.rules.rng import Rng

from .agents import MAX_SECONDS, Agent, OptionValue, positive_option, register_agent
from .mcts import MAX_C

if TYPE_CHECKING:
    from game.rules import Seat
    from game.rules.core import AnyState, GameAction, Options

#: Upper bound of action ids for games numbered on the fly.
MAX_ACTIONS = 4096
#: A generous bound on decisions per game (OpenSpiel wants one).
MAX_GAME_LENGTH = 100_000


class ActionIndex:
    """A two-way map between a game's actions and OpenSpiel's integer ids."""

    def __init__(self, actions: Iterable[GameAction] = ()) -> None:
        self.actions: list[GameAction] = []
        self.ids: dict[GameAction, int] = {}
        for a in actions:
            self.id_of(a)

    def id_of(self, action: GameAction) -> int:
        i = self.ids.get(action)
        if i is None:
            if len(self.actions) >= MAX_ACTIONS:
                raise ValueError(f"more than {MAX_ACTIONS} distinct actions; raise MAX_ACTIONS")
            i = self.ids[action] = len(self.actions)
            self.actions.append(action)
        return i

    def action_of(self, i: int) -> GameAction:
        try:
            return self.actions[i]
        except IndexError:
            raise ValueError(f"unknown action id {i}") from None


def fixed_actions(game: str) -> tuple[GameAction, ...] | None:
    """Every action of ``game`` in a fixed order (its actions module's ``ALL_ACTIONS``), or ``None``
    when the game cannot list them ahead (its actions are numbered as they are met)."""
    module = importlib.import_module(game_info(game).action_class.__module__)
    actions: tuple[GameAction, ...] | None = getattr(module, "ALL_ACTIONS", None)
    return actions


_INDEXES: dict[str, ActionIndex] = {}


def action_index(game: str) -> ActionIndex:
    """The action index of ``game`` (one per process)."""
    index = _INDEXES.get(game)
    if index is None:
        index = _INDEXES[game] = ActionIndex(fixed_actions(game) or ())
    return index


def short_name(game: str, players: int) -> str:
    return f"tabletop_{game}_{players}p"


class _Holder:
    """Holds our engine state; OpenSpiel's ``clone`` deep-copies attributes, this makes it cheap."""

    __slots__ = ("state", "rng")

    def __init__(self, state: AnyState, rng: Rng) -> None:
        self.state = state
        self.rng = rng

    def __deepcopy__(self, memo: dict[int, object]) -> _Holder:
        return _Holder(self.state.clone(), Rng(self.rng.state))


def _make_classes(
    game: str, players: int, options: Options
) -> tuple[pyspiel.GameType, type[pyspiel.Game], type[pyspiel.State]]:
    info = GAMES[game]
    index = action_index(game)
    fixed = fixed_actions(game) is not None
    game_type = pyspiel.GameType(
        short_name=short_name(game, players),
        long_name=f"Tabletop Trio {info.title} ({players} players)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"seed": 0},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=len(index.actions) if fixed else MAX_ACTIONS,
        max_chance_outcomes=0,
        num_players=players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        max_game_length=MAX_GAME_LENGTH,
    )

    class TrioState(pyspiel.State):
        """An OpenSpiel state wrapping one of our engine states."""

        def __init__(
            self, pygame: pyspiel.Game, engine_state: AnyState | None = None, rng_seed: int = 0
        ) -> None:
            super().__init__(pygame)
            if engine_state is None:
                seed = pygame.get_parameters().get("seed", 0)
                engine_state = new_game(game, players=players, seed=seed, **options)
                rng_seed = seed
            self._h = _Holder(engine_state, Rng(rng_seed ^ 0x5DEECE66D))

        @property
        def engine_state(self) -> AnyState:
            """Our engine state (the real one: only the environment may look at it)."""
            return self._h.state

        def current_player(self) -> int:
            player = self._h.state.current_player
            return pyspiel.PlayerId.TERMINAL if player is None else player

        def _legal_actions(self, player: int) -> list[int]:
            s = self._h.state
            if s.is_terminal or player != s.current_player:
                return []
            return sorted(index.id_of(a) for a in s.legal_actions())

        def _apply_action(self, action: int) -> None:
            self._h.state.apply(index.action_of(action))

        def _action_to_string(self, player: int, action: int) -> str:
            return str(index.action_of(action))

        def is_terminal(self) -> bool:
            return self._h.state.is_terminal

        def returns(self) -> list[float]:
            return list(self._h.state.returns())

        def resample_from_infostate(self, player_id: int, probability_sampler: object = None) -> TrioState:
            """A state ``player_id`` cannot tell from this one (our ``determinize``)."""
            h = self._h
            det = h.state.determinize(player_id, h.rng)
            return TrioState(self.get_game(), det, h.rng.next64())

        def __str__(self) -> str:
            s = self._h.state
            return json.dumps(s.to_json(), sort_keys=True)

    class TrioObserver:
        """Observation and information-state strings from our ``view``."""

        def __init__(self, iig_obs_type: object = None, params: dict[str, object] | None = None) -> None:
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, np.ndarray] = {}

        def set_from(self, state: TrioState, player: int) -> None:
            """No tensors: only strings are provided."""

        def string_from(self, state: TrioState, player: int) -> str:
            return json.dumps(state._h.state.view(player), sort_keys=True, separators=(",", ":"))

    class TrioGame(pyspiel.Game):
        """An OpenSpiel game over one of our engines."""

        def __init__(self, params: dict[str, object] | None = None) -> None:
            super().__init__(game_type, game_info, params or {})

        def new_initial_state(self) -> TrioState:
            return TrioState(self)

        def make_py_observer(
            self, iig_obs_type: object = None, params: dict[str, object] | None = None
        ) -> TrioObserver:
            return TrioObserver(iig_obs_type, params)

    return game_type, TrioGame, TrioState


#: short name -> (game class, state class) of the games registered in pyspiel.
_REGISTERED: dict[str, tuple[type[pyspiel.Game], type[pyspiel.State]]] = {}


def register(game: str, players: int = 2, **options: object) -> str:
    """Register ``game`` with ``players`` players in pyspiel; return its short name."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    GAMES[game].check_players(players)
    resolved = GAMES[game].resolve_options(options)
    name = short_name(game, players)
    if name not in _REGISTERED:
        game_type, game_class, state_class = _make_classes(game, players, resolved)
        pyspiel.register_game(game_type, game_class)
        _REGISTERED[name] = (game_class, state_class)
    return name


def load_game(game: str, players: int = 2, seed: int = 0) -> pyspiel.Game:
    """The OpenSpiel game object for ``game`` (registered on first use)."""
    name = register(game, players)
    return pyspiel.load_game(name, {"seed": int(seed)})


def wrap_state(pygame: pyspiel.Game, engine_state: AnyState, rng_seed: int = 0) -> pyspiel.State:
    """An OpenSpiel state around an existing engine state (shares it, does not copy)."""
    name = pygame.get_type().short_name
    _, state_class = _REGISTERED[name]
    return state_class(pygame, engine_state, rng_seed)


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ``ISMCTSBot`` with an optional wall-clock budget per move.

    ``seconds=None`` keeps the original behaviour (``max_simulations`` only).  With
    ``seconds`` the search stops at the deadline or the simulation cap, but never before
    the root has a visit (at least two simulations: OpenSpiel's first one only expands
    the root, and its final policy fails on an unvisited root).
    ``last_simulations`` / ``last_seconds`` record the previous search.
    """

    def __init__(
        self,
        game: pyspiel.Game,
        evaluator: object,
        uct_c: float,
        max_simulations: int,
        seconds: float | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(game, evaluator, uct_c, max_simulations, **kwargs)
        self.seconds = seconds
        self.last_simulations = 0
        self.last_seconds = 0.0

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        if self.seconds is None:
            start = time.perf_counter()
            result: list[tuple[int, float]] = super().run_search(state)
            self.last_simulations = self._max_simulations
            self.last_seconds = time.perf_counter() - start
            return result
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            self.last_simulations = 0
            self.last_seconds = 0.0
            return [(legal_actions[0], 1.0)]
        start = time.perf_counter()
        deadline = start + self.seconds
        self._root_node = self.create_new_node(state)
        done = 0
        root = self._root_node
        # OpenSpiel's first simulation only expands the root (no visit counted), and its final
        # policy needs a visited root: search until the root has a visit, then while budget lasts.
        while root.total_visits <= 0 or (done < self._max_simulations and time.perf_counter() < deadline):
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.last_simulations = done
        self.last_seconds = time.perf_counter() - start
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


_GAME_CACHE: dict[tuple[str, int], pyspiel.Game] = {}


@register_agent("openspiel-ismcts")
class OpenSpielISMCTSAgent(Agent):
    """OpenSpiel's own (Python) ISMCTS bot as one of our agents, seeing only the Seat.

    The bot's root is a determinization of the seat (``seat.determinize``) wrapped
    as an OpenSpiel state; its own per-simulation resampling goes through
    ``resample_from_infostate`` (our ``determinize``), and leaves are valued by
    OpenSpiel's ``RandomRolloutEvaluator`` (one random rollout to the end).
    Options: ``seconds`` (per move, default 1.0), ``simulations`` (cap), ``c``
    (UCT constant, default 0.7: our rewards are in [0, 1]).
    """

    def __init__(self, seed: int | None = None, **options: OptionValue) -> None:
        from open_spiel.python.algorithms import mcts

        known = ("seconds", "simulations", "c")
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(
                f"unknown openspiel-ismcts option {unknown[0]!r}; known options: {', '.join(known)}"
            )
        name = "openspiel-ismcts"
        self.seconds = positive_option(name, "seconds", options.get("seconds", 1.0), float, MAX_SECONDS)
        self.simulations = positive_option(name, "simulations", options.get("simulations", 10**9), int, 10**9)
        self.c = positive_option(name, "c", options.get("c", 0.7), float, MAX_C)
        seed = 0 if seed is None else seed
        self.rng = Rng(seed)
        self.np_rng = np.random.RandomState(seed % (1 << 32))
        self.evaluator = mcts.RandomRolloutEvaluator(1, self.np_rng)
        self.spec = "openspiel-ismcts" + (
            "" if not options else ":" + ",".join(f"{k}={options[k]}" for k in known if k in options)
        )
        self.last_search = None

    def choose(self, seat: Seat) -> GameAction:
        legal: list[GameAction] = seat.legal_actions()
        if not legal:
            raise ValueError(f"player {seat.player} has no decision to make now")
        if len(legal) == 1:
            self.last_search = None
            return legal[0]
        key = (seat.game, seat.num_players)
        game = _GAME_CACHE.get(key)
        if game is None:
            game = _GAME_CACHE[key] = load_game(seat.game, seat.num_players)
        root = wrap_state(game, seat.determinize(self.rng), self.rng.next64())
        bot = TimedISMCTSBot(
            game, self.evaluator, self.c, self.simulations, seconds=self.seconds, random_state=self.np_rng
        )
        action = action_index(seat.game).action_of(int(bot.step(root)))
        self.last_search = (bot.last_simulations, bot.last_seconds)
        return action

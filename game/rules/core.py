"""The engine core shared by every game: errors, options, the game registry,
the :class:`GameState` base class, events and their visibility filter.

Each game package (``game.rules.hacktrick`` ...) subclasses :class:`GameState`,
describes itself with a :class:`GameInfo` and calls :func:`register`.
Everything the rest of the program needs is re-exported by ``game.rules``.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Required, Self, TypeAlias, TypedDict, TypeVar, cast

from .rng import RandomSource, Rng, seed_from
from .strictjson import check_depth, is_int, show

#: A JSON object as saves, records and actions write it.  Its values are whatever JSON holds;
#: reading one back is checked field by field at run time (``strictjson``), not by the type.
JsonDict: TypeAlias = dict[str, Any]
#: The value of a rules option: a number, a name, a flag, a tuple of names (Ratjack's decks) or none.
OptionValue: TypeAlias = int | str | tuple[str, ...] | None
#: A game's resolved options, by name (:meth:`GameInfo.resolve_options`).
Options: TypeAlias = dict[str, OptionValue]


class IllegalAction(ValueError):
    """An action that is not legal in the current state.

    Raised by :meth:`GameState.apply`; the state is left unchanged.
    """


# --------------------------------------------------------------------------
# Options and the registry


@dataclass(frozen=True)
class Option:
    """One rules option of a game.

    ``choices`` lists the allowed values when they are few; otherwise
    ``check`` normalises a value or raises ``ValueError`` with a message.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    #: Normalises a value as given (from the command line or a JSON file: any type) or raises
    #: ``ValueError``.
    check: Callable[[object], OptionValue] | None = None

    def validate(self, value: object) -> OptionValue:
        if self.check is not None:
            return self.check(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(typed_value(c) for c in self.choices)
            raise ValueError(
                f"option {self.name}={typed_value(value)} is not allowed; choose one of {allowed}"
            )
        return cast(OptionValue, value)  # one of ``choices``, which are option values

    def describe(self) -> JsonDict:
        """JSON-friendly description (for menus and ``--help`` texts)."""
        d: JsonDict = {"name": self.name, "default": _jsonable(self.default), "help": self.help}
        if self.choices is not None:
            d["choices"] = [_jsonable(c) for c in self.choices]
        return d


def check_int_option(name: str, value: object, low: int, high: int, also: str = "") -> int:
    """``value`` if it is an integer in ``low..high`` (not a bool); else a ``ValueError``.

    ``also`` describes other allowed values for the message (e.g. "None (...)").
    """
    if not is_int(value) or not low <= value <= high:
        alternatives = f"{also} or " if also else ""
        raise ValueError(
            f"option {name}={typed_value(value)} is not allowed; choose {alternatives}"
            f"an integer from {low} to {high}"
        )
    return value


def typed_value(value: object, limit: int = 60, nested: bool = False) -> str:
    """An option value as it is typed in ``--option KEY=VALUE`` (for messages): ``none``,
    ``true``/``false``, ``weasel,raccoon`` for a tuple, a plain word unquoted; cut to ``limit``.

    A string that would read as another type (``"5"``, ``"true"``, ``"none"``, as a JSON file may
    hold them) is quoted and called a string, so a message never shows it as the number 5."""
    if value is None:
        text = "none"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, (tuple, list)):
        text = ",".join(typed_value(v, limit, nested=True) for v in value)
    elif isinstance(value, str) and not nested and _reads_as_other_type(value):
        text = f"{show(value, limit - 12)} (a string)"
    elif isinstance(value, str) and value and not any(c.isspace() or c == "," for c in value):
        text = value
    elif isinstance(value, int | float | str):
        text = repr(value)
    else:
        return show(value, limit)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _reads_as_other_type(text: str) -> bool:
    """``text`` typed on the command line would be read as a number, a boolean or none."""
    if text.strip().lower() in ("true", "false", "yes", "no", "on", "off", "none", "null"):
        return True
    try:
        float(text)
    except ValueError:
        return False
    return True


def _jsonable(v: OptionValue) -> int | str | list[str] | None:
    return list(v) if isinstance(v, tuple) else v


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows about a game (``GAMES[name]``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Option]
    state_class: type[AnyState]
    action_class: type[GameAction]
    description: str = ""
    title_ja: str = ""
    #: Raised whenever a rule change makes old records replay differently: a record stores the
    #: version it was played with, and one of another version is refused (``game/rules/record.py``).
    rules_version: int = 1
    #: Event types that close a hand or round for good: undo never takes back an action at or
    #: before one (the player has seen how it ended).  Nothing hidden is revealed at the end of a
    #: Hakkutsu!! round (a turn cycle), so that game has none.  Undo also stops at any event that
    #: names the player in ``revealed_to`` (``docs/engine-api.md``: Events).
    undo_barriers: frozenset[str] = frozenset()
    #: The modules of the game's other layers: its client descriptor (the module defining ``CLIENT``,
    #: :mod:`game.client.games`) and its bots' hooks (:mod:`ai.heuristics`).  Empty: found by name,
    #: ``game.client.scenes.<name>`` and ``ai.heuristics.<name>``; a game that lives elsewhere (a
    #: plug-in, the tests' fourth game) names its own.
    client_module: str = ""
    bots_module: str = ""
    #: Where the game is listed among the others (the game choice, ``tabletop-trio games``): by this
    #: number, then in the order the games were registered.
    order: int = 100

    def resolve_options(self, options: Mapping[str, object]) -> Options:
        """Validate ``options`` and fill in defaults; raise ``ValueError`` on bad input."""
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise ValueError(f"unknown option {unknown[0]!r} for {self.name}; known options: {known}")
        resolved: Options = {}
        for name, opt in self.options.items():
            resolved[name] = opt.validate(options[name]) if name in options else opt.default
        return resolved

    def check_players(self, players: object) -> int:
        if not is_int(players):
            raise ValueError(f"players must be an integer, not {show(players)}")
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                allowed = str(self.min_players)
            else:
                allowed = f"{self.min_players} to {self.max_players}"
            raise ValueError(f"{self.name} is played by {allowed} players, not {players}")
        return players


GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add ``info`` to :data:`GAMES`, which stays in the games' ``order``."""
    GAMES[info.name] = info
    ranked = sorted(GAMES.values(), key=lambda g: g.order)  # a stable sort: equal orders keep theirs
    GAMES.clear()
    GAMES.update((g.name, g) for g in ranked)
    return info


def unregister(name: str) -> None:
    """Forget the game ``name`` (a game a test registered for a while); nothing if it is unknown."""
    GAMES.pop(name, None)


def carry_games() -> list[GameInfo]:
    """The registered games, for a worker process to :func:`adopt_games`: there, importing
    ``game.rules`` registers only the games that register on import, not one registered at run time."""
    return list(GAMES.values())


def adopt_games(infos: Iterable[GameInfo]) -> None:
    """Register the games of :func:`carry_games` that this process does not know yet."""
    for info in infos:
        GAMES.setdefault(info.name, info)


def game_info(name: str) -> GameInfo:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"unknown game {name!r}; known games: {known}") from None


def new_game(name: str, players: int = 2, seed: int | None = None, **options: object) -> AnyState:
    """Create the start state of a game.

    ``seed=None`` draws a random seed (kept in the state, so a record can
    still replay the game).  Bad names, player counts or options raise
    ``ValueError`` naming the bad value and what is allowed.
    """
    info = game_info(name)
    info.check_players(players)
    resolved = info.resolve_options(options)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    elif not is_int(seed):
        raise ValueError(f"seed must be an integer or None, not {show(seed)}")
    return info.state_class.new(players, seed, resolved)


# --------------------------------------------------------------------------
# Actions


class GameAction(Protocol):
    """What every game's action type is: an immutable, hashable value (a ``NamedTuple``) with a
    ``kind``, a readable ``str()`` and its JSON both ways (read strictly)."""

    @property
    def kind(self) -> str: ...

    def to_json(self) -> JsonDict: ...

    @classmethod
    def from_json(cls, data: object, /) -> Self: ...


def action_to_json(action: GameAction) -> JsonDict:
    """An action as a JSON-friendly dict (inverse of :func:`action_from_json`)."""
    return action.to_json()


def action_from_json(game_name: str, data: object) -> GameAction:
    """Rebuild an action of ``game_name`` from :func:`action_to_json` output."""
    return game_info(game_name).action_class.from_json(data)


# --------------------------------------------------------------------------
# Events


class Event(TypedDict, total=False):
    """The keys every game's events may have.  Each game's event type (a ``TypedDict`` in its
    ``views.py``) extends this one with every key its events carry; ``type`` says which."""

    type: Required[str]
    #: The event is about something hidden: only these players see it whole.
    visible_to: list[int]
    #: The keys the other players do not get (without it, they get nothing of the event).
    private: list[str]
    #: The players it shows something hidden from them until then (undo stops there).
    revealed_to: list[int]


EventT = TypeVar("EventT", bound=Event)


def events_for(events: Iterable[EventT], player: int) -> list[EventT]:
    """The events as ``player`` may see them.

    An event about hidden information carries ``"visible_to": [players]``.
    If it also names ``"private": [keys]``, other players get a copy without
    those keys (they learn *that* it happened, not *what*); otherwise the
    whole event is dropped for them.  The bookkeeping keys are removed.
    """
    out: list[EventT] = []
    for ev in events:
        base: Event = ev
        vis = base.get("visible_to")
        if vis is None:
            out.append(ev)
            continue
        # The copies below are ``ev`` without some of its optional keys: still an ``EventT``.
        if player in vis:
            out.append(cast(EventT, {k: v for k, v in ev.items() if k not in ("visible_to", "private")}))
            continue
        private = base.get("private")
        if private is None:
            continue
        hidden = (*private, "visible_to", "private")
        out.append(cast(EventT, {k: v for k, v in ev.items() if k not in hidden}))
    return out


# --------------------------------------------------------------------------
# States


#: The phase of a finished game, shared by every engine.
PHASE_OVER = "over"


class BaseView(TypedDict):
    """The keys every view has (each game's view type, in its ``views.py``, extends it)."""

    game: str
    player: int
    num_players: int
    current_player: int | None
    scores: list[int]
    terminal: bool
    #: ``str()`` of each legal action when ``player`` is to move, else empty.
    legal: list[str]


ActionT = TypeVar("ActionT", bound=GameAction)
ViewT = TypeVar("ViewT", bound=BaseView)


class GameState(ABC, Generic[ActionT, ViewT, EventT]):
    """Base class of every game state (see ``docs/engine-api.md``).

    A game's state is ``GameState[Action, View, Event]``: its action type and the ``TypedDict``
    types of its views and events.  Subclasses implement every abstract method: the class
    methods :meth:`new` and :meth:`from_json`, :meth:`_compute_legal`, :meth:`_apply`,
    :meth:`clone`, :meth:`view`, :meth:`determinize`, :meth:`to_json`, :meth:`winners` and
    :attr:`scores`.  The base class provides the legal-action cache and the illegal-action
    check, so ``apply`` of an illegal action raises :class:`IllegalAction` before anything
    changes.  Each subclass declares its fields with annotations next to its ``__slots__``.
    """

    #: The game's name in :data:`GAMES`.
    game: ClassVar[str] = ""
    __slots__ = ("_legal_cache", "seed", "rng")
    #: The legal actions, once asked for, until the next ``apply``.
    _legal_cache: list[ActionT] | None
    #: The seed the game was dealt with (a determinized state's is drawn afresh).
    seed: int
    #: The source of every chance event: shuffles, random faces, start players.
    rng: Rng
    # Every engine also has these (in its own ``__slots__``): the number of players, ``phase``
    # (``PHASE_OVER`` once the game is finished) and ``player`` (the player to decide).
    num_players: int
    phase: str
    player: int

    # -- construction -----------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, options: Options) -> Self:
        """The start state for ``players`` players, ``seed`` and resolved ``options``."""

    @classmethod
    @abstractmethod
    def from_json(cls, d: JsonDict) -> Self:
        """Rebuild a state saved with :meth:`to_json`; ``ValueError`` if it does not add up."""

    @abstractmethod
    def to_json(self) -> JsonDict:
        """A complete save of the state: fresh lists and dicts, never the state's own."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (hand-written and cheap: MCTS clones at every iteration)."""

    # -- whose turn --------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The player to decide, 0-based; ``None`` when the game is over."""
        return None if self.phase == PHASE_OVER else self.player

    @property
    def is_terminal(self) -> bool:
        """True when the whole game (not one hand or round) is over."""
        return self.phase == PHASE_OVER

    @classmethod
    def _blank_from_save(cls, d: JsonDict) -> Self:
        """An empty instance with the seed and random source of the save ``d`` (for ``from_json``)."""
        s = cls.__new__(cls)
        s._legal_cache = None
        s.seed = int(d["seed"])
        s.rng = Rng(int(d["rng"]))
        return s

    # -- the decision interface -------------------------------------------
    def legal_actions(self) -> list[ActionT]:
        """Legal actions of the player to move, in a stable order."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._compute_legal()
        return list(cache)

    def apply(self, action: ActionT) -> list[EventT]:
        """Perform ``action``; return the events it caused.

        Raises :class:`IllegalAction` (state unchanged) if the action is not legal.
        """
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._compute_legal()
        if action not in cache:
            raise IllegalAction(self._illegal_message(action))
        self._legal_cache = None
        return self._apply(action)

    @abstractmethod
    def _compute_legal(self) -> list[ActionT]:
        """The legal actions now (cached by :meth:`legal_actions` until the next ``apply``)."""

    @abstractmethod
    def _apply(self, action: ActionT) -> list[EventT]:
        """Perform the legal ``action`` and return its events."""

    def _illegal_message(self, action: object) -> str:
        if self.is_terminal:
            return f"the game is over; {action!s} cannot be played"
        info = GAMES[self.game]
        if not isinstance(action, info.action_class):
            return f"{action!r} is not a {info.title} action"
        return self.explain_illegal(cast(ActionT, action))  # an action of this game

    def explain_illegal(self, action: ActionT) -> str:
        """Why ``action`` (an action of this game, the game not over) is not legal now.

        Subclasses give rule-specific reasons; this default lists the legal actions.
        """
        legal = ", ".join(str(a) for a in self.legal_actions())
        return f"{action!s} is not legal now; legal actions: {legal}"

    # -- hidden information -------------------------------------------------
    @abstractmethod
    def view(self, player: int) -> ViewT:
        """A JSON-able dict of everything ``player`` may know, nothing more."""

    @abstractmethod
    def determinize(self, player: int, rng: RandomSource) -> Self:
        """A full state ``player`` cannot tell from this one, ending with :meth:`reseed`."""

    def reseed(self, rng: RandomSource) -> None:
        """Forget the real game's seed and random source: both drawn afresh from ``rng``.

        Every ``determinize`` ends with this, so a sampled state holds nothing that
        leads back to the real deal (``new_game(seed=state.seed)`` would rebuild it)
        or to the real game's future chance.
        """
        self.seed = seed_from(rng)
        self.rng = Rng(seed_from(rng))

    # -- results ------------------------------------------------------------
    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Points so far, per player."""

    def returns(self) -> tuple[float, ...]:
        """1.0 for the winner (a shared win splits it), 0.0 otherwise; all 0.0 before the end."""
        if not self.is_terminal:
            return (0.0,) * self.num_players
        winners = self.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return tuple(share if p in winners else 0.0 for p in range(self.num_players))

    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """Players who won the finished game (several for a shared win)."""

    def base_view(self, player: int) -> BaseView:
        """The keys every view has."""
        return {
            "game": self.game,
            "player": player,
            "num_players": self.num_players,
            "current_player": self.current_player,
            "scores": list(self.scores),
            "terminal": self.is_terminal,
            "legal": [str(a) for a in self.legal_actions()] if player == self.current_player else [],
        }

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game} players={self.num_players} to_move={self.current_player}>"


#: A state of any game, as code that serves every game holds it.
AnyState: TypeAlias = GameState[Any, Any, Any]


def state_from_json(data: object) -> AnyState:
    """Rebuild a state saved with ``state.to_json()``; ``ValueError`` if broken."""
    if not isinstance(data, dict) or "game" not in data:
        raise ValueError("not a saved game state: missing 'game'")
    check_depth(data, "the saved game state")
    info = game_info(data["game"])
    try:
        return info.state_class.from_json(data)
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"broken {data['game']} state: {exc!r}") from exc

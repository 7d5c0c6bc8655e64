"""The engine core shared by every game: errors, options, the game registry,
the :class:`GameState` base class, events and their visibility filter.

Each game package (``game.rules.hacktrick`` ...) subclasses :class:`GameState`,
describes itself with a :class:`GameInfo` and calls :func:`register`.
Everything the rest of the program needs is re-exported by ``game.rules``.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .rng import Rng, seed_from
from .strictjson import check_depth, is_int, show


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
    default: Any
    help: str
    choices: tuple | None = None
    check: Callable[[Any], Any] | None = None

    def validate(self, value: Any) -> Any:
        if self.check is not None:
            return self.check(value)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(typed_value(c) for c in self.choices)
            raise ValueError(
                f"option {self.name}={typed_value(value)} is not allowed; choose one of {allowed}"
            )
        return value

    def describe(self) -> dict:
        """JSON-friendly description (for menus and ``--help`` texts)."""
        d = {"name": self.name, "default": _jsonable(self.default), "help": self.help}
        if self.choices is not None:
            d["choices"] = [_jsonable(c) for c in self.choices]
        return d


def check_int_option(name: str, value, low: int, high: int, also: str = ""):
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


def typed_value(value, limit: int = 60, nested: bool = False) -> str:
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


def _jsonable(v):
    return list(v) if isinstance(v, tuple) else v


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows about a game (``GAMES[name]``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Option]
    state_class: type
    action_class: type
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

    def resolve_options(self, options: dict) -> dict:
        """Validate ``options`` and fill in defaults; raise ``ValueError`` on bad input."""
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise ValueError(f"unknown option {unknown[0]!r} for {self.name}; known options: {known}")
        resolved = {}
        for name, opt in self.options.items():
            resolved[name] = opt.validate(options[name]) if name in options else opt.default
        return resolved

    def check_players(self, players: int) -> int:
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
    GAMES[info.name] = info
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


def new_game(name: str, players: int = 2, seed: int | None = None, **options) -> GameState:
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


def action_to_json(action) -> dict:
    """An action as a JSON-friendly dict (inverse of :func:`action_from_json`)."""
    return action.to_json()


def action_from_json(game_name: str, data: dict):
    """Rebuild an action of ``game_name`` from :func:`action_to_json` output."""
    return game_info(game_name).action_class.from_json(data)


# --------------------------------------------------------------------------
# Events


def events_for(events: Iterable[dict], player: int) -> list[dict]:
    """The events as ``player`` may see them.

    An event about hidden information carries ``"visible_to": [players]``.
    If it also names ``"private": [keys]``, other players get a copy without
    those keys (they learn *that* it happened, not *what*); otherwise the
    whole event is dropped for them.  The bookkeeping keys are removed.
    """
    out = []
    for ev in events:
        vis = ev.get("visible_to")
        if vis is None:
            out.append(ev)
            continue
        if player in vis:
            out.append({k: v for k, v in ev.items() if k not in ("visible_to", "private")})
            continue
        private = ev.get("private")
        if private is None:
            continue
        out.append({k: v for k, v in ev.items() if k not in private and k not in ("visible_to", "private")})
    return out


# --------------------------------------------------------------------------
# States


#: The phase of a finished game, shared by every engine.
PHASE_OVER = "over"


class GameState(ABC):
    """Base class of every game state (see ``docs/engine-api.md``).

    Subclasses implement :meth:`_compute_legal`, :meth:`_apply`, :meth:`clone`,
    :meth:`view`, :meth:`determinize`, :meth:`to_json`, :meth:`from_json` and
    the class method :meth:`new`.  The base class provides the legal-action
    cache and the illegal-action check, so ``apply`` of an illegal action
    raises :class:`IllegalAction` before anything changes.
    """

    game: str = ""
    __slots__ = ("_legal_cache",)

    # -- construction -----------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, players: int, seed: int, options: dict) -> GameState:
        """The start state for ``players`` players, ``seed`` and resolved ``options``."""

    # -- whose turn --------------------------------------------------------
    # Every engine keeps ``phase`` (``PHASE_OVER`` once the game is finished)
    # and ``player`` (the player to decide).
    @property
    def current_player(self):
        """The player to decide, 0-based; ``None`` when the game is over."""
        return None if self.phase == PHASE_OVER else self.player

    @property
    def is_terminal(self) -> bool:
        """True when the whole game (not one hand or round) is over."""
        return self.phase == PHASE_OVER

    @classmethod
    def _blank_from_save(cls, d: dict):
        """An empty instance with the seed and random source of the save ``d`` (for ``from_json``)."""
        s = cls.__new__(cls)
        s._legal_cache = None
        s.seed = int(d["seed"])
        s.rng = Rng(int(d["rng"]))
        return s

    # -- the decision interface -------------------------------------------
    def legal_actions(self) -> list:
        """Legal actions of the player to move, in a stable order."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = self._compute_legal()
        return list(cache)

    def apply(self, action) -> list[dict]:
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

    def _illegal_message(self, action) -> str:
        if self.is_terminal:
            return f"the game is over; {action!s} cannot be played"
        info = GAMES[self.game]
        if not isinstance(action, info.action_class):
            return f"{action!r} is not a {info.title} action"
        return self.explain_illegal(action)

    def explain_illegal(self, action) -> str:
        """Why ``action`` (an action of this game, the game not over) is not legal now.

        Subclasses give rule-specific reasons; this default lists the legal actions.
        """
        legal = ", ".join(str(a) for a in self.legal_actions())
        return f"{action!s} is not legal now; legal actions: {legal}"

    # -- hidden information -------------------------------------------------
    def reseed(self, rng) -> None:
        """Forget the real game's seed and random source: both drawn afresh from ``rng``.

        Every ``determinize`` ends with this, so a sampled state holds nothing that
        leads back to the real deal (``new_game(seed=state.seed)`` would rebuild it)
        or to the real game's future chance.
        """
        self.seed = seed_from(rng)
        self.rng = Rng(seed_from(rng))

    # -- results ------------------------------------------------------------
    def returns(self) -> tuple:
        """1.0 for the winner (a shared win splits it), 0.0 otherwise; all 0.0 before the end."""
        if not self.is_terminal:
            return (0.0,) * self.num_players
        winners = self.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return tuple(share if p in winners else 0.0 for p in range(self.num_players))

    @abstractmethod
    def winners(self) -> tuple:
        """Players who won the finished game (several for a shared win)."""

    def base_view(self, player: int) -> dict:
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


def state_from_json(data: dict) -> GameState:
    """Rebuild a state saved with ``state.to_json()``; ``ValueError`` if broken."""
    if not isinstance(data, dict) or "game" not in data:
        raise ValueError("not a saved game state: missing 'game'")
    check_depth(data, "the saved game state")
    info = game_info(data["game"])
    try:
        return info.state_class.from_json(data)
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"broken {data['game']} state: {exc!r}") from exc

"""What a tournament is: its settings, their validation, and the schedule of games.

A :class:`TournamentSpec` names the game, the entrants (agent specs, one per
entrant; the same spec may appear twice), the number of players per game, the
number of games, the base seed and the resolved game options.
:func:`validate_spec` checks everything up front (``ValueError`` with one clear
message), and :func:`schedule` lists the games: which entrant sits in which
seat and the game's seed.

Seating: with 2 players every pair of entrants meets in both seat orders
(round robin, seats alternated).  With 3–4 players every table (a set of
entrants; when there are fewer entrants than seats, every mix of entrants
with at least two different ones) is played in every distinct seating.  One
*round* is every seating once; games cycle through rounds, so any prefix of
the schedule is as balanced as it can be.

Deals: without ``duplicate`` every game is its own deal (deal id = game index,
seed ``game_seed(seed, index)``).  With ``duplicate="rotations"`` a deal is one
table played with the same seed in each rotation of its seats (two players:
both seat orders), with ``duplicate="all"`` in each distinct permutation; a
deal's games have consecutive indices, deals cycle through the tables, and the
number of games is rounded up to whole deals.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from game.rules import Option
    from game.rules.core import JsonDict, Options

#: One seating of a table: the entrant (index into the agents) in each seat.
Seating = tuple[int, ...]

MAX_GAMES = 1_000_000
#: Seeds are stored as SQLite integers (signed 64 bits).
MAX_SEED = (1 << 63) - 1


@dataclass(frozen=True)
class GameTask:
    """One scheduled game: its index, seed, game, options and the entrant per seat."""

    index: int
    seed: int
    game: str
    options: Options
    seats: Seating  # entrant index per seat
    agents: tuple[str, ...]  # agent spec per seat
    tournament: str = ""  # the tournament's id, kept in the game's record
    deal: int | None = None  # the deal (None: each game its own deal, id = index)
    deal_games: int = 1  # games in this game's deal
    deal_position: int = 0  # this game's place in its deal (0 .. deal_games - 1)

    @property
    def deal_id(self) -> int:
        """The deal's id (the game index when games are not duplicated)."""
        return self.index if self.deal is None else self.deal


@dataclass
class TournamentSpec:
    """The settings of a tournament (everything needed to replay its schedule)."""

    game: str
    agents: list[str]
    players: int
    games: int
    seed: int
    options: Options = field(default_factory=dict)
    duplicate: str | None = None  # None, "rotations" or "all"
    sprt: dict[str, float] | None = None  # {"elo0", "elo1", "alpha", "beta"} (see ai.tournament.sprt)

    def to_json(self) -> JsonDict:
        """The settings as JSON (tuples become lists)."""
        doc: JsonDict = {
            "game": self.game,
            "agents": list(self.agents),
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
        }
        if self.duplicate:
            doc["duplicate"] = self.duplicate
        if self.sprt:
            doc["sprt"] = dict(self.sprt)
        return doc

    @classmethod
    def from_json(cls, data: JsonDict) -> TournamentSpec:
        """Settings from :meth:`to_json` output, read strictly (``"games": "40"`` is not the
        number 40); ``ValueError`` naming the malformed setting."""
        from game.rules.strictjson import check_strings, expect_int, expect_list, expect_object, expect_str

        expect_object(
            "the tournament settings",
            data,
            ("game", "agents", "players", "games", "seed"),
            ("options", "duplicate", "sprt"),
        )
        check_strings(data, "the tournament settings")
        agents = [
            expect_str(f"the tournament settings' agent {i + 1}", a)
            for i, a in enumerate(expect_list("the tournament settings' 'agents'", data["agents"]))
        ]
        options = data.get("options")
        options = {} if options is None else expect_object("the tournament settings' 'options'", options)
        return cls(
            game=expect_str("the tournament settings' 'game'", data["game"]),
            agents=agents,
            players=expect_int("the tournament settings' 'players'", data["players"], 1, 64),
            games=expect_int("the tournament settings' 'games'", data["games"], 1, MAX_GAMES),
            seed=expect_int("the tournament settings' 'seed'", data["seed"], 0, MAX_SEED),
            options={k: tuple(v) if isinstance(v, list) else v for k, v in options.items()},
            duplicate=_read_duplicate(data.get("duplicate")),
            sprt=_read_sprt(data.get("sprt")),
        )

    def labels(self) -> list[str]:
        """Display names of the entrants; a repeated spec gets ``#2``, ``#3`` ..."""
        return entrant_labels(self.agents)


DUPLICATE_MODES = ("rotations", "all")


def _read_duplicate(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or value not in DUPLICATE_MODES:
        raise ValueError(f"the tournament settings' 'duplicate' must be one of {', '.join(DUPLICATE_MODES)}")
    return value


def _read_sprt(value: object) -> dict[str, float] | None:
    if value is None:
        return None
    from game.rules.strictjson import expect_number, expect_object

    settings = expect_object("the tournament settings' 'sprt'", value, ("elo0", "elo1", "alpha", "beta"))
    return {
        k: float(expect_number(f"the tournament settings' sprt {k}", settings[k], -1e6, 1e6))
        for k in ("elo0", "elo1", "alpha", "beta")
    }


def entrant_labels(agents: list[str]) -> list[str]:
    """``["random", "random", "heuristic"]`` -> ``["random#1", "random#2", "heuristic"]``."""
    counts = {a: agents.count(a) for a in agents}
    seen: dict[str, int] = {}
    labels = []
    for a in agents:
        if counts[a] > 1:
            seen[a] = seen.get(a, 0) + 1
            labels.append(f"{a}#{seen[a]}")
        else:
            labels.append(a)
    return labels


def parse_option_value(option: Option, text: object) -> object:
    """Turn the command-line string ``text`` into a value for the game ``option``.

    Matches the option's choices by their printed form; otherwise parses by the
    type of the default: ints, bools (true/false, yes/no, on/off, 1/0) and
    comma-separated lists for tuples (e.g. ``decks=weasel,raccoon``).
    """
    if not isinstance(text, str):
        return text
    text = text.strip()
    if option.choices is not None:
        for choice in option.choices:
            if _format_value(choice) == text:
                return choice
    default = option.default
    if default is None:  # e.g. hakkutsu rounds: None or an integer
        if text.lower() in ("none", "null", ""):
            return None
        try:
            return int(text)
        except ValueError:
            return text
    if isinstance(default, bool):
        low = text.lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"option {option.name}={text}: expected true or false")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"option {option.name}={text}: expected an integer") from None
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"option {option.name}={text}: expected a number") from None
    if isinstance(default, (tuple, list)):
        if "," not in text:  # a single word may be a special value, e.g. ratjack decks=random
            try:
                option.validate(text)
                return text
            except ValueError:
                pass
        parts = tuple(p.strip() for p in text.split(",") if p.strip())
        if default and all(isinstance(x, int) and not isinstance(x, bool) for x in default):
            try:
                return tuple(int(p) for p in parts)
            except ValueError:
                raise ValueError(
                    f"option {option.name}={text}: expected integers separated by commas"
                ) from None
        return parts
    return text


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)):
        return ",".join(_format_value(v) for v in value)
    return str(value)


def parse_options(game: str, pairs: Mapping[str, object]) -> Options:
    """Validate string options for ``game`` and return the fully resolved options."""
    from game.rules import game_info

    info = game_info(game)
    values: dict[str, object] = {}
    for name, text in pairs.items():
        if name not in info.options:
            known = ", ".join(sorted(info.options)) or "none"
            raise ValueError(f"unknown option {name!r} for {game}; known options: {known}")
        values[name] = parse_option_value(info.options[name], text)
    return info.resolve_options(values)


def validate_spec(spec: TournamentSpec) -> TournamentSpec:
    """Check a spec before any game starts; ``ValueError`` with one clear message.

    Checks the game, the player count against the game and the entrants, the
    number of games, the seed, the options and every agent spec (each is built
    once with :func:`ai.make_agent`, which rejects unknown agents and options).
    """
    from game.rules import game_info

    from ..agents import make_agent, parse_spec
    from ..heuristics import heuristics_for

    info = game_info(spec.game)
    if len(spec.agents) < 2:
        raise ValueError(f"a tournament needs at least 2 agent specs, got {len(spec.agents)}")
    info.check_players(spec.players)
    if isinstance(spec.games, bool) or not isinstance(spec.games, int) or not 1 <= spec.games <= MAX_GAMES:
        raise ValueError(f"--games must be between 1 and {MAX_GAMES}, not {spec.games!r}")
    if isinstance(spec.seed, bool) or not isinstance(spec.seed, int) or not 0 <= spec.seed <= MAX_SEED:
        raise ValueError(f"--seed must be an integer from 0 to {MAX_SEED}, not {spec.seed!r}")
    spec.options = info.resolve_options(spec.options)
    if spec.duplicate is not None and spec.duplicate not in DUPLICATE_MODES:
        raise ValueError(f"--duplicate must be {' or '.join(DUPLICATE_MODES)}, not {spec.duplicate!r}")
    if spec.sprt is not None:
        from .sprt import SprtSettings

        if len(spec.agents) != 2 or spec.players != 2:
            raise ValueError("--sprt compares two agents in two-player games: give exactly two --agents")
        SprtSettings(**spec.sprt)
    if spec.duplicate:
        spec.games = whole_deals(spec)
    for agent in spec.agents:
        try:
            make_agent(agent, seed=0)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"bad agent spec {agent!r}: {exc}") from None
        if parse_spec(agent)[0] == "heuristic":  # it needs the game's rule-based module
            try:
                heuristics_for(spec.game)
            except ValueError as exc:
                raise ValueError(f"agent {agent!r} cannot play {spec.game}: {exc}") from None
    return spec


def seatings(n_entrants: int, players: int) -> list[Seating]:
    """One round of seatings: tuples of entrant indices, one per seat.

    See the module docstring for the rules.  Deterministic order.
    """
    if n_entrants < 2:
        raise ValueError("need at least 2 entrants")
    if n_entrants >= players:
        tables = list(itertools.combinations(range(n_entrants), players))
    else:
        tables = [
            t for t in itertools.combinations_with_replacement(range(n_entrants), players) if len(set(t)) >= 2
        ]
    out: list[Seating] = []
    for table in tables:
        seen: set[Seating] = set()
        for perm in itertools.permutations(table):
            if perm not in seen:
                seen.add(perm)
                out.append(perm)
    return out


def rotations(seating: Seating) -> list[Seating]:
    """The distinct rotations of ``seating``, starting with itself."""
    out: list[Seating] = []
    for k in range(len(seating)):
        rot = tuple(seating[k:] + seating[:k])
        if rot not in out:
            out.append(rot)
    return out


def deal_tables(spec: TournamentSpec) -> list[list[Seating]]:
    """One round of deals: per deal, the seatings its games are played in.

    Without ``duplicate`` every seating of :func:`seatings` is a deal of one game.
    """
    round_ = seatings(len(spec.agents), spec.players)
    if not spec.duplicate:
        return [[s] for s in round_]
    tables: list[list[Seating]] = []
    seen: set[Seating] = set()
    for s in round_:
        key = tuple(sorted(s))
        if key in seen:
            continue
        seen.add(key)
        if spec.duplicate == "all":
            tables.append([p for p in round_ if tuple(sorted(p)) == key])
        else:
            tables.append(rotations(s))
    return tables


def whole_deals(spec: TournamentSpec) -> int:
    """``spec.games`` rounded up to whole deals."""
    plan = _Plan.of(spec)
    task = plan.task(spec, spec.games - 1)
    return spec.games - 1 - task.deal_position + task.deal_games


class _Plan:
    """Index arithmetic of a schedule: game index -> deal, seating and seed."""

    _cache: ClassVar[dict[tuple[int, int, str | None], _Plan]] = {}

    def __init__(self, tables: list[list[Seating]]) -> None:
        self.tables = tables
        self.starts: list[int] = []
        total = 0
        for t in tables:
            self.starts.append(total)
            total += len(t)
        self.round_games = total

    @classmethod
    def of(cls, spec: TournamentSpec) -> _Plan:
        key = (len(spec.agents), spec.players, spec.duplicate)
        plan = cls._cache.get(key)
        if plan is None:
            plan = cls._cache[key] = cls(deal_tables(spec))
        return plan

    def task(self, spec: TournamentSpec, index: int) -> GameTask:
        import bisect

        r, off = divmod(index, self.round_games)
        t = bisect.bisect_right(self.starts, off) - 1
        seating = self.tables[t][off - self.starts[t]]
        if spec.duplicate:
            deal = r * len(self.tables) + t
            seed = game_seed(spec.seed, deal)
        else:
            deal, seed = None, game_seed(spec.seed, index)
        return GameTask(
            index=index,
            seed=seed,
            game=spec.game,
            options=dict(spec.options),
            seats=tuple(seating),
            agents=tuple(spec.agents[e] for e in seating),
            deal=deal,
            deal_games=len(self.tables[t]),
            deal_position=off - self.starts[t],
        )


def task_at(spec: TournamentSpec, index: int) -> GameTask:
    """Game ``index`` of the tournament."""
    return _Plan.of(spec).task(spec, index)


def iter_schedule(spec: TournamentSpec, start: int = 0) -> Iterator[GameTask]:
    """The games from ``start`` on, in index order, one at a time (no list of a million tasks)."""
    plan = _Plan.of(spec)
    for index in range(start, spec.games):
        yield plan.task(spec, index)


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament with seed ``base_seed`` (63 bits)."""
    digest = hashlib.sha256(f"tabletop-trio-tournament:{base_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "little") & ((1 << 63) - 1)


def schedule(spec: TournamentSpec) -> list[GameTask]:
    """All games of the tournament, in index order (a list: :func:`iter_schedule` for long ones)."""
    return list(iter_schedule(spec))

"""Loading and validating ``cards.toml``: every piece of Hakkutsu!! content.

:func:`load_data` reads the file with :mod:`tomllib`, checks every entry and
returns an immutable :class:`GameData`.  A broken file raises
:class:`DataError` (a ``ValueError``) whose message names the file, the entry
(``rock[3] 'limestone'``) and the field.  The package loads its own file once
at import (``DATA``), so a broken data file stops the program at start.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple, NoReturn, TypedDict

DATA_FILE = Path(__file__).with_name("cards.toml")

KINDS = ("igneous", "sedimentary", "metamorphic", "mineral", "fossil", "meteorite")
ROCK_AREAS = ("A", "B", "C1", "C2")
ABILITIES = ("movement", "refill")
BONUSES = ("kind", "fossils", "set", "area")
PHASES = ("movement", "mining", "any")
EFFECTS = ("joint-dig", "drill", "crane", "jeep", "helicopter", "grant", "detector")
EFFECTS_WITH_VALUE = ("drill", "jeep", "grant")


class DataError(ValueError):
    """The data file is broken; the message names the entry and the field."""


class RockCard(NamedTuple):
    """One physical rock card (``id`` 0..55, in data-file order)."""

    id: int
    key: str
    name: str
    name_ja: str
    kind: str
    area: str
    cost: int
    carry: int
    points: int
    fossil_value: int
    ability: str
    ability_value: int


class MuseumCard(NamedTuple):
    """A museum / laboratory card and its bonus rule."""

    id: int
    key: str
    name: str
    name_ja: str
    bonus: str
    points: int
    kind: str
    kinds: tuple[str, ...]
    areas: tuple[str, ...]


class EquipmentType(NamedTuple):
    """One of the equipment card types (each has ``count`` copies)."""

    id: int
    key: str
    name: str
    name_ja: str
    phase: str
    effect: str
    value: int
    # The field hides ``tuple.count`` (a method no code calls on an equipment type).
    count: int  # type: ignore[assignment]
    text: str


class Mode(TypedDict):
    """A game mode's rules (``[modes.research]``, ``[modes.treasure]``)."""

    cart: str
    face_up: bool
    end_on_start_after_steps: int


#: A parsed TOML table: its values are checked field by field by :class:`_Checker`.
Table = Mapping[str, Any]


class GameData(NamedTuple):
    """Everything in the data file, validated."""

    rows: int
    cols: int
    base: int  # cell index of the base
    site_area: tuple[str, ...]  # per cell: "A" / "B" / "C" ... or "" for the base
    stacks: dict[str, tuple[str, ...]]  # site area -> tuple of rock areas, bottom first
    carts: dict[str, tuple[int, ...]]  # "alpha"/"beta" -> tuple of movement by units
    modes: dict[str, Mode]  # mode -> {"cart", "face_up", "end_on_start_after_steps"}
    coins_total: int
    coins_start: int
    coins_refill: int
    equipment_dealt: int
    draft_extra: int
    end_empty_sites: int
    rocks: tuple[RockCard, ...]  # by id
    museums: tuple[MuseumCard, ...]  # by id
    equipment: tuple[EquipmentType, ...]  # by id


def _where(section: str, index: int, entry: object) -> str:
    key = entry.get("key") if isinstance(entry, dict) else None
    return f"{section}[{index}] {key!r}" if isinstance(key, str) else f"{section}[{index}]"


def _identity(ck: _Checker, e: Table, where: str, seen_keys: set[str], what: str) -> tuple[str, str, str]:
    """The entry's unique ``key`` (no spaces) and its English and Japanese names."""
    key = ck.text(e, where, "key")
    if key in seen_keys:
        ck.fail(where, "key", f"is used by another {what}")
    if " " in key:
        ck.fail(where, "key", "must contain no spaces")
    seen_keys.add(key)
    return key, ck.text(e, where, "name"), ck.text(e, where, "name_ja")


class _Checker:
    """Field checks that raise :class:`DataError` with file, entry and field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, field: str, problem: str) -> NoReturn:
        raise DataError(f"{self.source}: {where}: field {field!r} {problem}")

    def get(self, entry: Table, where: str, field: str, default: Any = None, required: bool = True) -> Any:
        if field not in entry:
            if required:
                self.fail(where, field, "is missing")
            return default
        return entry[field]

    def text(self, entry: Table, where: str, field: str, required: bool = True, default: str = "") -> str:
        v = self.get(entry, where, field, default, required)
        if not isinstance(v, str) or (required and not v.strip()):
            self.fail(where, field, f"must be a non-empty string, got {v!r}")
        return v

    def integer(
        self,
        entry: Table,
        where: str,
        field: str,
        lo: int = 0,
        hi: int = 99,
        required: bool = True,
        default: int = 0,
    ) -> int:
        if not required and field not in entry:
            return default
        v = self.get(entry, where, field, default, required)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.fail(where, field, f"must be an integer from {lo} to {hi}, got {v!r}")
        return v

    def one_of(
        self,
        entry: Table,
        where: str,
        field: str,
        allowed: Collection[str],
        required: bool = True,
        default: str = "",
    ) -> str:
        v = self.get(entry, where, field, default, required)
        if not isinstance(v, str) or v not in allowed:
            self.fail(where, field, f"must be one of {', '.join(allowed)}, got {v!r}")
        return v

    def boolean(self, entry: Table, where: str, field: str) -> bool:
        v = self.get(entry, where, field)
        if not isinstance(v, bool):
            self.fail(where, field, f"must be true or false, got {v!r}")
        return v

    def table(self, doc: Table, where: str, field: str) -> dict[str, Any]:
        v = self.get(doc, where, field)
        if not isinstance(v, dict):
            self.fail(where, field, "must be a table")
        return v

    def entries(self, doc: Table, field: str) -> list[dict[str, Any]]:
        v = doc.get(field)
        if not isinstance(v, list) or not v or not all(isinstance(e, dict) for e in v):
            raise DataError(f"{self.source}: [[{field}]] entries are missing or malformed")
        return v

    def unknown(self, entry: Table, where: str, allowed: Iterable[str]) -> None:
        extra = sorted(set(entry) - set(allowed))
        if extra:
            self.fail(where, extra[0], "is not a known field")


def load_data(path: str | Path | None = None) -> GameData:
    """Read and validate a Hakkutsu data file (default: the package's ``cards.toml``)."""
    path = Path(path) if path is not None else DATA_FILE
    source = path.name
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except OSError as exc:
        raise DataError(f"cannot read the Hakkutsu data file {path}: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{source}: not valid TOML: {exc}") from exc
    return parse_data(doc, source)


def parse_data(doc: Table, source: str = "cards.toml") -> GameData:
    """Validate an already parsed data document (see :func:`load_data`)."""
    ck = _Checker(source)
    # ---- map
    m = ck.table(doc, "[map]", "map")
    rows = ck.integer(m, "[map]", "rows", 3, 15)
    cols = ck.integer(m, "[map]", "cols", 3, 15)
    base = ck.get(m, "[map]", "base")
    if (
        not isinstance(base, list)
        or len(base) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in base)
        or not (0 <= base[0] < rows and 0 <= base[1] < cols)
    ):
        ck.fail("[map]", "base", f"must be [row, col] inside the {rows}x{cols} map, got {base!r}")
    by_distance = ck.get(m, "[map]", "area_by_distance")
    max_d = max(base[0], rows - 1 - base[0]) + max(base[1], cols - 1 - base[1])
    if (
        not isinstance(by_distance, list)
        or len(by_distance) != max_d + 1
        or not all(isinstance(a, str) and a for a in by_distance[1:])
    ):
        ck.fail(
            "[map]",
            "area_by_distance",
            f"must list an area name for every distance 1..{max_d} (index 0 unused), got {by_distance!r}",
        )
    stacks_doc = ck.table(m, "[map]", "stacks")
    stacks = {}
    for area in sorted(set(by_distance[1:])):
        st = stacks_doc.get(area)
        if not isinstance(st, list) or not st or not all(a in ROCK_AREAS for a in st):
            ck.fail(
                "[map.stacks]",
                area,
                f"must list the rock areas of a site, bottom first "
                f"(from {', '.join(ROCK_AREAS)}), got {st!r}",
            )
        stacks[area] = tuple(st)
    base_cell = base[0] * cols + base[1]
    site_area = []
    for r in range(rows):
        for c in range(cols):
            d = abs(r - base[0]) + abs(c - base[1])
            site_area.append("" if d == 0 else by_distance[d])
    # ---- carts and modes
    cart_doc = ck.table(doc, "[cart]", "cart")
    carts = {}
    for face in ("alpha", "beta"):
        t = ck.get(cart_doc, "[cart]", face)
        if (
            not isinstance(t, list)
            or not t
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 1 for x in t)
            or any(t[i] < t[i + 1] for i in range(len(t) - 1))
        ):
            ck.fail("[cart]", face, f"must be a non-increasing list of movement values >= 1, got {t!r}")
        carts[face] = tuple(t)
    modes_doc = ck.table(doc, "[modes]", "modes")
    modes: dict[str, Mode] = {}
    for mode in ("research", "treasure"):
        md = ck.table(modes_doc, "[modes]", mode)
        where = f"[modes.{mode}]"
        modes[mode] = {
            "cart": ck.one_of(md, where, "cart", tuple(carts)),
            "face_up": ck.boolean(md, where, "face_up"),
            "end_on_start_after_steps": ck.integer(md, where, "end_on_start_after_steps", 0, 20),
        }
    # ---- numbers
    coins = ck.table(doc, "[coins]", "coins")
    total = ck.integer(coins, "[coins]", "total", 1, 200)
    start = ck.integer(coins, "[coins]", "start", 0, 50)
    refill = ck.integer(coins, "[coins]", "refill", 0, 50)
    setup = ck.table(doc, "[setup]", "setup")
    dealt = ck.integer(setup, "[setup]", "equipment_dealt", 1, 5)
    draft_extra = ck.integer(setup, "[setup]", "draft_extra", 0, 10)
    end = ck.table(doc, "[end]", "end")
    empty_sites = ck.integer(end, "[end]", "empty_sites", 1, rows * cols - 1)
    # ---- rock cards
    rocks: list[RockCard] = []
    seen_keys: set[str] = set()
    for i, e in enumerate(ck.entries(doc, "rock")):
        where = _where("rock", i, e)
        ck.unknown(
            e,
            where,
            (
                "key",
                "name",
                "name_ja",
                "kind",
                "area",
                "count",
                "cost",
                "carry",
                "points",
                "fossil_value",
                "ability",
                "ability_value",
            ),
        )
        key, name, name_ja = _identity(ck, e, where, seen_keys, "rock card")
        kind = ck.one_of(e, where, "kind", KINDS)
        area = ck.one_of(e, where, "area", ROCK_AREAS)
        count = ck.integer(e, where, "count", 1, 60)
        cost = ck.integer(e, where, "cost", 0, 20)
        carry = ck.integer(e, where, "carry", 0, 20)
        points = ck.integer(e, where, "points", 0, 50)
        fossil_value = ck.integer(
            e, where, "fossil_value", 0, 10, required=False, default=1 if kind == "fossil" else 0
        )
        if kind != "fossil" and fossil_value:
            ck.fail(where, "fossil_value", f"is only for fossil cards, this card is {kind}")
        ability = ck.one_of(e, where, "ability", ("",) + ABILITIES, required=False)
        ability_value = ck.integer(e, where, "ability_value", 0, 20, required=False)
        if ability and "ability_value" not in e:
            ck.fail(where, "ability_value", f"is missing (needed by ability {ability!r})")
        if not ability and "ability_value" in e:
            ck.fail(where, "ability_value", "needs an ability")
        for _ in range(count):
            rocks.append(
                RockCard(
                    len(rocks),
                    key,
                    name,
                    name_ja,
                    kind,
                    area,
                    cost,
                    carry,
                    points,
                    fossil_value,
                    ability,
                    ability_value,
                )
            )
    # every site must be fillable and every area's cards must fit the stacks
    need = dict.fromkeys(ROCK_AREAS, 0)
    for a in site_area:
        if a:
            for ra in stacks[a]:
                need[ra] += 1
    have = {a: sum(1 for r in rocks if r.area == a) for a in ROCK_AREAS}
    for a in ROCK_AREAS:
        if have[a] < need[a]:
            raise DataError(
                f"{source}: [[rock]]: area {a} has {have[a]} cards but the map's sites "
                f"need {need[a]} (field 'count' of the {a} cards)"
            )
    # ---- museum cards
    museums: list[MuseumCard] = []
    seen_keys = set()
    for i, e in enumerate(ck.entries(doc, "museum")):
        where = _where("museum", i, e)
        ck.unknown(e, where, ("key", "name", "name_ja", "bonus", "points", "kind", "kinds", "areas"))
        key, name, name_ja = _identity(ck, e, where, seen_keys, "museum card")
        bonus = ck.one_of(e, where, "bonus", BONUSES)
        points = ck.integer(e, where, "points", 0, 50)
        kind, kinds, areas = "", (), ()
        if bonus == "kind":
            kind = ck.one_of(e, where, "kind", KINDS)
        elif bonus == "set":
            kinds = ck.get(e, where, "kinds")
            if not isinstance(kinds, list) or not kinds or not all(k in KINDS for k in kinds):
                ck.fail(where, "kinds", f"must be a list of kinds from {', '.join(KINDS)}, got {kinds!r}")
            kinds = tuple(kinds)
        elif bonus == "area":
            areas = ck.get(e, where, "areas")
            if not isinstance(areas, list) or not areas or not all(a in ROCK_AREAS for a in areas):
                ck.fail(
                    where, "areas", f"must be a list of areas from {', '.join(ROCK_AREAS)}, got {areas!r}"
                )
            areas = tuple(areas)
        museums.append(MuseumCard(len(museums), key, name, name_ja, bonus, points, kind, kinds, areas))
    # ---- equipment
    equipment: list[EquipmentType] = []
    seen_keys = set()
    for i, e in enumerate(ck.entries(doc, "equipment")):
        where = _where("equipment", i, e)
        ck.unknown(e, where, ("key", "name", "name_ja", "phase", "effect", "value", "count", "text"))
        key, name, name_ja = _identity(ck, e, where, seen_keys, "equipment card")
        phase = ck.one_of(e, where, "phase", PHASES)
        effect = ck.one_of(e, where, "effect", EFFECTS)
        value = ck.integer(e, where, "value", 1, 20, required=effect in EFFECTS_WITH_VALUE)
        count = ck.integer(e, where, "count", 1, 20)
        text = ck.text(e, where, "text", required=False)
        if effect in ("joint-dig", "drill", "crane") and phase != "mining":
            ck.fail(where, "phase", f"must be 'mining' for the {effect} effect, got {phase!r}")
        if effect in ("jeep", "helicopter") and phase != "movement":
            ck.fail(where, "phase", f"must be 'movement' for the {effect} effect, got {phase!r}")
        if any(t.effect == effect for t in equipment):
            ck.fail(where, "effect", f"{effect!r} is already the effect of another equipment card")
        equipment.append(EquipmentType(len(equipment), key, name, name_ja, phase, effect, value, count, text))
    n_museums = len(museums)
    if n_museums < 4 + draft_extra:
        raise DataError(
            f"{source}: [[museum]]: {n_museums} cards are too few for a 4-player draft "
            f"(need {4 + draft_extra}, see [setup] field 'draft_extra')"
        )
    if sum(t.count for t in equipment) < 4 * dealt:
        raise DataError(
            f"{source}: [[equipment]]: too few cards to deal {dealt} to 4 players (field 'count')"
        )
    if total < 4 * start:
        raise DataError(f"{source}: [coins]: field 'total' ({total}) is less than 4 players x {start} coins")
    return GameData(
        rows,
        cols,
        base_cell,
        tuple(site_area),
        stacks,
        carts,
        modes,
        total,
        start,
        refill,
        dealt,
        draft_extra,
        empty_sites,
        tuple(rocks),
        tuple(museums),
        tuple(equipment),
    )


#: The game's own data, loaded and validated at import.
DATA = load_data()

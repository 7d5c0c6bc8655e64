"""Player-facing names and texts of Hakkutsu!! rocks, kinds, museums and equipment (EN/JA),
and the numbers the table shows that are derived from a view (fossils, museum bonus, the dig).

Rock, museum and equipment names come from the engine's data (``name`` / ``name_ja``);
kinds, bonuses and equipment texts from the i18n tables (``hk.kind.*``, ``hk.bonus.*``,
``hk.equipment.*``).  Scores are computed with the engine's own scoring functions.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.hakkutsu.data import DATA
from game.rules.hakkutsu.scoring import fossil_count, museum_bonus
from game.rules.hakkutsu.views import MUSEUM_VIEWS as _MUSEUM_VIEWS

from ...i18n import join, language, t

EQUIPMENT = {e.key: e for e in DATA.equipment}
MUSEUMS = {m.key: m for m in DATA.museums}
MUSEUM_VIEWS = {m["key"]: m for m in _MUSEUM_VIEWS}  # museum key -> the view's dict of that card


def localized(entry) -> str:
    """The name of a view dict or data entry with ``name`` / ``name_ja``, in the current language."""
    get = entry.get if isinstance(entry, dict) else lambda k: getattr(entry, k)
    return get("name_ja") if language() == "ja" else get("name")


def rock_name(card: dict | None) -> str:
    return localized(card) if card else t("hk.face_down_card")


def rocks_label(cards: list) -> str:
    return join(rock_name(c) for c in cards)


def equipment_name(key: str) -> str:
    return localized(EQUIPMENT[key])


def equipment_text(key: str) -> str:
    return t(f"hk.equipment.{key}")


def equipment_phase(key: str) -> str:
    return t(f"hk.phase.{EQUIPMENT[key].phase}")


def museum_name(key: str) -> str:
    return localized(MUSEUMS[key])


def kind_name(kind: str) -> str:
    return t(f"hk.kind.{kind}")


def bonus_text(museum: dict) -> str:
    """What a museum card scores: "+2 per mineral card"."""
    bonus, points = museum["bonus"], museum["points"]
    if bonus == "kind":
        return t("hk.bonus.kind", points=points, kind=kind_name(museum["kind"]))
    if bonus == "area":
        return t("hk.bonus.area_c" if "A" not in museum["areas"] else "hk.bonus.area_a", points=points)
    return t(f"hk.bonus.{bonus}", points=points)


def ids(cards: list) -> list[int]:
    return [c["id"] for c in cards]


def scoring_cards(view: dict, q: int) -> list:
    """The rock cards that count for ``q``'s score: the collection and what is still on the cart
    (the rules: "cards still on a cart count at the end"), as the engine's public score counts them."""
    return view["collections"][q] + view["carts"][q]


def fossils_of(cards: list) -> int:
    """Fossils counted (the skull counts 2)."""
    return fossil_count(ids(cards))


def bonus_now(museum: dict | None, cards: list) -> int:
    """What ``museum`` would score for ``cards`` (0 without a museum)."""
    return museum_bonus(MUSEUMS[museum["key"]].id, ids(cards)) if museum else 0


def rock_tip(card: dict) -> str:
    """A rock card explained: name, kind, area, the three numbers and any ability."""
    lines = [
        t("hk.tip.rock", name=rock_name(card), kind=kind_name(card["kind"]), area=card["area"]),
        t("hk.tip.rock_numbers", cost=card["cost"], carry=card["carry"], points=card["points"]),
    ]
    if card.get("fossils", 0) > 1:
        lines.append(t("hk.tip.counts_fossils", n=card["fossils"]))
    if card.get("ability"):
        value = next(r.ability_value for r in DATA.rocks if r.id == card["id"])
        lines.append(t(f"hk.tip.ability_{card['ability']}", n=value))
    return "\n".join(lines)


def equipment_tip(key: str) -> str:
    return t(
        "hk.tip.equipment", name=equipment_name(key), phase=equipment_phase(key), text=equipment_text(key)
    )


def museum_tip(museum: dict) -> str:
    return t("hk.tip.museum", name=localized(museum), bonus=bonus_text(museum))


class Dig(NamedTuple):
    """What digging the card under the current player's pawn would do (for the dig prompt)."""

    card: dict
    cost: int
    coins_before: int
    coins_after: int
    units_before: int
    units_after: int
    move_before: int | None
    move_after: int | None  # None: the cart cannot take it
    blocked: bool  # another pawn is on the site and no Joint Dig was used


def dig_preview(view: dict, player: int) -> Dig | None:
    """The numbers of the dig prompt, from the view (``None`` when no card lies under the pawn)."""
    r, c = view["pawns"][player]
    site = view["map"][r][c]
    turn = view.get("turn") or {}
    if site.get("base") or not site.get("top"):
        return None
    card = site["top"]
    cost = max(0, card["cost"] - turn.get("drill", 0))
    units = 0 if turn.get("crane") else card["carry"]
    track = view["cart_track"]
    before = view["cart_units"][player]
    after = before + units
    bonus = view["movement"][player] - track[before]
    blocked = not turn.get("joint_dig") and any(
        q != player and view["pawns"][q] == [r, c] for q in range(len(view["pawns"]))
    )
    return Dig(
        card,
        cost,
        view["coins"][player],
        view["coins"][player] - cost,
        before,
        after,
        track[before] + bonus,
        track[after] + bonus if after < len(track) else None,
        blocked,
    )


def dig_refusal(dig: Dig) -> str | None:
    """Why this dig is not allowed, in the current language (``None`` if it is)."""
    if dig.blocked:
        return t("hk.dig.blocked")
    if dig.coins_after < 0:
        return t("hk.dig.too_dear", cost=dig.cost, coins=dig.coins_before)
    if dig.move_after is None:
        return t("hk.dig.too_heavy", units=dig.units_after)
    return None


def place_name(rc, site: dict | None = None) -> str:
    """A map cell named as the player sees it: the base, or a dig site by its area and what lies on it
    ("the Obsidian site (area B)", "a face-down site in area C", "an empty site in area A"), from the
    viewer's ``site`` view of it at the time (only its area without one).  The map shows no coordinates,
    so no line of text uses them."""
    r, c = rc
    cell = r * DATA.cols + c
    if cell == DATA.base:
        return t("hk.base")
    area = DATA.site_area[cell]
    if site is None or site.get("base"):
        return t("hk.place.site", area=area)
    if site.get("stack_size", 0) <= 0:
        return t("hk.place.empty", area=area)
    if site.get("face_up") and site.get("top"):
        return t("hk.place.card", card=rock_name(site["top"]), area=area)
    return t("hk.place.face_down", area=area)


def action_label(action, view: dict | None = None) -> str:
    """A Hakkutsu!! move named for players (a cell by what ``view``, the position now, shows there)."""
    from game.rules.hakkutsu.actions import DETECTOR, DRAFT, HELICOPTER, KEEP, MOVE, USE

    kind = action.kind
    if kind in (MOVE, HELICOPTER, DETECTOR):
        r, c = divmod(action.cell, DATA.cols)
        place = place_name((r, c), view["map"][r][c] if view else None)
        if kind == DETECTOR:
            return t(
                "act.hakkutsu.detector_second" if action.second else "act.hakkutsu.detector_top", place=place
            )
        return t(f"act.hakkutsu.{kind}", place=place)
    if kind in (USE, KEEP):
        return t(f"act.hakkutsu.{kind}", card=equipment_name(action.name))
    if kind == DRAFT:
        return t("act.hakkutsu.draft", museum=museum_name(action.name))
    return t(f"act.hakkutsu.{kind}")

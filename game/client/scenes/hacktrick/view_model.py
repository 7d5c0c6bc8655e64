"""What the table shows, read from a Hacktrick view (the engine's ``state.view(player)``).

Small pure functions shared by drawing, tooltips and animations, so that none
of them re-derives a rule of the game.
"""

from __future__ import annotations

from ...i18n import t


def opponent(view: dict, p: int) -> int:
    """The player ``p`` plays against (captures from, asks the sum of)."""
    return (p + 1) % view["num_players"]


def last_card(view: dict) -> int | None:
    """The rightmost card of the row (``None`` before the row is opened)."""
    return view["row"][-1] if view["row"] else None


def target_cell(view: dict, card: int) -> int | None:
    """The cell playing ``card`` would mark (``None`` if no cell: the row is empty or the card repeats)."""
    last = last_card(view)
    if last is None or card == last:
        return None
    return last + card


def cell_markers(view: dict, cell: int) -> list[dict]:
    """The markers on ``cell`` (``{"owner", "x2"}``, x2 first)."""
    return view["board"][cell - 1]


def last_announced(view: dict, p: int) -> dict | None:
    """The latest announcement of ``p``'s hand sum (``{"player", "sum", "by"}``)."""
    sums = [a for a in view["announced"] if a["player"] == p]
    return sums[-1] if sums else None


def notes(view: dict, p: int, limit: int = 2) -> list[str]:
    """The lines under ``p``'s trays: the last announced sum and the hands they revealed."""
    lines = []
    ann = last_announced(view, p)
    if ann is not None:
        lines.append(t("ht.announced", sum=ann["sum"], how=t("ht.by_ask") if ann["by"] == "ask" else t("ht.by_deal")))
    for r in view["revealed"]:
        if r["player"] == p:
            lines.append(t("ht.revealed", cards=" ".join(map(str, r["cards"]))) if r["cards"]
                         else t("ht.revealed_none"))
    return lines[-limit:]


def badges(view: dict, p: int) -> list[str]:
    """The commands ``p`` is under ("Must play!", "Guarded")."""
    keys = (("ht.must_play", view["must_play"][p]), ("ht.guarded", view["guarded"][p]))
    return [t(key) for key, on in keys if on]


def reason_text(reason: str, cells=()) -> str:
    """Why a hand was won ("a line  4·5·6")."""
    text = t(f"ht.reason.{reason}")
    if cells:
        text += "  " + "·".join(str(c) for c in cells)
    return text

"""What the table shows, read from a Hacktrick view (the engine's ``state.view(player)``).

Small pure functions shared by drawing, tooltips and animations, so that none
of them re-derives a rule of the game.
"""

from __future__ import annotations

from ...i18n import join, t


def cards_text(cards) -> str:
    """Card values listed with the language's separator ("0, 2, 3" / "0、2、3"): run together they
    read as one number."""
    return join(str(card) for card in cards)


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


def known_sums(events) -> dict[int, tuple[int, str]]:
    """What everybody knows of each hand's sum after ``events`` (the log, oldest first).

    player -> (sum, how), ``how`` being ``"deal"`` or ``"ask"``: an announced sum stays known
    while its player only plays cards (each is subtracted) and is unknown again once they draw.
    """
    known: dict[int, tuple[int, str]] = {}
    for ev in events:
        kind, p = ev["type"], ev.get("player")
        if kind == "hand_started":
            known = {}
        elif kind == "sums_announced":
            known = {q: (s, "deal") for q, s in enumerate(ev["sums"])}
        elif kind == "sum_asked":
            known[ev["of"]] = (ev["sum"], "ask")
        elif kind == "card_played" and p in known:
            known[p] = (known[p][0] - ev["card"], known[p][1])
        elif kind == "card_drawn":
            known.pop(p, None)
    return known


def notes(view: dict, p: int, known: dict[int, tuple[int, str]], limit: int = 2) -> list[str]:
    """The lines under ``p``'s trays: their hand sum if everybody knows it (:func:`known_sums`)
    and the hands they revealed."""
    lines = []
    if p in known:
        total, how = known[p]
        lines.append(t("ht.announced", sum=total, how=t("ht.by_ask") if how == "ask" else t("ht.by_deal")))
    for r in view["revealed"]:
        if r["player"] == p:
            lines.append(
                t("ht.revealed", cards=cards_text(r["cards"])) if r["cards"] else t("ht.revealed_none")
            )
    return lines[-limit:]


def badges(view: dict, p: int) -> list[str]:
    """The commands ``p`` is under ("Must play!" until they have played, "Guarded")."""
    played = view["phase"] == "declare" and view["current_player"] == p
    keys = (("ht.must_play", view["must_play"][p] and not played), ("ht.guarded", view["guarded"][p]))
    return [t(key) for key, on in keys if on]


def doubled(hand_won: dict) -> bool:
    """Did the hand score double (the winner's ×2 marker in the formation)?"""
    return hand_won["points"] > 1


def reason_text(reason: str, cells=()) -> str:
    """Why a hand was won ("a line  4·5·6")."""
    text = t(f"ht.reason.{reason}")
    if cells:
        text += "  " + "·".join(str(c) for c in cells)
    return text


def action_label(action) -> str:
    """A Hacktrick move named for players."""
    from game.rules.hacktrick.actions import OPEN, PLAY

    if action.kind == OPEN:
        return t("act.hacktrick.open", card=action.card)
    if action.kind == PLAY:
        return t("act.hacktrick.play_x2" if action.x2 else "act.hacktrick.play", card=action.card)
    return t(f"act.hacktrick.{action.kind}")

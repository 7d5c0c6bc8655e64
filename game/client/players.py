"""Who can sit at a seat: a human or a bot, and how each choice is named on screen."""

from __future__ import annotations

from .i18n import t

HUMAN = "human"  # the seat spec of a person at this screen

#: Every seat kind (``settings.SEAT_SPECS``) and the string naming it.
SEAT_KEYS = {
    "human": "seat.human",
    "mcts:level=easy": "seat.mcts_easy",
    "mcts:level=normal": "seat.mcts_normal",
    "mcts:level=hard": "seat.mcts_hard",
    "heuristic": "seat.heuristic",
    "random": "seat.random",
}


def seat_choices() -> list[tuple[str, str]]:
    """(i18n key, seat spec) for every seat kind whose agent is registered (``human`` always)."""
    from ai import AGENTS

    return [
        (key, spec)
        for spec, key in SEAT_KEYS.items()
        if spec in ("human", "random") or spec.split(":")[0] in AGENTS
    ]


def default_bot() -> str:
    from ai import AGENTS

    for spec in ("mcts:level=normal", "heuristic", "random"):
        if spec.split(":")[0] in AGENTS:
            return spec
    return "random"


#: Names of agents given by other specs (a tournament's ``mcts:iterations=1200``, say), by agent name.
OTHER_BOT_KEYS = {
    "mcts": "seat.name.mcts_custom",
    "openspiel-ismcts": "seat.name.openspiel",
    "tutor": "seat.name.tutor",
}
#: The seat of a tutorial's scripted opponent (its moves come from the lesson, never from a search).
TUTOR = "tutor"


def seat_name(spec: str) -> str:
    """A bot's short name at the table, with its level ("Normal bot", "Random bot"); other specs of
    a known agent by the agent ("MCTS bot"), unknown ones as written."""
    key = SEAT_KEYS.get(spec)
    if key:
        return t(key.replace("seat.", "seat.name."))
    other = OTHER_BOT_KEYS.get(spec.split(":")[0])
    return t(other) if other else spec


def seat_about(spec: str) -> str | None:
    """What a seat choice of the setup screen is, in a line ("Thinks about half a second a move: a
    solid opponent"); ``None`` for a spec the setup screen does not offer."""
    key = SEAT_KEYS.get(spec)
    return t(key.replace("seat.", "seat.about.")) if key else None


def seat_label(spec: str) -> str:
    for key, s in seat_choices():
        if s == spec:
            return t(key)
    return spec


def seat_names(seats: list[str], people: list[str | None] | None = None) -> list[str]:
    """Each seat as every screen calls it (tables, results, the Replays list): "You" for the one
    human (the screen speaks to them: "You win", "Your turn"); several humans by their profile's
    name, the active profile's too, since at a shared screen "You" would mean whoever looks
    (``people``, one per seat, from the record's ``meta["profiles"]``:
    ``game.client.history.seat_people``), "Player N" for one without, as the setup screen labels
    the seat; the
    bot's short name ("Easy bot"), numbered when two seats would read the same or no human plays
    ("Random bot #2")."""
    humans = [p for p, spec in enumerate(seats) if spec == HUMAN]
    names = []
    for p, spec in enumerate(seats):
        person = people[p] if people is not None and p < len(people) else None
        if spec == HUMAN:
            if len(humans) == 1:
                names.append(t("seat.you"))
            else:
                names.append(person or t("seat.player", n=p + 1))
        elif seats.count(spec) > 1 or not humans:
            names.append(t("seat.numbered", label=seat_name(spec), n=p + 1))
        else:
            names.append(seat_name(spec))
    return names

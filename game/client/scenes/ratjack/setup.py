"""Ratjack's rules options on the setup screen: the deck pair is chosen among every pair of decks
(or ``random``), reads as its decks' names, and the line under it says what the two decks do."""

from __future__ import annotations

from ...i18n import t


def option_values(name: str, option) -> list | None:
    """The deck pairs offered: the default first, every other pair, then ``random``."""
    if name != "decks":
        return None
    from itertools import combinations

    from game.rules.ratjack.cards import DECKS

    return (
        [option.default]
        + [pair for pair in combinations(DECKS, 2) if pair != tuple(option.default)]
        + ["random"]
    )


def option_label(name: str, value) -> str | None:
    """A deck pair reads as its decks' names ("Weasel + Raccoon")."""
    if name == "decks" and isinstance(value, (tuple, list)):
        return " + ".join(t(f"rj.decks.{v}") for v in value)
    return None


def option_about(name: str, value) -> str | None:
    """Each deck's abilities ("Weasels: exchange hands, ..."); the two rat decks in one sentence
    (they share their abilities)."""
    if name != "decks":
        return None
    if not isinstance(value, (tuple, list)):
        return t("option.ratjack.decks.about.random") if value == "random" else None
    kinds = ["rat" if deck.startswith("rat-") else deck for deck in value]
    if kinds == ["rat", "rat"]:
        return t("option.ratjack.decks.about.rats")
    a, b = (t(f"option.ratjack.decks.about.{kind}") for kind in kinds)
    return t("option.ratjack.decks.about.pair", a=a, b=b)

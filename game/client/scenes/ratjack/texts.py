"""Player-facing names and texts of Ratjack cards, tokens, abilities and ability steps."""

from __future__ import annotations

from game.rules.ratjack.abilities import ABILITIES
from game.rules.ratjack.cards import CARD_ABILITY, FACE_INDEX, FACES, FAMILIES, card_id

from ...i18n import join, t

# the engine's step prompts (``Ability.prompts``) -> keys of ``rj.step.*``
STEP_KEYS: dict[str, str] = {
    "choose a token from the reserve": "token",
    "choose one of your face-up cards": "own_face_up",
    "choose another player's face-down card": "other_face_down",
    "choose another player's face-down card to look at": "peek",
    "choose one of your face-down cards to turn face up": "own_flip",
    "choose one of your other face-up cards": "own_other_face_up",
    "choose another player's face-up card": "other_face_up",
    "choose one of your cards": "own_card",
    "choose another player's card with a token": "other_tokened",
    "choose a player to exchange hands with": "exchange",
    "choose a card with a token": "tokened",
    "give the drawn card to a player, or discard it": "give_or_discard",
    "choose a face-down card": "any_face_down",
    "choose one of your cards to turn over": "own_turn_over",
    "choose one of your cards with a token": "own_tokened",
    "choose a second card with a token": "second_tokened",
    "choose one of your face-up cards with a token": "own_face_up_tokened",
    "choose one of your face-down cards": "own_face_down",
    "choose a reserve token or another player's card with a token": "reserve_or_tokened",
    "choose a card": "any_card",
    "choose another card": "another_card",
    "choose another player's card": "other_card",
    "choose a hand card to discard": "hand_discard",
}


def card_of(d: dict) -> int:
    """The engine's card id of a view card ``{"deck", "value"}``."""
    return card_id(d["deck"], d["value"])


def card_label(d: dict | None) -> str:
    """``Weasel 7`` / ``イタチ7``; a hidden card is "a face-down card"."""
    if d is None:
        return t("log.rj.face_down_card")
    return f"{t('rj.decks.' + d['deck'])} {d['value']}"


def cards_label(cards: list) -> str:
    return join(card_label(c) for c in cards)


def ability_text(d: dict) -> str:
    """What the card's ability does, in the current language."""
    aid = CARD_ABILITY[card_of(d)]
    return t(f"rj.ability.{FAMILIES[aid // 12]}.{aid % 12 + 1}")


def card_tip_text(d: dict) -> str:
    """A card's tooltip: its name, value and ability."""
    return t("rj.tip.card", card=card_label(d), value=d["value"]) + " — " + ability_text(d)


def ability_key_of_name(name: str) -> tuple[str, int]:
    """``"weasel 7"`` -> ``("weasel", 7)``."""
    family, value = name.split()
    return family, int(value)


_WORD_FACES = ("locked", "protected", "blank")


def token_label(face: str) -> str:
    """A token face as printed on it (``+5``, ``−3``, ``×2``, ``½``) or named in the current language."""
    if face in _WORD_FACES:
        return t(f"rj.token_name.{face}")
    return {"double": "×2", "zero": "0", "half": "½"}.get(face, face.replace("-", "−"))


def token_text(face: str) -> str:
    """What a token face does, and which face is on its other side (each round's set-up turns
    every token to a random face)."""
    back = FACES[FACE_INDEX[face] ^ 1]  # the faces come in pairs: 2k and 2k + 1
    return t(f"rj.token.{face}") + "\n" + t("rj.tip.other_side", face=token_label(back))


def step_text(prompt: str) -> str:
    """An ability step's instruction in the current language."""
    key = STEP_KEYS.get(prompt)
    return t(f"rj.step.{key}") if key else prompt


def all_engine_prompts() -> set[str]:
    """Every step prompt the engine can show (tests check each has a translation)."""
    return {p for ab in ABILITIES for p in ab.prompts}


def reason_text(reason: str) -> str:
    return t(f"rj.reason.{reason}")


def action_label(action, name_of) -> str:
    """A Ratjack move named for players (``name_of(p)`` names a seat)."""
    from game.rules.ratjack.actions import DISCARD, DRAW_DECK, DRAW_DISCARD, FACE_DOWN, FACE_UP, FLIP, TARGET
    from game.rules.ratjack.cards import FACES, card_json

    kind = action.kind
    if kind == DRAW_DECK:
        return t("act.ratjack.draw_deck")
    if kind == DRAW_DISCARD:
        return t("act.ratjack.draw_discard")
    if kind == FLIP:
        return t(
            "act.ratjack.flip",
            card=card_label(card_json(action.card)),
            flip=card_label(card_json(action.card2)),
        )
    if kind in (FACE_DOWN, FACE_UP, DISCARD):
        key = {FACE_DOWN: "face_down", FACE_UP: "face_up", DISCARD: "discard"}[kind]
        return t(f"act.ratjack.{key}", card=card_label(card_json(action.card)))
    if kind == TARGET:
        if action.index < 0:
            return t("act.ratjack.target_player", name=name_of(action.player))
        return t("act.ratjack.target_card", name=name_of(action.player), n=action.index + 1)
    return t("act.ratjack.token", token=token_label(FACES[action.face]))

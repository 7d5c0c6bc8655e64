"""The Ratjack table: every player's area around the deck, discard pile and token reserve.

Input is by pointing: the legal actions (:mod:`.input`) say which cards,
tokens, players or piles can be clicked now; they are highlighted (with a
number for the number keys) and everything else is dimmed while an ability
waits for its target.  Hover any card, token, pile or gauge for its meaning.

The scene holds the state of the table and its input; drawing is :mod:`.draw` (tooltip texts
:mod:`.tips`), the hooks for other players' turns :mod:`.captions`, as Hacktrick's table is split.
"""

from __future__ import annotations

import pygame

from game.rules.ratjack.actions import FACE_DOWN, FACE_UP, FLIP

from ... import gfx
from ...i18n import t
from ...table.actionbar import BarButton
from ...table.picks import NUMBER_KEYS
from ...table.scene import TableScene
from . import draw
from .animations import animations
from .captions import RatjackCaptions
from .input import Choices, choices
from .layout import (
    BAR,
    HAND_CARD,
    LOG,
    PROMPT,
    TOKEN,
    TOP_BAR,
    RatjackLayout,
)
from .log_text import card_in_area
from .log_text import lines as log_lines
from .texts import (
    ability_text,
    action_label,
    card_label,
    card_of,
    reason_text,
    step_text,
    token_label,
)

PLAY_KINDS = (FACE_DOWN, FACE_UP, FLIP)  # the uses of a chosen hand card
USE_BUTTONS = {FACE_DOWN: "face-down", FACE_UP: "face-up"}  # their bar buttons (flips: "flip-N")


class RatjackScene(RatjackCaptions, TableScene):
    animations = animations
    prompt_keys = "rj"
    log_lines = log_lines
    bar_rect = BAR
    bar_height = 36

    def __init__(self, app, session, resumed: bool = False, demo: bool = False) -> None:
        self.layout = RatjackLayout(session.record.players, 0)
        self.selected: int | None = None  # the hand card chosen in the play phase (a card id)
        self.browsing = False  # the whole discard pile is shown
        super().__init__(app, session, resumed=resumed, demo=demo)
        self.layout = RatjackLayout(session.record.players, self.viewer)

    # ------------------------------------------------------------------ images
    def card_image(self, card: dict | None, size=HAND_CARD):
        """A card's face in the interface's language (``ratjack.card.<deck>.<value>[.ja]``), or the back."""
        key = f"ratjack.card.{card['deck']}.{card['value']}" if card else "ratjack.card.back"
        return gfx.image(self.app.assets, gfx.localized(self.app.assets, key), tuple(size))

    def token_image(self, face: str, size: int = TOKEN):
        return gfx.image(self.app.assets, f"ratjack.token.{face}", (size, size))

    def area_image(self, q: int, i: int, size=None):
        """The card at ``(q, i)`` as the viewer sees it now (face, or back)."""
        size = size or self.layout.card_size(q)
        try:
            entry = self.display["areas"][q][i]
        except IndexError:
            return self.card_image(None, size)
        return self.card_image(entry["card"] if entry["face_up"] else None, size)

    def hand_key_of(self, card: dict | None):
        for i, c in enumerate(self.display["hand"]):
            if card is not None and c == card:
                return ("hand", i)
        return None

    def deck_size(self) -> int:
        return self.sprites.noted("deck_size", self.display["deck_size"])

    # ------------------------------------------------------------------ view changes
    def on_view_shown(self) -> None:
        if self.layout.viewer != self.viewer:
            self.layout = RatjackLayout(self.session.record.players, self.viewer)
        if self.selected is not None and self.display.get("phase") != "play":
            self.selected = None

    def on_viewer_changed(self) -> None:
        self.selected = None
        self.browsing = False
        super().on_viewer_changed()

    def after_undo(self) -> None:
        self.selected = None
        super().after_undo()

    def start_events(self, view: dict) -> list[dict]:
        """Round 1's start and the viewer's dealt cards."""
        return [
            {
                "type": "round_started",
                "round": view["round"],
                "start_player": view["start_player"],
                "decks": list(view["decks"]),
            },
            {"type": "cards_dealt", "player": self.viewer, "cards": list(view["hand"])},
        ]

    def open_view(self, views: list[dict]) -> dict:
        """All cards open (replays): every hand, and each face-down card that any player knows."""
        view = super().open_view(views)
        view["areas"] = [
            [
                next(
                    (
                        dict(entry, card=v["areas"][q][i]["card"])
                        for v in views
                        if v["areas"][q][i]["card"] is not None
                    ),
                    entry,
                )
                for i, entry in enumerate(area)
            ]
            for q, area in enumerate(view["areas"])
        ]
        return view

    # ------------------------------------------------------------------ choices and the bar
    def current_choices(self) -> Choices:
        return self.choices_for(choices, self.selected)

    def bar_buttons(self) -> list[BarButton]:
        ch = self.current_choices()
        out: list[BarButton] = []
        if not ch.picks and ch.face_down is None:
            return out
        phase = self.display["phase"]
        if phase == "draw":
            for key, pick in ((("deck",), "draw_deck"), (("discard",), "take_discard")):
                if key in ch:
                    label = t(
                        f"rj.btn.{pick}",
                        card=card_label(self.display["discard"][-1]) if self.display["discard"] else "",
                    )
                    out.append(
                        BarButton(
                            label,
                            lambda k=key: self.pick(k),
                            "D" if pick == "draw_deck" else "T",
                            ident=pick,
                            primary=pick == "draw_deck",
                        )
                    )
        elif phase == "setup":
            for n, key in enumerate(ch.order, start=1):
                card = self.display["hand"][key[1]]
                out.append(
                    BarButton(
                        t("rj.btn.setup", card=card_label(card)),
                        lambda k=key: self.pick(k),
                        str(n),
                        ident=f"setup-{n}",
                    )
                )
        elif phase == "play":
            if self.selected is None:
                for n, key in enumerate(ch.order, start=1):
                    card = self.display["hand"][key[1]]
                    out.append(
                        BarButton(card_label(card), lambda k=key: self.pick(k), str(n), ident=f"select-{n}")
                    )
            else:
                out += self._play_buttons(ch)
        else:
            out += self._ability_buttons(ch)
        return out

    def _play_buttons(self, ch: Choices) -> list[BarButton]:
        sel = self._selected_card()
        out = []
        if ch.face_down is not None:
            out.append(
                BarButton(
                    t("rj.btn.face_down", card=card_label(sel)),
                    lambda: self.act(ch.face_down),
                    "F",
                    ident="face-down",
                )
            )
        if ch.face_up is not None:
            label = t("rj.btn.face_up")
            out.append(BarButton(label, lambda: self.act(ch.face_up), "U", ident="face-up", primary=True))
        for n, (key, action) in enumerate(ch.flips, start=1):
            entry = self.display["areas"][self.viewer][key[2]]
            flip = entry["card"]
            label = t("rj.btn.flip", flip=card_label(flip))
            out.append(
                BarButton(
                    label, lambda a=action: self.act(a), str(ch.order.index(key) + 1), ident=f"flip-{n}"
                )
            )
        out.append(BarButton(t("rj.btn.cancel"), self.deselect, t("rj.key_backspace"), ident="cancel"))
        return out

    def _ability_buttons(self, ch: Choices) -> list[BarButton]:
        pending = self.display.get("pending") or {}
        out = []
        for q, action in ch.players:
            key = (
                "rj.btn.give"
                if pending.get("drawn") or pending.get("ability") == "weasel 3"
                else "rj.btn.exchange"
            )
            out.append(
                BarButton(
                    t(key, name=self.name(q)),
                    lambda a=action: self.act(a),
                    str(ch.order.index(("seat", q)) + 1),
                    ident=f"player-{q}",
                )
            )
        for key, action in ch.discards:
            if key == ("drawn",):
                label = t("rj.btn.discard_drawn")
            else:
                label = t("rj.btn.discard_hand", card=card_label(self.display["hand"][key[1]]))
            out.append(
                BarButton(
                    label,
                    lambda a=action: self.act(a),
                    str(ch.order.index(key) + 1),
                    ident=f"discard-{ch.order.index(key) + 1}",
                )
            )
        return out

    def _selected_card(self) -> dict | None:
        for c in self.display["hand"]:
            if card_of(c) == self.selected:
                return c
        return None

    # ------------------------------------------------------------------ input
    def pick(self, key: tuple) -> bool:
        """Click on item ``key``: perform its action or select its hand card."""
        ch = self.current_choices()
        pick = ch.picks.get(key)
        if pick is None:
            return False
        if pick.select is not None:
            self.selected = pick.select
            self.app.sound("sfx.click")
            return True
        self.selected = None
        return self.act(pick.action)

    def deselect(self) -> None:
        self.selected = None

    def item_at(self, pos) -> tuple | None:
        lay = self.layout
        if lay.deck.collidepoint(pos):
            return ("deck",)
        if lay.discard.collidepoint(pos):
            return ("discard",)
        if lay.discard_all.collidepoint(pos):
            return ("discard-all",)
        for zone in (lay.reserve, lay.hand, *lay.areas.values()):
            item = zone.item_at(pos)
            if item is not None:
                return item
        q = lay.seat_at(pos)
        return ("seat", q) if q is not None else None

    def point_of(self, key: tuple) -> tuple[int, int] | None:
        """Where to click for item ``key`` as the table is drawn now (tests and hints use it)."""
        lay = self.layout
        if key == ("deck",):
            return lay.deck.center
        if key == ("discard",):
            return lay.discard.center
        if key[0] == "seat":
            panel = lay.panels[key[1]]
            return (panel.left + 40, panel.top + 16)
        for zone in (lay.reserve, lay.hand, *lay.areas.values()):
            rect = zone.rect_of(key)
            if rect is not None:
                return (rect.left + 6, rect.top + 14)  # the left strip stays visible when cards overlap
        return None

    def item_rect(self, key: tuple) -> pygame.Rect | None:
        """The rectangle of table item ``key`` as drawn now."""
        lay = self.layout
        fixed = {("deck",): lay.deck, ("discard",): lay.discard}
        if key in fixed:
            return fixed[key]
        if key[0] == "seat":
            return lay.panels[key[1]]
        for zone in (lay.reserve, lay.hand, *lay.areas.values()):
            rect = zone.rect_of(key)
            if rect is not None:
                return rect
        return None

    def action_label(self, action) -> str:
        return action_label(action, self.name)

    def hint_rects(self, action) -> list[pygame.Rect]:
        """The items to point at for ``action``: in the play phase the hand card (and the own
        card a flip turns) and, once that card is chosen, what uses it (its button, or the own
        face-down card a flip turns); else the item whose click performs it."""
        if action.kind in PLAY_KINDS and self.display["phase"] == "play" and self.selected == action.card:
            return self._use_rects(action)
        ch = choices(self.display, self.legal_actions())
        keys = [
            key
            for key, pick in ch.picks.items()
            if pick.action == action or (pick.select is not None and pick.select == action.card)
        ]
        if action.kind == FLIP:
            own = {
                card_of(e["card"]): i for i, e in enumerate(self.display["areas"][self.viewer]) if e["card"]
            }
            if action.card2 in own:
                keys.append(("area", self.viewer, own[action.card2]))
        return [rect for rect in map(self.item_rect, keys) if rect is not None]

    def _use_rects(self, action) -> list[pygame.Rect]:
        """Where the chosen hand card is used by ``action``: the own face-down card a flip turns and
        the bar's button for it."""
        ch = self.current_choices()
        flips = [(n, key) for n, (key, a) in enumerate(ch.flips, start=1) if a == action]
        idents = [f"flip-{n}" for n, _ in flips] or [USE_BUTTONS.get(action.kind, "")]
        rects = [rect for rect in (self.item_rect(key) for _, key in flips) if rect is not None]
        found = [self.bar.find(ident) for ident in idents] if self.bar is not None else []
        return rects + [b.rect for b in found if b is not None and b.visible]

    def tutorial_anchor(self, name: str) -> list[pygame.Rect]:
        """The rects a lesson's step is about; ``+`` joins anchors (``discard+token:double``).

        * ``deck``, ``discard``, ``piles`` (both), ``reserve`` (the token reserve), ``token:FACE``
          (the reserve token showing FACE, e.g. ``token:double``), ``hand`` (your hand cards),
          ``log``, ``goal`` (the round and the goal, top left);
        * for players ``P`` (a seat number, or several: ``area:1,2``): ``seat:P`` (the panel),
          ``area:P`` (the cards in front of them), ``value:P`` (the value gauge and its number),
          ``vp:P`` (the victory-point pips); ``card:P:I`` is card ``I`` (0-based, left to right)
          of ``P``'s area.
        """
        return [rect for part in name.split("+") for rect in self._anchor(part)]

    def tutorial_keep_clear(self) -> list[pygame.Rect]:
        """A lesson's note had better not cover your hand, your cards, the piles, the buttons or anybody's value."""
        lay = self.layout
        values = [self._seat_anchor("value", q) for q in lay.panels]
        return [
            self.bar_rect,
            lay.hand.rect,
            _union(lay.areas[self.viewer]),
            lay.deck.union(lay.discard),
            *values,
        ]

    def _anchor(self, name: str) -> list[pygame.Rect]:
        lay = self.layout
        kind, _, arg = name.partition(":")
        if kind == "card":
            q, _, i = arg.partition(":")
            return [lay.area_rect(int(q), int(i))]
        if kind == "token":
            rect = lay.reserve.rect_of(("reserve", arg))
            return [rect] if rect is not None else []
        if kind in ("seat", "area", "value", "vp"):
            return [self._seat_anchor(kind, int(q)) for q in arg.split(",")]
        if kind == "hand":
            return [_union(lay.hand)]
        if kind == "goal":
            width = gfx.font(15).size(t("rj.goal", n=self.display["target_vp"]))[0]
            return [pygame.Rect(12, 8, 150 + width - 4, TOP_BAR.height - 16)]
        fixed = {
            "deck": [lay.deck],
            "discard": [lay.discard],
            "piles": [lay.deck, lay.discard],
            "reserve": [lay.reserve.rect],
            "log": [LOG],
        }
        return fixed.get(kind, [])

    def _seat_anchor(self, kind: str, q: int) -> pygame.Rect:
        lay = self.layout
        if kind == "seat":
            return lay.panels[q]
        if kind == "area":
            return _union(lay.areas[q])
        if kind == "value":
            gauge = lay.gauges[q]  # its label above, its number after it
            return pygame.Rect(gauge.left - 4, gauge.top - 18, gauge.width + 48, gauge.height + 26)
        x, y = lay.pips[q]
        return pygame.Rect(x - 4, y - 4, self.display["target_vp"] * 19 + 8, 22)

    def on_click(self, pos) -> None:
        if self.browsing:
            self.browsing = False
            return
        item = self.item_at(pos)
        if item is None:
            return
        if self.pick(item):
            return
        if item in (("discard",), ("discard-all",)) and self.display["discard"]:
            self.browsing = True
        elif (
            item[0] == "hand"
            and self.selected is not None
            and self.display["hand"][item[1]] == self._selected_card()
        ):
            self.deselect()  # clicking the chosen card again puts it back

    def on_key(self, event) -> None:
        k = event.key
        if self.browsing:
            self.browsing = False
            return
        ch = self.current_choices()
        if k in NUMBER_KEYS:
            key = ch.numbered(NUMBER_KEYS[k])
            if key is not None:
                self.pick(key)
        elif k == pygame.K_d:
            self.pick(("deck",))
        elif k == pygame.K_t:
            self.pick(("discard",))
        elif k == pygame.K_f and ch.face_down is not None:
            self.act(ch.face_down)
        elif k == pygame.K_u and ch.face_up is not None:
            self.act(ch.face_up)
        elif k == pygame.K_BACKSPACE:
            self.deselect()

    def handle_event(self, event) -> None:
        if self.browsing and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.browsing = False
            return
        super().handle_event(event)

    # ------------------------------------------------------------------ frame
    def banner_center(self) -> tuple[int, int]:
        return self.layout.center.center

    def notice_place(self) -> tuple[str, tuple[int, int], int]:
        """Toasts sit at the bottom of the prompt box (what they answer), below its first lines and
        clear of the names, scores and piles."""
        return ("midbottom", (PROMPT.centerx, PROMPT.bottom - 4), PROMPT.w - 8)

    def turn_prompt(self) -> str:
        d = self.display
        phase = d["phase"]
        if phase == "setup":
            return t("rj.prompt.setup")
        if phase == "draw":
            return t("rj.prompt.draw")
        if phase == "play":
            if self.selected is None:
                return t("rj.prompt.play")
            ch = self.current_choices()
            key = "rj.prompt.selected" if ch.flips else "rj.prompt.selected_no_flip"
            card = self._selected_card()
            text = t(key, card=card_label(card), ability=ability_text(card))
            return text if ch.face_up is not None else f"{text}\n{t('rj.prompt.no_face_up')}"
        pending = d.get("pending") or {}
        text = t(
            "rj.prompt.ability",
            ability=card_label(pending.get("card")),
            step=step_text(pending.get("prompt", "")),
        )
        chosen = [self.chosen_label(key) for key in self.chosen_keys()]
        return f"{text}\n{t('rj.prompt.chosen', items=', '.join(chosen))}" if chosen else text

    def chosen_keys(self) -> list[tuple]:
        """What the earlier steps of the ability being resolved chose: ``("reserve", face)`` for a token,
        ``("area", q, i)`` for a card (shown framed in gold and named in the prompt)."""
        pending = self.display.get("pending") or {}
        return [
            ("reserve", m["token"]) if isinstance(m, dict) else ("area", m[0], m[1])
            for m in pending.get("chosen") or []
        ]

    def chosen_label(self, key: tuple) -> str:
        if key[0] == "reserve":
            return t("rj.prompt.chosen_token", token=token_label(key[1]))
        return t(
            "rj.prompt.chosen_card", owner=self.log_owner(key[1]), card=card_in_area(self, key[1], key[2])
        )

    # ------------------------------------------------------------------ drawing (see .draw)
    def draw_table(self, surface) -> None:
        draw.tabletop(self, surface)

    def draw_labels(self, surface) -> None:
        draw.out_chips(self, surface)

    def draw_popup(self, surface) -> None:
        if self.browsing:
            draw.discard_browser(self, surface)

    def draw_summary(self, surface) -> None:
        draw.summary(self, surface)

    def results_summary(self) -> list[str]:
        lines = []
        for ev in self.log.entries:
            if ev["type"] == "vp_scored":
                lines.append(
                    t(
                        "log.rj.vp",
                        name=self.subject(ev["player"]),
                        points=ev["points"],
                        reason=reason_text(ev["reason"]),
                        vp=ev["vp"][ev["player"]],
                    )
                )
        return lines


def _union(zone) -> pygame.Rect:
    """The rectangle around a zone's items (the zone's own when it holds none)."""
    rects = [rect for _, rect in zone.rects()]
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(zone.rect)

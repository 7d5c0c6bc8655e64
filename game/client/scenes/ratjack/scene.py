"""The Ratjack table: every player's area around the deck, discard pile and token reserve.

Input is by pointing: the legal actions (:mod:`.input`) say which cards,
tokens, players or piles can be clicked now; they are highlighted (with a
number for the number keys) and everything else is dimmed while an ability
waits for its target.  Hover any card, token, pile or gauge for its meaning.
"""

from __future__ import annotations

import pygame

from game.rules.ratjack.actions import FACE_DOWN, FACE_UP, FLIP
from game.rules.ratjack.state import LIMIT

from ... import gfx
from ...i18n import t, tn
from ...table import widgets
from ...table.actionbar import BarButton
from ...table.picks import NUMBER_KEYS
from ...table.scene import TableScene
from .animations import animations
from .input import Choices, choices
from .layout import (
    BAR,
    BOTTOM,
    HAND_CARD,
    KEYS,
    LOG,
    PILE_CARD,
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
    card_tip_text,
    reason_text,
    step_text,
    token_label,
    token_text,
)

BROWSE = pygame.Rect(120, 110, 820, 460)
PLAY_KINDS = (FACE_DOWN, FACE_UP, FLIP)  # the uses of a chosen hand card
USE_BUTTONS = {FACE_DOWN: "face-down", FACE_UP: "face-up"}  # their bar buttons (flips: "flip-N")
KNOWN_BLUE = (90, 150, 220)  # the frame of a face-down card the viewer knows
CHOSEN = gfx.GOLD  # the frame of what an earlier step of the ability chose
OUT_CHIP = (34, 18, 16)  # the backing of a player's "Out" line, drawn under their cards
VALUE_CORNER = (0.45, 0.3)  # the part of a card face that holds its value (width, height fractions)


class RatjackScene(TableScene):
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
        return [{"type": "round_started", "round": view["round"], "start_player": view["start_player"],
                 "decks": list(view["decks"])},
                {"type": "cards_dealt", "player": self.viewer, "cards": list(view["hand"])}]

    def open_view(self, views: list[dict]) -> dict:
        """All cards open (replays): every hand, and each face-down card that any player knows."""
        view = super().open_view(views)
        view["areas"] = [[next((dict(entry, card=v["areas"][q][i]["card"]) for v in views
                                if v["areas"][q][i]["card"] is not None), entry)
                          for i, entry in enumerate(area)] for q, area in enumerate(view["areas"])]
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
                    label = t(f"rj.btn.{pick}", card=card_label(self.display["discard"][-1])
                              if self.display["discard"] else "")
                    out.append(BarButton(label, lambda k=key: self.pick(k), "D" if pick == "draw_deck" else "T",
                                         ident=pick, primary=pick == "draw_deck"))
        elif phase == "setup":
            for n, key in enumerate(ch.order, start=1):
                card = self.display["hand"][key[1]]
                out.append(BarButton(t("rj.btn.setup", card=card_label(card)), lambda k=key: self.pick(k), str(n),
                                     ident=f"setup-{n}"))
        elif phase == "play":
            if self.selected is None:
                for n, key in enumerate(ch.order, start=1):
                    card = self.display["hand"][key[1]]
                    out.append(BarButton(card_label(card), lambda k=key: self.pick(k), str(n), ident=f"select-{n}"))
            else:
                out += self._play_buttons(ch)
        else:
            out += self._ability_buttons(ch)
        return out

    def _play_buttons(self, ch: Choices) -> list[BarButton]:
        sel = self._selected_card()
        out = []
        if ch.face_down is not None:
            out.append(BarButton(t("rj.btn.face_down", card=card_label(sel)),
                                 lambda: self.act(ch.face_down), "F", ident="face-down"))
        if ch.face_up is not None:
            label = t("rj.btn.face_up")
            out.append(BarButton(label, lambda: self.act(ch.face_up), "U", ident="face-up", primary=True))
        for n, (key, action) in enumerate(ch.flips, start=1):
            entry = self.display["areas"][self.viewer][key[2]]
            flip = entry["card"]
            label = t("rj.btn.flip", flip=card_label(flip))
            out.append(BarButton(label, lambda a=action: self.act(a), str(ch.order.index(key) + 1),
                                 ident=f"flip-{n}"))
        out.append(BarButton(t("rj.btn.cancel"), self.deselect, t("rj.key_backspace"), ident="cancel"))
        return out

    def _ability_buttons(self, ch: Choices) -> list[BarButton]:
        pending = self.display.get("pending") or {}
        out = []
        for q, action in ch.players:
            key = "rj.btn.give" if pending.get("drawn") or pending.get("ability") == "weasel 3" else "rj.btn.exchange"
            out.append(BarButton(t(key, name=self.name(q)), lambda a=action: self.act(a),
                                 str(ch.order.index(("seat", q)) + 1), ident=f"player-{q}"))
        for key, action in ch.discards:
            if key == ("drawn",):
                label = t("rj.btn.discard_drawn")
            else:
                label = t("rj.btn.discard_hand", card=card_label(self.display["hand"][key[1]]))
            out.append(BarButton(label, lambda a=action: self.act(a), str(ch.order.index(key) + 1),
                                 ident=f"discard-{ch.order.index(key) + 1}"))
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
        keys = [key for key, pick in ch.picks.items()
                if pick.action == action or (pick.select is not None and pick.select == action.card)]
        if action.kind == FLIP:
            own = {card_of(e["card"]): i for i, e in enumerate(self.display["areas"][self.viewer]) if e["card"]}
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
        return [self.bar_rect, lay.hand.rect, _union(lay.areas[self.viewer]), lay.deck.union(lay.discard), *values]

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
        fixed = {"deck": [lay.deck], "discard": [lay.discard], "piles": [lay.deck, lay.discard],
                 "reserve": [lay.reserve.rect], "log": [LOG]}
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
        elif item[0] == "hand" and self.selected is not None and self.display["hand"][item[1]] == \
                self._selected_card():
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

    # ------------------------------------------------------------------ captions
    uncaptioned = frozenset({"round_started", "cards_dealt", "turn_started", "card_seen", "round_ended",
                             "game_over"})

    def seat_rect(self, p: int) -> pygame.Rect:
        return self.layout.panels[p]

    def caption_anchor(self, ev: dict, actor: int) -> pygame.Rect:
        """The card, token or pile ``ev`` changed (a swap: the card that is not the actor's)."""
        lay, kind = self.layout, ev["type"]
        if kind in ("card_placed", "card_flipped", "card_peeked", "token_placed", "token_returned"):
            return lay.area_rect(ev["owner"], ev["index"])
        if kind in ("cards_swapped", "tokens_swapped"):
            a, b = ev["cards"]
            other = b if a["owner"] == actor else a
            return lay.area_rect(other["owner"], other["index"])
        if kind == "card_moved":
            return lay.area_rect(ev["to"]["owner"], ev["to"]["index"])
        if kind in ("card_discarded", "cards_milled", "deck_shuffled"):
            return lay.discard
        if kind == "hands_exchanged":
            return lay.panels[ev["with"]]
        return lay.panels[actor]

    def caption_avoid(self) -> list[tuple[pygame.Rect, float]]:
        """Card values above all, then the cards, the value gauges and the piles."""
        lay = self.layout
        out: list[tuple[pygame.Rect, float]] = []
        for zone in (*lay.areas.values(), lay.hand):
            for _, rect in zone.rects():
                out.append((rect, 1))
                out.append((pygame.Rect(rect.left, rect.top, round(rect.width * VALUE_CORNER[0]),
                                        round(rect.height * VALUE_CORNER[1])), 600))
        for gauge in lay.gauges.values():
            out.append((gauge.inflate(70, 20).move(35, -6), 20))  # the bar, its label and the value after it
        corner = pygame.Rect(lay.discard.left, lay.discard.top, round(lay.discard.width * VALUE_CORNER[0]),
                             round(lay.discard.height * VALUE_CORNER[1]))
        out += [(lay.deck, 20), (lay.discard, 20), (corner, 600), (lay.reserve.rect, 1)]
        out += [(self.out_chip_rect(q, label), 600) for q, label in self.out_labels().items()]
        return out

    def caption_text(self, ev: dict, actor: int) -> str | None:
        """Which cards a swap exchanged (the log line names only their owners); no line for an ability
        being used: its banner shows the card's text."""
        if ev["type"] == "ability_started":
            return None
        if ev["type"] == "cards_swapped":
            a, b = ev["cards"]
            return t("caption.rj.swapped", name=self.name(actor),
                     owner_a=self.log_owner(a["owner"], actor=actor), card_a=card_in_area(self, a["owner"], a["index"]),
                     owner_b=self.log_owner(b["owner"], actor=actor), card_b=card_in_area(self, b["owner"], b["index"]))
        return super().caption_text(ev, actor)

    def outcomes(self, ev: dict) -> list[tuple[int, str, str]]:
        """A player out, exactly 25 and any other VP scored."""
        if ev["type"] == "player_eliminated":
            return [(ev["player"], t("caption.rj.out", name=self.subject(ev["player"]), value=ev["value"]), "bad")]
        if ev["type"] == "vp_scored":
            key = "caption.rj.exact" if ev["reason"] == "exactly 25" else "caption.rj.scored"
            return [(ev["player"], t(key, name=self.subject(ev["player"]), points=ev["points"]), "good")]
        return []

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
        text = t("rj.prompt.ability", ability=card_label(pending.get("card")), step=step_text(pending.get("prompt", "")))
        chosen = [self.chosen_label(key) for key in self.chosen_keys()]
        return f"{text}\n{t('rj.prompt.chosen', items=', '.join(chosen))}" if chosen else text

    def chosen_keys(self) -> list[tuple]:
        """What the earlier steps of the ability being resolved chose: ``("reserve", face)`` for a token,
        ``("area", q, i)`` for a card (shown framed in gold and named in the prompt)."""
        pending = self.display.get("pending") or {}
        return [("reserve", m["token"]) if isinstance(m, dict) else ("area", m[0], m[1])
                for m in pending.get("chosen") or []]

    def chosen_label(self, key: tuple) -> str:
        if key[0] == "reserve":
            return t("rj.prompt.chosen_token", token=token_label(key[1]))
        return t("rj.prompt.chosen_card", owner=self.log_owner(key[1]), card=card_in_area(self, key[1], key[2]))

    def draw_table(self, surface) -> None:
        surface.blit(gfx.image(self.app.assets, "ui.table", self.app.size, opaque=True), (0, 0))
        d = self.display
        self.layout.reserve.set_items(("reserve", f) for f in d["reserve"])
        hand_items = [("hand", i) for i in range(len(d["hand"]))]
        if (d.get("pending") or {}).get("drawn"):
            hand_items.append(("drawn",))
        self.layout.hand.set_items(hand_items)
        for q in range(len(d["areas"])):
            self.layout.areas[q].set_items(("area", q, i) for i in range(len(d["areas"][q])))
        ch = self.current_choices()
        targeting = bool(ch.picks) and d["phase"] == "ability" or self.selected is not None
        self.draw_top(surface, d)
        for q in range(len(d["areas"])):
            self.draw_player(surface, d, q, ch, targeting)
        self.draw_center(surface, d, ch, targeting)
        self.draw_hand(surface, d, ch)
        self.log.draw(surface, LOG)
        self.draw_prompt(surface, PROMPT, KEYS)

    def draw_top(self, surface, d) -> None:
        gfx.panel(surface, TOP_BAR.inflate(-8, -6), 200, radius=8)
        gfx.text(surface, t("rj.round", n=d["round"]), (20, 22), 18, gfx.GOLD, anchor="midleft", bold=True)
        gfx.text(surface, t("rj.goal", n=d["target_vp"]), (150, 22), 15, gfx.INK, anchor="midleft")

    def _badge(self, ch: Choices, key) -> str | None:
        if key in ch.picks and self.my_turn:
            n = ch.order.index(key) + 1
            return str(n) if n <= 9 else None
        return None

    def shown_value(self, q: int) -> int:
        """``q``'s value as the gauge shows it: the shown view's, or one an animation noted (the values
        after the option once its cards landed, the values at the end of a round while its summary shows)."""
        return self.sprites.noted(("value", q), self.display["values"][q])

    def draw_player(self, surface, d, q: int, ch: Choices, targeting: bool) -> None:
        lay = self.layout
        panel = lay.panels[q]
        out = d["eliminated"][q]
        active = d["current_player"] == q and not d["terminal"]
        seat_pick = ("seat", q) in ch.picks
        widgets.player_panel(surface, panel, self.name(q), active=active, out=out,
                             highlight=widgets.TARGET if seat_pick else None)
        if seat_pick and self._badge(ch, ("seat", q)):
            widgets.chip(surface, self._badge(ch, ("seat", q)), (panel.right - 8, panel.top - 8),
                         colour=(40, 40, 40), text_colour=widgets.HIGHLIGHT, anchor="topright")
        # the name strip only: a tip over the whole panel popped up wherever the mouse rested
        name_strip = pygame.Rect(panel.left, panel.top, panel.width, 34)
        self.tips.add(name_strip, lambda q=q: t("rj.tip.panel_out", name=self.subject(q)) if d["eliminated"][q] else
                      t("rj.tip.vp", name=self.name(q), vp=d["vp"][q], target=d["target_vp"]))
        vp = self.sprites.noted(("vp", q), d["vp"][q])
        pip_rect = widgets.pips(surface, lay.pips[q], vp, d["target_vp"])
        self.tips.add(pip_rect, lambda q=q, vp=vp: t("rj.tip.vp", name=self.name(q), vp=vp, target=d["target_vp"]))
        value = self.shown_value(q)
        gauge = widgets.ValueGauge(lay.gauges[q], LIMIT)
        gauge.draw(surface, value)
        colour = gfx.RED if value > LIMIT else gfx.GOLD if value == LIMIT else gfx.INK
        gfx.text(surface, str(value), (gauge.rect.right + 8, gauge.rect.centery), 24 if q == self.viewer else 20,
                 colour, anchor="midleft", bold=True)
        gfx.text(surface, t("rj.value_label"), (gauge.rect.left, gauge.rect.top - 3), 12, gfx.MUTED,
                 anchor="bottomleft")
        self.tips.add(gauge.rect.inflate(60, 14),
                      lambda q=q, v=value: t("rj.tip.gauge", name=self.name(q), value=v))
        if q != self.viewer:
            self.draw_backs(surface, d, q)
        size = lay.card_size(q)
        chosen_keys = self.chosen_keys()
        for key, rect in lay.areas[q].rects():
            if self.sprites.is_hidden(key):
                continue
            entry = d["areas"][q][key[2]]
            shown = entry["card"] if entry["face_up"] else None
            img = self.card_image(shown, size)  # a face-down card shows its back, known or not
            known_down = not entry["face_up"] and entry["card"] is not None
            picked = key in ch.picks
            chosen = key in chosen_keys
            widgets.draw_card(surface, img, rect, dim=(targeting and not picked and not chosen) or out,
                              lift=4 if picked else 0,
                              highlight=widgets.TARGET if picked else CHOSEN if chosen else None,
                              badge=self._badge(ch, key),
                              decorate=(lambda r, c=entry["card"]: self.draw_known_face(surface, c, r))
                              if known_down else None)
            if entry["token"] and not self.sprites.is_hidden(("token", q, key[2])):
                ts = lay.token_size(q)
                widgets.draw_token(surface, self.token_image(entry["token"], ts),
                                   lay.token_center(q, key[2]) if not picked else
                                   (lay.token_center(q, key[2])[0], lay.token_center(q, key[2])[1] - 4))
            self.tips.add(rect, lambda e=entry, q=q: self.card_tip(e, q))

    def draw_labels(self, surface) -> None:
        for q, label in self.out_labels().items():
            self.draw_out_chip(surface, q, label)

    def out_chip_rect(self, q: int, label: str) -> pygame.Rect:
        """Where ``q``'s "Out" chip goes: under their cards (never over a card's value), inside their panel."""
        lay = self.layout
        rects = [rect for _, rect in lay.areas[q].rects()]
        top = max(r.bottom for r in rects) + 4 if rects else lay.areas[q].rect.top
        size = 12
        rect = pygame.Rect(0, 0, gfx.font(size, True).size(label)[0] + 12, size + 9)
        rect.topleft = (lay.areas[q].rect.left, top)
        return rect.clamp(lay.panels[q].inflate(-8, -8))

    def out_labels(self) -> dict[int, str]:
        """The "Out" chip's text of each player out of the round (or going out in the move being shown)."""
        out = {}
        for q in range(len(self.display["areas"])):
            reason = self.sprites.noted(("out", q), None) or self.out_reason(q)
            if self.display["eliminated"][q] or reason:
                out[q] = t("rj.out_reason", reason=reason_text(reason)) if reason else t("rj.out")
        return out

    def draw_out_chip(self, surface, q: int, label: str) -> None:
        """Why ``q`` is out, on a dark chip under their (dimmed) cards; drawn after the landed cards, so a
        card that has just arrived does not cover it."""
        widgets.chip(surface, label, self.out_chip_rect(q, label).topleft, colour=OUT_CHIP, text_colour=gfx.RED,
                     size=12)

    def draw_known_face(self, surface, card: dict, rect: pygame.Rect) -> None:
        """A face-down card the viewer knows: a small picture of its face on its back, framed in blue."""
        w, h = round(rect.width * 0.7), round(rect.height * 0.7)
        face = self.card_image(card, (w, h))
        mini = face.get_rect(midbottom=(rect.centerx, rect.bottom - 4))
        surface.blit(face, mini)
        pygame.draw.rect(surface, KNOWN_BLUE, mini.inflate(2, 2), width=2, border_radius=5)
        pygame.draw.rect(surface, KNOWN_BLUE, rect, width=2, border_radius=6)

    def card_tip(self, entry: dict, q: int) -> str:
        lines = []
        card = entry["card"]
        if entry["face_up"] or card is not None:
            lines.append(card_tip_text(card))
            if not entry["face_up"]:
                lines.append(t("rj.tip.face_down_own"))
        else:
            lines.append(t("rj.tip.face_down_unknown"))
        if entry["token"]:
            lines.append(token_text(entry["token"]))
        return "\n".join(lines)

    def out_reason(self, q: int) -> str | None:
        """Why ``q`` is out of the current round (from the log)."""
        if not self.display["eliminated"][q]:
            return None
        for ev in reversed(self.log.entries):
            if ev["type"] == "round_started":
                return None
            if ev["type"] == "player_eliminated" and ev["player"] == q:
                return ev["reason"]
        return None

    def draw_backs(self, surface, d, q: int) -> None:
        rect = self.layout.backs[q]
        n = d["hand_sizes"][q]
        if self.sprites.is_hidden(("backs", q)):
            n = 0
        open_hand = (d.get("open_hands") or [None] * (q + 1))[q]  # a replay with all cards open
        for i in range(n):
            card = open_hand[i] if open_hand and i < len(open_hand) else None
            surface.blit(self.card_image(card, (22, 31)), (rect.left + i * 12, rect.top))
        gfx.text(surface, t("rj.in_hand", n=d["hand_sizes"][q]), (rect.left + 24 + 12 * max(0, n - 1) + 6,
                                                                   rect.top + 15), 13, gfx.MUTED, anchor="midleft")
        self.tips.add(rect, lambda: tn("rj.tip.hand_back", d["hand_sizes"][q], name=self.name(q)))

    def draw_center(self, surface, d, ch: Choices, targeting: bool) -> None:
        lay = self.layout
        back = self.card_image(None, PILE_CARD)
        deck_pick = ("deck",) in ch.picks
        widgets.draw_pile(surface, back, lay.deck, self.deck_size(), label=t("rj.deck"),
                          highlight=widgets.TARGET if deck_pick else None, dim=targeting,
                          badge="D" if deck_pick else None)
        self.tips.add(lay.deck, lambda: tn("rj.tip.deck", self.deck_size()))
        pile = list(d["discard"])
        if self.sprites.is_hidden(("discard",)):
            pile = pile[:-max(1, int(self.sprites.noted("discard_hidden", 1)))]
        top = pile[-1] if pile else None
        count = len(pile) + self.sprites.noted("discard_added", 0)  # cards landed on it in this action
        disc_pick = ("discard",) in ch.picks
        widgets.draw_pile(surface, self.card_image(top, PILE_CARD) if top else back, lay.discard, count,
                          label=t("rj.discard"), highlight=widgets.TARGET if disc_pick else None,
                          dim=targeting and not disc_pick, badge="T" if disc_pick else None)
        if pile:
            pygame.draw.rect(surface, (40, 50, 45), lay.discard_all, border_radius=8)
            gfx.text(surface, t("rj.see_all", n=count), lay.discard_all.center, 12, gfx.MUTED, anchor="center")
        self.tips.add(lay.discard.union(lay.discard_all),
                      lambda: tn("rj.tip.discard", len(d["discard"]), card=card_label(d["discard"][-1]))
                      if d["discard"] else t("rj.tip.discard_empty"))
        zone = lay.reserve
        gfx.text(surface, t("rj.reserve"), (zone.rect.left, zone.rect.top - 8), 14, gfx.MUTED, anchor="bottomleft")
        if not zone.items:
            gfx.text(surface, t("rj.reserve_empty"), zone.rect.topleft, 14, gfx.MUTED)
        chosen_keys = self.chosen_keys()
        for key, rect in zone.rects():
            if self.sprites.is_hidden(key):
                continue
            picked, chosen = key in ch.picks, key in chosen_keys
            widgets.draw_token(surface, self.token_image(key[1], TOKEN), rect.center,
                               highlight=widgets.TARGET if picked else CHOSEN if chosen else None,
                               dim=targeting and not picked and not chosen)
            badge = self._badge(ch, key)
            if badge:
                widgets.chip(surface, badge, (rect.left - 6, rect.top - 8), colour=(40, 40, 40),
                             text_colour=widgets.HIGHLIGHT)
            self.tips.add(rect, lambda f=key[1]: t("rj.tip.reserve") + "\n" + token_text(f))

    def draw_hand(self, surface, d, ch: Choices) -> None:
        lay = self.layout
        label = t("rj.hand") if self.session.is_human(self.viewer) else self.name(self.viewer)
        gfx.text(surface, label, (lay.hand.rect.left, lay.panels[self.viewer].top + 10), 14, gfx.MUTED)
        hovered = lay.hand.item_at(self.mouse) if self.mouse else None
        pending = d.get("pending") or {}
        for key, rect in lay.hand.rects():
            if self.sprites.is_hidden(key):
                continue
            card = pending.get("drawn") if key == ("drawn",) else d["hand"][key[1]]
            picked = key in ch.picks
            chosen = key != ("drawn",) and self.selected is not None and card_of(card) == self.selected
            lift = 22 if chosen else 12 if (picked and hovered == key) else 0
            widgets.draw_card(surface, self.card_image(card, HAND_CARD), rect,
                              dim=bool(ch.picks) and not picked and not chosen and self.my_turn, lift=lift,
                              highlight=widgets.HIGHLIGHT if chosen else widgets.TARGET if picked else None,
                              badge=self._badge(ch, key), note=t("rj.drawn") if key == ("drawn",) else None)
            self.tips.add(rect, lambda c=card: card_tip_text(c))

    # ------------------------------------------------------------------ overlays
    def draw_popup(self, surface) -> None:
        if self.browsing:
            self.draw_discard_browser(surface)

    def draw_discard_browser(self, surface) -> None:
        pile = self.display["discard"]
        gfx.panel(surface, BROWSE, 255, colour=(24, 30, 26), border=widgets.HIGHLIGHT)  # opaque
        self.tips.cover(BROWSE)
        gfx.text(surface, tn("rj.discard_heading", len(pile)), (BROWSE.left + 20, BROWSE.top + 14), 20, gfx.GOLD,
                 bold=True)
        cols = 11
        for i, card in enumerate(pile):
            x = BROWSE.left + 20 + (i % cols) * 72
            y = BROWSE.top + 56 + (i // cols) * 98
            surface.blit(self.card_image(card, (64, 90)), (x, y))
            self.tips.add(pygame.Rect(x, y, 64, 90), lambda c=card: card_tip_text(c))
        gfx.text(surface, t("rj.discard_close"), (BROWSE.centerx, BROWSE.bottom - 12), 14, gfx.MUTED,
                 anchor="midbottom")

    def summary_rect(self, players: int) -> pygame.Rect:
        """The round summary's box: over the centre, clear of your own panel and its VP pips."""
        rect = pygame.Rect(0, 0, 520, 120 + 34 * players)
        rect.center = self.layout.center.center
        return rect.clamp(pygame.Rect(0, 44, 956, BOTTOM.top - 4 - 44))

    def draw_summary(self, surface) -> None:
        s = self.summary
        rect = self.summary_rect(len(s["values"]))
        self.tips.cover(rect)
        gfx.panel(surface, rect, 255, colour=(30, 24, 18), border=widgets.HIGHLIGHT)  # opaque
        gfx.text(surface, t("rj.summary.title", n=s["round"]), (rect.centerx, rect.top + 14), 24, gfx.GOLD,
                 anchor="midtop", bold=True)
        gfx.text(surface, t("rj.summary.reason", reason=reason_text(s["reason"])), (rect.centerx, rect.top + 50), 16,
                 gfx.INK, anchor="midtop")
        scored = self._round_scorers()
        y = rect.top + 80
        for q, value in enumerate(s["values"]):
            colour = gfx.GOLD if q in scored else gfx.MUTED if self.display["eliminated"][q] else gfx.INK
            gfx.text(surface, t("rj.summary.line", name=self.name(q), value=value, vp=s["vp"][q]),
                     (rect.left + 30, y), 18, colour)
            if q in scored:
                gfx.text(surface, t("rj.summary.scored", points=scored[q]), (rect.right - 30, y), 18, gfx.GOLD,
                         anchor="topright", bold=True)
            y += 34
        if self.timeline.waiting:
            last = (self.final_view or {}).get("terminal")  # the round that ended the game
            gfx.text(surface, t("rj.summary.results" if last else "rj.summary.continue"),
                     (rect.centerx, rect.bottom - 10), 14, gfx.MUTED,
                     anchor="midbottom")

    def _round_scorers(self) -> dict[int, int]:
        """Who scored in the round being summarised, from the log."""
        out: dict[int, int] = {}
        for ev in reversed(self.log.entries):
            if ev["type"] == "round_started":
                break
            if ev["type"] == "vp_scored":
                out[ev["player"]] = out.get(ev["player"], 0) + ev["points"]
        return out

    def results_summary(self) -> list[str]:
        lines = []
        for ev in self.log.entries:
            if ev["type"] == "vp_scored":
                lines.append(t("log.rj.vp", name=self.subject(ev["player"]), points=ev["points"],
                               reason=reason_text(ev["reason"]), vp=ev["vp"][ev["player"]]))
        return lines


def _union(zone) -> pygame.Rect:
    """The rectangle around a zone's items (the zone's own when it holds none)."""
    rects = [rect for _, rect in zone.rects()]
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(zone.rect)

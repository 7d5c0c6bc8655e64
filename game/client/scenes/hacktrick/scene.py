"""``HacktrickScene``: the Hacktrick table on the table framework.

The parts live next to it: :mod:`.layout` (where things sit), :mod:`.view_model`
(what a view means), :mod:`.draw` (drawing and tooltips), :mod:`.animations`
(one handler per event), :mod:`.log_text` (one log line per event) and
:mod:`.input` (legal actions -> clicks, keys and the action bar).
"""

from __future__ import annotations

import pygame

from game.rules.hacktrick import Action
from game.rules.hacktrick.actions import DECLARE_GUARD, DECLARE_PLAY
from game.rules.hacktrick.actions import PLAY as PLAY_KIND

from ... import gfx
from ...i18n import t
from ...table.scene import TableScene
from . import draw, input, log_text
from .animations import animations
from .captions import HacktrickCaptions
from .layout import (
    BAR,
    BOARD_AT,
    BOARD_MARKER,
    CARD,
    DECK,
    HAND,
    KEYS_HINT,
    LOG,
    MARKER,
    MENU,
    ROW,
    STATUS,
    UNDO,
    TableLayout,
)
from .view_model import action_label, reason_text


class HacktrickScene(HacktrickCaptions, TableScene):
    animations = animations
    bar_rect = BAR
    bar_columns = 3
    menu_rect = MENU
    undo_rect = UNDO
    hint_rect = KEYS_HINT

    def keys_text(self) -> str:
        return t("ht.keys")

    def __init__(self, app, session, resumed: bool = False, demo: bool = False) -> None:
        super().__init__(app, session, resumed=resumed, demo=demo)
        self.layout = TableLayout(app.assets)
        self.hover: tuple | None = None  # the hovered hand card's key
        self.x2_chosen = False  # the x2 toggle (used while the x2 may be played)
        self._board_markers: dict[tuple[int, bool], pygame.Surface] = {}
        self.layout.arrange(self.display)

    # ------------------------------------------------------------------ images
    def image(self, key: str, size=None) -> pygame.Surface:
        return gfx.image(self.app.assets, key, size)

    def card_image(self, value: int | None, size=CARD) -> pygame.Surface:
        """A card face (``None``: the back)."""
        return self.image("hacktrick.card.back" if value is None else f"hacktrick.card.{value}", size)

    def marker_image(self, owner: int, x2: bool, size: int = MARKER) -> pygame.Surface:
        return self.image(f"hacktrick.marker.{owner}{'.x2' if x2 else ''}", (size, size))

    def board_marker(self, owner: int, x2: bool) -> pygame.Surface:
        """A marker as it lies on a cell, in its rim with its shadow (centre it on its slot)."""
        key = (owner, x2)
        if key not in self._board_markers:
            self._board_markers[key] = draw.board_marker_image(self.marker_image(owner, x2, BOARD_MARKER))
        return self._board_markers[key]

    # ------------------------------------------------------------------ names and text
    def describe(self, ev: dict) -> str | None:
        return log_text.describe(ev, self.log_name)

    def start_events(self, view: dict) -> list[dict]:
        """Hand 1's deal and set-aside cards, as the viewer saw them."""
        return [
            {
                "type": "hand_started",
                "hand": view["hand_number"],
                "dealer": view["dealer"],
                "aside": list(view["aside"]),
            },
            {"type": "cards_dealt", "player": self.viewer, "cards": list(view["hand"])},
        ]

    def score_line(self, scores) -> str:
        """ "Player 1: 2 · Player 2: 1 (first to 5)": in seat order whoever looks (hot-seat players take
        turns at the screen), each name with its score behind a colon, so that a name ending in a digit
        ("プレイヤー2") does not run into its score."""
        return t(
            "ht.score",
            a=self.name(0),
            sa=scores[0],
            b=self.name(1),
            sb=scores[1],
            target=self.display["target"],
        )

    def status_text(self) -> str:
        p = self.session.to_move
        if self.session.over:
            return t("ht.status_over")
        if p is None:
            return ""
        if p != self.viewer or not self.session.is_human(p):
            return t("ht.status_wait", name=self.name(p))
        d = self.display
        if d["phase"] in ("open", "declare"):
            return t(f"ht.status_{d['phase']}")
        if not d["hand"]:  # nothing to click: drawing (or asking) is all there is
            can_ask = any(a.kind == "ask" for a in self.legal_actions())
            return t("ht.status_empty_ask" if can_ask else "ht.status_empty")
        return t("ht.status_must") if d["must_play"][p] else t("ht.status_main")

    def results_summary(self) -> list[str]:
        hands = [ev for ev in self.log.entries if ev["type"] == "hand_won"]
        return [
            t(
                "results.hand_line",
                hand=i + 1,
                name=self.name(ev["player"]),
                reason=reason_text(ev["reason"]),
                points=ev["points"],
            )
            for i, ev in enumerate(hands)
        ]

    # ------------------------------------------------------------------ the shown view
    def on_view_shown(self) -> None:
        self.layout.arrange(self.display)
        self.hover = self.hand_card_at(self.mouse) if self.mouse else None
        if not input.x2_choice(self.legal_actions()).possible:
            self.x2_chosen = False  # the toggle is for one decision

    # ------------------------------------------------------------------ buttons
    def bar_buttons(self) -> list:
        legal = self.legal_actions()
        x2 = input.x2_choice(legal)
        return input.bar_buttons(legal, x2, x2.on(self.x2_chosen), self.act, self.toggle_x2)

    def toggle_x2(self) -> None:
        """Flip the x2 toggle (only while both markers may be played)."""
        x2 = input.x2_choice(self.legal_actions())
        if x2.possible and not x2.forced:
            self.x2_chosen = not self.x2_chosen

    # ------------------------------------------------------------------ input
    def hand_card_at(self, pos) -> tuple | None:
        """The key of the hand card under ``pos`` (the lifted hovered card counts where it is drawn)."""
        if self.hover in self.layout.hand:
            lifted = self.layout.hand.rect_of(self.hover).move(0, -draw.LIFT)
            if lifted.collidepoint(pos):
                return self.hover
        return self.layout.hand.item_at(pos)

    def hovered_card(self) -> int | None:
        """The value of the hovered hand card."""
        if self.hover not in self.layout.hand:
            return None
        return self.display["hand"][self.hover[1]]

    def play_card(self, card: int) -> bool:
        """A click or digit on ``card``: open the row or play it with the chosen marker.  A card
        held but not playable is tried anyway, so that the player is told why not."""
        legal = self.legal_actions()
        action = input.card_action(legal, card, input.x2_choice(legal).on(self.x2_chosen))
        if action is None:
            if not (self.my_turn and card in self.display["hand"]):
                return False
            action = input.attempted_card_action(self.display["phase"], card, self.x2_chosen)
        return self.act(action)

    def action_label(self, action) -> str:
        return action_label(action)

    def hint_rects(self, action) -> list[pygame.Rect]:
        """A card action: the hand cards of that value (any of them does it); any other: its button in the bar."""
        buttons = [action.kind]
        rects = []
        if action.kind in input.CARD_KINDS:
            rects = [
                rect
                for (_, rect), value in zip(self.layout.hand.rects(), self.display["hand"], strict=True)
                if value == action.card
            ]
            buttons = [input.X2] if action.x2 else []
        found = [self.bar.find(ident) for ident in buttons] if self.bar is not None else []
        return rects + [b.rect for b in found if b is not None and b.visible]

    def tutorial_click(self, action) -> pygame.Rect | None:
        """The x2 toggle first when the card is to go with the other marker than the toggle says."""
        if action.kind == PLAY_KIND:
            x2 = input.x2_choice(self.legal_actions())
            if x2.possible and not x2.forced and x2.on(self.x2_chosen) != action.x2:
                button = self.bar.find(input.X2) if self.bar is not None else None
                return button.rect if button is not None and button.visible else None
            rects = self.hint_rects(action)
            return rects[0] if rects else None
        return super().tutorial_click(action)

    def tutorial_anchor(self, name: str) -> list[pygame.Rect]:
        """A lesson's anchors: ``board``, ``hand``, ``deck``, ``aside``, ``row``, ``log``, ``score``,
        ``cell:N`` / ``cells:N,M,..`` (board cells by their number), ``seat:me`` / ``seat:coach``
        (a player's panel), ``supply:me``, ``captured:me``, ``spent:me`` (the viewer's trays; ``coach``
        for the other player's), ``x2`` (the bar's x2 toggle), ``declare`` (the Play!/Guard! buttons)."""
        kind, _, arg = name.partition(":")
        layout = self.layout
        who = self.viewer if arg == "me" else layout.player_at("top")
        if kind in ("cell", "cells"):
            return [layout.cells[int(n)] for n in arg.split(",")]
        if kind == "seat":
            return [layout.seat(who).rect]
        if kind in ("supply", "captured", "spent"):
            return [layout.seat(who).tray_rect(kind)]
        if kind == "hand":
            return [rect for _, rect in layout.hand.rects()] or [HAND]
        if kind in ("x2", "declare"):
            idents = [input.X2] if kind == "x2" else [DECLARE_PLAY, DECLARE_GUARD]
            found = [self.bar.find(i) for i in idents] if self.bar is not None else []
            return [b.rect for b in found if b is not None and b.visible]
        fixed = {
            "board": layout.board,
            "deck": DECK,
            "aside": layout.aside.rect,
            "row": ROW,
            "log": LOG,
            "score": pygame.Rect(440, 8, 400, 36),
        }
        return [fixed[kind]] if kind in fixed else []

    def tutorial_keep_clear(self) -> list[pygame.Rect]:
        return [HAND, BAR, self.layout.board, ROW]

    def on_hover(self, pos) -> None:
        self.hover = self.hand_card_at(pos)

    def on_click(self, pos) -> None:
        key = self.hand_card_at(pos)
        if key is not None:
            self.play_card(self.display["hand"][key[1]])

    def on_key(self, event) -> None:
        if event.key == input.TOGGLE_KEY:
            self.app.sound("sfx.click")
            self.toggle_x2()
        elif event.key in input.KEY_KINDS:
            kind = input.KEY_KINDS[event.key]
            self.act(input.action_of_kind(self.legal_actions(), kind) or Action(kind))  # illegal: explained
        elif event.key in input.DIGIT_KEYS:
            self.play_card(input.DIGIT_KEYS[event.key])

    # ------------------------------------------------------------------ frame
    def draw_table(self, surface) -> None:
        surface.blit(gfx.image(self.app.assets, "ui.table", self.app.size, opaque=True), (0, 0))
        legal = self.legal_actions()
        draw.top_bar(self, surface)
        for p in self.layout.seats:
            draw.seat_panel(self, surface, p)
        draw.deck_and_aside(self, surface)
        draw.board(self, surface, legal)
        draw.row(self, surface)
        self.log.draw(surface, LOG)
        draw.status(self, surface)
        draw.hand(self, surface, legal)
        draw.keys_hint(self, surface)

    def draw_summary(self, surface) -> None:
        draw.summary(self, surface)

    def notice_place(self) -> tuple[str, tuple[int, int], int]:
        """Toasts sit on the prompt line (what they answer), below the board: clear of the board's
        cells, the score, the Dealer badge and the Row label."""
        return ("midtop", STATUS.midtop, STATUS.w)

    def banner_center(self) -> tuple[int, int]:
        return (self.layout.board.centerx, BOARD_AT[1] + 30)

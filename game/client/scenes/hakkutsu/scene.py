"""The Hakkutsu!! table: the 5x5 map, every player's cart, coins, equipment, museum and collection.

Input is by pointing (:mod:`.input`): at the start of a turn the reachable
cells are highlighted (hover one for the path and its card, click to go
there); equipment cards that can be used now are highlighted in the hand
(a Helicopter or Detector then waits for its cell); after moving onto a site
the dig prompt shows what digging costs and does to the cart.  Keys: the
number keys pick highlighted cards, the arrow keys and Enter pick a cell,
D dig, L leave it, E end the turn, T/S the Detector's top/second card,
Backspace cancels.  Hover anything for its meaning.
"""

from __future__ import annotations

import pygame

from game.rules.hakkutsu.actions import USE
from game.rules.hakkutsu.data import DATA

from ... import gfx
from ...i18n import t, tn
from ...table import widgets
from ...table.actionbar import BarButton
from ...table.picks import NUMBER_KEYS
from ...table.scene import TableScene
from . import mapview, overlays, panels
from .animations import animations
from .captions import HakkutsuCaptions
from .input import DETECTOR_MODE, Choices, choices, detector_action
from .layout import (
    BAR,
    COLS,
    EQUIP_DECK,
    KEYS,
    LOG,
    PAWN,
    PROMPT,
    ROWS,
    SUPPLY,
    TOP_BAR,
    HakkutsuLayout,
    cell_at,
    cell_rect,
)
from .log_text import lines as log_lines
from .log_text import with_places
from .texts import MUSEUM_VIEWS, action_label, dig_preview, dig_refusal, equipment_name, localized, rock_name

ARROWS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
CELL_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HakkutsuScene(HakkutsuCaptions, TableScene):
    animations = animations
    prompt_keys = "hk"
    log_lines = log_lines
    bar_rect = BAR
    bar_height = 34

    def __init__(self, app, session, resumed: bool = False, demo: bool = False) -> None:
        self.mode: str | None = None  # a Helicopter or Detector chosen, waiting for its cell
        self.detect_cell: tuple[int, int] | None = None  # the Detector's cell, waiting for top/second
        self.cursor: tuple[int, int] | None = None  # the keyboard's cell
        self.choice_rects: dict[tuple, pygame.Rect] = {}
        self.map_cache: tuple | None = None  # (what the map shows, its drawn layer): see mapview.map_layer
        track = len(DATA.carts[DATA.modes[session.record.options["mode"]]["cart"]])
        self.layout = HakkutsuLayout(session.record.players, 0, track)
        super().__init__(app, session, resumed=resumed, demo=demo)
        self.layout = HakkutsuLayout(session.record.players, self.viewer, track)

    # ------------------------------------------------------------------ images
    def _image(self, key: str, size) -> pygame.Surface:
        """The asset ``key`` in the interface's language (rock, equipment and museum cards whose
        printed text is translated have a ``.ja`` face)."""
        return gfx.image(self.app.assets, gfx.localized(self.app.assets, key), tuple(size))

    def rock_image(self, card: dict, size) -> pygame.Surface:
        return self._image(f"hakkutsu.rock.{card['key']}", size)

    def back_image(self, area: str, size) -> pygame.Surface:
        """The back of a rock card of site area ``area`` (``A``, ``B``, ``C``, ``C1``, ``C2``)."""
        return self._image(f"hakkutsu.card.back.{area[0]}", size)

    def site_card_image(self, site: dict, size, known: dict | None = None) -> pygame.Surface:
        """A site's top card as the viewer sees it: its face, the face they saw with a Detector, or its back."""
        if site["face_up"]:
            return self.rock_image(site["top"], size)
        if known is not None:
            return self.rock_image(known, size)
        return self.back_image(site["area"], size)

    def pawn_image(self, q: int, size: int = PAWN) -> pygame.Surface:
        return self._image(f"hakkutsu.pawn.{q}", (size, size))

    def coin_image(self, size: int = 22) -> pygame.Surface:
        return self._image("hakkutsu.coin", (size, size))

    def kind_image(self, kind: str, size: int = 24) -> pygame.Surface:
        return self._image(f"hakkutsu.kind.{kind}", (size, size))

    def equipment_image(self, key: str | None, size) -> pygame.Surface:
        return self._image(f"hakkutsu.equipment.{key or 'back'}", size)

    def museum_image(self, museum: dict | None, size) -> pygame.Surface:
        return self._image(f"hakkutsu.museum.{museum['key'] if museum else 'back'}", size)

    def cart_image(self, size=None) -> pygame.Surface:
        """The cart track of this game's mode (alpha: Research, beta: Treasure)."""
        face = DATA.modes[self.display["mode"]]["cart"]
        key = gfx.localized(self.app.assets, f"hakkutsu.cart.{face}")
        return gfx.image(self.app.assets, key, tuple(size) if size else None)

    def museum_view(self, key: str) -> dict:
        return MUSEUM_VIEWS[key]

    # ------------------------------------------------------------------ what is shown
    def deck_size(self) -> int:
        return self.sprites.noted("deck_size", self.display["equipment_deck"])

    def round_title(self, n: int) -> str:
        rounds = self.display["rounds"]
        return t("hk.round_of", n=n, total=rounds) if rounds else t("hk.round", n=n)

    def hovered_cell(self) -> tuple[int, int] | None:
        return cell_at(self.mouse)

    def map_preview_shown(self, d: dict, dig_dialog: bool) -> bool:
        """The hovered cell's preview: not over the dig dialog, the set-up choices or the scores,
        and not after a click until the mouse moves (it hid what the click opened)."""
        return (
            self.hovered_cell() is not None
            and self.summary is None
            and not dig_dialog
            and not self.tips.dismissed
            and d["phase"] not in ("draft", "equip")
        )

    def on_view_shown(self) -> None:
        if self.layout.viewer != self.viewer:
            self.layout = HakkutsuLayout(self.session.record.players, self.viewer, self.layout.track_cells)
        if self.mode is not None and not self.current_choices().uses.get(self.mode):
            self.cancel_mode()

    def on_viewer_changed(self) -> None:
        self.cancel_mode()
        self.cursor = None
        super().on_viewer_changed()

    def after_undo(self) -> None:
        self.cancel_mode()
        super().after_undo()

    log_needs_before = True

    def log_context(self, events: list[dict], before: dict) -> list[dict]:
        """Cells named in the log carry what the viewer saw there before the action (no coordinates)."""
        return with_places(events, before)

    # ------------------------------------------------------------------ choices and the bar
    def current_choices(self) -> Choices:
        return self.choices_for(choices, self.mode)

    def bar_buttons(self) -> list[BarButton]:
        ch = self.current_choices()
        if ch.empty and not ch.uses:
            return []
        out: list[BarButton] = []
        d = self.display
        for key in ch.order:
            if key[0] == "dealt":
                name = equipment_name(d["equipment_dealt"][key[1]])
                out.append(
                    BarButton(
                        t("hk.btn.keep", card=name),
                        lambda k=key: self.pick(k),
                        ch.number_of(key),
                        ident=f"keep-{key[1]}",
                    )
                )
            elif key[0] == "draft":
                name = localized(d["draft_pool"][key[1]])
                out.append(
                    BarButton(
                        t("hk.btn.draft", museum=name),
                        lambda k=key: self.pick(k),
                        ch.number_of(key),
                        ident=f"draft-{key[1]}",
                    )
                )
        if self.mode is not None:
            if self.detect_cell is not None:
                for second, label, k in ((False, "hk.btn.look_top", "T"), (True, "hk.btn.look_second", "S")):
                    action = detector_action(ch, self.detect_cell, second)
                    if action is not None:
                        out.append(
                            BarButton(
                                t(label),
                                lambda a=action: self.perform(a),
                                k,
                                ident="look-second" if second else "look-top",
                            )
                        )
            out.append(BarButton(t("hk.btn.cancel"), self.cancel_mode, t("hk.key_backspace"), ident="cancel"))
            return out
        if ch.mine is not None or ch.skip is not None:
            dig = dig_preview(d, self.viewer)
            label = t("hk.btn.dig", card=rock_name(dig.card), cost=dig.cost) if dig else t("hk.btn.dig_plain")
            out.append(
                BarButton(
                    label,
                    lambda: self.perform(ch.mine),
                    "D",
                    enabled=ch.mine is not None,
                    primary=ch.mine is not None,
                    ident="dig",
                )
            )
        if ch.skip is not None:
            out.append(BarButton(t("hk.btn.leave"), lambda: self.perform(ch.skip), "L", ident="leave"))
        for i, e in enumerate(d["equipment"]):
            key = ("equipment", i)
            if key in ch:
                label = (
                    t(f"hk.btn.use_{e['key']}")
                    if e["key"] in ("helicopter", "detector")
                    else t("hk.btn.use", card=equipment_name(e["key"]))
                )
                out.append(
                    BarButton(label, lambda k=key: self.pick(k), ch.number_of(key), ident=f"use-{e['key']}")
                )
        if ch.end is not None:
            out.append(
                BarButton(t("hk.btn.end"), lambda: self.perform(ch.end), "E", primary=True, ident="end")
            )
        return out

    def action_label(self, action) -> str:
        return action_label(action, self.display)

    def hint_rects(self, action) -> list[pygame.Rect]:
        """Where ``action`` is taken now: its map cell, its card (equipment, deal, draft) or its button."""
        ch = self.current_choices()
        rects = [cell_rect(*rc) for rc, pick in ch.cells.items() if pick.action == action]
        rects += [cell_rect(*rc) for rc, actions in ch.detector.items() if action in actions]
        for key, pick in ch.picks.items():
            if pick.action == action or (
                pick.mode is not None
                and action.kind == USE
                and key[0] == "equipment"
                and action.name == pick.mode
            ):
                rect = self.choice_rects.get(key) or self.layout.hand.rect_of(key)
                if rect is not None:
                    rects.append(rect)
        for ident, plain in (("dig", ch.mine), ("leave", ch.skip), ("end", ch.end)):
            button = self.bar.find(ident) if self.bar is not None else None
            if plain == action and button is not None:
                rects.append(button.rect)
        return rects

    #: The dig prompt's box as last drawn (``None`` while none shows).
    dig_rect: pygame.Rect | None = None

    def tutorial_keep_clear(self) -> list[pygame.Rect]:
        """A lesson's note leaves the dig prompt (the cost and the cart it explains) and the buttons in sight."""
        return [self.bar_rect] + ([self.dig_rect] if self.dig_rect is not None else [])

    def tutorial_anchor(self, name: str) -> list[pygame.Rect]:
        """The rects a lesson's step points at; ``a+b`` joins several anchors.

        Table: ``map``, ``base``, ``cell:R,C`` (a map cell), ``round`` (the round counter and the rules
        in the top bar), ``supply`` (the coins), ``deck`` (the equipment deck), ``log``, ``prompt``, ``dig``
        (the Dig button), ``scores`` (the final scoring, once shown).  A player's (``me``, ``coach`` = the
        next seat, or a seat number): ``panel:``, ``stats:`` (coins and movement), ``track:`` (the cart
        track), ``cart:`` (the rocks loaded), ``collection:``, ``equipment:`` (the hand; another player's
        card backs), ``museum:``, ``pawn:`` (the cell the pawn stands on).  Everything is read from the
        layout as it is now.
        """
        from . import layout as where

        if "+" in name:
            return [rect for part in name.split("+") for rect in self.tutorial_anchor(part)]
        kind, _, arg = name.partition(":")
        if kind == "cell":
            r, c = (int(x) for x in arg.split(","))
            return [where.cell_rect(r, c)]
        fixed = {
            "map": where.MAP,
            "base": where.cell_rect(*divmod(DATA.base, where.COLS)),
            "log": where.LOG,
            "prompt": where.PROMPT,
            "supply": where.SUPPLY,
            "deck": where.EQUIP_DECK,
            "round": pygame.Rect(
                where.TOP_BAR.left + 8,
                where.TOP_BAR.top + 4,
                where.SUPPLY.left - 16 - where.TOP_BAR.left,
                where.TOP_BAR.height - 8,
            ),
        }
        if kind in fixed:
            return [fixed[kind]]
        if kind == "scores":
            return [overlays.SCORES] if self.summary is not None else []
        if kind == "dig":
            button = self.bar.find("dig") if self.bar is not None else None
            return [button.rect] if button is not None else []
        n = self.display["num_players"]
        q = self.viewer if arg == "me" else (self.viewer + 1) % n if arg == "coach" else int(arg)
        lay = self.layout.panels[q]
        if kind == "pawn":
            return [where.cell_rect(*self.display["pawns"][q])]
        if kind == "stats":  # the coins and the movement, up to what the panel draws next on that line
            right = lay.kinds_label[0] - 10 if lay.own else lay.hand.rect.left - 6
            return [pygame.Rect(lay.stats, (right - lay.stats[0], 32 if lay.own else 28))]
        if kind == "equipment":
            return [lay.hand.rect if lay.own else lay.hand.rect.inflate(36, 6).move(18, 0)]
        if kind == "collection":
            cols = list(lay.kinds.values())
            return [cols[0].unionall(cols[1:])]
        parts = {"panel": lay.rect, "track": lay.track, "cart": lay.cart.rect, "museum": lay.museum}
        return [parts[kind]] if kind in parts else []

    def open_view(self, views: list[dict]) -> dict:
        """All cards open (replays): every museum, and every player's equipment cards in place of the backs."""
        view = super().open_view(views)
        view["museum"] = [views[q]["museum"][q] for q in range(len(views))]
        view["open_hands"] = [v["equipment"] for v in views]
        return view

    # ------------------------------------------------------------------ input
    def perform(self, action) -> bool:
        """Do ``action`` (leaving any equipment mode)."""
        self.cancel_mode()
        return self.act(action)

    def cancel_mode(self) -> None:
        self.mode = None
        self.detect_cell = None

    def pick(self, key) -> bool:
        """Click on item ``key``: an equipment card, a setup choice or a map cell ``("cell", r, c)``."""
        ch = self.current_choices()
        if key[0] == "cell":
            return self.pick_cell(ch, (key[1], key[2]))
        pick = ch.picks.get(key)
        if pick is None:
            return False
        if pick.mode is not None:
            self.mode = None if self.mode == pick.mode else pick.mode
            self.detect_cell = None
            self.app.sound("sfx.click")
            return True
        return self.perform(pick.action)

    def pick_cell(self, ch: Choices, rc: tuple[int, int]) -> bool:
        pick = ch.cells.get(rc)
        if pick is None:
            return False
        if pick.action is not None:
            return self.perform(pick.action)
        self.detect_cell = rc  # the Detector may look at the top or the second card: the bar asks which
        self.app.sound("sfx.click")
        return True

    def item_at(self, pos) -> tuple | None:
        for key, rect in self.choice_rects.items():
            if rect.collidepoint(pos):
                return key
        rc = cell_at(pos)
        if rc is not None:
            return ("cell", *rc)
        item = self.layout.hand.item_at(pos)
        if item is not None:
            return item
        q = self.layout.seat_at(pos)
        return ("seat", q) if q is not None else None

    def point_of(self, key) -> tuple[int, int] | None:
        """Where to click for item ``key`` as the table is drawn now (tests use it)."""
        if key[0] == "cell":
            return cell_rect(key[1], key[2]).center
        if key in self.choice_rects:
            return self.choice_rects[key].center
        rect = self.layout.hand.rect_of(key)
        if rect is not None:
            return (rect.left + 6, rect.top + 20)  # the left strip stays visible when cards overlap
        return None

    def on_click(self, pos) -> None:
        item = self.item_at(pos)
        if item is not None:
            self.pick(item)

    def on_key(self, event) -> None:
        k = event.key
        ch = self.current_choices()
        if k in NUMBER_KEYS:
            key = ch.numbered(NUMBER_KEYS[k])
            if key is not None:
                self.pick(key)
        elif k in ARROWS:
            self.move_cursor(*ARROWS[k])
        elif k in CELL_KEYS and self.cursor is not None:
            self.pick_cell(ch, self.cursor)
        elif k == pygame.K_d and ch.mine is not None and self.mode is None:
            self.perform(ch.mine)
        elif k == pygame.K_l and ch.skip is not None and self.mode is None:
            self.perform(ch.skip)
        elif k == pygame.K_e and ch.end is not None and self.mode is None:
            self.perform(ch.end)
        elif k in (pygame.K_t, pygame.K_s) and self.detect_cell is not None:
            action = detector_action(ch, self.detect_cell, k == pygame.K_s)
            if action is not None:
                self.perform(action)
        elif k == pygame.K_BACKSPACE:
            self.cancel_mode()

    def move_cursor(self, dr: int, dc: int) -> None:
        if self.cursor is None:
            self.cursor = tuple(self.display["pawns"][self.viewer])
            return
        r, c = self.cursor
        self.cursor = (min(ROWS - 1, max(0, r + dr)), min(COLS - 1, max(0, c + dc)))

    # ------------------------------------------------------------------ frame
    def banner_center(self) -> tuple[int, int]:
        return (480, 266)

    def turn_prompt(self) -> str:
        d = self.display
        phase = d["phase"]
        if phase in ("draft", "equip"):
            return t(f"hk.prompt.{phase}")
        if self.mode == DETECTOR_MODE:
            return t("hk.prompt.detector_which" if self.detect_cell else "hk.prompt.detector")
        if self.mode is not None:
            return t("hk.prompt.helicopter")
        if phase == "move":
            key = "hk.prompt.move_research" if d["mode"] == "research" else "hk.prompt.move_treasure"
            return tn(key, (d.get("turn") or {}).get("movement", 0))
        if phase == "mine":
            dig = dig_preview(d, self.viewer)
            reason = dig_refusal(dig) if dig else None
            if reason:
                return t("hk.prompt.cannot_dig", reason=reason)
            return t("hk.prompt.mine", card=rock_name(dig.card) if dig else "", cost=dig.cost if dig else 0)
        usable = any(a.kind == USE for a in self.legal_actions())
        return t("hk.prompt.end" if usable else "hk.prompt.end_only")

    def draw_table(self, surface) -> None:
        surface.blit(gfx.image(self.app.assets, "ui.table", self.app.size, opaque=True), (0, 0))
        d = self.display
        ch = self.current_choices()
        self.draw_top(surface, d)
        mapview.draw_map(self, surface, d, ch)
        shown = panels.panel_view(self)  # in step with the log while an action is animated
        for q in range(d["num_players"]):
            panels.draw_panel(self, surface, shown, q, ch)
        self.choice_rects = {}
        if d["phase"] in ("draft", "equip"):
            overlays.draw_choice(self, surface, d, ch)
        dig = None
        self.dig_rect = None
        if self.my_turn and d["phase"] == "mine":
            dig = dig_preview(d, self.viewer)
            if dig is not None:
                self.dig_rect = overlays.draw_dig(self, surface, dig)[0]
        if self.map_preview_shown(d, dig is not None):
            mapview.draw_preview(self, surface, d, self.hovered_cell())
        self.log.draw(surface, LOG)
        self.draw_prompt(surface, PROMPT, KEYS)

    def draw_top(self, surface, d: dict) -> None:
        gfx.panel(surface, TOP_BAR.inflate(-8, -6), 200, radius=8)
        gfx.text(
            surface,
            self.round_title(max(1, d["round"])) if d["round"] else t("hk.setup"),
            (20, 22),
            18,
            gfx.GOLD,
            anchor="midleft",
            bold=True,
        )
        if d["rounds"]:
            left = max(0, d["rounds"] - d["round"])
            label = tn("hk.rounds_left", left) if left else t("hk.last_round")
            value, goal = d["round"], d["rounds"]
        else:
            value, goal = self.sprites.noted("empty_sites", d["empty_sites"]), d["end_empty_sites"]
            label = t("hk.empty_sites", n=value, total=goal)
        r = gfx.text(surface, label, (170, 22), 15, gfx.INK, anchor="midleft")
        bar = widgets.Bar((r.right + 10, 17, 100, 10), goal)
        bar.draw(surface, value)
        self.tips.add(
            r.union(bar.rect),
            lambda: (
                t("hk.tip.end_rounds", n=d["rounds"])
                if d["rounds"]
                else t("hk.tip.end_sites", n=d["end_empty_sites"], empty=d["empty_sites"])
            ),
        )
        mode = gfx.text(
            surface, t(f"hk.mode.{d['mode']}"), (bar.rect.right + 18, 22), 14, gfx.MUTED, anchor="midleft"
        )
        self.tips.add(mode, lambda: t(f"hk.tip.mode_{d['mode']}"))
        supply = self.sprites.noted("supply", d["coin_supply"])
        sr = widgets.token_stack(
            surface, self.coin_image(18), SUPPLY.topleft, supply, most=4, step=2, size=15
        )
        gfx.text(surface, t("hk.supply"), (sr.right + 4, SUPPLY.centery), 13, gfx.MUTED, anchor="midleft")
        self.tips.add(SUPPLY, lambda: t("hk.tip.supply", n=d["coin_supply"]))
        back = self.equipment_image(None, (22, 31))
        surface.blit(back, EQUIP_DECK.topleft)
        gfx.text(
            surface,
            t("hk.deck", n=self.deck_size(), used=len(d["equipment_discard"])),
            (EQUIP_DECK.left + 28, EQUIP_DECK.centery),
            13,
            gfx.INK,
            anchor="midleft",
        )
        self.tips.add(
            EQUIP_DECK, lambda: t("hk.tip.deck", n=d["equipment_deck"], used=len(d["equipment_discard"]))
        )

    def draw_summary(self, surface) -> None:
        overlays.draw_scores(self, surface, self.summary)

    def results_summary(self) -> list[str]:
        d = self.session.state.view(self.viewer)
        lines = []
        for q, b in enumerate(d.get("breakdown") or []):
            lines.append(
                t(
                    "hk.results.line",
                    name=self.name(q),
                    printed=b["printed"],
                    fossils=b["fossils"],
                    museum=b["museum"],
                    total=b["total"],
                )
            )
        for ev in reversed(self.log.entries):
            if ev["type"] == "game_over":
                lines.append(overlays.verdict(self, ev))
                break
        return lines

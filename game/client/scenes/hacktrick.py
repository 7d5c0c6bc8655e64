"""The Hacktrick table: magic-square board, the row, hands, trays and controls.

Layout (logical 1280x720): top bar with scores; left column with the opponent,
the deck and aside cards and your trays; the board in the centre with your
hand below it; the row of played cards, the game log and the action buttons on
the right.  Every change is animated from the engine's events: cards slide to
the row, markers fly to their cell, captured markers fly to the captor, the
winning line or triple glows under a hand summary.
"""

from __future__ import annotations

import copy

import pygame
import pygame_gui

from game.rules import events_for
from game.rules.hacktrick import Action

from .. import gfx
from ..animation import Step, Tween, ease_in_out
from ..assets import AssetError
from ..i18n import t
from ..log_panel import LogPanel
from .base import GameScene

CARD = (100, 140)
SMALL = (64, 90)
TINY = (52, 73)
MARKER = 40
ICON = 26

TOP = pygame.Rect(0, 0, 1280, 50)
OPP = pygame.Rect(16, 60, 324, 236)
TABLE = pygame.Rect(16, 304, 324, 156)
MINE = pygame.Rect(16, 468, 324, 240)
BOARD_AT = (356, 60)
STATUS = pygame.Rect(356, 488, 420, 56)
HAND = pygame.Rect(356, 548, 420, 160)
ROW = pygame.Rect(792, 60, 472, 204)
LOG = pygame.Rect(792, 274, 472, 270)
BUTTONS_AT = (792, 556)

KEYS_TO_ACTIONS = {pygame.K_a: "ask", pygame.K_d: "draw", pygame.K_p: "play!", pygame.K_g: "guard!",
                   pygame.K_SPACE: "pass", pygame.K_RETURN: "pass", pygame.K_KP_ENTER: "pass"}


class HacktrickScene(GameScene):
    def __init__(self, app, session, resumed: bool = False, demo: bool = False) -> None:
        super().__init__(app, session, resumed=resumed, demo=demo)
        try:
            entry = app.assets.entry("hacktrick.board")
            self.board_size = app.assets.image("hacktrick.board").get_size()
            cells = entry.get("cells")
            numbers = entry.get("numbers") or [4, 9, 2, 3, 5, 7, 8, 1, 6]
        except AssetError:
            self.board_size, cells, numbers = (420, 420), None, [4, 9, 2, 3, 5, 7, 8, 1, 6]
        if not cells:
            cells = [[21 + c * 129, 21 + r * 129, 120, 120] for r in range(3) for c in range(3)]
        self.cells = {n: pygame.Rect(BOARD_AT[0] + x, BOARD_AT[1] + y, w, h)
                      for n, (x, y, w, h) in zip(numbers, cells, strict=True)}
        self.x2_mode = False
        self.hover: int | None = None  # index of the hovered hand card
        self.summary: dict | None = None
        self.banner: str | None = None
        self.log = LogPanel(self.describe)
        self.spin = 0.0
        self._button_state = None
        self.rebuild_log()

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        ui, c = self.app.ui, self.container
        bx, by = BUTTONS_AT
        w, h, gap = 150, 44, 11

        def mk(col, row, key):
            return pygame_gui.elements.UIButton(pygame.Rect(bx + col * (w + gap), by + row * (h + 10), w, h),
                                                t(key), ui, container=c, object_id="#game_button")

        self.b_ask = mk(0, 0, "ht.ask")
        self.b_draw = mk(1, 0, "ht.draw")
        self.b_x2 = mk(2, 0, "ht.x2_off")
        self.b_play = mk(0, 1, "ht.declare_play")
        self.b_guard = mk(1, 1, "ht.declare_guard")
        self.b_pass = mk(2, 1, "ht.pass")
        self.b_menu = pygame_gui.elements.UIButton(pygame.Rect(1164, 8, 104, 34), t("game.menu"), ui,
                                                   container=c)
        self.b_undo = pygame_gui.elements.UIButton(pygame.Rect(1050, 8, 104, 34), t("game.undo"), ui,
                                                   container=c)
        self._button_state = None
        self.sync_buttons()

    def legal(self) -> list[str]:
        return self.display.get("legal", []) if self.my_turn else []

    def sync_buttons(self) -> None:
        legal = set(self.legal())
        x2_possible = any(a.endswith(" x2") for a in legal)
        normal_possible = any(a.startswith("play ") and not a.endswith(" x2") and a[5:].isdigit()
                              for a in legal)
        if not x2_possible:
            self.x2_mode = False
        elif not normal_possible:
            self.x2_mode = True
        undo_ok = (not self.hotseat and bool(self.session.humans) and not self.session.over
                   and self.session.undo_point() is not None) if self.session.humans else False
        state = (frozenset(legal), x2_possible, normal_possible, self.x2_mode, undo_ok)
        if state == self._button_state:
            return
        self._button_state = state
        bx, by = BUTTONS_AT
        rows = (((self.b_ask, "ask" in legal), (self.b_draw, "draw" in legal), (self.b_x2, x2_possible)),
                ((self.b_play, "play!" in legal), (self.b_guard, "guard!" in legal),
                 (self.b_pass, "pass" in legal)))
        for r, row in enumerate(rows):
            col = 0
            for b, visible in row:
                if visible:
                    b.set_relative_position((bx + col * 161, by + r * 54))
                    b.show()
                    col += 1
                else:
                    b.hide()
        self.b_x2.set_text(t("ht.x2_on") if self.x2_mode else t("ht.x2_off"))
        if x2_possible and not normal_possible:
            self.b_x2.disable()
        else:
            self.b_x2.enable()
        (self.b_undo.show if self.session.humans and not self.hotseat else self.b_undo.hide)()
        (self.b_undo.enable if undo_ok else self.b_undo.disable)()

    def handle_ui(self, event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.b_menu:
            self.app.sound("sfx.click")
            self.pause()
        elif el is self.b_undo:
            self.undo()
        elif el is self.b_x2:
            self.toggle_x2()
        else:
            kind = {self.b_ask: "ask", self.b_draw: "draw", self.b_play: "play!", self.b_guard: "guard!",
                    self.b_pass: "pass"}.get(el)
            if kind:
                self.act_text(kind)

    def toggle_x2(self) -> None:
        legal = self.legal()
        if any(a.endswith(" x2") for a in legal) and any(
                a.startswith("play ") and not a.endswith("x2") for a in legal):
            self.x2_mode = not self.x2_mode
            self.app.sound("sfx.click")
            self._button_state = None

    def act_text(self, text: str) -> bool:
        try:
            action = Action.parse(text)
        except ValueError:
            return False
        return self.act(action)

    def play_card(self, value: int) -> bool:
        """The click / key on a hand card: open, or play with the chosen marker."""
        legal = self.legal()
        if f"open {value}" in legal:
            return self.act_text(f"open {value}")
        if self.x2_mode and f"play {value} x2" in legal:
            return self.act_text(f"play {value} x2")
        if f"play {value}" in legal:
            return self.act_text(f"play {value}")
        if f"play {value} x2" in legal:
            return self.act_text(f"play {value} x2")
        if self.my_turn and value in self.display["hand"]:
            self.act(Action("play" if self.display["phase"] != "open" else "open", value, self.x2_mode))
        return False

    # ------------------------------------------------------------------ input
    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.summary is not None and self.timeline.waiting:
                self.timeline.release()
                return
            i = self.card_at(event.pos)
            if i is not None:
                self.play_card(self.display["hand"][i])
        elif event.type == pygame.KEYDOWN:
            if self.summary is not None and self.timeline.waiting and event.key in (
                    pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.timeline.release()
                return
            if event.key == pygame.K_x:
                self.toggle_x2()
            elif event.key in KEYS_TO_ACTIONS:
                self.act_text(KEYS_TO_ACTIONS[event.key])
            elif pygame.K_0 <= event.key <= pygame.K_5:
                self.play_card(event.key - pygame.K_0)
            elif pygame.K_KP0 <= event.key <= pygame.K_KP5:
                self.play_card(event.key - pygame.K_KP0)
            else:
                super().handle_event(event)

    # ------------------------------------------------------------------ geometry
    def hand_rects(self, n: int | None = None) -> list[pygame.Rect]:
        n = len(self.display["hand"]) if n is None else n
        if n == 0:
            return []
        step = min(CARD[0] + 8, (HAND.width - CARD[0]) // max(1, n - 1)) if n > 1 else 0
        width = CARD[0] + step * (n - 1)
        x0 = HAND.centerx - width // 2
        return [pygame.Rect(x0 + i * step, HAND.top + 12, *CARD) for i in range(n)]

    def card_at(self, pos) -> int | None:
        rects = self.hand_rects()
        for i in range(len(rects) - 1, -1, -1):
            r = rects[i].copy()
            if i == self.hover:
                r.y -= 16
            if r.collidepoint(pos):
                return i
        return None

    def opp(self) -> int:
        return 1 - self.viewer

    def opp_hand_rects(self, n: int) -> list[pygame.Rect]:
        step = 34 if n > 1 else 0
        return [pygame.Rect(OPP.left + 16 + i * step, OPP.top + 44, *TINY) for i in range(n)]

    def row_rects(self, n: int) -> list[pygame.Rect]:
        """Positions of the last ``n`` row cards (rightmost big)."""
        if n == 0:
            return []
        big = pygame.Rect(ROW.right - 20 - CARD[0], ROW.top + 48, *CARD)
        rects = [big]
        x = big.left - 14 - SMALL[0]
        for _ in range(n - 1):
            rects.insert(0, pygame.Rect(x, big.bottom - SMALL[1], *SMALL))
            x -= 40
        return rects

    def marker_slot(self, cell: int, index: int) -> pygame.Rect:
        r = self.cells[cell]
        return pygame.Rect(r.left + 4 + index * 38, r.bottom - MARKER - 4, MARKER, MARKER)

    def tray_anchor(self, p: int, which: str) -> tuple[int, int]:
        panel = MINE if p == self.viewer else OPP
        y = panel.top + 124 + 20 + ICON // 2
        x = {"supply": panel.left + 30, "captured": panel.left + 140, "spent": panel.left + 250}[which]
        return (x, y)

    # ------------------------------------------------------------------ images
    def img(self, key: str, size=None):
        return gfx.image(self.app.assets, key, size)

    def card_img(self, value, size=CARD):
        return self.img(f"hacktrick.card.{value}" if value is not None else "hacktrick.card.back", size)

    def marker_img(self, owner: int, x2: bool, size: int = MARKER):
        return self.img(f"hacktrick.marker.{owner}{'.x2' if x2 else ''}", (size, size))

    # ------------------------------------------------------------------ animation
    def animate(self, events, before, after) -> None:
        self.display = copy.deepcopy(before)
        d = self.display
        me = self.viewer
        tl = self.timeline
        for ev in events:
            kind = ev["type"]
            p = ev.get("player")
            # the log line appears when its animation starts (no spoilers before the summary)
            tl.add(Step(on_start=lambda ev=ev: self.log.add([ev])))
            if kind == "hand_started":
                def deal(after=after):
                    self.display = copy.deepcopy(after)
                    self.display["legal"] = []
                    self.display["hand"] = []
                    self.display["hand_sizes"] = [0, 0]
                    self.summary = None

                def dealt(after=after):
                    self.display["hand"] = list(after["hand"])
                    self.display["hand_sizes"] = list(after["hand_sizes"])
                deck = self.deck_rect().center
                tweens = [Tween(self.card_img(None, TINY), deck, r.center, 0.3, delay=0.05 * i)
                          for i, r in enumerate(self.hand_rects(ev["hand_sizes"][me]))]
                tweens += [Tween(self.card_img(None, TINY), deck, r.center, 0.3, delay=0.05 * i + 0.02)
                           for i, r in enumerate(self.opp_hand_rects(ev["hand_sizes"][1 - me]))]
                tl.add(Step(tweens, on_start=deal, on_end=dealt, sound="sfx.shuffle"))
            elif kind == "card_played":
                tl.add(self._card_step(ev, d))
            elif kind == "marker_placed":
                tl.add(self._marker_step(ev, d))
            elif kind == "markers_captured":
                tl.add(self._capture_step(ev, d))
            elif kind in ("sums_announced", "sum_asked"):
                if kind == "sum_asked":
                    msg = t("ht.banner_ask", name=self.name(p), of=self.name(ev["of"]), sum=ev["sum"])
                else:
                    msg = t("ht.banner_sums", a=self.name(0), sa=ev["sums"][0], b=self.name(1), sb=ev["sums"][1])

                def announce(after=after, ev=ev, kind=kind):
                    d2 = self.display
                    d2["announced"] = copy.deepcopy(after["announced"])
                    if kind == "sum_asked":
                        d2["captured"][ev["player"]] -= 1
                        d2["spent"][ev["player"]] += 1
                        d2["asked"] = True
                tl.add(Step(on_start=lambda m=msg: setattr(self, "banner", m), hold=1.1,
                            on_end=lambda f=announce: (f(), setattr(self, "banner", None)), sound="sfx.flip"))
            elif kind == "deck_rebuilt":
                def rebuild(ev=ev):
                    self.display["row"] = self.display["row"][-1:]
                    self.display["deck_size"] = ev["size"]
                tl.add(Step(on_start=rebuild, hold=0.3, sound="sfx.shuffle"))
            elif kind == "card_drawn":
                tl.add(self._draw_step(ev))
            elif kind == "hand_revealed":
                msg = t("ht.banner_reveal", name=self.name(p), cards=" ".join(map(str, ev["cards"])))

                def reveal(after=after):
                    self.display["revealed"] = copy.deepcopy(after["revealed"])
                tl.add(Step(on_start=lambda m=msg, f=reveal: (setattr(self, "banner", m), f()), hold=1.4,
                            on_end=lambda: setattr(self, "banner", None), sound="sfx.flip"))
            elif kind == "declared":
                tl.add(self._declare_step(ev, after))
            elif kind == "hand_won":
                tl.add(self._win_step(ev))
        final = copy.deepcopy(after)
        tl.add(Step(on_end=lambda: self._settle(final)))

    def _settle(self, view) -> None:
        self.display = view
        self.hover = None
        self._button_state = None

    def _card_step(self, ev, d) -> Step:
        p, card = ev["player"], ev["card"]
        me = self.viewer
        if p == me and card in d["hand"]:
            src = self.hand_rects()[d["hand"].index(card)].center
        else:
            rects = self.opp_hand_rects(d["hand_sizes"][p]) if p != me else self.hand_rects()
            src = rects[-1].center if rects else OPP.center
        dest = self.row_rects(min(len(d["row"]) + 1, 8))[-1].center

        def start():
            dd = self.display
            if p == me and card in dd["hand"]:
                dd["hand"].remove(card)
            dd["hand_sizes"][p] = max(0, dd["hand_sizes"][p] - 1)
            dd["legal"] = []
            self.hover = None

        def end():
            self.display["row"].append(card)
        return Step([Tween(self.card_img(card), src, dest, 0.42, arc=40)], on_start=start, on_end=end,
                    sound="sfx.card")

    def _marker_step(self, ev, d) -> Step:
        p, cell, x2 = ev["player"], ev["cell"], ev["x2"]
        src = self.tray_anchor(p, "supply")

        def start():
            sup = self.display["supply"][p]
            if x2:
                sup["x2"] = False
            else:
                sup["normal"] = max(0, sup["normal"] - 1)

        def end():
            cells = self.display["board"][cell - 1]
            cells.append({"owner": p, "x2": x2})
        idx = min(2, len([m for m in d["board"][cell - 1] if m["owner"] == p]))
        dest = self.marker_slot(cell, idx).center
        return Step([Tween(self.marker_img(p, x2), src, dest, 0.38, arc=70, ease=ease_in_out)],
                    on_start=start, on_end=end, sound="sfx.marker")

    def _capture_step(self, ev, d) -> Step:
        p, o, cell, n = ev["player"], ev["from"], ev["cell"], ev["count"]
        dest = self.tray_anchor(p, "captured")
        tweens = []
        for i in range(n):
            x2 = ev.get("x2") and i == 0
            tweens.append(Tween(self.marker_img(o, bool(x2)), self.marker_slot(cell, i).center, dest, 0.45,
                                delay=0.08 * i, arc=50))

        def start():
            cells = self.display["board"][cell - 1]
            cells[:] = [m for m in cells if m["owner"] != o]

        def end():
            self.display["captured"][p] += n
        return Step(tweens, on_start=start, on_end=end, sound="sfx.capture")

    def _draw_step(self, ev) -> Step:
        p = ev["player"]
        me = self.viewer
        card = ev.get("card")
        if p == me:
            dest = self.hand_rects(len(self.display["hand"]) + 1)[-1].center
        else:
            dest = self.opp_hand_rects(self.display["hand_sizes"][p] + 1)[-1].center

        def start():
            self.display["deck_size"] = max(0, self.display["deck_size"] - 1)

        def end():
            dd = self.display
            if p == me and card is not None:
                dd["hand"] = sorted(dd["hand"] + [card])
            dd["hand_sizes"][p] += 1
        img = self.card_img(card if p == me else None, CARD if p == me else TINY)
        return Step([Tween(img, self.deck_rect().center, dest, 0.4, arc=20)], on_start=start, on_end=end,
                    sound="sfx.card")

    def _declare_step(self, ev, after) -> Step:
        p = ev["player"]
        cmd = ev["command"]
        msg = t("ht.banner_play" if cmd == "play" else "ht.banner_guard", name=self.name(p))

        def start():
            self.banner = msg
            sup = self.display["supply"][p]
            if ev.get("x2"):
                sup["x2"] = False
            else:
                sup["normal"] = max(0, sup["normal"] - 1)

        def end():
            self.banner = None
            self.display["spent"][p] += 1
            q = 1 - p
            key = "must_play" if cmd == "play" else "guarded"
            self.display[key][q] = True
        tw = Tween(self.marker_img(p, bool(ev.get("x2"))), self.tray_anchor(p, "supply"),
                   self.tray_anchor(p, "spent"), 0.4, arc=30)
        return Step([tw], on_start=start, on_end=end, hold=0.7, sound="sfx.coin")

    def _win_step(self, ev) -> Step:
        p = ev["player"]
        wait = bool(self.session.humans) and not self.demo

        def start():
            self.summary = dict(ev)
            self.display["scores"] = list(ev["scores"])
            if self.session.humans:
                self.app.sound("sfx.win" if self.session.is_human(p) else "sfx.lose")

        def end():
            self.summary = None
        return Step(on_start=start, on_end=end, hold=1.6 if wait else 2.2, wait_click=wait)

    # ------------------------------------------------------------------ log
    def rebuild_log(self) -> None:
        self.log.clear()
        state = self.session.record.new_state()
        for action in self.session.record.actions:
            self.log.add(events_for(state.apply(action), self.viewer))

    def after_undo(self) -> None:
        self.rebuild_log()
        self.summary = None
        self.banner = None
        self._button_state = None

    def on_viewer_changed(self) -> None:
        self.rebuild_log()
        self._button_state = None

    def log_name(self, p: int) -> str:
        """Players in the log are named by marker colour (the viewer marked as "you")."""
        colour = t(f"ht.colour{p}")
        if p == self.viewer and self.session.is_human(p):
            return t("ht.colour_you", colour=colour)
        return colour

    def describe(self, ev: dict) -> str | None:
        kind = ev["type"]
        p = ev.get("player")
        n = self.log_name(p) if isinstance(p, int) else ""
        if kind == "hand_started":
            return t("log.hand_started", hand=ev["hand"], dealer=self.log_name(ev["dealer"]),
                     aside=" ".join(map(str, ev["aside"])))
        if kind == "cards_dealt" and "cards" in ev:
            return t("log.dealt", name=n, cards=" ".join(map(str, ev["cards"])))
        if kind == "card_played":
            if ev.get("opening"):
                return t("log.opened", name=n, card=ev["card"])
            return t("log.played", name=n, card=ev["card"], cell=ev["cell"])
        if kind == "marker_placed" and ev.get("x2"):
            return t("log.x2", name=n, cell=ev["cell"])
        if kind == "markers_captured":
            return t("log.captured", name=n, count=ev["count"], cell=ev["cell"])
        if kind == "sums_announced":
            return t("log.sums", a=self.log_name(0), sa=ev["sums"][0], b=self.log_name(1), sb=ev["sums"][1])
        if kind == "sum_asked":
            return t("log.asked", name=n, of=self.log_name(ev["of"]), sum=ev["sum"])
        if kind == "card_drawn":
            if "card" in ev:
                return t("log.drew_card", name=n, card=ev["card"])
            return t("log.drew", name=n)
        if kind == "deck_rebuilt":
            return t("log.rebuilt", size=ev["size"])
        if kind == "hand_revealed":
            if not ev["cards"]:
                return t("log.revealed_none", name=n)
            return t("log.revealed", name=n, cards=" ".join(map(str, ev["cards"])))
        if kind == "declared":
            return t("log.declared_play" if ev["command"] == "play" else "log.declared_guard", name=n)
        if kind == "hand_won":
            return t("log.hand_won", name=n, reason=t(f"ht.reason.{ev['reason']}"), points=ev["points"])
        if kind == "game_over":
            return t("log.game_over", name=", ".join(self.log_name(w) for w in ev["winners"]))
        return None

    def results_summary(self) -> list[str]:
        hands = [ev for ev in self.log.entries if ev["type"] == "hand_won"]
        return [t("results.hand_line", hand=i + 1, name=self.name(ev["player"]),
                  reason=t(f"ht.reason.{ev['reason']}"), points=ev["points"]) for i, ev in enumerate(hands)]

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        super().update(dt)
        self.spin += dt
        if self.container is not None and self.app.scenes.top is self:
            self.sync_buttons()

    def deck_rect(self) -> pygame.Rect:
        return pygame.Rect(TABLE.left + 16, TABLE.top + 40, *SMALL)

    def draw(self, surface) -> None:
        surface.blit(gfx.image(self.app.assets, "ui.table", self.app.size, opaque=True), (0, 0))
        d = self.display
        self.draw_top(surface, d)
        self.draw_player_panel(surface, d, self.opp(), OPP)
        self.draw_table(surface, d)
        self.draw_player_panel(surface, d, self.viewer, MINE)
        self.draw_board(surface, d)
        self.draw_row(surface, d)
        self.log.draw(surface, LOG)
        self.draw_status(surface, d)
        self.draw_hand(surface, d)
        if self.my_turn:
            gfx.text_block(surface, t("ht.keys"), pygame.Rect(BUTTONS_AT[0], 664, 472, 50), 13, gfx.MUTED,
                           line_gap=0)

    def draw_over(self, surface) -> None:
        self.timeline.draw(surface)
        if self.banner:
            rect = pygame.Rect(0, 0, 560, 64)
            rect.center = (BOARD_AT[0] + self.board_size[0] // 2, BOARD_AT[1] + 30)
            gfx.panel(surface, rect, 235, colour=(40, 28, 20), border=(240, 200, 90))
            gfx.text(surface, self.banner, rect.center, 22, gfx.GOLD, anchor="center", bold=True)
        if self.summary:
            self.draw_summary(surface, self.summary)

    def draw_top(self, surface, d) -> None:
        gfx.panel(surface, TOP.inflate(-8, -6), 200, radius=8)
        gfx.text(surface, t("ht.hand_no", n=d["hand_number"], dealer=self.name(d["dealer"])), (20, 25), 17,
                 gfx.INK, anchor="midleft")
        me, op = self.viewer, self.opp()
        score = t("ht.score", a=self.name(me), sa=d["scores"][me], b=self.name(op), sb=d["scores"][op],
                  target=d["target"])
        gfx.text(surface, score, (640, 25), 22, gfx.GOLD, anchor="center", bold=True)

    def draw_markers_row(self, surface, d, p: int, y: int, x: int) -> None:
        sup = d["supply"][p]
        o = 1 - p
        gfx.text(surface, t("ht.supply"), (x, y), 13, gfx.MUTED)
        surface.blit(self.marker_img(p, False, ICON), (x, y + 20))
        gfx.text(surface, f"×{sup['normal']}", (x + ICON + 4, y + 20 + ICON // 2), 18, anchor="midleft")
        x2img = self.marker_img(p, True, ICON)
        if not sup["x2"]:
            x2img = x2img.copy()
            x2img.set_alpha(60)
        surface.blit(x2img, (x + 66, y + 20))
        gfx.text(surface, t("ht.captured"), (x + 110, y), 13, gfx.MUTED)
        surface.blit(self.marker_img(o, False, ICON), (x + 110, y + 20))
        gfx.text(surface, f"×{d['captured'][p]}", (x + 110 + ICON + 4, y + 20 + ICON // 2), 18, anchor="midleft")
        gfx.text(surface, t("ht.spent"), (x + 220, y), 13, gfx.MUTED)
        gfx.text(surface, f"{d['spent'][p]}", (x + 220, y + 20 + ICON // 2), 18, anchor="midleft")

    def _announced(self, d, p: int):
        sums = [a for a in d["announced"] if a["player"] == p]
        return sums[-1] if sums else None

    def draw_player_panel(self, surface, d, p: int, rect: pygame.Rect) -> None:
        """Name row, hand (backs for the opponent), badges, trays, announced sum and reveals."""
        mine = p == self.viewer
        active = d["current_player"] == p
        gfx.panel(surface, rect, 185, border=(240, 200, 90) if active else (90, 120, 100))
        surface.blit(self.marker_img(p, False, 24), (rect.left + 14, rect.top + 11))
        gfx.text(surface, self.name(p), (rect.left + 46, rect.top + 10), 20, gfx.INK, bold=True)
        if d["dealer"] == p:
            chip = pygame.Rect(0, 0, gfx.font(13, True).size(t("ht.dealer"))[0] + 14, 22)
            chip.topright = (rect.right - 12, rect.top + 12)
            pygame.draw.rect(surface, (200, 150, 60), chip, border_radius=11)
            gfx.text(surface, t("ht.dealer"), chip.center, 13, (30, 20, 10), anchor="center", bold=True)
        y = rect.top + 44
        if not mine:
            n = d["hand_sizes"][p]
            rects = self.opp_hand_rects(n)
            for r in rects:
                surface.blit(self.card_img(None, TINY), r)
            info_x = (rects[-1].right if rects else rect.left + 16) + 14
            gfx.text(surface, t("ht.cards", n=n), (info_x, y + 4), 17, gfx.INK)
        else:
            info_x = rect.left + 16
            gfx.text(surface, t("ht.your_cards", n=len(d["hand"]), total=sum(d["hand"])), (info_x, y + 4), 17,
                     gfx.INK)
        bx = info_x
        for key, on in (("ht.must_play", d["must_play"][p]), ("ht.guarded", d["guarded"][p])):
            if not on:
                continue
            label = t(key)
            w = gfx.font(13, True).size(label)[0] + 14
            br = pygame.Rect(bx, y + 38, w, 24)
            pygame.draw.rect(surface, (180, 60, 50), br, border_radius=6)
            gfx.text(surface, label, br.center, 13, (255, 255, 255), anchor="center", bold=True)
            bx += w + 6
        self.draw_markers_row(surface, d, p, rect.top + 124, rect.left + 16)
        lines = []
        ann = self._announced(d, p)
        if ann is not None:
            lines.append(t("ht.announced", sum=ann["sum"],
                           how=t("ht.by_ask") if ann["by"] == "ask" else t("ht.by_deal")))
        for r in d["revealed"]:
            if r["player"] == p:
                lines.append(t("ht.revealed", cards=" ".join(map(str, r["cards"]))) if r["cards"]
                             else t("ht.revealed_none"))
        for i, line in enumerate(lines[-2:]):
            gfx.text(surface, line, (rect.left + 16, rect.top + 184 + i * 24), 15, gfx.INK)

    def draw_thinking(self, surface, rect) -> None:
        """Spinner, label and progress bar at the right end of ``rect`` (the status box)."""
        try:
            sheet = self.app.assets.image("ui.thinking")
            entry = self.app.assets.entry("ui.thinking")
            fw, fh = entry.get("frame_size", [48, 48])
            frames = int(entry.get("frames", 1))
            i = int(self.spin * 12) % frames
            frame = sheet.subsurface(pygame.Rect(i * fw, 0, fw, fh))
            frame = pygame.transform.smoothscale(frame, (32, 32))
            surface.blit(frame, (rect.right - 44, rect.top + 12))
        except (AssetError, ValueError):
            pass
        gfx.text(surface, t("game.thinking"), (rect.right - 52, rect.top + 18), 14, gfx.GOLD, anchor="midright")
        frac = self.worker.progress
        bar = pygame.Rect(rect.right - 170, rect.top + 36, 118, 6)
        pygame.draw.rect(surface, (50, 50, 50), bar, border_radius=3)
        if frac is not None:
            pygame.draw.rect(surface, (240, 200, 90), (bar.x, bar.y, int(bar.w * frac), bar.h), border_radius=3)
        else:
            x = bar.x + int((self.spin * 80) % (bar.w - 30))
            pygame.draw.rect(surface, (240, 200, 90), (x, bar.y, 30, bar.h), border_radius=3)

    def draw_table(self, surface, d) -> None:
        gfx.panel(surface, TABLE, 170)
        gfx.text(surface, t("ht.deck"), (TABLE.left + 16, TABLE.top + 10), 15, gfx.MUTED)
        deck = self.deck_rect()
        if d["deck_size"]:
            for i in range(min(3, d["deck_size"])):
                surface.blit(self.card_img(None, SMALL), deck.move(i * 2, -i * 2))
        else:
            pygame.draw.rect(surface, (90, 120, 100), deck, width=2, border_radius=6)
        gfx.text(surface, str(d["deck_size"]), (deck.right + 14, deck.centery), 26, gfx.INK, anchor="midleft",
                 bold=True)
        ax = TABLE.left + 150
        gfx.text(surface, t("ht.aside"), (ax, TABLE.top + 10), 15, gfx.MUTED)
        for i, v in enumerate(d["aside"]):
            surface.blit(self.card_img(v, SMALL), (ax + i * (SMALL[0] + 8), TABLE.top + 40))

    def draw_board(self, surface, d) -> None:
        surface.blit(self.img("hacktrick.board"), BOARD_AT)
        # the cell a hovered card would mark
        if self.hover is not None and self.my_turn and d["row"] and d["phase"] == "main":
            hand = d["hand"]
            if self.hover < len(hand):
                v = hand[self.hover]
                if any(a.startswith(f"play {v}") for a in self.legal()):
                    cell = d["row"][-1] + v
                    pygame.draw.rect(surface, (240, 200, 90), self.cells[cell].inflate(4, 4), width=4,
                                     border_radius=10)
        if self.summary and self.summary.get("cells"):
            glow = self.img("hacktrick.cell_highlight")
            for c in self.summary["cells"]:
                r = self.cells[c]
                surface.blit(pygame.transform.smoothscale(glow, r.inflate(16, 16).size), r.inflate(16, 16))
        for cell in range(1, 10):
            for i, m in enumerate(d["board"][cell - 1][:3]):
                surface.blit(self.marker_img(m["owner"], m["x2"]), self.marker_slot(cell, i))

    def draw_row(self, surface, d) -> None:
        gfx.panel(surface, ROW, 170)
        gfx.text(surface, t("ht.row"), (ROW.left + 16, ROW.top + 10), 16, gfx.GOLD, bold=True)
        row = d["row"]
        if row:
            gfx.text(surface, t("ht.row_hint", last=row[-1]), (ROW.right - 16, ROW.top + 12), 14, gfx.MUTED,
                     anchor="topright")
        shown = row[-8:]
        for v, r in zip(shown, self.row_rects(len(shown)), strict=True):
            surface.blit(self.card_img(v, r.size), r)
        if len(row) > len(shown):
            gfx.text(surface, t("ht.row_more", n=len(row) - len(shown)), (ROW.left + 70, ROW.top + 13), 14,
                     gfx.MUTED)

    def status_text(self, d) -> str:
        p = self.session.to_move
        if self.session.over:
            return t("ht.status_over")
        if p is None:
            return ""
        if p != self.viewer or not self.session.is_human(p):
            return t("ht.status_wait", name=self.name(p))
        phase = d["phase"]
        if phase == "open":
            return t("ht.status_open")
        if phase == "declare":
            return t("ht.status_declare")
        if d["must_play"][p]:
            return t("ht.status_must")
        return t("ht.status_main")

    def draw_status(self, surface, d) -> None:
        if self.summary:
            return  # the hand summary covers this area
        msg = self.status_text(d)
        if self.timeline.busy:
            msg = ""
        thinking = self.worker.busy and not self.session.is_human(self.session.to_move)
        if msg or thinking:
            gfx.panel(surface, STATUS, 170, radius=10)
            area = STATUS.inflate(-24, -12)
            if thinking:
                area.width -= 170
                self.draw_thinking(surface, STATUS)
            gfx.text_block(surface, msg, area.inflate(0, 6), 15, gfx.GOLD if self.my_turn else gfx.INK,
                           line_gap=0)

    def draw_hand(self, surface, d) -> None:
        legal = self.legal()
        playable = {int(a.split()[1]) for a in legal if a.startswith(("play ", "open "))}
        for i, (v, r) in enumerate(zip(d["hand"], self.hand_rects(), strict=True)):
            img = self.card_img(v)
            if self.my_turn and d["phase"] in ("main", "open") and v not in playable:
                img = img.copy()
                img.fill((110, 110, 110), special_flags=pygame.BLEND_RGB_MULT)
            rr = r.move(0, -16) if i == self.hover and v in playable else r
            surface.blit(img, rr)
            if self.my_turn and v in playable and self.x2_mode and d["phase"] == "main":
                surface.blit(self.marker_img(self.viewer, True, 30), (rr.right - 34, rr.top + 4))

    def draw_summary(self, surface, s) -> None:
        rect = pygame.Rect(0, 0, 440, 176)
        rect.midtop = (STATUS.centerx, STATUS.top)  # below the board: the winning cells stay visible
        gfx.panel(surface, rect, 240, colour=(30, 24, 18), border=(240, 200, 90))
        p = s["player"]
        gfx.text(surface, t("ht.summary_title", name=self.name(p)), (rect.centerx, rect.top + 18), 26,
                 gfx.GOLD, anchor="midtop", bold=True)
        reason = t(f"ht.reason.{s['reason']}")
        if s["cells"]:
            reason += "  " + "·".join(str(c) for c in s["cells"])
        gfx.text(surface, t("ht.summary_points", reason=reason, points=s["points"]),
                 (rect.centerx, rect.top + 66), 18, gfx.INK, anchor="midtop")
        sc = s["scores"]
        gfx.text(surface, t("ht.score", a=self.name(self.viewer), sa=sc[self.viewer], b=self.name(self.opp()),
                            sb=sc[self.opp()], target=self.display["target"]),
                 (rect.centerx, rect.top + 102), 18, gfx.INK, anchor="midtop")
        if self.timeline.waiting:
            gfx.text(surface, t("ht.summary_continue"), (rect.centerx, rect.bottom - 18), 15, gfx.MUTED,
                     anchor="midbottom")


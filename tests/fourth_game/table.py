"""High Card's table: the others' seats along the top, the pile and the deck in the middle, the
viewer's hand at the bottom (click a card or press its number), the log on the right."""

from __future__ import annotations

import pygame

from game.client import gfx
from game.client.animation import Step, Tween
from game.client.i18n import t
from game.client.table.director import AnimationRegistry
from game.client.table.log import LogLines
from game.client.table.scene import TableScene

from .rules import HighCardEvent, Play

CARD = (96, 136)
HAND_Y = 540
PILE = pygame.Rect(220, 250, 500, 190)
DECK = pygame.Rect(40, 270, 130, 150)
LOG = pygame.Rect(960, 56, 304, 440)
PROMPT = pygame.Rect(220, 450, 500, 70)
DIGITS = {getattr(pygame, f"K_{d}"): d for d in range(1, 10)}

lines = LogLines()
animations = AnimationRegistry()


@animations.on("card_played")
def _card_flies(table: HighCardTable, ev: HighCardEvent) -> Step:
    """The played card flies from the player's hand (or seat) to its place on the pile."""
    p, card = ev["player"], ev["card"]
    image = table.card_image(card)
    key, src = None, table.seat_rect(p).center
    if p == table.viewer and card in table.display["hand"]:
        i = table.display["hand"].index(card)
        key, src = ("hand", i), table.hand_rects()[i][0].center
    dest = pygame.Rect(PILE.x + 110 * len(table.display["pile"]), PILE.y, *CARD)

    def lift() -> None:
        if key is not None:
            table.sprites.hide(key)

    return Step(
        [Tween(image, src, dest.center, 0.35, arc=30)],
        on_start=lift,
        on_end=lambda: table.sprites.place(image, dest),
        sound="sfx.card",
    )


@lines.on("card_played")
def _played(table: HighCardTable, ev: HighCardEvent) -> str:
    return t("log.highcard.played", name=table.log_name(ev["player"]), card=ev["card"])


@lines.on("trick_taken")
def _taken(table: HighCardTable, ev: HighCardEvent) -> str:
    cards = ", ".join(str(c) for c in ev["cards"])
    return t("log.highcard.taken", name=table.log_name(ev["player"]), cards=cards)


@lines.on("card_drawn")
def _drew(table: HighCardTable, ev: HighCardEvent) -> str:
    name = table.log_name(ev["player"])
    return (
        t("log.highcard.drew", name=name, card=ev["card"])
        if "card" in ev
        else t("log.highcard.drew_hidden", name=name)
    )


@lines.on("game_over")
def _over(table: HighCardTable, ev: HighCardEvent) -> str:
    return t("log.highcard.over")


class HighCardTable(TableScene):
    """The table (``GameClient.scene``); everything else comes from :class:`TableScene`."""

    log_lines = lines
    animations = animations

    def others(self) -> list[int]:
        n = self.display["num_players"]
        return [(self.viewer + k) % n for k in range(1, n)]

    def seat_rect(self, p: int) -> pygame.Rect:
        if p == self.viewer:
            return pygame.Rect(20, HAND_Y - 30, 920, CARD[1] + 40)
        return pygame.Rect(20 + 320 * self.others().index(p), 56, 300, 150)

    def hand_rects(self) -> list[tuple[pygame.Rect, int]]:
        """Each card of the viewer's hand and where it lies."""
        return [
            (pygame.Rect(40 + 110 * i, HAND_Y, *CARD), card) for i, card in enumerate(self.display["hand"])
        ]

    def hint_rects(self, action: Play) -> list[pygame.Rect]:
        return [rect for rect, card in self.hand_rects() if card == action.card][:1]

    def on_click(self, pos: tuple[int, int]) -> None:
        for rect, card in self.hand_rects():
            if rect.collidepoint(pos):
                self.act(Play(card))
                return

    def on_key(self, event: pygame.event.Event) -> None:
        if event.key in DIGITS:
            self.act(Play(DIGITS[event.key]))  # a card not held is refused and explained

    def action_label(self, action: Play) -> str:
        return t("hc.play_card", card=action.card)

    def turn_prompt(self) -> str:
        return t("hc.your_turn")

    def keys_text(self) -> str:
        return t("hc.keys")

    def card_image(self, value: int) -> pygame.Surface:
        """A card's face as an image (what an animation moves)."""
        image = pygame.Surface(CARD, pygame.SRCALPHA)
        self.card(image, image.get_rect(), value)
        return image

    def card(self, surface: pygame.Surface, rect: pygame.Rect, value: int | None) -> None:
        """A card: its value, or its back (``None``)."""
        gfx.panel(surface, rect, 240, colour=(236, 230, 214) if value else (40, 70, 120), radius=8)
        if value:
            gfx.text(surface, str(value), rect.center, 40, (30, 30, 30), anchor="center", bold=True)

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.fill((22, 60, 44))
        d = self.display
        colours = (90, 170, 240), (240, 120, 90), (120, 210, 120)
        open_hands = d.get("open_hands")
        for p in self.others():
            box = self.seat_rect(p)
            gfx.panel(surface, box, 200, border=colours[p])
            gfx.text(surface, t("hc.score", name=self.name(p), n=d["scores"][p]), (box.x + 12, box.y + 8), 18)
            shown = open_hands[p] if open_hands else [None] * d["hand_sizes"][p]
            for i, value in enumerate(shown):
                self.card(surface, pygame.Rect(box.x + 12 + 56 * i, box.y + 40, 50, 72), value)
        gfx.text(surface, t("hc.pile"), (PILE.x, PILE.y - 26), 18, gfx.MUTED)
        for i, (p, value) in enumerate(d["pile"]):
            rect = pygame.Rect(PILE.x + 110 * i, PILE.y, *CARD)
            self.card(surface, rect, value)
            gfx.text(surface, self.name(p), (rect.centerx, rect.bottom + 6), 14, colours[p], anchor="midtop")
        self.card(surface, pygame.Rect(DECK.topleft, CARD), None)
        gfx.text(surface, t("hc.deck", n=d["deck_size"]), (DECK.x, DECK.bottom), 16)
        me = d["player"]
        gfx.text(surface, t("hc.score", name=self.name(me), n=d["scores"][me]), (40, HAND_Y - 28), 18)
        for i, (rect, value) in enumerate(self.hand_rects()):
            if self.sprites.is_hidden(("hand", i)):
                continue  # in the air
            self.card(surface, rect, value)
            self.tips.add(rect, lambda v=value: str(Play(v)))  # type: ignore[misc]
        self.draw_prompt(surface, PROMPT, self.hint_rect)
        self.log.draw(surface, LOG)

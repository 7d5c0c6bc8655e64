"""One animation handler per Hacktrick event type.

Each handler gets the table (the :class:`~.scene.HacktrickScene`) and the
event, reads positions from what the table shows *now* (the view from before
the action, laid out in ``table.layout``) and returns the steps to play.  They
move sprites only: an item in the air is hidden (``table.sprites.hide``) and
the image is left where it landed (``table.sprites.place``) until the view
after the action is shown.  ``hand_started`` is the one handler that shows the
final view early: the new hand is dealt onto it.
"""

from __future__ import annotations

from bisect import bisect_right

from ...animation import Step, Tween, ease_in_out
from ...i18n import t
from ...table.director import AnimationRegistry
from .layout import DECK, ICON, SMALL, TINY
from .view_model import cards_text, cell_markers

animations = AnimationRegistry()


def banner_step(table, msg: str, hold: float, tweens=(), on_start=None, sound: str = "sfx.flip") -> Step:
    """Show ``msg`` over the board for ``hold`` seconds (after ``tweens`` land)."""

    def start():
        table.banner_text = msg
        if on_start is not None:
            on_start()

    return Step(
        tweens, on_start=start, hold=hold, on_end=lambda: setattr(table, "banner_text", None), sound=sound
    )


def card_source(table, p: int, card: int):
    """The key and rectangle of the card ``p`` plays: the card itself in the viewer's hand,
    the rightmost card back of another player."""
    lay, view = table.layout, table.display
    if p == table.viewer:
        for i, value in enumerate(view["hand"]):
            key = ("hand", i)
            if value == card and not table.sprites.is_hidden(key):
                return key, lay.hand.rect_of(key)
        return None, lay.hand.rect
    backs = [(key, rect) for key, rect in lay.seat(p).backs.rects() if not table.sprites.is_hidden(key)]
    return backs[-1] if backs else (None, lay.seat(p).rect)


@animations.on("card_played")
def card_played(table, ev):
    """The card slides from the hand (or the card backs) onto the end of the row."""
    key, src = card_source(table, ev["player"], ev["card"])
    image = table.card_image(ev["card"])
    dest = table.layout.row_last.rect.center

    def lift():
        if key is not None:
            table.sprites.hide(key)
        table.hover = None

    return Step(
        [Tween(image, src.center, dest, 0.42, arc=40)],
        on_start=lift,
        on_end=lambda: table.sprites.place(image, dest),
        sound="sfx.card",
    )


@animations.on("marker_placed")
def marker_placed(table, ev):
    """The marker flies from its owner's supply to its cell; the owner's markers already there make
    room (the row stays centred under the cell's number, the x2 first)."""
    p, cell, x2 = ev["player"], ev["cell"], ev["x2"]
    lay = table.layout
    seat = lay.seat(p)
    src = seat.x2_icon().center if x2 else seat.tray_anchor("supply")
    own = [m for m in cell_markers(table.display, cell)[:3] if m["owner"] == p]
    image = table.board_marker(p, x2)
    n, shift = len(own) + 1, int(x2)  # the x2 goes first, the others after the ones there
    dest = lay.marker_slot(cell, 0 if x2 else n - 1, n).center
    room = [
        (
            table.board_marker(p, m["x2"]),
            lay.marker_slot(cell, i, n - 1).center,
            lay.marker_slot(cell, i + shift, n).center,
        )
        for i, m in enumerate(own)
    ]

    def lift():
        if x2:
            table.sprites.hide(("supply_x2", p))
        if room:
            table.sprites.hide(("marker", cell))

    def land():
        table.sprites.place(image, dest)
        for img, _, end in room:
            table.sprites.place(img, end)

    tweens = [Tween(image, src, dest, 0.38, arc=70, ease=ease_in_out)]
    tweens += [Tween(img, start, end, 0.25, delay=0.13) for img, start, end in room]
    return Step(tweens, on_start=lift, on_end=land, sound="sfx.marker")


@animations.on("markers_captured")
def markers_captured(table, ev):
    """The opponent's markers on the cell fly to the captor's captured tray."""
    cell, loser = ev["cell"], ev["from"]
    dest = table.layout.seat(ev["player"]).tray_anchor("captured")
    shown = cell_markers(table.display, cell)[:3]
    tweens = [
        Tween(
            table.board_marker(loser, m["x2"]),
            table.layout.marker_slot(cell, i, len(shown)).center,
            dest,
            0.45,
            delay=0.08 * i,
            arc=50,
        )
        for i, m in enumerate(shown)
        if m["owner"] == loser
    ]
    return Step(tweens, on_start=lambda: table.sprites.hide(("marker", cell)), sound="sfx.capture")


@animations.on("sums_announced")
def sums_announced(table, ev):
    sums = ev["sums"]
    return banner_step(
        table, t("ht.banner_sums", a=table.name(0), sa=sums[0], b=table.name(1), sb=sums[1]), 1.1
    )


@animations.on("sum_asked")
def sum_asked(table, ev):
    """The banner with the sum; the captured marker paid for it moves to the spent tray."""
    p, of = ev["player"], ev["of"]
    seat = table.layout.seat(p)
    paid = Tween(
        table.marker_image(of, False, ICON),
        seat.tray_anchor("captured"),
        seat.tray_anchor("spent"),
        0.4,
        arc=30,
    )
    about_you = of == table.viewer and table.session.is_human(of) and not table.hotseat
    text = (
        t("ht.banner_ask_you", name=table.name(p), sum=ev["sum"])
        if about_you
        else t("ht.banner_ask", name=table.subject(p), of=table.name(of), sum=ev["sum"])
    )  # "You ask: ..."
    return banner_step(table, text, 1.1, tweens=[paid])


@animations.on("deck_rebuilt")
def deck_rebuilt(table, ev):
    """The row's earlier cards are gathered into the new deck."""
    row = table.display["row"]
    gathered = table.layout.row_earlier.rects()
    tweens = [
        Tween(table.card_image(row[key[1]], SMALL), rect.center, DECK.center, 0.35, delay=0.03 * i)
        for i, (key, rect) in enumerate(gathered)
    ]
    deck = table.card_image(None, SMALL)
    return Step(
        tweens,
        on_start=lambda: table.sprites.hide(*(key for key, _ in gathered)),
        on_end=lambda: table.sprites.place(deck, DECK.center),
        hold=0.1,
        sound="sfx.shuffle",
    )


@animations.on("card_drawn")
def card_drawn(table, ev):
    """The top card flies to where it will sit in the hand (face down to other players' backs)."""
    p, view, lay = ev["player"], table.display, table.layout
    if p == table.viewer and "card" in ev:
        hand = view["hand"]
        dest = lay.hand_slot(bisect_right(hand, ev["card"]), len(hand) + 1)
        image = table.card_image(ev["card"])
    else:
        n = view["hand_sizes"][p]
        dest = lay.backs_slot(p, n, n + 1)
        image = table.card_image(None, TINY)
    return Step(
        [Tween(image, DECK.center, dest.center, 0.4, arc=20)],
        on_end=lambda: table.sprites.place(image, dest.center),
        sound="sfx.card",
    )


@animations.on("hand_revealed")
def hand_revealed(table, ev):
    cards = cards_text(ev["cards"])
    return banner_step(table, t("ht.banner_reveal", name=table.subject(ev["player"]), cards=cards), 1.4)


@animations.on("declared")
def declared(table, ev):
    """The banner; the marker paying for the command flies from the supply to the spent tray."""
    p, x2 = ev["player"], bool(ev.get("x2"))
    seat = table.layout.seat(p)
    src = seat.x2_icon().center if x2 else seat.tray_anchor("supply")
    paid = Tween(table.marker_image(p, x2), src, seat.tray_anchor("spent"), 0.4, arc=30)
    key = "ht.banner_play" if ev["command"] == "play" else "ht.banner_guard"
    return banner_step(
        table,
        t(key, name=table.name(p)),
        0.7,
        tweens=[paid],
        sound="sfx.coin",
        on_start=(lambda: table.sprites.hide(("supply_x2", p))) if x2 else None,
    )


@animations.on("hand_won")
def hand_won(table, ev):
    """The winning cells glow under the hand's summary (which waits for a click when a human plays)."""
    session = table.session
    wait = bool(session.humans) and not table.demo

    def show():
        table.summary = dict(ev)
        if session.humans:
            table.app.sound("sfx.win" if session.is_human(ev["player"]) else "sfx.lose")

    def hide():
        if not session.over:  # the game's last hand stays shown (under the results, in a demo's last frame)
            table.summary = None

    return Step(on_start=show, on_end=hide, hold=1.6 if wait else 2.2, wait_click=wait)


@animations.on("hand_started")
def hand_started(table, ev):
    """A new hand: the final view is shown at once (fresh board and row) and the cards are dealt onto it."""
    table.show_final()
    table.sprites.clear()  # what landed during the last hand belongs to the old view
    table.sprites.hide(("hand",), ("backs",))
    lay = table.layout
    targets = [rect for _, rect in lay.hand.rects()]
    for p in lay.others:
        targets += [rect for _, rect in lay.seat(p).backs.rects()]
    back = table.card_image(None, TINY)
    tweens = [Tween(back, DECK.center, rect.center, 0.3, delay=0.05 * i) for i, rect in enumerate(targets)]
    return Step(tweens, on_end=lambda: table.sprites.show(("hand",), ("backs",)), sound="sfx.shuffle")

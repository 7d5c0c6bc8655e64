"""Other players' turns a player can follow (issue 29): captions of the bots' moves, outcomes called
out, Tab to hurry, and the "since your last turn" list (also in hot-seat games, where it must never
hold another human's hidden card)."""

from __future__ import annotations

import pygame
import pytest

from ai import make_agent
from game.client.menus.title import TitleScene
from game.client.registry import open_game, tables
from game.client.session import Session
from game.client.table.captions import CAPTION_SECONDS, HURRY, MAX_LINES, Captions
from game.rules import GAMES, Seat, events_for
from game.rules.ratjack.actions import DRAW_DECK, FACE_DOWN
from game.rules.ratjack.cards import parse_card
from game.rules.ratjack.positions import position
from tests.client_helpers import frames, key, make_app, run_until

RATJACK = {"decks": ("weasel", "raccoon")}


@pytest.fixture
def app(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)  # animation speed 4: captions are timed in animation seconds
    yield app
    app.shutdown()


def start(app, game: str, seats: list[str], seed: int = 11, **options):
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new(game, seats, seed=seed, **options))
    frames(app, 2)
    return scene


def your_turn_after_the_others(app, scene, me, times: int = 2) -> None:
    """Play your decisions (heuristic) until your turn has come ``times`` times right after other players'."""
    came = 0
    for _ in range(8000):
        if scene.timeline.waiting:
            scene.timeline.release()
        if scene.my_turn and app.scenes.top is scene:
            if scene.session.actors and scene.session.actors[-1] != scene.viewer:
                came += 1
                if came >= times:
                    frames(app, 1)
                    return
            scene.act(me.choose(Seat(scene.session.state, scene.viewer)))
        app.step(1 / 30)
    raise AssertionError("your turn did not come after the others'")


def value_corners(scene) -> list[pygame.Rect]:
    return [rect for rect, weight in scene.caption_avoid() if weight >= 600]


#: Tables with chosen seats and options; every other game with a table (a new one too) is checked at
#: its largest table, you against heuristic bots.
NAMED_TABLES = [
    ("ratjack", ["human", "heuristic", "heuristic", "heuristic"], RATJACK),
    ("ratjack", ["human", "heuristic"], RATJACK),
    ("hacktrick", ["human", "heuristic"], {}),
    ("hakkutsu", ["human", "heuristic", "heuristic", "heuristic"], {}),
]
TABLES = NAMED_TABLES + [
    (game, ["human"] + ["heuristic"] * (GAMES[game].max_players - 1), {})
    for game in tables()
    if game not in {name for name, _, _ in NAMED_TABLES}
]
#: Each game's largest table.
LARGEST = [
    max((c for c in TABLES if c[0] == game), key=lambda c: len(c[1]))
    for game in dict.fromkeys(c[0] for c in TABLES)
]


def table_id(case) -> str:
    return f"{case[0]}-{len(case[1])}"


@pytest.mark.parametrize("game,seats,options", TABLES, ids=[table_id(c) for c in TABLES])
def test_each_bot_move_is_captioned_long_enough_to_read_and_yours_never(app, game, seats, options):
    check_bot_moves_captioned(app, game, seats, options)


def check_bot_moves_captioned(app, game: str, seats: list[str], options: dict) -> None:
    """Every bot's moves show as captions (the log's own lines) next to their spotlighted area; a line
    is replaced only after CAPTION_SECONDS of animation time; the human's own moves get none."""
    scene = start(app, game, seats, **options)
    me = make_agent("heuristic", seed=3)
    bots = set(range(1, len(seats)))
    captioned_by: set[int] = set()
    seen: dict[int, object] = {}  # id -> line on screen
    read_times: list[float] = []
    human_turns = 0
    for _ in range(6000):
        if human_turns >= 4 or scene.session.over:
            break
        if scene.timeline.waiting:
            scene.timeline.release()
        if scene.my_turn and app.scenes.top is scene:
            scene.act(me.choose(Seat(scene.session.state, 0)))
            human_turns += 1
        app.step(1 / 30)
        caps = scene.captions
        if caps.lines:
            assert caps.actor in bots and caps.spotlit in (caps.actor, None)  # never the human's own moves
            captioned_by.add(caps.actor)
        now = {id(line): line for line in caps.lines}
        if set(now) - set(seen):  # a caption appears with its event's log line, not before
            log = set(scene.log.lines())
            assert all(
                line.text in log for k, line in now.items() if k not in seen and line.kind != "cards_swapped"
            )
        for k, line in seen.items():
            if k not in now and caps.actor in bots:  # replaced by another line, not cleared by your move
                read_times.append(line.shown)
                assert line.shown >= CAPTION_SECONDS - 1e-6, (line.text, line.shown)
        seen = now
    assert captioned_by == bots and (read_times or len(seats) == 2)  # two seats: your move clears them


def test_a_caption_gate_holds_a_line_or_box_being_read_but_never_your_move(app):
    scene = start(app, "ratjack", ["human", "heuristic", "heuristic", "heuristic"], **RATJACK)
    caps: Captions = scene.captions

    def line(actor):
        caps.event_started({"type": "card_drawn", "player": actor, "source": "deck", "deck_size": 10})
        caps.update(0.0)  # drawn at the end of the frame it came in: its time starts then

    caps.begin_action(1)
    line(1)
    assert len(caps.lines) == 1 and caps.spotlit == 1
    assert caps.room_for(1)  # the same player's turn goes on below it
    assert caps.room_for(2)  # the next player's turn opens its own box beside it
    caps.begin_action(2)
    line(2)
    assert [box.actor for box in caps.boxes] == [1, 2] and caps.spotlit == 2
    assert not caps.room_for(1)  # player 1's next turn may not replace their box before it has been read
    assert not caps.room_for(3)  # nor a third player's push it out (MAX_BOXES)
    caps.update(CAPTION_SECONDS)
    assert caps.room_for(1) and caps.room_for(3)
    caps.begin_action(3)
    line(3)
    caps.begin_action(2)
    line(2)
    for _ in range(MAX_LINES):
        line(2)
    assert not caps.room_for(2)  # one more line would push out one not read yet
    caps.update(CAPTION_SECONDS)
    assert caps.room_for(2)
    line(2)
    caps.lines[-1].shown = 0.0
    assert caps.room_for(0)  # your own move is never held
    caps.begin_action(0)
    assert caps.lines == [] and caps.spotlit is None


def test_your_move_right_after_the_bots_starts_at_once_and_clears_their_captions(app):
    scene = start(app, "ratjack", ["human", "heuristic", "heuristic", "heuristic"], **RATJACK)
    me = make_agent("heuristic", seed=3)
    your_turn_after_the_others(app, scene, me)
    assert scene.captions.lines
    scene.captions.lines[-1].shown = 0.0  # a caption that has only just appeared
    n = len(scene.session.record.actions)
    scene.act(me.choose(Seat(scene.session.state, 0)))
    app.step(1 / 60)
    assert len(scene.session.record.actions) == n + 1
    assert scene.captions.lines == [] and scene.captions.actor == 0
    assert scene.final_view == scene.session.state.view(0)  # its animation has begun


def test_tab_hurries_the_bots_until_your_turn(app):
    scene = start(app, "ratjack", ["human", "heuristic", "heuristic", "heuristic"], **RATJACK)
    me = make_agent("heuristic", seed=3)
    assert run_until(app, lambda: scene.my_turn, 3000)
    key(app, pygame.K_TAB, settle=1)
    assert not scene.captions.hurry  # on your own turn it does nothing
    while scene.my_turn:
        scene.act(me.choose(Seat(scene.session.state, 0)))
        frames(app, 1)
    assert run_until(app, lambda: scene.captions.lines, 3000)
    key(app, pygame.K_TAB, settle=1)
    speed = app.settings.animation_speed
    assert scene.captions.hurry and scene.timeline.speed == pytest.approx(speed * HURRY)
    assert run_until(app, lambda: scene.my_turn, 3000)
    frames(app, 1)
    assert not scene.captions.hurry and scene.timeline.speed == pytest.approx(speed)


def test_outcomes_are_called_out_clear_of_the_card_values(app):
    """A player out or scoring shows on a callout by their area, never over a card's value."""
    scene = start(app, "ratjack", ["human", "heuristic", "heuristic", "heuristic"], seed=4, **RATJACK)
    me = make_agent("heuristic", seed=3)
    called = set()
    for _ in range(12000):
        if len(called) >= 2 or scene.session.over:
            break
        if scene.timeline.waiting:
            scene.timeline.release()
        if scene.my_turn and app.scenes.top is scene:
            scene.act(me.choose(Seat(scene.session.state, 0)))
        app.step(1 / 30)
        boxes = [rect for _, rect, _ in scene.captions.box_rects()]
        for callout, rect in scene.captions.callout_rects(boxes):
            called.add(callout.tone)
            assert scene.caption_bounds.contains(rect)
            assert not any(rect.colliderect(corner) for corner in value_corners(scene)), (callout.text, rect)
    assert called == {"good", "bad"}


OUTCOMES = [
    (
        "ratjack",
        {"type": "player_eliminated", "player": 1, "reason": "over 25", "value": 27},
        [(1, "Simple bot #2 is out at 27", "bad")],
    ),
    (
        "ratjack",
        {"type": "vp_scored", "player": 0, "points": 1, "reason": "exactly 25", "vp": [1, 0, 0, 0]},
        [(0, "You hit exactly 25!", "good")],
    ),
    (
        "ratjack",
        {"type": "vp_scored", "player": 2, "points": 2, "reason": "last player standing", "vp": [0, 0, 2, 0]},
        [(2, "Simple bot #3 scores 2 VP", "good")],
    ),
    (
        "ratjack",
        {"type": "card_placed", "player": 1, "owner": 1, "index": 0, "from": "hand", "face_up": False},
        [],
    ),
    (
        "hacktrick",
        {"type": "markers_captured", "player": 1, "from": 0, "cell": 5, "count": 2, "x2": False},
        [(1, "Simple bot captures 2 markers!", "good")],
    ),
    (
        "hacktrick",
        {"type": "markers_captured", "player": 1, "from": 0, "cell": 5, "count": 1, "x2": False},
        [],
    ),
    (
        "hacktrick",
        {"type": "hand_won", "player": 0, "points": 2, "reason": "line", "x2": False},
        [(0, "You win the hand, +2", "good")],
    ),
]


@pytest.mark.parametrize("game,ev,expected", OUTCOMES)
def test_the_outcomes_that_matter_are_called_out(app, game, ev, expected):
    seats = ["human", "heuristic", "heuristic", "heuristic"] if game == "ratjack" else ["human", "heuristic"]
    scene = start(app, game, seats, **(RATJACK if game == "ratjack" else {}))
    assert scene.outcomes(ev) == expected


def test_a_rock_of_five_points_dug_and_the_museum_bonuses_are_called_out(app):
    from game.rules.hakkutsu.state import CARD_VIEWS

    scene = start(app, "hakkutsu", ["human", "heuristic", "heuristic"])
    rich = next(c for c in CARD_VIEWS if c["points"] >= 5)
    poor = next(c for c in CARD_VIEWS if c["points"] == 4)
    dug = {"type": "card_mined", "player": 2, "cell": [0, 0], "cost": 1, "units": 1, "movement": 2}
    [(player, text, tone)] = scene.outcomes(dict(dug, card=rich))
    assert player == 2 and str(rich["points"]) in text and tone == "good"
    assert scene.outcomes(dict(dug, card=poor)) == []
    over = {
        "type": "game_over",
        "winners": [0],
        "scores": [9, 5, 4],
        "museums": [None, None, None],
        "breakdown": [
            {"printed": 6, "fossils": 1, "museum": 2, "total": 9},
            {"museum": 0, "total": 5},
            {"printed": 1, "fossils": 0, "museum": 3, "total": 4},
        ],
    }
    assert [(p, tone) for p, _, tone in scene.outcomes(over)] == [(0, "good"), (2, "good")]


def expected_since_last_turn(scene) -> list[tuple[int, list[str]]]:
    """What the list should hold, read again from the record (not from the table's own bookkeeping)."""
    s = scene.session
    last = max((i for i, p in enumerate(s.actors) if p == scene.viewer), default=-1)
    state = s.record.new_state()
    out: list[tuple[int, list[str]]] = []
    for i, action in enumerate(s.record.actions):
        before = state.view(scene.viewer)
        events = scene.log_context(events_for(state.apply(action), scene.viewer), before)
        if i <= last:
            continue
        lines = [scene.describe(ev) for ev in events if scene.captioned(ev) and scene.describe(ev)]
        if out and out[-1][0] == s.actors[i]:
            out[-1][1].extend(lines)
        else:
            out.append((s.actors[i], lines))
    return [(p, lines) for p, lines in out if lines]


@pytest.mark.parametrize("game,seats,options", LARGEST, ids=[table_id(c) for c in LARGEST])
def test_since_your_last_turn_lists_each_players_moves_opens_with_r_and_goes_when_you_act(
    app, game, seats, options
):
    check_since_your_last_turn(app, game, seats, options)


def check_since_your_last_turn(app, game: str, seats: list[str], options: dict) -> None:
    """On your turn, "since your last turn" lists each other player's moves; R opens and closes it; it
    goes when you act."""
    scene = start(app, game, seats, **options)
    me = make_agent("heuristic", seed=3)
    your_turn_after_the_others(app, scene, me)
    groups = scene.recap.groups()
    assert groups == expected_since_last_turn(scene)
    assert {p for p, _ in groups} == set(range(1, len(seats)))
    assert scene.recap.available() and not scene.recap.open
    assert scene.recap.chip_rect is not None  # the closed list's chip in the log's heading
    closed = app.canvas.copy()
    key(app, pygame.K_r, settle=1)
    assert scene.recap.open
    rows = scene.recap.rows()
    assert [text for kind, text in rows if kind == "name"] == [scene.name(p) for p, _ in groups]
    assert app.canvas.get_at((scene.log.rect.left - 20, scene.log.rect.top + 20)) != closed.get_at(
        (scene.log.rect.left - 20, scene.log.rect.top + 20)
    )  # the panel is drawn beside the log
    key(app, pygame.K_r, settle=1)
    assert not scene.recap.open
    key(app, pygame.K_r, settle=1)
    scene.act(me.choose(Seat(scene.session.state, 0)))  # you act: the list is gone
    frames(app, 1)
    assert not scene.recap.available() and not scene.recap.open and scene.recap.chip_rect is None


# -- hot-seat: the list shows the next human what they may see, never the previous human's hidden card
HIDDEN, OTHER = "weasel 11", "raccoon 12"


def hotseat_position(top: str, bottom: str, players: int):
    """Player 0 (a human) is to draw; ``top`` is the deck's top card, ``bottom`` its bottom one."""
    hands = [["weasel 1"], ["weasel 2"], ["weasel 3"], ["weasel 4"]][:players]
    areas = [["U:raccoon 1"], ["U:raccoon 2"], ["U:raccoon 3"], ["U:raccoon 4"]][:players]
    return position(
        players,
        ("weasel", "raccoon"),
        phase="draw",
        player=0,
        hands=hands,
        areas=areas,
        deck=[bottom, "raccoon 5", "raccoon 6", "raccoon 7", "raccoon 8", "raccoon 9", top],
        discard=["weasel 5"],
        rest="discard",
    )


def hotseat_list(app, seats: list[str], top: str, bottom: str) -> tuple[list, list[str]]:
    """Player 0 draws the deck's top card and puts it face down; returns the list the next human
    sees at their turn, and player 0's own log."""
    session = Session.new("ratjack", seats, seed=5, **RATJACK)
    session.record.new_state = lambda: hotseat_position(top, bottom, len(seats))
    session.state = session.record.new_state()
    app.scenes.push(TitleScene(app))
    scene = open_game(app, session)
    frames(app, 2)
    key(app, pygame.K_SPACE)  # the privacy screen before the first turn
    assert scene.viewer == 0 and scene.my_turn
    scene.act(next(a for a in scene.legal_actions() if a.kind == DRAW_DECK))
    assert run_until(app, lambda: scene.my_turn, 400)
    scene.act(next(a for a in scene.legal_actions() if a.kind == FACE_DOWN and a.card == parse_card(top)))
    own_log = scene.log.lines()
    nxt = next(q for q in range(1, len(seats)) if seats[q] == "human")
    assert run_until(app, lambda: type(app.scenes.top).__name__ == "PrivacyScene", 600)
    key(app, pygame.K_SPACE)
    assert run_until(app, lambda: scene.my_turn and scene.viewer == nxt, 3000)
    frames(app, 1)
    groups = scene.recap.groups()
    key(app, pygame.K_r, settle=1)
    assert scene.recap.open
    return groups, own_log


@pytest.mark.parametrize(
    "seats", [["human", "human"], ["human", "heuristic", "human", "heuristic"]], ids=["2-seats", "4-seats"]
)
def test_hotseat_list_never_holds_the_previous_humans_hidden_card(app, seats):
    """The same game but for the card player 0 drew and put face down: the next human's list is the same
    (and names neither card), while player 0's own log named it."""
    from game.client.scenes.ratjack.texts import card_label
    from game.rules.ratjack.cards import card_id

    first, first_log = hotseat_list(app, seats, HIDDEN, OTHER)
    app.scenes.pop()
    second, second_log = hotseat_list(app, seats, OTHER, HIDDEN)
    assert first == second and first and first[0][0] == 0
    hidden = {card_label({"deck": d, "value": int(v)}) for d, v in (c.split() for c in (HIDDEN, OTHER))}
    for _, lines in first:
        assert not any(label in line for label in hidden for line in lines), lines
    assert card_id("weasel", 11) != card_id("raccoon", 12)
    assert any(card_label({"deck": "weasel", "value": 11}) in line for line in first_log)  # player 0 saw it
    assert not any(card_label({"deck": "weasel", "value": 11}) in line for line in second_log)

"""Where the captions of other players' turns sit (after a real-window review of a 4-seat Ratjack table):
next to what changed, never over the card that changed nor any card's value, never over one another
nor the ability banner, one box per player, and a finished turn's box not lingering once read."""

from __future__ import annotations

import pygame
import pytest

from ai import make_agent
from game.client.menus.title import TitleScene
from game.client.registry import open_game
from game.client.session import Session
from game.client.table.captions import CAPTION_SECONDS, Captions, distance
from game.rules import Seat
from tests.client_helpers import frames, make_app

RATJACK = {"decks": ("weasel", "raccoon")}
NEXT_TO = 120  # pixels at most between a caption box and what its newest line says changed


@pytest.fixture
def app(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    yield app
    app.shutdown()


def start(app, seed: int):
    app.scenes.push(TitleScene(app))
    scene = open_game(app, Session.new("ratjack", ["human"] + ["heuristic"] * 3, seed=seed, **RATJACK))
    frames(app, 2)
    return scene


def check_places(scene) -> list[str]:
    """What is wrong with the boxes and callouts on screen now (nothing: an empty list)."""
    caps: Captions = scene.captions
    laid = caps.box_rects()
    calls = [rect for _, rect in caps.callout_rects([r for _, r, _ in laid])]
    values = [rect for rect, weight in scene.caption_avoid() if weight >= 600]
    changed = [line.anchor for line in caps.lines if line.keep_clear]
    banner = scene.banner_rect()
    wrong = []
    if len({box.actor for box, _, _ in laid}) < len(laid):
        wrong.append("two boxes of one player")
    rects = [r for _, r, _ in laid] + calls
    for k, rect in enumerate(rects):
        what = laid[k][0].lines[-1].text if k < len(laid) else "callout"
        if not scene.caption_bounds.contains(rect):
            wrong.append(f"{what!r} off the table")
        if any(rect.colliderect(v) for v in values):
            wrong.append(f"{what!r} over a card's value")
        if any(rect.colliderect(c) for c in changed):
            wrong.append(f"{what!r} over a card that changed")
        if banner is not None and rect.colliderect(banner):
            wrong.append(f"{what!r} over the banner")
        if any(rect.colliderect(other) for other in rects[k + 1 :]):
            wrong.append(f"{what!r} over another box")
    if laid:
        box, rect, _ = laid[-1]
        if distance(rect, box.lines[-1].anchor) > NEXT_TO:
            wrong.append(
                f"{box.lines[-1].text!r} {distance(rect, box.lines[-1].anchor):.0f} px from what changed"
            )
    return wrong


@pytest.mark.parametrize("seed", [1, 2])
def test_four_seat_ratjack_captions_sit_next_to_what_changed_and_cover_nothing_that_matters(app, seed):
    scene = start(app, seed)
    me = make_agent("heuristic", seed=3)
    shown = banners = 0
    for _ in range(900):
        if scene.session.over:
            break
        if scene.timeline.waiting:
            scene.timeline.release()
        if scene.my_turn and app.scenes.top is scene:
            scene.act(me.choose(Seat(scene.session.state, 0)))
        app.step(1 / 30)
        wrong = check_places(scene)
        assert not wrong, wrong
        shown += bool(scene.captions.lines)
        banners += bool(scene.captions.lines and scene.banner_text)
    assert shown > 300 and banners > 20  # (captions were there to check, some beside an ability's banner)


def line(caps: Captions, actor: int) -> None:
    caps.event_started({"type": "card_drawn", "player": actor, "source": "deck", "deck_size": 10})
    caps.update(0.0)  # drawn at the end of the frame it came in: its time starts then


def test_a_finished_turns_box_keeps_only_what_was_not_read_and_goes_once_read(app):
    scene = start(app, 1)
    caps: Captions = scene.captions
    caps.begin_action(1)
    line(caps, 1)
    caps.update(CAPTION_SECONDS)  # read
    line(caps, 1)  # not read yet
    caps.begin_action(2)
    line(caps, 2)
    first, second = caps.boxes
    assert first.actor == 1 and len(first.lines) == 1 and first.lines[0].shown == 0.0
    caps.update(CAPTION_SECONDS)
    assert [box.actor for box in caps.boxes] == [2]  # read: gone at once, not after the next moves
    caps.begin_action(3)
    line(caps, 3)
    assert [box.actor for box in caps.boxes] == [3]  # player 2's box had been read: nothing lingers


def test_a_caption_keeps_clear_of_the_banner_shown_with_it(app):
    """An ability's banner over the middle of the table: the caption of a card discarded on the pile
    under it sits beside it, not on it (and moves off it when the banner comes after the caption)."""
    scene = start(app, 1)
    caps: Captions = scene.captions
    caps.begin_action(2)
    discard = {"type": "card_discarded", "player": 2, "card": {"deck": "weasel", "value": 3}, "from": "hand"}
    caps.event_started(discard)
    caps.update(0.0)
    assert caps.lines and caps.lines[-1].anchor == scene.layout.discard
    scene.banner_text = "Simple bot #3: Raccoon 7 — " + "a long ability text to read " * 3
    banner = scene.banner_rect()
    assert banner is not None and banner.height > 100
    [(_, rect, _)] = caps.box_rects()
    assert not rect.colliderect(banner) and not rect.colliderect(scene.layout.discard)
    assert distance(rect, scene.layout.discard) <= NEXT_TO
    frames(app, 1)  # drawn as laid out
    assert not caps.box_rects()[0][1].colliderect(banner)


def test_a_card_turned_face_up_is_never_under_its_caption(app):
    scene = start(app, 1)
    caps: Captions = scene.captions
    caps.begin_action(3)
    for ev in (
        {"type": "card_placed", "player": 3, "owner": 3, "index": 0, "from": "hand", "face_up": False},
        {
            "type": "card_flipped",
            "player": 3,
            "owner": 3,
            "index": 0,
            "face_up": True,
            "card": {"deck": "weasel", "value": 12},
        },
    ):
        caps.event_started(ev)
        caps.update(0.0)
        [(_, rect, _)] = caps.box_rects()
        card = scene.layout.area_rect(3, 0)
        assert not rect.colliderect(card) and distance(rect, card) <= NEXT_TO, (rect, card)


def test_no_caption_over_the_museum_draft_offered_to_you(app):
    """Hakkutsu!!'s set-up choice sits over the other players' panels: the bots' draft captions (and the
    last one lingering into your turn) keep off it."""
    from game.client.scenes.hakkutsu.overlays import CHOICE

    app.scenes.push(TitleScene(app))
    session = Session.new("hakkutsu", ["human"] + ["heuristic"] * 3, seed=3, draft=True)  # you draft third
    scene = open_game(app, session)
    seen = 0
    for _ in range(900):
        if scene.my_turn and scene.display["phase"] == "draft" and not scene.captions.lines:
            break
        app.step(1 / 30)
        if scene.display["phase"] in ("draft", "equip"):
            laid = [rect for _, rect, _ in scene.captions.box_rects()]
            seen += bool(laid)
            assert not any(rect.colliderect(CHOICE) for rect in laid), (laid, CHOICE)
    assert seen > 10 and scene.my_turn


def test_an_outcome_is_called_out_once_the_banner_announcing_it_has_gone(app):
    """A Ratjack round's score shows on a banner ("Simple bot #3 hits exactly 25!"): the same outcome is
    not called out beside it at once (two boxes saying it), but by the player's area after it, for
    the whole time a callout stays."""
    from game.client.table.captions import OUTCOME_SECONDS

    scene = start(app, 1)
    caps: Captions = scene.captions
    ev = {"type": "vp_scored", "player": 2, "points": 1, "reason": "exactly 25", "vp": [0, 0, 1, 0]}
    caps.begin_action(2)
    caps.event_started(ev)
    [(_, text, _)] = scene.outcomes(ev)
    scene.banner_text = "Simple bot #3 hits exactly 25!"
    caps.update(OUTCOME_SECONDS)
    assert caps.callout_rects([]) == []
    scene.banner_text = None
    assert [c.text for c, _ in caps.callout_rects([])] == [text]
    caps.update(OUTCOME_SECONDS - 0.1)
    assert caps.callout_rects([])  # its time ran only once it could be seen


def test_no_caption_nor_callout_shows_under_a_rounds_summary(app):
    """A round's summary panel over the table: the captions of the last moves and the outcomes called
    out are not drawn half under it (a real-window review saw them stick out of it)."""
    scene = start(app, 1)
    caps: Captions = scene.captions
    caps.begin_action(2)
    line(caps, 2)
    caps.event_started({"type": "player_eliminated", "player": 3, "reason": "over 25", "value": 27})
    blank = pygame.Surface((1280, 720))
    shown = blank.copy()
    caps.draw(shown)
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(blank, "RGB")
    scene.summary = {"round": 1}
    hidden = blank.copy()
    caps.draw(hidden)
    assert pygame.image.tobytes(hidden, "RGB") == pygame.image.tobytes(blank, "RGB")
    scene.summary = None

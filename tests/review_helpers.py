"""A made-up review of a replay's record with one graded decision, for the replay screens' tests."""

from __future__ import annotations

from ai.review import Critical, Decision, Review, record_digest
from game.client.replay.scene import ReplayScene
from game.rules import action_to_json


def one_decision_review(
    scene: ReplayScene,
    index: int,
    best: float,
    played: float,
    grade: str,
    *,
    hands: bool = False,
    critical: bool = False,
    accuracy: float | None = None,
) -> Review:
    """A review of ``scene``'s record whose one decision, at ``index``, lost ``best - played`` and is
    graded ``grade``; the better move is another legal action there.  With ``hands`` the decision's
    hand chances are its game chances (and the review has hands); with ``critical`` it is its hand's
    critical moment; ``accuracy`` is every player's accuracy."""
    session = scene.session
    played_action = scene.record.actions[index]
    other = next(a for a in session.states[index].legal_actions() if a != played_action)
    hand_fields: dict[str, object] = {}
    if hands:
        hand_fields = dict(
            hand_win=best,
            hand_value=played,
            hand_best=action_to_json(other),
            hand_best_text=str(other),
        )
    d = Decision(
        index=index,
        player=session.actor(index),
        action=action_to_json(played_action),
        action_text=str(played_action),
        win_chance=best,
        chosen_value=played,
        best=action_to_json(other),
        best_text=str(other),
        drop=round(best - played, 6),
        legal=2,
        iterations=100,
        grade=grade,
        loss=round(best - played, 6),
        **hand_fields,
    )
    extra: dict[str, object] = {"hands": True} if hands else {}
    if accuracy is not None:
        extra["accuracy"] = [accuracy] * scene.record.players
    review = Review(
        scene.record.game,
        scene.record.players,
        record_digest(scene.record),
        0,
        100,
        [d],
        returns=scene.record.returns,
        actions=session.length,
        **extra,
    )
    if critical:
        review.critical = [Critical(0, index, d.player, best - played, d.best, d.best_text)]
    return review

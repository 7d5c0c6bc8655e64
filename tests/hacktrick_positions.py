"""Build concrete Hacktrick positions for rule tests."""

from game.rules import new_game
from game.rules.hacktrick.state import CARDS, PHASE_MAIN, SUPPLY


def position(
    *,
    hands,
    row,
    aside=(0, 0),
    deck=None,
    player=0,
    phase=PHASE_MAIN,
    board=None,
    normal=(9, 9),
    x2_loc=(SUPPLY, SUPPLY),
    captured=(0, 0),
    spent_own=(0, 0),
    must_play=(False, False),
    guarded=(False, False),
    scores=(0, 0),
    dealer=1,
    target=5,
):
    """A Hacktrick state with exactly these components (deck = the remaining cards)."""
    s = new_game("hacktrick", seed=0, target=target)
    s.hands = [list(hands[0]), list(hands[1])]
    s.row = list(row)
    s.aside = list(aside)
    if deck is None:
        pool = list(CARDS)
        for c in list(aside) + list(row) + list(hands[0]) + list(hands[1]):
            pool.remove(c)
        deck = pool
    s.deck = list(deck)
    s.player = player
    s.phase = phase
    s.dealer = dealer
    s.cell_owner = [-1] * 10
    s.cell_count = [0] * 10
    for cell, (owner, count) in (board or {}).items():
        s.cell_owner[cell] = owner
        s.cell_count[cell] = count
    s.normal = list(normal)
    s.x2_loc = list(x2_loc)
    s.captured = list(captured)
    s.spent_own = list(spent_own)
    s.spent_captured = [0, 0]
    s.must_play = list(must_play)
    s.guarded = list(guarded)
    s._scores = list(scores)
    s.asked = False
    s.announced = []
    s.revealed = []
    s.known_sum = [None, None]
    s.known_cards = [[], []]
    s._legal_cache = None
    return s


def strs(state):
    return [str(a) for a in state.legal_actions()]

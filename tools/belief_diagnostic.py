"""What the bot believes about the cards it cannot see, scored against the true cards (issue 35).

    python -m tools.belief_diagnostic [--games N] [--seed S] [--samples K] [--agents A B]
                                      [--timing M] [--iterations I] [--temperature T]

Plays ``N`` seeded 2-player Ratjack games between the agents ``A`` and ``B`` (default: two
``heuristic`` players), every seat witnessing every decision as in ``ai.play.play_game``.  At every
decision with a choice, for the seat to move, ``K`` worlds are drawn three ways from that seat
alone:

* ``uniform``: ``seat.determinize`` (every unknown card equally likely in every unknown place);
* ``today``: the ``mcts`` bot's default sampler, ``determinize`` plus Ratjack's opponent model
  (the finisher swap at weight 0.5);
* ``beliefs``: ``today``'s worlds weighted by the opponents' observed decisions
  (``mcts:beliefs=1``, :mod:`ai.beliefs`).

Each hidden card of the opponent (its hand card, each face-down card the seat does not know) is a
*fact*; a sampler's score for it is the share of its worlds with the true card there (cards of the
same value and ability count as the same card).  The table has the mean of those shares by place,
over every fact and over the facts of decisions where the beliefs had evidence, with the mean
log-ratio of beliefs to uniform.  The diagnostic reads the true state only to **score** the
samplers; the samplers see only the seat.

``--temperature T``: the opponent model's softmax temperature (default
:data:`ai.beliefs.TEMPERATURE`, the bot's).  ``--timing M``: the first ``M`` decisions with evidence are searched again at ``--iterations``
(default: ``normal``'s 1,200) with and without beliefs; CPU seconds and iterations per CPU second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from math import log
from typing import cast

from ai import make_agent
from ai.beliefs import TEMPERATURE, Beliefs, beliefs_for
from ai.heuristics import heuristics_for
from ai.mcts import MCTSAgent
from game.rules import Seat, new_game
from game.rules.ratjack.cards import CARD_ABILITY
from game.rules.ratjack.state import RatjackState
from game.rules.rng import Rng

SAMPLERS = ("uniform", "today", "beliefs")
#: The smallest share counted in the log-ratio (a sampler that never drew the true card).
FLOOR = 1e-3


def facts(state: RatjackState, player: int) -> list[tuple[str, int, int, int]]:
    """The opponents' cards ``player`` does not know: ``(place, owner, index, ability)``."""
    bit = 1 << player
    out: list[tuple[str, int, int, int]] = []
    for q in range(state.num_players):
        if q == player:
            continue
        for i, c in enumerate(state.hands[q]):
            if not state.known[c] & bit:
                out.append(("hand", q, i, CARD_ABILITY[c]))
        for i, c in enumerate(state.areas[q]):
            if not state.face_up[c] and not state.known[c] & bit:
                out.append(("face-down", q, i, CARD_ABILITY[c]))
    return out


def _card_at(world: RatjackState, place: str, q: int, i: int) -> int:
    return world.hands[q][i] if place == "hand" else world.areas[q][i]


def score_decision(
    seat: Seat, truth: RatjackState, samples: int, seed: int, temperature: float = TEMPERATURE
) -> tuple[list[tuple[str, list[float]]], bool]:
    """Per fact of ``seat``'s decision, the share of each sampler's worlds holding the true card
    (``SAMPLERS`` order), and whether the beliefs had evidence."""
    module = heuristics_for("ratjack")
    found = facts(truth, seat.player)
    if not found:
        return [], False
    beliefs = beliefs_for(module, seat, temperature) or Beliefs([])
    det = Rng(seed)
    rng = random.Random(seed)

    def today() -> RatjackState:
        world = cast(RatjackState, seat.determinize(det))
        module.opponent_model(world, seat.player, rng, 0.5)
        return world

    worlds: dict[str, list[RatjackState]] = {
        "uniform": [cast(RatjackState, seat.determinize(det)) for _ in range(samples)],
        "today": [today() for _ in range(samples)],
        "beliefs": [cast(RatjackState, beliefs.draw(today, rng)) for _ in range(samples)],
    }
    rows = []
    for place, q, i, ability in found:
        shares = [
            sum(CARD_ABILITY[_card_at(w, place, q, i)] == ability for w in worlds[name]) / samples
            for name in SAMPLERS
        ]
        rows.append((place, shares))
    return rows, bool(beliefs.evidence)


def run(
    games: int,
    seed: int,
    samples: int,
    agents: list[str],
    timing: int,
    iterations: int,
    temperature: float = TEMPERATURE,
) -> str:
    table: dict[tuple[str, str, bool], list[list[float]]] = defaultdict(list)
    decisions: dict[tuple[str, bool], int] = defaultdict(int)
    timed: list[tuple[Seat, int]] = []
    start = time.process_time()
    for g in range(games):
        state = new_game("ratjack", players=2, seed=seed + g)
        seats = [Seat(state, p) for p in range(2)]
        bots = [make_agent(a, seed=(seed + g) * 10 + p) for p, a in enumerate(agents)]
        while (p := state.current_player) is not None:
            for s in seats:
                s.witness(p)
            if len(state.legal_actions()) > 1:
                count = sum(decisions.values())
                rows, evidence = score_decision(
                    seats[p], cast(RatjackState, state), samples, (seed + g) * 1000 + count, temperature
                )
                opponent = agents[1 - p]
                decisions[(opponent, False)] += 1
                decisions[(opponent, True)] += evidence
                for place, fact in rows:
                    table[(opponent, place, False)].append(fact)
                    if evidence:
                        table[(opponent, place, True)].append(fact)
                if evidence and len(timed) < timing:
                    timed.append((Seat(state.clone(), p, seats[p].history), (seed + g) * 1000 + count))
            state.apply(bots[p].choose(seats[p]))
    cpu = time.process_time() - start
    lines = [
        f"{games} games (seeds {seed}..{seed + games - 1}), agents {' vs '.join(agents)}, {samples} worlds "
        f"per sampler a decision, temperature {temperature:g}; {cpu:.0f} CPU s",
        "",
        "| opponent | opponent's hidden card | decisions | facts | P(true) uniform | today (finisher swap 0.5) | beliefs | mean log(today / uniform) | mean log(beliefs / uniform) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for opponent, place, only in sorted(table, key=lambda k: (k[0], k[1] != "hand", k[2])):
        shares = table[(opponent, place, only)]
        if shares:
            mean = [sum(r[k] for r in shares) / len(shares) for k in range(3)]
            swap, ratio = (
                sum(log(max(r[k], FLOOR) / max(r[0], FLOOR)) for r in shares) / len(shares) for k in (1, 2)
            )
            what = f"{place}, {'decisions with evidence' if only else 'every decision'}"
            lines.append(
                f"| `{opponent}` | {what} | {decisions[(opponent, only)]} | {len(shares)} | {mean[0]:.3f} | "
                f"{mean[1]:.3f} | {mean[2]:.3f} | {swap:+.3f} | {ratio:+.3f} |"
            )
    if timed:
        lines += ["", _timing(timed, iterations)]
    return "\n".join(lines)


def _timing(positions: list[tuple[Seat, int]], iterations: int) -> str:
    cpu = {"0": 0.0, "1": 0.0}
    for seat, seed in positions:
        for on in ("0", "1"):
            agent = make_agent(f"mcts:iterations={iterations},beliefs={on}", seed=seed)
            assert isinstance(agent, MCTSAgent)
            t = time.process_time()
            agent.search(seat)
            cpu[on] += time.process_time() - t
    n = len(positions)
    return (
        f"Timing, {n} decisions with evidence, mcts:iterations={iterations}: without beliefs "
        f"{cpu['0'] / n:.3f} CPU s a decision ({iterations * n / cpu['0']:,.0f} iterations/CPU s), "
        f"with beliefs {cpu['1'] / n:.3f} CPU s ({iterations * n / cpu['1']:,.0f} iterations/CPU s), "
        f"x{cpu['1'] / cpu['0']:.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.belief_diagnostic", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--agents", nargs=2, default=["heuristic", "heuristic"])
    parser.add_argument("--timing", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=1200)
    parser.add_argument("--temperature", type=float, default=TEMPERATURE)
    args = parser.parse_args(argv)
    for name, value in (
        ("--games", args.games),
        ("--samples", args.samples),
        ("--iterations", args.iterations),
    ):
        if value < 1:
            print(f"belief_diagnostic: {name} must be at least 1, got {value}", file=sys.stderr)
            return 2
    if not args.temperature > 0:
        print(f"belief_diagnostic: --temperature must be positive, got {args.temperature}", file=sys.stderr)
        return 2
    if args.timing < 0:
        print(f"belief_diagnostic: --timing must be at least 0, got {args.timing}", file=sys.stderr)
        return 2
    try:
        for spec in args.agents:
            make_agent(spec, seed=0)
    except ValueError as exc:
        print(f"belief_diagnostic: {exc}", file=sys.stderr)
        return 2
    print(
        run(args.games, args.seed, args.samples, args.agents, args.timing, args.iterations, args.temperature)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

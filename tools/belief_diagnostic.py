"""What the bot believes about the cards it cannot see, scored against the true cards (issue 35).

    python -m tools.belief_diagnostic [--game G] [--players P] [--games N] [--seed S] [--samples K]
                                      [--agents A B] [--timing M] [--timing-every E] [--iterations I]
                                      [--temperature T]
                                      [--option KEY=VALUE ...]

Plays ``N`` seeded ``P``-player games (default 2) of ``G`` (default Ratjack) between the agents
``A`` and ``B`` (default: two ``heuristic`` players; with more players the seats take them in
turn, ``A B A B``), every seat witnessing every decision as in ``ai.play.play_game``.  At every decision with a choice, for the seat to move, ``K`` worlds are
drawn three ways from that seat alone:

* ``uniform``: ``seat.determinize`` (every unknown card equally likely in every unknown place);
* ``today``: the ``normal`` bot's sampler without beliefs, ``determinize`` plus the game's
  opponent model at the bot's weight (Ratjack 2p: the finisher swap at 0.5; else the same as
  uniform);
* ``beliefs``: ``today``'s worlds weighted by the opponents' observed decisions
  (``mcts:beliefs=1``, :mod:`ai.beliefs`, the game's ``belief_evidence`` hook).

Each hidden thing of the opponent is a *fact* (the game's ``hidden_facts`` hook: Ratjack's hand
card and each face-down card the seat does not know, Hacktrick's hand, Hakkutsu!!'s museum and
equipment); a sampler's score for it is the share of its worlds that hold the truth there.  The
table has the mean of those shares by fact, over every fact and over the facts of decisions where
the beliefs had evidence, with the mean log-ratio of beliefs to uniform.  The diagnostic reads the
true state only to **score** the samplers; the samplers see only the seat.

``--temperature T``: the opponent model's softmax temperature (default
:data:`ai.beliefs.TEMPERATURE`, the bot's).  ``--timing M``: the first ``M`` decisions with
evidence (with ``--timing-every E``: of every ``E``-th decision with evidence of a game, its first,
its ``E+1``-th..., so that later decisions, with more evidence, are timed too) are searched again at ``--iterations`` (default: ``normal``'s for the game and player
count) with and without beliefs; CPU seconds and iterations per CPU second, and the share of the
worlds the beliefs drew (or drew again) that their rejection kept (:attr:`ai.beliefs.Beliefs.kept`).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping
from math import log

from ai import make_agent
from ai.beliefs import TEMPERATURE, Beliefs, beliefs_for
from ai.heuristics import heuristics_for
from ai.mcts import MCTSAgent
from ai.tournament.spec import parse_options
from game.rules import GAMES, Seat, new_game
from game.rules.core import AnyState
from game.rules.rng import Rng

SAMPLERS = ("uniform", "today", "beliefs")
#: The smallest share counted in the log-ratio (a sampler that never drew the true card).
FLOOR = 1e-3

#: A fact the seat does not know: a label and the reader of a world's value there.
Fact = tuple[str, Callable[[AnyState], Hashable]]


def facts(state: AnyState, player: int) -> list[Fact]:
    """What ``player`` does not know of the opponents' hidden cards (the game's ``hidden_facts``)."""
    hook = getattr(heuristics_for(state.game), "hidden_facts", None)
    if hook is None:
        raise ValueError(f"{state.game} has no hidden_facts hook: its beliefs cannot be scored")
    found: list[Fact] = hook(state, player)
    return found


def score_decision(
    seat: Seat, truth: AnyState, samples: int, seed: int, temperature: float = TEMPERATURE
) -> tuple[list[tuple[str, list[float]]], bool]:
    """Per fact of ``seat``'s decision, the share of each sampler's worlds holding the truth
    (``SAMPLERS`` order), and whether the beliefs had evidence."""
    module = heuristics_for(seat.game)
    found = facts(truth, seat.player)
    if not found:
        return [], False
    beliefs = beliefs_for(module, seat, temperature) or Beliefs({})
    plan = MCTSAgent(level="normal").playout_plan(seat.game, seat.num_players)
    det = Rng(seed)
    rng = random.Random(seed)

    def today() -> AnyState:
        world = seat.determinize(det)
        if plan.model is not None:
            plan.model(world, seat.player, rng, plan.weight)
        return world

    worlds: dict[str, list[AnyState]] = {
        "uniform": [seat.determinize(det) for _ in range(samples)],
        "today": [today() for _ in range(samples)],
        "beliefs": [beliefs.draw(today, rng) for _ in range(samples)],
    }
    rows = []
    for label, read in found:
        truth_value = read(truth)
        shares = [sum(read(w) == truth_value for w in worlds[name]) / samples for name in SAMPLERS]
        rows.append((label, shares))
    return rows, bool(beliefs.evidence)


def run(
    game: str,
    games: int,
    seed: int,
    samples: int,
    agents: list[str],
    timing: int,
    iterations: int | None,
    temperature: float = TEMPERATURE,
    options: Mapping[str, object] | None = None,
    players: int = 2,
    timing_every: int = 1,
) -> str:
    """The diagnostic's report (see the module docstring): the table, and the timing if asked;
    ``options``: the game's options (e.g. Hakkutsu!!'s ``mode``); seat ``p`` of the ``players``
    plays ``agents[p % 2]``; the timing takes every ``timing_every``-th decision with evidence of a
    game."""
    table: dict[tuple[str, str, bool], list[list[float]]] = defaultdict(list)
    decisions: dict[tuple[str, bool], int] = defaultdict(int)
    timed: list[tuple[Seat, int]] = []
    start = time.process_time()
    for g in range(games):
        state = new_game(game, players=players, seed=seed + g, **(options or {}))
        seats = [Seat(state, p) for p in range(players)]
        bots = [make_agent(agents[p % 2], seed=(seed + g) * 10 + p) for p in range(players)]
        with_evidence = 0
        while (p := state.current_player) is not None:
            for s in seats:
                s.witness(p)
            if len(state.legal_actions()) > 1:
                count = sum(decisions.values())
                rows, evidence = score_decision(
                    seats[p], state, samples, (seed + g) * 1000 + count, temperature
                )
                opponent = "+".join(sorted({agents[q % 2] for q in range(players) if q != p}))
                decisions[(opponent, False)] += 1
                decisions[(opponent, True)] += evidence
                for place, fact in rows:
                    table[(opponent, place, False)].append(fact)
                    if evidence:
                        table[(opponent, place, True)].append(fact)
                if evidence:
                    if len(timed) < timing and with_evidence % timing_every == 0:
                        timed.append((Seat(state.clone(), p, seats[p].history), (seed + g) * 1000 + count))
                    with_evidence += 1
            state.apply(bots[p].choose(seats[p]))
    cpu = time.process_time() - start
    lines = [
        f"{GAMES[game].title}{_options_text(game, options)}, {players} players, {games} games (seeds {seed}..{seed + games - 1}), agents {' vs '.join(agents)}, {samples} worlds "
        f"per sampler a decision, temperature {temperature:g}; {cpu:.0f} CPU s",
        "",
        "| opponent | opponent's hidden card | decisions | facts | P(true) uniform | today (no beliefs) | beliefs | mean log(today / uniform) | mean log(beliefs / uniform) |",
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
        lines += ["", _timing(timed, iterations, timing_every)]
    return "\n".join(lines)


def _timing(positions: list[tuple[Seat, int]], iterations: int | None, every: int = 1) -> str:
    cpu = {"0": 0.0, "1": 0.0}
    drawn = kept = 0
    if iterations is None:  # normal's
        seat = positions[0][0]
        iterations = MCTSAgent(level="normal").budget_for(seat.game, seat.num_players)[0] or 1200
    for seat, seed in positions:
        for on in ("0", "1"):
            agent = make_agent(f"mcts:level=normal,iterations={iterations},beliefs={on}", seed=seed)
            assert isinstance(agent, MCTSAgent)
            t = time.process_time()
            agent.search(seat)
            cpu[on] += time.process_time() - t
            if agent.last_beliefs is not None:
                drawn += agent.last_beliefs.drawn
                kept += agent.last_beliefs.kept
    n = len(positions)
    return (
        f"Timing, {n} decisions with evidence{f' (one in {every} of a game)' if every > 1 else ''}, "
        f"mcts:iterations={iterations}: without beliefs "
        f"{cpu['0'] / n:.3f} CPU s a decision ({iterations * n / cpu['0']:,.0f} iterations/CPU s), "
        f"with beliefs {cpu['1'] / n:.3f} CPU s ({iterations * n / cpu['1']:,.0f} iterations/CPU s), "
        f"x{cpu['1'] / cpu['0']:.2f}; the beliefs kept {kept:,} of the {drawn:,} worlds they drew "
        f"({kept / max(drawn, 1):.1%})"
    )


def _options_text(game: str, options: Mapping[str, object] | None) -> str:
    """The options not at their default, for the report's first line."""
    defaults = GAMES[game].options
    changed = {k: v for k, v in (options or {}).items() if k in defaults and v != defaults[k].default}
    return f" ({', '.join(f'{k}={v}' for k, v in changed.items())})" if changed else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.belief_diagnostic", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--game", default="ratjack")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--agents", nargs=2, default=["heuristic", "heuristic"])
    parser.add_argument("--timing", type=int, default=0)
    parser.add_argument("--timing-every", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--temperature", type=float, default=TEMPERATURE)
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option, e.g. mode=treasure"
    )
    args = parser.parse_args(argv)
    for name, value in (
        ("--games", args.games),
        ("--samples", args.samples),
        ("--iterations", args.iterations),
        ("--timing-every", args.timing_every),
    ):
        if value is not None and value < 1:
            print(f"belief_diagnostic: {name} must be at least 1, got {value}", file=sys.stderr)
            return 2
    if not args.temperature > 0:
        print(f"belief_diagnostic: --temperature must be positive, got {args.temperature}", file=sys.stderr)
        return 2
    if args.timing < 0:
        print(f"belief_diagnostic: --timing must be at least 0, got {args.timing}", file=sys.stderr)
        return 2
    if args.game not in GAMES:
        print(f"belief_diagnostic: unknown game {args.game!r} (known: {', '.join(GAMES)})", file=sys.stderr)
        return 2
    try:
        GAMES[args.game].check_players(args.players)
    except ValueError as exc:
        print(f"belief_diagnostic: {exc}", file=sys.stderr)
        return 2
    if getattr(heuristics_for(args.game), "hidden_facts", None) is None:
        print(f"belief_diagnostic: {args.game} has no hidden_facts hook: nothing to score", file=sys.stderr)
        return 2
    try:
        for spec in args.agents:
            make_agent(spec, seed=0)
        pairs = {}
        for text in args.option:
            key, eq, value = text.partition("=")
            if not eq:
                raise ValueError(f"--option {text!r}: expected KEY=VALUE")
            pairs[key.strip()] = value.strip()
        options = parse_options(args.game, pairs)
    except ValueError as exc:
        print(f"belief_diagnostic: {exc}", file=sys.stderr)
        return 2
    print(
        run(
            args.game,
            args.games,
            args.seed,
            args.samples,
            args.agents,
            args.timing,
            args.iterations,
            args.temperature,
            options,
            args.players,
            args.timing_every,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

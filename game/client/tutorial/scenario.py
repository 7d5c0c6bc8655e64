"""A tutorial's scenario: a fixed deal and a fixed line of play, cut into steps.

A scenario lives in ``scenarios/<game>.toml`` (its texts in ``i18n/<lang>.tutorial.<game>.toml``,
keys ``tutorial.<game>.<step id>``)::

    game = "hacktrick"
    players = 2
    seed = 16          # the deal
    human = 0          # the learner's seat; every other seat is scripted
    covers = ["card_played", "markers_captured"]   # event types the line must show
    [options]          # as ``--option KEY=VALUE`` takes them
    target = "2"

    [[step]]
    id = "welcome"
    kind = "explain"   # text (next to the anchor ``at``), Next / Back
    at = "board"
    [[step]]
    id = "open"
    kind = "do"        # the learner takes exactly ``action`` (the str() of a legal action)
    action = "open 1"
    [[step]]
    id = "rival"
    kind = "watch"     # the scripted seats take ``actions``, animated as in a game
    actions = ["draw"]
    [[step]]
    id = "later"
    kind = "auto"      # several turns of any seat, the learner's too, played for them
    actions = ["...", "..."]
    [[step]]
    id = "finish"
    kind = "finish"    # the end: a real game against the easy bot, or back to the title

The line of play is every step's actions in order, from the deal.  :func:`check` replays it
with the engine alone, so a scenario that no longer fits the rules fails its test before any
window opens.  Nothing here imports pygame.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources

KINDS = ("explain", "do", "watch", "auto", "finish")
SCENARIOS = "game.client.tutorial.scenarios"


@dataclass(frozen=True)
class Step:
    """One step: what the learner reads (``id``, the text's key), what happens, where it points."""

    id: str
    kind: str
    actions: tuple[str, ...] = ()  # the action texts this step plays (one for ``do``)
    at: str | None = None  # an anchor name the game's table resolves (``tutorial_anchor``)

    @property
    def plays(self) -> bool:
        return bool(self.actions)


@dataclass
class Scenario:
    """A game's tutorial: the deal (``seed``, ``options``, ``players``), the learner's seat, the steps."""

    game: str
    players: int
    seed: int
    human: int
    options: dict[str, str]
    steps: list[Step]
    covers: list[str] = field(default_factory=list)

    def text_key(self, step: Step, suffix: str = "") -> str:
        return f"tutorial.{self.game}.{step.id}{suffix}"

    def actions_before(self, index: int) -> int:
        """How many actions of the line are played before step ``index`` begins."""
        return sum(len(step.actions) for step in self.steps[:index])

    def line(self) -> list[str]:
        """Every action of the scenario, in order (as their texts)."""
        return [text for step in self.steps for text in step.actions]

    def game_options(self) -> dict:
        """The options, validated and resolved as the engine takes them."""
        from ai.tournament.spec import parse_options

        return parse_options(self.game, self.options)

    def new_state(self):
        from game.rules import new_game

        return new_game(self.game, players=self.players, seed=self.seed, **self.game_options())


def parse(data: dict, game: str | None = None) -> Scenario:
    """A :class:`Scenario` from its TOML table; ``ValueError`` naming what is wrong."""
    try:
        name = data["game"]
        steps = [parse_step(i, raw) for i, raw in enumerate(data["step"])]
        scenario = Scenario(
            game=name,
            players=int(data["players"]),
            seed=int(data["seed"]),
            human=int(data.get("human", 0)),
            options={str(k): str(v) for k, v in data.get("options", {}).items()},
            steps=steps,
            covers=[str(c) for c in data.get("covers", [])],
        )
    except KeyError as exc:
        raise ValueError(f"tutorial scenario: missing {exc.args[0]!r}") from None
    if game is not None and scenario.game != game:
        raise ValueError(f"tutorial scenario for {game!r} says game = {scenario.game!r}")
    if not steps or steps[-1].kind != "finish" or any(s.kind == "finish" for s in steps[:-1]):
        raise ValueError(f"tutorial scenario {scenario.game!r}: the last step (and only it) must be 'finish'")
    ids = [s.id for s in steps]
    if len(set(ids)) != len(ids):
        raise ValueError(f"tutorial scenario {scenario.game!r}: two steps share an id")
    return scenario


def parse_step(index: int, raw: dict) -> Step:
    kind = raw.get("kind")
    if kind not in KINDS:
        raise ValueError(f"tutorial step {index}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    if kind == "do":
        actions = (str(raw["action"]),)
    elif kind in ("watch", "auto"):
        actions = tuple(str(a) for a in raw["actions"])
        if not actions:
            raise ValueError(f"tutorial step {index}: a {kind} step plays at least one action")
    else:
        actions = ()
    return Step(id=str(raw["id"]), kind=kind, actions=actions, at=raw.get("at"))


def available() -> list[str]:
    """The games that have a tutorial."""
    from game.rules import GAMES

    folder = resources.files(SCENARIOS)
    found = {p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")}
    return [game for game in GAMES if game in found]  # in the order the games are listed


def load(game: str) -> Scenario:
    """The tutorial of ``game``; ``ValueError`` if it has none."""
    if game not in available():
        raise ValueError(f"no tutorial for {game!r}; tutorials: {', '.join(available())}")
    text = resources.files(SCENARIOS).joinpath(f"{game}.toml").read_text(encoding="utf-8")
    return parse(tomllib.loads(text), game)


def find_action(state, text: str):
    """The legal action of ``state`` whose text is ``text``; ``ValueError`` listing the legal ones."""
    for action in state.legal_actions():
        if str(action) == text:
            return action
    legal = ", ".join(str(a) for a in state.legal_actions())
    raise ValueError(f"{text!r} is not legal here (player {state.current_player}); legal: {legal}")


def check(scenario: Scenario) -> list[dict]:
    """Replay the scenario's line with the engine and return every event.

    ``ValueError`` if an action is not legal when its step comes, a ``do`` step is not the
    learner's decision, a ``watch`` step plays the learner's, or an event type of ``covers``
    never happens.
    """
    state = scenario.new_state()
    events: list[dict] = []
    for i, step in enumerate(scenario.steps):
        for text in step.actions:
            p = state.current_player
            if step.kind == "do" and p != scenario.human:
                raise ValueError(f"step {i} ({step.id}): {text!r} is player {p}'s, not the learner's")
            if step.kind == "watch" and p == scenario.human:
                raise ValueError(f"step {i} ({step.id}): {text!r} is the learner's decision; use a 'do' step")
            try:
                events += state.apply(find_action(state, text))
            except ValueError as exc:
                raise ValueError(f"step {i} ({step.id}): {exc}") from None
    seen = {ev["type"] for ev in events}
    missing = [c for c in scenario.covers if c not in seen]
    if missing:
        raise ValueError(f"tutorial {scenario.game!r} never shows {', '.join(missing)}")
    return events

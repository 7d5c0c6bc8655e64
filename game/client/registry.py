"""Scenes by name: menus and game tables open each other through this registry.

Nothing here imports a scene at load time, so ``menus/`` and ``scenes/`` never
import each other: ``app.scenes.push_named("pause", table)`` looks the class up
the first time it is needed.  Every game table is opened as ``"table.<game>"``: its game's client
descriptor (:mod:`game.client.games`) names its class; :func:`tables` lists the games that have one.
"""

from __future__ import annotations

import importlib

SCENE_PATHS: dict[str, str] = {
    "title": "game.client.menus.title:TitleScene",
    "choose": "game.client.menus.choose:GameChoiceScene",
    "setup": "game.client.menus.setup:SetupScene",
    "rules": "game.client.menus.rules:RulesScene",
    "settings": "game.client.menus.settings_menu:SettingsScene",
    "pause": "game.client.menus.pause:PauseScene",
    "results": "game.client.menus.results:ResultsScene",
    "privacy": "game.client.hotseat:PrivacyScene",
    "replays": "game.client.menus.replays:ReplaysScene",
    "statistics": "game.client.menus.statistics:StatisticsScene",
    "replay": "game.client.replay.scene:ReplayScene",
}
#: Game tables are named ``table.<game>``; each is its game's client descriptor's ``scene``.
TABLE_PREFIX = "table."


def tables() -> tuple[str, ...]:
    """The games that have a table, in the rules registry's order."""
    from .games import clients

    return tuple(clients())


def has_table(game: str) -> bool:
    """Can ``game`` be played in the client?"""
    return game in tables()


def scene_class(name: str):
    """The scene class registered as ``name`` (``KeyError`` naming the known scenes)."""
    from .games import client_for

    if name.startswith(TABLE_PREFIX) and client_for(name[len(TABLE_PREFIX) :]) is not None:
        return client_for(name[len(TABLE_PREFIX) :]).scene_class()
    try:
        path = SCENE_PATHS[name]
    except KeyError:
        known = [*SCENE_PATHS, *(TABLE_PREFIX + game for game in tables())]
        raise KeyError(f"no scene named {name!r}; known: {', '.join(known)}") from None
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def make_scene(app, name: str, *args, **kwargs):
    """A new instance of the scene registered as ``name``."""
    return scene_class(name)(app, *args, **kwargs)


def open_game(app, session, resumed: bool = False, demo: bool = False):
    """Show ``session`` at its game's table, on top of the title screen if there is one.  A hot-seat
    game's people are named from the start: those the setup screen chose, else the active profile
    at the first human seat (:func:`~.history.attach_profiles`)."""
    if len(session.humans) > 1 and not demo:
        from .history import attach_profiles

        attach_profiles(app, session)
    scene = make_scene(app, TABLE_PREFIX + session.game, session, resumed=resumed, demo=demo)
    stack = app.scenes.stack
    if stack and type(stack[0]).__name__ == "TitleScene":
        while len(stack) > 1:
            app.scenes.pop()
        app.scenes.push(scene)
    else:
        app.scenes.clear_to(scene)
    return scene

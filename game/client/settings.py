"""User settings, kept as JSON in the user's config directory.

The directory is ``platformdirs.user_config_dir("tabletop-trio")`` unless the
environment variable ``TRIO_CONFIG_DIR`` names another one (tests use it).  A
broken file is reported (``Settings.problem``) and the defaults are used; the
file is only rewritten when the user changes a setting.  Writes are atomic.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.rules import write_atomic
from game.rules.files import FileRefused, read_bytes

from .i18n import LANGUAGES

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
WINDOW_SIZES = ((960, 540), (1280, 720), (1600, 900), (1920, 1080))  # smallest first
MIN_WINDOW = WINDOW_SIZES[0]  # below this the 1280x720 layout, scaled down, is no longer readable
#: The settings screen's label of each field (to name a field the player cannot use as it is saved).
FIELD_LABELS = {
    "language": "settings.language",
    "animation_speed": "settings.animation",
    "volume": "settings.volume",
    "mute": "settings.mute",
    "window_size": "settings.window",
    "fullscreen": "settings.fullscreen",
    "setups": "settings.setups",
}
#: The settings file is a few hundred bytes; a larger one is refused unread (defaults are used).
SETTINGS_MAX_BYTES = 64 << 10
DESKTOP_MARGIN = 60  # height a window needs beyond its size on a desktop: title bar, task bar


def window_sizes_for(desktop: tuple[int, int] | None, current: tuple[int, int] | None = None) -> list:
    """The window sizes worth offering on a ``desktop`` of that many pixels (``None``: unknown):
    those that fit on it with room for the title and task bars, the smallest always, and the
    ``current`` size; smallest first."""
    sizes = (
        set(WINDOW_SIZES)
        if desktop is None
        else {s for s in WINDOW_SIZES if s[0] <= desktop[0] and s[1] + DESKTOP_MARGIN <= desktop[1]}
    )
    sizes |= {WINDOW_SIZES[0]} | ({tuple(current)} if current else set())
    return sorted(sizes)


#: Who may sit at a seat (``game.client.players`` offers those whose agent is registered).
SEAT_SPECS = ("human", "mcts:level=easy", "mcts:level=normal", "mcts:level=hard", "heuristic", "random")


def _choice(allowed):
    """A check that the value is one of the strings ``allowed``."""

    def check(value):
        if isinstance(value, str) and value in allowed:
            return value
        raise ValueError(f"not one of {allowed}")

    return check


def _number(low: float, high: float):
    """A check for a finite number (not a bool), clamped to ``low .. high``."""

    def check(value) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError("not a number")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError("not finite")
        return float(min(high, max(low, value)))

    return check


def _flag(value) -> bool:
    """A check for a JSON boolean (``"no"`` is not taken for true)."""
    if not isinstance(value, bool):
        raise TypeError("not true/false")
    return value


def _window_size(value) -> tuple[int, int]:
    """A check for ``[width, height]``, clamped to :data:`MIN_WINDOW` .. 7680x4320."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError("not a [width, height] pair")
    w, h = (int(_number(low, high)(v)) for v, low, high in zip(value, MIN_WINDOW, (7680, 4320)))
    return (w, h)


def setup_entry(game: str, entry) -> dict:
    """A check for one remembered setup: ``{"seats": [spec, ...], "options": {name: value}}``.

    The seats must fit the game's player count and be known seat kinds; the options must be the
    game's own, with values its rules accept.  Returns the entry with JSON lists made tuples.
    """
    from game.rules import GAMES

    info = GAMES.get(game)
    if info is None:
        raise ValueError(f"unknown game {game!r}")
    if not isinstance(entry, dict) or set(entry) != {"seats", "options"}:
        raise ValueError("not {seats, options}")
    seats, options = entry["seats"], entry["options"]
    if not isinstance(seats, list) or not all(isinstance(s, str) and s in SEAT_SPECS for s in seats):
        raise ValueError("unknown seat")
    info.check_players(len(seats))
    if not isinstance(options, dict):
        raise TypeError("options are not an object")
    options = {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}
    info.resolve_options(options)  # ValueError on an unknown option or value
    return {"seats": list(seats), "options": options}


def _setups(value) -> dict:
    """A check for the remembered setups: game -> :func:`setup_entry` (any flaw forgets them all)."""
    if not isinstance(value, dict):
        raise TypeError("not an object")
    return {game: setup_entry(game, entry) for game, entry in value.items()}


#: How each setting is checked and clamped (see :meth:`Settings.normalise`).
_CHECKS = {
    "language": _choice(LANGUAGES),
    "animation_speed": _number(0.25, 4.0),
    "volume": _number(0.0, 1.0),
    "mute": _flag,
    "window_size": _window_size,
    "fullscreen": _flag,
    "setups": _setups,
}


def config_dir() -> Path:
    env = os.environ.get("TRIO_CONFIG_DIR")
    if env:
        return Path(env)
    from platformdirs import user_config_dir

    return Path(user_config_dir("tabletop-trio"))


def data_dir() -> Path:
    """Where saved games live (``TRIO_DATA_DIR`` overrides, for tests)."""
    env = os.environ.get("TRIO_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tabletop-trio"))


@dataclass
class Settings:
    language: str = "en"
    animation_speed: float = 1.0
    volume: float = 0.7
    mute: bool = False
    window_size: tuple = (1280, 720)
    fullscreen: bool = False
    setups: dict = field(default_factory=dict)  # game -> the seats and options last started

    problem: str | None = None  # why the saved file could not be used (not saved)
    problem_text: tuple | None = None  # the same for the player: (i18n key, its fields)

    # ------------------------------------------------------------------
    def normalise(self) -> list[str]:
        """Clamp every field to an allowed value, field by field.

        A value of the right kind but out of range is clamped silently; an unusable one
        (wrong type, not finite, unknown language) is replaced by its default.  Returns
        the names of the fields that were replaced.
        """
        replaced = []
        defaults = type(self)()
        for name, check in _CHECKS.items():
            try:
                value = check(getattr(self, name))
            except (TypeError, ValueError, OverflowError):
                value = getattr(defaults, name)
                replaced.append(name)
            setattr(self, name, value)
        return replaced

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        """Read the settings; a missing file gives defaults, a broken one defaults + ``problem``.

        Never raises for a bad file: unreadable, not UTF-8, not JSON, nested too deeply or
        not an object all give the defaults; unusable values give their field's default.
        The file is left as it is (it is only rewritten when the user changes a setting).
        """
        path = cls.path()
        settings = cls()
        try:
            data = json.loads(read_bytes(path, "a settings file", SETTINGS_MAX_BYTES).decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError("the file does not hold a JSON object")
        except FileRefused as exc:  # missing, a folder, a named pipe, far too large, unreadable
            if exc.kind == "missing":
                return settings
            settings.problem = f"{exc}; using the default settings"
            settings.problem_text = ("settings.unreadable", {"path": str(path), "error": str(exc)})
            return settings
        except OSError as exc:
            settings.problem = f"cannot read {path}: {exc}; using the default settings"
            settings.problem_text = ("settings.unreadable", {"path": str(path), "error": str(exc)})
            return settings
        except (ValueError, RecursionError) as exc:  # JSON, UTF-8 and nesting errors
            reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc).splitlines()[0]
            settings.problem = f"{path} is broken ({reason}); using the default settings"
            settings.problem_text = ("settings.broken", {"path": str(path)})  # the reason is in ``problem``
            return settings
        names = {f.name for f in fields(cls)} - {"problem", "problem_text"}
        for key, value in data.items():
            if key in names:
                setattr(settings, key, value)
        replaced = settings.normalise()
        if replaced:
            settings.problem = f"{path}: unusable values for {', '.join(replaced)}; using their defaults"
            settings.problem_text = ("settings.unusable", {"path": str(path), "names": tuple(replaced)})
        return settings

    def to_json(self) -> dict:
        d = asdict(self)
        d.pop("problem")
        d.pop("problem_text")
        d["window_size"] = list(self.window_size)
        d["setups"] = {
            game: {
                "seats": list(e["seats"]),
                "options": {k: list(v) if isinstance(v, tuple) else v for k, v in e["options"].items()},
            }
            for game, e in self.setups.items()
        }
        return d

    def remember_setup(self, game: str, seats: list[str], options: dict) -> None:
        """Note the seats and options of a game just started (the setup screen offers them next time)."""
        self.setups[game] = setup_entry(game, {"seats": list(seats), "options": dict(options)})

    def remembered_setup(self, game: str) -> tuple[list[str], dict] | None:
        """The seats and options last started for ``game``, if any."""
        entry = self.setups.get(game)
        return (list(entry["seats"]), dict(entry["options"])) if entry else None

    def save(self) -> None:
        """Write atomically; errors (read-only disk...) are returned to the caller as OSError."""
        self.normalise()
        write_atomic(self.path(), json.dumps(self.to_json(), indent=2))

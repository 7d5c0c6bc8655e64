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
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.rules import write_atomic

from .i18n import LANGUAGES

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (960, 540))


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
    """A check for ``[width, height]``, clamped to 640x360 .. 7680x4320."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError("not a [width, height] pair")
    w, h = (int(_number(low, high)(v)) for v, low, high in zip(value, (640, 360), (7680, 4320)))
    return (w, h)


#: How each setting is checked and clamped (see :meth:`Settings.normalise`).
_CHECKS = {
    "language": _choice(LANGUAGES),
    "animation_speed": _number(0.25, 4.0),
    "volume": _number(0.0, 1.0),
    "mute": _flag,
    "window_size": _window_size,
    "fullscreen": _flag,
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

    problem: str | None = None  # why the saved file could not be used (not saved)

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
            data = json.loads(path.read_bytes().decode("utf-8"))
            if not isinstance(data, dict):
                raise ValueError("the file does not hold a JSON object")
        except FileNotFoundError:
            return settings
        except OSError as exc:
            settings.problem = f"cannot read {path}: {exc}; using the default settings"
            return settings
        except (ValueError, RecursionError) as exc:  # JSON, UTF-8 and nesting errors
            reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc).splitlines()[0]
            settings.problem = f"{path} is broken ({reason}); using the default settings"
            return settings
        names = {f.name for f in fields(cls)} - {"problem"}
        for key, value in data.items():
            if key in names:
                setattr(settings, key, value)
        replaced = settings.normalise()
        if replaced:
            settings.problem = f"{path}: unusable value for {', '.join(replaced)}; using the default"
        return settings

    def to_json(self) -> dict:
        d = asdict(self)
        d.pop("problem")
        d["window_size"] = list(self.window_size)
        return d

    def save(self) -> None:
        """Write atomically; errors (read-only disk...) are returned to the caller as OSError."""
        self.normalise()
        write_atomic(self.path(), json.dumps(self.to_json(), indent=2))

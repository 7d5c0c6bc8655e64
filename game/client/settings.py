"""User settings, kept as JSON in the user's config directory.

The directory is ``platformdirs.user_config_dir("tabletop-trio")`` unless the
environment variable ``TRIO_CONFIG_DIR`` names another one (tests use it).  A
broken file is reported (``Settings.problem``) and the defaults are used; the
file is only rewritten when the user changes a setting.  Writes are atomic.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.rules import write_atomic

from .i18n import LANGUAGES

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 3.0)
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (960, 540))


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
    def normalise(self) -> None:
        """Clamp every field to an allowed value (silently, field by field)."""
        if self.language not in LANGUAGES:
            self.language = "en"
        try:
            self.animation_speed = min(4.0, max(0.25, float(self.animation_speed)))
        except (TypeError, ValueError):
            self.animation_speed = 1.0
        try:
            self.volume = min(1.0, max(0.0, float(self.volume)))
        except (TypeError, ValueError):
            self.volume = 0.7
        self.mute = bool(self.mute)
        self.fullscreen = bool(self.fullscreen)
        try:
            w, h = (int(v) for v in self.window_size)
            self.window_size = (min(7680, max(640, w)), min(4320, max(360, h)))
        except (TypeError, ValueError):
            self.window_size = (1280, 720)

    @staticmethod
    def path() -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        """Read the settings; a missing file gives defaults, a broken one defaults + ``problem``."""
        path = cls.path()
        settings = cls()
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return settings
        except OSError as exc:
            settings.problem = f"cannot read {path}: {exc}"
            return settings
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("the file does not hold a JSON object")
        except ValueError as exc:
            settings.problem = f"{path} is broken ({exc}); using the default settings"
            return settings
        names = {f.name for f in fields(cls)} - {"problem"}
        for key, value in data.items():
            if key in names:
                setattr(settings, key, tuple(value) if key == "window_size" and isinstance(value, list) else value)
        settings.normalise()
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

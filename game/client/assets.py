"""Asset loader: every image, sound, theme and font of the client goes through the manifest.

The manifest (``assets/manifest.toml``) lists each asset once::

    [[asset]]
    key = "hacktrick.card.3"
    file = "hacktrick/card_3.png"
    kind = "image"          # image | sound | theme | font
    game = "hacktrick"      # a game of game.rules.GAMES, or ui
    role = "face of the data card 3"

``Assets`` reads it, resolves files relative to the assets directory and caches loaded
surfaces and sounds. Unknown keys raise :class:`AssetError` naming the key.

Language variants: a card face that prints rules text has a version per language other than
English under the key ``<key>.<lang>`` (``ratjack.card.weasel.3.ja``, file
``ratjack/ja/weasel_3.png``, fields ``lang`` and ``variant_of``). :meth:`Assets.localized` gives the
key to show in a language (``gfx.localized`` in the current one); faces without text in English
(names printed in both languages, backs, tokens) have no variant and serve every language.

The assets directory is the package ``assets`` (package data of the wheel, the repository's
``assets/`` folder in a checkout), found with ``importlib.resources``.
"""

from __future__ import annotations

import importlib.resources
import tomllib
from pathlib import Path
from typing import Any

from game.rules import GAMES as RULES_GAMES

KINDS = ("image", "sound", "theme", "font")
#: An asset's ``game``: one of the rules registry's games, or ``ui`` (the menus' and tables' own).
GAMES = (*RULES_GAMES, "ui")
MANIFEST_NAME = "manifest.toml"


def package_root() -> Path:
    """The directory of the installed ``assets`` package (it must be installed as files, not zipped)."""
    root = importlib.resources.files("assets")
    if not isinstance(root, Path):
        raise RuntimeError(f"the assets package must be installed as plain files, not {root!r}")
    return root


DEFAULT_ROOT = package_root()


def is_asset_file(rel: Path | str) -> bool:
    """Whether the file at ``rel`` (relative to the assets directory) may be an asset, i.e. is not
    the package's own ``__init__.py`` or bytecode."""
    parts = Path(rel).parts
    return parts != ("__init__.py",) and "__pycache__" not in parts


class AssetError(KeyError):
    """An asset key is unknown, or the manifest/file for it is unusable."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "asset error"


def read_manifest(root: Path) -> list[dict[str, Any]]:
    """Parse ``root/manifest.toml`` and return its ``[[asset]]`` entries (unvalidated)."""
    path = Path(root) / MANIFEST_NAME
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise AssetError(f"asset manifest not found: {path}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise AssetError(f"asset manifest {path} is not valid TOML: {exc}") from exc
    entries = data.get("asset", [])
    if not isinstance(entries, list):
        raise AssetError(f"asset manifest {path}: 'asset' must be an array of tables")
    return entries


def japanese_font_path(bold: bool = False) -> Path:
    """Path of pygame-gui's bundled Noto Sans JP (covers Latin and Japanese) for direct rendering.

    The font ships with pygame-gui, so it is not copied into ``assets/``; the theme
    (``ui.theme``) refers to the same files as package resources of ``pygame_gui.data``.
    """
    import pygame_gui.data

    name = "NotoSansJP-Bold.otf" if bold else "NotoSansJP-Regular.otf"
    return Path(pygame_gui.data.__file__).resolve().parent / name


class Assets:
    """Manifest-driven access to the client's images, sounds, theme and fonts."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else DEFAULT_ROOT
        self._entries: dict[str, dict[str, Any]] = {}
        for entry in read_manifest(self.root):
            key = entry.get("key")
            if not isinstance(key, str) or not key:
                raise AssetError(f"manifest entry without a key: {entry!r}")
            if key in self._entries:
                raise AssetError(f"duplicate asset key in manifest: {key!r}")
            self._entries[key] = dict(entry)
        self._images: dict[str, Any] = {}
        self._sounds: dict[str, Any] = {}

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    def entry(self, key: str) -> dict[str, Any]:
        """The manifest entry for ``key`` (file, kind, game, role, and optional extras)."""
        try:
            return dict(self._entries[key])
        except KeyError:
            raise AssetError(f"unknown asset key: {key!r}") from None

    def keys(self, kind: str | None = None, game: str | None = None) -> list[str]:
        """Asset keys in manifest order, optionally filtered by kind and/or game."""
        return [
            k
            for k, e in self._entries.items()
            if (kind is None or e.get("kind") == kind) and (game is None or e.get("game") == game)
        ]

    def localized(self, key: str, lang: str) -> str:
        """The ``lang`` variant of ``key`` (``<key>.<lang>``) if the manifest has one, else ``key``."""
        if lang != "en":
            variant = f"{key}.{lang}"
            if variant in self._entries:
                return variant
        return key

    def path(self, key: str) -> Path:
        """Absolute path of the file behind ``key``."""
        return self.root / self.entry(key)["file"]

    def _expect_kind(self, key: str, kind: str) -> dict[str, Any]:
        entry = self.entry(key)
        if entry.get("kind") != kind:
            raise AssetError(f"asset {key!r} is a {entry.get('kind')}, not a {kind}")
        return entry

    def image(self, key: str):
        """The image for ``key`` as a ``pygame.Surface`` (``convert_alpha`` when a display exists)."""
        if key in self._images:
            return self._images[key]
        self._expect_kind(key, "image")
        import pygame

        path = self.path(key)
        try:
            surface = pygame.image.load(str(path))
        except (pygame.error, FileNotFoundError) as exc:
            raise AssetError(f"cannot load image {key!r} from {path}: {exc}") from exc
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        self._images[key] = surface
        return surface

    def sound(self, key: str):
        """The sound for ``key`` as ``pygame.mixer.Sound``, or ``None`` without a mixer."""
        if key in self._sounds:
            return self._sounds[key]
        self._expect_kind(key, "sound")
        import pygame

        path = self.path(key)
        if not path.is_file():
            raise AssetError(f"sound file for {key!r} is missing: {path}")
        if not pygame.mixer.get_init():
            return None
        try:
            sound = pygame.mixer.Sound(str(path))
        except pygame.error as exc:
            raise AssetError(f"cannot load sound {key!r} from {path}: {exc}") from exc
        self._sounds[key] = sound
        return sound

    def clear_cache(self) -> None:
        """Forget loaded surfaces and sounds (e.g. after the display mode changed)."""
        self._images.clear()
        self._sounds.clear()

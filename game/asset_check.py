"""The asset check: every manifest entry well-formed, every listed file present and readable, no
file in ``assets/`` left out of the manifest.

CI runs it from the installed wheel (``tabletop-trio assets --check``), so it needs nothing from the
repository's developer tools; ``python -m tools.asset_preview --check --verify-build`` adds the
comparison with a fresh build of the assets.
"""

from __future__ import annotations

import json
import os
import tomllib
import wave
from collections.abc import Callable
from pathlib import Path

from game.client.assets import DEFAULT_ROOT, GAMES, KINDS, MANIFEST_NAME, is_asset_file

#: The fields every manifest entry must have (a non-empty string each).
REQUIRED_FIELDS = ("key", "file", "kind", "game", "role")


def headless() -> None:
    """Let pygame run without a screen or sound card (unless the environment already says otherwise)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _malformed(path: Path, kind: str) -> str | None:
    """Why the file at ``path`` is not a valid ``kind`` asset, or None if it is fine."""
    import pygame

    try:
        if kind == "image":
            surf = pygame.image.load(str(path))
            if surf.get_width() == 0 or surf.get_height() == 0:
                return "image is empty"
        elif kind == "sound":
            with wave.open(str(path), "rb") as w:
                if w.getnframes() == 0:
                    return "WAV has no frames"
                if w.getsampwidth() not in (1, 2):
                    return f"WAV sample width {w.getsampwidth()} is not 8/16 bit"
        elif kind == "theme":
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                return "theme JSON is not an object"
        elif kind == "font":
            pygame.font.init()
            pygame.font.Font(str(path), 12)
    except (
        pygame.error,
        wave.Error,
        EOFError,
        json.JSONDecodeError,
        UnicodeDecodeError,
        OSError,
        ValueError,
    ) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def check(root: Path | str = DEFAULT_ROOT) -> list[str]:
    """Problems with the assets under ``root`` (empty list = all fine).

    Reports manifest entries with missing/unknown fields, unknown kind or game, duplicate keys
    or files, unsafe paths; files that are missing, unused (not in the manifest) or malformed.
    """
    headless()
    import pygame

    pygame.init()
    root = Path(root)
    problems: list[str] = []
    manifest = root / MANIFEST_NAME
    try:
        data = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return [f"missing: {manifest} (the manifest itself)"]
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        return [f"malformed: {MANIFEST_NAME} is not valid TOML: {exc}"]
    entries = data.get("asset", [])
    if not isinstance(entries, list):
        return [f"malformed: {MANIFEST_NAME}: 'asset' must be an array of tables"]
    seen_keys: set[str] = set()
    seen_files: set[str] = set()
    listed: set[str] = set()
    for i, e in enumerate(entries):
        label = f"entry {i} ({e.get('key', '?')!r})" if isinstance(e, dict) else f"entry {i}"
        if not isinstance(e, dict):
            problems.append(f"malformed: {label} is not a table")
            continue
        absent = [f for f in REQUIRED_FIELDS if not isinstance(e.get(f), str) or not e.get(f)]
        if absent:
            problems.append(f"malformed: {label} lacks field(s) {', '.join(absent)}")
            continue
        key, file, kind, game = e["key"], e["file"], e["kind"], e["game"]
        if key in seen_keys:
            problems.append(f"malformed: duplicate key {key!r}")
        seen_keys.add(key)
        if kind not in KINDS:
            problems.append(f"malformed: {key}: unknown kind {kind!r} (expected one of {', '.join(KINDS)})")
        if game not in GAMES:
            problems.append(f"malformed: {key}: unknown game {game!r} (expected one of {', '.join(GAMES)})")
        rel = Path(file)
        if rel.is_absolute() or ".." in rel.parts or file == MANIFEST_NAME:
            problems.append(f"malformed: {key}: file path {file!r} must be relative, inside assets/")
            continue
        if file in seen_files:
            problems.append(f"malformed: {key}: file {file!r} is listed twice")
        seen_files.add(file)
        listed.add(rel.as_posix())
        path = root / rel
        if not path.is_file():
            problems.append(f"missing: {key}: {file}")
            continue
        if kind in KINDS:
            why = _malformed(path, kind)
            if why:
                problems.append(f"malformed: {key}: {file}: {why}")
        back = e.get("back")
        if back is not None and back not in {x.get("key") for x in entries if isinstance(x, dict)}:
            problems.append(f"malformed: {key}: back {back!r} is not a key of the manifest")
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.is_file() and is_asset_file(rel):
            if rel.as_posix() != MANIFEST_NAME and rel.as_posix() not in listed:
                problems.append(f"unused: {rel.as_posix()} is not in the manifest")
    return problems


def report(root: Path | str = DEFAULT_ROOT, extra: Callable[[Path], list[str]] | None = None) -> int:
    """Print the problems with the assets under ``root`` (and those ``extra(root)`` finds), one a line,
    then a summary line (``ok: N manifest entries, 0 problem(s)`` or ``FAILED: ...``); 0 if none, else 1."""
    root = Path(root)
    problems = check(root)
    if extra is not None:
        problems.extend(extra(root))
    for p in problems:
        print(p)
    manifest = root / MANIFEST_NAME
    n = (
        len(tomllib.loads(manifest.read_text("utf-8")).get("asset", []))
        if manifest.is_file() and not any("TOML" in p for p in problems)
        else 0
    )
    print(f"{'FAILED' if problems else 'ok'}: {n} manifest entries, {len(problems)} problem(s)")
    return 1 if problems else 0

"""A normal (non-editable) install has everything the game reads: assets, rules text, i18n, cards.

Builds the wheel from a copy of the project, checks its contents (the top-level packages are exactly
``game``, ``ai`` and ``assets``), and runs the asset check and a short headless demo from the
unpacked wheel in a directory outside the repository.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from game.rules import GAMES

REPO = Path(__file__).resolve().parents[1]
NOT_PROJECT = shutil.ignore_patterns(
    ".git",
    ".venv*",
    "venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".pytest_cache",
    ".hypothesis",
    ".ruff_cache",
    "tournaments",
    "out",
)
#: pip's words when the build requirements themselves cannot be had (offline, no index).
NO_BUILD_TOOLS = (
    "No matching distribution found",
    "Could not find a version that satisfies",
    "invalid command 'bdist_wheel'",
    "No module named 'setuptools'",
    "No module named 'wheel'",
)


def _pip_wheel(src: Path, out: Path, isolated: bool) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q", "-w", str(out)]
    return subprocess.run(
        cmd + ([] if isolated else ["--no-build-isolation"]), capture_output=True, text=True, timeout=300
    )


def _missing_build_tools(result: subprocess.CompletedProcess) -> str | None:
    """pip's line saying that the build requirements could not be had, if the build failed so."""
    if result.returncode:
        for line in (result.stdout + result.stderr).splitlines():
            if any(words in line for words in NO_BUILD_TOOLS):
                return line.strip()
    return None


def build_wheel(tmp: Path) -> Path:
    """The wheel built from a clean copy of the project (skips only if no build tools can be had)."""
    src = tmp / "src"
    shutil.copytree(REPO, src, ignore=NOT_PROJECT)
    out = tmp / "dist"
    result = _pip_wheel(src, out, isolated=True)
    if _missing_build_tools(result):
        result = _pip_wheel(src, out, isolated=False)  # offline: use this environment's setuptools
        if reason := _missing_build_tools(result):
            pytest.skip(f"cannot get the build tools here: {reason}")
    assert result.returncode == 0, result.stdout + result.stderr
    (path,) = out.glob("tabletop_trio-*.whl")
    return path


def test_the_wheel_holds_every_file_the_game_reads_and_runs_from_another_directory(tmp_path):
    """One test, so that the wheel is built once even when the tests run in parallel."""
    wheel = build_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    manifest = tomllib.loads((REPO / "assets" / "manifest.toml").read_text("utf-8"))
    missing = [e["file"] for e in manifest["asset"] if f"assets/{e['file']}" not in names]
    assert not missing, f"assets missing from the wheel: {missing}"
    needed = (
        [
            "assets/manifest.toml",
            "assets/__init__.py",
            "game/client/i18n/en.toml",
            "game/client/i18n/ja.toml",
            "game/rules/hakkutsu/cards.toml",
        ]
        + [f"game/rules/{game}/RULES.md" for game in GAMES]
        + [f"game/client/rulebook/{game}.{lang}.md" for game in GAMES for lang in ("en", "ja")]
    )
    assert not [n for n in needed if n not in names]
    assert not [n for n in names if n.startswith(("tests/", "docs/screenshots/"))]
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    assert top == {"game", "ai", "assets"}, f"the wheel installs top-level {sorted(top)}"

    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(
        os.environ,
        PYTHONPATH=str(site),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        TRIO_CONFIG_DIR=str(tmp_path / "config"),
        TRIO_DATA_DIR=str(tmp_path / "data"),
    )

    def run(*args: str) -> str:
        result = subprocess.run(
            [sys.executable, *args], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    where = run(
        "-c",
        "import assets, game; from game.client.rulebook import load; "
        "print(assets.__file__, game.__file__, load('ratjack', 'ja').lang == 'ja')",
    )
    assert where.split() == [str(site / "assets" / "__init__.py"), str(site / "game" / "__init__.py"), "True"]
    assert "ok:" in run("-m", "game", "assets", "--check")  # what `tabletop-trio assets --check` runs
    out = run(
        "-m",
        "game",
        "demo",
        "hacktrick",
        "--seed",
        "1",
        "--speed",
        "50",
        "--seats",
        "random,random",
        "--option",
        "target=1",
        "--screenshot",
        "last.png",
    )
    assert "stopped" not in out and (elsewhere / "last.png").is_file()


def test_the_product_does_not_import_the_developer_tools():
    """``game`` and ``ai`` are installed without ``tools``: neither may import it."""
    offenders = []
    for path in sorted((REPO / "game").rglob("*.py")) + sorted((REPO / "ai").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            if any(n == "tools" or n.startswith("tools.") for n in names):
                offenders.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert offenders == []

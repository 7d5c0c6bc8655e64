"""``tabletop-trio assets`` from a checkout (the window, the contact sheet, the check), plus
``--verify-build``: the check also rebuilds every asset into a temporary directory and reports files
that differ (that needs the asset generators, which are developer tools and not in the wheel).

Usage::

    python -m tools.asset_preview [--sheet PNG] [--check [--verify-build]] [--screenshot PNG] ...

The command itself is :mod:`game.client.asset_preview`; the check is :mod:`game.asset_check`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from game.asset_check import check
from game.cli_args import OneLineArgumentParser
from game.client import asset_preview
from game.client.assets import DEFAULT_ROOT

PROG = "python -m tools.asset_preview"
__all__ = ["check", "main", "verify_against_build"]


def verify_against_build(root: Path | str = DEFAULT_ROOT) -> list[str]:
    """Rebuild every asset into a temporary directory and report files that differ from ``root``."""
    from tools import build_assets

    root = Path(root)
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        build_assets.build(Path(tmp))
        fresh = Path(tmp)
        for path in sorted(fresh.rglob("*")):
            if not path.is_file():
                continue
            rel = path.relative_to(fresh).as_posix()
            mine = root / rel
            if not mine.is_file():
                problems.append(f"differs from build: {rel} would be built but is absent")
            elif mine.read_bytes() != path.read_bytes():
                problems.append(f"differs from build: {rel} (rerun `python -m tools.build_assets`)")
    return problems


def main(argv: list[str] | None = None) -> int:
    """``tabletop-trio assets ARGS`` with ``--verify-build``, its messages naming this module."""
    parser = OneLineArgumentParser(prog=PROG, description=asset_preview.__doc__.splitlines()[0])
    asset_preview.add_arguments(parser, verify_build=True)
    return asset_preview.run(parser.parse_args(argv), PROG, verify_against_build)


if __name__ == "__main__":
    sys.exit(main())

"""The README's install line works as written (issue 30, item 9): `pip install .` installs the
project in the current directory, so the README clones it and steps into the checkout first."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def play_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Play\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]


def test_the_play_section_clones_then_installs_inside_the_checkout():
    commands = play_commands()
    install = next(i for i, c in enumerate(commands) if "pip install ." in c)
    before = " && ".join(commands[: install + 1])
    assert "git clone" in before and " cd " in f" {before}", commands
    assert before.index("git clone") < before.index("cd ") < before.index("pip install .")
    prose = README.read_text(encoding="utf-8").split("\n## Play\n", 1)[1].split("```sh", 1)[0]
    assert "clone" in prose and "checkout" in prose

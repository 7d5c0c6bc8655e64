"""Assets: the manifest loads completely, `--check` finds broken copies, builds are deterministic."""

import json
import os
import shutil
import wave

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import cli  # noqa: E402
from game.client.assets import DEFAULT_ROOT, AssetError, Assets, japanese_font_path  # noqa: E402
from tools import asset_preview, build_assets  # noqa: E402

CONTRACT_KEYS = (
    [
        "ui.background",
        "ui.logo",
        "ui.table",
        "ui.theme",
        "ui.icon",
        "ui.thinking",
        "ui.game.hacktrick",
        "ui.game.ratjack",
        "ui.game.hakkutsu",
    ]
    + [f"hacktrick.card.{v}" for v in range(6)]
    + [
        "hacktrick.card.back",
        "hacktrick.marker.0",
        "hacktrick.marker.1",
        "hacktrick.marker.0.x2",
        "hacktrick.marker.1.x2",
        "hacktrick.board",
        "hacktrick.cell_highlight",
    ]
    + [f"ratjack.card.{d}.{v}" for d in ("rat-red", "rat-blue", "weasel", "raccoon") for v in range(1, 13)]
    + ["ratjack.card.back", "ratjack.vp"]
    + [f"ratjack.token.{f}" for f in "-1 +1 -3 -5 +5 +10 zero double half locked protected blank".split()]
    + [f"hakkutsu.card.back.{a}" for a in "ABC"]
    + [f"hakkutsu.site.{a}" for a in "ABC"]
    + [f"hakkutsu.pawn.{p}" for p in range(4)]
    + ["hakkutsu.coin", "hakkutsu.base"]
    + [f"hakkutsu.equipment.{e}" for e in "joint-dig drill crane jeep helicopter grant detector".split()]
    + [f"hakkutsu.kind.{k}" for k in "igneous sedimentary metamorphic mineral fossil meteorite".split()]
    + [f"sfx.{s}" for s in "click card flip marker capture shuffle win lose coin dig error".split()]
)


@pytest.fixture(scope="module")
def assets():
    pygame.init()
    return Assets()


def test_contract_keys_present(assets):
    missing = [k for k in CONTRACT_KEYS if k not in assets]
    assert missing == []


def test_every_rock_and_museum_card_has_an_image(assets):
    import tomllib

    data = tomllib.loads((DEFAULT_ROOT.parent / "game/rules/hakkutsu/cards.toml").read_text("utf-8"))
    assert {f"hakkutsu.rock.{r['key']}" for r in data["rock"]} <= set(assets.keys(game="hakkutsu"))
    museums = [
        k
        for k in assets.keys(game="hakkutsu")
        if k.startswith("hakkutsu.museum.")
        and k != "hakkutsu.museum.back"
        and "variant_of" not in assets.entry(k)
    ]  # not the Japanese faces (test_card_faces_ja)
    assert len(museums) == len(data["museum"]) == 9


def test_every_key_loads(assets):
    for key in assets.keys(kind="image"):
        surf = assets.image(key)
        assert surf.get_width() > 0 and surf.get_height() > 0, key
        assert assets.image(key) is surf  # cached
    for key in assets.keys(kind="sound"):
        assert assets.path(key).is_file()
        assets.sound(key)  # a Sound, or None without a mixer; must not raise
        with wave.open(str(assets.path(key))) as w:
            assert w.getframerate() == 22050 and w.getnchannels() == 1 and w.getnframes() > 0
    for key in assets.keys(kind="theme"):
        assert isinstance(json.loads(assets.path(key).read_text("utf-8")), dict)


def test_documented_sizes(assets):
    assert assets.image("ui.background").get_size() == (1280, 720)
    assert assets.image("ui.table").get_size() == (1280, 720)
    assert assets.image("ui.icon").get_size() == (64, 64)
    assert assets.image("ui.game.ratjack").get_size() == (320, 180)
    assert assets.image("hacktrick.card.3").get_size() == (100, 140)
    assert assets.image("ratjack.card.weasel.12").get_size() == (100, 140)
    assert assets.image("hacktrick.marker.1.x2").get_size() == (48, 48)
    e = assets.entry("ui.thinking")
    w, h = assets.image("ui.thinking").get_size()
    assert (w, h) == (e["frame_size"][0] * e["frames"], e["frame_size"][1])


def test_board_cells_match_the_magic_square(assets):
    e = assets.entry("hacktrick.board")
    assert e["numbers"] == [4, 9, 2, 3, 5, 7, 8, 1, 6]
    size = assets.image("hacktrick.board").get_size()
    for x, y, w, h in e["cells"]:
        assert 0 <= x and x + w <= size[0] and 0 <= y and y + h <= size[1]


def test_x2_markers_differ_from_normal_markers(assets):
    for p in (0, 1):
        a = pygame.image.tobytes(assets.image(f"hacktrick.marker.{p}"), "RGBA")
        b = pygame.image.tobytes(assets.image(f"hacktrick.marker.{p}.x2"), "RGBA")
        assert a != b


def test_filters_and_entries(assets):
    assert set(assets.keys(kind="sound")) == {k for k in assets.keys() if k.startswith("sfx.")}
    assert all(k.startswith("ratjack.") for k in assets.keys(game="ratjack"))
    assert assets.keys(kind="theme", game="ui") == ["ui.theme"]
    entry = assets.entry("hacktrick.card.3")
    assert entry["file"] == "hacktrick/card_3.png" and entry["kind"] == "image"
    assert entry["back"] == "hacktrick.card.back"


def test_unknown_key_raises_named_error(assets):
    with pytest.raises(AssetError, match="no.such.key"):
        assets.image("no.such.key")
    with pytest.raises(KeyError):
        assets.entry("no.such.key")
    with pytest.raises(AssetError, match="not a sound"):
        assets.sound("ui.logo")


def test_theme_renders_japanese(assets):
    import pygame_gui

    pygame.display.set_mode((320, 80))
    manager = pygame_gui.UIManager((320, 80), str(assets.path("ui.theme")))
    label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 320, 80), "ハックツ", manager)
    manager.update(0.01)
    screen = pygame.display.get_surface()
    screen.fill((0, 0, 0))
    manager.draw_ui(screen)
    font = label.font
    # The themed font must have real glyphs for kana (not .notdef boxes): distinct kana differ.
    assert font.size("ハ") != (0, 0)
    a = pygame.image.tobytes(font.render_premul("ハ", (255, 255, 255)), "RGBA")
    b = pygame.image.tobytes(font.render_premul("ツ", (255, 255, 255)), "RGBA")
    assert a != b
    jp = pygame.font.Font(str(japanese_font_path()), 20)
    assert jp.metrics("ハ")[0] is not None


def test_check_passes_on_repo(capsys):
    assert asset_preview.check(DEFAULT_ROOT) == []
    assert asset_preview.main(["--check"]) == 0
    assert cli.main(["assets", "--check"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("ok: ")


@pytest.fixture()
def broken_copy(tmp_path):
    root = tmp_path / "assets"
    shutil.copytree(DEFAULT_ROOT, root)
    return root


def test_check_finds_deleted_file(broken_copy):
    (broken_copy / "hacktrick" / "card_3.png").unlink()
    problems = asset_preview.check(broken_copy)
    assert any(p.startswith("missing:") and "hacktrick.card.3" in p for p in problems)
    assert asset_preview.main(["--check", "--root", str(broken_copy)]) == 1
    assert cli.main(["assets", "--check", "--root", str(broken_copy)]) == 1  # the installed command


def test_check_finds_extra_file(broken_copy):
    (broken_copy / "ui" / "stray.png").write_bytes((broken_copy / "ui" / "icon.png").read_bytes())
    problems = asset_preview.check(broken_copy)
    assert problems == ["unused: ui/stray.png is not in the manifest"]


def test_check_finds_corrupt_files(broken_copy):
    (broken_copy / "ratjack" / "vp.png").write_bytes(b"\x89PNG\r\n\x1a\nthis is not a png")
    (broken_copy / "sounds" / "coin.wav").write_bytes(b"RIFF0000WAVEjunk")
    (broken_copy / "ui" / "theme.json").write_text("{ not json", encoding="utf-8")
    problems = asset_preview.check(broken_copy)
    assert any(p.startswith("malformed: ratjack.vp") for p in problems)
    assert any(p.startswith("malformed: sfx.coin") for p in problems)
    assert any(p.startswith("malformed: ui.theme") for p in problems)
    assert len(problems) == 3


def test_check_finds_bad_manifest_entries(broken_copy):
    manifest = broken_copy / "manifest.toml"
    text = manifest.read_text("utf-8")
    text += '\n[[asset]]\nkey = "ui.logo"\nfile = "ui/logo.png"\nkind = "image"\ngame = "ui"\nrole = "dup"\n'
    text += '\n[[asset]]\nkey = "ui.odd"\nfile = "ui/icon.png"\nkind = "video"\ngame = "chess"\nrole = "x"\n'
    manifest.write_text(text, "utf-8")
    problems = asset_preview.check(broken_copy)
    assert any("duplicate key 'ui.logo'" in p for p in problems)
    assert any("unknown kind 'video'" in p for p in problems)
    assert any("unknown game 'chess'" in p for p in problems)
    with pytest.raises(AssetError, match="duplicate"):
        Assets(broken_copy)


def test_check_verify_build_detects_changed_bytes(broken_copy, monkeypatch):
    from tools.art import hacktrick

    monkeypatch.setattr(build_assets, "all_specs", lambda: hacktrick.specs())
    # A clean rebuild of these specs matches; a changed pixel does not.
    problems = asset_preview.verify_against_build(broken_copy)
    assert not [p for p in problems if "hacktrick/" in p]
    img = pygame.image.load(str(broken_copy / "hacktrick" / "board.png"))
    img.set_at((210, 210), (1, 2, 3, 255))
    pygame.image.save(img, str(broken_copy / "hacktrick" / "board.png"))
    problems = asset_preview.verify_against_build(broken_copy)
    assert [p for p in problems if "hacktrick/" in p] == [
        "differs from build: hacktrick/board.png (rerun `python -m tools.build_assets`)"
    ]


def test_build_is_deterministic_and_matches_repo(tmp_path):
    only = [
        "hacktrick.card.",
        "hacktrick.marker.1",
        "ratjack.token.",
        "ratjack.card.raccoon.7",
        "hakkutsu.rock.ammonite",
        "hakkutsu.museum.gem-lab",
        "ui.icon",
        "sfx.click",
        "sfx.coin",
        "ui.theme",
    ]
    a, b = tmp_path / "a", tmp_path / "b"
    keys_a = build_assets.build(a, only=only)
    keys_b = build_assets.build(b, only=only)
    assert keys_a == keys_b and len(keys_a) > 15
    specs = {s.key: s for s in build_assets.all_specs()}
    for key in keys_a:
        rel = specs[key].file
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel
        assert (a / rel).read_bytes() == (DEFAULT_ROOT / rel).read_bytes(), f"{rel} is stale in assets/"
    assert (a / "manifest.toml").read_bytes() == (DEFAULT_ROOT / "manifest.toml").read_bytes()


def test_assets_dir_is_modest():
    total = sum(p.stat().st_size for p in DEFAULT_ROOT.rglob("*") if p.is_file())
    assert total < 5_000_000

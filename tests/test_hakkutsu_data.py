"""The Hakkutsu data file: content as the spec fixes it, and clear errors for broken copies."""

import re
from collections import Counter

import pytest

from game.rules.hakkutsu.data import DATA, DATA_FILE, DataError, load_data


def test_content_matches_the_spec():
    assert len(DATA.rocks) == 56
    assert Counter(r.area for r in DATA.rocks) == {"A": 24, "B": 16, "C1": 8, "C2": 8}
    assert len(DATA.museums) == 9
    assert len(DATA.equipment) == 7 and sum(t.count for t in DATA.equipment) == 28
    assert all(r.name and r.name_ja for r in DATA.rocks)
    skull = [r for r in DATA.rocks if r.key == "dinosaur-skull"][0]
    assert skull.fossil_value == 2 and skull.kind == "fossil"
    assert {r.key: (r.ability, r.ability_value) for r in DATA.rocks if r.ability} == {
        "magnetite": ("movement", 1),
        "coal": ("refill", 5),
    }
    assert {t.key: t.phase for t in DATA.equipment} == {
        "joint-dig": "mining",
        "drill": "mining",
        "crane": "mining",
        "jeep": "movement",
        "helicopter": "movement",
        "grant": "any",
        "detector": "any",
    }
    assert DATA.coins_total == 20 and DATA.coins_start == 4 and DATA.end_empty_sites == 12


def _broken(tmp_path, old, new, count=1):
    text = DATA_FILE.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def test_the_real_file_loads_from_a_copy(tmp_path):
    path = _broken(tmp_path, "[map]", "[map]")
    assert load_data(path) == DATA


@pytest.mark.parametrize(
    "old,new,pattern",
    [
        (
            'key = "limestone"\nname = "Limestone"\nname_ja = "石灰岩"\nkind = "sedimentary"\narea = "A"\ncount = 3\ncost = 1',
            'key = "limestone"\nname = "Limestone"\nname_ja = "石灰岩"\nkind = "sedimentary"\narea = "A"\ncount = 3\ncost = -1',
            r"rock\[4\] 'limestone': field 'cost'",
        ),
        ('name_ja = "玄武岩"\n', "", r"rock\[1\] 'basalt': field 'name_ja' is missing"),
        (
            'kind = "mineral"\narea = "B"\ncount = 2\ncost = 3',
            'kind = "gem"\narea = "B"\ncount = 2\ncost = 3',
            r"rock\[11\] 'quartz': field 'kind' must be one of",
        ),
        (
            'area = "C1"\ncount = 1\ncost = 4\ncarry = 1',
            'area = "D"\ncount = 1\ncost = 4\ncarry = 1',
            r"rock\[16\] 'ruby': field 'area'",
        ),
        ('ability = "refill"', 'ability = "teleport"', r"'coal': field 'ability'"),
        ("ability_value = 1\n", "", r"'magnetite': field 'ability_value' is missing"),
        (
            'key = "granite"\nname = "Granite"\nname_ja = "花崗岩"\nkind = "igneous"\narea = "A"\ncount = 4',
            'key = "granite"\nname = "Granite"\nname_ja = "花崗岩"\nkind = "igneous"\narea = "A"\ncount = 3',
            r"area A has 23 cards but the map's sites need 24",
        ),
        ('bonus = "fossils"', 'bonus = "fossil-ish"', r"museum\[4\] 'fossil-museum': field 'bonus'"),
        (
            'kinds = ["igneous", "sedimentary", "metamorphic"]',
            'kinds = ["igneous", "lava"]',
            r"museum\[6\] 'natural-history-museum': field 'kinds'",
        ),
        ('areas = ["A"]', 'areas = ["Z"]', r"'local-museum': field 'areas'"),
        (
            'phase = "movement"\neffect = "jeep"',
            'phase = "mining"\neffect = "jeep"',
            r"equipment\[3\] 'jeep': field 'phase'",
        ),
        ('effect = "grant"\nvalue = 2', 'effect = "grant"', r"'grant': field 'value' is missing"),
        ('effect = "detector"', 'effect = "grant"\nvalue = 1', r"'detector': field 'effect'.*already"),
        ("alpha = [3, 3, 2, 2, 1, 1]", "alpha = [3, 3, 2, 2, 1, 0]", r"\[cart\]: field 'alpha'"),
        ("alpha = [3, 3, 2, 2, 1, 1]", "alpha = [1, 3]", r"\[cart\]: field 'alpha'"),
        ('cart = "beta"', 'cart = "gamma"', r"\[modes.treasure\]: field 'cart'"),
        ("base = [2, 2]", "base = [7, 2]", r"\[map\]: field 'base'"),
        (
            'area_by_distance = ["", "A", "A", "B", "C"]',
            'area_by_distance = ["", "A", "A", "B"]',
            r"field 'area_by_distance'",
        ),
        ('C = ["C2", "C1"]', 'C = ["C2", "X"]', r"\[map.stacks\]: field 'C'"),
        ("total = 20", "total = 10", r"\[coins\]: field 'total'"),
        ("empty_sites = 12", 'empty_sites = "12"', r"\[end\]: field 'empty_sites'"),
        (
            'key = "schist"\nname = "Schist"',
            'key = "schist"\nname = "Schist"\ncolour = "grey"',
            r"'schist': field 'colour' is not a known field",
        ),
        ('key = "opal"', 'key = "diamond"', r"'diamond': field 'key' is used by another"),
    ],
)
def test_broken_copies_name_entry_and_field(tmp_path, old, new, pattern):
    path = _broken(tmp_path, old, new)
    with pytest.raises(DataError, match=pattern):
        load_data(path)


def test_invalid_toml_and_missing_file(tmp_path):
    path = _broken(tmp_path, "[map]", "[map")
    with pytest.raises(DataError, match="not valid TOML"):
        load_data(path)
    with pytest.raises(DataError, match="cannot read"):
        load_data(tmp_path / "nope.toml")


def test_missing_section(tmp_path):
    path = _broken(tmp_path, "[coins]\ntotal = 20\nstart = 4\nrefill = 4\n", "")
    with pytest.raises(DataError, match=re.escape("[coins]: field 'coins' is missing")):
        load_data(path)


def test_data_error_is_a_value_error():
    assert issubclass(DataError, ValueError)

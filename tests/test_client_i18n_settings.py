"""i18n tables agree; settings survive round trips and broken files."""

from __future__ import annotations

import json
import string

import pytest

from game.client import i18n
from game.client.settings import Settings


def _fields(text: str) -> set:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_both_tables_have_the_same_keys_and_placeholders():
    """Except the second-person forms (``<key>_2nd``, :class:`i18n.You`): English needs them for its
    verbs ("You draw"), Japanese verbs do not change with the person."""
    en, ja = i18n.table("en"), i18n.table("ja")
    plain = {k for k in en if not k.endswith("_2nd")}
    assert plain == set(ja), sorted(plain ^ set(ja))
    for k in plain:
        assert _fields(en[k]) == _fields(ja[k]), k
    for k in set(en) - plain:
        assert k[:-4] in en and _fields(en[k]) <= _fields(en[k[:-4]]) | {"name"}, k


def test_the_log_speaks_to_the_player_at_the_screen():
    """The log said "Player 1 (you) draws a card" under panels that say "You"."""
    you = i18n.You("Player 1 (you)")
    i18n.set_language("en")
    try:
        assert i18n.t("log.rj.drew_deck", name=you, card="Rat 2") == "You draw Rat 2 from the deck."
        assert i18n.t("log.hk.base", name=you) == "You are at the base."
        assert (
            i18n.t("log.rj.placed_discard", name=you, card="Rat 2")
            == "You take the top discard Rat 2 into your area."
        )
        assert (
            i18n.t("log.rj.drew_deck", name="Easy bot", card="Rat 2") == "Easy bot draws Rat 2 from the deck."
        )
        i18n.set_language("ja")
        assert i18n.t("log.hk.base", name=i18n.You("あなた（P1）")) == i18n.t(
            "log.hk.base", name="あなた（P1）"
        )
    finally:
        i18n.set_language("en")


def test_t_formats_and_switches_language():
    i18n.set_language("en")
    assert i18n.t("results.winner", name="Ann") == "Ann wins!"
    i18n.set_language("ja")
    assert i18n.t("results.winner", name="Ann") == "Annの勝ち！"
    assert i18n.t("no.such.key") == "no.such.key"
    i18n.set_language("en")
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("xx")


def test_settings_round_trip(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path))
    s = Settings.load()
    assert s.language == "en" and s.problem is None
    s.language, s.volume, s.mute, s.window_size = "ja", 0.25, True, (1600, 900)
    s.save()
    again = Settings.load()
    assert (again.language, again.volume, again.mute, again.window_size) == ("ja", 0.25, True, (1600, 900))


def test_broken_settings_are_reported_and_left_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path))
    path = tmp_path / "settings.json"
    path.write_text("{ not json", encoding="utf-8")
    s = Settings.load()
    assert s.problem and "broken" in s.problem
    assert s.language == "en"
    assert path.read_text(encoding="utf-8") == "{ not json"


def test_bad_values_are_clamped(tmp_path, monkeypatch):
    monkeypatch.setenv("TRIO_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text(
        json.dumps({"language": "klingon", "volume": 7, "animation_speed": "fast", "window_size": [10, 10]})
    )
    s = Settings.load()
    assert (s.language, s.volume, s.animation_speed, s.window_size) == ("en", 1.0, 1.0, (960, 540))


def test_every_text_key_the_client_names_exists_in_both_languages():
    """A key missing from the tables shows as itself ("log.scrolled" did, in the log's header)."""
    import pathlib
    import re

    root = pathlib.Path(i18n.__file__).parent
    named = re.compile(r'\b(?:t|tn)\(\s*"([a-z0-9_.]+)"')
    keys = {
        (m.group(1), str(p))
        for p in root.rglob("*.py")
        for m in named.finditer(p.read_text(encoding="utf-8"))
    }
    keys = {(k, p) for k, p in keys if ".xx." not in k}  # a docstring's example
    assert len(keys) > 100
    for lang in ("en", "ja"):
        table = i18n.table(lang)
        assert not [(k, p) for k, p in keys if k not in table], lang
    # a singular form English has must exist in Japanese too, or tn() shows the English one there
    assert not [k for k in i18n.table("en") if k.endswith("_one") and k not in i18n.table("ja")]

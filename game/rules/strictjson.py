"""Strict reading of JSON input: records, actions and saved states.

Everything read from a file or another process goes through these checks, so
bad input gives one clear ``ValueError`` line instead of a wrong value (``"false"``
read as true, ``true`` read as the card 1) or a crash (``RecursionError`` on
deeply nested lists).
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Iterable, Mapping
from typing import Any, TypeGuard

#: Deepest nesting of lists and objects accepted (the real formats need fewer than 10 levels).
MAX_DEPTH = 64
#: Longest string (and object key) accepted in a record or a save: the longest real ones are
#: agent specs such as ``mcts:level=normal,workers=2`` (under 60 characters).
MAX_STRING = 200


def show(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for one-line messages."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def is_int(value: object) -> TypeGuard[int]:
    """An integer that is not a boolean (JSON ``true`` is not the number 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def loads(text: str | bytes, what: str) -> Any:
    """Parse JSON ``text``; ``ValueError`` naming ``what`` if it is not JSON or nested too deeply."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError(f"{what} is nested too deeply (more than {MAX_DEPTH} levels)") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"{what} is not valid JSON: {exc}") from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise ValueError(f"{what} is not usable JSON: {exc}") from None
    check_depth(data, what)
    return data


def check_depth(value: object, what: str, limit: int = MAX_DEPTH) -> None:
    """``ValueError`` if lists/objects in ``value`` nest deeper than ``limit`` (no recursion used)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[object]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        if depth > limit:
            raise ValueError(f"{what} is nested too deeply (more than {limit} levels)")
        stack.extend((child, depth + 1) for child in children)


def check_strings(value: object, what: str, limit: int = MAX_STRING) -> None:
    """``ValueError`` if a string or an object key anywhere in ``value`` is longer than ``limit``
    characters (a 400 kB seat name would be drawn, wrapped and logged at every turn)."""
    stack: list[tuple[object, str]] = [(value, what)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            if len(item) > limit:
                raise ValueError(f"{where} is a string of {len(item)} characters (at most {limit})")
        elif isinstance(item, dict):
            for key, child in item.items():
                if isinstance(key, str) and len(key) > limit:
                    raise ValueError(f"{where} has a key of {len(key)} characters (at most {limit})")
                stack.append((child, f"{where}[{show(key, 30)}]"))
        elif isinstance(item, (list, tuple)):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(item))


def expect_int(what: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an integer (not a boolean) in ``low..high``; else ``ValueError``."""
    if not is_int(value):
        raise ValueError(f"{what} must be an integer, not {show(value)}")
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {show(value)}")
    return value


def expect_bool(what: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False`` (not ``"false"``, not ``0``); else ``ValueError``."""
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {show(value)}")
    return value


def expect_number(what: str, value: object, low: float, high: float) -> float:
    """``value`` as a float if it is a finite number (not a boolean) in ``low..high``; else ``ValueError``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{what} must be a number, not {show(value)}")
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {show(value)}")
    return float(value)


def expect_str(what: str, value: object, choices: Collection[str] | None = None) -> str:
    """``value`` if it is a string (one of ``choices`` when given); else ``ValueError``."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a string, not {show(value)}")
    if choices is not None and value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(choices)}, not {show(value)}")
    return value


def expect_object(
    what: str, value: object, required: Collection[str] = (), optional: Collection[str] | None = None
) -> dict[str, Any]:
    """``value`` if it is a JSON object with every ``required`` key.

    With ``optional`` (a list of keys) no key outside ``required`` and ``optional``
    is allowed; ``None`` allows any other key.
    """
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be a JSON object, not {show(value)}")
    for key in required:
        if key not in value:
            raise ValueError(f"{what} is missing {key!r}")
    if optional is None:
        return value
    allowed = set(required) | set(optional)
    for key in value:
        if key not in allowed:
            raise ValueError(f"{what} has an unknown key {show(key)}; allowed: {', '.join(sorted(allowed))}")
    return value


def expect_list(what: str, value: object, length: int | None = None) -> list[Any]:
    """``value`` if it is a JSON array (of ``length`` items when given); else ``ValueError``."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list, not {show(value)}")
    if length is not None and len(value) != length:
        raise ValueError(f"{what} must have {length} entries, not {len(value)}")
    return value


def read_action(
    game_title: str, data: object, keys: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]
) -> str:
    """Check an action's JSON object and return its ``kind`` (:func:`read_action_object`)."""
    return read_action_object(game_title, data, keys)[0]


def read_action_object(
    game_title: str, data: object, keys: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]
) -> tuple[str, dict[str, Any]]:
    """Check an action's JSON object; return its ``kind`` and the object.

    ``keys`` maps each kind to ``(required keys, optional keys)`` besides ``kind``.
    """
    if not isinstance(data, dict):
        raise ValueError(f"a {game_title} action must be a JSON object, not {show(data)}")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in keys:
        raise ValueError(f"not a {game_title} action kind: {show(kind)}; kinds: {', '.join(keys)}")
    required, optional = keys[kind]
    expect_object(f"{game_title} action {kind!r}", data, ("kind", *required), optional)
    return kind, data

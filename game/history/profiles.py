"""Profiles: who sits at a human seat (a name and a colour), kept in the history database.

A :class:`Profile` is ``(id, name, colour, created)``.  Names are any text a person would type,
Japanese included (NFC-normalised, inner white space collapsed, 1..:data:`NAME_MAX` characters, no
control characters); two profiles may not share a name ignoring case (:func:`name_key`).  Colours
are ``#rrggbb``; :data:`PALETTE` offers a few that read well on the table.  The functions here
only check and suggest; :class:`game.history.store.HistoryStore` creates, renames and lists
profiles (``create_profile``, ``update_profile``, ``profiles``, ``profile``, ``profile_named``,
``local_profile``, ``set_local_profile``).
"""

from __future__ import annotations

import getpass
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

#: Longest name, in characters ("ハックツ好きの太郎" is 9).
NAME_MAX = 24
#: Colours offered for a new profile, in the order they are handed out.
PALETTE = ("#e0604c", "#3f8fde", "#4caf6a", "#e0b43c", "#9b6ad6", "#2bb5b0", "#e07bb0", "#9aa0a8")
_COLOUR = re.compile(r"#[0-9a-f]{6}")
#: Account names that are no one's name (a default of "Root" would be silly).
_NOT_NAMES = {"root", "user", "admin", "administrator", "guest", "nobody", "default"}


class ProfileError(ValueError):
    """A name or colour that cannot be used; ``kind`` is ``empty``, ``too_long``, ``control``,
    ``taken`` or ``colour`` (a screen translates it), the message says it in English."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Profile:
    """A person who plays at this computer."""

    id: int
    name: str
    colour: str
    created: float

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "colour": self.colour, "created": self.created}


def clean_name(name: object) -> str:
    """``name`` as it is stored: NFC, white space runs made one space, stripped;
    :class:`ProfileError` if it is empty, longer than :data:`NAME_MAX` or has control characters."""
    if not isinstance(name, str):
        raise ProfileError("a name must be text", "empty")
    text = unicodedata.normalize("NFC", name)
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co") and not c.isspace() for c in text):
        raise ProfileError("a name cannot hold control characters", "control")
    text = " ".join(text.split())
    if not text:
        raise ProfileError("a name cannot be empty", "empty")
    if len(text) > NAME_MAX:
        raise ProfileError(f"a name has at most {NAME_MAX} characters (this one has {len(text)})", "too_long")
    return text


def name_key(name: str) -> str:
    """What two names must not share: the cleaned name, case-folded ("Anna" and "ANNA" clash)."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())


def check_colour(colour: object) -> str:
    """``colour`` as ``#rrggbb`` in lower case; :class:`ProfileError` if it is not one."""
    text = colour.strip().lower() if isinstance(colour, str) else ""
    if not _COLOUR.fullmatch(text):
        raise ProfileError(f"a colour is written #rrggbb (not {colour!r})", "colour")
    return text


def next_colour(used: Iterable[str]) -> str:
    """The first colour of :data:`PALETTE` no profile has yet (the palette again once all are used)."""
    taken = list(used)
    for colour in PALETTE:
        if colour not in taken:
            return colour
    return PALETTE[len(taken) % len(PALETTE)]


def default_name(fallback: str) -> str:
    """The name offered at first start: the account's name, capitalised ("anna" -> "Anna"), when it
    reads as a person's name; else ``fallback`` (the screen's "Player" in its language)."""
    try:
        account = getpass.getuser()
    except (OSError, KeyError, ImportError):  # no account name in the environment or passwd
        return fallback
    try:
        name = clean_name(account.replace("_", " ").replace(".", " "))
    except ProfileError:
        return fallback
    if name.casefold() in _NOT_NAMES or not any(c.isalpha() for c in name):
        return fallback
    return name[:1].upper() + name[1:] if name.isascii() and name.islower() else name

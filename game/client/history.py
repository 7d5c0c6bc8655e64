"""The client's side of the player's record (:mod:`game.history`): one store per window, profiles
at the seats, and each game written to the history when it ends or is abandoned.

A database fault never stops a game: it is said once per kind (a toast in the player's language,
the details on stderr) and the game plays on; a damaged file set aside is said once too.

Seats' profiles live in the game record's ``meta["profiles"]``: one ``{"id": int, "name": str}``
or ``None`` per seat (so saves and replays keep the names, even without the database).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game.history import (
    ABANDONED,
    FINISHED,
    HistoryError,
    HistoryStore,
    Profile,
    ProfileError,
    entry_from_record,
)
from game.history import default_name as account_name

from .i18n import t
from .players import HUMAN

T = TypeVar("T")
_ATTRIBUTE = "history_store"


def store(app: Any) -> HistoryStore:
    """The window's history store (opened on first use, in the user data folder)."""
    found = getattr(app, _ATTRIBUTE, None)
    if found is None:
        found = HistoryStore()
        setattr(app, _ATTRIBUTE, found)
    return found


def use(app: Any, work: Callable[[HistoryStore], T], default: T) -> T:
    """``work(store)``, or ``default`` when the database cannot be used (said once per kind of
    fault); a damaged file set aside on the way is said once."""
    history = store(app)
    try:
        return work(history)
    except HistoryError as exc:
        if history.first_report(exc):
            app.notify(t(f"history.fault.{exc.kind}"), 6, detail=str(exc))
        return default
    finally:
        for notice in history.take_notices():
            moved = history.set_aside_path
            app.notify(t("history.damaged", name=moved.name if moved else ""), 8, detail=notice)


def local_profile(app: Any) -> Profile | None:
    """The player at this screen, or ``None`` (not chosen yet, or the history cannot be read)."""
    return use(app, lambda s: s.local_profile(), None)


def profiles(app: Any) -> list[Profile]:
    """Every profile, oldest first (none when the history cannot be read)."""
    none: list[Profile] = []
    return use(app, lambda s: s.profiles(), none)


def suggested_name(app: Any) -> str:
    """A name for a new player no profile has yet: the account's name, else "Player" (numbered
    when taken: "Player 2")."""
    base = account_name(t("profile.default_name"))
    taken = {p.name.casefold() for p in profiles(app)}
    name, n = base, 1
    while name.casefold() in taken:
        n += 1
        name = f"{base} {n}"
    return name


def ensure_local_profile(app: Any) -> Profile | None:
    """The local profile, made with the suggested name if there is none yet (a game started
    straight from the command line); ``None`` only when the history cannot be used."""

    def work(s: HistoryStore) -> Profile:
        found = s.local_profile()
        if found is not None:
            return found
        made = s.create_profile(suggested_name(app))
        s.set_local_profile(made.id)
        return made

    try:
        return use(app, work, None)
    except ProfileError:  # another client took the name meanwhile: ask on the title screen instead
        return None


def seat_entry(profile: Profile | None) -> dict[str, Any] | None:
    return {"id": profile.id, "name": profile.name} if profile is not None else None


def seat_profiles(meta: dict[str, Any], players: int) -> list[dict[str, Any] | None]:
    """The seats' profiles recorded in a game's ``meta`` (anything malformed reads as none)."""
    raw = meta.get("profiles")
    if not isinstance(raw, list) or len(raw) != players:
        return [None] * players
    out: list[dict[str, Any] | None] = []
    for item in raw:
        ok = (
            isinstance(item, dict)
            and isinstance(item.get("id"), int)
            and not isinstance(item.get("id"), bool)
            and isinstance(item.get("name"), str)
            and item["name"].strip() != ""
        )
        out.append({"id": item["id"], "name": item["name"]} if ok else None)
    return out


def seat_people(meta: dict[str, Any], players: int) -> list[str | None]:
    """The name of each seat's profile (``None``: a bot or no profile), for :func:`~.players.seat_names`."""
    return [p["name"] if p else None for p in seat_profiles(meta, players)]


def attach_profiles(app: Any, session: Any, chosen: list[Profile | None] | None = None) -> None:
    """Note who sits at the human seats in the session's record: ``chosen`` (one per seat, from the
    setup screen), else what the record already says, else the local profile at a game's one
    human seat (made with the suggested name if the player was never asked), and at the first
    human seat of a hot-seat game nobody chose profiles for (started from the command line), as the
    setup screen's first seat would have it; seats the setup screen left to guests stay guests."""
    seats = session.seats
    if chosen is not None:
        entries = [seat_entry(p) if seats[i] == HUMAN else None for i, p in enumerate(chosen)]
    else:
        entries = seat_profiles(session.record.meta, len(seats))
        humans = [p for p, spec in enumerate(seats) if spec == HUMAN]
        if len(humans) == 1 and entries[humans[0]] is None:
            entries[humans[0]] = seat_entry(ensure_local_profile(app))
        elif len(humans) > 1 and "profiles" not in session.record.meta:
            entries[humans[0]] = seat_entry(local_profile(app))
    session.record.meta = dict(session.record.meta, profiles=entries)


def record_end(app: Any, session: Any, status: str = FINISHED, replay: Path | None = None) -> int | None:
    """Write the session's game to the history (``finished``, or ``abandoned`` when left before its
    end); its id, or ``None`` if it was not written (no person played, or the database failed)."""
    if not session.humans or (status == ABANDONED and not session.record.actions):
        return None
    attach_profiles(app, session)
    players = session.record.players
    wanted = [p["id"] if p else None for p in seat_profiles(session.record.meta, players)]
    path = str(replay) if replay is not None else None

    def work(s: HistoryStore) -> int:
        known = {p.id for p in s.profiles()}  # a profile of a file since set aside is no one's now
        profiles = [p if p in known else None for p in wanted]
        return s.record_game(entry_from_record(session.record, session.seats, profiles, status, path))

    return use(app, work, None)


def record_replaced_save(app: Any, path: Path) -> int | None:
    """A saved game given up for a new one (the setup screen's Replace) counts as abandoned; a save
    that cannot be read is only dropped.  Its id in the history, or ``None``."""
    from .session import SaveError, Session

    try:
        old = Session.load(path)
    except SaveError:
        return None
    return None if old.over else record_end(app, old, ABANDONED)

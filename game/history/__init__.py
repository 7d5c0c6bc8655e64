"""The player's record: profiles, the history of games played in the client, and statistics.

Pure Python (``sqlite3``, no pygame), so the client, the ``tabletop-trio stats`` command and the
ratings can all use it.  See ``docs/history.md`` for the whole API; in short:

- :mod:`.store`: :class:`HistoryStore` (the SQLite database in the user data folder: games and
  profiles), :class:`HistoryError` (a locked, read-only, full or otherwise unusable database).
- :mod:`.entry`: :class:`GameEntry` and :class:`SeatResult` (a stored game and its seats),
  :func:`entry_from_record` (an entry from a client game record).
- :mod:`.profiles`: :class:`Profile`, :class:`ProfileError`, :func:`default_name`, :data:`PALETTE`.
- :mod:`.stats`: :func:`tally` (a profile's :class:`Summary` of :class:`Tally` per game, player count
  and opponents), :class:`Filters`.
"""

from .entry import ABANDONED, FINISHED, GameEntry, SeatResult, entry_from_record
from .profiles import PALETTE, Profile, ProfileError, default_name
from .stats import Filters, Summary, Tally, tally
from .store import HistoryError, HistoryStore

__all__ = [
    "ABANDONED",
    "FINISHED",
    "PALETTE",
    "Filters",
    "GameEntry",
    "HistoryError",
    "HistoryStore",
    "Profile",
    "ProfileError",
    "SeatResult",
    "Summary",
    "Tally",
    "default_name",
    "entry_from_record",
    "tally",
]

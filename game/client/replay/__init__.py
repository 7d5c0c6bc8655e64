"""Replays: any finished game (or save, or tournament record) shown move by move at its table.

* :mod:`.session` - :class:`ReplaySession`, a session whose position moves along the record;
* :mod:`.store` - the last finished games kept in the user data folder;
* :mod:`.graph` - the win-chance graph of a review (also drawn into ``review.png``);
* :mod:`.analysis` - a review computed in a background process, with progress;
* :mod:`.scene` - :class:`ReplayScene`: the game's own table (scaled), the timeline, the graph.

The replay uses the game's registered table (``"table.<game>"``) in a non-interactive mode: no
bots are driven and nothing reaches the engine; every game with a table can be replayed.
"""

"""The table framework every game scene is built on.

* :mod:`.zones` - rectangles that lay items out (row, fan, stack, grid) and hit-test them;
* :mod:`.widgets` - cards, piles, tokens, counters, gauges, player panels, banners, prompts;
* :mod:`.seats` - where each player sits around the table (the viewer at the bottom);
* :mod:`.log` - the scrollable game log; :mod:`.tooltips` - hover help;
* :mod:`.director` - event type -> animation handler, and the sprite layer they move;
* :mod:`.actionbar` - the buttons rebuilt from the legal actions;
* :mod:`.scene` - :class:`TableScene`, which ties them to a game session.

A game lives in ``game/client/scenes/<game>/`` with small modules: ``layout``
(zones and seat rectangles), ``view_model`` (the view -> what each zone shows),
``animations`` (one handler per event type), ``log_text`` (one line per event),
``input`` (actions -> what the player clicks) and ``scene``.
"""

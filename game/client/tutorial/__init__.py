"""Learn to play: a guided first game of each game, on the real table against a scripted coach.

* :mod:`.scenario` — a lesson as data (``scenarios/<game>.toml``): the deal, the line of play
  and its steps; checked against the engine with no window;
* :mod:`.guide` — the :class:`~.guide.Guide` a table carries during a lesson: it explains,
  outlines what to click, refuses the rest, plays the coach's moves (and, with autoplay, the
  learner's, by clicking);
* :mod:`.progress` — where each lesson was left (the user data folder);
* :mod:`.launch` — opening and leaving a lesson, and ``tabletop-trio tutorial``.

Texts live in ``i18n/<lang>.tutorial.toml`` (the guide's own) and
``i18n/<lang>.tutorial.<game>.toml`` (each lesson's, ``tutorial.<game>.<step id>``).
A game's table resolves the lesson's anchors (``tutorial_anchor``) and, where an action takes
more than one click, says which comes next (``tutorial_click``).
"""

from .launch import check_tutorial_game, open_tutorial, run_tutorial
from .scenario import available, load

__all__ = ["available", "check_tutorial_game", "load", "open_tutorial", "run_tutorial"]

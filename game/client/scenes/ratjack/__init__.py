"""The Ratjack table: ``layout`` (where things sit), ``input`` (legal actions -> clicks),
``animations`` (one handler per event), ``log_text`` (one line per event), ``texts``
(card, token and ability texts) and ``scene``."""

from .scene import RatjackScene

__all__ = ["RatjackScene"]

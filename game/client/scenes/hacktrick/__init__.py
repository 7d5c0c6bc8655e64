"""The Hacktrick table: magic-square board, the row, hands, trays and the action bar.

Built on :mod:`game.client.table`; opened through the registry as
``game.client.scenes.hacktrick:HacktrickScene``.
"""

from .scene import HacktrickScene

__all__ = ["HacktrickScene"]

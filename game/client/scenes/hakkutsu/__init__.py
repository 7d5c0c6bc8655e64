"""The Hakkutsu!! table: ``layout`` (where things sit), ``input`` (legal actions -> clicks),
``mapview`` / ``panels`` / ``overlays`` (drawing the map, the players' panels, the dig
prompt, the setup choices and the final scoring), ``animations`` (one handler per event),
``log_text`` (one line per event), ``texts`` (names and texts in EN/JA) and ``scene``."""

from .scene import HakkutsuScene

__all__ = ["HakkutsuScene"]

"""A plain-text progress bar on stderr: games (or other ``unit``) done/total, rate and ETA.

On a terminal the bar redraws in place (``\\r``); otherwise (a log file, CI)
it prints a full line at most every ``interval`` seconds and at the end.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Protocol


def format_duration(seconds: float) -> str:
    """``3725`` -> ``"1:02:05"``, ``65`` -> ``"1:05"``."""
    if seconds != seconds or seconds == float("inf"):
        return "?"
    s = int(round(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class TextSink(Protocol):
    """Where the bar is written: a text stream (``sys.stderr``), or one that drops the text."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class Progress:
    """Tracks finished games of this session; ``update()`` after each game."""

    def __init__(
        self,
        total: int,
        done: int = 0,
        stream: TextSink | None = None,
        interval: float | None = None,
        width: int = 30,
        clock: Callable[[], float] = time.monotonic,
        unit: str = "games",
    ) -> None:
        self.total = total
        self.unit = unit
        self.done = done
        self.start_done = done
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.interval = interval if interval is not None else (0.2 if self.tty else 10.0)
        self.width = width
        self.clock = clock
        self.start = clock()
        self._last = -1e18
        self._shown = False
        self._drawn_done = -1
        self._first: tuple[float, int] | None = None  # (time, done) at the first finished game
        #: A function giving more text for the line (e.g. the SPRT's LLR).
        self.extra: Callable[[], str] | None = None

    @property
    def rate(self) -> float:
        """Games per second; from the first finished game on (worker start-up excluded)."""
        now = self.clock()
        if self._first is not None and self.done > self._first[1]:
            t0, d0 = self._first
        else:
            t0, d0 = self.start, self.start_done
        elapsed = now - t0
        n = self.done - d0
        return n / elapsed if elapsed > 0 and n > 0 else 0.0

    def line(self) -> str:
        """The bar as one line of text."""
        total = max(self.total, 1)
        frac = min(self.done / total, 1.0)
        filled = int(round(frac * self.width))
        bar = "#" * filled + "." * (self.width - filled)
        rate = self.rate
        eta = (self.total - self.done) / rate if rate > 0 else float("nan")
        line = (
            f"[{bar}] {self.done}/{self.total} {self.unit} {frac * 100:5.1f}%  "
            f"{rate:.1f} {self.unit}/s  ETA {format_duration(eta)}"
        )
        return line + f"  {self.extra()}" if self.extra is not None else line

    def update(self, n: int = 1, force: bool = False) -> None:
        """Count ``n`` more finished games; redraw if due (or ``force``)."""
        self.done += n
        now = self.clock()
        if self._first is None:
            self._first = (now, self.done)
        if force or now - self._last >= self.interval or self.done >= self.total:
            self._last = now
            self._draw()

    def _draw(self) -> None:
        self._drawn_done = self.done
        if self.tty:
            self.stream.write("\r" + self.line() + "\x1b[K")
        else:
            self.stream.write(self.line() + "\n")
        self.stream.flush()
        self._shown = True

    def message(self, text: str) -> None:
        """Print a line without garbling the bar."""
        if self.tty and self._shown:
            self.stream.write("\n")
            self._shown = False
        self.stream.write(text + "\n")
        self.stream.flush()

    def finish(self) -> None:
        """Draw the final state and end the line."""
        if self.tty or self._drawn_done != self.done:
            self._draw()
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
        self._shown = False

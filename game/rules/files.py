"""Reading a file that a user or another program may have put anywhere: game records, saves,
tournament settings, reviews.

Every such read goes through :func:`read_bytes` / :func:`read_text`: only a regular file is
read (a named pipe would block the reader forever, a device never ends), and only up to
``limit`` bytes (a 2 GB file would take twice that in memory before the JSON parser could
refuse it).  Anything else is a :class:`FileRefused` (a ``ValueError``) whose message is one
line naming the file; ``kind`` says what is wrong in one word.
"""

from __future__ import annotations

import os
import stat

#: The largest file read as a record, a save or a review.  The longest games measured write
#: about 20 kB (a 4-player Ratjack game of 409 actions), so this leaves 200 times that.
MAX_FILE_BYTES = 4 << 20
#: Kinds of files that are not read, by what ``stat`` says they are.
SPECIAL_KINDS = (
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


class FileRefused(ValueError):
    """A file that is not read: ``kind`` is ``missing``, ``folder``, ``special`` (not a regular
    file), ``too_big``, ``unreadable`` or ``not_text``; the message is one line naming it."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


def size_text(n: int) -> str:
    """A byte count for messages: ``2.1 GB``, ``4 MB``, ``512 bytes``."""
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("kB", 1 << 10)):
        if n >= scale:
            value = n / scale
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{n} byte{'' if n == 1 else 's'}"


def read_bytes(
    path: str | os.PathLike[str], what: str = "a game record", limit: int = MAX_FILE_BYTES
) -> bytes:
    """The bytes of the regular file ``path`` if it holds at most ``limit`` of them.

    ``what`` names what the file should be, for the messages ("a game record").  The file is
    opened without blocking (a named pipe with no writer does not hang) and checked on the open
    handle, so a file swapped after a check is not read either.
    """
    name = os.fspath(path)
    flags = (
        os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    )
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise FileRefused(f"no such file: {name}", "missing") from None
    except OSError as exc:
        if os.path.isdir(name):  # Windows cannot open a folder at all
            raise FileRefused(f"{name} is a folder, not {what}", "folder") from None
        raise FileRefused(f"cannot read {name}: {exc.strerror or exc}", "unreadable") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileRefused(f"{name} is a folder, not {what}", "folder")
        if not stat.S_ISREG(info.st_mode):
            kind = next((text for test, text in SPECIAL_KINDS if test(info.st_mode)), "not a regular file")
            raise FileRefused(f"{name} is {kind}, not {what} (only regular files are read)", "special")
        if info.st_size > limit:
            raise FileRefused(
                f"{name} is too large for {what}: {size_text(info.st_size)} (at most {size_text(limit)})",
                "too_big",
            )
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # it grew after the check
            raise FileRefused(f"{name} is too large for {what} (more than {size_text(limit)})", "too_big")
        return b"".join(chunks)
    except OSError as exc:
        raise FileRefused(f"cannot read {name}: {exc.strerror or exc}", "unreadable") from None
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike[str], what: str = "a game record", limit: int = MAX_FILE_BYTES) -> str:
    """:func:`read_bytes` decoded as UTF-8 (:class:`FileRefused` ``not_text`` if it is not)."""
    data = read_bytes(path, what, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused(f"{os.fspath(path)} is not {what} (not UTF-8 text)", "not_text") from None

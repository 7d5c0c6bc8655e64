"""Synthesised sound effects (16-bit mono WAV, 22050 Hz) built with ``array`` and ``math``.

Noise comes from seeded ``random.Random`` instances, so the bytes are identical on every run.
"""

from __future__ import annotations

import io
import math
import random
import wave
from array import array

from tools.art.spec import AssetSpec

RATE = 22050


def _env(i: int, n: int, attack: float, release: float) -> float:
    """Linear attack / exponential-ish release envelope for sample ``i`` of ``n``."""
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    remaining = (n - i) / RATE
    r = min(1.0, remaining / release) if release > 0 else 1.0
    return a * r


def _to_wav(samples: list[float], gain: float = 0.8) -> bytes:
    """Encode float samples in [-1, 1] as a 16-bit mono WAV (peak-normalised to ``gain``)."""
    peak = max((abs(s) for s in samples), default=0.0) or 1.0
    data = array("h", (int(round(max(-1.0, min(1.0, s / peak * gain)) * 32767)) for s in samples))
    if data.itemsize != 2:
        raise RuntimeError("array('h') is not 16-bit on this platform")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes() if _little_endian() else _swapped(data))
    return buf.getvalue()


def _little_endian() -> bool:
    import sys

    return sys.byteorder == "little"


def _swapped(data: array) -> bytes:
    copy = array("h", data)
    copy.byteswap()
    return copy.tobytes()


def _tone(freq_fn, dur: float, attack=0.005, release=0.05, harmonics=((1, 1.0),), decay: float = 0.0):
    """A (possibly gliding) tone: ``freq_fn(t)`` in Hz, with harmonics and exponential decay."""
    n = int(dur * RATE)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        phase += 2 * math.pi * freq_fn(t) / RATE
        s = sum(a * math.sin(h * phase) for h, a in harmonics)
        if decay:
            s *= math.exp(-decay * t)
        out.append(s * _env(i, n, attack, release))
    return out


def _noise(dur: float, seed: int, lowpass: float = 0.5, attack=0.002, release=0.05, decay: float = 0.0):
    """Filtered white noise (one-pole low-pass with coefficient ``lowpass``)."""
    rng = random.Random(seed)
    n = int(dur * RATE)
    out, y = [], 0.0
    for i in range(n):
        x = rng.uniform(-1, 1)
        y += lowpass * (x - y)
        s = y * _env(i, n, attack, release)
        if decay:
            s *= math.exp(-decay * i / RATE)
        out.append(s)
    return out


def _mix(*tracks, offsets=None):
    """Sum tracks (each optionally delayed by an offset in seconds)."""
    offsets = offsets or [0.0] * len(tracks)
    n = max(int(o * RATE) + len(t) for t, o in zip(tracks, offsets, strict=True))
    out = [0.0] * n
    for t, o in zip(tracks, offsets, strict=True):
        start = int(o * RATE)
        for i, s in enumerate(t):
            out[start + i] += s
    return out


def _scale(track, k: float):
    return [s * k for s in track]


def click() -> bytes:
    """A short soft UI click."""
    return _to_wav(
        _mix(
            _tone(lambda t: 1800 - 6000 * t, 0.035, 0.001, 0.02, ((1, 1), (2, 0.3)), decay=60),
            _scale(_noise(0.02, 11, 0.6, 0.0005, 0.015), 0.4),
        ),
        0.6,
    )


def card() -> bytes:
    """A card sliding over felt: a band of swept noise."""
    base = _noise(0.22, 21, 0.25, 0.02, 0.12)
    n = len(base)
    swept = [s * (0.4 + 0.6 * math.sin(math.pi * i / n)) for i, s in enumerate(base)]
    return _to_wav(swept, 0.7)


def flip() -> bytes:
    """A card flip: two quick papery snaps."""
    a = _noise(0.05, 31, 0.7, 0.001, 0.04, decay=40)
    b = _noise(0.06, 32, 0.5, 0.001, 0.05, decay=35)
    return _to_wav(_mix(a, _scale(b, 0.8), offsets=[0, 0.07]), 0.7)


def marker() -> bytes:
    """A wooden marker placed on the board: a low knock."""
    body = _tone(lambda t: 420 - 900 * t, 0.14, 0.001, 0.05, ((1, 1.0), (2.7, 0.35)), decay=28)
    tick = _scale(_noise(0.02, 41, 0.8, 0.0005, 0.015), 0.5)
    return _to_wav(_mix(body, tick), 0.8)


def capture() -> bytes:
    """A capture: a knock followed by a rising two-note chirp."""
    knock = _tone(lambda t: 380 - 600 * t, 0.1, 0.001, 0.04, ((1, 1), (2.4, 0.3)), decay=30)
    n1 = _tone(lambda t: 660, 0.09, 0.004, 0.04, ((1, 1), (2, 0.25)), decay=8)
    n2 = _tone(lambda t: 990, 0.16, 0.004, 0.1, ((1, 1), (2, 0.25)), decay=8)
    return _to_wav(_mix(knock, _scale(n1, 0.6), _scale(n2, 0.6), offsets=[0, 0.06, 0.14]), 0.8)


def shuffle() -> bytes:
    """A riffle shuffle: a burst of quick card ticks."""
    rng = random.Random(51)
    ticks = []
    offs = []
    t = 0.0
    for k in range(26):
        ticks.append(_scale(_noise(0.018, 500 + k, 0.55, 0.0005, 0.012), 0.6 + 0.4 * rng.random()))
        offs.append(t)
        t += 0.018 + 0.012 * rng.random()
    ticks.append(_noise(0.12, 599, 0.3, 0.005, 0.09))
    offs.append(t)
    return _to_wav(_mix(*ticks, offsets=offs), 0.7)


def _chord_notes(freqs, step: float, length: float, decay: float = 3.0):
    tracks, offs = [], []
    for k, f in enumerate(freqs):
        tracks.append(_tone(lambda t, f=f: f, length, 0.01, 0.2, ((1, 1), (2, 0.3), (3, 0.12)), decay=decay))
        offs.append(k * step)
    return tracks, offs


def win() -> bytes:
    """A bright rising major arpeggio."""
    tracks, offs = _chord_notes([523.25, 659.25, 783.99, 1046.5], 0.11, 0.55)
    return _to_wav(_mix(*tracks, offsets=offs), 0.75)


def lose() -> bytes:
    """A falling minor phrase."""
    tracks, offs = _chord_notes([440.0, 392.0, 349.23, 261.63], 0.16, 0.5, decay=4)
    return _to_wav(_mix(*tracks, offsets=offs), 0.7)


def coin() -> bytes:
    """A coin: two high metallic pings."""
    h = ((1, 1.0), (2.76, 0.4), (5.4, 0.2))
    a = _tone(lambda t: 1975.5, 0.08, 0.001, 0.03, h, decay=20)
    b = _tone(lambda t: 2637.0, 0.3, 0.001, 0.2, h, decay=10)
    return _to_wav(_mix(a, b, offsets=[0, 0.07]), 0.7)


def dig() -> bytes:
    """A shovel digging into gravel: low crunchy noise with a thud."""
    crunch = _noise(0.25, 71, 0.15, 0.005, 0.12, decay=6)
    grit = _scale(_noise(0.2, 72, 0.6, 0.003, 0.1, decay=10), 0.35)
    thud = _tone(lambda t: 110 - 120 * t, 0.18, 0.002, 0.08, ((1, 1), (2, 0.4)), decay=14)
    return _to_wav(_mix(crunch, grit, thud, offsets=[0, 0.02, 0]), 0.8)


def error() -> bytes:
    """A soft low double buzz for a refused action."""
    h = ((1, 1.0), (3, 0.3), (5, 0.12))
    a = _tone(lambda t: 196, 0.09, 0.004, 0.03, h)
    b = _tone(lambda t: 165, 0.13, 0.004, 0.06, h)
    return _to_wav(_mix(a, b, offsets=[0, 0.12]), 0.55)


SOUNDS = {
    "click": (click, "UI button click"),
    "card": (card, "card slides onto the table"),
    "flip": (flip, "card turned over"),
    "marker": (marker, "marker placed on the board"),
    "capture": (capture, "opponent marker captured"),
    "shuffle": (shuffle, "deck shuffled"),
    "win": (win, "you won the game/hand"),
    "lose": (lose, "you lost the game/hand"),
    "coin": (coin, "coin gained or paid"),
    "dig": (dig, "rock dug up"),
    "error": (error, "illegal or refused action"),
}


def specs() -> list[AssetSpec]:
    """All sound effects (game ``ui``: shared by every game)."""
    return [
        AssetSpec(f"sfx.{name}", f"sounds/{name}.wav", "sound", "ui", f"{role} (WAV, {RATE} Hz)", fn)
        for name, (fn, role) in SOUNDS.items()
    ]

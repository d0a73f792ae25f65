#!/usr/bin/env python3
"""Draws Tetrad's app icons (a white tick in a circle on the brand blue)
as PNG files in public/icons/, with nothing but the standard library.

    python3 scripts/make_icons.py

The maskable variant keeps the tick inside the central 80% "safe zone", so
a launcher may crop it to any shape."""

import math
import struct
import zlib
from pathlib import Path

BLUE = (0x3B, 0x5B, 0xDB)
WHITE = (0xFF, 0xFF, 0xFF)
OUT = Path(__file__).resolve().parent.parent / "public" / "icons"


def distance_to_segment(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def draw(size, scale):
    """`scale` is the share of the icon the circle's diameter takes."""
    c = size / 2
    radius = size * scale / 2
    ring = radius * 0.12
    stroke = radius * 0.13
    tick = [(c - radius * 0.45, c + radius * 0.02), (c - radius * 0.12, c + radius * 0.35), (c + radius * 0.5, c - radius * 0.32)]
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter: none
        for x in range(size):
            px, py = x + 0.5, y + 0.5
            d = math.hypot(px - c, py - c)
            on_ring = radius - ring <= d <= radius
            on_tick = min(
                distance_to_segment(px, py, *tick[0], *tick[1]),
                distance_to_segment(px, py, *tick[1], *tick[2]),
            ) <= stroke / 2
            row.extend(WHITE if on_ring or on_tick else BLUE)
        rows.append(bytes(row))
    return b"".join(rows)


def png(size, pixels):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(pixels, 9)) + chunk(b"IEND", b"")


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, scale in [
        ("icon-192.png", 192, 0.8),
        ("icon-512.png", 512, 0.8),
        ("maskable-512.png", 512, 0.6),
        ("apple-touch-icon.png", 180, 0.7),
    ]:
        (OUT / name).write_bytes(png(size, draw(size, scale)))
        print(f"wrote public/icons/{name}")


if __name__ == "__main__":
    main()

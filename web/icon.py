"""Writes Laager's icon as PNGs (a ring of wagons, the laager, on the veld), standard library only.

Usage: python3 icon.py OUT_DIR  -> OUT_DIR/icon-192.png, OUT_DIR/icon-512.png
"""

import math
import struct
import sys
import zlib


def pixel(x, y, size):
    """The colour at (x, y) of an icon `size` pixels wide."""
    c = size / 2
    dx, dy = x + 0.5 - c, y + 0.5 - c
    r = math.hypot(dx, dy) / size
    ring = 0.30
    # Eight wagons on a ring, each a short dark block along the ring.
    angle = math.atan2(dy, dx) % (2 * math.pi)
    sector = (angle / (2 * math.pi) * 8) % 1.0
    if abs(r - ring) < 0.055 and 0.12 < sector < 0.88:
        return (0x4a, 0x2e, 0x16)
    if r < 0.09:
        return (0xb0, 0x20, 0x20)
    return (0xc8, 0xa8, 0x5a)


def png(size):
    rows = b"".join(
        b"\x00" + b"".join(bytes(pixel(x, y, size)) for x in range(size)) for y in range(size)
    )

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    out = sys.argv[1]
    for size in (192, 512):
        with open(f"{out}/icon-{size}.png", "wb") as f:
            f.write(png(size))

"""Read the pixels of a screenshot (8-bit RGB or RGBA PNG, as the three drivers write them).

No imaging library: zlib and the five PNG row filters are enough.

>>> import struct, zlib
>>> def chunk(kind, data):
...     return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
>>> raw = b"\\0" + bytes([255, 0, 0, 0, 0, 255]) + b"\\2" + bytes([0, 0, 0, 0, 0, 0])
>>> data = (b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
...         + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
>>> image = read(data)
>>> image.width, image.height, image.pixel(0, 0), image.pixel(1, 1)
(2, 2, (255, 0, 0), (0, 0, 255))
"""

import struct
import zlib
from dataclasses import dataclass


@dataclass
class Image:
    width: int
    height: int
    channels: int
    rows: list

    def pixel(self, x, y):
        row = self.rows[y]
        return tuple(row[x * self.channels: x * self.channels + 3])


def read(data: bytes) -> Image:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {color}, interlace {interlace}")
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return Image(width, height, channels, rows)


def luminance(rgb):
    """Relative luminance (WCAG) of an 8-bit sRGB colour, 0 (black) to 1 (white)."""
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b

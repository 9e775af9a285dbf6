"""Small whole numbers and bytes as short text: what tokens and result codes are made of.

Numbers are *varints* (7 bits a byte, the high bit set while more follow);
bytes become base64url for links and base32 (capitals and 2-7, which a QR code
holds in its compact alphanumeric mode) for codes read aloud or typed.

>>> data = put_varints([0, 127, 128, 300])
>>> data.hex(), read_varints(data, 4)
('007f8001ac02', ([0, 127, 128, 300], 6))
>>> b64_text(b"drill"), from_b64_text("ZHJpbGw")
('ZHJpbGw', b'drill')
>>> b32_text(b"drill"), from_b32_text("mrzgs-3dm")
('MRZGS3DM', b'drill')
>>> b32_text(b"dr"), from_b32_text("MRZB")     # B: the same bits, but its unused ones set
Traceback (most recent call last):
...
ValueError: not canonical base32: 'MRZB'

"""

import base64
import binascii

__all__ = ["put_varints", "read_varint", "read_varints", "b64_text", "from_b64_text", "b32_text",
           "from_b32_text", "is_b32_text"]


def put_varints(numbers):
    """The varint bytes of ``numbers`` (each a whole number ≥ 0)."""
    out = bytearray()
    for n in numbers:
        if not isinstance(n, int) or n < 0:
            raise ValueError(f"varint {n!r}: a whole number >= 0 expected")
        while True:
            low, n = n & 0x7F, n >> 7
            out.append(low | (0x80 if n else 0))
            if not n:
                break
    return bytes(out)


def read_varint(data, at):
    """``(number, next offset)`` read at ``at`` (IndexError when ``data`` ends first)."""
    n = shift = 0
    while True:
        byte = data[at]
        at += 1
        n |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return n, at
        if shift > 63:
            raise ValueError("varint too long")


def read_varints(data, count, at=0):
    """``([numbers], next offset)``: ``count`` varints read from ``at``."""
    out = []
    for _ in range(count):
        n, at = read_varint(data, at)
        out.append(n)
    return out, at


def b64_text(data):
    """``data`` as base64url without padding (safe in a link)."""
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def from_b64_text(text):
    """The bytes of base64url ``text`` (padding optional); ValueError when it is not base64url."""
    if not text or any(c not in _B64 for c in text) or len(text) % 4 == 1:
        raise ValueError(f"not base64url: {text!r}")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if b64_text(data) != text:   # a last letter whose unused bits are not zero
        raise ValueError(f"not canonical base64url: {text!r}")
    return data


def b32_text(data):
    """``data`` as base32 capitals without padding."""
    return base64.b32encode(data).decode("ascii").rstrip("=")


def is_b32_text(text):
    """Whether ``text`` is made only of base32 letters (any case), spaces and hyphens."""
    return all(c.upper() in _B32 or c in " -\t\r\n" for c in text)


def from_b32_text(text):
    """The bytes of base32 ``text``, case, spaces and hyphens ignored; ValueError when not base32."""
    clean = "".join(c for c in text.upper() if c not in " -\t\r\n")
    if not clean or any(c not in _B32 for c in clean) or len(clean) % 8 in (1, 3, 6):
        raise ValueError(f"not base32: {text!r}")
    try:
        data = base64.b32decode(clean + "=" * (-len(clean) % 8))
    except binascii.Error as error:
        raise ValueError(f"not base32: {text!r}") from error
    if b32_text(data) != clean:   # a last letter whose unused bits are not zero
        raise ValueError(f"not canonical base32: {text!r}")
    return data


_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_B32 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

"""QR codes of the app's links, for students' phones: written here to ISO/IEC 18004.

Byte mode (the text as UTF-8), the four error-correction levels, versions 1 to
40, the smallest version that holds the text, and the mask with the lowest
penalty (or the one asked for). Pure Python: it runs in the browser with the
rest of the app, and nothing is fetched.

>>> code = encode("https://example.org/?x=1")
>>> code.version, code.level, code.size
(2, 'M', 25)
>>> code.modules[0][:8]        # the top-left finder pattern and its separator
[True, True, True, True, True, True, True, False]
>>> svg(code).startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 33 33"')
True
>>> encode("x" * 3000)
Traceback (most recent call last):
...
game.app.view.qr.QrTooLong: 3000 bytes do not fit in a QR code at level M (2331 at most)
"""

import re
from dataclasses import dataclass

__all__ = ["LEVELS", "QrTooLong", "QrCode", "encode", "svg"]

#: error-correction levels, from the least to the most redundant, with their format bits
LEVELS = {"L": 1, "M": 0, "Q": 3, "H": 2}
_ORDER = "LMQH"

# From the standard's table of error-correction characteristics, per version 1-40:
# error-correction codewords in each block, and the number of blocks.
_EC_PER_BLOCK = {
    "L": (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
          28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
          30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}
_BLOCKS = {
    "L": (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
          23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
          25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}


class QrTooLong(ValueError):
    """The text does not fit in a version-40 code at the level asked for."""


@dataclass(frozen=True)
class QrCode:
    """A QR code: ``modules[row][column]`` is True for a dark module."""

    version: int
    level: str
    mask: int
    modules: list

    @property
    def size(self):
        return len(self.modules)


# --- arithmetic in GF(256), the field of the Reed-Solomon code (polynomial 0x11D) -------------

_EXP = [0] * 512
_LOG = [0] * 256
_value = 1
for _power in range(255):
    _EXP[_power] = _value
    _LOG[_value] = _power
    _value <<= 1
    if _value & 0x100:
        _value ^= 0x11D
for _power in range(255, 512):
    _EXP[_power] = _EXP[_power - 255]


def _times(a, b):
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def _generator(degree):
    """The coefficients (highest power first, leading 1 left out) of prod (x - a^i), i < degree."""
    poly = [1]
    for i in range(degree):
        root = _EXP[i]
        poly = [a ^ _times(b, root) for a, b in zip(poly + [0], [0] + poly)]
    return poly[1:]


def _remainder(data, generator):
    """The error-correction codewords: data * x^n mod the generator."""
    rest = [0] * len(generator)
    for byte in data:
        factor = byte ^ rest.pop(0)
        rest.append(0)
        if factor:
            for i, coefficient in enumerate(generator):
                rest[i] ^= _times(coefficient, factor)
    return rest


# --- sizes --------------------------------------------------------------------------------

def _alignment_centres(version):
    if version == 1:
        return []
    count = version // 7 + 2
    size = 17 + 4 * version
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    return [6] + sorted(size - 7 - i * step for i in range(count - 1))


def _data_modules(version):
    """Modules left for codewords once every function pattern is drawn."""
    size = 17 + 4 * version
    modules = size * size - 3 * 64 - 2 * (size - 16)        # finders with separators, timing
    modules -= 31                                          # format bits twice, the dark module
    centres = len(_alignment_centres(version))
    if centres:
        patterns = centres * centres - 3
        # alignment patterns, less their modules already counted on the timing lines
        modules -= 25 * patterns - 10 * (centres - 2)
    if version >= 7:
        modules -= 36                                      # version bits twice
    return modules


def _codewords(version, level):
    """(data codewords, blocks, error-correction codewords per block)."""
    total = _data_modules(version) // 8
    blocks = _BLOCKS[level][version - 1]
    per_block = _EC_PER_BLOCK[level][version - 1]
    return total - blocks * per_block, blocks, per_block


def _count_bits(version):
    return 8 if version <= 9 else 16


def _fits(length, version, level):
    return 4 + _count_bits(version) + 8 * length <= 8 * _codewords(version, level)[0]


# --- the codewords ----------------------------------------------------------------------------

def _data_codewords(data, version, level):
    capacity = _codewords(version, level)[0]
    bits = [0, 1, 0, 0]                                     # byte mode
    bits += [(len(data) >> i) & 1 for i in reversed(range(_count_bits(version)))]
    for byte in data:
        bits += [(byte >> i) & 1 for i in reversed(range(8))]
    bits += [0] * min(4, capacity * 8 - len(bits))          # terminator
    bits += [0] * (-len(bits) % 8)
    out = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = (0xEC, 0x11)
    out += [pad[i % 2] for i in range(capacity - len(out))]
    return out


def _interleaved(data, version, level):
    """The data split into blocks, each with its error correction, interleaved."""
    _, blocks, per_block = _codewords(version, level)
    total = _data_modules(version) // 8
    short = total // blocks - per_block                     # data codewords in a short block
    longs = total % blocks                                 # the last blocks hold one more
    generator = _generator(per_block)
    pieces, start = [], 0
    for index in range(blocks):
        length = short + (1 if index >= blocks - longs else 0)
        pieces.append(data[start:start + length])
        start += length
    out = [piece[i] for i in range(short + 1) for piece in pieces if i < len(piece)]
    corrections = [_remainder(piece, generator) for piece in pieces]
    out += [block[i] for i in range(per_block) for block in corrections]
    return out


# --- the matrix --------------------------------------------------------------------------------

def _bch(value, generator, degree):
    rest = value << degree
    top = generator.bit_length() - 1
    while rest.bit_length() > top:
        rest ^= generator << (rest.bit_length() - 1 - top)
    return (value << degree) | rest


def _function_patterns(version):
    """(modules, reserved): the fixed patterns drawn, and which modules they take."""
    size = 17 + 4 * version
    modules = [[False] * size for _ in range(size)]
    reserved = [[False] * size for _ in range(size)]

    def put(row, col, dark):
        modules[row][col] = dark
        reserved[row][col] = True

    for row0, col0 in ((0, 0), (0, size - 7), (size - 7, 0)):
        for r in range(-1, 8):
            for c in range(-1, 8):
                row, col = row0 + r, col0 + c
                if 0 <= row < size and 0 <= col < size:
                    ring = max(abs(r - 3), abs(c - 3))
                    put(row, col, ring in (0, 1, 3))
    for i in range(8, size - 8):
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    centres = _alignment_centres(version)
    corners = {(6, 6), (6, centres[-1] if centres else 0), (centres[-1] if centres else 0, 6)}
    for row in centres:
        for col in centres:
            if (row, col) in corners:
                continue
            for r in range(-2, 3):
                for c in range(-2, 3):
                    put(row + r, col + c, max(abs(r), abs(c)) != 1)
    # format bits (written per mask later) and the dark module
    for i in range(9):
        reserved[8][i] = reserved[i][8] = True
    for i in range(8):
        reserved[8][size - 1 - i] = reserved[size - 1 - i][8] = True
    put(size - 8, 8, True)
    if version >= 7:
        bits = _bch(version, 0x1F25, 12)
        for i in range(18):
            dark = bool((bits >> i) & 1)
            put(i // 3, size - 11 + i % 3, dark)
            put(size - 11 + i % 3, i // 3, dark)
    return modules, reserved


def _place(modules, reserved, codewords):
    """Codewords in the zigzag, two columns at a time from the right, column 6 skipped."""
    size = len(modules)
    bits = [(byte >> i) & 1 for byte in codewords for i in reversed(range(8))]
    index, upward = 0, True
    for right in range(size - 1, 0, -2):
        if right <= 6:
            right -= 1                                     # the vertical timing line is skipped
        rows = range(size - 1, -1, -1) if upward else range(size)
        for row in rows:
            for col in (right, right - 1):
                if not reserved[row][col]:
                    modules[row][col] = index < len(bits) and bits[index] == 1
                    index += 1
        upward = not upward


_MASKS = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
    lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0,
)


def _masked(modules, reserved, mask, level):
    size = len(modules)
    flip = _MASKS[mask]
    out = [[modules[r][c] ^ (not reserved[r][c] and flip(r, c)) for c in range(size)] for r in range(size)]
    bits = _bch((LEVELS[level] << 3) | mask, 0x537, 10) ^ 0x5412
    for i in range(15):
        dark = bool((bits >> i) & 1)
        # around the top-left finder
        if i < 6:
            out[i][8] = dark
        elif i < 8:
            out[i + 1][8] = dark
        elif i == 8:
            out[8][7] = dark
        else:
            out[8][14 - i] = dark
        # beside the other two finders
        if i < 8:
            out[8][size - 1 - i] = dark
        else:
            out[size - 15 + i][8] = dark
    return out


_RUN = re.compile(r"0{5,}|1{5,}")


def _penalty(modules):
    """The standard's four penalty rules; the mask with the lowest total is used.

    Each row and column is read as a string of 0s and 1s (runs and the finder-like
    pattern found by searching it), each row as an integer (2x2 blocks by bit arithmetic).

    >>> _penalty([[True] * 5] * 5)      # a run of 5 per line (10 x 3), 16 blocks (x 3), all dark (90)
    168
    """
    size = len(modules)
    total = 0
    rows = ["".join("1" if dark else "0" for dark in row) for row in modules]
    columns = ["".join(column) for column in zip(*rows)]
    for line in rows + columns:
        for run in _RUN.finditer(line):
            total += run.end() - run.start() - 2
        padded = "0000" + line + "0000"
        i = padded.find("1011101")
        while i != -1:
            if padded[i - 4:i] == "0000" or padded[i + 7:i + 11] == "0000":
                total += 40
            i = padded.find("1011101", i + 1)
    # 2x2 blocks of one colour: bit c of a row is its column c
    bits = [int(row[::-1], 2) for row in rows]
    inside = (1 << (size - 1)) - 1
    for above, below in zip(bits, bits[1:]):
        across = above ^ below
        differs = (across | across >> 1 | above ^ above >> 1) & inside
        total += 3 * (size - 1 - bin(differs).count("1"))
    dark = sum(row.count("1") for row in rows)
    cells = size * size
    total += 10 * ((abs(dark * 20 - cells * 10) + cells - 1) // cells - 1)
    return total


def encode(text, level="M", *, version=None, mask=None):
    """The QR code of ``text`` (UTF-8, byte mode) at error-correction ``level``.

    The smallest version that holds it, unless ``version`` is given; the mask
    with the lowest penalty, unless ``mask`` (0-7) is given. Raises
    :class:`QrTooLong` when it does not fit, ``ValueError`` for a bad level,
    version or mask.
    """
    if level not in LEVELS:
        raise ValueError(f"level {level!r} is not one of L, M, Q, H")
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    if version is None:
        version = next((v for v in range(1, 41) if _fits(len(data), v, level)), None)
        if version is None:
            most = max(n for n in range(3000) if _fits(n, 40, level))
            raise QrTooLong(f"{len(data)} bytes do not fit in a QR code at level {level} ({most} at most)")
    elif not (isinstance(version, int) and 1 <= version <= 40) or not _fits(len(data), version, level):
        raise ValueError(f"version {version!r} cannot hold {len(data)} bytes at level {level}")
    if mask is not None and mask not in range(8):
        raise ValueError(f"mask {mask!r} is not 0 to 7")
    modules, reserved = _function_patterns(version)
    _place(modules, reserved, _interleaved(_data_codewords(data, version, level), version, level))
    candidates = [mask] if mask is not None else range(8)
    best = min(((_penalty(m), k, m) for k in candidates for m in [_masked(modules, reserved, k, level)]),
               key=lambda t: (t[0], t[1]))
    return QrCode(version, level, best[1], best[2])


def svg(code, *, quiet=4, dark="#000", light="#fff"):
    """The code as an SVG image, one unit per module, with a light margin of ``quiet`` modules."""
    side = code.size + 2 * quiet
    runs = []
    for r, row in enumerate(code.modules):
        c = 0
        while c < code.size:
            if row[c]:
                start = c
                while c < code.size and row[c]:
                    c += 1
                runs.append(f"M{start + quiet} {r + quiet}h{c - start}v1h-{c - start}z")
            else:
                c += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
            f'shape-rendering="crispEdges"><rect width="{side}" height="{side}" fill="{light}"/>'
            f'<path fill="{dark}" d="{"".join(runs)}"/></svg>')

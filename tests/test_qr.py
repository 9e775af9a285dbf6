"""game.app.view.qr against the world: a QR reader (zxing-cpp) and another encoder (python-qrcode).

Both are test-only dependencies. A code we write must be read back by a real
reader as the same text, and must be, module for module, what an independent
encoder writes for the same version, level and mask.
"""

import random
import re

import numpy as np
import pytest
import qrcode
import qrcode.util
import zxingcpp

from game.app.view import qr
from game.app.keep.urlparams import build_query
from game.app.controller import Setup


def read(code, scale=3, quiet=4):
    """What a QR reader sees in the code (the texts it finds)."""
    modules = np.pad(np.array(code.modules, dtype=np.uint8), quiet)
    image = np.kron((1 - modules) * 255, np.ones((scale, scale), dtype=np.uint8)).astype(np.uint8)
    return [found.text for found in zxingcpp.read_barcodes(image)]


LEVELS = {"L": qrcode.constants.ERROR_CORRECT_L, "M": qrcode.constants.ERROR_CORRECT_M,
          "Q": qrcode.constants.ERROR_CORRECT_Q, "H": qrcode.constants.ERROR_CORRECT_H}


def independent(text, code):
    """The modules python-qrcode writes for the same text, version, level and mask."""
    made = qrcode.QRCode(version=code.version, error_correction=LEVELS[code.level],
                         mask_pattern=code.mask, border=0)
    made.add_data(qrcode.util.QRData(text.encode("utf-8"), mode=qrcode.util.MODE_8BIT_BYTE))
    made.make(fit=False)
    return made.get_matrix()


def capacity(version, level):
    return max(n for n in range(3000) if qr._fits(n, version, level))


def full_text(version, level, seed):
    rng = random.Random(f"{version}{level}{seed}")
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789/?=&-") for _ in range(capacity(version, level)))


# Every version at one level here; the whole table (four levels) is the slow sweep below.
@pytest.mark.parametrize("version", range(1, 41))
def test_each_version_full_to_the_last_byte_reads_back_and_matches_another_encoder(version):
    level = "LMQH"[version % 4]
    text = full_text(version, level, 0)
    code = qr.encode(text, level, version=version, mask=version % 8)
    assert code.size == 17 + 4 * version
    assert read(code) == [text]
    assert code.modules == independent(text, code)


@pytest.mark.slow
@pytest.mark.parametrize("level", "LMQH")
def test_every_version_and_level(level):
    for version in range(1, 41):
        text = full_text(version, level, 1)
        code = qr.encode(text, level, version=version)
        assert read(code) == [text], (version, level)
        assert code.modules == independent(text, code), (version, level)


@pytest.mark.parametrize("mask", range(8))
def test_each_mask_reads_back(mask):
    text = "https://backgammon.example/?mode=bot&length=5&level=expert"
    code = qr.encode(text, "M", mask=mask)
    assert code.mask == mask
    assert read(code) == [text]
    assert code.modules == independent(text, code)


def test_a_share_link_reads_back_on_a_phone():
    # Given the link of a match a teacher shares (accents in the text too)
    link = "https://école.example/backgammon/?" + build_query(Setup(mode="bot", length=7, seed="classe-2B"), "fr")
    # When it becomes a QR code
    code = qr.encode(link)
    # Then a reader finds the same link, and the smallest version that holds it was used
    assert read(code) == [link]
    assert code.version == min(v for v in range(1, 41) if qr._fits(len(link.encode()), v, "M"))


def test_the_penalty_picks_one_mask_and_it_is_deterministic():
    text = "https://backgammon.example/?lesson=bar"
    first, again = qr.encode(text), qr.encode(text)
    assert first == again
    penalties = {mask: qr._penalty(qr.encode(text, mask=mask).modules) for mask in range(8)}
    assert penalties[first.mask] == min(penalties.values())


def test_the_svg_draws_exactly_the_modules():
    code = qr.encode("https://backgammon.example/")
    image = qr.svg(code, quiet=4)
    side = code.size + 8
    assert f'viewBox="0 0 {side} {side}"' in image
    drawn = [[False] * code.size for _ in range(code.size)]
    for col, row, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", image):
        for c in range(int(col), int(col) + int(width)):
            drawn[int(row) - 4][c - 4] = True
    assert drawn == code.modules


def test_too_long_or_bad_arguments_are_refused():
    with pytest.raises(qr.QrTooLong, match="2953 at most"):
        qr.encode("x" * 2954, "L")
    assert qr.encode("x" * 2953, "L").version == 40
    with pytest.raises(ValueError, match="level"):
        qr.encode("x", "Z")
    with pytest.raises(ValueError, match="version"):
        qr.encode("x" * 100, version=1)
    with pytest.raises(ValueError, match="mask"):
        qr.encode("x", mask=8)

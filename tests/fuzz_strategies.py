"""The strategies and mutations the engine's fuzz modules share (see tests/fuzz_harness.py)."""

import base64

from hypothesis import strategies as st

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
#: characters near every text form: IDs, XGIDs, notation
NEAR = BASE64 + "=-:*()/,. \t\nXGIDbarof"

# Strategies are built once, here: Hypothesis checks every new strategy object, and a
# strategy made inside a draw costs more than the input it draws.

INDEX = st.integers(0, 1 << 16)
FEW = st.integers(1, 3)
CHAR = st.one_of(st.sampled_from(NEAR), st.characters())
TEXT_OPS = st.sampled_from(("flip", "flip", "insert", "delete", "swap", "double", "case"))
#: anything a caller might hand over by mistake
ODD = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=20),
                st.lists(st.integers(0, 6), max_size=3), st.tuples(st.text(max_size=3)))


def pick(draw, items):
    return items[draw(INDEX) % len(items)]


def mutate_text(draw, text):
    """``text`` with a few characters flipped, inserted, deleted, swapped, repeated or recased."""
    for _ in range(draw(FEW)):
        op = draw(TEXT_OPS)
        i = draw(INDEX) % max(len(text), 1)
        if op == "flip":
            text = text[:i] + draw(CHAR) + text[i + 1:]
        elif op == "insert":
            text = text[:i] + draw(CHAR) + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + 1:]
        elif op == "swap" and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        elif op == "double":
            text = text[:i] + text[i:i + 3] + text[i:]
        elif op == "case":
            text = text[:i] + text[i:i + 1].swapcase() + text[i + 1:]
    return text


@st.composite
def mutated(draw, corpus):
    """A valid text of ``corpus``, mutated (see :func:`mutate_text`)."""
    return mutate_text(draw, pick(draw, corpus))


@st.composite
def boards(draw):
    """``(mine, theirs)``: a possible position, each checker dropped on a random slot (25 = off)."""
    raw = draw(st.binary(min_size=30, max_size=30))
    mine, theirs = [0] * 25, [0] * 25
    for byte in raw[:15]:
        if byte % 26 < 25:
            mine[byte % 26] += 1
    for byte in raw[15:]:
        slot = byte % 26
        if slot < 24 and mine[23 - slot]:
            slot = 24                       # the point is taken: this one waits on the bar
        if slot < 25:
            theirs[slot] += 1
    if not any(mine) and not any(theirs):
        mine[5] = 1
    return tuple(mine), tuple(theirs)


def flip_bits(raw, bits):
    key = int.from_bytes(raw, "little")
    for bit in bits:
        key ^= 1 << (bit % (8 * len(raw)))
    return key.to_bytes(len(raw), "little")


def b64(raw):
    return base64.b64encode(raw).decode("ascii")

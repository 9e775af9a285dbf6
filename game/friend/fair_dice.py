"""Dice neither friend can choose or foresee: two hash chains, committed first, revealed one link at a time.

Each player draws a random ``seed`` and builds a hash chain of ``length``
links: ``x[length] = seed`` and ``x[i - 1] = H(x[i])``.  The end ``x[0]``,
the *anchor*, is his commitment: it goes to the friend before any secret of
either side is revealed.  The secret of roll ``k`` is ``x[k]``; revealing it
proves it (``k`` hashes lead back to the anchor) and reveals every earlier
one, but nothing of ``x[k + 1]`` (that would need a preimage of SHA-256).
Roll ``k`` comes from both players' ``k``-th secrets (:func:`roll_seed`),
as an endless stream of dice (:func:`dice_stream`: an opening tie throws
again from the same stream).

>>> mine = OwnChain(bytes(32), 8)
>>> anchor = mine.anchor
>>> seen = SeenChain(anchor, 8)
>>> seen.accept(3, mine.secret(3))      # the friend checks my third secret against my anchor
>>> seen.known, seen.secret(2) == mine.secret(2)
(3, True)
>>> seen.accept(4, bytes(32))
Traceback (most recent call last):
...
game.friend.errors.FriendError: secret 4 does not lead back to the commitment: bad_reveal
>>> seed = roll_seed(b"match-id-123", 1, mine.secret(1), OwnChain(b"1" * 32, 8).secret(1))
>>> stream = dice_stream(seed)
>>> [next(stream) for _ in range(4)]
[4, 5, 6, 2]
"""

import hashlib
import os

from .errors import FriendError, FriendReason

__all__ = ["SECRET_SIZE", "CHAIN_LENGTH", "new_seed", "chain_step", "OwnChain", "SeenChain", "roll_seed",
           "dice_stream", "event_dice"]

SECRET_SIZE = 32
#: rolls one match may use (each throw of dice by either player counts one; an opening with ties counts one)
CHAIN_LENGTH = 16384

_CHAIN_TAG = b"bg-friend/chain/1"
_ROLL_TAG = b"bg-friend/roll/1"


def new_seed():
    """32 bytes from the system's strong random source (Web Crypto in the browser).

    >>> len(new_seed()), new_seed() != new_seed()
    (32, True)
    """
    return os.urandom(SECRET_SIZE)


def chain_step(value):
    """One link down the chain: ``x[i - 1] = chain_step(x[i])``.

    >>> chain_step(bytes(32)).hex()[:16]
    '7c81485e37a7b8e0'
    """
    return hashlib.sha256(_CHAIN_TAG + value).digest()


def _check_length(length):
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= 1 << 16:
        raise FriendError(f"chain length {length!r}: 1 to 65536 expected", FriendReason.MALFORMED)


class OwnChain:
    """A player's own chain, rebuilt from his ``seed`` (kept on his device only).

    >>> chain = OwnChain(b"s" * 32, 3)
    >>> chain_step(chain.secret(1)) == chain.anchor
    True
    """

    def __init__(self, seed, length=CHAIN_LENGTH):
        if not isinstance(seed, bytes) or len(seed) != SECRET_SIZE:
            raise FriendError(f"seed: {SECRET_SIZE} bytes expected", FriendReason.MALFORMED)
        _check_length(length)
        self.length = length
        values = [seed]
        for _ in range(length):
            values.append(chain_step(values[-1]))
        values.reverse()          # values[i] = x[i]; values[0] the anchor
        self._values = values

    @property
    def anchor(self):
        return self._values[0]

    def secret(self, index):
        """``x[index]``, the secret of roll ``index`` (1 to ``length``)."""
        if not 1 <= index <= self.length:
            raise FriendError(f"secret {index}: the chain holds {self.length} rolls", FriendReason.CHAIN_SPENT,
                              {"length": self.length})
        return self._values[index]


class SeenChain:
    """The friend's chain as far as he has revealed it: his anchor, then each secret checked.

    :meth:`accept` changes nothing when it refuses.
    """

    def __init__(self, anchor, length=CHAIN_LENGTH):
        if not isinstance(anchor, bytes) or len(anchor) != SECRET_SIZE:
            raise FriendError(f"anchor: {SECRET_SIZE} bytes expected", FriendReason.MALFORMED)
        _check_length(length)
        self.length = length
        self._values = [anchor]

    @property
    def anchor(self):
        return self._values[0]

    @property
    def known(self):
        """How many secrets are known (the highest index revealed)."""
        return len(self._values) - 1

    def secret(self, index):
        """``x[index]`` once revealed, else None."""
        return self._values[index] if 1 <= index <= self.known else None

    def forget_after(self, known):
        """Go back to knowing ``known`` secrets (a refused link's are dropped)."""
        del self._values[known + 1:]

    def accept(self, index, value):
        """Check the revealed ``x[index]`` against what is known, and keep it with the secrets it implies."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= self.length:
            raise FriendError(f"secret index {index!r}: 0 to {self.length} expected", FriendReason.BAD_REVEAL,
                              {"index": index})
        if not isinstance(value, bytes) or len(value) != SECRET_SIZE:
            raise FriendError(f"secret {index}: {SECRET_SIZE} bytes expected", FriendReason.BAD_REVEAL,
                              {"index": index})
        known = self.known
        if index < known:
            raise FriendError(f"secret {index}: secret {known} was revealed already", FriendReason.BAD_REVEAL,
                              {"index": index})
        implied = [value]
        for _ in range(index - known):
            implied.append(chain_step(implied[-1]))
        if implied[-1] != self._values[-1]:
            raise FriendError(f"secret {index} does not lead back to the commitment: bad_reveal",
                              FriendReason.BAD_REVEAL, {"index": index})
        implied.pop()
        implied.reverse()
        self._values.extend(implied)


def roll_seed(match_id, index, secret_0, secret_1):
    """The seed of roll ``index``: both players' secrets of that roll, bound to the match and the index."""
    return hashlib.sha256(_ROLL_TAG + match_id + index.to_bytes(4, "big") + secret_0 + secret_1).digest()


def dice_stream(seed):
    """Fair dice from ``seed``, as many as asked: bytes of SHA-256(seed, block) below 252, mod 6, plus 1.

    252 is the largest multiple of 6 up to 256, so each face has 42 of the 252 byte values.
    """
    block = 0
    while True:
        for byte in hashlib.sha256(seed + block.to_bytes(4, "big")).digest():
            if byte < 252:
                yield byte % 6 + 1
        block += 1


def event_dice(seed, opening=None):
    """Every die one roll event throws, from its stream: two dice, or an opening thrown until it is not a tie.

    ``opening`` is None for a roll in play, else the match's opening (``"standard"``: one die each,
    thrown again on a tie; ``"both_dice"``: two dice each, thrown again while the totals are equal),
    as :meth:`game.match.Match.roll` throws it.

    >>> event_dice(bytes(32)), event_dice(bytes(32), "standard")
    ([2, 3], [2, 3])
    >>> len(event_dice(bytes(32), "both_dice")) % 4
    0
    """
    stream = dice_stream(seed)
    if opening is None:
        return [next(stream), next(stream)]
    size = 2 if opening == "standard" else 4
    thrown = []
    while True:
        throw = [next(stream) for _ in range(size)]
        thrown.extend(throw)
        if sum(throw[:size // 2]) != sum(throw[size // 2:]):
            return thrown

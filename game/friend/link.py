"""The turn link: what one message between the two devices carries, and its compact text.

A link carries only what the friend lacks: the actions of the sender since
the friend's last link, the sender's newest die secret, and the digest of
the history it builds on (so that a changed or foreign history is caught).
The first link (the invitation) also carries the match's rules, the chain
length and the creator's commitment; the second the joiner's commitment.

Fields (short keys, JSON): ``v`` version, ``id`` the match (16 characters),
``n`` the turn number of the link (1 the invitation; odd links come from
player 0, even ones from player 1), ``h`` the history digest after link
``n - 1``, ``a`` the actions, ``r`` ``[index, secret]``, ``s`` the setup
(link 1), ``k`` the joiner's anchor (link 2).  Actions, in order::

    ["m", "24/18 13/11"]   a move ("" when the roll allows none)
    ["a"]                  right after my move: at my next turn I roll without doubling (my word,
                           given early; void after a game's last move: the next game starts with none)
    ["r"]                  roll (rather than double: the cube was his to turn)
    ["x"]                  throw the opening again (both-dice openings)
    ["d"] ["t"] ["p"] ["b"]    double, take, pass (drop), beaver
    ["q", kind]            offer to resign (1 single, 2 gammon, 3 backgammon)
    ["y"] ["z"]            accept, reject the resignation

The text is the JSON, deflated (raw zlib) and in base64url without padding;
:func:`link_url` puts it after ``#friend=`` in the page's address (the part
of an address a browser never sends to a server).

>>> link = Link(match_id="AAAAAAAAAAAAAAAA", turn=3, base="A" * 22, actions=(("m", "8/5 6/5"),))
>>> text = encode_link(link)
>>> decode_link(text) == link
True
>>> decode_link(link_url("https://example.org/bg/", text)) == link
True
>>> decode_link("https://example.org/bg/#friend=not-a-link")
Traceback (most recent call last):
...
game.friend.errors.FriendError: not a friend link (it cannot be read): malformed
"""

import base64
import binascii
import hashlib
import json
import zlib
from dataclasses import dataclass, field

from .errors import FriendError, FriendReason
from .fair_dice import SECRET_SIZE
from .payload import payload_after

__all__ = ["VERSION", "Link", "encode_link", "decode_link", "link_url", "b64encode", "b64decode", "history_start",
           "history_next", "ACTION_CODES", "MAX_TEXT"]

VERSION = 1
#: the longest text read (a link is a few hundred characters; the cap keeps a bad paste cheap)
MAX_TEXT = 20_000
_MAX_JSON = 200_000
ID_SIZE = 12                   # bytes of the match id (16 characters)
DIGEST_SIZE = 16               # bytes of a history digest (22 characters)
_ID_CHARS = 16
_DIGEST_CHARS = 22
_SECRET_CHARS = 43

#: action code -> how many arguments it takes
ACTION_CODES = {"m": 1, "a": 0, "r": 0, "x": 0, "d": 0, "t": 0, "p": 0, "b": 0, "q": 1, "y": 0, "z": 0}
MAX_ACTIONS = 64
_MOVE_TEXT = 64


def b64encode(data):
    """base64url without padding.

    >>> b64encode(b"\\xff\\xfe")
    '__4'
    """
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64decode(text, size=None):
    """Read :func:`b64encode`'s text (of ``size`` bytes when given); bad text raises MALFORMED."""
    if not isinstance(text, str) or not text.isascii() or "=" in text:
        raise _malformed(f"{text!r:.40} is not base64url")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise _malformed(f"{text!r:.40} is not base64url") from None
    if b64encode(data) != text or (size is not None and len(data) != size):
        raise _malformed(f"{text!r:.40}: {size} bytes expected")
    return data


def _malformed(why):
    return FriendError(f"not a friend link ({why}): malformed", FriendReason.MALFORMED)


@dataclass(frozen=True)
class Link:
    """One message: :func:`decode_link` builds it only from well-formed data (it checks shapes, not play)."""

    match_id: str
    turn: int
    base: str | None = None
    actions: tuple = ()
    reveal: tuple | None = None          # (index, secret bytes)
    setup: dict | None = field(default=None, compare=True)
    anchor: bytes | None = None          # the joiner's commitment (link 2)

    @property
    def sender(self):
        """The player who sends this link: 0 for odd turns, 1 for even ones."""
        return (self.turn - 1) % 2

    def to_data(self):
        """The JSON-able body (the same dict whichever device builds it)."""
        data = {"v": VERSION, "id": self.match_id, "n": self.turn, "a": [list(action) for action in self.actions]}
        if self.base is not None:
            data["h"] = self.base
        if self.reveal is not None:
            data["r"] = [self.reveal[0], b64encode(self.reveal[1])]
        if self.setup is not None:
            data["s"] = self.setup
        if self.anchor is not None:
            data["k"] = b64encode(self.anchor)
        return data


def canonical(data):
    """The bytes of ``data`` every device writes alike (sorted keys, no spaces)."""
    return json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=True).encode("ascii")


def history_start(match_id):
    """The history digest before link 1."""
    return b64encode(hashlib.sha256(b"bg-friend/history/1" + match_id.encode("ascii")).digest()[:DIGEST_SIZE])


def history_next(digest, link):
    """The history digest after ``link``, from the digest before it (its own ``h`` left out)."""
    body = link.to_data()
    body.pop("h", None)
    return b64encode(hashlib.sha256(digest.encode("ascii") + canonical(body)).digest()[:DIGEST_SIZE])


def encode_link(link):
    """The text of ``link``: deflated JSON in base64url."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return b64encode(packer.compress(canonical(link.to_data())) + packer.flush())


def link_url(base_url, text):
    """The address to send: the page's address with the link after ``#friend=``."""
    return f"{base_url.split('#')[0]}#friend={text}"


def _payload(text):
    return payload_after(text, "friend=", MAX_TEXT, _malformed)


def decode_link(text):
    """Read a link (its text, or the whole address) into a :class:`Link`; anything else raises MALFORMED."""
    try:
        packed = b64decode(_payload(text))
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, _MAX_JSON)
        if unpacker.unconsumed_tail or not unpacker.eof or unpacker.unused_data:
            raise _malformed("it is cut short or too long")
        data = json.loads(raw.decode("ascii"))
    except (zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        raise _malformed("it cannot be read") from None
    return link_from_data(data)


def link_from_data(data):
    """Check the shape of a link's body and build the :class:`Link`."""
    if not isinstance(data, dict):
        raise _malformed("a JSON object expected")
    if data.get("v") != VERSION:
        raise FriendError(f"link version {data.get('v')!r}, {VERSION} expected: version", FriendReason.VERSION,
                          {"version": str(data.get("v"))})
    unknown = sorted(set(data) - {"v", "id", "n", "h", "a", "r", "s", "k"})
    if unknown:
        raise _malformed(f"unknown fields {unknown}")
    match_id, turn = data.get("id"), data.get("n")
    b64decode(match_id, ID_SIZE)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= 1_000_000:
        raise _malformed(f"turn {turn!r}")
    base = data.get("h")
    if (turn == 1) != (base is None):
        raise _malformed("the history digest belongs to every link but the first")
    if base is not None:
        b64decode(base, DIGEST_SIZE)
    actions = data.get("a")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise _malformed("actions: a short list expected")
    checked = []
    for action in actions:
        if not isinstance(action, list) or not action or action[0] not in ACTION_CODES \
                or len(action) != 1 + ACTION_CODES[action[0]]:
            raise _malformed(f"action {action!r:.40}")
        if action[0] == "m" and (not isinstance(action[1], str) or len(action[1]) > _MOVE_TEXT
                                 or not action[1].isascii()):
            raise _malformed(f"move {action[1]!r:.40}")
        if action[0] == "q" and (action[1] not in (1, 2, 3) or isinstance(action[1], bool)):
            raise _malformed(f"resignation {action[1]!r:.20}")
        checked.append(tuple(action))
    reveal = data.get("r")
    if reveal is not None:
        if not isinstance(reveal, list) or len(reveal) != 2 or isinstance(reveal[0], bool) \
                or not isinstance(reveal[0], int) or not 1 <= reveal[0] <= 1 << 16:
            raise _malformed(f"reveal {reveal!r:.40}")
        reveal = (reveal[0], b64decode(reveal[1], SECRET_SIZE))
    setup = data.get("s")
    if (turn == 1) != (setup is not None):
        raise _malformed("the setup belongs to the first link only")
    if setup is not None:
        if not isinstance(setup, dict) or set(setup) != {"c", "L", "k"} or not isinstance(setup["c"], dict):
            raise _malformed("setup: rules, chain length and anchor expected")
        b64decode(setup["k"], SECRET_SIZE)
    anchor = data.get("k")
    if (turn == 2) != (anchor is not None):
        raise _malformed("the joiner's commitment belongs to the second link only")
    if anchor is not None:
        anchor = b64decode(anchor, SECRET_SIZE)
    return Link(match_id=match_id, turn=turn, base=base, actions=tuple(checked), reveal=reveal, setup=setup,
                anchor=anchor)

"""The connection codes of live play: a WebRTC offer or answer packed into a short text, and back.

Live play on the same network sends the very link payloads of a match by links
(:mod:`game.friend.link`) over a WebRTC data channel, with no server: the two
devices meet by exchanging an *offer* and an *answer*, which a person copies or
shows as a QR code.  A browser writes them as SDP (Session Description Protocol),
some 600 characters; what a data channel between two devices on one network needs
of it is much less:

- the ICE user name and password, the DTLS certificate's fingerprint, the DTLS role
  (``setup``), the media id (``mid``), the SCTP port and the largest message;
- the *host* candidates only (UDP): this device's addresses on the network, as IPv4,
  IPv6 or the ``<uuid>.local`` names browsers use to hide them (mDNS).  No STUN or TURN
  server is ever asked: the devices must reach each other directly.

:func:`pack` reads the browser's SDP and writes those facts in a few bytes (with a
check value, so a code cut short or mistyped is caught), in base64url;
:func:`unpack` reads a code (or an address or text holding ``live=`` and the code)
and gives back a :class:`LiveCode`; :func:`sdp` writes the SDP a browser takes from
it.  An answer names the offer it answers (four bytes of the offer's digest), so an
answer to another offer is refused.  Bad input raises :class:`LiveError` with a
:class:`LiveReason` (its sentence is ``error.live_<reason>`` in the app's catalogues).

>>> offer = pack(EXAMPLE_OFFER)
>>> len(offer) < 160, offer == pack(EXAMPLE_OFFER)
(True, True)
>>> code = unpack("https://example.org/bg/#live=" + offer)
>>> code.kind, code.setup, code.candidates
('offer', 'actpass', (('192.168.1.20', 50301), ('fd00::7', 50302)))
>>> unpack(pack(sdp(code))) == code           # what the other browser is given says the same
True
>>> unpack(offer[:40])
Traceback (most recent call last):
...
game.friend.live_text.LiveError: not a connection code (its check value does not match): malformed
"""

import hashlib
import ipaddress
import re
import struct
from dataclasses import dataclass
from enum import Enum

from game.errors import GameError

from .link import b64decode, b64encode
from .errors import FriendError, message_key
from .payload import payload_after

__all__ = ["LiveReason", "LiveError", "LiveCode", "pack", "unpack", "sdp", "offer_tag", "live_message_key",
           "is_live_text", "MAX_CODE"]

VERSION = 1
#: the longest code read (a code is about 100 characters; the cap keeps a bad paste cheap)
MAX_CODE = 2_000
_KINDS = ("offer", "answer")
_SETUPS = ("actpass", "active", "passive")
_HASHES = ("sha-256", "sha-384", "sha-512", "sha-1")
_DIGEST_SIZES = {"sha-256": 32, "sha-384": 48, "sha-512": 64, "sha-1": 20}
_CHECK = 4                    # bytes of the check value
_TAG = 4                      # bytes of the offer's digest an answer carries
_MAX_CANDIDATES = 8
_ADDRESS_V4, _ADDRESS_V6, _ADDRESS_MDNS = 4, 6, 16
_MDNS = re.compile(r"^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$")
_ICE_CHARS = re.compile(r"^[A-Za-z0-9+/]{1,255}$")
_MID = re.compile(r"^[A-Za-z0-9_.\-]{1,32}$")


class LiveReason(str, Enum):
    """Why a connection code is refused (``error.live_<value>`` its sentence)."""

    MALFORMED = "malformed"            # not a connection code of this app, or cut short or changed
    VERSION = "version"                # made by another version of the app
    OWN_CODE = "own_code"              # this device's own offer, pasted here
    NO_OFFER = "no_offer"              # an answer, but this page has no offer waiting (made anew, or reloaded)
    OTHER_OFFER = "other_offer"        # the answer to another offer than the one this page made
    NO_ADDRESS = "no_address"          # the browser gave no address on a network: nothing to connect to


class LiveError(GameError):
    """A refused connection code; ``reason`` is a :class:`LiveReason`."""

    def __init__(self, message, reason):
        super().__init__(f"{message}: {reason.value}")
        self.reason = reason
        self.details = {}


def live_message_key(error):
    """The catalogue key of ``error``'s sentence: ``error.live_<reason>``, a link's refusal for a
    :class:`game.friend.FriendError`, ``error.live_malformed`` for anything else.

    >>> live_message_key(LiveError("?", LiveReason.NO_OFFER)), live_message_key(ValueError())
    ('error.live_no_offer', 'error.live_malformed')
    """
    if isinstance(error, FriendError):
        return message_key(error)
    reason = getattr(error, "reason", None)
    return f"error.live_{reason.value}" if isinstance(reason, LiveReason) else "error.live_malformed"


def _malformed(why):
    return LiveError(f"not a connection code ({why})", LiveReason.MALFORMED)


@dataclass(frozen=True)
class LiveCode:
    """What one side of the connection says: its kind, ICE credentials, certificate and addresses."""

    kind: str                       # "offer" or "answer"
    setup: str                      # the DTLS role: "actpass" (offers), "active" or "passive"
    ufrag: str
    pwd: str
    hash: str                       # the fingerprint's hash function, "sha-256" most often
    fingerprint: bytes
    mid: str = "0"
    sctp_port: int = 5000
    max_message: int = 0            # the largest message the sender takes (0: not said)
    candidates: tuple = ()          # ((address, port), ...): IPv4, IPv6 or "<uuid>.local"
    tag: bytes = b""                # an answer: the first bytes of the digest of the offer it answers


def is_live_text(text):
    """Whether ``text`` is meant as a connection code (it holds ``live=``).

    >>> is_live_text("https://x.org/#live=AbC"), is_live_text("#friend=AbC")
    (True, False)
    """
    return isinstance(text, str) and "live=" in text


def offer_tag(offer_text):
    """The bytes an answer carries to name ``offer_text`` (the offer's code, with or without ``live=``)."""
    return hashlib.sha256(_payload(offer_text).encode("ascii")).digest()[:_TAG]


# --- SDP -> code ----------------------------------------------------------------------------------
def _attributes(text):
    lines = [line.strip() for line in str(text).replace("\r", "\n").split("\n") if line.strip()]
    found = {}
    candidates = []
    media = [line for line in lines if line.startswith("m=")]
    for line in lines:
        if line.startswith("a=candidate:"):
            candidates.append(line[len("a=candidate:"):].split())
        elif line.startswith("a="):
            name, _, value = line[2:].partition(":")
            found.setdefault(name, value.strip())
    return found, candidates, media


def _sdp_type(text):
    """"offer" or "answer" from an SDP's ``a=setup``: an offer says ``actpass``."""
    return "offer" if _attributes(text)[0].get("setup") == "actpass" else "answer"


def _host_candidates(candidates):
    """The UDP host candidates of component 1, as (address, port), each once, in order."""
    kept = []
    for fields in candidates:
        # foundation component transport priority address port "typ" type ...
        if len(fields) < 8 or fields[1] != "1" or fields[2].lower() != "udp" or fields[6] != "typ" \
                or fields[7] != "host":
            continue
        address, port = fields[4], fields[5]
        if not port.isdigit() or not 0 < int(port) < 65536:
            continue
        address = _address(address)
        if address is not None and (address, int(port)) not in kept:
            kept.append((address, int(port)))
    return tuple(kept[:_MAX_CANDIDATES])


def _address(text):
    """The address written as the code keeps it (None: a kind it cannot carry)."""
    if _MDNS.match(text.lower()):
        return text.lower()
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def pack(sdp_text, offer=None):
    """The code of a browser's SDP (an offer, or with ``offer``, the offer's code, the answer to it).

    Only host candidates are kept; with none, :class:`LiveError` ``no_address``."""
    attrs, candidates, media = _attributes(sdp_text)
    if len(media) != 1 or "webrtc-datachannel" not in media[0]:
        raise _malformed("one data channel section expected")
    kind = _sdp_type(sdp_text) if offer is None else "answer"
    setup = attrs.get("setup", "")
    hash_name, _, digest = attrs.get("fingerprint", "").partition(" ")
    hash_name = hash_name.lower()
    if setup not in _SETUPS or (kind == "offer") != (setup == "actpass") or hash_name not in _HASHES:
        raise _malformed(f"setup {setup!r}, fingerprint {hash_name!r}")
    try:
        fingerprint = bytes.fromhex(digest.replace(":", ""))
    except ValueError:
        raise _malformed("fingerprint") from None
    port = attrs.get("sctp-port", "5000")
    size = attrs.get("max-message-size", "0")
    code = LiveCode(kind=kind, setup=setup, ufrag=attrs.get("ice-ufrag", ""), pwd=attrs.get("ice-pwd", ""),
                    hash=hash_name, fingerprint=fingerprint, mid=attrs.get("mid", "0"),
                    sctp_port=int(port) if port.isdigit() else 5000,
                    max_message=min(int(size), 0xFFFFFFFF) if size.isdigit() else 0,
                    candidates=_host_candidates(candidates),
                    tag=b"" if offer is None else offer_tag(offer))
    if not code.candidates:
        raise LiveError("no host candidate in the description", LiveReason.NO_ADDRESS)
    return encode(code)


def encode(code):
    """The text of a :class:`LiveCode` (base64url; a check value last)."""
    _check_fields(code)
    out = bytearray([VERSION, _KINDS.index(code.kind), _SETUPS.index(code.setup), _HASHES.index(code.hash)])
    for text in (code.ufrag, code.pwd, code.mid):
        out += bytes([len(text)]) + text.encode("ascii")
    out += bytes([len(code.fingerprint)]) + code.fingerprint
    out += struct.pack(">HI", code.sctp_port, code.max_message)
    if code.kind == "answer":
        out += code.tag
    out.append(len(code.candidates))
    for address, port in code.candidates:
        found = _MDNS.match(address)
        if found:
            out += bytes([_ADDRESS_MDNS]) + bytes.fromhex("".join(found.groups()))
        else:
            ip = ipaddress.ip_address(address)
            out += bytes([_ADDRESS_V4 if ip.version == 4 else _ADDRESS_V6]) + ip.packed
        out += struct.pack(">H", port)
    out += hashlib.sha256(bytes(out)).digest()[:_CHECK]
    return b64encode(bytes(out))


def _check_fields(code):
    """Refuse a code whose fields a browser would not take (MALFORMED)."""
    if code.kind not in _KINDS or code.setup not in _SETUPS or code.hash not in _HASHES:
        raise _malformed("kind, role or hash")
    if (code.kind == "offer") != (code.setup == "actpass") or (code.kind == "answer") != (len(code.tag) == _TAG):
        raise _malformed("the role or the offer's tag does not go with the kind")
    if not _ICE_CHARS.match(code.ufrag) or not 4 <= len(code.ufrag) or not _ICE_CHARS.match(code.pwd) \
            or len(code.pwd) < 22:
        raise _malformed("ICE user name or password")
    if len(code.fingerprint) != _DIGEST_SIZES[code.hash] or not _MID.match(code.mid):
        raise _malformed("fingerprint or mid")
    if not 0 < code.sctp_port < 65536 or not 0 <= code.max_message <= 0xFFFFFFFF:
        raise _malformed("port or size")
    if not 0 < len(code.candidates) <= _MAX_CANDIDATES or \
            any(_address(address) != address or not 0 < port < 65536 for address, port in code.candidates):
        raise _malformed("addresses")


# --- code -> LiveCode -> SDP ---------------------------------------------------------------------
def _payload(text):
    return payload_after(text, "live=", MAX_CODE, _malformed)


class _Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, size):
        if self.at + size > len(self.data):
            raise _malformed("it is cut short")
        piece = self.data[self.at:self.at + size]
        self.at += size
        return piece

    def byte(self):
        return self.take(1)[0]

    def text(self):
        try:
            return self.take(self.byte()).decode("ascii")
        except UnicodeDecodeError:
            raise _malformed("text") from None


def unpack(text):
    """Read a code (or an address or text with ``live=`` before it) into a :class:`LiveCode`."""
    try:
        data = b64decode(_payload(text))
    except FriendError:
        raise _malformed("it is not base64url") from None
    if len(data) < 1 + _CHECK or hashlib.sha256(data[:-_CHECK]).digest()[:_CHECK] != data[-_CHECK:]:
        raise _malformed("its check value does not match")
    if data[0] != VERSION:
        raise LiveError(f"code version {data[0]}, {VERSION} expected", LiveReason.VERSION)
    read = _Reader(data[1:-_CHECK])
    kind, setup, hash_name = read.byte(), read.byte(), read.byte()
    if kind >= len(_KINDS) or setup >= len(_SETUPS) or hash_name >= len(_HASHES):
        raise _malformed("kind, role or hash")
    ufrag, pwd, mid = read.text(), read.text(), read.text()
    fingerprint = read.take(read.byte())
    sctp_port, max_message = struct.unpack(">HI", read.take(6))
    tag = read.take(_TAG) if _KINDS[kind] == "answer" else b""
    candidates = []
    for _ in range(read.byte()):
        family = read.byte()
        if family == _ADDRESS_MDNS:
            raw = read.take(16).hex()
            address = f"{raw[:8]}-{raw[8:12]}-{raw[12:16]}-{raw[16:20]}-{raw[20:]}.local"
        elif family in (_ADDRESS_V4, _ADDRESS_V6):
            address = str(ipaddress.ip_address(read.take(4 if family == _ADDRESS_V4 else 16)))
        else:
            raise _malformed(f"address family {family}")
        candidates.append((address, struct.unpack(">H", read.take(2))[0]))
    if read.at != len(read.data):
        raise _malformed("it is too long")
    code = LiveCode(kind=_KINDS[kind], setup=_SETUPS[setup], ufrag=ufrag, pwd=pwd, hash=_HASHES[hash_name],
                    fingerprint=fingerprint, mid=mid, sctp_port=sctp_port, max_message=max_message,
                    candidates=tuple(candidates), tag=tag)
    _check_fields(code)
    return code


def sdp(code):
    """The SDP a browser takes for ``code`` (``setRemoteDescription({type: code.kind, sdp})``)."""
    ip6 = any(":" in address for address, _ in code.candidates[:1])
    lines = ["v=0", f"o=- {int.from_bytes(code.fingerprint[:6], 'big')} 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
             f"a=group:BUNDLE {code.mid}", "a=msid-semantic: WMS",
             f"m=application {code.candidates[0][1]} UDP/DTLS/SCTP webrtc-datachannel",
             "c=IN IP6 ::" if ip6 else "c=IN IP4 0.0.0.0"]
    for number, (address, port) in enumerate(code.candidates):
        priority = 2122260223 - number * 256     # host candidates, in the order the sender gave them
        lines.append(f"a=candidate:{number + 1} 1 udp {priority} {address} {port} typ host generation 0")
    lines += [f"a=ice-ufrag:{code.ufrag}", f"a=ice-pwd:{code.pwd}",
              f"a=fingerprint:{code.hash} {':'.join(f'{b:02X}' for b in code.fingerprint)}",
              f"a=setup:{code.setup}", f"a=mid:{code.mid}", f"a=sctp-port:{code.sctp_port}"]
    if code.max_message:
        lines.append(f"a=max-message-size:{code.max_message}")
    return "\r\n".join(lines) + "\r\n"


#: an offer as Chromium writes it (the doctests' and the tests' example; its addresses made up)
EXAMPLE_OFFER = "\r\n".join([
    "v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=extmap-allow-mixed", "a=msid-semantic: WMS",
    "m=application 50301 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 192.168.1.20",
    "a=candidate:2177477353 1 udp 2122260223 192.168.1.20 50301 typ host generation 0 network-id 1",
    "a=candidate:4278601841 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active generation 0 network-id 1",
    "a=candidate:2659924023 1 udp 2122262783 fd00::7 50302 typ host generation 0 network-id 2",
    "a=candidate:842163049 1 udp 1686052607 203.0.113.9 50301 typ srflx raddr 192.168.1.20 rport 50301",
    "a=ice-ufrag:p1Xq", "a=ice-pwd:Zq3bN1uV0d3Lr6b8mT9yQ0aP", "a=ice-options:trickle",
    "a=fingerprint:sha-256 70:F3:E0:B2:24:35:DD:43:12:63:7F:0A:80:5F:44:3A:AC:39:90:B6:A9:DC:EA:06:0E:0D:CE:5D:"
    "74:74:D0:13",
    "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", ""])

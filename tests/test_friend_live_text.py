"""The connection codes of live play (game/friend/live_text.py): a browser's SDP packed and read back.

The examples are SDPs as Chromium and Firefox write them (their addresses made up): what the code
keeps is what a data channel on one network needs; what it drops (server candidates, TCP) a
same-network connection never uses; every bad code is refused with its reason.
"""

import pytest

from game.app.text.i18n import translator
from game.friend.live_text import (EXAMPLE_OFFER, LiveCode, LiveError, LiveReason, encode, is_live_text,
                                   live_message_key, offer_tag, pack, sdp, unpack)
from game.friend.link import b64decode, b64encode

# an answer to EXAMPLE_OFFER as Chromium writes it, with mDNS names (a browser with no permission to show IPs)
ANSWER = "\r\n".join([
    "v=0", "o=- 8187263745561 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:710320766 1 udp 2113937151 e33a380a-9b88-446b-9299-e0c5a6c869c9.local 44927 typ host "
    "generation 0 network-cost 999",
    "a=candidate:757386958 1 udp 2113942271 6C933D54-9A9F-4FE2-8AB8-E4FAE2ECB412.local 50030 typ host generation 0",
    "a=ice-ufrag:Ab/+", "a=ice-pwd:0123456789abcdefghijklmn", "a=ice-options:trickle",
    "a=fingerprint:sha-256 " + ":".join(["AB"] * 32), "a=setup:active", "a=mid:0", "a=sctp-port:5000",
    "a=max-message-size:262144", ""])

# an offer as Firefox writes it: the fingerprint at the session level, LF line ends, a relay candidate
FIREFOX = "\n".join([
    "v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 6031148930453402137 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
    "a=fingerprint:sha-256 " + ":".join(["0F"] * 32), "a=group:BUNDLE 0", "a=ice-options:trickle",
    "a=msid-semantic:WMS *", "m=application 51234 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 10.0.0.5",
    "a=candidate:0 1 UDP 2122252543 10.0.0.5 51234 typ host",
    "a=candidate:1 1 TCP 2105524479 10.0.0.5 9 typ host tcptype active",
    "a=candidate:2 1 UDP 8265471 198.51.100.4 3478 typ relay raddr 10.0.0.5 rport 51234",
    "a=sendrecv", "a=end-of-candidates", "a=ice-pwd:4b1f1b2ea7b9e1b1d0a8c1d2e3f4a5b6", "a=ice-ufrag:9f3a2b1c",
    "a=mid:0", "a=setup:actpass", "a=sctp-port:5000", "a=max-message-size:1073741823", ""])


def test_an_offer_keeps_its_udp_host_candidates_only_and_reads_back_the_same():
    code = unpack(pack(EXAMPLE_OFFER))
    assert code.kind == "offer" and code.setup == "actpass"
    assert code.candidates == (("192.168.1.20", 50301), ("fd00::7", 50302))      # no TCP, no server (srflx)
    assert (code.ufrag, code.pwd, code.mid, code.sctp_port, code.max_message) == \
        ("p1Xq", "Zq3bN1uV0d3Lr6b8mT9yQ0aP", "0", 5000, 262144)
    assert code.fingerprint.hex(":").upper().startswith("70:F3:E0:B2")
    again = sdp(code)
    assert "typ srflx" not in again and " tcp " not in again and "a=setup:actpass" in again
    assert unpack(pack(again)) == code


def test_an_answer_names_its_offer_and_keeps_mdns_names():
    offer = pack(EXAMPLE_OFFER)
    answer = unpack(pack(ANSWER, offer=offer))
    assert answer.kind == "answer" and answer.setup == "active" and answer.tag == offer_tag(offer)
    assert answer.candidates == (("e33a380a-9b88-446b-9299-e0c5a6c869c9.local", 44927),
                                 ("6c933d54-9a9f-4fe2-8ab8-e4fae2ecb412.local", 50030))
    assert "6c933d54-9a9f-4fe2-8ab8-e4fae2ecb412.local 50030 typ host" in sdp(answer)
    assert offer_tag("https://x.org/#live=" + offer) == offer_tag(offer)


def test_a_firefox_offer_packs_too():
    code = unpack(pack(FIREFOX))
    assert code.candidates == (("10.0.0.5", 51234),) and code.ufrag == "9f3a2b1c"
    assert code.fingerprint == bytes([0x0F] * 32) and code.max_message == 1073741823


def test_the_codes_are_short_enough_for_a_small_qr_code():
    offer = pack(EXAMPLE_OFFER)
    answer = pack(ANSWER, offer=offer)
    assert len(offer) <= 150 and len(answer) <= 170, (len(offer), len(answer))


def test_a_description_with_no_host_address_cannot_be_packed():
    lines = [line for line in EXAMPLE_OFFER.split("\r\n") if "typ host" not in line or " tcp " in line]
    with pytest.raises(LiveError) as caught:
        pack("\r\n".join(lines))
    assert caught.value.reason is LiveReason.NO_ADDRESS


def _changed(text, at):
    data = bytearray(b64decode(text))
    data[at] ^= 0x01
    return b64encode(bytes(data))


@pytest.mark.parametrize("bad", [
    "", "   ", "live=", "not a code", "live=@@@@", "A" * 3000, "AAAA",
    pytest.param(None, id="None"), pytest.param(12, id="number")])
def test_anything_else_is_malformed(bad):
    with pytest.raises(LiveError) as caught:
        unpack(bad)
    assert caught.value.reason is LiveReason.MALFORMED


def test_a_code_cut_short_or_changed_is_caught_by_its_check_value():
    offer = pack(EXAMPLE_OFFER)
    for text in (offer[:-4], offer[:40], _changed(offer, 10), _changed(offer, 60), offer + "AAAA"):
        with pytest.raises(LiveError) as caught:
            unpack(text)
        assert caught.value.reason is LiveReason.MALFORMED, text


def test_a_code_of_another_version_says_so():
    import hashlib
    data = bytearray(b64decode(pack(EXAMPLE_OFFER)))
    data[0] = 2
    body = bytes(data[:-4])
    with pytest.raises(LiveError) as caught:
        unpack(b64encode(body + hashlib.sha256(body).digest()[:4]))
    assert caught.value.reason is LiveReason.VERSION


def test_fields_a_browser_would_refuse_are_refused_on_both_sides():
    good = unpack(pack(EXAMPLE_OFFER))
    fields = good.__dict__
    for change in ({"ufrag": "ab"}, {"pwd": "short"}, {"ufrag": "a b\r\na=x"}, {"mid": "0\r\na=x"},
                   {"fingerprint": b"12"}, {"candidates": ()}, {"candidates": (("999.1.1.1", 5),)},
                   {"candidates": (("10.0.0.1", 0),)}, {"setup": "active"}, {"tag": b"1234"}):
        with pytest.raises(LiveError) as caught:
            encode(LiveCode(**{**fields, **change}))
        assert caught.value.reason is LiveReason.MALFORMED, change


def test_live_texts_are_told_from_links():
    assert is_live_text("https://x.org/bg/#live=" + pack(EXAMPLE_OFFER))
    assert not is_live_text("https://x.org/bg/#friend=AbCd") and not is_live_text(None)


@pytest.mark.parametrize("reason", list(LiveReason), ids=lambda r: r.value)
def test_every_refusal_has_a_sentence_in_both_languages(reason):
    key = live_message_key(LiveError("", reason))
    sentences = {}
    for language in ("en", "fr"):
        tr = translator(language)
        assert tr.has(key), (language, key)
        sentences[language] = tr(key)
        assert sentences[language][0].isupper() and sentences[language].endswith("."), sentences[language]
    assert sentences["en"] != sentences["fr"]

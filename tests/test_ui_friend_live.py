"""Live play on the same network in the app (issue 34): two controllers, a data channel imitated in memory.

The page's glue (game/web/live.py) does what :class:`game.app.friend.live.LivePlay` asks and tells it
what the connection did; here :class:`Wire` plays that part for two devices, with descriptions as a
browser writes them.  What goes through the channel is the links' own text: every check is the
links' (tests/test_ui_friend.py); the browser test (tests/browser/test_friend_live.py) connects for real.
"""

import pytest

from game.friend import decode_link, encode_link
from game.friend.live_text import EXAMPLE_OFFER, pack, unpack
from game.app.controller import Controller
from game.app.keep.storage import MemoryStore
from test_ui_friend import play_one, same, to_act

BASE = "https://someone.github.io/backgammon/"


def description(kind, ufrag):
    """A browser's SDP: Chromium's example, as an offer or an answer, with its own ICE user name."""
    text = EXAMPLE_OFFER.replace("a=ice-ufrag:p1Xq", f"a=ice-ufrag:{ufrag}")
    return text if kind == "offer" else text.replace("a=setup:actpass", "a=setup:active")


class Wire:
    """The two pages' glue: what each app asks of its connection, done; the channel carries text."""

    def __init__(self, alice, bob):
        self.apps = (alice, bob)
        self.names = {id(alice): "AliA", id(bob): "BobB"}
        self.remote = {}            # id(app) -> the SDP its browser was given
        self.open = False
        self.carried = []

    def serve(self, app):
        """Do what ``app`` asks of its connection; the description made comes back as 'made'."""
        request = app.friends.live.take_request()
        if request is None:
            return None
        if request[0] == "offer":
            app.friend_live("made", description("offer", self.names[id(app)]))
        elif request[0] == "answer":
            self.remote[id(app)] = request[1]
            app.friend_live("made", description("answer", self.names[id(app)]))
        elif request[0] == "accept":
            self.remote[id(app)] = request[1]
            self.open = True
            for each in self.apps:
                each.friend_live("opened")
        elif request[0] == "close" and self.open:
            self.open = False
            for each in self.apps:
                if each is not app:
                    each.friend_live("closed")
        return request[0]

    def pump(self):
        """Carry what each side sends until neither has anything (as the page does after each action)."""
        for _ in range(8):
            moved = False
            for source, target in (self.apps, self.apps[::-1]):
                text = source.friends.live.outbox()
                if text is not None:
                    assert self.open
                    self.carried.append(text)
                    target.friend_live("received", text)
                    moved = True
            if not moved:
                return
        raise AssertionError("the channel never goes quiet")


def live_address(app, key):
    code = app.friend_panel()["live"][key]
    assert code, (key, app.friend_panel())
    return f"{BASE}#live={code}"


def connect():
    """Alice makes a match and an offer; Bob opens the offer (the IDs box), Alice pastes his answer."""
    alice, bob = Controller(MemoryStore()), Controller(MemoryStore())
    assert alice.boot("?mode=friend&length=3") is True and bob.boot("") is False
    wire = Wire(alice, bob)
    alice.friend_live("start")
    assert wire.serve(alice) == "offer"
    offer = live_address(alice, "offer")
    assert bob.open_ids(offer) is True, bob.message
    assert wire.serve(bob) == "answer"
    assert "a=ice-ufrag:AliA" in wire.remote[id(bob)]          # Bob's browser is given Alice's description
    panel = bob.friend_panel()
    assert panel is not None and panel["match"] is False and bob.friend is None   # the answer shows first
    answer = live_address(bob, "answer")
    assert alice.friend_open(answer) is True, alice.message
    assert alice.message == ("msg.live_connecting", {})
    request = alice.friends.live.request
    assert alice.friend_open(answer) is True and alice.friends.live.request is request     # pasted twice: once
    assert wire.serve(alice) == "accept" and "a=ice-ufrag:BobB" in wire.remote[id(alice)]
    assert wire.serve(alice) is None
    return alice, bob, wire


def test_two_devices_connect_by_codes_and_play_live_with_the_links_checks():
    alice, bob, wire = connect()
    assert alice.friends.live.connected and bob.friends.live.connected
    wire.pump()                                               # the invitation, Bob's joining link
    assert bob.friend is not None and bob.friend.match_id == alice.friend.match_id
    assert same(alice, bob) and any(e["type"] == "opening_roll" for e in alice.match.events)
    assert decode_link(wire.carried[0]).turn == 1 and decode_link(wire.carried[1]).turn == 2
    moves = 0
    for _ in range(16):
        app = to_act(alice, bob)
        assert app is not None, (alice.message, bob.message)
        before = len(app.match.events)
        play_one(app)
        assert app.friend_panel()["payload"] == ""            # no link to send by hand: it went live
        if app.friend.waiting:
            assert "msg.live_sent" in repr(app.message), app.message
        wire.pump()
        moves += any(e["type"] == "move" for e in app.match.events[before:])
        assert same(alice, bob)
        if moves >= 6:
            break
    assert moves >= 6
    assert [decode_link(text).turn for text in wire.carried] == list(range(1, len(wire.carried) + 1))
    actor = to_act(alice, bob)
    waiter = bob if actor is alice else alice
    assert any(key in repr(actor.message) for key in ("msg.friend_played", "msg.friend_rolled",
                                                       "msg.friend_your_move", "msg.to_roll_or_double"))
    assert "msg.live_sent" in repr(waiter.message)


def test_the_match_s_last_link_sent_live_says_the_match_is_over():
    # Given a match to 3 played live, When the opening's winner resigns a backgammon and his friend accepts,
    # Then the winner's page says the last link went and the match is over, not "wait for their move"
    alice, bob, wire = connect()
    wire.pump()
    resigner = to_act(alice, bob)
    winner = bob if resigner is alice else alice
    resigner.resign("backgammon")
    wire.pump()
    winner.accept_resignation()
    assert winner.friend.over and winner.friend_panel()["payload"] == ""
    said = winner.text(winner.message)
    assert said.endswith("You win the match 3–0. Sent to your friend: the match is over."), said
    wire.pump()
    assert resigner.friend.over and "Your friend wins the match 3–0." in resigner.text(resigner.message)


def test_a_link_sent_again_over_the_channel_is_no_news_and_a_forged_one_is_refused():
    alice, bob, wire = connect()
    wire.pump()
    said = bob.message
    bob.friend_live("received", wire.carried[0])              # the invitation again
    assert bob.message == said
    app = to_act(alice, bob)
    other = bob if app is alice else alice
    play_one(app)
    text = app.friends.live.outbox()
    link = decode_link(text)
    forged = encode_link(type(link)(match_id=link.match_id, turn=link.turn, base=link.base,
                                    actions=(("m", "24/1"),), reveal=link.reveal))
    before = (other.match.position_id(), len(other.match.events))
    other.friend_live("received", forged)
    assert other.message[0] == "error.friend_forged_action"
    assert (other.match.position_id(), len(other.match.events)) == before
    other.friend_live("received", text)                       # the true one is taken
    assert len(other.match.events) > before[1]


def test_when_the_channel_closes_the_match_goes_on_by_links():
    alice, bob, wire = connect()
    wire.pump()
    app = to_act(alice, bob)
    other = bob if app is alice else alice
    other.friend_live("stop")                                  # the other closes: this side hears 'closed'
    assert other.message[0] == "msg.live_stopped"
    assert wire.serve(other) == "close"
    assert app.message[0] in ("+", "msg.live_closed") and "msg.live_closed" in repr(app.message)
    assert not app.friends.live.connected and app.friend_panel()["live"]["state"] == "closed"
    play_one(app)
    while app.friend_panel()["payload"] == "":
        play_one(app)
    assert app.friends.live.outbox() is None                  # nothing goes live any more
    assert other.friend_open(f"{BASE}#friend={app.friend_panel()['payload']}") is True, other.message
    assert app.friend.turn == other.friend.turn


def test_connecting_again_mid_match_sends_the_link_that_waited():
    alice, bob, wire = connect()
    wire.pump()
    alice.friend_live("stop")
    wire.serve(alice)
    app = to_act(alice, bob)
    other = bob if app is alice else alice
    turn = app.friend.turn
    while app.friend.turn == turn:                            # a turn played while not connected
        play_one(app)
    assert app.friend_panel()["payload"] and other.friend.turn < app.friend.turn
    other.friend_live("start")                                # the one waiting makes the offer this time
    wire.serve(other)
    assert app.friend_open(live_address(other, "offer")) is True, app.message
    wire.serve(app)
    assert other.friend_open(live_address(app, "answer")) is True, other.message
    wire.serve(other)
    wire.pump()
    assert other.friend.turn == app.friend.turn and same(alice, bob)    # the waiting link came live


def test_a_connection_that_never_opens_says_so_and_plays_on_by_links():
    alice, bob = Controller(MemoryStore()), Controller(MemoryStore())
    alice.boot("?mode=friend&length=3")
    alice.friend_live("start")
    alice.friend_live("made", description("offer", "AliA"))
    alice.friend_live("failed")
    assert alice.message[0] == "+" and "msg.live_failed" in repr(alice.message)
    assert alice.friend_panel()["payload"]                     # the invitation link, to send by hand


def test_bad_codes_are_refused_with_their_reason_and_change_nothing():
    alice, bob = Controller(MemoryStore()), Controller(MemoryStore())
    alice.boot("?mode=friend&length=3")
    bob.boot("")
    wire = Wire(alice, bob)
    answer_elsewhere = pack(description("answer", "Else"), offer=pack(description("offer", "Else")))
    assert alice.friend_open(f"{BASE}#live={answer_elsewhere}") is False
    assert alice.message == ("error.live_no_offer", {})        # no offer made here
    alice.friend_live("start")
    wire.serve(alice)
    offer = live_address(alice, "offer")
    state = alice.friend_panel()
    for text, key in ((f"{BASE}#live={answer_elsewhere}", "error.live_other_offer"),
                      (offer, "error.live_own_code"),
                      (offer[:-6], "error.live_malformed"),
                      (f"{BASE}#live=", "error.live_malformed")):
        assert alice.friend_open(text) is False, text
        assert alice.message == (key, {}), text
        assert alice.friend_panel() == state and alice.friends.live.take_request() is None


def test_a_device_with_no_network_address_is_told_to_play_by_links():
    alice = Controller(MemoryStore())
    alice.boot("?mode=friend&length=3")
    alice.friend_live("start")
    alice.friends.live.take_request()
    no_host = "\r\n".join(line for line in description("offer", "AliA").split("\r\n") if "typ host" not in line)
    alice.friend_live("made", no_host)
    assert alice.message == ("error.live_no_address", {})
    assert alice.friends.live.take_request() == ("close",)
    assert alice.friend_panel()["live"]["state"] == "off" and alice.friend_panel()["payload"]


def test_a_reload_keeps_the_match_and_drops_the_connection():
    alice, bob, wire = connect()
    wire.pump()
    again = Controller(alice.store)
    again.boot("")
    assert again.friend is not None and again.friend.match_id == alice.friend.match_id
    assert again.friend_panel()["live"]["state"] == "off"


def test_every_text_of_live_play_is_in_both_languages():
    import pathlib
    import re
    from game.app.text.i18n import translator
    root = pathlib.Path(__file__).resolve().parent.parent
    used = set()
    for name in ("game/app/friend/live.py", "game/app/friend/play.py", "index.html", "game/web/live.py",
                 "game/web/events.py"):
        path = root / name
        if path.exists():
            used |= set(re.findall(r"(?<![\w.])(?:msg|friend|label|button|error)\.(?:friend_)?live(?:_\w+)?\b|"
                                   r"(?<![\w.])(?:label|button)\.friend_(?:offer|answer|copy_code|scan)\w*",
                                   path.read_text(encoding="utf-8")))
    assert {"msg.live_open", "msg.live_closed", "friend.live_connected", "friend.live_note"} <= used
    en, fr = translator("en"), translator("fr")
    for key in sorted(used):
        assert en.has(key) and fr.has(key), key
        assert en(key) != fr(key), key
        assert not re.search(r" [:;?!]", fr(key)), fr(key)          # a non-breaking space before : ; ? !


@pytest.mark.parametrize("kind", ["offer", "answer"])
def test_the_codes_shown_read_back(kind):
    alice, bob = Controller(MemoryStore()), Controller(MemoryStore())
    alice.boot("?mode=friend&length=3")
    bob.boot("")
    wire = Wire(alice, bob)
    alice.friend_live("start")
    wire.serve(alice)
    assert bob.open_ids(live_address(alice, "offer"))
    wire.serve(bob)
    app = alice if kind == "offer" else bob
    code = unpack(live_address(app, kind))
    assert code.kind == kind and code.ufrag == ("AliA" if kind == "offer" else "BobB")

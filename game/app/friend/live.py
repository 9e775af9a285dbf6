"""Live play on the same network: the links of a match by links carried by a WebRTC data channel.

Nothing new travels: once two devices are connected, each link the copy of the
match makes (:class:`game.friend.FriendMatch`) is sent as it is made, and each
one that comes in is opened exactly as a pasted link would be
(:meth:`game.app.friend.play.FriendPlay.open`): the same checks, the same dice.

Connecting takes two codes (:mod:`game.friend.live_text`), each shown as a text
to copy and a QR code: one device makes an *offer* (Play live), the other opens
or pastes it and shows its *answer*, which the first pastes.  This part keeps
the state and decides; the page's glue (``game/web/live.py``) does what it asks
(:meth:`LivePlay.take_request`: make an offer, answer one, accept an answer,
close), tells what the connection did (:meth:`LivePlay.event`) and sends what
:meth:`LivePlay.outbox` gives.  When the channel closes, the match goes on by
links and the status line says so.

>>> from game.app.controller import Controller
>>> from game.friend.live_text import EXAMPLE_OFFER
>>> alice = Controller()
>>> alice.boot("?mode=friend&length=3")
True
>>> _ = alice.friend_live("start"); alice.friends.live.take_request()
('offer',)
>>> _ = alice.friend_live("made", EXAMPLE_OFFER); alice.friends.live.state, alice.message[0]
('offering', 'msg.live_offer_made')
>>> alice.friend_open("live=nonsense"), alice.message
(False, ('error.live_malformed', {}))
"""

from game.friend.live_text import LiveError, LiveReason, live_message_key, offer_tag, pack, sdp, unpack

__all__ = ["LivePlay", "OFF", "MAKING", "OFFERING", "ANSWERING", "CONNECTING", "OPEN", "CLOSED"]

OFF, MAKING, OFFERING, ANSWERING, CONNECTING, OPEN, CLOSED = (
    "off", "making", "offering", "answering", "connecting", "open", "closed")
#: a link that comes in again over the channel (both sides send their last link when it opens): not news
_DUPLICATES = ("error.friend_already_opened", "error.friend_already_answered", "error.friend_older_turn",
               "error.friend_own_link")
#: what the person reads in the panel, by state
_PANEL_TEXTS = {MAKING: "friend.live_making", OFFERING: "friend.live_offering", ANSWERING: "friend.live_answering",
                CONNECTING: "friend.live_connecting", OPEN: "friend.live_connected"}


class LivePlay:
    """The state of live play, a part of :class:`game.app.friend.play.FriendPlay` (its ``live``)."""

    def __init__(self, app):
        self.app = app
        self.state = OFF
        self.role = None           # "offer": this device made the offer; "answer": it answers one
        self.offer = ""            # the offer's code (this device's, or the friend's it answers)
        self.answer = ""           # this device's answer's code
        self.request = None        # what the page's connection must do next (take_request)
        self.match_id = None       # the match the channel carries, once one is known
        self.sent = 0              # the number of the last link sent over the channel

    @property
    def connected(self):
        return self.state == OPEN

    # --- what the page's connection must do ----------------------------------------------------------
    def take_request(self):
        """``("offer",)``, ``("answer", sdp)``, ``("accept", sdp)``, ``("close",)`` or None, once each."""
        request, self.request = self.request, None
        return request

    def outbox(self):
        """The link to send over the channel now (the newest of the match it carries, once), else None.

        The channel carries the match by links on the board when it opened, then the match of the
        last link received."""
        friend = self.app.friend
        if self.state != OPEN or friend is None or self.match_id != friend.match_id:
            return None
        if friend.outgoing is None or friend.turn <= self.sent:
            return None
        self.sent = friend.turn
        return friend.outgoing

    # --- the person's intents and what the connection did -------------------------------------------
    def event(self, what, text=""):
        """One thing that happened, by name (the controller's ``friend_live``): the table below."""
        handlers = {"start": self.start, "stop": self.stop, "opened": self.opened,
                    "closed": lambda: self.closed(failed=False), "failed": lambda: self.closed(failed=True),
                    "made": lambda: self.made(text), "received": lambda: self.received(text),
                    "unavailable": self.unavailable}
        handlers[what]()

    def start(self):
        """Play live: the browser makes an offer (:meth:`made` brings it back)."""
        self._reset()
        self.state, self.role, self.request = MAKING, "offer", ("offer",)
        self.app.message = ("msg.live_making", {})

    def stop(self):
        """The person ends live play (or drops the offer): the match goes on by links."""
        was = self.state
        self._reset()
        self.request = ("close",)
        if was != OFF:
            self.app.message = ("msg.live_stopped", {})

    def made(self, sdp_text):
        """The browser's offer or answer, its candidates gathered: packed into the code to show."""
        if self.state != MAKING:
            return
        try:
            code = pack(sdp_text, offer=self.offer if self.role == "answer" else None)
        except LiveError as error:
            self._reset()
            self.request = ("close",)
            self.app.message = (live_message_key(error), {})
            return
        if self.role == "offer":
            self.offer, self.state = code, OFFERING
            self.app.message = ("msg.live_offer_made", {})
        else:
            self.answer, self.state = code, ANSWERING
            self.app.message = ("msg.live_answer_made", {})

    def paste(self, text):
        """A connection code pasted or opened: a friend's offer (answer it) or the answer to this
        device's offer (connect).  True when taken; else the status line says why, nothing changes."""
        try:
            code = unpack(text)
            if code.kind == "offer":
                if self.role == "offer" and self.offer and offer_tag(self.offer) == offer_tag(text):
                    raise LiveError("this device's own offer", LiveReason.OWN_CODE)
                self._reset()
                self.state, self.role, self.offer = MAKING, "answer", text.strip().rsplit("live=", 1)[-1]
                self.request = ("answer", sdp(code))
                self.app.message = ("msg.live_making", {})
                return True
            if self.role != "offer" or self.state not in (OFFERING, CONNECTING):
                raise LiveError("no offer waiting for an answer here", LiveReason.NO_OFFER)
            if code.tag != offer_tag(self.offer):
                raise LiveError("the answer to another offer", LiveReason.OTHER_OFFER)
        except LiveError as error:
            self.app.message = (live_message_key(error), {})
            return False
        if self.state == CONNECTING:                  # the same answer again: the connection is on its way
            self.app.message = ("msg.live_connecting", {})
            return True
        self.state, self.request = CONNECTING, ("accept", sdp(code))
        self.app.message = ("msg.live_connecting", {})
        return True

    def opened(self):
        """The data channel is open: links go through it from now on (the newest is sent at once)."""
        self.state, self.sent = OPEN, 0
        friend = self.app.friend
        self.match_id = None if friend is None else friend.match_id
        self.app.message = self.app.friends.after_live(("msg.live_open", {}))
        if self.role == "answer":
            self.app.message = ("msg.live_open", {})

    def closed(self, failed):
        """The channel closed (or could not open): the match goes on by links; the status line says so."""
        was = self.state
        if was in (OFF, CLOSED):
            return
        self._reset()
        self.state = CLOSED
        self.request = ("close",)
        key = "msg.live_closed" if was == OPEN else "msg.live_failed"
        self.app.message = self.app.friends.after_live((key, {}))

    def received(self, text):
        """A link from the friend over the channel: opened as any link; one already here is no news."""
        if self.state != OPEN:
            return
        before = self.app.message
        friends = self.app.friends
        if friends.open(text):
            self.match_id = self.app.friend.match_id         # the match the friend plays over the channel
        elif self.app.message and self.app.message[0] in _DUPLICATES:
            self.app.message = before

    def unavailable(self):
        """The browser has no WebRTC: the match goes on by links."""
        self._reset()
        self.app.message = ("msg.live_unavailable", {})

    def _reset(self):
        self.state, self.role, self.offer, self.answer, self.request = OFF, None, "", "", None
        self.match_id, self.sent = None, 0

    # --- what the panel shows ----------------------------------------------------------------------
    def panel(self):
        """``state``, ``offer`` (this device's offer's code, "" if none), ``answer`` (its answer's), ``text``."""
        tr = self.app.tr
        text = tr(_PANEL_TEXTS[self.state]) if self.state in _PANEL_TEXTS else ""
        return {"state": self.state, "offer": self.offer if self.role == "offer" and self.state == OFFERING else "",
                "answer": self.answer if self.state == ANSWERING else "", "text": text}


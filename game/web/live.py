"""Live play's connection: a WebRTC data channel between two devices on one network, no server.

The app decides (``game/app/friend/live.py``, :class:`LivePlay`); this glue only
does what it asks and tells what happened.  After each :meth:`Page.apply`,
:meth:`Live.sync` takes the app's request (make an offer, answer one, accept an
answer, close) and sends over the channel the link :meth:`LivePlay.outbox` gives.
The browser's descriptions are gathered whole before they are shown (no trickle:
a code is pasted once), with ``iceServers: []``: only this device's own addresses
(host candidates), never a STUN or TURN server.  What the channel brings is handed to
the app as it is (``friend_live("received", text)``), where the links' checks judge it.

Scanning a QR code is offered only where the browser has ``BarcodeDetector``; a
pasted code always works.
"""

import asyncio

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import window

from game.web.elements import by_id, missing

#: the longest wait for the browser to gather its addresses (seconds; it takes well under one on a network)
GATHER_WAIT = 4.0
#: the longest wait for the channel to open once the answer is in (seconds)
OPEN_WAIT = 20.0
SCAN_EVERY = 0.25
CHANNEL = "bg-friend"


def _js(data):
    return to_js(data, dict_converter=js.Object.fromEntries)


class Live:
    """One peer connection at a time; ``generation`` tells a stale connection's events from the current's."""

    def __init__(self, page):
        self.page = page
        self.peer = None
        self.channel = None
        self.generation = 0
        self.proxies = []
        self.scanning = False

    @staticmethod
    def available():
        return not missing(getattr(window, "RTCPeerConnection", None))

    @staticmethod
    def can_scan():
        return not missing(getattr(window, "BarcodeDetector", None))

    # --- the app's requests and its outbox, after every apply -------------------------------------------
    def sync(self):
        live = self.page.app.friends.live
        request = live.take_request()
        if request is not None:
            if request[0] == "close":
                self.close()
            elif not self.available():
                self.page.apply(self.page.app.friend_live("unavailable"))
                return
            else:
                self.page.loops.start(lambda: self.run(request))
        text = live.outbox()
        if text is not None:
            try:
                self.channel.send(text)
            except Exception:  # noqa: BLE001 - the channel went away: the match goes on by links
                self.tell("closed")

    def tell(self, what, text="", generation=None):
        """Hand the app what the connection did (ignored when it is a former connection's)."""
        if generation is not None and generation != self.generation:
            return
        self.page.apply(self.page.app.friend_live(what, text), animate=what == "received")

    async def run(self, request):
        kind = request[0]
        if kind == "accept":
            generation = self.generation
            await self.peer.setRemoteDescription(_js({"type": "answer", "sdp": request[1]}))
            await asyncio.sleep(OPEN_WAIT)
            if generation == self.generation and str(self.channel.readyState) != "open":
                self.tell("failed", generation=generation)
            return
        self.close()
        generation = self.generation
        peer = self.peer = js.RTCPeerConnection.new(_js({"iceServers": []}))
        self.listen(peer, "connectionstatechange",
                    lambda event: str(peer.connectionState) == "failed" and self.tell("failed", generation=generation))
        if kind == "offer":
            self.bind(peer.createDataChannel(CHANNEL, _js({"ordered": True})), generation)
            await peer.setLocalDescription(await peer.createOffer())
        else:
            self.listen(peer, "datachannel", lambda event: self.bind(event.channel, generation))
            await peer.setRemoteDescription(_js({"type": "offer", "sdp": request[1]}))
            await peer.setLocalDescription(await peer.createAnswer())
        await self.gathered(peer)
        if generation == self.generation:
            self.tell("made", str(peer.localDescription.sdp))

    def bind(self, channel, generation):
        self.channel = channel
        self.listen(channel, "open", lambda event: self.tell("opened", generation=generation))
        self.listen(channel, "close", lambda event: self.tell("closed", generation=generation))
        self.listen(channel, "message", lambda event: self.tell("received", str(event.data), generation))

    def listen(self, target, event, handler):
        def guarded(event):
            try:
                handler(event)
            except Exception as error:  # noqa: BLE001 - shown rather than lost
                self.page.screen.fail(error)
        proxy = create_proxy(guarded)
        self.proxies.append(proxy)
        target.addEventListener(event, proxy)

    async def gathered(self, peer):
        """Wait until the browser has gathered its addresses (or :data:`GATHER_WAIT` has passed)."""
        waited = 0.0
        while str(peer.iceGatheringState) != "complete" and waited < GATHER_WAIT:
            await asyncio.sleep(0.05)
            waited += 0.05

    def close(self):
        """Close the connection (its events no longer count)."""
        self.generation += 1
        for thing in (self.channel, self.peer):
            if thing is not None:
                try:
                    thing.close()
                except Exception:  # noqa: BLE001 - closed already
                    pass
        self.channel = self.peer = None

    # --- scanning a QR code (where the browser has BarcodeDetector) ----------------------------------------
    def on_scan(self, event):
        if self.scanning:
            self.scanning = False
            return
        self.page.loops.start(self.scan)

    async def scan(self):
        """Show the camera; the first QR code read is opened as if pasted."""
        video = by_id("friend-scan-video")
        stream = await window.navigator.mediaDevices.getUserMedia(_js({"video": {"facingMode": "environment"}}))
        detector = js.BarcodeDetector.new(_js({"formats": ["qr_code"]}))
        video.srcObject = stream
        video.hidden = False
        await video.play()
        self.scanning = True
        by_id("friend-scan").textContent = self.page.app.tr("button.friend_scan_stop")
        found = None
        try:
            while self.scanning and found is None:
                codes = await detector.detect(video)
                if codes.length:
                    found = str(codes[0].rawValue)
                await asyncio.sleep(SCAN_EVERY)
        finally:
            self.scanning = False
            for track in stream.getTracks():
                track.stop()
            video.hidden = True
            by_id("friend-scan").textContent = self.page.app.tr("button.friend_scan")
        if found is not None:
            self.page.apply(self.page.app.friend_open(found), animate=True)

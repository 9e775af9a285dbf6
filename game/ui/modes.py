"""Modes opened over the match, and what each one hides until it closes.

The match on the board is the bottom of the screen. A replay (with its
review), a lesson, the position editor or the choice of what to resign opens
*over* it: it takes the status line, and a lesson or the editor stops the
match's clock (the match waits, untouched). When the mode closes, the match
comes back exactly as it was: its message, its clock running again.

:class:`Covers` is that one mechanism for every mode (it replaced four
"message to restore" fields and two "paused clock" flags): :meth:`Covers.open`
keeps what a mode hides, :meth:`Covers.close` gives it back. A mode opened
again while open keeps what it hid the first time.

>>> from game.clock import Clock
>>> clock = Clock(10, 60, now=lambda: 0.0)
>>> covers = Covers()
>>> covers.open("lesson", ("msg.to_roll", {}), clock)
>>> clock.paused, covers.is_open("lesson")
(True, True)
>>> covers.close("lesson", clock), clock.paused
(('msg.to_roll', {}), False)
>>> covers.close("lesson", clock) is None        # nothing open: nothing given back
True
"""

from dataclasses import dataclass

__all__ = ["Cover", "Covers", "MODES"]

#: the modes that open over the match
MODES = ("resign", "replay", "lesson", "editor")


@dataclass
class Cover:
    """What a mode hides: the status line, and the clock it paused (None: it paused none)."""

    message: object
    clock: object = None


class Covers:
    """What each open mode hides, by the mode's name (:data:`MODES`)."""

    def __init__(self):
        self._open = {}

    def is_open(self, name):
        return name in self._open

    def open(self, name, message, clock=None, again=False):
        """Mode ``name`` opens over ``message``; a running ``clock`` given is paused until it
        closes. Already open: what it hid stays (``again=True``: the message is kept anew)."""
        cover = self._open.get(name)
        if cover is not None:
            if again:
                cover.message = message
            return
        running = clock is not None and not clock.paused
        if running:
            clock.pause()
        self._open[name] = Cover(message, clock if running else None)

    def message(self, name):
        """The message mode ``name`` hides (None when it is not open)."""
        cover = self._open.get(name)
        return None if cover is None else cover.message

    def close(self, name, clock=None):
        """Mode ``name`` closes: the clock it paused runs again (if it is still the match's
        ``clock``); returns the message it hid (None when it was not open)."""
        cover = self._open.pop(name, None)
        if cover is None:
            return None
        if cover.clock is not None and cover.clock is clock:
            clock.resume()
        return cover.message

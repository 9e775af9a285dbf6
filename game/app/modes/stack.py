"""Modes opened over the match, on one stack, and what each one hides until it closes.

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

Every mode has the same small interface (:class:`Mode`): the board's intents
(``click``, ``press`` and ``drop_on`` of a drag, ``deselect``, ``typed`` text,
``undo``, ``key`` for a key that means a button) and ``view()``. The
:class:`ModeStack` holds them over the game (its base): the page's intents go
to the mode on top, and the :class:`Covers` of the stack keep what each hides.

>>> class Note(Mode):
...     name, pauses_clock = "lesson", True
>>> stack = ModeStack(base=Mode())
>>> stack.push(Note(), ("msg.to_roll", {}), clock)
>>> stack.top().name, clock.paused, stack.names()
('lesson', True, ('lesson',))
>>> stack.close("lesson", clock), stack.top().name, clock.paused
(('msg.to_roll', {}), 'game', False)
"""

from dataclasses import dataclass

__all__ = ["Cover", "Covers", "MODES", "Mode", "ModeStack"]

#: the modes that open over the match
MODES = ("resign", "tutor", "replay", "review", "lesson", "editor", "drills", "puzzles")


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


class Mode:
    """What every mode answers: the board's intents and its part of the screen.

    The defaults do nothing (a mode that shows a position takes no click); a mode
    overrides what it uses. ``pauses_clock``: the match waits while it is open.
    """

    name = "game"
    pauses_clock = False

    def click(self, slot, button="left"):
        """A click on the board's ``data-slot`` ``slot``."""

    def press(self, slot):
        """A drag starts on ``slot``; True when what is there can be dragged."""
        return False

    def drop_on(self, slot):
        """What is dragged is let go over ``slot`` (None: over nothing)."""

    def deselect(self):
        """Let go of what is picked."""

    def typed(self, text):
        """Text typed in the move field; True when it was played."""
        return False

    def undo(self):
        """The Undo button: take back what was last done on the board."""

    def key(self, name):
        """A button or a key that means one (``"roll"``, ``"done"``, ``"undo"``); True when used."""
        return False

    def picked(self):
        """The point picked on the board (the mover's numbering), or None."""
        return None

    def seat(self):
        """``(mover, bottom)``: whose numbering the board's slots read in, and who sits at the
        bottom, for the keyboard's moves (None: the app's board, as the preferences draw it)."""
        return None

    def default_focus(self):
        """Where the board's keyboard focus stands before a key moves it."""
        from game.app.view.keyboard import first_slot
        return first_slot()

    def view(self):
        """The :class:`game.app.view.view_model.View` this mode shows."""
        raise NotImplementedError

    def signature(self):
        """What the screen shows, per part (``board``, ``panels``, ``screen``, and ``checkers``
        for the position alone), to tell which parts an intent changed. By default its view's
        parts (a mode on the hot path gives something cheaper)."""
        view = self.view()      # its board as data: the SVG is drawn from it, and not here
        rest = {k: v for k, v in vars(view).items()
                if k not in ("drawn", "top_html", "bottom_html", "top_on_roll", "bottom_on_roll",
                             "layout", "board")}
        return {"board": view.board, "checkers": view.layout,
                "panels": (view.top_html, view.bottom_html, view.top_on_roll, view.bottom_on_roll),
                "screen": repr(sorted(rest.items(), key=lambda item: item[0]))}


class ModeStack:
    """The modes opened over the game, the last on top, and what each one hides.

    ``push`` opens a mode (one of the same name gives way to it, what the first one hid
    stays); ``close`` takes it off and gives back what it hid; ``discard`` takes it off
    with nothing given back.
    """

    def __init__(self, base):
        self.base = base
        self.covers = Covers()
        self._modes = []

    def top(self):
        """The mode the page's intents go to: the last opened, else the base (the game)."""
        return self._modes[-1] if self._modes else self.base

    def get(self, name):
        """The open mode called ``name``, or None."""
        for mode in reversed(self._modes):
            if mode.name == name:
                return mode
        return None

    def names(self):
        return tuple(mode.name for mode in self._modes)

    def push(self, mode, message, clock=None, again=False):
        """Open ``mode`` over ``message`` (and the match's ``clock``, paused when the mode
        pauses it); ``again``: a mode of that name already open keeps ``message`` anew."""
        old = self.get(mode.name)
        if old is not None:
            self._modes.remove(old)
        self.covers.open(mode.name, message, clock if mode.pauses_clock else None, again=again)
        self._modes.append(mode)

    def close(self, name, clock=None):
        """Close mode ``name``: its paused ``clock`` runs again; returns the message it hid."""
        mode = self.get(name)
        if mode is not None:
            self._modes.remove(mode)
        return self.covers.close(name, clock)

    def discard(self, name):
        """Take mode ``name`` off; what it hid is dropped (the match moved on)."""
        mode = self.get(name)
        if mode is not None:
            self._modes.remove(mode)
            self.covers.close(name)

    def clear(self):
        """Take every mode off (a new match on the board): what they hid is dropped."""
        for mode in list(self._modes):
            self.discard(mode.name)

    def hidden(self, name):
        """The message mode ``name`` hides (None when it is not open)."""
        return self.covers.message(name)

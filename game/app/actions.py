"""One save per action: what an intent changes is written once, when it ends.

An intent of the controller (a click, Roll, Done, a key) often runs several
steps that each ask for a save (the engine's action, then the message that
says it). Each intent is marked: :func:`action` (it returns what it changed)
or :func:`answer` (it returns its own result: a file, True when done). Inside
one, :meth:`Deferred.ask` only notes that a save is due (and which other parts
go with it); the outermost intent writes once, when it returns, in one
all-or-nothing write. Outside any intent a save is written at once. A method
with neither mark is a plain query: no save of its own, no Effects.

A generator method marked :func:`action` (the bot's step-by-step thinking) is
an action per piece: what a piece asks for is written when that piece yields
or returns.

Each intent also says what it changed, as an :class:`game.app.effects.Effects`:
the outermost one takes a cheap signature of the screen before and after
(``self._signature()``: a dict of parts, :meth:`game.app.modes.stack.Mode.signature`)
and compares them; ``saved`` is whether its write went through. The Effects is
kept as ``self.effects``; an :func:`action` returns it, an :func:`answer` returns
its own result (None included).

>>> class Thing:
...     def __init__(self):
...         self.saves = Deferred(self.write)
...         self.written = []
...     def write(self, parts):
...         self.written.append(sorted(parts))
...     def step(self, part):
...         self.saves.ask({part: 1})
...     @action
...     def two_steps(self):
...         self.step("a")
...         self.step("b")
>>> thing = Thing()
>>> thing.two_steps()
>>> thing.written
[['a', 'b']]
>>> thing.step("c"); thing.written[-1]            # no intent: written at once
['c']

With a signature, an action says which parts changed; an answer gives its own result:

>>> class Counter:
...     def __init__(self):
...         self.saves = Deferred(lambda parts: True)
...         self.board = self.note = 0
...     def _signature(self):
...         return {"board": self.board, "checkers": self.board, "panels": 0, "screen": self.note}
...     @action
...     def say(self):
...         self.note += 1
...     @action
...     def move(self):
...         self.board += 1
...         self.saves.ask()
...     @answer
...     def moved(self):
...         self.move()
...         return self.board
>>> counter = Counter()
>>> counter.say().parts(), counter.say().saved
(('screen',), False)
>>> effects = counter.move()
>>> effects.parts(), effects.animate, effects.saved
(('board',), True, True)
>>> counter.moved(), counter.effects.parts(), counter.effects.saved
(2, ('board',), True)
"""

import functools
import inspect

from game.app.effects import NOTHING, PARTS, Effects

__all__ = ["Deferred", "action", "answer", "effects_between"]


class Deferred:
    """The save an action has asked for, written when the outermost action ends.

    ``write(parts)`` does the writing (``parts``: ``{part: data}`` to write with the match).
    """

    def __init__(self, write):
        self._write = write
        self.depth = 0
        self.pending = None      # None: no save asked; else the other parts to write with it
        self.writes = 0          # the writes that went through (``write`` returned no False)

    def ask(self, also=None):
        """A save is due (with ``also``, ``{part: data}``): now if no action runs, else at its end."""
        self.pending = {**(self.pending or {}), **(also or {})}
        if self.depth == 0:
            self.flush()

    def flush(self):
        parts, self.pending = self.pending, None
        if parts is not None and self._write(parts) is not False:
            self.writes += 1

    def __enter__(self):
        self.depth += 1
        return self

    def __exit__(self, *exc):
        self.depth -= 1
        if self.depth == 0:
            self.flush()
        return False


def effects_between(before, after, wrote=False):
    """The :class:`Effects` of going from signature ``before`` to ``after`` (dicts of parts:
    ``board``, ``panels``, ``screen``, ``checkers``, ``modes``, ``focus``, ``prefs``); a part that
    cannot be told (a signature missing) counts as changed.

    >>> same = {"modes": (), "board": 1, "checkers": 1, "panels": 2, "screen": 3, "focus": None}
    >>> effects_between(same, dict(same, panels=5)).parts()
    ('panels',)
    >>> effects_between(same, dict(same, modes=("resign",), screen=4)).parts()   # a mode over it
    ('screen',)
    >>> effects_between(same, dict(same, focus="p3")).focus
    'p3'
    """
    if before is None or after is None:
        return Effects(board=True, panels=True, screen=True, saved=wrote)
    other_mode = before.get("modes") != after.get("modes")
    changed = {part: before.get(part) != after.get(part) for part in PARTS}
    animate = changed["board"] and not other_mode and before.get("checkers") != after.get("checkers")
    focus = after.get("focus") if after.get("focus") != before.get("focus") else None
    settings = before.get("prefs") != after.get("prefs")
    return Effects(animate=animate, focus=focus, saved=wrote, settings=settings, **changed)


def _signature(self):
    sign = getattr(self, "_signature", None)
    if sign is None:
        return None
    try:
        return sign()
    except Exception:  # noqa: BLE001 - a state the screen cannot show: say everything changed
        return None


class _Outermost:
    """The outermost action of ``self``: the signature before, the Effects after."""

    def __init__(self, owner):
        self.owner = owner

    def __enter__(self):
        saves = self.owner.saves
        self.outer = saves.depth == 0 and hasattr(self.owner, "_signature")
        if self.outer:
            self.before = _signature(self.owner)
            self.writes = saves.writes
        saves.__enter__()
        return self

    def __exit__(self, *exc):
        saves = self.owner.saves
        saves.__exit__(*exc)
        if self.outer and exc[0] is None:
            self.owner.effects = effects_between(self.before, _signature(self.owner),
                                                 saves.writes > self.writes)
        return False


def _intent(method, answers):
    @functools.wraps(method)
    def intent(self, *args, **kwargs):
        with _Outermost(self):
            result = method(self, *args, **kwargs)
        if result is None and not answers and self.saves.depth == 0 and hasattr(self, "_signature"):
            return getattr(self, "effects", NOTHING)
        return result
    return intent


def _steps(method):
    @functools.wraps(method)
    def steps(self, *args, **kwargs):
        inner = method(self, *args, **kwargs)
        sent = None            # the answer of a job a piece asked for (game.bot.jobs), else None
        while True:
            with _Outermost(self):
                try:
                    value = inner.send(sent)
                except StopIteration as stop:
                    return stop.value
            sent = yield value
    return steps


def action(method):
    """Mark ``method`` an intent that returns what it changed (its :class:`Effects`, when
    called outermost; what it returns itself, if anything, when nested or not None). A
    generator method is an action per piece it yields. The instance needs a
    :class:`Deferred` as ``self.saves``."""
    if inspect.isgeneratorfunction(method):
        return _steps(method)
    return _intent(method, answers=False)


def answer(method):
    """Mark ``method`` an intent that returns its own result (its Effects: ``self.effects``)."""
    return _intent(method, answers=True)

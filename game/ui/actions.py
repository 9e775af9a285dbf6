"""One save per action: what an intent changes is written once, when it ends.

An intent of the controller (a click, Roll, Done, a key) often runs several
steps that each ask for a save (the engine's action, then the message that
says it). :func:`one_save_per_action` makes the controller's public methods
*actions*: inside one, :meth:`Deferred.ask` only notes that a save is due (and
which other parts go with it); the outermost action writes once, when it
returns, in one all-or-nothing write. Outside any action a save is written at
once, as before.

A generator method (the bot's step-by-step thinking) is an action per piece:
what a piece asks for is written when that piece yields or returns.

>>> class Thing:
...     def __init__(self):
...         self.saves = Deferred(self.write)
...         self.written = []
...     def write(self, parts):
...         self.written.append(sorted(parts))
...     def step(self, part):
...         self.saves.ask({part: 1})
...     def two_steps(self):
...         self.step("a")
...         self.step("b")
>>> Thing = one_save_per_action(Thing)
>>> thing = Thing()
>>> thing.two_steps()
>>> thing.written
[['a', 'b']]
"""

import functools
import inspect

__all__ = ["Deferred", "one_save_per_action", "NOT_ACTIONS"]

#: public methods that are no action of their own
NOT_ACTIONS = frozenset({"save", "save_prefs"})


class Deferred:
    """The save an action has asked for, written when the outermost action ends.

    ``write(parts)`` does the writing (``parts``: ``{part: data}`` to write with the match).
    """

    def __init__(self, write):
        self._write = write
        self.depth = 0
        self.pending = None      # None: no save asked; else the other parts to write with it

    def ask(self, also=None):
        """A save is due (with ``also``, ``{part: data}``): now if no action runs, else at its end."""
        self.pending = {**(self.pending or {}), **(also or {})}
        if self.depth == 0:
            self.flush()

    def flush(self):
        parts, self.pending = self.pending, None
        if parts is not None:
            self._write(parts)

    def __enter__(self):
        self.depth += 1
        return self

    def __exit__(self, *exc):
        self.depth -= 1
        if self.depth == 0:
            self.flush()
        return False


def _action(method):
    @functools.wraps(method)
    def action(self, *args, **kwargs):
        with self.saves:
            return method(self, *args, **kwargs)
    return action


def _generator_action(method):
    @functools.wraps(method)
    def steps(self, *args, **kwargs):
        inner = method(self, *args, **kwargs)
        while True:
            with self.saves:
                try:
                    value = next(inner)
                except StopIteration as stop:
                    return stop.value
            yield value
    return steps


def one_save_per_action(cls):
    """Make every public method of ``cls`` (but :data:`NOT_ACTIONS`) an action; the instances
    need a :class:`Deferred` as ``self.saves``."""
    for name, value in list(vars(cls).items()):
        if name.startswith("_") or name in NOT_ACTIONS or not inspect.isfunction(value):
            continue
        wrap = _generator_action if inspect.isgeneratorfunction(value) else _action
        setattr(cls, name, wrap(value))
    return cls

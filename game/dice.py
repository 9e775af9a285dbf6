"""Where the dice come from: sources the match is given, so tests and lessons choose.

Every source has ``roll() -> (d1, d2)``, ``roll_one() -> int`` (the opening
roll throws one die each), a ``source_name`` the app can show, and
``to_dict()``; :func:`dice_from_dict` rebuilds a source that goes on with
the same sequence.

* :class:`SystemDice` — the operating system's randomness (the default);
* :class:`SeededDice` — a reproducible sequence from a seed;
* :class:`ManualDice` — a teacher sets each roll.

>>> dice = SeededDice("lesson-3")
>>> dice.roll(), dice.roll()
((5, 1), (4, 2))
>>> saved = dice.to_dict()
>>> saved
{'kind': 'seeded', 'seed': 'lesson-3', 'drawn': 4}
>>> later = [dice.roll() for _ in range(3)]
>>> restored = dice_from_dict(saved)
>>> [restored.roll() for _ in range(3)] == later
True

>>> teacher = ManualDice()
>>> teacher.push((6, 5))
>>> teacher.push_one(4)
>>> teacher.roll(), teacher.roll_one()
((6, 5), 4)
>>> teacher.roll()
Traceback (most recent call last):
...
game.errors.IllegalActionError: manual dice: the next roll has not been set (push it first)
>>> teacher.push((7, 1))
Traceback (most recent call last):
...
game.errors.IllegalActionError: die 7: each die is a whole number from 1 to 6
"""

import random

from .errors import GameError, IllegalActionError
from .reasons import Reason

__all__ = ["DiceSource", "SystemDice", "SeededDice", "ManualDice", "dice_from_dict", "check_die"]

# Restoring a seeded source replays its draws; a saved game never comes near this.
MAX_DRAWN = 1_000_000


def check_die(value):
    """Return ``value`` if it is a die (an int 1..6), else raise IllegalActionError(INVALID_DICE).

    >>> check_die(6)
    6
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise IllegalActionError(f"die {value!r}: each die is a whole number from 1 to 6",
                                 Reason.INVALID_DICE, {"value": value})
    return value


def _check_roll(dice):
    try:
        d1, d2 = dice
    except (TypeError, ValueError):
        raise IllegalActionError(f"roll {dice!r}: two dice expected", Reason.INVALID_DICE,
                                 {"value": dice}) from None
    return (check_die(d1), check_die(d2))


class DiceSource:
    """Base of every dice source: ``roll()`` throws two dice with :meth:`roll_one`."""

    source_name = "unknown"

    def roll(self):
        """Two dice ``(d1, d2)``, in the order thrown."""
        return (self.roll_one(), self.roll_one())

    def roll_one(self):  # pragma: no cover - abstract
        """One die, 1 to 6."""
        raise NotImplementedError

    def to_dict(self):  # pragma: no cover - abstract
        """Plain data for saving; :func:`dice_from_dict` restores it."""
        raise NotImplementedError


class SystemDice(DiceSource):
    """Dice from the system's strong random source (:class:`random.SystemRandom`).

    In the browser this is the Web Crypto generator Pyodide uses for
    ``os.urandom``.  Nothing to save: a restored source is simply new.

    >>> 1 <= SystemDice().roll_one() <= 6
    True
    >>> SystemDice().to_dict()
    {'kind': 'system'}
    """

    source_name = "system"

    def __init__(self):
        self._randrange = random.SystemRandom().randrange

    def roll_one(self):
        return self._randrange(1, 7)

    def to_dict(self):
        return {"kind": "system"}

    def __repr__(self):
        return "SystemDice()"


class SeededDice(DiceSource):
    """A reproducible sequence: the same ``seed`` gives the same dice, everywhere.

    ``seed`` is an int or a str.  ``drawn`` counts the dice thrown so far, so
    that a saved source (``to_dict``) goes on exactly where it stopped.

    >>> SeededDice(7).roll() == SeededDice(7).roll()
    True
    """

    source_name = "seeded"

    def __init__(self, seed, drawn=0):
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise GameError(f"dice seed {seed!r}: an int or a str is expected")
        if isinstance(drawn, bool) or not isinstance(drawn, int) or not 0 <= drawn <= MAX_DRAWN:
            raise GameError(f"dice drawn={drawn!r}: a whole number from 0 to {MAX_DRAWN} is expected")
        self.seed = seed
        self._rng = random.Random(f"backgammon:{seed}")
        self.drawn = 0
        for _ in range(drawn):
            self.roll_one()

    def roll_one(self):
        self.drawn += 1
        return self._rng.randrange(1, 7)

    def to_dict(self):
        return {"kind": "seeded", "seed": self.seed, "drawn": self.drawn}

    def __repr__(self):
        return f"SeededDice({self.seed!r}, drawn={self.drawn})"


class ManualDice(DiceSource):
    """Dice set by hand (a teacher, a lesson, a test), thrown in the order pushed.

    With an empty queue, rolling uses ``fallback`` when one is given, else
    raises :class:`game.errors.IllegalActionError` (``DICE_NOT_SET``).

    >>> ManualDice(fallback=SeededDice(1)).roll() == SeededDice(1).roll()
    True
    """

    source_name = "manual"

    def __init__(self, queue=(), fallback=None):
        self._queue = [check_die(d) for d in queue]
        self.fallback = fallback

    @property
    def pending(self):
        """The dice set and not thrown yet, first one first."""
        return tuple(self._queue)

    def push(self, dice):
        """Set the next roll ``(d1, d2)`` (after any already set)."""
        self._queue.extend(_check_roll(dice))

    def push_one(self, die):
        """Set the next single die (the opening roll throws one die per player)."""
        self._queue.append(check_die(die))

    def clear(self):
        """Forget the dice set and not thrown."""
        self._queue.clear()

    def roll(self):
        if len(self._queue) < 2 and self.fallback is None:
            raise self._not_set()
        return (self.roll_one(), self.roll_one())

    def roll_one(self):
        if self._queue:
            return self._queue.pop(0)
        if self.fallback is None:
            raise self._not_set()
        return self.fallback.roll_one()

    def _not_set(self):
        return IllegalActionError("manual dice: the next roll has not been set (push it first)",
                                  Reason.DICE_NOT_SET, {"pending": list(self._queue)})

    def to_dict(self):
        return {"kind": "manual", "queue": list(self._queue),
                "fallback": None if self.fallback is None else self.fallback.to_dict()}

    def __repr__(self):
        return f"ManualDice({self._queue!r}, fallback={self.fallback!r})"


def dice_from_dict(data):
    """Rebuild a source saved with ``to_dict()``; bad data raises :class:`game.errors.GameError`.

    >>> dice_from_dict({"kind": "manual", "queue": [3, 3], "fallback": None}).roll()
    (3, 3)
    """
    if not isinstance(data, dict):
        raise GameError(f"dice source {data!r}: a dict is expected")
    kind = data.get("kind")
    try:
        if kind == "system":
            return SystemDice()
        if kind == "seeded":
            return SeededDice(data["seed"], drawn=data.get("drawn", 0))
        if kind == "manual":
            fallback = data.get("fallback")
            queue = data.get("queue", [])
            if not isinstance(queue, list):
                raise GameError(f"dice source {data!r}: queue must be a list")
            return ManualDice(queue, None if fallback is None else dice_from_dict(fallback))
    except KeyError as missing:
        raise GameError(f"dice source {data!r}: {missing} is missing") from None
    raise GameError(f"dice source {data!r}: unknown kind {kind!r}")

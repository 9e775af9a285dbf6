"""The one table of the numbers a person may set up: each with its default and its range.

The new-match form (:meth:`game.app.controller.Controller.setup_from_form`),
the setup a link or a saved match gives (:class:`game.app.controller.Setup`)
and links (:mod:`game.app.keep.urlparams`) read their limits here; the rules'
own limits (the longest match) come from the engine (:mod:`game.match`).
``index.html`` shows the same numbers in its fields' ``min``, ``max`` and
``value`` (tests/test_ui_limits.py checks they agree).

>>> LENGTH.clamp("40"), LENGTH.clamp("x"), LENGTH.clamp(3.0), PER_MOVE.clamp(None)
(25, 5, 3, 30)
"""

from dataclasses import dataclass

from game.match import DEFAULT_LENGTH, MAX_LENGTH, MatchConfig

__all__ = ["Limit", "LENGTH", "PER_MOVE", "RESERVE", "AUTO_DOUBLES", "LIMITS"]


@dataclass(frozen=True)
class Limit:
    """A whole number a person sets: its ``default`` and its range ``low``…``high``."""

    default: int
    low: int
    high: int

    def clamp(self, value):
        """``value`` (a number or its text) brought into the range; the default when it is
        no number."""
        try:
            return max(self.low, min(self.high, int(float(value if value not in (None, "") else self.default))))
        except (TypeError, ValueError, OverflowError):
            return self.default


#: points to win a match (0, money play, is chosen apart)
LENGTH = Limit(DEFAULT_LENGTH, 1, MAX_LENGTH)
#: the clock: seconds for each move, and the reserve in minutes
PER_MOVE = Limit(30, 5, 120)
RESERVE = Limit(2, 0, 30)
#: money play: how many times opening ties may turn the cube (automatic doubles); past the
#: cube's highest value (64 = 2 ** 6) a tie turns nothing more
AUTO_DOUBLES = Limit(1, 1, MatchConfig().max_cube.bit_length() - 1)
#: the new-match form's number fields, by their names
LIMITS = {"length": LENGTH, "per_move": PER_MOVE, "reserve": RESERVE, "auto_doubles_limit": AUTO_DOUBLES}

"""Typed errors for everything the engine refuses.

Every error is a :class:`ValueError`, so callers that only care that the
input was bad can catch that; callers that want to say *why* catch the
subclass.  Messages carry the offending input and, where there is one, the
gnubg Position ID of the position it was refused in.

>>> issubclass(IllegalMoveError, ValueError)
True
>>> try:
...     raise InvalidNotationError("notation '24/x' is malformed")
... except ValueError as error:
...     print(type(error).__name__, error)
InvalidNotationError notation '24/x' is malformed
"""


class GameError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidNotationError(GameError):
    """The text of a move is malformed: it cannot be read as a move at all."""


class IllegalMoveError(GameError):
    """The move is well formed but the rules do not allow it here.

    ``reason`` is a machine-readable :class:`game.reasons.Reason` (or None)
    that the app turns into a sentence in the player's language.
    """

    def __init__(self, message, reason=None, details=None):
        super().__init__(message)
        self.reason = reason
        self.details = dict(details or {})


class InvalidPositionError(GameError):
    """A position (or its ID) is impossible: wrong counts, both sides on one point, ..."""


class InvalidIdError(GameError):
    """A Position ID, Match ID or XGID cannot be decoded.

    ``field`` names the part that is wrong where one is to blame (for an XGID:
    ``"count"`` for the number of fields, else ``"position"``, ``"cube"``,
    ``"owner"``, ``"turn"``, ``"dice"``, ``"score"``, ``"rules"``, ``"length"``
    or ``"max_cube"``), so that the app can say which; None otherwise.
    """

    def __init__(self, message, field=None):
        super().__init__(message)
        self.field = field


class IllegalActionError(GameError):
    """A game action (double, take, roll, resign, ...) is not allowed now.

    ``reason`` is a machine-readable :class:`game.reasons.Reason` (or None).
    """

    def __init__(self, message, reason=None, details=None):
        super().__init__(message)
        self.reason = reason
        self.details = dict(details or {})

"""The errors of the drills: a link or a result code that cannot be used.

Each is a :class:`game.errors.GameError` (so a ``ValueError``) that carries the
key of the sentence that says why, in French and English (``drills.error.*``
in the app's catalogues), and that sentence's parameters:

>>> error = InvalidResultCodeError("code_foreign", "the code is for another assignment")
>>> error.key, error.params, isinstance(error, ValueError)
('drills.error.code_foreign', {}, True)
>>> error.message
('drills.error.code_foreign', {})
"""

from ..errors import GameError

__all__ = ["DrillError", "InvalidAssignmentError", "InvalidResultCodeError", "InvalidAnswerError"]


class DrillError(GameError):
    """Bad input to the drills: ``problem`` names what is wrong, ``key`` the sentence that says it."""

    def __init__(self, problem, detail, **params):
        super().__init__(f"{problem}: {detail}")
        self.problem = problem
        self.params = params

    @property
    def key(self):
        return f"drills.error.{self.problem}"

    @property
    def message(self):
        """The app's ``(key, params)`` message for this refusal."""
        return (self.key, dict(self.params))


class InvalidAssignmentError(DrillError):
    """An assignment (its link's token, or a teacher's settings) is unreadable or out of range."""


class InvalidResultCodeError(DrillError):
    """A student's result code is unreadable, edited, or belongs to another assignment."""


class InvalidAnswerError(DrillError):
    """An answer that cannot be an answer to this question (unreadable play, wrong choice)."""

"""The errors of the lesson engine, both :class:`game.errors.GameError` subclasses.

A lesson file that cannot be used raises :class:`InvalidLessonError`, which
names the file and the field, so a teacher's typo points at its line of JSON:

>>> error = InvalidLessonError("my-lesson.json", "task.accept[0]", "move '13/7' is not legal")
>>> str(error)
"lesson file my-lesson.json, field task.accept[0]: move '13/7' is not legal"
>>> error.file, error.field
('my-lesson.json', 'task.accept[0]')
>>> isinstance(error, ValueError)
True
"""

from ..errors import GameError

__all__ = ["InvalidLessonError", "UnknownLessonError", "InvalidAnswerError"]


class InvalidLessonError(GameError):
    """A lesson file is unreadable or breaks a rule of the lesson format.

    ``file`` is the file's name, ``field`` the path of the faulty field
    (``"steps[2].demo"``, ``"task.wrong[0].reason"``; ``""`` for the whole file).
    """

    def __init__(self, file, field, problem):
        where = f"lesson file {file}" + (f", field {field}" if field else "")
        super().__init__(f"{where}: {problem}")
        self.file = file
        self.field = field
        self.problem = problem


class UnknownLessonError(GameError):
    """No lesson has this id."""


class InvalidAnswerError(GameError):
    """An answer of the wrong type for the task (the caller's mistake, not the learner's)."""

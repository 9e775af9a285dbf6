"""Lessons as data: the rules told step by step on a board, then a task for the learner.

Each lesson is one JSON file in ``game/lessons/data/`` (the format is in
``docs/lessons.md``).  A teacher adds a lesson by adding a file: it is listed
at once, in the order of the file names.  Every file is checked with the
engine when it is loaded (:mod:`game.lessons.reader`): a demo move or an
accepted answer that is not legal raises :class:`InvalidLessonError`
naming the file and the field.

>>> [info.id for info in list_lessons()][:3]
['setup', 'opening-roll', 'moving']
>>> lesson = load_lesson("bar")
>>> lesson.title["en"]
'The bar: coming back in'
>>> len(lesson.steps) > 0, lesson.task.kind, lesson.task.board.dice
(True, 'move', (6, 3))

The learner answers with move text (or a :class:`game.Move`, or an option
id for a choice task); a wrong play is refused by the engine, with its reason:

>>> result = lesson.check("13/7 13/10")
>>> result.ok, result.kind, result.reason
(False, 'refused', <Reason.MUST_ENTER_FIRST: 'must_enter_first'>)
>>> lesson.check("bar/22 13/7").ok
True
>>> load_lesson("crawford").check("double").reason.value
'crawford_no_double'

Lessons not shipped with the app can be read from another folder:

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "mine.json").write_text(lesson_source("bar").replace('"id": "bar"', '"id": "mine"'))
>>> [info.id for info in list_lessons(folder)]
['mine']
"""

import pathlib

from .board import LEARNER, OPPONENT, Board, Context, Opening, opening_roll
from .errors import InvalidAnswerError, InvalidLessonError, UnknownLessonError
from .model import (ACCEPT_ANY, ACTIONS, CheckResult, Lesson, LessonInfo, Option, Step, Task,
                    WrongAnswer, localized)
from .reader import parse_json, parse_lesson_text, read_heading, read_lesson

__all__ = [
    "LESSONS_DIR", "list_lessons", "load_lesson", "load_lesson_file", "lesson_source",
    "Lesson", "LessonInfo", "Step", "Task", "Option", "WrongAnswer", "CheckResult",
    "Board", "Context", "Opening", "LEARNER", "OPPONENT", "ACCEPT_ANY", "ACTIONS",
    "InvalidLessonError", "UnknownLessonError", "InvalidAnswerError",
    "localized", "opening_roll", "read_lesson", "parse_lesson_text", "check_all",
]

#: the folder of the lessons shipped with the app
LESSONS_DIR = pathlib.Path(__file__).resolve().parent / "data"

_CACHE = {}   # resolved path -> (mtime_ns, size, parsed JSON or Lesson)


def _files(directory):
    folder = pathlib.Path(LESSONS_DIR if directory is None else directory)
    return sorted(path for path in folder.glob("*.json") if path.is_file())


def _stamp(path):
    stat = path.stat()
    return (stat.st_mtime_ns, stat.st_size)


def _cached(path, kind, build):
    key = (str(path.resolve()), kind)
    stamp = _stamp(path)
    found = _CACHE.get(key)
    if found is not None and found[0] == stamp:
        return found[1]
    value = build()
    _CACHE[key] = (stamp, value)
    return value


def _read_text(path):
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidLessonError(path.name, "", f"cannot be read: {error}") from None


def _info(path):
    """The :class:`LessonInfo` of one file: its id and texts are checked, not the whole lesson."""
    def build():
        lesson_id, title, summary = read_heading(parse_json(_read_text(path), path.name), path.name)
        return LessonInfo(lesson_id, title, summary, path.name)
    return _cached(path, "info", build)


def _index(directory):
    """``{lesson id: path}`` in file-name order; two files with one id raise."""
    index = {}
    for path in _files(directory):
        info = _info(path)
        if info.id in index:
            raise InvalidLessonError(path.name, "id", f"{info.id!r} is already the id of "
                                     f"{index[info.id].name}: each lesson needs its own id")
        index[info.id] = path
    return index


def list_lessons(directory=None):
    """The lessons, as :class:`LessonInfo` (``id``, ``title``, ``summary``, ``file``), in file-name order.

    ``directory`` defaults to :data:`LESSONS_DIR`.  Only what the list shows
    is read here (a file that is not JSON, or lacks an id or a title, or
    repeats an id, raises :class:`InvalidLessonError`); :func:`load_lesson`
    checks the whole lesson.
    """
    return [_info(path) for path in _index(directory).values()]


def load_lesson(lesson_id, directory=None):
    """The checked :class:`Lesson` with this id (raises :class:`UnknownLessonError`)."""
    index = _index(directory)
    if lesson_id not in index:
        raise UnknownLessonError(f"no lesson {lesson_id!r}; the lessons are {', '.join(index)}")
    return load_lesson_file(index[lesson_id])


def load_lesson_file(path):
    """Read and check one lesson file (raises :class:`InvalidLessonError`)."""
    path = pathlib.Path(path)

    def build():
        return parse_lesson_text(_read_text(path), path.name)
    return _cached(path, "lesson", build)


def lesson_source(lesson_id, directory=None):
    """The JSON text of a lesson's file (a start for a teacher's own lesson)."""
    index = _index(directory)
    if lesson_id not in index:
        raise UnknownLessonError(f"no lesson {lesson_id!r}")
    return index[lesson_id].read_text(encoding="utf-8")


def check_all(directory=None):
    """Load every lesson of ``directory`` in full; returns the :class:`Lesson` objects in order.

    The first broken file raises :class:`InvalidLessonError`.
    """
    return [load_lesson_file(path) for path in _index(directory).values()]

"""Drills and assignments for a class with no server (issue 35).

A teacher composes an :class:`Assignment` (drills, how many questions, level,
seed, title, time limit) and hands out its link's token; every student's app
draws the same questions from it, each with its checked answer and the
explanation as data (message keys and parameters).  A student's answers go
back as a short result code (:mod:`.result_code`) that the teacher pastes into
the class summary (:mod:`.class_summary`).  The drills are:

* ``pips``: both pip counts of a position from the bot's games (:mod:`.pip_count`);
* ``opening`` and ``reply``: the opening plays and the replies, judged by the bot's
  best plays with a margin (:mod:`.openings`, :mod:`.plays`);
* ``shots``: how many of 36 rolls hit a blot (:mod:`.shot_count`, from :mod:`game.shots`);
* ``bearoff``: the best bear-off play, by the bear-off database (:mod:`.bear_off`);
* ``race``: the chance of winning a short race (:mod:`.race_odds`);
* ``cube``: double or not, take or drop, money or match (:mod:`.cube_calls`).

>>> from game.drills import Assignment, DrillSpec, Result, encode_result, summarize
>>> a = Assignment(drills=(DrillSpec("shots", 2, "medium"),), seed=11, title="CM2")
>>> questions = a.questions()
>>> code = encode_result(a, Result("Zoé", tuple(q.answer for q in questions)), questions)
>>> [row.score for row in summarize(a, code, questions).rows]
[2]
"""

from .assignment import Assignment, DrillSpec
from .class_summary import Summary, csv_text, summarize
from .difficulty import DIFFICULTIES
from .errors import DrillError, InvalidAnswerError, InvalidAssignmentError, InvalidResultCodeError
from .kinds import KINDS
from .question import Mark, Question, mark, read_answer
from .result_code import Result
from .result_code import decode as decode_result
from .result_code import encode as encode_result

__all__ = ["Assignment", "DrillSpec", "Question", "Mark", "mark", "read_answer", "Result", "encode_result",
           "decode_result", "Summary", "summarize", "csv_text", "KINDS", "DIFFICULTIES", "DrillError",
           "InvalidAssignmentError", "InvalidResultCodeError", "InvalidAnswerError"]

"""The class summary: pasted result codes into a table of students × questions.

The teacher's page pastes codes (one or many, as they come: lines, spaces,
commas); :func:`summarize` reads each against the assignment, marks every
answer (:func:`game.drills.question.mark`), and returns the table, each
student's score, the hardest questions first, and the codes it refused with
the reason.  :func:`csv_text` gives the table as CSV for a spreadsheet.

>>> from game.drills.assignment import Assignment, DrillSpec
>>> from game.drills.result_code import Result, encode
>>> a = Assignment(drills=(DrillSpec("race", 2, "easy", 0),), seed=8)
>>> qs = a.questions()
>>> right = tuple(q.answer for q in qs)
>>> codes = [encode(a, Result("Ana", right), qs), encode(a, Result("Ben", (right[0], None)), qs)]
>>> s = summarize(a, "\\n".join(codes) + "\\nnot a code", questions=qs)
>>> [(row.name, row.score) for row in s.rows], [r.problem for r in s.refused]
([('Ana', 2), ('Ben', 1)], ['code_unreadable'])
>>> s.hardest[0].number, s.hardest[0].right
(2, 1)
"""

import csv
import io
import re
from dataclasses import dataclass

from .errors import InvalidResultCodeError
from .question import mark
from .result_code import PREFIX, decode, name_in

__all__ = ["Row", "QuestionStats", "Refused", "Summary", "summarize", "split_codes", "csv_text"]


@dataclass(frozen=True)
class Row:
    """One student: ``marks`` one :class:`game.drills.question.Mark` a question."""

    name: str
    marks: tuple
    seconds: int
    code: str

    @property
    def score(self):
        return sum(m.correct for m in self.marks)


@dataclass(frozen=True)
class QuestionStats:
    """How the class did on question ``number`` (from 1): ``right`` of ``answered`` of ``students``."""

    number: int
    kind: str
    right: int
    answered: int
    students: int


@dataclass(frozen=True)
class Refused:
    """A pasted text that is not a usable code, the ``problem`` (a ``drills.error.*`` key's end),
    and the ``name`` in it when it can be read (:func:`game.drills.result_code.name_in`)."""

    code: str
    problem: str
    message: tuple
    name: str = None


@dataclass(frozen=True)
class Summary:
    rows: tuple
    questions: tuple
    stats: tuple
    refused: tuple

    @property
    def hardest(self):
        """The questions, fewest right answers first (then in their order)."""
        return tuple(sorted(self.stats, key=lambda s: (s.right, s.number)))

    @property
    def total(self):
        return len(self.questions)


def split_codes(text):
    """The codes in a pasted ``text``: they are split at spaces, line breaks, commas and
    semicolons (a code broken after one of its hyphens is joined again); other words
    between codes are kept together, to be refused as unreadable.

    >>> split_codes("BG1-AB-\\nCD-EF  BG1-XY, not a code BG1-Z")
    ['BG1-AB-CD-EF', 'BG1-XY', 'not a code', 'BG1-Z']
    """
    pieces = []
    for word in re.split(r"[\s,;]+", text):
        if not word:
            continue
        is_code = word.upper().startswith(PREFIX)
        if pieces and (pieces[-1][1] and pieces[-1][0].endswith("-") or not is_code and not pieces[-1][1]):
            glue = "" if pieces[-1][1] else " "
            pieces[-1] = (pieces[-1][0] + glue + word, pieces[-1][1])
        else:
            pieces.append((word, is_code))
    return [piece for piece, _ in pieces]


def summarize(assignment, pasted, questions=None):
    """The :class:`Summary` of ``pasted`` codes (a text, or a list of codes) for ``assignment``;
    ``questions``, when the caller has them, saves drawing them again.  A code pasted twice
    counts once."""
    questions = tuple(questions if questions is not None else assignment.questions())
    codes = split_codes(pasted) if isinstance(pasted, str) else list(pasted)
    rows, refused, seen = [], [], set()
    for code in codes:
        try:
            result = decode(assignment, code, questions)
        except InvalidResultCodeError as error:
            refused.append(Refused(code, error.problem, error.message, name_in(code)))
            continue
        key = (result.name, result.answers)
        if key in seen:
            continue
        seen.add(key)
        marks = tuple(mark(q, given) for q, given in zip(questions, result.answers))
        rows.append(Row(result.name, marks, result.seconds, code))
    stats = tuple(QuestionStats(i + 1, q.kind, sum(r.marks[i].correct for r in rows),
                                sum(r.marks[i].answered for r in rows), len(rows))
                  for i, q in enumerate(questions))
    return Summary(tuple(rows), questions, stats, tuple(refused))


def csv_text(summary, tr):
    """The table as CSV: a row a student (name, score, seconds, then 1, 0 or empty per
    question), the header in the words of ``tr(key, **params)`` (the app's translator)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([tr("drills.csv.name"), tr("drills.csv.score"), tr("drills.csv.seconds")]
                    + [tr("drills.csv.question", n=i + 1) for i in range(summary.total)])
    for row in summary.rows:
        cells = ["" if not m.answered else int(m.correct) for m in row.marks]
        writer.writerow([_safe(row.name), row.score, row.seconds] + cells)
    return out.getvalue()


def _safe(name):
    """A name that a spreadsheet will not run as a formula."""
    return "'" + name if name[:1] in ("=", "+", "-", "@") else name

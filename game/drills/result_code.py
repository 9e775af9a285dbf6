"""A student's result code: the name, the answers, and a check value tied to the assignment.

At the end of an assignment the student's page shows a short code (text, and
a QR code): ``BG1-`` then base32 in groups of five.  It holds the first bytes
of the assignment's digest (its *tag*), the first bytes of a digest of the
questions the student was asked (:func:`questions_tag`), the name, the seconds
taken, every answer (the numbers of :func:`game.drills.question.read_answer`,
or nothing), and a check value: the first 4 bytes of SHA-256 over the
assignment's digest and all the rest.  The teacher's page, given the
assignment, refuses a code whose tag is another assignment's
(``code_foreign``), one whose check does not match what it holds
(``code_edited``: a letter changed, a code cut short), and one made with
other questions than the teacher's app draws (``code_version``: another
version of the app, whose bot drew other positions from the same seed), which
it would otherwise mark against the wrong answers.

The check value is **not a signature**: the app is public, so anyone who has
the assignment's link can compute the check of any answers they like.  It
catches typing slips and naive edits, and codes brought to the wrong
assignment; it does not prove who answered, nor that the answers were given
in the app (docs/drills.md).

>>> from game.drills.assignment import Assignment, DrillSpec
>>> a = Assignment(drills=(DrillSpec("race", 2, "easy"), DrillSpec("pips", 1, "easy")), seed=3)
>>> questions = a.questions()
>>> code = encode(a, Result("Léa", ((55,), None, (80, 95)), seconds=312), questions)
>>> code.startswith("BG1-"), decode(a, code, questions)
(True, Result(name='Léa', answers=((55,), None, (80, 95)), seconds=312))
>>> decode(a, code.replace("-", " ").lower(), questions) == decode(a, code, questions)
True
>>> decode(Assignment.single("race", seed=4, count=3), code)
Traceback (most recent call last):
...
game.drills.errors.InvalidResultCodeError: code_foreign: this code belongs to another assignment
"""

import hashlib
from dataclasses import dataclass

from .errors import InvalidResultCodeError
from .kinds import KINDS
from .packing import b32_text, from_b32_text, is_b32_text, put_varints, read_varint

__all__ = ["Result", "encode", "decode", "name_in", "questions_tag", "PREFIX", "LONGEST_NAME", "LARGEST_ANSWER"]

#: what every code starts with ("1": the code's version; never a base32 letter)
PREFIX = "BG1"
LONGEST_NAME = 40
LARGEST_ANSWER = 999
TAG = 3
QUESTIONS_TAG = 2
CHECK = 4
_SALT = b"bg-drills/result/1"


@dataclass(frozen=True)
class Result:
    """A student's answers: ``answers[i]`` is the tuple of numbers given to question ``i``
    (None when unanswered); ``seconds`` the time taken."""

    name: str
    answers: tuple
    seconds: int = 0


def _name(name):
    clean = name.strip() if isinstance(name, str) else ""
    if not clean or len(clean) > LONGEST_NAME or any(not c.isprintable() for c in clean):
        raise InvalidResultCodeError("name_invalid", f"name {name!r}: 1 to {LONGEST_NAME} printable characters",
                                     high=LONGEST_NAME)
    return clean


def _arities(assignment):
    return [KINDS[d.kind].numbers for d in assignment.drills for _ in range(d.count)]


def questions_tag(questions):
    """The first bytes of a digest of what was asked and what is right: each question's kind,
    position, dice, options and answer (not the values, which are rounded floats)."""
    text = "\n".join(f"{q.kind}|{q.position_id}|{q.dice}|{','.join(q.choices)}|{q.answer}" for q in questions)
    return hashlib.sha256(text.encode("utf-8")).digest()[:QUESTIONS_TAG]


def _check(assignment, body):
    return hashlib.sha256(_SALT + assignment.digest() + body).digest()[:CHECK]


def encode(assignment, result, questions=None):
    """The code of ``result`` (a :class:`Result`) for ``assignment``, whose ``questions`` were
    asked (drawn again when not given)."""
    questions = assignment.questions() if questions is None else questions
    name = _name(result.name).encode("utf-8")
    arities = _arities(assignment)
    if len(result.answers) != len(arities):
        raise InvalidResultCodeError("answers_count", f"{len(result.answers)} answers for {len(arities)} "
                                     "questions", count=len(arities))
    numbers = [len(name)]
    tail = [max(0, int(result.seconds))]
    for given, arity in zip(result.answers, arities):
        if given is None:
            tail.append(0)
            continue
        if len(given) != arity or any(not isinstance(n, int) or not 0 <= n <= LARGEST_ANSWER for n in given):
            raise InvalidResultCodeError("answers_count", f"answer {given!r}: {arity} numbers from 0 to "
                                         f"{LARGEST_ANSWER}", count=len(arities))
        tail += [n + 1 for n in given]
    body = assignment.digest()[:TAG] + questions_tag(questions) + put_varints(numbers) + name + put_varints(tail)
    text = b32_text(body + _check(assignment, body))
    return "-".join([PREFIX] + [text[i:i + 5] for i in range(0, len(text), 5)])


def decode(assignment, code, questions=None):
    """The :class:`Result` a code holds, if it is ``assignment``'s, unchanged, and made with
    these ``questions`` (drawn again when not given); else :class:`InvalidResultCodeError`
    (``code_unreadable``, ``code_foreign``, ``code_edited``, ``code_version``)."""
    text = code.strip().upper() if isinstance(code, str) else ""
    if not text.startswith(PREFIX) or not is_b32_text(text[len(PREFIX):]):
        raise InvalidResultCodeError("code_unreadable", f"{code!r}: a result code starts with {PREFIX}",
                                     prefix=PREFIX)
    try:
        data = from_b32_text(text[len(PREFIX):])
    except ValueError:
        raise InvalidResultCodeError("code_edited", f"{code!r}: cut short or changed") from None
    body, check = data[:-CHECK], data[-CHECK:]
    if len(data) < TAG + QUESTIONS_TAG + CHECK:
        raise InvalidResultCodeError("code_edited", "the code is too short: it was cut or changed")
    if body[:TAG] != assignment.digest()[:TAG]:
        raise InvalidResultCodeError("code_foreign", "this code belongs to another assignment")
    if _check(assignment, body) != check:
        raise InvalidResultCodeError("code_edited", "the check value does not match: the code was changed")
    questions = assignment.questions() if questions is None else questions
    if body[TAG:TAG + QUESTIONS_TAG] != questions_tag(questions):
        raise InvalidResultCodeError("code_version", "the code was made with other questions: another "
                                     "version of the app")
    try:
        size, at = read_varint(body, TAG + QUESTIONS_TAG)
        name = _name(body[at:at + size].decode("utf-8"))
        if at + size > len(body):
            raise IndexError
        at += size
        seconds, at = read_varint(body, at)
        answers = []
        for arity in _arities(assignment):
            first, at = read_varint(body, at)
            if not first:
                answers.append(None)
                continue
            given = [first - 1]
            for _ in range(arity - 1):
                n, at = read_varint(body, at)
                if not n:
                    raise ValueError
                given.append(n - 1)
            answers.append(tuple(given))
        if at != len(body):
            raise ValueError
    except (IndexError, ValueError, UnicodeDecodeError):
        raise InvalidResultCodeError("code_edited", "the code's answers do not fit the assignment") from None
    return Result(name, tuple(answers), seconds)


def name_in(code):
    """The name a code holds, read without any check (None when it cannot be read): what the
    class summary says of a code it refuses, to tell whose it was. An edited code's name may
    be the edited part.

    >>> from game.drills.assignment import Assignment
    >>> a = Assignment.single("race", seed=4, count=1)
    >>> code = encode(a, Result("Zoé", (None,)))
    >>> name_in(code), name_in(code[:-1] + ("A" if code[-1] != "A" else "B")), name_in("BG1-AAAAA")
    ('Zoé', 'Zoé', None)
    """
    text = code.strip().upper() if isinstance(code, str) else ""
    if not text.startswith(PREFIX) or not is_b32_text(text[len(PREFIX):]):
        return None
    try:
        body = from_b32_text(text[len(PREFIX):])[:-CHECK]
        size, at = read_varint(body, TAG + QUESTIONS_TAG)
        if at + size > len(body):
            return None
        return _name(body[at:at + size].decode("utf-8"))
    except (IndexError, ValueError, UnicodeDecodeError, InvalidResultCodeError):
        return None

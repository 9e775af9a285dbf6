"""Lessons as values: narrated steps, a task, and the check of the learner's answer.

Objects here are built by :mod:`game.lessons.reader` from a lesson file,
already validated; they never change.  Texts are dicts ``{"fr": ..., "en": ...}``
(see :func:`localized`).  A wrong checker play is refused by the engine
itself (:meth:`game.Position.parse_move`), so the reason given to the learner
is the engine's :class:`game.reasons.Reason`, the same one a game gives.

>>> from game.lessons import load_lesson
>>> lesson = load_lesson("bar")
>>> result = lesson.check("13/7 13/10")
>>> result.ok, result.reason.value, result.message
(False, 'must_enter_first', ('reason.must_enter_first', {'point': {'where': 13}, 'on_bar': 1}))

What the learner is told is data, ``(key, params)``, as everywhere in the app; the lessons'
own texts travel in it as ``{"lesson": {"fr", "en"}}`` (see :func:`lesson_text`), and
:mod:`game.app.text.messages` alone turns it into French or English:

>>> result.say()[0], result.verdict()[1]["parts"][0]
('+', ['reason.must_enter_first', {'point': {'where': 13}, 'on_bar': 1}])
>>> lesson.check("bar/22 22/16").ok
True
"""

import re
from dataclasses import dataclass, field

from ..errors import IllegalMoveError, InvalidNotationError
from ..move import BAR, OFF, Move
from ..reasons import Reason, refusal_message
from .board import Board
from .errors import InvalidAnswerError

__all__ = ["LANGUAGES", "localized", "lesson_text", "Step", "Option", "WrongAnswer", "Task", "Lesson",
           "CheckResult", "LessonInfo", "ACTIONS", "ACCEPT_ANY", "ENGINE_ANSWERS"]

#: the languages every lesson text must have
LANGUAGES = ("fr", "en")

#: match actions a choice option may name; the engine says whether each is allowed
#: (:func:`game.lessons.board.perform` says which :class:`game.match.Match` call each is)
ACTIONS = ("roll", "double", "take", "drop", "beaver", "resign_single", "resign_gammon",
           "resign_backgammon", "accept_resign", "reject_resign")

#: ``accept_any`` values: which legal plays a move task accepts besides its ``accept`` list
ACCEPT_ANY = {
    "any": lambda move: True,
    "hits": lambda move: move.hits > 0,
    "bears_off": lambda move: any(step.target == OFF for step in move),
    "enters": lambda move: any(step.source == BAR for step in move),
}

#: ``engine`` values of a choice task: the engine computes the right option
ENGINE_ANSWERS = ("result", "time_out", "resign")

PASS = "pass"


def localized(text, language):
    """The ``language`` version of a lesson text, English when that language is missing.

    >>> localized({"fr": "Bonjour", "en": "Hello"}, "fr"), localized({"fr": "Bonjour", "en": "Hello"}, "de")
    ('Bonjour', 'Hello')
    """
    if text is None:
        return ""
    return text.get(language) or text.get("en", "")


def lesson_text(texts):
    """A text of the lesson file ``{"fr": ..., "en": ...}`` as a message, or None.

    >>> lesson_text({"fr": "Bravo", "en": "Well done"})
    ('lesson.text', {'text': {'lesson': {'fr': 'Bravo', 'en': 'Well done'}}})
    """
    if texts is None:
        return None
    return ("lesson.text", {"text": {"lesson": dict(texts)}})


def _join(*messages):
    """One message saying each of ``messages`` (None left out) in turn, as ``game.app.text.messages.join``."""
    parts = [list(message) for message in messages if message is not None]
    return ("+", {"parts": parts})


@dataclass(frozen=True)
class LessonInfo:
    """What the list of lessons shows: ``id``, ``title`` and ``summary`` (texts), the file name."""

    id: str
    title: dict
    summary: dict | None
    file: str


@dataclass(frozen=True)
class Step:
    """One narrated step: a text, the board it is told on, and maybe a move shown.

    ``demo`` is a legal play of ``board`` (already checked) or None; ``after``
    is the board once it is played, still seen by the learner (the next step
    starts there unless it sets its own position).
    """

    text: dict
    board: Board
    demo: Move | None = None
    after: object = None

    def to_dict(self):
        return {"text": dict(self.text), "board": self.board.to_dict(),
                "demo": None if self.demo is None else str(self.demo),
                "demo_steps": [] if self.demo is None else
                [[step.source, step.target, step.hit] for step in self.demo],
                "after_position_id": None if self.after is None else self.after.position_id()}


@dataclass(frozen=True)
class Option:
    """One answer of a choice task.

    An option with an ``action`` (one of :data:`ACTIONS`) is
    judged by the engine; without ``text`` it shows the app's button label
    (``label_key``).  ``explain`` is said when the learner picks it wrongly.
    """

    id: str
    text: dict | None = None
    action: str | None = None
    explain: dict | None = None

    @property
    def label_key(self):
        """The i18n key of the app's button for an action option, else None."""
        return f"button.{self.action}" if self.action and self.text is None else None

    def label_message(self):
        """The option's text as a message: the lesson's own, or the app's button label."""
        if self.text is not None:
            return lesson_text(self.text)
        return (self.label_key, {})

    def to_dict(self):
        return {"id": self.id, "text": self.text, "action": self.action,
                "label_key": self.label_key, "explain": self.explain}


@dataclass(frozen=True)
class WrongAnswer:
    """A wrong answer declared by the lesson, and the engine reason it must get (None: legal)."""

    answer: str
    reason: Reason | None


@dataclass(frozen=True)
class CheckResult:
    """The verdict on an answer.

    ``ok``: it is an answer the task accepts.  ``kind``: ``"success"``,
    ``"refused"`` (the engine does not allow it: ``reason`` and ``details``
    say why), ``"other"`` (allowed, but not what the task asks) or
    ``"malformed"`` (move text that cannot be read).  ``answer`` is the
    answer as the engine reads it (a legal play in standard notation,
    ``"pass"``, an option id) or the text given.  ``move`` is the legal play
    matched, if any.  ``message`` is the app's own sentence for the engine's
    verdict as ``(i18n key, params)`` (points as ``{"where": n}``, the form
    the app's controller translates), or None.  ``feedback`` is the lesson's
    text for this verdict ``{"fr", "en"}`` (the success text, the hint for the
    reason, the option's explanation, or the task's ``retry``), or None.
    ``about_rules``: for an answer that is allowed but not the one asked,
    whether the question was what the rules allow (a play, an action the
    engine judges) rather than a count, a score, a fact (``False``).
    """

    ok: bool
    kind: str
    answer: str
    reason: Reason | None = None
    details: dict = field(default_factory=dict)
    move: Move | None = None
    message: tuple | None = None
    feedback: dict | None = None
    about_rules: bool = True

    @property
    def legal(self):
        """True when the engine allows the answer (accepted or not)."""
        return self.kind in ("success", "other")

    def say(self):
        """Everything to tell the learner, as a message: the app's sentence, then the lesson's."""
        return _join(self.message, lesson_text(self.feedback))

    def lead(self):
        """The verdict's first words as a message: right, allowed but not asked, not the answer."""
        if self.kind == "success":
            return ("lesson.right", {})
        if self.kind == "other":
            return ("lesson.not_asked", {}) if self.about_rules else ("lesson.wrong_answer", {})
        return None

    def verdict(self):
        """The whole verdict as a message: :meth:`lead`, then :meth:`say`."""
        return _join(self.lead(), self.message, lesson_text(self.feedback))

    def to_dict(self):
        return {"ok": self.ok, "kind": self.kind, "answer": self.answer,
                "reason": None if self.reason is None else self.reason.value,
                "details": dict(self.details), "move": None if self.move is None else str(self.move),
                "message": None if self.message is None else [self.message[0], dict(self.message[1])],
                "feedback": self.feedback}


def message_params(details):
    """Params for a reason's sentence from an error's details, as the app's controller makes them
    (:func:`game.reasons.refusal_message`)."""
    return refusal_message(IllegalMoveError("", None, details))[1]


_POINT = re.compile(r"^(bar|b|off|o|\d{1,2})\*?$")


def _backward(text):
    """``(source, target)`` of the first hop that goes backwards in move text, else None."""
    for token in text.lower().replace(",", " ").split():
        token = re.sub(r"\(\d\)$", "", token)
        points = []
        for piece in token.split("/"):
            match = _POINT.match(piece)
            if not match:
                return None
            name = match.group(1)
            points.append(BAR if name in ("bar", "b") else OFF if name in ("off", "o") else int(name))
        for source, target in zip(points, points[1:]):
            if target != OFF and target >= source and source != OFF:
                return source, target
    return None


def _is_pass(answer):
    if isinstance(answer, Move):
        return not answer.steps
    return answer is None or (isinstance(answer, str) and answer.strip().lower() in ("", PASS))


@dataclass(frozen=True)
class Task:
    """The learner's turn: a checker play (``kind="move"``) or a choice (``kind="choice"``).

    Move tasks accept the plays of ``accept`` (legal plays of ``board``,
    compared by the position they lead to, so any order or notation of the
    same play counts) and, with ``accept_any``, every legal play with that
    property (see :data:`ACCEPT_ANY`).  Choice tasks accept the option ids of
    ``accept``.  ``hints`` maps a :class:`Reason` to the lesson's extra text
    for a play the engine refuses for that reason.  ``wrong`` lists answers
    the lesson expects to be refused, with their reason (the test suite
    checks them).  ``refusals`` holds the engine's verdict on every action
    option: ``{option id: (reason, details)}``.
    """

    kind: str
    prompt: dict
    board: Board
    success: dict
    retry: dict
    accept: tuple = ()
    accept_any: str | None = None
    options: tuple = ()
    engine: str | None = None
    engine_answer: str | None = None
    hints: dict = field(default_factory=dict)
    wrong: tuple = ()
    refusals: dict = field(default_factory=dict)
    #: the accepted plays as the lesson writes them (``5/2 2/off`` shows the point passed,
    #: where the standard notation, GNU Backgammon's, writes ``5/off``)
    accept_texts: tuple = ()

    @property
    def plays(self):
        """Every legal play of a move task (a :class:`game.position.MoveList`), else None."""
        if self.kind != "move":
            return None
        return self.board.position.legal_moves(self.board.dice)

    def turn(self):
        """A fresh :class:`game.turn.Turn` of a move task, for playing it checker by checker.

        Its steps are refused with the engine's reasons as in a game; when the
        learner is done, pass ``turn.move`` to :meth:`check`.
        """
        if self.kind != "move":
            return None
        from ..turn import Turn
        return Turn(self.board.position, self.board.dice)

    def shown(self, play):
        """A play as the learner is shown it: as the lesson writes it when it is one of the
        accepted plays (so a point its texts speak of stays in sight), else in standard notation.

        >>> from game.lessons import load_lesson
        >>> task = load_lesson("smaller-die-first").task
        >>> str(task.accept[0]), task.shown(task.accept[0])
        ('5/off', '5/2 2/off')
        """
        for accepted, written in zip(self.accept, self.accept_texts):
            if accepted._after == getattr(play, "_after", None):
                return written
        return str(play)

    def answer_message(self, answer):
        """The task's answer (a play, an option id) told to the learner, as a message."""
        if self.kind == "choice":
            said = ("lesson.answer_option", {"option": {"message": list(self.option(answer).label_message())}})
        elif answer.steps:
            said = ("lesson.answer_move", {"move": self.shown(answer)})
        else:
            said = ("lesson.answer_pass", {})
        return _join(said, lesson_text(self.success))

    def option(self, option_id):
        """The :class:`Option` with this id (raises :class:`InvalidAnswerError`)."""
        for option in self.options:
            if option.id == option_id:
                return option
        raise InvalidAnswerError(f"no option {option_id!r}: the options are "
                                 f"{', '.join(option.id for option in self.options)}")

    def check(self, answer):
        """Judge ``answer``: move text or a :class:`game.Move` (move task), an option id (choice).

        Returns a :class:`CheckResult`.  An answer of the wrong type raises
        :class:`InvalidAnswerError`.
        """
        if self.kind == "move":
            return self._check_move(answer)
        if not isinstance(answer, str):
            raise InvalidAnswerError(f"answer {answer!r}: an option id (a string) expected")
        return self._check_choice(answer)

    # --- move tasks -------------------------------------------------------------
    def _refused(self, answer, error):
        reason = error.reason
        return CheckResult(False, "refused", answer, reason, dict(error.details),
                           message=(f"reason.{reason.value}" if reason else "reason.unknown",
                                    message_params(error.details)),
                           feedback=self.hints.get(reason))

    def _judge(self, play):
        accepted = play._after in self._accepted_results() or (
            self.accept_any is not None and ACCEPT_ANY[self.accept_any](play))
        text = str(play) if play.steps else PASS
        if accepted:
            return CheckResult(True, "success", text, move=play, feedback=self.success)
        return CheckResult(False, "other", text, move=play, feedback=self.retry)

    def _accepted_results(self):
        return {play._after for play in self.accept}

    def _check_move(self, answer):
        position, dice = self.board.position, self.board.dice
        plays = position.legal_moves(dice)
        shown = answer if isinstance(answer, str) else (PASS if answer is None else str(answer))
        if not isinstance(answer, (str, Move)) and answer is not None:
            raise InvalidAnswerError(f"answer {answer!r}: move text or a Move expected")
        if _is_pass(answer):
            if not plays:
                return self._judge(_pass_play(position, dice))
            return self._refused(PASS, plays.refusal(Move(())))
        if isinstance(answer, Move):
            for step in answer:
                if step.source != BAR and step.target != OFF and step.target >= step.source:
                    return self._backward_result(shown, step.source, step.target)
            play = plays.find(answer)
            if play is None:
                return self._refused(shown, plays.refusal(answer))
            return self._judge(play)
        try:
            play = position.parse_move(answer, dice)
        except IllegalMoveError as error:
            return self._refused(answer, error)
        except InvalidNotationError:
            backward = _backward(answer)
            if backward is not None:
                return self._backward_result(answer, *backward)
            return CheckResult(False, "malformed", answer,
                               message=("msg.bad_notation", {"text": answer}))
        return self._judge(play)

    def _backward_result(self, answer, source, target):
        details = {"point": source, "target": target}
        reason = Reason.WRONG_DIRECTION
        return CheckResult(False, "refused", answer, reason, details,
                           message=(f"reason.{reason.value}", message_params(details)),
                           feedback=self.hints.get(reason))

    # --- choice tasks --------------------------------------------------------------
    def _check_choice(self, answer):
        option = self.option(answer)
        refusal = self.refusals.get(option.id)
        if refusal is not None:
            reason, details = refusal
            return CheckResult(False, "refused", option.id, reason, dict(details),
                               message=(f"reason.{reason.value}", message_params(details)),
                               feedback=option.explain or self.hints.get(reason))
        if option.id in self.accept:
            return CheckResult(True, "success", option.id, feedback=self.success)
        return CheckResult(False, "other", option.id, feedback=option.explain or self.retry,
                           about_rules=option.action is not None)

    def to_dict(self):
        return {"kind": self.kind, "prompt": dict(self.prompt), "board": self.board.to_dict(),
                "options": [option.to_dict() for option in self.options],
                "accept": [str(a) if isinstance(a, Move) else a for a in self.accept],
                "accept_any": self.accept_any, "success": dict(self.success),
                "retry": dict(self.retry)}


def _pass_play(position, dice):
    """The empty play of a roll that allows no move (the turn passes)."""
    play = Move(())
    object.__setattr__(play, "_after", position.swapped())
    return play


@dataclass(frozen=True)
class Lesson:
    """A lesson: ``id``, ``title`` and optional ``summary`` (texts), ``topics`` (rule tags),
    the narrated ``steps`` and the learner's ``task``; ``file`` is where it was read."""

    id: str
    title: dict
    steps: tuple
    task: Task
    summary: dict | None = None
    topics: tuple = ()
    file: str = ""

    def check(self, answer):
        """Judge the learner's answer to the task (see :meth:`Task.check`)."""
        return self.task.check(answer)

    def texts(self):
        """Every text of the lesson as ``(field path, {"fr", "en"})``, in reading order."""
        found = [("title", self.title)]
        if self.summary is not None:
            found.append(("summary", self.summary))
        for index, step in enumerate(self.steps):
            found.append((f"steps[{index}].text", step.text))
        task = self.task
        found += [("task.prompt", task.prompt), ("task.success", task.success),
                  ("task.retry", task.retry)]
        for index, option in enumerate(task.options):
            if option.text is not None:
                found.append((f"task.options[{index}].text", option.text))
            if option.explain is not None:
                found.append((f"task.options[{index}].explain", option.explain))
        for reason, hint in task.hints.items():
            found.append((f"task.hints.{reason.value}", hint))
        return found

    def to_dict(self):
        """Plain JSON-able data of the whole lesson (for a worker, or a page script)."""
        return {"id": self.id, "title": dict(self.title), "summary": self.summary,
                "topics": list(self.topics), "steps": [step.to_dict() for step in self.steps],
                "task": self.task.to_dict()}

"""A drill's question, its checked answer, and how an answer is marked.

A :class:`Question` holds everything needed to ask and to mark it, as data:
the position (its GNU Backgammon Position ID), the dice, what is asked, the
right answer, and the explanation as a message (a key of the app's catalogues
and its parameters, never a sentence).  An answer is a tuple of small whole
numbers (what a result code carries): the numbers given for a count, or the
index of the option chosen.

>>> q = Question(kind="shots", level="easy", position_id="4HPwATDgc/ABMA", dice=None, ask="count",
...              answer=(11,), tolerance=0, prompt=("drills.shots.prompt", {}),
...              explanation=("drills.shots.explain", {"hits": 11}))
>>> mark(q, (11,)).correct, mark(q, (12,)).correct, mark(q, None).answered
(True, False, False)
>>> read_answer(q, "11")
(11,)
>>> Question.from_data(q.to_data()) == q
True
"""

from dataclasses import dataclass, field

from ..errors import GameError
from ..position import Position
from .errors import InvalidAnswerError

__all__ = ["Question", "Mark", "mark", "read_answer", "verdict", "ASKS", "arity"]

#: what a question asks, and how many numbers its answer holds: ``count`` (a whole
#: number, within ``tolerance``), ``pips`` (two counts: the player's and the opponent's),
#: ``percent`` (a chance in whole percent), ``choice`` (one of ``choices``, within
#: ``tolerance`` of the best value), ``play`` (a play of the dice, as ``choice``)
ASKS = {"count": 1, "pips": 2, "percent": 1, "choice": 1, "play": 1}


def arity(ask):
    """How many numbers an answer to a question asking ``ask`` holds."""
    return ASKS[ask]


@dataclass(frozen=True)
class Question:
    """One question of a drill (see the module's docstring).

    ``choices``: the options of a ``choice`` or ``play`` question (a play as its
    notation, an action by name), ``values`` the value of each to the player
    who answers (equity, or chance of winning), best highest; ``answer``: the
    right answer in the form an answer takes (for a choice, the index of a best
    option); ``tolerance``: how far a count may be off, or how much value a
    choice may lose, and still be right; ``context``: what else the question
    says (the cube's value and the score of a cube question).
    """

    kind: str
    level: str
    position_id: str
    dice: tuple
    ask: str
    answer: tuple
    tolerance: float
    prompt: tuple
    explanation: tuple
    choices: tuple = ()
    values: tuple = ()
    context: dict = field(default_factory=dict, compare=False)

    @property
    def position(self):
        return Position.from_position_id(self.position_id)

    def to_data(self):
        """The question as plain data (lists, dicts, numbers, texts), e.g. for a worker or JSON."""
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        for name in ("dice", "answer", "choices", "values"):
            data[name] = list(data[name]) if data[name] is not None else None
        data["prompt"], data["explanation"] = list(self.prompt), list(self.explanation)
        return data

    @classmethod
    def from_data(cls, data):
        """The question back from :meth:`to_data`'s data (trusted: it is the app's own)."""
        data = dict(data)
        for name in ("dice", "answer", "choices", "values"):
            data[name] = tuple(data[name]) if data[name] is not None else None
        data["prompt"], data["explanation"] = tuple(data["prompt"]), tuple(data["explanation"])
        return cls(**data)


@dataclass(frozen=True)
class Mark:
    """How an answer fared: ``correct``, and for a choice the value it ``lost`` (else None)."""

    given: tuple
    correct: bool
    lost: float = None

    @property
    def answered(self):
        return self.given is not None


def mark(question, given):
    """Mark ``given`` (an answer's numbers, or None when unanswered) against ``question``."""
    if given is None:
        return Mark(None, False)
    given = tuple(given)
    if question.ask in ("choice", "play"):
        (index,) = given
        if not 0 <= index < len(question.choices):
            return Mark(given, False)
        lost = max(question.values) - question.values[index]
        return Mark(given, lost <= question.tolerance + 1e-9, lost)
    right = all(abs(g - a) <= question.tolerance for g, a in zip(given, question.answer))
    return Mark(given, right and len(given) == len(question.answer))


def read_answer(question, raw):
    """The numbers of an answer typed or chosen: ``raw`` is a number or its text (or a pair
    for pips), an option's name or index, or a play's notation (or a :class:`game.Move`).

    Raises :class:`InvalidAnswerError` when ``raw`` cannot answer this question.
    """
    ask = question.ask
    if ask == "play":
        position = question.position
        plays = position.legal_moves(question.dice)
        try:
            move = position.parse_move(raw, question.dice) if isinstance(raw, str) else raw
            play = plays.find(move) if move is not None else None
        except GameError as error:
            raise InvalidAnswerError("answer_play", f"{raw!r}: {error}", play=str(raw)) from error
        if play is None or str(play) not in question.choices:
            raise InvalidAnswerError("answer_play", f"{raw!r} is not a legal play", play=str(raw))
        return (question.choices.index(str(play)),)
    if ask == "choice":
        if raw in question.choices:
            return (question.choices.index(raw),)
        if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < len(question.choices):
            return (raw,)
        raise InvalidAnswerError("answer_choice", f"{raw!r}: one of {question.choices} expected")
    numbers = raw if isinstance(raw, (tuple, list)) else (raw,)
    if len(numbers) != arity(ask):
        raise InvalidAnswerError("answer_number", f"{raw!r}: {arity(ask)} numbers expected")
    out = []
    for n in numbers:
        text = str(n).strip()
        if not text.isdigit() or int(text) > 999:
            raise InvalidAnswerError("answer_number", f"{n!r}: a whole number from 0 to 999 expected")
        out.append(int(text))
    return tuple(out)


def verdict(question, marked):
    """What the page says of a marked answer, as a message: unanswered, right, or wrong (with
    the right answer; for a choice, the value lost in thousandths, as the explanation counts).

    >>> q = Question(kind="race", level="easy", position_id="4HPwATDgc/ABMA", dice=None, ask="percent",
    ...              answer=(62,), tolerance=5, prompt=("drills.race.prompt", {}),
    ...              explanation=("drills.race.explain", {"chance": 62}))
    >>> verdict(q, mark(q, (60,))), verdict(q, mark(q, (50,)))
    (('drills.mark.right', {}), ('drills.mark.wrong', {'answer': '62'}))
    """
    if not marked.answered:
        return ("drills.mark.unanswered", {"answer": _said(question, question.answer)})
    if marked.correct:
        if marked.lost:
            return ("drills.mark.right_close", {"lost": round(1000 * marked.lost)})
        return ("drills.mark.right", {})
    if marked.lost is not None:
        return ("drills.mark.wrong_lost", {"answer": _said(question, question.answer),
                                           "lost": round(1000 * marked.lost)})
    return ("drills.mark.wrong", {"answer": _said(question, question.answer)})


def _said(question, answer):
    """An answer as the page shows it: the play, the action's key, or the numbers."""
    if question.ask == "play":
        return question.choices[answer[0]]
    if question.ask == "choice":
        return {"key": f"drills.cube.{question.choices[answer[0]]}"}
    return " / ".join(str(n) for n in answer)

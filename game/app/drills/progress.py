"""A student's progress through a drill set, kept on the device so that a reload resumes.

:class:`Progress` holds the assignment's token, the questions drawn (kept, so a reload
does not draw them again), the name, each answer given (the numbers of
:func:`game.drills.read_answer`, or None), the question on screen and whether its
verdict is shown, and the time. It is stored whole under a key of its own (``key``, given by
:class:`.shelf.Shelf`: one a set done on the device), one ``setItem`` per answer.

>>> from game.app.keep.storage import MemoryStore
>>> from game.drills import Assignment
>>> a = Assignment.single("race", seed=5, count=2)
>>> p = Progress.start(a, a.questions(), now=100.0)
>>> p.name = "Léa"; p.give((60,)); p.index, p.shown, p.answers[0]
(0, True, (60,))
>>> store = MemoryStore(); p.key = "backgammon.drills.set.ab.1"; p.save(store)
True
>>> back = Progress.from_dict(storage.unpack(store.get(p.key), KIND))
>>> back.answers == p.answers and back.questions == p.questions and back.name == "Léa"
True
"""

from dataclasses import dataclass, field

from game.app.keep import storage
from game.drills import Question, mark

__all__ = ["Progress", "KIND"]

#: the kind of the stored envelope (game/app/keep/storage.py)
KIND = "drills"


def _answer(value):
    if value is None:
        return None
    if isinstance(value, list) and value and all(isinstance(n, int) and not isinstance(n, bool)
                                                 and 0 <= n <= 999 for n in value):
        return tuple(value)
    raise ValueError(value)


@dataclass
class Progress:
    """Where a student stands (see the module's docstring); ``started`` and ``ended`` are
    seconds of the page's wall clock (``ended`` None until the set is finished)."""

    token: str
    questions: list
    name: str = ""
    answers: list = field(default_factory=list)
    index: int = 0
    shown: bool = False
    started: float = 0.0
    ended: float = None
    key: str = None                 # where it is kept (not part of what is kept)

    @classmethod
    def start(cls, assignment, questions, now):
        return cls(assignment.token(), list(questions), answers=[None] * len(questions), started=now)

    @property
    def finished(self):
        return self.ended is not None

    @property
    def question(self):
        return self.questions[min(self.index, len(self.questions) - 1)]

    def marks(self):
        return [mark(q, given) for q, given in zip(self.questions, self.answers)]

    def score(self):
        return sum(m.correct for m in self.marks())

    def seconds(self, now):
        return max(0, int((self.ended if self.ended is not None else now) - self.started))

    def give(self, answer):
        """The answer to the question on screen: kept, and its verdict shown."""
        self.answers[self.index] = tuple(answer)
        self.shown = True

    def advance(self, now):
        """On to the next question; after the last one the set is finished."""
        self.shown = False
        if self.index + 1 >= len(self.questions):
            self.ended = now
        else:
            self.index += 1

    # --- kept on the device -----------------------------------------------------------------
    def to_dict(self):
        return {"token": self.token, "questions": [q.to_data() for q in self.questions],
                "name": self.name, "answers": [None if a is None else list(a) for a in self.answers],
                "index": self.index, "shown": self.shown, "started": self.started, "ended": self.ended}

    @classmethod
    def from_dict(cls, data):
        """The progress kept, or ValueError when it cannot be read."""
        try:
            questions = [Question.from_data(q) for q in data["questions"]]
            answers = [_answer(a) for a in data["answers"]]
            index, shown = data["index"], data["shown"]
            started, ended = float(data["started"]), data["ended"]
            name = data["name"]
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"drills progress: {error}") from None
        if (len(answers) != len(questions) or not questions or not isinstance(index, int)
                or not 0 <= index < len(questions) or not isinstance(name, str)):
            raise ValueError("drills progress: out of shape")
        return cls(str(data["token"]), questions, name, answers, index, bool(shown), started,
                   None if ended is None else float(ended))

    def save(self, store):
        """Write it whole under its key, in one ``setItem``; False when the store refused it
        (full or off: it holds for this visit)."""
        if self.key is None:
            return False
        try:
            store.set(self.key, storage.pack(KIND, self.to_dict()))
        except Exception:  # noqa: BLE001 - full or off: kept in memory
            return False
        return True

"""An assignment: the drills a teacher hands out, as a short token for a link.

A link ``?assignment=<token>`` carries the whole assignment: its drills (kind,
how many questions, level, tolerance), the seed that draws the questions, a
title and a time limit (whole minutes, 0 for none).  Everyone who opens the
link gets the same questions (:meth:`Assignment.questions`).  The token is
base64url of a few bytes with a CRC-32 at the end, so a link cut short or
mistyped is refused (:class:`InvalidAssignmentError`) instead of giving other
questions.

>>> a = Assignment(drills=(DrillSpec("pips", 3, "easy", 2), DrillSpec("shots", 2)), seed=42,
...                title="Mardi 5e B", time_limit=20)
>>> token = a.token()
>>> Assignment.from_token(token) == a
True
>>> Assignment.single("race", seed=9, count=4).drills
(DrillSpec(kind='race', count=4, level='medium', tolerance=5),)
>>> Assignment.from_token(token[:-2] + "AA")
Traceback (most recent call last):
...
game.drills.errors.InvalidAssignmentError: token_damaged: the link's check does not match: it was cut short or changed
"""

import hashlib
import zlib
from dataclasses import dataclass

from .difficulty import DIFFICULTIES
from .errors import InvalidAssignmentError
from .kinds import KINDS
from .packing import b64_text, from_b64_text, put_varints, read_varints
from .seeds import drill_random

__all__ = ["DrillSpec", "Assignment", "VERSION", "MOST_DRILLS", "MOST_TOTAL", "LONGEST_TITLE",
           "LONGEST_TIME", "LARGEST_SEED"]

VERSION = 1
MOST_DRILLS = 8
MOST_TOTAL = 60
LONGEST_TITLE = 60
LONGEST_TIME = 240
LARGEST_SEED = 2 ** 32 - 1
_KIND_CODES = list(KINDS)


def _whole(value, low, high, problem, name):
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidAssignmentError(problem, f"{name} {value!r}: a whole number from {low} to {high}",
                                     low=low, high=high, value=str(value))


@dataclass(frozen=True)
class DrillSpec:
    """One drill of an assignment: ``kind`` (one of :data:`game.drills.kinds.KINDS`), ``count``
    questions at ``level`` (easy, medium, hard), and a ``tolerance`` (None: the kind's default)."""

    kind: str
    count: int
    level: str = "medium"
    tolerance: int = None

    def __post_init__(self):
        if self.kind not in KINDS:
            raise InvalidAssignmentError("kind_unknown", f"drill {self.kind!r}: one of {', '.join(KINDS)}",
                                         kind=str(self.kind), kinds=", ".join(KINDS))
        kind = KINDS[self.kind]
        _whole(self.count, 1, kind.most, "count_range", "count")
        if self.level not in DIFFICULTIES:
            raise InvalidAssignmentError("level_unknown", f"level {self.level!r}: one of {DIFFICULTIES}",
                                         level=str(self.level))
        if self.tolerance is None:
            object.__setattr__(self, "tolerance", kind.tolerance)
        _whole(self.tolerance, *kind.tolerances, "tolerance_range", "tolerance")


@dataclass(frozen=True)
class Assignment:
    """What a teacher hands out (see the module's docstring)."""

    drills: tuple
    seed: int
    title: str = ""
    time_limit: int = 0

    def __post_init__(self):
        object.__setattr__(self, "drills", tuple(self.drills))
        if not 1 <= len(self.drills) <= MOST_DRILLS or not all(isinstance(d, DrillSpec) for d in self.drills):
            raise InvalidAssignmentError("drills_range", f"1 to {MOST_DRILLS} drills expected",
                                         high=MOST_DRILLS)
        total = sum(d.count for d in self.drills)
        if total > MOST_TOTAL:
            raise InvalidAssignmentError("total_range", f"{total} questions: at most {MOST_TOTAL}",
                                         high=MOST_TOTAL, value=total)
        _whole(self.seed, 0, LARGEST_SEED, "seed_range", "seed")
        _whole(self.time_limit, 0, LONGEST_TIME, "time_range", "time limit")
        title = self.title.strip() if isinstance(self.title, str) else None
        if title is None or len(title) > LONGEST_TITLE or any(not c.isprintable() for c in title):
            raise InvalidAssignmentError("title_invalid", f"title {self.title!r}: at most {LONGEST_TITLE} "
                                         "printable characters", high=LONGEST_TITLE)
        object.__setattr__(self, "title", title)

    @classmethod
    def single(cls, kind, seed, count, level="medium"):
        """One drill with no title nor time limit: what ``?drill=<kind>&seed=<n>&count=<k>`` opens."""
        return cls(drills=(DrillSpec(kind, count, level),), seed=seed)

    @classmethod
    def from_link(cls, kind, seed, count, level=None):
        """:meth:`single` from a link's texts (``?drill=pips&seed=12&count=10&level=easy``): the
        numbers are read from their digits, a missing level is medium; bad values raise
        :class:`InvalidAssignmentError` as the settings do.

        >>> Assignment.from_link("shots", "12", " 5 ", None).drills[0].count
        5
        >>> Assignment.from_link("shots", "12", "five")
        Traceback (most recent call last):
        ...
        game.drills.errors.InvalidAssignmentError: count_range: count 'five': a whole number from 1 to 30
        """
        def number(text, name, low, high, problem):
            text = text.strip() if isinstance(text, str) else text
            if isinstance(text, str) and text.isdigit() and text.isascii() and len(text) <= 10:
                return int(text)
            _whole(text, low, high, problem, name)
            return text
        most = KINDS[kind].most if kind in KINDS else 1
        return cls.single(kind, number(seed, "seed", 0, LARGEST_SEED, "seed_range"),
                          number(count, "count", 1, most, "count_range"), level or "medium")

    @property
    def total(self):
        return sum(d.count for d in self.drills)

    # --- the token -------------------------------------------------------------------
    def to_bytes(self):
        """The assignment's bytes: version, seed, time limit, drills, title, then a CRC-32."""
        numbers = [VERSION, self.seed, self.time_limit, len(self.drills)]
        for d in self.drills:
            numbers += [_KIND_CODES.index(d.kind), DIFFICULTIES.index(d.level), d.count, d.tolerance]
        body = put_varints(numbers) + self.title.encode("utf-8")
        return body + zlib.crc32(body).to_bytes(4, "big")

    def token(self):
        """The text a link's ``?assignment=`` carries."""
        return b64_text(self.to_bytes())

    @classmethod
    def from_token(cls, token):
        """The assignment of a link's token; :class:`InvalidAssignmentError` says why not."""
        try:
            data = from_b64_text(token.strip() if isinstance(token, str) else "")
        except ValueError:
            raise InvalidAssignmentError("token_unreadable", "the link's assignment is not readable") from None
        body, check = data[:-4], data[-4:]
        if len(data) < 5 or zlib.crc32(body).to_bytes(4, "big") != check:
            raise InvalidAssignmentError("token_damaged",
                                         "the link's check does not match: it was cut short or changed")
        try:
            (version,), at = read_varints(body, 1)
            if version != VERSION:
                raise InvalidAssignmentError("token_version", f"version {version}: this app reads {VERSION}")
            (seed, time_limit, n), at = read_varints(body, 3, at)
            if not 1 <= n <= MOST_DRILLS:
                raise IndexError
            drills = []
            for _ in range(n):
                (kind, level, count, tolerance), at = read_varints(body, 4, at)
                if kind >= len(_KIND_CODES) or level >= len(DIFFICULTIES):
                    raise InvalidAssignmentError("token_version", "a drill this app does not know")
                drills.append(DrillSpec(_KIND_CODES[kind], count, DIFFICULTIES[level], tolerance))
            title = body[at:].decode("utf-8")
        except (IndexError, UnicodeDecodeError, ValueError) as error:
            if isinstance(error, InvalidAssignmentError):
                raise
            raise InvalidAssignmentError("token_damaged", "the link's assignment is incomplete") from None
        return cls(drills=tuple(drills), seed=seed, title=title, time_limit=time_limit)

    def digest(self):
        """The SHA-256 of the assignment's bytes: what ties a result code to it."""
        return hashlib.sha256(self.to_bytes()).digest()

    # --- the questions ---------------------------------------------------------------
    def questions(self):
        """Every question of the assignment, drill after drill (the same for everyone)."""
        out = []
        for place, d in enumerate(self.drills):
            rng = drill_random(self.seed, place, d.kind)
            out += KINDS[d.kind].generate(rng, d.count, d.level, d.tolerance)
        return out

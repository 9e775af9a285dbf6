"""The engine ranks a puzzle's choices afresh, and judges an answer.

:func:`rate` sets the puzzle's position up as a match (:mod:`game.app.keep.share`, the same
reader as a position's link), makes its decision there and has the review's analysis
(:class:`game.bot.analysis.Review`, the same level as a review) weigh it: every legal
play of the roll ranked, or the cube's options (no double / double; take / pass). Nothing
stored or in a link is trusted for the verdict.

**The rule** (:func:`judge`): an answer is right when it gives up less than the
"doubtful" mark (0.04 in normalised equity, :data:`game.bot.analysis.MARKS`) against the
best choice: the best one, or one the review would leave unmarked. Two plays that leave the
same position are the same play, however they are written.

>>> rating = rate("4HPwATDgc/ABMA", "cImqAAAAAAAE")             # an opening 5-2 (match to 5)
>>> rating.kind, len(rating.choices), rating.best
('move', 8, '24/22 13/8')
>>> judge(rating, "13/8 24/22")["right"], judge(rating, "13/11 13/8")["right"], judge(rating, "13/6")["right"]
(True, True, False)
>>> judge(rating, "24/20")
Traceback (most recent call last):
...
game.errors.IllegalMoveError: ...
"""

from dataclasses import dataclass

from game.bot.analysis import MARKS, Review, mark
from game.app.keep.share import decode, read_ids

from .link import kind_of

__all__ = ["Rating", "rate", "judge", "BAND", "CUBE_CHOICES"]

#: an answer that gives up less than this (normalised equity) is right
BAND = MARKS["doubtful"]
#: the choices of a cube puzzle, by its kind
CUBE_CHOICES = {"cube": ("no_double", "double"), "response": ("take", "drop")}


@dataclass(frozen=True)
class Rating:
    """A puzzle's choices as the engine ranks them: ``choices`` is ``((choice, loss), …)``,
    best first (a play in notation, or a cube action); ``best`` the first; ``kind`` what it asks;
    ``position`` the position (seen from the player on roll) and ``dice`` the roll of a play."""

    kind: str
    choices: tuple
    best: str
    position: object
    dice: tuple | None = None


def rate(position_id, match_id):
    """The :class:`Rating` of the puzzle at these IDs (raises :class:`game.app.keep.share.ShareError`
    or :class:`.link.PuzzleLinkError` for IDs that ask nothing)."""
    shared = decode(read_ids(f"{position_id}:{match_id}"))
    kind = kind_of(shared)
    match = shared.match()
    if kind == "move":
        match.play_text(str(shared.position.legal_moves(shared.info.dice)[0]))
    elif kind == "cube":
        match.double()
    else:
        match.take()
    review = Review(match.to_dict())
    while not review.decisions_done:
        review.step()
    entry = review.entries[-1]
    if kind == "move":
        choices = tuple((row["move"], row["loss"]) for row in entry["top"])
    else:
        options = entry["options"]
        top = max(options[name] for name in CUBE_CHOICES[kind])
        choices = tuple(sorted(((name, round(top - options[name], 6) + 0.0) for name in CUBE_CHOICES[kind]),
                               key=lambda row: row[1]))
    return Rating(kind, choices, choices[0][0], shared.position, shared.info.dice)


def _result(position, dice, text):
    """The Position ID after the play ``text`` (raises the engine's errors for a bad one)."""
    return position.play(position.parse_move(str(text), dice)).position_id()


def judge(rating, answer):
    """The verdict on ``answer`` (a play in notation, or a cube action): ``{"answer", "loss",
    "rank", "right", "mark"}``, ``answer`` written as the ranking writes it. A play that is not
    legal there raises the engine's error; an unknown cube action raises ValueError."""
    if rating.kind == "move":
        wanted = _result(rating.position, rating.dice, answer)
        found = next(((i, row) for i, row in enumerate(rating.choices)
                      if _result(rating.position, rating.dice, row[0]) == wanted), None)
    else:
        found = next(((i, row) for i, row in enumerate(rating.choices) if row[0] == answer), None)
        if found is None:
            raise ValueError(f"{answer!r} is not one of {[row[0] for row in rating.choices]}")
    index, (text, loss) = found
    return {"answer": text, "loss": loss, "rank": index + 1, "right": loss < BAND - 1e-9, "mark": mark(loss)}

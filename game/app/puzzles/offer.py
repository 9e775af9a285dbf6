"""The review's offer: the person's errors and blunders of the match reviewed, into the deck.

The person is the player drawn at the bottom (``app.bottom``), when a person played that
side (a match of the computer against itself offers nothing). The offer waits until the
review has weighed every decision.

>>> from game.app.controller import Controller
>>> app = Controller()
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> offer(app) is None                            # no review open
True
"""

from game.app.keep.puzzle_deck import key_of

from .make import mistakes

__all__ = ["found", "offer", "add"]


def found(app):
    """The puzzles of the person's mistakes in the match reviewed, or None (no review, not
    done yet, or no person at the bottom)."""
    session = app.review
    if session is None or not session.review.decisions_done or app.bottom not in app.replay.setup.humans():
        return None
    return mistakes(session.entries(), app.bottom, app.wall())


def offer(app):
    """What the review panel's button says: ``{"count": new ones, "mistakes": all of them,
    "text": its words}``, or None (nothing to offer yet)."""
    puzzles = found(app)
    if puzzles is None:
        return None
    tr = app.tr
    new = sum(1 for p in puzzles if app.puzzles.find(key_of(p)) is None)
    if new:
        text = tr.n("puzzles.review_add", new)
    elif puzzles:
        text = tr.n("puzzles.review_in_deck", len(puzzles))
    else:
        text = tr("puzzles.review_none")
    return {"count": new, "mistakes": len(puzzles), "text": text}


def add(app):
    """Add them to the deck (those already there are left out); the status line says so."""
    puzzles = found(app)
    if puzzles is None:
        return
    added, _ = app.puzzles.add(puzzles)
    app.message = ("puzzles.added", {"count": {"plural": "puzzles.count_puzzles", "n": added},
                                     "due": {"plural": "puzzles.count_due_now", "n": app.puzzles.due_count()}})
    if app.puzzles.unsaved:
        app.message = ("puzzles.unsaved", {})

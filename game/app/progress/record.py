"""A match's record of progress: who the person played, the result, and the review's figures.

The figures are the review's own (:func:`game.bot.analysis.Review.result`, the numbers the
review panel shows): ``rate`` is its error rate in millipoints per decision; checker plays
and cube decisions apart, each its loss over its count of decisions.

>>> result = {"players": [{}, {"millipoints": 12.5, "decisions": 4, "moves": 3, "cube_decisions": 1,
...                            "checker_loss": 0.02, "cube_loss": 0.03, "luck": -0.25}]}
>>> figures(result, 1)
{'analysed': True, 'rate': 12.5, 'checker_rate': 6.7, 'cube_rate': 30.0, 'decisions': 4, 'moves': 3, 'cube_decisions': 1, 'luck': -0.25}
>>> seat_of("bot"), seat_of("hotseat"), seat_of("watch")
(1, 1, None)
"""

from game.app.keep.progress_log import blank, match_key
from game.app.view.places import PERSON

__all__ = ["figures", "seat_of", "over_record", "history_record"]


def _rate(loss, count):
    return round(1000 * loss / count, 1) if count else None


def figures(result, seat):
    """The record's figures for ``seat`` from a complete review ``result``."""
    p = result["players"][seat]
    return {"analysed": True, "rate": p["millipoints"], "checker_rate": _rate(p["checker_loss"], p["moves"]),
            "cube_rate": _rate(p["cube_loss"], p["cube_decisions"]), "decisions": p["decisions"],
            "moves": p["moves"], "cube_decisions": p["cube_decisions"], "luck": p["luck"]}


def seat_of(mode, friend_seat=None):
    """The person's player in a match of ``mode``: his seat against the computer, the bottom
    player's on one device (the first player), his own with a friend; None when he did not play."""
    if mode in ("bot", "hotseat"):
        return PERSON
    if mode == "friend":
        return friend_seat
    return None


def _record(events, setup, seat, score, winner, finished_at):
    kind = setup.mode
    return blank(match_key(events), finished_at, kind, setup.level if kind == "bot" else None, setup.length,
                 seat, winner == seat, [score[seat], score[1 - seat]])


def over_record(app):
    """The record of the match on the board, just over; None when the person did not play it."""
    match = app.match
    seat = seat_of(app.setup.mode, app.friend.seat if app.friend is not None else None)
    if seat is None or match is None or match.match_winner is None:
        return None
    return _record(match.to_dict()["events"], app.setup, seat, match.score, match.match_winner,
                   int(app.wall()))


def history_record(entry, setup):
    """The record of a finished match of the history (its ``setup`` read); None when the
    person did not play it, or it was with a friend (the seat is not in the history)."""
    seat = seat_of(setup.mode)
    match = entry.get("match")
    score, winner = entry.get("score"), entry.get("winner")
    if seat is None or not isinstance(match, dict) or not isinstance(score, list) or len(score) != 2 \
            or winner not in (0, 1):
        return None
    when = entry.get("finished_at")
    when = when if isinstance(when, int) and not isinstance(when, bool) and when >= 0 else 0
    return _record(match.get("events") or [], setup, seat, score, winner, when)

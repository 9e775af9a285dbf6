"""The last play made, read from a match's log, for the board to mark.

A :class:`LastMove` says where the last play left from, where it went and
where it hit, in its player's numbering (25 the bar, 0 off), as the board
marks it (:func:`game.app.view.board_svg.board_svg`).  Only the play just made is
marked, as GNU Backgammon's and eXtreme Gammon's boards show the last move:
while a person thinks about his roll, the computer's play stays marked until
his own is made (Done), which then takes its place.  A pass leaves no mark;
a new game (or a position set up) starts with none.

>>> events = [{"type": "game_start"}, {"type": "opening_roll", "player": 0, "dice": [3, 1]},
...           {"type": "move", "player": 0, "dice": [3, 1], "move": "8/5 6/5"},
...           {"type": "roll", "player": 1, "dice": [6, 4]},
...           {"type": "move", "player": 1, "dice": [6, 4], "move": "24/18 13/9"}]
>>> [(m.player, m.sources, m.targets, m.hits) for m in last_moves(events)]
[(1, (13, 24), (9, 18), ())]
>>> last_moves(events + [{"type": "roll", "player": 0, "dice": [5, 5]}])[0].player
1
"""

from dataclasses import dataclass

from game.errors import InvalidNotationError
from game.move import parse_notation

__all__ = ["LastMove", "Preview", "last_moves", "from_notation", "preview_of"]

#: the events after which no earlier play is marked
_FRESH = ("game_start", "setup")


@dataclass(frozen=True)
class LastMove:
    """One player's last play: the points it left (``sources``), the points it reached
    (``targets``) and the points where it hit a blot (``hits``), each sorted, in
    ``player``'s numbering (25 his bar, 0 off)."""

    player: int
    sources: tuple = ()
    targets: tuple = ()
    hits: tuple = ()


def from_notation(player, text):
    """The :class:`LastMove` of a play written in notation, or None when it cannot be read.

    A checker that travels (``24/13``) is marked where it left and where it
    stopped; a point it hit on the way (``8/5*/3``) is marked as a hit.

    >>> from_notation(1, "8/5*/3 bar/22*")
    LastMove(player=1, sources=(8, 25), targets=(3, 22), hits=(5, 22))
    >>> from_notation(0, "6/off(2)")
    LastMove(player=0, sources=(6,), targets=(0,), hits=())
    >>> from_notation(0, "") is None, from_notation(0, "nonsense") is None
    (True, True)
    """
    parts = _parts(text)
    if parts is None:
        return None
    sources, targets, hits = set(), set(), set()
    for source, target, _count, touched in parts:
        sources.add(source)
        targets.add(target)
        hits.update(touched)
    # a point both left and reached (13/8 8/5) was only passed through: the play's ends count
    return LastMove(player, tuple(sorted(sources - targets)) or tuple(sorted(sources)),
                    tuple(sorted(targets - sources)) or tuple(sorted(targets)), tuple(sorted(hits)))


def last_moves(events):
    """The mark of the current game of ``events`` (a :attr:`game.match.Match.events`
    list): the :class:`LastMove` of the last play made, alone; none after a pass.

    Only the current game is read (from its last ``game_start`` or ``setup``), searched
    from the end, so a long session costs no more than a short one.

    >>> last_moves([{"type": "game_start"}])
    ()
    >>> last_moves([{"type": "move", "player": 0, "move": "13/7"}, {"type": "game_start"}])
    ()
    >>> last_moves([{"type": "game_start"}, {"type": "pass", "player": 1, "dice": [6, 6]}])
    ()
    """
    for event in reversed(events):
        kind = event.get("type")
        if kind in _FRESH or kind == "pass":
            break
        if kind == "move" and event.get("player") in (0, 1):
            mark = from_notation(event["player"], str(event.get("move", "")))
            return () if mark is None else (mark,)
    return ()


@dataclass(frozen=True)
class Preview:
    """A play shown on the board without being made (a hint hovered): one ``(source,
    target)`` per checker that would move, in the order written, and the points where it
    would hit, in ``player``'s numbering (25 his bar, 0 off); ``verdict``, in a review, what
    the play is worth: ``"best"``, ``"doubtful"``, ``"error"``, ``"blunder"`` or None (no mark)."""

    player: int
    paths: tuple = ()
    hits: tuple = ()
    verdict: str = None


def preview_of(player, text, verdict=None):
    """The :class:`Preview` of a play written in notation (as a hint lists it), or None.

    >>> preview_of(0, "13/7(2) 8/5*/3")
    Preview(player=0, paths=((13, 7), (13, 7), (8, 3)), hits=(5,), verdict=None)
    >>> preview_of(1, "bar/") is None
    True
    """
    parts = _parts(text)
    if parts is None:
        return None
    paths, hits = [], set()
    for source, target, count, touched in parts:
        paths.extend([(source, target)] * count)
        hits.update(touched)
    return Preview(player, tuple(paths), tuple(sorted(hits)), verdict)


def _parts(text):
    """The parts of a play written in notation (``parse_notation``), None when it says none."""
    try:
        return parse_notation(text) or None
    except InvalidNotationError:
        return None

"""A puzzle shared as a link, ``?puzzle=<code>``: the code carries the position and its context.

The code is ``1`` (its version), then the puzzle's Position ID (14 characters) and Match ID
(12), in the URL-safe alphabet of base64 (``-`` for ``+``, ``_`` for ``/``): 27 characters.
The Match ID holds the dice, the cube, the score and the match length; what the puzzle asks
follows from it (dice: a checker play; a double offered: take or pass; else: double or not).
The code carries no rating: the engine of whoever opens it ranks the choices afresh
(:mod:`.rate`).

:func:`read` refuses, with a message key, a code with bad characters, of the wrong length or
version, whose IDs the engine refuses (an impossible position, dice out of range), or that
asks nothing (a game over, a forced play, a cube that cannot be turned).

>>> code = encode("4HPwATDgc/ABMA", "cImqAAAAAAAE")
>>> code, read(code)
('14HPwATDgc_ABMAcImqAAAAAAAE', ('4HPwATDgc/ABMA', 'cImqAAAAAAAE', 'move'))
>>> for bad in ("14HPwATDgc_ABM", "14HPwATDgc/ABMAcImqAAAAAAAE", "24HPwATDgc_ABMAcImqAAAAAAAE"):
...     try:
...         read(bad)
...     except PuzzleLinkError as error:
...         print(error.key)
puzzles.link_length
puzzles.link_characters
puzzles.link_version
"""

import re
from urllib.parse import parse_qs

from game.cube import double_refusal
from game.ids.match_id import GAME_PLAYING
from game.app.keep.share import ShareError, decode, read_ids

__all__ = ["VERSION", "LENGTH", "PuzzleLinkError", "encode", "read", "kind_of", "in_query"]

VERSION = "1"
LENGTH = 27
_SAFE = re.compile(r"[A-Za-z0-9_-]*")
_TO_SAFE = str.maketrans("+/", "-_")
_FROM_SAFE = str.maketrans("-_", "+/")


class PuzzleLinkError(ValueError):
    """A puzzle's code that cannot be opened: ``key`` names the reason (fr/en)."""

    def __init__(self, key, detail=""):
        super().__init__(f"{key}: {detail}" if detail else key)
        self.key = key


def encode(position_id, match_id):
    """The code of the puzzle at these IDs."""
    return VERSION + (position_id + match_id).translate(_TO_SAFE)


def kind_of(shared):
    """What the position of decoded IDs (a :class:`SharedPosition`) asks: ``"move"``,
    ``"response"`` or ``"cube"``; raises :class:`PuzzleLinkError` when it asks nothing."""
    info = shared.info
    if shared.next_game or info.game_state != GAME_PLAYING or info.resignation:
        raise PuzzleLinkError("puzzles.link_nothing")
    if info.dice is not None:
        if info.double_offered or len(shared.position.legal_moves(info.dice)) < 2:
            raise PuzzleLinkError("puzzles.link_nothing")
        return "move"
    if info.double_offered:
        return "response"
    refused = double_refusal(cube_value=info.cube_value, cube_owner=info.cube_owner,
                             player=info.player_on_roll, cube_enabled=True, crawford_game=info.crawford,
                             max_cube=max(64, info.cube_value), match_length=info.match_length,
                             score=info.score)
    if refused is not None:
        raise PuzzleLinkError("puzzles.link_nothing")
    return "cube"


def read(code):
    """``(position_id, match_id, kind)`` of a puzzle's code; raises :class:`PuzzleLinkError`."""
    if not isinstance(code, str):
        raise PuzzleLinkError("puzzles.link_characters")
    code = code.strip()
    if not _SAFE.fullmatch(code):
        raise PuzzleLinkError("puzzles.link_characters", code[:40])
    if len(code) != LENGTH:
        raise PuzzleLinkError("puzzles.link_length", str(len(code)))
    if code[0] != VERSION:
        raise PuzzleLinkError("puzzles.link_version", code[0])
    ids = code[1:].translate(_FROM_SAFE)
    position_id, match_id = ids[:14], ids[14:]
    try:
        shared = decode(read_ids(f"{position_id}:{match_id}"))
        shared.match()                    # the engine sets it up, or refuses it
    except ShareError as error:
        key = "puzzles.link_dice" if "impossible dice" in str(error) else error.key
        raise PuzzleLinkError(key, str(error)) from None
    return position_id, match_id, kind_of(shared)


def in_query(query):
    """What a page's query asks of the puzzles: ``("deck", None)`` for ``?puzzles``,
    ``("puzzle", code)`` for ``?puzzle=<code>``, else None.

    >>> in_query("?puzzles"), in_query("?puzzle=1abc&lang=fr"), in_query("?mode=bot")
    (('deck', None), ('puzzle', '1abc'), None)
    """
    asked = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
    if "puzzle" in asked:
        return "puzzle", asked["puzzle"][0][:200]
    if "puzzles" in asked:
        return "deck", None
    return None

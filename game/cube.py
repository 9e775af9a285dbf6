"""The doubling cube and the score of a game, as pure functions of plain values.

Players are 0 and 1; a cube owner is 0, 1 or None (centred).  Nothing here
keeps state: :mod:`game.match` asks these functions and applies the answer.
The rules are those of the project's rule texts (cube values 2 to 64, only
the owner redoubles, dropping loses the cube's value, gammon 2 and
backgammon 3 times the cube, the Crawford rule) and, where the texts are
silent, GNU Backgammon's (no double with a dead cube in a match, automatic
doubles, Jacoby, beavers).

>>> double_refusal(cube_value=1, cube_owner=None, player=0)
>>> double_refusal(cube_value=2, cube_owner=1, player=0).value
'not_cube_owner'
>>> game_points(cube_value=2, result=2)
4
"""

from .reasons import Reason

__all__ = [
    "RESULT_NAMES", "is_cube_value", "double_refusal", "beaver_refusal", "jacoby_applies",
    "game_points", "auto_double", "crawford_after", "match_winner",
]

#: result of a game (what :meth:`game.Position.result_points` returns) → its name
RESULT_NAMES = {1: "single", 2: "gammon", 3: "backgammon"}


def is_cube_value(value, maximum=1 << 15):
    """True for a power of two from 1 to ``maximum`` (an int, not a bool).

    >>> [v for v in (0, 1, 2, 3, 64, 128) if is_cube_value(v, 64)]
    [1, 2, 64]
    """
    return (isinstance(value, int) and not isinstance(value, bool)
            and 1 <= value <= maximum and not value & (value - 1))


def double_refusal(*, cube_value, cube_owner, player, cube_enabled=True, crawford_game=False,
                   max_cube=64, match_length=0, score=(0, 0)):
    """Why ``player`` (on roll, before rolling) may not double now, or None when he may.

    In order: the cube is not used (``CUBE_DISABLED``); the Crawford game
    (``CRAWFORD_NO_DOUBLE``); the opponent owns the cube
    (``NOT_CUBE_OWNER``); doubling would pass ``max_cube``
    (``CUBE_AT_MAXIMUM``); in a match, the cube already gives the player the
    match when he wins this game (``DOUBLE_ALREADY_WON``: GNU Backgammon's
    "the cube is dead").  Being closed out does not matter: a player who
    cannot move may still double.

    >>> double_refusal(cube_value=1, cube_owner=None, player=1, crawford_game=True).value
    'crawford_no_double'
    >>> double_refusal(cube_value=64, cube_owner=0, player=0).value
    'cube_at_maximum'
    >>> double_refusal(cube_value=2, cube_owner=0, player=0, match_length=5, score=(3, 0)).value
    'double_already_won'
    >>> double_refusal(cube_value=1, cube_owner=None, player=0, match_length=5, score=(3, 0))
    """
    if not cube_enabled:
        return Reason.CUBE_DISABLED
    if crawford_game:
        return Reason.CRAWFORD_NO_DOUBLE
    if cube_owner is not None and cube_owner != player:
        return Reason.NOT_CUBE_OWNER
    if cube_value * 2 > max_cube:
        return Reason.CUBE_AT_MAXIMUM
    if match_length and cube_value >= match_length - score[player]:
        return Reason.DOUBLE_ALREADY_WON
    return None


def beaver_refusal(*, cube_value, match_length=0, beavers=False, beavered=False, max_cube=64):
    """Why the taker may not beaver now (None when he may).

    A beaver is money play only, needs the ``beavers`` option, comes once
    per double, and the cube must be able to reach twice the offered value.
    ``cube_value`` is the value before the pending double.

    >>> beaver_refusal(cube_value=1, beavers=True)
    >>> beaver_refusal(cube_value=1, match_length=5, beavers=True).value
    'beaver_not_allowed'
    >>> beaver_refusal(cube_value=32, beavers=True).value
    'cube_at_maximum'
    """
    if match_length or not beavers or beavered:
        return Reason.BEAVER_NOT_ALLOWED
    if cube_value * 4 > max_cube:
        return Reason.CUBE_AT_MAXIMUM
    return None


def jacoby_applies(*, jacoby, match_length, cube_owner):
    """True when gammons and backgammons count single: Jacoby, money play, cube never turned.

    Automatic doubles leave the cube centred, so they do not stop the rule.

    >>> jacoby_applies(jacoby=True, match_length=0, cube_owner=None)
    True
    >>> jacoby_applies(jacoby=True, match_length=0, cube_owner=1)
    False
    """
    return bool(jacoby) and not match_length and cube_owner is None


def game_points(*, cube_value, result, jacoby=False):
    """Points a game is worth: ``result`` (1 single, 2 gammon, 3 backgammon) × the cube.

    With ``jacoby`` true (see :func:`jacoby_applies`) every result counts single.

    >>> game_points(cube_value=4, result=3)
    12
    >>> game_points(cube_value=4, result=3, jacoby=True)
    4
    """
    return cube_value * (1 if jacoby else result)


def auto_double(*, cube_value, doubles_so_far, limit, match_length=0, cube_enabled=True, max_cube=64):
    """True when an opening tie turns the cube (automatic doubles, money play only).

    ``limit`` is how many automatic doubles a game may have (0: none), as
    GNU Backgammon's ``set automatic doubles``.

    >>> auto_double(cube_value=1, doubles_so_far=0, limit=1)
    True
    >>> auto_double(cube_value=2, doubles_so_far=1, limit=1)
    False
    >>> auto_double(cube_value=1, doubles_so_far=0, limit=3, match_length=7)
    False
    """
    return (not match_length and cube_enabled and doubles_so_far < limit
            and cube_value * 2 <= max_cube)


def crawford_after(*, match_length, crawford_rule, score, winner, was_crawford, post_crawford):
    """``(next_game_is_crawford, post_crawford)`` once ``winner`` has scored (``score`` is after).

    The Crawford game is the game right after a player first reaches one
    point short of the match; the games after it are post-Crawford.  This is
    GNU Backgammon's rule: it also holds for matches of even length.

    >>> crawford_after(match_length=5, crawford_rule=True, score=(4, 2), winner=0,
    ...                was_crawford=False, post_crawford=False)
    (True, False)
    >>> crawford_after(match_length=5, crawford_rule=True, score=(4, 3), winner=1,
    ...                was_crawford=True, post_crawford=False)
    (False, True)
    """
    if not match_length or not crawford_rule:
        return False, False
    post = post_crawford or (was_crawford and score[winner] < match_length)
    crawford = (not post and not was_crawford and score[winner] == match_length - 1
                and score[1 - winner] != match_length - 1)
    return crawford, post


def match_winner(*, match_length, score):
    """The player whose score reached ``match_length`` (None in money play or before).

    >>> match_winner(match_length=3, score=(1, 4))
    1
    >>> match_winner(match_length=0, score=(9, 0)) is None
    True
    """
    if not match_length:
        return None
    for player in (0, 1):
        if score[player] >= match_length:
            return player
    return None

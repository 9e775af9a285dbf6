"""Machine-readable reasons why the engine refuses something.

The engine never builds sentences: it names the rule.  The app and the
lessons turn each :class:`Reason` into French or English text.  A reason
travels in ``error.reason`` of :class:`game.errors.IllegalMoveError` and
:class:`game.errors.IllegalActionError`, with ``error.details`` holding the
facts a sentence needs (a point number, the dice, ...).

>>> Reason.POINT_BLOCKED.value
'point_blocked'
>>> Reason("must_enter_first") is Reason.MUST_ENTER_FIRST
True
"""

from enum import Enum

__all__ = ["Reason", "refusal_message"]


class Reason(str, Enum):
    """Why a move or an action is refused (the value is a stable string code)."""

    # --- checker play -------------------------------------------------------
    NO_CHECKER = "no_checker"                      # no checker of yours on that point
    MUST_ENTER_FIRST = "must_enter_first"          # a checker on the bar must enter before anything else
    POINT_BLOCKED = "point_blocked"                # destination holds two or more opposing checkers
    INTERMEDIATE_BLOCKED = "intermediate_blocked"  # a combined move would touch down on a closed point
    ENTRY_BLOCKED = "entry_blocked"                # the entry point for that die is closed
    NO_SUCH_DIE = "no_such_die"                    # no remaining die (or sum of dice) gives that distance
    WRONG_DIRECTION = "wrong_direction"            # checkers only move towards their home board
    BEAR_OFF_NOT_ALL_HOME = "bear_off_not_all_home"  # bearing off needs all fifteen checkers home
    BEAR_OFF_HIGHER_CHECKER = "bear_off_higher_checker"  # a die larger than needed only bears off from the highest point
    MUST_USE_BOTH_DICE = "must_use_both_dice"      # both dice can be played, so both must be
    MUST_USE_HIGHER_DIE = "must_use_higher_die"    # only one die can be played: the higher one when possible
    MUST_USE_MORE_DICE = "must_use_more_dice"      # doubles: play as many of the four as possible
    TOO_MANY_MOVES = "too_many_moves"              # more moves than the dice allow
    NO_LEGAL_MOVE = "no_legal_move"                # nothing can be played: the turn passes
    AMBIGUOUS_MOVE = "ambiguous_move"              # the text fits several different plays
    TURN_COMPLETE = "turn_complete"                # every usable die has been played already

    # --- game flow and the cube ----------------------------------------------
    NOT_YOUR_TURN = "not_your_turn"
    ALREADY_ROLLED = "already_rolled"
    NOT_ROLLED = "not_rolled"
    TURN_INCOMPLETE = "turn_incomplete"            # dice still to play before ending the turn
    NOTHING_TO_UNDO = "nothing_to_undo"
    GAME_OVER = "game_over"
    MATCH_OVER = "match_over"
    CRAWFORD_NO_DOUBLE = "crawford_no_double"      # no doubling in the Crawford game
    NOT_CUBE_OWNER = "not_cube_owner"              # only the owner of the cube may redouble
    CUBE_AT_MAXIMUM = "cube_at_maximum"            # the cube cannot go higher
    CUBE_DISABLED = "cube_disabled"                # cube not used in this match
    DOUBLE_ALREADY_WON = "double_already_won"      # a player who has won the match cannot double (dead cube)
    NO_DOUBLE_OFFERED = "no_double_offered"
    DOUBLE_PENDING = "double_pending"              # answer the double first
    BEAVER_NOT_ALLOWED = "beaver_not_allowed"
    NO_RESIGNATION_OFFERED = "no_resignation_offered"
    RESIGNATION_PENDING = "resignation_pending"
    INVALID_RESIGNATION = "invalid_resignation"
    TIME_OUT = "time_out"                          # the clock ran out: the game is lost for the cube's value
    INVALID_DICE = "invalid_dice"                  # dice values must be 1..6
    DICE_NOT_SET = "dice_not_set"                  # manual dice: the next roll has not been set yet
    OPENING_ROLL_FIRST = "opening_roll_first"      # the game starts with the opening roll
    GAME_IN_PROGRESS = "game_in_progress"          # finish (or resign) this game before starting another
    REROLL_NOT_ALLOWED = "reroll_not_allowed"      # only the opening roll of the both-dice variant may be thrown again


def refusal_message(error):
    """The engine's refusal ``error`` (its ``reason`` and ``details``) as a message the app
    translates: ``(key, params)``, points as ``{"where": n}`` (25 the bar, 0 off).

    >>> from game.errors import IllegalMoveError
    >>> refusal_message(IllegalMoveError("", Reason.POINT_BLOCKED, {"point": 7, "blockers": 2}))
    ('reason.point_blocked', {'point': {'where': 7}, 'blockers': 2})
    >>> refusal_message(ValueError("no reason"))
    ('reason.unknown', {})
    """
    reason = getattr(error, "reason", None)
    params = {}
    for name, value in (getattr(error, "details", None) or {}).items():
        if isinstance(value, bool):
            continue
        if name in ("point", "target") and isinstance(value, int):
            params[name] = {"where": value}
        elif isinstance(value, (int, str)):
            params[name] = value
    key = f"reason.{reason.value}" if isinstance(reason, Reason) else "reason.unknown"
    return key, params

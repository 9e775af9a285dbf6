"""Which action a match refuses now, and why: the rules of the phases, the turn and the cube.

:func:`refusal` is what :meth:`game.match.Match.refusal` and every action of the
match ask before they change anything.

>>> from game.match import Match
>>> refusal(Match(), "double")
(<Reason.OPENING_ROLL_FIRST: 'opening_roll_first'>, {'phase': 'opening'})
>>> refusal(Match(), "roll") is None
True
"""

from game import cube as rules
from game.errors import GameError
from game.match_state import ACTIVE, RESIGN_KINDS, Phase
from game.reasons import Reason

__all__ = ["ACTIONS", "PHASE_REASON", "refusal"]

PHASE_REASON = {
    Phase.OPENING: Reason.OPENING_ROLL_FIRST,
    Phase.ROLL_OR_DOUBLE: Reason.NOT_ROLLED,
    Phase.DOUBLED: Reason.DOUBLE_PENDING,
    Phase.MOVING: Reason.ALREADY_ROLLED,
    Phase.RESIGNATION_OFFERED: Reason.RESIGNATION_PENDING,
}

#: every action :meth:`Match.refusal` and :meth:`Match.available_actions` know
ACTIONS = ("roll", "reroll", "double", "take", "drop", "beaver", "step", "play_move", "undo", "undo_all",
           "done", "resign", "accept_resignation", "reject_resignation", "new_game", "setup")

TURN_ACTIONS = ("step", "play_move", "undo", "undo_all", "done")


def refusal(match, action, player=None, kind=1, *, replaying=False):
    """``(reason, details)`` refusing ``action`` now, or None."""
    g = match.game
    phase = g.phase
    if phase is Phase.OVER:
        if action == "new_game":
            if match.match_winner is not None:
                return Reason.MATCH_OVER, {"winner": match.match_winner}
            return None
        if match.match_winner is not None:
            return Reason.MATCH_OVER, {"winner": match.match_winner}
        return Reason.GAME_OVER, {}
    if action in ("new_game", "setup"):
        if action == "setup" and phase is Phase.OPENING:
            return None
        return Reason.GAME_IN_PROGRESS, {"phase": phase.value}
    if phase in ACTIVE and match.clock is not None and not replaying \
            and match.clock.flagged() is not None:
        return Reason.TIME_OUT, {"player": match.clock.flagged()}

    if action == "roll":
        allowed = (Phase.OPENING, Phase.ROLL_OR_DOUBLE)
    elif action == "reroll":
        if not (phase is Phase.MOVING and g.reroll_open):
            return Reason.REROLL_NOT_ALLOWED, {}
        allowed = (Phase.MOVING,)
    elif action == "double":
        allowed = (Phase.ROLL_OR_DOUBLE,)
    elif action in ("take", "drop", "beaver"):
        if phase is not Phase.DOUBLED:
            return Reason.NO_DOUBLE_OFFERED, {}
        allowed = (Phase.DOUBLED,)
    elif action in TURN_ACTIONS:
        allowed = (Phase.MOVING,)
    elif action == "resign":
        allowed = (Phase.ROLL_OR_DOUBLE, Phase.MOVING)
    elif action in ("accept_resignation", "reject_resignation"):
        if phase is not Phase.RESIGNATION_OFFERED:
            return Reason.NO_RESIGNATION_OFFERED, {}
        allowed = (Phase.RESIGNATION_OFFERED,)
    else:  # pragma: no cover - ACTIONS is checked by the callers
        raise GameError(f"unknown action {action!r}")
    if phase not in allowed:
        return PHASE_REASON[phase], {"phase": phase.value}

    actor = match.player_to_act
    if player is not None and actor is not None and player != actor:
        return Reason.NOT_YOUR_TURN, {"player": player, "to_act": actor}

    cfg = match.config
    if action == "double":
        reason = rules.double_refusal(
            cube_value=g.cube_value, cube_owner=g.cube_owner, player=g.player_on_roll,
            cube_enabled=cfg.cube, crawford_game=g.crawford, max_cube=cfg.max_cube,
            match_length=cfg.length, score=match.score)
        if reason is not None:
            return reason, {"cube": g.cube_value, "owner": g.cube_owner}
    elif action == "beaver":
        reason = rules.beaver_refusal(cube_value=g.cube_value, match_length=cfg.length,
                                      beavers=cfg.beavers, beavered=g.offer == "beaver",
                                      max_cube=cfg.max_cube)
        if reason is not None:
            return reason, {"cube": g.cube_value}
    elif action == "step":
        if g.turn.no_move:
            return Reason.NO_LEGAL_MOVE, {}
        if g.turn.is_complete:
            return Reason.TURN_COMPLETE, {"played": len(g.turn.played)}
    elif action in ("undo", "undo_all"):
        if not g.turn.played:
            return Reason.NOTHING_TO_UNDO, {}
    elif action == "done":
        turn = g.turn
        if not turn.no_move and not turn.is_complete:
            return Reason.TURN_INCOMPLETE, {"played": len(turn.played), "playable": turn.max_dice}
    elif action == "resign":
        kind = RESIGN_KINDS.get(kind, kind) if isinstance(kind, str) else kind
        if kind not in (1, 2, 3) or isinstance(kind, bool):
            return Reason.INVALID_RESIGNATION, {"kind": kind}
        if kind <= g.declined:
            return Reason.INVALID_RESIGNATION, {"kind": kind, "declined": g.declined}
    return None

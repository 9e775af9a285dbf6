"""A match, or a money session, as a state machine: the one object the app talks to.

:class:`Match` holds the :class:`MatchConfig`, the score, the games and the
current :class:`Game`.  Every action is a method (``roll``, ``double``,
``take``, ``step``, ``done``, ``resign``, ...).  An action the rules refuse
raises :class:`game.errors.IllegalActionError` (or
:class:`game.errors.IllegalMoveError` for checker play) with a
:class:`game.reasons.Reason`, and changes nothing.  Every action done is
appended to :attr:`Match.events` as a plain dict; :meth:`Match.to_dict`
saves the configuration, the dice source, the clock and those events, and
:meth:`Match.from_dict` rebuilds the match by replaying them.

>>> from game.dice import ManualDice
>>> dice = ManualDice([3, 1, 6, 6])          # the opening: player 0 throws 3, player 1 throws 1
>>> match = Match(MatchConfig(length=5), dice)
>>> match.phase.value
'opening'
>>> match.roll()
(3, 1)
>>> match.player_on_roll
0
>>> match.play_text("8/5 6/5")
>>> match.phase.value, match.player_on_roll
('roll_or_double', 1)
>>> match.double()
>>> match.take()
>>> match.cube_value, match.cube_owner
(2, 0)
>>> match.roll()
(6, 6)
>>> match.match_id()
'QQm7AAAAAAAE'
>>> match.double()
Traceback (most recent call last):
...
game.errors.IllegalActionError: double in game 1 (moving): already_rolled
>>> [event["type"] for event in match.events]
['game_start', 'opening_roll', 'move', 'double', 'take', 'roll']

The events of the log are listed in :mod:`game.match_log`.
"""

import json
import time
from dataclasses import replace

from . import cube as rules
from .clock import Clock
from .dice import ManualDice, SystemDice, dice_from_dict
from .errors import GameError, IllegalActionError, IllegalMoveError
from .match_log import apply_event, recorded_dice
from .match_rules import ACTIONS, PHASE_REASON, refusal
from .match_state import (ACTIVE, DEFAULT_LENGTH, MAX_LENGTH, OPENINGS, RESIGN_KINDS, RESIGN_NAMES, Game, GameResult,
                          InvalidMatchError, MatchConfig, Phase, is_int, starting_score)
from game.ids.match_id import (GAME_DROPPED, GAME_NONE, GAME_OVER, GAME_PLAYING, GAME_RESIGNED, MatchIdInfo, encode_match_id)
from .move import Move, parse_notation
from .position import Position, check_dice
from .reasons import Reason
from .steps import finish
from .turn import Turn
from game.ids.xgid import (BEAVER, BOTTOM, TOP, XgidInfo, encode_xgid, xgid_from_gnubg)

# the parts of a match and its constants are the match's API too (game/match_state.py, match_rules.py)
__all__ = ["Match", "MatchConfig", "Game", "GameResult", "Phase", "InvalidMatchError", "SCHEMA", "ACTIONS",
           "RESIGN_KINDS", "RESIGN_NAMES", "OPENINGS", "MAX_LENGTH", "DEFAULT_LENGTH"]

#: version of the data :meth:`Match.to_dict` writes

SCHEMA = 1

# --- the match ----------------------------------------------------------------------------

def _steps_data(steps):
    return [[step.source, step.target, step.hit] for step in steps]


class Match:
    """A match to ``config.length`` points, or a money session when the length is 0.

    ``dice`` is the dice source (:class:`game.dice.SystemDice` by default);
    ``now`` the time source of the clock (``time.monotonic`` by default).
    ``score`` and ``crawford`` start the match at a score, as a Match ID or
    an XGID describes one: ``crawford`` says the first game is the Crawford
    game; with a player one point short and ``crawford`` False, the games
    are post-Crawford.  The first ``game_start`` event records both, so a
    saved match keeps them.
    Actions take an optional ``player``: when given, the action is refused
    with ``NOT_YOUR_TURN`` unless that player is the one to act.

    >>> match = Match(MatchConfig(length=5), score=(4, 2), crawford=True)
    >>> match.score, match.is_crawford_game, match.events[0]["score"]
    ((4, 2), True, [4, 2])
    """

    def __init__(self, config=None, dice=None, *, now=None, score=(0, 0), crawford=False):
        if config is None:
            config = MatchConfig()
        if not isinstance(config, MatchConfig):
            raise InvalidMatchError(f"config {config!r}: a MatchConfig expected")
        self.config = config
        self._dice = SystemDice() if dice is None else dice
        self._now = time.monotonic if now is None else now
        self.clock = None
        self._clock_player = None
        self._replaying = False
        self._score = starting_score(config, score, crawford)
        self._next_crawford = crawford
        short = config.length - 1
        self._post_crawford = bool(config.length and config.crawford and not crawford
                                   and short in self._score)
        self._games = []
        self._events = []
        self._start_game()

    def __repr__(self):
        what = f"{self.config.length}-point match" if self.config.length else "money session"
        return (f"<Match {what}, score {self._score[0]}-{self._score[1]}, "
                f"game {self.game.number} {self.phase.value}>")

    # --- queries -----------------------------------------------------------------------
    @property
    def game(self):
        """The current :class:`Game` (the last one, once the match is over)."""
        return self._games[-1]

    @property
    def games(self):
        """Every game so far, the current one last."""
        return tuple(self._games)

    @property
    def results(self):
        """The :class:`GameResult` of every finished game."""
        return tuple(g.result for g in self._games if g.result is not None)

    @property
    def game_number(self):
        return self.game.number

    @property
    def phase(self):
        return self.game.phase

    @property
    def player_on_roll(self):
        """The player whose turn it is (0 or 1); None before the opening roll.

        Once a game is over: the player GNU Backgammon leaves on roll (the
        loser after the last checker is borne off).
        """
        return self.game.player_on_roll

    @property
    def player_to_act(self):
        """Who must act now: on roll, the taker of a double (the doubler after a beaver),
        the receiver of a resignation; None before the opening roll and once over."""
        g = self.game
        if g.phase is Phase.DOUBLED:
            return g.player_on_roll if g.offer == "beaver" else 1 - g.player_on_roll
        if g.phase is Phase.RESIGNATION_OFFERED:
            return 1 - g.resignation[0]
        if g.phase in (Phase.ROLL_OR_DOUBLE, Phase.MOVING):
            return g.player_on_roll
        return None

    @property
    def position(self):
        """The board to show, from the view of :attr:`player_on_roll` (player 0 before the
        opening roll): while moving, with the steps played so far."""
        g = self.game
        if g.turn is not None and g.phase in (Phase.MOVING, Phase.RESIGNATION_OFFERED):
            return g.turn.current
        return g.position

    @property
    def dice(self):
        """The current roll ``(d1, d2)`` or None."""
        return self.game.dice

    @property
    def turn(self):
        """The :class:`game.turn.Turn` being played (phase MOVING), else None."""
        g = self.game
        return g.turn if g.phase is Phase.MOVING else None

    @property
    def dice_source(self):
        """Where the dice come from (:mod:`game.dice`)."""
        return self._dice

    @property
    def cube_value(self):
        return self.game.cube_value

    @property
    def cube_owner(self):
        """0, 1, or None while the cube is centred."""
        return self.game.cube_owner

    @property
    def offered_cube(self):
        """The value the player to act is asked to take (phase DOUBLED), else None."""
        g = self.game
        return g.cube_value * 2 if g.phase is Phase.DOUBLED else None

    @property
    def resignation(self):
        """``(player, kind)`` of the resignation offered or accepted in this game, else None."""
        g = self.game
        if g.phase is Phase.RESIGNATION_OFFERED or g.ending == "resign":
            return g.resignation
        return None

    @property
    def score(self):
        """Points of ``(player 0, player 1)``."""
        return tuple(self._score)

    @property
    def money_totals(self):
        """Each player's points times the stake (money sessions)."""
        return tuple(points * self.config.stake for points in self._score)

    @property
    def is_crawford_game(self):
        return self.game.crawford

    @property
    def is_post_crawford(self):
        """True once the Crawford game has been played (its loser doubles again)."""
        return self._post_crawford

    @property
    def match_winner(self):
        """The player who won the match, else None (always None in money play)."""
        return rules.match_winner(match_length=self.config.length, score=self._score)

    @property
    def events(self):
        """The event log: every action as a plain dict, oldest first (read only)."""
        return list(self._events)

    def can_double(self, player=None):
        """True when the player to act (or ``player``) may double now."""
        return self.refusal("double", player) is None

    def can_reroll(self):
        """True when the winner of a both-dice opening may still throw again."""
        return self.refusal("reroll") is None

    def refusal(self, action, player=None):
        """The :class:`Reason` why ``action`` (a name from ``ACTIONS``) is refused now, or None."""
        if action not in ACTIONS:
            raise GameError(f"unknown action {action!r}")
        found = refusal(self, action, player, replaying=self._replaying)
        return None if found is None else found[0]

    def available_actions(self, player=None):
        """Names of the actions allowed now (``"step"``: :attr:`turn` says which steps)."""
        return [action for action in ACTIONS if action != "setup" and refusal(self, action, player, replaying=self._replaying) is None]

    # --- identities ------------------------------------------------------------------------
    def position_id(self):
        """GNU Backgammon's Position ID of the game state (before the steps of a turn in play)."""
        return self.game.position.position_id()

    def match_id_info(self):
        """The :class:`game.ids.match_id.MatchIdInfo` of the current state, as gnubg keeps it."""
        g = self.game
        cfg = self.config
        resignation = 0
        if g.phase is Phase.OPENING:
            # gnubg between "new game" and the opening roll: nobody on roll (-1, one bit set).
            on_roll, turn, state = 1, 1, GAME_NONE
        elif g.phase is Phase.OVER:
            on_roll, turn = g.player_on_roll, g.decider
            state = {"board": GAME_OVER, "drop": GAME_DROPPED}.get(g.ending, GAME_RESIGNED)
            if g.ending == "resign":
                resignation = g.resignation[1]
            elif g.ending == "time":
                resignation = 1
        else:
            on_roll, turn, state = g.player_on_roll, self.player_to_act, GAME_PLAYING
            if g.phase is Phase.RESIGNATION_OFFERED:
                resignation = g.resignation[1]
        values = dict(
            cube_value=g.cube_value, cube_owner=g.cube_owner, player_on_roll=on_roll,
            crawford=self._next_crawford if g.phase is Phase.OVER else g.crawford,
            game_state=state, turn=turn, double_offered=g.phase is Phase.DOUBLED,
            resignation=resignation, dice=g.dice, match_length=cfg.length,
            score=tuple(self._score), jacoby=cfg.jacoby and cfg.money)
        return MatchIdInfo(**values)

    def match_id(self):
        """GNU Backgammon's Match ID of the current state (12 characters)."""
        return encode_match_id(self.match_id_info())

    def xgid(self):
        """The XGID of the game in play, or None before the opening roll and once over.

        XG has no field for a resignation: while one is offered, the XGID is
        the game's.  gnubg players map to XG seats as gnubg does: player 1
        is XG's bottom player, player 0 the top one.
        """
        g = self.game
        cfg = self.config
        if g.phase in (Phase.OPENING, Phase.OVER):
            return None
        max_log2 = cfg.max_cube.bit_length() - 1
        if g.offer == "beaver":
            seat = {1: BOTTOM, 0: TOP, None: None}
            info = XgidInfo(
                mine=g.position.mine, theirs=g.position.theirs, on_roll=seat[g.player_on_roll],
                cube_value=g.cube_value // 2, cube_owner=seat[g.owner_before_offer],
                cube_action=BEAVER, score_bottom=self._score[1], score_top=self._score[0],
                jacoby=cfg.jacoby, beaver=True, max_cube_log2=max_log2)
            return encode_xgid(info)
        info = self.match_id_info()
        if g.phase is Phase.RESIGNATION_OFFERED:
            info = replace(info, resignation=0, turn=info.player_on_roll)
        return encode_xgid(xgid_from_gnubg(self.position_id(), info, beaver=cfg.beavers and cfg.money,
                                           max_cube_log2=max_log2))

    # --- actions: the roll and the cube ------------------------------------------------------
    def roll(self, player=None):
        """Throw the dice: the opening roll, or the roll of the player on roll.

        The opening roll throws again until the players' numbers differ
        (each throw is logged; in money play a tie may turn the cube, see
        ``automatic_doubles``).  Returns the dice to play.
        """
        self._check("roll", player)
        g = self.game
        if g.phase is Phase.OPENING:
            self._opening_roll()
        else:
            dice = self._throw()
            self._log("roll", player=g.player_on_roll, dice=list(dice))
            self._begin_turn(dice)
        self._sync_clock()
        return g.dice

    def reroll(self, player=None):
        """Both-dice opening: the winner throws again instead of playing his throw.

        He must then play the new throw.  Returns the new dice.
        """
        self._check("reroll", player)
        g = self.game
        dice = self._throw()
        self._log("reroll", player=g.player_on_roll, dice=list(dice))
        g.reroll_open = False
        self._begin_turn(dice)
        return g.dice

    def double(self, player=None):
        """The player on roll offers the cube at twice its value, before rolling."""
        self._check("double", player)
        g = self.game
        g.offer = "double"
        g.owner_before_offer = g.cube_owner
        g.phase = Phase.DOUBLED
        self._log("double", player=g.player_on_roll, cube=g.cube_value * 2)
        self._sync_clock()

    def take(self, player=None):
        """Accept the double (or the beaver): the cube doubles and goes to the taker
        (stays with the beaver)."""
        self._check("take", player)
        g = self.game
        taker = self.player_to_act
        g.cube_value *= 2
        g.cube_owner = 1 - g.player_on_roll
        g.offer = None
        g.declined = 0
        g.phase = Phase.ROLL_OR_DOUBLE
        self._log("take", player=taker, cube=g.cube_value)
        self._sync_clock()

    def drop(self, player=None):
        """Refuse the double (or the beaver): lose the game for the cube's value before it."""
        self._check("drop", player)
        g = self.game
        dropper = self.player_to_act
        self._log("drop", player=dropper)
        g.decider = dropper
        self._finish(winner=1 - dropper, result=1, ending="drop")

    def beaver(self, player=None):
        """Money play with beavers: take the double and redouble at once, keeping the cube.

        The doubler must then take (the cube at four times its old value,
        owned by the beaver) or drop (losing twice its old value).
        """
        self._check("beaver", player)
        g = self.game
        beaver = self.player_to_act
        g.cube_value *= 2
        g.cube_owner = beaver
        g.offer = "beaver"
        self._log("beaver", player=beaver, cube=g.cube_value * 2)
        self._sync_clock()

    # --- actions: checker play -------------------------------------------------------------
    def step(self, source, target, player=None):
        """Move the checker on ``source`` to ``target`` (one die or several); returns the steps.

        Checker-play refusals raise :class:`game.errors.IllegalMoveError`
        (see :meth:`game.turn.Turn.step`).
        """
        self._check("play_move", player)
        g = self.game
        steps = g.turn.step(source, target)
        g.reroll_open = False
        self._log("step", player=g.player_on_roll, source=source, target=target, use=None,
                  steps=_steps_data(steps))
        return steps

    def auto_step(self, source, use="high", player=None):
        """Move the checker on ``source`` by one die (``"high"`` or ``"low"``); returns the steps."""
        self._check("play_move", player)
        g = self.game
        step = g.turn.auto_step(source, use)
        g.reroll_open = False
        self._log("step", player=g.player_on_roll, source=source, target=step.target, use=use,
                  steps=_steps_data([step]))
        return [step]

    def undo(self, player=None):
        """Take back the last step of this turn; returns it."""
        self._check("undo", player)
        g = self.game
        step = g.turn.undo()
        self._log("undo", player=g.player_on_roll, step=_steps_data([step])[0])
        return step

    def undo_all(self, player=None):
        """Take back every step of this turn; returns them in the order they were played."""
        self._check("undo_all", player)
        g = self.game
        steps = g.turn.undo_all()
        self._log("undo_all", player=g.player_on_roll, steps=_steps_data(steps))
        return steps

    def done(self, player=None):
        """End the turn once the play is complete; returns the :class:`game.Move` played.

        When the roll allows no move, ``done()`` passes (logged as a
        ``"pass"`` event) and returns None.
        """
        self._check("done", player)
        g = self.game
        turn = g.turn
        if turn.no_move:
            self._log("pass", player=g.player_on_roll, dice=list(g.dice),
                      position_id=g.position.position_id())
            self._end_turn(turn.result())
            return None
        move = turn.move
        self._log("move", player=g.player_on_roll, dice=list(g.dice), move=str(move),
                  position_id=g.position.position_id())
        self._end_turn(turn.result())
        return move

    def play_move(self, move, player=None):
        """Play a whole :class:`game.Move` and end the turn (steps already made are taken back).

        The move is checked against the legal plays of the roll; an empty
        move passes when no move is possible.
        """
        self._check("play_move", player)
        if not isinstance(move, Move):
            raise IllegalMoveError(f"play_move({move!r}): a Move expected", Reason.NO_SUCH_DIE)
        g = self.game
        turn = g.turn
        if turn.no_move:
            if len(move):
                raise IllegalMoveError(
                    f"move {str(move)!r} in {g.position.position_id()} with {g.dice[0]}-{g.dice[1]}: "
                    f"no move is possible", Reason.NO_LEGAL_MOVE)
            self.done()
            return
        found = turn.plays.find(move)
        if found is None:
            raise turn.plays.refusal(move)
        if turn.played:
            self.undo_all()
        self._log("move", player=g.player_on_roll, dice=list(g.dice), move=str(found),
                  position_id=g.position.position_id())
        self._end_turn(g.position.play(found))

    def play_text(self, text, player=None):
        """Play a whole move written in notation (``"24/18 13/11"``) and end the turn."""
        self._check("play_move", player)
        # the turn's legal plays are the position's for the roll: read the text against them
        # (Position.parse_move would generate them again)
        self.play_move(self.game.turn.plays.from_parts(parse_notation(text), text), player)

    # --- actions: resignations, the clock, new games ------------------------------------------
    def resign(self, kind=1, player=None):
        """The player on roll offers to resign a single game (1), a gammon (2) or a backgammon (3).

        ``kind`` may also be ``"single"``, ``"gammon"`` or ``"backgammon"``.
        An offer the opponent declined cannot be repeated (or lowered)
        before the next roll or cube action, as in GNU Backgammon.
        """
        self._check("resign", player, kind=kind)
        g = self.game
        kind = RESIGN_KINDS.get(kind, kind)
        g.resignation = (g.player_on_roll, kind)
        g.phase_before_resignation = g.phase
        g.phase = Phase.RESIGNATION_OFFERED
        self._log("resign", player=g.player_on_roll, kind=kind)
        self._sync_clock()

    def resign_kinds(self):
        """What the player on roll may offer to resign now, as names (:data:`RESIGN_KINDS`):
        ``"single"``, ``"gammon"`` while none of his checkers is off, ``"backgammon"`` while
        one is also on the bar or in the opponent's home board (as the turn began), less a
        kind the opponent just declined (not offered again, nor a smaller one, before the
        next roll). Empty when he may not resign now.

        >>> match = Match(MatchConfig(length=0), ManualDice([3, 1]))
        >>> match.resign_kinds(), match.roll() and None, match.resign_kinds()
        ([], None, ['single', 'gammon', 'backgammon'])
        """
        g = self.game
        if g.phase not in (Phase.ROLL_OR_DOUBLE, Phase.MOVING):
            return []
        stake = g.position.at_stake()
        return [name for name, value in RESIGN_KINDS.items() if g.declined < value <= stake]

    def accept_resignation(self, player=None):
        """Accept the resignation: win the points offered, times the cube.

        As in GNU Backgammon the Jacoby rule does not reduce an accepted
        resignation: its points are what both players agreed.
        """
        self._check("accept_resignation", player)
        g = self.game
        resigner, kind = g.resignation
        self._log("accept_resignation", player=1 - resigner)
        g.decider = 1 - resigner
        self._finish(winner=1 - resigner, result=kind, ending="resign")

    def reject_resignation(self, player=None):
        """Refuse the resignation: the game goes on where it was."""
        self._check("reject_resignation", player)
        g = self.game
        resigner, kind = g.resignation
        g.declined = max(g.declined, kind)
        g.phase = g.phase_before_resignation
        g.resignation = None
        self._log("reject_resignation", player=1 - resigner)
        self._sync_clock()

    def check_clock(self):
        """Apply a flag: a player out of time loses the game for the cube's value.

        Returns the player who flagged, or None.  While someone is out of
        time every game action is refused with ``TIME_OUT`` until this is
        called.
        """
        g = self.game
        if self.clock is None or g.phase not in ACTIVE:
            return None
        flagged = self.clock.flagged()
        if flagged is not None:
            self.flag(flagged)
        return flagged

    def new_game(self, player=None, *, score=None):
        """Start the next game once the last one is over (until the match is won).

        ``score`` starts it at another score than the games so far give, as a
        match file may say (its result kept against the rules, or games left
        out): the Crawford game then follows from that score, as GNU
        Backgammon reads it.  The ``game_start`` event records the score.

        >>> match = Match(MatchConfig(length=5))
        >>> match.forfeit(1)
        >>> match.new_game(score=(4, 0))
        >>> match.score, match.is_crawford_game
        ((4, 0), True)
        """
        self._check("new_game", player)
        if score is not None and list(score) != self._score:
            score = starting_score(self.config, score, False)
            short = self.config.length - 1
            self._next_crawford = bool(self.config.length and self.config.crawford
                                       and not self._post_crawford and score.count(short) == 1)
            self._score = score
        self._start_game()

    def forfeit(self, player, kind=1):
        """``player`` gives the game up at once: the opponent wins ``kind`` (1 single,
        2 gammon, 3 backgammon) times the cube.

        Unlike :meth:`resign` there is no offer to answer, and it need not be
        ``player``'s turn: match files write such results (a resignation
        before the opening roll, or by the player not on roll, or a
        forfeit), and GNU Backgammon reads them as resignations.  Refused
        while a double or a resignation waits for an answer and once the
        game is over; the ``win`` event's kind is ``"resign"``.
        """
        g = self.game
        if g.phase not in (Phase.OPENING, Phase.ROLL_OR_DOUBLE, Phase.MOVING):
            raise IllegalActionError(f"forfeit in game {g.number} ({g.phase.value}): not now",
                                     PHASE_REASON.get(g.phase, Reason.GAME_OVER),
                                     {"phase": g.phase.value})
        if player not in (0, 1) or isinstance(player, bool) or kind not in (1, 2, 3) \
                or isinstance(kind, bool):
            raise IllegalActionError(f"forfeit({player!r}, {kind!r}): player 0 or 1 and kind 1, 2 "
                                     f"or 3 expected", Reason.INVALID_RESIGNATION, {"kind": kind})
        g.resignation = (player, kind)
        self._log("forfeit", player=player, kind=kind)
        g.decider = 1 - player
        self._finish(winner=1 - player, result=kind, ending="resign")

    def setup(self, position, player_on_roll=0, *, cube_value=1, cube_owner=None, dice=None,
              edit=False):
        """Start the current game from ``position`` instead of the opening roll.

        For lessons, puzzles and tests.  ``position`` (a :class:`game.Position`
        or a Position ID) is seen from ``player_on_roll``; with ``dice`` the
        turn starts rolled.  Only before the opening roll, unless ``edit``:
        then also between two turns or in the middle of one (a match file
        that sets the board up during a game, or keeps a play the rules
        refuse as the position it wrote), the turn in play dropped.  Bad
        arguments raise :class:`InvalidMatchError`.

        >>> match = Match(MatchConfig(length=3))
        >>> match.roll() and None
        >>> match.setup(Position.start(), 1, edit=True)
        >>> match.phase.value, match.player_on_roll
        ('roll_or_double', 1)
        """
        if not (edit and self.game.phase in (Phase.ROLL_OR_DOUBLE, Phase.MOVING)):
            self._check("setup", None)
        cfg = self.config
        g = self.game
        try:
            if isinstance(position, str):
                position = Position.from_position_id(position)
            if not isinstance(position, Position):
                raise InvalidMatchError(f"setup: {position!r} is not a Position")
            if position.winner() is not None:
                raise InvalidMatchError(f"setup: {position.position_id()} is a finished game")
            if player_on_roll not in (0, 1) or not is_int(player_on_roll):
                raise InvalidMatchError(f"setup: player_on_roll {player_on_roll!r}: 0 or 1 expected")
            if cube_owner is not None and (cube_owner not in (0, 1) or not is_int(cube_owner)):
                raise InvalidMatchError(f"setup: cube_owner {cube_owner!r}: None, 0 or 1 expected")
            if not rules.is_cube_value(cube_value, cfg.max_cube):
                raise InvalidMatchError(f"setup: cube_value {cube_value!r}: a power of two up to {cfg.max_cube}")
            if (not cfg.cube or g.crawford) and (cube_value != 1 or cube_owner is not None):
                raise InvalidMatchError("setup: the cube is not used in this game")
            if dice is not None:
                dice = check_dice(dice)
        except GameError as error:
            if isinstance(error, InvalidMatchError):
                raise
            raise InvalidMatchError(f"setup: {error}") from None
        self._log("setup", player=player_on_roll, position_id=position.position_id(), cube=cube_value,
                  cube_owner=cube_owner, dice=None if dice is None else list(dice))
        g.position = position
        g.player_on_roll = player_on_roll
        g.cube_value = cube_value
        g.cube_owner = cube_owner
        g.reroll_open = False
        if dice is None:
            g.dice = None
            g.turn = None
            g.phase = Phase.ROLL_OR_DOUBLE
        else:
            self._begin_turn(dice)
        self._sync_clock()

    # --- saving --------------------------------------------------------------------------------
    def to_dict(self, *, events=True):
        """Plain JSON-able data: ``{"schema": 1, "config", "dice", "clock", "events"}``.

        ``dice`` is the dice source's state now, ``clock`` the clock's (or
        None), ``events`` the event log (a copy; ``events=False`` leaves it
        out, for a caller that writes the log itself from :attr:`events`).
        :meth:`from_dict` replays the events, so a match saved in the middle
        of a turn resumes with the same dice and the same steps played.

        >>> sorted(Match(MatchConfig(length=3)).to_dict(events=False))
        ['clock', 'config', 'dice', 'schema']
        """
        data = {
            "schema": SCHEMA,
            "config": self.config.to_dict(),
            "dice": self._dice.to_dict(),
            "clock": None if self.clock is None else self.clock.to_dict(),
        }
        if events:
            data["events"] = json.loads(json.dumps(self._events))  # a deep copy, 3 times deepcopy's speed
        return data

    @classmethod
    def from_dict(cls, data, *, now=None):
        """Rebuild a match saved with :meth:`to_dict` by replaying its events.

        Every replayed action must give back exactly the events saved.  Bad
        data raises :class:`InvalidMatchError` (a :class:`game.errors.GameError`).
        """
        return finish(cls.from_dict_steps(data, now=now))

    @classmethod
    def from_dict_steps(cls, data, *, now=None):
        """:meth:`from_dict` step by step (:mod:`game.steps`): yields after each event replayed.

        >>> data = Match().to_dict()
        >>> finish(Match.from_dict_steps(data)).to_dict() == data
        True
        """
        try:
            if not isinstance(data, dict):
                raise InvalidMatchError(f"saved match {data!r:.60}: a dict expected")
            if data.get("schema") != SCHEMA:
                raise InvalidMatchError(f"saved match: schema {data.get('schema')!r}, {SCHEMA} expected")
            unknown = sorted(set(data) - {"schema", "config", "dice", "clock", "events"}, key=str)
            if unknown:
                raise InvalidMatchError(f"saved match: unknown keys {unknown}")
            config = MatchConfig.from_dict(data.get("config"))
            events = data.get("events")
            if not isinstance(events, list) or not events or not all(isinstance(e, dict) for e in events):
                raise InvalidMatchError("saved match: events must be a non-empty list of dicts")
            first = events[0]
            match = cls(config, ManualDice(recorded_dice(events, config)), now=now,
                        score=first.get("score", (0, 0)), crawford=first.get("crawford", False))
            yield from match._replay_steps(events)
            match._dice = dice_from_dict(data.get("dice"))
            saved_clock = data.get("clock")
            if (config.clock is None) != (saved_clock is None):
                raise InvalidMatchError("saved match: the clock does not match the config's")
            if saved_clock is not None:
                match.clock = Clock.from_dict(saved_clock, match._now)
                match._clock_player = match.clock.running
            return match
        except InvalidMatchError:
            raise
        except (ValueError, TypeError, KeyError, IndexError) as error:
            raise InvalidMatchError(f"saved match: {type(error).__name__}: {error}") from None

    # --- internals -----------------------------------------------------------------------------
    def _log(self, event_type, /, **fields):
        event = {"type": event_type}
        event.update(fields)
        self._events.append(event)

    def _throw(self):
        return check_dice(self._dice.roll())

    def _check(self, action, player, **args):
        found = refusal(self, action, player, **args, replaying=self._replaying)
        if found is not None:
            reason, details = found
            g = self.game
            raise IllegalActionError(f"{action} in game {g.number} ({g.phase.value}): {reason.value}",
                                     reason, details)

    def _opening_roll(self):
        g = self.game
        cfg = self.config
        while True:
            if cfg.opening == "both_dice":
                throws = (self._throw(), self._throw())
                totals = (sum(throws[0]), sum(throws[1]))
                shown = [list(throws[0]), list(throws[1])]
            else:
                throws = ((self._dice.roll_one(),), (self._dice.roll_one(),))
                check_dice((throws[0][0], throws[1][0]))
                totals = (throws[0][0], throws[1][0])
                shown = list(totals)
            if totals[0] != totals[1]:
                break
            self._log("opening_roll", dice=shown, player=None)
            if rules.auto_double(cube_value=g.cube_value, doubles_so_far=g.auto_doubles,
                                 limit=cfg.automatic_doubles, match_length=cfg.length,
                                 cube_enabled=cfg.cube and not g.crawford, max_cube=cfg.max_cube):
                g.cube_value *= 2
                g.auto_doubles += 1
                self._log("auto_double", cube=g.cube_value)
        winner = 0 if totals[0] > totals[1] else 1
        self._log("opening_roll", dice=shown, player=winner)
        g.player_on_roll = winner
        g.reroll_open = cfg.opening == "both_dice"
        self._begin_turn(tuple(shown) if cfg.opening == "standard" else throws[winner])

    def _begin_turn(self, dice):
        g = self.game
        g.declined = 0          # the dice are new: a declined resignation may be offered again
        g.dice = tuple(dice)
        g.turn = Turn(g.position, g.dice)
        g.phase = Phase.MOVING

    def _end_turn(self, after):
        """The turn is played: ``after`` is the board with the opponent on roll."""
        g = self.game
        mover = g.player_on_roll
        g.position = after
        g.player_on_roll = 1 - mover
        g.dice = None
        g.turn = None
        g.declined = 0
        g.reroll_open = False
        if after.winner() is not None:
            assert after.winner() == 1, "only the mover can have finished"
            g.decider = 1 - mover
            self._finish(winner=mover, result=after.result_points(), ending="board")
        else:
            g.phase = Phase.ROLL_OR_DOUBLE
            self._sync_clock()

    def flag(self, player):
        """``player``'s flag fell: he loses the game for the cube's value (a saved log's
        ``flag`` done again; live play goes through :meth:`check_clock`)."""
        g = self.game
        self._log("flag", player=player)
        g.decider = 1 - player
        self._finish(winner=1 - player, result=1, ending="time")

    def _finish(self, *, winner, result, ending):
        g = self.game
        cfg = self.config
        if ending in ("drop", "time"):
            points, kind = g.cube_value, ending
        elif ending == "resign":
            # what both players agreed, as in gnubg: the Jacoby rule does not cut it
            points, kind = rules.game_points(cube_value=g.cube_value, result=result), "resign"
        else:
            jacoby = rules.jacoby_applies(jacoby=cfg.jacoby, match_length=cfg.length,
                                          cube_owner=g.cube_owner)
            points = rules.game_points(cube_value=g.cube_value, result=result, jacoby=jacoby)
            kind = rules.RESULT_NAMES[result]
        self._score[winner] += points
        self._next_crawford, self._post_crawford = rules.crawford_after(
            match_length=cfg.length, crawford_rule=cfg.crawford, score=self._score, winner=winner,
            was_crawford=g.crawford, post_crawford=self._post_crawford)
        g.phase = Phase.OVER
        g.ending = ending
        g.offer = None
        g.turn = None
        g.result = GameResult(g.number, winner, points, kind, g.cube_value, tuple(self._score))
        self._log("win", player=winner, points=points, kind=kind, cube=g.cube_value,
                  score=list(self._score))
        if self.match_winner is not None:
            self._log("match_win", player=self.match_winner, score=list(self._score))
        self._sync_clock()

    def _start_game(self):
        number = len(self._games) + 1
        self._games.append(Game(number, self._score, self._next_crawford))
        if self.config.clock is not None and not self._replaying:
            # each game has its own clocks (a flag ends the game, not the match)
            self.clock = Clock(*self.config.clock, now=self._now)
            self._clock_player = None
        self._log("game_start", game=number, score=list(self._score), crawford=self._next_crawford)

    def _sync_clock(self):
        """Time the player who must act now (none before the opening roll and once over)."""
        clock = self.clock
        if clock is None or self._replaying:
            return
        actor = self.player_to_act
        if actor == self._clock_player:
            return
        if clock.running is not None:
            clock.stop()
        self._clock_player = None
        if actor is None or clock.flagged() is not None:
            return  # a flag that fell with this very action is applied by check_clock()
        clock.start(actor)
        self._clock_player = actor

    def _replay_steps(self, events):
        """Apply saved ``events`` to this new match, checking each gives back the same events;
        a generator that yields after each."""
        if events[0] != self._events[0]:
            raise InvalidMatchError(f"saved match: event 0 {events[0]!r} is not the start of game 1")
        self._replaying = True
        try:
            index = 1
            while index < len(events):
                event = events[index]
                before = len(self._events)
                try:
                    apply_event(self, event)
                except GameError as error:
                    raise InvalidMatchError(f"saved match: event {index} {event!r}: {error}") from None
                produced = self._events[before:]
                if not produced or events[index:index + len(produced)] != produced:
                    raise InvalidMatchError(
                        f"saved match: event {index} {event!r} does not replay (got {produced!r})")
                index += len(produced)
                yield
        finally:
            self._replaying = False

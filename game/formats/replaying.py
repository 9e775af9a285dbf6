"""What the readers of match files share: a new match driven through a file's actions.

The readers of ``.mat``, ``.sgf`` and ``.xg`` files rebuild a match by playing it again
with the engine's own actions (so the engine checks every roll, move and cube action),
the file's dice fed to a :class:`game.dice.ManualDice`.  :class:`Replay` holds what they
do alike: the dice, the opening roll (with the automatic doubles before it), a roll, a
game given up (a resignation accepted, or a forfeit when the loser is not on roll), a
result capped at what the match needed, and a board a file sets during a game.  Each
reader says in its own words, by its own error, why it stops (:meth:`Replay.refuse`).

>>> from game.match import Match, MatchConfig
>>> class Reader(Replay):
...     def refuse(self, why, message, **params):
...         raise ValueError(f"{why}: {message}")
>>> reader = Reader()
>>> reader.match = Match(MatchConfig(length=3), reader.dice)
>>> reader.roll(1, (4, 2))
>>> reader.match.player_on_roll, reader.match.turn.dice
(1, (2, 4))
>>> reader.roll(0, (3, 3))
Traceback (most recent call last):
...
ValueError: turn: player 0 cannot roll now (moving)
>>> reader.fair_value(1, 3, 0, (2, 0))       # a backgammon written capped at 1 point: fair
True
"""

from ..dice import ManualDice
from ..match import Phase
from .common import replay_opening

__all__ = ["Replay"]


class Replay:
    """The base of a reader: ``self.match`` (set by the reader) and ``self.dice``.

    A reader overrides :meth:`refuse`, called with a short code of why (``opening_double``,
    ``auto_doubles``, ``turn``), a message and its parameters, which must raise.
    """

    def __init__(self, dice=None):
        self.dice = ManualDice(fallback=dice)
        self.match = None
        self.auto_doubles = 0          # the automatic doubles of the game being read

    def refuse(self, why, message, **params):  # pragma: no cover - every reader has its own
        raise NotImplementedError

    def opening(self, player, dice):
        """The opening roll won by ``player`` with ``dice``, and the ties before it that
        turned the cube (:attr:`auto_doubles`)."""
        match = self.match
        d1, d2 = dice
        if d1 == d2 and match.config.opening != "both_dice":
            self.refuse("opening_double", "the opening roll cannot be a double", dice=(d1, d2))
        replay_opening(match, self.dice, player, dice, self.auto_doubles)
        if match.game.auto_doubles != self.auto_doubles:
            self.refuse("auto_doubles", f"{self.auto_doubles} automatic doubles written for this game, "
                        f"the rules give {match.game.auto_doubles}", found=match.game.auto_doubles)

    def roll(self, player, dice, *, beaver_taken=True, check_turn=True):
        """``player`` rolls ``dice`` (the opening roll, when the game has not started).

        With ``beaver_taken``, a beaver still to answer by ``player`` is taken first: a
        file writes that take by the roll that follows it.  With ``check_turn``, a roll out
        of turn is refused here (``turn``); without, the engine's own refusal is raised.
        """
        match = self.match
        if match.phase is Phase.OPENING:
            self.opening(player, dice)
            if match.player_on_roll != player:  # pragma: no cover - opening() chose the dice
                self.refuse("turn", "the opening roll went to the other player")
            return
        g = match.game
        if beaver_taken and match.phase is Phase.DOUBLED and g.offer == "beaver" and g.player_on_roll == player:
            match.take(player)
        if check_turn and (match.phase is not Phase.ROLL_OR_DOUBLE or match.player_on_roll != player):
            self.refuse("turn", f"player {player} cannot roll now ({match.phase.value})", player=player)
        self.dice.push(dice)
        match.roll(player)

    def give_up(self, loser, kind):
        """``loser`` gives the game up, ``kind`` (1 to 3) times the cube: a resignation
        accepted when he is on roll, a forfeit otherwise (before the first roll, or by the
        player not on roll), as GNU Backgammon reads such results."""
        match = self.match
        if match.phase in (Phase.ROLL_OR_DOUBLE, Phase.MOVING) and match.player_on_roll == loser:
            match.resign(kind, loser)
            match.accept_resignation(1 - loser)
        else:
            match.forfeit(loser, kind)

    def needed(self, player, before):
        """The points ``player`` still needed to win the match at score ``before`` (None in
        money play)."""
        length = self.match.config.length
        return length - before[player] if length else None

    def fair_value(self, value, points, player, before):
        """Whether a result of ``value`` points fits a game worth ``points`` to ``player``:
        the points themselves, or capped at what the match still needed."""
        needed = self.needed(player, before)
        return value == points or (needed is not None and value == min(points, needed))

    def set_board(self, position, player, *, cube_value=None, cube_owner=(), dice=None):
        """The board a file sets: ``position`` seen from ``player``, who is on roll (with
        ``dice``, rolled); the cube as it is unless given. Before the opening roll the game
        starts from it; during a game it replaces the board (:meth:`Match.setup`, ``edit``)."""
        match = self.match
        g = match.game
        match.setup(position, player, cube_value=g.cube_value if cube_value is None else cube_value,
                    cube_owner=g.cube_owner if cube_owner == () else cube_owner, dice=dice,
                    edit=match.phase is not Phase.OPENING)

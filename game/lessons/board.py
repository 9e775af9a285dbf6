"""What a lesson shows at one moment, and the engine's view of it.

A :class:`Board` is a position seen by the learner, the dice, the match
:class:`Context` (score, cube, Crawford game, clock) and the points to
highlight.  The learner is always player 0, drawn at the bottom of the
board, and ``position.mine`` holds the learner's checkers.

:meth:`Board.match` turns a board into a real :class:`game.match.Match`
in that very state, by playing it from the start: so the engine, not the
lesson file, decides whether the score, the Crawford game, the cube and the
clock fit together, and a lesson can ask the engine what an action does.

>>> board = Board(Position.start(), (3, 1),
...               Context(match_length=5, score=(2, 4), crawford=True))
>>> match = board.match()
>>> match.score, match.is_crawford_game, match.dice
((2, 4), True, (3, 1))
>>> match.refusal("double") is None   # the dice are rolled already
False

The opening roll is computed by the engine too:

>>> opening_roll((5,), (3,))
Opening(mine=(5,), theirs=(3,), variant='standard', starter=0, dice=(5, 3))
>>> opening_roll((4,), (4,)).starter is None       # a tie: both throw again
True
>>> opening_roll((6, 2), (4, 1)).dice              # both-dice variant: 8 beats 5
(6, 2)
"""

from dataclasses import dataclass, field

from ..cube import game_points
from ..dice import ManualDice, SeededDice
from ..errors import GameError
from ..match import Match, MatchConfig
from ..position import Position

__all__ = ["LEARNER", "OPPONENT", "Context", "Opening", "Board", "opening_roll"]

#: the learner is player 0 (at the bottom); the opponent is player 1
LEARNER, OPPONENT = 0, 1


@dataclass(frozen=True)
class Context:
    """The match around a board.

    ``match_length`` 0 is money play.  ``score`` is ``(learner, opponent)``.
    ``crawford``: this game is the Crawford game; ``post_crawford``: the
    Crawford game has been played.  ``cube``: the cube is used;
    ``cube_owner`` is None (centred), ``LEARNER`` or ``OPPONENT``.
    ``double_offered``: the opponent has just doubled, the learner answers.
    ``clock`` is None or ``(per_move_seconds, reserve_seconds)``;
    ``elapsed`` the seconds the learner has spent on this move.
    """

    match_length: int = 0
    score: tuple = (0, 0)
    crawford: bool = False
    post_crawford: bool = False
    cube: bool = True
    cube_value: int = 1
    cube_owner: int | None = None
    double_offered: bool = False
    clock: tuple | None = None
    elapsed: float = 0.0

    @property
    def money(self):
        """True in money play (no match length)."""
        return not self.match_length

    def to_dict(self):
        """Plain JSON-able data."""
        return {"match_length": self.match_length, "score": list(self.score),
                "crawford": self.crawford, "post_crawford": self.post_crawford, "cube": self.cube,
                "cube_value": self.cube_value, "cube_owner": self.cube_owner,
                "double_offered": self.double_offered,
                "clock": None if self.clock is None else list(self.clock), "elapsed": self.elapsed}


@dataclass(frozen=True)
class Opening:
    """An opening roll: one die each (``standard``) or both dice each (``both_dice``).

    ``starter`` is the player who starts (None for a tie, thrown again),
    ``dice`` the numbers the starter plays.
    """

    mine: tuple
    theirs: tuple
    variant: str
    starter: int | None
    dice: tuple | None

    def to_dict(self):
        return {"mine": list(self.mine), "theirs": list(self.theirs), "variant": self.variant,
                "starter": self.starter, "dice": None if self.dice is None else list(self.dice)}


def opening_roll(mine, theirs):
    """The :class:`Opening` for the learner's throw ``mine`` and the opponent's ``theirs``.

    One die each is the standard opening; two dice each is the variant
    where the higher total starts.  The engine's own match plays the throw.
    """
    mine, theirs = tuple(mine), tuple(theirs)
    variant = "standard" if len(mine) == 1 else "both_dice"
    # after the throw asked about, one more throw that cannot tie ends the opening
    queue = [*mine, *theirs] + ([2, 1] if variant == "standard" else [2, 1, 1, 1])
    match = Match(MatchConfig(length=1, opening=variant), ManualDice(queue))
    match.roll()
    first = next(event for event in match.events if event["type"] == "opening_roll")
    starter = first["player"]
    return Opening(mine, theirs, variant, starter, tuple(match.dice) if starter is not None else None)


@dataclass(frozen=True)
class Board:
    """A position seen by the learner, with dice, context, highlights and an opening roll.

    ``highlight`` lists points in the learner's numbering (25 the bar, 0 off).
    ``dice`` is None when no dice are shown.
    """

    position: Position
    dice: tuple | None = None
    context: Context = field(default_factory=Context)
    highlight: tuple = ()
    opening: Opening | None = None

    @property
    def finished(self):
        """True when one side has borne off every checker (the game is over)."""
        return self.position.winner() is not None

    def result_points(self):
        """Points the winner scores on a finished board: single, gammon or backgammon × the cube.

        >>> Board(Position.from_counts({}, {1: 15}), context=Context(cube_value=2)).result_points()
        (0, 4)
        """
        result = self.position.result_points()
        return (self.position.winner(),
                game_points(cube_value=self.context.cube_value, result=result))

    def match(self, now=None):
        """A new :class:`game.match.Match` in the state of this board.

        Player 0 is the learner.  With dice the learner's turn is rolled
        (phase ``moving``); with ``double_offered`` the opponent has doubled
        and the learner must take or drop; otherwise the learner is on roll
        before rolling.  The clock (if any) is frozen ``elapsed`` seconds into
        the learner's move unless ``now`` gives a time source.  Raises
        :class:`game.errors.GameError` when the context is not a possible state.
        """
        return build_match(self, now)

    def clock_left(self):
        """``(per_move_left, reserve_left)`` of the learner's clock, or None without a clock.

        >>> Board(Position.start(), context=Context(clock=(30, 60), elapsed=40)).clock_left()
        (0.0, 50.0)
        """
        if self.context.clock is None or self.finished:
            return None
        return self.match().clock.remaining(LEARNER)

    def view_fields(self):
        """Keyword arguments for :class:`game.ui.render.BoardView` (plain values).

        The learner is player 0 at the bottom; the app adds its own labels,
        colours and clickable points.
        """
        context = self.context
        return {
            "counts": (self.position.mine, self.position.theirs),
            "bottom": LEARNER,
            "cube_value": context.cube_value,
            "cube_owner": context.cube_owner,
            "cube_offered_by": OPPONENT if context.double_offered else None,
            "cube_enabled": context.cube,
            "crawford": context.crawford,
            "dice": tuple(self.dice) if self.dice else (),
            "dice_player": LEARNER if self.dice else None,
        }

    def to_dict(self):
        """Plain JSON-able data (for a worker or a saved state)."""
        return {"position_id": self.position.position_id(),
                "dice": None if self.dice is None else list(self.dice),
                "context": self.context.to_dict(), "highlight": list(self.highlight),
                "opening": None if self.opening is None else self.opening.to_dict()}


def _winners(context):
    """Who wins each single point, in order, to reach the context's score and Crawford state."""
    length = context.match_length
    a, b = context.score
    if context.crawford or context.post_crawford:
        leader = LEARNER if a == length - 1 else OPPONENT
        other = 1 - leader
        other_points = (a, b)[other]
        if context.crawford:
            return [other] * other_points + [leader] * (length - 1)
        # the other player won the Crawford game: his points before it, then it
        return [other] * max(other_points - 1, 0) + [leader] * (length - 1) + [other]
    # nobody reaches one point short of the match (the engine checks it)
    return [OPPONENT] * b + [LEARNER] * a


def build_match(board, now=None):
    """See :meth:`Board.match`."""
    context = board.context
    ticks = [0.0]
    match = Match(MatchConfig(length=context.match_length, cube=context.cube, clock=context.clock),
                  ManualDice(fallback=SeededDice("lesson")),
                  now=now if now is not None else (lambda: ticks[0]))
    if context.match_length:
        for winner in _winners(context):
            match.setup(Position.start(), 1 - winner)
            match.resign(1)
            match.accept_resignation()
            match.new_game()
    elif context.score != (0, 0) or context.crawford or context.post_crawford:
        raise GameError("score and Crawford state need a match length")
    state = (match.score, match.is_crawford_game, match.is_post_crawford)
    wanted = (tuple(context.score), context.crawford, context.post_crawford)
    if state != wanted:
        raise GameError(f"score {list(context.score)} in a {context.match_length}-point match with "
                        f"crawford={context.crawford}, post_crawford={context.post_crawford} "
                        f"cannot happen (the engine reaches crawford={state[1]}, "
                        f"post_crawford={state[2]})")
    owner = context.cube_owner
    if context.double_offered:
        if board.dice is not None:
            raise GameError("a double is offered before the dice are rolled: no dice then")
        match.setup(board.position.swapped(), OPPONENT, cube_value=context.cube_value,
                    cube_owner=owner)
        match.double()
    else:
        match.setup(board.position, LEARNER, cube_value=context.cube_value, cube_owner=owner,
                    dice=board.dice)
    if context.elapsed and now is None:
        ticks[0] = float(context.elapsed)
    return match

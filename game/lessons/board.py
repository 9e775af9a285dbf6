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
Opening(mine=(5,), theirs=(3,), variant='standard', starter=0, dice=(5, 3), cube_value=1)
>>> opening_roll((4,), (4,)).starter is None       # a tie: both throw again
True
>>> opening_roll((6, 2), (4, 1)).dice              # both-dice variant: 8 beats 5
(6, 2)

In money play with automatic doubles a tie turns the cube, up to the limit:

>>> money = Context(automatic_doubles=1)
>>> opening_roll((4,), (4,), money).cube_value
2
>>> opening_roll((3,), (3,), Context(automatic_doubles=1, cube_value=2)).cube_value   # limit reached
2
"""

from dataclasses import dataclass, field, replace

from ..cube import game_points, jacoby_applies
from ..dice import ManualDice, SeededDice
from ..errors import GameError
from ..match import Match, MatchConfig
from ..position import Position

__all__ = ["LEARNER", "OPPONENT", "Context", "Opening", "Board", "opening_roll", "perform", "ENGINE_CALLS"]

#: the learner is player 0 (at the bottom); the opponent is player 1
LEARNER, OPPONENT = 0, 1


#: each lesson action (a choice option's ``action``) as the :class:`game.match.Match` call it is:
#: ``(method, arguments)``; the action's name is also the app's button label, ``button.<action>``
ENGINE_CALLS = {
    "roll": ("roll", ()), "double": ("double", ()), "take": ("take", ()), "drop": ("drop", ()),
    "beaver": ("beaver", ()),
    "resign_single": ("resign", (1,)), "resign_gammon": ("resign", (2,)),
    "resign_backgammon": ("resign", (3,)),
    "accept_resign": ("accept_resignation", ()), "reject_resign": ("reject_resignation", ()),
}


def perform(match, action):
    """Do the lesson ``action`` on ``match``: the engine raises :class:`game.errors.GameError`
    (with its :class:`game.reasons.Reason`) when the rules refuse it.

    >>> match = Board(Position.start(), context=Context(beavers=True, double_offered=True)).match()
    >>> perform(match, "beaver"); match.offered_cube
    4
    >>> perform(Board(Position.start()).match(), "accept_resign")
    Traceback (most recent call last):
    ...
    game.errors.IllegalActionError: accept_resignation in game 1 (roll_or_double): no_resignation_offered
    """
    method, arguments = ENGINE_CALLS[action]
    getattr(match, method)(*arguments)


@dataclass(frozen=True)
class Context:
    """The match around a board.

    ``match_length`` 0 is money play.  ``score`` is ``(learner, opponent)``.
    ``crawford``: this game is the Crawford game; ``post_crawford``: the
    Crawford game has been played.  ``cube``: the cube is used;
    ``cube_owner`` is None (centred), ``LEARNER`` or ``OPPONENT``.
    ``double_offered``: the opponent has just doubled, the learner answers.
    ``resignation_offered``: None, or 1, 2 or 3 when the opponent has just
    offered to resign a single game, a gammon or a backgammon (the learner
    accepts or rejects).
    ``clock`` is None or ``(per_move_seconds, reserve_seconds)``;
    ``elapsed`` the seconds the learner has spent on this move.

    Money play options, as :class:`game.match.MatchConfig` takes them
    (the engine plays them in money play only, so :meth:`Board.match` refuses
    them with a match length, see :meth:`money_options`): ``jacoby``
    (gammons count single while the cube is centred), ``beavers`` (a player
    doubled may beaver), ``automatic_doubles`` (how many opening ties turn
    the cube, 0 for none).
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
    jacoby: bool = False
    beavers: bool = False
    automatic_doubles: int = 0
    resignation_offered: int | None = None

    @property
    def money(self):
        """True in money play (no match length)."""
        return not self.match_length

    def money_options(self):
        """The money play options set (names), in the order of the context's keys.

        >>> Context(jacoby=True, automatic_doubles=1).money_options()
        ('jacoby', 'automatic_doubles')
        """
        return tuple(name for name in ("jacoby", "beavers", "automatic_doubles") if getattr(self, name))

    def config(self):
        """The :class:`game.match.MatchConfig` of this context (checked by the engine).

        >>> Context(jacoby=True, automatic_doubles=2).config().automatic_doubles
        2
        """
        return MatchConfig(length=self.match_length, cube=self.cube, clock=self.clock,
                           jacoby=self.jacoby, beavers=self.beavers,
                           automatic_doubles=self.automatic_doubles)

    def to_dict(self):
        """Plain JSON-able data."""
        return {"match_length": self.match_length, "score": list(self.score),
                "crawford": self.crawford, "post_crawford": self.post_crawford, "cube": self.cube,
                "cube_value": self.cube_value, "cube_owner": self.cube_owner,
                "double_offered": self.double_offered,
                "clock": None if self.clock is None else list(self.clock), "elapsed": self.elapsed,
                "jacoby": self.jacoby, "beavers": self.beavers,
                "automatic_doubles": self.automatic_doubles,
                "resignation_offered": self.resignation_offered}


@dataclass(frozen=True)
class Opening:
    """An opening roll: one die each (``standard``) or both dice each (``both_dice``).

    ``starter`` is the player who starts (None for a tie, thrown again),
    ``dice`` the numbers the starter plays, ``cube_value`` the cube after
    the throw (a tie turns it in money play with automatic doubles).
    """

    mine: tuple
    theirs: tuple
    variant: str
    starter: int | None
    dice: tuple | None
    cube_value: int = 1

    def to_dict(self):
        return {"mine": list(self.mine), "theirs": list(self.theirs), "variant": self.variant,
                "starter": self.starter, "dice": None if self.dice is None else list(self.dice),
                "cube_value": self.cube_value}


def opening_roll(mine, theirs, context=None):
    """The :class:`Opening` for the learner's throw ``mine`` and the opponent's ``theirs``.

    One die each is the standard opening; two dice each is the variant
    where the higher total starts.  The engine's own match plays the throw,
    under the rules of ``context`` (a :class:`Context`, money play by
    default): a centred cube above 1 counts as the automatic doubles of the
    ties thrown before this one, so the engine applies the limit.
    """
    context = context or Context()
    mine, theirs = tuple(mine), tuple(theirs)
    variant = "standard" if len(mine) == 1 else "both_dice"
    tie = [1, 1] if variant == "standard" else [1, 1, 1, 1]
    before = context.cube_value.bit_length() - 1 if context.cube_owner is None else 0
    # the ties before, the throw asked about, then one throw that cannot tie ends the opening
    queue = tie * before + [*mine, *theirs] + ([2, 1] if variant == "standard" else [2, 1, 1, 1])
    config = replace(context.config(), opening=variant, clock=None) if context.money else \
        MatchConfig(length=context.match_length, opening=variant)
    match = Match(config, ManualDice(queue))
    match.roll()
    events = match.events
    throws = [index for index, event in enumerate(events) if event["type"] == "opening_roll"]
    here = throws[before]
    following = events[here + 1:throws[before + 1]] if len(throws) > before + 1 else events[here + 1:]
    turned = sum(1 for event in following if event["type"] == "auto_double")
    starter = events[here]["player"]
    return Opening(mine, theirs, variant, starter, tuple(match.dice) if starter is not None else None,
                   context.cube_value << turned)


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

        The engine's own rule (:mod:`game.cube`, as :class:`game.match.Match`
        scores a game borne off): with the Jacoby rule in money play and the
        cube centred, a gammon or a backgammon counts as a single game.

        >>> gammon = Position.from_counts({}, {1: 15})
        >>> Board(gammon, context=Context(cube_value=2, cube_owner=LEARNER)).result_points()
        (0, 4)
        >>> Board(gammon, context=Context(jacoby=True)).result_points()
        (0, 1)
        >>> Board(gammon, context=Context(jacoby=True, cube_value=2, cube_owner=OPPONENT)).result_points()
        (0, 4)
        """
        context = self.context
        jacoby = jacoby_applies(jacoby=context.jacoby, match_length=context.match_length,
                                cube_owner=context.cube_owner)
        return (self.position.winner(),
                game_points(cube_value=context.cube_value, result=self.position.result_points(),
                            jacoby=jacoby))

    def settled_loss(self):
        """What the learner, on roll, is sure to lose: 1 (single), 2 (gammon) or 3 (backgammon),
        else None.

        The engine plays it out: in a race (no contact left) where the opponent
        bears off his last checkers with any of the 21 rolls, every legal play
        of the learner's roll (``dice``, or each of the 21 rolls when none is
        shown) is tried; the loss is settled when none bears off the last
        checker and all lead to the same result (:meth:`game.Position.result_points`).
        This is what to offer when resigning.

        >>> far = Board(Position.from_counts({12: 5, 10: 5, 8: 5}, {1: 2}))
        >>> far.settled_loss()                              # nothing can come off in one roll
        2
        >>> Board(Position.from_counts({6: 4, 5: 4, 4: 3, 12: 3}, {1: 2})).settled_loss()
        1
        >>> Board(Position.from_counts({6: 15}, {1: 2})).settled_loss() is None    # 1-1 alone takes nothing off
        True
        """
        position = self.position
        if position.winner() is not None or not position.is_race():
            return None
        opponent = position.swapped()
        for roll in _ROLLS:
            if not any(sum(opponent.play(play).theirs) == 0 for play in opponent.legal_moves(roll)):
                return None                    # some roll leaves the opponent a checker
        outcomes = set()
        for roll in [self.dice] if self.dice else _ROLLS:
            plays = position.legal_moves(roll)
            sides = [position.play(play).theirs for play in plays] if plays else [position.mine]
            for learner in sides:
                if not any(learner):
                    return None                # the learner can still win
                outcomes.add(Position([0] * 25, learner).result_points())
        return outcomes.pop() if len(outcomes) == 1 else None

    def resignation_due(self):
        """The resignation worth exactly the learner's settled loss (1, 2 or 3), else None.

        That is :meth:`settled_loss`, but with the Jacoby rule and a centred
        cube a gammon or a backgammon scores as a single game, so a single
        game is enough.

        >>> lost = Position.from_counts({12: 5, 10: 5, 8: 5}, {1: 2})
        >>> Board(lost).resignation_due(), Board(lost, context=Context(jacoby=True)).resignation_due()
        (2, 1)
        """
        kind = self.settled_loss()
        context = self.context
        if kind is not None and jacoby_applies(jacoby=context.jacoby, match_length=context.match_length,
                                               cube_owner=context.cube_owner):
            return 1
        return kind

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
        """Keyword arguments for :class:`game.app.view.geometry.BoardView` (plain values).

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


#: the 21 different rolls of two dice
_ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]


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
    if context.match_length and context.money_options():
        raise GameError(f"{', '.join(context.money_options())}: money play only, not in a "
                        f"{context.match_length}-point match")
    ticks = [0.0]
    match = Match(context.config(), ManualDice(fallback=SeededDice("lesson")),
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
    if context.double_offered and context.resignation_offered:
        raise GameError("the opponent cannot double and offer to resign at once")
    if context.double_offered or context.resignation_offered:
        if board.dice is not None:
            raise GameError("the opponent doubles or resigns before rolling: no dice then")
        match.setup(board.position.swapped(), OPPONENT, cube_value=context.cube_value,
                    cube_owner=owner)
        if context.double_offered:
            match.double()
        else:
            match.resign(context.resignation_offered)
    else:
        match.setup(board.position, LEARNER, cube_value=context.cube_value, cube_owner=owner,
                    dice=board.dice)
    if context.elapsed and now is None:
        ticks[0] = float(context.elapsed)
    return match

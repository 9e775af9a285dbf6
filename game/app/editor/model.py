"""Setting up a position by hand: the position editor's model, pure and immutable.

An :class:`EditorState` is a board and its match context: both sides'
checkers, who is on roll, the dice (or none yet), the cube, the match length
and score, and the Crawford game.  Players are GNU Backgammon's numbers
(0 the top player "O", 1 the bottom player "X"); ``counts[p]`` holds 25
numbers, player ``p``'s points 1 to 24 counted from their own side, then
their bar.  The checkers a side does not have on the board are borne off.

Every change is a method that returns a new state, or raises
:class:`EditorError` (a ``ValueError``) whose ``key`` names the sentence the
app shows, in French or English, and whose ``params`` fill it.  A state
never changes, so a refused change leaves everything as it was.  Changes
keep the context consistent (no 16th checker, one side per point, scores
below the match length, a Crawford game only when exactly one player is one
point short, no cube in the Crawford game, no owner for a cube at 1);
:meth:`EditorState.check` adds what only a position to play needs: checkers
of both sides on the board.

>>> state = EditorState.empty().add(1, 6).add(1, 6).add(0, 3)
>>> state.counts[1][5], state.borne_off(1)
(2, 13)
>>> state.ids()
('BAAAgAEAAAAAAA', 'cAkAAAAAAAAA')
>>> try:
...     state.add(0, 19)            # the bottom player's 6-point is the top player's 19
... except EditorError as error:
...     print(error.key, error.params)
editor.point_taken {'player': 0, 'point': 19}
>>> state = state.set_length(5).set_score(3, 4).set_crawford(True)
>>> EditorState.from_text(state.xgid()) == state
True
"""

from dataclasses import dataclass, replace

from game.match import MAX_LENGTH
from game.ids.match_id import (GAME_NONE, GAME_PLAYING, MatchIdInfo, encode_match_id)
from game.position import START, Position
from game.ids.xgid import encode_xgid, xgid_from_gnubg
from game.app.keep.share import (DEFAULT_MAX_CUBE, ShareError, SharedPosition, decode, read_ids)

__all__ = ["EditorError", "EditorState", "CUBE_VALUES", "BAR", "CHECKERS"]

#: the cube values the editor offers
CUBE_VALUES = (1, 2, 4, 8, 16, 32, 64)
#: a side's checkers
CHECKERS = 15
#: the bar, in a side's own numbering (as in move notation)
BAR = 25
_EMPTY = (0,) * 25


class EditorError(ValueError):
    """A change the editor refuses.  ``key``: the message key (``editor.…``);
    ``params``: plain values (players, points in the owner's numbering, numbers)."""

    def __init__(self, key, **params):
        super().__init__(f"{key} {params}" if params else key)
        self.key = key
        self.params = params


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _player(player):
    if not _is_int(player) or player not in (0, 1):
        raise EditorError("editor.bad_player", player=repr(player)[:20])
    return player


def _point(point):
    if not _is_int(point) or not 1 <= point <= BAR:
        raise EditorError("editor.bad_point", point=repr(point)[:20])
    return point


@dataclass(frozen=True)
class EditorState:
    """A position being set up, with its match context (see the module's text).

    ``length`` 0 is money play (no score, no Crawford game); ``dice`` None:
    the player on roll has not rolled yet.  ``jacoby`` and ``beavers`` are
    money-play rules, and ``max_cube`` the cube's limit, kept from imported IDs.  Build one with
    :meth:`start`, :meth:`empty`, :meth:`from_shared` or :meth:`from_text`,
    then change it with the methods; the constructor trusts its caller.
    """

    counts: tuple = (START, START)
    on_roll: int = 1
    dice: tuple | None = None
    cube_value: int = 1
    cube_owner: int | None = None
    length: int = 0
    score: tuple = (0, 0)
    crawford: bool = False
    jacoby: bool = True
    beavers: bool = False
    max_cube: int = DEFAULT_MAX_CUBE

    # --- building ------------------------------------------------------------------------
    @classmethod
    def start(cls, **context):
        """The starting position (``context``: any other field)."""
        return cls(**context)

    @classmethod
    def empty(cls, **context):
        """No checker on the board: all thirty borne off, to be placed."""
        return cls(counts=(_EMPTY, _EMPTY), **context)

    @classmethod
    def from_shared(cls, shared):
        """The state of a :class:`game.app.keep.share.SharedPosition` (an offered double or
        resignation is not kept: the editor sets up the position before it)."""
        info = shared.info
        position = shared.position
        on_roll = info.player_on_roll
        counts = [None, None]
        counts[on_roll] = position.mine
        counts[1 - on_roll] = position.theirs
        money = not info.match_length
        # the money rules mean nothing in a match: the defaults are kept there
        state = cls(counts=(tuple(counts[0]), tuple(counts[1])), on_roll=on_roll,
                    jacoby=bool(info.jacoby) or not money, beavers=bool(shared.beavers) and money,
                    max_cube=shared.max_cube)
        # through the checked setters: what the editor cannot hold is refused here
        state = state.set_length(info.match_length)
        if info.match_length:               # money play: the session's score is not kept
            state = state.set_score(*info.score)
        state = state.set_crawford(info.crawford).set_cube(info.cube_value, info.cube_owner)
        if info.game_state != GAME_NONE:
            state = state.set_dice(info.dice)
        return state

    @classmethod
    def from_text(cls, text):
        """The state of pasted IDs: Position ID and Match ID, an XGID, or a share link.

        Raises :class:`game.app.keep.share.ShareError` (text that holds no readable
        IDs) or :class:`EditorError` (a context the editor cannot hold).

        >>> EditorState.from_text("4HPwATDgc/ABMA:cImqAAAAAAAE").dice
        (5, 2)
        """
        return cls.from_shared(decode(read_ids(text)))

    # --- facts ---------------------------------------------------------------------------
    def on_board(self, player):
        """Checkers of ``player`` on the points and the bar."""
        return sum(self.counts[_player(player)])

    def borne_off(self, player):
        return CHECKERS - self.on_board(player)

    def at(self, player, point):
        """Checkers of ``player`` on ``point`` (their numbering; 25 the bar)."""
        return self.counts[_player(player)][_point(point) - 1]

    def owner_of(self, player, point):
        """Who has checkers on ``player``'s point ``point`` (1–24): 0, 1 or None.

        >>> EditorState.start().owner_of(1, 19)   # the bottom player's 19 is the top's 6
        0
        """
        player, point = _player(player), _point(point)
        if point == BAR:
            return player if self.counts[player][24] else None
        if self.counts[player][point - 1]:
            return player
        if self.counts[1 - player][24 - point]:
            return 1 - player
        return None

    # --- checkers --------------------------------------------------------------------------
    def _with(self, player, point, delta):
        counts = [list(self.counts[0]), list(self.counts[1])]
        counts[player][point - 1] += delta
        return replace(self, counts=(tuple(counts[0]), tuple(counts[1])))

    def add(self, player, point):
        """One more checker of ``player`` on ``point`` (their numbering; 25 the bar).

        >>> EditorState.empty().add(0, 25).counts[0][24]
        1
        """
        player, point = _player(player), _point(point)
        if self.on_board(player) >= CHECKERS:
            raise EditorError("editor.too_many", player=player)
        if point != BAR and self.counts[1 - player][24 - point]:
            raise EditorError("editor.point_taken", player=player, point=point)
        return self._with(player, point, 1)

    def remove(self, player, point):
        """One checker of ``player`` less on ``point``: it is borne off."""
        player, point = _player(player), _point(point)
        if not self.counts[player][point - 1]:
            raise EditorError("editor.nothing_to_remove", player=player, point=point)
        return self._with(player, point, -1)

    def clear(self):
        """Every checker borne off: an empty board (the context kept)."""
        return replace(self, counts=(_EMPTY, _EMPTY), dice=None)

    def reset(self):
        """The starting position (the context kept, the dice cleared)."""
        return replace(self, counts=(START, START), dice=None)

    # --- the context -----------------------------------------------------------------------
    def set_on_roll(self, player):
        return replace(self, on_roll=_player(player))

    def set_dice(self, dice):
        """``None`` (not rolled yet) or two dice from 1 to 6, kept higher first as GNU
        Backgammon writes them.

        >>> EditorState().set_dice([3, 5]).dice
        (5, 3)
        """
        if dice is None:
            return replace(self, dice=None)
        try:
            d1, d2 = dice
        except (TypeError, ValueError):
            raise EditorError("editor.bad_dice") from None
        if not (_is_int(d1) and _is_int(d2) and 1 <= d1 <= 6 and 1 <= d2 <= 6):
            raise EditorError("editor.bad_dice")
        return replace(self, dice=(max(d1, d2), min(d1, d2)))

    def set_cube(self, value, owner=None):
        """The cube's value (1 to 64) and owner (None: in the middle)."""
        if not _is_int(value) or value not in CUBE_VALUES:
            raise EditorError("editor.bad_cube", value=repr(value)[:20])
        if owner is not None:
            _player(owner)
            if value == 1:
                raise EditorError("editor.owned_at_one")
        if self.crawford and (value != 1 or owner is not None):
            raise EditorError("editor.crawford_cube")
        return replace(self, cube_value=value, cube_owner=owner)

    def set_length(self, length):
        """The match length (1 to 25), or 0 for money play, where the score and the
        Crawford game are cleared."""
        if not _is_int(length) or not 0 <= length <= MAX_LENGTH:
            raise EditorError("editor.bad_length", length=repr(length)[:20], most=MAX_LENGTH)
        if length == 0:
            return replace(self, length=0, score=(0, 0), crawford=False)
        if max(self.score) >= length:
            raise EditorError("editor.score_too_high", length=length, score=max(self.score))
        # the money rules (Jacoby, beavers) mean nothing in a match: back to their defaults,
        # as a match read from IDs has them
        state = replace(self, length=length, jacoby=True, beavers=False)
        if self.crawford and not state._crawford_possible():
            raise EditorError("editor.crawford_score")
        return state

    def set_score(self, score0, score1):
        """The score of (player 0, player 1), each below the match length."""
        for score in (score0, score1):
            if not _is_int(score) or score < 0:
                raise EditorError("editor.bad_score", score=repr(score)[:20])
        if self.length == 0:
            if score0 or score1:
                raise EditorError("editor.money_score")
            return self
        if max(score0, score1) >= self.length:
            raise EditorError("editor.score_too_high", length=self.length, score=max(score0, score1))
        state = replace(self, score=(score0, score1))
        if self.crawford and not state._crawford_possible():
            raise EditorError("editor.crawford_score")
        return state

    def set_crawford(self, crawford):
        """Whether this game is the Crawford game (only when exactly one player is one
        point short of the match, and the cube is in the middle at 1)."""
        if not isinstance(crawford, bool):
            raise EditorError("editor.crawford_score")
        if crawford and not self._crawford_possible():
            raise EditorError("editor.crawford_score")
        if crawford and (self.cube_value != 1 or self.cube_owner is not None):
            raise EditorError("editor.crawford_cube")
        return replace(self, crawford=crawford)

    def _crawford_possible(self):
        return bool(self.length) and list(self.score).count(self.length - 1) == 1

    # --- checking and the IDs -------------------------------------------------------------
    def check(self):
        """Raise :class:`EditorError` unless a game can be played from here: both sides
        need checkers on the board.

        >>> EditorState.empty().add(1, 3).check()
        Traceback (most recent call last):
        ...
        game.app.editor.model.EditorError: editor.no_checkers {'player': 0}
        """
        for player in (1, 0):
            if not self.on_board(player):
                raise EditorError("editor.no_checkers", player=player)
        return self

    def position(self):
        """The :class:`game.Position` seen from the player on roll (after :meth:`check`)."""
        self.check()
        return Position(self.counts[self.on_roll], self.counts[1 - self.on_roll])

    def match_info(self):
        """The :class:`game.ids.match_id.MatchIdInfo` of the context: a game in play."""
        return MatchIdInfo(cube_value=self.cube_value, cube_owner=self.cube_owner,
                           player_on_roll=self.on_roll, crawford=self.crawford,
                           game_state=GAME_PLAYING, turn=self.on_roll, dice=self.dice,
                           match_length=self.length, score=self.score,
                           jacoby=self.jacoby and not self.length)

    def ids(self):
        """``(Position ID, Match ID)``, as GNU Backgammon writes them."""
        return self.position().position_id(), encode_match_id(self.match_info())

    def xgid(self):
        """The XGID, as eXtreme Gammon writes it."""
        position_id, info = self.ids()
        return encode_xgid(xgid_from_gnubg(position_id, info, beaver=self.beavers and not self.length,
                                           max_cube_log2=self._max_cube().bit_length() - 1))

    def _max_cube(self):
        return max(self.max_cube, self.cube_value)

    def shared(self):
        """The :class:`game.app.keep.share.SharedPosition` to open as a new match.

        >>> EditorState().set_dice((3, 1)).shared().match().position_id()
        '4HPwATDgc/ABMA'
        """
        shared = SharedPosition(self.position(), self.match_info(),
                                beavers=self.beavers and not self.length, max_cube=self._max_cube())
        try:
            shared.config()
        except ShareError as error:  # pragma: no cover - the setters keep the context valid
            raise EditorError("editor.not_playable", detail=str(error)) from None
        return shared

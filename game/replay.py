"""A match played back, action by action, from its event log: no replaying of the rules.

:func:`frames` walks the events of :meth:`game.match.Match.to_dict` and
gives one :class:`Frame` per step of the game record: the start of each
game, then each move (or pass), cube action, resignation and result, each
with the board *after* it.  The board after a move is the Position ID the
next move of the same game was recorded from; only the last move of a
game is played out, once.

Each frame also knows its gnubg IDs (:meth:`Frame.position_id`,
:meth:`Frame.match_id`), so a position of a replay can be shared or opened.

>>> from game.dice import ManualDice
>>> from game.match import Match, MatchConfig
>>> match = Match(MatchConfig(length=3), ManualDice([3, 1, 4, 2]))
>>> match.roll(); match.play_text("8/5 6/5")
(3, 1)
>>> match.roll(); match.play_text("8/4 6/4")
(4, 2)
>>> shown = frames(match.to_dict()["events"], length=3)
>>> [(f.kind, f.player, f.dice) for f in shown]
[('start', None, None), ('move', 0, (3, 1)), ('move', 1, (4, 2))]
>>> shown[1].position_id() == "sGfwATDgc/ABMA", shown[2].position_id() == match.position_id()
(True, True)
>>> shown[2].match_id() == match.match_id()
True
"""

from dataclasses import dataclass

from game.ids.match_id import (GAME_NONE, GAME_OVER, GAME_PLAYING, MatchIdInfo, encode_match_id)
from game.position import Position

__all__ = ["Frame", "frames"]

_START = Position.start()
_SHOWN = ("move", "pass", "double", "beaver", "take", "drop", "resign", "flag", "win")


@dataclass(frozen=True)
class Frame:
    """The board after one action of the record.

    ``position`` is seen from ``on_roll``, the player to play next (the
    mover's opponent after a move).  ``event`` is the logged action (None
    for the start of a game), ``player`` who did it, ``dice`` the roll a
    move or pass used.  ``offered`` is the cube value a double waiting for
    an answer offers.  ``opening``: the start of a game before its opening
    roll (a game set up from a position starts in play, maybe with dice).
    """

    game: int
    kind: str
    player: int | None
    event: dict | None
    position: Position
    on_roll: int
    dice: tuple | None
    cube_value: int
    cube_owner: int | None
    offered: int | None
    score: tuple
    crawford: bool
    over: bool
    opening: bool = False
    length: int = 0
    jacoby: bool = False

    def counts(self, player):
        """The 25 counts of ``player`` (0 or 1), from his own side."""
        return self.position.mine if player == self.on_roll else self.position.theirs

    def position_id(self):
        return self.position.position_id()

    def match_info(self):
        """The :class:`game.ids.match_id.MatchIdInfo` of the state after this action."""
        dice = None
        if self.opening:
            state, on_roll, turn = GAME_NONE, 1, 1     # gnubg before the opening roll
        elif self.over:
            state, on_roll, turn = GAME_OVER, self.on_roll, self.on_roll
        else:
            state, on_roll = GAME_PLAYING, self.on_roll
            turn = 1 - on_roll if self.offered else on_roll
            if self.kind == "start":
                dice = self.dice                       # a set-up game that starts rolled
        return MatchIdInfo(cube_value=self.cube_value, cube_owner=self.cube_owner,
                           player_on_roll=on_roll, crawford=self.crawford, game_state=state,
                           turn=turn, double_offered=bool(self.offered), dice=dice,
                           match_length=self.length,
                           score=self.score, jacoby=self.jacoby and not self.length)

    def match_id(self):
        return encode_match_id(self.match_info())


def _after(event):
    """The board after a move event, seen from the mover's opponent (played out)."""
    before = Position.from_position_id(event["position_id"])
    if event["type"] == "pass":
        return before.swapped()
    return before.play(before.parse_move(event["move"], tuple(event["dice"])))


def frames(events, length=0, jacoby=False):
    """The :class:`Frame` list of a match's ``events`` (oldest first)."""
    out = []
    state = {}

    def emit(kind, event, **changes):
        state.update(changes)
        out.append(Frame(kind=kind, event=event, length=length, jacoby=jacoby, **state))

    # the board after each move: the position the next move of the same game starts from
    next_board = {}
    pending = None
    for index, event in enumerate(events):
        kind = event.get("type")
        if kind in ("game_start", "setup"):
            pending = None            # a board set during a game is not where the move led
        elif kind in ("move", "pass"):
            if pending is not None:
                next_board[pending] = (Position.from_position_id(event["position_id"]), event["player"])
            pending = index

    doubler = None
    for index, event in enumerate(events):
        kind = event.get("type")
        player = event.get("player")
        if kind == "game_start":
            emit("start", None, game=event["game"], player=None, position=_START, on_roll=0, dice=None,
                 cube_value=1, cube_owner=None, offered=None, score=tuple(event["score"]),
                 crawford=bool(event["crawford"]), over=False, opening=True)
        elif kind == "setup":
            if state.get("opening"):
                out.pop()             # the game starts from the board set; later, a frame of its own
            emit("start", None, position=Position.from_position_id(event["position_id"]),
                 on_roll=player, cube_value=event["cube"], cube_owner=event["cube_owner"],
                 dice=tuple(event["dice"]) if event.get("dice") else None, opening=False)
        elif kind in ("opening_roll", "roll"):
            state["opening"] = False
        elif kind == "auto_double":
            state["cube_value"] = event["cube"]
            out[-1] = Frame(kind=out[-1].kind, event=out[-1].event, length=length, jacoby=jacoby, **state)
        elif kind in ("move", "pass"):
            if index in next_board:
                position, on_roll = next_board[index]
            else:
                position, on_roll = _after(event), 1 - player
            emit(kind, event, player=player, position=position, on_roll=on_roll,
                 dice=tuple(event["dice"]), offered=None)
        elif kind == "double":
            doubler = player
            emit(kind, event, player=player, dice=None, offered=event["cube"])
        elif kind == "beaver":
            # gnubg's cube after a beaver: the doubled value, owned by the beaver
            emit(kind, event, player=player, dice=None, offered=event["cube"],
                 cube_value=event["cube"] // 2, cube_owner=player)
        elif kind == "take":
            emit("take", event, player=player, dice=None, offered=None, cube_value=event["cube"],
                 cube_owner=1 - doubler)
        elif kind in ("drop", "resign", "flag"):
            emit(kind, event, player=player, dice=None)
        elif kind == "win":
            emit("win", event, player=player, dice=None, offered=None, score=tuple(event["score"]),
                 over=True)
    return out

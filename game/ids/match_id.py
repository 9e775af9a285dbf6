"""GNU Backgammon Match IDs: the state of a match in 12 characters.

The Match ID is a 72-bit key in base64 (no padding).  Bits fill each byte
from its least significant bit up, and the fields follow one another from
bit 0 in this order (widths in brackets):

====  =====  ==========================================================
bits  field  meaning
====  =====  ==========================================================
0-3   (4)    log2 of the cube value
4-5   (2)    cube owner: 0 or 1, 3 when centred
6     (1)    player on roll, or who rolled ("dice owner")
7     (1)    Crawford game
8-10  (3)    game state: 0 none, 1 playing, 2 over, 3 resigned, 4 dropped
11    (1)    turn: the player who must decide now
12    (1)    a double is offered
13-14 (2)    resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon
15-17 (3)    first die (0 when not rolled); gnubg writes the higher die here
18-20 (3)    second die
21-35 (15)   match length, 0 for money play
36-50 (15)   player 0's score
51-65 (15)   player 1's score
66    (1)    Jacoby rule NOT in force (gnubg writes it since 2013; older IDs
             have 0 there, which reads as Jacoby on)
67-71 (5)    unused, 0
====  =====  ==========================================================

Players are gnubg's numbers: in gnubg's own board, player 0 is "O" (top)
and player 1 is "X" (bottom).  The Position ID that goes with a Match ID
is seen from ``player_on_roll``.

>>> info = MatchIdInfo(player_on_roll=1, turn=1, dice=(5, 2), match_length=5)
>>> encode_match_id(info)
'cImqAAAAAAAE'
>>> decode_match_id('cImqAAAAAAAE') == info
True
>>> decode_match_id('cImqAAAAAAAE').dice
(5, 2)
"""

import base64
from dataclasses import dataclass

from game.errors import InvalidIdError

MATCH_ID_LENGTH = 12

GAME_NONE = 0
GAME_PLAYING = 1
GAME_OVER = 2
GAME_RESIGNED = 3
GAME_DROPPED = 4

RESIGN_NONE = 0
RESIGN_SINGLE = 1
RESIGN_GAMMON = 2
RESIGN_BACKGAMMON = 3

MAX_CUBE = 1 << 15
_MAX_15_BITS = (1 << 15) - 1
_CENTRED = 3
_BASE64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

# (name, first bit, width) of each field of the key, in order.
_LAYOUT = (
    ("cube_log2", 0, 4),
    ("cube_owner", 4, 2),
    ("player_on_roll", 6, 1),
    ("crawford", 7, 1),
    ("game_state", 8, 3),
    ("turn", 11, 1),
    ("double_offered", 12, 1),
    ("resignation", 13, 2),
    ("die1", 15, 3),
    ("die2", 18, 3),
    ("match_length", 21, 15),
    ("score0", 36, 15),
    ("score1", 51, 15),
    ("not_jacoby", 66, 1),
)
_USED_BITS = 67


@dataclass(frozen=True)
class MatchIdInfo:
    """Everything a Match ID holds, checked when built.

    ``dice`` is None before the roll, else a pair stored higher die first,
    as gnubg writes it.  ``score`` is (player 0, player 1).  Bad fields raise
    InvalidIdError (they cannot make a Match ID).

    >>> MatchIdInfo(dice=(2, 6)).dice
    (6, 2)
    >>> MatchIdInfo(cube_value=3)
    Traceback (most recent call last):
    ...
    game.errors.InvalidIdError: cube_value 3 is not a power of two from 1 to 32768
    """

    cube_value: int = 1
    cube_owner: int | None = None
    player_on_roll: int = 0
    crawford: bool = False
    game_state: int = GAME_PLAYING
    turn: int = 0
    double_offered: bool = False
    resignation: int = RESIGN_NONE
    dice: tuple[int, int] | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self):
        cube = self.cube_value
        if not _is_int(cube) or cube < 1 or cube > MAX_CUBE or cube & (cube - 1):
            raise InvalidIdError(f"cube_value {cube!r} is not a power of two from 1 to {MAX_CUBE}")
        if self.cube_owner is not None and (not _is_int(self.cube_owner) or self.cube_owner not in (0, 1)):
            raise InvalidIdError(f"cube_owner {self.cube_owner!r} is not None, 0 or 1")
        for name in ("player_on_roll", "turn"):
            if not _is_int(getattr(self, name)) or getattr(self, name) not in (0, 1):
                raise InvalidIdError(f"{name} {getattr(self, name)!r} is not 0 or 1")
        for name in ("crawford", "double_offered", "jacoby"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidIdError(f"{name} {getattr(self, name)!r} is not a bool")
        if not _is_int(self.game_state) or not GAME_NONE <= self.game_state <= GAME_DROPPED:
            raise InvalidIdError(f"game_state {self.game_state!r} is not 0 to 4")
        if not _is_int(self.resignation) or not RESIGN_NONE <= self.resignation <= RESIGN_BACKGAMMON:
            raise InvalidIdError(f"resignation {self.resignation!r} is not 0 to 3")
        if self.dice is not None:
            dice = tuple(self.dice) if isinstance(self.dice, (tuple, list)) else ()
            if len(dice) != 2 or not all(_is_int(d) and 1 <= d <= 6 for d in dice):
                raise InvalidIdError(f"dice {self.dice!r} is not None or two dice from 1 to 6")
            object.__setattr__(self, "dice", (max(dice), min(dice)))
        if not _is_int(self.match_length) or not 0 <= self.match_length <= _MAX_15_BITS:
            raise InvalidIdError(f"match_length {self.match_length!r} is not 0 to {_MAX_15_BITS}")
        score = tuple(self.score) if isinstance(self.score, (tuple, list)) else ()
        if len(score) != 2 or not all(_is_int(s) and 0 <= s <= _MAX_15_BITS for s in score):
            raise InvalidIdError(f"score {self.score!r} is not two ints from 0 to {_MAX_15_BITS}")
        object.__setattr__(self, "score", score)
        # gnubg shows the final score of a finished game even past the length
        # (a 6-3 win of a 5-point match); before that, nobody can be past it.
        if self.match_length and max(score) > self.match_length and self.game_state < GAME_OVER:
            raise InvalidIdError(f"score {score} is past the match length {self.match_length}")
        if not self.match_length and self.crawford:
            raise InvalidIdError("crawford is set in money play (match_length 0)")


def encode_match_id(info):
    """Return the 12-character Match ID of a :class:`MatchIdInfo`.

    >>> encode_match_id(MatchIdInfo(jacoby=True))
    'MAEAAAAAAAAA'
    """
    if not isinstance(info, MatchIdInfo):
        raise TypeError(f"encode_match_id needs a MatchIdInfo, not {info!r}")
    die1, die2 = info.dice or (0, 0)
    values = {
        "cube_log2": info.cube_value.bit_length() - 1,
        "cube_owner": _CENTRED if info.cube_owner is None else info.cube_owner,
        "player_on_roll": info.player_on_roll,
        "crawford": int(info.crawford),
        "game_state": info.game_state,
        "turn": info.turn,
        "double_offered": int(info.double_offered),
        "resignation": info.resignation,
        "die1": die1,
        "die2": die2,
        "match_length": info.match_length,
        "score0": info.score[0],
        "score1": info.score[1],
        "not_jacoby": int(not info.jacoby),
    }
    key = 0
    for name, first, _width in _LAYOUT:
        key |= values[name] << first
    return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")


def decode_match_id(text):
    """Return the :class:`MatchIdInfo` read from a Match ID.

    Surrounding whitespace is ignored.  Raises InvalidIdError, quoting the
    input, when the text is not 12 base64 characters or a field is out of
    range (cube owner 2, game state over 4, a die of 0 or 7 beside a rolled
    die, scores past the match length, Crawford in money play, or any of the
    unused bits 67-71 set).  Dice written lower first, as older gnubg versions
    did, are accepted and come back higher first.

    >>> info = decode_match_id('cAgAAAAAAAAA')
    >>> info.game_state, info.player_on_roll, info.turn, info.jacoby
    (0, 1, 1, True)
    >>> decode_match_id('cAgAAAAAAAAI')
    Traceback (most recent call last):
    ...
    game.errors.InvalidIdError: Match ID 'cAgAAAAAAAAI' has unused bits 67-71 set
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"Match ID {text!r} is not a string")
    mid = text.strip()
    if len(mid) != MATCH_ID_LENGTH:
        raise InvalidIdError(f"Match ID {text!r} must be {MATCH_ID_LENGTH} characters, not {len(mid)}")
    bad = sorted(set(mid) - _BASE64)
    if bad:
        raise InvalidIdError(f"Match ID {text!r} has characters outside base64: {''.join(bad)!r}")
    key = int.from_bytes(base64.b64decode(mid), "little")
    if key >> _USED_BITS:
        raise InvalidIdError(f"Match ID {text!r} has unused bits 67-71 set")
    fields = {name: key >> first & ((1 << width) - 1) for name, first, width in _LAYOUT}
    if fields["cube_owner"] == 2:
        raise InvalidIdError(f"Match ID {text!r} has cube owner 2 (only 0, 1 and 3 exist)")
    dice = (fields["die1"], fields["die2"])
    if dice == (0, 0):
        dice = None
    elif 0 in dice or 7 in dice:
        raise InvalidIdError(f"Match ID {text!r} has impossible dice {dice}")
    try:
        return MatchIdInfo(
            cube_value=1 << fields["cube_log2"],
            cube_owner=None if fields["cube_owner"] == _CENTRED else fields["cube_owner"],
            player_on_roll=fields["player_on_roll"],
            crawford=bool(fields["crawford"]),
            game_state=fields["game_state"],
            turn=fields["turn"],
            double_offered=bool(fields["double_offered"]),
            resignation=fields["resignation"],
            dice=dice,
            match_length=fields["match_length"],
            score=(fields["score0"], fields["score1"]),
            jacoby=not fields["not_jacoby"],
        )
    except InvalidIdError as error:
        raise InvalidIdError(f"Match ID {text!r}: {error}") from None


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = [
    "GAME_DROPPED",
    "GAME_NONE",
    "GAME_OVER",
    "GAME_PLAYING",
    "GAME_RESIGNED",
    "MATCH_ID_LENGTH",
    "MAX_CUBE",
    "MatchIdInfo",
    "RESIGN_BACKGAMMON",
    "RESIGN_GAMMON",
    "RESIGN_NONE",
    "RESIGN_SINGLE",
    "decode_match_id",
    "encode_match_id",
]

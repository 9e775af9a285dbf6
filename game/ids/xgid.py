"""eXtreme Gammon IDs (XGIDs), read and written as GNU Backgammon reads them.

An XGID is ten fields joined by colons after ``XGID=``::

    XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10
         position                  | | | |  | | | | max cube, as log2
                                   | | | |  | | | match length (0: money)
                                   | | | |  | | rules (see below)
                                   | | | |  | top player's score
                                   | | | |  bottom player's score
                                   | | | dice: 00 not rolled, 52 rolled,
                                   | | |       D double offered, B beaver, R raccoon
                                   | | turn: 1 bottom player, -1 top player
                                   | cube owner: 1 bottom, 0 centred, -1 top
                                   cube value, as log2

XG names its players by where they sit on its board: the *bottom* player
writes capitals and the *top* player lower case.  The position is always
seen from the bottom player's side, whoever is on roll:

- character 0 is the top player's bar (lower case only);
- characters 1 to 24 are points 1 to 24 counted from the bottom player's
  home board: a capital is that many bottom checkers on the bottom player's
  point i, a lower-case letter that many top checkers on the top player's
  point 25 - i ("A" or "a" is one checker, "O" or "o" fifteen, "-" none);
- character 25 is the bottom player's bar (capitals only).

Rules: in a match, 1 is the Crawford game and 0 any other game; in money
play, 1 adds the Jacoby rule and 2 beavers (3 is both).

With a double offered (``D``) the turn field names the player who doubled,
the taker is to decide, and the cube field still holds the cube before the
double.  :class:`XgidInfo` keeps this: ``mine`` and ``on_roll`` are the
doubler.  gnubg reads the bottom player as its player 1 ("X") and the top
player as its player 0 ("O"); :func:`xgid_to_gnubg` and
:func:`xgid_from_gnubg` translate to and from its Position and Match IDs.

>>> info = decode_xgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10')
>>> info.on_roll, info.dice, info.jacoby, info.beaver
('bottom', (5, 2), True, True)
>>> info.mine[5], info.mine[23], info.theirs[23]
(5, 2, 2)
>>> encode_xgid(info)
'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10'
"""

import re
from dataclasses import dataclass

from game.errors import InvalidIdError, InvalidPositionError
from game.ids.match_id import (GAME_PLAYING, MAX_CUBE, MatchIdInfo, decode_match_id)
from game.ids.position_id import decode_position_id, encode_position_id

BOTTOM = "bottom"
TOP = "top"
DOUBLE = "double"
BEAVER = "beaver"
RACCOON = "raccoon"

PREFIX = "XGID="
_ACTION_CODES = {DOUBLE: "D", BEAVER: "B", RACCOON: "R"}
_ACTIONS_BY_CODE = {code: action for action, code in _ACTION_CODES.items()}
_OWNER_CODES = {None: "0", BOTTOM: "1", TOP: "-1"}
_TURN_CODES = {BOTTOM: "1", TOP: "-1"}
_INT = re.compile(r"-?[0-9]+")
_DICE = re.compile(r"[1-6][1-6]")
_GNUBG_PLAYER = {TOP: 0, BOTTOM: 1}


@dataclass(frozen=True)
class XgidInfo:
    """Everything an XGID holds, checked when built.

    ``mine`` and ``theirs`` are the position of the player on roll (the
    doubler, with a double offered) and of the other player, as elsewhere in
    the engine; ``on_roll`` says which of XG's players that is.  Seats and
    scores keep XG's names, ``"bottom"`` and ``"top"``.  ``dice`` keeps XG's
    order.  Bad fields raise InvalidIdError, a board that cannot be written
    InvalidPositionError.

    >>> empty = (0,) * 25
    >>> XgidInfo(mine=(1,) + empty[1:], theirs=empty, match_length=3, score_bottom=3)
    Traceback (most recent call last):
    ...
    game.errors.InvalidIdError: score_bottom 3 is not below the match length 3
    """

    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    on_roll: str = BOTTOM
    cube_value: int = 1
    cube_owner: str | None = None
    dice: tuple[int, int] | None = None
    cube_action: str | None = None
    score_bottom: int = 0
    score_top: int = 0
    match_length: int = 0
    crawford: bool = False
    jacoby: bool = False
    beaver: bool = False
    max_cube_log2: int = 10

    def __post_init__(self):
        object.__setattr__(self, "mine", _side("mine", self.mine))
        object.__setattr__(self, "theirs", _side("theirs", self.theirs))
        for point in range(24):
            if self.mine[point] and self.theirs[23 - point]:
                raise InvalidPositionError(
                    f"both players on one point: mine[{point}]={self.mine[point]}, "
                    f"theirs[{23 - point}]={self.theirs[23 - point]}"
                )
        if self.on_roll not in (BOTTOM, TOP):
            raise InvalidIdError(f"on_roll {self.on_roll!r} is not 'bottom' or 'top'", "turn")
        cube = self.cube_value
        if not _is_int(cube) or cube < 1 or cube > MAX_CUBE or cube & (cube - 1):
            raise InvalidIdError(f"cube_value {cube!r} is not a power of two from 1 to {MAX_CUBE}", "cube")
        if self.cube_owner not in (None, BOTTOM, TOP):
            raise InvalidIdError(f"cube_owner {self.cube_owner!r} is not None, 'bottom' or 'top'", "owner")
        if self.dice is not None:
            dice = tuple(self.dice) if isinstance(self.dice, (tuple, list)) else ()
            if len(dice) != 2 or not all(_is_int(d) and 1 <= d <= 6 for d in dice):
                raise InvalidIdError(f"dice {self.dice!r} is not None or two dice from 1 to 6", "dice")
            object.__setattr__(self, "dice", dice)
        if self.cube_action is not None:
            if self.cube_action not in _ACTION_CODES:
                raise InvalidIdError(
                    f"cube_action {self.cube_action!r} is not None, 'double', 'beaver' or 'raccoon'", "dice"
                )
            if self.dice is not None:
                raise InvalidIdError(f"cube_action {self.cube_action!r} with dice {self.dice}", "dice")
        for name, field in (("match_length", "length"), ("score_bottom", "score"), ("score_top", "score"),
                            ("max_cube_log2", "max_cube")):
            value = getattr(self, name)
            if not _is_int(value) or value < 0:
                raise InvalidIdError(f"{name} {value!r} is not a non-negative int", field)
        if self.max_cube_log2 > MAX_CUBE.bit_length() - 1:
            raise InvalidIdError(f"max_cube_log2 {self.max_cube_log2} is above {MAX_CUBE.bit_length() - 1}"
                                 f" (a cube of {MAX_CUBE})", "max_cube")
        for name in ("crawford", "jacoby", "beaver"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidIdError(f"{name} {getattr(self, name)!r} is not a bool")
        if self.match_length:
            for name in ("score_bottom", "score_top"):
                if getattr(self, name) >= self.match_length:
                    raise InvalidIdError(
                        f"{name} {getattr(self, name)} is not below the match length {self.match_length}",
                        "score")
            if self.jacoby or self.beaver:
                raise InvalidIdError("jacoby and beaver are money-play rules, not match rules", "rules")
        elif self.crawford:
            raise InvalidIdError("crawford is set in money play (match_length 0)", "rules")

    @property
    def bottom(self):
        """The bottom player's 25 counts, seen from their own side."""
        return self.mine if self.on_roll == BOTTOM else self.theirs

    @property
    def top(self):
        """The top player's 25 counts, seen from their own side."""
        return self.theirs if self.on_roll == BOTTOM else self.mine


def encode_xgid(info):
    """Return the XGID text of an :class:`XgidInfo`, with its ``XGID=`` prefix.

    >>> empty = (0,) * 25
    >>> mine = (2,) + empty[1:]                      # two on my 1-point
    >>> theirs = empty[:24] + (1,)                   # one of theirs on the bar
    >>> encode_xgid(XgidInfo(mine, theirs, on_roll='top', cube_action='double'))
    'XGID=------------------------bA:0:0:-1:D:0:0:0:0:10'
    """
    if not isinstance(info, XgidInfo):
        raise TypeError(f"encode_xgid needs an XgidInfo, not {info!r}")
    bottom, top = info.bottom, info.top
    chars = [_letter(top[24], lower=True)]
    for point in range(1, 25):
        if bottom[point - 1]:
            chars.append(_letter(bottom[point - 1], lower=False))
        else:
            chars.append(_letter(top[24 - point], lower=True))
    chars.append(_letter(bottom[24], lower=False))

    if info.cube_action is not None:
        dice = _ACTION_CODES[info.cube_action]
    elif info.dice is not None:
        dice = f"{info.dice[0]}{info.dice[1]}"
    else:
        dice = "00"
    if info.match_length:
        rules = int(info.crawford)
    else:
        rules = int(info.jacoby) + 2 * int(info.beaver)
    fields = (
        "".join(chars),
        str(info.cube_value.bit_length() - 1),
        _OWNER_CODES[info.cube_owner],
        _TURN_CODES[info.on_roll],
        dice,
        str(info.score_bottom),
        str(info.score_top),
        str(rules),
        str(info.match_length),
        str(info.max_cube_log2),
    )
    return PREFIX + ":".join(fields)


def decode_xgid(text):
    """Return the :class:`XgidInfo` read from an XGID.

    The ``XGID=`` prefix may be left out and surrounding whitespace is
    ignored.  Raises InvalidIdError, quoting the input, for anything that is
    not ten well-formed fields describing a possible position.

    >>> decode_xgid('XGID=------------------------bA:0:0:-1:D:0:0:0:0:10').cube_action
    'double'
    >>> decode_xgid('XGID=A-------------------------:0:0:1:00:0:0:0:0:10')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    game.errors.InvalidIdError: XGID '...': character 0 is the top player's bar and must be ...
    """
    if not isinstance(text, str):
        raise InvalidIdError(f"XGID {text!r} is not a string")
    body = text.strip()
    if body[: len(PREFIX)].upper() == PREFIX:
        body = body[len(PREFIX):]
    fields = body.split(":")
    if len(fields) != 10:
        raise InvalidIdError(f"XGID {text!r} has {len(fields)} fields, not 10", "count")
    try:
        return _decode_fields(fields)
    except InvalidIdError as error:
        raise InvalidIdError(f"XGID {text!r}: {error}", error.field) from None
    except InvalidPositionError as error:
        raise InvalidIdError(f"XGID {text!r}: {error}", "position") from None


def xgid_to_gnubg(info):
    """Return ``(position_id, match_info)``: the gnubg IDs of an XGID's state.

    This is what gnubg's ``set xgid`` builds (before its interface offers to
    swap players so that the player on roll sits at the bottom): the bottom
    player is gnubg's player 1, the game is in play, nobody has resigned.
    The Match ID keeps the Jacoby rule of money play but has no room for
    beavers or XG's max cube, and gnubg has no beavered or raccooned cube:
    those raise InvalidIdError.

    >>> info = decode_xgid('XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10')
    >>> position_id, match_info = xgid_to_gnubg(info)
    >>> position_id, match_info.player_on_roll, match_info.dice
    ('4HPwATDgc/ABMA', 1, (5, 2))
    """
    if info.cube_action in (BEAVER, RACCOON):
        raise InvalidIdError(f"gnubg has no Match ID for a cube that was {info.cube_action}ed: {info!r}")
    mover = _GNUBG_PLAYER[info.on_roll]
    doubled = info.cube_action == DOUBLE
    match_info = MatchIdInfo(
        cube_value=info.cube_value,
        cube_owner=None if info.cube_owner is None else _GNUBG_PLAYER[info.cube_owner],
        player_on_roll=mover,
        crawford=info.crawford,
        game_state=GAME_PLAYING,
        turn=1 - mover if doubled else mover,
        double_offered=doubled,
        dice=info.dice,
        match_length=info.match_length,
        score=(info.score_top, info.score_bottom),
        jacoby=info.jacoby,
    )
    return encode_position_id(info.mine, info.theirs), match_info


def xgid_from_gnubg(position_id, match_info, *, beaver=False, max_cube_log2=10):
    """Return the :class:`XgidInfo` of a gnubg Position ID and Match ID.

    The inverse of :func:`xgid_to_gnubg`.  ``match_info`` is a
    :class:`~game.ids.match_id.MatchIdInfo` or Match ID text.  Only a game in
    play, with no resignation offered and the turn with the player on roll
    (or with the taker, when a double is offered), has an XGID; anything else
    raises InvalidIdError.  Dice come back in gnubg's order, higher first.

    >>> encode_xgid(xgid_from_gnubg('4HPwATDgc/ABMA', 'cIkKAAAAAAAA'))
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:1:0:10'
    """
    if isinstance(match_info, str):
        match_info = decode_match_id(match_info)
    if match_info.game_state != GAME_PLAYING:
        raise InvalidIdError(f"an XGID needs a game in play, not game_state {match_info.game_state}")
    if match_info.resignation:
        raise InvalidIdError(f"an XGID cannot hold a resignation: {match_info!r}")
    expected_turn = match_info.player_on_roll ^ int(match_info.double_offered)
    if match_info.turn != expected_turn:
        raise InvalidIdError(f"an XGID cannot hold this turn: {match_info!r}")
    if match_info.double_offered and match_info.dice is not None:
        raise InvalidIdError(f"a double is offered after the dice were rolled: {match_info!r}")
    mine, theirs = decode_position_id(position_id)
    seats = {0: TOP, 1: BOTTOM}
    money = not match_info.match_length
    return XgidInfo(
        mine=mine,
        theirs=theirs,
        on_roll=seats[match_info.player_on_roll],
        cube_value=match_info.cube_value,
        cube_owner=None if match_info.cube_owner is None else seats[match_info.cube_owner],
        dice=match_info.dice,
        cube_action=DOUBLE if match_info.double_offered else None,
        score_bottom=match_info.score[1],
        score_top=match_info.score[0],
        match_length=match_info.match_length,
        crawford=match_info.crawford,
        jacoby=match_info.jacoby and money,
        beaver=beaver,
        max_cube_log2=max_cube_log2,
    )


def _decode_fields(fields):
    position, cube_log2, owner, turn, dice, score_bottom, score_top, rules, length, max_cube = fields
    if len(position) != 26:
        raise InvalidIdError(f"the position has {len(position)} characters, not 26", "position")
    bottom = [0] * 25
    top = [0] * 25
    for index, char in enumerate(position):
        if char == "-":
            continue
        if "A" <= char <= "P" and index != 0:
            bottom[index - 1] = ord(char) - ord("A") + 1
        elif "a" <= char <= "p" and index != 25:
            top[24 - index] = ord(char) - ord("a") + 1
        elif index == 0:
            raise InvalidIdError(
                f"character 0 is the top player's bar and must be lower case or '-', not {char!r}", "position"
            )
        elif index == 25:
            raise InvalidIdError(
                f"character 25 is the bottom player's bar and must be a capital or '-', not {char!r}", "position"
            )
        else:
            raise InvalidIdError(f"character {index} {char!r} is not '-', A-P or a-p", "position")
    cube_log2 = _int("cube value", cube_log2, "cube")
    if not 0 <= cube_log2 <= MAX_CUBE.bit_length() - 1:
        raise InvalidIdError(f"cube value 2**{cube_log2} is out of range", "cube")
    owners = {code: owner for owner, code in _OWNER_CODES.items()}
    if owner not in owners:
        raise InvalidIdError(f"cube owner {owner!r} is not 1, 0 or -1", "owner")
    turns = {code: seat for seat, code in _TURN_CODES.items()}
    if turn not in turns:
        raise InvalidIdError(f"turn {turn!r} is not 1 or -1", "turn")
    rolled = None
    action = None
    if dice in _ACTIONS_BY_CODE:
        action = _ACTIONS_BY_CODE[dice]
    elif _DICE.fullmatch(dice):
        rolled = (int(dice[0]), int(dice[1]))
    elif dice != "00":
        raise InvalidIdError(f"dice {dice!r} is not 00, two dice from 1 to 6, D, B or R", "dice")
    match_length = _int("match length", length, "length")
    rules = _int("rules", rules, "rules")
    if match_length and rules not in (0, 1):
        raise InvalidIdError(f"rules {rules} is not 0 or 1 in a match", "rules")
    if not match_length and not 0 <= rules <= 3:
        raise InvalidIdError(f"rules {rules} is not 0 to 3 in money play", "rules")
    on_roll = turns[turn]
    mine, theirs = (bottom, top) if on_roll == BOTTOM else (top, bottom)
    return XgidInfo(
        mine=mine,
        theirs=theirs,
        on_roll=on_roll,
        cube_value=1 << cube_log2,
        cube_owner=owners[owner],
        dice=rolled,
        cube_action=action,
        score_bottom=_int("bottom score", score_bottom, "score"),
        score_top=_int("top score", score_top, "score"),
        match_length=match_length,
        crawford=bool(match_length and rules),
        jacoby=bool(not match_length and rules & 1),
        beaver=bool(not match_length and rules & 2),
        max_cube_log2=_int("max cube", max_cube, "max_cube"),
    )


def _int(name, field, part):
    # No field of an XGID needs more than a few digits; a longer one is refused
    # before int() (which has a digit limit of its own) sees it.
    if not _INT.fullmatch(field[:12]):
        raise InvalidIdError(f"{name} {field[:20]!r} is not an integer", part)
    if len(field) > 9 or not _INT.fullmatch(field):
        raise InvalidIdError(f"{name} {field[:20]!r}… is far too large", part)
    return int(field)


def _letter(count, lower):
    if not count:
        return "-"
    return chr(ord("a" if lower else "A") + count - 1)


def _side(name, side):
    try:
        counts = tuple(side)
    except TypeError:
        counts = ()
    if len(counts) != 25 or not all(_is_int(n) and n >= 0 for n in counts):
        raise InvalidPositionError(f"{name} {side!r} is not 25 non-negative ints")
    if sum(counts) > 15:
        raise InvalidPositionError(f"{name} {side!r} has {sum(counts)} checkers, more than 15")
    return counts


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = [
    "BEAVER",
    "BOTTOM",
    "DOUBLE",
    "PREFIX",
    "RACCOON",
    "TOP",
    "XgidInfo",
    "decode_xgid",
    "encode_xgid",
    "xgid_from_gnubg",
    "xgid_to_gnubg",
]

"""A position given by its IDs, opened as a new match: GNU Backgammon's Position ID and
Match ID, or an eXtreme Gammon XGID.

:func:`read_ids` reads what a person pastes (``4HPwATDgc/ABMA:cAgAAAAAAAAA``,
the two IDs on two lines, ``XGID=…``, a share link, or a Position ID alone)
into a :class:`game.app.keep.urlparams.PositionLink`; :func:`decode` checks the
IDs and gives a :class:`SharedPosition`, whose :meth:`~SharedPosition.match`
builds the :class:`game.match.Match` that stands there: the position, the
player on roll, the dice, the cube, the score, the match length and the
Crawford game.  The Match ID of that match is the one given, a resignation
offered in it included: the match opens with the offer waiting for an answer.
IDs of a game that is over open the next game of the match, at the score
they give (:attr:`SharedPosition.next_game` says so); those of a match that
is over are refused (``error.match_finished``).

Whatever cannot be opened raises :class:`ShareError`, whose ``key`` names
the sentence the app shows, in the player's language, and nothing changes.

>>> shared = decode(read_ids("4HPwATDgc/ABMA:cImqAAAAAAAE"))
>>> match = shared.match()
>>> match.position_id(), match.match_id(), match.dice, match.config.length
('4HPwATDgc/ABMA', 'cImqAAAAAAAE', (5, 2), 5)
>>> xgid = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:2:3:0:7:8"
>>> match = decode(read_ids(xgid)).match()
>>> match.xgid() == xgid, match.score, match.cube_value, match.config.length
(True, (3, 2), 2, 7)
>>> shared = decode(read_ids("4HPwATDgc/ABMA:cKGqAAAAAAAE"))   # a single game offered
>>> shared.match().resignation
(1, 1)
>>> try:
...     decode(read_ids("4HPwATDgc/ABM!:cImqAAAAAAAE"))
... except ShareError as error:
...     print(error.key)
error.bad_position_id
"""

import re
from dataclasses import dataclass

from game.errors import GameError, InvalidIdError, InvalidPositionError
from game.match import Match, MatchConfig
from game.ids.match_id import (GAME_NONE, GAME_OVER, GAME_PLAYING, MatchIdInfo, decode_match_id)
from game.position import Position
from game.ids.xgid import (BEAVER, RACCOON, decode_xgid, xgid_to_gnubg)
from game.app.keep.urlparams import PositionLink, parse_position_query

__all__ = ["ShareError", "SharedPosition", "read_ids", "decode", "DEFAULT_MAX_CUBE"]

#: the cube limit of a match opened from gnubg IDs (they do not say; XGIDs do)
DEFAULT_MAX_CUBE = 64
_LIMIT_CUBE = 1 << 15
_LABELS = re.compile(r"(?i)\b(?:gnu\s*bg|gnu\s+backgammon|position\s*id|match\s*id)\s*:?")
_SEPARATORS = re.compile(r"[\s:,;]+")
_START = Position.start()


class ShareError(ValueError):
    """IDs that cannot be opened.  ``key`` is the message key of the reason (``error.…``)."""

    def __init__(self, key, detail=""):
        super().__init__(f"{key}: {detail}" if detail else key)
        self.key = key


@dataclass(frozen=True)
class SharedPosition:
    """Decoded IDs: the position seen from the player on roll, and the Match ID's fields.

    ``beavers`` and ``max_cube`` come from an XGID's rules (gnubg IDs keep neither).
    ``next_game`` is True when the IDs were those of a finished game: this is
    the start of the next one, at the score they gave.
    """

    position: Position
    info: MatchIdInfo
    beavers: bool = False
    max_cube: int = DEFAULT_MAX_CUBE
    next_game: bool = False

    def config(self, names=("", "")):
        """The :class:`MatchConfig` of the match these IDs stand in."""
        info = self.info
        money = not info.match_length
        try:
            return MatchConfig(length=info.match_length, jacoby=info.jacoby and money,
                               beavers=self.beavers and money, names=tuple(names),
                               max_cube=max(self.max_cube, info.cube_value))
        except GameError as error:
            raise ShareError("error.not_playable", str(error)) from None

    def match(self, dice=None, now=None, names=("", "")):
        """A new :class:`Match` standing at this position (``dice``: the dice source after it)."""
        info = self.info
        match = Match(self.config(names), dice, now=now, score=info.score, crawford=info.crawford)
        if info.game_state == GAME_NONE and self.position == _START:
            return match                      # before the opening roll
        try:
            match.setup(self.position, info.player_on_roll, cube_value=info.cube_value,
                        cube_owner=info.cube_owner, dice=info.dice)
            if info.double_offered:
                match.double()
            elif info.resignation:
                match.resign(info.resignation)
        except GameError as error:
            raise ShareError("error.not_playable", str(error)) from None
        return match


def read_ids(text):
    """The IDs in a pasted text, as a :class:`PositionLink` (not yet checked).

    >>> read_ids(" Position ID: 4HPwATDgc/ABMA\\n Match ID: cAgAAAAAAAAA ")
    PositionLink(position_id='4HPwATDgc/ABMA', match_id='cAgAAAAAAAAA', xgid=None)
    >>> read_ids("http://host/?xgid=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A52%3A0%3A0%3A3%3A0%3A10").xgid[:9]
    'XGID=-b--'
    """
    text = (text or "").strip()[:400]
    if not text:
        raise ShareError("error.unrecognised")
    if text.upper().startswith("XGID="):
        return PositionLink(xgid=text)
    if "?" in text or re.match(r"(?i)(position|match|xgid)=", text):
        link = parse_position_query(text.split("?", 1)[-1].split("#", 1)[0])
        if link is None:
            raise ShareError("error.unrecognised", text)
        return link
    if text.count(":") >= 9:
        return PositionLink(xgid=text)
    tokens = [t for t in _SEPARATORS.split(_LABELS.sub(" ", text)) if t]
    if len(tokens) == 1:
        return PositionLink(position_id=tokens[0])
    if len(tokens) == 2:
        return PositionLink(position_id=tokens[0], match_id=tokens[1])
    raise ShareError("error.unrecognised", text)


def decode(link):
    """The :class:`SharedPosition` of a :class:`PositionLink`'s IDs; raises :class:`ShareError`."""
    if link.xgid is not None and link.position_id is None:
        shared = _from_xgid(link.xgid)
    elif link.position_id is not None:
        shared = _from_gnubg(link.position_id, link.match_id)
    else:
        raise ShareError("error.unrecognised")
    info = shared.info
    if info.game_state > GAME_PLAYING:
        return _next_game(shared)
    if shared.position.winner() is not None:
        raise ShareError("error.game_over")
    if info.crawford and (info.cube_value != 1 or info.cube_owner is not None or info.double_offered):
        raise ShareError("error.crawford_cube")
    if info.resignation and (info.double_offered or info.turn == info.player_on_roll):
        # the app's resignations are offered by the player on roll, never beside a double
        raise ShareError("error.resignation")
    return shared


def _next_game(shared):
    """The next game after the finished one of ``shared`` (raises ShareError when the
    match is over).

    The Crawford game is the one right after a player reaches one point short:
    when the board shows who won the game, that decides it; otherwise the
    Match ID's Crawford flag does (this app writes the next game's there).

    >>> from game.ids.match_id import encode_match_id
    >>> over = MatchIdInfo(game_state=GAME_OVER, match_length=5, score=(4, 1), player_on_roll=1, turn=1)
    >>> shared = decode(read_ids(f"AAAADgAAAAAAAA:{encode_match_id(over)}"))   # player 0 bore off
    >>> shared.next_game, shared.info.score, shared.info.crawford, shared.match().phase.value
    (True, (4, 1), True, 'opening')
    """
    info = shared.info
    length = info.match_length
    if length and max(info.score) >= length:
        raise ShareError("error.match_finished")
    short = [p for p in (0, 1) if length and info.score[p] == length - 1]
    crawford = info.crawford
    winner = shared.position.winner()
    if info.game_state == GAME_OVER and winner is not None:
        # the side that bore off all won; a player one point short who won just got there
        crawford = (info.player_on_roll if winner == 0 else 1 - info.player_on_roll) in short
    crawford = bool(crawford) and len(short) == 1
    following = MatchIdInfo(player_on_roll=1, turn=1, game_state=GAME_NONE, match_length=length,
                            score=info.score, crawford=crawford, jacoby=info.jacoby)
    return SharedPosition(_START, following, beavers=shared.beavers, max_cube=shared.max_cube,
                          next_game=True)


def _position(position_id):
    try:
        return Position.from_position_id(position_id)
    except InvalidPositionError as error:
        raise ShareError("error.impossible_position", str(error)) from None
    except GameError as error:
        raise ShareError("error.bad_position_id", str(error)) from None


def _from_gnubg(position_id, match_id):
    position = _position(position_id)
    if match_id is None:
        # a Position ID alone: a money game, the bottom player (gnubg's player 1) on roll
        info = MatchIdInfo(player_on_roll=1, turn=1, jacoby=True)
    else:
        try:
            info = decode_match_id(match_id)
        except GameError as error:
            raise ShareError("error.bad_match_id", str(error)) from None
    return SharedPosition(position, info)


#: the message that names what is wrong in an XGID, by the field to blame
XGID_FIELD_ERRORS = {
    "count": "error.bad_xgid",
    "position": "error.xgid_position",
    "cube": "error.xgid_cube",
    "owner": "error.xgid_owner",
    "turn": "error.xgid_turn",
    "dice": "error.xgid_dice",
    "score": "error.xgid_score",
    "rules": "error.xgid_rules",
    "length": "error.xgid_length",
    "max_cube": "error.xgid_max_cube",
}


def _from_xgid(text):
    try:
        xg = decode_xgid(text)
    except InvalidIdError as error:
        raise ShareError(XGID_FIELD_ERRORS.get(error.field, "error.bad_xgid"), str(error)) from None
    if xg.cube_action in (BEAVER, RACCOON):
        raise ShareError("error.beaver", text)
    try:
        position_id, info = xgid_to_gnubg(xg)
    except GameError as error:  # pragma: no cover - decode_xgid checked every field
        raise ShareError("error.bad_xgid", str(error)) from None
    max_cube = min(_LIMIT_CUBE, 1 << min(xg.max_cube_log2, 15))
    return SharedPosition(_position(position_id), info, beavers=xg.beaver, max_cube=max_cube)

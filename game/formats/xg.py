"""eXtreme Gammon's own files read: ``.xg`` matches and ``.xgp`` positions.

:func:`import_xg` rebuilds the match of an ``.xg`` file by driving a new
:class:`game.match.Match` through its real actions (as :mod:`game.formats.mat_read`
and :mod:`game.formats.sgf` do), so the engine checks every roll, move and cube
action; :func:`import_xgp` gives the XGID of the position an ``.xgp`` file
holds, which the app opens as a pasted XGID.  What cannot be read raises
:class:`XgFileError`, whose ``key`` and ``params`` name the reason in the
app's messages (``error.xg_*``); nothing is half read.

The layout, as eXtreme Gammon's published description gives it (its
``XG_format.pas``, "freely redistributed"):

- a *RichGameFormat* header of 8,232 bytes: the magic ``RGMH``, a version
  (1), the header's size, a thumbnail (a JPEG) and four UTF-16 names;
- then a *ZlibArchive*: the files' data, a registry of the files (532 bytes
  each: a name as a Pascal ``string[255]``, a path, the original and
  compressed sizes, the offset, a CRC-32 and a "stored" flag; zlib
  compressed or not) and, in the file's last 36 bytes, the archive's own
  record (a CRC-32 of data and registry, the number of files, a version,
  the registry's and the data's sizes, whether the registry is compressed);
- among the files, ``temp.xg``: records of 2,560 bytes, the kind of each in
  its byte 8 (0 match header, 1 game header, 2 cube, 3 move, 4 game footer,
  5 match footer), its fields laid out as Delphi lays out a record (an
  integer on 4 bytes, a double on 8, a Boolean and a short integer not
  aligned).  The other files (rollouts ``temp.xgr``, comments ``temp.xgc``,
  the header copy ``temp.xgi``) are not read.

A board is 26 short integers seen from XG's player 1 (his checkers
positive, his bar at 25, the other player's bar at 0); a move is up to
four ``(from, to)`` pairs seen from the mover, 0 his 1-point to 23 his
24-point, 24 the bar, a negative ``to`` off, a negative ``from`` the end;
the cube is ``±log2`` of its value, the sign its owner (+ player 1).
XG's player 1 is the app's player 0.

Habits of real files, read as XG meant them: a move written as one checker
taking both dice at once (``13/8`` with 3-2); a resignation written as a
move with no checker moved before the game's end; a result capped at what
the match still needed, or not.  A play the rules refuse (a position typed
by hand) is kept as the file has it, with an :class:`XgWarning` that names
the game and the move, as are a board before a move that the moves before
it do not lead to (a position edited in XG), and a result or a score the
rules would not give.  Analysis, comments and rollouts are skipped.

>>> import_xg(b"RGMH")
Traceback (most recent call last):
...
game.formats.xg.XgFileError: truncated: 4 bytes
"""

import struct
import zlib
from dataclasses import dataclass, field

from ..errors import GameError
from ..match import InvalidMatchError, Match, MatchConfig, Phase
from ..position import Position
from ..ids.xgid import BOTTOM, TOP, XgidInfo, encode_xgid
from .replaying import Replay

__all__ = ["XgFileError", "XgWarning", "import_xg", "import_xgp", "read_records", "archive_files",
           "RECORD_SIZE", "MAX_VERSION"]

#: the size of every record of ``temp.xg``
RECORD_SIZE = 2560
#: the newest version of the records that XG 2 itself reads ("MaxSaveFileVersion")
MAX_VERSION = 40
#: the size of the RichGameFormat header
HEADER_SIZE = 8232
_ARCHIVE_TAIL = 36
_REGISTRY_ENTRY = 532
#: the offset in ``temp.xg`` of the match header's magic number, ``DMLI``
MAGIC_OFFSET = 556
_MONEY_LENGTH = 99999

HEADER_MATCH, HEADER_GAME, CUBE, MOVE, FOOTER_GAME, FOOTER_MATCH = range(6)
KINDS = {HEADER_MATCH: "header_match", HEADER_GAME: "header_game", CUBE: "cube", MOVE: "move",
         FOOTER_GAME: "footer_game", FOOTER_MATCH: "footer_match", 6: "comment", 7: "missing"}


class XgFileError(GameError):
    """An ``.xg`` or ``.xgp`` file that cannot be read.

    ``key`` is the message key of the reason (``error.xg_file`` damaged or
    truncated, ``error.xg_foreign`` not eXtreme Gammon's, ``error.xg_newer``
    a version this reader does not know, ``error.xg_move`` a record the
    engine refuses, ``error.xg_position`` an ``.xgp`` without a position)
    and ``params`` its parameters (``game``, ``move`` where known).
    """

    def __init__(self, message, key="error.xg_file", **params):
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class XgWarning:
    """Something an ``.xg`` file says that the rules would not, kept as the file says it.

    ``key`` is a message key (``warning.xg_*``), ``params`` its parameters:
    ``game`` (from 1) and ``move`` (the record's number in the game, from 1).
    """

    key: str
    params: dict = field(default_factory=dict)

    def __str__(self):
        return f"{self.key} {self.params}"


# ======================================================================================
# Delphi records: each field at the offset Delphi gives it
# ======================================================================================

# kind: (struct code, size, alignment)
_TYPES = {
    "bool": ("?", 1, 1), "byte": ("B", 1, 1), "short": ("b", 1, 1), "int": ("i", 4, 4),
    "single": ("f", 4, 4), "double": ("d", 8, 8), "smallint": ("h", 2, 2),
}


def _layout(fields, start=9):
    """``{name: (offset, code, count)}`` of Delphi record fields from byte ``start``.

    A field is ``(name, kind, count)``: kinds of :data:`_TYPES` (``count`` of
    them), ``("str", n)`` a Pascal ``string[n]`` (n + 1 bytes), ``("wide", n)``
    n UTF-16 units, ``("record", size, align)`` a nested record skipped.
    """
    offset, out = start, {}
    for name, kind, count in fields:
        if isinstance(kind, tuple):
            what = kind[0]
            size, align, code = {"str": (kind[1] + 1, 1, "str"), "wide": (2 * kind[1], 2, "wide"),
                                 "record": (kind[1], kind[2] if len(kind) > 2 else 4, None)}[what]
            offset += -offset % align
            out[name] = (offset, code, kind[1] if what != "record" else 0)
            offset += size * count
        else:
            code, size, align = _TYPES[kind]
            offset += -offset % align
            out[name] = (offset, code, count)
            offset += size * count
    out["_end"] = (offset, None, 0)
    return out


_POSITION = ("short", 26)
_HEADER_MATCH = _layout([
    ("SPlayer1", ("str", 40), 1), ("SPlayer2", ("str", 40), 1), ("MatchLength", "int", 1),
    ("Variation", "int", 1), ("Crawford", "bool", 1), ("Jacoby", "bool", 1), ("Beaver", "bool", 1),
    ("AutoDouble", "bool", 1), ("Elo1", "double", 1), ("Elo2", "double", 1), ("Exp1", "int", 1),
    ("Exp2", "int", 1), ("Date", "double", 1), ("SEvent", ("str", 128), 1), ("GameId", "int", 1),
    ("CompLevel1", "int", 1), ("CompLevel2", "int", 1), ("CountForElo", "bool", 1),
    ("AddtoProfile1", "bool", 1), ("AddtoProfile2", "bool", 1), ("SLocation", ("str", 128), 1),
    ("GameMode", "int", 1), ("Imported", "bool", 1), ("SRound", ("str", 128), 1), ("Invert", "int", 1),
    ("Version", "int", 1), ("Magic", "int", 1), ("MoneyInitG", "int", 1), ("MoneyInitScore", "int", 2),
    ("Entered", "bool", 1), ("Counted", "bool", 1), ("UnratedImp", "bool", 1),
    ("CommentHeaderMatch", "int", 1), ("CommentFooterMatch", "int", 1), ("IsMoneyMatch", "bool", 1),
    ("WinMoney", "single", 1), ("LoseMoney", "single", 1), ("Currency", "int", 1),
    ("FeeMoney", "single", 1), ("TableStake", "single", 1), ("SiteId", "int", 1),
    ("CubeLimit", "int", 1), ("AutoDoubleMax", "int", 1),                          # version 8
    ("Transcribed", "bool", 1), ("Event", ("wide", 129), 1), ("Player1", ("wide", 129), 1),
    ("Player2", ("wide", 129), 1), ("Location", ("wide", 129), 1), ("Round", ("wide", 129), 1),  # 24
    ("TimeSetting", ("record", 32, 4), 1),                                        # 25
    ("TotTimeDelay", "int", 4),                                                    # 26
    ("Transcriber", ("wide", 129), 1),                                             # 30
])
_HEADER_GAME = _layout([
    ("Score1", "int", 1), ("Score2", "int", 1), ("CrawfordApply", "bool", 1), ("PosInit",) + _POSITION,
    ("GameNumber", "int", 1), ("InProgress", "bool", 1), ("CommentHeaderGame", "int", 1),
    ("CommentFooterGame", "int", 1), ("NumberOfAutoDoubles", "int", 1),          # version 26
])
_CUBE = _layout([
    ("Actif", "int", 1), ("Double", "int", 1), ("Take", "int", 1), ("BeaverR", "int", 1),
    ("RaccoonR", "int", 1), ("CubeB", "int", 1), ("Position",) + _POSITION,
    ("DoubleD", ("record", 132, 4), 1), ("ErrCube", "double", 1), ("DiceRolled", ("str", 2), 1),
])
_MOVE = _layout([
    ("PositionI",) + _POSITION, ("PositionEnd",) + _POSITION, ("ActifP", "int", 1), ("Moves", "int", 8),
    ("Dice", "int", 2), ("CubeA", "int", 1), ("ErrorM", "double", 1), ("NMoveEval", "int", 1),
    ("DataMoves", ("record", 2184, 4), 1), ("Played", "bool", 1),
])
_FOOTER_GAME = _layout([
    ("Score1g", "int", 1), ("Score2g", "int", 1), ("CrawfordApplyg", "bool", 1), ("Winner", "int", 1),
    ("PointsWon", "int", 1), ("Termination", "int", 1), ("ErrResign", "double", 1),
])
_FOOTER_MATCH = _layout([
    ("Score1m", "int", 1), ("Score2m", "int", 1), ("WinnerM", "int", 1), ("Elo1m", "double", 1),
])

#: the fields read of each kind of record, and the version that brought the later ones
_READ = {
    HEADER_MATCH: (_HEADER_MATCH, ("SPlayer1", "SPlayer2", "MatchLength", "Variation", "Crawford",
                                   "Jacoby", "Beaver", "AutoDouble", "Version", "Magic"),
                   {24: ("Player1", "Player2"), 8: ("CubeLimit", "AutoDoubleMax")}),
    HEADER_GAME: (_HEADER_GAME, ("Score1", "Score2", "CrawfordApply", "PosInit", "GameNumber",
                                 "InProgress"), {26: ("NumberOfAutoDoubles",)}),
    CUBE: (_CUBE, ("Actif", "Double", "Take", "BeaverR", "RaccoonR", "CubeB", "Position",
                   "DiceRolled"), {}),
    MOVE: (_MOVE, ("PositionI", "PositionEnd", "ActifP", "Moves", "Dice", "CubeA"), {}),
    FOOTER_GAME: (_FOOTER_GAME, ("Score1g", "Score2g", "CrawfordApplyg", "Winner", "PointsWon",
                                 "Termination"), {}),
    FOOTER_MATCH: (_FOOTER_MATCH, ("Score1m", "Score2m", "WinnerM"), {}),
}


def _field(raw, layout, name):
    offset, code, count = layout[name]
    if code == "str":
        length = min(raw[offset], count)
        return raw[offset + 1:offset + 1 + length].decode("cp1252", "replace")
    if code == "wide":
        text = raw[offset:offset + 2 * count].decode("utf-16-le", "replace")
        return text.split("\0", 1)[0]
    values = struct.unpack_from(f"<{count}{code}", raw, offset)
    return values[0] if count == 1 else values


def _record(raw, version):
    kind = raw[8]
    record = {"kind": KINDS.get(kind, kind)}
    if kind not in _READ:
        return record
    layout, names, later = _READ[kind]
    for name in names:
        record[name] = _field(raw, layout, name)
    if kind == HEADER_MATCH:
        version = record["Version"]
    for since, more in later.items():
        if version >= since:
            for name in more:
                record[name] = _field(raw, layout, name)
    return record


# ======================================================================================
# the container
# ======================================================================================

def _u32(data, offset):
    return struct.unpack_from("<I", data, offset)[0]


def _inflate(data, start, what):
    """The zlib stream that starts at ``data[start]``, inflated (it must end)."""
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(data[start:])
    except zlib.error as error:
        raise XgFileError(f"{what}: damaged ({error})") from None
    if not inflater.eof:
        raise XgFileError(f"{what}: truncated")
    return out


def archive_files(data):
    """``{name: bytes}`` of the files of an ``.xg`` or ``.xgp`` file's archive.

    Checks the RichGameFormat header, the archive's CRC-32 and each file's;
    raises :class:`XgFileError` (``error.xg_foreign`` when the file is not a
    RichGameFormat file at all).
    """
    data = bytes(data)
    if data[:4] != b"RGMH":
        if len(data) < 4 and b"RGMH".startswith(data):
            raise XgFileError(f"truncated: {len(data)} bytes")
        raise XgFileError("not an eXtreme Gammon file (no RGMH)", "error.xg_foreign")
    if len(data) < HEADER_SIZE + _ARCHIVE_TAIL:
        raise XgFileError(f"truncated: {len(data)} bytes")
    if _u32(data, 4) != 1:
        raise XgFileError(f"RichGameFormat header version {_u32(data, 4)}", "error.xg_newer",
                          version=_u32(data, 4))
    crc, count, _version, registry_size, archive_size, compressed = struct.unpack_from(
        "<Iiiiii", data, len(data) - _ARCHIVE_TAIL)
    registry_start = len(data) - _ARCHIVE_TAIL - registry_size
    archive_start = registry_start - archive_size
    if not (0 <= count <= 64 and registry_size >= 0 and archive_size >= 0
            and HEADER_SIZE <= archive_start <= registry_start):
        raise XgFileError("the archive's record is damaged")
    if zlib.crc32(data[archive_start:len(data) - _ARCHIVE_TAIL]) != crc:
        raise XgFileError("the archive's CRC does not match: damaged or truncated")
    registry = data[registry_start:len(data) - _ARCHIVE_TAIL]
    if compressed:
        registry = _inflate(registry, 0, "registry")
    if len(registry) < count * _REGISTRY_ENTRY:
        raise XgFileError("the archive's registry is truncated")
    files = {}
    for k in range(count):
        entry = registry[k * _REGISTRY_ENTRY:(k + 1) * _REGISTRY_ENTRY]
        name = entry[1:1 + min(entry[0], 255)].decode("latin-1")
        size, packed, start, file_crc = struct.unpack_from("<iiiI", entry, 512)
        stored = entry[528]
        begin = archive_start + start
        if not (archive_start <= begin <= registry_start and size >= 0 and packed >= 0):
            raise XgFileError(f"{name}: outside the archive")
        if stored:
            body = data[begin:begin + packed]
        else:
            body = _inflate(data[:registry_start], begin, name)
        if len(body) != size or zlib.crc32(body) != file_crc:
            raise XgFileError(f"{name}: its CRC does not match: damaged")
        files[name] = body
    return files


def read_records(data):
    """The records of ``temp.xg`` in an ``.xg`` / ``.xgp`` file: a list of dicts.

    Each has ``kind`` (``header_match``, ``header_game``, ``cube``, ``move``,
    ``footer_game``, ``footer_match``) and the fields read, named as in XG's
    description (``ActifP``, ``Moves``, ``Dice``, ``PositionI``...).
    """
    files = archive_files(data)
    body = files.get("temp.xg")
    if body is None:
        raise XgFileError("no temp.xg in the archive", "error.xg_foreign")
    if len(body) < RECORD_SIZE or len(body) % RECORD_SIZE:
        raise XgFileError(f"temp.xg: {len(body)} bytes, not records of {RECORD_SIZE}")
    if body[8] != HEADER_MATCH or body[MAGIC_OFFSET:MAGIC_OFFSET + 4] != b"DMLI":
        raise XgFileError("temp.xg does not start with a match header (DMLI)", "error.xg_foreign")
    version = _field(body, _HEADER_MATCH, "Version")
    if version > MAX_VERSION or version < 1:
        raise XgFileError(f"version {version} of the records: newer than this reader", "error.xg_newer",
                          version=version)
    records = []
    for start in range(0, len(body), RECORD_SIZE):
        raw = body[start:start + RECORD_SIZE]
        if raw[8] > 7:
            raise XgFileError(f"record {start // RECORD_SIZE + 1}: unknown kind {raw[8]}")
        records.append(_record(raw, version))
    return records


# ======================================================================================
# the match
# ======================================================================================

def board_of(xg, player):
    """The engine's :class:`Position` of an XG board (26 values seen from XG's player 1)
    seen from ``player`` (0 is XG's player 1). Raises ``InvalidPositionError``."""
    first = [0] * 25
    second = [0] * 25
    for i in range(1, 25):
        if xg[i] > 0:
            first[i - 1] = xg[i]
        elif xg[i] < 0:
            second[24 - i] = -xg[i]
    first[24] = max(xg[25], 0)
    second[24] = max(-xg[0], 0)
    return Position(first, second) if player == 0 else Position(second, first)


def decode_moves(raw):
    """The ``(source, target)`` pairs of an XG move (from the mover: 25 the bar, 0 off).

    >>> decode_moves((12, 7, 7, 4, -1, 0, 0, 0))
    [(13, 8), (8, 5)]
    >>> decode_moves((24, 20, 3, -1, 2, -4, -1, -1))
    [(25, 21), (4, 0), (3, 0)]
    >>> decode_moves((0, 0, 0, 0, 0, 0, 0, 0))          # a pair that moves nothing ends it too
    []
    """
    pairs = []
    for k in range(0, 8, 2):
        source, target = raw[k], raw[k + 1]
        if source < 0 or source == target:
            break
        pairs.append((source + 1, 0 if target < 0 else target + 1))
    return pairs


def _apply_pairs(position, pairs):
    """The board after moving ``pairs`` checker by checker (hitting a lone checker where one
    lands), the opponent on roll; None when a pair moves a checker that is not there."""
    mine, theirs = list(position.mine), list(position.theirs)
    for source, target in pairs:
        index = 24 if source == 25 else source - 1
        if not 1 <= source <= 25 or not 0 <= target < source or mine[index] <= 0:
            return None
        mine[index] -= 1
        if target:
            mine[target - 1] += 1
            if theirs[24 - target] == 1:
                theirs[24 - target] = 0
                theirs[24] += 1
            elif theirs[24 - target]:
                return None
    try:
        return Position(theirs, mine)
    except GameError:
        return None


def _config(header):
    length = header["MatchLength"]
    money = length in (0, _MONEY_LENGTH) or length > 25
    if header.get("Variation", 0):
        raise XgFileError(f"variation {header['Variation']} (not backgammon)", "error.xg_variant")
    names = tuple((header.get(f"Player{p}") or header[f"SPlayer{p}"]).strip() for p in (1, 2))
    limit = header.get("CubeLimit") or 0
    max_cube = 1 << min(limit, 15) if 0 < limit <= 15 else (64 if not money else 1 << 15)
    values = dict(length=0 if money else length, names=names, max_cube=max_cube,
                  crawford=bool(header["Crawford"]) if not money else True)
    if money:
        values.update(jacoby=bool(header["Jacoby"]), beavers=bool(header["Beaver"]),
                      automatic_doubles=min(max(header.get("AutoDoubleMax") or 0, 0), 15)
                      if header["AutoDouble"] else 0)
    try:
        return MatchConfig(**values)
    except GameError as error:
        raise XgFileError(f"match header: {error}", "error.xg_rules") from None


class _Replay(Replay):
    """Drives a new Match through the records of an ``.xg`` file."""

    def __init__(self, records, dice=None, warnings=None):
        super().__init__(dice)
        self.records = records
        self.warnings = warnings if warnings is not None else []
        self.config = _config(records[0])
        self.match = None
        self.game_number = 0
        self.move_number = 0

    def fail(self, message, key="error.xg_move", **params):
        raise XgFileError(f"game {self.game_number}, record {self.move_number}: {message}", key,
                          game=self.game_number, move=self.move_number, **params) from None

    def refuse(self, why, message, **params):
        self.fail(message, "error.xg_opening_double" if why == "opening_double" else "error.xg_move")

    def warn(self, key, **params):
        self.warnings.append(XgWarning(key, {"game": self.game_number, "move": self.move_number,
                                             **params}))

    def run(self):
        games = []
        for record in self.records[1:]:
            kind = record["kind"]
            if kind == "header_game":
                games.append([record, []])
            elif kind in ("cube", "move", "footer_game"):
                if not games:
                    raise XgFileError(f"a {kind} record before any game header")
                games[-1][1].append(record)
                if kind == "footer_game":
                    games[-1][1] = tuple(games[-1][1])      # closed
            # footer_match, comments: nothing the replay needs
        for header, records in games:
            self.game(header, list(records))
        if self.match is None:
            self.match = Match(self.config, self.dice)
        return self.match

    def game(self, header, records):
        self.game_number += 1
        self.move_number = 0
        score = (max(header["Score1"], 0), max(header["Score2"], 0))
        match = self.match
        try:
            if match is None:
                crawford = bool(self.config.length and self.config.crawford and header["CrawfordApply"])
                match = self.match = Match(self.config, self.dice, score=score, crawford=crawford)
            else:
                if match.phase is not Phase.OVER:
                    self.fail("a game starts before the last one is over")
                if match.match_winner is not None:
                    self.fail("a game after the end of the match")
                if tuple(match.score) != score:
                    self.warn("warning.xg_score", file0=score[0], file1=score[1],
                              rules0=match.score[0], rules1=match.score[1])
                    match.new_game(score=score)
                else:
                    match.new_game()
        except InvalidMatchError as error:
            self.fail(str(error), "error.xg_rules")
        self.auto_doubles = max(header.get("NumberOfAutoDoubles", 0), 0)
        start = header["PosInit"]
        self.set_up = None
        if any(start) and tuple(start) != _START:
            self.set_up = start
        read = {"cube": self.do_cube, "move": self.do_move, "footer_game": self.do_footer_game}
        for k, record in enumerate(records):
            self.move_number = k + 1
            following = records[k + 1] if k + 1 < len(records) else None
            try:
                read[record["kind"]](record, following)
            except XgFileError:
                raise
            except GameError as error:
                self.fail(str(error))

    # --- the records ----------------------------------------------------------------
    def player_of(self, record, name):
        value = record[name]
        if value not in (1, -1):
            self.fail(f"{name} {value}: 1 or -1 expected")
        return 0 if value == 1 else 1

    def start_from_file(self, player, dice=None):
        """A game whose first record is not at the starting position: set up as the file says."""
        try:
            position = board_of(self.set_up, player)
        except GameError as error:
            self.fail(f"the game's starting board: {error}", "error.xg_file")
        self.match.setup(position, player, dice=dice)
        self.set_up = None

    def do_cube(self, record, following):
        match = self.match
        if record["Double"] != 1:
            return                         # no double: the roll follows in the move record
        player = self.player_of(record, "Actif")
        if match.phase is Phase.OPENING:
            if self.set_up is None:
                self.fail("a double before the opening roll")
            self.start_from_file(player)
        match.double(player)
        take = record["Take"]
        if take == 1:
            match.take(1 - player)
        elif take == 0:
            match.drop(1 - player)
        elif take == 2:
            match.beaver(1 - player)
            answer = record["BeaverR"]
            if answer == 1 or answer == 2:      # a raccoon is not played here: read as a take
                match.take(player)
            elif answer == 0:
                match.drop(player)
        # any other value: the double waits for its answer (a game in play)

    def do_move(self, record, following):
        match = self.match
        player = self.player_of(record, "ActifP")
        dice = tuple(record["Dice"])
        pairs = decode_moves(record["Moves"])
        rolled = all(1 <= d <= 6 for d in dice)
        resigned = (following is not None and following["kind"] == "footer_game"
                    and following["Termination"] >= 100)
        if not rolled:
            if pairs or not resigned:
                self.fail(f"dice {dice[0]}-{dice[1]}")
            return                         # resigned before rolling
        if match.phase is Phase.OPENING and self.set_up is not None:
            self.start_from_file(player, dice)
        else:
            self.check_board(record, player)
            self.roll(player, dice)
        turn = match.turn
        before = match.position
        if not pairs:
            if turn.no_move:
                match.done(player)
            elif resigned:
                return                     # rolled, then resigned: the footer says so
            else:
                self.illegal(record, player, before, None)
            return
        target = _apply_pairs(before, pairs)
        results = turn.plays.results()
        for candidate in (target, self.file_board(record["PositionEnd"], 1 - player)):
            if candidate is not None and candidate in results:
                match.play_move(turn.plays[results.index(candidate)], player)
                return
        self.illegal(record, player, before, target)

    def check_board(self, record, player):
        """The board the file gives before a roll is kept where it is not where the moves
        before it lead (a position edited in XG), with a warning."""
        match = self.match
        if match.phase is not Phase.ROLL_OR_DOUBLE or match.player_on_roll != player \
                or not any(record["PositionI"]):
            return
        before = self.file_board(record["PositionI"], player)
        if before is None or before.winner() is not None or before == match.position:
            return
        self.warn("warning.xg_board")
        self.set_board(before, player)

    def file_board(self, board, player):
        try:
            return board_of(board, player)
        except GameError:
            return None

    def illegal(self, record, player, before, target):
        """A play the rules refuse: the file's board is kept, with a warning."""
        after = self.file_board(record["PositionEnd"], 1 - player)
        if after is None:
            after = target
        if after is None or after.winner() is not None:
            self.fail(f"move {record['Moves']} with {record['Dice']} cannot be read")
        dice = tuple(record["Dice"])
        self.warn("warning.xg_illegal", dice=list(dice))
        self.set_board(after, 1 - player)

    def do_footer_game(self, record, following):
        match = self.match
        g = match.game
        winner = 0 if record["Winner"] == 1 else 1 if record["Winner"] == -1 else None
        points = record["PointsWon"]
        termination = record["Termination"]
        if winner is None:
            if match.phase is Phase.OVER:
                self.fail(f"winner {record['Winner']}")
            return                         # the game is in play
        if match.phase is Phase.OVER:
            self.check_result(winner, points)
            return
        if termination % 1000 == 0 and termination < 1000 and match.phase is Phase.DOUBLED:
            match.drop(1 - winner)
            self.check_result(winner, points)
            return
        kind = min(max(termination % 100, 1), 3) if termination >= 100 else None
        if kind is None:
            self.fail(f"game ended ({termination}) where the rules go on")
        if match.phase is Phase.DOUBLED and g.offer == "beaver" and g.player_on_roll == 1 - winner:
            match.take(1 - winner)
        if match.phase is Phase.OPENING and self.set_up is not None:
            self.start_from_file(1 - winner)
        self.give_up(1 - winner, kind)
        self.check_result(winner, points)

    def check_result(self, winner, points):
        result = self.match.game.result
        if result.winner != winner:
            self.fail(f"player {result.winner} won, the file says player {winner}", "error.xg_result")
        before = list(self.match.score)
        before[winner] -= result.points
        if not self.fair_value(points, result.points, winner, before):
            self.warn("warning.xg_result", file=points, rules=result.points)


_START = (0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0)


def import_xg(data, *, dice=None, warnings=None):
    """The match of an ``.xg`` file (its bytes), rebuilt by the engine's own actions.

    The match is as the file leaves it: over, between games, or in play;
    its dice source a :class:`game.dice.ManualDice` with ``dice`` as its
    fallback for the rolls after the file's.  What the file says against
    the rules but can be read is kept, and an :class:`XgWarning` for each is
    appended to ``warnings`` (a list) when given.  Raises
    :class:`XgFileError`.
    """
    records = read_records(data)
    found = []
    match = _Replay(records, dice, found).run()
    if warnings is not None:
        warnings.extend(found)
    return match


def import_xgp(data):
    """The XGID of the position of an ``.xgp`` file (its bytes): the last move or cube
    record's board, player on roll, dice, cube and score. Raises :class:`XgFileError`."""
    records = read_records(data)
    config = _config(records[0])
    header = next((r for r in records if r["kind"] == "header_game"), None)
    last = next((r for r in reversed(records) if r["kind"] in ("move", "cube")), None)
    if header is None or last is None:
        raise XgFileError("no position in this file", "error.xg_position")
    seat = {1: BOTTOM, -1: TOP}
    if last["kind"] == "move":
        turn, board, cube, dice = last["ActifP"], last["PositionI"], last["CubeA"], tuple(last["Dice"])
        if not all(1 <= d <= 6 for d in dice):
            dice = None
        action = None
    else:
        turn, board, cube = last["Actif"], last["Position"], last["CubeB"]
        dice = None
        action = "double" if last["Double"] == 1 and last["Take"] not in (0, 1, 2) else None
    if turn not in seat or abs(cube) > 15:
        raise XgFileError("the position's player or cube cannot be read", "error.xg_position")
    try:
        player = 0 if turn == 1 else 1
        position = board_of(board, player)
        length = config.length
        info = XgidInfo(mine=position.mine, theirs=position.theirs, on_roll=seat[turn],
                        cube_value=1 << abs(cube), cube_owner=None if not cube else seat[1 if cube > 0 else -1],
                        dice=dice, cube_action=action,
                        score_bottom=max(header["Score1"], 0), score_top=max(header["Score2"], 0),
                        match_length=length, crawford=bool(length and header["CrawfordApply"]),
                        jacoby=config.jacoby and not length, beaver=config.beavers and not length,
                        max_cube_log2=config.max_cube.bit_length() - 1)
    except GameError as error:
        raise XgFileError(f"the position cannot be read: {error}", "error.xg_position") from None
    return encode_xgid(info)

"""Match files in the Jellyfish / GNU Backgammon ``.mat`` text format, read.

:func:`import_mat` reads a file by driving a new match through its real
actions (:class:`game.formats.replaying.Replay`), so the engine checks every
roll, move and cube action; :mod:`game.formats.mat_write` writes one
(:func:`~game.formats.mat_write.export_mat`).  A file the engine refuses
raises :class:`MatFileError` with the line number and the line.

>>> from game.dice import ManualDice
>>> from game.formats.mat_write import export_mat
>>> from game.match import Match, MatchConfig
>>> match = Match(MatchConfig(length=3, names=("Ann", "Bob")), ManualDice([3, 1, 4, 2]))
>>> match.roll(); match.play_text("8/5 6/5")
(3, 1)
>>> match.roll(); match.play_text("8/4 6/4")
(4, 2)
>>> match.double(); match.drop()
>>> text = export_mat(match, date="2026.11.21")
>>> print(text)                                   # doctest: +NORMALIZE_WHITESPACE
; [Player 1 "Ann"]
; [Player 2 "Bob"]
; [EventDate "2026.11.21"]
; [Variation "Backgammon"]
; [Crawford "On"]
; [CubeLimit "64"]
<BLANKLINE>
 3 point match
<BLANKLINE>
 Game 1
 Ann : 0                        Bob : 0
  1) 31: 8/5 6/5                 42: 8/4 6/4
  2)  Doubles => 2                Drops
      Wins 1 point
<BLANKLINE>
>>> again = import_mat(text)
>>> again.score, [e["type"] for e in again.events][-4:]
((1, 0), ['move', 'double', 'drop', 'win'])
>>> export_mat(again, **mat_info(text)) == text
True

The layout is GNU Backgammon's own (``export match mat``): the left
column is player 0 (``Player 1`` in the tags), the right column player 1;
a game that player 1 opens starts with an empty left column.  Each move
is written one checker and one die at a time, in gnubg's order, with
``25`` for the bar and ``0`` for off (``25/22* 6/0``).  Reading accepts
that and the usual short forms (``bar/22*``, ``6/off``, ``13/7(2)``,
``24/13``; a blot on any point written as a landing point is hit), and
the habits of the other producers, as GNU Backgammon reads them
(``tools/mat_dialects.py`` writes each, ``tools/compare_mat_files.py``
compares our reading with gnubg's): UTF-8 with or without a BOM or
Windows-1252 bytes (:func:`decode_mat`), ``\\r\\n`` line ends, tabs,
missing tags, notes and ``;`` comment boxes, names with a rating
(``BlueNote,1780``), either die first (``14:``), ``Cannot Move``,
``????``, ``Losses N points`` (left out), numbered rows holding only a
result or nothing, a match resumed (its first game not at 0-0, as its
score line says), a resignation before the first roll or by the player
not on roll (:meth:`Match.forfeit`), a resignation's result written in
the loser's column (the next score line, or ``and the match``, names the
winner), ``Wins N`` capped at what the match still needed, and a result
written after the row's number again on the line of the winner's last play
(``24) 43: 21/18 18/14    24)  Losses 2 point    Wins 2 point``: that play's
player won; gnubg warns that it cannot read such a line, and a
:class:`MatWarning` says so here, once a file).  A result
the rules would not give is read as the file says, with a
:class:`MatWarning` (``import_mats(text, warnings=[])``).

Dice written with no move mean, as gnubg reads them: a pass when the roll
allows no play, the only play when there is one; and, when the
opponent's ``Wins`` comes next, a roll followed by a resignation (gnubg
cannot read that last case when the roll has one play or none: it plays
or passes first).  A beaver that was taken is ``Beavers => 4`` with the
take implied by the next roll; one that was dropped is written
``Doubles => 4``, because gnubg 1.1 misreads the games after a dropped
``Beavers``.

What the format cannot hold is left out: steps of a turn not finished,
offered resignations that were rejected or are still open, the losing
throws of the opening (ties, the "both dice" loser's throw, a reroll),
the stake and the clock.  A game lost on time is written as a resignation
of a single game (or a drop, when the loser had a double to answer).  A
game set up from a position cannot be written.  Two header tags that GNU
Backgammon ignores carry options of this engine: ``[Opening "BothDice"]``
and ``[AutoDoubles "N"]``; a game whose opening ties turned the cube
has a line ``; [AutoDoubles "k"]`` under its score line (gnubg notes it
as a line it does not know, and its cube is then off: gnubg's own .mat
files cannot hold automatic doubles either).
"""

import codecs
import re
from dataclasses import dataclass, field

from game.errors import GameError
from game.match import InvalidMatchError, Match, MatchConfig, Phase
from game.formats.replaying import Replay

__all__ = ["MatFileError", "MatWarning", "decode_mat", "import_mat", "import_mats", "mat_info",
           "DEFAULT_NAMES"]


#: the names written for players whose name is empty (and read back as empty)
DEFAULT_NAMES = ("Player 1", "Player 2")

_MAX_CUBE_UNSTATED = 1 << 15   # a file without [CubeLimit]: no limit short of the engine's


class MatFileError(GameError):
    """A ``.mat`` file that cannot be read (or a match that cannot be written as one).

    ``line`` is the 1-based line number (None when the fault is not on one
    line) and ``text`` that line as read; ``key`` and ``params``, when
    known, say why as a message of the app's translations (the
    :class:`game.reasons.Reason` of a refused play or action,
    ``reason.point_blocked``; ``error.mat_opening_double``).
    """

    def __init__(self, message, line=None, text=None, *, key=None, params=None):
        where = "" if line is None else f"line {line}: "
        shown = "" if text is None else f": {text.strip()!r}"
        super().__init__(f"{where}{message}{shown}")
        self.line = line
        self.text = text
        self.key = key
        self.params = dict(params or {})


def _reason_message(error):
    """``(key, params)`` of a refused play or action, as the app shows a reason."""
    reason = getattr(error, "reason", None)
    if reason is None:
        return None, None
    params = {}
    for name, value in (getattr(error, "details", None) or {}).items():
        if name in ("point", "target") and isinstance(value, int) and not isinstance(value, bool):
            params[name] = {"where": value}
        elif isinstance(value, (int, str)) and not isinstance(value, bool):
            params[name] = value
    return f"reason.{reason.value}", params


@dataclass(frozen=True)
class MatWarning:
    """Something a ``.mat`` file says that the rules would not, read as the file says it.

    ``key`` is a message key of the app's translations (``game/app/text/locales``)
    and ``params`` its parameters (``game``: the game's number, ``line``:
    the line of the file, and what the key names); ``line`` the 1-based line.
    """

    key: str
    params: dict = field(default_factory=dict)
    line: int = None

    def __str__(self):
        return f"line {self.line}: {self.key} {self.params}"


def decode_mat(data):
    """The text of a ``.mat`` file's bytes: UTF-8 (with or without a BOM), else Windows-1252.

    >>> decode_mat(bytes([74, 111, 115, 233])), decode_mat(codecs.BOM_UTF8 + b"Ann")
    ('José', 'Ann')
    """
    data = bytes(data)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")       # the five bytes cp1252 leaves undefined



_TAG = re.compile(r'^[;#]\s*\[\s*([A-Za-z][A-Za-z0-9 ]*?)\s+"(.*)"\s*\]\s*$')
_MATCH_LINE = re.compile(r"^\s*(\d+)\s*points?\s+match\s*$", re.IGNORECASE)
_GAME_LINE = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_SCORE_LINE = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
_ROW_NUMBER = re.compile(r"^\s*(\d+)\)")
_ITEM_START = re.compile(
    r"(?<![^\s)])(?:[1-6][1-6]:|\?{3,}|(?:doubles?|beavers?|raccoons?|takes?|drops?|wins?)(?![A-Za-z]))",
    re.IGNORECASE)
_EMPTY_ROLL_CHUNK = re.compile(r"^\s*[1-6][1-6]:\s*$")
_LOSSES = re.compile(r"(?<![^\s)])loss(?:es)?\s+\d+\s+points?(?:\s+and\s+the\s+match)?", re.IGNORECASE)
_ROLL = re.compile(r"^([1-6])([1-6]):\s*(.*)$", re.DOTALL)
_DOUBLE = re.compile(r"^(doubles?|beavers?|raccoons?)\s*(?:=>\s*(\d+))?$", re.IGNORECASE)
_WIN = re.compile(r"^wins?\s+(\d+)\s+points?(\s+and\s+the\s+match)?\.?$", re.IGNORECASE)
_OFF = re.compile(r"/0+(?![0-9])")
_RATING = re.compile(r"\s*,\s*\d+(?:\.\d+)?$")
_NO_MOVE = ("", "???", "????", "cannot move", "can't move", "cant move", "no move", "no moves")
_RIGHT_COLUMN = 16          # a lone item starting at this column or later is the right player's


class _Item:
    __slots__ = ("kind", "player", "line", "text", "dice", "move", "value", "match_won", "same_line")

    def __init__(self, kind, player, line, text):
        self.kind = kind          # roll, double, beaver, take, drop, win, unknown (????)
        self.player = player      # the column: 0 left, 1 right
        self.line = line
        self.text = text
        self.dice = None
        self.move = ""
        self.value = None         # double, beaver: the cube offered; win: the points
        self.match_won = False    # win: "and the match" written
        self.same_line = False    # win: after the row's number again, on the line of the last play


class _GameText:
    def __init__(self, number, line):
        self.number = number
        self.line = line
        self.names = None
        self.score = None
        self.score_line = None    # (number, text)
        self.auto_doubles = 0
        self.items = []
        self.gap = False          # a blank line came after its rows


class _MatchText:
    def __init__(self, length, line, tags):
        self.length = length
        self.line = line
        self.tags = tags
        self.games = []


def _split_lines(text):
    if isinstance(text, (bytes, bytearray)):
        text = decode_mat(text)
    if not isinstance(text, str):
        raise MatFileError(f"import_mat: text or bytes expected, got {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    return [line.expandtabs(8) for line in re.split(r"\r\n|\r|\n", text)]


def _parse_item(chunk, player, number, line):
    body = " ".join(chunk.split())
    item = _Item(None, player, number, line)
    found = _ROLL.match(body)
    if found:
        item.kind = "roll"
        item.dice = (int(found.group(1)), int(found.group(2)))
        move = found.group(3).strip()
        item.move = "" if move.lower() in _NO_MOVE else move
        return item
    found = _DOUBLE.match(body)
    if found:
        word = found.group(1).lower()
        if word.startswith("raccoon"):
            raise MatFileError("raccoons are not played here", number, line)
        item.kind = "beaver" if word.startswith("beaver") else "double"
        item.value = None if found.group(2) is None else int(found.group(2))
        return item
    if re.fullmatch(r"takes?", body, re.IGNORECASE):
        item.kind = "take"
        return item
    if re.fullmatch(r"drops?", body, re.IGNORECASE):
        item.kind = "drop"
        return item
    found = _WIN.match(body)
    if found:
        item.kind = "win"
        item.value = int(found.group(1))
        item.match_won = found.group(2) is not None
        return item
    if re.fullmatch(r"\?{3,}", body):
        item.kind = "unknown"       # a play or action the producer does not show
        return item
    raise MatFileError(f"cannot read {body!r}", number, line)


def _parse_row(line, number):
    """The items of one row (one or two), each with its column as its player.

    A row may end with its number again and the game's result, on the line of the
    winner's last play (``24) 43: 21/18 18/14    24)  Losses 2 point    Wins 2 point``):
    that ``Wins`` is the player's of the play before it.
    """
    start = 0
    found = _ROW_NUMBER.match(line)
    if found:
        start = found.end()
        again = re.compile(rf"(?<=\s){found.group(1)}\)(?=\s|$)").search(line, start)
        if again is not None and line[start:again.start()].strip():
            items = _parse_row(line[:again.start()], number)
            if not items:
                raise MatFileError("no play before the row's number again", number, line)
            results = _parse_row(" " * again.end() + line[again.end():], number) \
                if line[again.end():].strip() else []
            if any(item.kind != "win" for item in results):
                raise MatFileError("only a result can follow the row's number again", number, line)
            for item in results:
                item.player, item.text, item.same_line = items[-1].player, line, True
            for item in items:
                item.text = line
            return items + results
    shown = line
    # "Losses 2 points" beside a move says what the result already says: left out
    line = _LOSSES.sub(lambda m: " " * len(m.group(0)), line)
    starts = [m.start() for m in _ITEM_START.finditer(line, start)]
    # "53: ????": a roll whose play is not shown is one item
    starts = [b for a, b in zip([None] + starts, starts)
              if a is None or line[b] != "?" or not _EMPTY_ROLL_CHUNK.match(line[a:b])]
    if not starts:
        if not line[start:].strip() and (found or line != shown):
            return []               # a numbered row with nothing in it (or only "Losses")
        raise MatFileError("cannot read this row", number, shown)
    if line[start:starts[0]].strip():
        raise MatFileError(f"cannot read {line[start:starts[0]].strip()!r}", number, shown)
    if len(starts) > 2:
        raise MatFileError("more than two columns", number, shown)
    chunks = [line[a:b] for a, b in zip(starts, starts[1:] + [len(line)])]
    if len(chunks) == 2:
        return [_parse_item(chunks[0], 0, number, shown), _parse_item(chunks[1], 1, number, shown)]
    column = 1 if starts[0] >= _RIGHT_COLUMN else 0
    return [_parse_item(chunks[0], column, number, shown)]


def _parse(text):
    """The matches of a file: their tags, games and items (no rule checked yet)."""
    matches = []
    tags = {}
    current = None            # the _MatchText being read
    game = None               # the _GameText being read
    for number, line in enumerate(_split_lines(text), 1):
        stripped = line.strip()
        if not stripped:
            if game is not None and game.items:
                game.gap = True
            continue
        if stripped[0] in ";#":
            found = _TAG.match(stripped)
            if found and game is not None and game.score is not None \
                    and found.group(1).lower() == "autodoubles":
                if not found.group(2).isdigit():
                    raise MatFileError("AutoDoubles: a number expected", number, line)
                game.auto_doubles = int(found.group(2))
            elif found:
                tags[found.group(1).lower()] = (found.group(2), number, line)
            continue
        found = _MATCH_LINE.match(stripped)
        if found:
            current = _MatchText(int(found.group(1)), number, tags)
            matches.append(current)
            tags = {}
            game = None
            continue
        found = _GAME_LINE.match(stripped)
        if found:
            if current is None:
                raise MatFileError("a game before the 'N point match' line", number, line)
            game = _GameText(int(found.group(1)), number)
            current.games.append(game)
            continue
        if game is None:
            continue                # notes before the match or its first game, as gnubg skips them
        if game.score is None:
            found = _SCORE_LINE.match(line)
            if not found:
                raise MatFileError("the score line 'name : points   name : points' expected",
                                   number, line)
            game.names = (found.group(1), found.group(3))
            game.score_line = (number, line)
            game.score = (int(found.group(2)), int(found.group(4)))
            continue
        try:
            game.items.extend(_parse_row(line, number))
        except MatFileError:
            if not game.gap:
                raise
            # notes after a game's rows and a blank line, as gnubg skips them (it reads
            # a game's rows up to the first blank line)
    if not matches:
        raise MatFileError("no 'N point match' line: not a .mat file")
    for match in matches:
        for game in match.games:
            if game.score is None:
                raise MatFileError(f"game {game.number} has no score line", game.line)
    return matches


def _on_off(tags, name, default):
    if name not in tags:
        return default
    value, number, line = tags[name]
    if value.strip().lower() in ("on", "yes", "true", "1"):
        return True
    if value.strip().lower() in ("off", "no", "false", "0"):
        return False
    raise MatFileError(f"{name.capitalize()}: On or Off expected", number, line)


def _config(parsed):
    tags = parsed.tags
    if "variation" in tags and tags["variation"][0].strip().lower() not in ("backgammon", "standard"):
        raise MatFileError("only the Backgammon variation is played here", *tags["variation"][1:])
    if parsed.length > 25:
        raise MatFileError(f"match length {parsed.length}: 0 (money) or 1 to 25 expected",
                           parsed.line)
    names = ("", "")
    if parsed.games:
        # a rating after the name ("BlueNote,1780") is not part of it, as gnubg reads it
        names = tuple("" if name == default else _RATING.sub("", name)
                      for name, default in zip(parsed.games[0].names, DEFAULT_NAMES))
    values = dict(length=parsed.length, names=names,
                  crawford=_on_off(tags, "crawford", True),
                  jacoby=_on_off(tags, "jacoby", False),
                  beavers=_on_off(tags, "beaver", False))
    if "cubelimit" in tags:
        value, number, line = tags["cubelimit"]
        if not value.strip().isdigit():
            raise MatFileError("CubeLimit: a number expected", number, line)
        limit = int(value)
        if limit == 1:
            values["cube"] = False
        else:
            values["max_cube"] = limit
    else:
        values["max_cube"] = _MAX_CUBE_UNSTATED
    if "autodoubles" in tags:
        value, number, line = tags["autodoubles"]
        if not value.strip().isdigit():
            raise MatFileError("AutoDoubles: a number expected", number, line)
        values["automatic_doubles"] = int(value)
    if "opening" in tags:
        value, number, line = tags["opening"]
        opening = {"bothdice": "both_dice", "standard": "standard"}.get(
            re.sub(r"[\s_-]", "", value.lower()))
        if opening is None:
            raise MatFileError("Opening: Standard or BothDice expected", number, line)
        values["opening"] = opening
    try:
        return MatchConfig(**values)
    except GameError as error:
        raise MatFileError(f"header: {error}", parsed.line) from None


class _Replay(Replay):
    """Drives a new Match through the items of a parsed match."""

    def __init__(self, parsed, dice=None, warnings=None):
        super().__init__(dice)
        self.parsed = parsed
        self.item = None          # the item being read
        self.warnings = [] if warnings is None else warnings
        config = _config(parsed)
        score, crawford = (0, 0), False
        if parsed.games:
            # a match resumed: its first game starts at the score its score line gives
            score = parsed.games[0].score
            short = config.length - 1
            crawford = bool(config.length and config.crawford and list(score).count(short) == 1)
        try:
            self.match = Match(config, self.dice, score=score, crawford=crawford)
        except InvalidMatchError as error:
            raise MatFileError(f"game {parsed.games[0].number}: {error}",
                               *parsed.games[0].score_line) from None
        self.explained = False    # the last game's result was warned about: its score follows it

    def fail(self, message, item, key=None, params=None):
        raise MatFileError(message, item.line, item.text, key=key, params=params) from None

    def refuse(self, why, message, **params):
        if why == "opening_double":
            self.fail(message, self.item, "error.mat_opening_double")
        self.fail(self.turn_text() if why == "turn" and self.match.phase is not Phase.OPENING else message,
                  self.item)

    def warn(self, key, line, **params):
        self.warnings.append(MatWarning(key, {"game": self.current.number, "line": line, **params},
                                        line))
        self.explained = True

    def run(self):
        match = self.match
        games = self.parsed.games
        for index, game in enumerate(games):
            self.current = game
            self.next_score = games[index + 1].score if index + 1 < len(games) else None
            if index:
                if match.phase is not Phase.OVER:
                    raise MatFileError(f"game {game.number} starts before game "
                                       f"{games[index - 1].number} is over", game.line)
                if match.match_winner is not None:
                    raise MatFileError(f"game {game.number} comes after the end of the match",
                                       game.line)
                if game.score != match.score:
                    if not self.explained:
                        self.warnings.append(MatWarning(
                            "warning.mat_score", {"game": game.number, "line": game.score_line[0],
                                                  "file0": game.score[0], "file1": game.score[1],
                                                  "rules0": match.score[0], "rules1": match.score[1]},
                            game.score_line[0]))
                    try:
                        match.new_game(score=game.score)
                    except InvalidMatchError as error:
                        raise MatFileError(f"game {game.number}: {error}", *game.score_line) from None
                else:
                    match.new_game()
            self.explained = False
            self.game(game)
        return match

    def game(self, game):
        items = game.items
        self.auto_doubles = game.auto_doubles
        read = {"roll": self.do_roll, "double": self.do_double, "beaver": self.do_beaver,
                "take": self.do_take, "drop": self.do_drop, "win": self.do_win,
                "unknown": self.do_unknown}
        for k, item in enumerate(items):
            following = items[k + 1] if k + 1 < len(items) else None
            self.item = item
            try:
                read[item.kind](item, following)
            except MatFileError:
                raise
            except GameError as error:
                self.fail(str(error), item, *_reason_message(error))

    # --- the items --------------------------------------------------------------------
    def do_roll(self, item, following):
        match = self.match
        player = item.player
        self.roll(player, item.dice)        # a beaver is taken by rolling on
        turn = match.turn
        if item.move:
            match.play_text(_OFF.sub("/off", item.move), player)
            return
        if turn.no_move and (following is None or following.kind != "win" or following.player == player):
            match.done(player)              # a pass (also at the end of the file, as gnubg reads it)
            return
        if following is None:
            return                          # the file ends with the roll: the turn is in play
        if following.kind == "win" and following.player != player:
            return                          # rolled, then resigned
        if turn.forced is not None:
            match.play_move(turn.forced, player)   # as gnubg reads it: the only play
        else:
            self.fail(f"no move written for {item.dice[0]}-{item.dice[1]}, "
                      f"and {len(turn.plays)} plays are legal", item)

    def do_double(self, item, following):
        match = self.match
        g = match.game
        if match.phase is Phase.DOUBLED and g.offer == "double" and match.player_to_act == item.player:
            return self.do_beaver(item, following)      # an old way to write a beaver
        if match.phase is not Phase.ROLL_OR_DOUBLE or match.player_on_roll != item.player:
            self.fail(self.turn_text(), item)
        if match.is_crawford_game and match.config.cube:
            # no cube in the Crawford game: the double is left out with a warning, its answer
            # too (a drop gives the game up, a single game at the cube of 1)
            self.warn("warning.mat_crawford_double", item.line)
            self.crawford_double = item.player
            return
        match.double(item.player)
        self.check_cube(item)

    def do_beaver(self, item, following):
        match = self.match
        if match.phase is not Phase.DOUBLED or match.player_to_act != item.player:
            self.fail("a beaver answers a double", item)
        match.beaver(item.player)
        self.check_cube(item)

    def check_cube(self, item):
        if item.value is not None and item.value != self.match.offered_cube:
            self.fail(f"the cube offered is {self.match.offered_cube}", item)

    def do_take(self, item, following):
        if self.crawford_answer(item):
            return
        self.answer(item)
        self.match.take(item.player)

    def do_drop(self, item, following):
        if self.crawford_answer(item):
            self.match.forfeit(item.player, 1)
            return
        self.answer(item)
        self.match.drop(item.player)

    def crawford_answer(self, item):
        """True when ``item`` answers a double left out in the Crawford game."""
        doubler = getattr(self, "crawford_double", None)
        if doubler is None:
            return False
        if item.player != 1 - doubler:
            self.fail(f"player {1 - doubler}'s answer, written in player {item.player}'s column", item)
        self.crawford_double = None
        return True

    def answer(self, item):
        match = self.match
        if match.phase is not Phase.DOUBLED:
            self.fail("no double to answer", item)
        if match.player_to_act != item.player:
            self.fail(f"player {match.player_to_act}'s answer, written in player "
                      f"{item.player}'s column", item)

    def do_unknown(self, item, following):
        """``????``: an action the producer does not show; gnubg skips it too."""

    def do_win(self, item, following):
        match = self.match
        g = match.game
        winner = item.player
        if item.same_line and not any(w.key == "warning.mat_same_line" for w in self.warnings):
            # read as the result (gnubg warns that it cannot read the line): said once a file
            self.warnings.append(MatWarning("warning.mat_same_line", {"game": self.current.number,
                                                                      "line": item.line}, item.line))
        if match.phase is Phase.OVER:
            result = g.result
            before = list(match.score)
            before[result.winner] -= result.points
            cube_points = g.cube_value * {"gammon": 2, "backgammon": 3}.get(result.kind, 1)
            if result.winner != winner:
                self.fail(f"player {result.winner} won {result.points} point"
                          f"{'s' if result.points > 1 else ''}", item)
            if not (self.fair_value(item.value, result.points, winner, before)
                    or self.fair_value(item.value, cube_points, winner, before)):
                self.warn("warning.mat_result", item.line, file=item.value, rules=result.points)
            return
        winner = self.resignation_winner(item)
        resigner = 1 - winner
        if match.phase is Phase.DOUBLED and g.offer == "beaver" and g.player_on_roll == resigner:
            match.take(resigner)
        # as gnubg reads it: the points over the cube, rounded up, one to three
        kind = min(3, max(1, -(-item.value // g.cube_value)))
        before = match.score
        if not self.fair_value(item.value, kind * g.cube_value, winner, before):
            self.warn("warning.mat_result", item.line, file=item.value, rules=kind * g.cube_value)
        if match.phase not in (Phase.OPENING, Phase.ROLL_OR_DOUBLE, Phase.MOVING):
            self.fail(f"a win before the game is over is a resignation ({self.turn_text()})", item)
        self.give_up(resigner, kind)        # a forfeit before the first roll or off turn, as gnubg

    def resignation_winner(self, item):
        """Who won by the resignation ``item`` writes: the column's player, unless the next
        game's score says the other one won (some producers write the result in the
        loser's column)."""
        match = self.match
        column = item.player
        score = match.score
        if self.next_score is not None:
            gains = [self.next_score[p] - score[p] for p in (0, 1)]
            if gains[1 - column] > 0 and gains[column] <= 0:
                return 1 - column
            return column
        length = match.config.length
        if item.match_won and length:
            # "and the match": the one whom these points take to the length
            reach = [p for p in (0, 1) if score[p] + item.value >= length]
            if reach == [1 - column]:
                return 1 - column
        return column

    def turn_text(self):
        match = self.match
        actor = match.player_to_act
        if match.phase is Phase.OVER:
            return "the game is over"
        if actor is None:
            return "the game has not started"
        return f"player {actor} ({'left' if actor == 0 else 'right'} column) must {self.expected()}"

    def expected(self):
        phase = self.match.phase
        return {Phase.ROLL_OR_DOUBLE: "roll or double", Phase.DOUBLED: "take or drop",
                Phase.MOVING: "move", Phase.RESIGNATION_OFFERED: "answer a resignation"}[phase]


def import_mats(text, *, warnings=None):
    """Every match of a ``.mat`` text, each rebuilt by the engine: a list of :class:`Match`.

    A file may hold several matches, each from its ``N point match`` line.
    Bad text raises :class:`MatFileError` and nothing is returned.  What
    the file says against the rules but can be read (a result the rules
    score otherwise, a score line that does not follow) is read as the file
    says, and a :class:`MatWarning` for each is appended to ``warnings``
    (a list) when given.
    """
    found = []
    matches = [_Replay(parsed, warnings=found).run() for parsed in _parse(text)]
    if warnings is not None:
        warnings.extend(found)
    return matches


def import_mat(text, *, dice=None, warnings=None):
    """The match of a ``.mat`` text, rebuilt by the engine's own actions (a :class:`Match`).

    Rolls are fed to the match through :class:`game.dice.ManualDice`, each
    move is played with :meth:`Match.play_text`, and the cube, drops and
    resignations with their actions, so the engine checks them all.  The
    match is as the file leaves it: over, between games, or in play.  Its
    dice source is that ``ManualDice``, with ``dice`` (a source from
    :mod:`game.dice`, or None) as its fallback for the rolls after the
    file's.  A file with several matches is refused (see :func:`import_mats`).

    >>> from game.dice import SeededDice
    >>> match = import_mat(" 1 point match\\n Game 1\\n A : 0  B : 0\\n 1) 65: 24/13\\n",
    ...                    dice=SeededDice("after the file"))
    >>> match
    <Match 1-point match, score 0-0, game 1 roll_or_double>
    >>> match.roll() == SeededDice("after the file").roll()
    True
    >>> import_mat(" 1 point match\\n Game 1\\n A : 0  B : 0\\n 1) 65: 24/12\\n")
    Traceback (most recent call last):
    ...
    game.formats.mat_read.MatFileError: line 4: move '24/12' in 4HPwATDgc/ABMA with 6-5: point_blocked: '1) 65: 24/12'
    """
    parsed = _parse(text)
    if len(parsed) != 1:
        raise MatFileError(f"{len(parsed)} matches in this text: use import_mats()", parsed[1].line)
    found = []
    match = _Replay(parsed[0], dice, found).run()
    if warnings is not None:
        warnings.extend(found)
    return match


def mat_info(text):
    """The header tags :func:`export_mat` takes, read from a ``.mat`` text (a dict).

    ``export_mat(import_mat(text), **mat_info(text))`` writes back a file
    that this module wrote.  For a file of several matches: the first one's.

    >>> mat_info('; [Event "Club night"]\\n; [EventDate "2026.11.21"]\\n 5 point match\\n')
    {'event': 'Club night', 'date': '2026.11.21'}
    """
    names = {"site": "site", "event": "event", "round": "round", "eventdate": "date",
             "transcriber": "transcriber"}
    tags = _parse(text)[0].tags
    return {key: tags[tag][0] for tag, key in names.items() if tag in tags}


"""Match files in the Jellyfish / GNU Backgammon ``.mat`` text format, written.

:func:`export_mat` writes a :class:`game.match.Match` (finished or in play)
from its event log, in GNU Backgammon's own layout (``export match mat``);
:mod:`game.formats.mat_read` reads it back, and says more of the format.
"""

import datetime
import re

from game.match import Match
from game.formats.common import gnubg_steps
from game.formats.mat_read import DEFAULT_NAMES, MatFileError
from game.position import Position

__all__ = ["export_mat"]


def _wins(points, suffix=""):
    return f"Wins {points} point{'s' if points > 1 else ''}{suffix}"


def _plain_move(position, dice, notation):
    """gnubg's plain notation of a move: one die per part, gnubg's order, 25 bar, 0 off."""
    opponent = position.theirs          # their point q is our point 25 - q
    parts = []
    landed = set()
    for source, target in gnubg_steps(position, dice, notation):
        text = f"{source}/{target}"
        if target and opponent[24 - target] and target not in landed:
            text += "*"
        landed.add(target)
        parts.append(text)
    # gnubg leaves a space after each of the first three parts
    return "".join(part + (" " if k < 3 else "") for k, part in enumerate(parts))


class _Record:
    __slots__ = ("kind", "player", "dice", "text", "value", "win")

    def __init__(self, kind, player, dice=None, text="", value=None):
        self.kind = kind          # move, setdice, double, beaver, take, drop, resign
        self.player = player      # who acts (the resigner for "resign", the dropper for "drop")
        self.dice = dice
        self.text = text          # move: the plain notation
        self.value = value        # double/beaver: the cube offered; drop/resign: "Wins ..." text
        self.win = None           # move: "Wins ..." text when it finished the game


def _game_records(match):
    """Per game: ``(number, score, auto_doubles, records)`` from the event log."""
    games = []
    records = None
    rolled = None             # (player, dice) of a roll not yet played
    offer = None              # ("double" | "beaver", player) waiting for an answer
    resignation = None        # (player, kind) offered
    ender = None              # ("drop", player) or ("flag", player) before the win event
    length = match.config.length
    for event in match.events:
        kind = event["type"]
        if kind == "game_start":
            records = []
            games.append([event["game"], tuple(event["score"]), 0, records])
            rolled = offer = resignation = ender = None
        elif kind == "setup":
            raise MatFileError(f"game {games[-1][0]} starts from a set-up position, "
                               f"which a .mat file cannot record")
        elif kind == "auto_double":
            games[-1][2] += 1
        elif kind == "opening_roll" and event["player"] is not None:
            dice = event["dice"] if match.config.opening == "standard" else event["dice"][event["player"]]
            rolled = (event["player"], tuple(dice))
        elif kind in ("roll", "reroll"):
            rolled = (event["player"], tuple(event["dice"]))
        elif kind in ("move", "pass"):
            position = Position.from_position_id(event["position_id"])
            dice = tuple(event["dice"])
            text = _plain_move(position, dice, event.get("move", ""))
            records.append(_Record("move", event["player"], dice, text))
            rolled = None
        elif kind in ("double", "beaver"):
            records.append(_Record(kind, event["player"], value=event["cube"]))
            offer = (kind, event["player"])
        elif kind == "drop" and offer[0] == "beaver":
            # A dropped beaver is written "Doubles => 4": gnubg (1.1) reads a line after
            # "Beavers" as taking it and, after a drop, skips the rolls of the next game.
            records[-1].kind = "double"
            ender = ("drop", event["player"])
        elif kind == "take":
            if offer[0] == "double":       # the take of a beaver is implied by what follows
                records.append(_Record("take", event["player"]))
            offer = None
        elif kind in ("resign", "forfeit"):
            resignation = (event["player"], event["kind"])
        elif kind == "reject_resignation":
            resignation = None
        elif kind in ("drop", "flag"):
            ender = (kind, event["player"])
        elif kind == "win":
            suffix = " and the match" if length and event["score"][event["player"]] >= length else ""
            wins = _wins(event["points"], suffix)
            how = event["kind"]
            if how in ("single", "gammon", "backgammon"):
                records[-1].win = wins
                continue
            if how == "time":
                flagged = ender[1]
                if offer is not None and flagged == 1 - offer[1]:
                    how = "drop"           # out of time with a double to answer: as a drop
                    if offer[0] == "beaver":
                        records[-1].kind = "double"
                elif resignation is not None or offer is not None:
                    raise MatFileError(f"game {games[-1][0]}: a loss on time while a resignation "
                                       f"is offered cannot be written in a .mat file")
                else:
                    resignation = (flagged, 1)
                    how = "resign"
            if how == "drop":
                records.append(_Record("drop", ender[1], value=wins))
            else:
                if rolled is not None:
                    records.append(_Record("setdice", rolled[0], rolled[1]))
                    rolled = None
                records.append(_Record("resign", resignation[0], value=wins))
    if rolled is not None and records is not None:
        records.append(_Record("setdice", rolled[0], rolled[1]))
    return games


def _game_text(records):
    """The rows of one game, laid out as gnubg's ``ExportGameJF`` does."""
    out = []
    i = 0
    dice_rolled = False
    for record in records:
        kind = record.kind
        if kind == "move":
            sz = f"{record.dice[0]}{record.dice[1]}: {record.text}"
            dice_rolled = False
        elif kind == "double":
            sz = f" Doubles => {record.value}"
        elif kind == "beaver":
            sz = f" Beavers => {record.value}"
        elif kind == "take":
            sz = " Takes"
        elif kind == "drop":
            sz = " Drops" + ("\n      " if i & 1 else " " * 23) + record.value
        elif kind == "resign":
            odd = bool(i & 1) ^ dice_rolled
            if record.player == 1:
                sz = ("\n" if odd else "") + "      " + record.value + "\n"
            elif i & 1:
                sz = (" " if odd else " " * 24) + record.value + "\n"
            else:
                sz = (" " if odd else " " * 34) + record.value + "\n"
        else:  # setdice: rolled, then resigned (or the file ends)
            sz = f"{record.dice[0]}{record.dice[1]}: "
            dice_rolled = True
        if i == 0 and record.player == 1:
            out.append("  1)" + " " * 29)
            i += 1
        if i & 1 or kind == "resign":
            out.append(sz)
            if kind != "setdice":
                out.append("\n")
        elif kind != "setdice":
            out.append(f"{(i >> 1) + 1:3d}) {sz:<27} ")
        else:
            out.append(f"{(i >> 1) + 1:3d}) {sz:<3}")
        if kind == "drop":
            out.append("\n")
            if not i & 1:
                out.append("\n")
        if record.win is not None:
            out.append((" " * 34 if i & 1 else "\n      ") + record.win + "\n\n")
        i += 1
    text = "".join(out)
    if text and not text.endswith("\n"):
        text += "\n"
    return text


def _clean_name(name, default):
    name = " ".join(str(name).replace(":", "_").replace('"', "'").split())
    return name or default


def _check_tag_value(name, value):
    if value is None:
        return None
    value = str(value)
    if any(c in value for c in "\r\n") or '"]' in value:
        raise MatFileError(f"{name} {value!r}: one line without '\"]' expected")
    return value


def _date_text(date):
    if date is None:
        return None
    if isinstance(date, (datetime.date, datetime.datetime)):
        return f"{date.year:04d}.{date.month:02d}.{date.day:02d}"
    if isinstance(date, str) and re.fullmatch(r"\d{4}\.\d{2}\.\d{2}", date):
        return date
    raise MatFileError(f"date {date!r}: a datetime.date or 'YYYY.MM.DD' expected")


def export_mat(match, *, event=None, site=None, date=None, round=None, transcriber=None):
    """The match as ``.mat`` text (GNU Backgammon's layout, ``\\n`` line ends).

    ``event``, ``site``, ``round``, ``transcriber`` (strings) and ``date``
    (a :class:`datetime.date` or ``"YYYY.MM.DD"``) fill the header tags of
    the same names (``date`` is ``[EventDate]``); left out, no tag.  The
    text is a pure function of the match and these arguments.  A match
    that cannot be written (a game set up from a position) raises
    :class:`MatFileError`.

    >>> from game.match import Match, MatchConfig
    >>> print(export_mat(Match(MatchConfig(length=0))))       # doctest: +NORMALIZE_WHITESPACE
    ; [Player 1 "Player 1"]
    ; [Player 2 "Player 2"]
    ; [Variation "Backgammon"]
    ; [Jacoby "Off"]
    ; [Beaver "Off"]
    ; [CubeLimit "64"]
    <BLANKLINE>
     0 point match
    <BLANKLINE>
     Game 1
     Player 1 : 0                   Player 2 : 0
    """
    if not isinstance(match, Match):
        raise MatFileError(f"export_mat({match!r}): a Match expected")
    cfg = match.config
    names = [_clean_name(name, default) for name, default in zip(cfg.names, DEFAULT_NAMES)]
    lines = []
    for tag, value in (("Site", site), ("Event", event), ("Round", round)):
        value = _check_tag_value(tag, value)
        if value is not None:
            lines.append(f'; [{tag} "{value}"]')
    lines.append(f'; [Player 1 "{names[0]}"]')
    lines.append(f'; [Player 2 "{names[1]}"]')
    date = _date_text(date)
    if date is not None:
        lines.append(f'; [EventDate "{date}"]')
    lines.append('; [Variation "Backgammon"]')
    if cfg.money:
        lines.append(f'; [Jacoby "{"On" if cfg.jacoby else "Off"}"]')
        lines.append(f'; [Beaver "{"On" if cfg.beavers else "Off"}"]')
        if cfg.automatic_doubles:
            lines.append(f'; [AutoDoubles "{cfg.automatic_doubles}"]')
    else:
        lines.append(f'; [Crawford "{"On" if cfg.crawford else "Off"}"]')
    lines.append(f'; [CubeLimit "{cfg.max_cube if cfg.cube else 1}"]')
    if cfg.opening == "both_dice":
        lines.append('; [Opening "BothDice"]')
    transcriber = _check_tag_value("transcriber", transcriber)
    if transcriber is not None:
        lines.append(f'; [Transcriber "{transcriber}"]')
    out = ["\n".join(lines) + "\n\n", f" {cfg.length} point match\n\n"]
    for number, score, auto, records in _game_records(match):
        left = f"{names[0]} : {score[0]}"
        out.append(f" Game {number}\n {left:<31}{names[1]} : {score[1]}\n")
        if auto:
            out.append(f'; [AutoDoubles "{auto}"]\n')
        out.append(_game_text(records))
    return "".join(out)

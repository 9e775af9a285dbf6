"""Write matches as the ``.mat`` files of other producers: the test corpus of the import.

Each producer of match files lays the same Jellyfish format out its own way.
:func:`write_as` writes a :class:`game.match.Match` in the layout of one of
:data:`PRODUCERS` (our own generator, from the habits seen in real files:
nothing here is copied from them), as the bytes of a file::

    python3 tools/mat_dialects.py tests/data/mat_corpus      (writes the corpus)
    python3 tools/compare_mat_files.py --fixtures tests/data/mat_corpus < /dev/null

The second command has GNU Backgammon read every file and keeps its view in
``tests/data/mat_corpus/gnubg_views.json``; ``tests/test_mat_corpus.py``
checks our reading against it without gnubg.

The habits, by producer:

- ``gnubg``: GNU Backgammon's own export (:func:`game.formats.mat_write.export_mat`).
- ``xg``, ``xg_mobile``: eXtreme Gammon: UTF-8 with a BOM, CRLF, its header
  tags (ratings, times, ``Unrated``), no leading space, a wider left column,
  plays in short form (``24/13``, ``bar/22*``, ``6/off``, ``13/7(2)``).
- ``galaxy``: Backgammon Galaxy: the result of a resignation written in the
  loser's column (the next game's score says who won).
- ``dailygammon``: no tags; ``Wins N point`` in the singular, capped at what
  the match needed; a result on a numbered row of its own, then an empty
  numbered row.
- ``gamesgrid``: names with ratings (``BlueNote,1780``), the lower die first
  (``14:``), ``Cannot Move`` for a pass, ``Losses N point`` in the loser's
  column beside the winner's last play.
- ``online``: an online site (the shape of two real files): the last line of a game
  holds the winner's last play, then the row's number again with the loser's
  ``Losses N point`` and the winner's ``Wins N point and the match``, always singular
  (``24) 43: 21/18 18/14    24)  Losses 2 point    Wins 2 point and the match``).
- ``bgstudio``: Backgammon Studio: a game given up before its first roll as
  ``????  Wins N point`` (a forfeit).
- ``transcription``: a tournament transcription: Windows-1252 names, tabs
  between the columns, a ``;`` comment box and notes before the match, the
  match resumed (its first game not at 0-0).
- ``handwritten``: money sessions whose results the rules would not give
  (``Wins 1 point`` for a gammon, ``Wins 16 points`` with the cube on 2):
  read as the file says, with a warning.
"""

import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from check_mat_with_gnubg import random_match  # noqa: E402
from game.dice import SeededDice  # noqa: E402
from game.errors import IllegalActionError  # noqa: E402
from game.match import Match, MatchConfig, Phase  # noqa: E402
from game.formats.mat_write import _game_records, export_mat  # noqa: E402
from game.move import Move  # noqa: E402

PRODUCERS = ("gnubg", "xg", "xg_mobile", "galaxy", "dailygammon", "gamesgrid", "online", "bgstudio",
             "transcription", "handwritten")

_STYLES = {
    "gnubg": {},
    "xg": {"bom": True, "crlf": True, "short": True, "indent": "", "width": 37, "site": "eXtreme Gammon"},
    "xg_mobile": {"bom": True, "crlf": True, "short": True, "indent": "", "width": 37,
                  "site": "XG Mobile"},
    "galaxy": {"short": True, "loser_column": True, "site": "Backgammon Galaxy", "width": 30},
    "dailygammon": {"short": True, "singular": True, "cap": True, "numbered_results": True,
                    "tags": False},
    "gamesgrid": {"ratings": True, "low_first": True, "cannot_move": True, "losses": True,
                  "tags": False},
    "online": {"short": True, "singular": True, "same_line_result": True, "tags": False},
    "bgstudio": {"short": True, "forfeit_marks": True, "site": "Backgammon Studio"},
    "transcription": {"encoding": "cp1252", "tabs": True, "comment_box": True, "short": True,
                      "resumed": True, "names": ("José Ñúñez", "Zoë Müller")},
    "handwritten": {"short": True, "contradictions": True, "singular": True},
}


def _wins(points, style, match_won):
    word = "point" if style.get("singular") or points == 1 else "points"
    return f"Wins {points} {word}" + (" and the match" if match_won else "")


def _play_text(record, style):
    if not record.text:
        return "Cannot Move" if style.get("cannot_move") else ""
    if style.get("short"):
        return str(Move.from_str(re.sub(r"/0(?![0-9])", "/off", record.text)))
    return record.text.strip()


def _dice_text(dice, style):
    d1, d2 = dice
    if style.get("low_first"):
        d1, d2 = min(dice), max(dice)
    return f"{d1}{d2}:"


class _Rows:
    """Rows of two cells, numbered, as the producers lay them out."""

    def __init__(self, style):
        self.style = style
        self.lines = []
        self.row = None           # [left, right] being filled
        self.number = 0

    def put(self, column, text):
        if self.row is None or column == 0 or self.row[1] is not None:
            self.flush()
            self.row = [None, None]
        if column == 0:
            self.row[0] = text
        else:
            self.row[1] = text

    def flush(self):
        if self.row is None:
            return
        self.number += 1
        left, right = self.row
        style = self.style
        head = f"{self.number:3d}) "
        if style.get("tabs"):
            line = head.rstrip() + "\t" + (left or "")
            if right is not None:
                line += ("\t" if left and left[0].isdigit() and right[0].isdigit() else
                         " " * max(2, 28 - len(left or "")))
                line += right
        else:
            line = head + (left or "").ljust(style.get("width", 27) + 1)
            if right is not None:
                line = line.rstrip() + " " * max(2, len(head) + style.get("width", 27) + 1
                                                  - len(line.rstrip())) + right
                if not left:
                    line = head + " " * (style.get("width", 27) + 1) + right
        self.lines.append(line.rstrip())
        self.row = None

    def ends_with(self, winner):
        """Whether the row being filled ends with ``winner``'s item (his last play)."""
        return self.row is not None and self.row[winner] is not None and (winner == 1 or self.row[1] is None)

    def same_line_result(self, points, text):
        """The row, then its number again with ``Losses N point`` and the ``Wins`` text."""
        self.flush()
        self.lines[-1] += f"    {self.number})  Losses {points} point    {text}"
        self.lines.append("")

    def result(self, column, text):
        """A ``Wins`` line in ``column``."""
        self.flush()
        if self.style.get("numbered_results"):
            self.put(column, text)
            self.flush()
            self.number += 1
            self.lines.append(f"{self.number:3d})")
        else:
            pad = 6 if column == 0 else 5 + self.style.get("width", 27) + 2
            self.lines.append(" " * pad + text)
        self.lines.append("")


def _game_lines(records, style, length, score, final_points):
    """The rows of one game; ``final_points``: the Wins value to write, or None for the rules'."""
    rows = _Rows(style)
    winner = None
    for k, record in enumerate(records):
        kind = record.kind
        column = record.player
        if kind in ("move", "setdice"):
            text = _dice_text(record.dice, style)
            play = _play_text(record, style) if kind == "move" else ""
            rows.put(column, (text + " " + play).rstrip())
            if record.win is not None:
                winner = column
                value = record.win
                if style.get("same_line_result"):
                    text = _result(value, style, length, score, winner, final_points)
                    rows.same_line_result(int(text.split()[1]), text)
                    continue
                if style.get("losses"):
                    points = int(value.split()[1])
                    if column == 0:
                        rows.put(1, f"Losses {points} point{'s' if points > 1 else ''}")
                    else:
                        rows.put(0, f"Losses {points} point{'s' if points > 1 else ''}")
                        rows.flush()
                rows.result(column, _result(value, style, length, score, winner, final_points))
        elif kind in ("double", "beaver"):
            rows.put(column, f" Doubles => {record.value}" if kind == "double" else
                     f" Beavers => {record.value}")
        elif kind == "take":
            rows.put(column, " Takes")
        elif kind == "drop":
            rows.put(column, " Drops")
            winner = 1 - column
            text = _result(record.value, style, length, score, winner, final_points)
            if column == 0:         # the winner's column of the same row, as gnubg writes it
                rows.put(1, text)
                rows.flush()
                rows.lines.append("")
            else:
                rows.result(winner, text)
        elif kind == "resign":
            winner = 1 - column
            where = column if style.get("loser_column") else winner
            text = _result(record.value, style, length, score, winner, final_points)
            if style.get("same_line_result") and rows.ends_with(winner):
                rows.same_line_result(int(text.split()[1]), text)
            elif style.get("forfeit_marks") and k == 0:
                rows.put(column, "????")
                rows.put(1 - column, text) if column == 0 else rows.put(0, text)
                rows.flush()
                rows.lines.append("")
            else:
                rows.result(where, text)
    rows.flush()
    return rows.lines


def _result(value, style, length, score, winner, final_points):
    points = int(value.split()[1])
    match_won = "and the match" in value
    if final_points is not None:
        points = final_points
    elif style.get("cap") and length:
        points = min(points, length - score[winner])
    return _wins(points, style, match_won)


def _header(match, style, names):
    cfg = match.config
    lines = []
    if style.get("comment_box"):
        lines += [";" * 44, "; Transcribed from the tournament sheets.  ;",
                  "; Moves as written by the recorders.       ;", ";" * 44,
                  "Round 3, table 12", ""]
    if style.get("tags", True):
        if style.get("site"):
            lines.append(f'; [Site "{style["site"]}"]')
        if style.get("width", 27) == 37:
            lines.append('; [Match ID "31415926"]')
        lines.append(f'; [Player 1 "{names[0]}"]')
        lines.append(f'; [Player 2 "{names[1]}"]')
        if style.get("width", 27) == 37:
            lines += ['; [Player 1 Elo "1612.40/312"]', '; [Player 2 Elo "1755.02/128"]',
                      '; [TimeControl "*0"]', '; [EventDate "2026.11.02"]', '; [EventTime "21.14"]']
        lines.append('; [Variation "Backgammon"]')
        if cfg.money:
            lines.append(f'; [Jacoby "{"On" if cfg.jacoby else "Off"}"]')
            lines.append(f'; [Beaver "{"On" if cfg.beavers else "Off"}"]')
        else:
            lines.append(f'; [Crawford "{"On" if cfg.crawford else "Off"}"]')
        if style.get("width", 27) == 37:
            lines.append('; [Unrated "Off"]')
        lines.append(f'; [CubeLimit "{cfg.max_cube if cfg.cube else 1}"]')
        lines.append("")
    return lines


def write_as(producer, match, *, seed=0):
    """The bytes of a ``.mat`` file of ``match`` as ``producer`` writes it."""
    if producer == "gnubg":
        return export_mat(match, date="2026.11.02").encode("utf-8")
    style = _STYLES[producer]
    rng = random.Random(seed)
    cfg = match.config
    names = list(style.get("names") or [n or d for n, d in zip(cfg.names, ("Anna", "Boris"))])
    shown = list(names)
    if style.get("ratings"):
        shown = [f"{names[0]},{rng.randrange(1400, 2000)}", f"{names[1]},{rng.randrange(1400, 2000)}"]
    indent = style.get("indent", " ")
    games = _game_records(match)
    first = 0
    if style.get("resumed"):
        # resume at the first game where no player is one point short (the Crawford state
        # then follows from the score alone), after at least one game
        for k in range(1, len(games)):
            if cfg.length and cfg.length - 1 not in games[k][1]:
                first = k
                break
    contradictions = {}
    if style.get("contradictions"):
        contradictions = _contradictions(match, games)
    lines = _header(match, style, names)
    lines += [f"{indent}{cfg.length} point match", ""]
    offset = [0, 0]
    for index, (number, score, _auto, records) in enumerate(games[first:], first):
        file_score = (score[0] + offset[0], score[1] + offset[1])
        left = f"{shown[0]} : {file_score[0]}"
        lines.append(f"{indent}Game {number - first}")
        lines.append(f"{indent}{left:<{style.get('width', 27) + 4}}{shown[1]} : {file_score[1]}")
        final = contradictions.get(index)
        if final is not None:
            result = match.results[index]
            offset[result.winner] += final - result.points
        lines += _game_lines(records, style, cfg.length, file_score, final)
        lines.append("")
    text = ("\r\n" if style.get("crlf") else "\n").join(lines) + ("\r\n" if style.get("crlf") else "\n")
    data = text.encode(style.get("encoding", "utf-8"))
    return (b"\xef\xbb\xbf" + data) if style.get("bom") else data


def _contradictions(match, games):
    """{game index: the points the file writes} for results against the rules."""
    out = {}
    for index, result in enumerate(match.results):
        if result.kind in ("gammon", "backgammon"):
            out[index] = result.cube
        elif result.kind == "resign" and result.cube == 2:
            out[index] = 16
    return out


# --- matches with every kind of ending --------------------------------------------------------

def corpus_match(seed, config):
    """A random match that also gives games up at once (before the first roll, or by the
    player not on roll), as some producers write them."""
    rng = random.Random(seed * 7 + 1)
    match = Match(MatchConfig(**config), SeededDice(seed))
    games = 4 if config.get("length", 0) == 0 else 40
    while match.match_winner is None:
        phase = match.phase
        if phase is Phase.OVER:
            if match.game_number >= games:
                break
            match.new_game()
            if rng.random() < 0.08:
                match.forfeit(rng.randrange(2), 1)
            continue
        if phase is Phase.OPENING:
            match.roll()
        elif phase is Phase.ROLL_OR_DOUBLE:
            chance = rng.random()
            if chance < 0.03 and match.can_double():
                match.double()
            elif chance > 0.996:
                _resign(match, rng)
            elif chance > 0.994:
                match.forfeit(1 - match.player_on_roll, 1)     # by the player not on roll
            else:
                match.roll()
        elif phase is Phase.DOUBLED:
            if rng.random() < 0.35:
                match.drop()
            else:
                match.take()
        elif phase is Phase.RESIGNATION_OFFERED:
            match.accept_resignation()
        else:
            turn = match.turn
            if turn.no_move:
                match.done()
            else:
                match.play_move(rng.choice(list(turn.plays)))
    return match


def _resign(match, rng):
    try:
        match.resign(rng.choice((1, 1, 2)))
    except IllegalActionError:
        match.roll()


#: the corpus: producer -> [(seed, config), ...]
CORPUS = {
    "gnubg": [(1, {"length": 5}), (2, {"length": 0, "jacoby": True}), (21, {"length": 3})],
    "xg": [(3, {"length": 5}), (4, {"length": 0, "jacoby": True}), (22, {"length": 7})],
    "xg_mobile": [(5, {"length": 5}), (6, {"length": 3}), (23, {"length": 0, "beavers": True})],
    "galaxy": [(7, {"length": 5}), (8, {"length": 5}), (9, {"length": 7}), (24, {"length": 3})],
    "dailygammon": [(10, {"length": 3}), (11, {"length": 5}), (12, {"length": 3}), (25, {"length": 1})],
    "gamesgrid": [(13, {"length": 5}), (14, {"length": 3}), (26, {"length": 7})],
    "online": [(30, {"length": 5}), (68, {"length": 5}), (46, {"length": 7})],
    "bgstudio": [(15, {"length": 5}), (16, {"length": 3}), (27, {"length": 7})],
    "transcription": [(17, {"length": 7}), (18, {"length": 9}), (28, {"length": 5})],
    "handwritten": [(19, {"length": 0}), (20, {"length": 0}), (29, {"length": 0, "jacoby": True})],
}


# --- one file for each hard case of the import (each checked with gnubg) ---------------------
#: name -> the bytes of a short file showing one habit (see tests/test_mat_dialects.py)
CASES = {
    'against_the_rules': (
        ' 0 point match\n'
        '\n'
        ' Game 1\n'
        ' Ann : 0                        Bob : 0\n'
        '  1) 31: 8/5 6/5                  Doubles => 2\n'
        '  2)  Takes                      42: 8/4 6/4\n'
        '  3) 65: 24/13                   Wins 16 points\n'
        '\n'
        ' Game 2\n'
        ' Ann : 0                        Bob : 16\n'
        '  1) 31: 8/5 6/5\n'
    ).encode(),
    'capped_resignation': (
        ' 3 point match\n'
        '\n'
        ' Game 1\n'
        ' Ann : 0                        Bob : 1\n'
        '  1) 31: 8/5 6/5                  Doubles => 2\n'
        '  2)  Takes                      42: 8/4 6/4\n'
        '  3)  Doubles => 4                Takes\n'
        '  4) 65: 24/13                   Wins 2 point and the match\n'
    ).encode(),
    'forfeits': (
        ' 5 point match\n'
        '\n'
        ' Game 1\n'
        ' Ann : 0                        Bob : 0\n'
        '  1)                             Wins 1 point\n'
        '\n'
        ' Game 2\n'
        ' Ann : 0                        Bob : 1\n'
        '  1) ????                        Wins 1 point\n'
        '\n'
        ' Game 3\n'
        ' Ann : 0                        Bob : 2\n'
        '  1) 31: 8/5 6/5                 42: 8/4 6/4\n'
    ).encode(),
    'loser_column': (
        ' 5 point match\n'
        '\n'
        ' Game 1\n'
        ' Ann : 0                        Bob : 0\n'
        '  1) 31: 8/5 6/5                 42: 8/4 6/4\n'
        '  2) 63: 24/18 13/10             Wins 2 points\n'
        '\n'
        ' Game 2\n'
        ' Ann : 2                        Bob : 0\n'
        '  1) 31: 8/5 6/5\n'
    ).encode(),
    'numbered_result': (
        ' 5 point match\n'
        '\n'
        ' Game 1\n'
        ' Ann : 0                        Bob : 0\n'
        '  1) 31: 8/5 6/5                 42: 8/4 6/4\n'
        '  2) 63: 24/18 13/10\n'
        '  3)  Wins 2 point\n'
        '  4)\n'
        '\n'
        ' Game 2\n'
        ' Ann : 2                        Bob : 0\n'
        '  1) 31: 8/5 6/5\n'
    ).encode(),
    # UTF-8 BOM, CRLF, a comment box, names with ratings, one in Windows-1252, tabs,
    # the lower die first, counts and the bar
    "habits": (b"\xef\xbb\xbf;;;;;;;;;;;;;;;;;;;;;;;;;;;;;\r\n; Club final, table 2         ;\r\n"
               b";;;;;;;;;;;;;;;;;;;;;;;;;;;;;\r\n\r\n 7 point match\r\n\r\n Game 1\r\n"
               b" BlueNote,1780 : 0                 Ren\xe9e,1650 : 0\r\n"
               b"  1)\t14: 24/23 13/9\t55: 8/3(2) 6/1*(2)\r\n"
               b"  2)\t52: bar/20 13/11\t41: 13/9 24/23\r\n"),
}


def corpus():
    """``{file name: bytes}`` of the whole corpus."""
    out = {}
    for producer, cases in CORPUS.items():
        for k, (seed, config) in enumerate(cases, 1):
            match = (random_match(seed, config, games=4) if producer == "gnubg"
                     else corpus_match(seed, config))
            out[f"{producer}_{k}.mat"] = write_as(producer, match, seed=seed)
    for name, data in CASES.items():
        out[f"case_{name}.mat"] = data
    return out


def main(argv):
    folder = Path(argv[0]) if argv else ROOT / "tests" / "data" / "mat_corpus"
    folder.mkdir(parents=True, exist_ok=True)
    files = corpus()
    for name, data in files.items():
        (folder / name).write_bytes(data)
    print(f"wrote {len(files)} files to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

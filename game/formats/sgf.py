"""Match files in GNU Backgammon's own SGF dialect (``.sgf``), both ways.

:func:`export_sgf` writes a :class:`game.match.Match` (finished or in play)
from its event log as GNU Backgammon saves a match (``save match``): one
SGF game tree per game, ``GM[6]``; :func:`import_sgf` reads such a file
back by driving a new match through its real actions, so the engine checks
every roll, move, cube action and result.  A file the engine refuses
raises :class:`SgfFileError`, whose ``key`` and ``params`` name the fault
for the app's messages (``error.sgf_*`` in the translation tables).

>>> from game.dice import ManualDice
>>> from game.match import Match, MatchConfig
>>> match = Match(MatchConfig(length=3, names=("Ann", "Bob")), ManualDice([3, 1, 4, 2]))
>>> match.roll(); match.play_text("8/5 6/5")
(3, 1)
>>> match.roll(); match.play_text("8/4 6/4")
(4, 2)
>>> match.double(); match.drop()
>>> text = export_sgf(match, date="2026-11-21")
>>> print(text)
(;FF[4]GM[6]CA[UTF-8]AP[Backgammon in the browser:1]MI[length:3][game:0][ws:0][bs:0]PW[Ann]PB[Bob]DT[2026-11-21]RU[Crawford]RE[W+1]XO[maxcube:64]
;W[31hefe]
;B[42qusu]
;W[double]
;B[drop])
<BLANKLINE>
>>> again = import_sgf(text)
>>> again.score, [e["type"] for e in again.events][-4:]
((1, 0), ['move', 'double', 'drop', 'win'])
>>> export_sgf(again, **sgf_info(text)) == text
True

The dialect, as GNU Backgammon 1.07 writes and reads it:

- player 0 is White (``W``, ``PW``; gnubg's X), player 1 Black (``B``,
  ``PB``; gnubg's O);
- the root node of each game holds ``MI[length:L][game:G][ws:S0][bs:S1]``
  (the match length, 0 for money, the game's number from 0 and the score
  before it), ``RU[...]`` (``Crawford``, ``Crawford:CrawfordGame`` in the
  Crawford game, ``Jacoby``, ``NoCube``), ``RE[W+2]`` the result
  (``RE[B+4R]`` when a resignation ended the game) and ``CV[4]`` when
  automatic doubles turned the cube before the game's first move;
- a turn is ``;W[52xsmh]``: the dice, then each checker's step as two
  letters seen from the mover, ``a`` his 1-point to ``x`` his 24-point,
  ``y`` the bar and ``z`` off; a roll with no move is a pass;
- the cube is ``;W[double]``, ``;B[take]``, ``;B[drop]``; a beaver is a
  ``double`` by the player just doubled (the doubler then takes or drops);
- a player who rolled and then resigned has his dice in ``;PL[W]DI[54]``.

Reading also accepts Gibbon's resignations (``;B[resign:2]``, the points
offered; accepted by ``;W[accept]`` or an ``R`` result, rejected by
``;W[reject]`` or by play going on), and ignores what does not
change the play: analysis (``A``, ``DA``), statistics (``GS``), comments,
marks and luck, and variations beyond the main line.  Trees that are not
backgammon (``GM`` other than 6) are skipped, as gnubg does.

What the format cannot hold is left out, as in :mod:`game.formats.mat_write`:
steps of a turn not finished, offered resignations that were rejected or
are still open, the losing throws of the opening, the stake and the clock;
a game lost on time is written as a resignation of a single game (or a
drop, when the loser had a double to answer).  A game set up from a
position cannot be written.  A board or a cube set up in a file, as GNU
Backgammon writes a position edited before or during a game
(``;PL[W]AE[a:y]AW[f][f]...AB[s]...``, ``;CV[2]``, ``;CP[b]``), is read:
the game starts from it, or the board is replaced where the file says
(:meth:`game.match.Match.setup` with ``edit``).  The score in a game's root
(``MI[ws:6][bs:3]``, as gnubg's ``set score`` writes it with such a board) is the
score that game is played at, as GNU Backgammon reads it (a later game's with a
warning when the games before it give another).  This engine's options that gnubg
has no word for travel in a property gnubg ignores, ``XO[...]`` in the
first game's root: ``maxcube:N``, ``beavers:1``, ``autodoubles:N``,
``opening:BothDice``.
"""

import datetime
import re
from dataclasses import dataclass, field

from game.errors import GameError
from game.match import InvalidMatchError, Match, MatchConfig, Phase
from game.formats.common import gnubg_steps
from game.formats.replaying import Replay
from game.formats.sgf_text import SgfFileError, backgammon_trees as _backgammon_trees, props as _props
from game.move import Move, Step
from game.position import Position

__all__ = ["SgfFileError", "SgfWarning", "export_sgf", "import_sgf", "sgf_info", "DEFAULT_NAMES", "APPLICATION"]

#: the names written for players whose name is empty (and read back as empty)
DEFAULT_NAMES = ("Player 1", "Player 2")
#: the ``AP`` property this module writes
APPLICATION = "Backgammon in the browser:1"

_MAX_CUBE_UNSTATED = 1 << 15   # a file without XO[maxcube:N]: no limit short of the engine's
_COLOURS = "WB"                # player 0, player 1


@dataclass(frozen=True)
class SgfWarning:
    """Something an ``.sgf`` file says that the rules would not, read as the file says it:
    ``key`` a message of the app's translations, ``params`` its parameters (``game``, 1-based).

    >>> warnings = []
    >>> match = import_sgf("(;GM[6]MI[length:3][ws:0][bs:0]RE[W+1R];W[31hefe];B[resign:1])"
    ...                    "(;GM[6]MI[length:3][game:1][ws:2][bs:0])", warnings=warnings)
    >>> match.score, warnings
    ((2, 0), [SgfWarning(key='warning.sgf_score', params={'game': 2, 'file0': 2, 'file1': 0, 'rules0': 1, 'rules1': 0})])
    """

    key: str
    params: dict = field(default_factory=dict)


# ======================================================================================
# writing
# ======================================================================================

def _escape(text):
    return str(text).replace("\\", "\\\\").replace("]", "\\]")


def _clean_name(name, default):
    name = " ".join(str(name).split())
    return name or default


def _letter(point, player):
    """The letter of ``point`` (the mover's numbering: 25 the bar, 0 off) for ``player``."""
    if point == 25:
        return "y"
    if point == 0:
        return "z"
    return chr(ord("a") + point - 1) if player == 0 else chr(ord("a") + 24 - point)


def _move_letters(position, dice, notation, player):
    """The checker steps of a move as gnubg writes them: per die, in gnubg's order."""
    return "".join(_letter(source, player) + _letter(target, player)
                   for source, target in gnubg_steps(position, dice, notation))


class _Game:
    __slots__ = ("number", "score", "crawford", "auto", "nodes", "result")

    def __init__(self, number, score, crawford):
        self.number = number
        self.score = score
        self.crawford = crawford
        self.auto = 0               # automatic doubles before the first move
        self.nodes = []             # the text of each node after the root
        self.result = None          # "W+2", "B+4R"


def _games(match):
    """The games of a match's event log, each with its nodes (SGF text) and result."""
    games = []
    game = None
    rolled = None             # (player, dice) of a roll not yet played
    offer = None              # ("double" | "beaver", player) waiting for an answer
    resignation = None        # (player, kind) offered
    ender = None              # ("drop" | "flag", player) before the win event
    for event in match.events:
        kind = event["type"]
        if kind == "game_start":
            game = _Game(event["game"], tuple(event["score"]), event["crawford"])
            games.append(game)
            rolled = offer = resignation = ender = None
        elif kind == "setup":
            raise SgfFileError("error.sgf_setup", "a game set up from a position cannot be "
                               "written as .sgf", game=game.number)
        elif kind == "auto_double":
            game.auto += 1
        elif kind == "opening_roll" and event["player"] is not None:
            dice = event["dice"] if match.config.opening == "standard" else event["dice"][event["player"]]
            rolled = (event["player"], tuple(dice))
        elif kind in ("roll", "reroll"):
            rolled = (event["player"], tuple(event["dice"]))
        elif kind in ("move", "pass"):
            player = event["player"]
            position = Position.from_position_id(event["position_id"])
            dice = tuple(event["dice"])
            letters = _move_letters(position, dice, event.get("move", ""), player)
            game.nodes.append(f"{_COLOURS[player]}[{dice[0]}{dice[1]}{letters}]")
            rolled = None
        elif kind in ("double", "beaver"):
            game.nodes.append(f"{_COLOURS[event['player']]}[double]")
            offer = (kind, event["player"])
        elif kind == "take":
            game.nodes.append(f"{_COLOURS[event['player']]}[take]")
            offer = None
        elif kind == "resign":
            resignation = (event["player"], event["kind"])
        elif kind == "reject_resignation":
            resignation = None
        elif kind in ("drop", "flag"):
            ender = (kind, event["player"])
            if kind == "drop":
                game.nodes.append(f"{_COLOURS[event['player']]}[drop]")
        elif kind == "win":
            winner = _COLOURS[event["player"]]
            how = event["kind"]
            if how == "time":
                flagged = ender[1]
                if offer is not None and flagged == 1 - offer[1]:
                    game.nodes.append(f"{_COLOURS[flagged]}[drop]")
                    how = "drop"
                elif resignation is not None or offer is not None:
                    raise SgfFileError("error.sgf_setup", "a loss on time while a resignation or a "
                                       "double is offered cannot be written in an .sgf file",
                                       game=game.number)
                else:
                    how = "resign"
            suffix = ""
            if how == "resign":
                suffix = "R"
                if rolled is not None:
                    game.nodes.append(f"PL[{_COLOURS[rolled[0]]}]DI[{rolled[1][0]}{rolled[1][1]}]")
                    rolled = None
            game.result = f"{winner}+{event['points']}{suffix}"
    if rolled is not None and game is not None:
        game.nodes.append(f"PL[{_COLOURS[rolled[0]]}]DI[{rolled[1][0]}{rolled[1][1]}]")
    return games


def _date_text(date):
    if date is None:
        return None
    if isinstance(date, (datetime.date, datetime.datetime)):
        return f"{date.year:04d}-{date.month:02d}-{date.day:02d}"
    if isinstance(date, str) and re.fullmatch(r"\d{4}[-.]\d{2}[-.]\d{2}", date):
        return date.replace(".", "-")
    raise SgfFileError("error.sgf_setup", f"date {date!r}: a datetime.date or 'YYYY-MM-DD' expected")


def _options(config):
    """This engine's options that gnubg's SGF has no property for (``XO`` values)."""
    values = [f"maxcube:{config.max_cube}"]
    if config.money and config.beavers:
        values.append("beavers:1")
    if config.money and config.automatic_doubles:
        values.append(f"autodoubles:{config.automatic_doubles}")
    if config.opening == "both_dice":
        values.append("opening:BothDice")
    return values


def export_sgf(match, *, event=None, site=None, date=None, round=None, annotator=None):
    """The match as ``.sgf`` text in GNU Backgammon's dialect (``\\n`` line ends).

    ``event``, ``site``, ``round`` and ``annotator`` (strings) fill the
    first game's ``EV``, ``PC``, ``RO`` and ``AN``; ``date`` (a
    :class:`datetime.date` or ``"YYYY-MM-DD"``) its ``DT``.  The text is a
    pure function of the match and these arguments.  A match that cannot be
    written (a game set up from a position) raises :class:`SgfFileError`.

    >>> from game.match import Match, MatchConfig
    >>> print(export_sgf(Match(MatchConfig(length=0, jacoby=True, cube=False))), end="")
    (;FF[4]GM[6]CA[UTF-8]AP[Backgammon in the browser:1]MI[length:0][game:0][ws:0][bs:0]PW[Player 1]PB[Player 2]RU[NoCube:Jacoby]XO[maxcube:64])
    """
    if not isinstance(match, Match):
        raise SgfFileError("error.sgf_setup", f"export_sgf({match!r}): a Match expected")
    cfg = match.config
    names = [_clean_name(name, default) for name, default in zip(cfg.names, DEFAULT_NAMES)]
    header = []
    date = _date_text(date)
    if date is not None:
        header.append(f"DT[{date}]")
    for tag, value in (("EV", event), ("RO", round), ("PC", site), ("AN", annotator)):
        if value is not None:
            header.append(f"{tag}[{_escape(value)}]")
    out = []
    for index, game in enumerate(_games(match)):
        root = [f"FF[4]GM[6]CA[UTF-8]AP[{_escape(APPLICATION)}]",
                f"MI[length:{cfg.length}][game:{index}][ws:{game.score[0]}][bs:{game.score[1]}]",
                f"PW[{_escape(names[0])}]PB[{_escape(names[1])}]"]
        if index == 0:
            root += header
        rules = []
        if not cfg.cube:
            rules.append("NoCube")
        if cfg.length and cfg.crawford:
            rules.append("Crawford:CrawfordGame" if game.crawford else "Crawford")
        if cfg.money and cfg.jacoby:
            rules.append("Jacoby")
        if rules:
            root.append(f"RU[{':'.join(rules)}]")
        if game.result is not None:
            root.append(f"RE[{game.result}]")
        if game.auto:
            root.append(f"CV[{1 << game.auto}]")
        if index == 0 and _options(cfg):
            root.append("XO" + "".join(f"[{value}]" for value in _options(cfg)))
        nodes = ["(;" + "".join(root)] + [";" + node for node in game.nodes]
        out.append("\n".join(nodes) + ")\n")
    if not out:   # pragma: no cover - a Match always has a game
        raise SgfFileError("error.sgf_setup", "a match without games")
    return "".join(out)


# ======================================================================================
# reading
# ======================================================================================

_ROLL = re.compile(r"([1-6])([1-6])([a-z]*)")
_RESIGN = re.compile(r"resign(?::([0-9]+))?")
_SETUP_PROPERTIES = ("AE", "AB", "AW", "CV", "CP")   # a board or a cube set up during a game
_VARIANTS = ("nackgammon", "hypergammon")       # gnubg's other games, in RU[]


class _Root:
    """What the root node of a game says."""

    def __init__(self, node, number):
        props = _props(node)
        self.number = number
        self.props = props
        info = {}
        for item in props.get("MI", ()):
            key, _, value = item.partition(":")
            info[key.strip().lower()] = value.strip()
        self.length = self._number(info, "length", 0)
        self.score = None
        if "ws" in info or "bs" in info:
            self.score = (self._number(info, "ws", 0), self._number(info, "bs", 0))
        rules = set()
        for item in props.get("RU", ()):
            rules |= {word.strip().lower() for word in item.split(":") if word.strip()}
        self.rules = rules if "RU" in props else None
        self.names = tuple(" ".join(props.get(tag, [""])[0].split()) for tag in ("PW", "PB"))
        self.result = None
        if "RE" in props:
            found = re.fullmatch(r"\s*([WBwb])\+(\d+)([A-Za-z]*)\s*", props["RE"][0])
            if not found:
                raise SgfFileError("error.sgf_node", "result RE[W+n] or RE[B+nR] expected",
                                   game=number, move=0, text=props["RE"][0])
            winner = "WB".index(found.group(1).upper())
            self.result = (winner, int(found.group(2)), "R" in found.group(3).upper())
        self.auto = 0
        if "CV" in props:
            value = props["CV"][0].strip()
            if not value.isdigit() or int(value) < 1 or int(value) & (int(value) - 1):
                raise SgfFileError("error.sgf_node", "the cube value CV[] is a power of two",
                                   game=number, move=0, text=value)
            self.auto = int(value).bit_length() - 1
        options = {}
        for item in props.get("XO", ()):
            key, _, value = item.partition(":")
            options[key.strip().lower()] = value.strip()
        self.options = options

    def _number(self, info, key, default):
        if key not in info:
            return default
        if not info[key].isdigit():
            raise SgfFileError("error.sgf_node", f"MI[{key}:...]: a number expected", game=self.number,
                               move=0, text=info[key])
        return int(info[key])


def _has_beaver(trees):
    """True when a game has a ``double`` answering a double (a beaver)."""
    for nodes in trees:
        doubled = None
        for node in nodes[1:]:
            for ident, values in node:
                if ident in ("W", "B") and values:
                    word = values[0].strip().lower()
                    if word == "double" and doubled is not None and doubled != ident:
                        return True
                    doubled = ident if word == "double" else None
    return False


def _opens_with_doubles(trees):
    """True when a game's first roll is a double: only the both-dice opening allows that."""
    for nodes in trees:
        for node in nodes[1:]:
            values = [values for ident, values in node if ident in ("W", "B") and values]
            if values:
                found = _ROLL.fullmatch(values[0][0].strip().lower())
                if found and found.group(1) == found.group(2):
                    return True
                break
    return False


def _config(roots, trees):
    first = roots[0]
    options = first.options
    rules = set().union(*(root.rules or set() for root in roots))
    values = dict(length=first.length,
                  names=tuple("" if name == default else name
                              for name, default in zip(first.names, DEFAULT_NAMES)),
                  crawford="crawford" in rules if first.length else True,   # as gnubg reads it
                  cube="nocube" not in rules, jacoby="jacoby" in rules,
                  beavers=options.get("beavers") == "1" or (not first.length and _has_beaver(trees)))
    try:
        values["max_cube"] = int(options["maxcube"]) if "maxcube" in options else _MAX_CUBE_UNSTATED
        if "autodoubles" in options:
            values["automatic_doubles"] = int(options["autodoubles"])
        elif any(root.auto for root in roots):
            values["automatic_doubles"] = max(root.auto for root in roots)
        if options.get("opening", "").lower() == "bothdice" or _opens_with_doubles(trees):
            values["opening"] = "both_dice"
        return MatchConfig(**values)
    except (GameError, ValueError) as error:
        raise SgfFileError("error.sgf_rules", f"rules: {error}", game=1) from None


def _crawford_at(config, root, score):
    """Whether the first game, at ``score``, is the Crawford game: one player a point short,
    and its ``RU`` saying so (``Crawford:CrawfordGame``; ``RU[Crawford]`` alone: after it,
    as gnubg's ``set score`` writes it)."""
    if not (config.length and config.crawford) or list(score).count(config.length - 1) != 1:
        return False
    return root.rules is None or "crawford" not in root.rules or "crawfordgame" in root.rules


class _Replay(Replay):
    """Drives a new Match through the nodes of the games of an SGF collection."""

    def __init__(self, trees, dice=None, warnings=None):
        super().__init__(dice)
        self.trees = trees
        self.warnings = [] if warnings is None else warnings
        self.roots = [_Root(nodes[0], k + 1) for k, nodes in enumerate(trees)]
        config = _config(self.roots, trees)
        first = self.roots[0]
        # a score set before the first game (gnubg's "set score", a board set up at a score)
        # is the score the match starts at, as GNU Backgammon reads it
        score = first.score or (0, 0)
        try:
            self.match = Match(config, self.dice, score=score, crawford=_crawford_at(config, first, score))
        except InvalidMatchError as error:
            raise SgfFileError("error.sgf_score", f"the score {score[0]}-{score[1]}: {error}", game=1,
                               move=0) from None
        self.game_number = 0
        self.node_number = 0

    def fail(self, key, message, text=None):
        raise SgfFileError(key, message, game=self.game_number, move=self.node_number,
                           text=text) from None

    def run(self):
        match = self.match
        for index, (root, nodes) in enumerate(zip(self.roots, self.trees)):
            self.game_number, self.node_number = index + 1, 0
            if root.length != match.config.length:
                self.fail("error.sgf_rules", f"match length {root.length}, the first game says "
                          f"{match.config.length}")
            if index:
                if match.phase is not Phase.OVER:
                    self.fail("error.sgf_result", f"game {index + 1} starts before game {index} is over")
                if match.match_winner is not None:
                    self.fail("error.sgf_result", f"game {index + 1} comes after the end of the match")
                if root.score is not None and root.score != match.score:
                    self.score_set(root)
                else:
                    match.new_game()
            variants = sorted(word for word in root.rules or () if word.startswith(_VARIANTS))
            if variants:
                self.fail("error.sgf_rules", f"{variants[0]}: only standard backgammon is played here")
            if match.config.length and root.rules is not None and "crawford" in root.rules \
                    and ("crawfordgame" in root.rules) != match.game.crawford:
                self.fail("error.sgf_rules", "the file says this game is " +
                          ("" if "crawfordgame" in root.rules else "not ") + "the Crawford game")
            self.game(root, nodes)
        return match

    def score_set(self, root):
        """A game whose ``MI`` score is not what the games before it give: started at the
        file's score, as GNU Backgammon reads it, with a warning (``warning.sgf_score``)."""
        match = self.match
        score = root.score
        self.warnings.append(SgfWarning("warning.sgf_score", {
            "game": self.game_number, "file0": score[0], "file1": score[1],
            "rules0": match.score[0], "rules1": match.score[1]}))
        try:
            match.new_game(score=score)
        except InvalidMatchError as error:
            self.fail("error.sgf_score", f"the score {score[0]}-{score[1]}: {error}")

    def game(self, root, nodes):
        self.auto_doubles = root.auto
        self.rolled = None                  # (player, dice) set by PL/DI and not yet played
        for k, node in enumerate(nodes[1:], 1):
            self.node_number = k
            try:
                self.node(node)
            except SgfFileError:
                raise
            except GameError as error:
                self.fail("error.sgf_illegal", str(error))
        self.node_number = len(nodes)
        try:
            self.result(root)
        except SgfFileError:
            raise
        except GameError as error:
            self.fail("error.sgf_result", str(error))

    # --- the nodes -----------------------------------------------------------------------
    def node(self, node):
        props = _props(node)
        if any(ident in props for ident in _SETUP_PROPERTIES):
            self.set_up(props)
        if "DI" in props:
            self.set_dice(props)
        actions = [(ident, values) for ident, values in node if ident in ("W", "B")]
        if len(actions) > 1:
            self.fail("error.sgf_node", "two actions in one node",
                      text="".join(f"{ident}[{values[0] if values else ''}]" for ident, values in actions))
        if actions:
            ident, values = actions[0]
            self.action("WB".index(ident), (values[0] if values else "").strip())

    def set_up(self, props):
        """A board or a cube set up (``AE``, ``AW``, ``AB``, ``PL``, ``CV``, ``CP``), as GNU
        Backgammon writes a position edited during a game: ``AE[a:y]`` empties the points
        (``a`` White's 1-point to ``x`` his 24-point, ``y`` either bar), ``AW``/``AB`` add one
        White or Black checker per value on White's numbering, ``PL`` names the player on
        roll, ``CV`` the cube's value and ``CP`` its owner (``w``, ``b``, ``c`` centred)."""
        match = self.match
        g = match.game
        self.settle_resignation(None)
        if match.phase not in (Phase.OPENING, Phase.ROLL_OR_DOUBLE, Phase.MOVING):
            self.fail("error.sgf_setup", f"a set-up while {match.phase.value}",
                      text="".join(f"{k}[{props[k][0] if props[k] else ''}]" for k in _SETUP_PROPERTIES
                                   if k in props))
        on_roll = match.player_on_roll if match.phase is not Phase.OPENING else None
        board = match.position if on_roll is not None else Position.start()
        sides = [list(board.mine), list(board.theirs)]
        if on_roll == 1:
            sides.reverse()
        white, black = sides                 # each from its own side; index 24 the bar
        for letter in self.points(props.get("AE", ()), "AE"):
            white[letter] = 0
            black[24 if letter == 24 else 23 - letter] = 0
        for letter in self.points(props.get("AW", ()), "AW"):
            white[letter] += 1
        for letter in self.points(props.get("AB", ()), "AB"):
            black[24 if letter == 24 else 23 - letter] += 1
        colour = (props.get("PL") or [""])[0].strip().upper()
        player = "WB".index(colour) if colour in ("W", "B") else (on_roll if on_roll is not None else 0)
        cube, owner = g.cube_value, g.cube_owner
        if "CV" in props:
            value = (props["CV"] or [""])[0].strip()
            if not value.isdigit() or int(value) < 1 or int(value) & (int(value) - 1):
                self.fail("error.sgf_node", "the cube value CV[] is a power of two", text=f"CV[{value}]")
            cube = int(value)
        if "CP" in props:
            value = (props["CP"] or [""])[0].strip().lower()
            if value not in ("w", "b", "c"):
                self.fail("error.sgf_node", "the cube's owner CP[w], CP[b] or CP[c]", text=f"CP[{value}]")
            owner = {"w": 0, "b": 1, "c": None}[value]
        try:
            position = Position(white, black) if player == 0 else Position(black, white)
            self.set_board(position, player, cube_value=cube, cube_owner=owner)
        except GameError as error:
            self.fail("error.sgf_setup", str(error))
        self.rolled = None

    def points(self, values, ident):
        """The indexes (0 for ``a`` to 24 for ``y``) of an SGF list of points, ``a:c``
        compressed lists included: one index per checker."""
        out = []
        for value in values:
            text = value.strip().lower()
            first, _, last = text.partition(":")
            if not re.fullmatch(r"[a-y]", first) or (last and not re.fullmatch(r"[a-y]", last)):
                self.fail("error.sgf_node", f"{ident}[]: points a to y expected", text=f"{ident}[{value}]")
            out += list(range(ord(first) - 97, ord(last or first) - 96))
        return out

    def set_dice(self, props):
        text = props["DI"][0].strip() if props["DI"] else ""
        colour = (props.get("PL") or [""])[0].strip().upper()
        if colour not in ("W", "B") or not re.fullmatch(r"[1-6][1-6]", text):
            self.fail("error.sgf_node", "dice set as PL[W]DI[54] expected", text=f"PL[{colour}]DI[{text}]")
        self.settle_resignation(None)
        player = "WB".index(colour)
        dice = (int(text[0]), int(text[1]))
        self.roll(player, dice)
        self.rolled = (player, dice)

    def action(self, player, text):
        value = text.lower()
        match = self.match
        found = _RESIGN.fullmatch(value)
        if found:
            self.settle_resignation(None)
            cube = match.game.cube_value
            kind, rest = divmod(int(found.group(1) or cube), cube)   # Gibbon writes the points
            if rest or kind not in (1, 2, 3):
                self.fail("error.sgf_node", f"with the cube at {cube}, a resignation is worth "
                          f"{cube}, {2 * cube} or {3 * cube} points", text=text)
            match.resign(kind, player)
            return
        if value == "accept":
            match.accept_resignation(player)
            return
        if value == "reject":
            match.reject_resignation(player)
            return
        self.settle_resignation(None)
        if value == "double":
            g = match.game
            if match.phase is Phase.DOUBLED and g.offer == "double" and match.player_to_act == player:
                match.beaver(player)
            else:
                match.double(player)
            return
        if value == "take":
            match.take(player)
            return
        if value == "drop":
            match.drop(player)
            return
        found = _ROLL.fullmatch(value)
        if not found or len(found.group(3)) % 2 or len(found.group(3)) > 8:
            self.fail("error.sgf_node", "dice and checker steps (such as 52xsmh), double, take, "
                      "drop, resign, accept or reject expected", text=text)
        dice = (int(found.group(1)), int(found.group(2)))
        if self.rolled is not None:
            if self.rolled != (player, dice) and self.rolled != (player, dice[::-1]):
                self.fail("error.sgf_illegal", f"the dice set were {self.rolled[1][0]}"
                          f"{self.rolled[1][1]}", text=text)
            self.rolled = None
        else:
            self.roll(player, dice)
        letters = found.group(3)
        steps = []
        for k in range(0, len(letters), 2):
            source, target = (self.point(letters[k + j], player, text) for j in (0, 1))
            steps.append(Step(source, target))
        turn = match.turn
        if steps:
            self.check_dice(steps, dice, text)
            match.play_move(Move(tuple(steps)), player)
        elif turn.no_move:
            match.done(player)
        else:
            self.fail("error.sgf_illegal", f"no move written for {dice[0]}-{dice[1]}, and "
                      f"{len(turn.plays)} plays are legal", text=text)

    def check_dice(self, steps, dice, text):
        """Each step moves by one die of the roll (a larger one only to bear off)."""
        left = list(dice) * (2 if dice[0] == dice[1] else 1)
        for step in sorted(steps, key=lambda st: st.target == 0):
            distance = step.source - step.target
            if distance in left:
                left.remove(distance)
            elif step.target == 0 and left and max(left) > distance:
                left.remove(max(left))
            else:
                self.fail("error.sgf_illegal", f"the step {step.source}/{step.target} is not a "
                          f"die of {dice[0]}-{dice[1]}", text=text)

    def point(self, letter, player, text):
        if letter == "y":
            return 25
        if letter == "z":
            return 0
        if "a" <= letter <= "x":
            index = ord(letter) - ord("a")
            return index + 1 if player == 0 else 24 - index
        self.fail("error.sgf_node", f"{letter!r} is not a point (a to x, y the bar, z off)", text=text)

    def roll(self, player, dice):
        super().roll(player, dice, beaver_taken=False, check_turn=False)   # the engine says why

    def refuse(self, why, message, **params):
        if why == "opening_double":
            d1, d2 = params["dice"]
            self.fail("error.sgf_illegal", message, text=f"{d1}{d2}")
        if why == "auto_doubles":
            self.fail("error.sgf_rules", f"the cube is on {1 << self.auto_doubles} (CV), "
                      f"the rules turn it {params['found']} times")
        self.fail("error.sgf_illegal", message)

    def settle_resignation(self, winner):
        """A resignation still offered: accepted by ``winner``, or rejected when play goes on."""
        match = self.match
        if match.phase is not Phase.RESIGNATION_OFFERED:
            return
        resigner = match.resignation[0]
        if winner is None:
            match.reject_resignation(1 - resigner)
        elif winner == 1 - resigner:
            match.accept_resignation(winner)

    def result(self, root):
        match = self.match
        g = match.game
        if root.result is None:
            return
        winner, points, resigned = root.result
        colour = "WB"[winner]
        if resigned and match.phase is not Phase.OVER:
            if match.phase is Phase.RESIGNATION_OFFERED:
                self.settle_resignation(winner)
            else:
                kind, rest = divmod(points, g.cube_value)
                if rest or kind not in (1, 2, 3):
                    self.fail("error.sgf_result", f"a resignation with the cube at {g.cube_value} is "
                              f"worth {g.cube_value}, {2 * g.cube_value} or {3 * g.cube_value} points",
                              text=f"{colour}+{points}R")
                match.resign(kind, 1 - winner)
                match.accept_resignation(winner)
        if match.phase is not Phase.OVER:
            self.fail("error.sgf_result", f"the result says {colour} won {points}, the game is not over",
                      text=f"{colour}+{points}{'R' if resigned else ''}")
        result = g.result
        if result.winner != winner or result.points != points or resigned != (result.kind == "resign"):
            self.fail("error.sgf_result", f"{'WB'[result.winner]} won {result.points} point"
                      f"{'s' if result.points > 1 else ''} ({result.kind})",
                      text=f"{colour}+{points}{'R' if resigned else ''}")


def import_sgf(text, *, dice=None, warnings=None):
    """The match of an ``.sgf`` text, rebuilt by the engine's own actions (a :class:`Match`).

    Every game tree (``GM[6]``) of the file is a game of the match, in
    order.  Rolls are fed to the match through
    :class:`game.dice.ManualDice`, each move is played with
    :meth:`Match.play_move` (the resulting position must be a legal play's), and the cube, drops and resignations with
    their actions, so the engine checks them all; each game's result
    (``RE``) and score (``MI``) must be what the play gives.  The match is
    as the file leaves it: over, between games, or in play; its dice source
    is that ``ManualDice`` with ``dice`` as its fallback.  Bad text raises
    :class:`SgfFileError` and nothing is returned.

    A score written in a game's root (``MI[ws:6][bs:3]``) is the score that game is played
    at, as GNU Backgammon reads it: the first game's starts the match there (a match set up
    at a score); a later one that the games before it do not give is kept too, and a
    :class:`SgfWarning` says so in ``warnings`` (a list), when given.

    >>> match = import_sgf("(;GM[6]MI[length:1];W[65xrrm])")
    >>> match
    <Match 1-point match, score 0-0, game 1 roll_or_double>
    >>> import_sgf("(;GM[6]MI[length:1];W[65xrfa])")
    Traceback (most recent call last):
    ...
    game.formats.sgf_text.SgfFileError: game 1, node 1: move '24/18 6/1' in 4HPwATDgc/ABMA with 6-5: point_blocked
    """
    found = []
    match = _Replay(_backgammon_trees(text), dice, found).run()
    if warnings is not None:
        warnings.extend(found)
    return match


def sgf_info(text):
    """The header values :func:`export_sgf` takes, read from an ``.sgf`` text (a dict).

    ``export_sgf(import_sgf(text), **sgf_info(text))`` writes back a file
    that this module wrote.

    >>> sgf_info("(;GM[6]EV[Club night]DT[2026-11-21];W[31hefe])")
    {'date': '2026-11-21', 'event': 'Club night'}
    """
    props = _props(_backgammon_trees(text)[0][0])
    names = (("DT", "date"), ("EV", "event"), ("RO", "round"), ("PC", "site"), ("AN", "annotator"))
    return {key: props[tag][0] for tag, key in names if tag in props and props[tag]}

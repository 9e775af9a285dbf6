"""What a match is made of: its rules (:class:`MatchConfig`), where a game stands
(:class:`Phase`), one game's state (:class:`Game`) and its result (:class:`GameResult`).

>>> MatchConfig(length=7).money, MatchConfig(length=0).money
(False, True)
>>> starting_score(MatchConfig(length=5), (4, 2), crawford=True)
[4, 2]
"""

from dataclasses import dataclass, fields
from enum import Enum

from game import cube as rules
from game.errors import GameError
from game.position import Position

__all__ = ["MatchConfig", "Game", "GameResult", "Phase", "InvalidMatchError", "ACTIVE", "OPENINGS",
           "RESIGN_KINDS", "RESIGN_NAMES", "MAX_LENGTH", "DEFAULT_LENGTH", "starting_score", "is_int"]

OPENINGS = ("standard", "both_dice")
RESIGN_KINDS = {"single": 1, "gammon": 2, "backgammon": 3}
#: the names of the kinds of resignation, by their values
RESIGN_NAMES = {value: name for name, value in RESIGN_KINDS.items()}
MAX_LENGTH = 25
#: the match length when none is named: a link, the new-match form, a MatchConfig
DEFAULT_LENGTH = 5


class InvalidMatchError(GameError):
    """A match configuration, a saved match or a set-up position that cannot be used."""


class Phase(str, Enum):
    """Where a game stands; the value is a stable string code."""

    OPENING = "opening"                            # before the opening roll
    ROLL_OR_DOUBLE = "roll_or_double"              # the player on roll may double, then rolls
    DOUBLED = "doubled"                            # a double (or a beaver) waits for take / drop
    MOVING = "moving"                              # dice rolled: steps, undo, done
    RESIGNATION_OFFERED = "resignation_offered"    # the opponent accepts or rejects
    OVER = "over"                                  # the game is finished


ACTIVE = (Phase.ROLL_OR_DOUBLE, Phase.DOUBLED, Phase.MOVING, Phase.RESIGNATION_OFFERED)


# --- configuration ------------------------------------------------------------------

def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value \
        and value not in (float("inf"), float("-inf"))


@dataclass(frozen=True)
class MatchConfig:
    """The rules of a match or a money session (checked when built).

    ``length`` is the number of points to win, 1 to 25 (odd as a rule, even
    allowed); 0 makes a money session, which never ends.  ``crawford``: no
    doubling in the game after a player first reaches ``length - 1``.
    ``cube``: the doubling cube is used, up to ``max_cube`` (a power of two).

    Money options, ignored in a match: ``stake`` (what one point is worth),
    ``automatic_doubles`` (how many times opening ties turn the cube, staying
    centred; 0 = none), ``jacoby`` (gammons count single while the cube was
    never turned), ``beavers`` (the taker may redouble at once and keep the
    cube).

    ``opening``: ``"standard"`` (one die each, ties thrown again, the higher
    die plays both numbers) or ``"both_dice"`` (each player throws both
    dice, the higher total starts and may play that throw or throw again).
    ``clock``: None or ``(per_move_seconds, reserve_seconds)``.  ``names``:
    the two players' names (the app shows its own words when empty).

    >>> MatchConfig(length=0, jacoby=True).to_dict()["jacoby"]
    True
    >>> MatchConfig.from_dict({"length": 3, "clock": [30, 120]}).clock
    (30, 120)
    >>> MatchConfig(length=26)
    Traceback (most recent call last):
    ...
    game.match_state.InvalidMatchError: match length 26: 0 (money) or 1 to 25 expected
    """

    length: int = DEFAULT_LENGTH
    crawford: bool = True
    cube: bool = True
    max_cube: int = 64
    stake: float = 1
    automatic_doubles: int = 0
    jacoby: bool = False
    beavers: bool = False
    opening: str = "standard"
    clock: tuple | None = None
    names: tuple = ("", "")

    def __post_init__(self):
        if not is_int(self.length) or not 0 <= self.length <= MAX_LENGTH:
            raise InvalidMatchError(f"match length {self.length!r}: 0 (money) or 1 to {MAX_LENGTH} expected")
        for name in ("crawford", "cube", "jacoby", "beavers"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidMatchError(f"{name} {getattr(self, name)!r}: true or false expected")
        if not rules.is_cube_value(self.max_cube, 1 << 15):
            raise InvalidMatchError(f"max_cube {self.max_cube!r}: a power of two from 1 to 32768 expected")
        if not _is_number(self.stake) or self.stake <= 0:
            raise InvalidMatchError(f"stake {self.stake!r}: a number > 0 expected")
        if not is_int(self.automatic_doubles) or not 0 <= self.automatic_doubles <= 15:
            raise InvalidMatchError(f"automatic_doubles {self.automatic_doubles!r}: 0 to 15 expected")
        if self.opening not in OPENINGS:
            raise InvalidMatchError(f"opening {self.opening!r}: one of {', '.join(OPENINGS)} expected")
        if self.clock is not None:
            clock = tuple(self.clock) if isinstance(self.clock, (list, tuple)) else ()
            if len(clock) != 2 or not all(_is_number(t) for t in clock) or clock[0] <= 0 or clock[1] < 0:
                raise InvalidMatchError(
                    f"clock {self.clock!r}: None or (per_move_seconds > 0, reserve_seconds >= 0) expected")
            object.__setattr__(self, "clock", clock)
        names = tuple(self.names) if isinstance(self.names, (list, tuple)) else ()
        if len(names) != 2 or not all(isinstance(name, str) for name in names):
            raise InvalidMatchError(f"names {self.names!r}: two strings expected")
        object.__setattr__(self, "names", names)

    @property
    def money(self):
        """True for a money session (``length == 0``)."""
        return not self.length

    def to_dict(self):
        """Plain, JSON-able data; :meth:`from_dict` reads it back."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["clock"] = None if self.clock is None else list(self.clock)
        data["names"] = list(self.names)
        return data

    @classmethod
    def from_dict(cls, data):
        """Build a config from :meth:`to_dict` data; missing keys take their defaults.

        Unknown keys or bad values raise :class:`InvalidMatchError`.
        """
        if not isinstance(data, dict):
            raise InvalidMatchError(f"match config {data!r}: a dict expected")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known, key=str)
        if unknown:
            raise InvalidMatchError(f"match config: unknown keys {unknown}")
        return cls(**data)


# --- one game -----------------------------------------------------------------------------

@dataclass(frozen=True)
class GameResult:
    """How a finished game ended.

    ``kind`` is ``"single"``, ``"gammon"`` or ``"backgammon"`` (checkers
    borne off), ``"drop"``, ``"resign"`` or ``"time"``; ``points`` is what
    the winner scored (cube included, after the Jacoby rule); ``score`` is
    the match score after the game.
    """

    game: int
    winner: int
    points: int
    kind: str
    cube: int
    score: tuple

    def to_dict(self):
        return {"game": self.game, "winner": self.winner, "points": self.points,
                "kind": self.kind, "cube": self.cube, "score": list(self.score)}


class Game:
    """One game of a match.  Read its attributes; act through :class:`Match`.

    ``position`` is the board at the start of the current turn, seen from
    ``player_on_roll`` (the game's last board once it is over).
    ``cube_value`` and ``cube_owner`` are the cube as GNU Backgammon keeps
    it: while a double waits the value before it, after a beaver the
    beavered value owned by the beaver.
    """

    def __init__(self, number, score, crawford):
        self.number = number
        self.score_at_start = tuple(score)
        self.crawford = crawford
        self.phase = Phase.OPENING
        self.player_on_roll = None
        self.position = Position.start()
        self.dice = None
        self.turn = None
        self.cube_value = 1
        self.cube_owner = None
        self.auto_doubles = 0
        self.offer = None                 # "double" or "beaver" while Phase.DOUBLED
        self.owner_before_offer = None
        self.resignation = None           # (player, kind) once offered
        self.phase_before_resignation = None
        self.declined = 0                 # the highest resignation declined this turn
        self.reroll_open = False          # both-dice opening: the winner may throw again
        self.result = None                # GameResult once over
        self.ending = None                # "board", "drop", "resign" or "time" once over
        self.decider = None               # who decided last when over (gnubg's "turn")

    def __repr__(self):
        return f"<Game {self.number} {self.phase.value}, cube {self.cube_value}>"


#: the largest score a Match ID can hold (15 bits)
MAX_SCORE = (1 << 15) - 1


def starting_score(config, score, crawford):
    """The score a match starts at, checked: ``[player 0, player 1]``."""
    score = list(score) if isinstance(score, (list, tuple)) else None
    if score is None or len(score) != 2 or not all(is_int(s) and 0 <= s <= MAX_SCORE for s in score):
        raise InvalidMatchError(f"score {score!r}: two points from 0 to {MAX_SCORE} expected")
    length = config.length
    if length and max(score) >= length:
        raise InvalidMatchError(f"score {score}: below the match length {length} expected")
    if not isinstance(crawford, bool):
        raise InvalidMatchError(f"crawford {crawford!r}: true or false expected")
    if crawford and not (length and config.crawford and score.count(length - 1) == 1):
        raise InvalidMatchError(f"crawford with score {score} in a {length}-point match: "
                                f"only when one player is one point short")
    return score

"""The choices of a new match: who plays, how long, which rules, which dice.

:class:`Setup` is what the New match dialog asks (``game/app/new_match_form.py`` reads
the form into one) and what a link names; :meth:`Setup.config` turns it into the
engine's :class:`game.match.MatchConfig`. Every value is checked where it is made:
out-of-range numbers are clamped to :mod:`game.app.limits`, unknown words fall back
to the default.

>>> Setup(length=99).length, Setup(mode="chess").mode
(25, 'bot')
"""

from dataclasses import asdict, dataclass, fields

from game.match import OPENINGS, MatchConfig
from game.app.limits import AUTO_DOUBLES, LENGTH
from game.app.view.places import PERSON
from game.app.keep.urlparams import MODES, TUTORS
from game.levels import DEFAULT_LEVEL, LEVELS

__all__ = ["Setup"]


@dataclass(frozen=True)
class Setup:
    """What the new-match dialog (or a link) asks for.

    ``names`` and ``colours`` are per player (0, 1); an empty name shows the
    app's own word for that seat.  ``starter`` is ``"roll"`` (the opening
    roll decides) or a player number.  ``clock`` is None or
    ``(seconds per move, reserve seconds)``.  ``opening`` is one of the engine's
    openings (``"standard"`` or ``"both_dice"``, :data:`game.match.OPENINGS`);
    ``auto_doubles`` how many times opening ties turn the cube in money play
    (0: none; ``True`` from older saves reads as 1, limits in
    :data:`game.app.limits.AUTO_DOUBLES`). ``tutor`` is the tutor this match asked for (one of
    :data:`game.app.keep.urlparams.TUTORS`: a link's, the new-match form's), None for the
    person's own setting (Settings, :attr:`game.app.prefs.Prefs.tutor`).

    >>> Setup(length=0, auto_doubles=True, opening="both_dice").config().automatic_doubles
    1
    >>> Setup(opening="cocked").opening, Setup(auto_doubles=99).auto_doubles
    ('standard', 6)
    >>> Setup.rules_from_form({"opening": "both_dice", "auto_doubles": "on", "auto_doubles_limit": "3"})
    {'jacoby': False, 'beavers': False, 'auto_doubles': 3, 'opening': 'both_dice'}
    """

    mode: str = "bot"
    length: int = LENGTH.default
    level: str = DEFAULT_LEVEL
    jacoby: bool = True
    beavers: bool = False
    auto_doubles: bool = False
    clock: tuple | None = None
    names: tuple = ("", "")
    colours: tuple = ("dark", "light")
    starter: object = "roll"
    seed: str | None = None
    manual_dice: bool = False      # a person (a teacher) sets every roll
    opening: str = "standard"
    tutor: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "mode", self.mode if self.mode in MODES else "bot")
        object.__setattr__(self, "level", self.level if self.level in LEVELS else DEFAULT_LEVEL)
        length = self.length if isinstance(self.length, int) and not isinstance(self.length, bool) \
            else LENGTH.default
        object.__setattr__(self, "length", max(0, min(LENGTH.high, length)))
        names = list(self.names) if isinstance(self.names, (list, tuple)) else []
        object.__setattr__(self, "names", tuple(str(n or "")[:24] for n in (names + ["", ""])[:2]))
        colours = tuple(self.colours) if isinstance(self.colours, (list, tuple)) else ()
        colours = colours if colours in (("light", "dark"), ("dark", "light")) else ("dark", "light")
        object.__setattr__(self, "colours", colours)
        if self.starter not in ("roll", 0, 1):
            object.__setattr__(self, "starter", "roll")
        if self.clock is not None:
            try:
                per_move, reserve = (float(t) for t in self.clock)
                clock = (per_move, reserve) if per_move > 0 and reserve >= 0 else None
            except (TypeError, ValueError):
                clock = None
            object.__setattr__(self, "clock", clock)
        if self.seed is not None:
            object.__setattr__(self, "seed", str(self.seed)[:40] or None)
        object.__setattr__(self, "manual_dice", self.manual_dice is True)
        for name in ("jacoby", "beavers"):
            object.__setattr__(self, name, bool(getattr(self, name)))
        doubles = self.auto_doubles
        doubles = int(doubles) if isinstance(doubles, (bool, int)) else 0
        object.__setattr__(self, "auto_doubles", 0 if doubles <= 0 else AUTO_DOUBLES.clamp(doubles))
        if self.opening not in OPENINGS:
            object.__setattr__(self, "opening", "standard")
        if self.tutor not in TUTORS:
            object.__setattr__(self, "tutor", None)

    def to_dict(self):
        data = asdict(self)
        data["names"] = list(self.names)
        data["colours"] = list(self.colours)
        data["clock"] = None if self.clock is None else list(self.clock)
        return data

    @classmethod
    def from_dict(cls, data):
        """The setup saved as ``data``; a value it cannot take (damaged data) is left out."""
        data = data if isinstance(data, dict) else {}
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        try:
            return cls(**values)
        except (TypeError, ValueError, OverflowError):
            good = {}
            for key, value in values.items():
                try:
                    cls(**good, **{key: value})
                except (TypeError, ValueError, OverflowError):
                    continue
                good[key] = value
            return cls(**good)

    def humans(self):
        """The seats a person plays."""
        # a match by links: the app knows which seat is this device's (Controller.is_human)
        return {"bot": {PERSON}, "hotseat": {0, 1}, "watch": set(), "friend": {PERSON}}[self.mode]

    def config(self):
        return MatchConfig(length=self.length, jacoby=self.jacoby and not self.length,
                           beavers=self.beavers and not self.length,
                           automatic_doubles=0 if self.length else self.auto_doubles,
                           opening=self.opening, clock=self.clock, names=self.names)

    def rules_form(self):
        """The new-match form's fields for the rules' options (``{name: str or bool}``)."""
        return {"jacoby": self.jacoby, "beavers": self.beavers, "auto_doubles": bool(self.auto_doubles),
                "auto_doubles_limit": str(self.auto_doubles or AUTO_DOUBLES.default),
                "opening": self.opening}

    @staticmethod
    def rules_from_form(values):
        """The rules' options the new-match form's ``values`` ask for (keyword arguments of
        :class:`Setup`); ticks come as ``"on"``."""
        def ticked(name):
            return values.get(name) in ("on", "true", True)

        doubles = AUTO_DOUBLES.clamp(values.get("auto_doubles_limit")) if ticked("auto_doubles") else 0
        return {"jacoby": ticked("jacoby"), "beavers": ticked("beavers"), "auto_doubles": doubles,
                "opening": values.get("opening") if values.get("opening") in OPENINGS else "standard"}

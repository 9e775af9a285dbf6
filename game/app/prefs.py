"""The choices a person keeps across matches (Settings): language, board, fewer clicks,
theme, how checkers slide, the tutor.

>>> prefs = Prefs.from_dict({"theme": "dark", "auto_done": True, "animate": "yes"})
>>> prefs.theme, prefs.auto_done, prefs.animate
('dark', True, True)
>>> prefs.set("animation_speed", "fast"), prefs.set("theme", "pink"), prefs.set("flipped", 1)
(True, False, False)
"""

from dataclasses import dataclass, fields

from game.app.keep.urlparams import TUTORS
from game.app.text.i18n import LANGUAGES
from game.app.view.motion import SPEEDS

__all__ = ["Prefs", "THEMES", "NUMBERINGS"]

#: the colour themes a player may choose (static/css/app.css)
THEMES = ("auto", "light", "dark")
#: whose numbering the board's point numbers follow: the person's own side, the opponent's, or
#: both (the person's, and the opponent's beside each in small)
NUMBERINGS = ("mine", "theirs", "both")
BOOLS = (True, False)

@dataclass
class Prefs:
    """Choices kept across matches."""

    language: str | None = None
    flipped: bool = False
    home_left: bool = False
    click_moves: bool = False
    auto_flip: bool = False
    animate: bool = True
    fast_bot: bool = False
    # fewer clicks (game/app/play/autoplay.py), each off by default: Done stays the default
    auto_roll: bool = False        # roll for me when I may not double
    auto_bear_off: bool = False    # bear off for me once all are home and contact is over
    auto_done: bool = False        # end my turn when my last die is played
    theme: str = "auto"            # "light", "dark", or "auto": the system's (static/js/theme.js)
    animation_speed: str = "normal"   # how fast checkers slide: game/app/view/motion.py SPEEDS
    numbering: str = "mine"        # the point numbers: NUMBERINGS
    tutor: str = "off"             # the tutor (game/app/tutor/): off, or the least mark it warns of: TUTORS

    @classmethod
    def from_dict(cls, data):
        data = data if isinstance(data, dict) else {}
        prefs = cls()
        for f in fields(cls):
            value = data.get(f.name)
            if f.name == "language":
                prefs.language = value if value in LANGUAGES else None
            elif f.name == "theme":
                prefs.theme = value if value in THEMES else "auto"
            elif f.name == "animation_speed":
                prefs.animation_speed = value if value in SPEEDS else "normal"
            elif f.name == "numbering":
                prefs.numbering = value if value in NUMBERINGS else "mine"
            elif f.name == "tutor":
                prefs.tutor = value if value in TUTORS else "off"
            elif isinstance(value, bool):
                setattr(prefs, f.name, value)
        return prefs

    #: the choices Settings sets, and the values each may take (True/False for the boxes)
    CHOICES = {"home_left": BOOLS, "click_moves": BOOLS, "auto_flip": BOOLS, "animate": BOOLS,
               "fast_bot": BOOLS, "auto_roll": BOOLS, "auto_bear_off": BOOLS, "auto_done": BOOLS,
               "theme": THEMES, "animation_speed": tuple(SPEEDS), "numbering": NUMBERINGS}

    def set(self, name, value):
        """Take ``value`` for the choice ``name`` when it is one of its values; returns
        whether it was taken (anything else changes nothing)."""
        allowed = self.CHOICES.get(name, ())
        if not any(value is v if isinstance(v, bool) else value == v for v in allowed):
            return False
        setattr(self, name, value)
        return True

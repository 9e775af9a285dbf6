"""The new-match dialog: its fields for the match on the board, and the setup they ask for.

The fields speak of the board as drawn (the player at the bottom and the one at the top,
:attr:`game.app.controller.Controller.bottom`); the numbers a person sets are clamped to
:mod:`game.app.limits`.

>>> from game.app.controller import Controller
>>> app = Controller()
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> values = values_of(app)
>>> values["length"], setup_of(app, dict(values, length="99")).length
('3', 25)
"""

from game.app.keep.urlparams import TUTORS
from game.app.limits import LENGTH, PER_MOVE, RESERVE

__all__ = ["values_of", "setup_of"]


def values_of(app):
    """The new-match dialog's fields for the current setup: ``{name: str or bool}``."""
    setup = app.setup
    bottom = app.bottom
    clock = setup.clock or (PER_MOVE.default, 60 * RESERVE.default)
    return {
        "mode": setup.mode, "level": setup.level,
        "kind": "money" if setup.length == 0 else "match",
        "length": str(setup.length or LENGTH.default),
        **setup.rules_form(),
        "clock": setup.clock is not None,
        "per_move": str(int(clock[0])), "reserve": str(int(clock[1] // 60)),
        "name_bottom": setup.names[bottom], "name_top": setup.names[1 - bottom],
        "colour": setup.colours[bottom],
        "starter": "roll" if setup.starter == "roll" else ("bottom" if setup.starter == bottom else "top"),
        # a link's seed (a class's dice) was for that match alone: the person's next one is theirs
        "seed": "" if app.from_link else (setup.seed or ""),
        "lang": app.language, "manual_dice": setup.manual_dice,
        "tutor": app.tutor.chosen(),      # the tutor (game/app/tutor/): the match's, else the person's
    }


def setup_of(app, values):
    """The :class:`Setup` the new-match dialog's fields ask for (strings, "on" for ticks)."""
    def ticked(name):
        return values.get(name) in ("on", "true", True)

    bottom = app.bottom
    names = ["", ""]
    names[bottom] = (values.get("name_bottom") or "").strip()
    names[1 - bottom] = (values.get("name_top") or "").strip()
    colour = values.get("colour") if values.get("colour") in ("light", "dark") else "light"
    other = "dark" if colour == "light" else "light"
    colours = (colour, other) if bottom == 0 else (other, colour)
    starter = {"bottom": bottom, "top": 1 - bottom}.get(values.get("starter"), "roll")
    length = 0 if values.get("kind") == "money" else LENGTH.clamp(values.get("length"))
    clock = None
    if ticked("clock"):
        clock = (PER_MOVE.clamp(values.get("per_move")), 60 * RESERVE.clamp(values.get("reserve")))
    seed = (values.get("seed") or "").strip()
    seed = seed if seed and all(c.isalnum() or c in "_.:-" for c in seed) else None
    # the tutor: the person's own setting (None) unless the form asks for another for this match
    tutor = values.get("tutor") if values.get("tutor") in TUTORS else None
    tutor = None if tutor == app.prefs.tutor else tutor
    return type(app.setup)(mode=values.get("mode") or "bot", length=length, level=values.get("level"),
                 **type(app.setup).rules_from_form(values), clock=clock, names=tuple(names),
                 colours=colours, starter=starter, seed=None if ticked("manual_dice") else seed,
                 manual_dice=ticked("manual_dice"), tutor=tutor)

"""The person's choices kept on the device: the language, the words for touch, Settings.

The choices themselves are :class:`game.app.prefs.Prefs` (what they are, what values they
take); this module changes them in the app and keeps them in the store, one write each.

>>> from game.app.controller import Controller
>>> from game.app.keep.storage import MemoryStore
>>> store = MemoryStore()
>>> app = Controller(store)
>>> set_language(app, "fr")
>>> Controller(store).language                       # kept: the next visit speaks French
'fr'
>>> set_language(app, "xx", remember=False)          # a language the app lacks: English
>>> app.language
'en'
"""

from dataclasses import asdict

from game.app.keep import storage
from game.app.text.i18n import LANGUAGES, translator


def save(app):
    """Keep ``app``'s preferences (its language with them) in its store."""
    app.prefs.language = app.language
    app.kept.put(storage.PREFS, storage.pack("prefs", asdict(app.prefs)))


def set_language(app, language, remember=True):
    """Speak ``language`` from now on (English for one the app lacks); ``remember``: keep it."""
    app.language = language if language in LANGUAGES else "en"
    app.tr = translator(app.language, app.touch)
    if remember:
        save(app)


def set_touch(app, touch):
    """Say that the page is used by touch: from then on the words say "tap", not "click"."""
    app.touch = bool(touch)
    app.tr = translator(app.language, app.touch)


def flip(app):
    """Turn the board round (kept)."""
    app.prefs.flipped = not app.prefs.flipped
    save(app)


def set_pref(app, name, value):
    """Keep a choice of Settings (:meth:`Prefs.set`: one it knows, with a value it takes)."""
    if app.prefs.set(name, value):
        save(app)


def board_shape(app):
    """How every mode draws the board here: the home board's side (Settings) and whether it
    stands upright or lies flat and compact (the page's shape); fields of a ``BoardView``."""
    return {"home_right": not app.prefs.home_left, "upright": app.upright, "compact": app.compact}

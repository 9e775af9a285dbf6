"""A copy of the last drawing, kept at each save, that the next visit shows before Python.

static/js/boot-board.js shows it at once on the next visit, only when it fits that page
exactly: drawn by the same build (``window.BACKGAMMON_BUILD``, static/vendor/build.js),
at the same address, on a board of the same shape, in the same language, and of the
match saved now (the key the store's root names and the CRC-32 of the text under it,
which :class:`game.web.store.LocalStore` notes at each write). Anything else, and the
page waits for Python instead: a stale or foreign copy is never shown.

The copy is ``{"build", "path", "shape", "language", "key", "crc", "drawing"}`` under
``backgammon.shown``; ``drawing`` has the shape of tools/predraw.py's drawings (the board,
the players' panels, the status and match lines, the IDs, the buttons). It is written
after a save, once the screen shows it, and only for the match on the board as it is
played: with a lesson, the editor, a replay, a review or dice set by hand on screen, the
copy is deleted instead (the next visit shows that over another layout).
"""

import json

from pyscript import window

KEY = "backgammon.shown"


def shape_of(app):
    return "upright" if app.upright else "compact" if app.compact else "flat"


def drawing_of(view):
    """What the page shows of ``view`` before Python: the same fields as tools/predraw.py."""
    return {"board": view.board_svg, "top": view.top_html, "bottom": view.bottom_html,
            "top_on_roll": view.top_on_roll, "bottom_on_roll": view.bottom_on_roll,
            "message": view.message, "warn": view.warn, "info": view.info,
            "position_id": view.position_id, "match_id": view.match_id,
            "buttons": {name: list(state) for name, state in view.buttons.items()}}


def plain(view):
    """True when the screen shows the match alone, as a reload opens it."""
    return (view.lesson is None and view.editor is None and view.replay is None
            and view.review is None and view.dice_entry is None)


class Shown:
    """Keeps the copy up to date with the store's last write of the current match."""

    def __init__(self, store):
        self.store = store          # a LocalStore (others keep nothing: no copy is written)
        self.kept = None            # what the copy was made of: (key, crc, shape, language)

    def keep(self, app, view):
        written = getattr(self.store, "current", None)
        build = getattr(window, "BACKGAMMON_BUILD", None)
        if written is None or not isinstance(build, str):
            return
        made_of = (*written, shape_of(app), app.language)
        if made_of == self.kept:
            return
        backend = self.store.backend
        try:
            if not plain(view):
                backend.removeItem(KEY)
            else:
                backend.setItem(KEY, json.dumps({
                    "build": build, "path": str(window.location.pathname), "shape": made_of[2],
                    "language": made_of[3], "key": written[0], "crc": written[1],
                    "drawing": drawing_of(view)}, ensure_ascii=False, separators=(",", ":")))
            self.kept = made_of
        except Exception:  # noqa: BLE001 - storage full: no copy rather than a stale one
            try:
                backend.removeItem(KEY)
            except Exception:  # noqa: BLE001
                pass

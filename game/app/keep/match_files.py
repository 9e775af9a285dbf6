"""Match files: a match written as a ``.mat`` (Jellyfish, GNU Backgammon, eXtreme Gammon) or
an ``.sgf`` (GNU Backgammon's own), and a file of either read into a match, as is an
eXtreme Gammon ``.xg`` match or ``.xgp`` position.

The formats are the engine's (:mod:`game.formats.mat_read`, :mod:`game.formats.mat_write`, :mod:`game.formats.sgf`,
:mod:`game.formats.xg`); this module names the players as the app does, names the file,
and turns a refusal into the app's message.

>>> file_name(["You", "Computer (expert)"], None)
'backgammon-You-Computer-expert.mat'
>>> mat_date("x") is None
True
"""

import time

from game.dice import ManualDice, SystemDice
from game.errors import GameError
from game.match import Match
from game.app.text.messages import join as _join

__all__ = ["export", "open_file", "file_name", "mat_date", "MAT_LIMIT"]

#: the largest .mat file read (a 25-point match is far below)
MAT_LIMIT = 2_000_000


def export(app, match, setup, when, sgf=False):
    """``(file name, text)`` of ``match`` (a Match or its saved data) as a .mat (``sgf``: an .sgf)
    file, its players named as ``setup`` names them; None when it cannot be written (the
    app's message says why)."""
    from game.formats.mat_read import MatFileError  # not needed to start the page
    from game.formats.mat_write import export_mat
    from game.formats.sgf import SgfFileError, export_sgf

    names = [app.player_name(p, setup) for p in (0, 1)]
    try:
        data = match.to_dict() if isinstance(match, Match) else dict(match or {})
        # the file names the players as the app does ("You", "Computer (expert)")
        data["config"] = {**data["config"], "names": names}
        text = (export_sgf if sgf else export_mat)(Match.from_dict(data), date=mat_date(when))
    except (MatFileError, SgfFileError):
        app.message = ("error.sgf_setup" if sgf else "error.mat_setup", {})
        return None
    except (GameError, KeyError, TypeError):
        app.message = ("reason.unknown", {})
        return None
    name = file_name(names, when)
    return (name[:-len(".mat")] + ".sgf" if sgf else name), text

def open_file(app, text, name=""):
    """Open the match of a ``.mat`` or ``.sgf`` file (its text, or its bytes: UTF-8 or
    Windows-1252 for ``.mat``, UTF-8 for ``.sgf``), or of an eXtreme Gammon ``.xg`` file
    (its bytes): continued if unfinished, replayed if over. An ``.xgp`` file's position
    opens as its XGID would.

    True when it opened, its message followed by the file's warnings (a result the rules
    would not give, kept); otherwise the message says why (the line, and the reason when
    known) and nothing changed.
    """
    from game.formats.mat_read import MatFileError, import_mats
    from game.formats.sgf import SgfFileError, import_sgf
    from game.formats.xg import XgFileError, import_xg, import_xgp

    if len(text) > MAT_LIMIT:
        app.message = ("error.mat_too_big", {})
        return False
    warnings = []
    head = text[:64].decode("utf-8", "replace") if isinstance(text, (bytes, bytearray)) else text[:64]
    sgf = str(name).lower().endswith(".sgf") or head.lstrip("\ufeff \t\r\n").startswith("(;")
    suffix = str(name).lower().rsplit(".", 1)[-1]
    xg = suffix in ("xg", "xgp") or head.startswith("RGMH")
    try:
        if xg:
            data = bytes(text) if isinstance(text, (bytes, bytearray)) else text.encode("latin-1", "replace")
            if suffix == "xgp":
                return _open_position(app, import_xgp(data), name)
            matches = [import_xg(data, warnings=warnings)]
        elif sgf:
            if isinstance(text, (bytes, bytearray)):
                text = bytes(text).decode("utf-8", "replace")
            matches = [import_sgf(text, warnings=warnings)]
        else:
            matches = import_mats(text, warnings=warnings)
    except (SgfFileError, XgFileError) as error:
        app.message = (error.key, dict(error.params))
        return False
    except MatFileError as error:
        if error.line is None:
            app.message = ("error.mat_file", {})
        else:
            app.message = ("error.mat_line", {"line": error.line,
                                               "text": (error.text or "").strip()[:60]})
            if error.key is not None and app.tr.has(error.key):
                app.message = ("error.mat_line_why", {**app.message[1],
                                                       "why": {"message": [error.key, error.params]}})
        return False
    if len(matches) != 1:
        app.message = ("error.mat_several" if matches else "error.mat_file", {})
        return False
    match = matches[0]
    if isinstance(match.dice_source, ManualDice) and match.dice_source.fallback is None:
        match.dice_source.fallback = SystemDice()     # the rolls after the file's
    cfg = match.config
    setup = type(app.setup)(mode="hotseat", length=cfg.length, jacoby=cfg.jacoby, beavers=cfg.beavers,
                  auto_doubles=bool(cfg.automatic_doubles), names=cfg.names)
    opened = _join(("msg.xg_opened" if xg else "msg.mat_opened", {"file": str(name)[:80]}),
                   *((w.key, w.params) for w in warnings))
    app._open(setup, match, opened)
    if match.match_winner is not None:
        app.start_replay()
        app.message = _join(opened, app.message)
    return True


def _open_position(app, xgid, name):
    """Open the position of an ``.xgp`` file (its XGID) as a pasted XGID opens."""
    if not app.open_ids(xgid):
        return False
    opened = ("msg.xgp_opened", {"file": str(name)[:80]})
    app.message = opened if app.message == ("msg.position_opened", {}) else _join(opened, app.message)
    return True


def mat_date(seconds):
    """``YYYY.MM.DD`` (a .mat file's date) of a time in seconds since the epoch, or None."""
    try:
        t = time.localtime(int(seconds))
    except (TypeError, ValueError, OverflowError, OSError):
        return None
    return f"{t.tm_year:04d}.{t.tm_mon:02d}.{t.tm_mday:02d}"


def file_name(names, seconds):
    """A file name for a match: ``backgammon-2026-11-21-Ann-Bob.mat`` (safe characters only)."""
    def clean(text):
        text = "".join(c if c.isalnum() or c in "-_" else "-" for c in str(text))
        return "-".join(part for part in text.split("-") if part)[:24]

    parts = ["backgammon"]
    date = mat_date(seconds)
    if date:
        parts.append(date.replace(".", "-"))
    parts += [clean(name) for name in names if clean(name)]
    return "-".join(parts) + ".mat"

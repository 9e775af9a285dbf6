"""A match file of any program, read: which format it is, its matches, and why it was refused.

The page's **Open a match file** (:mod:`game.app.keep.match_files`) and the review command
(``python -m game.review``) read files through these functions, so a file reads the same in
both. The format comes from the name's suffix, else from the first bytes: eXtreme Gammon's
files start ``RGMH``, GNU Backgammon's ``.sgf`` with ``(;``, anything else is read as a
``.mat`` file (GNU Backgammon, Jellyfish and the sites that write their layout).

>>> file_kind(b"(;FF[4]GM[6]", "")
'sgf'
>>> file_kind("", "Final.XGP")
'xgp'
>>> file_kind(" 5 point match", "")
'mat'
>>> matches = read_matches(open("tests/data/matfile_5_point.mat").read(), "matfile_5_point.mat")
>>> len(matches), matches[0].config.length, matches[0].config.names
(1, 5, ('Alice', 'Bob'))
>>> try:
...     read_matches(" 3 point match\\n\\n Game 1\\n Alice : 0   Bob : 0\\n  1) 31: 8/5 6/5 99: 1/2")
... except FileRefused as error:
...     error.message[0]
'error.mat_line'
"""

from game.errors import GameError
from game.formats.mat_read import MatFileError, import_mats
from game.formats.sgf import SgfFileError, import_sgf
from game.formats.xg import XgFileError, import_xg

__all__ = ["file_kind", "read_matches", "refusal", "FileRefused"]


class FileRefused(GameError):
    """A file that cannot be read as a match: ``message`` says why, as the app's messages are
    kept (``(key, params)``, :mod:`game.app.text.messages`), in any language."""

    def __init__(self, message):
        super().__init__(message[0])
        self.message = message


def file_kind(data, name=""):
    """``"xg"``, ``"xgp"``, ``"sgf"`` or ``"mat"``: the format of ``data`` (text or bytes)
    named ``name``."""
    head = data[:64].decode("utf-8", "replace") if isinstance(data, (bytes, bytearray)) else data[:64]
    suffix = str(name).lower().rsplit(".", 1)[-1] if "." in str(name) else ""
    if suffix in ("xg", "xgp"):
        return suffix
    if head.startswith("RGMH"):
        return "xg"
    if suffix == "sgf" or head.lstrip("\ufeff \t\r\n").startswith("(;"):
        return "sgf"
    return "mat"


def refusal(error, known=lambda key: True):
    """The message (``(key, params)``) that says why a file was refused by its reader's
    ``error``; ``known(key)`` says whether a reason's sentence exists in the translations."""
    if isinstance(error, (SgfFileError, XgFileError)):
        return (error.key, dict(error.params))
    if error.line is None:
        return ("error.mat_file", {})
    where = {"line": error.line, "text": (error.text or "").strip()[:60]}
    if error.key is not None and known(error.key):
        return ("error.mat_line_why", {**where, "why": {"message": [error.key, error.params]}})
    return ("error.mat_line", where)


def read_matches(data, name="", warnings=None, known=lambda key: True):
    """The matches of a match file (``data``: its text, or its bytes: UTF-8 or Windows-1252
    for ``.mat``, UTF-8 for ``.sgf``, bytes for ``.xg``), each a :class:`game.match.Match`.

    ``warnings`` (a list) receives what was read with a warning (a result the rules would not
    give, kept). Raises :class:`FileRefused` with the reason (``known`` as in
    :func:`refusal`); an ``.xgp`` file holds a position, not a match: it is refused here.
    """
    kind = file_kind(data, name)
    try:
        if kind in ("xg", "xgp"):
            if kind == "xgp":
                raise FileRefused(("error.review_position_file", {}))
            raw = bytes(data) if isinstance(data, (bytes, bytearray)) else data.encode("latin-1", "replace")
            return [import_xg(raw, warnings=warnings)]
        if kind == "sgf":
            text = bytes(data).decode("utf-8", "replace") if isinstance(data, (bytes, bytearray)) else data
            return [import_sgf(text, warnings=warnings)]
        return import_mats(data, warnings=warnings)
    except (SgfFileError, XgFileError, MatFileError) as error:
        raise FileRefused(refusal(error, known)) from error

"""Links that set up a match: ``?mode=hotseat&length=5&seed=42&level=expert&lang=fr`` (and
``&tutor=error``: the tutor on at that threshold), and links to a position:
``?position=<Position ID>&match=<Match ID>`` or ``?xgid=<XGID>``.

:func:`parse_query` reads a query string into a :class:`LinkSetup`, or None
when the link asks for no new match (a plain visit, or only ``lang``).
Values are checked and bad ones replaced by defaults, never trusted: the
text of a link reaches the page only through these fields. A ``tutor`` the app does not know
is refused instead (the link is not opened, :attr:`LinkSetup.refused` says why): a class told
to play with the tutor on must not play without it unawares.
:func:`parse_position_query` reads the IDs of a position link (decoding
them is :mod:`game.app.keep.share`'s job) and :func:`share_url` writes one.

>>> parse_query("?mode=hotseat&length=7&seed=class-3b")
LinkSetup(mode='hotseat', length=7, seed='class-3b', level='expert', tutor=None, refused=None)
>>> parse_query("?mode=bot&length=0&level=master").length
0
>>> parse_query("?mode=bot&tutor=Error").tutor, parse_query("?mode=bot&tutor=often").refused
('error', ('error.link_tutor', {'value': 'often'}))
>>> parse_query("?lang=fr") is None
True
>>> query_language("?lang=fr")
'fr'
>>> build_query(LinkSetup(mode="bot", length=5, seed="42", level="expert"))
'?mode=bot&length=5&seed=42&level=expert'
>>> url = share_url("http://127.0.0.1:8000/?mode=bot#x", "4HPwATDgc/ABMA", "cAgAAAAAAAAA")
>>> url
'http://127.0.0.1:8000/?position=4HPwATDgc/ABMA&match=cAgAAAAAAAAA'
>>> parse_position_query(url.split("?")[1])
PositionLink(position_id='4HPwATDgc/ABMA', match_id='cAgAAAAAAAAA', xgid=None)
"""

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

from game.app.limits import LENGTH
from game.levels import DEFAULT_LEVEL, LEVELS

__all__ = ["LinkSetup", "PositionLink", "MODES", "LEVELS", "TUTORS", "parse_query", "query_language",
           "build_query", "parse_position_query", "share_query", "share_url",
           "MAX_LENGTH", "DEFAULT_LENGTH", "DEFAULT_LEVEL", "lesson_in_query"]

MODES = ("bot", "hotseat", "watch", "friend")
#: the tutor's settings: off, or the least mark it warns of (the review's marks, mildest first:
#: game.bot.analysis.MARKS_ORDER, not imported here, so that reading a link loads no bot)
TUTORS = ("off", "doubtful", "error", "blunder")
MAX_LENGTH = LENGTH.high
DEFAULT_LENGTH = LENGTH.default
_SEED = re.compile(r"^[A-Za-z0-9_.:-]{1,40}$")
_SETUP_KEYS = ("mode", "length", "seed", "level", "tutor")
_POSITION_KEYS = ("position", "match", "xgid")
#: longer than any ID: a link's text is cut before it reaches the decoders
_MAX_ID = 80


@dataclass(frozen=True)
class LinkSetup:
    """A match asked for by a link. ``length`` 0 is money play; ``seed`` None: random dice;
    ``tutor`` one of :data:`TUTORS`, None when the link says nothing of it (the person's own
    setting holds); ``refused``: why the link cannot be opened, a message, or None."""

    mode: str = "bot"
    length: int = DEFAULT_LENGTH
    seed: str | None = None
    level: str = DEFAULT_LEVEL
    tutor: str | None = None
    refused: tuple | None = None


@dataclass(frozen=True)
class PositionLink:
    """The IDs a position link carries, as written (not yet decoded); None where absent."""

    position_id: str | None = None
    match_id: str | None = None
    xgid: str | None = None


def _first(params, key):
    values = params.get(key)
    return values[0].strip() if values else None


def parse_query(query):
    """The :class:`LinkSetup` of a query string (with or without ``?``), or None."""
    params = parse_qs((query or "").lstrip("?"), keep_blank_values=False)
    if not any(key in params for key in _SETUP_KEYS):
        return None
    mode = _first(params, "mode")
    mode = mode.lower() if mode and mode.lower() in MODES else "bot"
    length_text = _first(params, "length") or ""
    if length_text.lower() == "money":
        length = 0
    else:
        try:
            length = max(0, min(MAX_LENGTH, int(length_text)))
        except ValueError:
            length = DEFAULT_LENGTH
    seed = _first(params, "seed")
    seed = seed if seed and _SEED.match(seed) else None
    level = _first(params, "level")
    level = level.lower() if level and level.lower() in LEVELS else DEFAULT_LEVEL
    tutor = _first(params, "tutor")
    refused = None
    if tutor is not None and tutor.lower() not in TUTORS:
        refused, tutor = ("error.link_tutor", {"value": tutor[:20]}), None
    return LinkSetup(mode=mode, length=length, seed=seed, level=level,
                     tutor=None if tutor is None else tutor.lower(), refused=refused)


def query_language(query):
    """The ``lang`` a link asks for (``en`` / ``fr``), or None."""
    lang = _first(parse_qs((query or "").lstrip("?")), "lang")
    return lang.lower()[:2] if lang and lang.lower()[:2] in ("en", "fr") else None


def build_query(setup, lang=None):
    """The query string of a link that sets up the same match (and language)."""
    params = {"mode": setup.mode, "length": setup.length}
    if setup.seed:
        params["seed"] = setup.seed
    if setup.mode != "hotseat":
        params["level"] = setup.level
    if setup.tutor:
        params["tutor"] = setup.tutor
    if lang:
        params["lang"] = lang
    return "?" + urlencode(params)


def _id_value(params, key):
    value = _first(params, key)
    if not value:
        return None
    # a "+" written unescaped in a query reads as a space; IDs never hold spaces
    return value.replace(" ", "+")[:_MAX_ID]


def parse_position_query(query):
    """The :class:`PositionLink` of a query string (``position``/``match`` or ``xgid``), or None.

    >>> parse_position_query("?xgid=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A52%3A0%3A0%3A3%3A0%3A10").xgid
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10'
    >>> parse_position_query("?mode=hotseat") is None
    True
    """
    params = parse_qs((query or "").lstrip("?"), keep_blank_values=False)
    if not any(key in params for key in _POSITION_KEYS):
        return None
    return PositionLink(position_id=_id_value(params, "position"), match_id=_id_value(params, "match"),
                        xgid=_id_value(params, "xgid"))


def share_query(position_id, match_id):
    """The query string of a link to a position: ``?position=…&match=…`` (``+`` escaped)."""
    return "?" + urlencode({"position": position_id, "match": match_id}, safe="/")


def share_url(page_url, position_id, match_id):
    """The absolute address of the page ``page_url`` showing this position (its query and
    fragment replaced)."""
    parts = urlsplit(page_url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/",
                       share_query(position_id, match_id)[1:], ""))


def lesson_in_query(query):
    """The lesson id a link asks for (``?lesson=bar``), or None: a teacher's link to one lesson.

    Only lower-case letters, digits and dashes (the form of lesson ids) are taken.

    >>> lesson_in_query("?lesson=bar&lang=fr"), lesson_in_query("?lesson=<b>"), lesson_in_query("")
    ('bar', None, None)
    """
    values = parse_qs(str(query or "").lstrip("?")).get("lesson") or [""]
    value = values[0].strip()
    if 0 < len(value) <= 60 and all(c.isascii() and (c.islower() or c.isdigit() or c == "-") for c in value):
        return value
    return None

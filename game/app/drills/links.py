"""The drills' links: what a query asks for, and the links a teacher hands out.

``?drill=<kind>&seed=<n>&count=<k>`` (and ``&level=``) opens one drill,
``?assignment=<token>`` an assignment, ``?summary=<token>`` the class summary of one, ``?compose=`` the teacher's composer (and
``?compose=<token>`` with that set composed: the address a reload of it returns to).
A link whose values cannot be read is refused with the core's typed error
(:class:`game.drills.InvalidAssignmentError`), never replaced by another set.

>>> kind, a = drill_link("?drill=shots&seed=12&count=3&lang=fr")
>>> kind, a.drills[0].kind, a.seed, a.total
('drill', 'shots', 12, 3)
>>> drill_link("?mode=bot&seed=4") is None
True
>>> drill_link("?drill=shots&seed=12&count=99")
Traceback (most recent call last):
...
game.drills.errors.InvalidAssignmentError: count_range: count 99: a whole number from 1 to 30
>>> url = assignment_url("http://127.0.0.1:8000/index.html?drill=pips#x", a)
>>> url.startswith("http://127.0.0.1:8000/index.html?assignment="), drill_link(url.split("?")[1])[0]
(True, 'assignment')
>>> without_drills("?drill=pips&seed=3&count=2&lang=fr")
'?lang=fr'
>>> with_drills("?lang=fr&assignment=x", "summary", a.token()) == "?lang=fr&summary=" + a.token()
True
>>> drill_link("?compose=") == ("compose", None), drill_link(with_drills("", "compose", a.token()))[1] == a
(True, True)
"""

from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

from game.drills import Assignment
from game.drills.errors import InvalidAssignmentError

__all__ = ["KEYS", "drill_link", "assignment_url", "summary_url", "without_drills", "with_drills",
           "asks_drills"]

#: the keys of a query that belong to the drills
KEYS = ("drill", "assignment", "summary", "compose", "count")
#: the keys that open the drills
OPENING = ("drill", "assignment", "summary", "compose")
#: longer than any token an assignment makes: a link's text is cut before it is decoded
_LONGEST = 400


def _first(params, key):
    values = params.get(key)
    return values[0][:_LONGEST] if values else None


def drill_link(query):
    """``(what, assignment)`` a query asks for: ``what`` is ``drill``, ``assignment`` or
    ``summary``; None when it asks for none. :class:`InvalidAssignmentError` says why a
    link cannot be read."""
    params = parse_qs(str(query or "").lstrip("?"), keep_blank_values=True)
    for what in ("assignment", "summary"):
        token = _first(params, what)
        if token is not None:
            return what, Assignment.from_token(token)
    composed = _first(params, "compose")
    if composed is not None:
        return "compose", Assignment.from_token(composed) if composed.strip() else None
    kind = _first(params, "drill")
    if kind is None:
        return None
    seed = _first(params, "seed")
    if seed is None:
        raise InvalidAssignmentError("seed_range", "a drill's link needs a seed", low=0,
                                     high=2 ** 32 - 1, value="")
    return "drill", Assignment.from_link(kind.strip(), seed, _first(params, "count") or "10",
                                         _first(params, "level"))


def _url(page_url, key, assignment):
    parts = urlsplit(str(page_url))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode({key: assignment.token()}), ""))


def assignment_url(page_url, assignment):
    """The link students open: this page with ``?assignment=<token>``."""
    return _url(page_url, "assignment", assignment)


def summary_url(page_url, assignment):
    """The teacher's link to the class summary of ``assignment``."""
    return _url(page_url, "summary", assignment)


def without_drills(query):
    """The query less the drills' keys (and a drill's seed and level): what the match's own
    start-up reads, so that a drill's seed never starts a match."""
    params = parse_qs(str(query or "").lstrip("?"), keep_blank_values=True)
    if not asks_drills(query):
        return str(query or "")
    kept = {k: v for k, v in params.items() if k not in KEYS + ("seed", "level")}
    return "?" + urlencode(kept, doseq=True) if kept else ""


def asks_drills(query):
    """Whether a query opens the drills (one of :data:`OPENING`'s keys)."""
    params = parse_qs(str(query or "").lstrip("?"), keep_blank_values=True)
    return any(key in params for key in OPENING)


def with_drills(query, key, value):
    """The query with the drills' ``key=value`` in place of any drills' keys: the address of a
    screen (the composer's, a summary's), the other keys (``lang``) kept."""
    rest = without_drills(query).lstrip("?")
    return "?" + (rest + "&" if rest else "") + urlencode({key: value})

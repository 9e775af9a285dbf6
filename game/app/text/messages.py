"""One way to say things: a message kept as data, ``(key, params)``, becomes text here.

The engine names what happened (:func:`game.reasons.refusal_message`, the
events of a match); the controller, its modes and the lessons keep messages
as data (they are saved, said again after a reload, shown in the page's
language, read out by screen readers); this module alone turns one into
French or English. A parameter may be:

- ``{"player": n}``: a player's name (``name(n, value)`` gives it);
- ``{"where": n}``: a point, 25 the bar, 0 off;
- ``{"key": k}``: another key's text; ``{"plural": k, "n": n}``: a counted text;
- ``{"message": [key, params]}``: a whole message's text (a reason within a sentence);
- ``{"lesson": {"fr": …, "en": …}}``: a text of a lesson file, in the language said (English
  when it lacks that one): the lessons' own words travel as data too;
- a list of whole numbers: dice, ``6-1``; anything else as it is.

A message made of several is ``join(a, b)``; ``msg.next_game`` wraps another.

>>> from game.app.text.i18n import translator
>>> en, fr = translator("en"), translator("fr")
>>> text(("reason.point_blocked", {"point": {"where": 7}, "blockers": 2}), en)
'You cannot land on point 7: your opponent holds it with 2 checkers.'
>>> text(join(("msg.opening_roll", {}), ("msg.pick_checker", {})), fr) == \\
...     text(("msg.opening_roll", {}), fr) + " " + text(("msg.pick_checker", {}), fr)
True
>>> text(None, en)
''
"""

from game.app.text.i18n import translator
from game.reasons import refusal_message

__all__ = ["JOIN", "WARN_PREFIXES", "NOTICES", "join", "is_notice", "points", "refusal", "text",
           "param", "to_data", "from_data", "is_warning", "dice_text", "clock_text",
           "render_message", "PASSING", "lasting"]

#: the key of a message made of several messages, one after the other
JOIN = "+"
#: the keys of messages the page shows as warnings (refusals, errors)
WARN_PREFIXES = ("reason.", "error.")
#: what is said of the match a new one replaced (kept under Matches, or the previous link's
#: match taken over): said when the new match opens, stale once play moves on
NOTICES = frozenset({"msg.previous_kept", "msg.link_kept", "msg.link_replaced"})


#: what is said of a thing done outside the match (a backup restored): said once, never
#: saved with the match, so a reload does not say it again
PASSING = frozenset({"backup.restored", "tutor.prompt"})   # the tutor's warning is never kept open


def lasting(message):
    """``message`` less its :data:`PASSING` parts: what is saved with the match.

    >>> lasting(("backup.restored", {})) is None
    True
    >>> lasting(join(("backup.restored", {}), ("msg.to_roll", {})))
    ('msg.to_roll', {})
    >>> lasting(("msg.to_roll", {}))
    ('msg.to_roll', {})
    """
    if not message:
        return message
    key, params = message[0], message[1] if len(message) > 1 else {}
    if key in PASSING:
        return None
    if key == JOIN and isinstance(params, dict) and isinstance(params.get("parts"), list):
        kept = [part for part in (lasting(tuple(p) if isinstance(p, list) else p) for p in params["parts"]) if part]
        if len(kept) == len(params["parts"]):
            return message
        return None if not kept else kept[0] if len(kept) == 1 else join(*kept)
    return message


def is_warning(message, more=(), except_keys=()):
    """True when ``message`` is shown as a warning: its key starts with one of
    :data:`WARN_PREFIXES` (or ``more``) and is not one of ``except_keys``.

    >>> is_warning(("reason.no_checker", {})), is_warning(("msg.to_roll", {})), is_warning(None)
    (True, False, False)
    """
    return bool(message) and message[0].startswith(WARN_PREFIXES + tuple(more)) \
        and message[0] not in except_keys


def is_notice(message):
    """True when ``message`` is, or starts with, one of :data:`NOTICES` (as kept or as saved).

    >>> is_notice(join(("msg.link_kept", {}), ("msg.opening_roll", {})))
    True
    >>> is_notice(["+", {"parts": [["msg.link_replaced", {}]]}]), is_notice(("msg.rolled", {}))
    (True, False)
    >>> is_notice(None), is_notice(("+", {"parts": "damaged"})), is_notice(("+", {"parts": [7]}))
    (False, False, False)
    """
    if not isinstance(message, (list, tuple)) or not message:
        return False
    key, params = message[0], message[1] if len(message) > 1 else {}
    if key == JOIN:
        parts = params.get("parts") if isinstance(params, dict) else None
        return isinstance(parts, list) and bool(parts) and is_notice(parts[0])
    return isinstance(key, str) and key in NOTICES


def join(*messages):
    """One message saying each of ``messages`` in turn."""
    return (JOIN, {"parts": [list(message) for message in messages]})


def points(n):
    """The parameter for ``n`` points, counted in words (``1 point``, ``2 points``)."""
    return {"plural": "count.points", "n": n}


def refusal(error):
    """The message of an engine refusal (an ``IllegalMoveError``, ``IllegalActionError``)."""
    return refusal_message(error)


def _no_name(player, value):
    return str(player)


def text(message, tr, name=_no_name):
    """The text of ``message`` with the translator ``tr``; ``name(player, param)`` names a
    player (``param``: the whole ``{"player": …}`` value)."""
    if not message:
        return ""
    key, params = message[0], message[1] if len(message) > 1 else {}
    if key == JOIN:
        return " ".join(text(part, tr, name) for part in params["parts"])
    if key == "msg.next_game":
        return tr(key, text=text(params["text"], tr, name))
    return tr(key, **{n: param(value, tr, name) for n, value in params.items()})


def param(value, tr, name=_no_name):
    """The text of one parameter (see the module's docstring)."""
    if isinstance(value, dict):
        if "player" in value:
            return name(value["player"], value)
        if "where" in value:
            where = value["where"]
            if where == 25:
                return tr("where.bar")
            if where == 0:
                return tr("where.off")
            return tr("where.point", n=where)
        if "key" in value:
            return tr(value["key"])
        if "message" in value:
            return text(value["message"], tr, name)
        if "plural" in value:
            return tr.n(value["plural"], value.get("n", 0))
        if "lesson" in value:
            texts = value["lesson"] or {}
            return texts.get(getattr(tr, "language", "en")) or texts.get("en", "")
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, int) for v in value):
        return "-".join(str(v) for v in value)
    return value


def to_data(message):
    """A message as saved (JSON): ``[key, params]``, or None."""
    if not message:
        return None
    return [message[0], message[1] if len(message) > 1 else {}]


def from_data(data):
    """A saved message back, or None when ``data`` is no message."""
    if isinstance(data, list) and len(data) == 2 and isinstance(data[0], str) and isinstance(data[1], dict):
        return (data[0], data[1])
    return None


def dice_text(dice):
    """A roll as players say it, higher die first (the same in French and English).

    >>> dice_text((1, 6)), dice_text(()), dice_text(None)
    ('6-1', '', '')
    """
    return "-".join(str(d) for d in sorted(dice, reverse=True)) if dice else ""


def clock_text(tr, per_move, reserve):
    """What a player's clock shows: the seconds left for this move and the reserve, as m:ss.

    >>> from game.app.text.i18n import translator
    >>> clock_text(translator("en"), 9.2, 125)
    '0:10 + 2:05'
    """
    def minutes(seconds):
        seconds = max(0, int(seconds + 0.999))
        return f"{seconds // 60}:{seconds % 60:02d}"
    return tr("panel.clock", move=minutes(per_move), reserve=minutes(reserve))


def render_message(message, language):
    """``message`` in ``language``, with no app around it (a lesson checked alone, a test).

    >>> render_message(("reason.point_blocked", {"point": {"where": 7}, "blockers": 2}), "en")
    'You cannot land on point 7: your opponent holds it with 2 checkers.'
    """
    return text(message, translator(language))

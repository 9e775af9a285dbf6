"""The teacher's form: which drills, how many questions, level, seed, title, time limit.

:func:`read_form` turns the form's texts into an :class:`game.drills.Assignment`, or
raises the core's :class:`game.drills.InvalidAssignmentError` (its message says what to
change, in French or English). A drill is chosen by giving it a number of questions.

>>> a = read_form({"count-pips": "5", "level-pips": "easy", "tolerance-pips": "2",
...                "count-cube": "3", "level-cube": "hard", "seed": "2026",
...                "title": "CM2 — mardi", "time": "20"})
>>> [(d.kind, d.count, d.level, d.tolerance) for d in a.drills], a.seed, a.title, a.time_limit
([('pips', 5, 'easy', 2), ('cube', 3, 'hard', 0)], 2026, 'CM2 — mardi', 20)
>>> read_form({"seed": "1"})
Traceback (most recent call last):
...
game.drills.errors.InvalidAssignmentError: drills_range: choose at least one drill
>>> read_form({"count-shots": "two", "seed": "1"}).drills
Traceback (most recent call last):
...
game.drills.errors.InvalidAssignmentError: count_range: count 'two': a whole number from 1 to 30
>>> read_form(form_of(a)) == a
True
"""

from game.drills import KINDS, Assignment, DrillSpec
from game.drills.assignment import LARGEST_SEED, LONGEST_TIME, MOST_DRILLS
from game.drills.errors import InvalidAssignmentError

__all__ = ["read_form", "blank_form", "form_of", "TOLERANT"]

#: the drills whose answers a teacher may accept within a tolerance
TOLERANT = tuple(kind for kind, k in KINDS.items() if k.tolerances[1] > 0)


def _number(text, low, high, problem, name):
    text = str(text if text is not None else "").strip()
    if text.isdigit() and text.isascii() and len(text) <= 10 and low <= int(text) <= high:
        return int(text)
    raise InvalidAssignmentError(problem, f"{name} {text!r}: a whole number from {low} to {high}",
                                 low=low, high=high, value=text)


def read_form(fields):
    """The assignment of the composer's ``fields`` (a dict of texts)."""
    drills = []
    for kind, spec in KINDS.items():
        count = str(fields.get(f"count-{kind}") or "").strip()
        if count in ("", "0"):
            continue
        count = _number(count, 1, spec.most, "count_range", "count")
        level = str(fields.get(f"level-{kind}") or "medium")
        tolerance = None
        if kind in TOLERANT and str(fields.get(f"tolerance-{kind}") or "").strip():
            tolerance = _number(fields.get(f"tolerance-{kind}"), *spec.tolerances, "tolerance_range",
                                "tolerance")
        drills.append(DrillSpec(kind, count, level, tolerance))
    if not drills:
        raise InvalidAssignmentError("drills_range", "choose at least one drill", high=MOST_DRILLS)
    seed = _number(fields.get("seed"), 0, LARGEST_SEED, "seed_range", "seed")
    time = str(fields.get("time") or "").strip()
    time = _number(time, 0, LONGEST_TIME, "time_range", "time limit") if time else 0
    return Assignment(drills=tuple(drills), seed=seed, title=str(fields.get("title") or ""),
                      time_limit=time)


def blank_form(seed):
    """The form's first values: ten pip counts at medium, the ``seed`` given, no time limit."""
    fields = {f"count-{kind}": "" for kind in KINDS}
    fields |= {f"level-{kind}": "medium" for kind in KINDS}
    fields |= {f"tolerance-{kind}": str(KINDS[kind].tolerance) for kind in TOLERANT}
    fields |= {"count-pips": "10", "seed": str(seed), "title": "", "time": ""}
    return fields


def form_of(assignment):
    """The form's values that make ``assignment`` (what a reload of the composer shows)."""
    fields = blank_form(assignment.seed) | {"count-pips": ""}
    for d in assignment.drills:
        fields[f"count-{d.kind}"] = str(d.count)
        fields[f"level-{d.kind}"] = d.level
        if d.kind in TOLERANT:
            fields[f"tolerance-{d.kind}"] = str(d.tolerance)
    fields |= {"title": assignment.title, "time": str(assignment.time_limit) if assignment.time_limit else ""}
    return fields

"""A review's errors and blunders as puzzles: the decision, its context, the engine's ranking.

Each checker play or cube action of the person marked an error or a blunder by the review
(:mod:`game.bot.analysis`: a loss of 0.08 or more) becomes one puzzle: its Position ID and
Match ID (the dice, the cube, the score and the match length are in the Match ID), what
was played and its loss, and the choices ranked with their losses (the best
:data:`RANKED` plays, and the one made). A puzzle is due at once (:mod:`.schedule`).

>>> entry = {"kind": "move", "player": 0, "counted": True, "mark": "blunder", "loss": 0.2,
...          "position_id": "4HPwATDgc/ABMA", "match_id": "cImqAAAAAAAE", "played": "13/6",
...          "top": [{"move": "24/22 13/8", "loss": 0.0}, {"move": "13/6", "loss": 0.2}]}
>>> [p["played"] for p in mistakes([entry, dict(entry, mark="doubtful")], player=0, now=7)]
['13/6']
>>> puzzle(entry, now=7)["ranking"], mistakes([entry], player=1, now=7)
([['24/22 13/8', 0.0], ['13/6', 0.2]], [])
"""

from game.app.keep.puzzle_deck import PUZZLE_KINDS

__all__ = ["MARKED", "RANKED", "mistakes", "puzzle"]

#: the marks that make a puzzle
MARKED = ("error", "blunder")
#: how many of the best plays a puzzle keeps ranked (besides the one made)
RANKED = 5


def mistakes(entries, player, now):
    """The puzzles of ``player``'s errors and blunders among a review's ``entries``."""
    return [puzzle(e, now) for e in entries
            if e.get("player") == player and e.get("counted") and e.get("mark") in MARKED
            and e.get("kind") in PUZZLE_KINDS]


def _round(value):
    return round(max(0.0, float(value)), 6) + 0.0


def puzzle(entry, now):
    """The puzzle of one review entry (kind ``move``, ``cube`` or ``response``), due at ``now``."""
    if entry["kind"] == "move":
        played = entry["played"]
        rows = [row for row in entry["top"][:RANKED]]
        rows += [row for row in entry["top"][RANKED:] if row["move"] == played]
        ranking = [[row["move"], _round(row["loss"])] for row in rows]
    else:
        played = entry["action"]
        options = entry["options"]
        top = max(options.values())
        ranking = sorted(([name, _round(top - value)] for name, value in options.items()),
                         key=lambda row: row[1])
    return {"position_id": entry["position_id"], "match_id": entry["match_id"], "kind": entry["kind"],
            "played": played, "loss": _round(entry["loss"]), "ranking": ranking, "added": now,
            "due": now, "step": 0, "seen": 0, "right": 0}

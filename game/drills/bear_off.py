"""The bear-off drill: the best play of a roll, by the bear-off database.

Both sides have every checker home; each legal play is valued by the exact
chance of bearing off first it leaves (:mod:`.home_boards`: after the play the
opponent is on roll).  Right is a best play: ties (plays that leave the same
chance) are all right.  The level sets how many checkers are left
(:data:`.home_boards.CHECKERS`) and how close the best play's rival is.

>>> from game.drills.seeds import drill_random
>>> q = generate(drill_random(4, 0, "bearoff"), 1, "easy")[0]
>>> q.ask, q.position.all_home(), max(q.values) == q.values[q.answer[0]]
('play', True, True)
"""

from .difficulty import fits
from .home_boards import CHECKERS, home, position_of, random_board, win_chance
from .question import Question
from .seeds import roll

__all__ = ["generate", "play_chances"]

#: a decision is clear (easy) when the best play wins this much more often than the next
#: (as a chance, 0.05 = 5 %), close (hard) when by less than CLOSE
CLEAR, CLOSE = 0.05, 0.02
PATIENCE = 50


def play_chances(position, dice):
    """``(choices, values)``: every legal play and the exact chance it leaves to win."""
    plays = position.legal_moves(dice)
    theirs = home(position.theirs)
    valued = sorted((str(m), round(1.0 - win_chance(theirs, home(after.theirs)), 6))
                    for m, after in zip(plays, plays.results()))   # in the order of the texts
    return tuple(c for c, _ in valued), tuple(v for _, v in valued)


def generate(rng, count, level, tolerance=0):
    """``count`` bear-off plays to find at ``level``."""
    fewest, most = CHECKERS[level]
    out, seen, tries = [], set(), 0
    while len(out) < count:
        tries += 1
        position = position_of(random_board(rng, fewest, most), random_board(rng, fewest, most))
        dice = roll(rng)
        choices, values = play_chances(position, dice)
        if len(set(values)) < 2 or (position, dice) in seen:
            continue
        ranked = sorted(set(values), reverse=True)
        lead = ranked[0] - ranked[1]
        if tries <= PATIENCE * count and not fits(lead, level, CLEAR, CLOSE):
            continue
        seen.add((position, dice))
        best = values.index(ranked[0])
        out.append(Question(
            kind="bearoff", level=level, position_id=position.position_id(), dice=dice, ask="play",
            answer=(best,), tolerance=0, choices=choices, values=values,
            prompt=("drills.bearoff.prompt", {"dice": list(dice)}),
            explanation=("drills.bearoff.explain", {"best": choices[best], "chance": round(100 * ranked[0]),
                                                    "next": round(100 * ranked[1])})))
    return out

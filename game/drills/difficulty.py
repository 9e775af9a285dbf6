"""How hard a drill's questions are: easy for beginners, close decisions for strong players.

Each drill reads the level its own way (its module says how); for a choice
between plays or cube actions, the level is how close the best option's
nearest rival is: :func:`fits` says whether a gap suits a level.

>>> DIFFICULTIES
('easy', 'medium', 'hard')
>>> fits(0.20, "easy", clear=0.10, close=0.04), fits(0.02, "easy", clear=0.10, close=0.04)
(True, False)
>>> fits(0.02, "hard", clear=0.10, close=0.04), fits(0.07, "medium", clear=0.10, close=0.04)
(True, True)
"""

__all__ = ["DIFFICULTIES", "fits"]

DIFFICULTIES = ("easy", "medium", "hard")


def fits(gap, level, clear, close):
    """Whether a decision whose best option leads the next by ``gap`` suits ``level``:
    easy wants a gap of at least ``clear``, hard one under ``close``, medium anything
    in between or either side of it."""
    if level == "easy":
        return gap >= clear
    if level == "hard":
        return gap < close
    return True

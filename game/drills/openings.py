"""The opening drills: the 15 opening rolls, and the replies to an opening play.

``opening``: the first play of the game, for one of the 15 rolls with two
different dice (who starts plays both dice the players threw).  All 15 suit
every level: easy takes the clearest decisions first, hard the closest, medium
draws at random; the set is then shuffled.

``reply``: the opponent has played an opening roll the bot's way, and the
player replies with any of the 21 rolls; the level is how close the best
reply's nearest rival is (:mod:`.plays`).

>>> from game.drills.seeds import drill_random
>>> qs = generate_openings(drill_random(1, 0, "opening"), 2, "easy")
>>> [q.ask for q in qs], all(q.dice[0] != q.dice[1] for q in qs)
(['play', 'play'], True)
"""

from ..position import Position
from .plays import gap, play_question, ranked_plays
from .seeds import roll

__all__ = ["OPENING_ROLLS", "generate_openings", "generate_replies"]

#: the 15 opening rolls, higher die first
OPENING_ROLLS = tuple((a, b) for a in range(2, 7) for b in range(1, a))
#: how many candidates a reply set may look at per question before it takes any
PATIENCE = 6


def generate_openings(rng, count, level, tolerance=0):
    """``count`` (at most 15) opening plays to find, at ``level``."""
    start = Position.start()
    rolls = list(OPENING_ROLLS)
    rng.shuffle(rolls)
    if level != "medium":
        gaps = {dice: gap(ranked_plays(start, dice)[1]) for dice in rolls}
        rolls.sort(key=lambda dice: -gaps[dice] if level == "easy" else gaps[dice])
    chosen = rolls[:count]
    rng.shuffle(chosen)
    return [play_question("opening", level, start, dice, choosy=False) for dice in chosen]


def generate_replies(rng, count, level, tolerance=0):
    """``count`` replies to an opening play, at ``level``."""
    start = Position.start()
    out, seen, tries = [], set(), 0
    while len(out) < count:
        tries += 1
        first = rng.choice(OPENING_ROLLS)
        choices, values = ranked_plays(start, first)
        position = start.play(start.parse_move(choices[values.index(max(values))], first))
        dice = roll(rng)
        if (position, dice) in seen:
            continue
        seen.add((position, dice))
        question = play_question("reply", level, position, dice, {"opening": list(first)},
                                 choosy=tries <= PATIENCE * count)
        if question is not None:
            out.append(question)
    return out

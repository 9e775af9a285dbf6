"""GNU Backgammon (gnubg-nn) as the oracle of the drills' answers (development only).

Each function computes, without the engine's move generator nor its bear-off
database, what a drill's answer should be: pip counts from gnubg's decoding
of the Position ID, the results of every legal play from ``gnubg_nn.moves``
(the options of the opening, reply and bear-off questions), the rolls that
hit from those results, and bear-off and race chances from gnubg's own
databases and evaluation.

    python3 tools/drills_oracle.py --seed 1 --count 20     # checks a wider set, prints the figures
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gnubg_nn  # noqa: E402  (development-only oracle)

ROLLS36 = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def pips(position_id):
    """``(on roll, opponent)`` pip counts, from gnubg's own reading of the Position ID."""
    theirs, mine = gnubg_nn.board_from_position_id(position_id)
    return (sum(i * n for i, n in enumerate(mine, 1)), sum(i * n for i, n in enumerate(theirs, 1)))


def results(position_id, dice):
    """gnubg's legal plays of ``dice``: ``{key: (mover's board after, opponent's after)}``."""
    board = gnubg_nn.board_from_position_id(position_id)
    out = {}
    for key in gnubg_nn.moves(board, dice[0], dice[1]):
        theirs, mine = gnubg_nn.board_from_position_key(key)
        out[key] = (tuple(mine), tuple(theirs))
    return out


def key_of(after):
    """gnubg's key of a position after a play (the engine's :class:`Position`, opponent on roll)."""
    return gnubg_nn.key_of_board([list(after.mine), list(after.theirs)])


def hits(position_id):
    """How many of the 36 rolls have a legal play that puts an opposing checker on the bar."""
    theirs = gnubg_nn.board_from_position_id(position_id)[0]
    count = 0
    for dice in ROLLS36:
        count += any(after_theirs[24] > theirs[24] for _, after_theirs in results(position_id, dice).values())
    return count


def win_chance(mine, theirs):
    """gnubg's chance that the side on roll (boards of 25, its own numbering) wins."""
    return gnubg_nn.probabilities([list(theirs), list(mine)], 0)[0]


def rolls_needed(home):
    """gnubg's one-sided bear-off database: ``P[k]`` = chance that ``home`` (points 1-6) needs
    exactly ``k`` rolls (gnubg lists it from 1 roll)."""
    if not any(home):
        return [1.0]
    return [0.0] + list(gnubg_nn.bearoff_probabilities(tuple(home)))


def one_sided_chance(mine, theirs):
    """The chance that the side on roll bears off first, from gnubg's one-sided database: it
    wins when it needs ``k`` rolls and the other needs ``k`` or more."""
    a, b = rolls_needed(mine[:6]), rolls_needed(theirs[:6])
    return sum(pa * sum(b[k:]) for k, pa in enumerate(a))


def play_chances_one_sided(position_id, dice):
    """``{key: chance to win}`` of every legal play, from gnubg's one-sided database."""
    return {key: 1.0 - one_sided_chance(theirs, mine) for key, (mine, theirs) in results(position_id, dice).items()}


def play_chances(position_id, dice):
    """``{key: chance to win}`` of every legal play of ``dice``, by gnubg (the opponent then rolls)."""
    return {key: 1.0 - win_chance(theirs, mine) for key, (mine, theirs) in results(position_id, dice).items()}


def main(argv=None):
    from game.drills.kinds import KINDS
    from game.drills.seeds import drill_random
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=20)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    wrong = checked = 0
    for level in ("easy", "medium", "hard"):
        questions = []
        for place, kind in enumerate(("pips", "shots", "bearoff", "race", "opening", "reply")):
            count = min(KINDS[kind].most, args.count)
            questions += KINDS[kind].generate(drill_random(args.seed, place, kind), count, level, KINDS[kind].tolerance)
        for q in questions:
            checked += 1
            if q.kind == "pips":
                wrong += pips(q.position_id) != q.answer
            elif q.kind == "shots":
                wrong += hits(q.position_id) != q.answer[0]
            elif q.kind == "race":
                position = q.position
                wrong += abs(q.answer[0] - 100 * one_sided_chance(position.mine, position.theirs)) > 0.6
            else:
                results_ours = {key_of(after) for after in q.position.legal_moves(q.dice).results()}
                wrong += results_ours != set(results(q.position_id, q.dice)) or len(results_ours) != len(q.choices)
                if q.kind == "bearoff":
                    chances = play_chances_one_sided(q.position_id, q.dice)
                    wrong += max(chances.values()) - q.values[q.answer[0]] > 0.002
    print(f"{checked} questions checked against gnubg, {wrong} wrong; {time.perf_counter() - started:.0f} s")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())

"""Where the net's plays lose equity, by class of position, as GNU Backgammon 0-ply judges them.

Development only (needs ``pip install gnubg-nn==1.1.0a11``).  The 0-ply bot
plays itself with the dice of a development or a test seed (as in
``bench_strength.py``).  At every checker play with more than one distinct
result, GNU Backgammon 0-ply values every legal result (cubeless money, from
the mover's side); the loss of the bot's play is the best value less its
play's.  The losses are summed by the class of the position before the play:

* ``race``: no contact;
* ``crashed``: contact, and a side has 8 or more checkers borne off or on its
  points 1-3;
* ``backgame``: a side holds two or more points in the other's home board;
* ``bar``: a checker on the bar;
* ``one side back``: only one side still has checkers in the other's home board;
* ``anchor``: a side holds one point in the other's home board;
* ``other contact``: the rest.

GNU Backgammon's judgement is not the truth: it favours its own plays, so
the losses are an upper bound of ours against it and a guide to where the
net differs from it, not a strength figure.

Usage:
    python3 tools/bot/where_lost.py --decisions 3000 --dev 52
    python3 tools/bot/where_lost.py --decisions 3000 --dev 52 --weights OTHER.bin
"""

import argparse
import collections
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "bot"))

from bench_strength import add_dice_options, dice_line, parsed_dice, read_weights  # noqa: E402
from game import Position  # noqa: E402
from game.bot import NO_LOOK_AHEAD, Bot  # noqa: E402
from game.bot.evaluator import equity, finished_probs, is_race  # noqa: E402


def position_class(mine, theirs):
    """The class of a position (see the module's docstring), seen from the player on roll.

    >>> start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    >>> position_class(start, start)
    'anchor'
    """
    if is_race(mine, theirs):
        return "race"
    if any(15 - sum(b[:25]) + b[0] + b[1] + b[2] >= 8 for b in (mine, theirs)):
        return "crashed"
    held = [sum(1 for i in range(18, 24) if b[i] >= 2) for b in (mine, theirs)]
    if max(held) >= 2:
        return "backgame"
    if mine[24] or theirs[24]:
        return "bar"
    back = [sum(b[18:25]) for b in (mine, theirs)]
    if (back[0] == 0) != (back[1] == 0):
        return "one side back"
    if max(held) == 1:
        return "anchor"
    return "other contact"


def gnubg_values(position, dice, plies=0):
    """``{(mine_after, theirs_after): equity for the mover}`` of every legal result, by GNU
    Backgammon at ``plies`` (0 by default)."""
    import gnubg_nn
    board = [list(position.theirs), list(position.mine)]
    out = {}
    for key in gnubg_nn.moves(board, dice[0], dice[1]):
        them, me = gnubg_nn.board_from_position_key(key)     # the mover second, not swapped
        if not any(me):   # the mover bore off his last checker
            out[(tuple(me), tuple(them))] = equity(finished_probs(them))
            continue
        p = gnubg_nn.probabilities([list(me), list(them)], plies)  # the opponent on roll
        out[(tuple(me), tuple(them))] = -equity(p)
    return out


def losses_by_class(seed, count):
    """``{class: (decisions, total loss, plays losing 0.04 or more)}`` over ``count`` decisions."""
    rng = random.Random(seed * 1_000_003)
    bot = Bot(NO_LOOK_AHEAD)
    table = collections.defaultdict(lambda: [0, 0.0, 0])
    n = 0
    while n < count:
        position = Position.start()
        while position.winner() is None and n < count:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = position.legal_moves(dice)
            if not plays:
                position = position.swapped()
                continue
            after = position.play(bot.choose_move(position, dice))
            if len(set(plays.results())) > 1:
                values = gnubg_values(position, dice)
                loss = max(values.values()) - values[(after.theirs, after.mine)]
                row = table[position_class(position.mine, position.theirs)]
                row[0] += 1
                row[1] += loss
                row[2] += loss >= 0.04
                n += 1
            position = after
    return {k: tuple(v) for k, v in table.items()}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=3000)
    add_dice_options(parser)
    parser.add_argument("--weights", help="a weights file to use instead of game/bot/weights.bin")
    args = parser.parse_args(argv)
    kind, seed = parsed_dice(parser, args)
    if args.weights:
        from game.bot import net
        net._nets = read_weights(args.weights)
    print(dice_line(kind, seed, 2).split(" (")[0] + f", {args.decisions} checker plays of 0-ply self-play")
    table = losses_by_class(seed, args.decisions)
    total = sum(v[1] for v in table.values())
    print(f"mean loss by GNU Backgammon 0-ply: {1000 * total / args.decisions:.1f} millipoints per decision")
    for name, (n, loss, big) in sorted(table.items(), key=lambda kv: -kv[1][1]):
        print(f"{name:>14}: {n:5d} decisions, {1000 * loss / n:5.1f} millipoints each, "
              f"{100 * loss / total:4.1f}% of the loss, {big} losing 0.04 or more")


if __name__ == "__main__":
    main()

"""How well the race net values races, measured against GNU Backgammon 0-ply.

Development only (needs ``pip install gnubg-nn==1.1.0a11``).  The positions
are the races of the 0-ply bot's games against itself (the shipped nets play
them), with the dice of a development or a test seed: every ``--every``-th
race position of each game, from the side on roll.  Positions whose value
does not depend on the race net are left out: both sides all home, each
with a checker borne off (the bear-off database is exact there, and no
gammon is left).

Each weights file's value of a position is the app's own (``evaluator``:
the race net, or the database's winning chance with the race net's gammons
when both sides are home); GNU Backgammon 0-ply (its race net and its
bear-off databases) is the yardstick.  Prints, for each weights file and
each class of race (``long``: the side on roll has 60 pips or more to go and
neither side is all home; ``short``: the others), the mean absolute
difference in cubeless equity, in winning chance and in gammon chances (won
plus lost), and the mean signed difference in equity (positive: ours
thinks better of the side on roll), each ± one standard error; then each
file's mean absolute equity difference less the first file's, paired over
the same positions.

Usage:
    python3 tools/bot/bench_race.py --positions 2000 --dev 31 --weights game/bot/weights.bin NEW.bin
    python3 tools/bot/bench_race.py --positions 3000 --test --weights game/bot/weights.bin NEW.bin
"""

import argparse
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "bot"))

from bench_strength import add_dice_options, mean_se, parsed_dice, read_weights  # noqa: E402
from game import Position  # noqa: E402
from game.bot import Bot, evaluator, net  # noqa: E402
from game.bot.bot import NO_LOOK_AHEAD  # noqa: E402

LONG = 60   # pips to go of the side on roll, at least, for a "long" race


def depends_on_race_net(mine, theirs):
    """A race whose value the race net gives, in whole or in part (its gammons).

    >>> home = (3, 3, 3, 2, 2, 2) + (0,) * 19
    >>> depends_on_race_net(home, home)      # both home, nobody has borne off: gammons
    True
    >>> depends_on_race_net(home, (2, 2, 2, 2, 2, 1) + (0,) * 19)
    True
    >>> off = (2, 2, 2, 2, 2, 1) + (0,) * 19
    >>> depends_on_race_net(off, off)        # both home, both have borne off: exact
    False
    """
    both_home = not any(mine[6:]) and not any(theirs[6:])
    return not (both_home and sum(mine) < 15 and sum(theirs) < 15)


def race_class(mine, theirs):
    """``"long"`` or ``"short"`` (see the module's text).

    >>> race_class(Position.start().mine, Position.start().theirs)
    'long'
    """
    home = not any(mine[6:]) or not any(theirs[6:])
    return "long" if Position(mine, theirs).pips()[0] >= LONG and not home else "short"


def race_positions(count, seed, every=3):
    """``count`` race positions ``(mine, theirs)`` of the 0-ply bot's games against itself."""
    rng = random.Random(seed * 1_000_003)
    bot = Bot(NO_LOOK_AHEAD)
    out = []
    while len(out) < count:
        position, seen = Position.start(), 0
        while position.winner() is None and len(out) < count:
            mine, theirs = position.mine, position.theirs
            if evaluator.is_race(mine, theirs) and any(mine) and any(theirs):
                if seen % every == 0 and depends_on_race_net(mine, theirs):
                    out.append((mine, theirs))
                seen += 1
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if position.legal_moves(dice):
                position = position.play(bot.choose_move(position, dice))
            else:
                position = position.swapped()
    return out


def gnubg_probabilities(mine, theirs):
    import gnubg_nn
    return tuple(gnubg_nn.probabilities([list(theirs), list(mine)], 0))


def our_probabilities(nets, mine, theirs):
    """The app's value of a race with these nets in place of the shipped ones."""
    saved = net._nets
    net._nets = nets
    try:
        return evaluator.evaluate(mine, theirs)
    finally:
        net._nets = saved


def differences(ours, ref):
    """``(|Δ equity|, |Δ win|, |Δ gammons|, Δ equity)`` of one position."""
    d_eq = evaluator.equity(ours) - evaluator.equity(ref)
    d_g = (ours[1] + ours[3]) - (ref[1] + ref[3])
    return abs(d_eq), abs(ours[0] - ref[0]), abs(d_g), d_eq


def report(names, positions, values, reference, log=print):
    classes = [race_class(m, t) for m, t in positions]
    rows = {}
    for name in names:
        rows[name] = [differences(v, r) for v, r in zip(values[name], reference)]
    for cls in ("long", "short", "all"):
        picked = [i for i, c in enumerate(classes) if cls in ("all", c)]
        if not picked:
            continue
        log(f"{cls} races ({len(picked)} positions):")
        for name in names:
            cols = [mean_se([rows[name][i][k] for i in picked]) for k in range(4)]
            log(f"  {name}: |Δ equity| {cols[0][0]:.4f} ± {cols[0][1]:.4f}, |Δ win| {cols[1][0]:.4f} ± "
                f"{cols[1][1]:.4f}, |Δ gammons| {cols[2][0]:.4f} ± {cols[2][1]:.4f}, "
                f"Δ equity {cols[3][0]:+.4f} ± {cols[3][1]:.4f}")
        first = names[0]
        for name in names[1:]:
            m, se = mean_se([rows[name][i][0] - rows[first][i][0] for i in picked])
            log(f"  {name} less {first}, |Δ equity| paired: {m:+.4f} ± {se:.4f}")
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--every", type=int, default=3, help="keep every N-th race position of a game")
    parser.add_argument("--weights", nargs="+", default=[str(net.WEIGHTS)],
                        help="weights files to compare (the first is the baseline)")
    add_dice_options(parser)
    args = parser.parse_args(argv)
    kind, seed = parsed_dice(parser, args)
    print(f"dice: {'TEST' if kind == 'test' else 'development'} seed {seed}, "
          f"{args.positions} race positions (every {args.every}th of the 0-ply bot's games)", flush=True)
    positions = race_positions(args.positions, seed, args.every)
    reference = [gnubg_probabilities(m, t) for m, t in positions]
    values = {}
    for path in args.weights:
        nets = tuple(read_weights(path))
        values[path] = [our_probabilities(nets, m, t) for m, t in positions]
    report(args.weights, positions, values, reference)


if __name__ == "__main__":
    main()

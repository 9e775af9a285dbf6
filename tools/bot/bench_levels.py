"""Error rate per decision of each level, judged by our own filtered 1-ply.

Positions come from games of the expert level against itself, with dice
from a development or a test seed (as in ``bench_strength.py``).  At every
checker play with more than one distinct result, each level chooses its
play, and the judge values the plays one roll deeper: a filtered 1-ply
(:data:`JUDGE`: the net's best 6 plays within 0.16, every reply valued in
full; the master level until it looked two rolls ahead) ranks its best few
plays, and a level's play outside that set gets its own 1-ply value.  A
level's loss on a decision is the best of those values minus its play's
(cubeless money equity, a cube of 1); the error rate is the mean loss per
decision in thousandths of a point ("millipoints", as GNU Backgammon's
review counts them).  The master, which looks deeper than the judge, is
judged too: its figure is how often and how far it disagrees with a
shallower look, not an error.  ``judge_gnubg.py`` judges the levels by GNU
Backgammon's 2-ply instead.

Cube decisions (``--cube N``) are counted apart, in money play with the
cube in the middle: before a roll of the same self-play, where the judge
(the master's cube, on probabilities averaged over the roller's 21 rolls)
finds doubling within ``CLOSE_CUBE`` of not doubling (as the review counts
them), each level decides whether to double and, as the opponent, whether
to take.  A double is worth the judge's ``min(take, drop)``; a take or a
drop is weighed from the taker's side.

Usage:
    python3 tools/bot/bench_levels.py --decisions 2000 --test
    python3 tools/bot/bench_levels.py --decisions 200 --dev 1 --level beginner expert
    python3 tools/bot/bench_levels.py --decisions 300 --cube 300 --test
"""

import argparse
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "bot"))

from bench_strength import add_dice_options, dice_line, parsed_dice  # noqa: E402
from game import Position  # noqa: E402
from game.bot import LEVELS, Bot  # noqa: E402
from game.bot.lookahead import finish, one_ply  # noqa: E402
from game.bot.analysis import CLOSE_CUBE  # noqa: E402
from game.bot.evaluator import equity  # noqa: E402

#: a loss at least this large is an error (GNU Backgammon's default threshold)
ERROR = 0.08

#: the judge of checker plays: 0-ply keeps this many plays within this much of its best,
#: and they are valued at 1-ply with every reply in full
JUDGE = {"keep": 6, "window": 0.16}


def decisions(seed, count):
    """``count`` (position, dice) pairs with more than one distinct play, from expert self-play.

    >>> picks = decisions(5, 3)
    >>> len(picks), all(len(set(p.legal_moves(d).results())) > 1 for p, d in picks)
    (3, True)
    """
    rng = random.Random(seed * 1_000_003)
    bot = Bot(level="expert")
    out = []
    while len(out) < count:
        position = Position.start()
        while position.winner() is None and len(out) < count:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            plays = position.legal_moves((d1, d2))
            if not plays:
                position = position.swapped()
                continue
            if len(set(plays.results())) > 1:
                out.append((position, (d1, d2)))
            position = position.play(bot.choose_move(position, (d1, d2)))
    return out


def losses(position, dice, bots):
    """The loss of each bot's play on this decision, judged by the filtered 1-ply (equity)."""
    keep, window = JUDGE["keep"], JUDGE["window"]
    ranked = finish(Bot(level="expert")._ranked(position, dice))  # 0-ply, best first
    head = [after for value, _, after in ranked[:keep] if value >= ranked[0][0] - window]
    deep = {after: equity(p) for after, p in zip(head, one_ply(head))}  # the judge's filtered 1-ply
    plays = position.legal_moves(dice)
    results = plays.results()
    chosen = []
    for bot in bots:
        move = bot.choose_move(position, dice)
        r = results[list(plays).index(move)]
        after = (r.mine, r.theirs)
        if after not in deep:
            deep[after] = equity(one_ply([after])[0])
        chosen.append(after)
    best = max(deep.values())
    return [best - deep[after] for after in chosen]


def cube_decisions(seed, count):
    """``count`` (position, judge's CubeEquities) pairs, before a roll, where doubling is close.

    >>> picks = cube_decisions(5, 2)
    >>> len(picks), all(abs(min(e.double_take, e.double_drop) - e.no_double) < CLOSE_CUBE for _, e in picks)
    (2, True)
    """
    rng = random.Random(seed * 1_000_003 + 500_009)
    bot, judge = Bot(level="expert"), Bot(level="master")
    out = []
    while len(out) < count:
        position = Position.start()
        while position.winner() is None and len(out) < count:
            e = judge.cube_equities(position)
            if abs(min(e.double_take, e.double_drop) - e.no_double) < CLOSE_CUBE:
                out.append((position, e))
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            move = bot.choose_move(position, (d1, d2))
            position = position.play(move) if move is not None else position.swapped()
    return out


def cube_losses(position, judged, bot):
    """The loss of ``bot``'s double-or-not and of its take-or-drop, judged by ``judged``."""
    nd, dt, dp = judged.no_double, judged.double_take, judged.double_drop
    doubled = min(dt, dp)
    chosen = doubled if bot.cube_action(position) == "double" else nd
    taker = {"take": -dt, "drop": -dp}
    return max(nd, doubled) - chosen, max(taker.values()) - taker[bot.take_decision(position)]


def cube_error_rates(levels, seed, count):
    """``{level: (millipoints per cube decision, share of errors >= 0.08)}``; each of the
    ``count`` positions is two decisions (the double and the take).

    >>> cube_error_rates(["master"], 5, 2)["master"]
    (0.0, 0.0)
    """
    bots = [Bot(level=lv, seed=seed * 7919 + 104_729 + i) for i, lv in enumerate(levels)]
    picks = cube_decisions(seed, count)
    rates = {}
    for level, bot in zip(levels, bots):
        lost = [x for position, judged in picks for x in cube_losses(position, judged, bot)]
        rates[level] = (1000 * sum(lost) / len(lost), sum(x >= ERROR for x in lost) / len(lost))
    return rates


def error_rates(levels, seed, count, progress=None):
    """``{level: (millipoints per decision, share of errors >= 0.08)}`` over ``count`` decisions.

    >>> rates = error_rates(["0-ply", "expert"], 5, 2)
    >>> rates["expert"][0] >= 0 and rates["0-ply"][0] >= 0
    True
    """
    bots = [Bot(level=lv, seed=seed * 7919 + i) for i, lv in enumerate(levels)]
    total = [0.0] * len(levels)
    errors = [0] * len(levels)
    picks = decisions(seed, count)
    for n, (position, dice) in enumerate(picks, 1):
        for i, loss in enumerate(losses(position, dice, bots)):
            total[i] += loss
            errors[i] += loss >= ERROR
        if progress and n % progress == 0:
            print(f"  {n} decisions: " + ", ".join(f"{lv} {1000 * t / n:.1f}" for lv, t in zip(levels, total)),
                  flush=True)
    return {lv: (1000 * t / len(picks), e / len(picks)) for lv, t, e in zip(levels, total, errors)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--level", nargs="+", default=list(LEVELS))
    add_dice_options(parser)
    parser.add_argument("--progress", type=int, default=0)
    parser.add_argument("--cube", type=int, default=0, metavar="N",
                        help="also N close cube positions (2 N decisions: double, take)")
    args = parser.parse_args(argv)
    kind, seed = parsed_dice(parser, args)
    for level in args.level:
        try:
            Bot(level=level)   # the bot says which names it takes
        except ValueError as exc:
            parser.error(str(exc))
    print(dice_line(kind, seed, 2).split(" (")[0] + f", {args.decisions} checker-play decisions "
          "from expert self-play", flush=True)
    t0 = time.time()
    rates = error_rates(args.level, seed, args.decisions, args.progress)
    for level in args.level:
        mp, share = rates[level]
        print(f"{level:>12}: {mp:6.1f} millipoints per decision, {100 * share:4.1f}% errors (loss >= {ERROR})",
              flush=True)
    print(f"({kind} seed {seed}, {time.time() - t0:.0f} s)", flush=True)
    if args.cube:
        t0 = time.time()
        rates = cube_error_rates(args.level, seed, args.cube)
        for level in args.level:
            mp, share = rates[level]
            print(f"{level:>12}: {mp:6.1f} millipoints per cube decision, {100 * share:4.1f}% errors "
                  f"({2 * args.cube} decisions)", flush=True)
        print(f"(cube: {kind} seed {seed}, {time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()

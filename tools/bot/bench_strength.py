"""Measure the bot's strength: cubeless money games against pubeval and GNU Backgammon 0-ply.

Games are played in duplicate pairs: the same dice sequence twice, with the
seats swapped, which cancels most of the luck.  Prints points per game for
the bot ± the standard error (over pairs).

Development only: needs ``pip install gnubg-nn==1.1.0a11`` (GNU Backgammon's
nets, used here only as opponents).  The opponents' plays are mapped onto our
legal plays by the position they lead to, so multi-step representations and
bear-off shortcuts cannot confuse the comparison.

Development dice and test dice: every run names its dice.  ``--dev SEED``
(1 to 999; the default is ``--dev 1``) are the dice to tune and select on;
``--test [SEED]`` (1000 or more; without a value a fresh one is drawn from the
operating system's randomness and printed) are the dice a report quotes,
never looked at while choosing.  Pair ``i`` of seed ``s`` uses the dice of
``random.Random(s * 1_000_003 + i)``, so no two seeds share a game.  A report
figure is a test-dice figure over at least 6,000 games per opponent.

Usage:
    python3 tools/bot/bench_strength.py --games 6000 --level expert --opponent both --test
    python3 tools/bot/bench_strength.py --games 200 --weights /tmp/w.bin --dev 2   # a checkpoint
    python3 tools/bot/bench_strength.py --games 2000 --weights NEW.bin --baseline OLD.bin --dev 3   # side by side
    python3 tools/bot/bench_strength.py --games 2000 --level master --jobs 2   # two processes
    python3 tools/bot/bench_strength.py --games 2000 --level 0-ply expert master --dev 4   # and the paired differences
    python3 tools/bot/bench_strength.py --games 2000 --level expert:blend=1 expert --dev 5   # settings changed
    python3 tools/bot/bench_strength.py --games 6000 --level master --opponent gnubg --test 472552186 \
        --jobs 2 --progress 20 --log docs/strength/pairs.jsonl   # stops and goes on later
"""

import argparse
import math
import secrets
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game import Position  # noqa: E402
from game.bot import Bot  # noqa: E402
from game.levels import LEVELS  # noqa: E402

import pair_log  # noqa: E402  (tools/bot, beside this file)


def _result_of(position, dice, steps):
    """Apply ``[(source_index, target_index)]`` (0-based, 24 bar, -1 off) and find the legal result."""
    me = list(position.mine)
    theirs = list(position.theirs)
    for s, t in steps:
        me[s] -= 1
        if t >= 0:
            me[t] += 1
            if theirs[23 - t] == 1:
                theirs[23 - t] = 0
                theirs[24] += 1
    key = (tuple(theirs), tuple(me))
    results = position.legal_moves(dice).results()
    for r in results:
        if (r.mine, r.theirs) == key:
            return r
    for r in results:  # same checkers of the mover, hits told apart differently
        if r.theirs == key[1]:
            return r
    raise ValueError(f"{position.position_id()} {dice}: the opponent's play {steps} is not legal here")


def pubeval_player(position, dice):
    import gnubg_nn
    flat = gnubg_nn.pub_best_move([list(position.theirs), list(position.mine)], dice[0], dice[1])
    steps = [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]
    return _result_of(position, dice, steps)


def gnubg_player(position, dice, plies=0):
    """GNU Backgammon's play (at ``plies``, 0 by default) as our legal result."""
    import gnubg_nn
    pairs = gnubg_nn.best_move([list(position.theirs), list(position.mine)], dice[0], dice[1], plies)
    steps = [(s - 1, t - 1) for s, t in pairs]
    return _result_of(position, dice, steps)


def bot_player(bot):
    def play(position, dice):
        move = bot.choose_move(position, dice)
        return position.play(move)
    return play


OPPONENTS = {"pubeval": pubeval_player, "gnubg": gnubg_player}


def play_game(first, second, seed):
    """Points won by ``first`` (who moves first) in one cubeless game with dice from ``seed``."""
    rng = random.Random(seed)
    players = (first, second)
    position = Position.start()
    turn = 0
    d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    while d1 == d2:
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    for _ in range(10000):
        if position.legal_moves((d1, d2)):
            after = players[turn](position, (d1, d2))
        else:
            after = position.swapped()
        # re-validate every position: a rules bug must not pass silently
        Position(after.mine, after.theirs)
        if after.winner() is not None:
            points = after.result_points()
            return points if turn == 0 else -points
        position = after
        turn ^= 1
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    raise RuntimeError("game did not end")  # pragma: no cover


def mean_se(values):
    """Mean and standard error of the mean."""
    n = len(values)
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def pair_results(bot, opponent, pairs, seed=1, first=0):
    """The points per game of pairs ``first`` … ``first + pairs - 1``, in order (pair ``i``
    uses the dice of seed ``seed * 1_000_003 + i``)."""
    me = bot_player(bot)
    means = []
    for i in range(first, first + pairs):
        s = seed * 1_000_003 + i
        a = play_game(me, opponent, s)
        b = -play_game(opponent, me, s)
        means.append((a + b) / 2)
    return means


def level_bot(spec, seed=None):
    """A bot for ``spec``: a level's name, then settings changed after a colon
    (``expert:blend=1``: the expert without its blend; ``master:prune=none,keep2=3``).

    >>> level_bot("expert:blend=1,prune=none").settings["blend"], level_bot("expert").level
    (1, 'expert')
    """
    level, _, changes = spec.partition(":")
    bot = Bot(level=level, seed=seed)
    for change in filter(None, changes.split(",")):
        key, _, value = change.partition("=")
        value = None if value == "none" else float(value) if "." in value else int(value)
        bot.settings = dict(bot.settings, **{key: value})
    return bot


def _chunk(job):
    level, name, pairs, seed, first = job
    return first, pair_results(level_bot(level, seed * 7919 + first), OPPONENTS[name], pairs, seed, first)


def played_chunks(bot, level, name, seed, first, pairs, jobs=1, size=None):
    """Play pairs ``first`` … ``first + pairs - 1`` in chunks of ``size``; yields
    ``(first pair, results)`` chunk by chunk, in order, so a caller can keep and print
    them as they come.  With ``jobs`` > 1 the chunks go to that many processes (fork):
    the same dice, but the noisy levels then draw from one generator per chunk."""
    size = max(1, min(size or pairs, (pairs + jobs - 1) // jobs if jobs > 1 else pairs))
    chunks = [(level, name, min(size, first + pairs - a), seed, a) for a in range(first, first + pairs, size)]
    if jobs <= 1:
        for _, _, count, _, start in chunks:
            yield start, pair_results(bot, OPPONENTS[name], count, seed, start)
        return
    import multiprocessing
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_chunk, chunks)


def run_pairs(bot, level, name, seed, pairs, jobs=1, progress=None, log=None, key=None, start=0):
    """The results of pairs ``start`` … ``pairs - 1``: those already in the pair log ``log``
    (under ``key``) are read, the others played and added to it chunk by chunk, so a
    stopped run goes on where it stopped.  With ``progress`` the running figure over
    every pair known so far is printed after each chunk."""
    logged = pair_log.read(log, key) if log else {}
    done = {i: points for i, points in logged.items() if start <= i < pairs}
    if done:
        print(f"  {len(done)} pairs of these {pairs - start} already in {log}", flush=True)
    for first, count in pair_log.missing_runs(done, pairs, start):
        for begin, part in played_chunks(bot, level, name, seed, first, count, jobs, progress):
            if log:
                pair_log.append(log, key, begin, part)
            done.update(enumerate(part, begin))
            if progress and len(done) > 1:
                m, se = mean_se(list(done.values()))
                span = (f"pairs {start}-{max(done)}" if max(done) - start == len(done) - 1
                        else f"{len(done)} of pairs {start}-{max(done)}")
                print(f"  {2 * len(done)} games ({span}): {m:+.3f} ± {se:.3f}", flush=True)
    return [done[i] for i in range(start, pairs)]


def read_weights(path):
    """The nets of a weights file (raw td_train output is converted first)."""
    from game.bot import net
    data = pathlib.Path(path).read_bytes()
    if not data.startswith(net.MAGIC):
        sys.path.insert(0, str(ROOT / "tools" / "bot"))
        import tempfile
        import train
        tmp = pathlib.Path(tempfile.mkdtemp()) / "weights.bin"
        train.convert(path, tmp)
        data = tmp.read_bytes()
    return net.parse(data)


# The bot's other data files: a pair played with other tables is not the same measurement.
TABLES = [(ROOT / "game" / "bot" / name).read_bytes() for name in ("prune.bin", "bearoff.bin")]

DEV_SEEDS = range(1, 1000)
TEST_SEEDS_FROM = 1000
REPORT_GAMES = 6000


def dice_seed(dev=None, test=None, fresh=None):
    """The seed of a run's dice and its kind: ``("dev", seed)`` or ``("test", seed)``.

    Development seeds are 1 to 999, test seeds 1000 or more; ``test=0`` asks
    for a fresh test seed (from ``fresh()``, by default the system's randomness).

    >>> dice_seed()
    ('dev', 1)
    >>> dice_seed(dev=7)
    ('dev', 7)
    >>> dice_seed(test=1234)
    ('test', 1234)
    >>> dice_seed(test=0, fresh=lambda: 5678)
    ('test', 5678)
    >>> dice_seed(test=5)
    Traceback (most recent call last):
    ...
    ValueError: test dice need a seed of 1000 or more, not 5 (1 to 999 are the development dice)
    >>> dice_seed(dev=1000)
    Traceback (most recent call last):
    ...
    ValueError: development dice need a seed from 1 to 999, not 1000 (1000 and above are the test dice)
    """
    if dev is not None and test is not None:
        raise ValueError("choose development dice or test dice, not both")
    if test is not None:
        if test == 0:
            test = (fresh or (lambda: TEST_SEEDS_FROM + secrets.randbelow(10 ** 9)))()
        if test < TEST_SEEDS_FROM:
            raise ValueError(f"test dice need a seed of {TEST_SEEDS_FROM} or more, not {test} "
                             f"(1 to 999 are the development dice)")
        return "test", test
    dev = 1 if dev is None else dev
    if dev not in DEV_SEEDS:
        raise ValueError(f"development dice need a seed from 1 to 999, not {dev} "
                         f"({TEST_SEEDS_FROM} and above are the test dice)")
    return "dev", dev


def add_dice_options(parser):
    """``--dev SEED`` / ``--test [SEED]`` on an argparse parser, as the benchmarks take them."""
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument("--dev", type=int, metavar="SEED", help="development dice, seed 1-999 (default --dev 1)")
    dice.add_argument("--test", type=int, nargs="?", const=0, metavar="SEED",
                      help="test dice, seed >= 1000; without SEED a fresh one is drawn")
    return dice


def parsed_dice(parser, args):
    """``(kind, seed)`` of the options :func:`add_dice_options` added; a bad seed ends the
    program with the parser's usage error."""
    try:
        return dice_seed(args.dev, args.test)
    except ValueError as exc:
        parser.error(str(exc))


def dice_line(kind, seed, games, start=0):
    """The line every run prints first, naming its dice (pairs ``start`` onwards).

    >>> dice_line("test", 4242, 6000)
    'dice: TEST seed 4242 (pairs 0-2999, dice of Random(4242 * 1000003 + pair)), 6000 games per opponent'
    >>> dice_line("dev", 1, 200)
    'dice: development seed 1 (pairs 0-99, dice of Random(1 * 1000003 + pair)), 200 games per opponent'
    >>> dice_line("test", 4242, 6000, start=570)
    'dice: TEST seed 4242 (pairs 570-2999, dice of Random(4242 * 1000003 + pair)), 4860 games per opponent'
    """
    name = "TEST" if kind == "test" else "development"
    line = (f"dice: {name} seed {seed} (pairs {start}-{games // 2 - 1}, dice of Random({seed} * 1000003 + pair)), "
            f"{games - 2 * start} games per opponent")
    return line


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per opponent (even)")
    parser.add_argument("--level", default="expert", nargs="+")
    parser.add_argument("--opponent", choices=["pubeval", "gnubg", "both"], default="both")
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument("--dev", type=int, metavar="SEED",
                      help="development dice, seed 1-999, to tune and select on (default: --dev 1)")
    dice.add_argument("--test", type=int, nargs="?", const=0, metavar="SEED",
                      help="test dice, seed >= 1000, for reports only; without SEED a fresh one is drawn")
    dice.add_argument("--seed", type=int, dest="dev", help=argparse.SUPPRESS)
    parser.add_argument("--weights", help="a weights file to use instead of game/bot/weights.bin "
                        "(raw td_train output is converted first)")
    parser.add_argument("--progress", type=int, default=0, help="print a running figure every N pairs")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play the pairs in (fork)")
    parser.add_argument("--log", metavar="FILE",
                        help="a pair log (JSON lines): pairs already there are read, not played again, "
                             "and every pair played is added, so a stopped run can go on later")
    parser.add_argument("--from-pair", type=int, default=0, metavar="N",
                        help="play pairs N onwards only (the figure is over those pairs)")
    parser.add_argument("--baseline", metavar="WEIGHTS",
                        help="also play the same pairs with these weights and print the paired difference")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be even (duplicate pairs)")
    if not 0 <= args.from_pair < args.games // 2:
        parser.error(f"--from-pair must be from 0 to {args.games // 2 - 1}, the pairs of {args.games} games")
    kind, args.seed = parsed_dice(parser, args)
    if args.log:
        try:
            pair_log.read(args.log, None)  # every line, checked before a game is played
        except ValueError as exc:
            parser.error(str(exc))
    print(dice_line(kind, args.seed, args.games, args.from_pair), flush=True)
    if kind == "test" and args.games - 2 * args.from_pair < REPORT_GAMES:
        print(f"note: fewer than {REPORT_GAMES} games per opponent: not a report figure", flush=True)
    from game.bot import net
    candidate = read_weights(args.weights) if args.weights else net.load()
    baseline = read_weights(args.baseline) if args.baseline else None
    nets_bytes = {"": pathlib.Path(args.weights or net.WEIGHTS).read_bytes(),
                  "baseline ": pathlib.Path(args.baseline).read_bytes() if args.baseline else b""}
    levels = [args.level] if isinstance(args.level, str) else args.level
    opponents = ["pubeval", "gnubg"] if args.opponent == "both" else [args.opponent]
    first = {}  # opponent -> the first level's pair results, for the paired differences
    for level in levels:
        for name in opponents:
            runs = [("", candidate)] + ([("baseline ", baseline)] if baseline else [])
            results = []
            for label, nets in runs:
                net._nets = nets
                bot = level_bot(level, args.seed)
                key = {"level": level, "opponent": name, "dice": kind, "seed": args.seed,
                       "digest": pair_log.digest(nets_bytes[label], repr(bot.settings if ":" in level
                                                                             else LEVELS.get(level)), *TABLES)}
                t0 = time.time()
                means = run_pairs(bot, level, name, args.seed, args.games // 2, args.jobs, args.progress,
                                  args.log, key, args.from_pair)
                mean, se = mean_se(means)
                results.append(means)
                print(f"{label + level:>12} vs {name:<8} {mean:+.3f} ± {se:.3f} ppg over {2 * len(means)} games "
                      f"({kind} seed {args.seed}, {time.time() - t0:.0f} s)", flush=True)
            if baseline:
                diff, se = mean_se([a - b for a, b in zip(*results)])
                print(f"{'difference':>12} vs {name:<8} {diff:+.3f} ± {se:.3f} ppg (same dice, paired; "
                      f"{kind} seed {args.seed})", flush=True)
            if name in first:
                diff, se = mean_se([a - b for a, b in zip(results[0], first[name][1])])
                print(f"{level + ' - ' + first[name][0]:>12} vs {name:<8} {diff:+.3f} ± {se:.3f} ppg "
                      f"(same dice, paired; {kind} seed {args.seed})", flush=True)
            else:
                first[name] = (level, results[0])
            net._nets = candidate


if __name__ == "__main__":
    main()

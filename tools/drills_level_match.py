"""How the novice level fares: cubeless games against the beginner level, pubeval, or random play.

Games are played in duplicate pairs (the same dice twice, the seats swapped),
with ``tools/bot/bench_strength.py``'s game loop, which checks every position
the players leave.  Prints the novice's points per game ± the standard error
over pairs, and the share of games it won.  ``random`` plays a legal play drawn
at random (seeded): someone who knows the rules and nothing else.

    python3 tools/drills_level_match.py --pairs 100 --opponent beginner --seed 1001
    python3 tools/drills_level_match.py --pairs 100 --opponent pubeval --seed 1002
    python3 tools/drills_level_match.py --noise 0.3 --pairs 50 --seed 7   # a noise to try, not in the table
"""

import argparse
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "bot"))

from bench_strength import bot_player, mean_se, play_game, pubeval_player  # noqa: E402
from game.bot import Bot  # noqa: E402


def random_player(rng):
    """A player who plays a legal play drawn at random."""
    def play(position, dice):
        return position.play(rng.choice(list(position.legal_moves(dice))))
    return play


def match(level, opponent, pairs, seed):
    """``(points per game, standard error, share of games won)`` of ``level`` against ``opponent``
    (a level's name, or "pubeval") over ``pairs`` duplicate pairs."""
    me = bot_player(Bot(level=level, seed=seed))
    if opponent == "pubeval":
        other = pubeval_player
    elif opponent == "random":
        other = random_player(random.Random(seed + 1))
    else:
        other = bot_player(Bot(level=opponent, seed=seed + 1))
    means, won = [], 0
    for i in range(pairs):
        s = seed * 1_000_003 + i
        a, b = play_game(me, other, s), -play_game(other, me, s)
        won += (a > 0) + (b > 0)
        means.append((a + b) / 2)
    mean, se = mean_se(means)
    return mean, se, won / (2 * pairs)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="novice")
    parser.add_argument("--opponent", default="beginner")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1001)
    parser.add_argument("--noise", type=float, help="play a trial level with this noise instead of --level")
    args = parser.parse_args(argv)
    if args.noise is not None:
        from game.bot import bot as bot_module
        bot_module._SETTINGS["trial"] = {"noise": args.noise}   # this process only
        args.level = f"trial (noise {args.noise})"
        level = "trial"
    else:
        level = args.level
    started = time.time()
    mean, se, share = match(level, args.opponent, args.pairs, args.seed)
    print(f"{args.level} against {args.opponent}: {mean:+.3f} ± {se:.3f} points per game, won "
          f"{100 * share:.1f}% of {2 * args.pairs} games (seed {args.seed}, {time.time() - started:.0f} s)")


if __name__ == "__main__":
    main()

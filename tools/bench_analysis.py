"""How long the review of a whole game takes (game/bot/analysis.py), in CPython.

Plays seeded games of the bot against itself (intermediate level, money
play with the cube, so that there are errors and cube decisions to weigh),
then times :func:`game.bot.analysis.analyse` on each: the median and the range
over the games, the time per analysed entry, and the split between the
decisions and the luck of the rolls.  With ``--cpu`` the process's CPU time
is used (fair on a machine shared with other jobs).

Usage: python3 tools/bench_analysis.py [--games 7] [--length 0] [--cpu] [--review-level expert]
"""

import argparse
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.bot import analysis  # noqa: E402
from game.bot import Bot, CubeContext  # noqa: E402
from game.dice import SeededDice  # noqa: E402
from game.match import Match, MatchConfig, Phase  # noqa: E402


def _context(match, player):
    cfg = match.config
    owner = match.cube_owner
    return CubeContext(cube_value=match.cube_value,
                       cube_owner=None if owner is None else ("me" if owner == player else "opponent"),
                       match_length=cfg.length, score_me=match.score[player],
                       score_opponent=match.score[1 - player], crawford=match.is_crawford_game)


def self_play(seed, length=0, level="intermediate"):
    """One game of the bot against itself, with seeded dice and seeded choices."""
    bot = Bot(level=level, seed=seed)
    match = Match(MatchConfig(length=length), SeededDice(f"bench-{seed}"))
    while match.phase is not Phase.OVER:
        phase = match.phase
        if phase is Phase.OPENING:
            match.roll()
        elif phase is Phase.ROLL_OR_DOUBLE:
            player = match.player_on_roll
            if match.can_double() and bot.cube_action(match.game.position, _context(match, player)) == "double":
                match.double()
            else:
                match.roll()
        elif phase is Phase.DOUBLED:
            if bot.take_decision(match.game.position, _context(match, match.player_on_roll)) == "drop":
                match.drop()
            else:
                match.take()
        else:
            turn = match.turn
            if turn.no_move:
                match.done()
            else:
                ctx = _context(match, match.player_on_roll)
                match.play_move(bot.choose_move(turn.position, turn.dice, ctx if ctx.is_match else None))
    return match


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=7)
    parser.add_argument("--length", type=int, default=0, help="0: money play; N: an N-point match")
    parser.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    parser.add_argument("--review-level", default=analysis.LEVEL,
                        help="the bot level that weighs the decisions (expert: 0-ply; master: filtered 1-ply)")
    args = parser.parse_args(argv)
    clock = time.process_time if args.cpu else time.perf_counter
    Bot().evaluate(Match().game.position)       # load the nets before timing
    totals, per_entry, luck_parts, decision_times = [], [], [], []
    for seed in range(args.games):
        match = self_play(seed, args.length)
        review = analysis.Review(match, level=args.review_level)
        start = clock()
        while not review.decisions_done:
            review.step()
        decisions = clock() - start
        while review.step():
            pass
        elapsed = clock() - start
        decision_times.append(decisions)
        # the luck alone: the same rolls again, without the decisions
        tasks = [t for t in review._tasks if t["kind"] in ("move", "pass")]
        start = clock()
        for t in tasks:
            analysis._roll_luck(t["position"], t["dice"], analysis._Scale(t["ctx"]), t["opening"])
        luck = clock() - start
        result = review.result()
        totals.append(elapsed)
        per_entry.append(elapsed / max(1, review.total))
        luck_parts.append(luck / elapsed if elapsed else 0.0)
        print(f"game {seed}: {review.total} steps ({len(tasks)} rolls, "
              f"{sum(p['decisions'] for p in result['players'])} decisions), decisions {decisions:.2f} s, "
              f"all {elapsed:.2f} s")
    print(f"{'CPU' if args.cpu else 'wall'} time per game over {args.games} games "
          f"({'money' if not args.length else f'{args.length}-point match'}): median "
          f"{statistics.median(totals):.2f} s, min {min(totals):.2f} s, max {max(totals):.2f} s "
          f"(the decisions alone, level {args.review_level}: median {statistics.median(decision_times):.2f} s); "
          f"per step median {1000 * statistics.median(per_entry):.1f} ms; "
          f"luck share median {100 * statistics.median(luck_parts):.0f}%")


if __name__ == "__main__":
    main()

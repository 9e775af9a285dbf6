"""Rollouts (game/bot/rollout.py): speed, what the luck taken off buys, and GNU Backgammon beside it.

Prints, measured on this machine (one core, CPython, the bot at 0-ply):

1. games per second, played to the end and truncated after ``--truncate`` plies, with and
   without the luck taken off (a "game" is one game of one candidate);
2. the standard error of the same games with and without the luck taken off (each game's
   result is summed both ways in one run: the same positions, the same dice), and what it is
   worth: how many times fewer games reach the same error, net of the time it costs;
3. the same positions rolled out with GNU Backgammon's net playing both sides (``gnubg_nn``
   0-ply, development only: its own ``rollout`` call ends the process with a segmentation
   fault in gnubg-nn 1.1.0a11, so its net plays the games here, with the same dice
   scheme, played to the end, cubeless, its luck taken off with its own values), and GNU
   Backgammon's 2-ply evaluation; for two
   match cube decisions, our cubeful rollout against GNU Backgammon's cubeful 2-ply values
   (``evaluate_cube_decision``; it has none for money). Each line says whether the two
   rollouts differ by less than their combined 95 % interval;
4. the time of a 1,296-game rollout of a contact position at 0-ply, for one core here and for a
   pool of 2 workers in the browser (Pyodide measured 1.5 to 3 times slower than CPython).

    python3 tools/bot/bench_rollout.py                 # about 20 minutes here (2 shared cores)
    python3 tools/bot/bench_rollout.py --games 36 --gnubg-games 36     # quicker, wider intervals
"""

import argparse
import math
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "tools"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import gnubg_nn  # noqa: E402  (development-only oracle)

from game import Position  # noqa: E402
from game.bot.evaluator import equity  # noqa: E402
from game.bot.rollout import Z95, request, rollout  # noqa: E402
from game.bot.rollout_game import Dice  # noqa: E402
from oracle import board_of  # noqa: E402

START = Position.start()


def positions():
    """``(name, position, dice, plays)``: the candidates rolled out (plays of a roll)."""
    race = Position.from_counts({6: 3, 5: 3, 4: 3, 9: 3, 11: 3}, {6: 3, 5: 3, 4: 3, 8: 3, 10: 3})
    bearoff = Position.from_counts({2: 2, 4: 1, 5: 1}, {3: 1, 5: 1, 6: 1, 1: 1})
    middle = Position.from_position_id("4HPwATDgc/ABMA")
    middle = middle.play(middle.parse_move("24/18 13/11", (6, 2)))          # the opponent replies 5-5
    return [
        ("opening 3-1", START, (3, 1), ["8/5 6/5", "24/21 6/5"]),
        ("opening 6-5", START, (6, 5), ["24/13", "24/18 13/8"]),
        ("reply 5-5 after 6-2", middle, (5, 5), ["8/3(2) 6/1(2)", "13/3(2)"]),
        ("race 6-4", race, (6, 4), [str(race.legal_moves((6, 4))[0])]),
        ("bear-off 2-1", bearoff, (2, 1), ["4/3 2/off", "5/3 2/1"]),
    ]


def timed(req, games):
    start = time.process_time()
    result = rollout(req, games)
    return result, time.process_time() - start


def speed(games, truncate):
    print(f"1. speed (one core, CPython, 0-ply, opening 3-1 8/5 6/5; {games} games each)")
    req_args = (START, (3, 1), ["8/5 6/5"])
    rates = {}
    for cut in (0, truncate):
        for reduce in (False, True):
            n = games if not reduce else max(12, games // 4)
            result, seconds = timed(request(*req_args, truncate=cut, reduce=reduce, seed=1), n)
            rates[cut, reduce] = (n / seconds, result)
            label = "to the end" if not cut else f"truncated at {cut} plies"
            print(f"   {label:24} luck {'taken off' if reduce else 'left in':9}: "
                  f"{n / seconds:6.2f} games/s, {result['plies'] / n:5.1f} plies a game")
    return rates


def variance(games, truncate):
    print(f"2. standard error with and without the luck taken off (the same {games} games)")
    out = []
    for cut in (0, truncate):
        for name, pos, dice, plays in positions()[:1] + positions()[3:4]:
            start = time.process_time()
            result = rollout(request(pos, dice, plays[:1], truncate=cut, seed=2), games)
            seconds = time.process_time() - start
            c = result["candidates"][0]
            gain = (c["raw_se"] / c["se"]) ** 2 if c["se"] else float("inf")
            out.append((name, cut, c, seconds))
            label = "to the end" if not cut else f"truncated {cut}"
            print(f"   {name:12} {label:14}: luck off {c['equity']:+.4f} ± {Z95 * c['se']:.4f} (se {c['se']:.4f}), "
                  f"left in {c['raw_equity']:+.4f} ± {Z95 * c['raw_se']:.4f} (se {c['raw_se']:.4f}); "
                  f"variance / {gain:.1f}")
    return out


def _kind(loser):
    if sum(loser) < 15:
        return 1
    return 3 if loser[24] or any(loser[18:24]) else 2


def _gnubg_best(board, d1, d2):
    """GNU Backgammon 0-ply's best play of ``d1-d2``: ``(value for the mover, board after)``, the
    board after seen from the next player on roll (``[mover, opponent]``)."""
    keys = gnubg_nn.moves(board, d1, d2)
    if not keys:
        swapped = [board[1], board[0]]
        return -equity(gnubg_nn.probabilities(swapped, 0)), swapped
    best, best_value = None, -9.0
    for key in keys:
        after = gnubg_nn.board_from_position_key(key)       # [opponent, mover]
        if not any(after[1]):
            value = float(_kind(after[0]))
        else:
            value = -equity(gnubg_nn.probabilities([list(after[1]), list(after[0])], 0))
        if value > best_value:
            best, best_value = after, value
    return best_value, [list(best[1]), list(best[0])]


def gnubg_game(mine, theirs, dice):
    """One game with GNU Backgammon's 0-ply net playing both sides, ``mine`` on roll first.

    Returns the points for the side on roll first, and the same with the luck of every roll
    taken off as our rollouts do (each roll's best-play value, GNU's 0-ply, less its mean
    over the 36 rolls)."""
    board = [list(theirs), list(mine)]
    sign = 1
    ply = 0
    luck = 0.0
    while True:
        if not any(board[1]):
            points = sign * _kind(board[0])
            return points, points - luck
        if not any(board[0]):
            points = -sign * _kind(board[1])
            return points, points - luck
        d1, d2 = dice.roll(ply)
        rolls = {(a, b): _gnubg_best(board, a, b) for a in range(1, 7) for b in range(1, a + 1)}
        mean = sum(v * (1 if a == b else 2) for (a, b), (v, _) in rolls.items()) / 36.0
        value, board = rolls[max(d1, d2), min(d1, d2)]
        luck += sign * (value - mean)
        sign = -sign
        ply += 1


def gnubg_rollout(after, games, seed):
    """The mover's ``(mean, se)`` over ``games`` games from ``after`` (the opponent on roll): raw,
    and with the luck taken off."""
    pairs = [gnubg_game(after.mine, after.theirs, Dice(seed, g)) for g in range(games)]
    out = []
    for k in (0, 1):
        results = [-pair[k] for pair in pairs]
        mean = sum(results) / games
        var = sum((r - mean) ** 2 for r in results) / (games - 1)
        out.append((mean, math.sqrt(var / games)))
    return out


def against_gnubg(games):
    print(f"3. against GNU Backgammon ({games} games a candidate, played to the end, cubeless; "
          "the mover's equity)")
    print("   both luck-adjusted (GNU's games the same way, with its own 0-ply values); within: the gap is")
    print("   under 1.96 times the combined standard error; GNU 2-ply: its evaluation, in our interval or not")
    print("   position / play                    ours               GNU's net playing   within?  GNU raw            GNU 2-ply")
    for name, pos, dice, plays in positions():
        result = rollout(request(pos, dice, plays, seed=3), games)
        for play, c in zip(plays, result["candidates"]):
            after = pos.play(pos.parse_move(play, dice))
            (raw, raw_se), (mean, se) = gnubg_rollout(after, games, 3)
            two_ply = -equity(gnubg_nn.probabilities(board_of(after), 2))
            gap = abs(c["equity"] - mean)
            bound = Z95 * math.hypot(c["se"], se)
            inside = c["low"] <= two_ply <= c["high"]
            print(f"   {name + ' ' + play:34} {c['equity']:+.3f} ± {Z95 * c['se']:.3f}     {mean:+.3f} ± {Z95 * se:.3f}"
                  f"      {'yes' if gap <= bound else 'NO ':3}      {raw:+.3f} ± {Z95 * raw_se:.3f}    "
                  f"{two_ply:+.3f} ({'in' if inside else 'out'})", flush=True)


def cube_positions(games, truncate):
    print(f"   cube decisions in an 11-point match (ours: cubeful rollout, {games} games, truncated at "
          f"{truncate} plies; GNU: cubeful 2-ply), match winning chances of the player on roll:")
    race = Position.from_counts({6: 3, 5: 3, 4: 3, 3: 2, 8: 2, 9: 2}, {6: 3, 5: 3, 4: 2, 7: 3, 9: 2, 11: 2})
    contact = Position.from_position_id("4HPwATDgc/ABMA")
    for name, pos, (a, b) in (("race, 5 and 5 away", race, (5, 5)), ("opening, 3 and 7 away", contact, (3, 7))):
        req = request(pos, cubeful=True, match_length=11, score=(11 - a, 11 - b), truncate=truncate, seed=4)
        ours = rollout(req, games)
        gnubg_nn.set.score(a, b, 0)
        found = gnubg_nn.evaluate_cube_decision(gnubg_nn.key_of_board(board_of(pos)), n=2, i=1)
        nd, dt = ours["candidates"][0], ours["candidates"][1]
        print(f"   {name:24} no double {nd['equity']:.3f} ± {Z95 * nd['se']:.3f} (GNU {found[3]:.3f}), "
              f"double/take {dt['equity']:.3f} ± {Z95 * dt['se']:.3f} (GNU {found[4]:.3f}), "
              f"double/pass {ours['double_pass']:.3f} (GNU {found[5]:.3f}); ours: {ours['action']}, {ours['response']}")


def estimate(rates, truncate):
    print("4. a 1,296-game rollout of a contact position at 0-ply (one candidate)")
    for (cut, reduce), (rate, _) in sorted(rates.items()):
        seconds = 1296 / rate
        label = "to the end" if not cut else f"truncated at {cut} plies"
        print(f"   {label:24} luck {'taken off' if reduce else 'left in':9}: {seconds:7.0f} s on one core here; "
              f"2 workers in the browser: {seconds * 1.5 / 2:5.0f} to {seconds * 3 / 2:5.0f} s")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=144, help="games a candidate (default 144)")
    parser.add_argument("--gnubg-games", type=int, default=72,
                        help="games a candidate against GNU Backgammon (default 72: two rounds of the 36 first rolls)")
    parser.add_argument("--truncate", type=int, default=10, help="plies of a truncated rollout (default 10)")
    parser.add_argument("--skip", nargs="*", default=(), choices=("speed", "variance", "gnubg", "cube"))
    args = parser.parse_args(argv)
    rates = speed(args.games, args.truncate) if "speed" not in args.skip else {}
    if "variance" not in args.skip:
        variance(args.games, args.truncate)
    if "gnubg" not in args.skip:
        against_gnubg(args.gnubg_games)
    if "cube" not in args.skip:
        cube_positions(args.games, args.truncate)
    if rates:
        estimate(rates, args.truncate)


if __name__ == "__main__":
    main()

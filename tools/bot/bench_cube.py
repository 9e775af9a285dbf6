"""How often the bot's cube decisions agree with GNU Backgammon's cubeful 2-ply ones, and what
its disagreements cost (a benchmark that prints measured figures; development only).

Positions come from games GNU Backgammon plays against itself at 0-ply on seeded dice
(:func:`tools.oracle.sensible_game_positions`), the positions before a roll, each given a
match score drawn from the same seed (both sides 2 to 11 away, or one side 1-away after the
Crawford game) and a centred cube. GNU Backgammon's verdict is
``gnubg_nn.evaluate_cube_decision(board, n=2)``: its cubeful match winning chances for no
double, double/take and double/drop at 2-ply. The bot's is :func:`game.bot.cube.cube_equities`
on the probabilities the chosen ``--level`` uses (``0-ply``, the review's, by default).

Printed, for the double (double / no double, too good counted as no double) and the answer
(take / drop): the share of positions where both agree, the mean cost of the bot's choice as
GNU Backgammon's equities rate it (in normalised equity: ΔMWC over half the gap between
winning and losing a 1-cube game), and how much the bot's double-minus-no-double margin
leans above GNU Backgammon's. "Close" positions are those where GNU Backgammon's margin is
within 0.16 of zero (as the review counts cube decisions, ``CLOSE_CUBE``).

"Agree, ties counted" also counts as agreement the positions where GNU Backgammon's two values
are within 0.002 of each other (a won race where doubling out and playing on are worth the same,
to the rounding): either action is then right.  GNU Backgammon's own 0-ply cubeful decision is
scored the same way beside the bot's, as the yardstick.

The match equity table: the bot uses Kazaross-XG2 (as eXtreme Gammon and GNU Backgammon 1.0x
do), while ``gnubg_nn`` judges with its built-in table, which is Snowie's (9-away against
3-away: 0.168 there, 0.160 in Kazaross-XG2).  ``--met judge`` gives the bot the judge's table
for the run (its post-Crawford row read from the judge's double/drop values), so that the two
differ in judgement only.

Money play is not measured here: ``gnubg_nn``'s cube evaluation answers "Not implemented
for money".

    python3 tools/bot/bench_cube.py --positions 2000 --dev 1
    python3 tools/bot/bench_cube.py --positions 2000 --test 1234 --x fixed shipped
    python3 tools/bot/bench_cube.py --positions 1000 --dev 7 --met judge
    python3 tools/bot/bench_cube.py --positions 3000 --dev 2 --x shipped race:0.76 race:0.76:+0.04 race:0.76,race:0.68
"""

import argparse
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "tools", ROOT / "tools" / "bot"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import gnubg_nn  # noqa: E402  (development-only oracle)

from bench_strength import add_dice_options, parsed_dice, read_weights  # noqa: E402
from game.bot import Bot  # noqa: E402
from game.bot.cube import CUBE_LIFE, CubeContext, CubeEquities, cube_equities, race_life  # noqa: E402
from game.bot.cube import cube_life as game_cube_life  # noqa: E402
from game.bot.lookahead import finish  # noqa: E402
from game.bot import match_equity, net  # noqa: E402
from game.bot.match_equity import outcome_mwc  # noqa: E402
from game.position import Position  # noqa: E402
from game.levels import NO_LOOK_AHEAD  # noqa: E402
from oracle import board_of, sensible_game_positions  # noqa: E402

LENGTH = 11
CLOSE = 0.16
#: GNU Backgammon's two values within this (normalised) count as a tie: either action is right
TIE = 0.002


def scores(rng):
    """``(a, b)``: how far each side is from winning (on roll first); 1 means post-Crawford (only
    the trailer on roll: the leader at 1-away has no cube decision, and GNU Backgammon then
    answers with the previous position's numbers)."""
    if rng.random() < 0.1:
        return rng.randint(2, LENGTH), 1
    return rng.randint(2, LENGTH), rng.randint(2, LENGTH)


def decide(nd, dt, dp):
    """``(double?, take?)`` from the three cubeful values of the player on roll."""
    return min(dt, dp) > nd, dt <= dp


def gnubg_verdict(position, a, b, plies=2):
    """GNU Backgammon's ``(nd, dt, dp)`` at ``plies`` in match winning chances of the player on roll."""
    gnubg_nn.set.score(a, b, 0)
    found = gnubg_nn.evaluate_cube_decision(gnubg_nn.key_of_board(board_of(position)), n=plies, i=1)
    return found[3], found[4], found[5]


def judge_met():
    """``(PRE, POST)`` as the judge's built-in match equity table gives them: ``PRE`` from
    ``gnubg_nn.equities.value``, ``POST[n - 1]`` (the trailer ``n`` away against a 1-away
    leader after the Crawford game) from the judge's double/drop value of a trailer ``n + 1``
    away, which is that score; beyond 12 away the bot's own figures."""
    value = gnubg_nn.equities.value
    size = match_equity.LENGTH
    pre = tuple(tuple(0.5 if i == j else (1.0 + value(i, j)) / 2.0 for j in range(1, size + 1))
                for i in range(1, size + 1))
    post = [gnubg_verdict(Position.start(), n + 1, 1, plies=0)[2] for n in range(1, 13)]
    return pre, tuple(post) + tuple(match_equity.POST[len(post):])


def normaliser(a, b):
    """Half the gap in MWC between winning and losing a game at cube 1 (ΔMWC / this = EMG)."""
    post = a == 1 or b == 1
    return (outcome_mwc(a - 1, b, post) - outcome_mwc(a, b - 1, post)) / 2.0


def sample(count, seed):
    """``count`` positions before a roll with a score each, where a double is thinkable (the
    player on roll wins at least 45 % at GNU Backgammon's 0-ply)."""
    rng = random.Random(seed)
    found = []
    pool = sensible_game_positions(count * 12, seed)
    for position in pool:
        if position.winner() is not None or sum(position.mine) == 0:
            continue
        if gnubg_nn.probabilities(board_of(position), 0)[0] < 0.45 or rng.random() < 0.5:
            continue
        found.append((position, *scores(rng)))
        if len(found) == count:
            break
    return found


def race_rule(position):
    """GNU Backgammon's race life: 0.55 + 0.00125 a pip of the player on roll, within 0.60-0.70."""
    return race_life(position.pips()[0])


def cube_life(name):
    """The cube life a variant uses for a position: ``shipped`` (the bot's,
    :func:`game.bot.cube.cube_life`, for no double; :func:`lives` gives its double/take life
    too), ``fixed`` (0.68, the bot's until 2026-12-02), a number (the same for all), or ``race``:
    ``contact`` (0.68 unless given, ``race:0.72``) until contact is over, then a life that
    grows with the pips left, as GNU Backgammon's evaluation settings do (0.55 + 0.00125 a pip
    of the player on roll, kept within 0.60 and 0.70); ``race:0.76:0.66`` gives the race a
    fixed life instead, ``race:0.76:+0.04`` the same rule shifted (0.64 to 0.74).

    >>> from game import Position
    >>> race = Position.from_counts({1: 5, 2: 5, 3: 5}, {20: 15})
    >>> [round(cube_life(name)(race), 2) for name in ("race:0.76", "race:0.76:0.66", "race:0.76:+0.04")]
    [0.6, 0.66, 0.64]
    >>> cube_life("race:0.76:+0.04")(Position.start())
    0.76
    """
    if name == "fixed":
        return lambda position: CUBE_LIFE
    if name == "shipped":
        return lambda position: game_cube_life(position, CubeContext(match_length=LENGTH))
    if name.startswith("race"):
        parts = name.split(":")
        contact = float(parts[1]) if len(parts) > 1 else CUBE_LIFE
        if len(parts) > 2 and parts[2][0] in "+-":
            shift = float(parts[2])
            race = lambda position: race_rule(position) + shift
        elif len(parts) > 2:
            race = lambda position: float(parts[2])
        else:
            race = race_rule
        return lambda position: race(position) if position.is_race() else contact
    x = float(name)
    return lambda position: x


def lives(name):
    """``(no double's life, double/take's life, answer's)`` for a variant: ``A,B`` values no
    double with ``A`` and double/take (the opponent then owns the cube) with ``B``, both
    decisions from those values; ``A/B`` decides the double with ``A`` and the answer apart
    with ``B`` (each as :func:`cube_life` reads it); otherwise all three are ``A``.

    >>> from game import Position
    >>> [life(Position.start()) for life in lives("0.76/0.68")]
    [0.76, 0.76, 0.68]
    >>> [life(Position.start()) for life in lives("0.76,0.68")]
    [0.76, 0.68, 0.68]
    >>> [life(Position.start()) for life in lives("shipped")]       # the bot's since 2026-12-02 (session 27)
    [0.78, 0.72, 0.72]
    """
    if name == "shipped":
        taken = lambda position: game_cube_life(position, CubeContext(match_length=LENGTH), taken=True)
        return cube_life(name), taken, taken
    if "," in name:
        double, taken = name.split(",")
        return cube_life(double), cube_life(taken), cube_life(taken)
    double, _, take = name.partition("/")
    return cube_life(double), cube_life(double), cube_life(take or double)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--level", default=NO_LOOK_AHEAD, help="the bot's level (0-ply, expert, master)")
    parser.add_argument("--x", nargs="+", default=["fixed", "shipped"],
                        help="cube lives to compare on the same positions: fixed, shipped, a number, race, race:0.72, "
                             "race:0.76:0.66 (race fixed), race:0.76:+0.04 (race rule shifted); "
                             "A,B: no double valued with A, double/take with B; "
                             "A/B: the double with A, the answer with B")
    parser.add_argument("--met", choices=["ours", "judge"], default="ours",
                        help="the bot's match equity table: its own (Kazaross-XG2) or the judge's")
    parser.add_argument("--weights", help="a weights file to judge instead of game/bot/weights.bin")
    add_dice_options(parser)
    args = parser.parse_args(argv)
    kind, seed = parsed_dice(parser, args)
    if args.weights:
        net._nets = tuple(read_weights(args.weights))
    if args.met == "judge":
        match_equity.PRE, match_equity.POST = judge_met()
    started = time.process_time()
    bot = Bot(level=args.level, seed=seed)
    variants = {name: lives(name) for name in args.x}
    rows = {name: [] for name in args.x}
    yardstick = []
    for position, a, b in sample(args.positions, seed):
        g_nd, g_dt, g_dp = gnubg_verdict(position, a, b)
        g0 = gnubg_verdict(position, a, b, plies=0)
        g0 = CubeEquities(*g0, "mwc", *_actions(*g0))
        yardstick.append(_row(g0, g0, (g_nd, g_dt, g_dp), a, b, position.is_race()))
        ctx = CubeContext(match_length=LENGTH, score_me=LENGTH - a, score_opponent=LENGTH - b,
                          crawford=False)
        p = finish(bot._cube_probs(position))
        for name, (double_life, taken_life, take_life) in variants.items():
            ours = cube_equities(p, ctx, double_life(position), taken_life(position))
            answer = ours if take_life is taken_life else cube_equities(p, ctx, take_life(position))
            rows[name].append(_row(ours, answer, (g_nd, g_dt, g_dp), a, b, position.is_race()))
    cpu = time.process_time() - started
    print(f"{kind} dice seed {seed}: {args.positions} positions, level {args.level}, "
          f"GNU Backgammon 2-ply cubeful as the judge; match equity table: {args.met}; "
          f"nets {args.weights or 'game/bot/weights.bin'}; "
          f"{cpu:.0f} s of CPU")
    print("GNU Backgammon 0-ply cubeful (the yardstick):")
    report(yardstick)
    first = args.x[0]
    for name in args.x:
        print(f"cube life {name}:")
        report(rows[name])
        if name != first:
            paired(rows[name], rows[first], first)


def paired(rows, base, base_name):
    """The variant's costs minus the first variant's, position by position (mean ± standard error),
    on the close positions and on all."""
    for cost, close in (("double_cost", "close"), ("take_cost", "take_close")):
        for where, diffs in (("close", [r[cost] - b[cost] for r, b in zip(rows, base) if b[close]]),
                             ("all", [r[cost] - b[cost] for r, b in zip(rows, base)])):
            if len(diffs) > 1:
                se = statistics.stdev(diffs) / len(diffs) ** 0.5
                print(f"  {cost.split('_')[0]} cost minus {base_name}'s on the same {where} positions: "
                      f"{1000 * statistics.mean(diffs):+.2f} ± {1000 * se:.2f} millipoints")


def _actions(nd, dt, dp):
    """``(action, response)`` for three cubeful values, as the bot names them."""
    double, take = decide(nd, dt, dp)
    action = "double" if double else "too_good" if dp <= nd and dt >= dp else "no_double"
    return action, "take" if take else "drop"


def _row(ours, answer, gnubg, a, b, race):
    """One position's agreement and costs for the bot's double (``ours``) and answer (``answer``'s
    response) against ``gnubg``'s values."""
    g_nd, g_dt, g_dp = gnubg
    scale = normaliser(a, b)
    g_double, g_take = decide(g_nd, g_dt, g_dp)
    o_double = ours.action == "double"
    o_take = answer.response in ("take", "beaver")
    best = max(g_nd, min(g_dt, g_dp))
    double_cost = (best - (min(g_dt, g_dp) if o_double else g_nd)) / scale
    take_cost = ((g_dt if o_take else g_dp) - min(g_dt, g_dp)) / scale
    margin_g = (min(g_dt, g_dp) - g_nd) / scale
    margin_o = (min(ours.double_take, ours.double_drop) - ours.no_double) / scale
    tie = abs(min(g_dt, g_dp) - g_nd) / scale <= TIE
    return {"double": o_double == g_double, "double_tie": o_double == g_double or tie,
            "take": o_take == g_take, "double_cost": double_cost,
            "take_cost": take_cost, "lean": margin_o - margin_g, "close": abs(margin_g) <= CLOSE,
            "take_close": abs(g_dt - g_dp) / scale <= CLOSE, "post": a == 1 or b == 1, "race": race}


def _line(name, rows, agree, cost):
    if not rows:
        print(f"  {name}: none")
        return
    share = sum(r[agree] for r in rows) / len(rows)
    costs = [r[cost] for r in rows]
    se = statistics.stdev(costs) / len(costs) ** 0.5 if len(costs) > 1 else 0.0
    print(f"  {name}: {len(rows)} positions, agree {100 * share:.1f} %, mean cost {1000 * statistics.mean(costs):.1f}"
          f" ± {1000 * se:.1f} millipoints")


def report(rows):
    print("double / no double:")
    _line("all", rows, "double", "double_cost")
    _line("all, ties counted", rows, "double_tie", "double_cost")
    _line("close (GNU Backgammon's margin within 0.16)", [r for r in rows if r["close"]], "double", "double_cost")
    _line("post-Crawford", [r for r in rows if r["post"]], "double", "double_cost")
    _line("contact, ties counted", [r for r in rows if not r["race"]], "double_tie", "double_cost")
    _line("race, ties counted", [r for r in rows if r["race"]], "double_tie", "double_cost")
    for name, chosen in (("", rows), (", contact", [r for r in rows if not r["race"]]),
                         (", race", [r for r in rows if r["race"]])):
        leans = [r["lean"] for r in chosen if r["close"]]
        if leans:
            print(f"  lean towards doubling (bot's margin minus GNU Backgammon's, close positions{name}): "
                  f"{statistics.mean(leans):+.4f} (median {statistics.median(leans):+.4f}, {len(leans)} positions)")
    print("take / drop:")
    _line("all", rows, "take", "take_cost")
    _line("close (take and drop within 0.16)", [r for r in rows if r["take_close"]], "take", "take_cost")
    _line("contact", [r for r in rows if not r["race"]], "take", "take_cost")
    _line("race", [r for r in rows if r["race"]], "take", "take_cost")


if __name__ == "__main__":
    main()

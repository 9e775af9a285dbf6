"""Think-time measurement, shipped so the browser can time the bot in Pyodide.

``tools/bot/bench_speed.py`` prints these figures for CPython; the app can
call the same functions in the browser:

>>> from game.bot import Bot
>>> cases = sample_positions(5)
>>> len(time_moves(Bot(), cases))
5
>>> median, p95 = summary([0.001, 0.002, 0.003])
>>> round(median, 3), round(p95, 3)
(2.0, 3.0)
>>> figures = measure(["expert"], cases[:3])
>>> sorted(figures["expert"]), len(figures["expert"]["move"])
(['cube', 'move', 'piece'], 3)
>>> cases_from_data(cases_to_data(cases)) == cases
True
"""

import random
import time

from ..position import Position

__all__ = ["sample_positions", "time_moves", "time_cube", "longest_pieces", "measure", "summary",
           "cases_to_data", "cases_from_data"]


def sample_positions(n=200, seed=7):
    """``n`` (position, dice) pairs with at least one legal play, from seeded self-play.

    The games are played by the intermediate bot, so the positions look like
    real games (contact, races, bear-offs) and are the same on every run.
    """
    from .bot import Bot

    rng = random.Random(seed)
    bot = Bot(level="intermediate", seed=seed)
    cases = []
    while len(cases) < n:
        position = Position.start()
        while position.winner() is None and len(cases) < n:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if not position.legal_moves(dice):
                position = position.swapped()
                continue
            cases.append((position, dice))
            position = position.play(bot.choose_move(position, dice))
    return cases


def time_moves(bot, cases, clock=time.perf_counter, repeat=1):
    """Seconds ``bot.choose_move`` takes on each ``(position, dice)`` case.

    With ``repeat`` > 1 each case is timed that many times and the shortest
    is kept: on a machine busy with other jobs that leaves out the time the
    process spent waiting for a CPU.
    """
    out = []
    for position, dice in cases:
        best = None
        for _ in range(repeat):
            t0 = clock()
            bot.choose_move(position, dice)
            t = clock() - t0
            best = t if best is None else min(best, t)
        out.append(best)
    return out


def time_cube(bot, cases, clock=time.perf_counter, repeat=1):
    """Seconds ``bot.cube_action`` takes on each case's position (money, centred cube)."""
    from .cube import CubeContext

    ctx = CubeContext()
    out = []
    for position, _dice in cases:
        best = None
        for _ in range(repeat):
            t0 = clock()
            bot.cube_action(position, ctx)
            t = clock() - t0
            best = t if best is None else min(best, t)
        out.append(best)
    return out


def longest_pieces(bot, cases, clock=time.perf_counter, repeat=1):
    """For each case, the longest stretch between two yields of ``bot.think_move``.

    That is the longest the bot holds a page's main thread when the page lets
    it think step by step (the whole think at the 0-ply levels).  With
    ``repeat`` the smallest of that many runs.
    """
    out = []
    for position, dice in cases:
        best = None
        for _ in range(repeat):
            steps = bot.think_move(position, dice)
            longest = 0.0
            t0 = clock()
            while True:
                try:
                    next(steps)
                except StopIteration:
                    break
                finally:
                    t1 = clock()
                    longest = max(longest, t1 - t0)
                    t0 = t1
            best = longest if best is None else min(best, longest)
        out.append(best)
    return out


def measure(levels, cases, clock=time.perf_counter, seed=1, repeat=1, kinds=("move", "cube", "piece")):
    """``{level: {"move": [...], "cube": [...], "piece": [...]}}`` in seconds per case.

    ``kinds`` picks among :func:`time_moves` (``"move"``), :func:`time_cube`
    (``"cube"``) and :func:`longest_pieces` (``"piece"``).
    """
    from .bot import Bot

    timers = {"move": time_moves, "cube": time_cube, "piece": longest_pieces}
    Bot().evaluate(Position.start())  # load the nets before timing
    return {level: {kind: timers[kind](Bot(level=level, seed=seed), cases, clock, repeat) for kind in kinds}
            for level in levels}


def cases_to_data(cases):
    """Plain lists (JSON) for ``(position, dice)`` cases, to time the same ones elsewhere."""
    return [[list(p.mine), list(p.theirs), list(dice)] for p, dice in cases]


def cases_from_data(data):
    """The cases back from :func:`cases_to_data`."""
    return [(Position(mine, theirs), tuple(dice)) for mine, theirs, dice in data]


def summary(seconds):
    """``(median, p95)`` of a list of seconds, in milliseconds."""
    s = sorted(seconds)
    n = len(s)
    median = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
    p95 = s[min(n - 1, int(round(0.95 * (n - 1))))]
    return 1000 * median, 1000 * p95

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
"""

import random
import time

from ..position import Position

__all__ = ["sample_positions", "time_moves", "summary"]


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


def time_moves(bot, cases, clock=time.perf_counter):
    """Seconds ``bot.choose_move`` takes on each ``(position, dice)`` case."""
    out = []
    for position, dice in cases:
        t0 = clock()
        bot.choose_move(position, dice)
        out.append(clock() - t0)
    return out


def summary(seconds):
    """``(median, p95)`` of a list of seconds, in milliseconds."""
    s = sorted(seconds)
    n = len(s)
    median = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
    p95 = s[min(n - 1, int(round(0.95 * (n - 1))))]
    return 1000 * median, 1000 * p95

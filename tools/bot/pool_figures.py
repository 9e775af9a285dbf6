"""Pool strength figures of disjoint sets of duplicate pairs, from what each run printed.

Each figure is ``GAMES:MEAN:SE`` as ``bench_strength.py`` prints them (games, points
per game, standard error over pairs).  The pooled mean is exact; the pooled standard
error is rebuilt from each part's sum of squares, so it is exact up to the rounding of
the printed figures (three decimals).  Use it only for parts that share nothing: other
seeds, or other pairs of one seed (``--from-pair``).

Usage:
    python3 tools/bot/pool_figures.py 1140:+0.014:0.037 2000:+0.030:0.028
"""

import argparse
import math


def pool(figures):
    """``(games, mean, se)`` of the union of ``(games, mean, se)`` parts.

    >>> games, mean, se = pool([(6000, 0.001, 0.016), (6000, 0.004, 0.016)])
    >>> games, round(mean, 4), round(se, 4)
    (12000, 0.0025, 0.0113)
    >>> pool([(4, 1.0, 0.5)]) == (4, 1.0, 0.5)
    True
    """
    pairs = [(games // 2, mean, se) for games, mean, se in figures]
    n = sum(p for p, _, _ in pairs)
    mean = sum(p * m for p, m, _ in pairs) / n
    # each part: sample variance s² = se² · p, sum of squares = (p - 1) s² + p m²
    squares = sum((p - 1) * se * se * p + p * m * m for p, m, se in pairs)
    variance = (squares - n * mean * mean) / (n - 1)
    return 2 * n, mean, math.sqrt(max(variance, 0.0) / n)


def parse(text):
    """``GAMES:MEAN:SE`` as a tuple; anything else is a ValueError that says what it wanted.

    >>> parse("1140:+0.014:0.037")
    (1140, 0.014, 0.037)
    >>> parse("1140:0.014")
    Traceback (most recent call last):
    ...
    ValueError: not GAMES:MEAN:SE (for example 6000:+0.021:0.016): '1140:0.014'
    """
    try:
        games, mean, se = text.split(":")
        games, mean, se = int(games), float(mean), float(se)
    except ValueError:
        raise ValueError(f"not GAMES:MEAN:SE (for example 6000:+0.021:0.016): {text!r}") from None
    if games < 2 or games % 2 or se < 0:
        raise ValueError(f"games must be even and at least 2, the error not negative: {text!r}")
    return games, mean, se


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("figures", nargs="+", metavar="GAMES:MEAN:SE")
    args = parser.parse_args(argv)
    try:
        figures = [parse(text) for text in args.figures]
    except ValueError as exc:
        parser.error(str(exc))
    games, mean, se = pool(figures)
    print(f"pooled: {mean:+.3f} ± {se:.3f} ppg over {games} games ({len(figures)} parts)")


if __name__ == "__main__":
    main()

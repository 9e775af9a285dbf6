"""The computer's levels: the one table the bot, the links, the page and the texts read.

It lives outside :mod:`game.bot` so that reading it (a link, the new-match form) does not
import the bot and its nets, which the page loads after its first screen.

Each level has its settings for :class:`game.bot.bot.Bot` (below), a name in the
app's words (``level.<name>``) and a line saying how strong it is
(``level.<name>_about``), both in game/app/text/locales/*.po.  The order is the
weakest first; the page's level chooser lists them so (index.html, checked by
tests/test_ui_default_level.py).

>>> list(LEVELS), DEFAULT_LEVEL
(['novice', 'beginner', 'intermediate', 'expert', 'master'], 'expert')
>>> text_keys("master")
('level.master', 'level.master_about')
"""

__all__ = ["LEVELS", "DEFAULT_LEVEL", "NO_LOOK_AHEAD", "text_keys"]

#: ``ply``: 1 scores the best ``keep`` plays within ``window`` of the best at 1-ply
#: (only when there are two or more), 2 then scores the best ``keep2`` of those within
#: ``window2`` at 2-ply (again only when there are two or more); ``prune``: ... with only that many of the
#: opponent's replies to each roll, those the pruning net ranks best, valued in full
#: (:mod:`game.bot.prune`); ``blend``: the share of the 1-ply in a play's value at 1-ply, the
#: 0-ply's the rest (1 when absent; the master's 2-ply looks at the best plays of that blend);
#: ``blend2``: the same share for the 2-ply over the tier below (1 when absent); ``cube_ply``: 1 for cube decisions one roll ahead;
#: ``noise``: the standard deviation of the error added to each play's equity (see
#: game.bot.bot and its :func:`game.bot.bot.misjudged`).
LEVELS = {
    # "First steps", for young children (issue 35): misjudges every play by so much (1.0 point)
    # that it often plays a poor one, yet it only ever picks among the legal plays; measured in
    # docs/bot.md ("The novice level") and tests/test_drills_novice.py
    "novice": {"noise": 1.0},
    "beginner": {"noise": 0.15},
    "intermediate": {"noise": 0.05},
    # blend: the 1-ply alone picked GNU Backgammon 2-ply's play less often than the 0-ply on the
    # nets of stage 15; 0.3 of it and 0.7 of the 0-ply more often (docs/bot.md, stage 17)
    "expert": {"ply": 1, "keep": 4, "window": 0.10, "prune": 3, "blend": 0.3},
    # the master's 1-ply tier blends too (it chooses the plays the 2-ply values): 84.9 % same play
    # as GNU Backgammon 2-ply against 82.0 % without, development positions (docs/bot.md, stage 18)
    "master": {"ply": 2, "keep": 6, "window": 0.16, "prune": 3, "blend": 0.3, "keep2": 2, "window2": 0.08,
               "cube_ply": 1},
}
#: the net's best play with no look-ahead (the expert before 2026-11-27): what the
#: review ranks plays with, and the benchmarks' yardstick; not a level the app offers
NO_LOOK_AHEAD = "0-ply"
#: the strongest level within the default time budget (median <= 50 ms, p95 <= 250 ms per move in
#: Pyodide): expert, measured at 2.9 ms median, 11.1 ms p95 in the browser (docs/bot.md, "Think
#: time"); master, at 66.6 ms median and 583 ms p95 there, is past the budget
DEFAULT_LEVEL = "expert"


def text_keys(level):
    """The message keys of a level's name and of its line about how strong it is."""
    return f"level.{level}", f"level.{level}_about"

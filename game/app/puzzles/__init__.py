"""The puzzle deck: the person's own mistakes, found by a review, to be played again.

``make.py`` turns a review's errors and blunders into puzzles, ``rate.py`` has the engine
rank a puzzle's choices afresh and judges an answer, ``schedule.py`` says when each comes
back (spaced repetition), ``link.py`` reads and writes a puzzle shared as a link
(``?puzzle=<code>``), ``deck.py`` holds the deck of the device, ``mode.py`` is the mode over the
match where they are solved and ``view.py`` its panel. docs/puzzles.md says the rules.
"""

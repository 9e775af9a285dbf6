"""The computer player: a neural-net evaluator in pure Python, with cube decisions.

>>> from game import Position
>>> from game.bot import Bot
>>> bot = Bot(level="expert")
>>> pos = Position.start()
>>> bot.choose_move(pos, (6, 5)) in pos.legal_moves((6, 5))
True

See docs/bot.md for the design, the training and the measured strength.
"""

from .bot import Bot, Hint
from game.levels import DEFAULT_LEVEL, LEVELS, NO_LOOK_AHEAD
from .cube import CubeContext, CubeEquities

__all__ = ["Bot", "Hint", "LEVELS", "DEFAULT_LEVEL", "NO_LOOK_AHEAD", "CubeContext", "CubeEquities"]

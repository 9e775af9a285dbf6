"""A backgammon engine in pure Python: positions, legal plays, notation, IDs.

It runs unchanged in CPython 3.11+ and in Pyodide in the browser, with no
third-party dependency.

>>> from game import Position
>>> pos = Position.from_position_id("4HPwATDgc/ABMA")
>>> plays = pos.legal_moves((3, 1))
>>> str(plays[0])
'24/23 24/21'
>>> pos.play(pos.parse_move("8/5 6/5", (3, 1))).position_id()
'sGfwATDgc/ABMA'
"""

from .errors import (GameError, IllegalActionError, IllegalMoveError, InvalidIdError,
                     InvalidNotationError, InvalidPositionError)
from .move import Move, Step
from .position import MoveList, Position
from .reasons import Reason

__all__ = [
    "Position", "MoveList", "Move", "Step", "Reason",
    "GameError", "InvalidNotationError", "IllegalMoveError", "InvalidPositionError",
    "InvalidIdError", "IllegalActionError",
]

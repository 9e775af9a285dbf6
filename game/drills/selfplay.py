"""Positions from realistic play: games of the bot against itself, with dice from a seed.

Both sides play the net's best play (the bot's ``0-ply``, no randomness of
its own), so the positions are the ones strong players reach; the dice come
from the drill's random source, so a seed gives the same games everywhere.

>>> from game.drills.seeds import drill_random
>>> first = list(zip(range(3), game_positions(drill_random(1, 0, "pips"))))
>>> first[0][1].position_id()                     # each game starts from the opening position
'4HPwATDgc/ABMA'
>>> [p.position_id() for _, p in first] == [p.position_id() for _, p in
...     zip(range(3), game_positions(drill_random(1, 0, "pips")))]
True
"""

from ..bot import Bot
from ..position import Position
from .seeds import roll

__all__ = ["game_positions", "PLAYER"]

#: the level that plays the games
PLAYER = "0-ply"


def game_positions(rng, games=None):
    """Every position before a roll, game after game (``games`` of them, or without end).

    The position is seen from the player on roll; dice and plays follow ``rng``.
    """
    bot = Bot(level=PLAYER)
    played = 0
    while games is None or played < games:
        position = Position.start()
        while position.winner() is None:
            yield position
            dice = roll(rng)
            move = bot.choose_move(position, dice)
            position = position.play(move) if move is not None else position.swapped()
        played += 1

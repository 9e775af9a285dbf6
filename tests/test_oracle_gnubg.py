"""GNU Backgammon as the oracle: our legal plays equal gnubg_nn.moves, exactly.

gnubg-nn is a development dependency (installed by ``make test``); the wide
comparison over tens of thousands of positions is ``tools/oracle.py``.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import gnubg_nn  # noqa: E402

from game import Position  # noqa: E402
from oracle import (ROLLS, board_of, compare, random_game_positions,  # noqa: E402
                    sensible_game_positions)


def test_legal_plays_equal_gnubg_on_random_games():
    assert list(compare(random_game_positions(400, seed=5))) == []


def test_legal_plays_equal_gnubg_on_sensible_games():
    assert list(compare(sensible_game_positions(400, seed=6))) == []


def test_position_ids_equal_gnubg_after_every_play():
    for pos in random_game_positions(200, seed=8):
        assert pos.position_id() == gnubg_nn.position_id(board_of(pos))
        for roll in ROLLS[::4]:
            for after in pos.legal_moves(roll).results():
                assert Position.from_position_id(gnubg_nn.position_id(board_of(after))) == after

"""Move generation locked by a counted data file (like chess perft files).

Each line of tests/data/movecounts.txt is a Position ID and the number of
distinct legal plays for each of the 21 rolls, as GNU Backgammon counts them
(tools/make_movecounts.py checked every count against it when writing).
"""

from pathlib import Path

from game import Position

DATA = Path(__file__).parent / "data" / "movecounts.txt"
ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def load():
    rows = []
    for line in DATA.read_text().splitlines():
        if line and not line.startswith("#"):
            position_id, *counts = line.split()
            rows.append((position_id, [int(c) for c in counts]))
    return rows


def test_counted_file_covers_thousands_of_positions():
    rows = load()
    assert len(rows) >= 2000
    assert all(len(counts) == 21 for _, counts in rows)
    # positions on the bar, in the bear-off, and passes are all represented
    positions = [Position.from_position_id(pid) for pid, _ in rows]
    assert any(p.mine[24] for p in positions)
    assert any(p.all_home() and p.borne_off()[0] for p in positions)
    assert any(0 in counts for _, counts in rows)


def test_legal_play_counts_match_the_counted_file():
    wrong = []
    for position_id, counts in load():
        pos = Position.from_position_id(position_id)
        ours = [len(pos.legal_moves(roll)) for roll in ROLLS]
        if ours != counts:
            wrong.append((position_id, ours, counts))
    assert not wrong, wrong[:5]

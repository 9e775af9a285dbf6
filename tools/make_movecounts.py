"""Write tests/data/movecounts.txt: positions x 21 rolls -> number of legal plays.

Like chess "perft" files, the counted file locks move generation: the test
``tests/test_movecounts.py`` recounts with our engine, with no oracle needed.
Every count written here was checked against GNU Backgammon's
``gnubg_nn.moves`` (development only) before being written; the script
refuses to write a file that disagrees.

    python3 tools/make_movecounts.py [--random 1200] [--sensible 1200]
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import gnubg_nn  # noqa: E402

from oracle import ROLLS, board_of, random_game_positions, sensible_game_positions  # noqa: E402

TARGET = Path(__file__).resolve().parents[1] / "tests" / "data" / "movecounts.txt"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=1200)
    parser.add_argument("--sensible", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    positions, seen = [], set()
    for pos in (random_game_positions(args.random, args.seed)
                + sensible_game_positions(args.sensible, args.seed + 1)):
        if pos not in seen:
            seen.add(pos)
            positions.append(pos)
    lines = ["# position_id, then the number of distinct legal plays for the rolls",
             "# " + " ".join(f"{a}{b}" for a, b in ROLLS),
             "# written by tools/make_movecounts.py, every count checked against gnubg_nn.moves"]
    for pos in positions:
        ours = [len(pos.legal_moves(roll)) for roll in ROLLS]
        gnubg = [len(gnubg_nn.moves(board_of(pos), a, b)) for a, b in ROLLS]
        if ours != gnubg:
            sys.exit(f"disagreement with gnubg on {pos.position_id()}: {ours} vs {gnubg}")
        lines.append(pos.position_id() + " " + " ".join(map(str, ours)))
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(positions)} positions x 21 rolls to {TARGET}")


if __name__ == "__main__":
    main()

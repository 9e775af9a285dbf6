r"""Train the bot's nets by TD(0) self-play and write game/bot/weights.bin.

The self-play loop is C (tools/bot/td_train.c, compiled here with gcc) for
speed; the encoding and the net are the same as game/bot/net.py's, and
tests/test_bot_train.py checks that both give the same outputs.

Reproduce the shipped weights (two stages, one CPU core each; see docs/bot.md
for the exact runs, which were stopped and restarted from checkpoints):

    TD_RAW_ONLY=1 python3 tools/bot/train.py --games 1200000 --seed 20261121 --alpha 0.1 0.01 --work /tmp/bot/run1
    python3 tools/bot/train.py --init /tmp/bot/run1/w.bin --games 250000 --seed 20261124 \
        --alpha 0.0175 0.004 --work /tmp/bot/run4

Stage 1 trains on the raw inputs only; stage 2 starts from it, the contact net
gaining the hand-made inputs (game/bot/features.py) with zero weights.
Environment variables the C program reads: TD_RAW_ONLY=1 (no hand-made
inputs), TD_HIDDEN=N (grow the contact net's hidden layer when continuing),
TD_ONE_PLY=1 (train toward 1-ply values), TD_SAVE_EVERY=N (checkpoint every
N games), TD_MONTE_CARLO=1 (with --race, game outcomes as targets).

Stage 3 of the shipped weights fitted the contact net to its own 1-ply and
2-ply values with tools/bot/fit.py (``td_train gen`` writes the positions);
docs/bot.md has the commands.  ``gen`` also writes truncated-rollout targets
(GEN_TRIALS=N GEN_DEPTH=D), and tools/bot/round.sh runs a round (gen in many
processes for a fixed time, then fit.py) on a many-core machine.

Experiments that did not help (docs/bot.md): continuing at a lower rate,
1-ply targets, and training the race net alone on random races (``--race``):

    python3 tools/bot/train.py --race --games 400000 --seed 20261124 --alpha 0.02 0.003 \
        --init /tmp/bot/run1/w.bin --work /tmp/bot/race

Other uses:
    python3 tools/bot/train.py --convert RAW.bin [--out game/bot/weights.bin]

The C program saves its raw weights every 10,000 games (``WORK/w.bin``) and a
snapshot every 200,000 (``WORK/w.bin.200k``...), so a long run can be stopped
and any checkpoint converted.  ``--init RAW.bin`` continues from one (a
weights file such as game/bot/weights.bin works too).
"""

import argparse
import pathlib
import struct
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCE = ROOT / "tools" / "bot" / "td_train.c"
OUT = ROOT / "game" / "bot" / "weights.bin"
NOUT = 5


def build(work):
    """Compile td_train.c into ``work``; returns the executable's path."""
    exe = pathlib.Path(work) / "td_train"
    subprocess.run(["gcc", "-O3", "-march=native", "-ffast-math", "-o", str(exe), str(SOURCE), "-lm"], check=True)
    return exe


def convert(raw, out=OUT):
    """Turn td_train's raw output (contact net then race net) into a weights file.

    The raw format is, per net: int32 inputs, int32 hidden units, then the
    float32 arrays; the weights file is the same behind a magic and a count.
    """
    data = pathlib.Path(raw).read_bytes()
    offset = 0
    parts = []
    for _ in range(2):
        nin, h = struct.unpack_from("<ii", data, offset)
        size = 4 * (nin * h + h + NOUT * h + NOUT)
        parts.append(struct.pack("<II", nin, h) + data[offset + 8:offset + 8 + size])
        offset += 8 + size
    if offset != len(data):
        raise ValueError(f"{raw}: {len(data) - offset} bytes left over")
    blob = b"BGNN1\0" + struct.pack("<I", len(parts)) + b"".join(parts)
    pathlib.Path(out).write_bytes(blob)
    return len(blob)


def to_raw(weights, raw):
    """The inverse of :func:`convert`: a weights file back into td_train's raw format."""
    data = pathlib.Path(weights).read_bytes()
    if data[:6] != b"BGNN1\0":
        raise ValueError(f"{weights}: not a bot weights file")
    (count,) = struct.unpack_from("<I", data, 6)
    offset = 10
    out = b""
    for _ in range(count):
        nin, h = struct.unpack_from("<II", data, offset)
        size = 4 * (nin * h + h + NOUT * h + NOUT)
        out += struct.pack("<ii", nin, h) + data[offset + 8:offset + 8 + size]
        offset += 8 + size
    pathlib.Path(raw).write_bytes(out)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1200000)
    parser.add_argument("--seed", type=int, default=20261121)
    parser.add_argument("--alpha", type=float, nargs=2, default=(0.1, 0.01),
                        help="learning rate at the first and the last game (geometric decay)")
    parser.add_argument("--init", default="-",
                        help="weights to continue from: raw td_train output, or a weights file such as "
                             "game/bot/weights.bin (a contact net without the hand-made inputs gains them, "
                             "with zero weights)")
    parser.add_argument("--race", action="store_true",
                        help="play only random race positions (trains the race net alone)")
    parser.add_argument("--work", default="/tmp/bot/train")
    parser.add_argument("--convert", metavar="RAW", help="only convert RAW into --out")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    if args.convert:
        size = convert(args.convert, args.out)
        print(f"{args.out}: {size} bytes")
        return
    work = pathlib.Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    exe = build(work)
    raw = work / "w.bin"
    if args.init != "-" and pathlib.Path(args.init).read_bytes()[:6] == b"BGNN1\0":
        init = work / "init.raw"
        to_raw(args.init, init)
        args.init = str(init)
    subprocess.run([str(exe), "race" if args.race else "train", str(raw), str(args.games), str(args.seed), args.init,
                    str(args.alpha[0]), str(args.alpha[1])], check=True)
    size = convert(raw, args.out)
    print(f"{args.out}: {size} bytes")


if __name__ == "__main__":
    sys.exit(main())

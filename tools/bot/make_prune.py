r"""Build ``game/bot/prune.bin``: a tiny net that picks the opponent's likely replies (training only).

At 1-ply the bot values a play by the opponent's best reply to each of his 21
rolls, and finding that reply means valuing every reply with the full contact
net (about 80 µs each in CPython).  The *pruning net* is a net of the same
format with the 208 raw inputs only and a few hidden units (16 by default):
it ranks a roll's replies in a few µs each, and only the best few by its
ranking are valued with the full nets (``game.bot.evaluator.prune_plays``).

Two steps, both deterministic for given seeds:

``data``: the 0-ply bot plays itself (seeded games, a little noise so the
positions vary); at each contact decision its best few plays are the
positions the 1-ply look-ahead would value, and for each of the opponent's 21
rolls every reply is written with its value by the game's own evaluator
(``evaluator.evaluate``: nets, bear-off database, finished games).  Records
are 50 signed bytes (the reply's position, the player on roll first), the
five probabilities, and the number of the (play, roll) group they belong to.

``fit``: fits the small net with PyTorch (CPU) to the equity of those
probabilities (squared error), and prints how often the full nets' best reply is among the pruning net's
best ``k`` of its group, on groups held out from the fit.

    python3 tools/bot/make_prune.py data /tmp/prune/d.npz --games 300 --seed 1 --jobs 2
    python3 tools/bot/make_prune.py fit /tmp/prune/d.npz --out game/bot/prune.bin --hidden 32 --epochs 12
    python3 tools/bot/make_prune.py check /tmp/prune/d.npz   # its recall on the held-out rolls
    python3 tools/bot/make_prune.py sample --positions 600 --seed 19   # on fresh positions

Needs numpy and torch (``pip install torch==2.13.0``); the app never imports this.
"""

import argparse
import pathlib
import random
import sys
import time
from multiprocessing import Pool

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "bot"))

NOUT = 5


def _games(job):
    """Boards, probabilities and group numbers of the replies met in ``games`` seeded games."""
    from game import Position
    from game.bot import Bot
    from game.bot.evaluator import ROLLS, evaluate, evaluate_plays, equity, is_race, play_results

    seed, games, keep = job
    rng = random.Random(seed)
    bot = Bot(level="intermediate", seed=seed)
    boards, probs, groups = [], [], []
    group = 0
    for _ in range(games):
        position = Position.start()
        while position.winner() is None:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if not position.legal_moves(dice):
                position = position.swapped()
                continue
            mine, theirs = position.mine, position.theirs
            if not is_race(mine, theirs) and rng.random() < 0.5:
                afters = play_results(mine, theirs, *dice)
                values = [equity(p) for p in evaluate_plays(mine, theirs, afters)]
                best = sorted(range(len(afters)), key=lambda i: -values[i])[:keep]
                for i in best:
                    a_mine, a_theirs = afters[i]
                    if not any(a_theirs):
                        continue
                    for d1, d2, _w in ROLLS:
                        replies = play_results(a_mine, a_theirs, d1, d2)
                        if len(replies) < 2:
                            continue
                        for r_mine, r_theirs in replies:
                            boards.append(tuple(r_mine) + tuple(r_theirs))
                            probs.append(evaluate(r_mine, r_theirs))
                            groups.append(group)
                        group += 1
            position = position.play(bot.choose_move(position, dice))
    return (np.array(boards, dtype=np.int8), np.array(probs, dtype=np.float32),
            np.array(groups, dtype=np.int64))


def make_data(path, games, seed, jobs, keep=3):
    """Write the replies of ``games`` games (seeds ``seed``, ``seed + 1``, ...) to ``path`` (npz)."""
    t0 = time.time()
    per = [(seed + j, games // jobs + (j < games % jobs), keep) for j in range(jobs)]
    with Pool(jobs) as pool:
        parts = pool.map(_games, per)
    boards, probs, groups, base = [], [], [], 0
    for b, p, g in parts:
        boards.append(b)
        probs.append(p)
        groups.append(g + base)
        base += int(g.max()) + 1 if len(g) else 0
    np.savez(path, boards=np.concatenate(boards), probs=np.concatenate(probs), groups=np.concatenate(groups))
    print(f"{sum(map(len, boards))} replies in {base} groups, {time.time() - t0:.0f} s")


def encode(boards):
    """The 208 raw inputs of ``game/bot/net.py`` (float32 array)."""
    from fit import raw_inputs

    return raw_inputs(boards)


def equity(p):
    """Cubeless money equity of probabilities (last axis: the five outputs)."""
    return 2 * p[..., 0] - 1 + p[..., 1] - p[..., 3] + p[..., 2] - p[..., 4]


def recall(groups, truth, guess, ks=(1, 2, 3, 4)):
    """For each ``k``: the share of the groups of more than ``k`` replies whose best
    reply by ``truth`` (lowest value for the player on roll after the reply, as
    the replier picks) is among the ``k`` best by ``guess``, and the mean value
    lost by picking the best of those ``k``.

    >>> g = np.array([0, 0, 0, 1, 1])
    >>> t = np.array([0.1, -0.2, 0.3, 0.5, 0.4])
    >>> r = recall(g, t, np.array([0.0, 0.1, 0.2, 0.0, 0.1]), ks=(1, 2))
    >>> float(r[1][0]), round(float(r[1][1]), 3), r[1][2], float(r[2][0]), r[2][2]
    (0.0, 0.2, 2, 1.0, 1)
    """
    out = {}
    order = np.lexsort((guess, groups))
    starts = np.flatnonzero(np.r_[True, groups[order][1:] != groups[order][:-1]])
    ends = np.r_[starts[1:], len(order)]
    for k in ks:
        hit, lost, count = 0, 0.0, 0
        for a, b in zip(starts, ends):
            if b - a <= k:
                continue
            count += 1
            idx = order[a:b]
            best = truth[idx].min()
            picked = truth[idx[:k]].min()
            hit += picked == best
            lost += picked - best
        out[k] = (hit / count, lost / count, count)
    return out


def write_pruner(path, w1, b1, w2, b2):
    """Write a pruning net in the format :func:`game.bot.prune.parse` reads."""
    import struct

    nin, h = w1.shape
    parts = [b"BGPR1\0", struct.pack("<II", nin, h)]
    for a in (w1, b1, w2, b2):
        parts.append(np.ascontiguousarray(a, dtype="<f4").reshape(-1).tobytes())
    pathlib.Path(path).write_bytes(b"".join(parts))


def group_rows(starts, counts, chosen):
    """The rows of the groups ``chosen`` (their data is contiguous: row ``starts[g]`` on,
    ``counts[g]`` rows) and, for each row, the number of its group among ``chosen``.

    >>> rows, local = group_rows(np.array([0, 2, 5]), np.array([2, 3, 1]), np.array([2, 0]))
    >>> rows.tolist(), local.tolist()
    ([5, 0, 1], [0, 1, 1])
    """
    lens = counts[chosen]
    first = np.repeat(starts[chosen] - np.cumsum(lens) + lens, lens)
    return first + np.arange(int(lens.sum())), np.repeat(np.arange(len(chosen)), lens)


def softmax_loss(values, teacher, local, n, temperature):
    """The cross-entropy, averaged over ``n`` groups, of the net's softmax over each
    group's replies against the teacher's (the replier prefers the lower value, so
    both are of ``-value / temperature``); ``local``: each row's group, 0 to ``n - 1``."""
    import torch

    def log_softmax(v):
        z = -v / temperature
        top = torch.full((n,), -1e30).scatter_reduce(0, local, z, "amax")
        z = z - top[local]
        return z - torch.log(torch.zeros(n).index_add(0, local, torch.exp(z)))[local]

    q = torch.exp(log_softmax(teacher))
    return -(q * log_softmax(values)).sum() / n


def fit(path, out, hidden, epochs, lr, seed, batch=512, rank=0.0, temperature=0.03):
    """Fit the pruning net to the data at ``path``; write it to ``out`` and print its recall.

    The loss is the squared error of the equity; with ``rank`` > 0, plus ``rank`` times
    :func:`softmax_loss` on the replies of whole rolls (batches of ``batch // 8`` rolls
    then, every roll of the fit once an epoch)."""
    import torch

    data = np.load(path)
    boards, probs, groups = data["boards"], data["probs"], data["groups"]
    if np.any(np.diff(groups) < 0):
        raise ValueError(f"{path}: the groups are not in order")
    held = groups % 10 == 0   # every tenth group is held out
    x = torch.from_numpy(encode(boards))
    t = torch.from_numpy(equity(probs).astype(np.float32))
    train = torch.from_numpy(np.flatnonzero(~held))
    ids, starts, counts = np.unique(groups, return_index=True, return_counts=True)
    train_groups = np.flatnonzero(ids % 10 != 0)
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    l1 = torch.nn.Linear(x.shape[1], hidden)
    l2 = torch.nn.Linear(hidden, 1)
    model = torch.nn.Sequential(l1, torch.nn.ReLU(), l2)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, epochs)
    t0 = time.time()
    per = max(1, batch // 8)      # rolls a step, with the ranking loss

    def batches():
        """An epoch's steps: ``(rows, each row's roll among the step's, or None)``."""
        if rank > 0:
            order = rng.permutation(train_groups)
            for i in range(0, len(order), per):
                rows, local = group_rows(starts, counts, order[i:i + per])
                yield torch.from_numpy(rows), torch.from_numpy(local)
        else:
            perm = train[torch.randperm(len(train))]
            for i in range(0, len(perm), batch):
                yield perm[i:i + batch], None

    for epoch in range(epochs):
        total, count = 0.0, 0
        for rows, local in batches():
            y = model(x[rows])[:, 0]
            loss = ((y - t[rows]) ** 2).mean()
            if local is not None:
                loss = loss + rank * softmax_loss(y, t[rows], local, per, temperature)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(rows)
            count += len(rows)
        sched.step()
        print(f"epoch {epoch + 1}: loss {total / count:.5f} ({time.time() - t0:.0f} s)", flush=True)
    with torch.no_grad():
        guess = model(x[torch.from_numpy(np.flatnonzero(held))])[:, 0].numpy()
    truth = t.numpy()[held]
    for k, (share, lost, count) in recall(groups[held], truth, guess).items():
        print(f"held out: the best reply among the net's best {k}: {100 * share:.1f}% of "
              f"{count} rolls with more than {k} replies, mean value lost {lost:.4f}")
    write_pruner(out, l1.weight.detach().numpy().T, l1.bias.detach().numpy(),
                 l2.weight.detach().numpy()[0], l2.bias.detach().numpy())
    print(f"wrote {out}")


def read_pruner(path):
    """``(w1, b1, w2, b2)`` of a pruning net file, as numpy arrays."""
    import struct

    data = pathlib.Path(path).read_bytes()
    if data[:6] != b"BGPR1\0":
        raise ValueError(f"{path}: not a pruning net file")
    nin, h = struct.unpack_from("<II", data, 6)
    values = np.frombuffer(data, dtype="<f4", offset=14)
    w1 = values[:nin * h].reshape(nin, h)
    b1 = values[nin * h:nin * h + h]
    return w1, b1, values[nin * h + h:nin * h + 2 * h], values[-1]


def check(path, net, held_only=True):
    """Print the recall of the pruning net file ``net`` on the data at ``path``
    (its held-out groups, every tenth, or all of them)."""
    data = np.load(path)
    boards, probs, groups = data["boards"], data["probs"], data["groups"]
    keep = groups % 10 == 0 if held_only else np.ones(len(groups), dtype=bool)
    w1, b1, w2, b2 = read_pruner(net)
    guess = np.concatenate([np.maximum(encode(boards[keep][i:i + 100000]) @ w1 + b1, 0) @ w2 + b2
                            for i in range(0, int(keep.sum()), 100000)])
    truth = equity(probs[keep])
    for k, (share, lost, count) in recall(groups[keep], truth, guess).items():
        print(f"the best reply among the net's best {k}: {100 * share:.1f}% of "
              f"{count} rolls with more than {k} replies, mean value lost {lost:.4f}")


def reply_recall(cases, rank, keep=3):
    """``(hits, rolls)``: over the contact positions of ``cases`` (``(position, dice)``
    pairs), for the full nets' best two plays of each and every third roll's replies (rolls
    with more than ``keep``), how often the full nets' best reply is among the ``keep`` that
    ``rank(mine, theirs, replies, keep)`` keeps (:func:`game.bot.prune.rank`): the measure
    of ``tests/test_bot_prune.py``."""
    from game.bot.evaluator import ROLLS, equity as equity_of, evaluate_plays, is_race, play_results

    rolls = hits = 0
    for position, dice in cases:
        if is_race(position.mine, position.theirs):
            continue
        afters = play_results(position.mine, position.theirs, *dice)
        values = [equity_of(p) for p in evaluate_plays(position.mine, position.theirs, afters)]
        for i in sorted(range(len(afters)), key=lambda i: -values[i])[:2]:
            a_mine, a_theirs = afters[i]
            for d1, d2, _ in ROLLS[::3]:
                replies = play_results(a_mine, a_theirs, d1, d2)
                if len(replies) <= keep:
                    continue
                values = [equity_of(p) for p in evaluate_plays(a_mine, a_theirs, replies)]
                best = replies[max(range(len(replies)), key=values.__getitem__)]
                rolls += 1
                hits += best in rank(a_mine, a_theirs, replies, keep)
    return hits, rolls


def sample(net, positions, seed, keep=3):
    """Print :func:`reply_recall` of the pruning net file ``net`` on
    ``sample_positions(positions, seed)`` (fresh games, not the data's)."""
    from game.bot import prune
    from game.bot.timing import sample_positions

    prune._pruner = prune.parse(pathlib.Path(net).read_bytes())   # what prune.rank ranks with
    hits, rolls = reply_recall(sample_positions(positions, seed=seed), prune.rank, keep)
    print(f"{net}: the full nets' best reply among its best {keep} in {100 * hits / rolls:.1f}% "
          f"of {rolls} rolls (sample_positions({positions}, seed={seed}), contact)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="step", required=True)
    d = sub.add_parser("data")
    d.add_argument("path")
    d.add_argument("--games", type=int, default=300)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--jobs", type=int, default=1)
    f = sub.add_parser("fit")
    f.add_argument("path")
    f.add_argument("--out", required=True)
    f.add_argument("--hidden", type=int, default=16)
    f.add_argument("--epochs", type=int, default=10)
    f.add_argument("--lr", type=float, default=3e-3)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--rank", type=float, default=0.0,
                   help="weight of a softmax loss on each roll's replies (0: the squared error only)")
    f.add_argument("--temperature", type=float, default=0.03)
    c = sub.add_parser("check")
    c.add_argument("path")
    c.add_argument("--net", default=str(ROOT / "game" / "bot" / "prune.bin"))
    c.add_argument("--all", action="store_true", help="every group, not only the held-out tenth")
    s = sub.add_parser("sample")
    s.add_argument("--net", default=str(ROOT / "game" / "bot" / "prune.bin"))
    s.add_argument("--positions", type=int, default=600)
    s.add_argument("--seed", type=int, default=19)
    args = parser.parse_args(argv)
    if args.step == "sample":
        sample(args.net, args.positions, args.seed)
    elif args.step == "check":
        check(args.path, args.net, not args.all)
    elif args.step == "data":
        make_data(args.path, args.games, args.seed, args.jobs)
    else:
        fit(args.path, args.out, args.hidden, args.epochs, args.lr, args.seed,
            rank=args.rank, temperature=args.temperature)


if __name__ == "__main__":
    main()

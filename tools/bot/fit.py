r"""Supervised refinement of the contact net on deeper values (training only).

``td_train gen`` plays self-play games with the current nets (a little
exploration: now and then one of the best few plays instead of the best)
and writes each contact position with its *1-ply value*: the average over
the 21 rolls of the value after the best 0-ply play of that roll (or, with
``PLY`` 2, that position's own 1-ply value).  This script fits a contact net
to those values with PyTorch (CPU), starting from the current net, and writes
a weights file the app reads (the race net is copied unchanged).

Fitting a net to its own one-roll look-ahead is the supervised counterpart of
TD(0): every position moves towards the values of all 21 rolls at once instead
of the one that was thrown, with many passes over the same positions.

``--inputs 226`` fits a contact net that reads the second group of hand-made
inputs too (``game/bot/features.py``; they start from zero weights when the
init net has fewer inputs), ``--inputs 232`` the third group as well: the
records hold the first group as ``gen`` wrote it, and the others are
computed here from each record's position by the game's own code (about
40 µs a position).

Needs numpy and torch (``pip install torch==2.13.0``: the CPU build); the app
never imports this.  Example (see docs/bot.md for the runs that were shipped):

    gcc -O3 -march=native -ffast-math -o /tmp/sl/td_train tools/bot/td_train.c -lm
    python3 -c "import sys; sys.path.insert(0, 'tools/bot'); import train; train.to_raw('game/bot/weights.bin', '/tmp/sl/w0.raw')"
    /tmp/sl/td_train gen /tmp/sl/w0.raw /tmp/sl/d1.bin 25000 101 1
    python3 tools/bot/fit.py /tmp/sl/d1.bin --init game/bot/weights.bin --out /tmp/sl/w1.bin --epochs 8 --seed 1
"""

import argparse
import pathlib
import struct
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
NRAW, NF, NOUT = 208, 12, 5
RECORD = np.dtype([("b", "i1", 50), ("f", "<f4", NF), ("t", "<f4", NOUT)])


def read_records(paths):
    """The records of ``td_train gen`` files, concatenated.

    ``PATH:N`` takes the first ``N`` records of a file only (a run stopped
    early is the start of the same run left to finish: ``gen`` is
    deterministic for given weights and seed).  A partial record at the end
    of a file (a run killed mid-write) is left out.
    """
    parts = []
    for p in map(str, paths):
        path, _, count = p.rpartition(":") if ":" in p else (p, "", "")
        whole = pathlib.Path(path).stat().st_size // RECORD.itemsize  # a run cut short may end mid-record
        parts.append(np.fromfile(path, dtype=RECORD, count=min(int(count), whole) if count else whole))
    return np.concatenate(parts)


def extra_inputs(boards, count=18, start=None):
    """The hand-made inputs after the first group (``game.bot.features``,
    inputs 12 to ``count - 1``; from ``start`` when given) of each record's
    position, computed by the game's own code."""
    sys.path.insert(0, str(ROOT))
    from game.bot import features

    start = features.NF if start is None else start
    out = np.zeros((len(boards), count - start), dtype=np.float32)
    for i, b in enumerate(boards.tolist()):
        c = features.codes(tuple(b[:25]), tuple(b[25:]), count)
        out[i] = [features.value(k, c[k]) for k in range(start, count)]
    return out


def read_teacher(paths, upgrade=False):
    """Boards (int8 n × 50), hand-made first-group inputs (n × 12), targets (n × 5) and roll
    numbers (n; −1 where none) of ``tools/bot/teacher_data.py`` shards: GNU Backgammon's
    probabilities.  A siblings shard's roll numbers come from its ``groups/`` file when there
    is one (each shard's made distinct).  With ``upgrade``, a shard's labels are replaced by
    those of the deeper shards of the same set and number (1-ply, then 2-ply) where they have
    the board (``teacher_data.py --close``: the close rolls relabelled deeper)."""
    boards, targets, groups = [], [], []
    base = 0
    for p in map(pathlib.Path, paths):
        z = np.load(p)
        boards.append(z["boards"])
        probs = z["probs"].astype(np.float32) / 65535
        for plies in (1, 2) if upgrade else ():
            name = p.name
            for shallow in range(plies):
                name = name.replace(f"-{shallow}ply-", f"-{plies}ply-")
            deeper = p.parent / name
            if name == p.name or not deeper.exists():
                continue
            d = np.load(deeper)
            row = {bytes(b): i for i, b in enumerate(z["boards"])}
            for b, q in zip(d["boards"], d["probs"]):
                if bytes(b) in row:
                    probs[row[bytes(b)]] = q.astype(np.float32) / 65535
        targets.append(probs)
        gp = p.parent / "groups" / p.name
        if gp.exists():
            g = np.load(gp)["group"].astype(np.int64)
            groups.append(g + base)
            base += int(g.max()) + 1 if len(g) else 0
        else:
            groups.append(np.full(len(z["boards"]), -1, dtype=np.int64))
    boards = np.concatenate(boards)
    return boards, extra_inputs(boards, NF, start=0), np.concatenate(targets), np.concatenate(groups)


def encode(boards, feats, extra=None):
    """The 220 inputs of ``game/bot/net.py`` for each record (float32 array),
    226 when ``extra`` (:func:`extra_inputs`) is given."""
    x = raw_inputs(boards, NF + (0 if extra is None else extra.shape[1]))
    x[:, NRAW:NRAW + NF] = feats
    if extra is not None:
        x[:, NRAW + NF:] = extra
    return x


def raw_inputs(boards, spare=0):
    """The 208 raw inputs of ``game/bot/net.py`` for each board (float32 array),
    followed by ``spare`` zero columns."""
    n = len(boards)
    x = np.zeros((n, NRAW + spare), dtype=np.float32)
    for side in range(2):
        b = boards[:, side * 25:(side + 1) * 25].astype(np.float32)
        base = side * 104
        cols = base + np.arange(25) * 4
        x[:, cols] = b >= 1
        x[:, cols + 1] = b >= 2
        x[:, cols + 2] = b >= 3
        x[:, cols + 3] = np.maximum(b - 3, 0) / 2
        off = 15 - b.sum(axis=1)
        o = base + 100
        x[:, o] = off >= 1
        x[:, o + 1] = off / 15
        x[:, o + 2] = np.maximum(off - 7, 0) / 8
        x[:, o + 3] = np.maximum(off - 12, 0) / 3
    return x


def read_weights(path):
    """The nets of a weights file (``BGNN1``): ``[(nin, h, w1, b1, w2, b2)]`` as numpy arrays."""
    data = pathlib.Path(path).read_bytes()
    if data[:6] != b"BGNN1\0":
        raise ValueError(f"{path}: not a bot weights file")
    (count,) = struct.unpack_from("<I", data, 6)
    offset, nets = 10, []
    for _ in range(count):
        nin, h = struct.unpack_from("<II", data, offset)
        offset += 8
        arrays = []
        for size in (nin * h, h, NOUT * h, NOUT):
            arrays.append(np.frombuffer(data, dtype="<f4", count=size, offset=offset).copy())
            offset += 4 * size
        nets.append((nin, h, arrays[0].reshape(nin, h), arrays[1], arrays[2].reshape(NOUT, h), arrays[3]))
    return nets


def write_weights(path, nets):
    """Write nets in the format of :func:`read_weights`."""
    parts = [b"BGNN1\0", struct.pack("<I", len(nets))]
    for nin, h, w1, b1, w2, b2 in nets:
        parts.append(struct.pack("<II", nin, h))
        for a in (w1, b1, w2, b2):
            parts.append(np.ascontiguousarray(a, dtype="<f4").tobytes())
    pathlib.Path(path).write_bytes(b"".join(parts))


def equity(p):
    """Cubeless money equity of probabilities (last axis: the five outputs)."""
    return 2 * p[..., 0] - 1 + p[..., 1] - p[..., 3] + p[..., 2] - p[..., 4]


def fit(x, t, init, hidden, epochs, lr, batch, seed, log=print, objective="mse", groups=None,
        rank=0.0, rank_loss="center", rank_batch=64, temperature=0.05, rank_top=0):
    """Fit a ``x.shape[1]`` → hidden → 5 sigmoid net to targets ``t``; returns (w1, b1, w2, b2).

    Starts from ``init`` (the current contact net); extra hidden units start
    small and random with zero output weights, so the first outputs are the
    current net's.  Loss: squared error of the five outputs (``objective="bce"``:
    their cross-entropy, which weighs errors in small chances such as the
    gammons more) plus the squared error of the equity.  Adam, the rate
    falling linearly to a tenth over the epochs.

    ``groups`` (one number per row, −1 for none): rows with the same number
    are the plays of one roll (siblings shards).  With ``rank`` > 0 each step
    adds ``rank`` times a loss on ``rank_batch`` such rolls, on the
    *differences* between a roll's plays, which is all a 0-ply choice reads:
    ``"center"``, the squared error of each play's equity less its roll's
    mean against the teacher's equity less its mean; ``"softmax"``, the
    cross-entropy of the net's softmax over the roll's plays (equities over
    ``temperature``) against the teacher's.  A twentieth of the rolls is held
    out, and the share of them where the net's best play is the teacher's
    is reported.
    """
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    nin, h0, w1, b1, w2, b2 = init
    width = x.shape[1]
    w1n = np.zeros((width, hidden), dtype=np.float32)
    rng = np.random.default_rng(seed)
    w1n[:, :] = rng.uniform(-0.05, 0.05, size=w1n.shape)
    w1n[:nin, :h0] = w1
    if nin < width:
        w1n[nin:, :h0] = 0
    b1n = np.zeros(hidden, dtype=np.float32)
    b1n[:h0] = b1
    w2n = np.zeros((NOUT, hidden), dtype=np.float32)
    w2n[:, :h0] = w2
    l1 = torch.nn.Linear(width, hidden)
    l2 = torch.nn.Linear(hidden, NOUT)
    with torch.no_grad():
        l1.weight.copy_(torch.from_numpy(w1n.T.copy()))
        l1.bias.copy_(torch.from_numpy(b1n))
        l2.weight.copy_(torch.from_numpy(w2n))
        l2.bias.copy_(torch.from_numpy(b2.astype(np.float32)))
    model = torch.nn.Sequential(l1, torch.nn.Sigmoid(), l2, torch.nn.Sigmoid())
    n = len(x)
    hold = max(1, n // 20)
    perm = rng.permutation(n)
    val_idx, tr_idx = perm[:hold], perm[hold:]
    X = torch.from_numpy(x)
    T = torch.from_numpy(t)
    Xv, Tv = X[val_idx], T[val_idx]
    G = Gm = Gv = Gvm = None
    if groups is not None and (groups >= 0).any():
        ids = np.unique(groups[groups >= 0])
        rows = {}
        for i, g in enumerate(groups.tolist()):
            if g >= 0:
                rows.setdefault(g, []).append(i)
        lists = [rows[g] for g in ids.tolist() if len(rows[g]) >= 2]
        full = lists
        if rank_top:
            te_all = equity(t)  # the opponent's equity after each play: the mover's best is the lowest
            lists = [sorted(r, key=lambda i: te_all[i])[:rank_top] for r in lists]
        width_g = max(len(r) for r in lists)
        pad = np.zeros((len(lists), width_g), dtype=np.int64)
        mask = np.zeros((len(lists), width_g), dtype=bool)
        for j, r in enumerate(lists):
            pad[j, :len(r)] = r
            mask[j, :len(r)] = True
        gperm = rng.permutation(len(lists))
        ghold = max(1, len(lists) // 20)
        G, Gm = torch.from_numpy(pad[gperm[ghold:]]), torch.from_numpy(mask[gperm[ghold:]])
        Gv, Gvm = torch.from_numpy(pad[gperm[:ghold]]), torch.from_numpy(mask[gperm[:ghold]])
        held_rows = np.unique(np.concatenate([full[j] for j in gperm[:ghold]]))
        tr_idx = np.setdiff1d(tr_idx, held_rows)  # the held-out rolls' plays are fitted to in no way
        log(f"{len(lists)} rolls of 2 plays or more for the ranking loss ({ghold} held out)")
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    steps = max(1, epochs * ((len(tr_idx) + batch - 1) // batch))
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 1 - 0.9 * min(s, steps) / steps)

    def loss_of(p, target):
        if objective == "bce":
            outputs = torch.nn.functional.binary_cross_entropy(p.clamp(1e-6, 1 - 1e-6), target.clamp(0, 1))
        else:
            outputs = ((p - target) ** 2).mean()
        return outputs + ((equity(p) - equity(target)) ** 2).mean() / NOUT

    def rank_loss_of(pad, mask):
        m = mask.float()
        e = equity(model(X[pad.reshape(-1)])).reshape(pad.shape)
        te = equity(T[pad.reshape(-1)]).reshape(pad.shape)
        if rank_loss == "softmax":
            # the mover's equity is minus that of the position after the play (opponent on roll)
            neg = torch.finfo(e.dtype).min / 4
            logp = torch.log_softmax(torch.where(mask, -e / temperature, torch.full_like(e, neg)), dim=1)
            q = torch.softmax(torch.where(mask, -te / temperature, torch.full_like(te, neg)), dim=1)
            return -(q * logp * m).sum(dim=1).mean()
        count = m.sum(dim=1, keepdim=True)
        ce = e - (e * m).sum(dim=1, keepdim=True) / count
        ct = te - (te * m).sum(dim=1, keepdim=True) / count
        return (((ce - ct) ** 2) * m).sum() / m.sum()

    def rank_report():
        if Gv is None:
            return ""
        with torch.no_grad():
            e = equity(model(X[Gv.reshape(-1)])).reshape(Gv.shape)
            te = equity(T[Gv.reshape(-1)]).reshape(Gv.shape)
            big = torch.full_like(e, 9.0)
            best = torch.where(Gvm, e, big).argmin(dim=1)
            tbest = torch.where(Gvm, te, big).argmin(dim=1)
            same = (best == tbest).float().mean().item()
            lost = (te.gather(1, best[:, None]) - te.gather(1, tbest[:, None])).mean().item()
            ce = rank_loss_of(Gv, Gvm).item()
        return f", held-out rolls: same best play {100 * same:.1f} %, lost {1000 * lost:.2f} mp, rank loss {ce:.6f}"

    def report(epoch, start):
        with torch.no_grad():
            pv = model(Xv)
            mse = ((pv - Tv) ** 2).mean().item()
            eq = (equity(pv) - equity(Tv)).abs().mean().item()
        log(f"epoch {epoch}: held-out mse {mse:.6f}, mean |Δ equity| {eq:.4f}{rank_report()}"
            f"  ({time.time() - start:.0f} s)")

    start = time.time()
    report(0, start)
    for epoch in range(1, epochs + 1):
        order = torch.from_numpy(rng.permutation(tr_idx))
        for i in range(0, len(order), batch):
            idx = order[i:i + batch]
            opt.zero_grad()
            loss = loss_of(model(X[idx]), T[idx])
            if rank > 0 and G is not None:
                pick = torch.from_numpy(rng.integers(0, len(G), rank_batch))
                loss = loss + rank * rank_loss_of(G[pick], Gm[pick])
            loss.backward()
            opt.step()
            sched.step()
        report(epoch, start)
    return (l1.weight.detach().numpy().T.copy(), l1.bias.detach().numpy().copy(),
            l2.weight.detach().numpy().copy(), l2.bias.detach().numpy().copy())


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", nargs="*", help="files written by td_train gen")
    parser.add_argument("--teacher", nargs="+", default=[], metavar="SHARD",
                        help="shards of tools/bot/teacher_data.py (GNU Backgammon's values) to fit to, "
                             "beside or instead of td_train gen files")
    parser.add_argument("--init", default=str(ROOT / "game" / "bot" / "weights.bin"))
    parser.add_argument("--out", required=True)
    parser.add_argument("--hidden", type=int, default=0, help="hidden units (default: the init net's)")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--loss", choices=["mse", "bce"], default="mse",
                        help="the outputs' loss: squared error, or cross-entropy (weighs small chances more)")
    parser.add_argument("--inputs", type=int, choices=[220, 226, 232], default=0,
                        help="the contact net's inputs (default: the init net's); 226 adds the second "
                             "group of hand-made inputs, 232 the third too, starting from zero weights")
    parser.add_argument("--rank", type=float, default=0.0,
                        help="weight of the ranking loss on the plays of one roll (siblings shards with groups/)")
    parser.add_argument("--rank-loss", choices=["center", "softmax"], default="center")
    parser.add_argument("--rank-batch", type=int, default=64, help="rolls per step for the ranking loss")
    parser.add_argument("--temperature", type=float, default=0.05, help="softmax ranking loss: equity scale")
    parser.add_argument("--rank-top", type=int, default=0,
                        help="ranking loss: a roll's best RANK_TOP plays by the teacher only (0: all)")
    parser.add_argument("--upgrade", action="store_true",
                        help="shards take the labels of their deeper namesakes (1-ply, then 2-ply) where those have the board")
    parser.add_argument("--cache", help="an .npz file keeping the encoded inputs (made when missing)")
    parser.add_argument("--net", choices=["contact", "race"], default="contact",
                        help="the net to fit (race: files of `GEN_RACE=1 td_train gen`, raw inputs only); "
                             "the other net is copied unchanged")
    args = parser.parse_args(argv)
    if not args.data and not args.teacher:
        parser.error("give td_train gen files, --teacher shards, or both")
    nets = read_weights(args.init)
    count = (args.inputs or nets[0][0]) - NRAW if args.net == "contact" else NF
    if args.cache and pathlib.Path(args.cache).exists():
        z = np.load(args.cache)
        x, t, groups = z["x"], z["t"], z["groups"]
        print(f"{len(x)} positions from {args.cache}")
    else:
        boards, feats, targets, groups = [], [], [], []
        if args.data:
            rec = read_records(args.data)
            boards.append(rec["b"]), feats.append(rec["f"]), targets.append(rec["t"].astype(np.float32))
            groups.append(np.full(len(rec), -1, dtype=np.int64))
        if args.teacher:
            b, f, t, g = read_teacher(args.teacher, args.upgrade)
            boards.append(b), feats.append(f), targets.append(t), groups.append(g)
        boards, feats, t = np.concatenate(boards), np.concatenate(feats), np.concatenate(targets)
        groups = np.concatenate(groups)
        print(f"{len(boards)} positions from {len(args.data) + len(args.teacher)} file(s)")
        x = encode(boards, feats, extra_inputs(boards, count) if count > NF else None)
        if args.cache:
            np.savez(args.cache, x=x, t=t, groups=groups)
    which = 0 if args.net == "contact" else 1
    if which == 1:
        x = np.ascontiguousarray(x[:, :NRAW])
    init = nets[which]
    hidden = args.hidden or init[1]
    w1, b1, w2, b2 = fit(x, t, init, hidden, args.epochs, args.lr, args.batch, args.seed, objective=args.loss,
                         groups=groups, rank=args.rank, rank_loss=args.rank_loss, rank_batch=args.rank_batch,
                         temperature=args.temperature, rank_top=args.rank_top)
    nets[which] = (x.shape[1], hidden, w1, b1, w2, b2)
    write_weights(args.out, nets)
    print(f"{args.out}: {args.net} {x.shape[1]} → {hidden} → {NOUT}")


if __name__ == "__main__":
    sys.exit(main())

r"""Training positions labelled by a stronger teacher: GNU Backgammon's evaluations (development only).

Positions come from the bot's own self-play (``td_train gen`` with the nets
of a weights file, one play in ten a random pick among the best four:
``GEN_EXPLORE=0.1``, ``GEN_TOP=4``), contact positions only (crashed ones
among them), seen from the player on roll before his roll.  Each is labelled
with ``gnubg_nn.probabilities(board, plies)``: GNU Backgammon's five
cubeless probabilities for the player on roll at 1-ply or 2-ply, and tagged
with GNU Backgammon's own class of the position (contact or crashed).

The data is written in **shards**: shard ``k`` of a set is the positions of
``--games`` self-play games of seed ``BASE + k``, where each set has its own
seeds, so no two sets share a game:

* ``train``: seeds 41000 + k, the positions the net is fitted to;
* ``siblings``: seeds 42000 + k, fitted to as well: for each kept position
  of those games, dice drawn from the shard's seed and the ``--siblings``
  plays the shipped nets rate best for that roll, each play's resulting
  contact position (the opponent on roll) labelled.  These are the
  positions a 0-ply choice compares, weaker plays included, which
  self-play alone never shows the net;
* ``race``: seeds 43000 + k, for the race net: the race positions of those
  games (``GEN_RACE=1``), and for each, dice drawn from the shard's seed and
  the results of *all* its legal plays (the opponent on roll), one roll
  after another: every play a 0-ply choice compares in a race.  Rolls with a
  play that ends the game, and rolls whose every result is exact in the app
  (both sides home, each with a checker off: the bear-off database alone
  values them), are left out.  Each shard also holds the rolls themselves,
  ``roots`` (the position before the roll, on roll first) and ``dice``;
  labelled at 0-ply, GNU Backgammon's race net and bear-off databases;
* ``dev``: seeds 48000 + k, to choose between fits (never fitted to);
* ``test``: seeds 49000 + k, for the figures reported (never fitted to,
  never looked at while choosing).

A shard already written is skipped, so a stopped run goes on where it was.
Each shard is one small compressed file ``SET-PLIESply-KKK.npz`` with
``boards`` (int8, n × 50: the on-roll side's 25 counts then the other's,
points 1-24 then the bar, each from its own side, as ``game.Position``),
``probs`` (uint16, n × 5, probability × 65535), ``cls`` (GNU Backgammon's
class: 5 contact, 4 crashed) and the shard's ``seed``, ``games``, ``keep``,
``plies`` and ``nets`` (the first 16 hex digits of the SHA-256 of the
weights file that played the games; shards written before it was added
lack it and were played by ``game/bot/weights.bin`` of commit 81a5b9a,
digest 69ad4894e15ca328).  Positions repeated within a shard are kept once; ``--keep``
keeps a random fraction of each game's positions (fewer, less alike).

Example (one shard of 200 games labelled at 1-ply takes about 20-40 s of one
core here):

    gcc -O3 -march=native -ffast-math -o /tmp/t41/td_train tools/bot/td_train.c -lm
    python3 tools/bot/teacher_data.py --set train --shards 0-15 --plies 1 --td-train /tmp/t41/td_train
    python3 tools/bot/teacher_data.py --set test --shards 0-3 --plies 2 --keep 0.33 --td-train /tmp/t41/td_train
    python3 tools/bot/teacher_data.py --summary

Needs ``gnubg-nn`` (``pip install gnubg-nn==1.1.0a11``) and numpy; the app never imports this.
"""

import argparse
import hashlib
import os
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tools" / "bot" / "data" / "teacher"
SEED_BASE = {"train": 41000, "siblings": 42000, "race": 43000, "dev": 48000, "test": 49000}
TRAINING_SETS = ("train", "siblings", "race")
CLASS_NAMES = {5: "contact", 4: "crashed", 3: "race"}
SCALE = 65535


def shard_path(kind, plies, k, folder=DATA):
    """The file of shard ``k`` of a set.

    >>> shard_path("train", 1, 7).name
    'train-1ply-007.npz'
    """
    return pathlib.Path(folder) / f"{kind}-{plies}ply-{k:03d}.npz"


def parse_range(text):
    """``"0-3,7"`` → ``[0, 1, 2, 3, 7]``.

    >>> parse_range("0-3,7")
    [0, 1, 2, 3, 7]
    """
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def gnubg_board(b):
    """A 50-count board (on roll first) as ``gnubg_nn`` takes it: ``[not on roll, on roll]``."""
    return [[int(v) for v in b[25:50]], [int(v) for v in b[:25]]]


def self_play_positions(td_train, raw_weights, seed, games, keep, rng, race=False):
    """The contact positions of ``games`` self-play games of ``seed`` (int8, n × 50), repeats removed;
    with ``race``, the race positions instead."""
    sys.path.insert(0, str(ROOT / "tools" / "bot"))
    import fit
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "gen.dat"
        env = dict(os.environ, GEN_EXPLORE="0.1", GEN_TOP="4")
        env.pop("GEN_RACE", None)
        if race:
            env["GEN_RACE"] = "1"
        subprocess.run([td_train, "gen", raw_weights, str(out), str(games), str(seed), "0"],
                       check=True, env=env, stderr=subprocess.DEVNULL)
        boards = fit.read_records([out])["b"]
    if keep < 1:
        boards = boards[rng.random(len(boards)) < keep]
    _, first = np.unique(boards, axis=0, return_index=True)
    return np.ascontiguousarray(boards[np.sort(first)])


def sibling_positions(boards, count, rng, groups=False):
    """For each board, dice from ``rng`` and the positions after the ``count`` plays the
    game's nets rate best (contact positions only, the opponent on roll), repeats removed.

    With ``groups``, also the roll each kept position belongs to (int32, one
    number per roll, in order): the plays one 0-ply choice compares.  A
    position repeated in a later roll stays with its first roll only."""
    sys.path.insert(0, str(ROOT))
    from game.bot import evaluator
    out, group = [], []
    for g, b in enumerate(boards.tolist()):
        mine, theirs = tuple(b[:25]), tuple(b[25:])
        d1, d2 = int(rng.integers(1, 7)), int(rng.integers(1, 7))
        afters = evaluator.play_results(mine, theirs, d1, d2)
        if len(afters) < 2:
            continue
        values = [evaluator.equity(p) for p in evaluator.evaluate_plays(mine, theirs, afters)]
        order = sorted(range(len(afters)), key=lambda i: -values[i])[:count]
        for i in order:
            a_mine, a_theirs = afters[i]
            if any(a_theirs) and not evaluator.is_race(a_mine, a_theirs):
                out.append(list(a_mine) + list(a_theirs))
                group.append(g)
    arr = np.array(out, dtype=np.int8).reshape(-1, 50)
    _, first = np.unique(arr, axis=0, return_index=True)
    keep = np.sort(first)
    if groups:
        return np.ascontiguousarray(arr[keep]), np.asarray(group, dtype=np.int32)[keep]
    return np.ascontiguousarray(arr[keep])


def exact_in_app(mine, theirs):
    """A race the app values without its race net: both sides home, each with a checker off.

    >>> exact_in_app((2, 2, 2, 2, 2, 1) + (0,) * 19, (3, 3, 3, 2, 2, 1) + (0,) * 19)
    True
    >>> exact_in_app((2, 2, 2, 2, 2, 1) + (0,) * 19, (3, 3, 3, 2, 2, 2) + (0,) * 19)   # gammons: the race net
    False
    """
    return not any(mine[6:]) and not any(theirs[6:]) and sum(mine) < 15 and sum(theirs) < 15


def race_rolls(boards, rng):
    """For each race board, dice from ``rng`` and the results of all its legal plays.

    Returns ``(afters, group, roots, dice)``: the positions after the plays
    (int8, n × 50, the opponent on roll), the roll each belongs to (int32,
    an index into ``roots``), the positions before those rolls (int8, r × 50,
    on roll first) and their dice (int8, r × 2).  Rolls with fewer than two
    plays, with a play that bears off the last checker, or whose results are
    all exact in the app (:func:`exact_in_app`) are left out.

    >>> race = np.array([[0, 0, 0, 0, 0, 2] + [0] * 19 + [0, 0, 0, 0, 0, 0, 0, 2] + [0] * 17], dtype=np.int8)
    >>> afters, group, roots, dice = race_rolls(race, np.random.default_rng(3))
    >>> dice.tolist(), len(afters), sorted(set(group.tolist()))
    ([[5, 1]], 2, [0])
    """
    sys.path.insert(0, str(ROOT))
    from game.bot import evaluator
    out, group, roots, dice = [], [], [], []
    for b in boards.tolist():
        mine, theirs = tuple(b[:25]), tuple(b[25:])
        d1, d2 = int(rng.integers(1, 7)), int(rng.integers(1, 7))
        afters = evaluator.play_results(mine, theirs, d1, d2)
        if len(afters) < 2 or any(not any(a_theirs) for _, a_theirs in afters):
            continue
        if all(exact_in_app(a_mine, a_theirs) for a_mine, a_theirs in afters):
            continue
        for a_mine, a_theirs in afters:
            out.append(list(a_mine) + list(a_theirs))
            group.append(len(roots))
        roots.append(b)
        dice.append((d1, d2))
    return (np.array(out, dtype=np.int8).reshape(-1, 50), np.asarray(group, dtype=np.int32),
            np.array(roots, dtype=np.int8).reshape(-1, 50), np.array(dice, dtype=np.int8).reshape(-1, 2))


def group_path(k, plies=1, folder=DATA, kind="siblings"):
    """The roll numbers of siblings shard ``k`` (written beside the shards, in ``groups/``).

    >>> group_path(3).name
    'siblings-1ply-003.npz'
    >>> group_path(3).parent.name
    'groups'
    """
    return pathlib.Path(folder) / "groups" / f"{kind}-{plies}ply-{k:03d}.npz"


def regroup(k, td_train, raw_weights, plies=1, folder=DATA, siblings=6):
    """Rebuild the roll numbers of a siblings shard written without them: the shard's
    games and dice are replayed (same seed, same nets) and the positions checked
    against the shard's, row for row.  Returns the number of rolls, or None when
    the file exists already."""
    out = group_path(k, plies, folder)
    if out.exists():
        return None
    z = np.load(shard_path("siblings", plies, k, folder))
    seed = int(z["seed"])
    rng = np.random.default_rng(seed)
    boards = self_play_positions(td_train, raw_weights, seed, int(z["games"]), float(z["keep"]), rng)
    arr, group = sibling_positions(boards, siblings, rng, groups=True)
    if arr.shape != z["boards"].shape or not (arr == z["boards"]).all():
        raise ValueError(f"siblings shard {k}: the replayed positions differ from the shard's")
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, group=group)
    return len(np.unique(group))


def relabel_close(k, plies, margin, folder=DATA, limit=0, kind="siblings", base=1, top=0):
    """A siblings (or race) shard labelled at ``base`` plies, its *close* rolls relabelled at
    ``plies``: the rolls whose two best plays by the ``base`` labels are within ``margin`` in
    equity for the mover (the decisions the teacher's own depth can change).  Written as the
    shard of those plies (``siblings-2ply-KKK.npz``, same seed) with its ``groups/`` file (a
    race shard's roll numbers still index the ``roots`` and ``dice`` of the ``base`` shard,
    copied beside them); ``limit`` keeps the first rolls only, ``top`` the ``top`` best plays
    of each roll by the ``base`` labels.  Returns (positions, rolls, seconds) or None when
    written."""
    path = shard_path(kind, plies, k, folder)
    if path.exists():
        return None
    t0 = time.time()
    z = np.load(shard_path(kind, base, k, folder))
    group = np.load(group_path(k, base, folder, kind))["group"]
    p = z["probs"].astype(np.float64) / SCALE
    mover = -(2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4])
    rows = []
    for g in np.unique(group):
        idx = np.flatnonzero(group == g)
        if len(idx) < 2:
            continue
        idx = idx[np.argsort(-mover[idx], kind="stable")]
        if mover[idx[0]] - mover[idx[1]] < margin:
            rows.append(np.sort(idx[:top] if top else idx))
    if limit:
        rows = rows[:limit]
    idx = np.concatenate(rows) if rows else np.zeros(0, np.int64)
    boards = z["boards"][idx]
    probs, cls = label(boards, plies)
    extra = {name: z[name] for name in ("roots", "dice") if name in z}
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, boards=boards, probs=np.round(probs * SCALE).astype(np.uint16), cls=cls,
                        seed=int(z["seed"]), games=int(z["games"]), keep=float(z["keep"]), plies=plies,
                        nets=str(z["nets"]) if "nets" in z else "", margin=margin, top=top, **extra)
    gp = group_path(k, plies, folder, kind)
    gp.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(gp, group=group[idx])
    tmp.rename(path)
    return len(idx), len(rows), time.time() - t0


def load_groups(shards, plies=1, folder=DATA):
    """The roll numbers of siblings shards, made distinct across shards (int64)."""
    parts, base = [], 0
    for k in shards:
        g = np.load(group_path(k, plies, folder))["group"].astype(np.int64)
        parts.append(g + base)
        base += int(g.max()) + 1 if len(g) else 0
    return np.concatenate(parts) if parts else np.zeros(0, np.int64)


def label(boards, plies):
    """GNU Backgammon's probabilities (n × 5, float64) and class of each board."""
    import gnubg_nn
    probs = np.zeros((len(boards), 5))
    cls = np.zeros(len(boards), dtype=np.int8)
    for i, b in enumerate(boards):
        g = gnubg_board(b)
        probs[i] = gnubg_nn.probabilities(g, plies)
        cls[i] = gnubg_nn.classify(g)
    return probs, cls


def make_shard(kind, plies, k, td_train, raw_weights, games, keep, folder=DATA, siblings=6, nets=""):
    path = shard_path(kind, plies, k, folder)
    if path.exists():
        return None
    seed = SEED_BASE[kind] + k
    rng = np.random.default_rng(seed)
    t0 = time.time()
    boards = self_play_positions(td_train, raw_weights, seed, games, keep, rng, race=kind == "race")
    group, extra = None, {}
    if kind == "siblings":
        boards, group = sibling_positions(boards, siblings, rng, groups=True)
    if kind == "race":
        boards, group, roots, dice = race_rolls(boards, rng)
        extra = dict(roots=roots, dice=dice)
    probs, cls = label(boards, plies)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, boards=boards, probs=np.round(probs * SCALE).astype(np.uint16), cls=cls,
                        seed=seed, games=games, keep=keep, plies=plies,
                        nets=nets, **extra)
    if group is not None:
        gp = group_path(k, plies, folder, kind)
        gp.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(gp, group=group)
    tmp.rename(path)  # last: a shard is there only with its roll numbers
    return len(boards), time.time() - t0


def load(kind, plies, shards=None, folder=DATA):
    """``(boards int8 n × 50, probs float32 n × 5, cls int8 n)`` of the shards of a set (all when ``shards`` is None)."""
    paths = sorted(pathlib.Path(folder).glob(f"{kind}-{plies}ply-*.npz"))
    if shards is not None:
        paths = [shard_path(kind, plies, k, folder) for k in shards]
    parts = [np.load(p) for p in paths]
    if not parts:
        return np.zeros((0, 50), np.int8), np.zeros((0, 5), np.float32), np.zeros(0, np.int8)
    return (np.concatenate([p["boards"] for p in parts]),
            np.concatenate([p["probs"] for p in parts]).astype(np.float32) / SCALE,
            np.concatenate([p["cls"] for p in parts]))


def summary(folder=DATA):
    """One line per set: shards, seeds, positions and classes."""
    lines = []
    groups = {}
    for p in sorted(pathlib.Path(folder).glob("*ply-*.npz")):
        kind, plies, _ = p.stem.split("-")
        groups.setdefault((kind, plies), []).append(p)
    for (kind, plies), paths in sorted(groups.items()):
        n = crashed = games = 0
        seeds = []
        for p in paths:
            z = np.load(p)
            n += len(z["cls"])
            crashed += int((z["cls"] == 4).sum())
            games += int(z["games"])
            seeds.append(int(z["seed"]))
        size = sum(p.stat().st_size for p in paths)
        lines.append(f"{kind} {plies}: {len(paths)} shards, seeds {min(seeds)}-{max(seeds)}, {games} games, "
                     f"{n} positions ({crashed} crashed), {size / 1e6:.2f} MB")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", choices=sorted(SEED_BASE), default="train")
    parser.add_argument("--shards", default="0", help="shard numbers, e.g. 0-15 or 0,3")
    parser.add_argument("--plies", type=int, choices=[0, 1, 2], default=1)
    parser.add_argument("--games", type=int, default=200, help="self-play games per shard")
    parser.add_argument("--keep", type=float, default=1.0, help="fraction of each game's positions kept")
    parser.add_argument("--siblings", type=int, default=6, help="plays per position of a siblings shard")
    parser.add_argument("--weights", default=str(ROOT / "game" / "bot" / "weights.bin"),
                        help="the nets that play the self-play games")
    parser.add_argument("--td-train", default="/tmp/t41/td_train", help="the compiled tools/bot/td_train.c")
    parser.add_argument("--folder", default=str(DATA))
    parser.add_argument("--summary", action="store_true", help="describe the shards written and stop")
    parser.add_argument("--close", type=float, default=0.0, metavar="MARGIN",
                        help="relabel at --plies the close rolls (two best plays within MARGIN by the --base "
                             "labels) of the siblings shards given by --shards (race shards with --set race)")
    parser.add_argument("--limit", type=int, default=0, help="--close: the first LIMIT close rolls of a shard only")
    parser.add_argument("--top", type=int, default=0, help="--close: the TOP best plays of a close roll only")
    parser.add_argument("--base", type=int, default=1, help="--close: the plies of the labels relabelled")
    parser.add_argument("--regroup", action="store_true",
                        help="rebuild the roll numbers (groups/) of the siblings shards given by --shards")
    args = parser.parse_args(argv)
    if args.summary:
        print(summary(args.folder))
        return
    if args.close:
        for k in parse_range(args.shards):
            kind = "race" if args.set == "race" else "siblings"
            done = relabel_close(k, args.plies, args.close, args.folder, args.limit, kind, args.base, args.top)
            name = shard_path(kind, args.plies, k, args.folder).name
            print(f"{name}: " + ("already written, skipped" if done is None else
                                 f"{done[0]} positions of {done[1]} close rolls, {done[2]:.0f} s"), flush=True)
        return
    sys.path.insert(0, str(ROOT / "tools" / "bot"))
    import train
    with tempfile.TemporaryDirectory() as tmp:
        raw = str(pathlib.Path(tmp) / "w.raw")
        train.to_raw(args.weights, raw)
        nets = hashlib.sha256(pathlib.Path(args.weights).read_bytes()).hexdigest()[:16]
        for k in parse_range(args.shards):
            if args.regroup:
                t0 = time.time()
                rolls = regroup(k, args.td_train, raw, args.plies, args.folder, args.siblings)
                print(f"{group_path(k, args.plies, args.folder).name}: "
                      + ("already written, skipped" if rolls is None else f"{rolls} rolls, {time.time() - t0:.0f} s"),
                      flush=True)
                continue
            done = make_shard(args.set, args.plies, k, args.td_train, raw, args.games, args.keep, args.folder,
                              args.siblings, nets)
            name = shard_path(args.set, args.plies, k, args.folder).name
            if done is None:
                print(f"{name}: already written, skipped", flush=True)
            else:
                print(f"{name}: {done[0]} positions, {done[1]:.0f} s", flush=True)


if __name__ == "__main__":
    main()

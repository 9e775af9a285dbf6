r"""How close the nets come to GNU Backgammon 2-ply, on positions never fitted to (development only).

Two figures per weights file, every file measured in the same run on the
same positions (the first file is the reference of the paired differences):

* **positions**: the mean absolute difference in cubeless money equity
  between the game's evaluator (the contact net here: the shards hold
  contact and crashed positions) and GNU Backgammon's 2-ply values, the
  labels of ``tools/bot/teacher_data.py`` shards of a held-out set;
* **decisions**: for a position of those shards and dice drawn for it
  (``random.Random(SEED * 1_000_003 + i)`` for the ``i``-th position used),
  the play the net rates best at 0-ply against GNU Backgammon 2-ply's best
  play (``gnubg_nn.best_move(board, d1, d2, 2)``): how often it is the same
  play, and the equity the net's play loses by GNU Backgammon 2-ply's values
  of both (each play's resulting position valued by
  ``gnubg_nn.probabilities(..., 2)``, from the other side).  GNU Backgammon's
  own 0-ply and 1-ply plays are judged beside, as yardsticks, and with
  ``--levels`` the bot's plays at those levels (its look-ahead on each
  weights file's nets; the pruning net stays the shipped one), a level's
  settings changed after a colon (``expert:blend=1``: the expert without its
  blend of 0-ply and 1-ply values).  Rolls with one
  legal play or none are not decisions and are skipped.

Positions whose board is also in a training shard are left out.

    python3 tools/bot/bench_teacher.py --set dev --weights game/bot/weights.bin /tmp/t41/a.bin
    python3 tools/bot/bench_teacher.py --set test --decisions 1500 --weights OLD.bin NEW.bin
    python3 tools/bot/bench_teacher.py --set dev --decisions 400 --levels expert --weights game/bot/weights.bin
"""

import argparse
import math
import pathlib
import random
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools" / "bot"))

import teacher_data  # noqa: E402

DICE_SEED = {"dev": 48, "test": 49}


def equity(p):
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def mean_se(values):
    v = np.asarray(values, dtype=float)
    return v.mean(), (v.std(ddof=1) / math.sqrt(len(v)) if len(v) > 1 else 0.0)


def held_out(kind):
    """The 2-ply positions of a held-out set, less any board also in a training shard."""
    boards, probs, cls = teacher_data.load(kind, 2)
    seen = set()
    for kind in teacher_data.TRAINING_SETS:
        for plies in (1, 2):
            tb, _, _ = teacher_data.load(kind, plies)
            seen.update(bytes(b) for b in tb)
    keep = np.array([bytes(b) not in seen for b in boards], dtype=bool)
    return boards[keep], probs[keep], cls[keep], int((~keep).sum())


def use(nets):
    from game.bot import net
    net._nets = nets


def position_errors(boards, probs):
    """|Δ equity| of the current nets against the targets, per position."""
    from game.bot import evaluator
    out = np.zeros(len(boards))
    for i, b in enumerate(boards.tolist()):
        p = evaluator.evaluate(tuple(b[:25]), tuple(b[25:]))
        out[i] = abs(equity(p) - equity(probs[i]))
    return out


def net_choice(mine, theirs, d1, d2):
    """The current nets' best play at 0-ply, as ``(mine_after, theirs_after)`` from the opponent's side."""
    from game.bot import evaluator
    afters = evaluator.play_results(mine, theirs, d1, d2)
    if len(afters) < 2:
        return None, len(afters)
    values = [equity(p) for p in evaluator.evaluate_plays(mine, theirs, afters)]
    best = max(range(len(afters)), key=values.__getitem__)
    return tuple(map(tuple, afters[best])), len(afters)


def level_choice(bot, mine, theirs, d1, d2):
    """The bot's play at its level, in the form of :func:`net_choice`."""
    from game import Position
    position = Position(mine, theirs)
    after = position.play(bot.choose_move(position, (d1, d2)))
    return (tuple(after.mine), tuple(after.theirs))


def gnubg_choice(mine, theirs, d1, d2, plies):
    """GNU Backgammon's best play at ``plies``, in the form of :func:`net_choice`."""
    from game import Position
    import bench_strength
    r = bench_strength.gnubg_player(Position(mine, theirs), (d1, d2), plies)
    return (tuple(r.mine), tuple(r.theirs))


def gnubg_value(after, cache):
    """GNU Backgammon 2-ply's cubeless equity of a play's result, for the player who played it."""
    if after not in cache:
        a_mine, a_theirs = after
        if not any(a_theirs):
            from game.bot import evaluator
            cache[after] = equity(evaluator.finished_probs(a_mine))
        else:
            import gnubg_nn
            cache[after] = -equity(gnubg_nn.probabilities([list(a_theirs), list(a_mine)], 2))
    return cache[after]


def decisions(boards, count, seed, weight_sets, names, levels=(), log=print):
    """Same-play rate and loss per player: ``{name: (same list, loss list)}``.

    ``levels``: the bot's levels judged beside, each with every weights set."""
    import bench_strength
    bots = {f"{name} {level}": (nets, bench_strength.level_bot(level, 0)) for name, nets in zip(names, weight_sets)
            for level in levels}
    players = list(names) + list(bots) + ["gnubg 0-ply", "gnubg 1-ply"]
    got = {n: ([], []) for n in players}
    used = 0
    t0 = time.time()
    for i, b in enumerate(boards.tolist()):
        if used >= count:
            break
        rng = random.Random(seed * 1_000_003 + i)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        mine, theirs = tuple(b[:25]), tuple(b[25:])
        choices = {}
        for name, nets in zip(names, weight_sets):
            use(nets)
            choices[name], n = net_choice(mine, theirs, d1, d2)
        if n < 2:
            continue
        used += 1
        for name, (nets, bot) in bots.items():
            use(nets)
            choices[name] = level_choice(bot, mine, theirs, d1, d2)
        choices["gnubg 0-ply"] = gnubg_choice(mine, theirs, d1, d2, 0)
        choices["gnubg 1-ply"] = gnubg_choice(mine, theirs, d1, d2, 1)
        best = gnubg_choice(mine, theirs, d1, d2, 2)
        cache = {}
        for name in players:
            same = choices[name] == best
            got[name][0].append(1.0 if same else 0.0)
            got[name][1].append(0.0 if same else gnubg_value(best, cache) - gnubg_value(choices[name], cache))
        if used % 250 == 0:
            log(f"  {used} decisions ({time.time() - t0:.0f} s)")
    return got


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", choices=["dev", "test"], default="dev")
    parser.add_argument("--weights", nargs="+", required=True, help="weights files; the first is the reference")
    parser.add_argument("--decisions", type=int, default=0, help="checker decisions to judge (0: none)")
    parser.add_argument("--levels", nargs="*", default=[],
                        help="the bot's levels judged beside each weights file's 0-ply: a name, and settings "
                             "changed after a colon (expert:blend=1)")
    args = parser.parse_args(argv)
    from game.bot import net
    weight_sets = [net.parse(pathlib.Path(w).read_bytes()) for w in args.weights]
    names = [pathlib.Path(w).name if args.weights.count(w) == 1 else w for w in args.weights]
    names = [f"{k}:{n}" for k, n in enumerate(names)]
    boards, probs, cls, dropped = held_out(args.set)
    seeds = sorted({int(np.load(p)["seed"]) for p in teacher_data.DATA.glob(f"{args.set}-2ply-*.npz")})
    print(f"{args.set} positions: {len(boards)} (2-ply labels, self-play seeds {seeds}; "
          f"{dropped} left out as also in training shards)", flush=True)
    errs = []
    for name, nets in zip(names, weight_sets):
        use(nets)
        e = position_errors(boards, probs)
        errs.append(e)
        parts = []
        for c in (5, 4):
            m = cls == c
            if m.any():
                cm, cs = mean_se(e[m])
                parts.append(f"{teacher_data.CLASS_NAMES[c]} {cm:.4f} ± {cs:.4f} ({int(m.sum())})")
        mean, se = mean_se(e)
        print(f"{name}: mean |Δ equity| vs gnubg 2-ply {mean:.4f} ± {se:.4f}; " + ", ".join(parts), flush=True)
    for name, e in zip(names[1:], errs[1:]):
        d, s = mean_se(e - errs[0])
        print(f"{name} - {names[0]}: {d:+.4f} ± {s:.4f} (paired)", flush=True)
    if args.decisions:
        got = decisions(boards, args.decisions, DICE_SEED[args.set], weight_sets, names, args.levels)
        n = len(next(iter(got.values()))[0])
        print(f"{n} checker decisions ({args.set} positions, dice of Random({DICE_SEED[args.set]} * 1000003 + i)), "
              f"judged by gnubg 2-ply:", flush=True)
        for name, (same, loss) in got.items():
            sm, ss = mean_se(same)
            lm, ls = mean_se(loss)
            print(f"{name}: same play as gnubg 2-ply {100 * sm:.1f} ± {100 * ss:.1f} %, "
                  f"equity lost {1000 * lm:.2f} ± {1000 * ls:.2f} millipoints a decision", flush=True)
        ref = got[names[0]]
        for name in [n for n in got if n != names[0] and not n.startswith("gnubg")]:
            ds, ss = mean_se(np.array(got[name][0]) - np.array(ref[0]))
            dl, sl = mean_se(np.array(got[name][1]) - np.array(ref[1]))
            print(f"{name} - {names[0]}: same play {100 * ds:+.1f} ± {100 * ss:.1f} points, "
                  f"loss {1000 * dl:+.2f} ± {1000 * sl:.2f} millipoints (paired)", flush=True)


if __name__ == "__main__":
    main()

"""The C self-play trainer agrees with the engine and with the Python net.

The trainer (tools/bot/td_train.c) has its own move generator and its own
copy of the input encoding; these tests check both against the shipped
Python code, so weights it writes mean the same thing in the browser.
"""

import os
import pathlib
import random
import shutil
import struct
import subprocess
import sys

import pytest

from game import Position
from game.bot.evaluator import is_race
from game.bot.net import load

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "bot"))
import train  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is needed to build the trainer")


@pytest.fixture(scope="module")
def trainer(tmp_path_factory):
    return train.build(tmp_path_factory.mktemp("td"))


def positions(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        position = Position.start()
        while position.winner() is None and len(out) < count:
            out.append(position)
            results = position.legal_moves((rng.randint(1, 6), rng.randint(1, 6))).results()
            position = rng.choice(results) if results else position.swapped()
    return out


def test_trainer_generates_the_engines_legal_plays(trainer):
    rng = random.Random(3)
    cases = [(p, (rng.randint(1, 6), rng.randint(1, 6))) for p in positions(1500, seed=21)]
    text = "".join(" ".join(map(str, p.mine + p.theirs)) + f" {d[0]} {d[1]}\n" for p, d in cases)
    lines = subprocess.run([str(trainer), "moves"], input=text, capture_output=True, text=True,
                           check=True).stdout.splitlines()
    assert len(lines) == len(cases)
    for (position, dice), line in zip(cases, lines):
        got = set()
        for item in line.split()[1:]:
            mine, theirs = item.split("/")
            got.add((tuple(map(int, mine.strip(",").split(","))), tuple(map(int, theirs.strip(",").split(",")))))
        assert got == {(r.mine, r.theirs) for r in position.legal_moves(dice).results()}


def test_trainer_and_python_net_give_the_same_outputs(trainer, tmp_path):
    raw = tmp_path / "raw.bin"
    train.to_raw(ROOT / "game" / "bot" / "weights.bin", raw)
    cases = positions(300, seed=22)
    text = "".join(" ".join(map(str, p.mine + p.theirs)) + "\n" for p in cases)
    lines = subprocess.run([str(trainer), "eval", str(raw)], input=text, capture_output=True, text=True,
                           check=True).stdout.splitlines()
    contact, race = load()
    for position, line in zip(cases, lines):
        c = [float(x) for x in line.split()]
        net = race if is_race(position.mine, position.theirs) else contact
        sums = net.sums(position.mine, position.theirs)
        from math import exp
        hidden = [1 / (1 + exp(-x)) for x in sums]
        raw_out = [1 / (1 + exp(-(b + sum(w * h for w, h in zip(row, hidden))))) for row, b in zip(net.w2, net.b2)]
        assert c == pytest.approx(raw_out, abs=2e-5)


def test_trainer_and_python_compute_the_same_hand_made_inputs(trainer):
    from game.bot.features import values
    cases = positions(1500, seed=23)   # random plays: blots, hits and the bar are frequent
    text = "".join(" ".join(map(str, p.mine + p.theirs)) + "\n" for p in cases)
    lines = subprocess.run([str(trainer), "features"], input=text, capture_output=True, text=True,
                           check=True).stdout.splitlines()
    assert len(lines) == len(cases)
    for position, line in zip(cases, lines):
        assert [float(x) for x in line.split()] == pytest.approx(values(position.mine, position.theirs, 24),
                                                                  abs=1e-6)


def test_a_net_that_gains_the_hand_made_inputs_keeps_its_outputs(trainer, tmp_path):
    # Given a contact net on the raw inputs only
    raw_only = tmp_path / "raw_only.bin"
    env = dict(os.environ, TD_RAW_ONLY="1")
    subprocess.run([str(trainer), "train", str(raw_only), "2", "5"], env=env, check=True, capture_output=True)
    # When training continues from it (learning rate 0: the weights cannot move)
    grown = tmp_path / "grown.bin"
    subprocess.run([str(trainer), "train", str(grown), "1", "6", str(raw_only), "0", "0"], check=True,
                   capture_output=True)
    # and again from that one with the first group only (TD_INPUTS=220), or the first two (226)
    first = tmp_path / "first.bin"
    subprocess.run([str(trainer), "train", str(first), "1", "6", str(raw_only), "0", "0"], check=True,
                   capture_output=True, env=dict(os.environ, TD_INPUTS="220"))
    two = tmp_path / "two.bin"
    subprocess.run([str(trainer), "train", str(two), "1", "6", str(raw_only), "0", "0"], check=True,
                   capture_output=True, env=dict(os.environ, TD_INPUTS="226"))
    # Then the contact net reads the 24 hand-made inputs (or the first 12 or 18) and answers exactly as before
    assert struct.unpack_from("<ii", raw_only.read_bytes(), 0) == (208, 128)
    assert struct.unpack_from("<ii", grown.read_bytes(), 0) == (232, 128)
    assert struct.unpack_from("<ii", first.read_bytes(), 0) == (220, 128)
    assert struct.unpack_from("<ii", two.read_bytes(), 0) == (226, 128)
    text = "".join(" ".join(map(str, p.mine + p.theirs)) + "\n" for p in positions(200, seed=24))
    outs = [subprocess.run([str(trainer), "eval", str(w)], input=text, capture_output=True,
                           text=True, check=True).stdout for w in (raw_only, grown, first, two)]
    assert len(set(outs)) == 1 and len(outs[0].splitlines()) == 200


def _raw_one_ply(mine, theirs, contact, race):
    """The 1-ply value ``td_train gen`` writes, from the nets alone (no bear-off database):
    for each roll the mover's best play by the nets, averaged over the 36 rolls."""
    from game.bot.evaluator import ROLLS, equity, flip, play_results

    def nets(m, t):
        return (race if is_race(m, t) else contact).evaluate(m, t)

    total = [0.0] * 5
    for d1, d2, w in ROLLS:
        afters = play_results(mine, theirs, d1, d2)
        if afters:
            p = max((flip(nets(m, t)) for m, t in afters), key=equity)
        else:
            p = flip(nets(theirs, mine))
        total = [a + w * b for a, b in zip(total, p)]
    return [t / 36 for t in total]


def test_gen_writes_contact_positions_with_their_one_ply_values(trainer, tmp_path):
    import numpy as np   # a dev requirement (pyproject.toml): fit.py reads the records with it
    import fit
    from game.bot.net import encode
    # Given the shipped nets, when td_train plays 2 self-play games (half the plays exploring)
    raw, out = tmp_path / "raw.bin", tmp_path / "gen.dat"
    train.to_raw(ROOT / "game" / "bot" / "weights.bin", raw)
    env = dict(os.environ, GEN_EXPLORE="0.5")
    subprocess.run([str(trainer), "gen", str(raw), str(out), "2", "9", "1"], env=env, check=True,
                   capture_output=True)
    records = fit.read_records([out])
    assert len(records) > 40
    # Then every record is a legal contact position, its inputs are those of game/bot/net.py,
    # and its target is the 1-ply value of the nets
    x = fit.encode(records["b"], records["f"])
    wide = fit.encode(records["b"][:40], records["f"][:40], fit.extra_inputs(records["b"][:40]))
    wider = fit.encode(records["b"][:40], records["f"][:40], fit.extra_inputs(records["b"][:40], 24))
    contact, race = load()
    for row, row18, row24, rec in zip(x, wide, wider, records[:40]):
        mine, theirs = tuple(int(v) for v in rec["b"][:25]), tuple(int(v) for v in rec["b"][25:])
        Position(mine, theirs)
        assert not is_race(mine, theirs)
        assert row.tolist() == pytest.approx(encode(mine, theirs, features=True), abs=1e-6)
        assert row18.tolist() == pytest.approx(encode(mine, theirs, features=18), abs=1e-6)   # fit.py --inputs 226
        assert row24.tolist() == pytest.approx(encode(mine, theirs, features=24), abs=1e-6)   # fit.py --inputs 232
        assert rec["t"].tolist() == pytest.approx(_raw_one_ply(mine, theirs, contact, race), abs=1e-4)
    assert np.all(records["t"] >= 0) and np.all(records["t"] <= 1)


def test_gen_rollouts_of_depth_one_over_36_trials_are_the_one_ply_values(trainer, tmp_path):
    import numpy as np
    import fit
    # Given the shipped nets and the same self-play seed
    raw = tmp_path / "raw.bin"
    train.to_raw(ROOT / "game" / "bot" / "weights.bin", raw)
    ply, roll = tmp_path / "ply.dat", tmp_path / "roll.dat"
    subprocess.run([str(trainer), "gen", str(raw), str(ply), "2", "9", "1"], check=True, capture_output=True)
    # When the targets are truncated rollouts of one play with the first roll stratified over 36 trials
    env = dict(os.environ, GEN_TRIALS="36", GEN_DEPTH="1")
    subprocess.run([str(trainer), "gen", str(raw), str(roll), "2", "9", "1"], env=env, check=True,
                   capture_output=True)
    a, b = fit.read_records([ply]), fit.read_records([roll])
    # Then the same positions come out, with the 1-ply values as targets
    assert len(a) == len(b) > 20
    assert np.array_equal(a["b"], b["b"])
    assert np.abs(a["t"] - b["t"]).max() < 1e-5


def test_gen_rollout_targets_are_probabilities_near_the_one_ply_values(trainer, tmp_path):
    import numpy as np
    import fit
    # Given rollouts of 36 trials, 6 plays deep (the rollouts draw dice, so the games differ)
    raw, roll = tmp_path / "raw.bin", tmp_path / "roll.dat"
    train.to_raw(ROOT / "game" / "bot" / "weights.bin", raw)
    env = dict(os.environ, GEN_TRIALS="36", GEN_DEPTH="6")
    subprocess.run([str(trainer), "gen", str(raw), str(roll), "1", "5", "1"], env=env, check=True,
                   capture_output=True)
    records = fit.read_records([roll])
    # Then the targets are consistent probabilities (bg <= gammon <= win) of contact positions
    t = records["t"]
    assert len(t) > 10
    assert np.all(t >= 0) and np.all(t <= 1)
    assert np.all(t[:, 2] <= t[:, 1] + 1e-6) and np.all(t[:, 1] <= t[:, 0] + 1e-6)
    assert np.all(t[:, 4] <= t[:, 3] + 1e-6) and np.all(t[:, 3] <= 1 - t[:, 0] + 1e-6)
    # and near the nets' 1-ply values, without being them (six plays of real dice lie between)
    contact, race = load()
    gaps = []
    for rec in records[:12]:
        mine, theirs = tuple(int(v) for v in rec["b"][:25]), tuple(int(v) for v in rec["b"][25:])
        assert not is_race(mine, theirs)
        gaps.append(abs(rec["t"][0] - _raw_one_ply(mine, theirs, contact, race)[0]))
    assert 0 < sum(gaps) / len(gaps) < 0.15


def test_race_rollouts_played_to_the_end_agree_with_gnubg(trainer, tmp_path):
    import numpy as np
    import fit
    import gnubg_nn
    # Given luck-free rollouts of races from self-play, each trial played to the end of the game
    raw, roll = tmp_path / "raw.bin", tmp_path / "race.dat"
    train.to_raw(ROOT / "game" / "bot" / "weights.bin", raw)
    env = dict(os.environ, GEN_RACE="1", GEN_TRIALS="36", GEN_DEPTH="200", GEN_VR="1")
    # (4 games: how many of their positions are races depends on the nets; 27 when written)
    subprocess.run([str(trainer), "gen", str(raw), str(roll), "4", "5", "0"], env=env, check=True,
                   capture_output=True)
    records = fit.read_records([roll])
    assert len(records) > 10
    # Then every record is a race, its target a consistent set of chances
    t = records["t"]
    assert np.all(t >= 0) and np.all(t <= 1)
    assert np.all(t[:, 1] <= t[:, 0] + 1e-6) and np.all(t[:, 3] <= 1 - t[:, 0] + 1e-6)
    gaps = []
    for rec in records:
        mine, theirs = [int(v) for v in rec["b"][:25]], [int(v) for v in rec["b"][25:]]
        assert is_race(tuple(mine), tuple(theirs))
        ref = gnubg_nn.probabilities([theirs, mine], 0)
        gaps.append(abs(rec["t"][0] - ref[0]) + abs(rec["t"][1] - ref[1]) + abs(rec["t"][3] - ref[3]))
    # and close to GNU Backgammon's own race evaluation (a program of its own, not ours)
    # (about 0.004 a position here; the values of the race net before stage 12 were about 0.02 away)
    assert sum(gaps) / len(gaps) < 0.012


def _values(trainer, raw, cases, seed, ply=1, **env):
    text = "".join(" ".join(map(str, p.mine + p.theirs)) + "\n" for p in cases)
    out = subprocess.run([str(trainer), "value", str(raw), str(seed), str(ply)], input=text, text=True,
                         capture_output=True, check=True, env=dict(os.environ, **env)).stdout
    return [list(map(float, line.split())) for line in out.splitlines()]


def _equity(p):
    return 2 * p[0] - 1 + p[1] - p[3] + p[2] - p[4]


def test_rollouts_without_the_luck_of_the_dice_keep_the_mean_and_lose_the_noise(trainer, tmp_path):
    import statistics
    raw = tmp_path / "raw.bin"
    train.to_raw(ROOT / "game" / "bot" / "weights.bin", raw)
    cases = [p for p in positions(60, seed=31) if p.legal_moves((6, 5))][5:60:5]
    # Given two plays of rollout with every later roll's luck taken out: the first roll stratified,
    # the second roll's luck measured against its 21-roll average
    two = _values(trainer, raw, cases, 1, GEN_TRIALS="36", GEN_DEPTH="2", GEN_VR="1")
    # Then that is exactly the 2-ply value, whatever the dice drawn
    assert len(two) == len(cases) == 11
    for got, want in zip(two, _values(trainer, raw, cases, 1, ply=2)):
        assert got == pytest.approx(want, abs=5e-5)
    # And deeper rollouts (4 plays) vary far less from one seed to the next than plain ones,
    # and agree with them on average
    plain = [[_equity(p) for p in _values(trainer, raw, cases, s, GEN_TRIALS="36", GEN_DEPTH="4")]
             for s in (1, 2)]
    luck_runs = [_values(trainer, raw, cases, s, GEN_TRIALS="36", GEN_DEPTH="4", GEN_VR="1") for s in (1, 2)]
    luck = [[_equity(p) for p in run] for run in luck_runs]
    spread_plain = statistics.pstdev(a - b for a, b in zip(*plain))
    spread_luck = statistics.pstdev(a - b for a, b in zip(*luck))
    assert spread_luck < spread_plain / 2
    mean_gap = statistics.mean((a + b - c - d) / 2 for a, b, c, d in zip(*plain, *luck))
    assert abs(mean_gap) < 0.05
    # and every luck-free rollout (both seeds' runs, already made) gives consistent chances
    for p in luck_runs[0] + luck_runs[1]:
        assert 0 <= p[2] <= p[1] <= p[0] <= 1 and 0 <= p[4] <= p[3] <= 1 - p[0] + 1e-6


def test_teacher_shards_hold_legal_contact_positions_with_gnubg_values_and_the_nets_inputs():
    import numpy as np
    import fit
    import teacher_data
    from game.bot.net import encode
    # Given a committed training shard of GNU Backgammon's values (tools/bot/teacher_data.py)
    path = teacher_data.shard_path("train", 1, 0)
    z = np.load(path)
    assert int(z["seed"]) == teacher_data.SEED_BASE["train"] and int(z["plies"]) == 1
    # When fit.py reads it
    boards, feats, targets, groups = fit.read_teacher([path])
    assert np.all(groups == -1)  # a train shard has no rolls of siblings
    x = fit.encode(boards[:30], feats[:30], fit.extra_inputs(boards[:30], 24))
    # Then every position is a legal contact position, its inputs are those of game/bot/net.py,
    # and its targets are probabilities with bg <= gammon <= win on both sides
    for row, b in zip(x, boards[:30].tolist()):
        mine, theirs = tuple(b[:25]), tuple(b[25:])
        Position(mine, theirs)
        assert not is_race(mine, theirs)
        assert row.tolist() == pytest.approx(encode(mine, theirs, features=24), abs=1e-6)
    assert np.all(targets >= 0) and np.all(targets <= 1)
    assert np.all(targets[:, 2] <= targets[:, 1] + 1e-4) and np.all(targets[:, 1] <= targets[:, 0] + 1e-4)
    assert np.all(targets[:, 4] <= targets[:, 3] + 1e-4) and np.all(targets[:, 3] <= 1 - targets[:, 0] + 1e-4)
    # and, where GNU Backgammon's package is installed, they are its 1-ply values of the player on roll
    gnubg_nn = pytest.importorskip("gnubg_nn")
    for b, t in zip(boards[:5], targets[:5]):
        assert list(gnubg_nn.probabilities(teacher_data.gnubg_board(b), 1)) == pytest.approx(t.tolist(), abs=2e-5)


def test_siblings_groups_hold_the_plays_of_one_roll_each():
    import numpy as np
    import teacher_data
    # Given a committed siblings shard and its roll numbers (teacher_data.py --regroup)
    z = np.load(teacher_data.shard_path("siblings", 1, 0))
    group = np.load(teacher_data.group_path(0))["group"]
    assert len(group) == len(z["boards"]) and np.all(np.diff(group) >= 0)
    # Then the plays of one roll come from one position: the mover (now not on roll) has
    # moved the same pips in each, and the side on roll differs only in blots sent to the bar
    boards = z["boards"].astype(int)
    same_pips = 0
    rolls = np.unique(group)
    for g in rolls:
        rows = boards[group == g]
        assert 1 <= len(rows) <= 6
        mover = rows[:, 25:]
        pips = (mover[:, :24] * np.arange(1, 25)).sum(axis=1) + 25 * mover[:, 24]
        same_pips += int(pips.min() == pips.max())
        on_roll = rows[:, :24]
        assert np.all((on_roll == on_roll[0]) | (np.minimum(on_roll, on_roll[0]) == 0) &
                      (np.maximum(on_roll, on_roll[0]) == 1))
    assert same_pips >= 0.97 * len(rolls)


def test_race_shards_hold_every_play_of_one_roll_with_gnubg_race_values_for_the_side_on_roll():
    import numpy as np
    import fit
    import teacher_data
    from game.bot import evaluator
    # Given a committed race shard (teacher_data.py --set race) and its roll numbers
    path = teacher_data.shard_path("race", 0, 0)
    z = np.load(path)
    group = np.load(teacher_data.group_path(0, 0, kind="race"))["group"]
    boards, roots, dice = z["boards"].astype(int), z["roots"].astype(int), z["dice"].astype(int)
    assert int(z["seed"]) == teacher_data.SEED_BASE["race"] and int(z["plies"]) == 0
    assert len(group) == len(boards) and np.all(np.diff(group) >= 0)
    assert sorted(set(group.tolist())) == list(range(len(roots)))
    # Then the plays of each roll are exactly the results of every legal play of its position and dice
    for g in range(0, len(roots), max(1, len(roots) // 200)):
        mine, theirs = tuple(roots[g, :25].tolist()), tuple(roots[g, 25:].tolist())
        assert evaluator.is_race(mine, theirs)
        want = {tuple(a) + tuple(b) for a, b in evaluator.play_results(mine, theirs, *dice[g].tolist())}
        got = {tuple(b) for b in boards[group == g].tolist()}
        assert got == want and len(got) >= 2
    # and the labels are chances for the side on roll after the play, bg <= gammon <= win on both sides
    _, _, targets, groups = fit.read_teacher([path])
    assert np.array_equal(groups, group)
    assert np.all(targets >= 0) and np.all(targets <= 1)
    assert np.all(targets[:, 2] <= targets[:, 1] + 1e-4) and np.all(targets[:, 1] <= targets[:, 0] + 1e-4)
    assert np.all(targets[:, 4] <= targets[:, 3] + 1e-4) and np.all(targets[:, 3] <= 1 - targets[:, 0] + 1e-4)
    pips = lambda side: (side[:, :24] * np.arange(1, 25)).sum(axis=1) + 25 * side[:, 24]  # noqa: E731
    on_roll, mover = pips(boards[:, :25]), pips(boards[:, 25:])
    ahead = (on_roll < 0.6 * mover) & (mover >= 40)   # far ahead in a long enough race
    behind = (mover < 0.6 * on_roll) & (on_roll >= 40)
    assert ahead.sum() > 100 and behind.sum() > 100
    assert np.all(targets[ahead, 0] > 0.9) and np.all(targets[behind, 0] < 0.25)  # the side on roll is the first
    # and, where GNU Backgammon's package is installed, they are its 0-ply values
    gnubg_nn = pytest.importorskip("gnubg_nn")
    for b, t in zip(z["boards"][::997], targets[::997]):
        assert list(gnubg_nn.probabilities(teacher_data.gnubg_board(b), 0)) == pytest.approx(t.tolist(), abs=2e-5)

"""tools/bot/bench_strength.py keeps development dice and test dice apart.

The seeds that choose nets (development, 1-999) and the seeds that reports
quote (test, 1000 and above) are told apart by the tool itself, and every
run prints which dice it played.
"""

import doctest
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "bot"))
import bench_strength  # noqa: E402


def test_doctests_of_the_dice_rules_pass():
    failures, tried = doctest.testmod(bench_strength)
    assert tried >= 8 and failures == 0


@pytest.mark.parametrize("argv", [["--test", "999"], ["--dev", "1000"], ["--dev", "0"],
                                  ["--dev", "2", "--test", "2000"], ["--games", "7"]])
def test_dice_out_of_their_range_are_refused(argv, capsys):
    # Given a development seed among the test seeds (or the reverse), an odd game count
    # When the benchmark starts
    with pytest.raises(SystemExit) as exc:
        bench_strength.main(argv)
    # Then it stops with a usage error before playing any game
    assert exc.value.code == 2
    assert "dice:" not in capsys.readouterr().out


def test_a_fresh_test_seed_is_drawn_at_or_above_1000():
    seeds = {bench_strength.dice_seed(test=0)[1] for _ in range(20)}
    assert min(seeds) >= 1000
    assert len(seeds) > 1  # drawn fresh, not a constant


def test_a_run_names_its_dice_and_seeds_give_distinct_games(capsys, monkeypatch):
    # Given a stand-in opponent and bot player, so no game engine run is needed
    played = []

    def fake_game(first, second, seed):
        played.append(seed)
        return 1

    monkeypatch.setattr(bench_strength, "play_game", fake_game)
    # When two pairs are played on test dice 4321
    bench_strength.main(["--games", "4", "--opponent", "pubeval", "--test", "4321"])
    out = capsys.readouterr().out
    # Then the first line names the test seed, the figure names it again, a short run is flagged
    assert out.splitlines()[0].startswith("dice: TEST seed 4321")
    assert "not a report figure" in out
    assert "test seed 4321" in out.splitlines()[-1]
    # and each pair's two games use the pair's dice, seed * 1000003 + pair
    assert played == [4321 * 1000003, 4321 * 1000003, 4321 * 1000003 + 1, 4321 * 1000003 + 1]


def _fake_games(monkeypatch, points=lambda seed: 1 if seed % 3 else -2):
    """Stand-in games: the bot wins ``points(seed)`` from either seat; the seeds played."""
    played = []
    opponents = set(bench_strength.OPPONENTS.values())

    def fake_game(first, second, seed):
        played.append(seed)
        return -points(seed) if first in opponents else points(seed)

    monkeypatch.setattr(bench_strength, "play_game", fake_game)
    return played


def test_a_pair_log_goes_on_where_a_run_stopped_and_pools_every_pair(tmp_path, capsys, monkeypatch):
    import pair_log
    log = tmp_path / "pairs.jsonl"
    # Given a run of 3 pairs on development dice 7 kept in a pair log
    base = 7 * 1000003
    played = _fake_games(monkeypatch, points=lambda seed: [2, 1, -1, 3, 0][seed - base])
    bench_strength.main(["--games", "6", "--opponent", "pubeval", "--dev", "7", "--log", str(log)])
    assert played == [base, base, base + 1, base + 1, base + 2, base + 2]
    # When the same run asks for 5 pairs
    played.clear()
    capsys.readouterr()
    bench_strength.main(["--games", "10", "--opponent", "pubeval", "--dev", "7", "--log", str(log),
                         "--progress", "1"])
    out = capsys.readouterr().out
    # Then only pairs 3 and 4 are played, and the figure pools all five
    assert played == [base + 3, base + 3, base + 4, base + 4]
    assert "3 pairs of these 5 already in" in out
    # (points 2, 1, -1, 3, 0: mean 1, standard error sqrt(2.5 / 5))
    assert "+1.000 ± 0.707 ppg over 10 games" in out
    assert "10 games (pairs 0-4)" in out
    key_lines = log.read_text().splitlines()
    assert len(key_lines) == 5
    assert sorted(pair_log.read(log, __import__("json").loads(key_lines[0])["key"])) == [0, 1, 2, 3, 4]


def test_from_pair_plays_and_reports_the_later_pairs_only(tmp_path, capsys, monkeypatch):
    # Given pairs 0-3 of development dice 7, the bot scoring 4, 0, 2, 6 on them
    base = 7 * 1000003
    played = _fake_games(monkeypatch, points=lambda seed: [4, 0, 2, 6][seed - base])
    # When a run of 8 games starts at pair 2
    bench_strength.main(["--games", "8", "--opponent", "pubeval", "--dev", "7", "--from-pair", "2"])
    out = capsys.readouterr().out
    # Then only pairs 2 and 3 are played, named on the first line, and the figure is theirs
    assert played == [base + 2, base + 2, base + 3, base + 3]
    assert out.startswith("dice: development seed 7 (pairs 2-3,")
    assert "+4.000 ± 2.000 ppg over 4 games" in out


def test_a_from_pair_beyond_the_run_is_refused(capsys):
    with pytest.raises(SystemExit) as exc:
        bench_strength.main(["--games", "8", "--from-pair", "4"])
    assert exc.value.code == 2
    assert "--from-pair must be from 0 to 3" in capsys.readouterr().err


def test_a_pair_log_keeps_apart_other_levels_and_other_dice(tmp_path, monkeypatch):
    log = tmp_path / "pairs.jsonl"
    played = _fake_games(monkeypatch)
    bench_strength.main(["--games", "2", "--opponent", "pubeval", "--dev", "7", "--log", str(log)])
    # Given one pair logged for the expert on development dice 7
    # When another level, other dice, or the other opponent ask for it
    for argv in (["--level", "0-ply", "--dev", "7"], ["--dev", "8"], ["--opponent", "gnubg", "--dev", "7"]):
        played.clear()
        if "--opponent" not in argv:
            argv = argv + ["--opponent", "pubeval"]
        monkeypatch.setitem(bench_strength.OPPONENTS, "gnubg", bench_strength.pubeval_player)
        bench_strength.main(["--games", "2", "--log", str(log)] + argv)
        # Then the pair is played again, for that run
        assert len(played) == 2, argv
    assert len(log.read_text().splitlines()) == 4


def test_a_changed_level_setting_starts_its_pairs_again(tmp_path, monkeypatch):
    from game.bot.bot import LEVELS
    log = tmp_path / "pairs.jsonl"
    played = _fake_games(monkeypatch)
    bench_strength.main(["--games", "2", "--opponent", "pubeval", "--dev", "7", "--log", str(log)])
    # Given the expert's settings changed since its pair was logged
    monkeypatch.setitem(LEVELS, "expert", dict(LEVELS["expert"], keep=LEVELS["expert"]["keep"] + 1))
    played.clear()
    bench_strength.main(["--games", "2", "--opponent", "pubeval", "--dev", "7", "--log", str(log)])
    # Then the logged pair is not reused
    assert len(played) == 2


def test_a_damaged_pair_log_is_refused_before_any_game(tmp_path, capsys, monkeypatch):
    log = tmp_path / "pairs.jsonl"
    log.write_text('{"key": {}, "pair": 0, "points": 1}\nnot json\n')
    played = _fake_games(monkeypatch)
    with pytest.raises(SystemExit) as exc:
        bench_strength.main(["--games", "2", "--opponent", "pubeval", "--log", str(log)])
    assert exc.value.code == 2
    assert played == []
    assert "pairs.jsonl:2: not a pair result" in capsys.readouterr().err
    assert log.read_text().count("\n") == 2  # unchanged


def test_pair_log_doctests_pass():
    import pair_log
    failures, tried = doctest.testmod(pair_log)
    assert tried >= 6 and failures == 0


def test_error_rates_are_judged_by_a_filtered_one_ply_and_ordered_on_a_clear_blunder():
    import bench_levels
    from game import Position
    from game.bot import Bot
    # Given the opening 6-5, where running 24/13 is far better than breaking the midpoint and the 8
    start = Position.start()
    greedy = Bot(level="expert")
    # When the expert and a player who always picks the last-ranked play choose
    class Worst:
        def choose_move(self, position, dice):
            return greedy.hints(position, dice)[-1].move
    expert_loss, worst_loss = bench_levels.losses(start, (6, 5), [greedy, Worst()])
    # Then the judge's 1-ply finds no loss in the expert's 24/13 and a large one in the worst play
    assert expert_loss == 0.0
    assert worst_loss > bench_levels.ERROR


def test_cube_errors_are_weighed_from_the_side_that_decides():
    import bench_levels
    from game import Position
    from game.bot import Bot
    # Given a race the judge calls double and take
    race = Position.from_counts({6: 2, 5: 3, 4: 3, 3: 3, 2: 4}, {6: 3, 5: 3, 4: 3, 3: 3, 2: 3})
    judged = Bot(level="master").cube_equities(race)
    assert (judged.action, judged.response) == ("double", "take")

    class Timid:      # never doubles and always drops
        def cube_action(self, position):
            return "no_double"

        def take_decision(self, position):
            return "drop"

    # When the master and the timid player decide
    right = bench_levels.cube_losses(race, judged, Bot(level="master"))
    double_loss, take_loss = bench_levels.cube_losses(race, judged, Timid())
    # Then the master loses nothing, and the timid player loses what the judge's equities say
    assert right == (0.0, 0.0)
    assert double_loss == pytest.approx(judged.double_take - judged.no_double) and double_loss > 0
    assert take_loss == pytest.approx(judged.double_drop - judged.double_take) and take_loss > 0


def test_bench_levels_refuses_development_seeds_among_test_seeds():
    import bench_levels
    with pytest.raises(SystemExit) as exc:
        bench_levels.main(["--test", "12", "--decisions", "1"])
    assert exc.value.code == 2


def test_doctests_of_bench_levels_pass():
    import bench_levels
    failures, tried = doctest.testmod(bench_levels)
    assert tried >= 4 and failures == 0


def test_where_lost_values_every_legal_result_with_gnubg_and_counts_every_decision():
    import random as _random
    import where_lost
    from game import Position
    failures, tried = doctest.testmod(where_lost)
    assert tried >= 1 and failures == 0
    # Given positions of a game, GNU Backgammon values exactly our legal results
    rng = _random.Random(5)
    position = Position.start()
    for _ in range(12):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = position.legal_moves(dice)
        if not plays:
            position = position.swapped()
            continue
        values = where_lost.gnubg_values(position, dice)
        assert set(values) == {(r.theirs, r.mine) for r in plays.results()}   # results: the opponent on roll
        position = position.play(plays[0])
    # and every counted decision is in one class, each loss at least 0
    table = where_lost.losses_by_class(3, 40)
    assert sum(n for n, _, _ in table.values()) == 40
    assert all(loss >= 0 and 0 <= big <= n for n, loss, big in table.values())


def test_judge_gnubg_finds_gnubgs_own_play_costless_and_a_blunder_costly():
    import judge_gnubg
    from game import Position
    from game.bot import Bot
    failures, tried = doctest.testmod(judge_gnubg)
    assert tried >= 3 and failures == 0
    # Given the opening 6-5, and a player who always picks the last-ranked play
    greedy = Bot(level="0-ply")

    def worst(position, dice):
        return position.play(greedy.hints(position, dice)[-1].move)

    chosen_by = judge_gnubg.players(["expert"], [0], 7) + [("worst", worst)]
    out = judge_gnubg.judged_losses([(Position.start(), (6, 5))], chosen_by, judge=1)
    # Then GNU Backgammon 1-ply finds nothing lost by 24/13 (ours or its 0-ply's) and much by the worst
    assert out["expert"][0] == [0.0] and out["gnubg-0"][0] == [0.0]
    assert out["worst"][0][0] > judge_gnubg.ERROR


def test_judge_gnubg_prints_every_player_and_the_paired_differences(capsys, tmp_path):
    import json
    import judge_gnubg
    saved = tmp_path / "losses.json"
    judge_gnubg.main(["--decisions", "3", "--dev", "5", "--level", "0-ply", "--gnubg", "0", "--judge", "0",
                      "--save", str(saved)])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("dice: development seed 5, 3 checker plays")
    assert out[-2].strip().startswith("0-ply:") and out[-1].strip().startswith("gnubg-0:   0.00 ± 0.00")
    assert "less the first" in out[-1]
    kept = json.loads(saved.read_text())
    assert kept["seed"] == 5 and kept["judge"] == 0
    assert len(kept["losses"]["0-ply"]) == 3 and kept["losses"]["gnubg-0"] == [0.0, 0.0, 0.0]
    with pytest.raises(SystemExit):
        judge_gnubg.main(["--test", "12"])


def test_pooled_figures_equal_the_figure_of_all_the_pairs():
    import random
    import pool_figures
    assert doctest.testmod(pool_figures).failed == 0
    # Given two disjoint sets of pair results and the figures a run prints for each
    rng = random.Random(5)
    first = [rng.choice([-3, -2, -1, 0, 1, 2]) / 2 for _ in range(570)]
    second = [rng.choice([-2, -1, 0, 1, 2, 3]) / 2 for _ in range(913)]
    parts = [(2 * len(part), *bench_strength.mean_se(part)) for part in (first, second)]
    # When they are pooled
    games, mean, se = pool_figures.pool(parts)
    # Then the figure is that of every pair together
    whole_mean, whole_se = bench_strength.mean_se(first + second)
    assert games == 2 * (570 + 913)
    assert mean == pytest.approx(whole_mean, abs=1e-12)
    assert se == pytest.approx(whole_se, rel=1e-9)


@pytest.mark.parametrize("text", ["1140:0.014", "1141:0.1:0.1", "x:0.1:0.1", "100:0.1:-1"])
def test_a_figure_not_games_mean_se_is_refused(text, capsys):
    import pool_figures
    with pytest.raises(SystemExit) as exc:
        pool_figures.main([text])
    assert exc.value.code == 2
    assert repr(text) in capsys.readouterr().err


def test_gnubg_against_itself_is_level_at_the_same_depth_and_names_its_dice(capsys):
    import bench_gnubg_plies
    assert doctest.testmod(bench_gnubg_plies).failed == 0
    # Given GNU Backgammon 0-ply in both seats, on development dice
    mean, se = bench_gnubg_plies.main(["--games", "8", "--plies", "0", "--against", "0", "--dev", "9"])
    out = capsys.readouterr().out.splitlines()
    # Then every duplicate pair is level, and the run names its dice first
    assert (mean, se) == (0.0, 0.0)
    assert out[0].startswith("dice: development seed 9 (pairs 0-3,")
    assert out[-1].startswith("GNU Backgammon 0-ply vs 0-ply: +0.000 ± 0.000 ppg over 8 games")
    # And the depth reaches the player: on these dice the 1-ply plays otherwise, and the pairs differ
    mean1, se1 = bench_gnubg_plies.main(["--games", "8", "--plies", "1", "--dev", "9"])
    assert mean1 != 0.0 and se1 > 0


@pytest.mark.parametrize("argv", [["--games", "7"], ["--test", "12"], ["--plies", "3"]])
def test_gnubg_against_itself_refuses_bad_options(argv):
    import bench_gnubg_plies
    with pytest.raises(SystemExit) as exc:
        bench_gnubg_plies.main(argv)
    assert exc.value.code == 2


def test_bench_race_measures_the_race_net_against_gnubg(capsys):
    import bench_race
    from game.bot import evaluator
    assert doctest.testmod(bench_race).failed == 0
    # Given race positions of a development seed
    positions = bench_race.race_positions(12, 5)
    assert len(positions) == 12
    assert all(evaluator.is_race(m, t) and bench_race.depends_on_race_net(m, t) for m, t in positions)
    # the app's value with the shipped nets is the evaluator's, and GNU Backgammon's is close to it
    nets = bench_race.net.load()
    for mine, theirs in positions[:4]:
        ours = bench_race.our_probabilities(nets, mine, theirs)
        assert ours == evaluator.evaluate(mine, theirs)
        assert abs(ours[0] - bench_race.gnubg_probabilities(mine, theirs)[0]) < 0.15
    # When a net that always says "even race, no gammons" is compared with the shipped one
    class Even:
        def evaluate(self, mine, theirs):
            return (0.5, 0.0, 0.0, 0.0, 0.0)
    values = {"shipped": [bench_race.our_probabilities(nets, m, t) for m, t in positions],
              "even": [bench_race.our_probabilities((nets[0], Even()), m, t) for m, t in positions]}
    reference = [bench_race.gnubg_probabilities(m, t) for m, t in positions]
    rows = bench_race.report(["shipped", "even"], positions, values, reference)
    # Then the even net is much further from GNU Backgammon, and the paired line says so
    assert sum(r[0] for r in rows["even"]) > 2 * sum(r[0] for r in rows["shipped"])
    out = capsys.readouterr().out
    assert "all races (12 positions):" in out and "even less shipped, |Δ equity| paired: +" in out
    with pytest.raises(SystemExit):
        bench_race.main(["--test", "12"])

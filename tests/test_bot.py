"""The bot: legal plays at every level, exact values, bear-off database, cube decisions."""

import random

import pytest

from game import Position
from game.bot import LEVELS, NO_LOOK_AHEAD, Bot, CubeContext
from game.bot import bearoff, net
from game.bot.evaluator import evaluate, evaluate_plays, play_results, flip, is_race


def home(*counts):
    """A side with ``counts`` on points 1-6 (the rest borne off)."""
    return {point: n for point, n in enumerate(counts, 1) if n}


def board(*counts):
    """A home board as the database wants it: counts on points 1-6."""
    return tuple(counts) + (0,) * (6 - len(counts))


def random_positions(count, seed):
    """Positions from games of random plays (hits, bar, bear-offs all occur)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        position = Position.start()
        while position.winner() is None and len(out) < count:
            out.append(position)
            results = position.legal_moves((rng.randint(1, 6), rng.randint(1, 6))).results()
            position = rng.choice(results) if results else position.swapped()
    return out


# --- plays ---------------------------------------------------------------------------------

@pytest.mark.parametrize("level", [level for level in LEVELS if level != "master"])
def test_every_play_is_legal_at_fast_levels(level):
    # Given random positions and rolls
    rng = random.Random(5)
    bot = Bot(level=level, seed=1)
    for position in random_positions(150, seed=11):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        # When the bot plays
        play = bot.choose_move(position, dice)
        plays = position.legal_moves(dice)
        # Then it is one of the legal plays (the very object), or None when none exists
        if plays:
            assert play in plays and any(play == p for p in plays)
        else:
            assert play is None


def test_every_play_is_legal_at_master_level():
    rng = random.Random(6)
    bot = Bot(level="master")
    for position in random_positions(200, seed=12)[::20]:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = bot.choose_move(position, dice)
        plays = position.legal_moves(dice)
        assert (play is None) if not plays else (play in plays and any(play == p for p in plays))


def test_no_legal_play_gives_none():
    # Given a checker on the bar against a closed board
    position = Position.from_counts({"bar": 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    assert Bot().choose_move(position, (6, 6)) is None


def test_same_seed_same_plays_at_noisy_levels():
    positions = random_positions(60, seed=13)
    first = [str(Bot("beginner", seed=4).choose_move(p, (5, 2))) for p in positions]
    again = [str(Bot("beginner", seed=4).choose_move(p, (5, 2))) for p in positions]
    assert first == again


def test_beginner_does_not_always_play_the_best_move():
    expert, beginner = Bot("expert"), Bot("beginner", seed=3)
    positions = random_positions(200, seed=14)[5::2]
    differ = 0
    for p in positions:
        if p.legal_moves((4, 2)):
            differ += str(expert.choose_move(p, (4, 2))) != str(beginner.choose_move(p, (4, 2)))
        if differ >= 5:   # the count only grows: once 5 are seen the rest cannot change the answer
            break
    assert differ >= 5


def _mean_loss(bot, cases, judged):
    """Mean 0-ply equity lost by ``bot``'s plays on (position, dice) cases; ``judged``: the
    0-ply hints of each case, in the same order (computed once for every bot measured)."""
    total = 0.0
    for (position, dice), hints in zip(cases, judged):
        value = {str(h.move): h.equity for h in hints}
        total += hints[0].equity - value[str(bot.choose_move(position, dice))]
    return total / len(cases)


def test_the_noisier_the_level_the_more_equity_it_loses():
    rng = random.Random(15)
    cases = [(p, (rng.randint(1, 6), rng.randint(1, 6))) for p in random_positions(240, seed=15)[::2]]
    cases = [(p, d) for p, d in cases if len(set(p.legal_moves(d).results())) > 1]
    judge = Bot(NO_LOOK_AHEAD)
    judged = [judge.hints(position, dice) for position, dice in cases]
    beginner = _mean_loss(Bot("beginner", seed=1), cases, judged)
    intermediate = _mean_loss(Bot("intermediate", seed=1), cases, judged)
    assert _mean_loss(Bot(NO_LOOK_AHEAD), cases, judged) == 0.0
    assert beginner > 1.5 * intermediate > 0.0


def test_noisy_levels_misjudge_cube_decisions_and_the_others_do_not():
    # Given a race where doubling is right and taking is a close call
    race = Position.from_counts({6: 2, 5: 3, 4: 3, 3: 3, 2: 4}, {6: 3, 5: 3, 4: 3, 3: 3, 2: 3})
    assert Bot().cube_action(race) == "double"
    for level in ("expert", "master"):
        assert len({Bot(level, seed=s).take_decision(race) for s in range(20)}) == 1
    beginner = Bot("beginner", seed=7)
    answers = [(beginner.cube_action(race), beginner.take_decision(race)) for _ in range(200)]
    assert {a for a, _ in answers} >= {"double", "no_double"}
    assert {t for _, t in answers} == {"take", "drop"}


def test_expert_makes_the_standard_opening_plays():
    bot, start = Bot(), Position.start()
    assert str(bot.choose_move(start, (3, 1))) == "8/5 6/5"
    assert str(bot.choose_move(start, (6, 1))) == "13/7 8/7"


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        Bot(level="grandmaster")


def test_hints_are_ranked_and_complete():
    position = Position.start()
    hints = Bot().hints(position, (4, 1))
    assert len(hints) == len(position.legal_moves((4, 1)))
    assert [h.equity for h in hints] == sorted((h.equity for h in hints), reverse=True)
    assert all(len(h.probabilities) == 5 for h in hints)
    assert len(Bot().hints(position, (4, 1), n=3)) == 3


def test_match_hints_carry_winning_chances():
    ctx = CubeContext(match_length=5, score_me=2, score_opponent=3)
    hints = Bot().hints(Position.start(), (6, 2), ctx=ctx)
    assert all(0.0 <= h.mwc <= 1.0 for h in hints)
    assert hints[0].mwc >= hints[-1].mwc


# --- evaluation ------------------------------------------------------------------------------

def test_finished_games_are_exact():
    # the player on roll has lost: the winner has borne off all his checkers
    assert Bot().evaluate(Position.from_counts({6: 15}, {})) == (0.0, 0.0, 0.0, 1.0, 0.0)
    assert evaluate((0,) * 24 + (1,), (0,) * 25) == (0.0, 0.0, 0.0, 0.0, 0.0)
    assert Bot().evaluate(Position.from_counts({6: 14}, {})) == (0.0, 0.0, 0.0, 0.0, 0.0)
    assert Bot().evaluate(Position.from_counts({20: 1, 6: 14}, {})) == (0.0, 0.0, 0.0, 1.0, 1.0)


def test_a_bear_off_win_is_certain_and_a_winning_play_is_exact():
    position = Position.from_counts({1: 1}, {6: 5})
    assert Bot().evaluate(position)[0] == 1.0
    afters = play_results(position.mine, position.theirs, 2, 1)
    assert evaluate_plays(position.mine, position.theirs, afters) == [(1.0, 0.0, 0.0, 0.0, 0.0)]


def test_incremental_evaluation_matches_full_evaluation():
    contact, race = net.load()
    for position in random_positions(40, seed=15):
        afters = play_results(position.mine, position.theirs, 5, 3)
        for after, p in zip(afters, evaluate_plays(position.mine, position.theirs, afters)):
            if any(after[1]) and not (is_race(*after) and not any(after[0][6:]) and not any(after[1][6:])):
                full = flip((race if is_race(*after) else contact).evaluate(*after))
                assert p == pytest.approx(full, abs=1e-9)


def test_a_net_reads_as_many_hand_made_inputs_as_it_has_rows_for():
    # Given nets of 220, 226 and 232 inputs with random weights
    rng = random.Random(7)
    start = Position.start()
    blots = (0, 0, 0, 0, 1, 4, 0, 3, 0, 0, 0, 1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0)
    for nin, count in ((net.NIN + net.NF, 12), (net.NIN + net.NF_ALL, 18), (net.NIN + net.NF3, 24)):
        h = 8
        w1 = [rng.uniform(-1, 1) for _ in range(nin * h)]
        b1 = [rng.uniform(-1, 1) for _ in range(h)]
        w2 = [rng.uniform(-1, 1) for _ in range(5 * h)]
        n = net.Net(h, w1, b1, w2, [0.0] * 5, nin)
        # Then its first-layer sums are those of the dense inputs (raw, then the first `count` hand-made ones)
        for mine, theirs in ((blots, start.theirs), (start.mine, blots)):
            x = net.encode(mine, theirs, features=count)
            assert len(x) == nin
            dense = [b1[j] + sum(x[i] * w1[i * h + j] for i in range(nin)) for j in range(h)]
            assert n.sums(mine, theirs) == pytest.approx(dense, abs=1e-9)
    with pytest.raises(ValueError):
        net.Net(1, [0.0] * 221, [0.0], [0.0] * 5, [0.0] * 5, 221)


def test_weights_file_has_the_expected_shapes():
    contact, race = net.load()
    assert contact.nin == net.NIN + net.NF3 and race.nin == net.NIN  # the contact net reads all three groups
    for n in (contact, race):
        assert len(n.w1) == n.nin * n.h
        assert len(n.b1) == n.h and len(n.w2) == 5 and all(len(row) == n.h for row in n.w2)
    assert contact.h >= race.h >= 32


# --- bear-off database -------------------------------------------------------------------------

def test_one_checker_on_the_ace_point_needs_one_roll():
    assert bearoff.rolls_distribution(board(1)) == [0.0, 1.0]
    assert bearoff.expected_rolls(board(1)) == 1.0


def test_two_checkers_on_the_six_point_come_off_in_one_roll_only_with_big_doubles():
    # 3-3, 4-4, 5-5 and 6-6: 4 rolls in 36
    assert bearoff.rolls_distribution(board(0, 0, 0, 0, 0, 2))[1] == pytest.approx(4 / 36, abs=1e-4)


def test_one_checker_on_the_six_point():
    # every roll but 2-1, 3-1, 4-1, 3-2 (twice each) and 1-1 bears it off
    assert bearoff.rolls_distribution(board(0, 0, 0, 0, 0, 1))[1] == pytest.approx(27 / 36, abs=1e-4)
    assert bearoff.win_probability(board(0, 0, 0, 0, 0, 1), board(1)) == pytest.approx(27 / 36, abs=1e-4)


def test_database_index_is_a_bijection():
    assert sorted(bearoff.index(c) for c in bearoff.positions()) == list(range(bearoff.N_POSITIONS))


# --- cube --------------------------------------------------------------------------------------

# exact bear-off positions (no gammons): 74% and 90% for the player on roll
RACE_TAKE = Position.from_counts(home(1, 0, 4, 2, 1, 1), home(2, 2, 1, 2, 1, 2))
RACE_DROP = Position.from_counts(home(4, 0, 2, 1, 0, 2), home(3, 1, 0, 0, 4, 2))


def test_race_double_take():
    bot = Bot()
    assert 0.73 < bot.evaluate(RACE_TAKE)[0] < 0.76
    assert bot.cube_action(RACE_TAKE, CubeContext()) == "double"
    assert bot.take_decision(RACE_TAKE, CubeContext()) == "take"


def test_race_double_drop():
    bot = Bot()
    assert bot.cube_action(RACE_DROP, CubeContext()) == "double"
    assert bot.take_decision(RACE_DROP, CubeContext()) == "drop"


def test_no_double_at_the_start_and_no_redouble_of_the_opponents_cube():
    bot = Bot()
    assert bot.cube_action(Position.start(), CubeContext()) == "no_double"
    assert bot.cube_action(RACE_DROP, CubeContext(cube_value=2, cube_owner="opponent")) == "no_double"
    assert bot.cube_action(RACE_DROP, CubeContext(cube_value=2, cube_owner=1)) == "no_double"


def test_gammonish_blitz_is_a_double():
    # one opposing checker on the bar and a blot in my board, my builders
    # aimed at it (GNU Backgammon's 0-ply numbers give double/drop too)
    blitz = Position.from_counts({6: 4, 4: 2, 8: 4, 11: 1, 13: 4},
                                 {"bar": 1, 22: 1, 13: 4, 8: 2, 6: 4, 4: 2, 2: 1})
    bot = Bot()
    p = bot.evaluate(blitz)
    assert p[1] > 0.25  # gammons count here
    assert bot.cube_action(blitz, CubeContext()) == "double"


def test_beaver_when_the_double_is_a_blunder():
    bot = Bot()
    ctx = CubeContext(beavers=True)
    doubler_behind = RACE_DROP.swapped()  # the doubler has about 10%
    assert bot.take_decision(doubler_behind, ctx) == "beaver"
    assert bot.take_decision(doubler_behind, CubeContext()) == "take"


def test_crawford_game_never_doubles():
    ctx = CubeContext(match_length=7, score_me=2, score_opponent=6, crawford=True)
    assert Bot().cube_action(RACE_DROP, ctx) == "no_double"


def test_post_crawford_trailer_doubles_at_once_and_leader_never():
    trailer = CubeContext(match_length=7, score_me=3, score_opponent=6)
    assert Bot().cube_action(Position.start(), trailer) == "double"
    leader = CubeContext(match_length=7, score_me=6, score_opponent=3)
    assert Bot().cube_action(RACE_DROP, leader) == "no_double"


def test_match_take_and_drop():
    ctx = CubeContext(match_length=9, score_me=2, score_opponent=2)
    bot = Bot()
    assert bot.take_decision(RACE_TAKE, ctx) == "take"
    assert bot.take_decision(RACE_DROP, ctx) == "drop"
    assert bot.cube_action(RACE_DROP, ctx) == "double"


def test_cube_equities_are_consistent():
    e = Bot().cube_equities(RACE_DROP, CubeContext())
    assert e.double_drop == 1.0 and e.double_take > e.double_drop > e.no_double
    assert (e.action, e.response, e.unit) == ("double", "drop", "equity")
    m = Bot().cube_equities(RACE_TAKE, CubeContext(match_length=5))
    assert m.unit == "mwc" and 0.0 < m.no_double < 1.0


def test_dead_cube_no_double():
    # 2-away with the cube already at 2: a single win is enough
    ctx = CubeContext(match_length=5, score_me=3, score_opponent=1, cube_value=2, cube_owner="me")
    assert Bot().cube_action(RACE_DROP, ctx) == "no_double"


# --- the look-ahead at close calls ----------------------------------------------------------

def test_the_expert_looks_ahead_at_its_best_few_close_plays_and_otherwise_plays_the_nets_best():
    from game.bot.timing import sample_positions
    expert, net = Bot(level="expert"), Bot(level="0-ply")
    looked = []
    for position, dice in sample_positions(40, seed=5):
        # each ranking computed once, read by every check below
        ranked = net.hints(position, dice)
        hints = expert.hints(position, dice)
        zero = {str(h.move): h.equity for h in ranked}
        n = sum(1 for h in hints if abs(h.equity - zero[str(h.move)]) > 1e-12)   # valued deeper
        close = sum(1 for h in ranked if h.equity >= ranked[0].equity - 0.10)
        if n == 0:
            # Then no other play was within 0.10 of the net's best, and it ranks as the net alone does
            assert close == 1
            assert hints == ranked
        else:
            # Then it looked ahead at the net's best plays within 0.10, four at most
            assert n == min(close, 4) and n >= 2
            assert {str(h.move) for h in hints[:n]} == {str(h.move) for h in ranked[:n]}
        looked.append(n)
    assert 0 in looked and 2 in looked and 4 in looked


def _depths(bot, position, dice, hints):
    """The depth (0, 1 or 2) each of ``hints`` (the bot's, in its order, money or match) was
    valued at: a play valued deeper than the 0-ply (than the 1-ply for the master) has other
    probabilities than there.  Read from the hints given, so the search is not run again.
    Also the 0-ply's best play (money play)."""
    ranked = Bot(level="0-ply").hints(position, dice)
    zero = {str(h.move): h.probabilities for h in ranked}
    one = None
    if bot.settings.get("ply", 0) >= 2:
        once = Bot(level="0-ply")
        once.settings = dict(bot.settings, ply=1)
        one = {str(h.move): h.probabilities for h in once.hints(position, dice)}
    out = []
    for h in hints:
        key = str(h.move)
        out.append(0 if h.probabilities == zero[key] else 1 if one is None or h.probabilities == one[key] else 2)
    return out, str(ranked[0].move)


@pytest.mark.parametrize("level", ["0-ply", "expert", "master"])
def test_in_a_match_every_level_ranks_plays_by_match_winning_chances(level):
    # Given the Crawford game of a 5-point match, the bot one point from winning: its gammons
    # are worth nothing and the opponent's count double, so the orders differ from money play
    from game.bot.timing import sample_positions
    ctx = CubeContext(match_length=5, score_me=4, score_opponent=0, crawford=True)
    bot = Bot(level=level)
    cases = sample_positions(30, seed=6)
    depths = set()
    chosen = 0
    # (the master's first two cases: both valued at 2-ply, the first played other than money play)
    for position, dice in (cases if level != "master" else cases[:2]):
        hints = bot.hints(position, dice, ctx=ctx)
        values = [h.mwc for h in hints]
        tiers, money_best = _depths(bot, position, dice, hints)
        # Then the plays valued deepest come first, and each part is ranked by match winning chances
        assert tiers == sorted(tiers, reverse=True)
        parts = [[v for v, t in zip(values, tiers) if t == depth] for depth in (2, 1, 0)]
        assert all(part == sorted(part, reverse=True) for part in parts)
        # and the bot plays the first: checked where the score makes it other than the net's
        # money choice, and on the first case (each play is the whole search again)
        if not chosen or str(hints[0].move) != money_best:
            assert str(bot.choose_move(position, dice, ctx)) == str(hints[0].move)
            chosen += 1
        depths.add(max(tiers))
    # and the cases include plays valued as deep as the level looks
    assert max(depths) == bot.settings.get("ply", 0)
    assert chosen >= 1

"""The bot thinks step by step (so the page never freezes) and still plays what it played."""

import asyncio
import concurrent.futures
import time

import pytest

from game import Position
from game.bot import LEVELS, Bot, CubeContext
from game.bot.lookahead import CHUNK, evaluate_steps, finish
from game.bot.evaluator import ROLLS, equity, evaluate, evaluate_plays, flip, play_results
from game.bot.timing import sample_positions
from game.app.controller import Controller
from game.app.cooperative import drive
from game.app.keep.storage import MemoryStore

CASES = sample_positions(40, seed=11)


def run_alone(coroutine):
    """``asyncio.run`` in a thread of its own: in the main thread Playwright's sync API
    (the browser tests, in the same worker) leaves an event loop marked as running."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def pieces(steps):
    """Run a step-by-step generator; ``(value, number of yields)``."""
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, count
        count += 1


# --- the same plays as before --------------------------------------------------------------

@pytest.mark.parametrize("level", list(LEVELS))
def test_step_by_step_plays_are_the_plain_plays(level):
    # Given two bots with the same seed, one asked plainly and one step by step
    plain, stepped = Bot(level=level, seed=4), Bot(level=level, seed=4)
    cases = CASES if level != "master" else CASES[20:26]
    for position, dice in cases:
        # Then they choose the same play, and the noisy levels draw the same numbers
        assert finish(stepped.think_move(position, dice)) == plain.choose_move(position, dice)
    assert stepped.rng.random() == plain.rng.random()


def best_reply_probabilities(mine, theirs):
    """The opponent's best 0-ply reply for each roll, averaged: the textbook 1-ply, evaluated
    from scratch (no incremental sums), for the player who just moved."""
    total = [0.0] * 5
    for d1, d2, w in ROLLS:
        replies = play_results(mine, theirs, d1, d2)
        if replies:
            best = max((evaluate(m, t) for m, t in replies), key=lambda p: -equity(p))
        else:                          # the opponent cannot move: the mover is on roll again
            best = evaluate(theirs, mine)
        for k in range(5):
            total[k] += w * best[k]
    return tuple(t / 36.0 for t in total)


def test_the_filtered_one_ply_plays_the_best_play_of_a_textbook_one_ply():
    # Given a bot that looks one roll ahead at its best 6 plays within 0.16, every reply valued
    settings = {"ply": 1, "keep": 6, "window": 0.16}
    bot = Bot(level="0-ply")
    bot.settings = settings
    checked = 0
    for position, dice in CASES[20:28]:
        afters = play_results(position.mine, position.theirs, *dice)
        if len(afters) < 2:
            continue
        zero = sorted(((equity(flip(evaluate(*a))), a) for a in afters), key=lambda t: -t[0])
        head = [a for e, a in zero[:settings["keep"]] if e >= zero[0][0] - settings["window"]]
        deep = [equity(best_reply_probabilities(*a)) for a in head]
        best = head[deep.index(max(deep))]
        result = position.play(bot.choose_move(position, dice))    # seen from the opponent
        chosen = (result.mine, result.theirs)
        assert chosen in head
        assert chosen == best or deep[head.index(chosen)] == pytest.approx(max(deep), abs=1e-9)
        checked += 1
    assert checked >= 4


def test_step_by_step_hints_and_cube_are_the_plain_ones():
    bot = Bot(level="master")
    position, dice = CASES[5]
    ctx = CubeContext(match_length=7, score_me=2, score_opponent=4)
    assert finish(bot.think_hints(position, dice, 3, ctx)) == bot.hints(position, dice, 3, ctx)
    assert finish(bot.think_cube(position, ctx)) == bot.cube_equities(position, ctx)


# --- small pieces ----------------------------------------------------------------------------

def test_master_yields_between_the_replies_of_each_candidate():
    # Given opening rolls with one clear play (3-1) and with close candidates (2-1)
    # Then the clear play needs no look ahead (no piece after 0-ply), and the close ones
    # yield after 0-ply and at least once per roll of each candidate it looks deeper at
    play, count = pieces(Bot(level="master").think_move(Position.start(), (3, 1)))
    assert str(play) == "8/5 6/5" and count == 0
    play, count = pieces(Bot(level="master").think_move(Position.start(), (2, 1)))
    assert count >= 1 + 2 * 21


def test_master_cube_decision_yields_at_least_once_per_roll():
    equities, count = pieces(Bot(level="master").think_cube(Position.start(), CubeContext()))
    assert count >= 21 and equities.action == "no_double"


def test_many_plays_are_evaluated_in_chunks_with_the_same_values():
    # Given a roll with hundreds of plays (a double 3-3 with checkers spread out)
    spread = {point: 1 for point in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 20, 24)}
    position = Position.from_counts(spread, {6: 5, 8: 3, 13: 5, 24: 2})
    afters = play_results(position.mine, position.theirs, 3, 3)
    assert len(afters) > 2 * CHUNK
    # Then the chunked evaluation yields between chunks and gives the same numbers
    values, count = pieces(evaluate_steps(position.mine, position.theirs, afters))
    assert count == (len(afters) - 1) // CHUNK
    assert values == evaluate_plays(position.mine, position.theirs, afters)


def test_the_longest_piece_is_a_small_part_of_a_master_think():
    bot = Bot(level="master")
    bot.choose_move(Position.start(), (6, 5))          # load the nets first
    position, dice = Position.start(), (2, 1)
    times, steps = [], bot.think_move(position, dice)
    t0 = time.perf_counter()
    while True:
        try:
            next(steps)
        except StopIteration:
            break
        t1 = time.perf_counter()
        times.append(t1 - t0)
        t0 = t1
    assert len(times) > 40 and max(times) < sum(times) / 5


# --- driving it: the event loop runs in between -------------------------------------------------

def test_drive_lets_other_tasks_run_between_slices():
    ticks = []

    async def ticker():
        while True:
            ticks.append(time.perf_counter())
            await asyncio.sleep(0)

    async def main():
        task = asyncio.ensure_future(ticker())
        slices = []
        play = await drive(Bot(level="master").think_move(Position.start(), (4, 2)),
                           slice_s=0.0, on_slice=slices.append)
        task.cancel()
        return play, slices

    play, slices = run_alone(main())
    assert str(play) == "8/4 6/4"
    assert len(slices) > 40 and len(ticks) > 40


def test_drive_returns_at_once_when_there_is_nothing_to_wait_for():
    def no_work():
        return 7
        yield  # noqa: unreachable - makes this a generator

    assert run_alone(drive(no_work())) == 7


# --- the controller ------------------------------------------------------------------------------

def test_the_bot_drops_its_thought_when_the_match_changes_meanwhile():
    # Given the master bot to move in a match it watches
    app = Controller(MemoryStore())
    app.boot("?mode=watch&length=3&seed=4&level=master")
    app.bot_act()                                            # the opening roll
    assert app.match.turn is not None and app.bot_to_act()
    before = app.match.position_id()
    # When a new match starts while it thinks
    steps = app.bot_act_steps()
    next(steps)
    app.boot("?mode=watch&length=5&seed=9&level=master")
    new = app.match.position_id(), app.match.match_id()
    # Then the old thought changes nothing
    assert finish(steps) is None
    assert (app.match.position_id(), app.match.match_id()) == new
    # and the same steps run to the end make a move as the plain call does
    app.boot("?mode=watch&length=3&seed=4&level=master")
    app.bot_act()
    assert app.match.position_id() == before
    assert finish(app.bot_act_steps()) == "step"


def test_a_hint_is_worked_out_step_by_step():
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=3&seed=4")
    app.roll()
    assert app.hint_available()
    done, count = pieces(app.compute_hint_steps())
    assert done is True and count > 21
    assert app.view().hint_html

"""The engine's jobs (game/bot/jobs.py): each one's answer is the direct engine call's, the bot
played through jobs plays as it does on its own, and a review weighed piece by piece, in any
order, is the review weighed in one go; the deep review (game/app/review) is the master's."""

import json
import random

import pytest

from game import Position
from game.bot import LEVELS, Bot, CubeContext
from game.bot import jobs
from game.bot.analysis import Review, analyse, review_piece_steps
from game.bot.timing import sample_positions
from game.dice import ManualDice
from game.match import Match, MatchConfig
from game.steps import finish
from game.app.controller import Controller
from game.app.cooperative import drive
from game.app.keep.storage import MemoryStore

LEVEL_NAMES = [*LEVELS, "0-ply"]


def worker_runner(log):
    """A runner as the page's pool is: the job goes as JSON text, its answer comes back as text."""
    async def run(job):
        text = jobs.run_json(job.name, job.to_json())
        log.append((job.name, text))
        return json.loads(text)
    return run


def short_match():
    match = Match(MatchConfig(length=3), ManualDice([3, 1, 6, 5, 4, 4, 2, 1]))
    match.roll(); match.play_text("8/5 6/5")
    match.roll(); match.play_text("8/2 8/3")          # a poor 6-5
    match.roll(); match.play_text("24/20(2) 13/9(2)")
    return match


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_a_rank_job_is_the_bot_s_own_ranking(level):
    ctx = CubeContext(cube_value=2, match_length=5, score_me=1, score_opponent=3)
    for position, _ in sample_positions(1 if level == "master" else 3, seed=11):
        for dice, context in (((6, 1), None), ((3, 3), ctx)):
            direct = finish(Bot(level=level)._scored(position, dice, context))
            answer = jobs.run("rank", {"position": position.position_id(), "dice": list(dice),
                                       "level": level, "ctx": jobs.context_args(context)})
            assert [(v, tuple(p), after) for v, p, after in jobs._scored(position, dice, answer)] == direct


@pytest.mark.parametrize("level", ["0-ply", "master"])
def test_a_cube_job_is_the_bot_s_own_view_of_the_cube(level):
    for position, _ in sample_positions(2, seed=5):
        direct = finish(Bot(level=level).cube_view(position))
        assert jobs.run("cube", {"position": position.position_id(), "level": level}) == list(direct)


def test_a_review_job_is_the_review_s_own_entries_and_luck():
    match = short_match()
    review = Review(match)
    data = match.to_dict()
    assert jobs.run("review", {"match": data, "level": "0-ply", "part": "decisions", "start": 0,
                               "stop": len(review._tasks)}) == \
        json.loads(json.dumps([review.decision(i) for i in range(len(review._tasks))]))
    assert jobs.run("review", {"match": data, "level": "0-ply", "part": "luck", "start": 1, "stop": 3}) == \
        [review.luck(1), review.luck(2)]


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_the_bot_through_jobs_plays_and_doubles_as_it_does_alone(level):
    # the same seeded bot, twice: its noisy draws come in the same order either way
    alone, asking = Bot(level=level, seed=7), Bot(level=level, seed=7)
    for position, _ in sample_positions(1 if level == "master" else 4, seed=3):   # master: slow
        for dice in ((5, 2), (4, 4)):
            played = alone.choose_move(position, dice)
            through = finish(jobs.think_move(asking, position, dice))
            assert str(through) == str(played)
        assert finish(jobs.think_cube(asking, position)) == alone.cube_equities(position)
    hints = finish(jobs.think_hints(asking, Position.start(), (6, 4), 3))
    assert hints == alone.hints(Position.start(), (6, 4), 3)


def test_a_job_never_answered_runs_where_it_was_asked():
    # a caller that only calls next() (no runner): the job runs inside, step by step
    steps = jobs.think_move(Bot("expert"), Position.start(), (6, 5))
    assert isinstance(next(steps), jobs.Job)
    count = 0
    while True:
        try:
            next(steps)
            count += 1
        except StopIteration as done:
            assert str(done.value) == "24/13"
            break
    assert count > 0


def run(coroutine):
    """Step ``coroutine`` as an event loop would (its awaits here never wait on anything
    outside): not ``asyncio.run``, which refuses to start inside a loop already running
    (Playwright's, in a worker process of the suite that ran a browser test first)."""
    try:
        while True:
            coroutine.send(None)
    except StopIteration as end:
        return end.value


def test_a_match_played_with_its_jobs_sent_away_is_the_same_match():
    # the computer against itself, a beginner (it draws at random): once with every job run
    # on the spot, once with every job sent as JSON text to a "worker"
    def play(runner):
        app = Controller(MemoryStore())
        app.boot("?mode=watch&length=3&seed=jobs&level=beginner")
        for _ in range(400):
            if not app.bot_to_act():
                break
            run(drive(app.bot_act_steps(), runner=runner))
        return app.match.to_dict()["events"]

    log = []
    here = play(None)
    sent = play(worker_runner(log))
    assert sent == here
    assert {name for name, _ in log} == {"rank", "cube"}


def test_a_review_put_together_from_pieces_in_any_order_is_the_whole_review():
    match = short_match()
    whole = analyse(match)
    review = Review(match)
    pieces = review.pieces(2)
    random.Random(4).shuffle(pieces)
    for part, start, stop in pieces:
        answer = jobs.run("review", {"match": review.data, "level": review.level, "part": part,
                                     "start": start, "stop": stop})
        review.put(part, start, answer)
    assert review.done == review.total and review.pieces(2) == []
    assert json.loads(json.dumps(review.result())) == json.loads(json.dumps(whole))


def test_a_rollout_job_is_the_rollout_s_own_piece():
    from game.bot.rollout import request as rollout_request, rollout_piece

    req = rollout_request(Position.start().position_id(), (3, 1), ["8/5 6/5", "24/21 6/5"], truncate=3)
    req = json.loads(json.dumps(req))            # as it travels to a worker
    assert jobs.run("rollout", {"request": req, "first_game": 4, "count": 2}) == \
        json.loads(json.dumps(rollout_piece(req, 4, 2)))


def test_an_unknown_job_is_refused_by_name():
    with pytest.raises(ValueError, match="'rollouts'"):
        jobs.request("rollouts")
    with pytest.raises(ValueError, match="'nothing'"):
        jobs.run("nothing", {})


def test_the_deep_review_weighs_at_the_master_s_depth():
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=3&seed=deep")
    for _ in range(3):
        app.roll()
        played = Bot("0-ply").choose_move(app.match.turn.position, app.match.turn.dice)
        app.type_move(str(played))
        app.done()
    quick = analyse(app.match.to_dict())
    assert app.start_review()
    while app.review_step():
        pass
    assert app.review.result() == quick
    assert app.view().review["deep"] is False
    assert app.start_review(deep=True)
    while app.review.review.opening:            # the match read again for the deep review
        app.review_step(budget=0.0)
    # the quick review's luck is kept: the deep one weighs the decisions only
    assert {part for part, _, _ in app.review.review.pieces(8)} == {"decisions"}
    panel = app.view().review
    assert panel["deep"] is True and panel["progress"].startswith("Deep review")
    while app.review_step():
        pass
    deep = app.review.result()
    assert deep["level"] == "master" and deep == analyse(app.match.to_dict(), level="master")
    assert not app.view().review["progress"]
    # the quick review is kept: it comes back at once; the deep one too
    app.end_replay()
    assert app.start_review() and not app.review.running


def test_a_job_sent_to_the_pool_is_its_arguments_as_json_byte_for_byte():
    # Given the pieces of two matches' reviews, interleaved (a review's match is written once
    # for all its pieces, not once a piece)
    first = short_match().to_dict()
    second = dict(first, events=first["events"][:3])
    pieces = [request for start in range(0, 24, 8) for match in (first, second, first)
              for request in [jobs.request("review", match=match, level="0-ply", part="decisions",
                                           start=start, stop=start + 8)]]
    # Then each job's text is json.dumps of its own arguments
    assert [job.to_json() for job in pieces] == [json.dumps(job.args) for job in pieces]

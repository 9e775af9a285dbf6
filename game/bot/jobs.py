"""The engine's long work as jobs: a name and JSON-able arguments in, a JSON-able answer out.

A job is a plain call to the engine that may run anywhere: on the page's main thread
(step by step, between paints) or in a Web Worker of the page's pool (``game/web/pool.py``,
``static/js/engine-pool.mjs``), which runs the very same function on its own copy of the
``game`` package. Its answer is a pure function of its arguments: no random draw, no
state kept between jobs, so both places give the same JSON, byte for byte.

:data:`JOBS` is the registry: one entry per kind, a generator function of the arguments
that yields (None) between small pieces of work and returns the answer.

* ``"rank"``: the plays of a roll as a level ranks them, best first (``Bot._scored``):
  ``[[value, probabilities, index], ...]``, ``index`` into :func:`~game.bot.evaluator.play_results`.
  A noisy level's choice among them (its seeded random draws) stays with the caller's
  bot: :meth:`game.bot.Bot.pick`.
* ``"cube"``: the probabilities a level's cube decisions start from (``Bot.cube_view``),
  before a noisy level misjudges them (:meth:`game.bot.Bot.misjudge`, the caller's).
* ``"rollout"``: games ``first_game`` to ``first_game + count - 1`` of a rollout request
  (:func:`game.bot.rollout.rollout_piece`): their partial sums, for ``combine``.
* ``"review"``: a piece of a match's review (:func:`game.bot.analysis.review_piece_steps`): the
  entries of some decisions, or the luck of some rolls.

>>> from game import Position
>>> answer = run("rank", {"position": Position.start().position_id(), "dice": [3, 1],
...                       "level": "expert"})
>>> len(answer), answer[0][0] >= answer[-1][0]      # every play, best first
(16, True)
>>> p = run("cube", {"position": Position.start().position_id(), "level": "0-ply"})
>>> len(p), 0.45 < p[0] < 0.6                       # win, gammons, backgammons
(5, True)

A job's request travels as :class:`Job`; :func:`request` builds one, and its
:meth:`Job.local` runs it here (the fallback where no worker is at hand)::

>>> job = request("rank", position=Position.start().position_id(), dice=[6, 5], level="0-ply")
>>> from game.steps import finish
>>> finish(job.local())[0][1] == run("rank", job.args)[0][1]
True

Adding a kind is one entry in :data:`JOBS`, a generator function or a plain one; the page
spreads many over its workers with ``Pool.spread`` (``game/web/pool.py``).
"""

import inspect
import json
from dataclasses import dataclass, field

__all__ = ["JOBS", "Job", "request", "run", "run_json", "steps", "context_args", "context_of", "think_move",
           "think_hints", "think_cube", "ask"]


def _rank(args):
    from game.bot.bot import Bot
    from game.bot.evaluator import play_results
    from game.position import Position

    position = Position.from_position_id(args["position"])
    dice = tuple(args["dice"])
    ctx = context_of(args.get("ctx"))
    afters = play_results(position.mine, position.theirs, dice[0], dice[1])
    index = {after: i for i, after in enumerate(afters)}
    scored = yield from Bot(level=args["level"])._scored(position, dice, ctx)
    return [[value, list(p), index[after]] for value, p, after in scored]


def _cube(args):
    from game.bot.bot import Bot
    from game.position import Position

    position = Position.from_position_id(args["position"])
    p = yield from Bot(level=args["level"]).cube_view(position)
    return list(p)


def _review(args):
    from game.bot.analysis import review_piece_steps

    return (yield from review_piece_steps(args["match"], args["level"], args["part"],
                                          args["start"], args["stop"]))


def _rollout(args):
    from game.bot.rollout import piece_steps

    return piece_steps(args["request"], args["first_game"], args["count"])


#: every kind of job: name → generator function of the arguments (a dict), returning the answer
JOBS = {"rank": _rank, "cube": _cube, "review": _review, "rollout": _rollout}


def steps(name, args):
    """The job ``name`` on ``args``, step by step (a generator that returns its answer). A
    kind registered as a plain function (not a generator) runs as one piece.

    >>> JOBS["twice"] = lambda args: 2 * args["n"]
    >>> run("twice", {"n": 21})
    42
    >>> del JOBS["twice"]
    """
    try:
        work = JOBS[name]
    except KeyError:
        raise ValueError(f"job {name!r}: one of {', '.join(JOBS)} expected") from None
    answer = work(args)
    return answer if inspect.isgenerator(answer) else _at_once(answer)


def _at_once(answer):
    return answer
    yield  # noqa: unreachable - a generator that has its answer at once


def _same_json(value):
    """``value`` as it comes back from a worker: through JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def run(name, args):
    """The answer of job ``name`` on ``args``, at once."""
    from game.steps import finish

    return _same_json(finish(steps(name, args)))


def run_json(name, args_json):
    """:func:`run` on JSON text, answering JSON text: what a worker calls."""
    from game.steps import finish

    return json.dumps(finish(steps(name, json.loads(args_json))))


@dataclass(frozen=True)
class Job:
    """A request for job ``name`` on ``args`` (JSON-able). A generator of the engine's
    step-by-step work yields one to ask for its answer (``answer = yield job``): the page
    sends it to a worker, anything else runs :meth:`local` (``game.steps.finish`` does)."""

    name: str
    args: dict = field(default_factory=dict)

    def local(self):
        """The job run here, step by step; returns its answer as a worker would give it."""
        answer = yield from steps(self.name, self.args)
        return _same_json(answer)

    def to_json(self):
        """``json.dumps(self.args)``, byte for byte; a dict argument the last job also
        carried (the same object: a review's match, in each of its pieces) is written once.

        >>> match = {"events": [{"kind": "roll", "dice": [3, 1]}] * 3}
        >>> a, b = request("review", match=match, start=0), request("review", match=match, start=8)
        >>> a.to_json() == json.dumps(a.args) and b.to_json() == json.dumps(b.args)
        True
        """
        return "{" + ", ".join(f"{json.dumps(key)}: {_text_of(value)}" for key, value in self.args.items()) + "}"


#: the last dict argument written by :meth:`Job.to_json` and its JSON text
_written = [None, ""]


def _text_of(value):
    # a small dict (a cube context, made afresh for each job) is written again, and leaves
    # the big one kept (a review's match) in place
    if not isinstance(value, dict) or len(value) < 2:
        return json.dumps(value)
    if _written[0] is not value:
        _written[:] = [value, json.dumps(value)]
    return _written[1]


def request(name, **args):
    """A :class:`Job` of kind ``name`` (one of :data:`JOBS`)."""
    if name not in JOBS:
        raise ValueError(f"job {name!r}: one of {', '.join(JOBS)} expected")
    return Job(name, args)


_CTX_FIELDS = ("cube_value", "cube_owner", "match_length", "score_me", "score_opponent", "crawford",
               "jacoby", "beavers")


def context_args(ctx):
    """A :class:`game.bot.cube.CubeContext` as JSON-able data (None stays None).

    >>> from game.bot import CubeContext
    >>> context_of(context_args(CubeContext(cube_value=2, match_length=5))) == CubeContext(2, match_length=5)
    True
    """
    if ctx is None:
        return None
    return {name: getattr(ctx, name) for name in _CTX_FIELDS}


def context_of(data):
    """The :class:`game.bot.cube.CubeContext` of :func:`context_args`' data."""
    if data is None:
        return None
    from game.bot.cube import CubeContext

    return CubeContext(**data)


# --- the bot's decisions through jobs: the same answers as its own step-by-step forms ---------
def _scored(position, dice, ranked):
    from game.bot.evaluator import play_results

    afters = play_results(position.mine, position.theirs, dice[0], dice[1])
    return [(value, tuple(p), afters[index]) for value, p, index in ranked]


def ask(job):
    """Ask for ``job``'s answer (``answer = yield from ask(job)``): the generator yields the
    :class:`Job`; whoever drives it sends the answer back (a worker's), or None, and then
    the job runs here, step by step (a caller that only calls ``next()``)."""
    answer = yield job
    if answer is None:
        answer = yield from job.local()
    return answer


def _rank_request(bot, position, dice, ctx):
    return request("rank", position=position.position_id(), dice=list(dice), level=bot.level,
                   ctx=context_args(ctx))


def think_move(bot, position, dice, ctx=None):
    """``bot.think_move(position, dice, ctx)`` with its ranking asked as a job: the same play
    (a noisy level draws from ``bot.rng`` here, as it would there).

    >>> from game import Position
    >>> from game.bot import Bot
    >>> from game.steps import finish
    >>> pos = Position.start()
    >>> str(finish(think_move(Bot("beginner", seed=4), pos, (4, 2)))) == \\
    ...     str(Bot("beginner", seed=4).choose_move(pos, (4, 2)))
    True
    """
    ranked = yield from ask(_rank_request(bot, position, dice, ctx))
    return bot.pick(position, dice, ctx, _scored(position, dice, ranked))


def think_hints(bot, position, dice, n=None, ctx=None):
    """``bot.think_hints(...)`` with its ranking asked as a job."""
    ranked = yield from ask(_rank_request(bot, position, dice, ctx))
    return bot.hints_from(position, dice, n, ctx, _scored(position, dice, ranked))


def think_cube(bot, position, ctx=None):
    """``bot.think_cube(position, ctx)`` with its probabilities asked as a job (a noisy level
    misjudges them here, from ``bot.rng``)."""
    p = yield from ask(request("cube", position=position.position_id(), level=bot.level))
    return bot.cube_from(position, ctx, bot.misjudge(tuple(p)))

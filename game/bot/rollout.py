"""Rollouts: a decision's candidates played out many times by the bot, and averaged.

A *request* (:func:`request`, a plain JSON-able dict) names the position (its
Position ID, the player on roll being *me*), the candidates and how the games
are played.  Two kinds:

* ``"plays"``: for a roll, the chosen plays; each candidate is the position its
  play leaves, the opponent then on roll;
* ``"cube"``: a cube decision before my roll: *no double* and *double/take*
  are rolled out, *double/pass* is worth what the pass gives.

The games are the same for every candidate (duplicate dice: game ``g`` uses the
same rolls whatever the candidate), the first two rolls go through the 36 × 36
pairs in order (stratified), later rolls come from the seed and the game's
number only.  So the work can come in *pieces*: :func:`rollout_piece` plays
games ``first_game .. first_game + count - 1`` and returns their exact partial
sums (JSON-able); :func:`combine` turns any set of pieces into the result, the
same to the last bit whatever the split.

>>> from game import Position
>>> pos = Position.start()
>>> plays = [pos.parse_move(m, (3, 1)) for m in ("8/5 6/5", "24/21 6/5")]
>>> req = request(pos, (3, 1), plays, truncate=2, seed=7)
>>> one = combine([rollout_piece(req, 0, 4)])
>>> split = combine([rollout_piece(req, 0, 1), rollout_piece(req, 1, 3)])
>>> one == split, one["games"], [c["id"] for c in one["candidates"]]
(True, 4, ['8/5 6/5', '24/21 6/5'])
>>> cube = combine([rollout_piece(request(pos, cubeful=True, truncate=1), 0, 2)])
>>> [c["id"] for c in cube["candidates"]], cube["double_pass"]
(['no_double', 'double_take'], 1.0)

Each candidate's result: ``equity`` (cubeless: points per game; cubeful: points
for the cube's value in money, a match winning chance in a match), its
standard error ``se`` and 95 % interval ``low``..``high``, the same without the
luck taken off (``raw_equity``, ``raw_se``), and the chances for me of winning,
winning a gammon, a backgammon, and losing them.  The method and its figures:
docs/bot.md, "Rollouts".
"""

import math

from . import rollout_sums as sums
from .cube import decide
from .match_equity import outcome_mwc
from .rollout_game import Dice, Rules, level_bot, play_game
from game.errors import InvalidPositionError
from game.levels import LEVELS, NO_LOOK_AHEAD
from game.position import Position
from game.steps import finish

__all__ = ["request", "rollout_piece", "piece_steps", "merge", "combine", "rollout", "RolloutRequestError",
           "CUBE_IDS", "Z95"]

#: the candidates of a cube decision that are played out
CUBE_IDS = ("no_double", "double_take")
#: the normal quantile of a two-sided 95 % interval
Z95 = 1.959964
_OWNERS = (None, "me", "opponent")


class RolloutRequestError(ValueError):
    """A rollout request that cannot be played (says which field and why)."""


def request(position, dice=None, plays=None, *, cube=1, owner=None, match_length=0, score=(0, 0),
            crawford=False, jacoby=False, cubeful=False, truncate=0, level=NO_LOOK_AHEAD, seed=1,
            reduce=True, stratify=True):
    """A rollout request (a plain dict) for ``position`` (a Position or its ID).

    With ``dice`` and ``plays`` (moves of ``position.legal_moves(dice)``, or their
    text), the plays are rolled out; without, the cube decision of the player on
    roll.  ``owner``: None (centred), ``"me"`` or ``"opponent"``.

    >>> req = request("4HPwATDgc/ABMA", (3, 1), ["8/5 6/5"], truncate=5)
    >>> req["kind"], req["candidates"][0]["after"], req["truncate"]
    ('plays', 'sGfwATDgc/ABMA', 5)
    >>> request("4HPwATDgc/ABMA", owner="opponent", cubeful=True)
    Traceback (most recent call last):
    ...
    game.bot.rollout.RolloutRequestError: a cube decision needs the cube centred or mine (owner='opponent')
    """
    if not isinstance(position, Position):
        position = Position.from_position_id(position)
    if owner not in _OWNERS:
        raise RolloutRequestError(f"owner {owner!r}: one of None, 'me', 'opponent' expected")
    if level not in LEVELS and level != NO_LOOK_AHEAD:
        raise RolloutRequestError(f"level {level!r}: one of {', '.join(LEVELS)} or {NO_LOOK_AHEAD!r} expected")
    if not isinstance(truncate, int) or truncate < 0:
        raise RolloutRequestError(f"truncate {truncate!r}: a number of plies (0: to the end) expected")
    out = {"position": position.position_id(), "cube": int(cube), "owner": owner,
           "match_length": int(match_length), "score": [int(score[0]), int(score[1])],
           "crawford": bool(crawford), "jacoby": bool(jacoby), "cubeful": bool(cubeful),
           "truncate": truncate, "level": level, "seed": int(seed), "reduce": bool(reduce),
           "stratify": bool(stratify)}
    if dice is None:
        if not cubeful:
            raise RolloutRequestError("a cube decision is rolled out cubeful (cubeful=True)")
        if owner == "opponent":
            raise RolloutRequestError(f"a cube decision needs the cube centred or mine (owner={owner!r})")
        out.update(kind="cube", dice=None, candidates=[{"id": name} for name in CUBE_IDS])
        return out
    dice = (int(dice[0]), int(dice[1]))
    candidates = []
    for play in plays or ():
        move = position.parse_move(play, dice) if isinstance(play, str) else play
        candidates.append({"id": str(move), "after": position.play(move, dice).position_id()})
    if not candidates:
        raise RolloutRequestError(f"no play to roll out for {dice[0]}-{dice[1]} in {position.position_id()}")
    out.update(kind="plays", dice=list(dice), candidates=candidates)
    return out


def _rules(req):
    return Rules(cubeful=req["cubeful"], truncate=req["truncate"], reduce=req["reduce"], level=req["level"],
                 cube=req["cube"], match_length=req["match_length"], score=req["score"],
                 crawford=req["crawford"], jacoby=req["jacoby"], seed=req["seed"])


def _starts(req):
    """For each candidate: ``(position, side on roll, cube, owner, first decision free)``."""
    position = Position.from_position_id(req["position"])
    owner = {None: None, "me": 0, "opponent": 1}[req["owner"]]
    cube = req["cube"]
    if req["kind"] == "cube":
        board = (position.mine, position.theirs)
        return [(board, 0, cube, owner, False), (board, 0, 2 * cube, 1, False)]
    out = []
    for c in req["candidates"]:
        try:
            after = Position.from_position_id(c["after"])
        except InvalidPositionError as error:
            raise RolloutRequestError(f"candidate {c.get('id')!r}: {error}") from None
        out.append(((after.mine, after.theirs), 1, cube, owner, True))
    return out


def _double_pass(req):
    if req["kind"] != "cube":
        return None
    if not req["cubeful"] or not req["match_length"]:
        return 1.0
    rules = _rules(req)
    return outcome_mwc(rules.away(0) - req["cube"], rules.away(1), rules.post)


def _empty(n):
    return [{"eq": [], "eq2": [], "raw": [], "raw2": [], "diff": [], "diff2": [], "p": [[] for _ in range(5)]}
            for _ in range(n)]


def piece_steps(req, first_game, count):
    """:func:`rollout_piece` step by step: a generator (yields between plies) returning the piece."""
    rules = _rules(req)
    starts = _starts(req)
    totals = _empty(len(starts))
    plies = [0]
    for game in range(first_game, first_game + count):
        dice = Dice(req["seed"], game, req["stratify"])
        first = None
        for k, (board, side, cube, owner, free) in enumerate(starts):
            bot = level_bot(rules, game)
            steps = play_game(rules, board, side, dice, cube, owner, free, bot)
            while True:
                try:
                    ply = next(steps)
                except StopIteration as done:
                    eq, raw, outcome = done.value
                    break
                if ply:
                    plies[0] += 1
                yield
            t = totals[k]
            t["eq"] = sums.add(t["eq"], eq)
            t["eq2"] = sums.add(t["eq2"], eq * eq)
            t["raw"] = sums.add(t["raw"], raw)
            t["raw2"] = sums.add(t["raw2"], raw * raw)
            for i in range(5):
                t["p"][i] = sums.add(t["p"][i], outcome[i])
            if first is None:
                first = eq
            d = eq - first
            t["diff"] = sums.add(t["diff"], d)
            t["diff2"] = sums.add(t["diff2"], d * d)
    return {"kind": req["kind"], "ids": [c["id"] for c in req["candidates"]],
            "unit": "mwc" if req["cubeful"] and req["match_length"] else "points",
            "cubeful": req["cubeful"], "double_pass": _double_pass(req), "first_game": first_game, "count": count,
            "plies": plies[0], "sums": totals}


def rollout_piece(req, first_game, count):
    """Games ``first_game`` to ``first_game + count - 1`` of ``req``: their partial sums (a dict)."""
    return finish(piece_steps(req, first_game, count))


def merge(a, b):
    """One partial holding the games of the partials ``a`` and ``b`` (exact sums)."""
    out = dict(a, count=a["count"] + b["count"], plies=a["plies"] + b["plies"],
               first_game=min(a["first_game"], b["first_game"]))
    merged = []
    for x, y in zip(a["sums"], b["sums"]):
        m = {key: sums.merge(x[key], y[key]) for key in ("eq", "eq2", "raw", "raw2", "diff", "diff2")}
        m["p"] = [sums.merge(x["p"][i], y["p"][i]) for i in range(5)]
        merged.append(m)
    out["sums"] = merged
    return out


def _mean_se(total, squares, n):
    mean = sums.value(total) / n
    if n < 2:
        return mean, None
    var = max(0.0, (sums.value(squares) - n * mean * mean) / (n - 1))
    return mean, math.sqrt(var / n)


def combine(partials):
    """The result of the games in ``partials`` (a list of :func:`rollout_piece` results)."""
    total = partials[0]
    for p in partials[1:]:
        total = merge(total, p)
    n = total["count"]
    out = {"kind": total["kind"], "unit": total["unit"], "cubeful": total["cubeful"], "games": n,
           "plies": total["plies"],
           "double_pass": total["double_pass"], "candidates": []}
    for cid, s in zip(total["ids"], total["sums"]):
        eq, se = _mean_se(s["eq"], s["eq2"], n)
        raw, raw_se = _mean_se(s["raw"], s["raw2"], n)
        diff, diff_se = _mean_se(s["diff"], s["diff2"], n)
        p = [sums.value(x) / n for x in s["p"]]
        half = None if se is None else Z95 * se
        out["candidates"].append({
            "id": cid, "games": n, "equity": eq, "se": se,
            "low": None if half is None else eq - half, "high": None if half is None else eq + half,
            "raw_equity": raw, "raw_se": raw_se, "vs_first": diff, "vs_first_se": diff_se,
            "win": p[0], "win_gammon": p[1], "win_backgammon": p[2],
            "lose": 1.0 - p[0], "lose_gammon": p[3], "lose_backgammon": p[4]})
    if total["kind"] == "cube":
        nd, dt, dp = out["candidates"][0]["equity"], out["candidates"][1]["equity"], total["double_pass"]
        # the same rule as the bot's cube decisions: higher is better for me
        out["action"], out["response"] = decide(nd, dt, dp)
    return out


def rollout(req, games):
    """All ``games`` of ``req`` in one call: ``combine([rollout_piece(req, 0, games)])``."""
    return combine([rollout_piece(req, 0, games)])


"""The review of a match: every decision of each player weighed by the bot, marked, and its luck.

:func:`analyse` takes a :class:`game.match.Match` (or its :meth:`~game.match.Match.to_dict`
data) and returns plain, JSON-able data: one entry per decision (checker
plays, doubles and missed doubles, takes, drops and beavers) and per roll,
and a summary per player.

One decision alone is weighed the same way with :func:`evidence_steps` (the bot's numbers, step
by step) and :func:`weighed` (the entry): the tutor weighs a person's decision before it is made
with them (``game/app/tutor/``), so the review afterwards shows the same loss.

* **Checker plays**: every legal play of the roll is ranked (and kept, in ``top``) by
  :meth:`game.bot.Bot.hints` (the ``"0-ply"`` setting: the net, no look-ahead; in a
  match, by match winning chances with the score and the cube); the loss is
  the best play's equity minus the played one's.
* **Cube decisions**: :meth:`game.bot.Bot.cube_equities` gives no double,
  double/take and double/drop; a double is worth ``min(take, drop)`` (the
  opponent answers well); a take, a drop or a beaver is weighed from the
  taker's side.  A missed double, or a roll that kept the cube when doubling
  was close (within :data:`CLOSE_CUBE`), counts as a decision; a clear
  no-double does not (as GNU Backgammon counts "close or actual" cube
  decisions).
* **Units**: normalised equity, in points per game for a cube of 1.  In a
  match, match winning chances are turned into the money equivalent at the
  current cube: ``2 * ΔMWC / (MWC(win a game) − MWC(lose a game))`` (what
  GNU Backgammon calls EMG); the MWC numbers are kept too.
* **Marks**: a loss of at least 0.04 is doubtful, 0.08 an error, 0.16 a
  blunder (GNU Backgammon's default thresholds, :data:`MARKS`).
* **Error rate**: the total loss divided by the number of decisions (forced
  plays and clear no-doubles left out), in thousandths of a point
  ("millipoints", GNU Backgammon's mEMG per move), with a label
  (:data:`RATINGS`).
* **Luck** of a roll: the value of the best play of the roll thrown minus the
  average, over the 36 rolls, of the best play of each (0-ply, cubeless;
  the opening roll is compared with the 30 rolls that can start a game). In
  contact the full nets value the :data:`LUCK_PRUNE` plays of each roll that
  the pruning net ranks best, as the look-ahead does.

>>> from game.dice import ManualDice
>>> from game.match import Match, MatchConfig
>>> match = Match(MatchConfig(length=3), ManualDice([3, 1, 6, 5]))
>>> match.roll(); match.play_text("8/5 6/5")
(3, 1)
>>> match.roll(); match.play_text("8/2 8/3")          # a poor 6-5
(6, 5)
>>> review = analyse(match)
>>> [(e["kind"], e["player"], e["played"], e["plays"]) for e in review["entries"]]
[('move', 0, '8/5 6/5', 16), ('move', 1, '8/3 8/2', 7)]
>>> review["entries"][0]["mark"], review["entries"][1]["mark"]
(None, 'blunder')
>>> first, second = review["players"]
>>> first["decisions"], first["loss"], second["decisions"], second["loss"] > 0
(1, 0.0, 1, True)
>>> round(sum(e["luck"] for e in review["entries"]), 6) == round(first["luck"] + second["luck"], 6)
True
"""

import math

from game.bot import NO_LOOK_AHEAD, Bot, CubeContext
from game.bot.evaluator import (ROLLS, equity, evaluate, evaluate_plays, flip, is_race, play_results)
from game.bot.prune import rank
from game.bot.match_equity import MatchCube, outcome_mwc
from game.cube import beaver_refusal, double_refusal
from game.errors import GameError
from game.match import InvalidMatchError, Match, MatchConfig
from game.ids.match_id import GAME_PLAYING, MatchIdInfo, encode_match_id
from game.position import Position
from game.steps import finish

__all__ = ["analyse", "Review", "evidence_steps", "weighed", "mark", "rating", "MARKS", "MARKS_ORDER", "RATINGS",
           "CLOSE_CUBE", "LEVEL", "VERSION", "MIN_RATED"]

#: the layout version of :func:`analyse`'s data
VERSION = 1
#: the bot level that ranks the plays (0-ply: fast enough for a whole match in the browser)
LEVEL = NO_LOOK_AHEAD
#: the plays of a roll (in contact) the luck values with the full nets, those the pruning net
#: ranks best: 2.3 times faster than every play, the luck of a roll 0.00006 from it on
#: average (0.006 at most; 194 rolls of a 7-point match, 2026-12-03)
LUCK_PRUNE = 8
#: events of the match read by one :meth:`Review.step` while a sliced review opens
OPENING_EVENTS = 8
#: a loss at least this large gets the mark (normalised equity), worst first
MARKS = {"blunder": 0.16, "error": 0.08, "doubtful": 0.04}
MARKS_ORDER = ("doubtful", "error", "blunder")
#: error rate per decision (normalised equity) below which each label holds, best first;
#: the bounds are those of GNU Backgammon's ``error_rating`` (gnubg 1.1.0a16), the words ours
RATINGS = ((0.005, "world_class"), (0.008, "expert"), (0.013, "advanced"), (0.020, "intermediate"),
           (0.032, "casual"), (math.inf, "beginner"))
#: a kept cube is a decision when doubling was within this much of not doubling
CLOSE_CUBE = 0.16
#: the decisions of a player the review weighs before it rates him: a game's worth (a rating
#: from a handful of decisions says more about luck than about play)
MIN_RATED = 20
#: how many of the best plays the review lists before its fold (an entry keeps them all, ranked)
TOP = 5
_DIGITS = 6


def mark(loss):
    """``"blunder"``, ``"error"``, ``"doubtful"`` or None for a loss in normalised equity.

    >>> [mark(x) for x in (0.0, 0.039, 0.04, 0.1, 0.16)]
    [None, None, 'doubtful', 'error', 'blunder']
    """
    for name, threshold in MARKS.items():
        if loss >= threshold - 1e-9:
            return name
    return None


def rating(error_rate):
    """The label of an error rate per decision (normalised equity; None without decisions).

    >>> rating(0.0), rating(0.006), rating(0.05), rating(None)
    ('world_class', 'expert', 'beginner', None)
    """
    if error_rate is None:
        return None
    for bound, label in RATINGS:
        if error_rate < bound:
            return label
    return RATINGS[-1][1]  # pragma: no cover - the last bound is infinite


def _round(value):
    return round(value, _DIGITS) + 0.0     # + 0.0: no "-0.0"


# --- the values of the bot's numbers, in normalised equity ---------------------------------------
class _Scale:
    """Turns the bot's numbers into normalised equity for one player at one score and cube."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.match = ctx.is_match
        if self.match:
            self.post = ctx.crawford or ctx.post_crawford
            c = ctx.cube_value
            self.win = outcome_mwc(ctx.away_me - c, ctx.away_opponent, self.post)
            self.lose = outcome_mwc(ctx.away_me, ctx.away_opponent - c, self.post)

    def from_mwc(self, mwc):
        """The normalised equity of a match winning chance (GNU Backgammon's mwc2eq)."""
        return (2.0 * mwc - (self.win + self.lose)) / (self.win - self.lose)

    def mwc(self, p):
        """The cubeless match winning chance of probabilities ``p`` (as the bot ranks plays)."""
        ctx = self.ctx
        cube = MatchCube(p, ctx.away_me, ctx.away_opponent, post=self.post, crawford=ctx.crawford, x=0.0)
        return cube.owned(ctx.cube_value)

    def value(self, p):
        """Normalised equity of probabilities ``p`` for the player they belong to."""
        return self.from_mwc(self.mwc(p)) if self.match else equity(p)


def _roll_luck(position, dice, scale, opening, prune=LUCK_PRUNE):
    """Luck of ``dice`` in ``position``: best play's value minus the average over the rolls.

    In contact only the ``prune`` plays of each roll that the pruning net ranks best are
    valued by the full nets (None: every play)."""
    mine, theirs = position.mine, position.theirs
    bases = {}
    total = weight = 0.0
    thrown = None
    high, low = max(dice), min(dice)
    pruned = prune and not is_race(mine, theirs)
    for d1, d2, w in ROLLS:
        if opening and d1 == d2:
            continue                      # an opening roll is never a double
        afters = play_results(mine, theirs, d1, d2)
        if pruned and len(afters) > prune:
            afters = rank(mine, theirs, afters, prune, bases)
        if afters:
            value = max(map(scale.value, evaluate_plays(mine, theirs, afters, bases)))
        else:
            value = scale.value(flip(evaluate(theirs, mine)))
        total += w * value
        weight += w
        if (d1, d2) == (high, low):
            thrown = value
    return thrown - total / weight


# --- walking the events: what each decision was, and where -----------------------------------------
def _config(match):
    """The :class:`MatchConfig` of a match or of its ``to_dict()`` data."""
    if isinstance(match, Match):
        return match.config
    try:
        return MatchConfig.from_dict(match["config"])
    except (GameError, KeyError, TypeError, ValueError) as error:
        raise InvalidMatchError(f"analysis: {type(error).__name__}: {error}") from None


def _tasks(match):
    """One task per decision or roll of ``match``'s events, with its position and context."""
    return finish(_task_steps(match))


def _task_steps(match):
    """:func:`_tasks` step by step: a generator that yields after each event."""
    cfg = match.config
    events = match.events
    tasks = []
    state = {}

    def context(player):
        owner = state["owner"]
        return CubeContext(
            cube_value=state["cube"], cube_owner=None if owner is None else ("me" if owner == player else "opponent"),
            match_length=cfg.length, score_me=state["score"][player], score_opponent=state["score"][1 - player],
            crawford=state["crawford"], jacoby=cfg.jacoby and cfg.money, beavers=cfg.beavers and cfg.money)

    def seen_from(player):
        board, viewer = state["board"]
        return board if viewer == player else board.swapped()

    def match_id(player, dice=None, offered=False):
        info = MatchIdInfo(cube_value=state["cube"], cube_owner=state["owner"], player_on_roll=player,
                           crawford=state["crawford"], game_state=GAME_PLAYING,
                           turn=1 - player if offered else player, double_offered=offered,
                           dice=tuple(dice) if dice else None, match_length=cfg.length,
                           score=tuple(state["score"]), jacoby=cfg.jacoby and cfg.money)
        return encode_match_id(info)

    def task(kind, index, player, position, **more):
        tasks.append({"kind": kind, "index": index, "game": state["game"], "player": player,
                      "position": position, "ctx": context(more.pop("decider", player)), **more})

    for index, event in enumerate(events):
        kind = event["type"]
        player = event.get("player")
        if kind == "game_start":
            state.update(game=event["game"], score=list(event["score"]), crawford=bool(event["crawford"]),
                         cube=1, owner=None, board=(Position.start(), 0), opening=False, doubled=False,
                         doubler=None, offer=None)
        elif kind == "setup":
            state.update(board=(Position.from_position_id(event["position_id"]), player),
                         cube=event["cube"], owner=event["cube_owner"])
        elif kind == "opening_roll":
            state["opening"] = player is not None and cfg.opening == "standard"
        elif kind == "auto_double":
            state["cube"] = event["cube"]
        elif kind == "roll":
            if not state["doubled"] and double_refusal(
                    cube_value=state["cube"], cube_owner=state["owner"], player=player,
                    cube_enabled=cfg.cube, crawford_game=state["crawford"], max_cube=cfg.max_cube,
                    match_length=cfg.length, score=state["score"]) is None:
                task("cube", index, player, seen_from(player), action="no_double", match_id=match_id(player))
        elif kind == "double":
            task("cube", index, player, seen_from(player), action="double", match_id=match_id(player))
            state.update(doubled=True, doubler=player, offer="double")
        elif kind in ("take", "drop", "beaver"):
            doubler = state["doubler"]
            if state["offer"] == "double":
                beaver_ok = beaver_refusal(cube_value=state["cube"], match_length=cfg.length,
                                           beavers=cfg.beavers, max_cube=cfg.max_cube) is None
                task("response", index, player, seen_from(doubler), decider=doubler, action=kind,
                     beaver_allowed=beaver_ok, match_id=match_id(doubler, offered=True))
            if kind == "beaver":
                state["offer"] = "beaver"
            elif kind == "take":
                state.update(cube=event["cube"], owner=1 - doubler, offer=None)
        elif kind in ("move", "pass"):
            before = Position.from_position_id(event["position_id"])
            dice = tuple(event["dice"])
            played = None
            if kind == "move":
                played = before.parse_move(event["move"], dice)
                after = before.play(played)
            else:
                after = before.swapped()
            task(kind, index, player, before, dice=dice, played=played, opening=state["opening"],
                 match_id=match_id(player, dice))
            state.update(board=(after, 1 - player), opening=False, doubled=False)
        elif kind == "win":
            state["score"] = list(event["score"])
        yield
    return tasks


# --- one decision --------------------------------------------------------------------------------
def _ranking_steps(bot, position, dice, ctx, scale, played=None):
    """The bot's hints for a roll, best first, and their values in normalised equity (a generator).

    ``played``: the play made, valued as deep as the best (at a level that looks ahead), as
    GNU Backgammon's analysis does: its loss then compares two values of the same depth."""
    hints = yield from bot.think_hints(position, dice, ctx=ctx if ctx.is_match else None, played=played)
    return hints, [scale.from_mwc(h.mwc) if scale.match else h.equity for h in hints]


def _ranking(bot, position, dice, ctx, scale, played=None):
    return finish(_ranking_steps(bot, position, dice, ctx, scale, played))


def _move_entry(t, scale, ranking):
    dice = t["dice"]
    entry = {"dice": list(dice), "luck": None}           # weighed in the second pass
    if t["kind"] == "pass":
        return entry | {"counted": False, "loss": 0.0, "played": None, "best": None, "plays": 0, "rank": None,
                        "top": []}
    hints, values = ranking
    played = t["played"]
    rank = next(i for i, h in enumerate(hints) if h.move == played)
    best = values[0]
    top = []            # every legal play, best first (the panel lists the first TOP, folds the rest)
    for i, (hint, value) in enumerate(zip(hints, values)):
        row = {"move": str(hint.move), "rank": i + 1, "equity": _round(value), "loss": _round(best - value)}
        if scale.match:
            row["mwc"] = _round(hint.mwc)
        top.append(row)
    entry |= {"counted": len(hints) > 1, "loss": best - values[rank], "played": str(played),
              "best": str(hints[0].move), "plays": len(hints), "rank": rank + 1, "top": top,
              "win": _round(hints[rank].probabilities[0])}      # the mover's chance after it (cubeless)
    if scale.match:
        entry["loss_mwc"] = hints[0].mwc - hints[rank].mwc
    return entry


def _cube_entry(t, scale, eq):
    convert = scale.from_mwc if scale.match else (lambda v: v)
    nd, dt, dp = convert(eq.no_double), convert(eq.double_take), convert(eq.double_drop)
    if t["kind"] == "cube":
        options = {"no_double": nd, "double": min(dt, dp)}
        best = "double" if options["double"] > options["no_double"] else \
            ("too_good" if dt >= dp and nd >= dp else "no_double")
        chosen = options[t["action"]]
        top_value = max(options.values())
        counted = t["action"] == "double" or top_value > chosen or abs(options["double"] - nd) < CLOSE_CUBE
    else:
        # the taker's side: his equity is minus the doubler's
        options = {"take": -dt, "drop": -dp}
        if t["beaver_allowed"]:
            options["beaver"] = -max(2.0 * dt, -2.0)   # the doubler may still drop the beaver
        top_value = max(options.values())
        best = max(options, key=lambda name: (options[name], name == "take"))
        chosen = options[t["action"]]
        counted = True
    entry = {"counted": counted, "loss": top_value - chosen, "best": best,
             "options": {name: _round(v) for name, v in options.items()},
             "equities": {"no_double": _round(nd), "double_take": _round(dt), "double_drop": _round(dp)}}
    if scale.match:
        entry["mwc"] = {"no_double": _round(eq.no_double), "double_take": _round(eq.double_take),
                        "double_drop": _round(eq.double_drop)}
    return entry


def evidence_steps(bot, t):
    """What ``bot`` says of decision ``t`` whatever was chosen (a generator): the roll's plays
    ranked for a checker play, the cube's equities for a cube decision, None for a pass.

    ``t`` is a decision as the review walks the match: ``kind`` (``"move"``, ``"pass"``,
    ``"cube"``, ``"response"``), the ``position`` and its ``ctx`` (a :class:`CubeContext`) seen
    from the one who decides (the doubler, for a response), the ``dice`` of a roll.
    """
    kind = t["kind"]
    if kind == "pass":
        return None
    if kind == "move":
        return (yield from _ranking_steps(bot, t["position"], t["dice"], t["ctx"], _Scale(t["ctx"]), t.get("played")))
    return (yield from bot.think_cube(t["position"], t["ctx"]))


def weighed(t, evidence):
    """Decision ``t`` weighed, from :func:`evidence_steps`' ``evidence``, as the review keeps it:
    ``loss`` (normalised equity, never below zero, 0.0 for a cube decision that does not count),
    ``mark``, ``best``, ``counted`` and the rest of an entry, less where it stands in the match.

    ``t`` has, beside what :func:`evidence_steps` reads, the choice made: ``played`` (the
    :class:`game.move.Move`) for a checker play; ``action`` (``"no_double"``, ``"double"``,
    ``"take"``, ``"drop"``, ``"beaver"``) and for a response ``beaver_allowed``. In a match,
    ``loss_mwc`` is the same loss in match winning chances.
    """
    scale = _Scale(t["ctx"])
    cube = t["kind"] in ("cube", "response")
    found = _cube_entry(t, scale, evidence) if cube else _move_entry(t, scale, evidence)
    if t["kind"] == "cube" and not found["counted"]:
        found["loss"] = 0.0
    found["loss"] = _round(max(0.0, found["loss"]))
    if cube and scale.match:      # normalised equity is linear in match winning chances
        found["loss_mwc"] = found["loss"] * (scale.win - scale.lose) / 2.0
    if "loss_mwc" in found:
        found["loss_mwc"] = _round(found["loss_mwc"])
    found["mark"] = mark(found["loss"]) if found["counted"] else None
    return found


class Review:
    """A review in progress: :meth:`step` weighs one decision (the page yields between steps).

    The decisions come first (fast: one ranking each), then the luck of each roll
    (21 rankings each): the marks and losses are all there early, the luck follows.

    >>> from game.match import Match
    >>> review = Review(Match())
    >>> review.total, review.step(), review.result()["entries"]
    (0, False, [])
    """

    def __init__(self, match, level=LEVEL, bot=None, *, opened=True, luck=None):
        # ``opened`` False: the match is read by the first steps, not here (:meth:`sliced`);
        # ``luck``: the rolls' luck known already (:meth:`luck_values` of another review of it)
        self.level = level
        self._known_luck = luck
        self._bot = bot if bot is not None else Bot(level=level)
        self.entries = []
        self._tasks, self._rolls = [], []
        self._lucky = 0                 # rolls whose luck is weighed
        self._found = {}                # decisions weighed ahead of the others, by number
        self._luck_found = {}           # and rolls' luck, by roll
        self.config = _config(match)
        self._refused = None            # why the match could not be read (:meth:`sliced`)
        self._opening = self._open_steps(match)
        if opened:
            finish(self._opening)

    @classmethod
    def sliced(cls, match, level=LEVEL, bot=None, luck=None):
        """A review whose opening (the match replayed and checked, its decisions listed) is
        done by its first :meth:`step` calls, a few events each, so that a page can paint
        meanwhile; bad data raises :class:`InvalidMatchError` from those steps.

        >>> from game.dice import ManualDice
        >>> match = Match(dice=ManualDice([3, 1]))
        >>> match.roll(); match.play_text("24/21 6/5")
        (3, 1)
        >>> review = Review.sliced(match.to_dict())
        >>> review.opening, review.total
        (True, 1)
        >>> while review.opening:
        ...     _ = review.step()
        >>> review.total, review.done
        (2, 0)
        """
        return cls(match, level, bot, opened=False, luck=luck)

    def _open_steps(self, match):
        if not isinstance(match, Match):
            if not isinstance(match, dict):
                raise InvalidMatchError(f"analysis: a Match or its to_dict() data expected, not {type(match).__name__}")
            match = yield from Match.from_dict_steps(match)
        self.data = match.to_dict()     # what a piece of it needs (review_piece_steps)
        try:
            tasks = yield from _task_steps(match)
        except (GameError, KeyError, TypeError, ValueError) as error:
            raise InvalidMatchError(f"analysis: {type(error).__name__}: {error}") from None
        self._tasks = tasks
        self._rolls = [i for i, t in enumerate(tasks) if t["kind"] in ("move", "pass")]
        self._opening = None
        if self._known_luck is not None and len(self._known_luck) == len(self._rolls):
            self._luck_found.update(enumerate(self._known_luck))   # the luck does not depend on the level

    @property
    def opening(self):
        """True while the match is still being read (:meth:`sliced`): nothing weighed yet."""
        return self._opening is not None

    @property
    def total(self):
        """Steps in all: one per decision or roll, then one per roll for its luck (1 while
        the match is still being read)."""
        if self.opening:
            return 1
        return len(self._tasks) + len(self._rolls)

    @property
    def done(self):
        return len(self.entries) + self._lucky

    @property
    def decisions_done(self):
        """True once every decision is weighed (the luck may still be coming); False while
        the match is still being read."""
        return not self.opening and len(self.entries) == len(self._tasks)

    def step(self):
        """Weigh the next decision, or the luck of the next roll (or read a few events of a
        match still being read); True while more remain."""
        if self.opening:
            if self._refused is not None:
                raise self._refused
            try:
                for _ in range(OPENING_EVENTS):
                    if next(self._opening, True):
                        break           # read: the generator is done
            except InvalidMatchError as error:
                self._refused = error
                raise
            return self.done < self.total
        if self.decisions_done and self._lucky < len(self._rolls):
            self.put("luck", self._lucky, [self.luck(self._lucky)])
        elif not self.decisions_done:
            number = len(self.entries)
            self.put("decisions", number, [self.decision(number)])
        return self.done < self.total

    def decision(self, number):
        """The entry of decision ``number`` (0 first), as plain data."""
        t = self._tasks[number]
        found = weighed(t, finish(evidence_steps(self._bot, t)))
        return {"index": t["index"], "game": t["game"], "player": t["player"], "kind": t["kind"],
                "action": t.get("action"), "position_id": t["position"].position_id(),
                "match_id": t["match_id"], **found}

    def luck_values(self):
        """Every roll's luck, in order, once all are weighed (else None): another review of
        the same match, at another depth, takes them as its ``luck`` and weighs none again.

        >>> from game.dice import ManualDice
        >>> match = Match(dice=ManualDice([3, 1, 6, 5]))
        >>> match.roll(); match.play_text("8/5 6/5"); match.roll(); match.play_text("24/13")
        (3, 1)
        (6, 5)
        >>> quick = Review(match)
        >>> while quick.step():
        ...     pass
        >>> deep = Review(match, "expert", luck=quick.luck_values())
        >>> deep.pieces(8)                     # the decisions only: the luck is known
        [('decisions', 0, 3)]
        >>> while deep.step():
        ...     pass
        >>> [e["luck"] for e in deep.result()["entries"]] == [e["luck"] for e in quick.result()["entries"]]
        True
        """
        if self.opening or self._lucky < len(self._rolls):
            return None
        return [self.entries[i]["luck"] for i in self._rolls]

    def luck(self, roll):
        """The luck of roll ``roll`` (0 first, counted among the rolls only)."""
        t = self._tasks[self._rolls[roll]]
        return _round(_roll_luck(t["position"], t["dice"], _Scale(t["ctx"]), t["opening"]))

    def pieces(self, size):
        """What is left to weigh, as ``(part, start, stop)`` pieces of at most ``size`` items:
        ``part`` is ``"decisions"`` or ``"luck"`` (see :meth:`decision`, :meth:`luck`).

        >>> from game.dice import ManualDice
        >>> match = Match(dice=ManualDice([3, 1, 6, 5]))
        >>> match.roll(); match.play_text("8/5 6/5"); match.roll(); match.play_text("24/13")
        (3, 1)
        (6, 5)
        >>> review = Review(match)
        >>> review.pieces(1)
        [('decisions', 0, 1), ('decisions', 1, 2), ('decisions', 2, 3), ('luck', 0, 1), ('luck', 1, 2)]
        >>> review.put("luck", 1, [review.luck(1)]); review.put("decisions", 0, [review.decision(0)])
        >>> review.pieces(5), review.done        # roll 1's luck waits for roll 0's
        ([('decisions', 1, 3), ('luck', 0, 1)], 1)
        """
        out = []
        for part, done, count, found in (("decisions", len(self.entries), len(self._tasks), self._found),
                                         ("luck", self._lucky, len(self._rolls), self._luck_found)):
            start = done
            while start < count:
                if start in found:
                    start += 1
                    continue
                stop = start
                while stop < count and stop - start < size and stop not in found:
                    stop += 1
                out.append((part, start, stop))
                start = stop
        return out

    def put(self, part, start, values):
        """Take the answers ``values`` of a piece (:meth:`pieces`): entries of decisions
        from ``start``, or the luck of rolls from ``start``; they may come in any order."""
        found = self._found if part == "decisions" else self._luck_found
        for offset, value in enumerate(values):
            found[start + offset] = value
        while len(self.entries) in self._found:
            self.entries.append(self._found.pop(len(self.entries)))
        while self._lucky in self._luck_found and self._rolls[self._lucky] < len(self.entries):
            self.entries[self._rolls[self._lucky]]["luck"] = self._luck_found.pop(self._lucky)
            self._lucky += 1

    def weigh(self, index, text):
        """How the bot ranks the play ``text`` in place of the checker play of event ``index``.

        Returns ``{"move", "rank", "plays", "loss", "mark", "best"}``; a text that is not
        a legal play of that roll raises :class:`game.errors.InvalidNotationError` or
        :class:`game.errors.IllegalMoveError`, an index without a checker play
        :class:`game.match_state.InvalidMatchError`.

        >>> from game.dice import ManualDice
        >>> match = Match(dice=ManualDice([3, 1]))
        >>> match.roll(); match.play_text("24/21 6/5")
        (3, 1)
        >>> found = Review(match).weigh(2, "8/5 6/5")
        >>> found["move"], found["rank"], found["plays"], found["loss"], found["mark"]
        ('8/5 6/5', 1, 16, 0.0, None)
        """
        t = next((t for t in self._tasks if t["index"] == index and t["kind"] == "move"), None)
        if t is None:
            raise InvalidMatchError(f"analysis: no checker play at event {index!r}")
        position, dice = t["position"], t["dice"]
        move = position.parse_move(str(text), dice)
        scale = _Scale(t["ctx"])
        hints, values = _ranking(self._bot, position, dice, t["ctx"], scale, move)
        rank = next(i for i, h in enumerate(hints) if h.move == move)
        loss = _round(values[0] - values[rank])
        return {"move": str(move), "rank": rank + 1, "plays": len(hints), "loss": loss, "mark": mark(loss),
                "best": str(hints[0].move)}

    def result(self):
        """The review as plain data (the decisions weighed so far)."""
        cfg = self.config
        shown = [e for e in self.entries if e["kind"] != "cube" or e["counted"]]
        return {"version": VERSION, "level": self.level, "length": cfg.length, "unit": "normalised_equity",
                "thresholds": dict(MARKS), "complete": self.done == self.total, "entries": shown,
                "players": [_summary(self.entries, player) for player in (0, 1)]}


def _summary(entries, player):
    mine = [e for e in entries if e["player"] == player]
    counted = [e for e in mine if e["counted"]]
    moves = [e for e in counted if e["kind"] == "move"]
    cube = [e for e in counted if e["kind"] in ("cube", "response")]
    rolls = [e for e in mine if e["kind"] in ("move", "pass")]
    loss = sum(e["loss"] for e in counted)
    rate = loss / len(counted) if counted else None
    marks = {name: sum(1 for e in counted if e["mark"] == name) for name in MARKS_ORDER}
    known = [e["luck"] for e in rolls if e["luck"] is not None]
    luck = sum(known) if len(known) == len(rolls) else None      # None until every roll is weighed
    return {"player": player, "decisions": len(counted), "moves": len(moves), "cube_decisions": len(cube),
            "loss": _round(loss), "checker_loss": _round(sum(e["loss"] for e in moves)),
            "cube_loss": _round(sum(e["loss"] for e in cube)),
            "error_rate": None if rate is None else _round(rate),
            "millipoints": None if rate is None else round(1000 * rate, 1),
            "rating": rating(rate), "marks": marks, "rolls": len(rolls),
            "luck": None if luck is None else _round(luck),
            "luck_per_roll": _round(luck / len(rolls)) if rolls and luck is not None else None}


_piece_review = [None, None]      # the last match a piece was asked of, and its Review


def review_piece_steps(match, level, part, start, stop):
    """A piece of ``match``'s review (its ``to_dict()`` data) at ``level``, step by step:
    the entries of decisions ``start`` to ``stop`` (``part`` ``"decisions"``) or the luck of
    those rolls (``"luck"``), as :meth:`Review.decision` and :meth:`Review.luck` give them.
    A pure function of its arguments (the job ``"review"`` of :mod:`game.bot.jobs`).

    >>> from game.dice import ManualDice
    >>> played = Match(dice=ManualDice([3, 1]))
    >>> played.roll(); played.play_text("24/21 6/5")
    (3, 1)
    >>> from game.steps import finish
    >>> [e["mark"] for e in finish(review_piece_steps(played.to_dict(), LEVEL, "decisions", 0, 1))]
    ['blunder']
    """
    key = (level, repr(match))
    if _piece_review[0] != key:
        _piece_review[:] = [key, Review(match, level)]
    review = _piece_review[1]
    out = []
    for number in range(start, stop):
        out.append(review.decision(number) if part == "decisions" else review.luck(number))
        yield
    return out


def analyse(match, level=LEVEL, bot=None):
    """The review of ``match`` (a :class:`Match` or its ``to_dict()`` data), as plain data.

    Raises :class:`game.match_state.InvalidMatchError` for data that is not a match.
    """
    review = Review(match, level, bot)
    while review.step():
        pass
    return review.result()

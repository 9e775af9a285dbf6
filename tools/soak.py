"""Soak test: bot-vs-bot games and matches with the cube, every rule checked after every action.

    python tools/soak.py --games 10000            # at least 10,000 complete games
    python tools/soak.py --games 200 --seed 7     # another sequence
    python tools/soak.py --seed 7 --session 42    # play one session again (after a failure)

Sessions alternate between money play (automatic doubles, Jacoby and beavers
on some; one to five games) and matches of 1 to 11 points (Crawford on most),
played to the end.  The bot (``game.bot``, level ``beginner`` by default:
the fastest that still plays like a person) chooses the plays and takes the
cube decisions through its cube API; one session in five uses random legal
cube actions instead, so that cubes reach the maximum and beavers happen.
Plays are made in every way the app makes them: whole moves, notation,
steps (with undos), and now and then a resignation.

After every action :class:`Checker` asserts the invariants:

* each side has 15 checkers (board + bar + off); a play moves the mover's
  pips down by its steps and the opponent's up by the checkers it hits,
  bears off the checkers it says, and is a legal play of the roll;
* the cube is a power of two up to the maximum, only its owner (or anybody
  while centred) doubles, the taker owns it, never a double in the Crawford
  game; ``can_double`` agrees with the rules, and a refused double changes
  nothing;
* scores only grow, by the points of the game (cube x result, Jacoby, drop,
  resignation); the Crawford game is the one after a player first reaches
  match point; the match ends exactly when a score reaches the length;
* the Position ID, Match ID and XGID decode back to the state;
* at random moments ``to_dict`` / ``from_dict`` gives back the same match
  (and play goes on with the rebuilt one half the time).

Each session's dice and choices come from its own seed, so a failure is
replayed with ``--seed S --session N``; failures are written as JSON lines to
``--failures`` with the saved match.  Exit status 1 if any session failed.
"""

import argparse
import collections
import json
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import IllegalActionError, Position, Reason  # noqa: E402
from game.bot import LEVELS, Bot, CubeContext  # noqa: E402
from game.dice import SeededDice  # noqa: E402
from game.match import Match, MatchConfig, Phase  # noqa: E402
from game.ids.match_id import decode_match_id, encode_match_id  # noqa: E402
from game.move import BAR, OFF  # noqa: E402
from game.ids.xgid import decode_xgid, encode_xgid  # noqa: E402

__all__ = ["Stats", "Checker", "session_config", "play_session", "run", "main"]


@dataclass
class Stats:
    """What a soak run did."""

    sessions: int = 0
    games: int = 0
    matches: int = 0          # matches played to the end
    money_games: int = 0
    actions: int = 0          # actions done and checked
    checks: int = 0           # invariant checks passed
    round_trips: int = 0      # to_dict / from_dict round trips
    refused_doubles: int = 0  # doubles tried where the rules say no, refused as they should be
    max_cube: int = 1
    events: collections.Counter = field(default_factory=collections.Counter)  # by type
    errors: list = field(default_factory=list)
    seconds: float = 0.0

    def summary(self):
        rate = self.games / self.seconds if self.seconds else 0.0
        return (f"games {self.games} ({self.money_games} money), matches {self.matches}, "
                f"sessions {self.sessions}, actions checked {self.actions}, checks {self.checks}, "
                f"round trips {self.round_trips}, refused doubles {self.refused_doubles}, "
                f"highest cube {self.max_cube}, errors {len(self.errors)}, "
                f"wall {self.seconds:.1f} s ({rate:.2f} games/s)")

    def event_counts(self):
        return ", ".join(f"{kind} {n}" for kind, n in sorted(self.events.items()))


class SoakError(AssertionError):
    """An invariant does not hold."""


def expect(condition, message, *details):
    if not condition:
        raise SoakError(message + (": " + ", ".join(map(repr, details)) if details else ""))


# --- the state seen between two actions --------------------------------------------------------

@dataclass(frozen=True)
class Snapshot:
    score: tuple
    game_number: int
    phase: Phase
    cube_value: int
    cube_owner: object
    crawford: bool
    player_on_roll: object
    position: Position
    events: int
    match_winner: object


def snapshot(match):
    g = match.game
    return Snapshot(match.score, g.number, g.phase, g.cube_value, g.cube_owner, g.crawford,
                    g.player_on_roll, g.position, len(match.events), match.match_winner)


def by_player(position, on_roll):
    """``{player: counts}`` of a position seen from ``on_roll`` (player 0 before the opening)."""
    on_roll = on_roll or 0
    return {on_roll: position.mine, 1 - on_roll: position.theirs}


def pips(counts):
    return sum(point * n for point, n in enumerate(counts, 1))


def move_accounting(before, after, steps):
    """``before`` → ``after`` (both from the mover's side) must be exactly what ``steps`` say."""
    moved = sum((25 if s.source == BAR else s.source) - (0 if s.target == OFF else s.target) for s in steps)
    hit_pips = sum(s.target for s in steps if s.hit)
    hits = sum(s.hit for s in steps)
    off = sum(s.target == OFF for s in steps)
    expect(pips(before.mine) - pips(after.mine) == moved, "mover's pips", before, after, steps)
    expect(pips(after.theirs) - pips(before.theirs) == hit_pips, "hit checkers' pips", before, after, steps)
    expect(sum(before.mine) - sum(after.mine) == off, "checkers borne off", before, after, steps)
    expect(after.theirs[24] - before.theirs[24] == hits, "checkers sent to the bar", before, after, steps)
    expect(sum(after.theirs) == sum(before.theirs), "the opponent's checkers", before, after)


# --- the invariants -------------------------------------------------------------------------------

class Checker:
    """Checks a match after each action against the state before it."""

    def __init__(self, match, stats):
        self.stats = stats
        self.one_away_seen = False          # a player has reached match point (Crawford rule)
        self.crawford_expected = False
        self.before = snapshot(match)
        self.check_state(match)

    def check(self, match):
        """Everything after one action; returns the new snapshot."""
        before = self.before
        events = match.events
        expect(len(events) > before.events, "every action is logged")
        for event in events[before.events:]:
            json.dumps(event)
            self.check_event(match, before, event)
            self.stats.events[event["type"]] += 1
            if event["type"] == "game_start" and event["crawford"]:
                self.stats.events["(Crawford game)"] += 1
        after = snapshot(match)
        for player in (0, 1):
            expect(after.score[player] >= before.score[player], "scores only grow", before.score, after.score)
        if after.game_number == before.game_number and after.score != before.score:
            expect(match.game.phase is Phase.OVER, "the score moves when a game ends")
        self.check_state(match)
        self.before = after
        self.stats.actions += 1
        return after

    def check_state(self, match):
        g = match.game
        cfg = match.config
        # boards: valid (15 checkers a side at most on board and bar, no shared point)
        for position in (g.position, match.position):
            Position(position.mine, position.theirs)
            expect(position.pips() == (pips(position.mine), pips(position.theirs)), "pips", position)
            for side in (position.mine, position.theirs):      # the rest of the 15 are off
                expect(0 <= sum(side) <= 15 and all(n >= 0 for n in side), "15 checkers", side)
        turn = match.turn
        if turn is not None:
            expect(match.dice == turn.dice and all(1 <= d <= 6 for d in match.dice), "dice", match.dice)
            move_accounting(turn.position, turn.current, turn.played)
        # the cube
        cube, owner = g.cube_value, g.cube_owner
        expect(cube >= 1 and cube & (cube - 1) == 0 and cube <= cfg.max_cube, "cube value", cube)
        expect(owner in (None, 0, 1), "cube owner", owner)
        self.stats.max_cube = max(self.stats.max_cube, cube)
        if not cfg.cube:
            expect(cube == 1 and owner is None, "no cube in use", cube, owner)
        if g.crawford:
            expect(cfg.length and cube == 1 and owner is None, "Crawford game cube", cube, owner)
        if g.phase is Phase.ROLL_OR_DOUBLE:
            p = g.player_on_roll
            allowed = (cfg.cube and not g.crawford and owner in (None, p) and cube * 2 <= cfg.max_cube
                       and not (cfg.length and cube >= cfg.length - match.score[p]))
            expect(match.can_double() == allowed, "can_double", match.can_double(), allowed, cube, owner)
            if not allowed:
                self.refused_double(match)
        # scores and the end of the match
        score = match.score
        if cfg.length:
            over = max(score) >= cfg.length
            expect((match.match_winner is not None) == over, "match winner", score, match.match_winner)
            if over:
                expect(g.phase is Phase.OVER and score[match.match_winner] >= cfg.length, "match over")
                expect(score[1 - match.match_winner] < cfg.length, "one winner", score)
        else:
            expect(match.match_winner is None, "money play never ends")
        # the IDs
        expect(Position.from_position_id(match.position_id()) == g.position, "Position ID")
        info = match.match_id_info()
        expect(decode_match_id(match.match_id()) == info, "Match ID", match.match_id(), info)
        expect(encode_match_id(info) == match.match_id(), "Match ID encoding")
        expect((info.cube_value, info.cube_owner, info.score, info.match_length)
               == (cube, owner, score, cfg.length), "Match ID fields", info)
        expect(info.double_offered == (g.phase is Phase.DOUBLED), "Match ID double", info)
        if g.phase is not Phase.OVER:
            expect(info.crawford == g.crawford, "Match ID Crawford", info)
        if g.dice is not None:
            expect(info.dice == tuple(sorted(g.dice, reverse=True)), "Match ID dice", info, g.dice)
        xgid = match.xgid()
        if xgid is not None:
            expect(encode_xgid(decode_xgid(xgid)) == xgid, "XGID", xgid)
        self.stats.checks += 1

    def refused_double(self, match):
        """A double the rules refuse is refused, and changes nothing."""
        before = (match.match_id(), match.position_id(), len(match.events))
        try:
            match.double()
        except IllegalActionError as error:
            expect(error.reason in (Reason.CUBE_DISABLED, Reason.CRAWFORD_NO_DOUBLE, Reason.NOT_CUBE_OWNER,
                                    Reason.CUBE_AT_MAXIMUM, Reason.DOUBLE_ALREADY_WON), "reason", error.reason)
        else:
            raise SoakError("a double the rules refuse was accepted")
        expect((match.match_id(), match.position_id(), len(match.events)) == before, "a refusal changes nothing")
        self.stats.refused_doubles += 1

    def check_event(self, match, before, event):
        cfg = match.config
        g = match.game
        kind = event["type"]
        if kind == "double":
            expect(before.phase is Phase.ROLL_OR_DOUBLE and event["player"] == before.player_on_roll, "doubler")
            expect(before.cube_owner in (None, event["player"]), "only the owner doubles", before.cube_owner)
            expect(not before.crawford, "no double in the Crawford game")
            expect(event["cube"] == 2 * before.cube_value, "double value", event)
        elif kind == "take":
            # the taker owns the cube; after a beaver the beaver keeps it (the doubler took)
            expect(g.cube_value == 2 * before.cube_value, "take doubles the cube", before.cube_value, g.cube_value)
            expect(g.cube_owner == 1 - g.player_on_roll, "the cube goes to the taker", g.cube_owner)
        elif kind == "beaver":
            expect(cfg.money and cfg.beavers, "beavers: money play with the option")
            expect(g.cube_value == 2 * before.cube_value and g.cube_owner == event["player"], "beaver cube")
        elif kind == "auto_double":
            expect(cfg.money and cfg.automatic_doubles and g.cube_owner is None, "automatic double", event)
        elif kind == "game_start":
            expect(tuple(event["score"]) == match.score, "a game starts at the score", event)
            expect(g.cube_value == 1 and g.cube_owner is None, "a new game's cube")
            expect(event["crawford"] == self.crawford_expected, "Crawford game", event, match.score)
        elif kind in ("move", "pass"):
            self.check_play(match, event)
        elif kind == "win":
            self.check_win(match, before, event)
        elif kind == "match_win":
            expect(cfg.length and match.score[event["player"]] >= cfg.length, "match win", event)
            expect(before.score[event["player"]] < cfg.length, "the match was not over before", before.score)

    def check_play(self, match, event):
        start = Position.from_position_id(event["position_id"])
        dice = tuple(event["dice"])
        plays = start.legal_moves(dice)
        if event["type"] == "pass":
            expect(not plays, "a pass only when nothing can be played", event)
            return
        play = start.parse_move(event["move"], dice)
        expect(play in plays, "a legal play", event)
        after = start.play(play)
        g = match.game
        if g.phase is not Phase.OVER or g.ending == "board":
            expect(g.position == after, "the board after the play", event, g.position)
        move_accounting(start, after.swapped(), play.steps)

    def check_win(self, match, before, event):
        cfg = match.config
        g = match.game
        winner, points, kind = event["player"], event["points"], event["kind"]
        cube = before.cube_value
        if kind in ("single", "gammon", "backgammon"):
            result = g.position.result_points()
            expect({"single": 1, "gammon": 2, "backgammon": 3}[kind] == result, "result", kind, g.position)
            jacoby = cfg.money and cfg.jacoby and g.cube_owner is None
            expect(points == cube * (1 if jacoby else result), "points of a finished game", event, cube)
        elif kind == "drop":
            expect(points == cube, "a drop loses the cube before the double", event, cube)
        elif kind == "resign":
            expect(points == cube * g.resignation[1], "a resignation's points", event, g.resignation)
        else:
            raise SoakError(f"unexpected ending {kind!r}")
        expect(match.score[winner] == before.score[winner] + points, "the winner scores", event, before.score)
        expect(match.score[1 - winner] == before.score[1 - winner], "the loser does not", event)
        expect(tuple(event["score"]) == match.score, "the score logged", event)
        # the Crawford game is the next one when a player first reaches match point
        self.crawford_expected = False
        if cfg.length and cfg.crawford and not self.one_away_seen and match.score[winner] == cfg.length - 1:
            self.crawford_expected = True
        if cfg.length and cfg.length - 1 in match.score:
            self.one_away_seen = True


# --- the players ------------------------------------------------------------------------------------

def context(match, player):
    """The bot's :class:`CubeContext` for ``player``."""
    g = match.game
    cfg = match.config
    owner = None if g.cube_owner is None else ("me" if g.cube_owner == player else "opponent")
    return CubeContext(cube_value=g.cube_value, cube_owner=owner, match_length=cfg.length,
                       score_me=match.score[player], score_opponent=match.score[1 - player],
                       crawford=g.crawford, jacoby=cfg.money and cfg.jacoby, beavers=cfg.money and cfg.beavers)


class Driver:
    """Chooses and does the next action of a match: the bot's plays and cube decisions."""

    def __init__(self, bot, rng, random_cube):
        self.bot = bot
        self.rng = rng
        self.random_cube = random_cube

    def act(self, match):
        """Do one action; returns its name."""
        g = match.game
        rng = self.rng
        phase = g.phase
        if phase is Phase.OPENING:
            match.roll()
            return "roll"
        if phase is Phase.ROLL_OR_DOUBLE:
            if match.can_double() and self.wants_double(match):
                match.double()
                return "double"
            if rng.random() < 0.004 and match.refusal("resign") is None:
                kind = rng.choice([k for k in (1, 2, 3) if k > g.declined] or [3])
                if kind > g.declined:
                    match.resign(kind)
                    return "resign"
            match.roll()
            return "roll"
        if phase is Phase.DOUBLED:
            answer = self.answer(match)
            getattr(match, answer)()
            return answer
        if phase is Phase.RESIGNATION_OFFERED:
            if rng.random() < 0.5:
                match.accept_resignation()
                return "accept_resignation"
            match.reject_resignation()
            return "reject_resignation"
        if phase is Phase.MOVING:
            return self.play(match)
        raise SoakError(f"no action in phase {phase}")

    def wants_double(self, match):
        if self.random_cube:
            return self.rng.random() < 0.25
        p = match.game.player_on_roll
        return self.bot.cube_action(match.game.position, context(match, p)) == "double"

    def answer(self, match):
        g = match.game
        can = [a for a in ("take", "drop", "beaver") if match.refusal(a) is None]
        if self.random_cube:
            return self.rng.choice(can + ["take"] * 2)
        doubler = g.player_on_roll
        ctx = context(match, doubler)
        if g.offer == "beaver":           # the doubler answers the beaver
            return "take" if self.bot.cube_equities(g.position, ctx).double_take > -1.0 else "drop"
        response = self.bot.take_decision(g.position, ctx)
        return response if response in can else "take" if response == "beaver" else response

    def play(self, match):
        rng = self.rng
        if match.can_reroll() and rng.random() < 0.3:
            match.reroll()
            return "reroll"
        turn = match.turn
        if turn.no_move:
            match.done()
            return "pass"
        g = match.game
        ctx = context(match, g.player_on_roll) if match.config.length else None
        play = self.bot.choose_move(g.position, g.dice, ctx)
        way = rng.random()
        if way < 0.4:
            match.play_move(play)
            return "play_move"
        if way < 0.6:
            match.play_text(str(play))
            return "play_text"
        for step in play.steps:
            match.step(step.source, step.target)
        if rng.random() < 0.1:
            match.undo()
            step = play.steps[-1]
            match.step(step.source, step.target)
        match.done()
        return "steps"


# --- sessions -----------------------------------------------------------------------------------------

def session_config(rng):
    """A money session (one in three) or a match of 1 to 11 points, with its options."""
    opening = "both_dice" if rng.random() < 0.1 else "standard"
    if rng.random() < 1 / 3:
        return MatchConfig(length=0, automatic_doubles=rng.choice([0, 0, 1, 2]), jacoby=rng.random() < 0.5,
                           beavers=rng.random() < 0.5, opening=opening), rng.randint(1, 5)
    return MatchConfig(length=rng.randint(1, 11), crawford=rng.random() < 0.9, opening=opening), None


#: more than any real session takes (an 11-point match is a few thousand actions)
MAX_ACTIONS = 50_000


def play_session(seed, index, stats, level="beginner", round_trip_rate=0.004):
    """Play session ``index`` of the run ``seed`` to its end, checking every action."""
    name = f"{seed}-{index}"
    rng = random.Random(f"soak:{name}")
    config, money_games = session_config(rng)
    match = Match(config, SeededDice(f"soak:{name}"))
    driver = Driver(Bot(level, seed=rng.randrange(1 << 30)), rng, random_cube=rng.random() < 0.2)
    checker = Checker(match, stats)
    for _ in range(MAX_ACTIONS):
        g = match.game
        if g.phase is Phase.OVER:
            stats.games += 1
            if config.money:
                stats.money_games += 1
            if match.match_winner is not None:
                try:
                    match.new_game()
                except IllegalActionError as error:
                    expect(error.reason is Reason.MATCH_OVER, "no game after the match", error.reason)
                else:
                    raise SoakError("a game was started after the match was won")
                stats.matches += 1
                return match
            if config.money and g.number >= money_games:
                return match
            match.new_game()
        else:
            driver.act(match)
        checker.check(match)
        if rng.random() < round_trip_rate:
            match = round_trip(match, rng)
            stats.round_trips += 1
    raise SoakError(f"session {name} did not end after {MAX_ACTIONS} actions")


def round_trip(match, rng):
    """Save and rebuild ``match``: the same state; half the time play goes on with the copy."""
    saved = json.loads(json.dumps(match.to_dict()))
    again = Match.from_dict(saved)
    for name in ("position_id", "match_id", "xgid"):
        expect(getattr(again, name)() == getattr(match, name)(), f"rebuilt {name}")
    expect(again.events == match.events and again.score == match.score and again.phase == match.phase,
           "rebuilt match")
    expect(again.dice_source.to_dict() == match.dice_source.to_dict(), "rebuilt dice")
    turn, turn_again = match.turn, again.turn
    expect((turn is None) == (turn_again is None) and (turn is None or turn.played == turn_again.played),
           "rebuilt turn")
    expect(again.position == match.position, "rebuilt board")
    return again if rng.random() < 0.5 else match


def run(games, seed=1, level="beginner", failures=None, progress=None, sessions=None, max_errors=20):
    """Play sessions until ``games`` complete games are done (or just the ``sessions`` given).

    Stops early after ``max_errors`` failed sessions: something is broken everywhere.
    """
    stats = Stats()
    started = time.perf_counter()
    indexes = iter(sessions) if sessions is not None else iter(range(1 << 62))
    for index in indexes:
        if (sessions is None and stats.games >= games) or len(stats.errors) >= max_errors:
            break
        stats.sessions += 1
        match = None
        try:
            match = play_session(seed, index, stats, level)
        except Exception as error:  # noqa: BLE001 - every failure is recorded, the run goes on
            record = {"seed": seed, "session": index, "error": f"{type(error).__name__}: {error}",
                      "traceback": traceback.format_exc()}
            stats.errors.append(record)
            if failures is not None:
                with open(failures, "a", encoding="utf-8") as out:
                    out.write(json.dumps(record) + "\n")
        if progress is not None:
            stats.seconds = time.perf_counter() - started
            progress(stats)
    stats.seconds = time.perf_counter() - started
    return stats


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="complete games to play (default 10000)")
    parser.add_argument("--seed", default="1", help="run seed: the same seed plays the same sessions")
    parser.add_argument("--level", default="beginner", choices=sorted(LEVELS), help="bot level")
    parser.add_argument("--session", type=int, action="append", help="play only this session (repeatable)")
    parser.add_argument("--failures", default="soak-failures.jsonl", help="JSON lines file for failures")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between progress lines")
    parser.add_argument("--max-errors", type=int, default=20, help="stop after this many failed sessions")
    args = parser.parse_args(argv)
    last = [time.perf_counter()]

    def progress(stats):
        if time.perf_counter() - last[0] >= args.every:
            last[0] = time.perf_counter()
            print(stats.summary(), flush=True)

    stats = run(args.games, seed=args.seed, level=args.level, failures=args.failures, progress=progress,
                sessions=args.session, max_errors=args.max_errors)
    print(stats.summary())
    print("events:", stats.event_counts())
    for record in stats.errors[:5]:
        print(f"session {record['seed']}-{record['session']}: {record['error']}")
    if stats.errors:
        print(f"{len(stats.errors)} failed session(s) written to {args.failures}; "
              f"replay one with --seed {args.seed} --session N")
    return 1 if stats.errors else 0


if __name__ == "__main__":
    sys.exit(main())

"""Fuzzing the entry points: whatever comes in, the engine answers or refuses with a GameError.

Every place where outside data enters the engine gets ``FUZZ_EXAMPLES``
generated inputs (10,000 by default, split over a few tests; see below for
the two slow ones), from three sources: random text or values, mutations of
valid inputs (characters flipped, inserted, deleted; keys dropped, types
changed, numbers changed, events shuffled or cut), and structured generation
(a grammar of move notation, random keys, random boards).  On every input:

* the call returns, or raises a :class:`game.errors.GameError` (each one a
  ``ValueError``); any other exception is a bug;
* a refusal changes nothing: a match keeps its Position ID, Match ID, steps
  and events; the saved data or lists handed in are left as they were;
* what is accepted is sound: an ID decodes to a value that encodes and
  decodes to itself, a play read from notation is a legal play that reads
  back from its own notation, a rebuilt match saves and rebuilds the same;
* nothing hangs: each call gets ``CALL_LIMIT`` seconds.

By default the two entry points that replay matches (``Match.from_dict``,
``Match.play_text``) get half as many, which keeps the file near a minute of
CPU; ``FUZZ_EXAMPLES=10000 python -m pytest tests/test_fuzz.py`` gives every
entry point its full 10,000 (about 80 s of CPU), a larger number a longer
campaign.  The inputs fed to each entry point are counted, asserted and
printed by the last test.

The bugs this file found each keep a test of their own, with the input that
failed (``test_..._is_refused_with_a_game_error``, ``..._at_once``).  A bug
found later gets the same, marked ``xfail(strict=True)`` until it is fixed,
and the generators stay clear of its inputs until then.
"""

import base64
import collections
import contextlib
import copy
import dataclasses
import functools
import json
import math
import os
import pickle
import random
import signal
import threading
import time

import pytest
from hypothesis import strategies as st
from fuzz_batches import feed_batches

from game import GameError, IllegalMoveError, Position
from game.dice import ManualDice, SeededDice
from game.match import Match, MatchConfig, Phase
from game.ids.match_id import MatchIdInfo, decode_match_id, encode_match_id
from game.move import parse_notation
from game.ids.position_id import encode_position_id
from game.ids.xgid import XgidInfo, decode_xgid, encode_xgid

#: generated inputs per entry point
TOTAL = int(os.environ.get("FUZZ_EXAMPLES", "10000"))
#: entry points whose every input replays part of a match (1 to 2 ms each): half of TOTAL
#: by default, to keep this file near 60 s of CPU; FUZZ_EXAMPLES set gives them all of it
SLOW = () if "FUZZ_EXAMPLES" in os.environ else ("Match.from_dict", "Match.play_text")


def target(entry):
    """Inputs ``entry`` gets in this run."""
    return TOTAL // 2 if entry in SLOW else TOTAL
#: seconds one call may take before it counts as a hang
CALL_LIMIT = 5.0
#: inputs actually fed, per entry point (and per test)
COUNTS = collections.Counter()
PARTS = collections.defaultdict(dict)

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
#: characters near every text form: IDs, XGIDs, notation
NEAR = BASE64 + "=-:*()/,. \t\nXGIDbarof"


def now():
    return 0.0


# --- the harness ------------------------------------------------------------------------------

class Hang(Exception):
    """A call took longer than CALL_LIMIT seconds."""


@contextlib.contextmanager
def time_limit(seconds=CALL_LIMIT):
    """Raise :class:`Hang` inside the block after ``seconds`` (POSIX main thread only)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_alarm(signum, frame):
        raise Hang(f"no answer after {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except Hang as hang:
        # A fresh exception: the interrupted frame may have no line number to report.
        raise Hang(str(hang)) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def fuzz(entry, fraction, strategy, batch=16):
    """Decorator: feed ``fraction`` of ``target(entry)`` inputs to the body, and count them.

    Each Hypothesis example is a list of ``batch`` inputs (the cost of an
    example is mostly Hypothesis's own: lists of inputs make the ten thousand
    affordable, and a failing list still shrinks to the input that fails).
    The body gets one input; it returns False for an input it did not feed to
    the entry point (a known bug's input), which is not counted.
    """
    inputs = max(1, math.ceil(target(entry) * fraction))
    examples = math.ceil(inputs * 1.02 / batch)     # a few inputs may be set aside

    def wrap(body):
        def test():
            started = time.perf_counter(), time.process_time()
            count = feed_batches(strategy, examples, batch, body)
            COUNTS[entry] += count
            PARTS[entry][body.__name__] = (count, time.perf_counter() - started[0],
                                           time.process_time() - started[1])
            assert count >= inputs, f"{entry}: {count} inputs, {inputs} wanted"

        test.__name__ = body.__name__
        test.__doc__ = body.__doc__
        return test

    return wrap


def refused(call, *args):
    """``call(*args)`` within the time limit: its value, or the GameError it raised."""
    with time_limit():
        try:
            return call(*args)
        except GameError as error:
            return error


# --- a corpus of valid inputs, from random games -----------------------------------------------

CONFIGS = [
    dict(length=0, automatic_doubles=2, jacoby=True, beavers=True),
    dict(length=0, beavers=True, max_cube=16),
    dict(length=0, cube=False, stake=2.5),
    dict(length=1),
    dict(length=3),
    dict(length=5, opening="both_dice"),
    dict(length=7, clock=(30, 120), names=("Ann", "Bo")),
    dict(length=11, crawford=False),
    dict(length=2, max_cube=8),
]


def random_action(match, rng):
    """Do one random legal action in ``match``, the way a careless player would."""
    g = match.game
    phase = match.phase
    if phase is Phase.OVER:
        match.new_game()
    elif phase is Phase.OPENING:
        match.roll()
    elif phase is Phase.ROLL_OR_DOUBLE:
        if match.can_double() and rng.random() < 0.3:
            match.double()
        elif match.refusal("resign") is None and rng.random() < 0.02:
            kind = rng.choice([1, 2, 3])
            if match.game.declined < kind:
                match.resign(kind)
            else:
                match.roll()
        else:
            match.roll()
    elif phase is Phase.DOUBLED:
        choices = [a for a in ("take", "take", "drop", "beaver") if match.refusal(a) is None]
        getattr(match, rng.choice(choices))()
    elif phase is Phase.RESIGNATION_OFFERED:
        (match.accept_resignation if rng.random() < 0.5 else match.reject_resignation)()
    elif phase is Phase.MOVING:
        if match.can_reroll() and rng.random() < 0.6:
            match.reroll()
            return
        turn = match.turn
        if turn.no_move:
            match.done()
        elif turn.played and turn.is_complete:
            match.done()
        elif turn.played or rng.random() < 0.5:
            step = rng.choice(turn.legal_steps())
            match.step(step.source, step.target)
            if rng.random() < 0.1:
                match.undo()
        else:
            play = rng.choice(list(g.turn.plays))
            if rng.random() < 0.5:
                match.play_move(play)
            else:
                match.play_text(str(play))


#: events worth a save of their own when first met
RARE = {"auto_double", "beaver", "reroll", "resign", "reject_resignation", "setup", "undo", "pass", "drop"}


class Corpus:
    """Valid inputs of every kind, collected along seeded random games."""

    def __init__(self, seed=2024):
        rng = random.Random(seed)
        self.position_ids = set()
        self.match_ids = set()
        self.xgids = set()
        self.notation = []          # (position, dice, [notation of legal plays])
        self.moving = []            # matches in the moving phase (some with steps played)
        self.saves = []             # JSON text of saved matches
        self.boards = []
        seen = set()
        for index in range(40):
            config = MatchConfig(**CONFIGS[index % len(CONFIGS)])
            dice = SeededDice(f"fuzz-{index}")
            if config.automatic_doubles:
                dice = ManualDice([4, 4], fallback=dice)    # an opening tie: the cube turns
            match = Match(config, dice, now=now)
            if index % 5 == 4 and self.boards:
                mine, theirs = rng.choice(self.boards)
                position = Position(mine, theirs)
                if position.winner() is None:
                    cube = rng.choice([1, 2, 4]) if config.cube and not config.length else 1
                    match.setup(position, rng.choice([0, 1]), cube_value=cube,
                                cube_owner=None if cube == 1 else rng.choice([0, 1]),
                                dice=rng.choice([None, (rng.randint(1, 6), rng.randint(1, 6))]))
            # short saves mostly: replaying a save is what from_dict spends its time on
            save_at = {rng.randrange(1, 30) for _ in range(3)}
            if index % 10 == 0:
                save_at.add(rng.randrange(40, 400))
            for action in range(400):
                self.collect(match, rng)
                new = {event["type"] for event in match.events[-3:]} & RARE - seen
                if action in save_at or (new and len(match.events) < 80):
                    self.saves.append(json.dumps(match.to_dict()))
                    seen |= new
                if match.match_winner is not None or (config.money and match.game_number > 3):
                    break
                random_action(match, rng)
        self.saves.append(json.dumps(Match(MatchConfig(), SeededDice(0)).to_dict()))
        self.position_ids = sorted(self.position_ids)
        self.match_ids = sorted(self.match_ids)
        self.xgids = sorted(self.xgids)

    def collect(self, match, rng):
        for position in (match.game.position, match.position):
            self.position_ids.add(position.position_id())
            self.boards.append((position.mine, position.theirs))
        self.match_ids.add(match.match_id())
        xgid = match.xgid()
        if xgid is not None:
            self.xgids.add(xgid)
        if match.phase is Phase.MOVING and not match.turn.no_move:
            position, dice = match.game.position, match.dice
            plays = list(position.legal_moves(dice))
            # the same six as sampling their texts (a sample depends only on the count), written
            # out alone: writing every legal play was most of the corpus's cost
            self.notation.append((position, dice, [str(play) for play in rng.sample(plays, min(len(plays), 6))]))
            if len(self.moving) < 80 and rng.random() < 0.3:
                self.moving.append(copy.deepcopy(match))


@functools.cache
def corpus():
    """The corpus, built when a test first asks (not at import: each worker collects this module)."""
    return Corpus()


# --- strategies ------------------------------------------------------------------------------
# Strategies are built once, here: Hypothesis checks every new strategy object, and a
# strategy made inside a draw costs more than the input it draws.

INDEX = st.integers(0, 1 << 16)
FEW = st.integers(1, 3)
CHAR = st.one_of(st.sampled_from(NEAR), st.characters())
TEXT_OPS = st.sampled_from(("flip", "flip", "insert", "delete", "swap", "double", "case"))
#: anything a caller might hand over by mistake
ODD = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=20),
                st.lists(st.integers(0, 6), max_size=3), st.tuples(st.text(max_size=3)))


def pick(draw, items):
    return items[draw(INDEX) % len(items)]


def mutate_text(draw, text):
    """``text`` with a few characters flipped, inserted, deleted, swapped, repeated or recased."""
    for _ in range(draw(FEW)):
        op = draw(TEXT_OPS)
        i = draw(INDEX) % max(len(text), 1)
        if op == "flip":
            text = text[:i] + draw(CHAR) + text[i + 1:]
        elif op == "insert":
            text = text[:i] + draw(CHAR) + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + 1:]
        elif op == "swap" and i + 1 < len(text):
            text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
        elif op == "double":
            text = text[:i] + text[i:i + 3] + text[i:]
        elif op == "case":
            text = text[:i] + text[i:i + 1].swapcase() + text[i + 1:]
    return text


@st.composite
def mutated(draw, corpus):
    """A valid text of ``corpus``, mutated (see :func:`mutate_text`)."""
    return mutate_text(draw, pick(draw, corpus))


@st.composite
def boards(draw):
    """``(mine, theirs)``: a possible position, each checker dropped on a random slot (25 = off)."""
    raw = draw(st.binary(min_size=30, max_size=30))
    mine, theirs = [0] * 25, [0] * 25
    for byte in raw[:15]:
        if byte % 26 < 25:
            mine[byte % 26] += 1
    for byte in raw[15:]:
        slot = byte % 26
        if slot < 24 and mine[23 - slot]:
            slot = 24                       # the point is taken: this one waits on the bar
        if slot < 25:
            theirs[slot] += 1
    if not any(mine) and not any(theirs):
        mine[5] = 1
    return tuple(mine), tuple(theirs)


def flip_bits(raw, bits):
    key = int.from_bytes(raw, "little")
    for bit in bits:
        key ^= 1 << (bit % (8 * len(raw)))
    return key.to_bytes(len(raw), "little")


def b64(raw):
    return base64.b64encode(raw).decode("ascii")


def flipped_position_id(args):
    (mine, theirs), bits = args
    raw = base64.b64decode(encode_position_id(mine, theirs) + "==")
    return b64(flip_bits(raw, bits))[:14]


def flipped_match_id(args):
    info, bits = args
    return b64(flip_bits(base64.b64decode(encode_match_id(info)), bits))


# --- Position IDs --------------------------------------------------------------------------------

def check_position_id(text):
    position = refused(Position.from_position_id, text)
    if isinstance(position, GameError):
        return
    # What is accepted is the canonical ID of a valid position.
    assert Position.from_position_id(position.position_id()) == position, text
    assert position.position_id() == text.strip(), text


@fuzz("Position.from_position_id", 0.2, st.one_of(st.text(max_size=20), st.text(BASE64, min_size=14, max_size=14),
                                                 ODD))
def test_random_text_as_position_id(text):
    check_position_id(text)


@fuzz("Position.from_position_id", 0.4, st.deferred(lambda: mutated(corpus().position_ids)))
def test_mutated_position_ids(text):
    check_position_id(text)


@fuzz("Position.from_position_id", 0.4, st.one_of(
    st.binary(min_size=10, max_size=10).map(lambda raw: b64(raw)[:14]),
    st.tuples(boards(), st.lists(st.integers(0, 79), min_size=1, max_size=3)).map(flipped_position_id),
    boards().map(lambda b: encode_position_id(*b))))
def test_position_ids_from_keys(text):
    """Random keys, valid keys with a few bits flipped, and valid positions."""
    check_position_id(text)


# --- Match IDs -------------------------------------------------------------------------------------

def check_match_id(text):
    info = refused(decode_match_id, text)
    if isinstance(info, GameError):
        return
    again = encode_match_id(info)
    assert len(again) == 12 and decode_match_id(again) == info, text


@st.composite
def match_id_infos(draw):
    length = pick(draw, [0, 0, 1, 3, 5, 7, 11, 25, 32767])
    cap = length or 100
    over = pick(draw, [0, 1, 2, 3, 4])
    score_cap = min(cap + 5 if over >= 2 and length else cap, 32767)
    return MatchIdInfo(
        cube_value=1 << draw(st.integers(0, 15)),
        cube_owner=pick(draw, [None, 0, 1]),
        player_on_roll=draw(st.integers(0, 1)),
        crawford=bool(length) and draw(st.booleans()),
        game_state=over, turn=draw(st.integers(0, 1)),
        double_offered=draw(st.booleans()), resignation=draw(st.integers(0, 3)),
        dice=draw(st.one_of(st.none(), st.tuples(st.integers(1, 6), st.integers(1, 6)))),
        match_length=length,
        score=(draw(st.integers(0, max(score_cap, 0))), draw(st.integers(0, max(score_cap, 0)))),
        jacoby=draw(st.booleans()))


@fuzz("decode_match_id", 0.2, st.one_of(st.text(max_size=16), st.text(BASE64, min_size=12, max_size=12),
                                       ODD))
def test_random_text_as_match_id(text):
    check_match_id(text)


@fuzz("decode_match_id", 0.4, st.deferred(lambda: mutated(corpus().match_ids)))
def test_mutated_match_ids(text):
    check_match_id(text)


@fuzz("decode_match_id", 0.4, st.one_of(
    st.binary(min_size=9, max_size=9).map(b64),
    st.binary(min_size=9, max_size=9).map(lambda raw: b64(raw[:8] + bytes([raw[8] & 7]))),
    st.tuples(match_id_infos(), st.lists(st.integers(0, 71), max_size=3)).map(flipped_match_id)))
def test_match_ids_from_keys(text):
    """Random keys (with and without the unused bits), valid IDs with a few bits flipped."""
    check_match_id(text)


def test_a_valid_match_id_round_trips_exactly():
    # Given every Match ID met in the corpus games, When decoded and encoded, Then unchanged
    for text in corpus().match_ids:
        assert encode_match_id(decode_match_id(text)) == text


# --- XGIDs -----------------------------------------------------------------------------------------

def check_xgid(text):
    info = refused(decode_xgid, text)
    if isinstance(info, GameError):
        return
    again = encode_xgid(info)
    assert decode_xgid(again) == info, text
    assert encode_xgid(decode_xgid(again)) == again, text


#: numbers of an XGID field, and near misses (a number past int()'s 4,300-digit limit too)
NUMBERS = st.one_of(st.integers(-3, 40).map(str), st.sampled_from(["", "-", "+1", "01", "1.0", "٣", " 1",
                                                                    "99999999999999999999", "1" * 5000]))


XGID_FIELDS = {
    0: st.text("-ABCDEFGHIJKLMNOPQabcdefghijklmnopq", min_size=24, max_size=28),
    2: st.sampled_from(["0", "1", "-1", "2", "-0", "01", "", "x"]),
    3: st.sampled_from(["1", "-1", "0", "2", "+1", ""]),
    4: st.one_of(st.sampled_from(["00", "D", "B", "R", "d", "07", "70", "5", "523", "", "0"]),
                 st.text("0123456789", min_size=2, max_size=2)),
}


@st.composite
def xgid_fields(draw):
    """A valid XGID with one to three of its ten fields replaced by something near."""
    mine, theirs = draw(boards())
    length = pick(draw, [0, 0, 1, 3, 5, 7, 11])
    info = XgidInfo(
        mine=mine, theirs=theirs, on_roll=pick(draw, ["bottom", "top"]),
        cube_value=1 << draw(st.integers(0, 6)), cube_owner=pick(draw, [None, "bottom", "top"]),
        dice=draw(st.one_of(st.none(), st.tuples(st.integers(1, 6), st.integers(1, 6)))),
        score_bottom=draw(st.integers(0, max(length - 1, 0) if length else 20)),
        score_top=draw(st.integers(0, max(length - 1, 0) if length else 20)),
        match_length=length, crawford=bool(length) and draw(st.booleans()),
        jacoby=not length and draw(st.booleans()), beaver=not length and draw(st.booleans()))
    if info.dice is None:
        info = dataclasses.replace(info, cube_action=pick(draw, [None, "double", "beaver", "raccoon"]))
    fields = encode_xgid(info)[5:].split(":")
    for _ in range(draw(st.integers(0, 3))):
        index = draw(st.integers(0, 9))
        fields[index] = draw(XGID_FIELDS.get(index, NUMBERS))
    prefix = pick(draw, ["XGID=", "XGID=", "", "xgid=", " XGID=", "XGID:"])
    return prefix + ":".join(fields)


@fuzz("decode_xgid", 0.15, st.one_of(st.text(max_size=60), st.text(NEAR, max_size=60), ODD))
def test_random_text_as_xgid(text):
    check_xgid(text)


@fuzz("decode_xgid", 0.45, st.deferred(lambda: mutated(corpus().xgids)))
def test_mutated_xgids(text):
    check_xgid(text)


@fuzz("decode_xgid", 0.4, xgid_fields())
def test_xgids_from_fields(text):
    """Valid XGIDs of random boards and settings, some fields replaced by near-miss values."""
    check_xgid(text)


def test_an_xgid_with_a_huge_number_is_refused_with_a_game_error():
    text = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:" + "1" * 5000
    with pytest.raises(GameError):
        decode_xgid(text)


# --- move notation: Position.parse_move ----------------------------------------------------------

# Plays of many single moves once took n! tries to explain (fixed; see
# test_a_long_refused_play_is_refused_at_once); generated inputs go well past four.
MAX_SEGMENTS = 16


def segments(text):
    """How many single moves ``text`` asks for (what explain_refusal orders), 0 if unreadable."""
    try:
        return sum(count for _, _, count, _ in parse_notation(text))
    except GameError:
        return 0


POINTS = st.one_of(st.integers(0, 26).map(str),
                   st.sampled_from(["bar", "b", "off", "o", "BAR", "Off", "25", "0", "00", "07", "-1", "x"]))


@st.composite
def notation(draw):
    """Text in (and near) the grammar of move notation: ``24/18*/13(2), bar/off``."""
    tokens = []
    for _ in range(draw(st.integers(1, 4))):
        token = draw(POINTS)
        for _ in range(draw(st.integers(1, 3))):
            token += "/" + draw(POINTS) + pick(draw, ["", "", "*", "**"])
        tokens.append(token + draw(st.sampled_from(["", "", "", "(2)", "(3)", "(4)", "(1)", "(0)", "(5)",
                                                    "(9)", "(", "(2"])))
    text = pick(draw, [" ", " ", ",", ", ", "  ", "\t"]).join(tokens)
    while segments(text) > MAX_SEGMENTS:
        text = text.rsplit(None, 1)[0] if len(text.split()) > 1 else "24/18"
    return text


NOTATION = notation()


def near_play(draw, plays):
    """A legal play's notation with one part nudged: a point moved, a part dropped or added."""
    text = pick(draw, plays)
    tokens = text.split()
    op = pick(draw, ("as is", "nudge", "drop", "add", "star", "count", "upper"))
    i = (draw(INDEX) % (len(tokens)))
    if op == "nudge":
        numbers = [part for part in tokens[i].replace("*", "").replace("(", "/").split("/") if part.isdigit()]
        if numbers:
            old = pick(draw, numbers)
            tokens[i] = tokens[i].replace(old, str(int(old) + pick(draw, [-2, -1, 1, 2, 6])), 1)
    elif op == "drop" and len(tokens) > 1:
        del tokens[i]
    elif op == "add":
        tokens.insert(i, draw(NOTATION).split()[0])
    elif op == "star":
        tokens[i] = tokens[i].replace("*", "") if "*" in tokens[i] else tokens[i] + "*"
    elif op == "count":
        tokens[i] = tokens[i].split("(")[0] + pick(draw, ["(2)", "(3)", "(4)", ""])
    elif op == "upper":
        tokens[i] = tokens[i].upper()
    return " ".join(tokens)


DICE = st.one_of(st.tuples(st.integers(1, 6), st.integers(1, 6)),
                 st.tuples(st.integers(1, 6), st.integers(1, 6)),
                 st.tuples(st.integers(1, 6), st.integers(1, 6)),
                 st.tuples(st.integers(-1, 8), st.integers(-1, 8)),
                 st.lists(st.integers(1, 6), max_size=3), ODD)


def check_parse_move(position, text, dice):
    if segments(text) > MAX_SEGMENTS:
        return False                        # past MAX_SEGMENTS: not fed, not counted
    before = (position.mine, position.theirs, position.position_id())
    play = refused(position.parse_move, text, dice)
    assert (position.mine, position.theirs, position.position_id()) == before
    if isinstance(play, GameError):
        return True
    # What is accepted is a legal play, and its own notation reads back as the same play.
    plays = position.legal_moves(dice)
    assert play in plays, (position, text, dice)
    again = position.parse_move(str(play), dice)
    assert position.play(again) == position.play(play), (position, text, dice, str(play))
    return True


TEXT = st.one_of(st.text(max_size=30), st.text(NEAR + "0123456789" * 3, max_size=30), ODD)


@fuzz("Position.parse_move", 0.25, st.tuples(st.deferred(lambda: st.sampled_from(corpus().notation)), TEXT))
def test_random_text_as_a_move(args):
    (position, dice, _), text = args
    return check_parse_move(position, text, dice)


@st.composite
def mutated_notation(draw):
    position, dice, plays = pick(draw, corpus().notation)
    if draw(st.booleans()):
        return position, mutate_text(draw, pick(draw, plays)), dice
    return position, near_play(draw, plays), dice


@fuzz("Position.parse_move", 0.4, mutated_notation())
def test_mutated_moves(args):
    return check_parse_move(*args)


@pytest.mark.slow
@fuzz("Position.parse_move", 0.35, st.tuples(st.one_of(boards(), st.deferred(lambda: st.sampled_from(corpus().notation)).map(
    lambda n: (n[0].mine, n[0].theirs))), NOTATION, DICE))
def test_moves_from_the_grammar(args):
    """Notation from its grammar, on corpus positions and random boards, with any dice."""
    (mine, theirs), text, dice = args
    return check_parse_move(Position(mine, theirs), text, dice)


def test_a_long_refused_play_is_refused_at_once():
    with time_limit(2.0), pytest.raises(IllegalMoveError):
        Position.start().parse_move("6/5(4) 6/5(4) 6/5(4)", (1, 2))


# --- move notation: Match.play_text -------------------------------------------------------------

def match_state(match):
    turn = match.game.turn
    return (match.position_id(), match.match_id(), match.phase, match.position,
            None if turn is None else turn.played, len(match.events))


class Table:
    """The matches in the moving phase, each replaced by a fresh copy once a play went through."""

    def __init__(self, templates):
        self.templates = templates
        self.frozen = [pickle.dumps(m) for m in templates]      # quicker to thaw than deepcopy
        self.live = [pickle.loads(f) for f in self.frozen]
        self.plays = [[str(play) for play in m.game.turn.plays] or ["24/18"] for m in templates]

    def play(self, index, text):
        if isinstance(text, str) and segments(text) > MAX_SEGMENTS:
            return False                    # past MAX_SEGMENTS: not fed, not counted
        match = self.live[index]
        before = match_state(match)
        position, dice = match.game.position, match.dice
        done = refused(match.play_text, text)
        if isinstance(done, GameError):
            assert match_state(match) == before, (text, position, dice)
            return True
        # What is accepted is a legal play of the roll, logged once, and the turn is over.
        moves = [event for event in match.events[before[-1]:] if event["type"] == "move"]
        assert len(moves) == 1 and match.phase is not Phase.MOVING, (text, moves)
        after = position.play(position.parse_move(moves[0]["move"], dice))
        assert after in position.legal_moves(dice).results(), (text, position, dice)
        self.live[index] = pickle.loads(self.frozen[index])
        return True


@functools.cache
def table():
    return Table(corpus().moving)


TABLE_INDEX = st.deferred(lambda: st.integers(0, len(corpus().moving) - 1))


@fuzz("Match.play_text", 0.2, st.tuples(TABLE_INDEX, TEXT))
def test_random_text_played_in_a_match(args):
    return table().play(*args)


@st.composite
def mutated_match_moves(draw):
    index = draw(TABLE_INDEX)
    plays = table().plays[index]
    text = mutate_text(draw, pick(draw, plays)) if draw(st.booleans()) else near_play(draw, plays)
    return index, text


@fuzz("Match.play_text", 0.45, mutated_match_moves())
def test_mutated_moves_played_in_a_match(args):
    return table().play(*args)


@fuzz("Match.play_text", 0.35, st.tuples(TABLE_INDEX, NOTATION))
def test_moves_from_the_grammar_played_in_a_match(args):
    return table().play(*args)


def test_the_matches_in_play_include_turns_with_steps_already_played():
    # Given the corpus of matches in the moving phase, Then some have steps played
    # (a refused play must not take them back) and some have none.
    played = [bool(m.game.turn.played) for m in corpus().moving]
    assert any(played) and not all(played)


# --- saved matches: Match.from_dict -------------------------------------------------------------

#: values a saved match may hold by mistake (10**400: an int JSON reads but no float holds)
ODD_JSON = [None, True, False, 0, 1, -1, 2, 3, 6, 7, 15, 16, 24, 25, 26, 64, 65, 128, 2 ** 15, 2 ** 31,
            10 ** 18, -(10 ** 18), 10 ** 400, 0.5, 1.0, -0.0, 1e300, "", "x", "bar", "off", "1", "roll", "move",
            "seeded", "manual", "system", "standard", "both_dice", "8/5 6/5", "4HPwATDgc/ABMA",
            [], {}, [1, 2], [6, 5], [[3, 1], [2, 2]], {"type": "roll"}, {"kind": "seeded"}]
EVENT_TYPES = ["game_start", "setup", "opening_roll", "auto_double", "reroll", "roll", "double",
               "beaver", "take", "drop", "step", "undo", "undo_all", "move", "pass", "resign",
               "accept_resignation", "reject_resignation", "flag", "win", "match_win", "nope"]


def paths(node, prefix=()):
    """Every path to a value inside ``node`` (lists of keys and indexes)."""
    out = []
    stack = [(prefix, node)]
    while stack:
        path, value = stack.pop()
        out.append(path)
        if isinstance(value, dict):
            stack.extend((path + (key,), item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((path + (index,), item) for index, item in enumerate(value))
    return out


def get(node, path):
    for key in path:
        node = node[key]
    return node


def put(data, path, value):
    if not path:
        return value
    get(data, path[:-1])[path[-1]] = value
    return data


EVENT_OPS = ("shuffle", "truncate", "drop", "double", "swap", "reverse", "insert", "empty")


def mutate_events(draw, events):
    """Shuffle the events from one on, cut them, drop, double, swap, reverse or copy some."""
    how = pick(draw, EVENT_OPS)
    i = draw(INDEX) % len(events)
    j = draw(INDEX) % len(events)
    if how == "shuffle":
        tail = events[i:]
        random.Random(j).shuffle(tail)
        events[i:] = tail
    elif how == "truncate":
        del events[i:]
    elif how == "drop":
        del events[i]
    elif how == "double":
        events.insert(i, copy.deepcopy(events[i]))
    elif how == "swap":
        events[i], events[j] = events[j], events[i]
    elif how == "reverse":
        events[min(i, j):max(i, j) + 1] = events[min(i, j):max(i, j) + 1][::-1]
    elif how == "insert":
        events.insert(i, copy.deepcopy(events[j]))
    else:
        events.clear()


REGIONS = ("config", "dice", "clock", "schema", "event", "event", "event", "any")
NUMBER_OPS = ("+1", "-1", "+2", "neg", "x2", "float", "str", "big", "zero")
VALUE_OPS = {int: ("number", "number", "set", "drop"), float: ("number", "set", "drop"),
             str: ("string", "string", "set", "drop"), dict: ("add_key", "set", "drop", "wrap"),
             list: ("set", "drop", "wrap", "wrap"), bool: ("set", "drop"), type(None): ("set", "drop")}
NEW_KEYS = ("type", "x", "player", "dice", "extra", "schema", "kind", "cube")


def region_paths(draw, data):
    """Paths inside one part of a save: one event (most often), config, dice, clock, or anywhere."""
    if isinstance(data, dict):
        region = pick(draw, REGIONS)
        events = data.get("events")
        if region == "event" and isinstance(events, list) and events:
            i = draw(INDEX) % len(events)
            return paths(events[i], ("events", i))
        if region in data:
            return paths(data[region], (region,))
    return paths(data)


@st.composite
def mutated_saves(draw):
    """A saved match with one to three mutations: keys dropped or added, values changed,
    numbers nudged, strings garbled, the events shuffled, cut, dropped, doubled or swapped."""
    data = json.loads(pick(draw, corpus().saves))
    for _ in range(draw(FEW)):
        events = data.get("events") if isinstance(data, dict) else None
        if isinstance(events, list) and events and draw(INDEX) % 4 == 0:
            if draw(st.booleans()):
                mutate_events(draw, events)
            else:
                event = events[draw(INDEX) % len(events)]
                if isinstance(event, dict):
                    event["type"] = pick(draw, EVENT_TYPES)
            continue
        candidates = region_paths(draw, data)
        path = pick(draw, candidates)
        value = get(data, path)
        op = pick(draw, VALUE_OPS.get(type(value), ("set",)))
        if op == "drop" and path:
            del get(data, path[:-1])[path[-1]]
        elif op == "add_key":
            value[pick(draw, NEW_KEYS)] = copy.deepcopy(pick(draw, ODD_JSON))
        elif op == "set":
            source = ODD_JSON if draw(st.booleans()) else [get(data, other) for other in candidates]
            data = put(data, path, copy.deepcopy(pick(draw, source)))
        elif op == "number":
            how = pick(draw, NUMBER_OPS)
            data = put(data, path, {"+1": value + 1, "-1": value - 1, "+2": value + 2, "neg": -value,
                                    "x2": value * 2, "float": float(value), "str": str(value),
                                    "big": value + 10 ** 9, "zero": 0}[how])
        elif op == "string":
            data = put(data, path, mutate_text(draw, value))
        elif op == "wrap":
            data = put(data, path, [value] if draw(st.booleans()) else {"value": value})
    return data


def check_from_dict(data):
    before = json.dumps(data, sort_keys=True)
    match = refused(lambda: Match.from_dict(data, now=now))
    assert json.dumps(data, sort_keys=True) == before, "from_dict changed the data handed to it"
    if isinstance(match, GameError):
        return
    # What is accepted is a valid match that saves and rebuilds as itself.
    position = match.game.position
    Position(position.mine, position.theirs)
    assert match.cube_value & (match.cube_value - 1) == 0 and match.cube_value <= match.config.max_cube
    saved = json.loads(json.dumps(match.to_dict()))
    again = Match.from_dict(saved, now=now)
    assert match_state(again) == match_state(match)
    assert again.events == match.events and again.score == match.score


@pytest.mark.slow
@fuzz("Match.from_dict", 0.9, mutated_saves())
def test_mutated_saved_matches(data):
    check_from_dict(data)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-100, 100) | st.floats(allow_nan=False)
                    | st.text(max_size=8), lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@fuzz("Match.from_dict", 0.1, st.one_of(
    JSON, st.fixed_dictionaries({"schema": st.just(1), "config": JSON, "dice": JSON, "clock": JSON,
                                 "events": st.lists(JSON, max_size=4)})))
def test_random_json_as_a_saved_match(data):
    check_from_dict(data)


def test_the_saved_matches_cover_every_kind_of_event():
    # Given the corpus of saved matches, Then their events include the cube, steps, undos and setups
    seen = {event["type"] for text in corpus().saves for event in json.loads(text)["events"]}
    assert {"double", "take", "drop", "beaver", "step", "undo", "move", "setup", "win",
            "auto_double", "reroll", "resign"} <= seen, seen


def test_a_saved_clock_with_a_huge_number_is_refused_with_a_game_error():
    data = Match(MatchConfig(length=3, clock=(30, 120)), SeededDice(1), now=now).to_dict()
    data["config"]["clock"] = [30, 10 ** 400]
    with pytest.raises(GameError):
        Match.from_dict(data, now=now)


def test_a_clock_time_past_the_digit_limit_is_refused_with_a_game_error():
    # (JSON cannot hold such a number: json.loads refuses it, so only direct calls meet it.)
    with pytest.raises(GameError):
        Match(MatchConfig(length=3, clock=(30, 10 ** 5000)), SeededDice(1), now=now)


def test_a_saved_starting_score_past_the_match_id_limit_is_refused_with_a_game_error():
    # (found by test_mutated_saved_matches: the match was read, then its Match ID raised)
    data = Match(MatchConfig(length=0), SeededDice(1), now=now).to_dict()
    data["events"][0]["score"] = [0, 1_000_000_000]
    with pytest.raises(GameError):
        Match.from_dict(data, now=now)


def test_the_largest_seeded_dice_restore_in_time():
    # Given a save whose seeded dice claim the most draws allowed, Then it is read within the limit
    data = Match(MatchConfig(length=3), SeededDice(1), now=now).to_dict()
    data["dice"]["drawn"] = 1_000_000
    started = time.perf_counter()
    with time_limit():
        Match.from_dict(data, now=now)
    assert time.perf_counter() - started < CALL_LIMIT


# --- boards: Position(mine, theirs) and Position.from_counts ------------------------------------
# Lists and dicts are read out of random bytes through tables of values (one draw per side:
# drawing 25 elements one by one costs ten times more).

#: what may sit in a list of counts, by mistake or not
ODD_COUNTS = (-1, -2, 16, 25, 10 ** 20, -(10 ** 20), True, False, 1.0, 2.5, -0.0, float("nan"), float("inf"),
              None, "", "2", [1], (2,), b"\x01", 1j)


def count_list(raw):
    """A list of counts from bytes: mostly 0, some 1 to 3, now and then an odd value."""
    return [0 if byte < 170 else byte % 3 + 1 if byte < 235 else ODD_COUNTS[byte % len(ODD_COUNTS)]
            for byte in raw]


SIDE_BYTES = st.one_of(st.binary(min_size=25, max_size=25), st.binary(min_size=23, max_size=27),
                       st.binary(max_size=40))


def check_position(mine, theirs):
    saved = (copy.deepcopy(mine), copy.deepcopy(theirs))
    position = refused(Position, mine, theirs)
    assert repr((mine, theirs)) == repr(saved)
    if isinstance(position, GameError):
        return
    assert Position.from_position_id(position.position_id()) == position
    assert position.mine == tuple(mine) and position.theirs == tuple(theirs)


@fuzz("Position", 0.5, st.tuples(SIDE_BYTES, SIDE_BYTES))
def test_any_lists_as_a_board(args):
    check_position(count_list(args[0]), count_list(args[1]))


@st.composite
def nudged_boards(draw):
    """A valid board with one to three counts set to an odd value, added, or removed."""
    sides = [list(side) for side in draw(boards())]
    for _ in range(draw(FEW)):
        side = sides[draw(INDEX) % 2]
        op = pick(draw, ("set", "set", "plus", "append", "delete"))
        i = draw(INDEX) % 25
        if op == "set":
            side[i % len(side)] = pick(draw, ODD_COUNTS + (0, 1, 2, 15))
        elif op == "plus" and isinstance(side[i % len(side)], int):
            side[i % len(side)] += 1
        elif op == "append":
            side.append(pick(draw, ODD_COUNTS + (0, 1)))
        elif op == "delete" and len(side) > 1:
            del side[i % len(side)]
    return sides


@fuzz("Position", 0.5, nudged_boards())
def test_valid_boards_with_counts_changed(sides):
    check_position(*sides)


POINT_KEYS = tuple(range(-2, 28)) + ("bar", "BAR", "off", "25", "6", "", 6.0, 25.0, 1.5, None, (6,), True, False)
COUNT_VALUES = tuple(range(-2, 17)) + (10 ** 20, -(10 ** 20), 1.5, 2.0, -0.0, float("nan"), float("inf"),
                                       True, False, None, "2", [1], 1j)


def counts_from(args):
    """``{point: count}``, a list of pairs, or a list of anything, read out of bytes."""
    shape, raw = args
    if shape == 2:
        return count_list(raw)
    pairs = [(POINT_KEYS[raw[i] % len(POINT_KEYS)], COUNT_VALUES[raw[i + 1] % len(COUNT_VALUES)])
             for i in range(0, len(raw) - 1, 2)]
    return dict(pairs) if shape == 0 else pairs


COUNTS_ARG = st.tuples(st.integers(0, 2), st.binary(max_size=14)).map(counts_from)


def check_from_counts(mine, theirs):
    saved = (copy.deepcopy(mine), copy.deepcopy(theirs))
    position = refused(Position.from_counts, mine, theirs)
    assert repr((mine, theirs)) == repr(saved)
    if isinstance(position, GameError):
        return
    assert Position.from_position_id(position.position_id()) == position
    assert sum(position.mine) <= 15 and sum(position.theirs) <= 15


@fuzz("Position.from_counts", 0.5, st.tuples(COUNTS_ARG, COUNTS_ARG))
def test_any_counts_as_a_board(args):
    check_from_counts(*args)


@st.composite
def near_counts(draw):
    """The counts of a valid board, one or two entries changed."""
    sides = []
    for side in draw(boards()):
        counts = {(i + 1 if i < 24 else pick(draw, ["bar", 25])): n for i, n in enumerate(side) if n}
        for _ in range(draw(INDEX) % 3):
            counts[pick(draw, POINT_KEYS)] = pick(draw, COUNT_VALUES)
        sides.append(counts)
    return sides


@fuzz("Position.from_counts", 0.5, near_counts())
def test_valid_counts_with_entries_changed(args):
    check_from_counts(*args)


def test_a_count_that_is_not_a_number_is_refused_with_a_game_error():
    with pytest.raises(GameError):
        Position.from_counts({6: None}, {})


@pytest.mark.parametrize("counts", [[1, 2, 3], [(1, 2, 3)]])
def test_counts_that_are_not_pairs_are_refused_with_a_game_error(counts):
    with pytest.raises(GameError):
        Position.from_counts(counts, {})


# --- the figures ------------------------------------------------------------------------------------

def test_every_entry_point_got_its_inputs(capsys):
    """Last: each entry point whose tests all ran got all its inputs (see ``target``)."""
    expected = {"Position.from_position_id": 3, "decode_match_id": 3, "decode_xgid": 3,
                "Position.parse_move": 3, "Match.play_text": 3, "Match.from_dict": 2, "Position": 2,
                "Position.from_counts": 2}
    lines = []
    for entry, parts in sorted(PARTS.items()):
        wall = sum(w for _, w, _ in parts.values())
        cpu = sum(c for _, _, c in parts.values())
        lines.append(f"{entry:26} {COUNTS[entry]:7} inputs {wall:6.1f} s ({cpu:5.1f} s CPU)  "
                     + ", ".join(f"{name}={count}" for name, (count, _, _) in parts.items()))
    with capsys.disabled():
        print("\nfuzzed inputs per entry point:\n  " + "\n  ".join(lines))
    complete = [entry for entry, n in expected.items() if len(PARTS.get(entry, ())) == n]
    if not complete:
        pytest.skip("no entry point had all its fuzz tests run")
    for entry in complete:
        assert COUNTS[entry] >= target(entry), (entry, COUNTS[entry])

"""Fuzzing what a player or a link hands the app: whatever comes in, the app answers or
refuses clearly, and a refusal changes nothing.

Entry points, each fed ``FUZZ_EXAMPLES`` generated inputs (200 by default, to keep
CI fast; ``FUZZ_EXAMPLES=10000 python -m pytest tests/test_fuzz_inputs.py`` for
the full campaign), from random text, mutations of valid inputs and structured
generation (see tests/fuzz_harness.py for the engine's own entry points):

* ``urlparams``: the query of a link or a share link, read by
  :mod:`game.app.keep.urlparams` (``parse_query``, ``parse_position_query``,
  ``query_language``): never an exception; what is read is within bounds and
  writes back as itself;
* ``Controller.boot``: the app starting with that query on a store holding an
  unfinished match: never an exception (a bad position link is a message); the
  unfinished match is never lost (still on the board, or first of the saved ones);
* ``Controller.type_move``: text typed in ``#move-input`` during a turn: never an
  exception; refused, the match is exactly as it was and the message says why;
  accepted, the turn holds a legal play;
* ``import_mat``: ``.mat`` files (valid ones mutated line by line and character by
  character, random text) through :func:`game.formats.mat_read.import_mats` and
  ``Controller.open_mat``: a refusal is a :class:`game.formats.mat_read.MatFileError` and
  leaves the app and its store as they were; what is read rebuilds as itself;
* ``stored data``: damaged localStorage (tests/storage_mutations.py) at start-up:
  the app boots, and nothing that could be read is lost.

The last test prints the inputs fed to each entry point and the time taken.
"""

import collections
import copy
import json
import math
import os
import random
import time
from urllib.parse import quote

import pytest
from hypothesis import strategies as st
from fuzz_batches import feed_batches
from storage_mutations import check_nothing_lost, mutate, sample

from game.errors import GameError
from game.match import Match, MatchConfig, Phase
from game.dice import ManualDice, SeededDice
from game.formats.mat_read import import_mats
from game.formats.mat_write import export_mat
from game.app.keep import storage
from game.app.keep import urlparams
from game.app.controller import Controller, Setup
from game.app.keep.storage import MemoryStore

TOTAL = int(os.environ.get("FUZZ_EXAMPLES", "200"))
#: seconds one input may take
CALL_LIMIT = 5.0
COUNTS = collections.Counter()
TIMES = collections.defaultdict(float)
ENTRIES = ("urlparams", "Controller.boot", "Controller.type_move", "import_mat", "stored data")
#: how many test functions feed each entry point
PARTS = {"urlparams": 2, "Controller.boot": 2, "Controller.type_move": 2, "import_mat": 3, "stored data": 1}
DONE = collections.Counter()


def fuzz(entry, fraction, strategy, batch=10):
    """Decorator: feed ``fraction`` of TOTAL inputs drawn from ``strategy`` to the body."""
    inputs = max(1, math.ceil(TOTAL * fraction))

    def wrap(body):
        def test():
            started = time.perf_counter()

            def each(value):
                begun = time.perf_counter()
                body(value)
                assert time.perf_counter() - begun < CALL_LIMIT, value

            count = feed_batches(strategy, math.ceil(inputs / batch), batch, each)
            COUNTS[entry] += count
            TIMES[entry] += time.perf_counter() - started
            DONE[entry] += 1
            assert count >= inputs

        test.__name__ = body.__name__
        test.__doc__ = body.__doc__
        return test

    return wrap


INDEX = st.integers(0, 1 << 16)
CHAR = st.one_of(st.sampled_from("?&=%+/#:;,.- 0123456789abcXGID<>\"'\\*()bar/off"), st.characters())


def pick(draw, items):
    return items[draw(INDEX) % len(items)]


def mutate_text(draw, text, rounds=None):
    """``text`` with a few characters flipped, inserted, deleted, swapped or repeated."""
    for _ in range(rounds or draw(st.integers(1, 3))):
        op = draw(st.sampled_from(("flip", "insert", "delete", "swap", "double", "cut")))
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
            text = text[:i] + text[i:i + 4] + text[i:]
        elif op == "cut":
            text = text[:i]
    return text


# --- urlparams: links and share links ---------------------------------------------------------------

VALID_QUERIES = [
    "?mode=hotseat&length=7&seed=class-3b", "?mode=bot&length=0&level=master&lang=fr",
    "?mode=watch&length=money&seed=42", "?lang=en", "?position=4HPwATDgc/ABMA&match=cAgAAAAAAAAA",
    "?position=4HPwATDgc%2FABMA&match=cAgAAAAAAAAA&mode=bot&level=expert",
    "?xgid=XGID%3D-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A52%3A0%3A0%3A3%3A0%3A10",
    "?position=sGfwATDgc/ABMA&match=QYkqASAAAAAA", "?mode=hotseat&length=25&seed=a.b:c_d-e",
    "?length=99999999999999999999999&seed=" + "x" * 41, "?mode=bot&mode=hotseat&length=-3",
]
KEYS = ("mode", "length", "seed", "level", "lang", "position", "match", "xgid", "other", "")
VALUES = ("hotseat", "bot", "watch", "0", "5", "25", "26", "-1", "money", "1e9", "4HPwATDgc/ABMA",
          "cAgAAAAAAAAA", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "fr", "en", "de",
          "<img src=x onerror=alert(1)>", "%00", "%ZZ", "a" * 200, "+", " ", "master")


@st.composite
def built_queries(draw):
    """``?k=v&…`` from the app's own keys and values, some mutated, some percent-encoded."""
    pairs = []
    for _ in range(draw(st.integers(0, 6))):
        key, value = pick(draw, KEYS), pick(draw, VALUES)
        if draw(st.booleans()):
            value = mutate_text(draw, value)
        if draw(st.booleans()):
            value = quote(value, safe="", errors="surrogatepass")   # as a browser escapes it
        pairs.append(f"{key}={value}" if draw(INDEX) % 8 else key)
    return ("?" if draw(st.booleans()) else "") + "&".join(pairs)


QUERIES = st.one_of(built_queries(), st.builds(lambda t: t, st.text(max_size=80)),
                    st.sampled_from(VALID_QUERIES).flatmap(lambda q: st.just(q)),
                    st.tuples(st.sampled_from(VALID_QUERIES), st.randoms(use_true_random=False)).map(
                        lambda args: mutate_query(*args)))


def mutate_query(query, rng):
    chars = list(query)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(chars) + 1)
        op = rng.randrange(3)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice("?&=%+/#:x0\x00<é"))
        elif chars:
            chars[min(i, len(chars) - 1)] = rng.choice("&=%+ Z9")
    return "".join(chars)


def check_urlparams(query):
    setup = urlparams.parse_query(query)
    if setup is not None:
        assert setup.mode in urlparams.MODES and setup.level in urlparams.LEVELS
        assert 0 <= setup.length <= urlparams.MAX_LENGTH
        assert setup.seed is None or (1 <= len(setup.seed) <= 40)
        again = urlparams.parse_query(urlparams.build_query(setup))
        assert again.mode == setup.mode and again.length == setup.length and again.seed == setup.seed
    link = urlparams.parse_position_query(query)
    if link is not None:
        for value in (link.position_id, link.match_id, link.xgid):
            assert value is None or (isinstance(value, str) and len(value) <= 80 and " " not in value)
    assert urlparams.query_language(query) in (None, "en", "fr")


@fuzz("urlparams", 0.5, QUERIES)
def test_any_query_is_read_within_bounds(query):
    check_urlparams(query)


@fuzz("urlparams", 0.5, built_queries())
def test_queries_built_from_the_apps_own_keys(query):
    check_urlparams(query)


def unfinished_store():
    """A store whose match on the board is the person's own (New match), unfinished (one move
    played): a link keeps it (a link's own match would be replaced by the next link's)."""
    store = MemoryStore()
    app = Controller(store, wall=lambda: 1_790_000_000)
    app.boot("", ["en"])
    app.new_match(Setup(mode="hotseat", length=3, seed="fuzz-boot"))
    app.roll()
    app.type_move(str(app.match.turn.plays[0]))
    app.done()
    return store.items, app.match.events


BOOT_ITEMS, BOOT_EVENTS = unfinished_store()


def check_boot(query):
    store = MemoryStore(copy.deepcopy(BOOT_ITEMS))
    app = Controller(store, wall=lambda: 1_790_000_000)
    linked = app.boot(query, ["en"])
    view = app.view()
    assert view.board_svg and app.match is not None
    if not linked:
        assert app.match.events == BOOT_EVENTS       # a refused or absent link: the match resumes
    else:
        assert app.kept.saved_matches()[0]["match"]["events"] == BOOT_EVENTS   # kept, never lost


@fuzz("Controller.boot", 0.5, QUERIES)
def test_the_app_starts_on_any_link(query):
    check_boot(query)


@fuzz("Controller.boot", 0.5, built_queries())
def test_the_app_starts_on_links_built_from_its_own_keys(query):
    check_boot(query)


# --- notation typed in #move-input ------------------------------------------------------------------

def moving_apps(count=12):
    """Controllers in the middle of a hot-seat turn, with the notation of some legal plays."""
    found = []
    for n in range(count * 3):
        app = Controller(MemoryStore(), wall=lambda: 1_790_000_000)
        app.boot(f"?mode=hotseat&length=5&seed=type-{n}", ["en"])
        rng = random.Random(n)
        for _ in range(rng.randrange(1, 12)):
            if app.match.phase is not Phase.MOVING:
                app.roll()
                continue
            turn = app.match.turn
            if turn.no_move or turn.is_complete:
                app.done()
            else:
                app.type_move(str(rng.choice(turn.plays)))
        if app.match.phase is Phase.MOVING and not app.match.turn.no_move:
            if rng.random() < 0.3 and not app.match.turn.is_complete:
                step = app.match.turn.legal_steps()[0]
                app.match.step(step.source, step.target)       # a turn already begun
            plays = [str(play) for play in app.match.game.position.legal_moves(app.match.dice)]
            found.append((app.match.to_dict(), app.setup, plays))
        if len(found) == count:
            break
    return found


MOVING = moving_apps()
MOVE_ATOMS = ("bar", "off", "*", "(2)", "(4)", "/", " ", "25", "24", "13", "8", "6", "5", "0", "1",
              "99", "-3", "/off", "bar/", "x", "\t", "，", "١")


@st.composite
def typed_moves(draw):
    """``(which app, text)``: a legal play mutated, a grammar of notation pieces, or any text."""
    index = draw(INDEX) % len(MOVING)
    how = draw(st.integers(0, 3))
    plays = MOVING[index][2]
    if how == 0 and plays:
        text = mutate_text(draw, pick(draw, plays))
    elif how == 1:
        text = "".join(pick(draw, MOVE_ATOMS) for _ in range(draw(st.integers(1, 10))))
    elif how == 2 and plays:
        text = pick(draw, plays)
    else:
        text = draw(st.text(max_size=60))
    return index, text


APP = Controller(MemoryStore(), wall=lambda: 1_790_000_000)
APP.boot("?mode=hotseat&length=5&seed=x", ["en"])


def check_typed(args):
    index, text = args
    data, setup, _plays = MOVING[index]
    APP.match = Match.from_dict(data)
    APP.setup, APP.selected, APP.message, APP.replay = setup, None, None, None
    before = json.dumps(APP.match.to_dict(), sort_keys=True)
    accepted = APP.type_move(text)
    after = APP.match.to_dict()
    if accepted:
        turn = APP.match.turn
        assert turn.played and all(step.source != step.target for step in turn.played)
    else:
        assert json.dumps(after, sort_keys=True) == before, text
        assert text.strip() == "" or (APP.message and APP.view().message), text


@fuzz("Controller.type_move", 0.5, typed_moves())
def test_any_typed_move_is_played_or_refused_with_nothing_changed(args):
    check_typed(args)


@fuzz("Controller.type_move", 0.5, st.tuples(st.integers(0, len(MOVING) - 1),
                                             st.text(alphabet="0123456789/*() baroff", max_size=30)))
def test_notation_like_text_is_played_or_refused_with_nothing_changed(args):
    check_typed(args)


# --- .mat files ---------------------------------------------------------------------------------------

def mat_corpus():
    files = []
    for n, config in enumerate([MatchConfig(length=1), MatchConfig(length=3), MatchConfig(length=0),
                                MatchConfig(length=2, names=("Ann", "Bo")), MatchConfig(length=1),
                                MatchConfig(length=3, names=("<b>x</b>", "é"))]):
        match = Match(config, SeededDice(f"mat-{n}"))
        rng = random.Random(n)
        while match.match_winner is None and len(match.events) < 24:
            phase = match.phase
            if phase is Phase.OVER:
                if config.length == 0:
                    break
                match.new_game()
            elif phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE):
                if phase is Phase.ROLL_OR_DOUBLE and match.can_double() and rng.random() < 0.05:
                    match.double()
                else:
                    match.roll()
            elif phase is Phase.DOUBLED:
                match.take() if rng.random() < 0.7 else match.drop()
            elif phase is Phase.MOVING:
                plays = match.game.position.legal_moves(match.dice)
                if plays:
                    match.play_move(rng.choice(plays))
                else:
                    match.done()
            else:
                break
        files.append(export_mat(match, date="2026.11.21"))
    # a finished match (read, it is replayed): a 1-point match resigned after a few moves
    match = Match(MatchConfig(length=1, names=("Ann", "Bo")), SeededDice("mat-over"))
    match.roll()
    for _ in range(4):
        plays = match.game.position.legal_moves(match.dice)
        match.play_move(plays[0]) if plays else match.done()
        match.roll()
    match.resign(1)
    match.accept_resignation()
    assert match.match_winner is not None
    files.append(export_mat(match, date="2026.11.21"))
    return files


MATS = mat_corpus()
LINE_OPS = ("drop", "double", "swap", "mutate", "mutate", "cut", "blank")


@st.composite
def mutated_mats(draw):
    """A valid .mat file (a few moves long: replaying a file is what costs) with lines dropped, doubled, swapped, cut, or characters changed."""
    lines = pick(draw, MATS).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(INDEX) % len(lines)
        op = pick(draw, LINE_OPS)
        if op == "drop":
            del lines[i]
        elif op == "double":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(INDEX) % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "mutate":
            lines[i] = mutate_text(draw, lines[i])
        elif op == "cut":
            del lines[i:]
        else:
            lines[i] = ""
        if not lines:
            lines = [""]
    return "\n".join(lines)


class MatApp:
    """One app with an unfinished match, rebuilt only after a file was accepted."""

    def __init__(self):
        self.fresh()

    def fresh(self):
        self.store = MemoryStore(copy.deepcopy(BOOT_ITEMS))
        self.app = Controller(self.store, wall=lambda: 1_790_000_000)
        self.app.boot("", ["en"])
        self.items = dict(self.store.items)


MAT_APP = MatApp()


def check_mat(text):
    """Through the app's own entry (``open_mat`` calls :func:`import_mats` and catches only
    :class:`MatFileError`: any other exception fails the test)."""
    app, store = MAT_APP.app, MAT_APP.store
    before = app.match.events
    if app.open_mat(text, "fuzz.mat"):
        # read: a valid match that rebuilds as itself; the unfinished one was kept
        again = Match.from_dict(json.loads(json.dumps(app.match.to_dict())))
        assert again.events == app.match.events
        assert app.kept.saved_matches()[0]["match"]["events"] == BOOT_EVENTS
        assert len(import_mats(text)) == 1
        MAT_APP.fresh()
    else:
        # refused: the app and its store as they were, and a message that says why
        assert app.match.events == before and store.items == MAT_APP.items
        assert app.message[0].startswith("error.mat") and app.view().message


@fuzz("import_mat", 0.6, mutated_mats(), batch=5)
def test_mutated_mat_files_are_read_or_refused_with_a_line(text):
    check_mat(text)


@fuzz("import_mat", 0.2, st.text(max_size=300))
def test_any_text_as_a_mat_file(text):
    check_mat(text)


@fuzz("import_mat", 0.2, st.sampled_from(MATS).flatmap(
    lambda text: st.tuples(st.just(text), st.integers(0, len(text)))).map(lambda args: args[0][:args[1]]),
    batch=5)
def test_mat_files_cut_anywhere(text):
    check_mat(text)


# --- damaged storage at start-up ------------------------------------------------------------------------

SAMPLES = {name: sample(name) for name in ("format1", "format2")}


@fuzz("stored data", 1.0, st.tuples(st.sampled_from(sorted(SAMPLES)), st.integers(0, 1 << 30),
                                     st.integers(1, 3)))
def test_damaged_storage_always_boots_and_loses_nothing(args):
    name, seed, rounds = args
    rng = random.Random(seed)
    damaged = SAMPLES[name]
    for _ in range(rounds):
        _what, damaged = mutate(rng, damaged)
        if not damaged:
            break
    store = MemoryStore(copy.deepcopy(damaged))
    app = Controller(store, wall=lambda: 1_790_000_000)
    app.boot("", ["en"])
    assert app.match is not None and app.view().board_svg
    check_nothing_lost(damaged, store, app)


def test_every_entry_point_got_its_inputs(capsys):
    """Last: the inputs fed to each entry point whose tests all ran, and the time they took."""
    lines = [f"{entry:22} {COUNTS[entry]:7} inputs {TIMES[entry]:7.1f} s" for entry in ENTRIES if COUNTS[entry]]
    with capsys.disabled():
        print("\nfuzzed inputs per entry point (FUZZ_EXAMPLES=%d):\n  " % TOTAL + "\n  ".join(lines))
    complete = [entry for entry in ENTRIES if DONE[entry] == PARTS[entry]]
    if not complete:
        pytest.skip("no entry point had all its fuzz tests run")
    for entry in complete:
        assert COUNTS[entry] >= TOTAL, (entry, COUNTS[entry])

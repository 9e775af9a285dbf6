"""The harness of the engine's fuzz tests: inputs counted, calls timed, refusals caught.

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

The tests, one module per group of entry points (pytest-xdist's ``--dist
loadfile`` gives each module to one worker, so the four share the workers):

* tests/test_fuzz_ids.py: ``Position.from_position_id`` and ``decode_xgid``;
* tests/test_fuzz_saves.py: ``Match.from_dict`` and ``decode_match_id``;
* tests/test_fuzz_moves.py: ``Position.parse_move`` and ``Match.play_text``;
* tests/test_fuzz_boards.py: ``Position`` and ``Position.from_counts``.

Beside them: this module (:func:`fuzz`, the counts, the time limit),
tests/fuzz_corpus.py (valid inputs of every kind, from seeded random games),
tests/fuzz_strategies.py (the strategies and mutations the modules share) and
tests/fuzz_batches.py (Hypothesis examples that are lists of inputs).

By default the two entry points that replay matches (``Match.from_dict``,
``Match.play_text``) get half as many, which keeps the four modules near a
minute of CPU together; ``FUZZ_EXAMPLES=10000 python -m pytest tests/test_fuzz_*.py``
gives every entry point its full 10,000 (about 80 s of CPU), a larger number a
longer campaign, a smaller one (``FUZZ_EXAMPLES=2000``) a quick run.
``FUZZ_SHARE=0.2`` keeps the halves and gives each entry point a fifth of its
inputs: ``make test-fast`` runs that share of the feeds it does not leave out
(tests/conftest.py lists the slow ones), ``make test`` every feed whole.  The inputs
fed to each entry point are counted, asserted and printed by the last test of
its module (:func:`check_counts`).

The bugs these tests found each keep a test of their own, with the input that
failed (``test_..._is_refused_with_a_game_error``, ``..._at_once``), in the
module of their entry point.  A bug found later gets the same, marked
``xfail(strict=True)`` until it is fixed, and the generators stay clear of its
inputs until then.
"""

import collections
import contextlib
import math
import os
import signal
import threading
import time

import pytest
from fuzz_batches import feed_batches

from game import GameError

#: generated inputs per entry point: FUZZ_EXAMPLES, or 10,000 times FUZZ_SHARE (1 by default;
#: `make test-fast` runs a fifth of the feeds, `make test` all of them)
TOTAL = int(os.environ.get("FUZZ_EXAMPLES") or round(10000 * float(os.environ.get("FUZZ_SHARE") or 1)))
#: entry points whose every input replays part of a match (1 to 2 ms each): half of TOTAL
#: by default, to keep the fuzz modules near 60 s of CPU; FUZZ_EXAMPLES set gives them all of it
SLOW = () if "FUZZ_EXAMPLES" in os.environ else ("Match.from_dict", "Match.play_text")


def target(entry):
    """Inputs ``entry`` gets in this run."""
    return TOTAL // 2 if entry in SLOW else TOTAL
#: seconds one call may take before it counts as a hang
CALL_LIMIT = 5.0
#: inputs actually fed, per entry point (and per test)
COUNTS = collections.Counter()
PARTS = collections.defaultdict(dict)


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


def match_state(match):
    """What a refused call must leave as it was, and a rebuilt match must give back."""
    turn = match.game.turn
    return (match.position_id(), match.match_id(), match.phase, match.position,
            None if turn is None else turn.played, len(match.events))


def check_counts(expected, capsys):
    """Print the inputs fed to the entry points of ``expected`` ({entry point: its fuzz tests}),
    and check that each one whose tests all ran got all its inputs (see ``target``).

    The last test of each fuzz module calls it for its own entry points (COUNTS and
    PARTS are the process's: no two modules share an entry point). Skips when none
    had all its tests run (a ``-k`` or ``-m`` selection).
    """
    lines = []
    for entry, parts in sorted(PARTS.items()):
        if entry not in expected:
            continue
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

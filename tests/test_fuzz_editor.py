"""Fuzzing the position editor: whatever comes in, it answers or refuses with a typed error.

Three entry points, each fed ``FUZZ_EXAMPLES`` generated inputs (2,000 by
default, to keep this file within a few seconds of CPU;
``FUZZ_EXAMPLES=10000 python -m pytest tests/test_fuzz_editor.py -s`` gives
the full campaign and prints the figures):

* ``EditorState changes``: sequences of the editor's changes (add, remove,
  clear, reset, on roll, dice, cube, length, score, Crawford) with valid and
  odd arguments (out of range, wrong types, huge numbers, NaN);
* ``EditorState.from_text``: text pasted into the editor: valid IDs, XGIDs and
  links (of edited positions, of matches in play, of finished games), the
  same with characters changed, XGIDs from a grammar, and random text;
* ``Controller editor``: what the page sends while editing: clicks on any
  slot with any button, any form field with any value, pasted text.

On every input: the call returns or raises :class:`game.app.editor.model.EditorError`
or :class:`game.app.keep.share.ShareError` (both ``ValueError``); anything else is a
bug.  A refusal changes nothing (the state, the controller's editor and its
match are as they were).  What is accepted is sound: at most 15 checkers a
side, one side per point, a score below the length, a Crawford game only when
it can be, a cube the editor offers; a playable state reads back from its own
IDs (but XG's cube limit, which gnubg's IDs cannot hold) and XGID and opens a
match with those IDs; the view draws.
"""

import collections
import math
import os
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_ui_editor import random_state
from test_ui_share import play_somewhere

from game.match import Match, MatchConfig, Phase
from game.position import Position
from game.app.controller import Controller
from game.app.editor.model import (BAR, CUBE_VALUES, EditorError, EditorState)
from game.app.keep.share import DEFAULT_MAX_CUBE, ShareError
from game.app.keep.storage import MemoryStore

#: generated inputs per entry point
TOTAL = int(os.environ.get("FUZZ_EXAMPLES", "2000"))
BATCH = 16
COUNTS = collections.Counter()
REFUSED = collections.Counter()
REFUSALS = (EditorError, ShareError)

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
NEAR = BASE64 + "=-:?&%/ \tXGIDposinatch"
ODD = (None, True, False, "", "2", "abc", 2.0, 1.5, float("nan"), float("inf"), -1, 10 ** 20,
       -(10 ** 20), (1, 2), [3, 3], (0, 7), (6, 6, 6), {"a": 1}, b"1")


def settings_for(inputs):
    return settings(max_examples=max(1, math.ceil(inputs / BATCH)), deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def sound(state):
    """Assert what every state the editor accepts must be; a playable one round-trips."""
    assert isinstance(state, EditorState)
    for player in (0, 1):
        side = state.counts[player]
        assert len(side) == 25 and all(type(n) is int and n >= 0 for n in side)
        assert sum(side) <= 15
    assert not any(state.counts[0][i] and state.counts[1][23 - i] for i in range(24))
    assert state.cube_value in CUBE_VALUES
    assert state.cube_owner is None or (state.cube_owner in (0, 1) and state.cube_value > 1)
    assert type(state.length) is int and 0 <= state.length <= 25
    if state.length:
        assert all(type(s) is int and 0 <= s < state.length for s in state.score)
    else:
        assert state.score == (0, 0) and not state.crawford
    if state.crawford:
        assert list(state.score).count(state.length - 1) == 1
        assert (state.cube_value, state.cube_owner) == (1, None)
    assert state.dice is None or (len(state.dice) == 2 and 6 >= state.dice[0] >= state.dice[1] >= 1)
    assert state.on_roll in (0, 1)
    try:
        state.check()
    except EditorError as error:
        assert error.key == "editor.no_checkers" and not state.on_board(error.params["player"])
        return
    position_id, match_id = state.ids()
    # gnubg's IDs have no room for XG's cube limit: it comes back as the app's default
    assert EditorState.from_text(f"{position_id}:{match_id}") == replace(state, max_cube=DEFAULT_MAX_CUBE)
    assert EditorState.from_text(state.xgid()) == state
    match = state.shared().match()
    assert (match.position_id(), match.match_id()) == (position_id, match_id)


# --- the editor's changes -------------------------------------------------------------------------

def arg(valid):
    return st.one_of(valid, valid, valid, st.sampled_from(ODD))


PLAYER = arg(st.integers(0, 1))
POINT = arg(st.integers(1, BAR)) | st.integers(-3, 30)
CHANGES = st.one_of(
    st.tuples(st.just("add"), PLAYER, POINT),
    st.tuples(st.just("add"), PLAYER, POINT),
    st.tuples(st.just("add"), PLAYER, POINT),
    st.tuples(st.just("remove"), PLAYER, POINT),
    st.tuples(st.just("clear")),
    st.tuples(st.just("reset")),
    st.tuples(st.just("set_on_roll"), PLAYER),
    st.tuples(st.just("set_dice"), st.one_of(st.none(), st.tuples(st.integers(0, 7), st.integers(0, 7)),
                                             st.sampled_from(ODD))),
    st.tuples(st.just("set_cube"), arg(st.sampled_from(CUBE_VALUES)) | st.integers(-2, 130),
              st.one_of(st.none(), PLAYER)),
    st.tuples(st.just("set_length"), arg(st.integers(0, 25)) | st.integers(-3, 40)),
    st.tuples(st.just("set_score"), arg(st.integers(0, 25)), arg(st.integers(0, 25))),
    st.tuples(st.just("set_crawford"), arg(st.booleans())),
)
SEQUENCE = st.tuples(st.integers(0, 10 ** 6), st.lists(CHANGES, min_size=1, max_size=12))


@settings_for(TOTAL // 4)
@given(st.lists(SEQUENCE, min_size=BATCH, max_size=BATCH))
def test_any_sequence_of_changes_is_made_or_refused_without_change(sequences):
    for seed, changes in sequences:
        state = random_state(random.Random(seed)) if seed % 4 else EditorState.empty()
        for name, *args in changes:
            before = state
            fields = {f: getattr(state, f) for f in state.__dataclass_fields__}
            COUNTS["EditorState changes"] += 1
            try:
                state = getattr(state, name)(*args)
            except REFUSALS:
                REFUSED["EditorState changes"] += 1
                assert before == state and {f: getattr(state, f) for f in fields} == fields
                continue
            sound(state)


# --- text pasted into the editor -------------------------------------------------------------------

def texts_of(seed):
    """Valid texts: the IDs, XGID and link of an edited state, of a match in play, of a finished game."""
    rng = random.Random(seed)
    kind = seed % 3
    if kind == 0:
        state = random_state(rng)
        try:
            position_id, match_id = state.ids()
            return [f"{position_id}:{match_id}", state.xgid(),
                    f"http://h/?position={position_id}&match={match_id}", position_id]
        except EditorError:
            return ["4HPwATDgc/ABMA:cAgAAAAAAAAA"]
    if kind == 1:
        match = play_somewhere(seed % 200)
    else:
        match = Match(MatchConfig(length=rng.choice([0, 3, 5])), score=(0, 0))
        match.setup(Position.from_counts({1: 1}, {6: rng.randint(1, 15)}), 1, dice=(6, 6))
        match.play_text("1/off")
        assert match.phase is Phase.OVER
    texts = [f"{match.position_id()}:{match.match_id()}"]
    xgid = match.xgid()
    if xgid:
        texts.append(xgid)
    return texts


def mutate(text, rng):
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        where = rng.randrange(len(chars) + 1)
        what = rng.random()
        if what < 0.4 and where < len(chars):
            chars[where] = rng.choice(NEAR)
        elif what < 0.7:
            chars.insert(where, rng.choice(NEAR))
        elif chars:
            del chars[min(where, len(chars) - 1)]
    return "".join(chars)


XGID_CHAR = st.sampled_from("-abcdeoABCDEO")
XGID_FIELD = st.one_of(st.integers(-3, 40).map(str), st.sampled_from(["00", "52", "66", "D", "B", "R", "x", ""]))
XGID = st.builds(lambda board, fields: "XGID=" + "".join(board) + ":" + ":".join(fields),
                 st.lists(XGID_CHAR, min_size=24, max_size=28), st.lists(XGID_FIELD, min_size=8, max_size=10))
TEXT = st.one_of(
    st.tuples(st.just("valid"), st.integers(0, 10 ** 6)),
    st.tuples(st.just("mutated"), st.integers(0, 10 ** 6)),
    st.tuples(st.just("mutated"), st.integers(0, 10 ** 6)),
    st.tuples(st.just("grammar"), XGID),
    st.tuples(st.just("random"), st.text(alphabet=NEAR, max_size=60)),
    st.tuples(st.just("random"), st.text(max_size=40)),
)


def text_input(kind, value):
    if kind == "valid":
        texts = texts_of(value)
        return texts[value % len(texts)]
    if kind == "mutated":
        rng = random.Random(value)
        texts = texts_of(value)
        return mutate(texts[value % len(texts)], rng)
    return value


@settings_for(TOTAL)
@given(st.lists(TEXT, min_size=BATCH, max_size=BATCH))
def test_any_text_loads_into_the_editor_or_is_refused(inputs):
    for kind, value in inputs:
        text = text_input(kind, value)
        COUNTS["EditorState.from_text"] += 1
        try:
            state = EditorState.from_text(text)
        except REFUSALS:
            REFUSED["EditorState.from_text"] += 1
            continue
        sound(state)


# --- the page's events while editing ---------------------------------------------------------------

SLOT = st.one_of(st.sampled_from([f"p{n}" for n in range(1, 25)] + ["bar0", "bar1", "off0", "off1",
                                                                   "dice", "cube"]),
                 st.sampled_from(["p0", "p25", "p-1", "bar2", "", "x", "p", "p1.5"]), st.sampled_from(ODD))
FIELD = st.sampled_from(["side", "tool", "mode", "on_roll", "dice", "cube", "owner", "length",
                         "score_bottom", "score_top", "crawford", "start", "clear", "nope", ""])
VALUE = st.one_of(st.sampled_from(["bottom", "top", "centre", "add", "remove", "hotseat", "bot", "watch",
                                   "", "65", "11", "70", "on"]),
                  st.integers(-3, 70).map(str), st.booleans(), st.sampled_from(ODD), st.text(max_size=12))
EVENT = st.one_of(
    st.tuples(st.just("click"), SLOT, st.sampled_from(["left", "right", "shift", "middle", None])),
    st.tuples(st.just("click"), SLOT, st.sampled_from(["left", "right"])),
    st.tuples(st.just("set"), FIELD, VALUE),
    st.tuples(st.just("set"), FIELD, VALUE),
    st.tuples(st.just("load"), TEXT),
)


def controller():
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=5&seed=fuzz-editor")
    app.roll()
    app.edit_open()
    return app


@settings_for(TOTAL)
@given(st.lists(EVENT, min_size=BATCH, max_size=BATCH))
def test_any_event_while_editing_is_answered_without_change_on_refusal(events):
    app = controller()
    match_id = app.match.match_id()
    drawn = None
    for kind, *args in events:
        before = app.editor
        COUNTS["Controller editor"] += 1
        if kind == "click":
            done = app.edit_click(*args)
        elif kind == "set":
            done = app.edit_set(*args)
        else:
            done = app.edit_load(text_input(*args[0]))
        assert done in (True, False)
        if not done:
            REFUSED["Controller editor"] += 1
            assert app.editor == before
        sound(app.editor)
        if done or app.editor is not drawn:
            view, drawn = app.view(), app.editor      # a change is drawn whole
            assert view.editor is not None and view.message
        else:       # a refusal keeps the state drawn last (8 in 10 events): only its words are new
            assert app.text(app.message)
        assert app.match.match_id() == match_id and not app.bot_to_act()
    if app.edit_play():
        assert app.editor is None and app.view().editor is None


def test_every_entry_point_got_its_inputs():
    lines = [f"{entry:24} {COUNTS[entry]:7} inputs, {REFUSED[entry]:7} refused" for entry in sorted(COUNTS)]
    print("\nfuzzed inputs per entry point (editor):\n  " + "\n  ".join(lines))
    for entry in ("EditorState changes", "EditorState.from_text", "Controller editor"):
        assert COUNTS[entry] >= TOTAL, (entry, COUNTS[entry])

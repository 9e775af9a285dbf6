"""Fuzzing what comes back of a match: ``Match.from_dict`` (a saved match) and ``decode_match_id``.

Whatever comes in, the engine answers or refuses with a GameError and leaves the data
handed in as it was; what is accepted saves, encodes and decodes as itself.
tests/fuzz_harness.py says how the fuzz tests work.
"""

import base64
import copy
import json
import random
import time

import pytest
from hypothesis import strategies as st
from fuzz_corpus import corpus, now
from fuzz_harness import CALL_LIMIT, check_counts, fuzz, match_state, refused, time_limit
from fuzz_strategies import BASE64, FEW, INDEX, ODD, b64, flip_bits, mutate_text, mutated, pick

from game import GameError, Position
from game.dice import SeededDice
from game.match import Match, MatchConfig
from game.ids.match_id import MatchIdInfo, decode_match_id, encode_match_id


# --- Match IDs -------------------------------------------------------------------------------------

def flipped_match_id(args):
    info, bits = args
    return b64(flip_bits(base64.b64decode(encode_match_id(info)), bits))


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



# --- the figures ------------------------------------------------------------------------------------

def test_every_entry_point_got_its_inputs(capsys):
    """Last: each entry point of this module whose tests all ran got all its inputs."""
    check_counts({"Match.from_dict": 2, "decode_match_id": 3}, capsys)

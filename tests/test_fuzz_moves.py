"""Fuzzing move notation: ``Position.parse_move`` and ``Match.play_text``.

Whatever comes in, the engine answers or refuses with a GameError; a refusal leaves the
position or the match as it was; what is accepted is a legal play of the roll that reads
back from its own notation. tests/fuzz_harness.py says how the fuzz tests work.
"""

import functools
import pickle

import pytest
from hypothesis import strategies as st
from fuzz_corpus import corpus
from fuzz_harness import check_counts, fuzz, match_state, refused, time_limit
from fuzz_strategies import INDEX, NEAR, ODD, boards, mutate_text, pick

from game import GameError, IllegalMoveError, Position
from game.match import Phase
from game.move import parse_notation


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



# --- the figures ------------------------------------------------------------------------------------

def test_every_entry_point_got_its_inputs(capsys):
    """Last: each entry point of this module whose tests all ran got all its inputs."""
    check_counts({"Position.parse_move": 3, "Match.play_text": 3}, capsys)

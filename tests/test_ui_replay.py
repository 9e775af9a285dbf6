"""game.replay: a match played back from its log shows the boards the match went through."""

import random

import pytest

from game.dice import SeededDice
from game.match import Match, MatchConfig, Phase
from game.position import Position
from game.replay import frames


def play_recording(seed, length):
    """A whole match by random legal actions; after each recorded action, the IDs it left."""
    rng = random.Random(seed)
    match = Match(MatchConfig(length=length, jacoby=not length), SeededDice(seed))
    seen = []           # (number of events, position id, match id, phase)

    def note():
        seen.append((len(match.events), match.position_id(), match.match_id(), match.phase))

    for _ in range(3000):
        phase = match.phase
        if phase is Phase.OVER:
            if match.match_winner is not None or (not length and match.game_number >= 3):
                break
            match.new_game()
        elif phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE):
            if phase is Phase.ROLL_OR_DOUBLE and match.can_double() and rng.random() < 0.1:
                match.double()
                note()
            else:
                match.roll()
        elif phase is Phase.DOUBLED:
            (match.take if rng.random() < 0.75 else match.drop)()
            note()
        elif phase is Phase.MOVING:
            plays = match.turn.position.legal_moves(match.dice)
            if len(plays):
                match.play_move(rng.choice(list(plays)))
            else:
                match.done()
            note()
    return match, seen


@pytest.mark.parametrize("seed, length", [(1, 3), (2, 5), (3, 0), (4, 7)])
def test_each_frame_shows_the_board_and_ids_the_match_had_after_that_action(seed, length):
    match, seen = play_recording(seed, length)
    shown = frames(match.to_dict()["events"], length=length, jacoby=not length)
    acted = [f for f in shown if f.event is not None and f.kind != "win"]
    assert len(acted) == len(seen)
    for frame, (_count, position_id, match_id, phase) in zip(acted, seen):
        assert frame.position_id() == position_id, frame
        if phase is not Phase.OVER:          # gnubg's IDs of a finished game are not replayed
            assert frame.match_id() == match_id, frame


def test_every_game_starts_with_a_frame_and_ends_with_its_result():
    match, _seen = play_recording(5, 5)
    shown = frames(match.to_dict()["events"], length=5)
    starts = [f for f in shown if f.kind == "start"]
    wins = [f for f in shown if f.kind == "win"]
    assert len(starts) == len(wins) == match.game_number
    assert all(f.position == Position.start() and f.cube_value == 1 for f in starts)
    assert wins[-1].score == match.score and wins[-1].over


def test_the_frames_of_a_pass_and_of_a_set_up_game():
    closed = Position.from_counts({"bar": 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    match = Match(MatchConfig(length=0), SeededDice(1))
    match.setup(closed, 1, cube_value=2, cube_owner=0, dice=(6, 6))
    match.done()
    shown = frames(match.to_dict()["events"])
    assert [f.kind for f in shown] == ["start", "pass"]
    assert shown[0].position == closed and shown[0].cube_value == 2 and shown[0].cube_owner == 0
    assert shown[1].position == closed.swapped() and shown[1].on_roll == 0
    assert shown[1].position_id() == match.position_id() and shown[1].match_id() == match.match_id()


def test_a_set_up_game_that_starts_rolled_has_the_ids_of_that_position():
    match = Match(MatchConfig(length=5), SeededDice(2), score=(1, 3))
    match.setup(Position.start(), 1, dice=(5, 2))
    before = (match.position_id(), match.match_id())
    match.play_text("24/22 13/8")
    shown = frames(match.to_dict()["events"], length=5)
    assert (shown[0].position_id(), shown[0].match_id()) == before
    assert shown[0].score == (1, 3) and shown[0].dice == (5, 2)
    assert (shown[1].position_id(), shown[1].match_id()) == (match.position_id(), match.match_id())


def test_a_board_set_during_a_game_is_a_frame_of_its_own_after_the_move_as_played():
    # a match file keeps a play the rules refuse as the board it wrote (Match.setup, edit)
    match = Match(MatchConfig(length=3), SeededDice(3))
    match.roll()
    match.play_move(match.turn.plays[0])
    played = match.position
    typed = Position.from_counts({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 4, 24: 2, 11: 1})
    match.roll()
    match.setup(typed, 0, edit=True)
    match.roll()
    match.play_move(match.turn.plays[0])
    shown = frames(match.to_dict()["events"], length=3)
    assert [f.kind for f in shown] == ["start", "move", "start", "move"]
    assert shown[1].position == played and shown[2].position == typed and shown[2].on_roll == 0
    assert shown[3].position_id() == match.position_id()

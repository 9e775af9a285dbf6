"""game.clock: per-move allowance plus reserve (rule text 001), driven by a fake time source."""

import json

import pytest

from game import GameError, IllegalActionError, Reason
from game.clock import Clock


class FakeTime:
    """A time source the test moves by hand."""

    def __init__(self, start=1000.0):
        self.t = start

    def __call__(self):
        return self.t

    def advance(self, seconds):
        self.t += seconds


@pytest.fixture
def time():
    return FakeTime()


@pytest.fixture
def clock(time):
    """15 s per move and a 60 s reserve, as in the shortest setting of rule text 001."""
    return Clock(per_move=15, reserve=60, now=time)


def test_a_move_within_the_allowance_costs_no_reserve(clock, time):
    clock.start(0)
    time.advance(14)
    assert clock.remaining(0) == (1.0, 60.0)
    assert clock.stop() == 14.0
    assert clock.remaining(0) == (15.0, 60.0)


def test_time_beyond_the_allowance_comes_off_the_reserve(clock, time):
    clock.start(0)
    time.advance(25)
    assert clock.remaining(0) == (0.0, 50.0)
    clock.stop()
    assert clock.remaining(0) == (15.0, 50.0)


def test_unused_allowance_is_not_carried_over(clock, time):
    # Given a quick move, then a slow one
    clock.start(0)
    time.advance(2)
    clock.stop()
    clock.start(0)
    time.advance(20)
    clock.stop()
    # Then the 13 s saved earlier did not help: 5 s came off the reserve
    assert clock.remaining(0) == (15.0, 55.0)


def test_only_the_player_on_turn_uses_time(clock, time):
    clock.start(1)
    time.advance(40)
    assert clock.remaining(0) == (15.0, 60.0)
    assert clock.remaining(1) == (0.0, 35.0)
    assert clock.running == 1


def test_a_player_whose_reserve_runs_out_during_their_turn_flags(clock, time):
    # Given player 1's turn
    clock.start(1)
    # When exactly the allowance and the reserve are used, they are still in time
    time.advance(75)
    assert clock.flagged() is None
    assert clock.until_flag() == 0.0
    # When a moment more passes, they have flagged
    time.advance(0.01)
    assert clock.flagged() == 1
    assert clock.remaining(1) == (0.0, 0.0)


def test_a_flag_is_kept_after_the_turn_ends_and_no_turn_starts_after_it(clock, time):
    clock.start(0)
    time.advance(100)
    clock.stop()
    assert clock.flagged() == 0
    with pytest.raises(IllegalActionError) as info:
        clock.start(1)
    assert info.value.reason is Reason.TIME_OUT


def test_the_reserve_is_spent_across_moves_until_it_runs_out(clock, time):
    for _ in range(3):
        clock.start(0)
        time.advance(35)      # 20 s of reserve each time
        clock.stop()
        clock.start(1)
        time.advance(1)
        clock.stop()
    assert clock.remaining(0) == (15.0, 0.0) and clock.flagged() is None
    clock.start(0)
    time.advance(15.5)
    assert clock.flagged() == 0


def test_starting_the_other_player_stops_the_running_turn(clock, time):
    clock.start(0)
    time.advance(20)
    clock.start(1)
    assert clock.running == 1
    assert clock.remaining(0) == (15.0, 55.0)


def test_no_time_is_counted_while_paused(clock, time):
    clock.start(0)
    time.advance(10)
    clock.pause()
    time.advance(500)          # the page was hidden
    assert clock.paused and clock.remaining(0) == (5.0, 60.0) and clock.flagged() is None
    clock.resume()
    time.advance(10)
    assert clock.remaining(0) == (0.0, 55.0)
    clock.pause()
    clock.pause()               # pausing twice is harmless
    clock.resume()
    clock.resume()
    assert clock.elapsed() == 20.0


def test_a_turn_started_while_paused_waits_for_resume(clock, time):
    clock.pause()
    clock.start(1)
    time.advance(30)
    assert clock.remaining(1) == (15.0, 60.0)
    clock.resume()
    time.advance(3)
    assert clock.remaining(1) == (12.0, 60.0)


def test_stopping_with_no_turn_running_is_refused(clock):
    with pytest.raises(IllegalActionError):
        clock.stop()


def test_a_saved_clock_resumes_with_the_time_already_taken(clock, time):
    # Given player 0 twenty seconds into a move, after a slow move by player 1
    clock.start(1)
    time.advance(30)
    clock.start(0)
    time.advance(20)
    # When the game is saved (as JSON) and restored later on another clock source
    data = json.loads(json.dumps(clock.to_dict()))
    later = FakeTime(start=5.0)
    restored = Clock.from_dict(data, now=later)
    # Then the time spent saved is not counted and the turn goes on
    assert restored.remaining(0) == (0.0, 55.0)
    assert restored.remaining(1) == (15.0, 45.0)
    later.advance(5)
    assert restored.remaining(0) == (0.0, 50.0)
    assert restored.stop() == 25.0


def test_a_saved_paused_or_flagged_clock_stays_so(clock, time):
    clock.start(0)
    time.advance(5)
    clock.pause()
    restored = Clock.from_dict(clock.to_dict(), now=FakeTime())
    assert restored.paused and restored.running == 0 and restored.elapsed() == 5.0
    clock.resume()
    time.advance(100)
    clock.stop()
    assert Clock.from_dict(clock.to_dict(), now=time).flagged() == 0


@pytest.mark.parametrize("per_move, reserve", [(0, 60), (-1, 60), (15, -1), ("15", 60), (True, 60),
                                               (15, float("nan")), (float("inf"), 60)])
def test_allowances_must_be_positive_numbers_of_seconds(per_move, reserve):
    with pytest.raises(GameError):
        Clock(per_move, reserve)


def test_any_positive_allowance_is_accepted_and_a_zero_reserve_is_sudden_death(time):
    clock = Clock(per_move=0.5, reserve=0, now=time)
    clock.start(0)
    time.advance(0.5)
    clock.stop()
    assert clock.flagged() is None
    clock.start(1)
    time.advance(0.75)
    assert clock.flagged() == 1


@pytest.mark.parametrize("player", [2, -1, None, "0", True, 0.0])
def test_players_are_zero_and_one(clock, player):
    with pytest.raises(GameError):
        clock.start(player)
    with pytest.raises(GameError):
        clock.remaining(player)


@pytest.mark.parametrize("data", [
    None, {}, {"per_move": 15, "reserve": 60}, {"per_move": 15, "reserve": 60, "reserves": [1]},
    {"per_move": 15, "reserve": 60, "reserves": [1, -2]},
    {"per_move": 15, "reserve": 60, "reserves": [1, 2], "player": 3},
    {"per_move": 15, "reserve": 60, "reserves": [1, 2], "player": 0, "elapsed": "x"},
    {"per_move": 15, "reserve": 60, "reserves": [1, 2], "paused": "no"},
])
def test_bad_saved_clocks_are_refused_with_a_game_error(data):
    with pytest.raises(GameError):
        Clock.from_dict(data, now=FakeTime())


def test_the_default_time_source_is_monotonic():
    clock = Clock(30, 120)
    clock.start(0)
    per_move_left, reserve_left = clock.remaining(0)
    assert 29 < per_move_left <= 30 and reserve_left == 120.0

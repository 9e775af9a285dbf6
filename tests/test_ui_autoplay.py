"""Fewer clicks, same rules: the Settings options that roll, bear off and end a turn for a person.

Each option is off by default (the turn still waits for Done); when on, the
rules stay the engine's: the roll is thrown only when the engine refuses the
double, the bear-off played is one of the engine's legal plays.
"""

import pytest

from game.dice import ManualDice, SeededDice
from game.match import Match, Phase
from game.position import Position
from game.app.controller import HUMAN_SEAT, Controller, Prefs
from game.app.keep.storage import MemoryStore
from ui_helpers import make

OPTIONS = ("auto_roll", "auto_bear_off", "auto_done")


def with_prefs(app, **prefs):
    for name, value in prefs.items():
        app.set_pref(name, value)
    return app


def race_app(mine, theirs, dice, mode="hotseat", length=5, player=0, **prefs):
    """A controller whose game starts from a set position, ``player`` on roll, the next rolls
    ``dice`` (a list, or a seed for seeded dice)."""
    app = make(mode=mode, length=length)
    source = SeededDice(dice) if isinstance(dice, str) else ManualDice(list(dice), fallback=None)
    app.match = Match(app.setup.config(), source)
    app.match.setup(Position.from_counts(mine, theirs), player)
    app.save()
    return with_prefs(app, **prefs)


def test_every_option_is_off_by_default_and_is_kept_with_the_prefs():
    prefs = Prefs()
    assert [getattr(prefs, name) for name in OPTIONS] == [False, False, False]
    store = MemoryStore()
    app = Controller(store)
    for name in OPTIONS:
        app.set_pref(name, True)
    again = Controller(store)
    assert [getattr(again.prefs, name) for name in OPTIONS] == [True, True, True]
    assert Prefs.from_dict({"auto_roll": "yes"}).auto_roll is False         # only a real tick counts


def test_without_the_options_the_turn_waits_for_done_and_the_roll_for_a_click():
    app = make([3, 1, 6, 5], mode="hotseat", length=1)
    app.roll()
    app.type_move("8/5 6/5")
    assert app.match.phase is Phase.MOVING
    app.done()
    assert app.match.phase is Phase.ROLL_OR_DOUBLE          # one-point match: nobody may double, yet no roll


def test_auto_done_ends_the_turn_when_the_last_die_is_played_by_click_or_by_typing():
    app = with_prefs(make([3, 1, 6, 5], mode="hotseat"), auto_done=True)
    app.roll()
    app.type_move("8/5")
    assert app.match.phase is Phase.MOVING                   # one die left: the turn goes on
    app.type_move("6/5")
    assert app.match.phase is Phase.ROLL_OR_DOUBLE and app.match.player_on_roll == 1
    app.roll()
    app.type_move("24/18")
    app.type_move("18/13")
    assert app.match.phase is Phase.ROLL_OR_DOUBLE and app.match.player_on_roll == 0


def test_auto_done_leaves_a_forced_move_waiting_for_done():
    app = race_app({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5}, [6, 6], auto_done=True)
    app.roll()
    assert app.match.phase is Phase.MOVING and app.match.turn.is_complete    # bar/19(…) forced
    assert "Done" in app.view().message


def test_auto_roll_throws_only_when_the_engine_refuses_the_double():
    app = with_prefs(make([3, 1, 6, 5, 4, 2, 5, 3], mode="hotseat"), auto_roll=True)
    app.roll()                                               # the opening roll: never thrown for anyone
    app.type_move("8/5 6/5")
    app.done()
    assert app.match.phase is Phase.ROLL_OR_DOUBLE           # the centred cube may be turned: a choice
    assert app.match.can_double()
    app.double()
    app.take()                                               # the taker owns the cube: the doubler rolls
    assert app.match.phase is Phase.MOVING and app.match.dice == (6, 5)
    app.type_move("24/13")
    app.done()                                               # the owner may redouble: a choice again
    assert app.match.phase is Phase.ROLL_OR_DOUBLE and app.match.can_double()
    app.roll()
    app.type_move("13/9 13/11")
    app.done()                                               # the cube is the opponent's: rolled
    assert app.match.phase is Phase.MOVING and app.match.dice == (5, 3)


def test_auto_roll_in_a_one_point_match_where_the_cube_is_dead():
    app = with_prefs(make([3, 1, 6, 5], mode="hotseat", length=1), auto_roll=True)
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    assert app.match.phase is Phase.MOVING and app.match.player_on_roll == 1 and app.match.dice == (6, 5)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_auto_roll_after_the_computer_keeps_its_move_said(language):
    app = make([3, 1, 6, 5, 4, 2], mode="bot", length=1, language=language)
    with_prefs(app, auto_roll=True)
    bot = 1 - HUMAN_SEAT
    app.roll()                                              # the computer wins the opening (3 against 1)
    assert app.match.player_on_roll == bot
    while app.bot_to_act():
        app.bot_act()
    m = app.match
    assert m.phase is Phase.MOVING and m.player_on_roll == HUMAN_SEAT and m.dice == (6, 5)
    said = app.view().message
    assert "3-1" in said and "6-5" in said                  # the computer's roll and move, then the person's roll


def test_auto_bear_off_plays_a_checker_off_with_each_die():
    app = race_app({6: 2, 3: 1, 1: 2}, {6: 5, 1: 10}, [6, 3], auto_bear_off=True)
    app.roll()
    turn = app.match.turn
    assert turn.is_complete and str(turn.move) == "6/off 3/off"
    assert app.match.phase is Phase.MOVING                   # Done still ends it
    assert "6/off 3/off" in app.view().message
    app.done()
    assert app.match.player_on_roll == 1


def test_auto_bear_off_follows_the_smaller_die_first_rule_when_that_is_what_bears_off():
    # 5-point and two on the 2-point, 6-3, no contact: 5/off then 2/off takes one off with each die
    app = race_app({5: 1, 2: 2}, {6: 15}, [6, 3], auto_bear_off=True, auto_done=True)
    app.roll()
    assert app.match.player_on_roll == 1                     # played and ended: auto_done too
    assert app.match.position.mine == Position.from_counts({6: 15}, {2: 1}).mine


def test_auto_bear_off_waits_while_contact_remains_or_a_checker_is_outside():
    contact = race_app({5: 1, 2: 2}, {24: 1, 6: 14}, [6, 3], auto_bear_off=True)
    contact.roll()
    assert not contact.match.turn.played
    outside = race_app({9: 1, 8: 1, 2: 1}, {6: 15}, [6, 3], auto_bear_off=True)
    outside.roll()
    assert not outside.match.turn.played


def test_auto_bear_off_with_no_checker_to_take_off_plays_the_bot_s_best():
    app = race_app({6: 2}, {6: 15}, [2, 1], auto_bear_off=True)
    app.roll()
    turn = app.match.turn
    assert turn.is_complete and turn.move in turn.plays


def test_a_race_played_out_with_every_option_never_breaks_a_rule():
    """Two people, every option on: each roll, bear-off and Done goes through the engine."""
    app = race_app({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2},
                   "race-every-option", length=0, auto_roll=True, auto_bear_off=True, auto_done=True)
    for _ in range(40):
        if app.match.phase is Phase.OVER:
            break
        if app.match.phase is Phase.ROLL_OR_DOUBLE:
            app.roll()
        elif app.match.phase is Phase.MOVING and not app.match.turn.is_complete:
            raise AssertionError(app.view().message)
        else:
            app.done()
    assert app.match.phase is Phase.OVER
    assert Match.from_dict(app.match.to_dict()).position_id() == app.match.position_id()

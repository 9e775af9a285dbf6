"""A typed move hits every blot its written landing points touch; an ambiguous one is refused."""

import pytest

from game.dice import ManualDice
from game.match import Match, MatchConfig
from game.position import Position
from game.app.controller import Controller
from game.app.keep.storage import MemoryStore


def app_at(position, dice, language="en"):
    """The app on a two-player match set up at ``position`` (player 0 on roll with ``dice``)."""
    match = Match(MatchConfig(length=5), ManualDice([]))
    match.setup(position, 0, dice=dice)
    app = Controller(MemoryStore())
    app.boot("", [language])
    assert app.open_ids(f"{match.position_id()}:{match.match_id()}")
    return app


BLOT_ON_14 = Position.from_counts({18: 1, 6: 14}, {11: 1, 24: 14})
BLOTS_ON_14_AND_15 = Position.from_counts({18: 1, 6: 14}, {11: 1, 10: 1, 24: 13})


def test_a_typed_move_in_two_parts_hits_the_blot_where_the_first_part_ends():
    app = app_at(BLOT_ON_14, (4, 3))
    assert app.type_move("18/14 14/11") is True
    assert [str(step) for step in app.match.turn.played] == ["18/14*", "14/11"]


def test_a_typed_move_in_one_go_goes_round_the_blot_as_gnubg_reads_it():
    app = app_at(BLOT_ON_14, (4, 3))
    assert app.type_move("18/11") is True
    assert not any(step.hit for step in app.match.turn.played)


@pytest.mark.parametrize("language, words", [("en", "18/14*/11 and 18/15*/11"),
                                             ("fr", "18/14*/11 et 18/15*/11")])
def test_a_typed_move_that_could_hit_either_blot_is_refused_naming_both(language, words):
    app = app_at(BLOTS_ON_14_AND_15, (4, 3), language)
    assert app.type_move("18/11") is False
    assert app.match.turn.played == () or not app.match.turn.played
    assert words in app.view().message

"""Resigning through the controller: the choice of what to give up, the opponent's answer."""

from game import Position
from game.match import Match, Phase
from game.app.controller import HUMAN_SEAT, Controller, Setup
from game.app.keep.storage import MemoryStore

BOT = 1 - HUMAN_SEAT


def make(position, mode="hotseat", length=0, store=None, on_roll=HUMAN_SEAT):
    """A controller whose game starts from ``position``, seen from ``on_roll`` (the human seat)."""
    app = Controller(store if store is not None else MemoryStore())
    app.new_match(Setup(mode=mode, length=length, seed="resign"))
    app.match = Match(app.setup.config(), app.match.dice_source)
    app.match.setup(position, player_on_roll=on_roll)
    app.message = None
    app.save()
    return app


def lost_race():
    """One checker off, the opponent is off next roll: only a single game can be lost."""
    return Position.from_counts({6: 4, 5: 4, 4: 3, 12: 3}, {1: 2})


def certain_gammon():
    return Position.from_counts({12: 5, 10: 5, 8: 5}, {1: 2})


def shown(app):
    return {name for name, (visible, _enabled) in app.buttons().items() if visible and name.startswith("resign")}


def test_resign_opens_a_choice_of_the_kinds_that_make_sense_and_cancel_changes_nothing():
    app = make(Position.start())
    before = app.view().message
    app.resign()
    assert shown(app) == {"resign-single", "resign-gammon", "resign-backgammon", "resign-cancel"}
    assert "a gammon twice that" in app.view().message
    app.cancel_resign()
    assert shown(app) == {"resign"} and app.view().message == before
    assert app.match.phase is Phase.ROLL_OR_DOUBLE
    # nothing in the opponent's home board: no backgammon; a checker off: a single game only
    assert make(certain_gammon()).resign_kinds() == ["single", "gammon"]
    assert make(lost_race()).resign_kinds() == ["single"]


def test_a_kind_that_makes_no_sense_is_refused_and_changes_nothing():
    app = make(lost_race())
    app.resign("gammon")
    assert app.match.phase is Phase.ROLL_OR_DOUBLE
    assert app.message[0] == "reason.invalid_resignation"


def test_hot_seat_reject_then_the_game_goes_on_and_the_offer_waits_for_the_next_roll():
    app = make(certain_gammon())
    app.resign()
    app.resign("single")
    assert app.match.phase is Phase.RESIGNATION_OFFERED
    assert app.buttons()["accept-resign"] == (True, True)
    assert "accept or reject" in app.view().message
    app.reject_resignation()
    assert app.match.phase is Phase.ROLL_OR_DOUBLE
    assert "rejects the resignation" in app.view().message and "plays on" in app.view().message
    assert app.resign_kinds() == ["gammon"]             # no single game again before the roll
    assert [text for _player, text in app.record()] == ["resigns a single game", "rejects the resignation"]
    app.roll()
    assert app.resign_kinds() == ["single", "gammon"]


def test_hot_seat_accept_ends_the_game_with_the_points_offered():
    app = make(certain_gammon())
    app.resign("gammon")
    app.accept_resignation()
    assert app.match.phase is Phase.OVER and app.match.score[1 - HUMAN_SEAT] == 2
    assert "resigns" in app.view().message


def test_the_computer_accepts_a_lost_race_resigned_as_a_single_game():
    app = make(lost_race(), mode="bot")
    app.resign("single")
    assert "is deciding" in app.view().message and app.bot_to_act()
    assert app.bot_act() == "accept"
    assert app.match.phase is Phase.OVER and app.match.score[BOT] == 1
    assert "You resign" in app.view().message


def test_the_computer_rejects_a_single_game_when_the_gammon_is_certain_and_play_goes_on():
    app = make(certain_gammon(), mode="bot", length=5)      # money play's Jacoby rule would accept
    app.roll()
    app.resign("single")
    assert app.bot_act() == "reject"
    assert app.match.phase is Phase.MOVING and app.match.player_on_roll == HUMAN_SEAT
    assert "rejects the resignation: you play on" in app.view().message
    assert app.resign_kinds() == ["gammon"]


def test_a_reload_while_an_offer_waits_keeps_it():
    store = MemoryStore()
    app = make(certain_gammon(), store=store)
    app.resign("single")
    again = Controller(store)
    again.boot("", ["en"])
    assert again.match.phase is Phase.RESIGNATION_OFFERED
    assert again.buttons()["reject-resign"] == (True, True)
    again.accept_resignation()
    assert again.match.score[1 - HUMAN_SEAT] == 1
    # against the computer, the answer comes after the reload
    store = MemoryStore()
    app = make(lost_race(), mode="bot", store=store)
    app.resign("single")
    again = Controller(store)
    again.boot("", ["en"])
    assert again.bot_to_act() and again.bot_act() == "accept"


def test_the_computer_resigns_a_hopeless_race_and_the_person_answers():
    app = make(lost_race(), mode="bot", on_roll=BOT)
    assert app.bot_act() == "resign"
    assert app.match.phase is Phase.RESIGNATION_OFFERED
    assert app.view().message.endswith("offers to resign, giving 1 point: accept or reject?")
    assert app.buttons()["accept-resign"] == (True, True) and not app.bot_to_act()
    app.accept_resignation()
    assert app.match.phase is Phase.OVER and app.match.score[HUMAN_SEAT] == 1


def test_once_rejected_the_computer_plays_the_game_out():
    # the person needs seven rolls, the computer many more
    app = make(Position.from_counts({6: 4, 5: 4, 4: 2, 12: 4}, {1: 5, 2: 5, 3: 4}), mode="bot", on_roll=BOT)
    assert app.bot_act() == "resign"
    app.reject_resignation()
    assert "You reject the resignation" in app.view().message
    for _turn in range(2):
        did = []
        while app.bot_to_act():
            did.append(app.bot_act())
        assert did[0] == "roll" and "resign" not in did
        app.roll()
        m = app.match
        app.type_move(str(m.turn.position.legal_moves(m.game.dice)[0]))
        app.done()

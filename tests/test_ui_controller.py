"""game.app.controller: the app's state machine, driven as the page drives it (no browser)."""

import random

import pytest

from game.dice import ManualDice
from game.match import Match, Phase
from game.position import Position
from game.app.keep import storage
from game.app.controller import (BOTTOM_DEFAULT, HUMAN_SEAT, Controller, Setup)
from game.app.keep.storage import MemoryStore
from ui_helpers import make, play_randomly, slot

START_AFTER_31 = "sGfwATDgc/ABMA"  # the start after 8/5 6/5, seen from the other player


def opening_31():
    """Player 0 wins the opening roll 3-1; the rest of the dice follow."""
    return [3, 1]


def test_roll_select_destinations_undo_and_done():
    app = make(opening_31())
    assert app.buttons()["roll"] == (True, True)
    app.roll()
    assert app.match.phase is Phase.MOVING and app.match.player_on_roll == 0
    assert "Opening roll" in app.view().message
    app.click(slot(app, 8))
    view = app.view()
    assert view.board.selected == 8 and view.board.targets == {7, 5, 4}
    app.click(slot(app, 5))
    assert [str(s) for s in app.match.turn.played] == ["8/5"]
    assert app.buttons()["done"] == (True, False)
    app.click(slot(app, 6))
    app.click(slot(app, 5))
    assert app.match.turn.is_complete
    assert "Done" in app.view().message
    assert app.buttons()["done"] == (True, True) and app.buttons()["undo"] == (True, True)
    app.undo()
    assert len(app.match.turn.played) == 1
    app.click(slot(app, 6))
    app.click(slot(app, 5))
    app.click("dice")                                    # clicking the dice ends the turn
    assert app.match.phase is Phase.ROLL_OR_DOUBLE and app.match.player_on_roll == 1
    assert app.view().position_id == START_AFTER_31


def test_the_turn_never_ends_by_itself():
    app = make(opening_31())
    app.roll()
    app.type_move("8/5 6/5")
    assert app.match.phase is Phase.MOVING                # complete, but waiting for Done
    app.click("dice")
    assert app.match.phase is Phase.ROLL_OR_DOUBLE


def test_typed_moves_whole_partial_and_refused():
    app = make(opening_31())
    app.roll()
    assert app.type_move("8/5") is True
    assert app.type_move("6/5") is True
    assert app.match.turn.is_complete
    assert app.type_move("8/5 6/5") is True               # typed again in full: replaces the steps
    assert str(app.match.turn.move) == "8/5 6/5"
    app.undo()
    app.undo()
    assert app.type_move("hello") is False
    assert "Cannot read" in app.view().message
    assert app.type_move("24/18") is False
    assert app.message[0].startswith("reason.")
    assert app.view().warn
    assert app.type_move("24/23 " * 12) is False         # refused at once, whatever its length
    assert app.message[0] == "reason.too_many_moves"
    assert app.type_move("24/21 24/23") is True
    app.done()
    assert app.match.player_on_roll == 1


def test_one_click_conventions_right_click_and_second_click():
    app = make(opening_31())
    app.roll()
    app.click(slot(app, 8), "right")                     # right click: the lower die
    assert [str(s) for s in app.match.turn.played] == ["8/7"]
    app.undo()
    app.click(slot(app, 6))                              # select...
    app.click(slot(app, 6))                              # ...a second click: the higher die
    assert [str(s) for s in app.match.turn.played] == ["6/3"]
    app.undo()
    app.set_pref("click_moves", True)                    # one click moves by the higher die
    app.click(slot(app, 13))
    assert [str(s) for s in app.match.turn.played] == ["13/10"]


def test_drag_and_drop_moves_only_to_a_legal_point():
    app = make(opening_31())
    app.roll()
    assert app.press(slot(app, 13)) is True
    app.drop_on(slot(app, 12))                            # 13/12 is not a single die... not legal
    assert app.match.turn.played == () and app.selected == 13
    app.drop_on(slot(app, 10))
    assert [str(s) for s in app.match.turn.played] == ["13/10"]
    assert app.press("p99") is False


def test_refusals_are_explained_in_the_players_language():
    app = make()
    app.match.setup(Position.from_counts({"bar": 1, 13: 14}, {1: 2, 2: 2, 3: 2, 13: 9}), 0)
    app.match._dice = ManualDice([5, 3])
    app.set_language("fr", remember=False)
    app.roll()
    app.click(slot(app, 13))                              # a checker waits on the bar
    assert app.message[0] == "reason.must_enter_first"
    assert "barre" in app.view().message
    app.click(slot(app, 25))                              # the bar checker: enters with the 5 only
    assert app.view().board.targets == {20, 17}
    app.click(slot(app, 22))                              # their 3-point: closed
    assert app.message[0] == "reason.entry_blocked"
    assert "porte" in app.view().message and "flèche 22" in app.view().message
    assert app.selected == 25


def test_a_pass_is_announced_and_waits_for_done():
    app = make()
    closed = Position.from_counts({"bar": 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    app.match.setup(closed, 0)
    app.match._dice = ManualDice([6, 6])
    app.roll()
    assert app.match.turn.no_move
    assert "cannot move" in app.view().message
    assert app.buttons()["done"] == (True, True)
    assert app.match.phase is Phase.MOVING
    app.done()
    assert app.match.player_on_roll == 1


def test_a_forced_move_is_played_and_announced_then_the_game_ends_on_done():
    app = make(length=3)
    app.match.setup(Position.from_counts({3: 1}, {24: 1, 23: 14}), 0)
    app.match._dice = ManualDice([6, 5])
    app.roll()
    assert "Forced move: 3/off" in app.view().message
    assert app.match.phase is Phase.MOVING and app.match.turn.is_complete
    app.done()
    assert app.match.phase is Phase.OVER
    assert app.match.score == (3, 0)                      # a backgammon in a 3-point match
    assert "wins the match" in app.view().message
    assert len(app.kept.history()) == 1


def test_bearing_off_with_a_click_on_the_tray():
    app = make()
    app.match.setup(Position.from_counts({1: 2, 2: 1, 4: 1}, {20: 5, 19: 10}), 0)
    app.match._dice = ManualDice([2, 1])
    app.roll()
    app.click(slot(app, 0))
    assert [str(s) for s in app.match.turn.played] == ["2/off"]
    app.click(slot(app, 1))
    app.click(slot(app, 1))                               # a second click bears it off
    assert str(app.match.turn.move) == "2/off 1/off"


def test_double_take_and_only_the_owner_redoubles():
    app = make(opening_31() + [5, 2])
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    assert app.buttons()["double"] == (True, True)
    app.double()
    assert app.match.phase is Phase.DOUBLED
    assert app.buttons()["take"] == (True, True) and app.buttons()["drop"] == (True, True)
    assert "doubles to 2" in app.view().message
    board = app.view().board
    assert board.cube_offered_by == 1
    app.take()
    assert (app.match.cube_value, app.match.cube_owner) == (2, 0)
    assert app.buttons()["double"] == (True, False)       # player 1 does not own the cube
    app.click("cube")
    assert app.match.phase is Phase.ROLL_OR_DOUBLE
    app.roll()
    assert app.match.dice == (5, 2)


def test_drop_ends_the_game_and_crawford_follows():
    app = make(opening_31() * 3, length=3)
    for game in (1, 2):
        app.roll()
        app.type_move("8/5 6/5")
        app.done()
        app.double()
        app.drop()
        assert app.match.phase is Phase.OVER
        assert app.match.score == (0, game)
        assert "drops" in app.view().message
        assert app.buttons()["next-game"] == (True, True)
        app.next_game()
    assert app.match.is_crawford_game
    assert "Crawford" in app.view().message and "Crawford" in app.view().info
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    assert app.buttons()["double"] == (True, False)
    assert app.view().board.crawford


def test_resign_asks_what_to_give_up_first():
    app = make(opening_31())
    app.roll()
    app.resign()
    assert app.match.phase is Phase.MOVING and "backgammon" in app.view().message
    app.resign("backgammon")                              # checkers still in their home: a backgammon
    app.accept_resignation()
    assert app.match.phase is Phase.OVER
    assert app.match.score == (0, 3)
    assert "resigns" in app.view().message


def test_reload_in_the_middle_of_a_turn_resumes_exactly():
    store = MemoryStore()
    app = make([6, 2, 4, 4], store=store)
    app.roll()
    app.click(slot(app, 13))
    app.click(slot(app, 5))                               # 13/5 with both dice... part of the turn
    played = app.match.turn.played
    message = app.view().message
    again = Controller(store)
    assert again.boot("") is False
    assert again.match.phase is Phase.MOVING
    assert again.match.turn.played == played and again.match.dice == app.match.dice
    assert again.view().board == app.view().board
    assert again.view().message == message
    assert again.view().match_id == app.view().match_id
    assert again.match.turn.is_complete
    again.done()
    again.roll()
    assert again.match.dice == (4, 4)                     # the dice go on where they were


def test_a_link_keeps_the_unfinished_match_and_it_can_be_resumed():
    store = MemoryStore()
    app = Controller(store)
    assert app.boot("", ["en-US"]) is False               # no link: a default match
    app.roll()
    first = app.match.events
    link = Controller(store)
    assert link.boot("?mode=hotseat&length=3&seed=abc&level=expert") is True
    assert link.setup.mode == "hotseat" and link.setup.seed == "abc" and link.match.config.length == 3
    assert len(link.kept.saved_matches()) == 1
    assert "kept" in link.view().message
    link.roll()
    link.resume(0)
    assert link.match.events == first
    assert len(link.kept.saved_matches()) == 1                 # the hotseat match took its place
    link.delete_saved(0)
    assert link.kept.saved_matches() == []


def test_seeded_links_give_everyone_the_same_dice():
    rolls = []
    for _ in range(2):
        app = Controller(MemoryStore())
        app.boot("?mode=hotseat&seed=classe-5B")
        app.roll()
        rolls.append((app.match.player_on_roll, app.match.dice))
    assert rolls[0] == rolls[1]


def test_a_whole_hotseat_match_with_clicks_ends_in_the_history():
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=3&seed=11")
    play_randomly(app, random.Random(3))
    assert max(app.match.score) >= 3
    assert [entry["score"] for entry in app.kept.history()] == [list(app.match.score)]
    assert app.buttons()["roll"] == (True, False)


def test_against_the_bot_to_the_end():
    app = Controller(MemoryStore())
    app.boot("?mode=bot&length=1&seed=5&level=expert")
    assert app.setup.humans() == {HUMAN_SEAT}
    play_randomly(app, random.Random(4))
    assert app.match.match_winner is not None
    entry = app.kept.history()[0]
    assert entry["mode"] == "bot" and entry["names"][HUMAN_SEAT] == "You"


def test_watching_the_bot_play_itself():
    app = Controller(MemoryStore())
    app.boot("?mode=watch&length=1&seed=8&level=beginner")
    assert app.buttons()["roll"] == (True, False)
    steps = 0
    while app.bot_to_act():
        assert app.bot_act() is not None
        steps += 1
    assert app.match.match_winner is not None and steps > 20


def test_bot_cube_decisions_are_asked_and_followed():
    class Doubler:
        def choose_move(self, position, dice, ctx=None):
            return position.legal_moves(dice)[0] if position.legal_moves(dice) else None

        def cube_action(self, position, ctx=None):
            return "double"

        def take_decision(self, position, ctx=None):
            return "drop"

    app = Controller(MemoryStore(), bot_factory=lambda level: Doubler())
    app.new_match(Setup(mode="bot", length=5))
    app.match = Match(app.setup.config(), ManualDice([3, 1]))   # the human (1) loses the opening
    app.roll()
    assert app.match.player_on_roll == 0 and app.bot_to_act()
    while app.match.phase is Phase.MOVING:
        app.bot_act()
    app.double()                                           # the human doubles, the bot drops
    assert app.bot_to_act()
    assert app.bot_act() == "drop"
    assert app.match.score == (0, 1)


def test_the_new_match_dialog_reads_into_a_setup():
    app = Controller(MemoryStore())
    bottom = app.bottom
    setup = app.setup_from_form({
        "mode": "hotseat", "kind": "money", "length": "7", "jacoby": "on", "beavers": "on",
        "clock": "on", "per_move": "20", "reserve": "3", "name_bottom": "Ana", "name_top": " Bo ",
        "colour": "dark", "starter": "top", "seed": "x y", "level": "master"})
    assert setup.mode == "hotseat" and setup.length == 0 and setup.jacoby and setup.beavers
    assert setup.clock == (20, 180) and setup.seed is None
    assert setup.names[bottom] == "Ana" and setup.names[1 - bottom] == "Bo"
    assert setup.colours[bottom] == "dark" and setup.colours[1 - bottom] == "light"
    assert setup.starter == 1 - bottom
    app.new_match(setup)
    assert app.match.phase is Phase.ROLL_OR_DOUBLE and app.match.player_on_roll == 1 - bottom
    assert app.match.config.money and app.match.config.clock == (20, 180)
    values = app.form_values()
    assert values["name_bottom"] == "Ana" and values["kind"] == "money" and values["starter"] == "top"
    assert app.setup_from_form({"length": "99", "kind": "match"}).length == 25


def test_names_are_the_players_own_or_the_apps_words():
    app = Controller(MemoryStore())
    app.new_match(Setup(mode="bot", level="intermediate", names=("", "<Ana>")))
    assert app.player_name(1) == "<Ana>"
    assert app.player_name(0) == "Computer (Intermediate)"
    app.set_language("fr")
    assert app.player_name(0) == "Ordinateur (Intermédiaire)"
    assert "&lt;Ana&gt;" in app.view().bottom_html


def test_a_clock_that_runs_out_ends_the_game():
    now = [0.0]
    app = Controller(MemoryStore(), now=lambda: now[0])
    app.new_match(Setup(mode="hotseat", length=3, clock=(10, 5)))
    app.match = Match(app.setup.config(), ManualDice([3, 1]), now=lambda: now[0])
    app.roll()
    now[0] = 12.0
    assert app.tick() is False
    assert "0:03" in app.view().top_html + app.view().bottom_html   # 15 s in all, 12 gone
    now[0] = 16.0
    assert app.tick() is True
    assert app.match.phase is Phase.OVER and "ran out of time" in app.view().message


def test_orientation_flip_and_automatic_turning_for_two_players():
    app = make(opening_31())
    assert app.bottom == BOTTOM_DEFAULT
    app.flip()
    assert app.bottom == 1 - BOTTOM_DEFAULT
    app.flip()
    app.set_pref("auto_flip", True)
    app.roll()
    assert app.bottom == app.match.player_on_roll == 0
    assert Controller(app.store).prefs.auto_flip is True


def test_match_lists_describe_unfinished_and_finished_matches():
    store = MemoryStore()
    app = Controller(store)
    app.boot("?mode=hotseat&length=1&seed=2")
    app.roll()
    app.new_match(Setup(mode="hotseat", length=1))
    unfinished, finished = app.kept.match_rows()
    assert len(unfinished) == 1 and finished == []
    assert "Player 1" in unfinished[0] and "Match to 1 point" in unfinished[0]


def test_a_new_match_from_the_dialog_keeps_the_unfinished_one_and_says_so():
    app = make(opening_31())
    app.roll()
    assert app.new_match(Setup(mode="bot")) is True
    assert "kept" in app.view().message and len(app.kept.saved_matches()) == 1
    assert app.new_match(Setup(mode="bot")) is False      # nothing played yet: nothing to keep


def test_two_players_read_their_own_point_numbers():
    app = make(opening_31())
    app.roll()                                            # player 0 (at the top) is on roll
    assert app.view().board.numbers_for == 0
    bot = Controller(MemoryStore())
    bot.new_match(Setup(mode="bot"))
    assert bot.view().board.numbers_for == HUMAN_SEAT


def test_money_play_beaver_against_a_double():
    app = make(opening_31(), length=0, beavers=True)
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    app.double()                                          # player 1 doubles
    assert app.buttons()["beaver"] == (True, True)
    app.beaver()                                          # player 0 beavers: cube 2 now, 4 offered
    assert "beavers" in app.view().message and "4" in app.view().message
    assert app.buttons()["beaver"] == (False, False)
    app.take()
    assert (app.match.cube_value, app.match.cube_owner) == (4, 0)
    match = make(opening_31(), length=5)
    match.roll()
    match.type_move("8/5 6/5")
    match.done()
    match.double()
    assert match.buttons()["beaver"] == (False, False)   # no beavers in a match


def test_opening_ties_and_automatic_doubles_are_announced():
    app = make([3, 3, 5, 2], length=0, auto_doubles=True)
    app.roll()
    message = app.view().message
    assert "both threw 3" in message and "Automatic double: the cube is on 2" in message
    assert "plays 5-2 first" in message
    assert app.match.cube_value == 2


def test_after_a_persons_turn_the_computer_is_said_to_think():
    app = make([2, 5], mode="bot")                        # the human (player 1) wins the opening
    app.roll()
    assert app.match.player_on_roll == HUMAN_SEAT
    app.type_move("13/11 13/8")
    app.done()
    assert "thinking" in app.view().message and app.bot_to_act()


def test_the_game_record_lists_moves_and_cube_actions():
    app = make(opening_31() + [6, 4], names=("<Bo>", "Ana"))
    app.roll()
    app.type_move("8/5 6/5")
    assert app.record() == []                             # not before Done
    app.done()
    app.double()
    app.take()
    app.roll()
    # two players: the moves numbered as the board numbers them now, for player 1 to act
    # (issue 33: the last play's marks and the record agree); the log keeps the mover's own
    moves = [e["move"] for e in app.match.events if e["type"] == "move"]
    assert app.view().board.numbers_for == 1 and moves == ["8/5 6/5"]
    assert app.record() == [(0, "31: 17/20 19/20"), (1, "doubles to 2"), (0, "takes")]
    html = app.view().record_html
    assert html.count("<li") == 3 and "&lt;Bo&gt;" in html and "<Bo>" not in html


def test_a_seeded_link_gives_the_same_computer_opponent_too():
    def watch():
        app = Controller(MemoryStore())
        app.boot("?mode=watch&length=1&seed=same-class&level=beginner")
        while app.bot_to_act():
            app.bot_act()
        return app.match.events
    assert watch() == watch()

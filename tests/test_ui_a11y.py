"""Keyboard and screen readers without a browser: the focus model, the board's labels,
the live region's sentences, and a whole game played with keys only (game.app.view.keyboard,
game.app.view.speech, Controller.board_key / announcements)."""

import re
import xml.etree.ElementTree as ET

import pytest

from game.dice import ManualDice
from game.match import Match, Phase
from game.app.controller import Controller, Setup
from game.app.text.i18n import translator
from game.app.view.keyboard import (MOVES, SLOTS, next_slot, rows)
from game.app.view.board_svg import board_svg
from game.app.view.geometry import BoardView, slot_at
from game.app.view.speech import event_sentence, slot_labels, steps_text
from game.app.keep.storage import MemoryStore
from ui_helpers import make as shared_make

SVG = "{http://www.w3.org/2000/svg}"


def make(dice=(), mode="hotseat", length=5, language="en", **setup):
    app = shared_make(dice, mode=mode, length=length, language=language, **setup)
    app.announcements()          # the start is said; the tests listen from here
    return app


def places(svg):
    root = ET.fromstring(svg)
    return {el.get("data-place"): el for el in root.iter(f"{SVG}g") if el.get("data-place")}


def centre(view, slot):
    from game.app.view.board_svg import _place_rect
    x, y, w, h = _place_rect(view, slot)
    return x + w / 2, y + h / 2


# --- the focus model --------------------------------------------------------------------------
@pytest.mark.parametrize("bottom", [0, 1])
@pytest.mark.parametrize("home_right", [True, False])
def test_the_rows_hold_every_place_once_and_follow_the_picture(bottom, home_right):
    top, low = rows(bottom, home_right)
    assert sorted(top + low) == sorted(SLOTS) and len(top) == len(low) == 14
    view = BoardView(bottom=bottom, home_right=home_right)
    for row in (top, low):
        xs = [centre(view, slot)[0] for slot in row]
        assert xs == sorted(xs), row                     # left to right, as drawn
        for slot in row:                                 # and each is where a click on it lands
            x, y = centre(view, slot)
            assert slot_at(x, y, view) == slot
    assert all(centre(view, s)[1] < centre(view, t)[1] for s, t in zip(top, low))


@pytest.mark.parametrize("bottom", [0, 1])
@pytest.mark.parametrize("home_right", [True, False])
def test_arrows_go_to_the_neighbour_drawn_on_that_side(bottom, home_right):
    view = BoardView(bottom=bottom, home_right=home_right)
    for slot in SLOTS:
        x, y = centre(view, slot)
        for key in ("ArrowLeft", "ArrowRight"):
            other = next_slot(slot, key, bottom, home_right)
            ox, oy = centre(view, other)
            assert oy == pytest.approx(y, abs=5)
            if other != slot:
                assert (ox < x) == (key == "ArrowLeft")
                # nothing in between
                assert abs(ox - x) <= 70
        up, down = next_slot(slot, "ArrowUp", bottom, home_right), next_slot(slot, "ArrowDown", bottom, home_right)
        assert centre(view, up)[1] <= y <= centre(view, down)[1]
        assert centre(view, up)[0] == pytest.approx(x) and centre(view, down)[0] == pytest.approx(x)


def test_the_focus_stops_at_the_ends_and_other_keys_keep_it():
    assert next_slot("p13", "ArrowLeft") == "p13"
    assert next_slot("off0", "ArrowRight") == "off0"
    assert next_slot("p13", "Home", home_right=False) == "off0"
    assert next_slot("p7", "a") == "p7"
    assert set(MOVES) == {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"}


# --- the board's places for screen readers ---------------------------------------------------------
def test_each_place_is_one_focusable_button_named_by_what_is_on_it():
    view = BoardView(bottom=1, slot_labels=slot_labels(BoardView(bottom=1), translator("en"), ("Bob", "Ann")))
    found = places(board_svg(view))
    assert sorted(found) == sorted(SLOTS)
    assert [s for s, el in found.items() if el.get("tabindex") == "0"] == ["p1"]
    assert all(el.get("role") == "button" for el in found.values())
    assert found["p13"].get("aria-label") == "Point 13: 5 dark checkers (Ann)"
    assert found["p12"].get("aria-label") == "Point 12: 5 light checkers (Bob)"
    root = ET.fromstring(board_svg(view))
    assert root.get("role") == "group"
    picture = root.find(f"{SVG}g")
    assert picture.get("aria-hidden") == "true" and picture.find(f".//{SVG}circle") is not None


def test_the_focused_place_takes_the_tab_stop():
    found = places(board_svg(BoardView(focus="bar0")))
    assert [s for s, el in found.items() if el.get("tabindex") == "0"] == ["bar0"]


def test_labels_say_what_can_move_what_is_picked_and_where_it_may_go():
    tr = translator("en")
    view = BoardView(bottom=1, mover=1, movable=frozenset({13, 8, 6}), selected=13,
                     targets=frozenset({10, 7}), colours=("dark", "light"))
    labels = slot_labels(view, tr, ("Computer", "You"))
    assert labels["p13"] == "Point 13: 5 light checkers (You), selected"
    assert labels["p10"] == "Point 10: empty, move here"
    assert labels["p7"] == "Point 7: empty, move here"
    assert labels["p8"] == "Point 8: 3 light checkers (You)"      # a checker is picked already
    free = slot_labels(BoardView(bottom=1, mover=1, movable=frozenset({13, 8}), colours=("dark", "light")),
                       tr, ("Computer", "You"))
    assert free["p8"] == "Point 8: 3 light checkers (You), can move"
    assert free["p6"] == "Point 6: 5 light checkers (You)"


def test_labels_count_the_bar_and_the_trays_and_number_as_the_board_shows():
    counts = ((0,) * 23 + (1, 1), (0, 2) + (0,) * 23)         # player 0: one on 24, one on the bar
    view = BoardView(counts=counts, bottom=1, numbers_for=0, colours=("dark", "light"))
    fr = slot_labels(view, translator("fr"), ("Ordinateur", "Vous"))
    assert fr["bar0"] == "Barre (Ordinateur) : 1 pion foncé"
    assert fr["off1"] == "Sortis (Vous) : 13 pions clairs"
    assert fr["off0"] == "Sortis (Ordinateur) : 13 pions foncés"
    # p1 in the bottom player's numbering is point 24 in player 0's, shown on the board
    assert fr["p1"] == "Flèche 24 : 1 pion foncé (Ordinateur)"
    assert fr["p2"] == "Flèche 23 : 2 pions clairs (Vous)"
    assert fr["p24"] == "Flèche 1 : vide"


# --- sentences -------------------------------------------------------------------------------------
def test_moves_are_said_in_words_with_their_hits_in_both_languages():
    en, fr = translator("en"), translator("fr")
    assert steps_text(en, 0, "bar/20* 13/7(2) 6/off") == \
        "bar to 20, hitting; 13 to 7 (2 checkers); 6 off"
    assert steps_text(fr, 0, "bar/20* 6/off") == "barre vers 20, en frappant; 6 hors du plateau"
    event = {"type": "move", "player": 0, "dice": [1, 3], "move": "8/5 6/5"}
    assert event_sentence(event, fr, ("Ordinateur", "Vous")) == "Ordinateur : 3 et 1, coup 8 vers 5; 6 vers 5."


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_kind_of_event_worth_saying_has_a_sentence(language):
    tr = translator(language)
    names = ("Ann", "Bob")
    events = [
        {"type": "opening_roll", "dice": [4, 4], "player": None},
        {"type": "opening_roll", "dice": [5, 2], "player": 0},
        {"type": "roll", "player": 1, "dice": [6, 6]},
        {"type": "step", "player": 1, "source": 13, "target": 7, "use": None, "steps": [[13, 7, True]]},
        {"type": "undo", "player": 1, "step": [13, 7, True]},
        {"type": "undo_all", "player": 1, "steps": []},
        {"type": "move", "player": 1, "dice": [6, 6], "move": "13/7*(2)"},
        {"type": "pass", "player": 0, "dice": [6, 6]},
        {"type": "double", "player": 0, "cube": 2},
        {"type": "beaver", "player": 1, "cube": 4},
        {"type": "take", "player": 0, "cube": 4},
        {"type": "drop", "player": 1},
        {"type": "auto_double", "cube": 2},
        {"type": "resign", "player": 0, "kind": 1},
        {"type": "reject_resignation", "player": 1},
        {"type": "flag", "player": 0},
        {"type": "win", "player": 1, "points": 4, "kind": "single", "cube": 4, "score": [0, 4]},
        {"type": "match_win", "player": 1, "score": [0, 5]},
        {"type": "game_start", "game": 2, "score": [0, 4], "crawford": True},
    ]
    texts = [event_sentence(e, tr, names) for e in events]
    assert all(texts), list(zip(events, texts))
    assert len(set(texts)) == len(texts)
    assert all(not re.search(r"\{\w+\}", t) for t in texts), texts
    assert "5" in texts[-2] and "Bob" in texts[-2]
    assert "4" in texts[-3] and "0" in texts[-3]
    assert event_sentence({"type": "step", "player": 1, "steps": [[8, 5, False]]}, tr, names, steps=False) is None
    assert event_sentence({"type": "game_start", "game": 1, "score": [0, 0]}, tr, names) is None


# --- the controller: keys in, sentences out ------------------------------------------------------------
def test_keys_roll_pick_move_undo_and_end_the_turn():
    app = make([3, 1, 5, 2])
    app.focus = "p3"
    assert app.board_key("r")                        # the opening roll: 3 against 1, player 0 plays
    said = " ".join(app.announcements())
    assert "Opening roll" in said and "3" in said and "1" in said
    assert app.match.phase is Phase.MOVING and app.match.player_on_roll == 0
    # the focus starts on the rearmost checker that can move, wherever it was before the roll
    assert app.view().board.focus == app._place_of(0, 24)
    app.focus = "p7"
    assert app.board_key("Enter") and app.focus == "p7"   # a place without checkers of the mover
    app.focus = app._place_of(0, 8)
    assert app.board_key("Enter")
    assert app.selected == 8
    assert "it can go to 7, 5, 4" in " ".join(app.announcements())
    app.focus = app._place_of(0, 5)
    assert app.board_key(" ")
    assert [str(s) for s in app.match.turn.played] == ["8/5"]
    assert app.announcements()[0] == "Moved 8 to 5."
    assert app.board_key("u")
    assert not app.match.turn.played and app.announcements()[0] == "Undone: 8 to 5."
    app.type_move("8/5 6/5")
    app.announcements()
    assert not app.board_key("x")                    # not a board key: left to the browser
    assert app.board_key("d")
    assert app.match.player_on_roll == 1
    said = app.announcements()
    assert said[0] == "Player 2 played 3 and 1: 8 to 5; 6 to 5."
    app.board_key("r")
    desc = ET.fromstring(app.view().board_svg).find(f"{SVG}desc").text
    assert desc == "Backgammon board. Dice 5 and 2, left to play: 5, 2. Cube in the middle, at 1."


def test_escape_lets_go_and_keys_the_buttons_refuse_do_nothing():
    app = make([3, 1])
    assert app.board_key("d") and app.match.phase is Phase.OPENING     # Done before rolling: nothing
    assert app.board_key("u")
    app.board_key("r")
    app.focus = app._place_of(0, 13)
    app.board_key("Enter")
    assert app.selected == 13
    assert app.board_key("Escape") and app.selected is None
    assert not app.board_key("Escape")                 # nothing picked: the page may use it
    assert app.board_key("r") and app.match.phase is Phase.MOVING       # no second roll


def test_arrow_keys_move_the_focus_the_way_the_board_is_turned():
    app = make([3, 1])
    app.focus = "p12"
    app.board_key("ArrowLeft")
    assert app.focus == "p12"                          # the left end of the bottom row
    app.board_key("ArrowRight")
    assert app.focus == "p11"
    app.set_pref("home_left", True)
    app.board_key("ArrowRight")
    assert app.focus == "p12"
    app.board_key("ArrowUp")
    assert app.focus == "p13"
    assert places(app.view().board_svg)["p13"].get("tabindex") == "0"


def test_the_computer_is_heard_once_per_move_in_the_persons_numbering():
    app = make([2, 1, 6, 5], mode="bot")
    app.board_key("r")                                 # 2 against 1: the computer (player 0) starts
    while app.bot_to_act():
        app.bot_act()
    said = app.announcements()
    plays = [s for s in said if "played" in s]
    assert len(plays) == 1 and not any(s.startswith("Moved") for s in said), said
    move = app.match.events[-1]
    assert move["type"] == "move" and move["player"] == 0
    # its points are said as the person's board shows them: 25 - n
    source = int(re.match(r"(\d+)", move["move"]).group(1))
    assert f"{25 - source} to" in plays[0], (move["move"], plays[0])


def test_the_cube_and_the_end_of_a_game_are_said_with_the_score():
    app = make([3, 1], length=3)
    app.board_key("r")
    app.type_move("8/5 6/5")
    app.board_key("d")
    app.announcements()
    app.double()
    said = " ".join(app.announcements())
    assert "Player 1 doubled to 2." in said and "take or drop?" in said
    app.drop()
    said = " ".join(app.announcements())
    assert "Player 2 dropped the double. Player 1 won 1 point." in said, said
    assert "Score: Player 2 0, Player 1 1." in said
    assert "Press Next game." in said


def test_a_match_opened_says_its_state_not_its_past():
    app = make([3, 1])
    app.board_key("r")
    app.announcements()
    app.new_match(Setup(mode="hotseat"))
    said = app.announcements()
    assert said and not any("Opening roll:" in s for s in said)


def test_french_sentences_in_a_french_page():
    app = make([3, 1], language="fr")
    app.board_key("r")
    said = " ".join(app.announcements())
    assert "Premier jet" in said
    app.focus = app._place_of(0, 8)
    app.board_key("Enter")
    assert "Pion de la flèche 8 choisi" in " ".join(app.announcements())


def test_a_whole_game_with_keys_only():
    """Hot-seat, seeded dice: every action is a board key, every move a pick and a place."""
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=1&seed=keys-1")
    said = []
    for _turn in range(400):
        m = app.match
        if m.match_winner is not None:
            break
        if m.phase is Phase.MOVING and not (m.turn.is_complete or m.turn.no_move):
            app.focus = None
            source = app.view().board.focus             # the rearmost checker that can move
            assert app.board_key("Enter") and app.selected is not None
            targets = app.view().board.targets
            target = min(targets)                     # as far as it goes (off first)
            app.focus = app._place_of(m.player_on_roll, target)
            assert app.board_key("Enter"), source
        elif m.phase is Phase.MOVING:
            assert app.board_key("d")
        else:
            assert m.phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE), m.phase
            assert app.board_key("r")
        said += app.announcements()
    assert app.match.match_winner is not None
    text = " ".join(said)
    assert "won the match" in text
    assert sum(s.startswith("Roll for") for s in said) > 10


def test_a_replay_says_the_action_of_each_move_shown():
    app = make([3, 1, 5, 2])
    app.board_key("r")
    app.type_move("8/5 6/5")
    app.board_key("d")
    app.board_key("r")
    app.announcements()
    assert app.start_replay()
    said = app.announcements()
    assert said[-1] == translator("en")("replay.start", game=1), said
    app.replay_step(1)
    app.replay_step(1)
    said = app.announcements()
    # numbered as the replay's board shows them: from the bottom player's side
    assert said == ["Player 2 played 3 and 1: 17 to 20; 19 to 20."], said
    assert app.announcements() == []                     # said once
    app.end_replay()
    assert not any("played" in s for s in app.announcements())

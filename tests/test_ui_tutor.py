"""The tutor while a person plays (issue 43, part 1), driven through the controller.

A game with chosen errors is played the same way under each threshold: the tutor warns exactly
on the decisions the review, run afterwards over the whole match, marks at that threshold or
worse (checker plays and cube actions alike), with the review's own loss; Think again gives back
the same dice and position, Play it anyway commits. The tutor stays off in a match with a friend,
in the drills and assignments (and says why), and a link asking for a tutor the app lacks is
refused with its reason.
"""

import random

import pytest

from game.app.controller import Controller, Setup
from game.app.cooperative import drive
from game.app.drills.mode import close_drills, open_drills
from game.app.keep.storage import MemoryStore
from game.app.tutor.coach import warns
from game.bot import Bot
from game.bot.analysis import MARKS_ORDER, analyse, mark
from game.app.keep.urlparams import TUTORS
from game.dice import ManualDice
from game.drills import Assignment
from game.match import Match, Phase

#: the marks the game's checker plays are chosen to have, turn after turn (None: the best play)
WANTED = ("blunder", None, "error", "doubtful", None, "blunder", "doubtful", "error")
TURNS = 16
_RANKER = Bot(level="0-ply")


def chosen_play(position, dice, wanted):
    """A legal play of ``dice`` whose loss (0-ply, money, as the review ranks plays) has the mark
    ``wanted``; the best play when none has it."""
    hints = _RANKER.hints(position, dice)
    best = hints[0].equity
    return next((h.move for h in hints if mark(best - h.equity) == wanted), hints[0].move)


def new_game(tutor, length=0, seed=5, store=None):
    """Two players on this device (the tutor watches both), money play unless ``length``, with a
    fixed sequence of dice."""
    rng = random.Random(seed)
    app = Controller(store if store is not None else MemoryStore())
    app.new_match(Setup(mode="hotseat", length=length, tutor=tutor))
    app.match = Match(app.setup.config(), ManualDice([rng.randint(1, 6) for _ in range(400)], fallback=None))
    app.save()
    return app


def play_the_game(app):
    """Play :data:`TURNS` checker plays of the chosen marks (never doubling), rolling whenever the
    roll is on, Play it anyway at each warning. Returns the warnings seen: ``{event index of the
    decision: (kind, action, loss, mark)}``, the loss as the page's ``data-loss`` says it."""
    warned = {}
    turns = 0
    while turns < TURNS and app.match.phase is not Phase.OVER:
        m = app.match
        if m.phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE):
            app.roll()
        else:
            assert m.phase is Phase.MOVING
            if not m.turn.no_move:
                app.type_move(str(chosen_play(m.turn.position, m.turn.dice, WANTED[turns % len(WANTED)])))
            turns += 1
            app.done()
        warning = app.tutor.warning()
        if warning is not None:
            pane = app.view().tutor
            assert pane is not None and float(pane["loss"]) == warning.loss and pane["mark"] == warning.entry["mark"]
            index = len(m.events)       # the decision's event comes next
            warned[index] = (warning.kind, warning.action, float(pane["loss"]), pane["mark"])
            app.tutor_anyway()
            assert app.tutor.warning() is None and len(m.events) > index
    return warned


def marked(app, threshold):
    """What the review of the match says the tutor should have warned of, as :func:`play_the_game`."""
    review = analyse(app.match)
    return {e["index"]: (e["kind"], e["action"] or "move", e["loss"], e["mark"])
            for e in review["entries"] if e["counted"] and warns(e["mark"], threshold)}, review


@pytest.fixture(scope="module")
def untutored():
    """The game played with the tutor off: what the others must be the same game as."""
    app = new_game("off")
    assert play_the_game(app) == {}
    return app


@pytest.mark.parametrize("threshold", MARKS_ORDER)
def test_the_tutor_warns_exactly_on_what_the_review_marks_at_its_threshold(threshold, untutored):
    app = new_game(threshold)
    warned = play_the_game(app)
    assert app.match.events == untutored.match.events          # the same game, warned or not
    expected, review = marked(app, threshold)
    assert warned == expected
    # the game is a fair test: each mark is there among its checker plays, the tutor warned of a cube
    # action too (a double turned down), and of none below the threshold
    marks = {e["mark"] for e in review["entries"] if e["kind"] == "move"}
    assert set(MARKS_ORDER) <= marks
    assert any(kind == "cube" for kind, *_ in warned.values())
    below = [e for e in review["entries"] if e["mark"] and not warns(e["mark"], threshold)]
    assert (threshold == "doubtful") == (below == [])
    assert not any(index in warned for index in (e["index"] for e in below))


def test_the_three_thresholds_nest():
    seen = {threshold: set(play_the_game(new_game(threshold))) for threshold in MARKS_ORDER}
    assert seen["blunder"] < seen["error"] < seen["doubtful"]


def test_think_again_gives_back_the_same_dice_and_position_then_play_it_anyway_commits():
    app = new_game("blunder")
    m = app.match
    app.roll()
    dice, before = m.dice, m.game.position.position_id()
    blunder = chosen_play(m.turn.position, dice, "blunder")
    app.type_move(str(blunder))
    effects = app.done()
    warning = app.tutor.warning()
    assert warning is not None and warning.entry["mark"] == "blunder" and m.phase is Phase.MOVING
    assert effects.focus == "tutor-again"                          # the keyboard goes to Think again
    view = app.view()
    assert view.buttons["done"][1] is False and view.buttons["undo"][1] is False and not view.move_input
    # the board shows the position before the play, the play made and the best one as arrows
    board = view.board
    assert board.preview.verdict == "blunder" and board.best_play.verdict == "best"
    assert view.board_svg.count('class="play-arrow"') == len(board.preview.paths) + len(board.best_play.paths)
    effects = app.tutor_again()
    assert app.tutor.warning() is None and m.phase is Phase.MOVING
    assert m.dice == dice and m.game.position.position_id() == before and m.turn.played == ()
    high, low = sorted(dice, reverse=True)
    assert app.text(app.message) == f"Taken back: the same dice, {high}-{low}, to play again."
    assert effects.focus == app.game.default_focus()               # back on the board, to play again
    app.type_move(str(blunder))
    app.done()
    assert app.tutor.warning() is not None
    moves = sum(e["type"] == "move" for e in m.events)
    app.tutor_anyway()
    assert app.tutor.warning() is None and m.phase is Phase.ROLL_OR_DOUBLE
    assert sum(e["type"] == "move" for e in m.events) == moves + 1 and m.events[-1]["move"] == str(blunder)


def test_a_play_below_the_threshold_passes_at_once():
    app = new_game("blunder")
    m = app.match
    app.roll()
    app.type_move(str(chosen_play(m.turn.position, m.dice, "doubtful")))
    app.done()
    assert app.tutor.warning() is None and m.events[-1]["type"] == "move"


def test_cube_actions_are_warned_and_weighed_as_the_review_weighs_them():
    app = new_game("doubtful")
    m = app.match
    app.roll()
    app.type_move(str(chosen_play(m.turn.position, m.dice, None)))
    app.done()
    assert m.phase is Phase.ROLL_OR_DOUBLE and m.can_double()
    app.double()                                                   # a double on the second roll
    warning = app.tutor.warning()
    assert warning is not None and (warning.kind, warning.action) == ("cube", "double")
    assert m.phase is Phase.ROLL_OR_DOUBLE and app.view().buttons["double"][1] is False
    text = app.view().tutor["text"]
    assert text.startswith("This choice (double) is") and "the better choice: no double" in text
    app.tutor_again()
    assert app.tutor.warning() is None and m.phase is Phase.ROLL_OR_DOUBLE and m.can_double()
    double_loss = (app.double(), app.tutor.warning().loss)[1]
    app.tutor_anyway()
    assert m.phase is Phase.DOUBLED
    app.drop()                                                     # dropping an early double
    warning = app.tutor.warning()
    assert (warning.kind, warning.action) == ("response", "drop") and "the better choice: take" in app.view().tutor["text"]
    drop_loss = warning.loss
    app.tutor_anyway()
    assert any(e["type"] == "drop" for e in m.events)
    entries = {e["action"]: e for e in analyse(m)["entries"] if e["kind"] in ("cube", "response")}
    assert entries["double"]["loss"] == double_loss and entries["drop"]["loss"] == drop_loss
    assert entries["double"]["mark"] and entries["drop"]["mark"]


def test_in_a_match_the_warning_speaks_in_match_winning_chances_with_the_review_s_numbers():
    app = new_game("doubtful", length=5)
    m = app.match
    app.roll()
    app.type_move(str(chosen_play(m.turn.position, m.dice, "blunder")))
    index = len(m.events)
    app.done()
    warning = app.tutor.warning()
    assert warning is not None
    text = app.view().tutor["text"]
    assert "of your chances to win the match" in text and "in equity" in text
    app.set_language("fr")
    assert "de vos chances de gagner le match" in app.view().tutor["text"]
    app.set_language("en")
    app.tutor_anyway()
    entry = next(e for e in analyse(m)["entries"] if e["index"] == index)
    assert entry["loss"] == warning.loss and entry["loss_mwc"] == warning.entry["loss_mwc"] > 0
    assert f"{100 * entry['loss_mwc']:.1f}%" in text


def test_the_study_runs_in_slices_before_the_person_commits():
    app = new_game("doubtful")
    app.roll()
    assert app.tutor.due()
    slices = []
    run(drive(app.tutor.study_steps(), slice_s=0.0, on_slice=slices.append))
    assert len(slices) > 1 and not app.tutor.due()
    study = app.tutor._study
    m = app.match
    app.type_move(str(chosen_play(m.turn.position, m.dice, "blunder")))
    app.done()
    assert app.tutor.warning() is not None and app.tutor._study is study    # nothing weighed twice


def run(coroutine):
    try:
        while True:
            coroutine.send(None)
    except StopIteration as end:
        return end.value


def test_the_end_of_the_turn_by_itself_is_warned_too():
    app = new_game("blunder")
    app.set_pref("auto_done", True)
    m = app.match
    app.roll()
    app.type_move(str(chosen_play(m.turn.position, m.dice, "blunder")))
    assert app.tutor.warning() is not None and m.phase is Phase.MOVING


def test_off_by_default_and_against_the_computer_it_warns_the_person_only():
    app = Controller(MemoryStore())
    app.boot("?mode=bot&length=3&seed=t1")
    assert app.tutor.threshold() is None and app.prefs.tutor == "off"
    assert app.tutor.setting() == {"value": "off", "enabled": True, "note": app.tr("tutor.note")}
    app = Controller(MemoryStore())
    assert app.boot("?mode=bot&length=3&seed=t1&tutor=error")
    app.roll()                                   # this seed: the person starts, with 3-1
    assert app.is_human(app.match.player_on_roll) and sorted(app.match.dice) == [1, 3]
    app.type_move("24/21 24/23")
    app.done()
    assert app.tutor.warning() is not None and app.bot_to_act() is False     # the computer waits
    app.tutor_anyway()
    while app.bot_to_act():
        app.bot_act()
        assert app.tutor.warning() is None                                   # never the computer's


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_link_asking_for_a_tutor_the_app_lacks_is_refused_with_its_reason(language):
    app = Controller(MemoryStore())
    assert app.boot("?mode=hotseat&length=3&seed=7")
    before = app.match.to_dict()
    assert app.boot(f"?mode=bot&tutor=sometimes&lang={language}") is False
    assert app.match.to_dict() == before and app.setup.mode == "hotseat"       # nothing opened
    assert app.message == ("error.link_tutor", {"value": "sometimes"})
    said = app.text(app.message)
    assert "sometimes" in said and "doubtful" in said and "blunder" in said
    assert ("not opened" if language == "en" else "pas été ouvert") in said
    assert app.view().warn


@pytest.mark.parametrize("value", TUTORS[1:])
def test_a_link_sets_the_tutor_of_its_match_alone(value):
    app = Controller(MemoryStore())
    assert app.boot(f"?mode=bot&length=5&seed=x&tutor={value}")
    assert app.tutor.threshold() == value and app.prefs.tutor == "off"
    assert app.setup.tutor == value and Setup.from_dict(app.setup.to_dict()).tutor == value
    app.new_match(app.setup_from_form(dict(app.form_values(), tutor="off")))
    assert app.tutor.threshold() is None


def test_settings_and_the_new_match_form_set_the_tutor():
    store = MemoryStore()
    app = Controller(store)
    app.boot("?mode=bot&length=3&seed=7")
    assert app.form_values()["tutor"] == "off"
    app.set_tutor("error")
    assert app.tutor.threshold() == "error" and Controller(store).prefs.tutor == "error"   # kept
    assert app.tutor.setting() == {"value": "error", "enabled": True, "note": app.tr("tutor.note")}
    assert "tutor: errors and blunders" in app.view().info
    assert app.form_values()["tutor"] == "error"
    setup = app.setup_from_form(dict(app.form_values(), tutor="blunder"))
    assert setup.tutor == "blunder"
    app.new_match(setup)
    assert app.tutor.threshold() == "blunder"
    app.set_tutor("nonsense")
    assert app.tutor.threshold() == "blunder"
    app.set_tutor("off")
    assert app.tutor.threshold() is None and app.setup.tutor is None


def test_off_in_a_match_with_a_friend_and_the_setting_says_why():
    app = Controller(MemoryStore())
    app.set_tutor("doubtful")
    assert app.boot("?mode=friend&length=3&tutor=error")
    assert app.tutor.threshold() is None
    setting = app.tutor.setting()
    assert setting["enabled"] is False and setting["value"] == "off"
    assert "friend" in setting["note"]
    app.set_language("fr")
    assert "ami" in app.tutor.setting()["note"]
    app.set_tutor("blunder")
    assert app.prefs.tutor == "doubtful"                 # not taken: the match stays untutored
    assert app.tutor.form_note("friend")[0] is False and app.tutor.form_note("bot")[0] is True
    assert app.tutor.form_note("watch")[0] is False


@pytest.mark.parametrize("what", ["drill", "assignment"])
def test_off_during_the_drills_and_assignments_and_the_setting_says_why(what):
    app = new_game("doubtful")
    app.roll()
    assert app.tutor.threshold() == "doubtful"
    open_drills(app, what, Assignment.single("race", seed=5, count=2), now=0.0)
    assert app.tutor.threshold() is None and not app.tutor.due()
    setting = app.tutor.setting()
    assert setting["enabled"] is False and "assignments" in setting["note"]
    close_drills(app)
    assert app.tutor.threshold() == "doubtful"


def test_the_thresholds_are_the_review_s_marks():
    assert TUTORS == ("off", *MARKS_ORDER)

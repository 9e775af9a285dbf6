"""Lessons on the app's board (game/app/lesson/player.py) and dice set by hand (dice_entry.py),
with the controller glue: the match in play waits untouched while a lesson is open."""

import json
import re

import pytest

from game.dice import ManualDice
from game.app.text.messages import render_message
from game.lessons import ACCEPT_ANY, list_lessons, load_lesson, localized
from game.match import Match, Phase
from game.move import BAR, OFF
from game.app.controller import Controller, Setup
from game.app.play.dice_entry import DiceEntryError, read_dice, read_die
from game.app.text.i18n import translator
from game.app.lesson.player import LessonPlayer, lessons_html, options_html
from game.app.view.places import PERSON, place_of
from game.app.view.board_svg import board_svg
from game.app.view.geometry import BoardView
from game.app.keep.storage import MemoryStore, Vault

LESSONS = [info.id for info in list_lessons()]


def player_of(lesson_id):
    return LessonPlayer(load_lesson(lesson_id), LESSONS)


def to_task(player):
    while not player.in_task:
        player.next()
    return player


def shown(view):
    """The checkers shown, the learner's first (the learner sits in the person's seat)."""
    counts = view.board.counts
    return counts[PERSON], counts[1 - PERSON]


def slot(place):
    """The ``data-slot`` of a learner's place: he sits in the person's seat, at the bottom."""
    return place_of(PERSON, place, PERSON)


# --- the steps -------------------------------------------------------------------------------------

@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_step_shows_its_board_dice_highlights_and_text_in_both_languages(lesson_id):
    lesson = load_lesson(lesson_id)
    player = LessonPlayer(lesson, LESSONS)
    for index, step in enumerate(lesson.steps):
        assert player.index == index and not player.in_task
        for language in ("en", "fr"):
            view = player.view(language)
            assert view.panel["text"] == localized(step.text, language)
            assert view.panel["progress"] == translator(language)("lesson.step", n=index + 1,
                                                                  total=len(lesson.steps))
        assert view.board.highlight == frozenset(step.board.highlight)
        assert view.board.dice == tuple(step.board.dice or ())
        assert shown(view) == (step.board.position.mine, step.board.position.theirs)
        assert view.board.mover is None                        # nothing to click in a step
        if step.demo is not None:
            assert view.panel["demo"] == "playing"
            moves = 0
            while player.demo_advance():
                moves += 1
            assert moves == len(step.demo.steps)
            view = player.view("en")
            assert view.panel["demo"] == "done" and view.buttons["lesson-demo"] == (True, True)
            assert shown(view) == (step.after.mine, step.after.theirs)
            assert view.board.dice_left == ()                   # both dice used
        player.next()
    assert player.in_task
    assert player.view("fr").panel["text"] == localized(lesson.task.prompt, "fr")


def test_a_demo_move_is_shown_one_checker_at_a_time_and_again_on_demand():
    player = player_of("doubles")
    player.go(1)
    step = player.step
    before = shown(player.view("en"))
    player.demo_advance()
    one = player.view("en")
    assert shown(one) != before and len(one.board.dice_left) == 3   # a double: four moves, one made
    player.demo_restart()
    assert shown(player.view("en")) == before and player.demo_pending()
    assert str(step.demo) in " ".join(player.view("en").panel["facts"])


def test_previous_and_next_are_clamped_and_the_task_starts_afresh():
    player = player_of("setup")
    player.prev()
    assert player.index == 0 and player.view("en").buttons["lesson-prev"] == (True, False)
    to_task(player)
    player.next()
    assert player.in_task and player.view("en").buttons["lesson-next"] == (False, False)
    player.click("p24")
    player.prev()
    to_task(player)
    assert not player.turn.played and player.selected is None


def test_the_opening_roll_step_says_who_starts():
    player = player_of("opening-roll")
    facts = player.view("en").panel["facts"]
    assert any("you throw 5, your opponent 3" in f and "You start, playing 5-3" in f for f in facts)
    view = player.view("en")
    # each throw in front of its player: the learner's (5) in the person's seat
    assert (view.board.opening[PERSON], view.board.opening[1 - PERSON]) == ((5,), (3,)) and view.board.dice == ()
    svg = board_svg(view.board)
    # drawn seat by seat (player 0 first: now the opponent), each in front of its player
    assert re.findall(r'class="die opening" data-value="(\d)"', svg) == ["3", "5"]
    player.go(2)
    assert any("A tie" in f for f in player.view("en").panel["facts"])
    assert player.view("en").board.opening == ((4,), (4,))
    assert any("Égalité" in f for f in player.view("fr").panel["facts"])
    player.go(4)                                          # the variant: two dice each
    opening = player.view("en").board.opening               # the learner's two dice first
    assert (opening[PERSON], opening[1 - PERSON]) == ((6, 2), (4, 1))


# --- the task: moves -------------------------------------------------------------------------------

@pytest.mark.parametrize("lesson_id", [i for i in LESSONS if load_lesson(i).task.kind == "move"])
def test_each_declared_wrong_move_is_refused_with_its_reason_then_the_answer_is_accepted(lesson_id):
    lesson = load_lesson(lesson_id)
    player = to_task(LessonPlayer(lesson, LESSONS))
    for wrong in lesson.task.wrong:
        player.retry()
        assert player.type_move(wrong.answer) is False
        view = player.view("en")
        result = lesson.check(wrong.answer)
        if wrong.reason is None:
            assert view.verdict == "other" and localized(lesson.task.retry, "en") in view.message
        else:
            assert view.verdict == "refused" and view.warn
            assert render_message(result.message, "en") in view.message
            # a refused play leaves the board as it was
            assert shown(view) == (lesson.task.board.position.mine, lesson.task.board.position.theirs)
    # the answer, played checker by checker with clicks, is accepted
    player.retry()
    answer = player.answer()
    for hop in answer.steps:
        player.click(slot(hop.source))
        player.click(slot(hop.target))
    assert player.check() is True
    view = player.view("fr")
    assert view.verdict == "success" and localized(lesson.task.success, "fr") in view.message
    assert view.buttons["lesson-check"] == (True, False) and view.move_input is False
    # once right, the board is frozen
    before = shown(view)
    player.click("p6")
    assert shown(player.view("en")) == before


def test_a_click_on_a_refused_point_says_why_in_the_engines_words_and_changes_nothing():
    player = to_task(player_of("bar"))
    player.click("p13")          # a checker waits on the bar
    view = player.view("en")
    assert view.warn and view.message == translator("en")("reason.must_enter_first")
    assert not player.turn.played
    player.click(slot(BAR))
    assert player.view("en").board.selected == BAR
    player.click("p19")          # the opponent holds the 19-point (their 6-point)
    view = player.view("en")
    assert view.warn and "19" in view.message and not player.turn.played


def test_drag_undo_and_try_again():
    player = to_task(player_of("bar"))
    assert player.press("p13") is False
    assert player.press(slot(BAR)) is True
    player.drop_on("p22")
    assert [(s.source, s.target) for s in player.turn.played] == [(BAR, 22)]
    view = player.view("en")
    assert view.buttons["lesson-undo"] == (True, True) and "bar/22" in view.message
    player.undo()
    assert not player.turn.played
    player.type_move("bar/22 13/7")
    assert player.view("en").verdict in ("success", "other")
    player.retry()
    assert not player.turn.played and player.result is None


def test_check_with_nothing_played_is_judged_as_a_pass():
    closed = to_task(player_of("closed-board"))
    assert closed.check() is True                     # no move possible: passing is the answer
    assert closed.view("en").verdict == "success"
    other = to_task(player_of("hitting"))
    assert other.check() is False
    assert other.view("en").verdict == "refused"      # there are moves to play


def test_show_the_answer_plays_it_and_ends_the_task():
    for lesson_id in ("hitting", "bar", "closed-board"):
        lesson = load_lesson(lesson_id)
        player = to_task(LessonPlayer(lesson, LESSONS))
        player.show_answer()
        view = player.view("en")
        assert view.verdict == "answer" and player.solved
        answer = player.answer()
        assert lesson.check(answer).ok
        if answer.steps:
            assert str(answer) in view.message
            after = answer._after.swapped()
            assert shown(view) == (after.mine, after.theirs)
        else:
            assert view.message.startswith(translator("en")("lesson.answer_pass"))
        assert view.buttons["lesson-answer"] == (True, False)


def test_accept_any_tasks_have_an_answer_of_the_right_kind():
    for lesson_id in LESSONS:
        lesson = load_lesson(lesson_id)
        if lesson.task.kind == "move" and not lesson.task.accept:
            answer = LessonPlayer(lesson).answer()
            assert ACCEPT_ANY[lesson.task.accept_any](answer) and lesson.check(answer).ok


def test_garbage_typed_is_refused_with_a_reason_and_nothing_moves():
    player = to_task(player_of("setup"))
    assert player.type_move("hello") is False
    view = player.view("en")
    assert view.verdict == "malformed" and "hello" in view.message
    assert player.type_move("   ") is False and not player.turn.played


# --- the task: choices -----------------------------------------------------------------------------

@pytest.mark.parametrize("lesson_id", [i for i in LESSONS if load_lesson(i).task.kind == "choice"])
def test_choice_tasks_refuse_wrong_options_and_accept_the_right_one(lesson_id):
    lesson = load_lesson(lesson_id)
    player = to_task(LessonPlayer(lesson, LESSONS))
    view = player.view("en")
    assert view.move_input is False and view.buttons["lesson-check"][0] is False
    assert view.panel["options_html"].count("data-option=") == len(lesson.task.options)
    for wrong in lesson.task.wrong:
        assert player.choose(wrong.answer) is False
        view = player.view("en")
        assert view.verdict == ("other" if wrong.reason is None else "refused")
        assert 'class="option wrong"' in view.panel["options_html"]
    assert player.choose("no-such-option") is False
    assert player.choose(lesson.task.accept[0]) is True
    view = player.view("fr")
    assert view.verdict == "success" and 'class="option right"' in view.panel["options_html"]
    assert "disabled" in view.panel["options_html"]
    assert player.choose(lesson.task.wrong[0].answer) is False     # over: nothing changes
    assert player.view("fr").verdict == "success"


def test_option_texts_are_escaped():
    player = to_task(player_of("cube"))
    object.__setattr__(player.task.options[0], "text", {"en": "<img src=x onerror=alert(1)>", "fr": "x"})
    try:
        html = options_html(player, "en")
    finally:
        object.__setattr__(player.task.options[0], "text", None)
    assert "<img" not in html and "&lt;img" in html


# --- the list and the board's highlights -------------------------------------------------------------

def test_the_list_has_every_lesson_in_order_and_escapes_texts():
    infos = list_lessons()
    html = lessons_html(infos, "en", current="bar")
    assert re.findall(r'data-lesson="([^"]+)"', html) == LESSONS
    assert html.count('aria-current="true"') == 1
    from game.lessons import LessonInfo
    evil = LessonInfo("x", {"en": "<b>bold</b>", "fr": "<b>gras</b>"}, {"en": "a & b"}, "x.json")
    html = lessons_html([evil], "fr")
    assert "<b>" not in html and "&lt;b&gt;gras" in html and "a &amp; b" in html


def test_highlighted_points_bar_and_tray_are_marked_on_the_board():
    svg = board_svg(BoardView(highlight=frozenset({24, 13, 25, 0})))
    marks = re.findall(r'class="highlight" data-highlight="(\d+)"', svg)
    assert sorted(map(int, marks)) == [0, 13, 24, 25]
    assert svg.count('class="highlight-badge"') == 2        # a disc on the numbers 24 and 13
    assert 'class="point-number highlighted"' in svg
    assert "highlight" not in board_svg(BoardView())
    # the board's label names the places for screen readers
    view = to_task(player_of("bar")).view("en")
    player = player_of("setup")
    player.go(1)
    assert "point 24" in player.view("en").board.labels["board"]
    assert view.board.highlight == frozenset(load_lesson("bar").task.board.highlight)


def test_the_lesson_panel_counts_lessons_and_names_the_next():
    player = player_of("setup")
    assert player.view("en").panel["number"] == f"Lesson 1 of {len(LESSONS)}"
    assert player.next_lesson == LESSONS[1]
    assert player_of(LESSONS[-1]).next_lesson is None


def test_a_clock_lesson_shows_the_learners_clock():
    player = player_of("clock")
    to_task(player)
    view = player.view("en")
    assert view.bottom.clock_text and not view.top.clock_text


# --- the controller: a lesson over the match ------------------------------------------------------------

def hotseat(store=None, **setup):
    app = Controller(store if store is not None else MemoryStore())
    app.new_match(Setup(mode="hotseat", **setup))
    return app


def test_a_lesson_leaves_the_match_untouched_and_it_resumes():
    store = MemoryStore()
    app = Controller(store)
    app.boot("?mode=hotseat&length=5&seed=lesson-glue")
    app.roll()
    before = (json.dumps(app.match.to_dict()), app.view().message, app.view().position_id)
    saved = Vault(store).read("current")
    assert app.open_lesson("bar")
    view = app.view()
    assert view.lesson["id"] == "bar" and view.buttons["roll"] == (False, False)
    assert view.buttons["done"] == (False, False) and view.dice_entry is None
    while not app.lesson.in_task:
        app.lesson_action("next")
    app.click(slot(BAR))
    app.click("p22")
    assert app.type_move("13/7 13/10") is False
    app.undo()
    app.roll(); app.done(); app.double(); app.resign()        # the match's buttons do nothing now
    assert not app.human_to_act() and not app.bot_to_act()
    assert Vault(store).read("current") == saved
    app.lesson_action("next_lesson")
    assert app.lesson.lesson.id == LESSONS[LESSONS.index("bar") + 1]
    app.lesson_action("close")
    assert app.lesson is None
    assert (json.dumps(app.match.to_dict()), app.view().message, app.view().position_id) == before
    assert app.view().lesson is None


def test_the_computer_waits_and_the_clock_stops_during_a_lesson():
    ticks = [0.0]
    app = Controller(MemoryStore(), now=lambda: ticks[0])
    app.new_match(Setup(mode="bot", clock=(30, 60), seed="lesson-clock"))
    app.roll()
    player = app.match.player_on_roll
    left = app.match.clock.remaining(player)
    app.open_lesson("cube")
    ticks[0] += 500.0
    assert app.tick() is False and not app.bot_to_act()
    app.close_lesson()
    assert app.match.clock.remaining(player) == left
    assert app.match.phase is Phase.MOVING


def test_an_unknown_lesson_is_refused_with_a_message_and_changes_nothing():
    app = hotseat()
    assert app.open_lesson("no-such-lesson") is False
    assert app.lesson is None and app.message[0] == "error.lesson"
    assert "no-such-lesson" in app.text(app.message)


def test_choosing_an_option_through_the_controller():
    app = hotseat()
    app.open_lesson("crawford")
    while not app.lesson.in_task:
        app.lesson_action("next")
    app.lesson_choose("double")
    assert app.view().lesson["verdict"] == "refused"
    assert translator("en")("reason.crawford_no_double") in app.view().message
    app.lesson_action("retry")
    app.lesson_choose("roll")
    assert app.view().lesson["verdict"] == "success"


# --- dice set by hand ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["0", "7", "x", "1.5", "66", "-1", " 6 6", True, 9])
def test_a_die_that_is_not_one_to_six_is_refused(text):
    with pytest.raises(DiceEntryError) as caught:
        read_die(text)
    assert caught.value.key == "error.die"
    assert translator("fr")(caught.value.key, **caught.value.params).startswith("«")


def test_a_missing_die_is_refused_and_good_dice_are_read():
    for text in ("", "  ", None):
        with pytest.raises(DiceEntryError) as caught:
            read_die(text)
        assert caught.value.key == "error.die_missing"
    assert read_dice(" 3", "3 ") == (3, 3)


def test_manual_dice_ask_for_each_roll_refuse_bad_input_and_play_what_was_set():
    app = hotseat(manual_dice=True)
    assert isinstance(app.match.dice_source, ManualDice) and app.dice_wanted() == "opening"
    entry = app.view().dice_entry
    assert entry["first"] == "Player 1's die" and entry["second"] == "Player 2's die"
    assert app.view().buttons["roll"][0] is False
    app.roll()                                                 # no dice set: asked for them
    assert app.match.phase is Phase.OPENING and app.message[0] == "msg.dice_wanted_opening"
    events = len(app.match.events)
    assert app.set_dice("8", "2") is False
    assert app.text(app.message) == "“8” is not a die: each die is a whole number from 1 to 6."
    assert len(app.match.events) == events and app.dice_wanted() == "opening"
    assert app.view().dice_entry["invalid"] == 0
    assert app.set_dice("2", "") is False and app.view().dice_entry["invalid"] == 1
    # a tie is thrown again, as the engine does: kept, then thrown with the next throw
    assert app.set_dice("4", "4") is True and app.match.phase is Phase.OPENING
    assert app.set_dice("2", "5") is True
    opening = [e for e in app.match.events if e["type"] == "opening_roll"]
    assert [e["dice"] for e in opening] == [[4, 4], [5, 2]]   # player 0 (top) threw 5
    assert app.match.player_on_roll == 0 and app.match.dice == (5, 2)
    assert app.type_move("13/8 13/11")
    app.done()
    assert app.dice_wanted() == "roll"
    assert app.view().dice_entry["first"] == "First die"
    app.set_dice("6", "6")
    assert app.match.dice == (6, 6) and app.dice_wanted() is None
    assert "dice set by hand" in app.info_text()


def test_manual_dice_are_saved_and_restored_with_the_match():
    store = MemoryStore()
    app = hotseat(store, manual_dice=True)
    app.set_dice("3", "3")                       # a tie waits for the next throw, even over a reload
    again = Controller(store)
    again.boot("")
    assert again.setup.manual_dice and again.dice_wanted() == "opening"
    again.set_dice("6", "1")
    assert [e["dice"] for e in again.match.events if e["type"] == "opening_roll"] == [[3, 3], [1, 6]]
    third = Controller(store)
    third.boot("")
    assert third.match.to_dict() == again.match.to_dict()
    assert Match.from_dict(third.match.to_dict()).dice == again.match.dice


def test_the_computer_waits_for_its_dice_set_by_hand():
    app = Controller(MemoryStore())
    app.new_match(Setup(mode="bot", manual_dice=True, starter=0))   # the computer (player 0) starts
    assert app.dice_wanted() == "roll" and not app.bot_to_act()
    assert "Computer" in app.view().dice_entry["legend"]
    app.set_dice("3", "1")
    assert app.bot_to_act()
    for _ in range(20):
        if not app.bot_to_act():
            break
        app.bot_act()
    assert app.match.events[-1]["type"] == "move" and app.match.events[-1]["dice"] == [3, 1]
    assert app.dice_wanted() == "roll" and app.human_to_act()


def test_the_new_match_form_carries_manual_dice():
    app = hotseat()
    values = app.form_values()
    assert values["manual_dice"] is False
    setup = app.setup_from_form({**{k: v for k, v in values.items() if v is not False},
                                 "manual_dice": "on", "seed": "abc"})
    assert setup.manual_dice is True and setup.seed is None
    assert Setup.from_dict(setup.to_dict()).manual_dice is True
    assert Setup(manual_dice="yes").manual_dice is False


def test_a_thought_of_the_computer_that_ends_during_a_lesson_is_dropped():
    app = Controller(MemoryStore())
    # the expert thinks in slices too (it looks one roll ahead at the close plays of this 4-1:
    # 85 slices), in a tenth of the master's time
    app.new_match(Setup(mode="bot", starter=0, seed="lesson-think", level="expert"))
    while app.bot_to_act() and app.match.phase is not Phase.MOVING:
        app.bot_act()
    assert app.bot_to_act() and app.match.phase is Phase.MOVING
    before = json.dumps(app.match.to_dict())
    thought = app.bot_act_steps()
    next(thought)                        # the computer starts thinking (in slices) ...
    app.open_lesson("setup")             # ... and a lesson opens
    for _ in thought:
        pass
    assert json.dumps(app.match.to_dict()) == before
    app.close_lesson()
    assert app.bot_to_act()


def test_a_new_match_or_a_replay_closes_the_lesson_and_the_kept_match_keeps_a_running_clock():
    store = MemoryStore()
    app = Controller(store, now=lambda: 0.0)
    app.new_match(Setup(mode="hotseat", clock=(30, 60), seed="lesson-new"))
    app.roll()
    app.open_lesson("bar")
    assert app.match.clock.paused
    app.new_match(Setup(mode="hotseat"))
    assert app.lesson is None and app.view().lesson is None
    kept = app.kept.saved_matches()[0]["match"]
    assert kept["clock"]["paused"] is False
    app.roll()
    app.open_lesson("cube")
    assert app.start_replay() is True and app.lesson is None
    app.end_replay()
    app.open_lesson("cube")
    app.resume(0)
    assert app.lesson is None and not app.match.clock.paused


def test_a_link_opens_one_lesson_over_the_saved_match():
    store = MemoryStore()
    app = Controller(store)
    app.boot("?mode=hotseat&length=3&seed=link-lesson")
    app.roll()
    saved = Vault(store).read("current")
    again = Controller(store)
    assert again.boot("?lesson=doubles&lang=fr") is True        # the page then drops the query
    assert again.lesson.lesson.id == "doubles" and again.language == "fr"
    assert again.view().lesson["title"] == load_lesson("doubles").title["fr"]
    again.close_lesson()
    assert Vault(store).read("current") == saved and again.match.phase is Phase.MOVING
    bad = Controller(MemoryStore())
    bad.boot("?lesson=nope")
    assert bad.lesson is None and bad.message[0] == "error.lesson"


def test_the_last_lesson_says_so_once_answered():
    player = to_task(player_of(LESSONS[-1]))
    player.show_answer()
    view = player.view("en")
    assert view.message.endswith("That was the last lesson.")
    assert view.buttons["lesson-next-lesson"][0] is False


def test_a_reload_comes_back_to_the_open_lesson_and_step_and_closing_forgets_it():
    store = MemoryStore()
    app = Controller(store)
    app.boot("?mode=hotseat&length=3&seed=reload-lesson")
    app.roll()
    before = json.dumps(app.match.to_dict())
    app.open_lesson("hitting")
    app.lesson_action("next")
    app.lesson_action("next")
    again = Controller(store)
    assert again.boot("") is False
    assert again.lesson.lesson.id == "hitting" and again.lesson.index == 2
    assert json.dumps(again.match.to_dict()) == before
    again.lesson_action("close")
    third = Controller(store)
    third.boot("")
    assert third.lesson is None and json.dumps(third.match.to_dict()) == before
    # a lesson this version does not have is forgotten quietly
    store.set("backgammon.lesson", '{"schema":1,"kind":"lesson","data":{"id":"gone","index":3}}')
    fourth = Controller(store)
    fourth.boot("")
    assert fourth.lesson is None and (fourth.message or ("",))[0] != "error.lesson"
    assert store.get("backgammon.lesson") is None
    # a link that starts a new match does not bring an old lesson back over it
    fourth.open_lesson("bar")
    fifth = Controller(store)
    fifth.boot("?mode=hotseat&length=1&seed=fresh")
    assert fifth.lesson is None
    sixth = Controller(store)
    sixth.boot("")
    assert sixth.lesson is None


def test_a_lesson_task_played_with_the_keyboard_alone():
    app = hotseat()
    app.open_lesson("bar")
    while not app.lesson.in_task:
        app.lesson_action("next")
    app.focus = None
    assert app.board_key("Enter")                 # the focus starts on the checker on the bar
    assert app.lesson.selected == BAR
    assert app.board_key("Escape") and app.lesson.selected is None
    app.board_key("Enter")
    assert app.focus == slot(BAR)
    for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight"):
        app.board_key(key)                        # along the top row: 19, 20, 21, 22
    assert app.focus == "p22"
    app.board_key("Enter")
    assert [(s.source, s.target) for s in app.lesson.turn.played] == [(BAR, 22)]

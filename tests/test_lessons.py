"""Lessons as data (game/lessons): every shipped lesson is checked by the engine.

Each lesson file declares its demo moves, the answers its task accepts and
at least one wrong answer with the reason the engine must give; these tests
hold every file to those declarations, so a teacher's typo fails here.
"""

import copy
import json
import pathlib
import shutil

import pytest

import pack
from game import Move, Position
from game.app.text.messages import render_message
from game.bot import Bot, CubeContext
from game.dice import ManualDice
from game.errors import GameError
from game.lessons import (ACCEPT_ANY, ACTIONS, LEARNER, LESSONS_DIR, OPPONENT, Board, Context,
                          InvalidAnswerError, InvalidLessonError, UnknownLessonError, check_all,
                          list_lessons, load_lesson, load_lesson_file, opening_roll, read_lesson)
from game.lessons.board import perform
from game.lessons.model import LANGUAGES
from game.match import Match, MatchConfig, Phase
from game.reasons import Reason
from game.app.text.i18n import translator

LESSON_IDS = [info.id for info in list_lessons()]
FILES = {info.id: LESSONS_DIR / info.file for info in list_lessons()}

#: every rule of the four rule texts (shared/rules), by the topic tag a lesson declares
RULE_TOPICS = {
    # set-up, direction, goal
    "setup", "direction", "goal",
    # the opening roll, ties, the automatic double of money play, the both-dice variant, cocked dice
    "opening_roll", "opening_tie", "automatic_double", "opening_both_dice", "cocked_dice", "turns",
    # moving, closed points, combined moves through an open point, doubles
    "moving", "closed_point", "combined_move", "intermediate_point", "doubles", "done",
    # blots, hitting, hitting on the way, the bar, entering, partial entry
    "blot", "hitting", "hitting_on_the_way", "bar", "entering", "entering_hits", "partial_entry",
    # primes and the closed board, passing
    "prime", "closed_board", "pass",
    # bearing off
    "bear_off", "bear_off_exact", "bear_off_higher_die", "bear_off_move_inside", "bear_off_all_home",
    "hit_while_bearing_off", "bear_off_smaller_die_first",
    # compulsory moves
    "compulsory_both_dice", "compulsory_higher_die", "compulsory_doubles", "any_order",
    # scoring
    "single", "gammon", "backgammon", "cube_multiplies", "money_stake",
    # the cube
    "cube", "cube_centred", "double", "take", "drop", "cube_ownership", "redouble", "cube_maximum",
    "double_closed_out",
    # match play
    "match", "match_length", "crawford", "post_crawford",
    # money play: the Jacoby rule, beavers, the limit of automatic doubles
    "jacoby", "beaver", "automatic_double_limit",
    # resigning: the offer (single, gammon, backgammon), accepted or rejected; the cube persuades
    "resign", "resign_accept", "resign_reject", "cube_persuades",
    # clocks
    "clock", "clock_reserve", "time_out",
}


def data_of(lesson_id):
    return json.loads(FILES[lesson_id].read_text(encoding="utf-8"))


def reason_of(code):
    return None if code is None else Reason(code)


# --- every shipped lesson ------------------------------------------------------------------

def test_the_lessons_are_listed_in_file_order_with_unique_ids():
    infos = list_lessons()
    assert len(infos) >= 20
    assert [info.file for info in infos] == sorted(info.file for info in infos)
    assert len(set(LESSON_IDS)) == len(LESSON_IDS)
    assert LESSON_IDS[:3] == ["setup", "opening-roll", "moving"]
    for info in infos:
        assert info.title["fr"] and info.title["en"]


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_every_lesson_loads_with_steps_and_a_task(lesson_id):
    lesson = load_lesson(lesson_id)
    assert lesson.id == lesson_id
    assert lesson.steps
    assert lesson.task.kind in ("move", "choice")
    assert lesson.file == FILES[lesson_id].name
    json.dumps(lesson.to_dict())                    # plain data, ready for a worker


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_every_demo_move_is_a_legal_play_of_its_step(lesson_id):
    lesson = load_lesson(lesson_id)
    raw_steps = data_of(lesson_id)["steps"]
    for step, raw in zip(lesson.steps, raw_steps):
        if "demo" not in raw:
            assert step.demo is None
            continue
        board = step.board
        plays = board.position.legal_moves(board.dice)
        assert step.demo in plays
        assert board.position.parse_move(raw["demo"], board.dice) == step.demo
        assert step.after == board.position.play(step.demo).swapped()


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_the_task_accepts_every_answer_it_declares(lesson_id):
    lesson = load_lesson(lesson_id)
    task = lesson.task
    raw = data_of(lesson_id)["task"]
    for answer in raw.get("accept", []):
        result = lesson.check(answer)
        assert result.ok, (answer, result)
        assert result.kind == "success" and result.feedback == task.success
    if task.kind == "move":
        for play in task.accept:
            assert lesson.check(play).ok                    # a Move
            assert lesson.check(str(play)).ok               # its standard notation
        if task.accept_any:
            matching = [play for play in task.plays if ACCEPT_ANY[task.accept_any](play)]
            assert matching
            for play in matching:
                assert lesson.check(str(play)).ok


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_each_declared_wrong_answer_gets_the_reason_the_lesson_expects(lesson_id):
    lesson = load_lesson(lesson_id)
    wrong = data_of(lesson_id)["task"]["wrong"]
    assert wrong, "every lesson declares at least one wrong answer"
    for item in wrong:
        result = lesson.check(item["answer"])
        assert not result.ok
        assert result.reason is reason_of(item["reason"]), (item, result)
        if result.reason is None:
            assert result.kind == "other" and result.legal
        else:
            assert result.kind == "refused" and not result.legal
            assert result.message[0] == f"reason.{result.reason.value}"
        for language in LANGUAGES:
            assert render_message(result.say(), language).strip()


def test_lessons_about_a_rule_expect_the_engine_to_refuse_a_wrong_answer():
    # only lessons whose task is a judgement (how many points, use your right to double) have
    # no wrong answer that the engine itself refuses
    judgement_only = {"gammon", "double-closed-out", "jacoby", "automatic-doubles", "resign"}
    for lesson_id in LESSON_IDS:
        reasons = [item["reason"] for item in data_of(lesson_id)["task"]["wrong"]]
        assert (any(reasons) or lesson_id in judgement_only), lesson_id


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_every_text_exists_in_french_and_english(lesson_id):
    lesson = load_lesson(lesson_id)
    texts = lesson.texts()
    assert len(texts) >= 5 + len(lesson.steps) - 1
    for field, text in texts:
        for language in LANGUAGES:
            assert isinstance(text.get(language), str) and text[language].strip(), (field, language)
    for option in lesson.task.options:
        for language in LANGUAGES:
            assert render_message(option.label_message(), language).strip()


def test_every_app_sentence_a_lesson_uses_exists_in_both_catalogues():
    keys = {"msg.bad_notation", "where.point", "where.bar", "where.off"}
    keys |= {f"reason.{reason.value}" for reason in Reason}
    for lesson_id in LESSON_IDS:
        keys |= {option.label_key for option in load_lesson(lesson_id).task.options if option.label_key}
    for language in LANGUAGES:
        missing = {key for key in keys if not translator(language).has(key)}
        assert not missing, (language, missing)


def test_the_lessons_cover_every_rule_of_the_rule_texts():
    covered = set()
    for lesson_id in LESSON_IDS:
        covered |= set(load_lesson(lesson_id).topics)
    assert RULE_TOPICS - covered == set()


def test_the_lesson_files_ship_in_the_app_zip():
    shipped = {path.as_posix() for path in pack.game_files()}
    assert ".json" in pack.SHIPPED_SUFFIXES
    for path in FILES.values():
        assert f"game/lessons/data/{path.name}" in shipped
    assert "game/lessons/__init__.py" in shipped


def test_every_board_renders_on_the_app_board():
    from game.app.view.board_svg import board_svg
    from game.app.view.geometry import BoardView

    for lesson_id in LESSON_IDS:
        lesson = load_lesson(lesson_id)
        for board in [step.board for step in lesson.steps] + [lesson.task.board]:
            svg = board_svg(BoardView(**board.view_fields()))
            assert svg.startswith("<svg")


# --- a teacher's own lesson --------------------------------------------------------------------

def test_a_lesson_added_as_one_new_file_is_picked_up(tmp_path):
    for path in LESSONS_DIR.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    data = data_of("bar")
    data["id"] = "my-bar-lesson"
    data["title"] = {"fr": "Ma leçon", "en": "My lesson"}
    (tmp_path / "065-my-bar-lesson.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    ids = [info.id for info in list_lessons(tmp_path)]
    assert ids.index("my-bar-lesson") == ids.index("bar") + 1
    lesson = load_lesson("my-bar-lesson", tmp_path)
    assert lesson.title["en"] == "My lesson"
    assert lesson.check("13/7 13/10").reason is Reason.MUST_ENTER_FIRST
    assert "my-bar-lesson" not in LESSON_IDS


def test_a_changed_file_is_read_again(tmp_path):
    data = data_of("bar")
    path = tmp_path / "bar.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_lesson("bar", tmp_path).title["en"] == data["title"]["en"]
    data["title"]["en"] = "The bar, again and again"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_lesson("bar", tmp_path).title["en"] == "The bar, again and again"


def test_two_files_with_one_id_are_refused(tmp_path):
    text = FILES["bar"].read_text(encoding="utf-8")
    (tmp_path / "a.json").write_text(text, encoding="utf-8")
    (tmp_path / "b.json").write_text(text, encoding="utf-8")
    with pytest.raises(InvalidLessonError) as error:
        list_lessons(tmp_path)
    assert (error.value.file, error.value.field) == ("b.json", "id")
    assert "a.json" in str(error.value)


def test_the_list_reads_only_titles_and_loading_checks_the_whole_lesson(tmp_path):
    data = data_of("bar")
    data["task"]["accept_any"] = "hits"             # no legal play hits here
    (tmp_path / "bar.json").write_text(json.dumps(data), encoding="utf-8")
    assert [info.id for info in list_lessons(tmp_path)] == ["bar"]
    with pytest.raises(InvalidLessonError) as error:
        load_lesson("bar", tmp_path)
    assert error.value.field == "task.accept_any"
    assert [lesson.id for lesson in check_all()] == LESSON_IDS


def test_the_command_line_check_reports_a_broken_file(tmp_path, capsys):
    from game.lessons.__main__ import main

    assert main([]) == 0
    assert capsys.readouterr().out.count("ok  ") == len(LESSON_IDS)
    data = data_of("bar")
    data["task"]["wrong"][0]["reason"] = "entry_blocked"
    (tmp_path / "bar.json").write_text(json.dumps(data), encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert "BROKEN  lesson file bar.json, field task.wrong[0].reason" in capsys.readouterr().out


def test_an_unknown_lesson_id_is_refused():
    with pytest.raises(UnknownLessonError, match="no lesson 'nope'"):
        load_lesson("nope")


def test_a_file_that_is_not_json_names_the_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"id": "broken",', encoding="utf-8")
    with pytest.raises(InvalidLessonError, match="lesson file broken.json: not valid JSON") as error:
        load_lesson_file(path)
    assert error.value.field == ""


def _set(data, path, value):
    """Set ``data[a][b]...`` for ``path = "a.b.0.c"``; ``value`` None with ``delete`` removes."""
    *parents, last = path.split(".")
    for key in parents:
        data = data[int(key)] if isinstance(data, list) else data[key]
    key = int(last) if isinstance(data, list) else last
    if value is _DELETE:
        del data[key]
    else:
        data[key] = value


_DELETE = object()

BROKEN = [
    # (lesson, where to change, new value, the field the error must name, words of the message)
    ("bar", "steps.4.demo", "bar/23 13/7", "steps[4].demo", "not a legal play"),
    ("bar", "task.accept_any", _DELETE, "task.accept", "accept_any"),
    ("moving", "task.accept.0", "13/7 13/9", "task.accept[0]", "point_blocked"),
    ("bar", "task.wrong.0.reason", "point_blocked", "task.wrong[0].reason", "must_enter_first"),
    ("bar", "task.wrong.0.answer", "bar/22 13/7", "task.wrong[0].answer", "accepted"),
    ("bar", "task.wrong.0.reason", "enter_first", "task.wrong[0].reason", "not a reason code"),
    ("bar", "task.wrong", [], "task.wrong", "at least one"),
    ("bar", "steps.0.text.en", _DELETE, "steps[0].text.en", "French and English"),
    ("bar", "steps.1.text.fr", "  ", "steps[1].text.fr", "non-empty"),
    ("bar", "title", "The bar", "title", "object"),
    ("bar", "task.acept", ["bar/22"], "task", "unknown key 'acept'"),
    ("bar", "steps.4.demo", "bar/24 13/11*", "steps[4].demo", "no blot is hit there"),
    ("bar", "position.mine.25", 1, "position.mine.25", "1 to 24"),
    ("bar", "position.mine.13", 9, "position", "not a possible position"),
    ("bar", "dice", [7, 1], "dice", "two dice"),
    ("bar", "steps.0.highlight", [0], "steps[0].highlight[0]", "1 to 24"),
    ("bar", "id", "The Bar", "id", "lower-case"),
    ("bar", "task.hints.must_enter", {"fr": "x", "en": "x"}, "task.hints.must_enter", "reason code"),
    ("crawford", "task.context.score", [4, 4], "task.context", "cannot set this up"),
    ("crawford", "task.accept", ["double"], "task.accept[0]", "crawford_no_double"),
    ("cube", "task.context.cube_owner", "mine", "task.context", "not_cube_owner"),
    ("gammon", "task.accept", ["4"], "task.accept", "the engine's answer is '6'"),
    ("clock", "task.context.clock.elapsed", 100, "task.context.clock.elapsed", "not run out"),
    ("higher-die", "task.dice", None, "task.dice", "needs dice"),
    ("opening-roll", "steps.0.opening.theirs", [3, 2], "steps[0].opening", "same number of dice"),
    ("beaver", "context.beavers", False, "task.accept[0]", "beaver_not_allowed"),
    ("beaver", "task.options.2.action", "raccoon", "task.options[2].action", "one of"),
    ("jacoby", "task.context.cube_owner", "mine", "task.accept", "the engine's answer is '2'"),
    ("automatic-doubles", "context.match_length", 5, "context.automatic_doubles", "money play only"),
    ("resign", "position.mine", {"6": 15}, "task.engine", "not settled"),
    ("resign", "task.accept", ["resign_backgammon"], "task.accept", "'resign_gammon'"),
]


@pytest.mark.parametrize("lesson_id, path, value, field, words", BROKEN,
                         ids=[f"{row[0]}:{row[1]}" for row in BROKEN])
def test_a_broken_lesson_raises_a_typed_error_naming_the_file_and_field(lesson_id, path, value, field, words):
    data = copy.deepcopy(data_of(lesson_id))
    _set(data, path, value)
    with pytest.raises(InvalidLessonError) as error:
        read_lesson(data, "teacher.json")
    assert isinstance(error.value, GameError) and isinstance(error.value, ValueError)
    assert (error.value.file, error.value.field) == ("teacher.json", field), str(error.value)
    assert words in str(error.value)
    assert str(error.value).startswith(f"lesson file teacher.json, field {field}: ")


# --- checking answers ---------------------------------------------------------------------------

def test_an_answer_counts_by_the_position_it_reaches_not_by_its_notation():
    lesson = load_lesson("smaller-die-first")
    for answer in ("5/2 2/off", "2/off 5/2", "5/off", "5/2/off"):
        assert lesson.check(answer).ok, answer
    result = lesson.check(Move.from_str("5/2 2/off"))
    assert result.ok and result.answer == "5/off"


def test_a_legal_play_the_task_does_not_ask_for_gets_the_retry_text():
    lesson = load_lesson("smaller-die-first")
    result = lesson.check("5/off 2/off")
    assert (result.ok, result.kind, result.legal, result.reason) == (False, "other", True, None)
    assert result.move is not None and str(result.move) == "5/off 2/off"
    assert result.message is None and result.feedback == lesson.task.retry


def test_a_refused_play_carries_the_apps_sentence_and_the_lessons_hint():
    lesson = load_lesson("moving")
    result = lesson.check("24/14")
    assert result.reason is Reason.INTERMEDIATE_BLOCKED and result.details["point"] == 18
    assert result.message == ("reason.intermediate_blocked", {"point": {"where": 18}, "blockers": 2, "die": 6})
    assert result.feedback == lesson.task.hints[Reason.INTERMEDIATE_BLOCKED]
    for language in LANGUAGES:
        tr = translator(language)
        sentence = tr("reason.intermediate_blocked", point=tr("where.point", n=18))
        assert render_message(result.say(), language) == f"{sentence} {result.feedback[language]}"


def test_a_backward_move_is_refused_as_wrong_direction():
    lesson = load_lesson("setup")
    result = lesson.check("13/18 13/19")
    assert result.reason is Reason.WRONG_DIRECTION and result.details == {"point": 13, "target": 18}
    result = lesson.check(Move(()))            # an empty Move: nothing played
    assert result.reason is Reason.MUST_USE_BOTH_DICE


def test_a_backward_move_given_as_a_move_is_refused_as_wrong_direction():
    from game.move import Step

    result = load_lesson("setup").check(Move((Step(6, 9), Step(8, 9))))
    assert result.reason is Reason.WRONG_DIRECTION


def test_a_move_task_can_be_played_checker_by_checker_with_a_turn():
    lesson = load_lesson("bar")
    turn = lesson.task.turn()
    with pytest.raises(GameError) as error:
        turn.step(13, 7)
    assert error.value.reason is Reason.MUST_ENTER_FIRST
    turn.step(25, 22)
    turn.step(13, 7)
    assert turn.is_complete and lesson.check(turn.move).ok
    assert load_lesson("cube").task.turn() is None


def test_move_text_that_cannot_be_read_is_malformed_not_refused():
    result = load_lesson("bar").check("13-7 please")
    assert (result.ok, result.kind, result.reason) == (False, "malformed", None)
    assert result.message == ("msg.bad_notation", {"text": "13-7 please"})
    assert "13-7 please" in render_message(result.say(), "en")


def test_pass_is_the_answer_when_nothing_can_move():
    lesson = load_lesson("closed-board")
    assert not lesson.task.plays
    for answer in ("pass", "", None, Move(())):
        assert lesson.check(answer).ok
    assert lesson.check("bar/20").reason is Reason.NO_LEGAL_MOVE
    assert load_lesson("bar").check("pass").reason is Reason.MUST_USE_BOTH_DICE


def test_a_choice_is_judged_by_the_engine_when_it_is_an_action():
    lesson = load_lesson("redouble")
    result = lesson.check("double")
    assert (result.kind, result.reason) == ("refused", Reason.NOT_CUBE_OWNER)
    assert result.message == ("reason.not_cube_owner", {"cube": 2, "owner": 1})
    assert lesson.check("roll").ok
    assert render_message(lesson.task.option("double").label_message(), "fr") == translator("fr")("button.double")


def test_a_choice_answer_must_be_one_of_the_options():
    lesson = load_lesson("cube")
    with pytest.raises(InvalidAnswerError, match="no option 'resign'"):
        lesson.check("resign")
    with pytest.raises(InvalidAnswerError):
        lesson.check(Move(()))
    with pytest.raises(InvalidAnswerError):
        load_lesson("bar").check(42)


def test_an_option_explains_itself_when_chosen_wrongly():
    lesson = load_lesson("cube")
    result = lesson.check("take")
    assert (result.kind, result.legal) == ("other", True)
    assert result.feedback == lesson.task.option("take").explain


# --- boards and the engine ------------------------------------------------------------------------

def test_the_opening_roll_is_played_by_the_engine():
    steps = load_lesson("opening-roll").steps
    openings = [step.board.opening for step in steps if step.board.opening is not None]
    assert [(o.variant, o.starter, o.dice) for o in openings] == [
        ("standard", LEARNER, (5, 3)), ("standard", None, None), ("both_dice", LEARNER, (6, 2))]


def test_a_board_becomes_a_real_match_in_that_state():
    crawford = load_lesson("crawford").task.board.match()
    assert (crawford.score, crawford.is_crawford_game, crawford.phase) == ((2, 4), True, Phase.ROLL_OR_DOUBLE)
    assert crawford.player_on_roll == LEARNER and crawford.config.length == 5
    post = load_lesson("post-crawford").task.board.match()
    assert (post.score, post.is_crawford_game, post.is_post_crawford) == ((4, 2), False, True)
    offered = load_lesson("cube").task.board.match()
    assert offered.phase is Phase.DOUBLED and offered.player_to_act == LEARNER
    assert offered.player_on_roll == OPPONENT and offered.offered_cube == 2
    moving = load_lesson("bar").task.board.match()
    assert moving.phase is Phase.MOVING and moving.dice == (6, 3)
    assert moving.position == load_lesson("bar").task.board.position
    clock = load_lesson("clock").task.board
    assert clock.clock_left() == (0.0, 0.0)
    assert clock.match().check_clock() == LEARNER


def test_an_impossible_match_state_is_refused_by_the_engine():
    board = Board(Position.start(), None, Context(match_length=5, score=(4, 4), crawford=True))
    with pytest.raises(GameError, match="cannot happen"):
        board.match()
    with pytest.raises(GameError, match="need a match length"):
        Board(Position.start(), None, Context(score=(1, 0))).match()
    with pytest.raises(GameError, match="jacoby, beavers: money play only"):
        Board(Position.start(), None, Context(match_length=5, jacoby=True, beavers=True)).match()


def test_view_fields_put_the_learner_at_the_bottom():
    board = load_lesson("cube").task.board
    fields = board.view_fields()
    assert fields["counts"] == (board.position.mine, board.position.theirs)
    assert (fields["bottom"], fields["cube_offered_by"], fields["dice"]) == (LEARNER, OPPONENT, ())
    fields = load_lesson("bar").task.board.view_fields()
    assert (fields["dice"], fields["dice_player"]) == ((6, 3), LEARNER)


def test_the_docs_example_is_a_valid_lesson():
    docs = pathlib.Path(__file__).resolve().parent.parent / "docs" / "lessons.md"
    text = docs.read_text(encoding="utf-8")
    start = text.index("```json\n") + len("```json\n")
    example = json.loads(text[start:text.index("```", start)])
    lesson = read_lesson(example, "docs/lessons.md")
    for item in example["task"]["wrong"]:
        assert lesson.check(item["answer"]).reason is reason_of(item["reason"])


# --- money play: the Jacoby rule, beavers, automatic doubles, resigning -----------------------------

MONEY_KEYS = {"jacoby": True, "beavers": True, "automatic_doubles": 1}


def choice_lesson(context, options, accept, position=None, wrong=None):
    """A small choice lesson: its task's ``context``, ``options`` (action names) and ``accept``."""
    text = {"fr": "Texte.", "en": "Text."}
    task = {"kind": "choice", "context": context, "prompt": text, "success": text, "retry": text,
            "options": [{"action": action} for action in options], "accept": accept,
            "wrong": wrong or [{"answer": options[-1], "reason": None}]}
    if position is not None:
        task["position"] = position
    return {"id": "money", "title": text, "steps": [{"text": text}], "task": task}


def test_money_play_options_are_read_into_the_context_and_the_engines_match():
    # Given a lesson whose context sets the three money play options
    data = copy.deepcopy(data_of("beaver"))
    data["context"].update(jacoby=True, automatic_doubles=2)
    # When it is read
    lesson = read_lesson(data, "teacher.json")
    # Then the boards carry them, as plain data too, and the engine's match plays under them
    context = lesson.task.board.context
    assert (context.jacoby, context.beavers, context.automatic_doubles) == (True, True, 2)
    assert {key: context.to_dict()[key] for key in MONEY_KEYS} == {
        "jacoby": True, "beavers": True, "automatic_doubles": 2}
    config = lesson.task.board.match().config
    assert (config.length, config.jacoby, config.beavers, config.automatic_doubles) == (0, True, True, 2)
    # and a lesson that says nothing plays without them
    default = load_lesson("cube").task.board.match().config
    assert (default.jacoby, default.beavers, default.automatic_doubles) == (False, False, 0)


@pytest.mark.parametrize("key", sorted(MONEY_KEYS))
def test_money_play_options_are_refused_in_a_match_naming_the_field(key):
    # Given a match context (5 points) that also sets a money play option
    data = copy.deepcopy(data_of("crawford"))
    data["context"][key] = MONEY_KEYS[key]
    # When it is read, Then the option's field is named: the engine plays it in money play only
    with pytest.raises(InvalidLessonError) as error:
        read_lesson(data, "teacher.json")
    assert error.value.field == f"context.{key}"
    assert "money play only (match_length 0)" in str(error.value)
    # And a step that turns a money context into a match is refused at that step
    data = copy.deepcopy(data_of("jacoby" if key == "jacoby" else "beaver"))
    data["context"][key] = MONEY_KEYS[key]
    data["steps"][0]["context"] = {"match_length": 5}
    with pytest.raises(InvalidLessonError) as error:
        read_lesson(data, "teacher.json")
    assert error.value.field.startswith("steps[0].context.")


@pytest.mark.parametrize("key, value, words", [
    ("jacoby", "yes", "true or false"), ("beavers", 1, "true or false"),
    ("automatic_doubles", 16, "0 to 15"), ("automatic_doubles", -1, "0 to 15"),
    ("automatic_doubles", True, "0 to 15"), ("resignation_offered", "all", "\"gammon\""),
])
def test_a_bad_money_option_value_is_refused_with_its_field(key, value, words):
    data = copy.deepcopy(data_of("beaver"))
    data["context"][key] = value
    with pytest.raises(InvalidLessonError) as error:
        read_lesson(data, "teacher.json")
    assert error.value.field == f"context.{key}" and words in str(error.value)


GAMMON = Position.from_counts({}, {6: 5, 5: 5, 4: 5})          # the learner has won a gammon
BACKGAMMON = Position.from_counts({}, {20: 1, 6: 5, 5: 5, 4: 4})


def points_the_match_scores(config, loser_checkers, cube_value, cube_owner):
    """Points a real Match gives player 0 for bearing off his last checker against ``loser_checkers``."""
    match = Match(config)
    match.setup(Position.from_counts({1: 1}, loser_checkers), 0, cube_value=cube_value,
                cube_owner=cube_owner, dice=(2, 1))
    match.play_text("1/off")
    return match.game.result.points


@pytest.mark.parametrize("board_position, loser, jacoby, length, cube_value, owner, expected", [
    (GAMMON, {6: 5, 5: 5, 4: 5}, True, 0, 1, None, 1),           # Jacoby, cube centred: single
    (BACKGAMMON, {20: 1, 6: 5, 5: 5, 4: 4}, True, 0, 1, None, 1),
    (GAMMON, {6: 5, 5: 5, 4: 5}, True, 0, 2, None, 2),           # an automatic double leaves it centred
    (GAMMON, {6: 5, 5: 5, 4: 5}, True, 0, 2, OPPONENT, 4),       # cube turned: the gammon counts
    (GAMMON, {6: 5, 5: 5, 4: 5}, False, 0, 1, None, 2),          # no Jacoby
    (BACKGAMMON, {20: 1, 6: 5, 5: 5, 4: 4}, True, 5, 1, None, 3),  # never in a match
])
def test_jacoby_a_result_scores_as_the_engine_scores_a_game_borne_off(
        board_position, loser, jacoby, length, cube_value, owner, expected):
    # Given a finished board with the Jacoby rule or not, the cube centred or turned
    board = Board(board_position, None, Context(match_length=length, jacoby=jacoby,
                                                cube_value=cube_value, cube_owner=owner))
    # When the lesson engine scores it, Then it gives what a real match gives for that very finish
    config = MatchConfig(length=length, jacoby=jacoby)
    assert board.result_points() == (LEARNER, expected)
    assert points_the_match_scores(config, loser, cube_value, owner) == expected


def test_jacoby_a_gammon_with_the_cube_centred_is_the_right_answer_of_one_point():
    lesson = load_lesson("jacoby")
    assert lesson.task.engine == "result" and lesson.task.engine_answer == "1"
    assert lesson.check("1").ok and lesson.check("2").kind == "other"
    # without the rule the engine's answer becomes 2: the file's "1" is refused
    data = copy.deepcopy(data_of("jacoby"))
    data["task"]["context"]["jacoby"] = False
    with pytest.raises(InvalidLessonError, match="the engine's answer is '2'"):
        read_lesson(data, "teacher.json")


def test_every_lesson_action_has_a_button_label_in_both_catalogues():
    for action in ACTIONS:
        for language in LANGUAGES:
            assert translator(language).has(f"button.{action}"), (action, language)


def test_beaver_is_judged_by_the_engine_money_play_with_beavers_only():
    # Given the opponent's double, beavers allowed: the learner beavers
    board = load_lesson("beaver").task.board
    match = board.match()
    perform(match, "beaver")
    # Then the cube is turned to 2 on the learner's side, the doubler must answer 4
    assert (match.phase, match.cube_value, match.cube_owner) == (Phase.DOUBLED, 2, LEARNER)
    assert match.offered_cube == 4 and match.player_to_act == OPPONENT
    match.take()
    assert (match.cube_value, match.cube_owner) == (4, LEARNER)
    # And the engine refuses it without beavers, in a match and with no double offered
    refused = {
        "no beavers": {"double_offered": True},
        "match": {"double_offered": True, "match_length": 5},
        "no double": {"beavers": True},
    }
    reasons = {name: read_lesson(_beaver_lesson(context), "teacher.json").check("beaver").reason
               for name, context in refused.items()}
    assert reasons == {"no beavers": Reason.BEAVER_NOT_ALLOWED, "match": Reason.BEAVER_NOT_ALLOWED,
                       "no double": Reason.NO_DOUBLE_OFFERED}


def _beaver_lesson(context):
    """A lesson asking for a take (or a roll) where ``beaver`` is an option the engine may refuse."""
    answer = "take" if context.get("double_offered") else "roll"
    data = choice_lesson(context, [answer, "beaver"], [answer])
    data["task"]["wrong"] = [{"answer": "beaver", "reason": "no_double_offered" if answer == "roll"
                              else "beaver_not_allowed"}]
    return data


@pytest.mark.parametrize("action, kind", [("resign_single", 1), ("resign_gammon", 2), ("resign_backgammon", 3)])
def test_resigning_is_an_offer_the_engine_records_and_the_opponent_must_answer(action, kind):
    # Given the learner on roll in the resign lesson
    match = load_lesson("resign").task.board.match()
    # When the learner offers to resign
    perform(match, action)
    # Then the engine holds the offer, and the opponent is to accept or reject it
    assert match.phase is Phase.RESIGNATION_OFFERED and match.resignation == (LEARNER, kind)
    assert match.player_to_act == OPPONENT
    match.accept_resignation()
    assert (match.game.result.winner, match.game.result.points) == (OPPONENT, kind)


def test_resigning_is_refused_while_a_double_waits_for_an_answer():
    data = choice_lesson({"double_offered": True}, ["drop", "resign_single"], ["drop"],
                         wrong=[{"answer": "resign_single", "reason": "double_pending"}])
    lesson = read_lesson(data, "teacher.json")
    assert lesson.check("resign_single").reason is Reason.DOUBLE_PENDING
    assert lesson.check("drop").ok


def test_an_opponents_resignation_is_accepted_or_rejected_through_the_engine():
    # Given the opponent's offer to resign a gammon, the cube on 2 on the learner's side
    position = {"mine": {"1": 2}, "theirs": {"12": 5, "10": 5, "8": 5}}
    context = {"resignation_offered": "gammon", "cube_value": 2, "cube_owner": "mine"}
    data = choice_lesson(context, ["reject_resign", "accept_resign", "roll"], ["accept_resign"],
                         position=position, wrong=[{"answer": "roll", "reason": "resignation_pending"},
                                                   {"answer": "reject_resign", "reason": None}])
    lesson = read_lesson(data, "teacher.json")
    # When the learner answers, Then accepting ends the game for 2 × 2 points, rejecting plays on
    assert lesson.check("accept_resign").ok and lesson.check("roll").reason is Reason.RESIGNATION_PENDING
    board = lesson.task.board
    assert board.context.resignation_offered == 2
    assert board.context.to_dict()["resignation_offered"] == 2
    accepted, rejected = board.match(), board.match()
    perform(accepted, "accept_resign")
    assert (accepted.game.result.winner, accepted.game.result.points) == (LEARNER, 4)
    perform(rejected, "reject_resign")
    assert rejected.phase is Phase.ROLL_OR_DOUBLE and rejected.player_on_roll == OPPONENT
    # And with no offer made the engine refuses both answers
    lesson = read_lesson(choice_lesson({}, ["roll", "accept_resign"], ["roll"],
                                       wrong=[{"answer": "accept_resign",
                                               "reason": "no_resignation_offered"}]), "teacher.json")
    assert lesson.check("accept_resign").reason is Reason.NO_RESIGNATION_OFFERED


@pytest.mark.parametrize("context, words", [
    ({"resignation_offered": "single", "double_offered": True}, "double and offer to resign"),
    ({"resignation_offered": "single"}, "no dice then"),
])
def test_an_impossible_resignation_offer_is_refused(context, words):
    data = choice_lesson(context, ["accept_resign", "reject_resign"], ["accept_resign"])
    if "double_offered" not in context:
        data["task"]["dice"] = [3, 1]
    with pytest.raises(InvalidLessonError, match=words) as error:
        read_lesson(data, "teacher.json")
    assert error.value.field == "task.context"


def test_resign_the_engine_says_what_a_certain_gammon_costs():
    # Given the lesson's race: nothing can come off in one roll, nothing is in the opponent's home board
    lesson = load_lesson("resign")
    board = lesson.task.board
    # Then the engine settles a gammon, and the task's answer is the offer of a gammon
    assert board.settled_loss() == 2 and lesson.task.engine_answer == "resign_gammon"
    assert lesson.check("resign_gammon").ok
    for wrong in ("resign_single", "resign_backgammon"):
        result = lesson.check(wrong)
        assert (result.kind, result.reason) == ("other", None)
        assert result.feedback == lesson.task.option(wrong).explain
    # And the app's bot, judging the offers on its own, agrees
    bot = Bot()
    assert bot.resignation_offer(board.position) == 2
    assert [bot.resignation_decision(board.position, kind) for kind in (1, 2)] == ["reject", "accept"]


def test_resign_with_jacoby_and_a_centred_cube_a_single_game_is_enough():
    data = copy.deepcopy(data_of("resign"))
    data["context"] = {"jacoby": True}
    with pytest.raises(InvalidLessonError, match="the engine's answer is 'resign_single'"):
        read_lesson(data, "teacher.json")
    data["task"]["accept"] = ["resign_single"]
    data["task"]["wrong"] = [{"answer": "resign_gammon", "reason": None}]
    assert read_lesson(data, "teacher.json").check("resign_single").ok


@pytest.mark.parametrize("mine", [
    {"6": 15},                                   # 1-1 takes nothing off, other rolls do
    {"6": 4, "5": 4, "4": 3, "12": 3, "23": 1},  # contact: nothing is settled
    {"2": 1},                                    # the learner may still win
])
def test_resign_is_refused_when_the_loss_is_not_settled(mine):
    data = copy.deepcopy(data_of("resign"))
    data["task"]["position"] = {"mine": mine, "theirs": {"1": 2}}
    with pytest.raises(InvalidLessonError, match="not settled") as error:
        read_lesson(data, "teacher.json")
    assert error.value.field == "task.engine"


def test_resign_after_the_roll_the_dice_decide():
    # all home but the 1-1 roll: then nothing comes off, the gammon is settled
    board = Board(Position.from_counts({6: 15}, {1: 2}), (1, 1))
    assert board.settled_loss() == 2
    assert Board(Position.from_counts({6: 15}, {1: 2}), (6, 5)).settled_loss() == 1


def test_beaver_the_lesson_is_right_by_the_apps_bot_too():
    # the opponent doubles 20 pips behind: seen from the doubler, the bot's answer is a beaver
    board = load_lesson("beaver").task.board
    assert board.context.double_offered and board.context.beavers
    assert Bot().take_decision(board.position.swapped(), CubeContext(beavers=True)) == "beaver"
    lesson = load_lesson("beaver")
    assert lesson.check("beaver").ok
    assert lesson.check("double").reason is Reason.DOUBLE_PENDING


def test_automatic_doubles_the_engine_turns_the_cube_on_a_tie_up_to_the_limit():
    # Given the lesson's opening steps: a tie, a second tie (limit 1), the same with limit 2, then 5-3
    steps = load_lesson("automatic-doubles").steps
    openings = [(step.board.opening, step.board.context) for step in steps if step.board.opening]
    # Then the engine turns the cube on the first tie only, or on both with a limit of 2
    assert [(o.starter, o.cube_value, c.cube_value, c.automatic_doubles) for o, c in openings] == [
        (None, 2, 2, 1), (None, 2, 2, 1), (None, 4, 4, 2), (LEARNER, 2, 2, 1)]
    assert openings[-1][0].dice == (5, 3)
    # And a real money session with the same throws does the same
    match = Match(MatchConfig(length=0, automatic_doubles=1), ManualDice([4, 4, 2, 2, 5, 3]))
    match.roll()
    assert (match.cube_value, match.cube_owner, match.dice) == (2, None, (5, 3))
    # And without automatic doubles a tie changes nothing
    assert opening_roll((4,), (4,)).cube_value == 1
    assert opening_roll((4,), (4,), Context(automatic_doubles=3, cube=False)).cube_value == 1


def test_automatic_doubles_the_cube_turned_at_the_opening_multiplies_the_gammon():
    lesson = load_lesson("automatic-doubles")
    assert lesson.task.board.context.cube_value == 2 and lesson.task.board.context.cube_owner is None
    assert lesson.task.engine_answer == "4" and lesson.check("4").ok
    assert lesson.check("2").feedback == lesson.task.option("2").explain

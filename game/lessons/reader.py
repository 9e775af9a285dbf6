"""Reading a lesson file: JSON in, a checked :class:`game.lessons.model.Lesson` out.

Everything a teacher writes is checked here, with the engine: each position
is a possible one, each demo move and each accepted answer is legal with its
dice, each declared wrong answer gets the reason declared, each match
context is a state a real match can reach.  The first problem raises
:class:`game.lessons.errors.InvalidLessonError` naming the file and the field.

>>> lesson = read_lesson({
...     "id": "tiny", "title": {"fr": "Petit", "en": "Tiny"},
...     "steps": [{"text": {"fr": "Le départ.", "en": "The start."}, "dice": [3, 1], "demo": "8/5 6/5"}],
...     "task": {"kind": "move", "dice": [3, 1], "accept": ["8/5 6/5"],
...              "prompt": {"fr": "Jouez 3-1.", "en": "Play 3-1."},
...              "success": {"fr": "Oui.", "en": "Yes."}, "retry": {"fr": "Non.", "en": "No."},
...              "wrong": [{"answer": "13/8", "reason": "no_such_die"}]}}, "tiny.json")
>>> str(lesson.steps[0].demo), lesson.check("6/5 8/5").ok
('8/5 6/5', True)
>>> read_lesson({"id": "tiny"}, "tiny.json")
Traceback (most recent call last):
...
game.lessons.errors.InvalidLessonError: lesson file tiny.json, field title: missing
"""

import json
import re
from dataclasses import replace

from ..cube import RESULT_NAMES
from ..errors import GameError
from ..move import BAR, OFF, Move
from ..position import Position, check_dice
from ..reasons import Reason
from .board import LEARNER, OPPONENT, Board, Context, opening_roll, perform
from .errors import InvalidLessonError
from .model import (ACCEPT_ANY, ACTIONS, ENGINE_ANSWERS, LANGUAGES, PASS, Lesson, Option, Step,
                    Task, WrongAnswer, _pass_play)

__all__ = ["read_lesson", "read_heading", "parse_json", "parse_lesson_text", "ID_PATTERN"]

#: what a lesson id looks like: lower-case letters, digits and dashes
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")

_MISSING = object()

_LESSON_KEYS = {"id", "title", "summary", "topics", "position", "dice", "context", "steps", "task"}
_STEP_KEYS = {"text", "position", "dice", "context", "demo", "highlight", "opening"}
_TASK_KEYS = {"kind", "prompt", "position", "dice", "context", "highlight", "accept", "accept_any",
              "options", "engine", "success", "retry", "hints", "wrong"}
_CONTEXT_KEYS = {"match_length", "score", "crawford", "post_crawford", "cube", "cube_value",
                 "cube_owner", "double_offered", "resignation_offered", "clock", "jacoby", "beavers",
                 "automatic_doubles"}
#: the money play options of a context (refused in a match)
_MONEY_KEYS = ("jacoby", "beavers", "automatic_doubles")
#: what the opponent may offer to resign
_RESIGNATIONS = {None: None, "single": 1, "gammon": 2, "backgammon": 3}
_OWNERS = {None: None, "mine": LEARNER, "theirs": OPPONENT}


class _Reader:
    """Walks one lesson's data, keeping the file name for the errors."""

    def __init__(self, file):
        self.file = file

    def fail(self, field, problem):
        raise InvalidLessonError(self.file, field, problem)

    # --- plain values ---------------------------------------------------------------
    def mapping(self, value, field, keys=None, required=()):
        if not isinstance(value, dict):
            self.fail(field, f"an object {{...}} expected, got {value!r:.60}")
        if keys is not None:
            unknown = sorted(set(value) - keys, key=str)
            if unknown:
                self.fail(field, f"unknown key {unknown[0]!r} (known: {', '.join(sorted(keys))})")
        for key in required:
            if key not in value:
                self.fail(_join(field, key), "missing")
        return value

    def text(self, value, field):
        """A text in every language: ``{"fr": "...", "en": "..."}``."""
        if value is _MISSING:
            self.fail(field, "missing")
        self.mapping(value, field)
        for language in LANGUAGES:
            if language not in value:
                self.fail(f"{field}.{language}", "missing: every text needs French and English")
        for language, words in value.items():
            if not isinstance(language, str) or not re.fullmatch(r"[a-z]{2}", language):
                self.fail(field, f"{language!r} is not a language code like 'fr'")
            if not isinstance(words, str) or not words.strip():
                self.fail(f"{field}.{language}", "a non-empty text expected")
        return dict(value)

    def boolean(self, value, field):
        if not isinstance(value, bool):
            self.fail(field, f"true or false expected, got {value!r}")
        return value

    def integer(self, value, field, low, high):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(field, f"a whole number from {low} to {high} expected, got {value!r}")
        return value

    def seconds(self, value, field, positive):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value \
                or value < 0 or (positive and value == 0) or value > 86400:
            self.fail(field, f"a number of seconds{' > 0' if positive else ''} expected, got {value!r}")
        return value

    def point(self, value, field):
        if value == "bar":
            return BAR
        if value == "off":
            return OFF
        return self.integer(value, field, 1, 24)

    # --- game values ------------------------------------------------------------------
    def position(self, value, field):
        try:
            if value == "start":
                return Position.start()
            if isinstance(value, str):
                return Position.from_position_id(value)
            self.mapping(value, field, {"mine", "theirs"}, ("mine", "theirs"))
            sides = []
            for name in ("mine", "theirs"):
                counts = self.mapping(value[name], f"{field}.{name}")
                side = {}
                for point, count in counts.items():
                    where = f"{field}.{name}.{point}"
                    if point == "bar":
                        key = "bar"
                    elif re.fullmatch(r"\d{1,2}", point) and 1 <= int(point) <= 24:
                        key = int(point)
                    else:
                        self.fail(where, "a point is 1 to 24 or \"bar\"")
                    side[key] = self.integer(count, where, 0, 15)
                sides.append(side)
            return Position.from_counts(*sides)
        except InvalidLessonError:
            raise
        except GameError as error:
            self.fail(field, f"not a possible position: {error}")

    def dice(self, value, field):
        if value is None:
            return None
        try:
            return check_dice(tuple(value) if isinstance(value, list) else value)
        except GameError:
            self.fail(field, f"two dice from 1 to 6 expected, like [6, 4], got {value!r}")

    def context(self, value, field, base):
        self.mapping(value, field, _CONTEXT_KEYS)
        values = base.to_dict()
        values.pop("elapsed")
        values["cube_owner"] = {LEARNER: "mine", OPPONENT: "theirs"}.get(base.cube_owner)
        values["resignation_offered"] = {1: "single", 2: "gammon", 3: "backgammon"}.get(
            base.resignation_offered)
        values["clock"] = None if base.clock is None else {
            "per_move": base.clock[0], "reserve": base.clock[1], "elapsed": base.elapsed}
        values.update(value)
        where = lambda key: _join(field, key)  # noqa: E731
        length = self.integer(values["match_length"], where("match_length"), 0, 25)
        score = values["score"]
        if not isinstance(score, list) or len(score) != 2:
            self.fail(where("score"), f"[learner's points, opponent's points] expected, got {score!r}")
        score = tuple(self.integer(points, where("score"), 0, max(length - 1, 0)) for points in score)
        cube_value = values["cube_value"]
        if isinstance(cube_value, bool) or cube_value not in (1, 2, 4, 8, 16, 32, 64):
            self.fail(where("cube_value"), f"1, 2, 4, 8, 16, 32 or 64 expected, got {cube_value!r}")
        owner = values["cube_owner"]
        if not (owner is None or isinstance(owner, str)) or owner not in _OWNERS:
            self.fail(where("cube_owner"), f"null (centred), \"mine\" or \"theirs\" expected, got {owner!r}")
        owner = _OWNERS[owner]
        resignation = values["resignation_offered"]
        if not (resignation is None or isinstance(resignation, str)) or resignation not in _RESIGNATIONS:
            self.fail(where("resignation_offered"), f"null, \"single\", \"gammon\" or \"backgammon\" "
                      f"expected, got {resignation!r}")
        jacoby = self.boolean(values["jacoby"], where("jacoby"))
        beavers = self.boolean(values["beavers"], where("beavers"))
        automatic = self.integer(values["automatic_doubles"], where("automatic_doubles"), 0, 15)
        if length:
            for key in _MONEY_KEYS:
                if values[key]:
                    self.fail(where(key), f"money play only (match_length 0): the engine does not "
                              f"play {key} in a {length}-point match")
        clock, elapsed = None, 0.0
        if values["clock"] is not None:
            raw = self.mapping(values["clock"], where("clock"), {"per_move", "reserve", "elapsed"},
                               ("per_move", "reserve"))
            clock = (self.seconds(raw["per_move"], where("clock.per_move"), True),
                     self.seconds(raw["reserve"], where("clock.reserve"), False))
            elapsed = self.seconds(raw.get("elapsed", 0), where("clock.elapsed"), False)
        return Context(
            match_length=length, score=score,
            crawford=self.boolean(values["crawford"], where("crawford")),
            post_crawford=self.boolean(values["post_crawford"], where("post_crawford")),
            cube=self.boolean(values["cube"], where("cube")), cube_value=cube_value, cube_owner=owner,
            double_offered=self.boolean(values["double_offered"], where("double_offered")),
            resignation_offered=_RESIGNATIONS[resignation],
            clock=clock, elapsed=elapsed, jacoby=jacoby, beavers=beavers, automatic_doubles=automatic)

    def highlight(self, value, field):
        if not isinstance(value, list):
            self.fail(field, f"a list of points expected, like [6, 8, \"bar\"], got {value!r}")
        return tuple(self.point(point, f"{field}[{i}]") for i, point in enumerate(value))

    def opening(self, value, field, context):
        self.mapping(value, field, {"mine", "theirs"}, ("mine", "theirs"))
        throws = []
        for name in ("mine", "theirs"):
            throw = value[name]
            throw = [throw] if not isinstance(throw, list) else throw
            if len(throw) not in (1, 2):
                self.fail(f"{field}.{name}", "one die (standard opening) or two dice (variant) expected")
            throws.append(tuple(self.integer(die, f"{field}.{name}", 1, 6) for die in throw))
        if len(throws[0]) != len(throws[1]):
            self.fail(field, "both players throw the same number of dice")
        return opening_roll(*throws, context)

    def board_match(self, board, field):
        """The engine's match for ``board``: the context must be a state a match can reach."""
        try:
            return board.match()
        except GameError as error:
            self.fail(field, f"the engine cannot set this up: {error}")

    def move(self, board, text, field):
        """The legal play ``text`` on ``board`` (``"pass"`` when nothing can move)."""
        if not isinstance(text, str):
            self.fail(field, f"move notation expected, like \"13/7 8/7\", got {text!r}")
        if board.dice is None:
            self.fail(field, "a move needs dice: give \"dice\"")
        plays = board.position.legal_moves(board.dice)
        if text.strip().lower() == PASS:
            if plays:
                self.fail(field, f"\"pass\" is not legal: {len(plays)} plays are possible, "
                          f"like {plays[0]}")
            return _pass_play(board.position, board.dice)
        try:
            play = board.position.parse_move(text, board.dice)
        except GameError as error:
            reason = getattr(error, "reason", None)
            why = f" ({reason.value})" if reason is not None else ""
            self.fail(field, f"{text!r} is not a legal play with {board.dice[0]}-{board.dice[1]} in "
                      f"{board.position.position_id()}{why}: {error}")
        hit = {step.target for step in play if step.hit}
        for point in re.findall(r"(\d{1,2})\*", text):
            if int(point) not in hit:
                self.fail(field, f"{text!r} marks a hit on {point} (*), but no blot is hit there")
        return play

    def reason(self, value, field):
        if value is None:
            return None
        try:
            return Reason(value)
        except ValueError:
            self.fail(field, f"{value!r} is not a reason code (one of game.reasons.Reason, "
                      f"like \"must_enter_first\"), nor null")

    # --- the lesson ---------------------------------------------------------------------
    def lesson(self, data):
        lesson_id, title, summary = read_heading(data, self.file)
        topics = data.get("topics", [])
        if not isinstance(topics, list) or not all(isinstance(t, str) and t for t in topics):
            self.fail("topics", f"a list of words expected, got {topics!r}")
        position = self.position(data.get("position", "start"), "position")
        dice = self.dice(data.get("dice"), "dice")
        context = self.context(data.get("context", {}), "context", Context())
        start = Board(position, dice, context)
        steps = self.steps(data.get("steps", _MISSING), start)
        task = self.task(data.get("task", _MISSING), start)
        return Lesson(lesson_id, title, steps, task, summary, tuple(topics), self.file)

    def steps(self, value, start):
        if value is _MISSING:
            self.fail("steps", "missing")
        if not isinstance(value, list) or not value:
            self.fail("steps", "a list of at least one step expected")
        steps = []
        position, dice, context = start.position, start.dice, start.context
        for index, raw in enumerate(value):
            field = f"steps[{index}]"
            self.mapping(raw, field, _STEP_KEYS)
            text = self.text(raw.get("text", _MISSING), f"{field}.text")
            if "position" in raw:
                position = self.position(raw["position"], f"{field}.position")
            if "dice" in raw:
                dice = self.dice(raw["dice"], f"{field}.dice")
            if "context" in raw:
                context = self.context(raw["context"], f"{field}.context", context)
            highlight = self.highlight(raw.get("highlight", []), f"{field}.highlight")
            opening = None
            if "opening" in raw:
                opening = self.opening(raw["opening"], f"{field}.opening", context)
                # a tie may turn the cube (automatic doubles): this step and the next show it
                context = replace(context, cube_value=opening.cube_value)
            board = Board(position, dice, context, highlight, opening)
            if position.winner() is None:
                self.board_match(board, f"{field}.context")
            demo = after = None
            if "demo" in raw:
                demo = self.move(board, raw["demo"], f"{field}.demo")
                after = demo._after.swapped()
                position, dice = after, None      # the next step goes on from here
            steps.append(Step(text, board, demo, after))
        return tuple(steps)

    def task(self, value, start):
        if value is _MISSING:
            self.fail("task", "missing")
        self.mapping(value, "task", _TASK_KEYS, ("kind", "prompt", "success", "retry", "wrong"))
        kind = value["kind"]
        if kind not in ("move", "choice"):
            self.fail("task.kind", f"\"move\" or \"choice\" expected, got {kind!r}")
        position = self.position(value.get("position"), "task.position") if "position" in value \
            else start.position
        dice = self.dice(value.get("dice"), "task.dice") if "dice" in value else start.dice
        context = self.context(value.get("context", {}), "task.context", start.context)
        highlight = self.highlight(value.get("highlight", []), "task.highlight")
        board = Board(position, dice, context, highlight)
        texts = {name: self.text(value[name], f"task.{name}") for name in ("prompt", "success", "retry")}
        hints = self.mapping(value.get("hints", {}), "task.hints")
        hints = {self.reason(code, f"task.hints.{code}"): self.text(hint, f"task.hints.{code}")
                 for code, hint in hints.items()}
        if None in hints:
            self.fail("task.hints", "a hint belongs to a reason code, not null")
        if kind == "move":
            task = self.move_task(value, board, texts, hints)
        else:
            task = self.choice_task(value, board, texts, hints)
        return self.check_wrong(value["wrong"], task)

    def move_task(self, value, board, texts, hints):
        for key in ("options", "engine"):
            if key in value:
                self.fail(f"task.{key}", "only for a choice task")
        if board.dice is None:
            self.fail("task.dice", "a move task needs dice")
        if board.finished:
            self.fail("task.position", "the game is over in this position")
        self.board_match(board, "task.context")
        accept = value.get("accept", [])
        if not isinstance(accept, list):
            self.fail("task.accept", "a list of plays expected")
        plays = tuple(self.move(board, text, f"task.accept[{i}]") for i, text in enumerate(accept))
        accept_any = value.get("accept_any")
        if accept_any is not None:
            if accept_any not in ACCEPT_ANY:
                self.fail("task.accept_any", f"one of {', '.join(ACCEPT_ANY)} expected, got {accept_any!r}")
            if not any(ACCEPT_ANY[accept_any](play) for play in board.position.legal_moves(board.dice)):
                self.fail("task.accept_any", f"no legal play {accept_any.replace('_', ' ')}")
        if not plays and accept_any is None:
            self.fail("task.accept", "give the accepted plays (\"accept\") or \"accept_any\"")
        return Task("move", texts["prompt"], board, texts["success"], texts["retry"],
                    accept=plays, accept_any=accept_any, hints=hints,
                    accept_texts=tuple(text.strip() for text in accept))

    def choice_task(self, value, board, texts, hints):
        if "accept_any" in value:
            self.fail("task.accept_any", "only for a move task")
        raw_options = value.get("options", _MISSING)
        if raw_options is _MISSING:
            self.fail("task.options", "missing")
        if not isinstance(raw_options, list) or len(raw_options) < 2:
            self.fail("task.options", "a list of at least two options expected")
        options = []
        for index, raw in enumerate(raw_options):
            field = f"task.options[{index}]"
            self.mapping(raw, field, {"id", "text", "action", "explain"})
            action = raw.get("action")
            if action is not None and action not in ACTIONS:
                self.fail(f"{field}.action", f"one of {', '.join(ACTIONS)} expected, got {action!r}")
            option_id = raw.get("id", action)
            if not isinstance(option_id, str) or not option_id:
                self.fail(f"{field}.id", "missing: an option needs an id (or an action)")
            text = self.text(raw["text"], f"{field}.text") if "text" in raw else None
            if text is None and action is None:
                self.fail(f"{field}.text", "missing: an option without an action needs a text")
            explain = self.text(raw["explain"], f"{field}.explain") if "explain" in raw else None
            options.append(Option(option_id, text, action, explain))
        ids = [option.id for option in options]
        if len(set(ids)) != len(ids):
            self.fail("task.options", f"two options have the same id: {ids}")
        accept = value.get("accept", _MISSING)
        if accept is _MISSING:
            self.fail("task.accept", "missing")
        if not isinstance(accept, list) or not accept:
            self.fail("task.accept", "a list of option ids expected")
        for index, option_id in enumerate(accept):
            if option_id not in ids:
                self.fail(f"task.accept[{index}]", f"no option {option_id!r} (options: {ids})")
        engine = value.get("engine")
        if engine is not None and engine not in ENGINE_ANSWERS:
            self.fail("task.engine", f"one of {', '.join(ENGINE_ANSWERS)} or null expected, got {engine!r}")
        refusals, engine_answer = self.judge_options(board, options, engine)
        for index, option_id in enumerate(accept):
            if option_id in refusals:
                self.fail(f"task.accept[{index}]", f"the engine refuses {option_id!r} here: "
                          f"{refusals[option_id][0].value}")
        if engine_answer is not None:
            if engine_answer not in ids:
                self.fail("task.options", f"the engine's answer is {engine_answer!r}, which no option has")
            if accept != [engine_answer]:
                self.fail("task.accept", f"the engine's answer is {engine_answer!r}, not {accept}")
        return Task("choice", texts["prompt"], board, texts["success"], texts["retry"],
                    accept=tuple(accept), options=tuple(options), engine=engine,
                    engine_answer=engine_answer, hints=hints, refusals=refusals)

    def judge_options(self, board, options, engine):
        """The engine's refusal of each action option, and the engine's answer (``engine``)."""
        refusals = {}
        answer = None
        if board.finished:
            if any(option.action for option in options):
                self.fail("task.options", "the game is over in this position: no action is possible")
        else:
            self.board_match(board, "task.context")
            for option in options:
                if option.action is None:
                    continue
                match = self.board_match(board, "task.context")
                try:
                    perform(match, option.action)
                except GameError as error:
                    refusals[option.id] = (error.reason, dict(error.details))
        if engine == "result":
            if not board.finished:
                self.fail("task.engine", "\"result\" needs a finished game: one side has no checker left")
            answer = str(board.result_points()[1])
        elif engine == "resign":
            if board.finished:
                self.fail("task.engine", "\"resign\" needs a game in play")
            kind = board.resignation_due()
            if kind is None:
                self.fail("task.engine", "\"resign\" needs a race the learner has lost for sure, "
                          "single, gammon or backgammon whatever the dice: here it is not settled")
            answer = f"resign_{RESULT_NAMES[kind]}"
        elif engine == "time_out":
            if board.context.clock is None or board.finished:
                self.fail("task.engine", "\"time_out\" needs a game in play with a clock")
            match = self.board_match(board, "task.context")
            if match.check_clock() is None:
                self.fail("task.context.clock.elapsed", "the learner's time has not run out")
            answer = str(match.game.result.points)
        return refusals, answer

    def check_wrong(self, value, task):
        if not isinstance(value, list) or not value:
            self.fail("task.wrong", "a list of at least one wrong answer expected")
        wrong = []
        for index, raw in enumerate(value):
            field = f"task.wrong[{index}]"
            self.mapping(raw, field, {"answer", "reason"}, ("answer", "reason"))
            answer = raw["answer"]
            if not isinstance(answer, str):
                self.fail(f"{field}.answer", f"move text or an option id expected, got {answer!r}")
            reason = self.reason(raw["reason"], f"{field}.reason")
            try:
                result = task.check(answer)
            except GameError as error:
                self.fail(f"{field}.answer", str(error))
            if result.ok:
                self.fail(f"{field}.answer", f"{answer!r} is accepted by the task")
            if result.kind == "malformed":
                self.fail(f"{field}.answer", f"{answer!r} cannot be read as a move")
            if result.reason is not reason:
                got = "legal (null)" if result.reason is None else repr(result.reason.value)
                self.fail(f"{field}.reason", f"the engine answers {got} for {answer!r}")
            wrong.append(WrongAnswer(answer, reason))
        return replace(task, wrong=tuple(wrong))


def _join(field, key):
    return f"{field}.{key}" if field else key


def read_lesson(data, file="<lesson>"):
    """Check lesson ``data`` (the parsed JSON) and build its :class:`Lesson`."""
    return _Reader(file).lesson(data)


def read_heading(data, file="<lesson>"):
    """Only the ``(id, title, summary)`` of lesson ``data``, checked: what a list of lessons shows."""
    reader = _Reader(file)
    reader.mapping(data, "", _LESSON_KEYS)
    lesson_id = data.get("id", _MISSING)
    if lesson_id is _MISSING:
        reader.fail("id", "missing")
    if not isinstance(lesson_id, str) or not ID_PATTERN.match(lesson_id):
        reader.fail("id", f"lower-case letters, digits and dashes expected, got {lesson_id!r}")
    title = reader.text(data.get("title", _MISSING), "title")
    summary = reader.text(data["summary"], "summary") if "summary" in data else None
    return lesson_id, title, summary


def parse_json(text, file="<lesson>"):
    """The data of a lesson file's JSON text (raises :class:`InvalidLessonError`)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidLessonError(file, "", f"not valid JSON: {error.msg} at line {error.lineno}, "
                                 f"column {error.colno}") from None


def parse_lesson_text(text, file="<lesson>"):
    """Read the JSON text of a lesson file (see :func:`read_lesson`)."""
    return read_lesson(parse_json(text, file), file)

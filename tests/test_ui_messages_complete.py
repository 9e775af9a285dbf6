"""Every message the app can say reads right in both languages.

Three sweeps, each derived from the code rather than from a list kept by hand:

* the engine's refusals: typed moves and single steps over many positions and
  rolls, and every match action in every phase of real games, each refusal
  turned into a message by :func:`game.reasons.refusal_message` and said in
  English and French through :mod:`game.app.text.messages`;
* every message written literally in ``game/app`` and ``game/lessons``
  (``("msg.x", {...})``): the parameters given fill every slot of its text;
* every key of the catalogues, said with parameters of the kind its slots name.

A text fails when it shows ``?`` for a missing parameter, ``None``, a slot left
as ``{x}`` or ``{}``, or when French is English left untranslated.
"""

import ast
import copy
import pathlib
import random
import re
import string

import pytest

from game.dice import SeededDice
from game.errors import GameError, IllegalActionError, IllegalMoveError
from game.match import ACTIONS, Match, MatchConfig, Phase
from game.position import Position
from game.reasons import Reason, refusal_message
from game.turn import Turn
from game.app.text.i18n import load_catalogue, translator
from game.app.text.messages import JOIN, text

ROOT = pathlib.Path(__file__).resolve().parent.parent
LANGS = ("en", "fr")
EN, FR = load_catalogue("en").messages, load_catalogue("fr").messages

#: keys whose French is rightly the same as the English (names, numbers, words French players use)
SAME_IN_BOTH = {
    "app.title", "button.beaver", "setup.length", "setup.beavers", "level.expert", "board.crawford",
    "panel.pips", "panel.score", "panel.clock", "a11y.owned", "label.xgid", "hint.row_chances",
    "rating.expert", "review.option_beaver", "count.points", "button.resign_gammon",
    "button.resign_backgammon", "a11y.dice_double", "lesson.text", "button.export_svg", "button.export_png",
    "drills.csv.score", "drills.csv.question",
    "hint.diff_match", "board.pips",
}


def slots(template):
    """The placeholder names of a text (or of each plural form)."""
    texts = template if isinstance(template, tuple) else (template,)
    return {name for t in texts for _, name, _, _ in string.Formatter().parse(t) if name is not None}


def _literal(template):
    """The words of a text without its slots (every plural form)."""
    texts = template if isinstance(template, tuple) else (template,)
    return " ".join(lit for t in texts for lit, *_ in string.Formatter().parse(t))


def assert_clean(said, template_key, lang, extra_questions=0):
    """``said`` (the text of a message whose own text is ``template_key``'s) shows no gap."""
    catalogue = EN if lang == "en" else FR
    template = catalogue.get(template_key, template_key)
    assert said.count("None") <= _literal(template).count("None"), (lang, template_key, said)
    assert not re.search(r"\{[a-z0-9_]*\}", said), (lang, template_key, said)
    assert said.count("?") <= _literal(template).count("?") + extra_questions, (lang, template_key, said)
    assert said.strip(), (lang, template_key)


def say_both(message):
    return {lang: text(message, translator(lang)) for lang in LANGS}


# --- 1. the engine's refusals ------------------------------------------------------------------
DICE = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
TYPED = [f"{s}/{t}" for s in ["bar", *range(1, 25)] for t in ["off", *range(1, 25)]]


def _positions():
    """Fixed positions for the rules' corners, and positions of seeded random games."""
    found = [
        Position.start(),
        Position.from_counts({25: 1, 6: 14}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 13: 5}),      # a closed entry
        Position.from_counts({5: 1, 2: 2}, {24: 1, 25: 1, 6: 5, 5: 4, 4: 3}),             # bear-off, contact
        Position.from_counts({25: 2, 13: 13}, {1: 2, 3: 2, 13: 11}),
        Position.from_counts({6: 5, 5: 5, 4: 5}, {6: 15}),
        Position.from_counts({24: 1, 1: 14}, {12: 2, 20: 13}),        # 6-5: either die, not both
    ]
    rng = random.Random(14)
    for _game in range(2):
        position = Position.start()
        for ply in range(40):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = position.legal_moves(dice)
            if plays:
                position = position.play(rng.choice(list(plays)))
            else:
                position = position.swapped()
            if position.winner() is not None:
                break
            if ply % 15 == 9:
                found.append(position)
    return found


def _move_refusals():
    seen = {}
    rng = random.Random(13)
    for position in _positions():
        for dice in DICE:
            d1, d2 = dice
            extra = [f"bar/{25 - d1} 13/{13 - d2}", "24/13", "13/7 13/7 13/7 13/7 6/5", f"24/{24 - d1 - d2}",
                     f"6/{6 - d1} 6/{6 - d2}", "13/8 13/8", "8/off", "6/off 5/off"]
            sources = {"bar"} | {s for s in range(1, 25) if position.mine[s - 1]} | {rng.randint(1, 24)}
            typed_moves = [typed for typed in TYPED if typed.split("/")[0] in map(str, sources)]
            for typed in typed_moves + extra:
                try:
                    position.parse_move(typed, dice)
                except IllegalMoveError as error:
                    seen.setdefault((error.reason, tuple(sorted(error.details))), error)
                except GameError:
                    pass
            turn = Turn(position, dice)
            for source in range(1, 26):
                for target in range(0, 25):
                    try:
                        turn.step(source, target)
                        turn.undo()
                    except IllegalMoveError as error:
                        seen.setdefault((error.reason, tuple(sorted(error.details))), error)
                    except GameError:
                        pass
            if turn.forced is not None:        # once complete: one more step is refused
                turn = Turn(position, dice)
                for step in turn.forced.steps:
                    turn.step(step.source, step.target)
                for source in range(1, 26):
                    try:
                        turn.auto_step(source)
                    except IllegalMoveError as error:
                        seen.setdefault((error.reason, tuple(sorted(error.details))), error)
    return seen


def _action_refusals():
    """Every match action tried in every phase of played games (money with beavers and the
    Jacoby rule, a match with Crawford, no cube), on copies of the match."""
    seen = {}
    configs = [MatchConfig(length=0, beavers=True, jacoby=True), MatchConfig(length=3),
               MatchConfig(length=0, cube=False)]
    for seed, config in enumerate(configs):
        rng = random.Random(seed)
        match = Match(config, SeededDice(f"messages-{seed}"))
        states = set()
        for _ in range(400):
            if match.match_winner is not None:
                break
            game = match.game
            state = (match.phase, game.crawford, game.cube_owner, game.offer, match.can_double(),
                     match.phase is Phase.MOVING and match.turn.is_complete)
            if state in states:
                _advance(match, rng)
                continue
            states.add(state)
            for action in ACTIONS:
                if action in ("setup", "step", "play_move"):
                    continue
                for player in (None, 0, 1):
                    trial = copy.deepcopy(match)
                    try:
                        getattr(trial, action)(player=player)
                    except (IllegalActionError, IllegalMoveError) as error:
                        seen.setdefault((error.reason, tuple(sorted(error.details or {}))), error)
                    except GameError:
                        pass
            _advance(match, rng)
    return seen


def _advance(match, rng):
    phase = match.phase
    if phase is Phase.OVER:
        match.new_game()
    elif phase is Phase.OPENING:
        match.roll()
    elif phase is Phase.ROLL_OR_DOUBLE:
        if match.can_double() and rng.random() < 0.3:
            match.double()
        elif rng.random() < 0.03 and match.resign_kinds():
            match.resign(rng.choice(match.resign_kinds()))
        else:
            match.roll()
    elif phase is Phase.DOUBLED:
        (match.take if rng.random() < 0.7 else match.drop)()
    elif phase is Phase.RESIGNATION_OFFERED:
        (match.accept_resignation if rng.random() < 0.5 else match.reject_resignation)()
    elif phase is Phase.MOVING:
        turn = match.turn
        if not turn.no_move:
            play = rng.choice(list(turn.plays))
            for step in play.steps:
                match.step(step.source, step.target)
        match.done()


REFUSALS = None


def refusals():
    global REFUSALS
    if REFUSALS is None:
        REFUSALS = {**_move_refusals(), **_action_refusals()}
    return REFUSALS


#: reasons the sweeps above do not reach, with the details their raise sites give
UNREACHED = {
    Reason.TIME_OUT: {"player": 0},                        # game/clock.py, game/match.py: a clock run out
    Reason.INVALID_DICE: {"value": 7},                     # game/dice.py: dice set by hand
    Reason.DICE_NOT_SET: {"pending": [6]},                 # game/dice.py: dice set by hand
    Reason.INVALID_RESIGNATION: {"kind": 1, "declined": 1},  # game/match.py
    Reason.CUBE_AT_MAXIMUM: {},                            # game/cube.py (a reason, no details)
    Reason.DOUBLE_ALREADY_WON: {},                         # game/cube.py
    Reason.MATCH_OVER: {"winner": 0},                      # game/match.py
}


def test_the_sweeps_reach_the_engine_s_refusals():
    reached = {reason for reason, _ in refusals()}
    for reason in (Reason.ENTRY_BLOCKED, Reason.POINT_BLOCKED, Reason.INTERMEDIATE_BLOCKED,
                   Reason.MUST_USE_HIGHER_DIE, Reason.MUST_USE_BOTH_DICE, Reason.MUST_USE_MORE_DICE,
                   Reason.BEAR_OFF_HIGHER_CHECKER, Reason.BEAR_OFF_NOT_ALL_HOME, Reason.TURN_COMPLETE,
                   Reason.NO_CHECKER, Reason.MUST_ENTER_FIRST, Reason.WRONG_DIRECTION,
                   Reason.NO_SUCH_DIE, Reason.TOO_MANY_MOVES, Reason.NO_LEGAL_MOVE,
                   Reason.NOT_ROLLED, Reason.ALREADY_ROLLED, Reason.GAME_IN_PROGRESS,
                   Reason.NO_DOUBLE_OFFERED, Reason.NO_RESIGNATION_OFFERED, Reason.NOT_CUBE_OWNER,
                   Reason.CRAWFORD_NO_DOUBLE, Reason.CUBE_DISABLED, Reason.GAME_OVER):
        assert reason in reached, reason
    assert set(Reason) <= reached | set(UNREACHED)


def test_every_engine_refusal_is_said_without_a_gap_in_both_languages():
    cases = list(refusals().values())
    cases += [IllegalActionError("", reason, details) for reason, details in UNREACHED.items()]
    for error in cases:
        message = refusal_message(error)
        for lang, said in say_both(message).items():
            assert_clean(said, message[0], lang)
    assert len(cases) > 40


def test_a_move_typed_onto_a_closed_entry_point_names_the_die():
    position = Position.from_counts({25: 1, 13: 14}, {6: 2, 5: 2, 13: 11})      # their 6-point: my 19
    with pytest.raises(IllegalMoveError) as caught:
        position.parse_move("bar/19", (6, 3))
    assert caught.value.reason is Reason.ENTRY_BLOCKED
    said = say_both(refusal_message(caught.value))
    assert said["en"] == "You cannot come in on point 19 with the 6: your opponent holds it."
    assert "19" in said["fr"] and "le 6" in said["fr"] and "?" not in said["fr"]


# --- 2. messages written in the code ------------------------------------------------------------
def _literal_messages():
    """``(file, line, key, params given)`` of each ``("family.key", {literal dict})`` in the app."""
    found = []
    for path in [*ROOT.glob("game/app/**/*.py"), *ROOT.glob("game/lessons/*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Tuple) and len(node.elts) == 2):
                continue
            key, params = node.elts
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)
                    and re.fullmatch(r"[a-z0-9]+\.[a-z0-9_]+", key.value) and key.value in EN):
                continue
            if not isinstance(params, ast.Dict) or None in params.keys:     # ** spreads: not literal
                continue
            names = {k.value for k in params.keys if isinstance(k, ast.Constant)}
            found.append((path.name, node.lineno, key.value, names))
    return found


def test_every_message_in_the_code_fills_every_slot_of_its_text():
    found = _literal_messages()
    assert len(found) > 60
    for where, line, key, names in found:
        for lang, catalogue in (("en", EN), ("fr", FR)):
            needed = slots(catalogue[key])
            for variant in (k for k in catalogue if k.startswith(key + "@")):
                needed |= slots(catalogue[variant])
            missing = needed - names - {"n"} if isinstance(catalogue[key], tuple) else needed - names
            assert not missing, f"{where}:{line} {key} ({lang}) lacks {sorted(missing)}"


# --- 3. every key of the catalogues ----------------------------------------------------------------
PLAYERS = {"name", "other", "winner", "starter", "name0", "name1", "loser", "player", "doubler", "mover",
           "you", "them", "taker", "dropper"}


def sample(name):
    """A parameter of the kind a slot's name says, in the form the app passes it."""
    if name in PLAYERS:
        return {"player": 0}
    if name in ("point", "target", "where", "source"):
        return {"where": 13}
    if name in ("points",):
        return {"plural": "count.points", "n": 2}
    if name in ("result",):
        return {"key": "result.gammon"}
    if name in ("dice",):
        return [6, 5]
    if name in ("move", "first", "second", "best", "played"):
        return "24/18 13/11"
    return 3


def test_every_key_is_said_without_a_gap_and_french_is_translated():
    assert EN.keys() == FR.keys()
    for key in EN:
        if key == "msg.next_game":
            message = (key, {"text": ["msg.to_roll", {"name": {"player": 0}}]})
        else:
            message = (key, {name: sample(name) for name in slots(EN[key])})
        said = say_both(message)
        for lang in LANGS:
            assert_clean(said[lang], key, lang)
        if key not in SAME_IN_BOTH and key != JOIN:
            assert EN[key] != FR[key], f"{key}: French left as English: {EN[key]!r}"


# --- 4. what the status line says after the play changes ------------------------------------------
@pytest.mark.parametrize("language", LANGS)
def test_after_undo_the_message_no_longer_names_the_play_taken_back(language):
    from ui_helpers import make, slot

    app = make([6, 1], mode="hotseat", language=language)        # opening 6-1: player 0 plays
    app.roll()
    app.type_move("24/18")
    assert "24/18" in app.view().message
    app.undo()
    said = app.view().message
    assert "24/18" not in said and "6-1" in said
    app.click(slot(app, 13))
    app.click(slot(app, 7))
    app.undo()
    assert "13/7" not in app.view().message and "6-1" in app.view().message


# --- 5. grammar rules every text keeps, in both languages --------------------------------------------
from game.app.text.i18n import TOUCH, Addressee, Translator  # noqa: E402
from game.app.review.panel import _loss  # noqa: E402

#: a word of the person spoken to that the sweep tries in each slot naming a player
YOU = {"en": "You", "fr": "Vous"}
#: the third person after "You": a word ending in one s ("doubles", "wins"), not "ss" ("pass")
YOU_THIRD_PERSON = {"en": re.compile(r"\bYou (\w*[^s\W]s)\b"),
                    # "Vous" with a verb of the third person singular ("Vous double", "Vous a")
                    # (the subject: not after a preposition, "Relecture de Vous contre Ann")
                    "fr": re.compile(r"(?<!de )(?<!à )(?<!contre )(?<!pour )(?<!avec )"
                                     r"\bVous (a|est|va|peut|doit|\w+e|\w+it)\b")}
#: slots that only ever name the computer: never the person spoken to
COMPUTER_ONLY = {("msg.bot_thinking", "name"), ("msg.bot_played", "name"), ("msg.resign_thinking", "other")}
#: pronouns that may follow "Vous" before the verb ("Vous le prenez", "Vous n'avez")
FR_PRONOUNS = {"le", "la", "les", "ne", "en", "y", "me", "se", "te", "leur", "lui"}
CLICK_WORDS = re.compile(r"click|clic|cliqu", re.I)
#: a loss said with a minus sign after a word that already says it is lost
DOUBLE_NEGATIVE = re.compile(r"\b(?:[Ll]oses?|[Gg]ives? up|[Pp]erd(?:ent|u)?|lost|perdue?s?)\s*:?\s*[−-]\s?\d")
#: a sentence: up to a full stop, a question or an exclamation mark
SENTENCE = re.compile(r"[^.!?]+[.!?]")


def _said_by_key(language, touch=False, you_in=None):
    """``{key: text}`` of every key said with samples; ``you_in``: the player slot that holds
    the person spoken to (the others a plain name)."""
    tr = Translator(language, load_catalogue(language), touch=touch)
    found = {}
    for key, template in (EN if language == "en" else FR).items():
        if "@" in key or key.startswith(TOUCH) or key == JOIN:
            continue                  # a variant is said through its key, as the app says it
        params = {}
        for name in slots(template):
            if name in PLAYERS:
                params[name] = Addressee(YOU[language]) if name == you_in else "Ann"
            elif name == "loss":
                params[name] = _loss(-0.473, language)        # as the review gives it
            elif name in ("move", "first", "second", "best", "played"):
                params[name] = "24/18 13/11"
            else:
                params[name] = "3"
        found[key] = tr.n(key, 2, **params) if isinstance(template, tuple) else tr(key, **params)
    return found


def _player_slots():
    return sorted({name for template in EN.values() for name in slots(template) if name in PLAYERS})


@pytest.mark.parametrize("language", LANGS)
def test_the_person_spoken_to_never_gets_the_third_person(language):
    bad = []
    for slot in _player_slots():
        for key, said in _said_by_key(language, you_in=slot).items():
            for found in YOU_THIRD_PERSON[language].finditer(said):
                if (language == "fr" and found.group(1).lower() in FR_PRONOUNS) or (key, slot) in COMPUTER_ONLY:
                    continue
                bad.append((key, slot, said))
    # the record's lines follow the name: the person's have their own words (record.you_*)
    tr = translator(language)
    for key in (EN if language == "en" else FR):
        if key.startswith("record.") and not key.startswith("record.you_"):
            you_key = key.replace(".", ".you_", 1)
            assert tr.has(you_key), key
            line = f"{YOU[language]} {tr(you_key, value=2, points='1 point')}"
            if YOU_THIRD_PERSON[language].search(line):
                bad.append((you_key, "record", line))
    assert bad == []


@pytest.mark.parametrize("language", LANGS)
def test_no_message_says_a_sentence_twice(language):
    for touch in (False, True):
        for key, said in _said_by_key(language, touch).items():
            sentences = [s.strip().lower() for s in SENTENCE.findall(said)]
            assert len(sentences) == len(set(sentences)), (key, said)
    # a lesson's verdict, its words and the app's together: said once
    from game.lessons import list_lessons, load_lesson
    from game.app.lesson.player import LessonPlayer

    allowed = {"en": re.compile(r"allow", re.I), "fr": re.compile(r"permet|autoris", re.I)}
    tr = translator(language)
    checked = 0
    for entry in list_lessons():
        lesson = load_lesson(entry.id)
        answers = [o.id for o in lesson.task.options] if lesson.task.kind == "choice" else \
            [w.answer for w in lesson.task.wrong]
        for answer in answers:
            player = LessonPlayer(lesson)
            player.go(len(lesson.steps))
            (player.choose if lesson.task.kind == "choice" else player.type_move)(answer)
            said = player.view(language).message
            sentences = [s.strip().lower() for s in SENTENCE.findall(said)]
            assert len(sentences) == len(set(sentences)), (entry.id, answer, said)
            # that the rules allow the answer is said once: by the app's lead or by the lesson
            lead = tr("lesson.not_asked")
            rest = said.replace(lead, "")
            assert not (lead in said and allowed[language].search(rest)), (entry.id, answer, said)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("language", LANGS)
def test_on_a_touch_screen_no_message_says_click(language):
    touch_said = _said_by_key(language, touch=True)
    for key, said in touch_said.items():
        assert not CLICK_WORDS.search(said), (key, said)
    # and every text that says click has its touch variant, in both catalogues
    catalogue = EN if language == "en" else FR
    for key, template in catalogue.items():
        words = " ".join(template) if isinstance(template, tuple) else template
        if CLICK_WORDS.search(words) and not key.startswith(TOUCH):
            assert TOUCH + key in EN and TOUCH + key in FR, key


@pytest.mark.parametrize("language", LANGS)
def test_no_loss_is_said_with_a_minus_sign(language):
    assert _loss(-0.473, language) == ("0.473" if language == "en" else "0,473")
    for key, said in _said_by_key(language).items():
        assert not DOUBLE_NEGATIVE.search(said), (key, said)
    # the hint's differences say their unit
    from game.bot import Hint
    from game.move import Move
    from game.app.view.hints import plays_view
    hints = [Hint(Move.from_str("8/5 6/5"), e, (0.5, 0.15, 0.01, 0.12, 0.005), (e + 1) / 2) for e in (0.2, 0.1)]
    for match_play, unit in ((False, "pt"), (True, "pp")):
        diff = plays_view(hints, (3, 1), translator(language), match_play=match_play).rows[1].diff
        assert diff.startswith("−") and diff.endswith((unit, unit + "s")), diff

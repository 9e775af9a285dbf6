"""Rough edges a player and a teacher met by hand (issue 33): the words of the record, the
hint's and the review's numbers, the dice set by hand, what a link leaves behind."""

import html

import pytest

from ui_helpers import make

LANGS = ("en", "fr")


def bot_turns(app, limit=40):
    for _ in range(limit):
        if not app.bot_to_act():
            return
        app.bot_act()


# --- the record: the person spoken to takes the bare verb ----------------------------------------
@pytest.mark.parametrize("language", LANGS)
def test_the_record_says_you_double_and_you_resign_with_the_verb_agreeing(language):
    app = make([1, 3, 6, 5], mode="bot", length=5, language=language)
    app.roll()                          # the person (3) starts with 3-1
    app.type_move("8/5 6/5")
    app.done()
    bot_turns(app)
    app.double()
    bot_turns(app)                      # the computer takes
    rows = [text for _player, text in app.game.screen.record()]
    html = app.view().record_html
    if language == "en":
        assert "double to 2" in rows and "doubles to 2" not in rows
        assert "takes" in rows          # the computer keeps the third person
    else:
        assert "doublez à 2" in rows and "double à 2" not in rows
        assert "accepte" in rows
    assert ("You" if language == "en" else "Vous") in html
    app.resign("single")
    bot_turns(app)
    rows = [text for _player, text in app.game.screen.record()]
    assert ("resign a single game" if language == "en" else "abandonnez une partie simple") in rows


# --- numbers with their units; the review ---------------------------------------------------------
def _dropped_at_once(language):
    """A game of the computer's ended by a dropped double before any roll was played."""
    from game.dice import ManualDice
    from game.match import Match
    from game.position import Position

    app = make([3, 1], mode="bot", length=5, language=language)
    app.match = Match(app.setup.config(), ManualDice([2, 1], fallback=None))
    app.match.setup(Position.from_counts({1: 2, 2: 2, 3: 2}, {13: 5, 8: 5, 6: 5}), 1)
    app.save()
    app.double()
    bot_turns(app)
    return app


@pytest.mark.parametrize("language", LANGS)
def test_a_game_a_dropped_double_ended_is_offered_for_review_and_rates_nobody_on_two_decisions(language):
    app = _dropped_at_once(language)
    assert app.match.events[-2]["type"] == "drop"
    assert app.buttons()["review-game"] == (True, True)
    assert app.start_review()
    session = app.modes.get("review").session
    while session.step():
        pass
    review = app.view().review
    summary = review["summary_html"]
    rating = summary[summary.index('class="rating"'):]
    rating = rating[:rating.index("</tr>")]
    for word in ("World class", "Beginner", "Classe mondiale", "Débutant"):
        assert word not in rating
    assert ("20 decisions" if language == "en" else "20 décisions") in summary
    said = summary + review["list_html"] + review["detail_html"]
    assert "−" not in said.replace("−0", "")                  # losses are said as what was lost
    assert "Loses −" not in said and "Perd −" not in said


@pytest.mark.parametrize("language", LANGS)
def test_the_review_says_a_loss_as_a_positive_amount_of_equity(language):
    from game.app.review.panel import panel
    from game.app.text.i18n import translator

    app = make([3, 1, 6, 5], mode="hotseat", length=5, language=language)
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    app.double()
    app.drop()
    app.start_review()
    session = app.modes.get("review").session
    while session.step():
        pass
    dropped = next(e for e in session.entries() if e["kind"] == "response")
    assert dropped["loss"] > 0
    view = panel(session, session.frame_of(dropped), translator(language), ("Ann", "Bob"))
    verdict = html.unescape(view["detail_html"])
    if language == "en":
        assert "This gives up 1." in verdict and "in equity" in verdict and "Equity lost" in verdict
    else:
        assert "Ce choix perd 1," in verdict and "d'équité" in verdict and "Équité perdue" in verdict
    assert "−" not in view["list_html"]
    assert ("gives up 1." if language == "en" else "perd 1,") in view["list_html"]     # the loss said as one


# --- a class link's dice stay with that match -------------------------------------------------------
def test_a_class_link_s_seed_is_not_carried_into_the_person_s_next_match():
    from game.app.controller import Controller
    from game.app.keep.storage import MemoryStore

    store = MemoryStore()
    app = Controller(store)
    assert app.boot("?mode=hotseat&length=3&seed=class-3b")
    values = app.form_values()
    assert values["seed"] == ""
    app.new_match(app.setup_from_form(values))
    assert app.setup.seed is None
    again = Controller(store)              # after a reload too
    again.boot("")
    assert again.form_values()["seed"] == ""
    # the person's own seed, typed in the dialog, is theirs: it stays for the next match
    app.new_match(app.setup_from_form(dict(values, seed="mine")))
    assert app.form_values()["seed"] == "mine"


# --- a backup restored --------------------------------------------------------------------------------
def test_a_restored_backup_brings_its_settings_at_once_and_its_message_is_not_said_after_a_reload():
    from game.app.controller import Controller
    from game.app.keep import storage
    from game.app.keep.storage import MemoryStore

    here = Controller(MemoryStore())
    here.boot("?mode=hotseat&length=3&seed=7", ["fr"])
    here.set_pref("theme", "dark")
    here.roll()
    _name, text = here.kept.backup_all()
    there = Controller(MemoryStore())
    there.boot("", ["en-GB"])
    assert there.restore_backup(text) is True
    # at once: the page is told that the settings changed (it applies the theme), and they are kept
    assert there.effects.settings and there.prefs.theme == "dark" and there.language == "fr"
    assert storage.unpack(there.store.get(storage.PREFS), "prefs")["theme"] == "dark"
    assert "sauvegarde" in there.view().message.lower()
    # after a reload the match is back and what it said, not the restore's message
    again = Controller(there.store)
    again.boot("", ["en-GB"])
    assert again.match.events == here.match.events
    assert again.message is None or "backup" not in again.message[0]
    assert here.roll().settings is False          # an intent that leaves the settings says so


# --- dice set by hand ---------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGS)
def test_with_dice_set_by_hand_nobody_is_told_to_press_a_hidden_roll_nor_that_the_computer_thinks(language):
    from game.app.controller import Setup

    app = make(mode="bot", length=3, language=language)
    app.new_match(Setup(mode="bot", length=3, manual_dice=True))
    # msg.opening_roll and msg.start (the form's own button is "Roll these dice")
    pressing = ("Press Roll for", "press Roll.") if language == "en" else ("Lancez les dés pour", "lancez les dés.")

    def roll_said():
        return any(words in app.view().message for words in pressing)

    assert app.buttons()["roll"][0] is False                 # Roll is hidden: the dice form instead
    assert not roll_said()
    assert app.view().message == app.view().dice_entry["legend"]
    app.set_dice("3", "1")                                   # the person's die 3: the person starts
    app.type_move("8/5 6/5")
    app.done()
    assert not app.bot_to_act() and app.view().dice_entry is not None     # the computer's dice are due
    view = app.view()
    thinking = ("thinking", "réfléchit", "réflexion")
    assert not any(word in view.message for word in thinking), view.message
    assert not any(word in view.top_html + view.bottom_html for word in thinking)
    assert ("waiting for its dice" if language == "en" else "attend ses dés") in view.top_html + view.bottom_html
    # a person choosing who starts meets the same form, not "press Roll"
    app.new_match(Setup(mode="hotseat", length=3, manual_dice=True, starter=0))
    assert app.buttons()["roll"][0] is False and not roll_said()


# --- a lesson's feedback says a thing once -----------------------------------------------------------
@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("lesson_id, answer", [("setup", "13/7 13/8"), ("cube", "take"), ("smaller-die-first", "5/off 2/off")])
def test_a_lesson_s_answer_allowed_but_not_asked_is_told_once_in_the_lesson_s_words(language, lesson_id, answer):
    from game.lessons import list_lessons, load_lesson, localized
    from game.app.lesson.player import LessonPlayer
    from game.app.text.i18n import translator

    lesson = load_lesson(lesson_id)
    player = LessonPlayer(lesson, [entry.id for entry in list_lessons()])
    while not player.in_task:
        player.next()
    if lesson.task.kind == "choice":
        assert player.choose(answer) is False
        option = next(o for o in lesson.task.options if o.id == answer)
        words = localized(option.explain, language) if option.explain else localized(lesson.task.retry, language)
    else:
        assert player.type_move(answer) is False
        words = localized(lesson.task.retry, language)
    view = player.view(language)
    assert view.verdict == "other" and words in view.message
    assert translator(language)("lesson.not_asked") not in view.message
    sentences = [s.strip() for s in view.message.replace("!", ".").split(".") if s.strip()]
    assert len(sentences) == len(set(sentences))


# --- where a position came from -----------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGS)
def test_play_from_here_in_the_editor_does_not_say_the_position_came_from_ids(language):
    from game.app.text.i18n import translator

    app = make(mode="hotseat", language=language)
    app.edit_open()
    assert app.edit_play()
    said = app.view().message
    assert translator(language)("msg.position_opened") not in said
    assert said.startswith(translator(language)("editor.position_played"))
    app.open_ids(app.match.position_id() + ":" + app.match.match_id())
    assert translator(language)("msg.position_opened") in app.view().message      # pasted IDs still say so


# --- a touch screen: "tap", not "click" ---------------------------------------------------------------
CLICK = ("click", "clic", "cliqu")


def _touch_game(language, touch):
    from game.app.controller import Controller, Setup
    from game.app.keep.storage import MemoryStore
    from game.dice import ManualDice
    from game.match import Match

    app = Controller(MemoryStore())
    app.set_touch(touch)
    app.boot("", [language])
    app.new_match(Setup(mode="hotseat", length=3))
    app.match = Match(app.setup.config(), ManualDice([3, 1], fallback=None))
    app.roll()
    app.type_move("8/5 6/5")
    return app


@pytest.mark.parametrize("language", LANGS)
def test_on_a_touch_screen_the_messages_say_tap_not_click(language):
    from game.lessons import list_lessons, load_lesson
    from game.app.lesson.player import LessonPlayer

    said = [_touch_game(language, True).view().message]          # "press Done (or tap the dice)"
    player = LessonPlayer(load_lesson("setup"), [entry.id for entry in list_lessons()])
    while not player.in_task:
        player.next()
    said.append(player.view(language, touch=True).message)       # "tap or drag a checker"
    for text in said:
        assert not any(word in text.lower() for word in CLICK), text
        assert ("tap" if language == "en" else "touchez") in text.lower(), text
    # with a mouse the words stay
    assert any(word in _touch_game(language, False).view().message.lower() for word in CLICK)
    assert any(word in player.view(language).message.lower() for word in CLICK)


# --- the pip counts on the board say what they are -------------------------------------------------
@pytest.mark.parametrize("language", LANGS)
@pytest.mark.parametrize("upright", [False, True])
def test_each_pip_count_on_the_board_is_labelled(language, upright):
    import re
    from game.app.view.board_svg import board_svg

    app = make(mode="hotseat", language=language)
    board = app.view().board
    if upright:
        from dataclasses import replace
        board = replace(board, upright=True)
    svg = board_svg(board)
    counts = re.findall(r'<text class="pips" data-player="(\d)"', svg)
    labels = re.findall(r'<text class="pips-label" data-player="(\d)"[^>]*>([^<]+)</text>', svg)
    assert sorted(counts) == ["0", "1"]
    assert sorted(p for p, _ in labels) == ["0", "1"] and {word for _, word in labels} == {"pips"}


# --- Matches: the match in play is not "none" ---------------------------------------------------------
@pytest.mark.parametrize("language", LANGS)
def test_matches_shows_the_match_in_play_instead_of_none_yet(language):
    from game.app.text.i18n import translator

    tr = translator(language)
    app = make([3, 1], mode="hotseat", language=language)
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    shown = html.unescape(app.kept.matches_html())
    unfinished = shown[:shown.index(tr("history.finished"))]
    assert tr("history.empty") not in unfinished
    assert tr("history.on_board") in unfinished and "0–0" in unfinished
    assert tr("history.empty") in shown[shown.index(tr("history.finished")):]     # none finished yet
    fresh = make(mode="hotseat", language=language)                            # nothing played yet
    assert html.unescape(fresh.kept.matches_html()).count(tr("history.empty")) == 2


# --- following the computer ------------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGS)
def test_the_computer_s_play_is_said_in_the_numbers_the_board_shows_the_person(language):
    app = make([1, 3, 6, 5], mode="bot", length=5, language=language)
    app.roll()                                  # the person starts with 3-1
    app.type_move("8/5 6/5")
    app.done()
    bot_turns(app)
    played = app.match.events[-1]
    assert played["type"] == "move" and played["move"] == "24/13"     # its own numbering, in the log
    said = app.view().message
    assert "1/12" in said and "24/13" not in said
    assert app.view().board.numbers_for == 1 == app.match.events[-1]["player"] ^ 1


@pytest.mark.parametrize("language", LANGS)
def test_once_the_last_checker_is_off_enter_on_the_board_asks_for_done_not_for_a_checker(language):
    from game.dice import ManualDice
    from game.match import Match, Phase
    from game.position import Position
    from game.app.text.i18n import translator

    app = make(mode="hotseat", length=5, language=language)
    app.match = Match(app.setup.config(), ManualDice([2, 1], fallback=None))
    app.match.setup(Position.from_counts({1: 1}, {13: 5, 8: 5, 6: 5}), 0)
    app.save()
    app.roll()                                          # forced: 1/off, the last checker
    assert app.match.phase is Phase.MOVING and app.match.turn.is_complete
    for key in ("Enter", " "):
        app.board_key(key)
        said = app.view().message
        assert said != translator(language)("msg.pick_checker")
        assert said == translator(language)("msg.complete", move="1/off")


# --- keeping the data: no warning before there is anything to lose; no claim the browser did not make
def test_no_storage_warning_on_a_first_visit_before_anything_is_done():
    from game.app.controller import Controller
    from game.app.keep.storage import MemoryStore

    store = MemoryStore()
    first = Controller(store)
    first.boot("?mode=hotseat&length=3&seed=persist-1", ["en"])     # a first visit: the start saves
    assert not first.kept.persist_notice_due("refused")
    first.roll()
    assert first.type_move(str(next(iter(first.match.turn.plays))))
    first.done()
    assert first.kept.persist_notice_due("refused")                       # now there is a match to lose
    assert not first.kept.persist_notice_due("granted") and not first.kept.persist_notice_due("unknown")
    again = Controller(store)                                        # a later visit with it saved
    again.boot("", ["en"])
    assert again.kept.persist_notice_due("refused")


@pytest.mark.parametrize("language", LANGS)
def test_settings_says_the_browser_agreed_to_keep_the_data_only_when_it_did(language):
    from game.app.text.i18n import translator

    tr = translator(language)
    app = make(mode="hotseat", language=language)
    assert app.kept.storage_line("granted", True) == tr("storage.persisted")
    for answer, persisted in (("refused", True), ("refused", False), ("granted", False),
                              ("unknown", False), ("unknown", None)):
        assert app.kept.storage_line(answer, persisted) == tr("storage.not_persisted"), (answer, persisted)


# --- numbering: from your side, the opponent's, or both (point 10) --------------------------------------
def _labels(svg):
    import re
    main = re.findall(r'<text class="point-number" x="([\d.]+)" y="[\d.]+"[^>]*>(\d+)</text>', svg)
    other = re.findall(r'<text class="point-number other-number" x="([\d.]+)" y="[\d.]+"[^>]*>(\d+)</text>', svg)
    return main, other


def test_the_numbering_setting_numbers_the_board_from_either_side_or_both():
    from game.app.prefs import Prefs

    assert Prefs().numbering == "mine" and Prefs.from_dict({"numbering": "sideways"}).numbering == "mine"
    app = make([1, 3, 6, 5], mode="bot", length=5)
    app.set_pref("numbering", "upside")
    assert app.prefs.numbering == "mine"
    mine, other = _labels(app.view().board_svg)
    assert len(mine) == 24 and other == []
    assert app.set_pref("numbering", "theirs").board          # the board is drawn again at once
    theirs, other = _labels(app.view().board_svg)
    assert other == [] and [int(n) for _, n in theirs] == [25 - int(n) for _, n in mine]
    app.set_pref("numbering", "both")
    both, other = _labels(app.view().board_svg)
    assert [n for _, n in both] == [n for _, n in mine]
    assert [int(n) for _, n in other] == [25 - int(n) for _, n in mine]
    from game.app.keep import storage
    assert storage.unpack(app.store.get(storage.PREFS), "prefs")["numbering"] == "both"      # kept
    # the computer's play is said in the numbers the board shows first
    app.set_pref("numbering", "theirs")
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    bot_turns(app)
    assert "24/13" in app.view().message       # the computer's own numbering, as the board now shows


# --- the hint and the review say how far they look (point 3: two numbers for one play) ------------
@pytest.mark.parametrize("language", LANGS)
def test_the_hint_and_the_review_say_how_far_they_look(language):
    import pathlib
    from game.bot import Bot
    from game.bot.analysis import LEVEL
    from game.levels import LEVELS, NO_LOOK_AHEAD
    from game.position import Position
    from game.app.controller import HINT_LEVEL
    from game.app.text.i18n import translator
    from game.app.view.hints import cube_view, plays_view

    # what the words say is what the code does: the hint two rolls ahead (one for the cube),
    # the review none
    assert LEVELS[HINT_LEVEL]["ply"] == 2 and LEVELS[HINT_LEVEL]["cube_ply"] == 1
    assert LEVEL == NO_LOOK_AHEAD and NO_LOOK_AHEAD not in LEVELS
    tr = translator(language)
    two, one = ("two rolls ahead", "one roll ahead") if language == "en" else \
        ("deux lancers plus loin", "un lancer plus loin")
    assert two in tr("hint.depth") and one in tr("hint.depth") and two in tr("review.depth")
    bot = Bot()
    position = Position.start()
    plays = plays_view(bot.hints(position, (3, 1)), (3, 1), tr)
    cube = cube_view(bot.cube_equities(position), bot.evaluate(position), tr)
    assert tr("hint.depth") in plays.notes and tr("hint.depth") in cube.notes
    page = (pathlib.Path(__file__).parent.parent / "index.html").read_text(encoding="utf-8")
    review = page[page.index('id="review-panel"'):page.index('id="move-form"')]
    assert 'data-i18n="review.depth"' in review and 'data-i18n="review.note"' in review

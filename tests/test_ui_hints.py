"""game.app.view.hints: the Hint button's rows, in both languages, from the bot's numbers."""

from game.bot import Bot, CubeContext, CubeEquities, Hint
from game.move import Move
from game.position import Position
from game.app.view.hints import (LIMIT, cube_view, percent, plays_view, signed)
from game.app.text.i18n import translator
from game.app.view.html import hints_html

EN, FR = translator("en"), translator("fr")


def fake_hints(*equities):
    return [Hint(Move.from_str("8/5 6/5"), e, (0.5, 0.15, 0.01, 0.12, 0.005), (e + 1) / 2)
            for e in equities]


def test_plays_are_listed_best_first_with_what_each_loses():
    view = plays_view(fake_hints(0.20, 0.15, -0.05), (3, 1), EN)
    assert view.kind == "plays" and view.title == "Best plays for 3-1"
    assert [r.value for r in view.rows] == ["+0.200", "+0.150", "−0.050"]
    assert [r.diff for r in view.rows] == ["", "−0.050 pts", "−0.250 pts"]      # the unit named
    assert [r.best for r in view.rows] == [True, False, False]
    assert view.rows[0].chances == "50.0% · 15.0% · 12.0%"
    assert "Under each play: the chances to win, to win a gammon, to lose a gammon." in view.notes
    assert view.rows[0].play == "8/5 6/5"


def test_the_best_few_plays_are_shown_and_every_other_one_listed_on_demand():
    view = plays_view(fake_hints(*[0.1 - k / 100 for k in range(LIMIT + 3)]), (6, 6), EN)
    assert len(view.rows) == LIMIT and len(view.more) == 3
    assert view.more_label == "Show 3 more plays"
    assert [r.diff for r in view.more] == ["−0.050 pts", "−0.060 pts", "−0.070 pts"]
    html = hints_html(view)
    folded = html[html.index("<details"):]
    assert "<summary>Show 3 more plays</summary>" in folded and folded.count("data-play=") == 3
    assert html.count("data-play=") == LIMIT + 3
    assert plays_view(fake_hints(0.1, 0.0), (6, 6), FR).more == ()
    assert "<details" not in hints_html(plays_view(fake_hints(0.1, 0.0), (6, 6), FR))
    assert plays_view(fake_hints(*[0.1] * 9), (6, 6), FR).more_label == "Voir les 4 autres coups"


def test_in_a_match_the_value_is_the_match_winning_chance():
    view = plays_view(fake_hints(0.2, 0.1), (5, 2), FR, match_play=True)
    assert view.columns[1] == "Chances de gagner le match"
    assert view.rows[0].value == "60,0\u00a0%" and view.rows[1].diff == "−5,00 pp"   # percentage points
    assert any("points de pourcentage (pp)" in note for note in view.notes)
    english = plays_view(fake_hints(0.2, 0.1), (5, 2), EN, match_play=True)
    assert english.columns[1] == "Match winning chance" and english.rows[1].diff == "−5.00 pp"
    assert any("percentage points (pp)" in note for note in english.notes)


def test_no_play_says_so():
    view = plays_view([], (6, 6), EN)
    assert view.rows == () and view.notes == ("No legal play with 6-6.",)


def test_the_cube_decision_before_rolling_shows_the_three_equities():
    equities = CubeEquities(0.62, 0.70, 1.0, "equity", "double", "take")
    view = cube_view(equities, (0.72, 0.2, 0.01, 0.05, 0.0), EN)
    assert [r.label for r in view.rows] == ["No double", "Double, take", "Double, drop"]
    assert [r.value for r in view.rows] == ["+0.620", "+0.700", "+1.000"]
    assert [r.best for r in view.rows] == [False, True, False]
    assert "Right action: double." in view.notes and "Right answer to a double: take." in view.notes
    assert any(n.startswith("Chances: win 72.0% (gammon 20.0%)") for n in view.notes)


def test_too_good_is_a_no_double_and_a_drop():
    equities = CubeEquities(1.3, 1.6, 1.0, "equity", "too_good", "drop")
    view = cube_view(equities, (0.9, 0.6, 0.0, 0.0, 0.0), FR)
    assert [r.best for r in view.rows] == [True, False, False]
    assert "Bonne décision\u00a0: trop bien pour doubler, jouer pour le gammon." in view.notes


def test_answering_a_double_is_seen_from_the_taker():
    equities = CubeEquities(0.4, 0.56, 0.6, "mwc", "double", "take")
    view = cube_view(equities, (0.7, 0.2, 0.0, 0.05, 0.0), EN, answering=True)
    assert view.title == "Take or drop?"
    assert [(r.label, r.value, r.best) for r in view.rows] == [("Take", "44.0%", True), ("Drop", "40.0%", False)]
    assert any("win 30.0% (gammon 5.0%), gammon lost 20.0%" in n for n in view.notes)


def test_numbers_are_written_the_french_way():
    assert percent(0.123, "fr") == "12,3\u00a0%" and percent(0.123) == "12.3%"
    assert signed(-0.0004) == "−0.000" and signed(0.0) == "+0.000" and signed(0.5, "fr", 1) == "+0,5"


def test_the_html_escapes_and_marks_the_best_row_and_the_plays_to_click():
    position = Position.start()
    hints = Bot().hints(position, (4, 2), n=3)
    html = hints_html(plays_view(hints, (4, 2), EN))
    assert html.count("<tbody") == 3 and html.count('class="best"') == 1
    assert f'data-play="{hints[0].move}"' in html
    cube = hints_html(cube_view(Bot().cube_equities(position, CubeContext()), Bot().evaluate(position), EN))
    assert "No double" in cube and "data-play" not in cube

""".mat files as other producers write them: each habit read as GNU Backgammon reads it.

The files are ``tools/mat_dialects.py``'s ``CASES`` (and its corpus); gnubg's
reading of each is in ``tests/data/mat_corpus/gnubg_views.json`` and
``tests/test_mat_corpus.py`` compares it move by move.  Here: what each habit
means for the score, the results and the warnings.
"""

import re
from pathlib import Path

import pytest

from mat_dialects import CASES
from game.formats.mat_read import MatFileError, import_mat, import_mats

CORPUS = Path(__file__).resolve().parent / "data" / "mat_corpus"


def read(name):
    warnings = []
    match = import_mats(CASES[name], warnings=warnings)[0]
    return match, warnings


def results(match):
    return [(r.winner, r.points, r.kind) for r in match.results]


def test_a_resignation_written_in_the_loser_s_column_goes_to_whom_the_next_score_line_says():
    # Given "2) 63: 24/18 13/10   Wins 2 points" in Bob's column, and game 2 at 2-0 for Ann
    match, warnings = read("loser_column")
    # Then Bob (on roll) resigned a gammon and Ann won it
    assert results(match)[0] == (0, 2, "resign") and match.score == (2, 0) and not warnings


def test_a_row_with_only_a_result_and_an_empty_numbered_row_are_read():
    match, warnings = read("numbered_result")
    assert results(match)[0] == (0, 2, "resign") and match.games[1].number == 2 and not warnings


def test_a_resignation_worth_more_than_the_match_needs_is_written_capped():
    # Given the cube on 4 and Bob 2 points short: "Wins 2 point and the match"
    match, warnings = read("capped_resignation")
    # Then a single game resigned (4 points), the match over, no warning
    assert results(match) == [(1, 4, "resign")] and match.match_winner == 1 and not warnings


def test_a_resumed_match_starts_at_the_score_of_its_first_score_line():
    match, _ = read("capped_resignation")
    assert match.events[0]["score"] == [0, 1]


def test_a_resignation_before_the_first_roll_and_a_forfeit_line_are_results():
    match, warnings = read("forfeits")
    assert results(match) == [(1, 1, "resign"), (1, 1, "resign")]
    assert [e["type"] for e in match.events][:3] == ["game_start", "forfeit", "win"]
    assert match.score == (0, 2) and not warnings


@pytest.mark.parametrize("language, words", [
    ("en", "Game 1, line 7: the file gives 16 points where the rules give 6"),
    ("fr", "Partie 1, ligne 7\u00a0: le fichier donne 16 points là où les règles en donnent 6"),
])
def test_a_result_against_the_rules_is_kept_with_a_warning_naming_game_and_line(language, words):
    from game.app.text.i18n import translator
    # Given "Wins 16 points" with the cube on 2, and game 2 at 0-16
    match, warnings = read("against_the_rules")
    # Then the resignation is a backgammon (as gnubg reads it), the file's score is kept
    assert results(match) == [(1, 6, "resign")] and match.score == (0, 16)
    assert [(w.key, w.line) for w in warnings] == [("warning.mat_result", 7)]
    assert words in translator(language)(warnings[0].key, **warnings[0].params)


def test_a_score_line_that_does_not_follow_is_kept_with_a_warning():
    text = CASES["loser_column"].decode().replace("Ann : 2", "Ann : 3")
    warnings = []
    match = import_mat(text, warnings=warnings)
    assert [e["score"] for e in match.events if e["type"] == "game_start"] == [[0, 0], [3, 0]]
    assert [(w.key, w.params["file0"], w.params["rules0"]) for w in warnings] == [("warning.mat_score", 3, 2)]


def test_bom_crlf_comment_boxes_ratings_windows_1252_tabs_and_short_forms_are_read():
    match, warnings = read("habits")
    assert match.config.names == ("BlueNote", "Renée")       # the ratings are not names, as gnubg reads it
    moves = [e["move"] for e in match.events if e["type"] == "move"]
    assert moves == ["24/23 13/9", "8/3(2) 6/1* 6/1", "bar/20 13/11", "24/23 13/9"] and not warnings


def test_a_win_by_bearing_off_written_at_what_the_match_needed_is_no_warning():
    # DailyGammon writes "Wins 3 point and the match" for a gammon worth more
    found = 0
    for path in sorted(CORPUS.glob("dailygammon_*.mat")):
        warnings = []
        match = import_mats(path.read_bytes(), warnings=warnings)[0]
        last = match.results[-1]
        written = int(re.findall(r"Wins (\d+) point", path.read_text())[-1])
        if written < last.points:
            found += 1
            assert written == match.config.length - (match.score[last.winner] - last.points)
        assert not warnings
    assert found >= 1


def test_losses_beside_the_winner_s_last_play_are_left_out():
    files = [path for path in sorted(CORPUS.glob("gamesgrid_*.mat")) if "Losses" in path.read_text()]
    assert files
    for path in files:
        assert import_mats(path.read_bytes())[0].results


@pytest.mark.parametrize("change, line, key", [
    (("31: 8/5 6/5", "31: 8/5 6/3"), 5, "reason.no_such_die"),
    (("31: 8/5 6/5", "33: 8/5 6/5"), 5, "error.mat_opening_double"),
])
def test_a_broken_file_is_refused_with_its_line_and_a_reason_in_french_and_english(change, line, key):
    from game.app.text.i18n import translator
    text = CASES["forfeits"].decode().replace(*change)
    with pytest.raises(MatFileError) as caught:
        import_mat(text)
    assert caught.value.line == line + 8 and caught.value.key == key
    for language in ("en", "fr"):
        assert translator(language).has(key)


def test_notes_after_a_game_s_rows_and_a_blank_line_are_skipped_as_gnubg_skips_them():
    text = CASES["forfeits"].decode() + "\n Match played on the club server, no clock\n"
    assert import_mat(text).score == (0, 2)
    with pytest.raises(MatFileError, match="cannot read this row"):
        import_mat(text.replace("\n\n Match played", "\n Match played"))


# gnubg 1.1 read "Wins N points" after a take of the cube on 2, as a resignation of
# (N / 2 rounded up, one to three) times the cube: measured with tools/compare_mat_files.py
@pytest.mark.parametrize("written, kind, warned", [
    (1, 1, True), (2, 1, False), (3, 2, True), (4, 2, False), (5, 3, True), (6, 3, False),
    (7, 3, True), (8, 3, True), (16, 3, True)])
def test_a_resignation_s_points_over_the_cube_give_its_kind_as_gnubg_reads_them(written, kind, warned):
    text = CASES["against_the_rules"].decode().replace("Wins 16 points", f"Wins {written} points")
    text = text[:text.index("\n Game 2")] + "\n"
    warnings = []
    match = import_mat(text, warnings=warnings)
    assert match.resignation == (0, kind) and match.results[0].points == 2 * kind
    assert bool(warnings) is warned


# An online site's habit (two real files): the last line of a game holds the winner's play,
# then the row's number again with the loser's "Losses N point" and the winner's "Wins N point"
SAME_LINE = (
    ' 5 point match\n'
    '\n'
    ' Game 1\n'
    ' Ann : 0                        Bob : 0\n'
    '  1) 31: 8/5 6/5                 42: 8/4 6/4\n'
    '  2) 43: 13/10 13/9    2)  Losses 2 point    Wins 2 point\n'
    '\n'
    ' Game 2\n'
    ' Ann : 2                        Bob : 0\n'
    '  1) 31: 8/5 6/5                 42: 8/4 6/4\n'
    '  2) 63: 24/18 13/10             43: 24/21 13/9    2)  Losses 1 point    Wins 1 point\n'
    '\n'
    ' Game 3\n'
    ' Ann : 2                        Bob : 1\n'
    '  1) 43: 24/21 13/9    1)  Losses 3 point    Wins 3 point and the match\n'
)


@pytest.mark.parametrize("language, words", [
    ("en", "Game 1, line 6: this file writes a game's result on the line of its last play"),
    ("fr", "Partie 1, ligne 6\u00a0: ce fichier écrit le résultat d'une partie sur la ligne de son dernier coup"),
])
def test_a_result_after_the_row_s_number_again_is_the_winner_s_who_played_on_that_line(language, words):
    from game.app.text.i18n import translator
    warnings = []
    match = import_mat(SAME_LINE, warnings=warnings)
    # the plays on those lines are played, "Losses" left out, each "Wins" its player's: Ann
    # plays 43, then Bob resigns a gammon; Bob plays 43, then Ann resigns a single game
    moves = [e["move"] for e in match.events if e["type"] == "move"]
    assert moves[2] == "13/10 13/9" and moves[6] == "24/21 13/9" and moves[7] == "24/21 13/9"
    assert results(match)[:2] == [(0, 2, "resign"), (1, 1, "resign")]
    assert [e["score"] for e in match.events if e["type"] == "game_start"] == [[0, 0], [2, 0], [2, 1]]
    # the last game: Ann played, then Bob gave up a backgammon and the match
    assert match.match_winner == 0 and match.score == (5, 1) and results(match)[2] == (0, 3, "resign")
    # one warning for the file, at the first such line
    assert [(w.key, w.line) for w in warnings] == [("warning.mat_same_line", 6)]
    assert words in translator(language)(warnings[0].key, **warnings[0].params)


def test_the_online_site_s_files_of_the_corpus_are_read_with_their_results():
    files = sorted(CORPUS.glob("online_*.mat"))
    assert len(files) == 3
    for path in files:
        text = path.read_text()
        warnings = []
        match = import_mats(path.read_bytes(), warnings=warnings)[0]
        lines = [line for line in text.splitlines() if ")  Losses " in line]
        assert lines and len(match.results) == text.count(" Game ")
        assert [w.key for w in warnings] == ["warning.mat_same_line"]
        assert match.match_winner is not None


def test_anything_but_a_result_after_the_row_s_number_again_is_refused():
    text = SAME_LINE.replace("2)  Losses 2 point    Wins 2 point", "2)  Doubles => 2")
    with pytest.raises(MatFileError, match="only a result can follow") as caught:
        import_mat(text)
    assert caught.value.line == 6
    with pytest.raises(MatFileError, match="no play before the row's number again"):
        import_mat(SAME_LINE.replace("  2) 43: 13/10 13/9    2)", "  2) Losses 2 point    2)"))

"""``python -m game.review FILE``: the review of a match file as text or JSON (issue 41, part 5).

The command, the page's review and the benchmarks call one function
(:func:`game.bot.analysis.analyse`, through :func:`game.review.review_data`): the same file
gives the same numbers in each.
"""

import io
import json
import pathlib
import subprocess
import sys

import pytest

from game.app.controller import Controller
from game.bot.analysis import analyse
from game.formats.reading import FileRefused, read_matches
from game.review import review_data, review_file
from game.review.__main__ import main

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHORT_MAT = ROOT / "tests/data/mat_corpus/case_numbered_result.mat"
XG = ROOT / "tests/data/xg/match_in_play.xg"
XGP = ROOT / "tests/data/xg/position_cube.xgp"


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    status = main([str(a) for a in args], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_json_is_the_analysis_of_the_file_as_the_readers_read_it():
    status, out, err = run(SHORT_MAT, "--json")
    assert (status, err) == (0, "")
    review = json.loads(out)
    match = read_matches(SHORT_MAT.read_text(), SHORT_MAT.name)[0]
    assert review["analysis"] == json.loads(json.dumps(analyse(match)))
    assert (review["names"], review["length"], review["games"]) == (["Ann", "Bob"], 5, 2)
    assert review["analysis"]["entries"], "every decision is in the JSON"


def test_the_page_review_of_the_opened_file_has_the_same_numbers():
    app = Controller()
    assert app.open_mat(SHORT_MAT.read_text(), SHORT_MAT.name), app.message
    assert app.start_review()
    while app.review_step(10.0):
        pass
    page = app.review.review.result()
    command = review_file(SHORT_MAT)["analysis"]
    assert page["players"] == command["players"]
    assert [e["loss"] for e in page["entries"]] == [e["loss"] for e in command["entries"]]


@pytest.mark.parametrize("lang, words", [("en", ("Error rate", "Luck")), ("fr", ("Taux d'erreur", "Chance"))])
def test_the_text_gives_each_player_error_rate_and_luck_in_the_language_asked(lang, words):
    status, out, err = run(SHORT_MAT, "--lang", lang)
    assert (status, err) == (0, "")
    review = review_file(SHORT_MAT)
    lines = out.splitlines()
    assert "Ann" in lines[1] and "Bob" in lines[1]
    rate_line = next(line for line in lines if line.startswith(words[0]))
    luck_line = next(line for line in lines if line.startswith(words[1]))
    comma = (lambda text: text.replace(".", ",")) if lang == "fr" else (lambda text: text)
    for player in review["analysis"]["players"]:
        assert comma(f"{player['millipoints']:.1f}") in rate_line.split()
        assert comma(f"{player['luck']:+.3f}") in luck_line.split()


def test_an_xg_file_is_reviewed_as_the_page_opens_it():
    review = review_file(XG)
    assert review["games"] >= 1 and review["analysis"]["players"][0]["decisions"] > 0
    app = Controller()
    assert app.open_mat(XG.read_bytes(), XG.name), app.message
    assert review["names"] == list(app.match.config.names)


@pytest.mark.parametrize("lang, said", [
    ("en", "cannot be reviewed: This match file cannot be read at line 5"),
    ("fr", "Impossible d'analyser"),
])
def test_a_damaged_file_is_refused_with_the_line_and_status_2(tmp_path, lang, said):
    bad = tmp_path / "bad.mat"
    bad.write_text(" 3 point match\n\n Game 1\n A : 0  B : 0\n  1) 31: 8/5 6/9\n")
    status, out, err = run(bad, "--lang", lang)
    assert (status, out) == (2, "")
    assert said in err and "bad.mat" in err


@pytest.mark.parametrize("lang, said", [("en", "was not found"), ("fr", "est introuvable")])
def test_a_missing_file_is_said_in_the_language_asked(tmp_path, lang, said):
    status, out, err = run(tmp_path / "none.mat", "--lang", lang)
    assert (status, out) == (2, "") and said in err


def test_a_position_file_is_not_a_match():
    with pytest.raises(FileRefused) as refused:
        review_data(XGP.read_bytes(), XGP.name)
    assert refused.value.message == ("error.review_position_file", {})
    status, out, err = run(XGP, "--lang", "fr")
    assert status == 2 and "une position, pas un match" in err


def test_the_command_runs_as_a_module():
    done = subprocess.run([sys.executable, "-m", "game.review", str(SHORT_MAT)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("case_numbered_result.mat: Match to 5 points, 2 games.")

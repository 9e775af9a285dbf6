"""The corpus of .mat files in other producers' dialects, read as GNU Backgammon reads them.

``tools/mat_dialects.py`` writes the files of ``tests/data/mat_corpus`` (our own
generator, one layout per producer); ``tools/compare_mat_files.py --fixtures``
had gnubg read each of them and kept its view, move by move, in
``gnubg_views.json`` (gnubg 1.1's, from PyPI; the ``online_*`` files' are Debian's gnubg
1.07's: ``GNUBG=... --only online_``).  Here our reading is compared with that view
without gnubg.
"""

import functools
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from compare_mat_files import classify, our_view, summary
from mat_dialects import CASES, CORPUS, PRODUCERS, corpus
from game.formats.mat_read import import_mats

FOLDER = Path(__file__).resolve().parent / "data" / "mat_corpus"
VIEWS = json.loads((FOLDER / "gnubg_views.json").read_text())
FILES = sorted(path.name for path in FOLDER.glob("*.mat"))


@functools.lru_cache(maxsize=None)
def classified(name):
    """``classify`` of a corpus file against gnubg's stored view (read once per run)."""
    return classify((FOLDER / name).read_bytes(), VIEWS[name])


def test_the_corpus_is_what_the_generator_writes_for_every_producer():
    written = corpus()
    assert sorted(written) == FILES == sorted(VIEWS)
    for name in FILES:
        assert (FOLDER / name).read_bytes() == written[name], name
    assert Counter(name.rsplit("_", 1)[0] for name in FILES if not name.startswith("case_")) == \
        {p: len(CORPUS[p]) for p in PRODUCERS}
    assert sorted(name for name in FILES if name.startswith("case_")) == \
        sorted(f"case_{name}.mat" for name in CASES)


@pytest.mark.parametrize("name", FILES)
def test_each_file_reads_as_gnu_backgammon_reads_it(name):
    ours_ok, gnubg_ok, differences, known, why = classified(name)
    assert ours_ok and gnubg_ok, why
    assert differences == []
    # the only differences allowed are gnubg's own misreadings, each named
    for line in known:
        assert re.search(r"before the first roll|column's player|after a take|only play|"
                         r"row's number again", line), line


def test_the_comparison_counts_on_the_corpus():
    counts = [0, 0, 0, 0, 0]
    actions = Counter()
    known = Counter()
    for name in FILES:
        ours_ok, gnubg_ok, differences, found, _why = classified(name)
        counts = [counts[0] + 1, counts[1] + ours_ok, counts[2] + gnubg_ok, counts[3] + bool(differences),
                  counts[4] + (gnubg_ok and not ours_ok)]
        for game in VIEWS[name]["games"]:
            actions.update(action["action"] for action in game["actions"])
        known.update(line.split(": ", 1)[1].split(";")[0] for line in found)
    assert summary(counts) == ("38 files, 38 read by us, 38 read by GNU Backgammon, 0 read differently, "
                               "0 wrongly refused")
    # counted: what gnubg read, and the cases where it misreads its own file (or cannot read
    # a line: the online site's results after the row's number again, read by Debian's 1.07)
    assert actions == {"move": 5489, "double": 90, "take": 60, "resign": 32, "drop": 30}
    assert known == {"a resignation before the first roll": 6,
                     "gnubg gives the resignation to the column's player": 4,
                     "its result follows the row's number again": 7,
                     "gnubg does not read the last play, on the line of the row's number again": 2}


@pytest.mark.parametrize("producer, pattern", [
    ("xg", "\ufeff; [Site \"eXtreme Gammon\"]\r\n"),
    ("xg_mobile", "; [Player 1 Elo "),
    ("dailygammon", ") Wins "),
    ("gamesgrid", "Cannot Move"),
    ("gamesgrid", "Losses "),
    ("online", ")  Losses "),
    ("bgstudio", "????"),
    ("transcription", "\t"),
    ("transcription", ";;;;;;;;"),
])
def test_each_producer_s_habits_are_in_its_files(producer, pattern):
    texts = [(FOLDER / name).read_bytes().decode("utf-8", "replace") for name in FILES
             if name.rsplit("_", 1)[0] == producer]
    assert any(pattern in text for text in texts)


def test_a_transcription_in_windows_1252_keeps_its_names_and_resumes_where_it_says():
    data = (FOLDER / "transcription_1.mat").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    match = import_mats(data)[0]
    assert match.config.names == ("José Ñúñez", "Zoë Müller")
    assert match.events[0]["score"] != [0, 0]


def test_results_against_the_rules_are_read_with_a_warning_naming_game_and_line():
    warnings = []
    import_mats((FOLDER / "handwritten_1.mat").read_bytes(), warnings=warnings)
    assert warnings and all(w.key == "warning.mat_result" for w in warnings)
    for w in warnings:
        assert {"game", "line", "file", "rules"} <= set(w.params) and w.params["file"] != w.params["rules"]
    assert our_view((FOLDER / "handwritten_1.mat").read_bytes())["games"]


def test_a_file_gnubg_takes_with_an_opening_double_or_an_illegal_play_is_not_read_by_it():
    # gnubg 1.1 records both without a word; refusing them is right, not a wrong refusal
    name = "case_forfeits.mat"
    for change in (("31: 8/5 6/5", "33: 8/5 6/5"), ("31: 8/5 6/5", "31: 8/5 6/3")):
        data = (FOLDER / name).read_bytes().replace(*(part.encode() for part in change))
        theirs = json.loads(json.dumps(VIEWS[name]))
        first = theirs["games"][2]["actions"][0]
        if change[1].startswith("33"):
            first["dice"] = [3, 3]
        else:
            first["after"] = "4HPwATDgc/ABMA"      # not where 8/5 6/3 would lead either
        ours_ok, gnubg_ok, differences, _known, why = classify(data, theirs)
        assert (ours_ok, gnubg_ok, differences) == (False, False, []) and "gnubg takes" in why


@pytest.mark.parametrize("name", FILES)
def test_a_match_read_from_any_producer_saves_replays_and_exports_as_itself(name):
    from test_matfile import kept_events
    from game.match import Match
    from game.formats.mat_read import import_mat
    from game.formats.mat_write import export_mat

    match = import_mats((FOLDER / name).read_bytes())[0]
    assert Match.from_dict(json.loads(json.dumps(match.to_dict()))).events == match.events
    assert kept_events(import_mat(export_mat(match))) == kept_events(match)

""".sgf match files (GNU Backgammon's own format): what we write, what we read, gnubg's view.

gnubg itself is not needed here: ``tools/check_sgf_with_gnubg.py`` compared
hundreds of files with Debian's gnubg, both ways, and kept a few files that
gnubg wrote (``tests/data/gnubg_*.sgf``: its saves of our matches, and
matches and a session it played itself and analysed) with its view of each
(``tests/data/gnubg_sgf_expected.json``: every action's Position ID before
it, the dice, the checker steps, cube actions, resignations, results).
"""

import json
import random
import re
from pathlib import Path

import pytest

from check_mat_with_gnubg import compare, expected_view, random_match
from check_sgf_with_gnubg import FIXTURES, _after, _normal
from game.dice import ManualDice
from game.match import Match, MatchConfig, Phase
from game.position import Position
from game.formats.sgf import (SgfFileError, export_sgf, import_sgf, sgf_info)
from game.app.text.i18n import translator

DATA = Path(__file__).resolve().parent / "data"
EXPECTED = json.loads((DATA / "gnubg_sgf_expected.json").read_text())
KEPT = ("game_start", "roll", "move", "pass", "double", "beaver", "take", "drop", "win", "match_win")


def kept_events(match):
    """The events an .sgf file keeps (the opening roll's ties, steps and offers declined go)."""
    return [event for event in match.events if event["type"] in KEPT]


def new_match(dice, **config):
    return Match(MatchConfig(**config), ManualDice(dice))


def play(match, *actions):
    """Apply actions: a (d1, d2) roll, notation to play, or an action name."""
    for action in actions:
        if isinstance(action, tuple):
            if match.phase is not Phase.OPENING:
                match.dice_source.push(action)
            match.roll()
        elif action in ("double", "take", "drop", "beaver", "done", "accept_resignation",
                        "reject_resignation", "new_game"):
            getattr(match, action)()
        elif action.startswith("resign"):
            match.resign(int(action[-1]))
        else:
            match.play_text(action)
    return match


def nodes(text):
    """The nodes after each root, as written: ``['W[31hefe]', 'B[double]', ...]``."""
    return [line[1:].rstrip(")") for line in text.split("\n") if line.startswith(";")]


# --- round trips ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_a_random_match_reads_back_to_the_same_actions_and_text(seed):
    match = random_match(seed, resign=0.05)
    text = export_sgf(match, event=f"seed {seed}", date="2026-11-25")
    again = import_sgf(text)
    assert kept_events(again) == kept_events(match)
    assert again.score == match.score and again.match_winner == match.match_winner
    assert again.config == match.config
    assert export_sgf(again, **sgf_info(text)) == text


@pytest.mark.parametrize("seed", range(10))
def test_a_match_left_in_play_reads_back_in_the_same_state(seed):
    match = random_match(seed, stop=20 + 13 * seed)
    if match.phase is Phase.RESIGNATION_OFFERED:
        match.reject_resignation()          # an open offer is not in the format
    again = import_sgf(export_sgf(match))
    assert kept_events(again) == kept_events(match)
    assert (again.phase, again.player_on_roll, again.dice, again.position_id(), again.match_id()) == \
        (match.phase, match.player_on_roll, match.dice, match.position_id(), match.match_id())


@pytest.mark.parametrize("config", [
    {"length": 0, "automatic_doubles": 2, "jacoby": True},
    {"length": 5, "opening": "both_dice"},
    {"length": 0, "opening": "both_dice", "automatic_doubles": 1, "beavers": True},
    {"length": 3, "cube": False},
    {"length": 9, "max_cube": 16, "crawford": False},
])
def test_engine_options_gnubg_lacks_travel_in_a_property_it_ignores(config):
    for seed in range(5):
        match = random_match(seed, config, cube=0.2)
        text = export_sgf(match)
        again = import_sgf(text)
        assert again.config == match.config
        assert kept_events(again) == kept_events(match)
        assert [e["cube"] for e in again.events if e["type"] == "auto_double"] == \
            [e["cube"] for e in match.events if e["type"] == "auto_double"]


# --- against GNU Backgammon ------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_what_we_read_in_gnubg_s_files_is_what_gnubg_read(name):
    # Every action's Position ID before it, dice, cube action and resignation, the position
    # each move leaves, each game's result and the score, as gnubg's "load match" gave them.
    expected = EXPECTED[name]
    match = import_sgf((DATA / f"{name}.sgf").read_text(encoding="utf-8"))
    differences, known = compare(_normal(expected_view(match)), _normal(json.loads(json.dumps(expected))))
    assert differences == [] and known == []
    # the counts, so that an empty file could not pass
    assert len(match.games) == len(expected["games"])
    assert sum(e["type"] in ("move", "pass") for e in match.events) == \
        sum(a["action"] == "move" for g in expected["games"] for a in g["actions"])


def test_the_fixtures_hold_what_they_are_for():
    texts = {name: (DATA / f"{name}.sgf").read_text(encoding="utf-8") for name in EXPECTED}
    assert set(FIXTURES) <= set(texts)
    for text in texts.values():
        assert "AP[GNU Backgammon:1.07" in text          # written by gnubg itself
    played = texts["gnubg_plays_1"]
    assert "A[" in played and "GS[" in played             # its analysis, ignored
    assert "R]" in played                                 # gnubg resigns
    money = texts["gnubg_plays_money"]
    assert "MI[length:0]" in money and "RU[Jacoby]" in money and "DA[" in money
    assert "[double]" in money and "[drop]" in money
    assert "[double]" in texts["gnubg_money"] and "[take]" in texts["gnubg_money"]
    assert re.search(r"RE\[[WB]\+\d+R\]", texts["gnubg_resignations"])
    assert "DI[" in texts["gnubg_resignations"]           # rolled, then resigned
    assert "y" in "".join(nodes(texts["gnubg_5_point"])) and "z" in "".join(nodes(texts["gnubg_5_point"]))
    assert import_sgf(texts["gnubg_in_play"]).phase is Phase.DOUBLED
    assert import_sgf(texts["gnubg_money"]).config.beavers     # a double answering a double


# --- the dialect, as gnubg writes it ---------------------------------------------------

def test_points_are_letters_from_each_mover_s_side_bar_y_off_z():
    match = play(new_match([6, 5, 6, 4], length=1), (6, 5), "24/13", (6, 4), "24/18 13/9")
    assert nodes(export_sgf(match)) == ["W[65xrrm]", "B[64aglp]"]
    # the White 24-point is x; Black's 24-point is a, his 13-point l, his 9-point p
    assert import_sgf(export_sgf(match)).position_id() == match.position_id()


def test_the_bar_is_y_and_a_hit_checker_enters_from_it():
    match = play(new_match([3, 1, 6, 4, 6, 1, 2, 1], length=1), (3, 1), "8/5 6/5", (6, 4),
                 "24/18 13/9", (6, 1), "13/7* 8/7", (2, 1), "bar/24 24/22")
    text = export_sgf(match)
    assert nodes(text)[-2:] == ["W[61mghg]", "B[21ybbc]"]
    again = import_sgf(text)
    assert again.position_id() == match.position_id() and kept_events(again) == kept_events(match)


def test_a_beaver_is_a_double_by_the_player_just_doubled():
    match = play(new_match([3, 1, 4, 2], length=0, beavers=True), (3, 1), "8/5 6/5", "double",
                 "beaver", "take")
    text = export_sgf(match)
    assert nodes(text)[-3:] == ["B[double]", "W[double]", "B[take]"]
    again = import_sgf(text)
    assert [e["type"] for e in again.events][-3:] == ["double", "beaver", "take"]
    assert (again.cube_value, again.cube_owner) == (4, 0)   # the beaver owns it


def test_a_roll_then_a_resignation_keeps_the_dice_and_the_result_says_r():
    match = play(new_match([3, 1, 4, 2], length=7), (3, 1), "8/5 6/5", (4, 2), "resign2",
                 "accept_resignation")
    text = export_sgf(match)
    assert nodes(text)[-1] == "PL[B]DI[42]"
    assert "RE[W+2R]" in text
    again = import_sgf(text)
    assert again.game.result.kind == "resign" and again.score == (2, 0)
    assert [e["type"] for e in again.events][-4:] == ["roll", "resign", "accept_resignation", "win"]


def test_the_crawford_game_and_the_rules_are_in_ru():
    match = play(new_match([3, 1], length=3), (3, 1), "8/5 6/5", "double", "drop")
    match.new_game()
    assert "RU[Crawford]" in export_sgf(match).split("\n(")[0]
    match = Match(MatchConfig(length=2), ManualDice([]), score=(1, 0), crawford=True)
    assert "RU[Crawford:CrawfordGame]" in export_sgf(match)
    assert "RU[NoCube:Crawford]" in export_sgf(new_match([], length=3, cube=False))
    assert "RU[Jacoby]" in export_sgf(new_match([], length=0, jacoby=True))
    assert "RU[" not in export_sgf(new_match([], length=5, crawford=False))


def test_automatic_doubles_are_the_cube_value_of_the_game_root():
    match = play(new_match([2, 2, 3, 1], length=0, automatic_doubles=1), (3, 1), "8/5 6/5")
    text = export_sgf(match)
    assert "CV[2]" in text and "autodoubles:1" in text
    assert import_sgf(text).cube_value == 2


def test_a_loss_on_time_is_written_as_a_resignation_of_a_single_game():
    match = play(new_match([3, 1], length=5), (3, 1), "8/5 6/5")
    match.flag(1)                         # the clock's own path to a loss on time
    text = export_sgf(match)
    assert "RE[W+1R]" in text
    assert import_sgf(text).score == (1, 0)


def test_a_game_set_up_from_a_position_cannot_be_written():
    match = new_match([3, 1], length=5)
    match.setup(match.position)
    with pytest.raises(SgfFileError) as error:
        export_sgf(match)
    assert error.value.key == "error.sgf_setup"


def test_names_and_header_values_are_escaped_and_read_back():
    match = new_match([], length=3, names=("Ann ] \\ Lee", "Bob\nSmith"))
    text = export_sgf(match, event="Club ] night", site="Paris", round="2", annotator="me",
                      date="2026-11-25")
    again = import_sgf(text)
    assert again.config.names == ("Ann ] \\ Lee", "Bob Smith")
    assert sgf_info(text) == {"date": "2026-11-25", "event": "Club ] night", "round": "2",
                              "site": "Paris", "annotator": "me"}


# --- files from elsewhere ---------------------------------------------------------------

GIBBON = ("(;FF[4]GM[6]CA[UTF-8]AP[Gibbon:0.2.0]MI[length:3][game:0][ws:0][bs:0]PW[ann]PB[bob]"
          "RU[Crawford]RE[W+2R]\n;W[31hefe]\n;B[resign:2])")


def test_gibbon_s_resignation_node_is_an_offer_the_result_accepts():
    match = import_sgf(GIBBON)
    assert match.game.result.kind == "resign" and match.game.result.points == 2
    assert [e["type"] for e in match.events][-3:] == ["resign", "accept_resignation", "win"]


def test_gibbon_s_resignation_is_in_points_and_may_be_accepted_or_rejected_by_a_node():
    # Gibbon writes the points offered: with the cube on 2, resign:2 is a single game
    text = ("(;FF[4]GM[6]AP[gibbon (libgsgf):0.2.0]MI[length:7][game:0][ws:0][bs:0]PB[bob]PW[ann]"
            "RE[B+2Resign]RU[Crawford]\n;W[31hefe]\n;B[double]\n;W[take]\n;B[42qusu]\n"
            ";W[resign:4]\n;B[reject]\n;W[53hcfc]\n;B[resign:6]\n;W[reject]\n;B[66]"
            "\n;W[resign:2]\n;B[accept])")
    with pytest.raises(SgfFileError) as error:
        import_sgf(text.replace(";B[66]", ";B[66agag]"))
    match = import_sgf(text.replace(";B[66]", ";B[66agaglrlr]"))
    kinds = [(e["type"], e.get("kind")) for e in match.events if "resign" in e["type"]]
    assert kinds == [("resign", 2), ("reject_resignation", None), ("resign", 3),
                     ("reject_resignation", None), ("resign", 1), ("accept_resignation", None)]
    assert match.score == (0, 2) and match.game.result.kind == "resign"
    with pytest.raises(SgfFileError) as error:
        import_sgf(text.replace(";B[66]", ";B[66agaglrlr]").replace("resign:2", "resign:3"))
    assert error.value.key == "error.sgf_node" and error.value.params["text"] == "resign:3"


def test_a_resignation_node_followed_by_play_was_rejected():
    text = GIBBON.replace("RE[W+2R]", "").replace(";B[resign:2])", ";B[resign:1]\n;B[42qusu])")
    match = import_sgf(text)
    assert "reject_resignation" in [e["type"] for e in match.events]
    assert match.player_on_roll == 0 and match.phase is Phase.ROLL_OR_DOUBLE


def test_analysis_comments_marks_and_variations_are_ignored():
    plain = "(;GM[6]MI[length:3];W[31hefe];B[42qusu])"
    busy = ("(;FF[4]GM[6]CA[UTF-8]MI[length:3][game:0][ws:0][bs:0]GS[M:0 0 1 1][C:0]"
            "GC[a comment \\] with a bracket]\n"
            ";W[31hefe]A[0][hefe E ver 3 0.5 0.1 0 0.1 0 0.0 0C 0 1 0.0 1]C[good]BM[1]LU[0.1]GB[1]"
            "\n;B[42qusu]DA[E ver 3 0.1 0.2]DO[]\n(;W[double])(;W[65xrrm]))"
            "(;FF[4]GM[1]SZ[19];B[dd])")     # a go game in the same collection: skipped
    a, b = import_sgf(plain), import_sgf(busy)
    assert kept_events(a) == kept_events(b)[:len(kept_events(a))]
    assert b.phase is Phase.DOUBLED         # the main line: the first variation


def test_a_main_line_written_as_nested_variations_reads_without_limit():
    flat = export_sgf(random_match(3, {"length": 0}, games=1))
    lines = flat.rstrip(")\n").split("\n")
    nested = "\n(".join(lines) + ")" * len(lines) + "\n"     # each node in its own subtree
    assert nested.count("(") == len(lines) > 10
    assert kept_events(import_sgf(nested)) == kept_events(import_sgf(flat))
    with pytest.raises(SgfFileError) as error:
        import_sgf("(;GM[6]" + "(;" * 5000)
    assert error.value.key == "error.sgf_syntax"


def test_windows_line_ends_a_byte_order_mark_and_lowercase_letters_in_identifiers():
    text = "\ufeff(;GM[6]MI[length:1]\r\n;W[31hefe]\r\n;B[42qusu]\r\n)"
    assert import_sgf(text).position_id() == import_sgf("(;GM[6]MI[length:1];W[31hefe];B[42qusu])").position_id()
    assert import_sgf("(;GaMe[6]MI[length:1];W[31hefe])").game_number == 1


# --- bad files ----------------------------------------------------------------------------

GOOD = "(;GM[6]MI[length:3][game:0][ws:0][bs:0]RU[Crawford]RE[B+1]\n;W[31hefe]\n;B[double]\n;W[drop])"


@pytest.mark.parametrize("change, key, params", [
    (("(;GM[6]", "(GM[6]"), "error.sgf_syntax", {"line": 1}),
    (("W[drop])", "W[drop]"), "error.sgf_syntax", {"line": 4}),
    (("GM[6]", "GM[1]"), "error.sgf_no_game", {}),
    (("W[31hefe]", "W[31hefd]"), "error.sgf_illegal", {"game": 1, "move": 1}),
    (("W[31hefe]", "W[31hefa]"), "error.sgf_illegal", {"game": 1, "move": 1}),
    (("W[31hefe]", "W[33hefe]"), "error.sgf_illegal", {"game": 1, "move": 1, "text": "33hefe"}),
    (("W[31hefe]", "W[31hefe!]"), "error.sgf_node", {"game": 1, "move": 1, "text": "31hefe!"}),
    (("W[31hefe]", "W[31]"), "error.sgf_illegal", {"game": 1, "move": 1, "text": "31"}),
    (("B[double]", "B[take]"), "error.sgf_illegal", {"game": 1, "move": 2}),
    (("W[drop]", "W[take]"), "error.sgf_result", {"game": 1, "move": 4}),
    (("RE[B+1]", "RE[W+1]"), "error.sgf_result", {"game": 1, "move": 4, "text": "W+1"}),
    (("RE[B+1]", "RE[B+2]"), "error.sgf_result", {"game": 1, "move": 4, "text": "B+2"}),
    (("RE[B+1]", "RE[B+3R]"), "error.sgf_result", {"game": 1, "move": 4, "text": "B+3R"}),
    (("RE[B+1]", "RE[white]"), "error.sgf_node", {"game": 1, "move": 0, "text": "white"}),
    (("[ws:0]", "[ws:3]"), "error.sgf_score", {"game": 1, "move": 0}),
    (("MI[length:3]", "MI[length:30]"), "error.sgf_rules", {"game": 1}),
    (("RU[Crawford]", "RU[Nackgammon]"), "error.sgf_rules", {"game": 1, "move": 0}),
    (("RU[Crawford]", "RU[Crawford:Hypergammon3]"), "error.sgf_rules", {"game": 1, "move": 0}),
    (("RU[Crawford]", "RU[Crawford:CrawfordGame]"), "error.sgf_rules", {"game": 1, "move": 0}),
    (("\n;B[double]", "\n;AB[b]\n;B[double]"), "error.sgf_setup", {"game": 1, "move": 2}),
    (("\n;W[drop]", "\n;AE[a:y]\n;W[drop]"), "error.sgf_setup", {"game": 1, "move": 3, "text": "AE[a:y]"}),
    (("\n;B[double]", "\n;AW[z]\n;B[double]"), "error.sgf_node", {"game": 1, "move": 2, "text": "AW[z]"}),
    (("\n;B[double]", "\n;CP[x]\n;B[double]"), "error.sgf_node", {"game": 1, "move": 2, "text": "CP[x]"}),
    (("\n;B[double]", "\n;B[double]W[take]"), "error.sgf_node", {"game": 1, "move": 2}),
    (("\n;B[double]", "\n;PL[X]DI[77]"), "error.sgf_node", {"game": 1, "move": 2, "text": "PL[X]DI[77]"}),
    (("\n;B[double]", "\n;B[resign:5]"), "error.sgf_node", {"game": 1, "move": 2, "text": "resign:5"}),
])
def test_a_bad_file_is_refused_with_a_key_for_the_app_and_builds_nothing(change, key, params):
    text = GOOD.replace(*change)
    assert text != GOOD
    with pytest.raises(SgfFileError) as error:
        import_sgf(text)
    assert error.value.key == key
    assert {name: error.value.params.get(name) for name in params} == params


def test_a_file_with_a_second_game_before_the_first_is_over_or_after_the_match_is_refused():
    unfinished = "(;GM[6]MI[length:3];W[31hefe])(;GM[6]MI[length:3];W[31hefe])"
    with pytest.raises(SgfFileError, match="before game 1 is over"):
        import_sgf(unfinished)
    game = "(;GM[6]MI[length:1]RE[W+1R];W[31hefe])"
    assert import_sgf(game).match_winner == 0
    over = game + game
    with pytest.raises(SgfFileError, match="after the end of the match"):
        import_sgf(over)
    with pytest.raises(SgfFileError) as error:
        import_sgf(b"(;GM[6])")
    assert error.value.key == "error.sgf_syntax"


def test_every_error_key_has_a_sentence_in_both_languages():
    folder = Path(__file__).resolve().parents[1] / "game" / "formats"
    keys = set(re.findall(r'"(error\.sgf_[a-z_]+)"', (folder / "sgf.py").read_text() +
                          (folder / "sgf_text.py").read_text()))
    assert len(keys) == 8
    for lang in ("en", "fr"):
        tr = translator(lang)
        for key in keys:
            assert tr.has(key), (lang, key)
            sentence = tr(key, game=2, move=7, line=3, text="31hefe!")
            assert sentence[0].isupper() and sentence.endswith("."), (lang, sentence)


def test_damaged_files_are_read_or_refused_with_sgf_file_error_only():
    # characters changed, dropped or added at random in gnubg's files: every outcome is a
    # match that the engine rebuilt (and that writes and reads back) or an SgfFileError
    texts = [(DATA / f"{name}.sgf").read_text(encoding="utf-8") for name in sorted(FIXTURES)]
    rng = random.Random(11)
    alphabet = "()[];\\:WBabcdxyz0123456789+R \n"
    outcomes = {"read": 0, "refused": 0}
    for _ in range(40):
        text = list(rng.choice(texts))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(text))
            change = rng.random()
            if change < 0.4:
                text[at] = rng.choice(alphabet)
            elif change < 0.7:
                del text[at]
            else:
                text.insert(at, rng.choice(alphabet))
        try:
            match = import_sgf("".join(text))
        except SgfFileError:
            outcomes["refused"] += 1
            continue
        outcomes["read"] += 1
        assert kept_events(import_sgf(export_sgf(match))) == kept_events(match)
    assert outcomes["read"] > 3 and outcomes["refused"] > 3


def test_a_board_and_cube_set_up_during_a_game_are_read_as_gnu_backgammon_writes_them():
    # written by GNU Backgammon 1.07 (Debian): "set board", "set cube value 2", "set cube
    # owner 1" after the first move; gnubg reads the board 4HPwAFjgc/AAWA back, its O
    # (our player 1, Black) owning the cube at 2, White on roll
    text = (DATA / "gnubg_setup.sgf").read_text()
    match = import_sgf(text)
    assert [e["type"] for e in match.events] == ["game_start", "opening_roll", "move", "setup", "setup",
                                                 "setup"]
    assert (match.position_id(), match.player_on_roll) == ("4HPwAFjgc/AAWA", 0)
    assert (match.cube_value, match.cube_owner, match.phase) == (2, 1, Phase.ROLL_OR_DOUBLE)
    assert match.position.mine[24] == 1 and match.position.theirs[24] == 1     # one on each bar


def test_a_score_set_with_the_board_is_the_score_the_match_is_played_at_as_gnubg_reads_it():
    # Given GNU Backgammon's save of a board edited at 6-3 in a 7-point match (tools/
    # sgf_setup_fixture.py: "set score 6 3", the board, White on roll with 5-2 set, the cube
    # on 2 owned by Black; MI[...][ws:6][bs:3] in the root), and gnubg's reading of it
    text = (DATA / "gnubg_setup_score.sgf").read_text(encoding="utf-8")
    theirs = json.loads((DATA / "gnubg_setup_score.json").read_text())["games"]
    assert "MI[length:7][game:0][ws:6][bs:3]" in text and ";PL[W]AE[a:y]AW[" in text
    assert ";PL[W]DI[52]\n;CV[2]\n;CP[b]\n" in text
    # When we read it
    warnings = []
    match = import_sgf(text, warnings=warnings)
    # Then the game is played at 6-3, not the Crawford game (gnubg: post-Crawford), no warning
    assert match.events[0]["score"] == [theirs[0]["info"]["score-X"], theirs[0]["info"]["score-O"]] == [6, 3]
    assert match.is_crawford_game is theirs[0]["info"]["crawford"] is False and warnings == []
    # and the board, the cube and every play after it are gnubg's
    sets = {key: record[key] for record in theirs[0]["game"] if record["action"] == "set"
            for key in ("board", "cube", "cube-owner") if key in record}
    setups = [e for e in match.events if e["type"] == "setup"]
    assert setups[0]["position_id"] == sets["board"] == "T1TkQSBKT/ABSA"
    assert (setups[-1]["cube"], setups[-1]["cube_owner"]) == (sets["cube"], "XO".index(sets["cube-owner"]))
    plays = [(a["player"], a["board"], sorted(a["dice"]), _after(a["board"], a["dice"], a["move"]))
             for a in theirs[0]["game"] if a["action"] == "move"]
    ours = []
    for event in match.events:
        if event["type"] in ("move", "pass"):
            before = Position.from_position_id(event["position_id"])
            after = before.play(before.parse_move(event["move"], event["dice"])) if event.get("move") \
                else before.swapped()
            ours.append(("XO"[event["player"]], event["position_id"], sorted(event["dice"]),
                         after.position_id()))
    assert ours == plays and len(plays) == 6
    assert (match.score, match.phase, match.player_on_roll) == ((6, 3), Phase.ROLL_OR_DOUBLE, 0)


def test_a_later_game_at_a_score_the_games_before_it_do_not_give_is_kept_with_a_warning():
    # gnubg reads each game's MI score as it is written
    text = ("(;GM[6]MI[length:7][game:0][ws:0][bs:0]RU[Crawford]RE[W+1R]\n;W[31hefe]\n;B[resign:1])"
            "(;GM[6]MI[length:7][game:1][ws:4][bs:2]RU[Crawford]\n;W[31hefe])")
    warnings = []
    match = import_sgf(text, warnings=warnings)
    assert [e["score"] for e in match.events if e["type"] == "game_start"] == [[0, 0], [4, 2]]
    assert [(w.key, w.params) for w in warnings] == [
        ("warning.sgf_score", {"game": 2, "file0": 4, "file1": 2, "rules0": 1, "rules1": 0})]
    for language, words in (("en", "Game 2: the file starts this game at 4-2"),
                            ("fr", "Partie 2\u00a0: le fichier commence cette partie à 4-2")):
        assert words in translator(language)(warnings[0].key, **warnings[0].params)


def test_a_game_set_up_before_its_first_roll_starts_from_that_board():
    # Black's two last checkers on his 1- and 2-points (AB on White's numbering: x, w)
    text = ("(;GM[6]MI[length:3][game:0][ws:0][bs:0]RU[Crawford]\n"
            ";PL[B]AE[a:y]AW[a][a]AB[x][w]\n;B[21wzxz])")
    match = import_sgf(text)
    setup = match.events[1]
    assert setup["type"] == "setup" and setup["player"] == 1 and setup["dice"] is None
    assert match.phase is Phase.OVER
    assert (match.game.result.winner, match.game.result.kind, match.score) == (1, "single", (0, 1))

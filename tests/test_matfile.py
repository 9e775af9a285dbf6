""".mat match files: what we write, what we read, and GNU Backgammon's view of both.

gnubg itself is not needed here: ``tools/check_mat_with_gnubg.py`` compared
hundreds of matches with gnubg's import and wrote its view of a few of them
to ``tests/data/gnubg_mat_expected.json`` (with the .mat files beside it).
"""

import json
import random
from pathlib import Path

import pytest

from check_mat_with_gnubg import CONFIGS, compare, expected_view, random_match
from game.dice import ManualDice, SeededDice
from game.errors import GameError
from game.match import Match, MatchConfig, Phase
from game.formats.mat_write import _plain_move as plain_move
from game.formats.mat_read import MatFileError, import_mat, import_mats, mat_info
from game.formats.mat_write import export_mat
from game.position import Position

DATA = Path(__file__).resolve().parent / "data"
FIXTURES = sorted(path.stem for path in DATA.glob("matfile_*.mat") if not path.stem.endswith("_by_gnubg"))
KEPT = ("game_start", "roll", "move", "pass", "double", "beaver", "take", "drop", "win", "match_win")


def kept_events(match):
    """The events a .mat file keeps (the opening roll's ties, steps and offers declined go)."""
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
        elif action in ("double", "take", "drop", "beaver", "done", "accept_resignation", "new_game"):
            getattr(match, action)()
        elif action.startswith("resign"):
            match.resign(int(action[-1]))
        else:
            match.play_text(action)
    return match


def rows(text):
    """The lines of a file from its ' N point match' line on, without trailing spaces."""
    lines = [line.rstrip() for line in text.split("\n")]
    start = next(k for k, line in enumerate(lines) if line.endswith("point match"))
    return lines[start:]


# --- round trips ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(48))
def test_a_random_match_reads_back_to_the_same_actions_and_text(seed):
    match = random_match(seed, resign=0.05)
    text = export_mat(match, event=f"seed {seed}", date="2026.11.21")
    again = import_mat(text)
    assert kept_events(again) == kept_events(match)
    assert again.score == match.score and again.match_winner == match.match_winner
    assert again.config == MatchConfig.from_dict({**match.config.to_dict()})
    assert export_mat(again, **mat_info(text)) == text


@pytest.mark.parametrize("seed", range(12))
def test_a_match_left_in_play_reads_back_in_the_same_state(seed):
    rng = random.Random(seed)
    match = random_match(seed, stop=rng.randrange(2, 150))
    if match.phase is Phase.RESIGNATION_OFFERED:
        match.reject_resignation()          # an open offer is not in the format
    if match.turn is not None and match.turn.no_move:
        match.done()                        # the dice with no move: a pass, as gnubg reads it
    again = import_mat(export_mat(match))
    assert kept_events(again) == kept_events(match)
    assert (again.phase, again.player_on_roll, again.dice, again.position_id(), again.match_id()) == \
        (match.phase, match.player_on_roll, match.dice, match.position_id(), match.match_id())
    assert export_mat(again) == export_mat(match)


@pytest.mark.parametrize("config", [
    {"length": 0, "automatic_doubles": 2, "jacoby": True},
    {"length": 5, "opening": "both_dice"},
    {"length": 0, "opening": "both_dice", "automatic_doubles": 1, "beavers": True},
    {"length": 3, "cube": False},
    {"length": 9, "max_cube": 16, "crawford": False},
])
def test_engine_options_the_format_lacks_travel_in_extra_tags(config):
    for seed in range(6):
        match = random_match(seed, config, cube=0.2)
        text = export_mat(match)
        again = import_mat(text)
        assert again.config == match.config
        assert kept_events(again) == kept_events(match)
        assert [e["cube"] for e in again.events if e["type"] == "auto_double"] == \
            [e["cube"] for e in match.events if e["type"] == "auto_double"]
        assert export_mat(again) == text


def test_the_fixtures_were_written_by_this_module():
    for name in FIXTURES:
        text = (DATA / f"{name}.mat").read_text()
        assert export_mat(import_mat(text), **mat_info(text)) == text


# --- against GNU Backgammon ------------------------------------------------------------

@pytest.mark.parametrize("name", FIXTURES)
def test_what_we_read_is_what_gnubg_read(name):
    # Every action's Position ID, dice, steps and cube action, each game's result and the
    # score, as gnubg's "import mat" gave them, must follow from our reading of the file.
    expected = json.loads((DATA / "gnubg_mat_expected.json").read_text())[name]
    match = import_mat((DATA / f"{name}.mat").read_text())
    differences, known = compare(expected_view(match), expected)
    assert differences == []
    # rolls not played, then a resignation (or the end of the file): gnubg reads the only
    # play, or a pass, where there is one
    assert all("no move written" in line for line in known)


def test_gnubg_s_own_export_reads_as_the_same_match():
    ours = (DATA / "matfile_5_point.mat").read_text()
    theirs = (DATA / "matfile_5_point_by_gnubg.mat").read_text()
    a, b = import_mat(ours), import_mat(theirs)
    assert kept_events(a) == kept_events(b)
    # gnubg writes no rule tags: it assumes no cube limit; the games are written alike
    assert b.config.max_cube == 1 << 15 and b.config.names == ("Alice", "Bob")
    assert rows(export_mat(b)) == [line.replace(" and the match", "") for line in rows(ours)] or \
        rows(export_mat(b)) == rows(ours)
    assert mat_info(theirs) == {"event": "check matfile_5_point", "date": "2026.11.21"}


def test_the_fixtures_have_what_they_are_for():
    texts = {name: (DATA / f"{name}.mat").read_text() for name in FIXTURES}
    five = texts["matfile_5_point"]
    assert "/0" in five and "25/" in five and "*" in five and "Takes" in five and "Drops" in five
    assert "  1)                             " in five                 # player 1 opens a game
    assert "Beavers => " in texts["matfile_money"] and ' 0 point match' in texts["matfile_money"]
    assert import_mat(texts["matfile_in_play"]).phase is Phase.DOUBLED


# --- the layout, as gnubg writes it --------------------------------------------------------

def test_the_opening_winner_moves_first_and_player_1_leaves_the_left_column_empty():
    match = play(new_match([2, 5], length=1, names=("Ann", "Bob")), (2, 5), "13/8 13/11")
    assert rows(export_mat(match))[4:] == ["  1)                             25: 13/11 13/8", ""]
    # the dice as the engine keeps them: player 0 threw 2, player 1 threw 5
    assert import_mat(export_mat(match)).events[1] == {"type": "opening_roll", "dice": [2, 5], "player": 1}


def test_moves_are_one_die_at_a_time_and_a_pass_is_the_dice_alone():
    # player 0 opens 6-2, player 1 hits with 6-1, player 0 dances with 6-6, player 1 plays 5-5
    match = play(new_match([6, 2], length=1), (6, 2), "24/18 13/11", (6, 1), "13/7* 8/7", (6, 6), "done",
                 (5, 5), "13/3(2)")
    text = export_mat(match)
    assert rows(text)[4:] == [
        "  1) 62: 24/18 13/11             61: 13/7* 8/7",
        "  2) 66:                         55: 13/8 13/8 8/3 8/3",
        "",
    ]
    assert [e["type"] for e in import_mat(text).events if e["type"] in ("move", "pass")] == \
        ["move", "move", "pass", "move"]


def test_a_game_set_up_from_a_position_cannot_be_written():
    match = new_match([], length=3)
    match.setup("4HPwATDgc/ABMA", 1)
    with pytest.raises(MatFileError, match="set-up position"):
        export_mat(match)


def test_a_drop_and_a_resignation_write_wins_in_the_winner_s_column():
    match = play(new_match([3, 1], length=5, names=("Ann", "Bob")),
                 (3, 1), "8/5 6/5", (4, 2), "8/4 6/4", "double", "take", "resign2", "accept_resignation")
    assert rows(export_mat(match))[4:] == [
        "  1) 31: 8/5 6/5                 42: 8/4 6/4",
        "  2)  Doubles => 2                Takes",
        "                                  Wins 4 points",
        "",
        "",
    ]
    match = play(new_match([3, 1], length=3), (3, 1), "8/5 6/5", (4, 2), "8/4 6/4", "double", "drop")
    assert rows(export_mat(match))[4:] == [
        "  1) 31: 8/5 6/5                 42: 8/4 6/4",
        "  2)  Doubles => 2                Drops",
        "      Wins 1 point",
        "",
        "",
    ]


def test_the_game_that_wins_the_match_says_so():
    match = play(new_match([3, 1], length=1), (3, 1), "8/5 6/5", "resign3")
    match.accept_resignation()
    assert rows(export_mat(match))[-3] == "      Wins 3 points and the match"
    assert import_mat(export_mat(match)).match_winner == 0


def test_a_roll_then_a_resignation_keeps_the_dice():
    match = play(new_match([3, 1], length=3), (3, 1), "8/5 6/5", (6, 5), "resign1")
    match.accept_resignation()
    assert rows(export_mat(match))[4:6] == ["  1) 31: 8/5 6/5                 65:", "      Wins 1 point"]
    again = import_mat(export_mat(match))
    assert kept_events(again) == kept_events(match)


class FakeTime:
    now = 0.0

    def __call__(self):
        return self.now


@pytest.mark.parametrize("before, kind", [((), "resign"), (("double",), "drop"),
                                          (("double", "beaver"), "drop")])
def test_a_loss_on_time_is_written_as_a_resignation_or_a_drop(before, kind):
    clock = FakeTime()
    match = Match(MatchConfig(length=0, beavers=True, clock=(10, 0)), ManualDice([3, 1, 4, 2]), now=clock)
    play(match, (3, 1), "8/5 6/5", (4, 2), "8/4 6/4", *before)
    clock.now += 100
    assert match.check_clock() is not None
    again = import_mat(export_mat(match))
    assert again.score == match.score and again.results[0].kind == kind
    assert ("Beavers" in export_mat(match)) is False      # a dropped beaver is written "Doubles => 4"


def test_a_loss_on_time_during_a_resignation_offer_cannot_be_written():
    clock = FakeTime()
    match = Match(MatchConfig(length=3, clock=(10, 0)), ManualDice([3, 1]), now=clock)
    play(match, (3, 1), "8/5 6/5", "resign1")
    clock.now += 100
    assert match.check_clock() == 0                      # the one to answer ran out of time
    with pytest.raises(MatFileError, match="loss on time while a resignation"):
        export_mat(match)


def test_a_dropped_beaver_is_written_as_a_double_that_gnubg_reads_right():
    match = play(new_match([3, 1], length=0, beavers=True), (3, 1), "8/5 6/5", "double", "beaver", "drop")
    assert rows(export_mat(match))[4:6] == ["  1) 31: 8/5 6/5                  Doubles => 2",
                                            "  2)  Doubles => 4                Drops"]
    again = import_mat(export_mat(match))
    assert kept_events(again) == kept_events(match) and again.score == (2, 0)


def test_names_that_would_break_the_format_are_cleaned():
    match = new_match([], length=1, names=("Dr: Who", '  "Q"  '))
    text = export_mat(match)
    assert " Dr_ Who : 0" in text and "'Q' : 0" in text
    assert import_mat(text).config.names == ("Dr_ Who", "'Q'")
    assert import_mat(export_mat(new_match([], length=1))).config.names == ("", "")


def test_header_tags():
    match = new_match([], length=0, jacoby=True, beavers=True, max_cube=256)
    text = export_mat(match, site="Club", event="Monday", round="3", transcriber="me",
                      date=__import__("datetime").date(2026, 1, 2))
    assert text.split("\n\n")[0].split("\n") == [
        '; [Site "Club"]', '; [Event "Monday"]', '; [Round "3"]',
        '; [Player 1 "Player 1"]', '; [Player 2 "Player 2"]', '; [EventDate "2026.01.02"]',
        '; [Variation "Backgammon"]', '; [Jacoby "On"]', '; [Beaver "On"]', '; [CubeLimit "256"]',
        '; [Transcriber "me"]']
    assert mat_info(text) == {"site": "Club", "event": "Monday", "round": "3", "date": "2026.01.02",
                              "transcriber": "me"}
    with pytest.raises(MatFileError, match="date"):
        export_mat(match, date="2 Jan 2026")
    with pytest.raises(MatFileError, match="Event"):
        export_mat(match, event='a"]b')
    with pytest.raises(MatFileError, match="a Match expected"):
        export_mat("match")


# --- reading files from elsewhere ---------------------------------------------------------

HAND_WRITTEN = """\ufeff; [Site "XG Mobile"]\r
; [Player 1 "Ken"]\r
; [Player 2 "XG"]\r
; [EventDate "2022.12.24"]\r
; [Jacoby "On"]\r
; [Beaver "Off"]\r
; [Unrated "Off"]\r
; [CubeLimit "1024"]\r
\r
0 point match\r
\r
Game 1\r
Ken : 0                              XG : 0\r
 1)                                  51: 13/8 6/5\r
 2) 42: 8/4 6/4                      64: 24/14\r
 3) 31: 8/5 6/5                      62: 24/18 13/11\r
 4) 66: 24/18(2) 13/7(2)              Doubles => 2\r
 5)  Takes                           63: bar/16\r
 6) 21: 13/11 6/5\r
 7)  Wins 2 points\r
"""


def test_a_file_written_elsewhere_with_its_own_habits_reads():
    # BOM, CRLF, no leading space, tags gnubg does not write, 13/7(2), bar/16 in one go,
    # hits not marked (landing on a blot hits it)
    match = import_mat(HAND_WRITTEN)
    assert match.config.money and match.config.jacoby and match.config.max_cube == 1024
    assert match.config.names == ("Ken", "XG") and mat_info(HAND_WRITTEN)["site"] == "XG Mobile"
    assert match.score == (2, 0) and match.results[0].kind == "resign"
    assert [e["move"] for e in match.events if e["type"] == "move"] == [
        "13/8 6/5", "8/4 6/4", "24/14", "8/5 6/5", "24/18 13/11", "24/18(2) 13/7* 13/7", "bar/16",
        "13/11* 6/5"]


# player 0 opens 6-2, player 1 hits and leaves a blot on his 5 point, player 0 enters on it
ENTER = " 1 point match\n Game 1\n A : 0    B : 0\n  1) 62: 24/18 13/11    61: 13/7* 6/5\n  2) 53: "


@pytest.mark.parametrize("form", ["25/20* 13/10", "bar/20* 13/10", "b/20* 13/10", "Bar/20 13/10",
                                  "13/10 25/20*", "25/20*, 13/10"])
def test_the_bar_the_hits_and_the_order_of_the_parts_may_be_written_in_the_usual_ways(form):
    match = import_mat(ENTER + form + "\n")
    assert match.events[-1]["move"] == "bar/20* 13/10"


@pytest.mark.parametrize("form", ["24/18 24/18 13/7 13/7", "24/18(2) 13/7(2)", "13/7(2) 24/18(2)",
                                  "24/18 13/7 24/18 13/7", "24/18(2) 13/7 13/7"])
def test_a_double_may_be_written_with_counts_or_part_by_part(form):
    text = " 1 point match\n Game 1\n A : 0    B : 0\n  1) 21: 13/11 6/5    66: " + form + "\n"
    assert import_mat(text).events[-1]["move"] == "24/18(2) 13/7(2)"


def test_bearing_off_may_be_written_0_or_off():
    match = random_match(84, CONFIGS[0], cube=0.0, resign=0.0)
    text = export_mat(match)
    assert "/0 " in text or "/0\n" in text
    assert kept_events(import_mat(text.replace("/0 ", "/off ").replace("/0\n", "/off\n"))) == \
        kept_events(match)


def test_an_empty_move_with_only_one_play_is_that_play_as_gnubg_reads_it():
    for seed in range(40):
        match = random_match(seed, CONFIGS[1], cube=0.0, resign=0.0)
        events = match.events
        for k, event in enumerate(events):
            if event["type"] != "move" or events[k + 1]["type"] not in ("roll", "win"):
                continue
            position = Position.from_position_id(event["position_id"])
            if len(position.legal_moves(event["dice"])) != 1:
                continue
            dice = event["dice"]
            item = f"{dice[0]}{dice[1]}: {plain_move(position, dice, event['move'])}"
            text = export_mat(match)
            if text.count(item) != 1 or events[k + 1]["type"] == "win":
                continue
            blank = item[:4] + " " * (len(item) - 4)
            assert kept_events(import_mat(text.replace(item, blank))) == kept_events(match)
            return
    pytest.fail("no forced play found")


def test_several_matches_in_one_file():
    one = export_mat(random_match(3))
    two = export_mat(random_match(4))
    matches = import_mats(one + "\n" + two)
    assert [export_mat(m) for m in matches] == [one, two]
    with pytest.raises(MatFileError, match="import_mats"):
        import_mat(one + two)


# --- bad files --------------------------------------------------------------------------------

GOOD = (" 3 point match\n\n Game 1\n A : 0                    B : 0\n"
        "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
        "  2)  Doubles => 2                Drops\n"
        "      Wins 1 point\n")


@pytest.mark.parametrize("change, line, message", [
    (("42: 8/4 6/4", "42: 8/4 6/3"), 5, "8/4 6/3"),
    (("42: 8/4 6/4", "42: 8/4 6/x"), 5, "cannot read"),
    (("31: 8/5 6/5", "33: 8/5 6/5"), 5, "opening roll cannot be a double"),
    (("Doubles => 2", "Doubles => 4"), 6, "cube offered is 2"),
    (("      Wins 1 point", "                                  Wins 1 point"), 7, "won 1 point"),
    ((" A : 0                    B : 0", " A : 3                    B : 0"), 4, "below the match length"),
    ((" A : 0                    B : 0", " A 0 B 0"), 4, "score line"),
    (("  2)  Doubles", "  2)  Doubled? Doubles"), 6, "cannot read"),
    ((" 3 point match", " 3 points matches"), 3, "a game before the 'N point match' line"),
    (("  2)  Doubles => 2                Drops", "  2)  Takes"), 6, "no double to answer"),
    (("  2)  Doubles => 2                Drops", "  2)                             65: 13/8 13/7"), 6,
     r"player 0 \(left column\) must roll or double"),
])
def test_a_bad_file_names_the_line_and_builds_nothing(change, line, message):
    text = GOOD.replace(*change)
    assert text != GOOD
    with pytest.raises(MatFileError, match=message) as caught:
        import_mat(text)
    assert caught.value.line == line
    assert isinstance(caught.value, GameError) and caught.value.text == text.split("\n")[line - 1]


def test_more_bad_files():
    assert import_mat(GOOD).score == (1, 0)
    with pytest.raises(MatFileError, match="not a .mat file"):
        import_mat("; only a comment\n\n")
    # notes before the match, as gnubg skips them
    assert import_mat("Transcribed by hand\n 3 point match\n").config.length == 3
    with pytest.raises(MatFileError, match="text or bytes expected"):
        import_mat(3)
    with pytest.raises(MatFileError, match="Backgammon variation"):
        import_mat('; [Variation "Nackgammon"]\n 3 point match\n')
    with pytest.raises(MatFileError, match="1 to 25"):
        import_mat(" 31 point match\n")
    with pytest.raises(MatFileError, match="more than two columns"):
        import_mat(GOOD.replace("Drops", "Drops  Takes"))
    with pytest.raises(MatFileError, match="game 2 starts before game 1 is over"):
        import_mat(GOOD.replace("  2)  Doubles => 2                Drops\n      Wins 1 point\n", "")
                   + " Game 2\n A : 0  B : 1\n")
    with pytest.raises(MatFileError, match="after the end of the match"):
        import_mat(GOOD.replace("3 point", "1 point").replace(
            "  2)  Doubles => 2                Drops\n      Wins 1 point\n",
            "                                  Wins 1 point\n") + " Game 2\n A : 0  B : 1\n")
    # a result the rules cannot give is read as gnubg reads it, with a warning
    warnings = []
    import_mat(GOOD.replace("  2)  Doubles => 2                Drops\n      Wins 1 point\n",
                            "                                  Wins 4 points\n"), warnings=warnings)
    assert [(w.key, w.line, w.params["file"]) for w in warnings] == [("warning.mat_result", 6, 4)]
    with pytest.raises(MatFileError, match="raccoons"):
        import_mat(GOOD.replace("Drops", "Raccoons"))
    with pytest.raises(MatFileError, match="beaver_not_allowed"):      # not in a match
        import_mat(GOOD.replace("Drops", "Beavers => 4"))
    with pytest.raises(MatFileError, match="a beaver answers a double"):
        import_mat(GOOD.replace("  2)  Doubles => 2                Drops", "  2)  Beavers => 2"))
    with pytest.raises(MatFileError, match="no move written for 3-1"):
        import_mat(GOOD.replace("31: 8/5 6/5", "31:"))
    with pytest.raises(MatFileError, match="Crawford: On or Off"):
        import_mat('; [Crawford "maybe"]\n' + GOOD)
    with pytest.raises(MatFileError, match="CubeLimit"):
        import_mat('; [CubeLimit "lots"]\n' + GOOD)
    with pytest.raises(MatFileError, match="header: max_cube"):
        import_mat('; [CubeLimit "3"]\n' + GOOD)
    with pytest.raises(MatFileError, match="Opening"):
        import_mat('; [Opening "Chouette"]\n' + GOOD)
    with pytest.raises(MatFileError, match="a game before"):
        import_mat(" Game 1\n" + GOOD)
    with pytest.raises(MatFileError, match="no score line"):
        import_mat(" 3 point match\n Game 1\n")


def test_automatic_doubles_must_be_allowed_by_the_header():
    config = MatchConfig(length=0, automatic_doubles=1)
    for seed in range(100):
        match = Match(config, SeededDice(seed))
        match.roll()
        if any(event["type"] == "auto_double" for event in match.events):
            break
    text = export_mat(match)
    assert '; [AutoDoubles "1"]\n; [CubeLimit' in text and ' Player 2 : 0\n; [AutoDoubles "1"]\n' in text
    assert import_mat(text).cube_value == 2
    with pytest.raises(MatFileError, match="automatic doubles"):
        import_mat(text.replace('; [AutoDoubles "1"]\n; [CubeLimit', "; [CubeLimit"))


CRAWFORD_DOUBLE = """ 3 point match

 Game 1
 Alice : 0                          Bob : 0
  1) 31: 8/5 6/5                    42: 8/4 6/4
  2)  Doubles => 2                   Takes
  3) 65: 24/13
      Wins 2 points

 Game 2
 Alice : 2                          Bob : 0
  1) 31: 8/5 6/5                    42: 8/4 6/4
  2) 65: 24/13                       Doubles => 2
  3)  {answer}
"""


def test_a_double_in_the_crawford_game_is_left_out_with_a_warning_as_gnubg_reads_the_file():
    # GNU Backgammon (1.1) reads the double and the drop, 1 point to Bob: so do we, the
    # double left out (the rules allow none in the Crawford game) and named in a warning
    warnings = []
    text = CRAWFORD_DOUBLE.format(answer="Drops                          Wins 1 point")
    match = import_mat(text, warnings=warnings)
    assert match.score == (2, 1) and match.game.result.winner == 1 and match.game.result.points == 1
    assert [(w.key, w.params["game"], w.line) for w in warnings] == [("warning.mat_crawford_double", 2, 13)]
    assert "double" not in [e["type"] for e in match.events[match.events.index(
        next(e for e in match.events if e["type"] == "game_start" and e["game"] == 2)):]]
    # taken: play goes on at the cube of 1
    warnings = []
    text = CRAWFORD_DOUBLE.format(answer="Takes                          64: 24/14\n"
                                         "                                    Wins 2 points")
    match = import_mat(text, warnings=warnings)
    assert [w.key for w in warnings] == ["warning.mat_crawford_double"]
    assert match.score == (2, 2) and match.game.cube_value == 1
    # an answer in the doubler's own column is still refused
    with pytest.raises(MatFileError, match="answer"):
        import_mat(CRAWFORD_DOUBLE.format(answer="                                 Takes"))

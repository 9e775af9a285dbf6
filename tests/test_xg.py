"""eXtreme Gammon's ``.xg`` matches and ``.xgp`` positions, read by game.formats.xg.

``tools/xg_files.py`` writes the files of ``tests/data/xg`` from our own matches (our
writer of the published format); ``tools/compare_xg_files.py --fixtures`` had the
independent reader xgdatatools read each of them and kept its view in
``xgdatatools_views.json``.  Here our reading is compared with that view, record by
record and move by move, without xgdatatools; and each file must give back the match
it was written from.
"""

import json
import struct
import zlib
from pathlib import Path

import pytest

from compare_xg_files import compare, summary, view_of
from xg_files import FILES, _stop_at_turn, archive, record, write_xg, write_xgp
from game.dice import ManualDice
from game.formats import xg
from game.formats.xg import XgFileError, import_xg, import_xgp, read_records
from game.match import Match, MatchConfig, Phase
from game.position import Position
from game.ids.xgid import decode_xgid

FOLDER = Path(__file__).resolve().parent / "data" / "xg"
VIEWS = json.loads((FOLDER / "xgdatatools_views.json").read_text())
MATCHES = sorted(path.name for path in FOLDER.glob("*.xg"))
POSITIONS = sorted(path.name for path in FOLDER.glob("*.xgp"))


def _play(match):
    """What a match did, in the terms a file keeps: (kind, player, dice or cube, position)."""
    out = []
    for event in match.events:
        kind = event["type"]
        if kind in ("move", "pass"):
            out.append((kind, event["player"], tuple(sorted(event["dice"])), event["position_id"],
                        event.get("move")))
        elif kind in ("double", "take", "drop", "beaver", "setup"):
            out.append((kind, event.get("player"), event.get("cube"), event.get("position_id")))
        elif kind == "win":
            out.append((kind, event["player"], event["points"], tuple(event["score"])))
        elif kind == "game_start":
            out.append((kind, tuple(event["score"]), event["crawford"]))
    return out


def test_the_test_files_are_what_the_generator_writes_and_xgdatatools_read_them_all():
    assert sorted(VIEWS) == sorted(MATCHES + POSITIONS)
    assert all("records" in view for view in VIEWS.values())
    for name, (make, habits) in FILES.items():
        version = 24 if "version_24" in name else 30
        assert (FOLDER / f"{name}.xg").read_bytes() == write_xg(_stop_at_turn(make()), habits, version), name


@pytest.mark.parametrize("name", MATCHES + POSITIONS)
def test_each_file_reads_record_by_record_and_move_by_move_as_xgdatatools_reads_it(name):
    data = (FOLDER / name).read_bytes()
    games, moves, differences = compare(data, VIEWS[name], name.endswith(".xgp"))
    assert differences == []
    assert view_of(read_records(data)) == VIEWS[name]["records"]


def test_the_comparison_counts():
    totals = [0, 0, 0, 0]
    for name in MATCHES + POSITIONS:
        games, moves, differences = compare((FOLDER / name).read_bytes(), VIEWS[name], name.endswith(".xgp"))
        totals = [totals[0] + 1, totals[1] + games, totals[2] + moves, totals[3] + len(differences)]
    assert summary(*totals) == "9 files, 19 games, 476 moves compared, 0 differences"


@pytest.mark.parametrize("name", sorted(FILES))
def test_each_file_gives_back_the_match_it_was_written_from(name):
    make, _habits = FILES[name]
    written = _stop_at_turn(make())
    warnings = []
    read = import_xg((FOLDER / f"{name}.xg").read_bytes(), warnings=warnings)
    assert _play(read) == _play(written)
    assert read.config.length == written.config.length
    assert read.config.names == tuple(n or f"Player {k + 1}" for k, n in enumerate(written.config.names))
    assert (read.config.jacoby, read.config.beavers) == (written.config.jacoby, written.config.beavers)
    assert read.score == written.score and read.phase == written.phase
    assert [w.key for w in warnings] == (["warning.xg_illegal"] if name == "match_hand_typed" else [])


def test_a_play_typed_by_hand_is_kept_as_the_file_gives_it_with_a_warning_naming_game_and_move():
    warnings = []
    match = import_xg((FOLDER / "match_hand_typed.xg").read_bytes(), warnings=warnings)
    [warning] = warnings
    assert warning.params["game"] == 1 and warning.params["move"] >= 7 and len(warning.params["dice"]) == 2
    setups = [e for e in match.events if e["type"] == "setup"]
    assert len(setups) == 1
    # the play was refused by the rules: no legal play of that roll leads there
    events = match.events
    k = events.index(setups[0])
    assert events[k - 1]["type"] == "roll"


def test_the_habits_of_real_files_are_in_the_test_files():
    records = read_records((FOLDER / "match_7_point_habits.xg").read_bytes())
    moves = [r for r in records if r["kind"] == "move"]
    # one checker taking both dice in one pair: the pair covers the two dice
    assert any(len(xg.decode_moves(r["Moves"])) == 1 and r["Dice"][0] != r["Dice"][1]
               and xg.decode_moves(r["Moves"])[0][0] - xg.decode_moves(r["Moves"])[0][1] == sum(r["Dice"])
               for r in moves)
    # a cube record with no double before a roll
    assert any(r["kind"] == "cube" and r["Double"] == 0 for r in records)
    # a resignation as a move with no checker moved, just before the game's end
    assert any(a["kind"] == "move" and not xg.decode_moves(a["Moves"]) and b["kind"] == "footer_game"
               and b["Termination"] > 100 for a, b in zip(records, records[1:]))
    capped = read_records((FOLDER / "match_capped.xg").read_bytes())
    written = [r["PointsWon"] for r in capped if r["kind"] == "footer_game"]
    rules = [e["points"] for e in _stop_at_turn(FILES["match_capped"][0]()).events if e["type"] == "win"]
    assert len(written) == len(rules) and any(w < r for w, r in zip(written, rules))


def test_a_result_capped_at_the_match_length_is_read_without_a_warning_and_one_that_is_not_right_warns():
    match = Match(MatchConfig(length=1, names=("A", "B")), ManualDice([6, 1]))
    match.roll()
    match.play_text("13/7 8/7")
    match.resign(3, 1)
    match.accept_resignation(0)                      # a backgammon: 3 points, capped at 1
    for habits in (frozenset(), frozenset({"capped"})):
        warnings = []
        read = import_xg(write_xg(match, habits), warnings=warnings)
        assert read.score == match.score and warnings == []
    data = bytearray(write_xg(match))
    records = read_records(bytes(data))
    assert [r["PointsWon"] for r in records if r["kind"] == "footer_game"] == [3]


def test_a_resignation_before_the_roll_and_after_it_are_read():
    match = Match(MatchConfig(length=5), ManualDice([6, 1, 5, 2]))
    match.roll()
    match.play_text("13/7 8/7")
    match.roll()
    match.resign(2, 1)
    match.accept_resignation(0)
    read = import_xg(write_xg(match))
    assert _play(read) == _play(match) and read.score == (2, 0)
    match.new_game()
    match.forfeit(0, 1)
    read = import_xg(write_xg(match, frozenset({"resign_move"})))
    assert read.score == (2, 1) and read.game.result.kind == match.game.result.kind


@pytest.mark.parametrize("name", POSITIONS)
def test_an_xgp_position_opens_as_its_xgid(name):
    xgid = import_xgp((FOLDER / name).read_bytes())
    info = decode_xgid(xgid)
    last = [r for r in read_records((FOLDER / name).read_bytes()) if r["kind"] in ("move", "cube")][-1]
    if name == "position_rolled.xgp":
        assert info.dice == tuple(last["Dice"]) and (info.score_bottom, info.score_top) == (3, 5)
        assert info.match_length == 7
    else:
        assert info.dice is None and info.match_length == 0 and info.jacoby


def test_an_xgp_position_is_the_one_it_was_written_from():
    match = Match(MatchConfig(length=7), ManualDice([4, 2, 6, 5]), score=(2, 4))
    match.roll()
    match.play_text("8/4 6/4")
    match.roll()
    info = decode_xgid(import_xgp(write_xgp(match)))
    # XG's player 1 (our player 0) is the XGID's bottom player, as in XG
    assert Position(info.bottom, info.top) == match.position.swapped()     # player 1 on roll
    assert (info.on_roll, info.dice, info.score_bottom, info.score_top) == ("top", (6, 5), 2, 4)
    assert (info.match_length, info.cube_value, info.cube_owner) == (7, 1, None)


# --- refused, with a reason, and nothing half read -------------------------------------------
GOOD = (FOLDER / "match_5_point.xg").read_bytes()


@pytest.mark.parametrize("data, key", [
    (b"", "error.xg_file"),
    (b"RGM", "error.xg_file"),
    (b"; [Player 1 \"A\"]\n 5 point match\n", "error.xg_foreign"),
    (b"(;FF[4]GM[6])", "error.xg_foreign"),
    (GOOD[:len(GOOD) // 2], "error.xg_file"),
    (GOOD[:-1], "error.xg_file"),
    (GOOD[:9000] + bytes([GOOD[9000] ^ 0xFF]) + GOOD[9001:], "error.xg_file"),
])
def test_a_damaged_truncated_or_foreign_file_is_refused_with_its_reason(data, key):
    with pytest.raises(XgFileError) as caught:
        import_xg(data)
    assert caught.value.key == key
    with pytest.raises(XgFileError):
        import_xgp(data)


def test_a_newer_version_is_refused_as_newer():
    match = Match(MatchConfig(length=1), ManualDice([6, 1]))
    with pytest.raises(XgFileError) as caught:
        import_xg(write_xg(match, version=41))
    assert caught.value.key == "error.xg_newer" and caught.value.params == {"version": 41}
    assert read_records(write_xg(match, version=40))[0]["Version"] == 40


def test_an_archive_without_the_records_or_with_a_bad_file_crc_is_refused():
    with pytest.raises(XgFileError) as caught:
        import_xg(archive({"temp.xgi": b"x" * 10}))
    assert caught.value.key == "error.xg_foreign"
    body = record(xg.HEADER_MATCH, Version=30, Magic=0x494C4D44, MatchLength=1) + b"\0" * 100
    with pytest.raises(XgFileError, match="records of 2560"):
        import_xg(archive({"temp.xg": body}))
    # a file whose own CRC-32 is wrong (the archive's is made right again)
    data = bytearray(archive({"temp.xg": record(xg.HEADER_MATCH, Version=30, Magic=0x494C4D44,
                                                     MatchLength=1)}))
    tail = len(data) - 36
    crc, count, version, registry_size, archive_size, packed = struct.unpack_from("<Iiiiii", data, tail)
    registry = bytearray(zlib.decompress(bytes(data[tail - registry_size:tail])))
    struct.pack_into("<I", registry, 524, 12345)
    new = zlib.compress(bytes(registry))
    start = tail - registry_size
    rebuilt = bytes(data[:start]) + new
    rebuilt += struct.pack("<Iiiiii12x", zlib.crc32(rebuilt[start - archive_size:]), count, version, len(new),
                           archive_size, packed)
    with pytest.raises(XgFileError, match="temp.xg: its CRC"):
        import_xg(rebuilt)


def test_a_move_the_engine_cannot_read_is_refused_with_game_and_record():
    match = Match(MatchConfig(length=3), ManualDice([6, 1, 5, 2]))
    match.roll()
    match.play_text("13/7 8/7")
    records = xg_records = [bytearray(r) for r in __import__("xg_files").write_records(match)]
    # the move's player written as 0: neither XG player
    move = next(r for r in xg_records if r[8] == xg.MOVE)
    struct.pack_into("<i", move, xg._MOVE["ActifP"][0], 0)
    with pytest.raises(XgFileError) as caught:
        import_xg(archive({"temp.xg": b"".join(map(bytes, records))}))
    assert caught.value.key == "error.xg_move" and caught.value.params["game"] == 1


def test_a_game_in_play_is_continued_from_where_the_file_leaves_it():
    match = import_xg((FOLDER / "match_in_play.xg").read_bytes(), dice=ManualDice([3, 3]))
    assert match.phase is Phase.ROLL_OR_DOUBLE and match.match_winner is None
    assert match.roll() == (3, 3)            # the rolls after the file's: from the fallback dice


def test_a_board_edited_before_a_move_is_kept_as_the_file_gives_it_with_a_warning():
    from xg_files import write_records, xg_board
    match = Match(MatchConfig(length=3), ManualDice([3, 1, 6, 4, 5, 2]))
    match.roll()
    match.play_text("8/5 6/5")
    match.roll()
    match.play_text("24/18 13/9")
    match.roll()
    match.play_text("13/8 13/11")
    records = [bytearray(r) for r in write_records(match)]
    moves = [r for r in records if r[8] == xg.MOVE]
    # before the third move, the file's board has one of player 1's checkers moved by hand
    edited = Position.from_counts({6: 4, 5: 2, 8: 2, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 4, 18: 1, 10: 1, 24: 1})
    board = xg_board(edited, 0)
    struct.pack_into("<26b", moves[2], xg._MOVE["PositionI"][0], *board)
    warnings = []
    read = import_xg(archive({"temp.xg": b"".join(map(bytes, records))}), warnings=warnings)
    assert [(w.key, w.params["game"], w.params["move"]) for w in warnings][:1] == [("warning.xg_board", 1, 3)]
    setup = next(e for e in read.events if e["type"] == "setup")
    assert setup["position_id"] == edited.position_id() and setup["player"] == 0
    assert read.game_number == 1 and len([e for e in read.events if e["type"] == "move"]) == 3


def test_an_xgp_position_with_a_double_waiting_for_its_answer_opens_with_the_double_offered():
    from xg_files import _header_match, xg_board
    config = MatchConfig(length=0, names=("A", "B"))
    records = [_header_match(config),
               record(xg.HEADER_GAME, Score1=0, Score2=0, GameNumber=3, PosInit=xg_board(Position.start(), 0)),
               record(xg.CUBE, Actif=-1, Double=1, Take=-1, BeaverR=-1, CubeB=-1,
                      Position=xg_board(Position.start(), 0))]
    info = decode_xgid(import_xgp(archive({"temp.xg": b"".join(records)})))
    # XG's player 2 (the XGID's top player) owns the cube on 2 and redoubles
    assert (info.cube_action, info.on_roll, info.cube_value, info.cube_owner) == ("double", "top", 2, "top")
    assert info.dice is None and info.match_length == 0

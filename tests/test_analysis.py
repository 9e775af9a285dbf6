"""The review of a match (game/bot/analysis.py): losses, marks, cube decisions, luck, summaries.

The expected numbers are asked of the bot itself, never written down: the net
may be retrained.
"""

import json
import random

import pytest

from game import Position
from game.bot.analysis import (CLOSE_CUBE, LEVEL, MARKS, Review, analyse, mark, rating)
from game.bot import Bot, CubeContext
from game.bot.evaluator import ROLLS
from game.dice import ManualDice, SeededDice
from game.match import InvalidMatchError, Match, MatchConfig, Phase

BOT = Bot(level=LEVEL)
# money play, the player on roll far ahead in a race: double, and the opponent drops
RACE_AHEAD = Position.from_counts({6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2}, {6: 4, 5: 3, 4: 3, 3: 3, 2: 2})


def context(match, player):
    cfg = match.config
    owner = match.cube_owner
    return CubeContext(cube_value=match.cube_value,
                       cube_owner=None if owner is None else ("me" if owner == player else "opponent"),
                       match_length=cfg.length, score_me=match.score[player],
                       score_opponent=match.score[1 - player], crawford=match.is_crawford_game,
                       jacoby=cfg.jacoby and cfg.money, beavers=cfg.beavers and cfg.money)


def play_game(match, rng, best_player=0):
    """Play one game: ``best_player`` follows the bot in every decision, the other moves at
    random (and answers doubles as the bot says, never doubling himself)."""
    while match.phase is not Phase.OVER:
        phase = match.phase
        player = match.player_to_act
        if phase is Phase.OPENING:
            match.roll()
        elif phase is Phase.ROLL_OR_DOUBLE:
            if player == best_player and match.can_double() and \
                    BOT.cube_action(match.game.position, context(match, player)) == "double":
                match.double()
            else:
                match.roll()
        elif phase is Phase.DOUBLED:
            doubler = match.player_on_roll
            if BOT.take_decision(match.game.position, context(match, doubler)) == "drop":
                match.drop()
            else:
                match.take()
        else:
            turn = match.turn
            if turn.no_move:
                match.done()
            elif player == best_player:
                ctx = context(match, player)
                match.play_move(BOT.choose_move(turn.position, turn.dice, ctx if ctx.is_match else None))
            else:
                match.play_move(rng.choice(list(turn.position.legal_moves(turn.dice))))
    return match


@pytest.fixture(scope="module")
def money_game():
    match = play_game(Match(MatchConfig(length=0), SeededDice("review-1")), random.Random(1))
    return match, analyse(match)


@pytest.fixture(scope="module")
def match_game():
    # dice on which the bot's player does not end the game by an early double (the net of 2026-11-27
    # doubles "review-2" out after 6 decisions, too few for the checks below)
    match = play_game(Match(MatchConfig(length=5), SeededDice("review-3")), random.Random(3))
    return match, analyse(match)


def test_the_player_who_follows_the_bot_loses_nothing_in_money_play(money_game):
    _match, review = money_game
    best, other = review["players"]
    assert best["decisions"] >= 10 and best["loss"] == 0.0 and best["error_rate"] == 0.0
    assert best["marks"] == {"doubtful": 0, "error": 0, "blunder": 0} and best["rating"] == "world_class"
    assert all(e["loss"] == 0.0 and e["mark"] is None for e in review["entries"] if e["player"] == 0)
    # the random player's plays are weighed against the same ranking
    assert other["loss"] > 0 and other["marks"]["blunder"] >= 1


def test_in_a_match_the_plays_are_ranked_with_the_score(match_game):
    match, review = match_game
    best, other = review["players"]
    assert best["decisions"] >= 10 and best["loss"] == 0.0
    assert other["loss"] > 0
    moves = [e for e in review["entries"] if e["kind"] == "move"]
    assert all("mwc" in row for e in moves for row in e["top"]) and all("loss_mwc" in e for e in moves)
    for e in moves:
        played = next(row for row in e["top"] if row["move"] == e["played"])
        assert played["rank"] == e["rank"] and played["loss"] == pytest.approx(e["loss"], abs=2e-6)
        if e["rank"] > 1:
            assert e["loss"] > 0 and e["loss_mwc"] > 0


def test_every_roll_is_an_entry_and_the_summary_adds_up(money_game):
    match, review = money_game
    rolls = [e for e in match.events if e["type"] in ("move", "pass")]
    entries = [e for e in review["entries"] if e["kind"] in ("move", "pass")]
    assert [e["index"] for e in entries] == [match.events.index(r) for r in rolls]
    for player, summary in enumerate(review["players"]):
        mine = [e for e in review["entries"] if e["player"] == player]
        counted = [e for e in mine if e["counted"]]
        assert summary["decisions"] == len(counted) == summary["moves"] + summary["cube_decisions"]
        assert summary["loss"] == pytest.approx(sum(e["loss"] for e in counted), abs=1e-5)
        assert summary["millipoints"] == pytest.approx(1000 * summary["loss"] / len(counted), abs=0.06)
        assert summary["luck"] == pytest.approx(sum(e["luck"] for e in mine if "luck" in e), abs=1e-5)
        assert summary["rolls"] == sum(1 for e in mine if e["kind"] in ("move", "pass"))
        for name in MARKS:
            assert summary["marks"][name] == sum(1 for e in counted if e["mark"] == name)
    forced = [e for e in entries if e["kind"] == "pass" or e["plays"] == 1]
    assert all(not e["counted"] and e["loss"] == 0.0 for e in forced)


def test_a_planted_blunder_is_marked_with_the_bots_loss():
    match = Match(MatchConfig(length=0), ManualDice([3, 1, 6, 5]))
    match.roll()
    match.play_text("8/5 6/5")
    match.roll()
    before = match.game.position
    match.play_text("8/3 8/2")
    hints = BOT.hints(before, (6, 5))
    played = next(h for h in hints if str(h.move) == "8/3 8/2")
    expected = hints[0].equity - played.equity
    assert expected >= MARKS["blunder"]
    entry = analyse(match)["entries"][-1]
    assert (entry["kind"], entry["player"], entry["played"], entry["best"]) == \
        ("move", 1, "8/3 8/2", str(hints[0].move))
    assert entry["loss"] == pytest.approx(expected, abs=1e-6)
    assert entry["mark"] == "blunder" and entry["rank"] == hints.index(played) + 1


def cube_match(position, actions, length=0):
    """A game set up at ``position`` (player 0 on roll), then ``actions`` done in order."""
    match = Match(MatchConfig(length=length), ManualDice([6, 5, 4, 3, 2, 1] * 4))
    match.setup(position, 0)
    for action in actions:
        getattr(match, action)()
    return match


def test_a_drop_of_a_clear_take_is_marked_and_the_wrong_double_too():
    start = Position.start()
    eq = BOT.cube_equities(start, CubeContext())
    assert eq.response == "take" and eq.action == "no_double"
    review = analyse(cube_match(start, ["double", "drop"]))
    double, drop = review["entries"]
    assert (double["kind"], double["action"], double["player"]) == ("cube", "double", 0)
    assert double["loss"] == pytest.approx(eq.no_double - min(eq.double_take, eq.double_drop), abs=1e-6)
    assert double["best"] == "no_double" and double["mark"] == mark(double["loss"])
    assert (drop["kind"], drop["action"], drop["player"], drop["best"]) == ("response", "drop", 1, "take")
    assert drop["options"] == {"take": pytest.approx(-eq.double_take, abs=1e-6), "drop": -1.0}
    assert drop["loss"] == pytest.approx(eq.double_drop - eq.double_take, abs=1e-6)
    assert drop["mark"] == "blunder"
    assert review["players"][1]["cube_decisions"] == 1 and review["players"][1]["marks"]["blunder"] == 1


def test_a_right_take_loses_nothing_and_a_missed_double_is_counted():
    start = Position.start()
    review = analyse(cube_match(start, ["double", "take"]))
    take = review["entries"][1]
    assert (take["action"], take["best"], take["loss"], take["mark"]) == ("take", "take", 0.0, None)
    eq = BOT.cube_equities(RACE_AHEAD, CubeContext())
    assert eq.action == "double"
    missed = analyse(cube_match(RACE_AHEAD, ["roll"]))["entries"][0]
    assert (missed["kind"], missed["action"], missed["best"], missed["counted"]) == \
        ("cube", "no_double", "double", True)
    assert missed["loss"] == pytest.approx(min(eq.double_take, eq.double_drop) - eq.no_double, abs=1e-6)
    # the same race doubled: no loss
    doubled = analyse(cube_match(RACE_AHEAD, ["double", "drop"]))["entries"]
    assert doubled[0]["loss"] == 0.0 and doubled[1]["best"] == eq.response


def test_a_clear_no_double_is_not_a_decision():
    # a game set up before any roll: the player on roll keeps the cube and rolls
    eq = BOT.cube_equities(Position.start(), CubeContext())
    assert min(eq.double_take, eq.double_drop) < eq.no_double - CLOSE_CUBE
    review = analyse(cube_match(Position.start(), ["roll"]))
    assert [e["kind"] for e in review["entries"]] == []
    assert review["players"][0]["decisions"] == 0 and review["players"][0]["error_rate"] is None


def test_in_a_match_cube_values_are_normalised_to_the_cube():
    review = analyse(cube_match(RACE_AHEAD, ["double", "drop"], length=7))
    double, drop = review["entries"]
    # a drop loses one game at the cube: -1 in normalised equity, whatever the score
    assert drop["options"]["drop"] == pytest.approx(-1.0, abs=1e-6)
    assert double["equities"]["double_drop"] == pytest.approx(1.0, abs=1e-6)
    assert set(double["mwc"]) == {"no_double", "double_take", "double_drop"}


def test_the_luck_of_all_rolls_averages_zero():
    position = Position.from_position_id("sGfwATDgc/ABMA")        # after 8/5 6/5
    total = 0.0
    for d1, d2, weight in ROLLS:
        match = Match(MatchConfig(length=0), ManualDice([1] * 8))
        match.setup(position, 1, dice=(d1, d2))
        match.play_move(BOT.choose_move(position, (d1, d2)))
        (entry,) = analyse(match)["entries"]
        total += weight * entry["luck"]
    assert total / 36 == pytest.approx(0.0, abs=1e-5)


def test_the_review_is_deterministic_and_plain_json(match_game):
    match, review = match_game
    again = analyse(match.to_dict())
    assert again == review
    assert json.loads(json.dumps(review)) == review


def test_a_review_goes_step_by_step():
    match = Match(MatchConfig(length=0), ManualDice([3, 1, 6, 5, 4, 2]))
    match.roll()
    match.play_text("8/5 6/5")
    match.roll()
    match.play_text("24/13")
    review = Review(match)
    # two plays and player 1's cube decision, then the luck of the two rolls
    assert review.total == 5 and review.done == 0
    assert review.step() and review.result()["complete"] is False
    review.step()
    review.step()
    result = review.result()
    assert review.decisions_done and [e["luck"] for e in result["entries"]] == [None, None]
    assert [p["luck"] for p in result["players"]] == [None, None]
    assert all(isinstance(p["loss"], float) for p in result["players"])
    while review.step():
        pass
    result = review.result()
    assert review.done == 5 and result["complete"] is True
    assert all(isinstance(e["luck"], float) for e in result["entries"])


def test_bad_input_is_refused_with_a_typed_error():
    with pytest.raises(InvalidMatchError):
        analyse("not a match")
    data = Match(MatchConfig(length=3), ManualDice([3, 1])).to_dict()
    data["events"].append({"type": "move", "player": 0, "dice": [3, 1], "move": "8/5 6/5",
                           "position_id": "4HPwATDgc/ABMA"})
    with pytest.raises(InvalidMatchError):
        analyse(data)


def test_marks_and_ratings_follow_the_stated_thresholds():
    assert [mark(x) for x in (0.0399, 0.04, 0.0799, 0.08, 0.1599, 0.16, 1.0)] == \
        [None, "doubtful", "doubtful", "error", "error", "blunder", "blunder"]
    assert [rating(x) for x in (0.0049, 0.005, 0.0125, 0.019, 0.031, 0.04)] == \
        ["world_class", "expert", "advanced", "intermediate", "casual", "beginner"]

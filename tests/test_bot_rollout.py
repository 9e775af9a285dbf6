"""Rollouts (game/bot/rollout.py): reproducible, split-proof, right where the answer is known."""

import json

from game import Position
from game.bot import bearoff
from game.bot.rollout import combine, request, rollout, rollout_piece
from game.steps import finish
from game.bot.rollout import piece_steps

START = Position.start()
OPENING = [START.parse_move(m, (3, 1)) for m in ("8/5 6/5", "24/21 6/5")]


def bearoff_position():
    """Both sides home, a checker off each: the database's winning chance is exact, no gammons."""
    return Position.from_counts({2: 2, 4: 1, 5: 1}, {3: 1, 5: 1, 6: 1, 1: 1})


def exact_for_mover(before, move):
    after = before.play(move)          # the opponent on roll
    return 1.0 - 2.0 * bearoff.win_probability(after.mine[:6], after.theirs[:6])


def test_the_same_seed_gives_the_same_numbers_and_another_seed_others():
    # the first two rolls are the strata, the third comes from the seed
    req = request(START, (3, 1), OPENING, truncate=3, reduce=False, seed=11)
    again = request(START, (3, 1), OPENING, truncate=3, reduce=False, seed=11)
    other = request(START, (3, 1), OPENING, truncate=3, reduce=False, seed=12)
    first = rollout(req, 12)
    assert first == rollout(again, 12)
    assert first["candidates"][0]["equity"] != rollout(other, 12)["candidates"][0]["equity"]


def test_one_piece_of_72_games_equals_72_pieces_of_one_bit_for_bit():
    req = request(START, (3, 1), OPENING, truncate=2, reduce=False, seed=5)
    whole = combine([rollout_piece(req, 0, 72)])
    singles = combine([rollout_piece(req, g, 1) for g in range(72)])
    uneven = combine([rollout_piece(req, 0, 5), rollout_piece(req, 5, 40), rollout_piece(req, 45, 27)])
    assert whole == singles == uneven
    assert whole["games"] == 72 and whole["candidates"][1]["games"] == 72


def test_pieces_travel_as_json_and_combine_in_any_order():
    req = json.loads(json.dumps(request(START, (3, 1), OPENING, truncate=1, seed=9)))   # luck taken off
    pieces = [json.loads(json.dumps(rollout_piece(req, g, 2))) for g in (0, 2, 4)]
    assert combine(pieces) == combine(pieces[::-1]) == combine([rollout_piece(req, 0, 6)])


def test_the_step_by_step_form_gives_the_piece_and_yields_between_plies():
    req = request(START, (3, 1), OPENING[:1], truncate=3, reduce=False, seed=2)
    steps = piece_steps(req, 0, 2)
    pieces = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            piece = done.value
            break
        pieces += 1
    assert pieces >= 6 and piece == rollout_piece(req, 0, 2)


def test_a_bear_off_rolled_out_to_the_end_finds_the_database_value_within_its_interval():
    before = bearoff_position()
    plays = list(before.legal_moves((2, 1)))
    result = rollout(request(before, (2, 1), plays, reduce=False, seed=3), 144)
    for move, c in zip(plays, result["candidates"]):
        exact = exact_for_mover(before, move)
        assert c["low"] <= exact <= c["high"], (str(move), exact, c)
        assert c["win_gammon"] == c["lose_gammon"] == 0.0


def test_luck_taken_off_keeps_the_mean_and_shrinks_the_error():
    before = bearoff_position()
    plays = list(before.legal_moves((2, 1)))
    result = rollout(request(before, (2, 1), plays, reduce=True, seed=3), 144)
    for move, c in zip(plays, result["candidates"]):
        exact = exact_for_mover(before, move)
        # the bot maximises its winning chance, the database minimises the rolls: a hair apart
        assert abs(c["equity"] - exact) < 0.01, (str(move), exact, c["equity"])
        assert c["se"] < c["raw_se"] / 10
        assert abs(c["equity"] - c["raw_equity"]) < 3 * c["raw_se"]


def test_a_won_game_counts_one_point_or_the_gammon():
    single = Position.from_counts({1: 1}, {1: 1})
    gammon = Position.from_counts({1: 1}, {12: 15})
    backgammon = Position.from_counts({1: 1}, {20: 15})
    for pos, points in ((single, 1.0), (gammon, 2.0), (backgammon, 3.0)):
        c = rollout(request(pos, (6, 6), pos.legal_moves((6, 6))), 3)["candidates"][0]
        assert (c["equity"], c["se"], c["win"]) == (points, 0.0, 1.0)
        assert c["win_gammon"] == (1.0 if points > 1 else 0.0)
        assert c["win_backgammon"] == (1.0 if points > 2 else 0.0)


def test_truncated_and_full_agree_in_a_race():
    race = Position.from_counts({3: 2, 5: 2, 8: 2, 10: 1}, {4: 2, 6: 2, 7: 2, 9: 1})
    plays = race.legal_moves((6, 4))[:1]
    full = rollout(request(race, (6, 4), plays, seed=4), 36)["candidates"][0]
    cut = rollout(request(race, (6, 4), plays, truncate=3, seed=4), 36)["candidates"][0]
    assert full["se"] > 0 and cut["se"] > 0
    gap = abs(full["equity"] - cut["equity"])
    assert gap < 3 * (full["se"] ** 2 + cut["se"] ** 2) ** 0.5 + 0.02, (full, cut)


def test_a_dead_cube_in_a_match_leaves_the_winning_chance():
    # 2-away each with the cube at 2: any win wins the match, no double can help either side
    pos = Position.from_counts({6: 3, 5: 3, 4: 3, 9: 3, 11: 3}, {6: 3, 5: 3, 4: 3, 8: 3, 10: 3})
    plays = pos.legal_moves((5, 2))[:1]
    match = rollout(request(pos, (5, 2), plays, cubeful=True, cube=2, owner="me", match_length=5,
                            score=(3, 3), truncate=6, reduce=False, seed=6), 36)
    c = match["candidates"][0]
    assert match["unit"] == "mwc"
    assert abs(c["equity"] - c["win"]) < 1e-12


def test_cubeful_money_a_sure_win_doubles_out_or_plays_on():
    sure = Position.from_counts({1: 1}, {12: 2, 13: 13})       # I am off this roll, with a gammon
    result = rollout(request(sure, cubeful=True, cube=2), 4)
    nd, dt = (c["equity"] for c in result["candidates"])
    assert result["double_pass"] == 1.0
    assert (nd, dt) == (2.0, 4.0)              # a gammon for the cube of 2 (then of 4), in the cube's terms
    assert result["action"] == "too_good" and result["response"] == "drop"


def test_cubeful_money_counts_a_finished_game_at_the_cube_in_the_cubes_terms():
    # my last checker is off: the opponent's cube of 4 can no longer be turned
    pos = Position.from_counts({1: 1}, {1: 2})
    plays = pos.legal_moves((2, 1))
    cubeful = rollout(request(pos, (2, 1), plays, cubeful=True, cube=4, owner="opponent"), 2)
    assert cubeful["candidates"][0]["equity"] == 1.0       # 4 points, for a cube of 4


def test_cubeful_money_with_a_dead_cube_counts_the_cube_s_points():
    # the opponent owns the cube at 2 and bears off his last checker next roll whatever I play:
    # he has nothing to gain by redoubling, I cannot double; I lose a single game at the cube of 2
    pos = Position.from_counts({6: 3, 5: 2}, {1: 1})
    plays = pos.legal_moves((2, 1))[:2]
    result = rollout(request(pos, (2, 1), plays, cubeful=True, cube=2, owner="opponent"), 6)
    for c in result["candidates"]:
        assert (c["equity"], c["se"], c["lose"]) == (-1.0, 0.0, 1.0)     # 2 points, in units of the cube
    cubeless = rollout(request(pos, (2, 1), plays), 6)
    assert [c["equity"] for c in cubeless["candidates"]] == [-1.0, -1.0]

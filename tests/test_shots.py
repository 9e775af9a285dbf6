"""game.shots: the rolls that hit and the rolls that enter, against the textbook and GNU Backgammon."""

import gnubg_nn
import pytest
from oracle import board_of, random_game_positions, sensible_game_positions

from game import Position
from game.shots import shots

# The rolls out of 36 that hit a lone blot k pips away when nothing stands between
# (the table every backgammon book prints)
TEXTBOOK = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3,
            15: 1, 16: 1, 18: 1, 20: 1, 24: 1}


@pytest.mark.parametrize("distance", range(1, 25))
def test_a_lone_blot_is_hit_by_the_rolls_of_the_textbook(distance):
    # Given a checker on the bar (25) and a lone opposing blot `distance` pips in front
    position = Position.from_counts({"bar": 1}, {distance: 1})
    assert position.theirs[distance - 1] == 1 and 25 - (25 - distance) == distance
    # Then the rolls that hit are the textbook's
    assert shots(position).hits == TEXTBOOK.get(distance, 0)


def test_the_grid_is_symmetric_and_counts_match_it():
    found = shots(Position.start())
    for d1 in range(6):
        for d2 in range(6):
            assert found.hit[d1][d2] == found.hit[d2][d1]
    assert found.hits == sum(sum(row) for row in found.hit) == 0     # no blot at the start
    assert found.entries == 0 and found.on_bar == 0


def test_a_hit_the_rules_forbid_does_not_count():
    # Given checkers on 10 and 12, a blot on 7, opposing points on 6 and 11
    position = Position.from_counts({10: 1, 12: 1}, {25 - 6: 2, 25 - 11: 2, 25 - 7: 1})
    # When the roll is 3-1: 10/7* leaves the 1 unplayable (7/6 and 12/11 are closed),
    # while 12/9 10/9 and 12/8 use both dice: the rules say both must be used
    assert [str(play) for play in position.legal_moves((3, 1))] == ["12/9 10/9", "12/8"]
    found = shots(position)
    # Then 3-1 is not a shot, though a 3 hits with other rolls
    assert not found.hit[2][0] and not found.hit[0][2]
    assert found.hit[2][2] and found.hit[2][3]


def test_entering_rolls_with_most_of_the_board_closed():
    # Given a checker on the bar against five closed points and a blot on the last
    position = Position.from_counts({"bar": 1, 1: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1})
    found = shots(position)
    # Then only a 6 enters, and it hits: 11 rolls of 36 for each
    assert found.entries == found.hits == 11 and found.enter_percent == 30.6
    assert found.enter[5][0] and not found.enter[4][0]


def gnubg_shots(position):
    board = board_of(position)
    hit, enter = {}, {}
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            results = gnubg_nn.moves(board, d1, d2)
            after = [gnubg_nn.board_from_position_key(key) for key in results]
            hit[d1, d2] = any(b[0][24] > board[0][24] for b in after)
            enter[d1, d2] = bool(board[1][24]) and any(b[1][24] < board[1][24] for b in after)
    return hit, enter


@pytest.mark.parametrize("positions", [random_game_positions(300, seed=11), sensible_game_positions(150, seed=12)],
                         ids=["random", "sensible"])
def test_every_roll_agrees_with_gnu_backgammon(positions):
    checked = with_shots = on_bar = 0
    for position in positions:
        found = shots(position)
        hit, enter = gnubg_shots(position)
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                assert found.hit[d1 - 1][d2 - 1] == hit[d1, d2], (position.position_id(), d1, d2)
                assert found.enter[d1 - 1][d2 - 1] == enter[d1, d2], (position.position_id(), d1, d2)
        checked += 1
        with_shots += found.hits > 0
        on_bar += found.on_bar > 0
    # the sample holds what it is meant to test
    assert checked == len(positions) and with_shots > len(positions) // 5 and on_bar > 5


# --- the page's shot counter (game/app/view/shots_view.py) -------------------------------------------

def test_the_counter_counts_for_the_player_who_rolls_next():
    from game.dice import ManualDice
    from game.match import Match, MatchConfig
    from game.app.view.shots_view import shot_counter
    match = Match(MatchConfig(length=3), ManualDice([3, 1, 6, 4]))
    assert shot_counter(match) is None                      # before the opening roll
    match.roll()
    player = match.player_on_roll
    # while the opener moves: the opponent's shots at the board as it stands
    match.step(24, 21)                                      # a step: a blot left on 21
    whose, found = shot_counter(match)
    assert whose == 1 - player
    assert found == shots(match.position.swapped()) and found.hits > 0
    match.step(21, 20)
    match.done()
    whose, found = shot_counter(match)                       # before the roll: the player on roll
    assert whose == match.player_on_roll and found == shots(match.position)


def test_the_grid_says_each_roll_in_words_in_both_languages():
    from game.app.text.i18n import translator
    from game.app.view.shots_view import shots_html
    found = shots(Position.from_counts({"bar": 1, 1: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1}))
    en, fr = shots_html(found, "Ann", translator("en")), shots_html(found, "Ann", translator("fr"))
    assert en.count('class="lit"') == 2 * 11 and en.count("<table") == 2    # hits and entries
    assert "11 of 36 (30.6%)" in en and 'aria-label="6-1: yes"' in en and 'aria-label="5-1: no"' in en
    assert "11 sur 36 (30,6\u00a0%)" in fr and "6-1 : oui" in fr

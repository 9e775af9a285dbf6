"""The 2-ply look-ahead (game/bot/lookahead.py) against a plain recursive one, and the master's filter."""

import pytest

from game import Position
from game.bot import Bot
from game.bot.bot import mixed
from game.bot.evaluator import ROLLS, equity, evaluate, evaluate_plays, flip, play_results
from game.bot.lookahead import finish, one_ply, one_ply_steps, rolled_steps, two_ply_steps

# a middle game with contact on both sides, and a race
CONTACT = Position.from_counts({6: 4, 8: 2, 13: 4, 20: 2, 4: 2, 2: 1}, {6: 4, 7: 2, 13: 3, 24: 2, 4: 2, 3: 2})
RACE = Position.from_counts({1: 2, 3: 3, 5: 3, 8: 2, 10: 2}, {2: 3, 4: 3, 6: 3, 9: 2, 11: 1})


def textbook(mine, theirs, depth):
    """Probabilities for the player on roll in ``(mine, theirs)``, ``depth`` rolls deep: at each
    roll the roller plays his best play at 0-ply (every net evaluated from scratch, none of the
    incremental sums), and the position it leaves is valued one roll less deep."""
    if depth == 0 or not any(mine) or not any(theirs):
        return evaluate(mine, theirs)
    total = [0.0] * 5
    for d1, d2, w in ROLLS:
        afters = play_results(mine, theirs, d1, d2)
        if afters:
            after = max(afters, key=lambda a: -equity(evaluate(*a)))
        else:                       # a dance: the other side is on roll
            after = (theirs, mine)
        p = flip(textbook(after[0], after[1], depth - 1))
        for k in range(5):
            total[k] += w * p[k]
    return tuple(t / 36.0 for t in total)


@pytest.mark.parametrize("position, dice", [(CONTACT, (4, 2)), (RACE, (6, 3))])
def test_two_ply_is_the_textbook_two_ply(position, dice):
    # Given plays of a roll (two in the race, one in contact: the recursion costs seconds), seen from the opponent
    afters = play_results(position.mine, position.theirs, *dice)[:2 if position is RACE else 1]
    # When each is valued two rolls deeper with no pruning
    deep = finish(two_ply_steps(afters))
    # Then it is the plain recursion's value for the mover, to rounding
    for p, (a_mine, a_theirs) in zip(deep, afters):
        assert p == pytest.approx(flip(textbook(a_mine, a_theirs, 2)), abs=1e-6)


def test_one_ply_and_the_rolled_values_are_the_textbook_ones():
    afters = play_results(CONTACT.mine, CONTACT.theirs, 5, 1)[:3]
    for p, (a_mine, a_theirs) in zip(one_ply(afters), afters):
        assert p == pytest.approx(flip(textbook(a_mine, a_theirs, 1)), abs=1e-6)
    rolled = finish(rolled_steps(CONTACT.mine, CONTACT.theirs))
    assert rolled == pytest.approx(textbook(CONTACT.mine, CONTACT.theirs, 1), abs=1e-6)


def test_two_ply_with_a_prune_wider_than_every_roll_is_the_plain_two_ply():
    afters = play_results(CONTACT.mine, CONTACT.theirs, 6, 1)[:1]
    plain = finish(two_ply_steps(afters))   # computed once, compared twice
    assert finish(two_ply_steps(afters, prune=10_000)) == plain
    # and a narrow prune changes the value, a little
    pruned = finish(two_ply_steps(afters, prune=1))[0]
    assert pruned != plain[0] and abs(equity(pruned) - equity(plain[0])) < 0.1


def test_two_ply_after_the_last_checker_is_borne_off_is_the_win():
    # Given a bear-off where 2-1 takes the mover's last two checkers off
    position = Position.from_counts({1: 1, 2: 1}, {1: 2, 13: 12, 20: 1})
    afters = [a for a in play_results(position.mine, position.theirs, 2, 1) if not any(a[1])]
    assert len(afters) == 1
    # Then two rolls deeper it is still a backgammon: none of the loser's checkers is off, one is in the winner's home
    assert finish(two_ply_steps(afters)) == [(1.0, 1.0, 1.0, 0.0, 0.0)]


def test_the_opponent_dancing_leaves_the_mover_on_roll_again():
    # Given a play that closes the board with an opposing checker on the bar
    position = Position.from_counts({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}, {"bar": 1, 13: 14})
    after = position.play(Bot(level="0-ply").choose_move(position, (2, 1)))
    afters = [(after.mine, after.theirs)]
    deep = finish(two_ply_steps(afters))[0]
    assert deep == pytest.approx(flip(textbook(after.mine, after.theirs, 2)), abs=1e-6)
    assert deep[0] > 0.8


def _tier_of(zero, one, deep):
    """The depth each of the bot's hints ``deep`` was valued at (0, 1 or 2), in the bot's order,
    from the hints of the same position and roll at 0-ply (``zero``) and at 1-ply (``one``)."""
    zero = {str(h.move): h.equity for h in zero}
    one = {str(h.move): h.equity for h in one}
    out = []
    for h in deep:
        key = str(h.move)
        out.append(0 if h.equity == zero[key] else 1 if h.equity == one[key] else 2)
    return out


def test_the_filtered_two_ply_values_the_best_close_plays_of_the_one_ply_and_plays_the_best():
    from game.bot.timing import sample_positions
    bot = Bot(level="0-ply")
    # the replies pruned to 3 a roll, as the master's: the plain 2-ply below prunes them alike
    bot.settings = {"ply": 2, "keep": 6, "window": 0.16, "keep2": 2, "window2": 0.08, "prune": 3}
    once = Bot(level="0-ply")
    once.settings = {"ply": 1, "keep": 6, "window": 0.16, "prune": 3}
    seen, played = 0, False
    for position, dice in sample_positions(30, seed=8)[4:]:
        # each ranking is computed once and read by every check below (a 2-ply takes seconds);
        # `once` is the bot at 1-ply (keep2 and window2 only act at 2-ply)
        ranked = once.hints(position, dice)
        hints = bot.hints(position, dice)
        tiers = _tier_of(Bot(level="0-ply").hints(position, dice), ranked, hints)
        # Then the deepest plays come first, and at most 2 plays are valued at 2-ply
        assert tiers == sorted(tiers, reverse=True) and tiers.count(2) <= 2
        if tiers.count(2) < 2:
            continue
        # Then they are the 1-ply's best two, within 0.08 of each other,
        assert ranked[1].equity >= ranked[0].equity - 0.08
        head = [str(h.move) for h in ranked[:2]]
        assert sorted(str(h.move) for h in hints[:2]) == sorted(head)
        # valued by the plain 2-ply, and the bot plays the better one
        afters = []
        for h in hints[:2]:
            result = position.play(h.move)
            afters.append((result.mine, result.theirs))
        deep = [equity(p) for p in finish(two_ply_steps(afters, prune=3))]
        assert [h.equity for h in hints[:2]] == pytest.approx(deep, abs=1e-9)
        assert deep[0] >= deep[1]
        # (the play is the whole search again: checked once, where the 2-ply changed the 1-ply's
        # choice, or else on the last case)
        if not played and (str(hints[0].move) != head[0] or seen == 1):
            assert bot.choose_move(position, dice) == hints[0].move
            played = True
        seen += 1
        if seen == 2:
            break
    assert seen == 2 and played


def test_a_review_values_the_play_made_as_deep_as_the_best():
    # Given the expert (1-ply at its close calls) and a poor opening 6-5, far below its best
    bot = Bot(level="expert")
    position, dice = Position.start(), (6, 5)
    made = position.parse_move("8/2 8/3", dice)
    prune, blend = bot.settings.get("prune"), bot.settings.get("blend", 1.0)

    def one_ply_value(move):
        # the expert's 1-ply value: its share (blend) of the 1-ply, the rest of the 0-ply
        result = position.play(move)
        after = [(result.mine, result.theirs)]
        zero = evaluate_plays(position.mine, position.theirs, after)[0]
        return equity(mixed(zero, finish(one_ply_steps(after, prune=prune))[0], blend))

    plain = finish(bot.think_hints(position, dice))
    weighed = finish(bot.think_hints(position, dice, played=made))
    value = {str(h.move): h.equity for h in weighed}
    # Then without the play made it keeps its 0-ply value; with it, both it and the best play
    # have their 1-ply values, so that the loss compares two values of the same depth
    assert next(h.equity for h in plain if h.move == made) != pytest.approx(one_ply_value(made), abs=1e-3)
    assert value[str(made)] == pytest.approx(one_ply_value(made), abs=1e-12)
    assert value[str(weighed[0].move)] == pytest.approx(one_ply_value(weighed[0].move), abs=1e-12)
    assert str(weighed[0].move) == "24/13" and sorted(value) == sorted(str(h.move) for h in plain)

"""The novice level ("First steps", issue 35 point 5): a bot for young children that blunders on
purpose but never breaks a rule, weaker than the beginner, offered wherever the levels are."""

import random

from game import Position
from game.bot import LEVELS, Bot
from game.levels import text_keys
from game.app.text.i18n import translator


def decisions(count, seed):
    """Positions and rolls with two or more distinct plays, from 0-ply self-play."""
    rng, bot, out = random.Random(seed), Bot(level="0-ply"), []
    position = Position.start()
    while len(out) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = position.legal_moves(dice)
        if len(plays) > 1:
            out.append((position, dice))
        position = position.play(bot.choose_move(position, dice)) if plays else position.swapped()
        if position.winner() is not None:
            position = Position.start()
    return out


def test_the_novice_is_the_weakest_level_and_is_named_in_both_languages():
    assert list(LEVELS)[0] == "novice" and LEVELS["novice"]["noise"] > LEVELS["beginner"]["noise"]
    for language in ("en", "fr"):
        tr = translator(language)
        name, about = (tr(key) for key in text_keys("novice"))
        assert name != "level.novice" and about.startswith(name) and "pubeval" in about
    assert translator("en")("level.novice") == "First steps" and translator("fr")("level.novice") == "Premiers pas"


def test_the_novice_never_plays_an_illegal_play():
    """Over 150 seeded positions with a choice, each of two seeded novices plays one of the legal plays."""
    players = [Bot(level="novice", seed=seed) for seed in (1, 2)]
    differ = 0
    for position, dice in decisions(150, seed=11):
        plays = position.legal_moves(dice)
        moves = [bot.choose_move(position, dice) for bot in players]
        for move in moves:
            assert move in plays, (position, dice, move)
        differ += moves[0] != moves[1]
    assert differ > 30          # its mistakes are drawn at random: two novices often play differently


def test_the_novice_loses_more_equity_than_the_beginner_but_only_plays_legal_plays():
    """Measured over 80 seeded decisions, judged by the net's best play (0-ply)."""
    judge = Bot(level="0-ply")
    players = {level: Bot(level=level, seed=5) for level in ("novice", "beginner")}
    lost = {level: [] for level in players}
    for position, dice in decisions(80, seed=3):
        hints = judge.hints(position, dice)
        value = {str(h.move): h.equity for h in hints}
        for level, bot in players.items():
            move = bot.choose_move(position, dice)
            assert move in position.legal_moves(dice)
            lost[level].append(hints[0].equity - value[str(move)])
    mean = {level: sum(x) / len(x) for level, x in lost.items()}
    assert mean["novice"] > 2 * mean["beginner"] > 0
    assert sum(x > 0 for x in lost["novice"]) >= 0.5 * len(lost["novice"])   # it misses the best often
    assert max(lost["novice"]) > 0.3                                         # and blunders now and then


def test_a_novice_game_ends_by_the_rules():
    rng, bot = random.Random(9), Bot(level="novice", seed=9)
    position, turns = Position.start(), 0
    while position.winner() is None:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        move = bot.choose_move(position, dice)
        plays = position.legal_moves(dice)
        assert (move is None) == (not plays) and (move is None or move in plays)
        position = position.play(move) if move is not None else position.swapped()
        Position(position.mine, position.theirs)          # every position it leaves is a valid one
        turns += 1
    assert turns < 500 and position.result_points() in (1, 2, 3)

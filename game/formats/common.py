"""What the match-file formats share: GNU Backgammon's order of a move's steps, and the
opening roll replayed from what a file says.

:mod:`game.formats.mat_read` / :mod:`~game.formats.mat_write` (``.mat``) and :mod:`game.formats.sgf` (``.sgf``) write a move one checker
and one die at a time, in the order GNU Backgammon writes them (from the highest point
down), and both read a match back by driving a new :class:`game.match.Match` through
its real actions, feeding the dice the file names to a :class:`game.dice.ManualDice`.

>>> from game.position import Position
>>> gnubg_steps(Position.start(), (3, 1), "8/5 6/5")
[(8, 5), (6, 5)]
>>> gnubg_steps(Position.start(), (6, 6), "24/18(2) 13/7(2)")
[(24, 18), (24, 18), (13, 7), (13, 7)]
>>> gnubg_steps(Position.start(), (5, 2), "")
[]

The opening: player 1 won it with 4-2 (the standard opening, one die each), and the
match rolls exactly that.

>>> from game.dice import ManualDice
>>> from game.match import Match, MatchConfig
>>> dice = ManualDice([])
>>> match = Match(MatchConfig(length=3), dice)
>>> replay_opening(match, dice, 1, (4, 2))
>>> match.player_on_roll, match.turn.dice         # player 0's die first
(1, (2, 4))
"""

__all__ = ["gnubg_steps", "replay_opening"]


def gnubg_steps(position, dice, notation):
    """The ``(source, target)`` of each checker step of ``notation`` (a legal move of the
    player on roll in ``position`` with ``dice``), in GNU Backgammon's order: by source
    from the highest, then by target; 25 is the bar, 0 off. An empty notation: no step."""
    if not notation:
        return []
    move = position.parse_move(notation, dice)
    return sorted(((s.source, s.target) for s in move.steps), key=lambda st: (-st[0], -st[1]))


def replay_opening(match, dice, player, throw, ties=0):
    """Roll the opening of ``match`` that ``player`` won with ``throw`` (two dice).

    ``dice`` is the match's :class:`game.dice.ManualDice`; ``ties`` the tied throws before it
    that turned the cube (automatic doubles). With the standard opening (one die each) the
    two dice are the two players' throws, so ``throw`` must not be a double: the caller says
    so in its own words first. With ``both_dice`` each player throws two dice; the loser is
    given 1-1, and a winning 1-1 (which cannot win a throw) becomes a throw won by 2-1 and
    then thrown again for the first move.
    """
    d1, d2 = throw
    both = match.config.opening == "both_dice"
    for _ in range(ties):                          # ties that turned the cube
        for die in ((1, 1, 1, 1) if both else (1, 1)):
            dice.push_one(die)
    if not both:
        high, low = max(d1, d2), min(d1, d2)
        for die in ((high, low) if player == 0 else (low, high)):
            dice.push_one(die)
        match.roll()
        return
    reroll = None
    if d1 + d2 <= 2:                               # 1-1 cannot win the throw: it was thrown again
        throw, reroll = (2, 1), (d1, d2)
    throws = {player: throw, 1 - player: (1, 1)}
    for die in throws[0] + throws[1]:
        dice.push_one(die)
    match.roll()
    if reroll is not None:
        dice.push(reroll)
        match.reroll()

"""Fewer clicks, same rules: what the page does for a person who asked for it in Settings.

Three choices kept in :class:`game.app.controller.Prefs`, each off by default
(Done stays the default way to end a turn):

- ``auto_roll``: the dice are thrown for the person on roll when the rules
  leave them nothing else to do before rolling: the engine says they may not
  double (:meth:`game.match.Match.can_double`: the cube is the opponent's,
  dead, at its maximum, off in this match, the Crawford game, ...). The
  opening roll is not thrown for anyone.
- ``auto_bear_off``: once every checker of the person is home and contact is
  over (:meth:`game.position.Position.is_race`, ``all_home``), the page plays
  the roll for them: the play that takes a checker off with every die when
  the rules allow one, else the bot's best play (:func:`bear_off_play`).
- ``auto_done``: the turn ends as soon as the person plays the last die
  (:func:`ends_turn`); a move forced by the roll still waits for Done.

Nothing here decides what is legal: the plays come from the engine's
:class:`game.turn.Turn`, the cube from the match.

>>> from game.position import Position
>>> from game.turn import Turn
>>> class Prefs:
...     auto_roll = auto_bear_off = auto_done = True
>>> race = Position.from_counts({6: 2, 3: 1, 1: 2}, {6: 5, 1: 10})    # no contact, all home
>>> str(bear_off_play(Prefs, Turn(race, (6, 3))))
'6/off 3/off'
>>> turn = Turn(race, (6, 3))
>>> _ = turn.step(6, 0); _ = turn.step(3, 0)
>>> ends_turn(Prefs, turn)
True
"""

from game.match import Phase
from game.move import OFF

__all__ = ["rolls_for", "bear_off_play", "ends_turn"]


def rolls_for(prefs, match, is_human):
    """True when the page throws the dice now for the person on roll (``is_human(player)``).

    Only before a turn's roll (not the opening roll), only for a person, and
    only when the engine refuses them the double.

    >>> from game.match import Match, MatchConfig
    >>> from game.dice import ManualDice
    >>> class Prefs:
    ...     auto_roll = True
    >>> m = Match(MatchConfig(length=5), ManualDice([3, 1, 6, 5], fallback=None))
    >>> rolls_for(Prefs, m, lambda p: True)              # the opening roll: never
    False
    >>> _ = m.roll(); _ = m.step(8, 5); _ = m.step(6, 5); _ = m.done()
    >>> rolls_for(Prefs, m, lambda p: True)              # the centred cube may be turned
    False
    >>> _ = m.double(); _ = m.take()
    >>> rolls_for(Prefs, m, lambda p: True)              # the opponent owns the cube now
    True
    >>> rolls_for(Prefs, m, lambda p: False)             # a computer rolls for itself
    False
    """
    if not getattr(prefs, "auto_roll", False) or match is None:
        return False
    if match.phase is not Phase.ROLL_OR_DOUBLE or match.match_winner is not None:
        return False
    player = match.player_on_roll
    return player is not None and is_human(player) and not match.can_double()


def _is_bear_off(position):
    """Every checker of the player on roll home, and no contact left."""
    return position.all_home() and position.is_race()


def _off(play):
    return sum(step.target == OFF for step in play.steps)


def bear_off_play(prefs, turn, choose=None):
    """The play the page makes for a person at the start of a bear-off turn, or None.

    None unless ``prefs.auto_bear_off``, the turn is untouched, a play exists,
    every checker is home and no contact remains. Then: the plays that take a
    checker off with every die they use (the engine's legal plays, so the
    smaller die goes first where that is what makes it legal); when there are
    none, every legal play. One result: that play; several: the best by
    ``choose(position, dice, plays)``, by default the expert bot's ranking
    (its bear-off database in a race).

    >>> from game.position import Position
    >>> from game.turn import Turn
    >>> class Prefs:
    ...     auto_bear_off = True
    >>> home = Position.from_counts({5: 1, 2: 2}, {6: 15})
    >>> str(bear_off_play(Prefs, Turn(home, (6, 3))))     # each die takes one off
    '5/off 2/off'
    >>> two = Position.from_counts({6: 2}, {1: 10})          # nothing comes off: the bot's best play
    >>> str(bear_off_play(Prefs, Turn(two, (2, 1))))
    '6/3'
    >>> contact = Position.from_counts({5: 1, 2: 2}, {24: 1, 6: 14})
    >>> bear_off_play(Prefs, Turn(contact, (6, 3))) is None      # contact: the person plays
    True
    """
    if not getattr(prefs, "auto_bear_off", False) or turn is None:
        return None
    if turn.played or turn.no_move or not _is_bear_off(turn.position):
        return None
    plays = list(turn.plays)
    every_die = [play for play in plays if _off(play) == len(play.steps)]
    candidates = every_die or plays
    if len({play._after for play in candidates}) == 1:
        return candidates[0]
    return (choose or _best)(turn.position, turn.dice, candidates)


def _best(position, dice, candidates):
    """The expert bot's best play among ``candidates`` (compared by the position each leads to)."""
    from game.bot import Bot

    wanted = {play._after: play for play in candidates}
    for hint in Bot("expert").hints(position, dice):
        found = wanted.get(position.play(hint.move))
        if found is not None:
            return found
    return candidates[0]        # pragma: no cover - the bot ranks every legal play


def ends_turn(prefs, turn):
    """True when the page ends the turn now: ``prefs.auto_done`` and the last die played.

    >>> from game.position import Position
    >>> from game.turn import Turn
    >>> class Prefs:
    ...     auto_done = True
    >>> turn = Turn(Position.start(), (3, 1))
    >>> _ = turn.step(8, 5); ends_turn(Prefs, turn)
    False
    >>> _ = turn.step(6, 5); ends_turn(Prefs, turn)
    True
    """
    return bool(getattr(prefs, "auto_done", False) and turn is not None
                and turn.played and turn.is_complete)

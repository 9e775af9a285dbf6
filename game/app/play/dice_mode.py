"""Dice set by hand (a teacher's match): the game asks for them before each roll.

:class:`HandSetDice` is the part of :class:`game.app.play.mode.GameMode` that asks for
the dice when they are due (:meth:`HandSetDice.dice_wanted`: a match with dice set by
hand, a roll due, none set), checks the two fields (:func:`game.app.play.dice_entry.read_dice`)
and throws them. They are due from the match's state, not opened by the person, so the
game shows their form itself rather than a mode over it.
"""

from game.dice import ManualDice
from game.match import Phase
from game.app.play.dice_entry import DiceEntryError, read_dice

__all__ = ["HandSetDice"]


class HandSetDice:
    """The dice form of a match whose dice are set by hand: a part of
    :class:`game.app.play.mode.GameMode` (its ``hand_dice``)."""

    def __init__(self, game):
        self.game = game
        self.app = game.app

    def dice_wanted(self):
        """``"opening"`` or ``"roll"`` when a person must set the next dice (a match with
        dice set by hand, a roll due, none set yet), else None."""
        m = self.app.match
        if (m is None or not self.app.setup.manual_dice or self.game.covered()
                or not isinstance(m.dice_source, ManualDice) or m.dice_source.pending):
            return None
        if m.phase is Phase.OPENING:
            return "opening"
        if m.phase is Phase.ROLL_OR_DOUBLE:
            return "roll"
        return None

    def _roller(self):
        m = self.app.match
        return m.player_to_act if m.player_to_act is not None else m.player_on_roll

    def prompt(self):
        """The message that asks for the dice due (the opening throw, or the roller's)."""
        if self.dice_wanted() == "opening":
            return ("msg.dice_wanted_opening", {})
        return ("msg.dice_wanted", {"name": {"player": self._roller()}})

    def set_dice(self, first, second):
        """The dice a person set (two texts from the form): checked, then thrown.

        At the opening roll they are the bottom player's die and the top one's; a tie is
        kept and thrown with the next pair, as the engine throws again.  For
        the computer's roll they wait until it rolls.  Bad input changes
        nothing and the message says why; returns True when the dice were taken.
        """
        wanted = self.dice_wanted()
        if wanted is None:
            return False
        try:
            dice = read_dice(first, second)
        except DiceEntryError as error:
            self.app.message = (error.key, error.params)
            self.app.dice_invalid = error.field
            return False
        self.app.dice_invalid = None
        source = self.app.match.dice_source
        if wanted == "opening" and dice[0] == dice[1]:
            self.app.dice_ties += list(dice)
            self.app.message = ("msg.dice_tie", {"die": dice[0]})
            self.app.save()
            return True
        if wanted == "opening":
            # the form asks the bottom player's die first; the engine throws player 0's first
            throw = dice if self.app.bottom == 0 else dice[::-1]
            for die in [*self.app.dice_ties, *throw]:
                source.push_one(die)
            self.app.dice_ties = []
        else:
            self.app.dice_ties = []
            source.push(dice)
        if self.game.human_to_act():
            self.game._roll()
        else:
            self.app.save()
        return True

    def entry(self):
        """The dice form while a person sets the dice: legend and field labels, else None."""
        wanted = self.dice_wanted()
        if wanted is None or self.game.covered():
            return None
        tr = self.app.tr
        if wanted == "opening":
            bottom = self.app.bottom
            labels = [tr("label.die_of", name=self.app.player_name(p)) for p in (bottom, 1 - bottom)]
        else:
            labels = [tr("label.die_first"), tr("label.die_second")]
        return {"legend": self.app.text(self.prompt()), "first": labels[0], "second": labels[1],
                "invalid": self.app.dice_invalid}

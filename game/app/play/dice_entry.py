"""Dice a person sets by hand (a teacher): the two texts of the dice form, checked.

A match started with "set each roll by hand" uses :class:`game.dice.ManualDice`;
before each roll the page shows two small fields.  :func:`read_dice` turns
what was typed into two dice, or raises :class:`DiceEntryError`, whose
``key`` and ``params`` are the app's message (French and English) saying
what is wrong.  Nothing is thrown until both dice are good.

>>> read_dice("6", " 5 ")
(6, 5)
>>> read_dice(4, 4)
(4, 4)
>>> try:
...     read_dice("7", "2")
... except DiceEntryError as error:
...     print(error.key, error.params)
error.die {'text': '7'}
>>> try:
...     read_dice("", "2")
... except DiceEntryError as error:
...     print(error.key)
error.die_missing
"""

__all__ = ["DiceEntryError", "read_die", "read_dice"]


class DiceEntryError(ValueError):
    """A die typed by hand is missing or not a whole number from 1 to 6.

    ``key`` and ``params`` are the message the app shows; ``field`` is 0 or 1
    for the first or second die of :func:`read_dice` (None for one die).
    """

    def __init__(self, key, params=None, field=None):
        self.key = key
        self.params = dict(params or {})
        self.field = field
        super().__init__(f"{key}: {self.params}")


def read_die(text):
    """One die from a field's text (or an int): an int from 1 to 6, else :class:`DiceEntryError`.

    >>> read_die("3"), read_die(" 6")
    (3, 6)
    """
    if isinstance(text, bool):
        raise DiceEntryError("error.die", {"text": str(text)})
    if isinstance(text, int):
        if 1 <= text <= 6:
            return text
        raise DiceEntryError("error.die", {"text": str(text)})
    shown = str(text if text is not None else "").strip()
    if not shown:
        raise DiceEntryError("error.die_missing")
    if len(shown) == 1 and shown in "123456":
        return int(shown)
    raise DiceEntryError("error.die", {"text": shown[:12]})


def read_dice(first, second):
    """Two dice from the form's two fields: ``(d1, d2)`` in the order given.

    >>> try:
    ...     read_dice("2", "0")
    ... except DiceEntryError as error:
    ...     print(error.field)
    1
    """
    dice = []
    for field, text in enumerate((first, second)):
        try:
            dice.append(read_die(text))
        except DiceEntryError as error:
            raise DiceEntryError(error.key, error.params, field) from None
    return tuple(dice)

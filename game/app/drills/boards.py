"""A question's board and answers as the page shows them (the screens and the worksheet).

>>> from game.app.text.i18n import translator
>>> from game.drills import Assignment
>>> q = Assignment.single("cube", seed=3, count=1).questions()[0]
>>> said(q, q.answer, translator("en")) in {"no double", "double", "take", "pass",
...                                         "too good to double: play on for the gammon"}
True
>>> pips = Assignment.single("pips", seed=3, count=1).questions()[0]
>>> 'class="pips"' in board_html(pips, translator("en")), board_of(pips, translator("en")).bottom
(False, 0)
>>> example_play((3, 1)), example_play((6, 4)), example_play((4, 4))
('8/4 6/4', '8/3 6/3', '13/7 8/7')
"""

from game.app.view.board_svg import board_svg
from game.app.view.geometry import BoardView
from game.app.view.view_model import spoken

__all__ = ["board_of", "board_html", "said", "example_play", "EXAMPLE_PLAYS"]

#: how a play is typed, shown beside the play's input: ``(play, its dice)``; one whose dice are
#: not the question's is shown, so the example is never a legal play there (a play moves by the
#: dice rolled): it cannot read as a hint
EXAMPLE_PLAYS = (("13/7 8/7", (6, 1)), ("8/4 6/4", (4, 2)), ("8/3 6/3", (5, 3)))


def board_of(question, tr, numbers=True):
    """The question's position as the page draws a board: the player on roll (the student)
    at the bottom, the dice rolled beside; a take is seen from the side that takes; a pip
    count's board hides the counts."""
    position = question.position
    if "take" in question.choices:
        position = position.swapped()
    view = BoardView(counts=(tuple(position.mine), tuple(position.theirs)), bottom=0, numbers_for=0,
                     dice=tuple(question.dice or ()), dice_player=0,
                     dice_left=tuple(question.dice or ()), point_numbers=numbers,
                     pip_counts=question.kind != "pips")
    return spoken(view, tr, (tr("drills.page.you"), tr("drills.page.opponent")))


def board_html(question, tr):
    """The question's board as inline SVG (its gradients are the page's: ``#felt``, the
    checkers' shades, defined alike in every board the renderer draws)."""
    return board_svg(board_of(question, tr))


def said(question, answer, tr):
    """An answer as the page shows it: a play, a cube action, or the numbers."""
    if answer is None:
        return "—"
    if question.ask == "play":
        return question.choices[answer[0]] if 0 <= answer[0] < len(question.choices) else "?"
    if question.ask == "choice":
        return tr(f"drills.cube.{question.choices[answer[0]]}") if 0 <= answer[0] < len(question.choices) else "?"
    return " / ".join(str(n) for n in answer)


def example_play(dice):
    """A play to show how a play is typed, that no roll of ``dice`` can play (the first of
    :data:`EXAMPLE_PLAYS` sharing no die with them: their dice are apart, so two dice meet
    two of them at most)."""
    rolled = set(dice or ())
    return next(play for play, used in EXAMPLE_PLAYS if not rolled & set(used))

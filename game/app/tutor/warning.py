"""The tutor's warning, open over the game until the person answers it, and its words.

:class:`TutorMode` sits on the mode stack over the game (which waits: its buttons and the board
take nothing, the clock is paused) while the warning is shown. It shows the game as it is,
except for a checker play: the board then shows the position before the play with the play
made and the best play drawn as arrows (as the review draws them: the play in the colour of its
mark, the best in its own), and the pane beside the board (:meth:`Caution.pane`) says what
the decision costs, in a money game in equity (points a game), in a match in match winning
chances as well, with the review's numbers.

>>> amount(0.1234, "fr"), amount(0.0, "en")
('0,123', '0.000')
"""

from dataclasses import dataclass

from game.app.modes.stack import Mode
from game.app.view.hints import percent
from game.app.view.last_moves import preview_of
from game.app.view.places import move_seen_from

__all__ = ["TutorMode", "Caution", "amount", "FOCUS", "ACTION_KEYS"]

#: where the keyboard goes when the warning opens: Think again, the answer that takes nothing back
FOCUS = "tutor-again"
#: the words of a cube action (the review's)
ACTION_KEYS = {"double": "review.action_double", "no_double": "review.action_no_double",
               "too_good": "review.action_too_good", "take": "review.action_take",
               "drop": "review.action_drop", "beaver": "review.action_beaver"}


def amount(value, language):
    """A loss in equity as the review writes it: three decimals, a decimal comma in French."""
    text = f"{abs(value or 0.0):.3f}"
    return text.replace(".", ",") if language == "fr" else text


@dataclass(frozen=True)
class Caution:
    """A decision the tutor stopped: its ``kind`` (``"move"``, ``"cube"``, ``"response"``), the
    person's ``action`` (``"move"`` for a checker play), who decides it as the review sees it
    (``player``: the mover, or the doubler), the ``position`` before it (seen from ``player``)
    and the roll's ``dice``, the review's ``entry`` for it (:func:`game.bot.analysis.weighed`),
    and ``allowed``, what lets it through once the person says Play it anyway."""

    kind: str
    action: str
    allowed: tuple
    player: int
    position: object
    dice: tuple
    entry: dict
    match_play: bool

    @property
    def loss(self):
        """The review's loss for this decision (normalised equity)."""
        return self.entry["loss"]

    def board(self):
        """What the board shows instead of the game's (fields of a ``BoardView``), or None: for
        a checker play, the position before it with the play made and the best one drawn."""
        if self.kind != "move":
            return None
        entry, player = self.entry, self.player
        mine, theirs = tuple(self.position.mine), tuple(self.position.theirs)
        return {"counts": (mine, theirs) if player == 0 else (theirs, mine), "dice": self.dice,
                "dice_player": player, "dice_left": (), "mover": None, "movable": frozenset(),
                "selected": None, "targets": frozenset(), "dice_clickable": False, "cube_clickable": False,
                "preview": preview_of(player, entry["played"], entry["mark"]),
                "best_play": preview_of(player, entry["best"], "best")}

    def text(self, tr, numbers_for):
        """What the tutor says, in ``tr``'s language; plays in the numbering the board shows
        (``numbers_for``: whose)."""
        entry, language = self.entry, tr.language
        mark = tr(f"tutor.a_{entry['mark']}")
        loss = amount(entry["loss"], language)
        mwc = percent(entry.get("loss_mwc", 0.0), language)
        terms = "match" if self.match_play else "money"
        if self.kind == "move":
            head = tr("tutor.play_is", mark=mark)
            best = move_seen_from(entry["best"], self.player, numbers_for)
            cost = tr(f"tutor.play_cost_{terms}", loss=loss, mwc=mwc, best=best)
        else:
            head = tr("tutor.cube_is", action=tr(ACTION_KEYS[self.action]), mark=mark)
            cost = tr(f"tutor.cube_cost_{terms}", loss=loss, mwc=mwc, best=tr(ACTION_KEYS[entry["best"]]))
        return f"{head} {cost}"

    def pane(self, tr, numbers_for):
        """The warning's pane (``#tutor-warning``): its text, the loss as a number, the mark."""
        return {"text": self.text(tr, numbers_for), "loss": repr(float(self.loss)), "mark": self.entry["mark"],
                "kind": self.kind}


class TutorMode(Mode):
    """The warning over the game (``warning``: a :class:`Caution`); the board takes nothing,
    the game's buttons wait, the clock stops until Play it anyway or Think again."""

    name = "tutor"
    pauses_clock = True

    def __init__(self, app, warning):
        self.app = app
        self.warning = warning

    def view(self):
        screen = self.app.game.screen
        return screen.view(shown=self.warning.board(),
                           tutor=self.warning.pane(self.app.tr, screen.numbers_for()))

    def signature(self):
        """The game's, the warning's own marks, and the keyboard on Think again."""
        game = self.app.game.signature()
        mark = self.warning.allowed
        return dict(game, board=(game["board"], mark), checkers=(game["checkers"], mark),
                    panels=(game["panels"], mark), screen=(game["screen"], mark), focus=FOCUS)

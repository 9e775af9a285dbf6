"""The one builder of what the page shows: the board's view model, the players' panels, the View.

Every mode (the game, a replay, the editor, a lesson) describes its board
with :func:`board_view` (the board's words in the page's language filled in),
adds what screen readers say of it with :func:`spoken`, its players with
:func:`panel`, and hands both to :func:`screen`, which draws them: the
board's SVG, the panels' HTML, the checkers' layout for animations.
``main.py`` puts a :class:`View` on the page as it is.

>>> from game.app.text.i18n import translator
>>> tr = translator("en")
>>> board = board_view(tr, bottom=1, colours=("dark", "light"))
>>> board.labels["cube"], board.pips(0)
('Doubling cube', 167)
>>> top, bottom = panel(tr, board, 0, "Ann", score=2), panel(tr, board, 1, "Bob", on_roll=True)
>>> view = screen(board, top, bottom, message="", warn=False, info="", position_id="", match_id="",
...               buttons={}, move_input=False, language="en")
>>> view.bottom_on_roll, view.board_svg.startswith("<svg")
(True, True)
"""

from dataclasses import dataclass, field, replace

from game.app.view import speech
from game.app.view.board_svg import board_svg
from game.app.view.geometry import BoardView, checker_layout, pips_of
from game.app.view.html import PlayerPanel, player_html

__all__ = ["View", "board_view", "spoken", "panel", "screen"]


@dataclass
class View:
    """Everything ``main.py`` puts on the page, already translated and escaped where needed.

    The board's SVG is drawn from ``board`` when first read (``board_svg``): an intent
    that only compares what the screen shows (a mode's signature) never draws it."""

    top_html: str
    bottom_html: str
    top_on_roll: bool
    bottom_on_roll: bool
    message: str
    warn: bool
    info: str
    position_id: str
    match_id: str
    buttons: dict          # id -> (visible, enabled)
    move_input: bool
    language: str
    layout: dict = field(default_factory=dict)
    board: BoardView = None
    record_html: str = ""
    xgid: str = ""
    hint_html: str = ""
    replay: dict | None = None     # the replay bar: text, index, count (None: no replay)
    lesson: dict | None = None     # the lesson panel (None: no lesson open), see lesson_player
    dice_entry: dict | None = None  # dice set by hand: the form's legend and labels (None: hidden)
    editor: dict | None = None     # the editor's form (None: not editing), see editor_fields
    review: dict | None = None     # the review panel (game.app.review.panel.panel), None: no review
    friend: dict | None = None     # the link to send in a match by links (game.app.friend.play), None: none
    tutor: dict | None = None      # the tutor's warning (game.app.tutor.warning), None: none open
    puzzles: dict | None = None    # the puzzles' panel (game.app.puzzles.view.panel_of), None: not open
    drawn: str | None = field(default=None, repr=False, compare=False)   # the SVG once drawn

    @property
    def board_svg(self):
        """The board's SVG (:func:`game.app.view.board_svg.board_svg` of ``board``)."""
        if self.drawn is None:
            self.drawn = board_svg(self.board)
        return self.drawn


def board_view(tr, board_label=None, **fields):
    """A :class:`BoardView` of ``fields``, its words in ``tr``'s language (``board_label``:
    what the board as a whole is called, "Backgammon board" by default)."""
    labels = {"board": board_label or tr("label.board"), "cube": tr("board.cube"),
              "die": tr("board.die"), "crawford": tr("board.crawford"), "pips": tr("board.pips")}
    return BoardView(labels=labels, **fields)


def spoken(board, tr, names):
    """``board`` with what screen readers say of it: its places and its description
    (``names``: the players' names, player 0's first)."""
    labels = dict(board.labels, summary=speech.board_summary(board, tr, names))
    return replace(board, labels=labels, slot_labels=speech.slot_labels(board, tr, names))


def panel(tr, board, player, name, colour=None, score=None, clock_text="", on_roll=False,
          status_text=""):
    """``player``'s strip beside ``board`` (his pips counted on it); ``score`` None: no score."""
    return PlayerPanel(
        player=player, name=name, colour=colour or board.colours[player],
        score_text="" if score is None else tr("panel.score", score=score),
        pips_text=tr("panel.pips", n=pips_of(board.counts[player])),
        clock_text=clock_text, on_roll=on_roll, status_text=status_text)


def screen(board, top, bottom, **fields):
    """The :class:`View` of ``board`` between the panels ``top`` and ``bottom``, with the
    rest of the page's ``fields``."""
    return View(top_html=player_html(top), bottom_html=player_html(bottom),
                top_on_roll=top.on_roll, bottom_on_roll=bottom.on_roll,
                layout=checker_layout(board), board=board, **fields)

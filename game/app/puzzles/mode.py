"""The puzzles as a mode over the match: the deck, a puzzle to solve, its answer.

:class:`PuzzlesMode` opens over the match (which waits, its clock paused) on one of its
:data:`SCREENS`: the ``deck`` (what is due, every puzzle kept), ``solve`` (the puzzle's
position on the board: the person plays his roll there with the game's own board input,
or picks a cube action), ``answer`` (the engine's verdict, its ranking, the best play and
the person's drawn as arrows) and ``refused`` (a link that cannot be opened, and why).
A puzzle from a link (``?puzzle=<code>``, :mod:`.link`) is solved the same way, then may be
added to the deck; the engine rates it afresh (:mod:`.rate`).

>>> from game.app.controller import Controller
>>> app = Controller(wall=lambda: 1000.0)
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> mode = open_link(app, "14HPwATDgc_ABMAcImqAAAAAAAE")
>>> mode.screen, mode.puzzle["kind"], app.modes.top().name
('solve', 'move', 'puzzles')
>>> mode.typed("13/6"), mode.screen, mode.verdict["right"]
(True, 'answer', False)
>>> mode.act("again"); mode.typed("24/22 13/8"), mode.verdict["right"]
(True, True)
>>> mode.act("add"); [p["played"] for p in app.puzzles.puzzles], app.puzzles.due_count()
([''], 1)
>>> open_link(app, "14HPwATDgc_ABMAcImqAAAAAAA!").problem
('puzzles.link_characters', {})
>>> close(app); app.modes.top().name
'game'
"""

from game.errors import GameError
from game.turn import Turn
from game.app.keep.puzzle_deck import key_of
from game.app.keep.share import ShareError
from game.app.modes.board_input import BoardInput, Seat
from game.app.modes.stack import Mode
from game.app.view.places import PERSON

from . import view
from .link import PuzzleLinkError, encode, read
from .rate import CUBE_CHOICES, judge, rate

__all__ = ["PuzzlesMode", "SCREENS", "open_deck", "open_link", "close", "act"]

#: the mode's screens
SCREENS = ("deck", "solve", "answer", "refused")


class PuzzlesMode(Mode):
    """The puzzles over the match (see the module's docstring)."""

    name = "puzzles"
    pauses_clock = True

    def __init__(self, app):
        self.app = app
        self.screen = "deck"
        self.puzzle = None          # the puzzle on screen (a dict as the deck keeps them)
        self.from_link = False      # it came from a link (it is not in the deck, or may not be)
        self.turn = None            # the person's Turn on a checker play
        self.rating = None          # the engine's Rating, once asked
        self.verdict = None         # the answer judged: judge()'s dict
        self.note = None            # what the status line says, (key, params)
        self.problem = None         # a link refused: its reason, (key, params)
        self.solved_now = 0         # puzzles answered since the deck opened
        self.counted = False        # the answer on screen moved the schedule (a retry does not)
        self.board_input = BoardInput(Seat(turn=lambda: self.turn, mover=lambda: PERSON,
                                           bottom=lambda: PERSON, play=self._play, say=self._say))

    # --- opening a puzzle ----------------------------------------------------------------------
    def show_deck(self):
        self.screen, self.puzzle, self.turn, self.verdict, self.note = "deck", None, None, None, None
        self.from_link = False

    def solve(self, puzzle, from_link=False, retry=False):
        """Put ``puzzle`` on the board, to be solved (``retry``: once more, the schedule left as
        the first answer set it)."""
        self.puzzle, self.from_link, self.counted = puzzle, from_link, retry
        self.rating = self.rating if retry else None     # the same puzzle: the same ranking
        self.verdict = self.note = self.turn = None
        if puzzle["kind"] == "move":
            info = view.context(puzzle)
            self.turn = Turn(view.position_of(puzzle), info.dice)
        self.board_input.deselect()
        self.screen = "solve"

    def solve_next(self):
        """The next puzzle due (the deck when none is)."""
        due = [p for p in self.app.puzzles.due() if p is not self.puzzle] or self.app.puzzles.due()
        if due:
            self.solve(due[0])
        else:
            self.show_deck()

    def refuse(self, key):
        self.screen, self.problem, self.puzzle, self.turn = "refused", (key, {}), None, None

    # --- the board: the game's own input, on the person's turn ----------------------------------
    def _playing(self):
        return self.screen == "solve" and self.turn is not None

    def _play(self, move):
        move(self.turn)
        self.note = ("msg.playing", {"move": str(self.turn.move)}) if self.turn.played else None

    def _say(self, message):
        self.note = message

    def click(self, slot, button="left"):
        if self._playing():
            self.board_input.click(slot, button)
            self._check_when_complete()

    def press(self, slot):
        return self._playing() and self.board_input.press(slot)

    def drop_on(self, slot):
        if self._playing():
            self.board_input.drop_on(slot)
            self._check_when_complete()

    def deselect(self):
        self.board_input.deselect()

    def undo(self):
        if self._playing() and self.turn.played:
            self.turn.undo()
            self.board_input.deselect()
            self._play(lambda turn: None)

    def picked(self):
        return self.board_input.selected

    def seat(self):
        return PERSON, PERSON

    def key(self, name):
        if name == "undo":
            self.undo()
            return True
        return False

    def typed(self, text):
        """A play typed in notation: judged at once. True when it is a legal play there."""
        if not self._playing():
            return False
        text = (text or "").strip()[:60]
        try:
            move = self.turn.position.parse_move(text, self.turn.dice)
        except GameError as error:
            from game.app.text.messages import refusal
            self.note = refusal(error)
            return False
        self.turn = Turn(self.turn.position, self.turn.dice)
        for hop in move.steps:
            self.turn.step(hop.source, hop.target)
        self.check()
        return True

    def _check_when_complete(self):
        """Every die played: the play is judged (Undo before that takes a checker back)."""
        if self.turn is not None and self.turn.is_complete and self.turn.played:
            self.check()

    # --- the answer --------------------------------------------------------------------------
    def _rating(self):
        if self.rating is None:
            self.rating = rate(self.puzzle["position_id"], self.puzzle["match_id"])
        return self.rating

    def check(self, choice=None):
        """Judge the play on the board (or the cube ``choice``): the answer screen, and the
        deck's schedule moves (a puzzle from a link not in the deck: nothing kept)."""
        if self.screen != "solve" or self.puzzle is None:
            return
        if self.puzzle["kind"] == "move":
            if not self.turn.is_complete:
                self.note = ("puzzles.play_all", {})
                return
            choice = str(self.turn.move)
        elif choice not in CUBE_CHOICES[self.puzzle["kind"]]:
            return
        self.verdict = judge(self._rating(), choice)
        self.board_input.deselect()
        self.note = None
        self.screen = "answer"
        if not self.from_link and not self.counted:
            self.solved_now += 1
            self.app.puzzles.record(key_of(self.puzzle), self.verdict["right"])
        self.counted = True

    def again(self):
        """The same puzzle again, from its start (the schedule already took the first answer)."""
        if self.puzzle is not None:
            self.solve(self.puzzle, self.from_link, retry=True)

    def add(self):
        """A link's puzzle into the deck (due at once, unless it is there already)."""
        if self.puzzle is None or not self.from_link:
            return
        added, _ = self.app.puzzles.add([dict(self.puzzle, added=self.app.wall(), due=self.app.wall())])
        self.note = ("puzzles.link_added" if added else "puzzles.link_already", {})

    def act(self, name, value=""):
        """A button of the panel: ``solve`` (``value``: a puzzle's key; none: the next due),
        ``check``, a cube action, ``undo``, ``again``, ``next``, ``deck``, ``add``, ``remove``."""
        if name in ("double", "no_double", "take", "drop"):
            self.check(name)
        elif name == "check":
            self.check()
        elif name == "undo":
            self.undo()
        elif name == "again":
            self.again()
        elif name in ("next", "solve") and not value:
            self.solve_next()
        elif name == "solve":
            puzzle = self.app.puzzles.find(value)
            if puzzle is not None:
                self.solve(puzzle)
        elif name == "deck":
            self.show_deck()
        elif name == "add":
            self.add()
        elif name == "remove":
            self.app.puzzles.remove(value)
            if self.puzzle is not None and key_of(self.puzzle) == value:
                self.show_deck()

    def share_code(self):
        """The code of the puzzle on screen, for its link (None: none on screen)."""
        return None if self.puzzle is None else encode(self.puzzle["position_id"], self.puzzle["match_id"])

    # --- what it shows -----------------------------------------------------------------------
    def view(self):
        return view.screen_of(self)

    def default_focus(self):
        board = view.board_of(self)
        if board.mover is not None and board.movable:
            from game.app.view.places import place_of
            return place_of(board.mover, max(board.movable), board.bottom)
        from game.app.view.keyboard import first_slot
        return first_slot()


def _open(app):
    """The mode on the stack (the one open, if any), over the match that waits."""
    mode = app.modes.get("puzzles")
    if mode is None:
        app.close_lesson()
        app.modes.close("editor", app._clock())
        mode = PuzzlesMode(app)
        app.modes.push(mode, app.message, app._clock())
    app.selected = None
    return mode


def open_deck(app):
    """The deck over the match: the first puzzle due on the board, else the deck's list."""
    mode = _open(app)
    mode.solve_next()
    return mode


def open_link(app, code):
    """The puzzle of a shared link over the match; a code refused opens the reason (nothing
    else changes: the deck and the match stay as they were)."""
    mode = _open(app)
    try:
        position_id, match_id, kind = read(code)
    except (PuzzleLinkError, ShareError) as error:
        mode.refuse(error.key)
        return mode
    puzzle = {"position_id": position_id, "match_id": match_id, "kind": kind, "played": "", "loss": 0.0,
              "ranking": [], "added": app.wall(), "due": app.wall(), "step": 0, "seen": 0, "right": 0}
    kept = app.puzzles.find(key_of(puzzle))
    mode.solve(kept if kept is not None else puzzle, from_link=kept is None)
    return mode


def close(app):
    """Back to the match, as it was (its clock runs again)."""
    if app.modes.get("puzzles") is not None:
        app.message = app.modes.close("puzzles", app._clock())


def act(app, name, value=""):
    """A button of the panel (:meth:`PuzzlesMode.act`); ``close``: back to the match."""
    mode = app.modes.get("puzzles")
    if mode is None:
        return
    if name == "close":
        close(app)
    else:
        mode.act(name, value)

"""The app as a state machine: user intents in, Match calls, a view model out.

:class:`Controller` owns the :class:`game.match.Match` being played and the
few things only the screen cares about (the selected checker, the message,
the board's orientation).  The page glue (``game/app/web``) turns DOM events
into calls of its intent methods (:meth:`Controller.click`,
:meth:`~Controller.roll`, :meth:`~Controller.type_move`, ...), then draws what
the :class:`game.app.effects.Effects` each returns names.
There are no rules here: legal destinations come from the match's
:class:`game.turn.Turn`, refusals from the engine's reasons.

After every action the whole match is saved through ``store`` (anything with
``get``/``set``/``remove``/``keys`` of strings, localStorage in the browser),
so a reload resumes exactly, even in the middle of a turn.  The writes go
through :class:`game.app.keep.storage.Vault`: all or nothing; a store that is
full keeps the match in memory and the page says so (:meth:`Controller.notice`).

>>> from game.app.keep.storage import MemoryStore
>>> app = Controller(MemoryStore())
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> effects = app.roll()             # each intent says what it changed (game/app/effects.py)
>>> app.match.phase.value, effects.saved
('moving', True)
"""

import time
from dataclasses import asdict, replace

from game.dice import ManualDice, SeededDice, SystemDice
from game.match import Match, Phase
from game.position import Position
from game.app.view import keyboard
from game.app.keep import storage
from game.app.lesson import mode as lessons
from game.app.keep import match_files
from game.app import links, new_match_form, preferences
from game.app.boot import boot as start_app
from game.app.keep.match_files import MAT_LIMIT
from game.app.actions import Deferred, action, answer
from game.app.announcer import Announcer
from game.app.play.bot_driver import HINT_LEVEL, BotDriver
from game.app.cooperative import finish as _finish
from game.app.keep.current_text import CurrentText
from game.app.editor.mode import open_editor
from game.app.friend.play import FriendPlay
from game.app.effects import NOTHING
from game.app.play.mode import GameMode
from game.app.text.i18n import Addressee, translator
from game.app.view.last_moves import preview_of
from game.app.text.messages import join as _join
from game.app.text.messages import param as message_param
from game.app.text.messages import text as message_text
from game.app.modes.stack import ModeStack
from game.app.view.places import PERSON, place_of
from game.app.replay.mode import open_replay
from game.app.tutor.coach import Tutor
from game.app.review.mode import REVIEWS_KEPT, Reviews
from game.app.rollout.part import Rollouts
from game.app.progress.tracker import Progress
from game.app.keep.saved_matches import SavedMatches
from game.app.keep.urlparams import DEFAULT_LEVEL
from game.app.prefs import Prefs
from game.app.puzzles.deck import Deck
from game.app.setup import Setup
from game.app.view.view_model import View, spoken

__all__ = ["Setup", "Prefs", "Controller", "View", "BOTTOM_DEFAULT", "HINT_LEVEL", "REVIEWS_KEPT",
           "MAT_LIMIT"]

#: the player drawn at the bottom by default: GNU Backgammon's "X", the person's seat
BOTTOM_DEFAULT = PERSON
#: the human's seat against the computer (gnubg's player 1; the computer is player 0)
HUMAN_SEAT = PERSON


class Controller:
    """The app's state: a match, its setup, the screen's choices, and the saved data.

    ``store`` has ``get(key)``, ``set(key, text)``, ``remove(key)``, ``keys()``;
    ``now`` is the clock's time source; ``wall`` gives seconds since the
    epoch for dates in the history; ``bot_factory(level)`` makes a player
    with ``choose_move``, ``cube_action`` and ``take_decision`` (the real
    bot, imported when first needed, by default).

    Its parts do the work: the game (:class:`GameMode`, ``game``) under the modes opened over
    it (``modes``), the computer (``bot``), the reviews, the live region (``announcer``) and
    the saved matches (:class:`SavedMatches`, ``kept``). An intent the page calls is marked
    :func:`~game.app.actions.action` (it returns its Effects) or
    :func:`~game.app.actions.answer` (its own result); a method with neither only reads.
    """

    def __init__(self, store=None, *, now=None, wall=None, bot_factory=None):
        self.store = store if store is not None else storage.MemoryStore()
        self.now = now or time.monotonic
        self.wall = wall or time.time
        self._current_text = CurrentText()   # packs the match on the board at each save
        self.kept = SavedMatches(self)       # the saved matches (game/app/keep/saved_matches.py)
        self.saves = Deferred(self.kept.write)   # one save per action (game/app/actions.py)
        self.effects = NOTHING         # what the last intent changed (game/app/effects.py)
        self.vault = storage.Vault(self.store)
        self.vault.open()
        self.unsaved = False           # the store refused the last save: the match is in memory only
        self.notice_closed = False     # the player closed the storage notice
        self.prefs = Prefs.from_dict(storage.unpack(self.store.get(storage.PREFS), "prefs"))
        self.language = self.prefs.language or "en"
        self.touch = False             # the page is used by touch: its words say "tap", not "click"
        self.tr = translator(self.language)
        self.setup = Setup()
        self.match = None
        self.message = None
        self.archived = False
        self.from_link = False         # the match on the board came from a link (not the person's own)
        self.friend = None             # the copy of a match by links on the board (game.friend.FriendMatch)
        self.started_at = None
        self.bot_plan = None
        self.hint = None               # (state key, kind, the bot's numbers) once asked
        self.dice_ties = []            # opening throws set by hand that tied (rolled with the next)
        self.dice_invalid = None       # the dice field (0, 1) whose text was refused last
        self.focus = None              # the board's place holding the keyboard focus (a data-slot)
        self.upright = False           # the board stands upright: the page is a phone held upright
        self.compact = False           # the board lies flat, its cube column cut off: a phone held sideways
        # the modes: the game at the bottom, what opens over it on a stack (game/app/modes/stack.py)
        self.game = GameMode(self)
        self.modes = ModeStack(self.game)
        self.bot = BotDriver(self, bot_factory)
        self.reviews = Reviews(self)
        self.rollouts = Rollouts(self)       # a decision of the hint or the review rolled out
        self.announcer = Announcer(self)
        self.friends = FriendPlay(self)      # matches by links (game/app/friend/play.py)
        self.tutor = Tutor(self)             # the tutor while a person plays (game/app/tutor/)
        self.puzzles = Deck(self).load()     # the puzzle deck of the device (game/app/puzzles/)
        self.progress = Progress(self)       # the person's progress (game/app/progress/tracker.py)

    # --- the modes open over the match ---------------------------------------------------------
    @property
    def lesson(self):
        """The :class:`game.app.lesson.player.LessonPlayer` of the lesson open, or None."""
        mode = self.modes.get("lesson")
        return None if mode is None else mode.player

    @property
    def review(self):
        """The :class:`game.app.review.panel.ReviewSession` while a replay is reviewed, or None."""
        mode = self.modes.get("review")
        return None if mode is None else mode.session

    @property
    def editing(self):
        """The :class:`game.app.editor.mode.EditorMode` while a position is set up, or None."""
        return self.modes.get("editor")

    @property
    def replay(self):
        """The :class:`game.app.replay.mode.ReplayMode` while a match is played back, or None."""
        return self.modes.get("replay")

    @replay.setter
    def replay(self, value):
        if value is not None:
            raise ValueError("a replay opens with start_replay")
        self.modes.discard("review")           # None: the replay closes, its message dropped
        self.modes.discard("replay")

    @property
    def resign_choice(self):
        """True while the choice of what to resign is open."""
        return self.modes.get("resign") is not None

    @property
    def selected(self):
        """The checker the game holds picked (the mover's numbering), or None."""
        return self.game.selected

    @selected.setter
    def selected(self, point):
        self.game.board_input.selected = point

    def _signature(self):
        """What the screen shows now, per part, without drawing it (see :mod:`game.app.effects`)."""
        return {"modes": self.modes.names(), "focus": self.focus, "prefs": tuple(asdict(self.prefs).items()),
                **self.modes.top().signature()}

    # --- the status line: every new message is said once by the live region -------------------
    @property
    def message(self):
        """The status line as data, ``(key, params)`` (see :meth:`text`), or None."""
        return self._message

    @message.setter
    def message(self, value):
        self._message = value
        self._message_serial = getattr(self, "_message_serial", 0) + 1

    # --- start-up -------------------------------------------------------------------------
    @answer
    def boot(self, query="", languages=()):
        """Start the app from the page's query: a link's match, else the saved match, else a new
        one (:func:`game.app.boot.boot`); True when the page should drop the query."""
        return start_app(self, query, languages)

    # --- matches ------------------------------------------------------------------------------
    @answer
    def new_match(self, setup, link=False):
        """Start a new match (``link``: opened from a link); returns True when an unfinished one
        was kept in the saved list (the message then says so)."""
        if setup.mode == "friend":
            return self.friends.create(setup)
        if setup.manual_dice:
            dice = ManualDice()
        else:
            dice = SeededDice(setup.seed) if setup.seed else SystemDice()
        match = Match(setup.config(), dice, now=self.now)
        if setup.starter in (0, 1):
            match.setup(Position.start(), setup.starter)
        if setup.mode == "watch":
            message = ("msg.watch", {})
        elif setup.manual_dice:        # Roll stays hidden until the dice are set: the form's words
            message = ("msg.dice_wanted", {"name": {"player": setup.starter}}) if setup.starter in (0, 1) \
                else ("msg.dice_wanted_opening", {})
        elif setup.starter in (0, 1):
            message = ("msg.start", {"name": {"player": setup.starter}})
        else:
            message = ("msg.opening_roll", {})
        return self._open(setup, match, message, link)

    def _open(self, setup, match, message, link=False, friend=None):
        """Put ``match`` on the board (the unfinished one set aside, kept); True if one was kept;
        ``friend``: the copy of a match by links whose match it is.

        The unfinished match goes to the saved list in the same write as the new one.  A match
        opened from a ``link`` takes the place of the previous link's instead
        (:meth:`SavedMatches.set_aside_current`); the message says what became of them.
        """
        self.close_lesson()        # a lesson open over the match gives way (its clock runs again)
        lessons.forget(self)
        self.modes.close("editor", self._clock())      # so does the editor
        saved, kept, replaced = self.kept.set_aside_current(link)
        self.setup = setup
        self.match = match
        self.friend = friend
        self.selected = None
        self.bot_plan = None
        self.archived = False
        self.from_link = link
        self.modes.clear()         # a replay, a review, the choice of what to resign: gone with it
        self.hint = None
        self.dice_ties = []
        self.started_at = int(self.wall())
        said = [("msg.link_replaced", {})] if replaced else []
        if kept:
            said.append(("msg.link_kept" if link and not replaced else "msg.previous_kept", {}))
        self.message = _join(*said, message) if said else message
        self.save({"saved": saved} if saved is not None else None)
        return kept

    def open_position(self, shared, mode, level=DEFAULT_LEVEL, seed=None, link=False,
                      opened=("msg.position_opened", {})):
        """Open a shared position as a new match (:func:`game.app.links.open_position`)."""
        links.open_position(self, shared, mode, level, seed, link, opened)

    @answer
    def open_ids(self, text):
        """Open the position of pasted IDs (Position ID + Match ID, XGID, or a link): True when it
        opened; otherwise the message says why and nothing changed (:func:`game.app.links.open_ids`)."""
        return links.open_ids(self, text)

    # --- match files -----------------------------------------------------------------------------
    @answer
    def mat_file(self):
        """``(file name, .mat text)`` of the match on screen (the one replayed, if any), or
        None when it cannot be written (the message says why)."""
        if self.replay is not None:
            return match_files.export(self, self.replay.match_data, self.replay.setup, self.replay.when)
        return match_files.export(self, self.match, self.setup, self.started_at)

    @answer
    def history_mat_file(self, index):
        """``(file name, .mat text)`` of the ``index``-th finished match, or None."""
        entries = self.kept.history()
        if not 0 <= index < len(entries):
            return None
        entry = entries[index]
        return match_files.export(self, entry.get("match"), Setup.from_dict(entry.get("setup")),
                                  entry.get("started_at") or entry.get("finished_at"))

    @answer
    def sgf_file(self):
        """``(file name, .sgf text)`` of the match on screen, as :meth:`mat_file` (GNU Backgammon's
        own format), or None when it cannot be written (the message says why)."""
        if self.replay is not None:
            replay = self.replay
            return match_files.export(self, replay.match_data, replay.setup, replay.when, sgf=True)
        return match_files.export(self, self.match, self.setup, self.started_at, sgf=True)

    @answer
    def open_mat(self, text, name=""):
        """Open the match of a ``.mat`` or ``.sgf`` file (its text, or its bytes): continued if
        unfinished, replayed if over (:func:`game.app.keep.match_files.open_file`).  True when it
        opened; otherwise the message says why and nothing changed."""
        return match_files.open_file(self, text, name)

    # --- the intents of the board: to the mode on top ------------------------------------------
    @action
    def click(self, slot, button="left"):
        """A click (``button`` ``"left"``, ``"right"`` or ``"shift"``, a shift-click) on the
        element with ``data-slot=slot``."""
        self._game(lambda: self.modes.top().click(slot, button))

    @answer
    def press(self, slot):
        """A drag starts on ``slot``: select the checker there; True when it can be dragged."""
        return bool(self.modes.top().press(slot))

    @action
    def drop_on(self, slot):
        """A dragged checker is let go over ``slot``: move it there if that is legal."""
        self._game(lambda: self.modes.top().drop_on(slot))

    @action
    def deselect(self):
        self.game.deselect()
        self.modes.top().deselect()

    @answer
    def type_move(self, text):
        """Play notation typed by the user (``8/5 6/5``; a part of the move works too)."""
        return self._game(lambda: self.modes.top().typed(text))

    @action
    def undo(self):
        """Undo: the last checker moved in the game, or in the lesson's task."""
        self.modes.top().undo()

    @answer
    def board_key(self, key):
        """A key pressed while the board has the focus (``KeyboardEvent.key``).

        The arrows, Home and End move the focus (:func:`game.app.view.keyboard.next_slot`);
        Enter and Space do what a click on the focused place does; Escape lets
        go of the checker picked; R, D, U roll, end the turn (Done) and undo
        when the buttons would.  Returns True when the key was used (the page
        then keeps the browser from using it too).
        """
        here = self.focus or self._default_focus()
        top = self.modes.top()
        if key in keyboard.MOVES:
            seat = top.seat()             # a lesson draws its learner at the bottom, whatever the prefs
            bottom = self.bottom if seat is None else seat[1]
            shape = self.board_shape()
            self.focus = keyboard.next_slot(here, key, bottom, shape["home_right"], shape["upright"])
            return True
        action = keyboard.board_action(key)
        if action is None:
            return False
        self.focus = here
        if action == "pick":
            self.click(here)
        elif action == "cancel":
            if self.selected is None and top.picked() is None:
                return False
            self.deselect()
        elif top is self.modes.get("puzzles"):
            return top.key(action)         # the match waits beneath: R, D and U are the puzzle's
        else:
            self._game(lambda: self.game.key(action))
        return True

    # --- the game's intents (game/app/play/mode.py: GameMode says what each does) --------------
    @action
    def roll(self):
        self._game(self.game.roll)

    @action
    def done(self):
        self._game(self.game.done)

    @action
    def double(self):
        self._game(self.game.double)

    @action
    def take(self):
        self._game(self.game.take)

    @action
    def beaver(self):
        self._game(self.game.beaver)

    @action
    def drop(self):
        self._game(self.game.drop)

    @action
    def resign(self, kind=None):
        self._game(lambda: self.game.resign(kind))

    def _game(self, intent):
        """Do the game's ``intent`` and return its result; in a match by links, then say which link to
        send (a button, a key, a click, a drag, a typed move: every way a turn can end comes here)."""
        turn = None if self.friend is None else self.friend.turn
        result = intent()
        if self.friend is not None:
            self.friends.after_local(turn)
        return result

    def hand(self):
        """What carries out the game's actions: the match, or the copy of a match by links."""
        return self.match if self.friend is None else self.friends.hand

    # --- a match by links (game/app/friend/play.py) ------------------------------------------------
    @answer
    def friend_open(self, text):
        """Open a friend's link (its text or address); True when taken, else the message says why."""
        return self.friends.open(text)

    @action
    def friend_then_roll(self, on):
        """The person's word, sent with his move: at his next turn he rolls without doubling."""
        self.friends.set_then_roll(on)

    def friend_panel(self):
        return self.friends.panel()

    @action
    def friend_live(self, what, text=""):
        """Live play on the same network (game/app/friend/live.py): what the person or the connection did."""
        self.friends.live.event(what, text)

    @action
    def cancel_resign(self):
        self.game.cancel_resign()

    @action
    def accept_resignation(self):
        self._game(self.game.accept_resignation)

    @action
    def reject_resignation(self):
        self._game(self.game.reject_resignation)

    @action
    def next_game(self):
        self._game(self.game.next_game)

    @answer
    def tick(self):
        """Apply a clock that ran out; True when that ended the game."""
        return self.game.tick()

    @answer
    def set_dice(self, first, second):
        """The dice a person set by hand (game/app/play/dice_mode.py); True when taken."""
        return self.game.hand_dice.set_dice(first, second)

    # --- what the game says of itself (GameMode, its screen and its hand-set dice) -------------
    def dice_wanted(self):
        return self.game.hand_dice.dice_wanted()

    def resign_kinds(self):
        return self.game.resign_kinds()

    def human_to_act(self):
        return self.game.human_to_act()

    def bot_to_act(self):
        return self.game.bot_to_act()

    def hint_available(self):
        return self.game.screen.hint_available()

    def clock_panels(self):
        return self.game.screen.clock_panels()

    def buttons(self):
        return self.game.screen.buttons()

    def info_text(self):
        return self.game.screen.info_text()

    def record(self):
        return self.game.screen.record()

    # --- the computer (game/app/play/bot_driver.py) ----------------------------------------------------
    @answer
    def bot_act(self):
        """The computer does one small thing (a roll, a cube answer, one checker, Done); returns
        what it did (``"roll"``, ``"step"``, ``"done"``, …), or None when it is not its turn."""
        return _finish(self.bot_act_steps())

    @action
    def bot_act_steps(self):
        """:meth:`bot_act` step by step (a generator the page drives, :mod:`game.app.cooperative`)."""
        return (yield from self.bot.steps())

    @answer
    def compute_hint(self):
        """Ask the bot about the decision at hand; True when there is a hint."""
        return _finish(self.compute_hint_steps())

    @action
    def compute_hint_steps(self):
        """:meth:`compute_hint` step by step (a generator; ``main.py`` drives it)."""
        return (yield from self.bot.hint_steps())

    # --- rollouts (game/app/rollout/part.py: the panel's HTML and its games, app.rollouts) -------------
    @action
    def rollout_command(self, name, value=None):
        """``hint``/``review`` (roll out the decision at hand), ``start``, ``stop``, ``close``, or a setting."""
        self.rollouts.command(name, value)

    # --- the tutor (game/app/tutor/coach.py: Tutor says what each does) -------------------------------
    @action
    def tutor_anyway(self):
        self._game(self.tutor.anyway)

    @action
    def tutor_again(self):
        self.tutor.again()

    @action
    def set_tutor(self, value):
        """Settings' tutor: the person's, and the match on the board's (kept)."""
        if self.tutor.take_setting(value):
            self.save_prefs()
            self.save()

    # --- replay and review (game/app/replay/mode.py, review_mode.py) -------------------------------
    @answer
    def start_replay(self, history_index=None):
        """Play back the match on the board, or the ``history_index``-th finished one."""
        return open_replay(self, history_index)

    @action
    def replay_go(self, index):
        """Show frame ``index`` of the replay (clamped to the first and last)."""
        if self.replay is not None:
            self.replay.go(index)

    @action
    def replay_step(self, delta):
        if self.replay is not None:
            self.replay.step(delta)

    @action
    def end_replay(self):
        """Back to the match on the board."""
        if self.replay is not None:
            self.modes.discard("review")
            self.message = self.modes.close("replay")

    @answer
    def start_review(self, history_index=None, deep=False):
        """Replay a match with its analysis (:meth:`Reviews.start`; ``deep``: the open one deeper)."""
        return self.reviews.start(history_index, deep)

    @answer
    def review_step(self, budget=None):
        """Analyse a slice more (:meth:`Reviews.step`); True while there is more to weigh. A
        review complete fills the match's record of progress (:meth:`Progress.reviewed`)."""
        more = self.reviews.step(budget)
        if not more and self.review is not None:
            self.progress.reviewed(self.review.result(), self.replay.match_data, self.replay.setup)
        return more

    @answer
    def open_progress_match(self, key):
        """Review the match of a record of progress (:meth:`Progress.open`); True when it opened."""
        return self.progress.open(key)

    @answer
    def review_try(self, text):
        """Weigh ``text`` at the frame shown (:meth:`Reviews.weigh`); True when legal there."""
        return self.reviews.weigh(text)

    @action
    def review_show(self, play):
        """Draw ``play``, one of the legal plays of the decision shown, on the review's board."""
        mode = self.modes.get("review")
        if mode is not None:
            mode.show(str(play))

    def review_preview(self, play):
        """The review's board with ``play`` drawn over it (a row pointed at), or None."""
        mode = self.modes.get("review")
        return None if mode is None or self.modes.top() is not mode else mode.preview(str(play))

    @answer
    def review_play_here(self):
        """Play on from the position shown (:meth:`Reviews.play_here`); True when it opened."""
        return self.reviews.play_here()

    def _review_view(self):
        mode = self.modes.get("review")
        if mode is None:
            return None
        from game.app.puzzles import offer
        return dict(mode.panel(), puzzles=offer.offer(self))

    # --- the puzzle deck (game/app/puzzles/) -----------------------------------------------------
    @action
    def add_review_puzzles(self):
        """Add the person's errors and blunders of the match reviewed to the deck, but those
        already there (:func:`game.app.puzzles.offer.add`); the status line says how many."""
        from game.app.puzzles import offer
        offer.add(self)

    @action
    def open_puzzles(self, code=None):
        """The deck over the match (the first puzzle due on the board), or the puzzle of a shared
        link's ``code`` (a code refused: the reason, nothing else changed)."""
        from game.app.puzzles import mode
        mode.open_deck(self) if code is None else mode.open_link(self, code)

    @action
    def puzzle_act(self, name, value=""):
        """A button of the puzzles' panel (:func:`game.app.puzzles.mode.act`)."""
        from game.app.puzzles import mode
        mode.act(self, str(name), str(value or ""))

    # --- lessons (game/app/lesson/mode.py) ----------------------------------------------------------
    @answer
    def open_lesson(self, lesson_id):
        """Show a lesson over the match, which waits untouched (its clock paused) until
        :meth:`close_lesson`.  False when it cannot be read (the message says why)."""
        return lessons.open_lesson(self, lesson_id)

    @action
    def close_lesson(self):
        """Back to the match, exactly as it was (its clock runs again)."""
        if self.lesson is not None:
            lessons.forget(self)
            self.message = self.modes.close("lesson", self._clock())

    def lesson_list(self):
        return lessons.lesson_list(self)

    @action
    def lesson_action(self, name):
        """A button of the lesson panel (``prev``, ``next``, ``check``, ``close``, …)."""
        lessons.act(self, name)

    @action
    def lesson_choose(self, option_id):
        """An option of the lesson's choice task was picked."""
        if self.lesson is not None:
            self.lesson.choose(str(option_id))

    # --- the position editor (game/app/editor/mode.py) -----------------------------------------------
    @property
    def editor(self):
        """The position being set up (an :class:`game.app.editor.model.EditorState`), or None."""
        return None if self.editing is None else self.editing.state

    @action
    def edit_open(self):
        """Set up a position by hand, starting from the one on the board (or replayed)."""
        open_editor(self)

    @action
    def edit_cancel(self):
        """Leave the editor; the match on the board is as it was."""
        if self.editing is not None:
            self.message = self.modes.close("editor", self._clock())

    @answer
    def edit_click(self, slot, button="left"):
        """A click on the board while editing (see :meth:`EditorMode.click`)."""
        return self.editing is not None and self.editing.click(slot, button)

    @answer
    def edit_set(self, name, value):
        """A field of the editor's form changed (see :meth:`EditorMode.set`)."""
        return self.editing is not None and self.editing.set(name, value)

    @answer
    def edit_load(self, text):
        """Put the position of pasted IDs in the editor (see :meth:`EditorMode.load`)."""
        return self.editing is not None and self.editing.load(text)

    @answer
    def edit_play(self):
        """Open the position set up as a new match (see :meth:`EditorMode.play`)."""
        return self.editing is not None and self.editing.play()

    def editor_fields(self):
        """The editor form's values (see :meth:`EditorMode.fields`)."""
        return self.editing.fields()

    # --- what the page shows -------------------------------------------------------------------------
    def view(self):
        """The :class:`View` of the mode on top (the frame replayed, the lesson, the position
        set up, else the match)."""
        return self.modes.top().view()

    def announcements(self):
        """What the page's live region says now (:mod:`game.app.announcer`)."""
        return self.announcer.sentences()

    # --- the saved matches (game/app/keep/saved_matches.py; the page reads them from app.kept) ---
    @action
    def resume(self, index):
        self.kept.resume(index)

    @action
    def delete_saved(self, index):
        self.kept.delete_saved(index)

    @action
    def close_notice(self):
        self.kept.close_notice()

    @action
    def discard_aside(self):
        self.kept.discard_aside()

    @action
    def prune_history(self):
        self.kept.prune_history()

    @answer
    def restore_backup(self, data, replace_current=None):
        """Restore a backup file (:meth:`SavedMatches.restore_backup`): True, False or ``"asked"``."""
        return self.kept.restore_backup(data, replace_current)

    # --- persistence (game/app/keep/saved_matches.py) -------------------------------------------------
    def save(self, also=None):
        """Save the match on the board (and the history when it has just ended), with the
        other parts in ``also`` (``{part: data}``), in one write: all or nothing.

        Inside an intent (:func:`~game.app.actions.action`, :func:`~game.app.actions.answer`)
        the write waits for its end: one action, one write, whatever its steps asked.
        """
        self.saves.ask(also)

    def save_prefs(self):
        preferences.save(self)

    # --- the new-match dialog (game/app/new_match_form.py) ------------------------------------------
    def form_values(self):
        """The new-match dialog's fields for the current setup: ``{name: str or bool}``."""
        return new_match_form.values_of(self)

    def setup_from_form(self, values):
        """The :class:`Setup` the new-match dialog's fields ask for (strings, "on" for ticks)."""
        return new_match_form.setup_of(self, values)

    # --- preferences (game/app/preferences.py) ----------------------------------------------
    @action
    def set_language(self, language, remember=True):
        preferences.set_language(self, language, remember)

    def set_touch(self, touch):
        """Say that the page is used by touch (the glue asks the browser: a coarse pointer and
        no fine one), before :meth:`boot`: from then on the words say "tap", not "click"."""
        preferences.set_touch(self, touch)

    @action
    def flip(self):
        preferences.flip(self)

    def board_shape(self):
        """How every mode draws the board here (:func:`game.app.preferences.board_shape`)."""
        return preferences.board_shape(self)

    @action
    def set_pref(self, name, value):
        """Keep a choice of Settings (:func:`game.app.preferences.set_pref`)."""
        preferences.set_pref(self, name, value)

    def preview_board(self, play):
        """The board with the hinted ``play`` (notation) shown over it, the match untouched; None
        when no play can be shown now (a mode over the game, no turn in play, a checker moved).

        >>> app = Controller()
        >>> app.boot("?mode=hotseat&length=3&seed=7")
        True
        >>> app.preview_board("8/5 6/5") is None              # before the roll: no turn yet
        True
        """
        match = self.match
        if (self.modes.top() is not self.game or match is None or match.player_on_roll is None
                or match.phase is not Phase.MOVING or match.turn.played):
            return None
        preview = preview_of(match.player_on_roll, play)
        return None if preview is None else replace(self.view().board, preview=preview)

    def shot_counter_html(self):
        """The shot counter's grid for the player who rolls next (game/app/view/shots_view.py)."""
        from html import escape

        from game.app.view.shots_view import shot_counter, shots_html
        found = shot_counter(self.match)
        if found is None:
            return f'<p class="empty">{escape(self.tr("shots.none"))}</p>'
        player, shots = found
        return shots_html(shots, self.player_name(player), self.tr)

    # --- who is who ---------------------------------------------------------------------------
    def is_human(self, player):
        if self.friend is not None:
            return player == self.friend.seat
        return player in self.setup.humans()

    def player_name(self, player, setup=None):
        """A player's name, or the app's word for his seat (of ``setup``, the current one by default)."""
        setup = setup or self.setup
        name = setup.names[player]
        if name:
            return name
        tr = self.tr
        mode = setup.mode
        if mode == "bot":
            if player == HUMAN_SEAT:
                return Addressee(tr("name.you"))
            return tr("name.bot_level", level=tr(f"level.{setup.level}"))
        if mode == "watch":
            return tr(f"colour.{setup.colours[player]}")
        if mode == "friend" and self.friend is not None:
            return Addressee(tr("name.you")) if player == self.friend.seat else tr("name.friend")
        return tr("name.player1") if player == BOTTOM_DEFAULT else tr("name.player2")

    @property
    def bottom(self):
        """The player drawn at the bottom of the board (in a match by links: this device's player)."""
        if self.friend is not None:
            return 1 - self.friend.seat if self.prefs.flipped else self.friend.seat
        if self.prefs.auto_flip and self.setup.mode == "hotseat" and self.match is not None:
            actor = self.match.player_to_act
            if actor is None:
                actor = self.match.player_on_roll
            if actor is not None:
                return actor
        return 1 - BOTTOM_DEFAULT if self.prefs.flipped else BOTTOM_DEFAULT

    def _clock(self):
        """The clock of the match on the board, or None."""
        return self.match.clock if self.match is not None else None

    # --- the keyboard and screen readers ----------------------------------------------------------
    def _place_of(self, player, point):
        """The data-slot of ``player``'s ``point`` (his numbering: 25 the bar, 0 off)."""
        return place_of(player, point, self.bottom)

    def _default_focus(self):
        """Where the board's focus stands before the keyboard moves it (the mode on top says)."""
        return self.modes.top().default_focus()

    # --- the view ---------------------------------------------------------------------------------
    def text(self, message):
        """Translate a message kept as data: ``(key, params)`` (:mod:`game.app.text.messages`)."""
        return message_text(message, self.tr, self._name_param)

    def _name_param(self, player, value):
        """A ``{"player": n}`` parameter: the name of the match's (or the replay's) player."""
        replayed = value.get("replay") and self.replay is not None
        return self.player_name(player, self.replay.setup if replayed else None)

    def _param(self, value):
        return message_param(value, self.tr, self._name_param)

    def _spoken_board(self, board, setup=None):
        """``board`` with what screen readers say of it, the players named as in ``setup``."""
        return spoken(board, self.tr, (self.player_name(0, setup), self.player_name(1, setup)))

    def _stakes(self, length):
        tr = self.tr
        if length:
            return tr("info.stakes_match", length=tr.n("count.points", length))
        return tr("info.stakes_money")

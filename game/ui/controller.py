"""The app as a state machine: user intents in, Match calls, a view model out.

:class:`Controller` owns the :class:`game.match.Match` being played and the
few things only the screen cares about (the selected checker, the message,
the board's orientation).  ``main.py`` turns DOM events into calls of its
intent methods (:meth:`Controller.click`, :meth:`~Controller.roll`,
:meth:`~Controller.type_move`, ...), then draws :meth:`Controller.view`.
There are no rules here: legal destinations come from the match's
:class:`game.turn.Turn`, refusals from the engine's reasons.

After every action the whole match is saved through ``store`` (anything with
``get``/``set``/``remove``/``keys`` of strings, localStorage in the browser),
so a reload resumes exactly, even in the middle of a turn.  The writes go
through :class:`game.ui.storage.Vault`: all or nothing; a store that is
full keeps the match in memory and the page says so (:meth:`Controller.notice`).

>>> from game.ui.storage import MemoryStore
>>> app = Controller(MemoryStore())
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> app.roll()
>>> app.match.phase.value
'moving'
"""

import json
import time
from dataclasses import asdict, dataclass, fields, replace

from ..dice import ManualDice, SeededDice, SystemDice
from ..errors import GameError, IllegalActionError, IllegalMoveError
from ..match import OPENINGS, RESIGN_KINDS, RESIGN_NAMES, Match, MatchConfig, Phase
from ..move import parse_notation
from ..position import Position
from ..reasons import Reason
from ..turn import Turn
from . import keyboard
from .actions import Deferred, one_save_per_action
from . import replay as replays
from . import match_options, speech, storage
from .cooperative import finish as _finish
from .limits import AUTO_DOUBLES, LENGTH, PER_MOVE, RESERVE
from .editor_mode import EditorMode
from .modes import Covers
from .replay_mode import ReplayMode
from .messages import JOIN as _JOIN
from .messages import is_warning
from .messages import from_data as _message_from_data
from .messages import join as _join
from .messages import points as _points
from .messages import refusal
from .messages import param as message_param
from .messages import text as message_text
from .messages import to_data as _message_to_data
from .places import seen_from
from .current_text import CurrentText
from .dice_entry import DiceEntryError, read_dice
from .hints import cube_view, plays_view
from .i18n import LANGUAGES, Addressee, pick_language, translator
from .render import BoardView, hints_html, player_html, record_html
from .view_model import View, board_view, panel, screen, spoken
from .editor import EditorError, EditorState
from .share import ShareError, decode, read_ids
from .urlparams import lesson_in_query
from .board_input import BoardInput, Picked, Seat
from .urlparams import (DEFAULT_LEVEL, LEVELS, MODES, PositionLink, parse_position_query,
                        parse_query, query_language)

__all__ = ["Setup", "Prefs", "Controller", "View", "BOTTOM_DEFAULT"]

#: the player drawn at the bottom by default: GNU Backgammon's "X", the user's seat
BOTTOM_DEFAULT = 1
#: the human's seat against the computer (gnubg's player 1; the computer is player 0)
HUMAN_SEAT = 1
#: the level whose analysis the Hint button shows (1-ply on the best few plays)
HINT_LEVEL = "master"
#: how many matches' analyses are kept in memory (reviewing one again is then instant)
REVIEWS_KEPT = 4
#: the largest .mat file read (a 25-point match is far below)
MAT_LIMIT = 2_000_000


@dataclass(frozen=True)
class Setup:
    """What the new-match dialog (or a link) asks for.

    ``names`` and ``colours`` are per player (0, 1); an empty name shows the
    app's own word for that seat.  ``starter`` is ``"roll"`` (the opening
    roll decides) or a player number.  ``clock`` is None or
    ``(seconds per move, reserve seconds)``.  ``opening`` is one of the engine's
    openings (``"standard"`` or ``"both_dice"``, :data:`game.match.OPENINGS`);
    ``auto_doubles`` how many times opening ties turn the cube in money play
    (0: none; ``True`` from older saves reads as 1, limits in
    :data:`game.ui.limits.AUTO_DOUBLES`).

    >>> Setup(length=0, auto_doubles=True, opening="both_dice").config().automatic_doubles
    1
    >>> Setup(opening="cocked").opening, Setup(auto_doubles=99).auto_doubles
    ('standard', 6)
    >>> Setup.rules_from_form({"opening": "both_dice", "auto_doubles": "on", "auto_doubles_limit": "3"})
    {'jacoby': False, 'beavers': False, 'auto_doubles': 3, 'opening': 'both_dice'}
    """

    mode: str = "bot"
    length: int = LENGTH.default
    level: str = DEFAULT_LEVEL
    jacoby: bool = True
    beavers: bool = False
    auto_doubles: bool = False
    clock: tuple | None = None
    names: tuple = ("", "")
    colours: tuple = ("dark", "light")
    starter: object = "roll"
    seed: str | None = None
    manual_dice: bool = False      # a person (a teacher) sets every roll
    opening: str = "standard"

    def __post_init__(self):
        object.__setattr__(self, "mode", self.mode if self.mode in MODES else "bot")
        object.__setattr__(self, "level", self.level if self.level in LEVELS else DEFAULT_LEVEL)
        length = self.length if isinstance(self.length, int) and not isinstance(self.length, bool) \
            else LENGTH.default
        object.__setattr__(self, "length", max(0, min(LENGTH.high, length)))
        names = list(self.names) if isinstance(self.names, (list, tuple)) else []
        object.__setattr__(self, "names", tuple(str(n or "")[:24] for n in (names + ["", ""])[:2]))
        colours = tuple(self.colours) if isinstance(self.colours, (list, tuple)) else ()
        colours = colours if colours in (("light", "dark"), ("dark", "light")) else ("dark", "light")
        object.__setattr__(self, "colours", colours)
        if self.starter not in ("roll", 0, 1):
            object.__setattr__(self, "starter", "roll")
        if self.clock is not None:
            try:
                per_move, reserve = (float(t) for t in self.clock)
                clock = (per_move, reserve) if per_move > 0 and reserve >= 0 else None
            except (TypeError, ValueError):
                clock = None
            object.__setattr__(self, "clock", clock)
        if self.seed is not None:
            object.__setattr__(self, "seed", str(self.seed)[:40] or None)
        object.__setattr__(self, "manual_dice", self.manual_dice is True)
        for name in ("jacoby", "beavers"):
            object.__setattr__(self, name, bool(getattr(self, name)))
        doubles = self.auto_doubles
        doubles = int(doubles) if isinstance(doubles, (bool, int)) else 0
        object.__setattr__(self, "auto_doubles", 0 if doubles <= 0 else AUTO_DOUBLES.clamp(doubles))
        if self.opening not in OPENINGS:
            object.__setattr__(self, "opening", "standard")

    def to_dict(self):
        data = asdict(self)
        data["names"] = list(self.names)
        data["colours"] = list(self.colours)
        data["clock"] = None if self.clock is None else list(self.clock)
        return data

    @classmethod
    def from_dict(cls, data):
        """The setup saved as ``data``; a value it cannot take (damaged data) is left out."""
        data = data if isinstance(data, dict) else {}
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        try:
            return cls(**values)
        except (TypeError, ValueError, OverflowError):
            good = {}
            for key, value in values.items():
                try:
                    cls(**good, **{key: value})
                except (TypeError, ValueError, OverflowError):
                    continue
                good[key] = value
            return cls(**good)

    def humans(self):
        """The seats a person plays."""
        return {"bot": {HUMAN_SEAT}, "hotseat": {0, 1}, "watch": set()}[self.mode]

    def config(self):
        return MatchConfig(length=self.length, jacoby=self.jacoby and not self.length,
                           beavers=self.beavers and not self.length,
                           automatic_doubles=0 if self.length else self.auto_doubles,
                           opening=self.opening, clock=self.clock, names=self.names)

    def rules_form(self):
        """The new-match form's fields for the rules' options (``{name: str or bool}``)."""
        return {"jacoby": self.jacoby, "beavers": self.beavers, "auto_doubles": bool(self.auto_doubles),
                "auto_doubles_limit": str(self.auto_doubles or AUTO_DOUBLES.default),
                "opening": self.opening}

    @staticmethod
    def rules_from_form(values):
        """The rules' options the new-match form's ``values`` ask for (keyword arguments of
        :class:`Setup`); ticks come as ``"on"``."""
        def ticked(name):
            return values.get(name) in ("on", "true", True)

        doubles = AUTO_DOUBLES.clamp(values.get("auto_doubles_limit")) if ticked("auto_doubles") else 0
        return {"jacoby": ticked("jacoby"), "beavers": ticked("beavers"), "auto_doubles": doubles,
                "opening": values.get("opening") if values.get("opening") in OPENINGS else "standard"}


#: the colour themes a player may choose (static/css/app.css)
THEMES = ("auto", "light", "dark")


@dataclass
class Prefs:
    """Choices kept across matches."""

    language: str | None = None
    flipped: bool = False
    home_left: bool = False
    click_moves: bool = False
    auto_flip: bool = False
    animate: bool = True
    fast_bot: bool = False
    theme: str = "auto"            # "light", "dark", or "auto": the system's (static/js/theme.js)

    @classmethod
    def from_dict(cls, data):
        data = data if isinstance(data, dict) else {}
        prefs = cls()
        for f in fields(cls):
            value = data.get(f.name)
            if f.name == "language":
                prefs.language = value if value in LANGUAGES else None
            elif f.name == "theme":
                prefs.theme = value if value in THEMES else "auto"
            elif isinstance(value, bool):
                setattr(prefs, f.name, value)
        return prefs


_RESULT_KEYS = {"single": "result.single", "gammon": "result.gammon", "backgammon": "result.backgammon"}


def _game_start(events):
    """The index of the last ``game_start`` in ``events``, searched from the end (a long
    session's log is not read through at each view).

    >>> _game_start([{"type": "game_start"}, {"type": "win"}, {"type": "game_start"}, {"type": "roll"}])
    2
    """
    for index in range(len(events) - 1, -1, -1):
        if events[index]["type"] == "game_start":
            return index
    raise ValueError("no game_start in the log")


@one_save_per_action
class Controller:
    """The app's state: a match, its setup, the screen's choices, and the saved data.

    ``store`` has ``get(key)``, ``set(key, text)``, ``remove(key)``, ``keys()``;
    ``now`` is the clock's time source; ``wall`` gives seconds since the
    epoch for dates in the history; ``bot_factory(level)`` makes a player
    with ``choose_move``, ``cube_action`` and ``take_decision`` (the real
    bot, imported when first needed, by default).
    """

    def __init__(self, store=None, *, now=None, wall=None, bot_factory=None):
        self.store = store if store is not None else storage.MemoryStore()
        self.now = now or time.monotonic
        self.wall = wall or time.time
        self._bot_factory = bot_factory
        self._bots = {}
        self._current_text = CurrentText()   # packs the match on the board at each save
        self.saves = Deferred(self._write)   # one save per action (game/ui/actions.py)
        self.vault = storage.Vault(self.store)
        self.vault.open()
        self.unsaved = False           # the store refused the last save: the match is in memory only
        self.notice_closed = False     # the player closed the storage notice
        self.prefs = Prefs.from_dict(storage.unpack(self.store.get(storage.PREFS), "prefs"))
        self.language = self.prefs.language or "en"
        self.tr = translator(self.language)
        self.setup = Setup()
        self.match = None
        # the board's clicks, drags and keys in a game (game/ui/board_input.py)
        self.board_input = BoardInput(Seat(
            turn=lambda: self.match.turn, mover=lambda: self.match.player_on_roll,
            bottom=lambda: self.bottom, play=self._play, say=self._say))
        self.message = None
        self.archived = False
        self.started_at = None
        self.bot_plan = None
        self.resign_choice = False     # the choice of what to resign is open
        self.covers = Covers()         # what the modes open over the match hide (game/ui/modes.py)
        self.hint = None               # (state key, kind, the bot's numbers) once asked
        self.replay = None             # a Replay while a match is played back
        self.lesson = None             # a LessonPlayer while a lesson is open (the match waits)
        self.dice_ties = []            # opening throws set by hand that tied (rolled with the next)
        self.dice_invalid = None       # the dice field (0, 1) whose text was refused last
        self.editing = None            # an EditorMode while a position is set up by hand
        self.review = None             # a game.ui.review.ReviewSession while a replay is reviewed
        self._reviews = {}             # the analyses of the last matches reviewed, by their events
        self.focus = None              # the board's place holding the keyboard focus (a data-slot)
        self._spoken_match = None      # what the live region has said: of which match,
        self._spoken_events = 0        # up to which event,
        self._spoken_serial = self._message_serial   # and which status message
        self._spoken_replay = None     # the replay frame said last

    # --- the status line: every new message is said once by the live region -------------------
    @property
    def editor(self):
        """The position being set up (an :class:`game.ui.editor.EditorState`), or None."""
        return None if self.editing is None else self.editing.state

    @property
    def message(self):
        """The status line as data, ``(key, params)`` (see :meth:`text`), or None."""
        return self._message

    @message.setter
    def message(self, value):
        self._message = value
        self._message_serial = getattr(self, "_message_serial", 0) + 1

    # --- start-up -------------------------------------------------------------------------
    def boot(self, query="", languages=()):
        """Start the app: a link's match, else the saved match, else a new one.

        Returns True when the link set up a match or opened a lesson (the page
        should then drop the query from its address, so that a reload resumes
        instead of starting again).  An unfinished match a link replaces is kept
        in the saved list, never lost.  A lesson that was open is opened again,
        at the same step.
        """
        self.set_language(pick_language(languages, query_language(query) or self.prefs.language),
                          remember=bool(query_language(query)))
        link = parse_query(query)
        position_link = parse_position_query(query)
        if position_link is not None:
            # a position: two players on this device unless the link names a mode
            mode = link.mode if link is not None and "mode=" in query else "hotseat"
            level = link.level if link is not None else DEFAULT_LEVEL
            seed = link.seed if link is not None else None
            try:
                self._open_position(decode(position_link), mode, level, seed, "msg.link_kept")
                return True
            except ShareError as error:
                self._resume_or_start()
                self.message = (error.key, {})
                return False
        if link is not None:
            self.new_match(Setup(mode=link.mode, length=link.length, level=link.level, seed=link.seed),
                           kept_message="msg.link_kept")
            return True
        self._resume_or_start()
        lesson = lesson_in_query(query)
        if lesson is not None:
            return self.open_lesson(lesson)    # ?lesson=bar: that lesson over the match (kept)
        self._reopen_lesson()
        return False

    def _resume_or_start(self):
        saved = self.vault.read("current")
        if saved is not None and self._restore(saved):
            return
        if saved is not None:
            # a match this version cannot read is kept aside, never overwritten
            self._keep_aside("current")
        self.new_match(Setup())

    def _keep_aside(self, part):
        try:
            self.vault.set_aside(part)
        except storage.StorageFull:
            self.unsaved = True

    def _restore(self, saved):
        """Put a stored match back on the board; False when the engine refuses it.

        The engine is the judge: :meth:`game.match.Match.from_dict` replays the
        whole log (each action must give back the events saved), and the match
        must say where it stands (its position and match IDs). The view code is
        never used to judge saved data: a bug there must not set matches aside.
        """
        try:
            match = Match.from_dict(saved["match"], now=self.now)
            match.position_id(), match.match_id()
        except (GameError, KeyError, TypeError, ValueError, AttributeError, RecursionError):
            return False
        self.match = match
        self.setup = Setup.from_dict(saved.get("setup"))
        ui = saved.get("ui") if isinstance(saved.get("ui"), dict) else {}
        self.message = _message_from_data(ui.get("message"))
        try:
            self.text(self.message)
        except Exception:  # noqa: BLE001 - a damaged message is not worth the match
            self.message = None
        self.archived = bool(ui.get("archived"))
        started = ui.get("started_at")
        self.started_at = started if isinstance(started, int) and not isinstance(started, bool) \
            and 0 <= started < 10 ** 11 else None
        ties = ui.get("dice_ties")
        self.dice_ties = [d for d in ties if isinstance(d, int) and not isinstance(d, bool)
                          and 1 <= d <= 6] if isinstance(ties, list) else []
        self.selected = None
        self.bot_plan = None
        return True

    # --- matches ------------------------------------------------------------------------------
    def new_match(self, setup, kept_message="msg.previous_kept"):
        """Start a new match; returns True when an unfinished one was kept in the saved list
        (the message then says so)."""
        if setup.manual_dice:
            dice = ManualDice()
        else:
            dice = SeededDice(setup.seed) if setup.seed else SystemDice()
        match = Match(setup.config(), dice, now=self.now)
        if setup.starter in (0, 1):
            match.setup(Position.start(), setup.starter)
        if setup.mode == "watch":
            message = ("msg.watch", {})
        elif setup.starter in (0, 1):
            message = ("msg.start", {"name": {"player": setup.starter}})
        else:
            message = ("msg.opening_roll", {})
        return self._open(setup, match, message, kept_message)

    def _open(self, setup, match, message, kept_message="msg.previous_kept"):
        """Put ``match`` on the board (the unfinished one set aside, kept); True if one was kept.

        The unfinished match goes to the saved list in the same write as the new one.
        """
        self.close_lesson()        # a lesson open over the match gives way (its clock runs again)
        self._forget_lesson()
        self._close_editor()       # so does the editor
        saved = self._set_aside_current()
        kept = saved is not None
        self.setup = setup
        self.match = match
        self.selected = None
        self.bot_plan = None
        self.archived = False
        self.resign_choice = False
        self.hint = None
        self.replay = None
        self.dice_ties = []
        self.editing = None
        self.review = None
        self.started_at = int(self.wall())
        self.message = _join((kept_message, {}), message) if kept else message
        self.save({"saved": saved} if kept else None)
        return kept

    def _open_position(self, shared, mode, level=DEFAULT_LEVEL, seed=None,
                       kept_message="msg.previous_kept"):
        """Open a :class:`game.ui.share.SharedPosition` as a new match (raises ShareError)."""
        dice = SeededDice(seed) if seed else SystemDice()
        match = shared.match(dice, now=self.now)
        cfg = match.config
        setup = Setup(mode=mode, length=cfg.length, level=level, jacoby=cfg.jacoby,
                      beavers=cfg.beavers, seed=seed)
        message = ("msg.position_opened", {})
        if shared.next_game:
            score = match.score
            message = ("msg.link_next_game", {"name0": {"player": 1}, "score0": score[1],
                                               "name1": {"player": 0}, "score1": score[0]})
        elif match.phase is Phase.RESIGNATION_OFFERED:
            message = _resignation_message(match)
        self._open(setup, match, message, kept_message)

    # --- a resignation offered: the opponent answers -----------------------------------------
    def accept_resignation(self):
        """The player offered a resignation accepts it: the game ends."""
        m = self.match
        if not self.human_to_act() or m.phase is not Phase.RESIGNATION_OFFERED:
            return
        self._accept_resignation()

    def reject_resignation(self):
        """The player offered a resignation refuses it: the game goes on."""
        m = self.match
        if not self.human_to_act() or m.phase is not Phase.RESIGNATION_OFFERED:
            return
        self._reject_resignation()

    def _accept_resignation(self):
        m = self.match
        resigner = m.game.resignation[0]
        self._act(m.accept_resignation)
        if m.phase is Phase.OVER:
            result = m.game.result
            self._game_over(("msg.resigned", {"name": {"player": resigner},
                                              "winner": {"player": result.winner},
                                              "points": _points(result.points)}))

    def _reject_resignation(self):
        m = self.match
        resigner = m.game.resignation[0]
        self._act(m.reject_resignation)
        if m.phase is not Phase.RESIGNATION_OFFERED:
            self.message = ("msg.resign_rejected", {"name": {"player": 1 - resigner},
                                                    "other": {"player": resigner}})
            self.save()

    def open_ids(self, text):
        """Open the position of pasted IDs (Position ID + Match ID, XGID, or a link).

        True when it opened; otherwise the message says why and nothing changed.
        """
        try:
            shared = decode(read_ids(text))
            self._open_position(shared, "hotseat")
        except ShareError as error:
            self.message = (error.key, {})
            return False
        return True

    # --- match files -----------------------------------------------------------------------------
    def mat_file(self):
        """``(file name, .mat text)`` of the match on screen (the one replayed, if any), or
        None when it cannot be written (the message says why)."""
        if self.replay is not None:
            return self._mat_of(self.replay.match_data, self.replay.setup, self.replay.when)
        return self._mat_of(self.match, self.setup, self.started_at)

    def history_mat_file(self, index):
        """``(file name, .mat text)`` of the ``index``-th finished match, or None."""
        entries = self.history()
        if not 0 <= index < len(entries):
            return None
        entry = entries[index]
        return self._mat_of(entry.get("match"), Setup.from_dict(entry.get("setup")),
                            entry.get("started_at") or entry.get("finished_at"))

    def sgf_file(self):
        """``(file name, .sgf text)`` of the match on screen, as :meth:`mat_file` (GNU Backgammon's
        own format), or None when it cannot be written (the message says why)."""
        if self.replay is not None:
            return self._mat_of(self.replay.match_data, self.replay.setup, self.replay.when, sgf=True)
        return self._mat_of(self.match, self.setup, self.started_at, sgf=True)

    def _mat_of(self, match, setup, when, sgf=False):
        from ..matfile import MatFileError, export_mat     # not needed to start the page
        from ..sgf import SgfFileError, export_sgf

        names = [self.player_name(p, setup) for p in (0, 1)]
        try:
            data = match.to_dict() if isinstance(match, Match) else dict(match or {})
            # the file names the players as the app does ("You", "Computer (expert)")
            data["config"] = {**data["config"], "names": names}
            text = (export_sgf if sgf else export_mat)(Match.from_dict(data), date=_mat_date(when))
        except (MatFileError, SgfFileError):
            self.message = ("error.sgf_setup" if sgf else "error.mat_setup", {})
            return None
        except (GameError, KeyError, TypeError):
            self.message = ("reason.unknown", {})
            return None
        name = _mat_name(names, when)
        return (name[:-len(".mat")] + ".sgf" if sgf else name), text

    def open_mat(self, text, name=""):
        """Open the match of a ``.mat`` or ``.sgf`` file (its text, or its bytes: UTF-8 or
        Windows-1252 for ``.mat``, UTF-8 for ``.sgf``): continued if unfinished, replayed if over.

        True when it opened, its message followed by the file's warnings (a result the rules
        would not give, kept); otherwise the message says why (the line, and the reason when
        known) and nothing changed.
        """
        from ..matfile import MatFileError, import_mats
        from ..sgf import SgfFileError, import_sgf

        if len(text) > MAT_LIMIT:
            self.message = ("error.mat_too_big", {})
            return False
        warnings = []
        head = text[:64].decode("utf-8", "replace") if isinstance(text, (bytes, bytearray)) else text[:64]
        sgf = str(name).lower().endswith(".sgf") or head.lstrip("\ufeff \t\r\n").startswith("(;")
        try:
            if sgf:
                if isinstance(text, (bytes, bytearray)):
                    text = bytes(text).decode("utf-8", "replace")
                matches = [import_sgf(text)]
            else:
                matches = import_mats(text, warnings=warnings)
        except SgfFileError as error:
            self.message = (error.key, dict(error.params))
            return False
        except MatFileError as error:
            if error.line is None:
                self.message = ("error.mat_file", {})
            else:
                self.message = ("error.mat_line", {"line": error.line,
                                                   "text": (error.text or "").strip()[:60]})
                if error.key is not None and self.tr.has(error.key):
                    self.message = ("error.mat_line_why", {**self.message[1],
                                                           "why": {"message": [error.key, error.params]}})
            return False
        if len(matches) != 1:
            self.message = ("error.mat_several" if matches else "error.mat_file", {})
            return False
        match = matches[0]
        if isinstance(match.dice_source, ManualDice) and match.dice_source.fallback is None:
            match.dice_source.fallback = SystemDice()     # the rolls after the file's
        cfg = match.config
        setup = Setup(mode="hotseat", length=cfg.length, jacoby=cfg.jacoby, beavers=cfg.beavers,
                      auto_doubles=bool(cfg.automatic_doubles), names=cfg.names)
        opened = _join(("msg.mat_opened", {"file": str(name)[:80]}),
                       *((w.key, w.params) for w in warnings))
        self._open(setup, match, opened)
        if match.match_winner is not None:
            self.start_replay()
            self.message = _join(opened, self.message)
        return True

    def _unfinished(self):
        match = self.match
        if match is None or self.archived:
            return False
        events = match.events
        return len(events) > 1 and match.match_winner is None

    def _set_aside_current(self):
        """The saved list with the unfinished match on the board (or in the store) put first,
        or None when there is none to keep."""
        if self.match is None:
            saved = self.vault.read("current")
            if saved is None:
                return None
            if not self._restore(saved):
                self._keep_aside("current")      # unreadable: kept aside, not overwritten
                return None
        if not self._unfinished():
            return None
        entries = [self._snapshot(), *self.saved_matches()][:storage.SAVED_LIMIT]
        self.match = None
        return entries

    def saved_matches(self):
        return self.vault.read("saved")

    def history(self):
        return self.vault.read("history")

    def resume(self, index):
        """Bring back the ``index``-th saved match; the one on the board takes its place."""
        self.close_lesson()
        self._close_editor()
        entries = self.saved_matches()
        if not isinstance(index, int) or not 0 <= index < len(entries):
            return
        entry = entries.pop(index)
        current = self._snapshot() if self._unfinished() else None
        if not self._restore(entry):
            self.message = ("reason.unknown", {})
            return
        if current is not None:
            entries = [current, *entries][:storage.SAVED_LIMIT]
        self.message = ("msg.resumed", {})
        self.editing = None
        self.save({"saved": entries})

    def delete_saved(self, index):
        entries = self.saved_matches()
        if isinstance(index, int) and 0 <= index < len(entries):
            del entries[index]
            self._commit({"saved": entries})

    def next_game(self):
        """Start the next game of the match once the last one is over."""
        if self.replay is not None:
            return
        self._act(lambda: self.match.new_game())
        if self.match.phase is Phase.OPENING:
            self.message = ("msg.opening_roll", {})
            if self.match.is_crawford_game:
                self.message = _join(("msg.crawford", {}), self.message)
            self.save()

    # --- persistence --------------------------------------------------------------------------
    def _snapshot(self, events=True):
        """The match on the board as stored (``events=False``: its log left out)."""
        return {
            "match": self.match.to_dict(events=events),
            "setup": self.setup.to_dict(),
            "ui": {"message": _message_to_data(self.message), "archived": self.archived,
                   "started_at": self.started_at, "dice_ties": list(self.dice_ties)},
            "saved_at": int(self.wall()),
        }

    def save(self, also=None):
        """Save the match on the board (and the history when it has just ended), with the
        other parts in ``also`` (``{part: data}``), in one write: all or nothing.

        Inside an action (any public method, :mod:`game.ui.actions`) the write waits
        for the action's end: one action, one write, whatever its steps asked.
        """
        self.saves.ask(also)

    def _write(self, also):
        if self.match is None:
            return
        changes = dict(also or {})
        archiving = self.match.match_winner is not None and not self.archived
        if archiving:
            self.archived = True
            changes["history"] = [self._summary(), *self.history()][:storage.HISTORY_LIMIT]
        # the text of the finished games' events is kept: a save costs the same in a long session
        changes["current"] = self._current_text.pack(self._snapshot(events=False), self.match.events)
        if not self._commit(changes) and archiving:
            self.archived = False          # the history entry is written with the next save

    def _commit(self, changes):
        """Write ``changes`` through the vault; False (and the page says so) when the store is full."""
        try:
            self.vault.commit(changes)
        except storage.StorageFull:
            self.unsaved = True
            self.notice_closed = False
            return False
        if self.unsaved:
            self.unsaved = False
            self.message = _join(self.message, ("msg.storage_saved_again", {})) if self.message \
                else ("msg.storage_saved_again", {})
        return True

    # --- what the page says about the storage ------------------------------------------------------
    def notice(self):
        """The storage notice: None, or ``{"text": …, "buttons": [ids]}`` (ids of the page).

        ``full``: the store refused the last save; ``unreadable``: data kept aside.
        """
        if self.notice_closed:
            return None
        if self.unsaved:
            return {"kind": "full", "text": self.tr("msg.storage_full"),
                    "buttons": ["storage-prune", "storage-backup", "storage-close"]}
        if self.vault.aside:
            key = "msg.storage_newer" if "newer" in self.vault.problems else "msg.storage_unreadable"
            return {"kind": "unreadable", "text": self.tr(key),
                    "buttons": ["storage-download", "storage-discard", "storage-close"]}
        return None

    def close_notice(self):
        self.notice_closed = True

    def aside_file(self):
        """``(file name, text)``: what was kept aside, to download."""
        return f"backgammon-unreadable-{_mat_date(self.wall()).replace('.', '-')}.json", \
            self.vault.aside_text()

    def discard_aside(self):
        """Delete what was kept aside: a fresh start (the match on the board stays)."""
        self.vault.forget_aside()
        self.message = ("msg.storage_discarded", {})

    def backup_file(self):
        """``(file name, text)``: every match this app holds, the one on the board included, as
        JSON (what a full storage cannot keep is not lost)."""
        data = {"app": "backgammon", "format": storage.FORMAT,
                "current": self._snapshot() if self.match is not None else None,
                "saved": self.saved_matches(), "history": self.history()}
        return f"backgammon-matches-{_mat_date(self.wall()).replace('.', '-')}.json", \
            json.dumps(data, ensure_ascii=False, indent=1)

    def prune_history(self):
        """Make room: delete the older half of the finished matches (at least one), then save."""
        entries = self.history()
        keep = len(entries) // 2
        if entries:
            try:
                self.vault.commit({"history": entries[:keep]})
            except storage.StorageFull:
                pass
        self.message = ("msg.storage_pruned", {"count": len(entries) - keep})
        self.save()

    def _summary(self):
        match = self.match
        return {
            "names": [self.player_name(0), self.player_name(1)],
            "score": list(match.score),
            "length": match.config.length,
            "winner": match.match_winner,
            "mode": self.setup.mode,
            "started_at": self.started_at,
            "finished_at": int(self.wall()),
            "match": match.to_dict(),
            "setup": self.setup.to_dict(),
        }

    def save_prefs(self):
        self.prefs.language = self.language
        self._store(storage.PREFS, storage.pack("prefs", asdict(self.prefs)))

    def _store(self, key, text):
        """Write one key that holds no match (the prefs, the open lesson): a full storage only
        means it holds for this visit (matches go through the vault, all or nothing)."""
        try:
            self.store.set(key, text)
        except Exception:  # noqa: BLE001 - full or off: kept in memory
            pass

    # --- the new-match dialog and the list of matches ---------------------------------------------
    def form_values(self):
        """The new-match dialog's fields for the current setup: ``{name: str or bool}``."""
        setup = self.setup
        bottom = self.bottom
        clock = setup.clock or (PER_MOVE.default, 60 * RESERVE.default)
        return {
            "mode": setup.mode, "level": setup.level,
            "kind": "money" if setup.length == 0 else "match",
            "length": str(setup.length or LENGTH.default),
            **setup.rules_form(),
            "clock": setup.clock is not None,
            "per_move": str(int(clock[0])), "reserve": str(int(clock[1] // 60)),
            "name_bottom": setup.names[bottom], "name_top": setup.names[1 - bottom],
            "colour": setup.colours[bottom],
            "starter": "roll" if setup.starter == "roll" else ("bottom" if setup.starter == bottom else "top"),
            "seed": setup.seed or "", "lang": self.language, "manual_dice": setup.manual_dice,
        }

    def setup_from_form(self, values):
        """The :class:`Setup` the new-match dialog's fields ask for (strings, "on" for ticks)."""
        def ticked(name):
            return values.get(name) in ("on", "true", True)

        bottom = self.bottom
        names = ["", ""]
        names[bottom] = (values.get("name_bottom") or "").strip()
        names[1 - bottom] = (values.get("name_top") or "").strip()
        colour = values.get("colour") if values.get("colour") in ("light", "dark") else "light"
        other = "dark" if colour == "light" else "light"
        colours = (colour, other) if bottom == 0 else (other, colour)
        starter = {"bottom": bottom, "top": 1 - bottom}.get(values.get("starter"), "roll")
        length = 0 if values.get("kind") == "money" else LENGTH.clamp(values.get("length"))
        clock = None
        if ticked("clock"):
            clock = (PER_MOVE.clamp(values.get("per_move")), 60 * RESERVE.clamp(values.get("reserve")))
        seed = (values.get("seed") or "").strip()
        seed = seed if seed and all(c.isalnum() or c in "_.:-" for c in seed) else None
        return Setup(mode=values.get("mode") or "bot", length=length, level=values.get("level"),
                     **Setup.rules_from_form(values), clock=clock, names=tuple(names),
                     colours=colours, starter=starter, seed=None if ticked("manual_dice") else seed,
                     manual_dice=ticked("manual_dice"))

    def match_rows(self):
        """``(unfinished, finished)``: lists of one-line descriptions of the kept matches."""
        def describe(entry):
            setup = Setup.from_dict(entry.get("setup"))
            match = entry.get("match") or {}
            names = entry.get("names") or [self.player_name(0, setup), self.player_name(1, setup)]
            score = entry.get("score")
            if score is None:
                score = _score_of(match)
            when = entry.get("finished_at") or entry.get("saved_at")
            stakes = self._stakes(setup.length)
            text = self.tr("history.entry", name0=names[1 - self.bottom], name1=names[self.bottom],
                           score0=score[1 - self.bottom], score1=score[self.bottom], stakes=stakes)
            return f"{_date(when)} · {text}" if when else text

        return ([describe(e) for e in self.saved_matches()],
                [describe(e) for e in self.history()])

    # --- preferences --------------------------------------------------------------------------
    def set_language(self, language, remember=True):
        self.language = language if language in LANGUAGES else "en"
        self.tr = translator(self.language)
        if remember:
            self.save_prefs()

    def flip(self):
        self.prefs.flipped = not self.prefs.flipped
        self.save_prefs()

    def set_pref(self, name, value):
        if name in ("home_left", "click_moves", "auto_flip", "animate", "fast_bot") and isinstance(value, bool):
            setattr(self.prefs, name, value)
            self.save_prefs()
        elif name == "theme" and value in THEMES:
            self.prefs.theme = value
            self.save_prefs()

    def shot_counter_html(self):
        """The shot counter's grid for the player who rolls next (game/ui/shots_view.py)."""
        from html import escape

        from .shots_view import shot_counter, shots_html
        found = shot_counter(self.match)
        if found is None:
            return f'<p class="empty">{escape(self.tr("shots.none"))}</p>'
        player, shots = found
        return shots_html(shots, self.player_name(player), self.tr)

    # --- back up and restore everything (game/ui/backup.py) ----------------------------------------
    def backup_all(self):
        """``(file name, text)``: every match, the prefs and the open lesson, in one file."""
        from .backup import file_name, write_backup
        parts = {"current": self._snapshot() if self.match is not None else self.vault.read("current"),
                 "saved": self.saved_matches(), "history": self.history()}
        lesson = storage.unpack(self.store.get(storage.LESSON), "lesson")
        now = int(self.wall())
        return file_name(now), write_backup(parts, asdict(self.prefs), lesson, now)

    def restore_backup(self, data, replace_current=None):
        """Restore a backup file (its text or bytes) over what this browser holds.

        Returns ``"asked"`` when both the board and the backup hold an unfinished match:
        the message asks which goes on the board; call again with ``replace_current``
        (True: the backup's). Returns True once restored, False when the file is refused
        (the message says why, and nothing changed). No match is ever lost: the one not on
        the board goes to the saved list.
        """
        from .backup import BackupError, merge, read_backup
        try:
            backup = read_backup(data)
        except BackupError as error:
            self.message = (error.key, dict(error.params))
            return False
        here = {"current": self._snapshot() if self.match is not None else None,
                "saved": self.saved_matches(), "history": self.history()}
        plan = merge(here, backup, replace_current=replace_current, lesson_open=self.lesson is not None)
        if plan.question is not None:
            self.message = (f"backup.{plan.question}", {})
            return "asked"
        current = plan.parts["current"]
        if current is not None and current is not here["current"]:
            self.close_lesson()
            self._close_editor()
            self._restore(current)             # checked by read_backup with the same engine replay
        self.save({"saved": plan.parts["saved"], "history": plan.parts["history"]})
        if plan.prefs is not None:
            self.prefs = Prefs.from_dict(plan.prefs)
            self.set_language(self.prefs.language or self.language)
        if plan.lesson is not None:
            self._store(storage.LESSON, storage.pack("lesson", plan.lesson))
        self.message = ("backup.restored", {"count": {"plural": "count.matches", "n": plan.added}})
        return True

    # --- who is who ---------------------------------------------------------------------------
    def is_human(self, player):
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
        return tr("name.player1") if player == BOTTOM_DEFAULT else tr("name.player2")

    @property
    def bottom(self):
        """The player drawn at the bottom of the board."""
        if self.prefs.auto_flip and self.setup.mode == "hotseat" and self.match is not None:
            actor = self.match.player_to_act
            if actor is None:
                actor = self.match.player_on_roll
            if actor is not None:
                return actor
        return 1 - BOTTOM_DEFAULT if self.prefs.flipped else BOTTOM_DEFAULT

    def _human_moving(self):
        m = self.match
        return (self.replay is None and self.lesson is None and self.editor is None
                and m.phase is Phase.MOVING and self.is_human(m.player_on_roll))

    def human_to_act(self):
        """True when the next action is a person's (buttons and clicks work; not while a
        match is replayed)."""
        m = self.match
        if self.replay is not None or self.lesson is not None or self.editor is not None:
            return False
        if m.phase is Phase.OPENING:
            return bool(self.setup.humans())
        if m.phase is Phase.OVER:
            return False
        actor = m.player_to_act
        return actor is not None and self.is_human(actor)

    def bot_to_act(self):
        """True when the computer must act next (main.py then calls :meth:`bot_act`); it
        waits while a match is replayed."""
        m = self.match
        if (m is None or self.replay is not None or self.lesson is not None or self.editor is not None
                or self.dice_wanted()):
            return False
        if m.phase is Phase.OVER:
            return self.setup.mode == "watch" and m.match_winner is None
        if m.phase is Phase.OPENING:
            return not self.setup.humans()
        actor = m.player_to_act
        return actor is not None and not self.is_human(actor)

    # --- actions ------------------------------------------------------------------------------
    def _act(self, action):
        """Run a match action; a refusal becomes the message.  Saves either way."""
        self.resign_choice = False
        try:
            result = action()
        except (IllegalActionError, IllegalMoveError) as error:
            self._refused(error)
            result = None
        self.save()
        return result

    def _refused(self, error):
        self.message = refusal(error)

    def roll(self):
        """Throw the dice (the opening roll too), for the person on roll."""
        if not self.human_to_act():
            return
        if self.dice_wanted():
            self.message = self._dice_prompt()
            return
        self._roll()

    def _roll(self):
        m = self.match
        opening = m.phase is Phase.OPENING
        before = len(m.events)
        if self._act(m.roll) is None:
            return
        self.selected = None
        self.focus = None          # the keyboard's focus starts the turn on a checker that can move
        if opening:
            self._announce_opening(m.events[before:])
        self._after_roll(opening)

    def _announce_opening(self, events):
        """Say what the opening roll gave: its ties (thrown again), automatic doubles, the winner."""
        parts = []
        for event in events:
            if event["type"] == "opening_roll" and event["player"] is None:
                parts.append(("msg.opening_tie", {"die": event["dice"][0]}))
            elif event["type"] == "auto_double":
                parts.append(("msg.auto_double", {"value": event["cube"]}))
            elif event["type"] == "opening_roll":
                die0, die1 = event["dice"]
                parts.append(("msg.opening", {
                    "name0": {"player": 0}, "name1": {"player": 1}, "die0": die0, "die1": die1,
                    "starter": {"player": event["player"]}, "dice": _dice_text(self.match.dice)}))
        self.message = _join(*parts) if len(parts) > 1 else parts[0]

    def _after_roll(self, opening):
        """Announce the roll; play a forced move for a person (they still press Done)."""
        m = self.match
        turn = m.turn
        player = m.player_on_roll
        name = {"player": player}
        dice = _dice_text(m.dice)
        opening_message = self.message if opening else None
        if turn.no_move:
            key = "msg.no_move" if self.is_human(player) else "msg.bot_no_move"
            self.message = (key, {"name": name, "dice": dice})
        elif self.is_human(player):
            forced = turn.forced
            if forced is not None:
                for step in forced.steps:
                    m.step(step.source, step.target)
                self.message = ("msg.forced", {"name": name, "dice": dice, "move": str(forced)})
            elif opening_message is None:
                key = "msg.rolled_click" if self.prefs.click_moves else "msg.rolled"
                self.message = (key, {"name": name, "dice": dice})
        self.save()

    def double(self):
        if not self.human_to_act():
            return
        self._double()

    def _double(self):
        m = self.match
        doubler = m.player_on_roll
        if self._act(m.double) is None and m.phase is Phase.DOUBLED:
            self.message = ("msg.double_offered", {"name": {"player": doubler},
                                                   "other": {"player": 1 - doubler},
                                                   "value": m.offered_cube})
            self.save()

    def take(self):
        if self.human_to_act() and self.match.phase is Phase.DOUBLED:
            self._take()

    def beaver(self):
        """Money play with beavers: take the double and redouble at once, keeping the cube."""
        if self.human_to_act() and self.match.phase is Phase.DOUBLED:
            self._beaver()

    def _beaver(self):
        m = self.match
        beaverer = m.player_to_act
        self._act(m.beaver)
        if m.game.offer == "beaver":
            self.message = ("msg.beavered", {"name": {"player": beaverer},
                                             "other": {"player": 1 - beaverer},
                                             "value": m.offered_cube})
            self.save()

    def _take(self):
        m = self.match
        taker = m.player_to_act
        self._act(m.take)
        if m.phase is Phase.ROLL_OR_DOUBLE:
            self.message = ("msg.double_taken", {"name": {"player": taker}, "value": m.cube_value})
            self.save()

    def drop(self):
        if self.human_to_act() and self.match.phase is Phase.DOUBLED:
            self._drop()

    def _drop(self):
        m = self.match
        dropper = m.player_to_act
        self._act(m.drop)
        if m.phase is Phase.OVER:
            result = m.game.result
            self._game_over(("msg.double_dropped", {"name": {"player": dropper},
                                                    "winner": {"player": result.winner},
                                                    "points": _points(result.points)}))

    def undo(self):
        if self.lesson is not None:
            self.lesson.undo()
            return
        if self._human_moving():
            self.selected = None
            self._act(self.match.undo)
            self._describe_turn()

    def done(self):
        """End the turn (the button, or a click on the dice); never happens on its own."""
        if not self._human_moving():
            return
        self._done()

    def _done(self):
        m = self.match
        mover = m.player_on_roll
        dice = _dice_text(m.dice)
        move = self._act(m.done)
        self.selected = None
        if m.phase is Phase.OVER:
            result = m.game.result
            self._game_over(("msg.game_won", {"winner": {"player": result.winner},
                                              "result": {"key": _RESULT_KEYS.get(result.kind, "result.single")},
                                              "points": _points(result.points)}))
        elif m.phase is Phase.ROLL_OR_DOUBLE:
            if not self.is_human(mover) and move is not None:
                self.message = ("msg.bot_played", {"name": {"player": mover}, "dice": dice,
                                                   "move": str(move)})
            elif self.is_human(m.player_on_roll):
                self._prompt_roll()
            else:
                self.message = ("msg.bot_thinking", {"name": {"player": m.player_on_roll}})
            self.save()

    def _prompt_roll(self):
        m = self.match
        player = m.player_on_roll
        key = "msg.to_roll_or_double" if m.can_double() else "msg.to_roll"
        self.message = (key, {"name": {"player": player}})

    def resign_kinds(self):
        """What the player on roll may resign now, as names: ``"single"`` always, ``"gammon"``
        while none of his checkers is off, ``"backgammon"`` while one of them is also on the
        bar or in the opponent's home board; less a kind the opponent just rejected (it may
        not be offered again, nor a smaller one, before the next roll).  Empty when a person
        cannot resign now."""
        if self.match is None or not self.human_to_act():
            return []
        return self.match.resign_kinds()      # the rule is the engine's

    def resign(self, kind=None):
        """Resign: with no ``kind``, open the choice of what to give up (:meth:`resign_kinds`);
        with one (``"single"``, ``"gammon"`` or ``"backgammon"``), offer it.  The opponent
        answers: a person with Accept or Reject, the computer by its own judgement."""
        m = self.match
        kinds = self.resign_kinds()
        if not kinds:
            return
        if kind is None:
            self.covers.open("resign", self.message, again=not self.resign_choice)  # back on Cancel
            self.resign_choice = True
            self.message = ("msg.resign_choose", {"name": {"player": m.player_on_roll},
                                                  "points": _points(m.cube_value)})
            return
        if kind not in kinds:
            self.resign_choice = False
            self.message = ("reason.invalid_resignation", {})
            return
        self._act(lambda: m.resign(kind))
        if m.phase is Phase.RESIGNATION_OFFERED:
            self.message = _resignation_message(m)
            if not self.is_human(m.player_to_act):
                resigner = m.game.resignation[0]
                self.message = ("msg.resign_thinking", {"name": {"player": resigner},
                                                        "other": {"player": 1 - resigner},
                                                        "points": _points(RESIGN_KINDS[kind] * m.cube_value)})
            self.save()

    def cancel_resign(self):
        """Close the choice of what to resign; nothing is offered."""
        if self.resign_choice:
            self.resign_choice = False
            self.message = self.covers.close("resign")

    def _game_over(self, message):
        m = self.match
        if self.setup.manual_dice and isinstance(m.dice_source, ManualDice):
            m.dice_source.clear()    # dice set for a roll the game's end made moot
        self.selected = None
        self.bot_plan = None
        winner = m.match_winner
        if winner is not None:
            score = m.score
            self.message = _join(message, ("msg.match_won", {
                "winner": {"player": winner}, "score0": score[winner], "score1": score[1 - winner]}))
        else:
            self.message = ("msg.next_game", {"text": list(message)})
        self.save()

    def tick(self):
        """Apply a clock that ran out; True when that ended the game."""
        m = self.match
        if m is None or m.clock is None or self.lesson is not None:
            return False
        try:
            flagged = m.check_clock()
        except GameError:
            return False
        if flagged is None:
            return False
        result = m.game.result
        self._game_over(("msg.timeout", {"name": {"player": flagged},
                                         "winner": {"player": result.winner},
                                         "points": _points(result.points)}))
        return True

    # --- checker play -------------------------------------------------------------------------
    #: the checker picked (the mover's numbering), or None
    selected = Picked()

    def _play(self, name, *args):
        """The board input's step (``"step"`` or ``"auto_step"``), played in the match."""
        self._act(lambda: getattr(self.match, name)(*args))
        self._describe_turn()

    def _say(self, message):
        self.message = message

    def click(self, slot, button="left"):
        """A click (``button`` ``"left"``, ``"right"`` or ``"shift"``, a shift-click) on the
        element with ``data-slot=slot``."""
        if self.lesson is not None:
            self.lesson.click(slot, button)
            return
        if self.editor is not None:
            self.edit_click(slot, button)
            return
        m = self.match
        if slot == "dice":
            if self._human_moving():
                turn = m.turn
                if turn.is_complete or turn.no_move:
                    self.done()
            elif m.phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE):
                self.roll()
            return
        if slot == "cube":
            if m.phase is Phase.ROLL_OR_DOUBLE and self.human_to_act() and m.can_double():
                self.double()
            return
        if self._human_moving():
            self.board_input.click(slot, button, self.prefs.click_moves)

    def press(self, slot):
        """A drag starts on ``slot``: select the checker there; True when it can be dragged."""
        if self.lesson is not None:
            return self.lesson.press(slot)
        return self._human_moving() and self.board_input.press(slot)

    def drop_on(self, slot):
        """A dragged checker is let go over ``slot``: move it there if that is legal."""
        if self.lesson is not None:
            self.lesson.drop_on(slot)
            return
        if self._human_moving():
            self.board_input.drop_on(slot)

    def deselect(self):
        self.selected = None
        if self.lesson is not None:
            self.lesson.deselect()

    def _describe_turn(self):
        m = self.match
        if m.phase is not Phase.MOVING:
            return
        turn = m.turn
        move = str(turn.move)
        if turn.is_complete and turn.played:
            self.message = ("msg.complete", {"move": move})
        elif turn.played:
            self.message = ("msg.playing", {"move": move})
        self.save()

    def type_move(self, text):
        """Play notation typed by the user (``8/5 6/5``; a part of the move works too)."""
        if self.lesson is not None:
            return self.lesson.type_move(text)
        if not self._human_moving():
            return False
        m = self.match
        turn = m.turn
        text = (text or "").strip()
        if not text:
            return False
        try:
            parts = parse_notation(text)
        except GameError:
            self.message = ("msg.bad_notation", {"text": text[:40]})
            return False
        if sum(count for _source, _target, count, _hits in parts) > 4:
            # no play has more than four checker moves; and the engine's explanation
            # of a refused play tries every order of its parts (n! of them)
            self.message = ("reason.too_many_moves", {})
            self.save()
            return False
        plan, error = self._plan_typed(text, from_scratch=False)
        if plan is None and turn.played:
            plan, _other = self._plan_typed(text, from_scratch=True)
            if plan is not None:
                m.undo_all()
        if plan is None:
            self._refused(error)
            self.save()
            return False
        self.selected = None
        for source, target in plan:
            m.step(source, target)
        self._describe_turn()
        return True

    def _plan_typed(self, text, from_scratch):
        """The single steps that play ``text`` now, or ``(None, error)``."""
        turn = self.match.turn
        scratch = Turn(turn.position, turn.dice)
        if not from_scratch:
            for step in turn.played:
                scratch.step(step.source, step.target)
        first_error = None
        if not scratch.played:
            # a whole play: the engine reads it, hits and intermediate points included
            try:
                move = turn.position.parse_move(text, turn.dice)
                return [(s.source, s.target) for s in move.steps], None
            except IllegalMoveError as error:
                if error.reason is Reason.AMBIGUOUS_MOVE:
                    return None, error          # not a part of a play: say which plays it fits
                first_error = error
            except GameError as error:
                return None, error
        try:
            for source, target, count, _hits in parse_notation(text):
                for _ in range(count):
                    scratch.step(source, target)
        except IllegalMoveError as error:
            return None, first_error or error
        played_before = len(turn.played) if not from_scratch else 0
        return [(s.source, s.target) for s in scratch.played[played_before:]], None

    # --- the computer ----------------------------------------------------------------------------
    def _bot(self, player):
        """The computer player of this setup; with a dice seed its own random choices are seeded
        too, so that a class playing the same link meets the same opponent."""
        key = (self.setup.level, self.setup.seed)
        if key not in self._bots:
            if self._bot_factory is not None:
                self._bots[key] = self._bot_factory(self.setup.level)
            else:
                from ..bot import Bot  # imported on first use: start-up stays lean
                self._bots[key] = Bot(level=self.setup.level, seed=self.setup.seed)
        return self._bots[key]

    def _context(self, player):
        try:
            from ..bot import CubeContext
        except ImportError:  # pragma: no cover
            return None
        m = self.match
        cfg = m.config
        owner = m.cube_owner
        return CubeContext(
            cube_value=m.cube_value,
            cube_owner=None if owner is None else ("me" if owner == player else "opponent"),
            match_length=cfg.length, score_me=m.score[player], score_opponent=m.score[1 - player],
            crawford=m.is_crawford_game, jacoby=cfg.jacoby and cfg.money,
            beavers=cfg.beavers and cfg.money)

    def bot_act(self):
        """The computer does one small thing (a roll, a cube answer, one checker, Done).

        Returns what it did: ``"roll"``, ``"double"``, ``"take"``, ``"drop"``,
        ``"step"``, ``"done"``, ``"new_game"``, ``"resign"`` (a hopeless race offered to a
        person), ``"accept"`` or ``"reject"`` (a person's resignation), or None when it is
        not its turn.
        ``main.py`` waits a little between calls so people can follow.
        """
        return _finish(self.bot_act_steps())

    def bot_act_steps(self):
        """:meth:`bot_act` step by step: a generator that yields while the bot thinks and
        returns what it did.  ``main.py`` drives it with :func:`game.ui.cooperative.drive`,
        so the page stays live; if the match changed meanwhile (a new match, a resume),
        the thought is dropped and it returns None."""
        if not self.bot_to_act():
            return None
        m = self.match
        phase = m.phase
        if phase is Phase.OVER:
            self.next_game()
            return "new_game"
        if phase is Phase.OPENING:
            self._roll()
            return "roll"
        player = m.player_to_act
        bot = self._bot(player)
        if phase is Phase.ROLL_OR_DOUBLE:
            kind = self._bot_resigns(bot, player)
            if kind is not None:
                self._act(lambda: m.resign(kind))
                if m.phase is Phase.RESIGNATION_OFFERED:
                    self.message = _resignation_message(m)
                    self.save()
                    return "resign"
            if m.can_double():
                state = self._bot_state()
                action = yield from self._cube_says(bot, "cube_action", player)
                if self._bot_state() != state:
                    return None
                if action == "double":
                    self._double()
                    return "double"
            self._roll()
            return "roll"
        if phase is Phase.DOUBLED:
            doubler = m.player_on_roll
            if m.game.offer == "beaver":
                self._take()                                   # the doubler stands by his double
                return "take"
            state = self._bot_state()
            answer = yield from self._cube_says(bot, "take_decision", doubler)
            if self._bot_state() != state:
                return None
            if answer == "beaver" and m.refusal("beaver") is None:
                self._beaver()
                return "take"
            if answer == "drop":
                self._drop()
                return "drop"
            self._take()
            return "take"
        if phase is Phase.RESIGNATION_OFFERED:
            if self._resign_says(bot) == "reject":
                self._reject_resignation()
                return "reject"
            self._accept_resignation()
            return "accept"
        if phase is Phase.MOVING:
            turn = m.turn
            if self.bot_plan is None:
                if turn.played:
                    m.undo_all()
                if turn.no_move:
                    self.bot_plan = []
                else:
                    think = getattr(bot, "think_move", None)
                    if think is None:      # a bot without a step-by-step form
                        move = bot.choose_move(turn.position, turn.dice, self._context(player))
                    else:
                        state = self._bot_state()
                        move = yield from think(turn.position, turn.dice, self._context(player))
                        if self._bot_state() != state:
                            return None
                    self.bot_plan = [(s.source, s.target) for s in move.steps] if move is not None else []
                    self.message = ("msg.bot_played", {"name": {"player": player},
                                                       "dice": _dice_text(m.dice), "move": str(move)})
            if self.bot_plan:
                source, target = self.bot_plan.pop(0)
                self._act(lambda: m.step(source, target))
                return "step"
            self.bot_plan = None
            self._done()
            return "done"
        return None  # pragma: no cover

    def _bot_state(self):
        """What the bot's thought is about: the match, its position, cube and turn (and no
        lesson over it: a thought that ends while a lesson is open is dropped)."""
        m = self.match
        if m is None:
            return None
        return (id(m), m.game_number, len(m.events), m.phase, m.position_id(), m.match_id(),
                self.lesson is None)

    def _bot_resigns(self, bot, player):
        """The resignation the computer offers a person before rolling (1, 2, 3), or None: a
        hopeless race (see :meth:`game.bot.Bot.resignation_offer`), at most until the person
        rejects one in this game."""
        m = self.match
        offer = getattr(bot, "resignation_offer", None)
        if offer is None or not self.is_human(1 - player) or m.refusal("resign") is not None:
            return None
        events = m.events
        start = _game_start(events)
        if any(e["type"] == "reject_resignation" for e in events[start:]):
            return None
        return offer(m.game.position)

    def _resign_says(self, bot):
        """The bot's answer to the resignation on offer, asked from the resigner's side (the
        position as his turn began, and his dice when he resigned after rolling)."""
        m = self.match
        g = m.game
        resigner, kind = g.resignation
        dice = g.dice if g.phase_before_resignation is Phase.MOVING else None
        decide = getattr(bot, "resignation_decision", None)
        if decide is None:        # a bot without the judgement accepts
            return "accept"
        return decide(g.position, kind, self._context(resigner), dice)

    def _cube_says(self, bot, method, doubler):
        """The bot's cube answer (a generator); both questions are asked from the (would-be)
        doubler's side."""
        m = self.match
        position, ctx = m.game.position, self._context(doubler)
        think = getattr(bot, "think_cube", None)
        if think is not None:
            equities = yield from think(position, ctx)
            return equities.action if method == "cube_action" else equities.response
        try:
            return getattr(bot, method)(position, ctx)
        except AttributeError:  # a bot without cube play: never doubles, always takes
            return "no_double" if method == "cube_action" else "take"

    # --- the game record ----------------------------------------------------------------------------
    def record(self):
        """The current game so far, one ``(player, text)`` per action, oldest first.

        Moves read as in GNU Backgammon's records (``31: 8/5 6/5``); cube
        actions and the end of the game in words.  Steps of the turn in play
        are not in it until Done.
        """
        events = self.match.events
        start = _game_start(events)
        rows = []
        for event in events[start + 1:]:
            text = self._event_text(event)
            if text is not None:
                rows.append((event.get("player"), text))
        return rows

    def _event_text(self, event):
        """One line of the game record for a logged action, or None for the others."""
        tr = self.tr
        kind = event["type"]
        if kind in ("move", "pass"):
            dice = "".join(str(d) for d in sorted(event["dice"], reverse=True))
            return f"{dice}: {event['move']}" if kind == "move" else f"{dice}: —"
        if kind == "double":
            return tr("record.double", value=event["cube"])
        if kind == "beaver":
            return tr("record.beaver", value=event["cube"])
        if kind == "resign":
            return tr(f"record.resign_{RESIGN_NAMES[event['kind']]}") \
                if event.get("kind") in RESIGN_NAMES else tr("record.resign")
        if kind in ("accept_resignation", "reject_resignation"):
            return tr(f"record.{kind}")
        if kind in ("take", "drop"):
            return tr(f"record.{kind}")
        if kind == "win":
            return tr("record.win", points=tr.n("count.points", event["points"]))
        return None

    # --- hints ----------------------------------------------------------------------------------
    def hint_available(self):
        """True when the person to act has a decision the Hint button advises on: a roll to
        play, a double to offer (before rolling) or to answer."""
        m = self.match
        if not self.human_to_act():
            return False
        if m.phase is Phase.MOVING:
            return not m.turn.no_move
        if m.phase is Phase.ROLL_OR_DOUBLE:
            return m.can_double()
        return m.phase is Phase.DOUBLED and m.game.offer == "double"

    def _hint_key(self):
        m = self.match
        return f"{m.game_number}:{m.position_id()}:{m.match_id()}"

    def compute_hint(self):
        """Ask the bot about the decision at hand (the slow part: the page yields first).

        The numbers are kept (and shown in the current language by :meth:`view`) until
        the game moves on.  Returns True when there is a hint.
        """
        return _finish(self.compute_hint_steps())

    def compute_hint_steps(self):
        """:meth:`compute_hint` step by step (a generator; ``main.py`` drives it)."""
        self.hint = None
        if not self.hint_available():
            return False
        if "hint" not in self._bots:
            from ..bot import Bot  # imported on first use: start-up stays lean
            self._bots["hint"] = Bot(level=HINT_LEVEL)
        bot = self._bots["hint"]
        m = self.match
        key = self._hint_key()
        if m.phase is Phase.MOVING:
            turn = m.turn
            hints = yield from bot.think_hints(turn.position, turn.dice, ctx=self._context(m.player_on_roll))
            self.hint = (key, "plays", (hints, turn.dice, bool(m.config.length)))
        else:
            position = m.game.position          # seen from the player on roll: the doubler
            equities = yield from bot.think_cube(position, self._context(m.player_on_roll))
            self.hint = (key, "cube", (equities, bot.evaluate(position), m.phase is Phase.DOUBLED))
        return True

    def _hint_html(self):
        if self.hint is None or self.replay is not None or self.hint[0] != self._hint_key():
            return ""
        _key, kind, data = self.hint
        if kind == "plays":
            hints, dice, match_play = data
            view = plays_view(hints, dice, self.tr, match_play=match_play)
        else:
            equities, probabilities, answering = data
            view = cube_view(equities, probabilities, self.tr, answering=answering)
        return hints_html(view)

    # --- replay ----------------------------------------------------------------------------------
    def start_replay(self, history_index=None):
        """Play back the match on the board, or the ``history_index``-th finished one, from its
        first move.  The match on the board waits meanwhile.  True when it started."""
        self.close_lesson()
        self._close_editor()
        if history_index is None:
            data, setup, when = self.match.to_dict(), self.setup, self.started_at
        else:
            entries = self.history()
            if not isinstance(history_index, int) or not 0 <= history_index < len(entries):
                return False
            entry = entries[history_index]
            data, setup = entry.get("match"), Setup.from_dict(entry.get("setup"))
            when = entry.get("started_at") or entry.get("finished_at")
        try:
            config = MatchConfig.from_dict(data["config"])
            frames = replays.frames(data["events"], length=config.length,
                                    jacoby=config.jacoby and config.money)
        except (GameError, KeyError, TypeError, ValueError, IndexError):
            self.message = ("reason.unknown", {})
            return False
        if not frames:
            self.message = ("reason.unknown", {})
            return False
        self.replay = ReplayMode(self, frames, setup, data, when)
        self.review = None
        self.covers.open("replay", self.message, again=True)
        self.selected = None
        self.message = ("msg.replay", {"name0": {"player": 1 - self.bottom, "replay": True},
                                       "name1": {"player": self.bottom, "replay": True}})
        return True

    def replay_go(self, index):
        """Show frame ``index`` of the replay (clamped to the first and last)."""
        if self.replay is not None:
            self.replay.go(index)

    def replay_step(self, delta):
        if self.replay is not None:
            self.replay.step(delta)

    def end_replay(self):
        """Back to the match on the board."""
        if self.replay is not None:
            self.replay = None
            self.review = None
            self.message = self.covers.close("replay")

    # --- dice set by hand ---------------------------------------------------------------------------
    def dice_wanted(self):
        """``"opening"`` or ``"roll"`` when a person must set the next dice (a match with
        dice set by hand, a roll due, none set yet), else None."""
        m = self.match
        if (m is None or not self.setup.manual_dice or self.replay is not None or self.editor is not None
                or self.lesson is not None or not isinstance(m.dice_source, ManualDice) or m.dice_source.pending):
            return None
        if m.phase is Phase.OPENING:
            return "opening"
        if m.phase is Phase.ROLL_OR_DOUBLE:
            return "roll"
        return None

    def _roller(self):
        m = self.match
        return m.player_to_act if m.player_to_act is not None else m.player_on_roll

    def _dice_prompt(self):
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
            self.message = (error.key, error.params)
            self.dice_invalid = error.field
            return False
        self.dice_invalid = None
        source = self.match.dice_source
        if wanted == "opening" and dice[0] == dice[1]:
            self.dice_ties += list(dice)
            self.message = ("msg.dice_tie", {"die": dice[0]})
            self.save()
            return True
        if wanted == "opening":
            # the form asks the bottom player's die first; the engine throws player 0's first
            throw = dice if self.bottom == 0 else dice[::-1]
            for die in [*self.dice_ties, *throw]:
                source.push_one(die)
            self.dice_ties = []
        else:
            self.dice_ties = []
            source.push(dice)
        if self.human_to_act():
            self._roll()
        else:
            self.save()
        return True

    def _dice_entry(self):
        """The dice form while a person sets the dice: legend and field labels, else None."""
        wanted = self.dice_wanted()
        if wanted is None or self.lesson is not None:
            return None
        tr = self.tr
        if wanted == "opening":
            labels = [tr("label.die_of", name=self.player_name(p)) for p in (self.bottom, 1 - self.bottom)]
        else:
            labels = [tr("label.die_first"), tr("label.die_second")]
        return {"legend": self.text(self._dice_prompt()), "first": labels[0], "second": labels[1],
                "invalid": self.dice_invalid}

    # --- lessons ------------------------------------------------------------------------------------
    def open_lesson(self, lesson_id):
        """Show a lesson over the match, which waits untouched (its clock paused) until
        :meth:`close_lesson`.  False when it cannot be read (the message says why)."""
        from ..lessons import InvalidLessonError, UnknownLessonError, list_lessons, load_lesson
        from .lesson_player import LessonPlayer

        try:
            order = [info.id for info in list_lessons()]
            lesson = load_lesson(str(lesson_id))
        except (InvalidLessonError, UnknownLessonError) as error:
            self.message = ("error.lesson", {"error": str(error)[:200]})
            return False
        self.edit_cancel()
        if self.lesson is None:            # the match waits, its clock too
            self.covers.open("lesson", self.message, self._clock(), again=True)
        self.selected = None
        learner = self.setup.colours[BOTTOM_DEFAULT]
        self.lesson = LessonPlayer(lesson, order, colours=(learner, self.setup.colours[1 - BOTTOM_DEFAULT]),
                                   home_right=not self.prefs.home_left)
        self._remember_lesson()
        return True

    def _remember_lesson(self):
        """Keep which lesson is open, and its step, so that a reload (a phone that dropped
        the tab) comes back to it."""
        if self.lesson is not None:
            self._store(storage.LESSON, storage.pack("lesson", self.lesson.to_dict()))

    def _reopen_lesson(self):
        saved = storage.unpack(self.store.get(storage.LESSON), "lesson")
        if not isinstance(saved, dict) or not isinstance(saved.get("id"), str):
            return
        message = self.message
        if not self.open_lesson(saved["id"]):
            self.message = message            # a lesson this version no longer has
            self._forget_lesson()
            return
        index = saved.get("index")
        if isinstance(index, int) and not isinstance(index, bool):
            self.lesson.go(index)
            self._remember_lesson()

    def _forget_lesson(self):
        try:
            self.store.remove(storage.LESSON)
        except Exception:  # noqa: BLE001 - storage off: nothing was kept
            pass

    def lesson_list(self):
        """The lessons (``LessonInfo``) in their order, for the list; [] when it cannot be read."""
        from ..lessons import InvalidLessonError, list_lessons
        try:
            return list_lessons()
        except InvalidLessonError as error:
            self.message = ("error.lesson", {"error": str(error)[:200]})
            return []

    def close_lesson(self):
        """Back to the match, exactly as it was (its clock runs again)."""
        if self.lesson is None:
            return
        self._forget_lesson()
        self.lesson = None
        self.message = self.covers.close("lesson", self._clock())

    def lesson_action(self, name):
        """A button of the lesson panel: ``prev``, ``next``, ``demo``, ``check``, ``undo``,
        ``retry``, ``answer``, ``next_lesson`` or ``close``."""
        player = self.lesson
        if player is None:
            return
        if name == "close":
            self.close_lesson()
        elif name == "next_lesson":
            if player.next_lesson is not None:
                self.open_lesson(player.next_lesson)
        else:
            action = {"prev": player.prev, "next": player.next, "demo": player.demo_restart,
                      "check": player.check, "undo": player.undo, "retry": player.retry,
                      "answer": player.show_answer}.get(name)
            if action is not None:
                action()
                self._remember_lesson()

    def lesson_choose(self, option_id):
        """An option of the lesson's choice task was picked."""
        if self.lesson is not None:
            self.lesson.choose(str(option_id))

    def _lesson_view(self):
        self.lesson.home_right = not self.prefs.home_left
        lesson = self.lesson.view(self.language)
        hidden = {name: (False, False) for name in self._play_buttons()}
        hidden |= {"hint": (False, False), "replay": (False, False), "review": (False, False),
                   "review-game": (False, False)}
        names = {lesson.top.player: lesson.top.name, lesson.bottom.player: lesson.bottom.name}
        board = spoken(replace(lesson.board, focus=self.focus or self._default_focus()), self.tr,
                       (names.get(0, ""), names.get(1, "")))
        return screen(
            board, lesson.top, lesson.bottom, message=lesson.message, warn=lesson.warn,
            info=lesson.info, position_id=lesson.position_id, match_id="", buttons=hidden | lesson.buttons,
            move_input=lesson.move_input, language=self.language, lesson={**lesson.panel, "verdict": lesson.verdict, "message": lesson.message,
                                 "warn": lesson.warn})


    # --- the position editor -------------------------------------------------------------------
    def edit_open(self):
        """Set up a position by hand, starting from the one on the board (the one shown,
        while a match is replayed)."""
        if self.editor is not None:
            return
        m = self.match
        shown = self.replay.frames[self.replay.index] if self.replay is not None else m
        try:
            state = EditorState.from_shared(decode(PositionLink(shown.position_id(), shown.match_id())))
        except (ShareError, EditorError):
            state = EditorState.start()
        self.end_replay()
        self.close_lesson()
        self.editing = EditorMode(self, state, side=self.bottom,
                                  play_mode=self.setup.mode if self.setup.mode in ("hotseat", "bot") else "hotseat")
        self.covers.open("editor", self.message, m.clock, again=True)   # the match waits, its clock too
        self.selected = None
        self.message = ("editor.opened", {})

    def _close_editor(self):
        """Leave the editor; the match's clock runs again.  Returns ``(the message it hid,)``
        when it was open, else None."""
        if self.editing is None:
            return None
        self.editing = None
        return (self.covers.close("editor", self._clock()),)

    def _clock(self):
        """The clock of the match on the board, or None."""
        return self.match.clock if self.match is not None else None

    def edit_cancel(self):
        """Leave the editor; the match on the board is as it was."""
        closed = self._close_editor()
        if closed:
            self.message = closed[0]

    def edit_click(self, slot, button="left"):
        """A click on the board while editing: a point, a bar or a tray (``button``
        ``"right"`` or ``"shift"``, or the Remove tool, takes a checker away)."""
        return self.editing is not None and self.editing.click(slot, button)

    def edit_set(self, name, value):
        """A field of the editor's form changed (see :meth:`EditorMode.set`)."""
        return self.editing is not None and self.editing.set(name, value)

    def edit_load(self, text):
        """Put the position of pasted IDs in the editor (see :meth:`EditorMode.load`)."""
        return self.editing is not None and self.editing.load(text)

    def edit_play(self):
        """Open the position set up as a new match (see :meth:`EditorMode.play`)."""
        return self.editing is not None and self.editing.play()

    def editor_fields(self):
        """The editor form's values (see :meth:`EditorMode.fields`)."""
        return self.editing.fields()

    # --- review --------------------------------------------------------------------------------------
    def start_review(self, history_index=None):
        """Replay a match with its analysis (:mod:`game.ui.review`): the match on the board (the
        one being replayed, if any) or the ``history_index``-th finished one.  The analysis
        itself runs in :meth:`review_step`.  True when it started."""
        if history_index is not None or self.replay is None:
            if not self.start_replay(history_index):
                return False
        from . import review as reviews     # the analysis and the bot: loaded on first use

        data = self.replay.match_data
        try:
            key = json.dumps(data["events"], sort_keys=True)
            self.review = reviews.ReviewSession(data, self.replay.frames, review=self._reviews.get(key))
        except (GameError, KeyError, TypeError, ValueError):
            self.message = ("reason.unknown", {})
            return False
        # the analyses of the last few matches are kept: reviewing one again is instant
        self._reviews.pop(key, None)
        self._reviews[key] = self.review.review
        while len(self._reviews) > REVIEWS_KEPT:
            self._reviews.pop(next(iter(self._reviews)))
        self.message = ("msg.review", {})
        return True

    def review_step(self, budget=None):
        """Analyse for about ``budget`` seconds (the review's own step by default); True while
        the review has more to weigh."""
        if self.review is None:
            return False
        from . import review as reviews

        return self.review.step(reviews.STEP_BUDGET if budget is None else budget)

    def review_try(self, text):
        """Weigh the play ``text`` in place of the one made at the frame shown (the panel says
        how the bot ranks it).  True when it is a legal play there."""
        if self.review is None:
            return False
        return "error" not in self.review.weigh(self.replay.index, text)

    def review_play_here(self):
        """Open the position before the decision shown as a new match for two players on this
        device (the unfinished match is kept).  True when it opened."""
        if self.review is None:
            return False
        entries = self.review.at(self.replay.index)
        if not entries:
            return False
        entry = entries[-1]
        try:
            shared = decode(read_ids(f"{entry['position_id']}:{entry['match_id']}"))
            self.message = self.covers.message("replay")   # what a set-aside match says when resumed
            self._open_position(shared, "hotseat")
        except ShareError as error:
            self.message = (error.key, {})
            return False
        self.message = ("msg.review_position", {})
        return True

    def _review_view(self):
        if self.review is None:
            return None
        from . import review as reviews

        setup = self.replay.setup
        return reviews.panel(self.review, self.replay.index, self.tr,
                             (self.player_name(0, setup), self.player_name(1, setup)))
    # --- the keyboard and screen readers ----------------------------------------------------------
    def _place_of(self, player, point):
        """The data-slot of ``player``'s ``point`` (his numbering: 25 the bar, 0 off)."""
        return keyboard.place_of(player, point, self.bottom)

    def _default_focus(self):
        """Where the board's focus stands before the keyboard moves it: the rearmost checker
        that can move, when a person is moving; else the 1-point."""
        m = self.match
        if self.lesson is not None:
            board = self.lesson.view(self.language).board
            if board.mover is not None and board.movable:
                return keyboard.place_of(board.mover, max(board.movable), board.bottom)
            return keyboard.first_slot()
        if self.replay is None and self._human_moving() and not m.turn.is_complete:
            movable = m.turn.all_destinations()
            if movable:
                return self._place_of(m.player_on_roll, max(movable))
        return keyboard.first_slot()

    def board_key(self, key):
        """A key pressed while the board has the focus (``KeyboardEvent.key``).

        The arrows, Home and End move the focus (:func:`game.ui.keyboard.next_slot`);
        Enter and Space do what a click on the focused place does; Escape lets
        go of the checker picked; R, D, U roll, end the turn (Done) and undo
        when the buttons would.  Returns True when the key was used (the page
        then keeps the browser from using it too).
        """
        here = self.focus or self._default_focus()
        if key in keyboard.MOVES:
            bottom = 0 if self.lesson is not None else self.bottom     # a lesson's learner: player 0
            self.focus = keyboard.next_slot(here, key, bottom, not self.prefs.home_left)
            return True
        action = keyboard.board_action(key)
        if action is None:
            return False
        self.focus = here
        if action == "pick":
            self.click(here)
        elif action == "cancel":
            if self.selected is None and (self.lesson is None or self.lesson.selected is None):
                return False
            self.deselect()
        else:
            button = {"roll": "roll", "done": "done", "undo": "undo"}[action]
            if self.replay is None and self._play_buttons()[button][1]:
                getattr(self, action)()
        return True

    def announcements(self):
        """What the page's live region says now: the sentences of what happened since the last
        call (the match's new events: dice, moves with their hits, the cube, game ends and
        scores), then the status line if it changed, in the page's language.

        Each checker a person moves is said at once; the computer's move is said
        whole when it is played.  A match just opened (a reload, a link, a resumed
        match) says only its status line, not its past.
        """
        out = []
        m = self.match
        events = m.events if m is not None else []
        if m is not self._spoken_match or len(events) < self._spoken_events:
            self._spoken_match = m
        else:
            names = (self.player_name(0), self.player_name(1))
            for event in events[self._spoken_events:]:
                text = speech.event_sentence(event, self.tr, names, self._spoken_number,
                                             steps=self.is_human(event.get("player")))
                if text:
                    out.append(text)
        self._spoken_events = len(events)
        if self._spoken_serial != self._message_serial:
            self._spoken_serial = self._message_serial
            text = self._spoken_message(self.message)
            if text:
                out.append(text)
        frame = self._spoken_frame()
        if frame:
            out.append(frame)
        return out

    def _spoken_frame(self):
        """In a replay, the action of the frame just shown (once per frame), in words."""
        replay = self.replay
        shown = None if replay is None else (id(replay), replay.index)
        if shown == self._spoken_replay:
            return ""
        self._spoken_replay = shown
        if replay is None:
            return ""
        frame = replay.frames[replay.index]
        if frame.event is None:
            return self.tr("replay.start", game=frame.game)
        setup = replay.setup
        bottom = self.bottom
        return speech.event_sentence(
            frame.event, self.tr, (self.player_name(0, setup), self.player_name(1, setup)),
            lambda player, point: seen_from(player, point, bottom)) or ""

    def _spoken_number(self, player, point):
        """The number the board shows for ``player``'s ``point``: in a two-player game his own
        (the board shows the numbers of the player on roll), else the person's."""
        viewer = player if self.setup.mode == "hotseat" else self._numbers_for()
        return seen_from(player, point, viewer)

    def _spoken_message(self, message):
        """The status line as the live region says it: without what the events said already."""
        if not message:
            return ""
        key, params = message[0], message[1] if len(message) > 1 else {}
        if key == _JOIN:
            return " ".join(t for t in (self._spoken_message(p) for p in params["parts"]) if t)
        m = self.match
        if key == "msg.choose_target" and self.selected is not None and self._human_moving():
            player = m.player_on_roll
            targets = sorted(m.turn.destinations(self.selected), reverse=True)
            words = [self.tr("a11y.to_off") if t == 0 else str(self._spoken_number(player, t))
                     for t in targets]
            return self.tr("a11y.targets", point=self._param(params.get("point")),
                           targets=", ".join(words))
        if key in speech.SPOKEN_INSTEAD:
            instead = speech.SPOKEN_INSTEAD[key]
            return self.text((instead, params)) if instead else ""
        return self.text(message)

    # --- the view ---------------------------------------------------------------------------------
    def text(self, message):
        """Translate a message kept as data: ``(key, params)`` (:mod:`game.ui.messages`)."""
        return message_text(message, self.tr, self._name_param)

    def _name_param(self, player, value):
        """A ``{"player": n}`` parameter: the name of the match's (or the replay's) player."""
        replayed = value.get("replay") and self.replay is not None
        return self.player_name(player, self.replay.setup if replayed else None)

    def _param(self, value):
        return message_param(value, self.tr, self._name_param)

    def _counts(self):
        """Each player's checkers per point, his own numbering (``(player 0's, player 1's)``)."""
        m = self.match
        por = m.player_on_roll
        position = m.position
        viewer = 0 if por is None else por
        counts = [None, None]
        counts[viewer] = position.mine
        counts[1 - viewer] = position.theirs
        return tuple(counts[0]), tuple(counts[1])

    def _board_view(self):
        m = self.match
        por = m.player_on_roll
        moving = m.phase is Phase.MOVING
        human = moving and self.is_human(por)
        turn = m.turn if moving else None
        movable = frozenset()
        targets = frozenset()
        selected = None
        if human and not turn.is_complete:
            movable = frozenset(turn.all_destinations())
            if self.selected is not None and self.selected in movable:
                selected = self.selected
                targets = frozenset(turn.destinations(selected))
        dice = tuple(m.dice) if m.dice else ()
        board = board_view(
            self.tr, counts=self._counts(),
            bottom=self.bottom,
            numbers_for=self._numbers_for(),
            home_right=not self.prefs.home_left,
            colours=self.setup.colours,
            cube_value=m.cube_value,
            cube_owner=m.cube_owner,
            cube_offered_by=m.player_on_roll if m.phase is Phase.DOUBLED and m.game.offer == "double" else None,
            cube_enabled=m.config.cube,
            crawford=m.is_crawford_game,
            dice=dice if moving else (),
            dice_player=por,
            dice_left=tuple(turn.remaining_dice) if turn and not turn.is_complete else (),
            mover=por if human else None,
            movable=movable,
            selected=selected,
            targets=targets,
            dice_clickable=bool(human and (turn.is_complete or turn.no_move)),
            cube_clickable=m.phase is Phase.ROLL_OR_DOUBLE and self.human_to_act() and m.can_double(),
            focus=self.focus or self._default_focus(),
        )
        return self._spoken_board(board)

    def _spoken_board(self, board, setup=None):
        """``board`` with what screen readers say of it, the players named as in ``setup``."""
        return spoken(board, self.tr, (self.player_name(0, setup), self.player_name(1, setup)))

    def _numbers_for(self):
        """Whose numbering the board shows: the person playing; in a two-player game, the
        player to act (so that the numbers match the notation of his moves)."""
        m = self.match
        if self.setup.mode == "bot":
            return HUMAN_SEAT
        if self.setup.mode == "hotseat":
            actor = m.player_to_act if m.player_to_act is not None else m.player_on_roll
            if actor is not None:
                return actor
        return self.bottom

    def clock_panels(self):
        """The players' panels alone, for the clock's ticks (the board is not drawn again):
        ``{"top_html", "bottom_html", "top_on_roll", "bottom_on_roll"}``, or None when no
        match of the board's is shown (a lesson, a replay, the editor: no clock runs there)."""
        if self.match is None or self.lesson is not None or self.replay is not None \
                or self.editor is not None:
            return None
        board = BoardView(counts=self._counts(), colours=self.setup.colours)   # no SVG drawn
        bottom = self.bottom
        top, low = self._panel(1 - bottom, board), self._panel(bottom, board)
        return {"top_html": player_html(top), "bottom_html": player_html(low),
                "top_on_roll": top.on_roll, "bottom_on_roll": low.on_roll}

    def _panel(self, player, board):
        m = self.match
        tr = self.tr
        clock_text = ""
        if m.clock is not None:
            per_move, reserve = m.clock.remaining(player)
            clock_text = tr("panel.clock", move=_clock(per_move), reserve=_clock(reserve))
        actor = m.player_to_act
        status = ""
        if actor == player and m.phase is not Phase.OVER:
            status = tr("panel.on_roll") if self.is_human(player) else tr("panel.thinking")
        return panel(tr, board, player, self.player_name(player), score=m.score[player],
                     clock_text=clock_text, on_roll=actor == player, status_text=status)

    def _stakes(self, length):
        tr = self.tr
        if length:
            return tr("info.stakes_match", length=tr.n("count.points", length))
        return tr("info.stakes_money")

    def info_text(self):
        m = self.match
        tr = self.tr
        cfg = m.config
        text = self._stakes(cfg.length)
        if cfg.cube:
            text += " · " + tr("info.cube", cube=m.cube_value)
        if m.is_crawford_game:
            text += " · " + tr("info.crawford")
        options = match_options.text(tr, cfg)
        if options:
            text += " · " + options
        if self.setup.seed:
            text += " · " + tr("info.seed", seed=self.setup.seed)
        if self.setup.manual_dice:
            text += " · " + tr("info.dice_manual")
        elif not self.setup.seed and isinstance(m.dice_source, SystemDice):
            text += " · " + tr("info.dice_system")
        return text

    def buttons(self):
        m = self.match
        if self.replay is not None or self.editor is not None:
            return {name: (visible, False) for name, (visible, _enabled) in self._play_buttons().items()} | {
                "hint": (False, False), "replay": (True, False), "edit-position": (True, self.editor is None),
                "review": (True, self.replay is not None and self.review is None), "review-game": (False, False)}
        buttons = self._play_buttons()
        buttons["hint"] = (bool(self.setup.humans()), self.hint_available())
        played = any(e["type"] in ("move", "pass") for e in m.events)
        buttons["replay"] = (True, played)
        buttons["review"] = (True, played)
        buttons["review-game"] = (m.phase is Phase.OVER and played, m.phase is Phase.OVER and played)
        buttons["edit-position"] = (True, True)
        return buttons

    def _play_buttons(self):
        m = self.match
        human = self.human_to_act()
        phase = m.phase
        moving = phase is Phase.MOVING and human
        turn = m.turn
        cube = m.config.cube
        return {
            "roll": (not self.dice_wanted(), human and phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE)),
            "done": (True, bool(moving and (turn.is_complete or turn.no_move))),
            "undo": (True, bool(moving and turn.played)),
            "double": (cube, human and phase is Phase.ROLL_OR_DOUBLE and m.can_double()),
            "take": (human and phase is Phase.DOUBLED, human and phase is Phase.DOUBLED),
            "drop": (human and phase is Phase.DOUBLED, human and phase is Phase.DOUBLED),
            "beaver": (human and phase is Phase.DOUBLED and m.refusal("beaver") is None,
                       human and phase is Phase.DOUBLED and m.refusal("beaver") is None),
            "next-game": (phase is Phase.OVER and m.match_winner is None and self.setup.mode != "watch",
                          phase is Phase.OVER and m.match_winner is None),
            "accept-resign": (human and phase is Phase.RESIGNATION_OFFERED,
                              human and phase is Phase.RESIGNATION_OFFERED),
            "reject-resign": (human and phase is Phase.RESIGNATION_OFFERED,
                              human and phase is Phase.RESIGNATION_OFFERED),
        } | self._resign_buttons()

    def _resign_buttons(self):
        """The choice of what to resign: one button per kind that makes sense now, and Cancel."""
        kinds = self.resign_kinds()
        choosing = self.resign_choice and bool(kinds)
        buttons = {"resign": (not choosing, bool(kinds))}
        for kind in RESIGN_KINDS:
            buttons[f"resign-{kind}"] = (choosing and kind in kinds, choosing and kind in kinds)
        buttons["resign-cancel"] = (choosing, choosing)
        if choosing:        # the choice stands alone beside the board
            buttons.update({name: (False, False) for name in ("roll", "done", "undo", "double")})
        return buttons

    def view(self):
        """The :class:`View` of the current state (of the frame shown, while replaying; of the
        lesson, while one is open; of the position set up, while editing)."""
        if self.lesson is not None:
            return self._lesson_view()
        if self.replay is not None:
            return self.replay.view()
        if self.editor is not None:
            return self.editing.view()
        m = self.match
        board = self._board_view()
        bottom = board.bottom
        top_panel = self._panel(1 - bottom, board)
        bottom_panel = self._panel(bottom, board)
        message = self.text(self.message)
        warn = is_warning(self.message)
        return screen(
            board, top_panel, bottom_panel,
            message=message,
            warn=warn,
            info=self.info_text(),
            position_id=m.position_id(),
            match_id=m.match_id(),
            buttons=self.buttons(),
            move_input=self._human_moving(),
            language=self.language,
            record_html=record_html([(self.player_name(p) if p is not None else "", text, p == bottom)
                                     for p, text in self.record()]),
            xgid=self._xgid(),
            hint_html=self._hint_html(),
            dice_entry=self._dice_entry(),
        )

    def _xgid(self):
        try:
            return self.match.xgid() or ""
        except GameError:  # pragma: no cover - every state in play has an XGID
            return ""


# --- helpers ----------------------------------------------------------------------------------
def _dice_text(dice):
    """A roll as players say it, higher die first: ``6-1``."""
    return "-".join(str(d) for d in sorted(dice, reverse=True)) if dice else ""


def _resignation_message(match):
    """The message of a resignation waiting for an answer."""
    resigner, kind = match.game.resignation
    return ("msg.resign_offered", {"name": {"player": resigner}, "other": {"player": 1 - resigner},
                                   "points": _points(kind * match.cube_value)})


def _clock(seconds):
    seconds = max(0, int(seconds + 0.999))
    return f"{seconds // 60}:{seconds % 60:02d}"


def _score_of(match_data):
    """The score in a saved match's events (its last ``win``), without replaying it."""
    for event in reversed(match_data.get("events") or []):
        if event.get("type") == "win" and isinstance(event.get("score"), list):
            return event["score"]
    return [0, 0]


def _date(seconds):
    try:
        t = time.localtime(int(seconds))
    except (TypeError, ValueError, OverflowError, OSError):
        return ""
    return f"{t.tm_year}-{t.tm_mon:02d}-{t.tm_mday:02d} {t.tm_hour:02d}:{t.tm_min:02d}"


def _mat_date(seconds):
    """``YYYY.MM.DD`` (a .mat file's date) of a time in seconds since the epoch, or None."""
    try:
        t = time.localtime(int(seconds))
    except (TypeError, ValueError, OverflowError, OSError):
        return None
    return f"{t.tm_year:04d}.{t.tm_mon:02d}.{t.tm_mday:02d}"


def _mat_name(names, seconds):
    """A file name for a match: ``backgammon-2026-11-21-Ann-Bob.mat`` (safe characters only)."""
    def clean(text):
        text = "".join(c if c.isalnum() or c in "-_" else "-" for c in str(text))
        return "-".join(part for part in text.split("-") if part)[:24]

    parts = ["backgammon"]
    date = _mat_date(seconds)
    if date:
        parts.append(date.replace(".", "-"))
    parts += [clean(name) for name in names if clean(name)]
    return "-".join(parts) + ".mat"

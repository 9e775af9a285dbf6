"""The page: the controller, the screen, and every intent's effects applied once.

Every handler calls one intent of the controller and hands its result to
:meth:`Page.apply`, the single path from an intent to the screen: it draws
only the parts the :class:`~game.app.effects.Effects` name, says the new
sentences, moves the focus, bumps ``<body data-renders>`` and starts what has
work (the computer's turn, the clock, a lesson's demo).
"""

import asyncio
from urllib.parse import parse_qs

import js
from pyodide.ffi import to_js
from pyscript import document, window

from game.app.controller import Controller
from game.app.effects import as_effects
from game.app.view.motion import duration
from game.app.view.board_svg import board_svg
from game.web import events
from game.web import persistence
from game.web.dialogs import Dialogs
from game.web.dom import Screen, focus_first
from game.web.elements import by_id, closest, missing
from game.web.files import Files
from game.web.gestures import Gestures
from game.web.keys import Keys, focus_resign_choice, keep_focus
from game.web.live import Live
from game.web.loops import Loops
from game.web.rollout_pane import RolloutPane
from game.web.progress_page import ProgressPage
from game.web.shown import Shown
from game.web.store import open_store

#: a phone held upright: there the board stands upright too (game/app/view/geometry.py, board_svg.py), its points
#: as wide as a thumb
UPRIGHT = "(orientation: portrait) and (max-width: 30rem)"
#: a phone held sideways: the board, compact, as high as the screen
SIDEWAYS = "(orientation: landscape) and (max-height: 30rem)"
#: a page used by touch alone: no pointer that can hover (a phone, a tablet)
TOUCH_ONLY = "(hover: none) and (pointer: coarse)"


class Page:
    """The page's parts; the only state here is the gestures' and the loops'."""

    def __init__(self):
        store = open_store()
        self.app = Controller(store)
        self.shown = Shown(store)
        self.screen = Screen("board")
        self.gestures = Gestures(self)
        self.loops = Loops(self)
        self.rollout_pane = RolloutPane(self)   # the rollout's panel (game/web/rollout_pane.py)
        self.keys = Keys(self)
        self.files = Files(self)
        self.dialogs = Dialogs(self)
        self.live = Live(self)      # live play's connection (game/web/live.py)
        self.hint_touch = None      # the play a touch came down on (None: not a touch)
        self.touch_shown = None     # the play a first tap showed on the board
        self._drills = None         # the drills' pane (game/web/drills_page.py), made when first used
        self.progress = ProgressPage(self)   # the progress screen and its analysis (game/web/progress_page.py)

    # --- the one path from an intent to the screen ------------------------------------------------
    def apply(self, result, animate=False, also=None):
        """Draw what ``result`` (an intent's answer) changed, once; ``also`` adds effects of
        the page's own (a drag moved a checker by hand)."""
        effects = as_effects(result, self.app.effects, animate)
        if also is not None:
            effects = effects | also
        app, screen = self.app, self.screen
        parts = effects.parts()
        if parts:
            view = app.view()
            screen.draw(view, parts, duration(app.prefs.animation_speed,
                                              animate=effects.animate and app.prefs.animate,
                                              reduced_motion=screen.reduced_motion))
            if "board" in parts:
                screen.panes.draw_shots(app.shot_counter_html)
            if "screen" in parts:
                screen.panes.draw_notice(app.kept.notice())
                self.rollout_pane.draw(app.rollouts.html())
            if effects.saved:
                persistence.warn_when_due(app)
            self.shown.keep(app, view)
        by_id("puzzles-due").textContent = str(app.puzzles.due_count())
        screen.say(app.announcements())
        screen.move_focus(effects.focus)
        screen.signal()
        self.loops.schedule()
        self.live.sync()

    def apply_texts(self):
        """The page's fixed texts in the app's language."""
        tr = self.app.tr
        document.documentElement.lang = self.app.language
        for element in document.querySelectorAll("[data-i18n]"):
            element.textContent = tr(element.dataset.i18n)
        for element in document.querySelectorAll("[data-i18n-aria]"):
            element.setAttribute("aria-label", tr(element.dataset.i18nAria))
        for element in document.querySelectorAll("[data-i18n-title]"):
            element.setAttribute("title", tr(element.dataset.i18nTitle))
        by_id("lang").value = self.app.language
        document.title = tr("app.title")

    # --- intents --------------------------------------------------------------------------------
    def intent(self, action, animate=True):
        """A handler that runs ``action()`` and applies it; a button that went disabled
        or hidden hands the keyboard focus on."""
        def handler(event):
            self.apply(action(), animate=animate)
            keep_focus(event.currentTarget, self.screen.board)
        return handler

    def on_board_click(self, event):
        if self.gestures.swallow_click():
            return
        found = closest(event, "[data-slot]")
        if found is None:
            self.apply(self.app.deselect())
            return
        self.apply(self.app.click(str(found.dataset.slot), "shift" if event.shiftKey else "left"),
                   animate=self.app.editor is None)

    def on_context_menu(self, event):
        found = closest(event, "[data-slot]")
        if found is None:
            return
        event.preventDefault()
        self.apply(self.app.click(str(found.dataset.slot), "right"), animate=True)

    def on_resign(self, event):
        """Resign opens the choice of what to give up: the keyboard goes to its first button."""
        self.apply(self.app.resign(), animate=True)
        if not focus_resign_choice():
            keep_focus(event.currentTarget, self.screen.board)

    def on_resign_cancel(self, event=None):
        """Cancel (or Escape) closes the choice; the keyboard goes back to Resign."""
        self.apply(self.app.cancel_resign(), animate=True)
        by_id("resign").focus()

    def sent(self, field_id, take, empty=True):
        """A text field was sent: ``take(text)`` takes it (the field is then emptied, unless
        ``empty`` is False) or refuses it (the field is marked invalid). Returns its answer."""
        field = by_id(field_id)
        taken = take(str(field.value))
        if taken:
            if empty:
                field.value = ""
            field.removeAttribute("aria-invalid")
        else:
            field.setAttribute("aria-invalid", "true")
        return taken

    def sender(self, field_id, take, empty=True, animate=False):
        """A form's submit handler: its text field sent to ``take``, the result applied."""
        def handler(event):
            event.preventDefault()
            self.apply(self.sent(field_id, take, empty), animate=animate)
        return handler

    def on_review_play(self, event):
        played = self.app.review_play_here()
        if played:
            by_id("review-try-input").value = ""
        self.apply(played)

    def on_review(self, event):
        self.apply(self.app.start_review())
        self.loops.review()

    def on_review_deep(self, event):
        self.apply(self.app.start_review(deep=True))
        self.loops.review()

    def on_hint(self, event):
        self.loops.hint()

    def on_hint_pointer(self, event):
        """A press on the hint's plays: with a touch (no hover to show a play), the play under
        the finger as it came down (what moves on the page meanwhile changes nothing)."""
        row = closest(event, "[data-play]")
        touch = str(event.pointerType) == "touch" and row is not None
        self.hint_touch = str(row.dataset.play) if touch else None

    def on_hint_click(self, event):
        """A click on a play makes it; on a touch screen the first tap only shows it on the
        board and a second one on it makes it."""
        row = closest(event, "[data-play]")
        if row is None:
            return
        play, touched = str(row.dataset.play), self.hint_touch
        self.hint_touch = None
        if touched is not None:
            play = touched
            # the tap's focus may have shown it already (not a first tap); a redraw since the
            # first tap (the phone turned) took the preview away: the tap shows it again
            shown = self.screen.board.getAttribute("data-preview")
            if self.touch_shown != play or missing(shown) or str(shown) != play:
                self.touch_shown = play
                board = self.app.preview_board(play)
                if board is not None:
                    self.screen.draw_board(board_svg(board), board, preview=play)
                return
        self.touch_shown = None
        self.play_hint(play)

    def on_hint_preview(self, event):
        """A play of the hint hovered or focused: shown on the board, the match untouched."""
        row = closest(event, "[data-play]")
        board = None if row is None else self.app.preview_board(str(row.dataset.play))
        if board is not None:
            self.screen.draw_board(board_svg(board), board, preview=str(row.dataset.play))

    def on_hint_preview_end(self, event):
        """The pointer or the focus left the hint's plays: the board as it is."""
        board = self.screen.board_view
        if not self.screen.board.hasAttribute("data-preview") or board is None:
            return
        self.touch_shown = None
        related = event.relatedTarget
        if not missing(related) and hasattr(related, "closest") \
                and not missing(related.closest("#hint-panel [data-play]")):
            return      # on to another play: its own preview follows
        self.screen.draw_board(board_svg(board), board)

    # --- the review's plays: pointed at, a play is drawn on the board; clicked, it stays ------------
    def on_review_pointer(self, event):
        """A press on the review's plays: with a touch, the play under the finger."""
        row = closest(event, "[data-review-play]")
        touch = str(event.pointerType) == "touch" and row is not None
        self.hint_touch = str(row.dataset.reviewPlay) if touch else None

    def on_review_show(self, event):
        """A click (or Enter) on a play keeps it drawn on the board; on a touch screen the first
        tap only draws it there and a second one keeps it."""
        row = closest(event, "[data-review-play]")
        if row is None:
            return
        play, touched = str(row.dataset.reviewPlay), self.hint_touch
        self.hint_touch = None
        if touched is not None and self.touch_shown != touched:
            self.touch_shown = touched
            self.preview_review(touched)
            return
        self.touch_shown = None
        self.apply(self.app.review_show(play))

    def preview_review(self, play):
        board = self.app.review_preview(play)
        if board is not None:
            self.screen.draw_board(board_svg(board), board, preview=play)

    def on_review_preview(self, event):
        """A play of the review hovered or focused: drawn on the board, the review untouched."""
        row = closest(event, "[data-review-play]")
        if row is not None:
            self.preview_review(str(row.dataset.reviewPlay))

    def on_review_preview_end(self, event):
        """The pointer or the focus left the review's plays: the board as the review shows it."""
        board = self.screen.board_view
        if not self.screen.board.hasAttribute("data-preview") or board is None:
            return
        if str(event.type) == "mouseout" and self.touch_shown is not None:
            return      # the mouse a touch emulates leaving: the play tapped stays drawn
        related = event.relatedTarget
        if not missing(related) and hasattr(related, "closest") \
                and not missing(related.closest("#review-detail [data-review-play]")):
            return      # on to another play: its own preview follows
        self.touch_shown = None
        self.screen.draw_board(board_svg(board), board)

    def on_board_size(self, event):
        """A phone held upright, reading a lesson, a hint or the review: the board at its full
        size again (its points 32 px wide), or back to the smaller one beside the words."""
        full = document.body.classList.toggle("board-full")
        by_id("board-size").setAttribute("aria-pressed", "true" if full else "false")

    def on_row(self, attribute, act):
        """A handler for a list whose rows carry ``data-<attribute>``: ``act(value)`` on the row hit."""
        def handler(event):
            if getattr(event, "type", "") == "keydown" and event.key != "Enter":
                return
            row = closest(event, f"[data-{attribute}]")
            if row is not None:
                act(str(row.getAttribute(f"data-{attribute}")))
        return handler

    def play_hint(self, move):
        self.apply(self.app.type_move(move), animate=True)

    def replay_to(self, frame):
        if self.app.replay is not None:
            self.apply(self.app.replay_go(int(frame)))

    def on_replay_close(self, event):
        self.apply(self.app.end_replay())
        by_id("replay").focus()   # the bar is gone: the focus goes back to where the replay began

    def on_edit_open(self, event):
        self.apply(self.app.edit_open())
        window.scrollTo(0, 0)          # the board, where the checkers are placed, in view

    def on_editor_change(self, event):
        target = event.target
        value = bool(target.checked) if str(target.type) == "checkbox" else str(target.value)
        self.apply(self.app.edit_set(str(target.name), value))

    def on_lesson_option(self, event):
        button = closest(event, "[data-option]")
        if button is None:
            return
        option = str(button.dataset.option)
        self.apply(self.app.lesson_choose(option))
        # the options were drawn afresh: keep the keyboard where it was, or on what comes next
        lesson = self.app.lesson
        if lesson is not None and lesson.solved:
            focus_first("lesson-next-lesson", "lesson-close")
        else:
            found = by_id("lesson-options").querySelector(f'[data-option="{js.CSS.escape(option)}"]')
            if not missing(found):
                found.focus()

    def lesson_intent(self, action):
        def handler(event):
            self.apply(self.app.lesson_action(action), animate=action in ("check", "undo", "answer"))
            lesson = self.app.lesson
            if action == "next" and lesson is not None and lesson.in_task:
                # the Next button is gone: the keyboard goes to the task
                if lesson.task.kind == "choice":
                    first = by_id("lesson-options").querySelector("button")
                    if not missing(first):
                        first.focus()
                else:
                    focus_first("move-input")
        return handler

    def on_dice_set(self, event):
        event.preventDefault()
        fields = (by_id("dice-first"), by_id("dice-second"))
        taken = self.app.set_dice(str(fields[0].value), str(fields[1].value))
        invalid = None if taken else self.app.dice_invalid
        for index, field in enumerate(fields):
            if taken:
                field.value = ""
            if index == invalid:
                field.setAttribute("aria-invalid", "true")
                field.focus()
            else:
                field.removeAttribute("aria-invalid")
        self.apply(taken, animate=True)

    def on_shape(self, event=None):
        """The page took its shape, or changed it (a phone turned): the board stands upright
        on a phone held upright, lies flat and compact on a phone held sideways, and lies
        flat, whole, everywhere else."""
        upright, sideways = bool(self.shape.matches), bool(self.sideways.matches)
        document.body.classList.toggle("upright", upright)
        document.body.classList.toggle("compact", sideways)
        # an upright board is cut as a compact one is (render.BoardView.cut): one flag each
        if (upright, sideways) != (self.app.upright, self.app.compact):
            self.app.upright, self.app.compact = upright, sideways
            if event is not None:
                self.apply(None)

    def on_before_print(self, event):
        """On paper the board lies flat and whole, whatever the screen's shape (the print
        sheet's IDs filled in too); :meth:`on_after_print` gives the screen its shape back."""
        self.files.fill_print_sheet(event)
        document.body.classList.remove("upright", "compact")
        if self.app.upright or self.app.compact:
            self.app.upright = self.app.compact = False
            self.apply(None)

    def on_after_print(self, event):
        self.on_shape(event)

    def on_language(self, event):
        self.app.set_language(str(event.target.value))
        self.apply_texts()
        self.apply(None)
        if self._drills is not None:
            self._drills.draw()

    def copier(self, text_of, message):
        """Copy ``text_of()`` to the clipboard (selected where there is none) and say so."""
        def handler(event):
            try:
                window.navigator.clipboard.writeText(text_of())
            except Exception:  # noqa: BLE001 - no clipboard: the text stays selectable
                pass
            self.app.message = (message, {})
            self.apply(None)
        return handler

    def field_text(self, field_id):
        def text():
            field = by_id(field_id)
            field.select()
            return field.value
        return text

    def ids_text(self):
        view = self.app.view()
        return f"{view.position_id}:{view.match_id}"

    def on_storage(self, event):
        name = str(event.target.id)
        app = self.app
        if name == "storage-download":
            self.files.download(*app.kept.aside_file(), message="msg.storage_downloaded")
            self.apply(None)
        elif name == "storage-backup":
            self.files.download(*app.kept.backup_file(), message="msg.storage_downloaded")
            self.apply(None)
        elif name == "storage-discard":
            self.apply(app.discard_aside())
        elif name == "storage-prune":
            self.apply(app.prune_history())
        elif name == "storage-close":
            self.apply(app.close_notice())

    def on_show(self, box_id, button_id):
        def handler(event):
            self.screen.panes.toggle(box_id, button_id)
            self.screen.panes.draw_qr()
            self.screen.panes.draw_shots(self.app.shot_counter_html)
        return handler

    # --- a match by links (game/app/friend/) -------------------------------------------------------
    def on_hash(self, event=None):
        """An address with ``#friend=…`` (at start, or a link opened in this tab): the friend's link
        is opened, then dropped from the address (a reload resumes the match, it opens nothing); the
        same for a live connection code, ``#live=…``."""
        location = window.location
        text = str(location.hash)
        if not text.startswith(("#friend=", "#live=")):
            return
        window.history.replaceState(None, "", f"{location.pathname}{location.search}")
        self.apply(self.app.friend_open(text), animate=True)

    def on_friend_share(self, event):
        """The system's Share sheet with the link (shown only where the browser has one)."""
        link = str(by_id("friend-link").value)
        if link:
            window.navigator.share(to_js({"url": link}, dict_converter=js.Object.fromEntries))

    def on_friend_then_roll(self, event):
        self.apply(self.app.friend_then_roll(bool(event.target.checked)))

    # --- the drills (game/web/drills_page.py, in the later zip) -----------------------------------
    def drills(self):
        if self._drills is None:
            from game.web.drills_page import DrillsPage
            self._drills = DrillsPage(self)
        return self._drills

    def on_drills_button(self, event):
        """Drills in the menu (on a phone, in the lessons' dialog): the teacher's composer."""
        dialog = by_id("lessons-dialog")
        if dialog.open:
            dialog.close()
        self.drills().open_composer()

    def on_drills_event(self, event):
        self.drills().on_event(event)

    # --- the puzzle deck (game/app/puzzles/) --------------------------------------------------------
    def on_puzzles_button(self, event):
        self.apply(self.app.open_puzzles())
        window.scrollTo(0, 0)          # the board, where the puzzle is, in view

    def on_puzzles_event(self, event):
        """A button of the puzzles' panel (``data-puzzle-act``, and ``data-puzzle`` a puzzle's key)."""
        button = closest(event, "[data-puzzle-act]")
        if button is None:
            return
        act = str(button.dataset.puzzleAct)
        if act == "copy":
            self.copier(self.field_text("puzzle-link"), "msg.link_copied")(event)
            return
        value = button.getAttribute("data-puzzle")
        self.apply(self.app.puzzle_act(act, "" if missing(value) else str(value)), animate=True)
        if act != "close":
            # the panel was drawn afresh: the keyboard goes on to its first button (the primary one)
            first = by_id("puzzles-panel").querySelector("button.primary, button")
            if not missing(first):
                first.focus()

    # --- start ----------------------------------------------------------------------------------
    def start(self):
        tags = window.navigator.languages
        languages = [str(tag) for tag in tags] if not missing(tags) else [str(window.navigator.language)]
        location = window.location
        # a touch screen with no mouse: the words say "tap", not "click" (issue 33)
        self.app.set_touch(bool(window.matchMedia(TOUCH_ONLY).matches))
        search = str(location.search)
        drill_link = any(key in parse_qs(search.lstrip("?"), keep_blank_values=True)
                         for key in ("drill", "assignment", "summary", "compose"))
        if drill_link:
            # a drill's link opens over the match the person had (its keys start no match)
            from game.app.drills.links import without_drills
            self.app.boot(without_drills(search), languages)
        elif self.app.boot(search, languages):
            # the link's match is on the board and saved: a reload must resume it, not restart it
            window.history.replaceState(None, "", f"{location.pathname}{location.hash}")
        self.apply_texts()
        events.bind(events.table(self), self.screen.fail)
        self.shape = window.matchMedia(UPRIGHT)
        self.sideways = window.matchMedia(SIDEWAYS)
        self.on_shape()
        for query in (self.shape, self.sideways):
            events.on(query, "change", self.on_shape, self.screen.fail)
        self.apply(None)
        self.on_hash()
        if drill_link:
            self.drills().open_link(search)
        elif "progress" in parse_qs(search.lstrip("?"), keep_blank_values=True):
            self.progress.open()          # ?progress: the progress screen over the match
        document.body.dataset.ready = "true"
        asyncio.ensure_future(persistence.ask_persistence(self.app))
        self.loops.start_pool()     # the engine's workers, once the page is playable


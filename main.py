"""Browser glue: the only Python that touches ``pyscript`` / ``js``.

It turns DOM events into :class:`game.ui.controller.Controller` intents and
puts the controller's view on the page: one flow, state → render; user event
→ intent → new state → render once.  Listeners are bound once, the board's on
its stable container (delegated: ``data-slot`` says what was hit).  Text goes
in through ``textContent``; the only HTML set is what ``game.ui.render``
builds with every outside text escaped.

When the page is interactive it sets ``<body data-ready="true">``.
"""

import asyncio
from functools import partial

import js
import pyodide.ffi
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from game.match import RESIGN_KINDS
from game.ui import storage
from game.ui.controller import MAT_LIMIT, Controller
from game.ui.cooperative import drive
from game.ui.keyboard import wrap_tab
from game.ui.board_image import PNG_SCALE, board_image, image_name
from game.ui.render import HEIGHT, WIDTH, checker_moves, matches_html, slot_at
from game.ui.last_moves import preview_of
from game.ui.motion import duration
from game.ui.urlparams import share_url
from game.ui.web import board_dom

# pauses (seconds) after each thing the computer does, so that people can follow
BOT_PAUSE = {"roll": 0.8, "step": 0.5, "done": 0.6, "double": 1.0, "take": 0.9, "drop": 0.9,
             "accept": 0.9, "reject": 0.9, "resign": 0.9, "new_game": 1.5}
ANIMATION_MS = 300
DEMO_PAUSE = 0.9   # seconds between the checkers of a lesson's demo move
# the lesson panel's buttons -> Controller.lesson_action names
LESSON_BUTTONS = {"lesson-prev": "prev", "lesson-next": "next", "lesson-demo": "demo",
                  "lesson-check": "check", "lesson-undo": "undo", "lesson-retry": "retry",
                  "lesson-answer": "answer", "lesson-next-lesson": "next_lesson",
                  "lesson-close": "close"}
DRAG_THRESHOLD = 6  # CSS pixels before a press becomes a drag
ANNOUNCE_KEEP = 20  # sentences kept in the live region
TABBABLE = "button, input, select, textarea, summary, a[href], [tabindex]"

_proxies = []  # keep the event proxies alive for the page's lifetime


def on(element, event, handler):
    """Bind ``handler`` once; an error in it is shown in #message instead of breaking the page."""
    def guarded(js_event):
        try:
            handler(js_event)
        except Exception as error:  # noqa: BLE001
            PAGE.fail(error)

    proxy = create_proxy(guarded)
    _proxies.append(proxy)
    element.addEventListener(event, proxy)


_JSNULL = getattr(pyodide.ffi, "jsnull", None)


def missing(value):
    """True for JavaScript's null and undefined (Pyodide gives null as ``jsnull``)."""
    return value is None or value is _JSNULL or type(value).__name__ == "JsNull"


def by_id(name):
    return document.getElementById(name)


def js_object(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


class LocalStore:
    """localStorage through the controller's four calls."""

    def __init__(self, backend):
        self.backend = backend

    def get(self, key):
        value = self.backend.getItem(key)
        return None if missing(value) else str(value)

    def set(self, key, value):
        self.backend.setItem(key, value)

    def remove(self, key):
        self.backend.removeItem(key)

    def keys(self):
        backend = self.backend
        return [str(backend.key(i)) for i in range(int(backend.length))]


def open_store():
    try:
        backend = window.localStorage
        backend.setItem("backgammon.probe", "1")
        backend.removeItem("backgammon.probe")
        return LocalStore(backend)
    except Exception:  # noqa: BLE001 - storage off (private mode, file://): play without saving
        return storage.MemoryStore()


class Page:
    """The page's elements, the controller, and the little state of gestures in progress."""

    def __init__(self):
        self.app = Controller(open_store())
        self.board = by_id("board")
        self.message = by_id("message")
        self.last_svg = None
        self.renders = 0
        self.layout = {}
        self.board_view = None
        self.drag = None
        self.suppress_click = False
        self.bot_running = False
        self.ticker = None
        self.thinking = False      # a hint is being worked out
        self.last_hint = None
        self.demo_running = False
        self.last_review = None
        self.reviewing = False     # the review's analysis loop is running
        self.reduced_motion = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    # --- drawing ------------------------------------------------------------------------
    def apply_texts(self):
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

    def render(self, animate=False):
        view = self.app.view()
        self.last_svg = board_dom.draw(self.board, view.board_svg, view.board, self.last_svg, duration(
            self.app.prefs.animation_speed, animate=animate and self.app.prefs.animate,
            reduced_motion=self.reduced_motion))
        self.layout = view.layout
        self.board_view = view.board
        self.render_panels({"top_html": view.top_html, "bottom_html": view.bottom_html,
                            "top_on_roll": view.top_on_roll, "bottom_on_roll": view.bottom_on_roll})
        self.message.textContent = view.message
        self.message.classList.toggle("warn", view.warn)
        by_id("match-info").textContent = view.info
        by_id("position-id").textContent = view.position_id
        by_id("match-id").textContent = view.match_id
        for name, (visible, enabled) in view.buttons.items():
            button = by_id(name)
            button.hidden = not visible
            button.disabled = not enabled
        field = by_id("move-input")
        field.disabled = not view.move_input
        record = by_id("record")
        if record.innerHTML != view.record_html:
            record.innerHTML = view.record_html
            current = record.querySelector(".current")
            if missing(current):
                record.scrollTop = record.scrollHeight
            else:   # within the list only: the page itself does not move
                record.scrollTop = current.offsetTop - record.clientHeight // 2
        by_id("share-link").value = (share_url(str(window.location.href), view.position_id, view.match_id)
                                     if view.position_id else "")
        by_id("xgid").value = view.xgid
        self.draw_qr()
        self.draw_shots()
        self.render_hint(view.hint_html)
        self.render_replay(view.replay)
        self.render_lesson(view.lesson, view.move_input)
        self.render_dice_entry(view.dice_entry)
        self.render_editor(view.editor)
        self.render_review(view.review)
        self.say(self.app.announcements())
        self.render_notice()
        self.renders += 1
        document.body.dataset.renders = str(self.renders)
        self.schedule_clock()
        self.schedule_demo()

    def render_panels(self, panels):
        """The players' panels (names, score, pips, clocks); the clock's ticks draw only these."""
        if panels is None:
            return
        top, bottom = by_id("player-top"), by_id("player-bottom")
        top.innerHTML = panels["top_html"]
        bottom.innerHTML = panels["bottom_html"]
        top.classList.toggle("on-roll", panels["top_on_roll"])
        bottom.classList.toggle("on-roll", panels["bottom_on_roll"])

    def render_lesson(self, lesson, move_input):
        """The lesson panel (texts through textContent; the options' HTML is escaped)."""
        document.body.classList.toggle("in-lesson", lesson is not None)
        panel = by_id("lesson-panel")
        panel.hidden = lesson is None
        by_id("move-form").hidden = lesson is not None and not move_input
        if lesson is None:
            return
        for name in ("number", "title", "progress", "text"):
            by_id(f"lesson-{name}").textContent = lesson[name]
        facts = by_id("lesson-facts")
        facts.replaceChildren()
        for text in lesson["facts"]:
            item = document.createElement("li")
            item.textContent = text
            facts.appendChild(item)
        options = by_id("lesson-options")
        if options.innerHTML != lesson["options_html"]:
            options.innerHTML = lesson["options_html"]
        options.hidden = not lesson["options_html"]
        by_id("lesson-next-lesson").classList.toggle("primary", bool(lesson["solved"]))
        for name, value in (("stage", lesson["stage"]), ("demo", lesson["demo"]),
                            ("verdict", lesson["verdict"]), ("lesson", lesson["id"])):
            panel.setAttribute(f"data-{name}", value)
        feedback = by_id("lesson-feedback")
        feedback.textContent = lesson["message"]
        feedback.classList.toggle("warn", bool(lesson["warn"]))
        feedback.setAttribute("data-verdict", lesson["verdict"])

    def render_dice_entry(self, entry):
        form = by_id("dice-form")
        form.hidden = entry is None
        if entry is None:
            return
        by_id("dice-legend").textContent = entry["legend"]
        by_id("dice-first-label").textContent = entry["first"]
        by_id("dice-second-label").textContent = entry["second"]

    # --- a lesson's demo move, one checker at a time ----------------------------------------------------
    def schedule_demo(self):
        lesson = self.app.lesson
        if not self.demo_running and lesson is not None and lesson.demo_pending():
            asyncio.ensure_future(self.demo_loop())

    async def demo_loop(self):
        self.demo_running = True
        try:
            while self.app.lesson is not None and self.app.lesson.demo_pending():
                lesson = self.app.lesson
                shown = (lesson, lesson.index, lesson.demo_played)
                await asyncio.sleep(DEMO_PAUSE)
                if self.app.lesson is lesson and (lesson, lesson.index, lesson.demo_played) == shown:
                    lesson.demo_advance()
                    self.render(animate=True)
        except Exception as error:  # noqa: BLE001 - show it rather than freeze
            self.fail(error)
        finally:
            self.demo_running = False

    def say(self, sentences):
        """Add what just happened to the live region (a log: screen readers read each addition)."""
        log = by_id("announce")
        for text in sentences:
            line = document.createElement("p")
            line.textContent = text
            log.appendChild(line)
        while log.childElementCount > ANNOUNCE_KEEP:
            log.firstElementChild.remove()

    def render_hint(self, html):
        if self.thinking or html == self.last_hint:
            return
        panel = by_id("hint-panel")
        panel.innerHTML = html
        panel.hidden = not html
        self.last_hint = html

    def render_notice(self):
        """The storage notice: data kept aside, or a full storage (buttons by id)."""
        notice = self.app.notice()
        box = by_id("storage-notice")
        box.hidden = notice is None
        if notice is None:
            return
        box.dataset.kind = notice["kind"]
        by_id("storage-notice-text").textContent = notice["text"]
        for button in box.querySelectorAll("button"):
            button.hidden = str(button.id) not in notice["buttons"]

    def on_storage(self, event):
        name = str(event.target.id)
        if name == "storage-download":
            self.download(*self.app.aside_file(), message="msg.storage_downloaded")
        elif name == "storage-backup":
            self.download(*self.app.backup_file(), message="msg.storage_downloaded")
        elif name == "storage-discard":
            self.app.discard_aside()
        elif name == "storage-prune":
            self.app.prune_history()
        elif name == "storage-close":
            self.app.close_notice()
        else:
            return
        self.render()

    def render_replay(self, replay):
        document.body.classList.toggle("replaying", replay is not None)
        by_id("replay-bar").hidden = replay is None
        if replay is None:
            return
        by_id("replay-info").textContent = replay["text"]
        slider = by_id("replay-slider")
        slider.max = str(replay["count"] - 1)
        slider.value = str(replay["index"])
        at_start, at_end = replay["index"] == 0, replay["index"] == replay["count"] - 1
        for name, disabled in (("replay-first", at_start), ("replay-prev", at_start),
                               ("replay-next", at_end), ("replay-last", at_end)):
            by_id(name).disabled = disabled

    def render_editor(self, fields):
        """The editor's panel and form, from the controller's values (a refused change
        puts the field back as it was)."""
        document.body.classList.toggle("editing", fields is not None)
        by_id("editor-panel").hidden = fields is None
        if fields is None:
            return
        form = by_id("editor-form")
        for name in ("tool", "side"):
            for radio in form.querySelectorAll(f'[name="{name}"]'):
                radio.checked = radio.value == fields[name]
        for name in ("on_roll", "dice", "cube", "owner", "length", "score_bottom", "score_top", "mode"):
            form.querySelector(f'[name="{name}"]').value = fields[name]
        crawford = form.querySelector('[name="crawford"]')
        crawford.checked = fields["crawford"]
        for name in ("score_bottom", "score_top", "crawford"):
            form.querySelector(f'[name="{name}"]').disabled = not fields["match"]
        by_id("editor-counts").textContent = fields["counts"]
        status = by_id("editor-status")
        status.textContent = fields["status"]
        status.classList.toggle("warn", not fields["ready"])
        by_id("editor-play").disabled = not fields["ready"]

    def render_review(self, review):
        panel = by_id("review-panel")
        document.body.classList.toggle("reviewing", review is not None)
        panel.hidden = review is None
        if review is None:
            self.last_review = None
            return
        by_id("review-progress").textContent = review["progress"]
        by_id("review-progress").hidden = not review["progress"]
        shown = self.last_review or {}
        for key, element in (("summary_html", "review-summary"), ("detail_html", "review-detail"),
                             ("list_html", "review-list")):
            if shown.get(key) != review[key]:
                by_id(element).innerHTML = review[key]
        if shown.get("list_html") != review["list_html"] or shown.get("detail_html") != review["detail_html"]:
            items = by_id("review-list")
            current = items.querySelector(".current")
            if not missing(current):   # within the list only: the page itself does not move
                items.scrollTop = current.offsetTop - items.clientHeight // 2
        by_id("review-tried").textContent = review["tried"]
        by_id("review-try").hidden = not review["can_try"]
        by_id("review-play").disabled = not review["can_play"]
        self.last_review = review

    def animate(self, offsets):
        for key, (dx, dy) in offsets.items():
            element = self.board.querySelector(f'[data-key="{key}"]')
            if missing(element):
                continue
            frames = js_object([{"transform": f"translate({dx:.1f}px, {dy:.1f}px)"},
                                {"transform": "translate(0px, 0px)"}])
            element.animate(frames, js_object({"duration": ANIMATION_MS, "easing": "ease-out"}))

    def update(self, animate=True):
        """After an intent: draw, then let the computer play if it is its turn."""
        self.render(animate=animate)
        self.schedule_bot()

    # --- the computer ------------------------------------------------------------------------
    def schedule_bot(self):
        if not self.bot_running and self.app.bot_to_act():
            asyncio.ensure_future(self.bot_loop())

    async def bot_loop(self):
        self.bot_running = True
        try:
            pause = 0.6
            while self.app.bot_to_act():
                # give the browser the hand first: it paints, and clicks stay answered
                await asyncio.sleep(pause)
                if not self.app.bot_to_act():
                    break
                # the bot thinks in slices of ~25 ms: the page paints and answers in between
                did = await drive(self.app.bot_act_steps())
                self.render(animate=True)
                pause = BOT_PAUSE.get(did, 0.5) * (0.1 if self.app.prefs.fast_bot else 1)
        except Exception as error:  # noqa: BLE001 - show it rather than freeze
            self.fail(error)
        finally:
            self.bot_running = False

    # --- clocks -------------------------------------------------------------------------------
    def schedule_clock(self):
        match = self.app.match
        if match is None or match.clock is None or self.ticker is not None:
            return
        self.ticker = asyncio.ensure_future(self.clock_loop())

    async def clock_loop(self):
        try:
            while self.app.match is not None and self.app.match.clock is not None:
                await asyncio.sleep(0.5)
                if self.app.tick():
                    self.update()
                elif self.drag is None:
                    self.render_panels(self.app.clock_panels())
        finally:
            self.ticker = None

    def fail(self, error):
        js.console.error(f"backgammon: {type(error).__name__}: {error}")
        self.message.textContent = f"{type(error).__name__}: {error}"
        self.message.classList.add("warn")
        self.say([self.message.textContent])   # the status line is not live: the log says it

    # --- the board: clicks and drags ---------------------------------------------------------
    def slot_of(self, event):
        target = event.target
        found = target.closest("[data-slot]") if hasattr(target, "closest") else None
        return None if missing(found) else str(found.dataset.slot)

    def svg_point(self, event):
        svg = self.board.querySelector("svg")
        rect = svg.getBoundingClientRect()
        if not rect.width:
            return None
        return ((event.clientX - rect.left) * WIDTH / rect.width,
                (event.clientY - rect.top) * HEIGHT / rect.height)

    def on_click(self, event):
        if self.suppress_click:
            # a click that comes after a drag, before any new press, is the drag's own
            self.suppress_click = False
            return
        slot = self.slot_of(event)
        if slot is None:
            self.app.deselect()
            self.render()
            return
        self.app.click(slot, "shift" if event.shiftKey else "left")
        self.update(animate=self.app.editor is None)

    def on_context_menu(self, event):
        slot = self.slot_of(event)
        if slot is None:
            return
        event.preventDefault()
        self.app.click(slot, "right")
        self.update()

    def on_pointer_down(self, event):
        self.suppress_click = False
        if event.button != 0 or not event.isPrimary or self.app.editor is not None:
            return
        target = event.target
        checker = target.closest(".checker") if hasattr(target, "closest") else None
        if missing(checker):
            return
        self.drag = {"slot": str(checker.dataset.slot), "x": event.clientX, "y": event.clientY,
                     "id": event.pointerId, "element": None}

    def on_pointer_move(self, event):
        drag = self.drag
        if drag is None or event.pointerId != drag["id"]:
            return
        if drag["element"] is None:
            if abs(event.clientX - drag["x"]) + abs(event.clientY - drag["y"]) < DRAG_THRESHOLD:
                return
            if not self.app.press(drag["slot"]):
                self.drag = None
                return
            self.render()  # show where it may go
            element = self.board.querySelector(".checker.selected")
            if missing(element):
                self.drag = None
                return
            element.classList.add("dragging")
            element.parentNode.appendChild(element)  # drawn above the others
            drag["element"] = element
            try:
                self.board.setPointerCapture(event.pointerId)
            except Exception:  # noqa: BLE001
                pass
        point = self.svg_point(event)
        if point is not None:
            drag["element"].setAttribute("cx", f"{point[0]:.1f}")
            drag["element"].setAttribute("cy", f"{point[1]:.1f}")
        event.preventDefault()

    def on_pointer_up(self, event):
        drag = self.drag
        self.drag = None
        if drag is None or drag["element"] is None:
            return
        self.suppress_click = True
        point = self.svg_point(event)
        slot = slot_at(point[0], point[1], self.board_view) if point else None
        self.app.drop_on(slot)
        self.last_svg = None  # the dragged checker was moved by hand: draw afresh
        self.update(animate=False)

    def on_pointer_cancel(self, event):
        if self.drag is not None:
            self.drag = None
            self.last_svg = None
            self.render()

    # --- buttons, typed moves, dialogs -------------------------------------------------------------
    def bind(self):
        board = self.board
        on(board, "click", self.on_click)
        on(board, "contextmenu", self.on_context_menu)
        on(board, "pointerdown", self.on_pointer_down)
        on(board, "pointermove", self.on_pointer_move)
        on(board, "pointerup", self.on_pointer_up)
        on(board, "pointercancel", self.on_pointer_cancel)
        on(board, "keydown", self.on_board_key)
        on(board, "focusin", self.on_board_focus)
        actions = {"roll": self.app.roll, "done": self.app.done, "undo": self.app.undo,
                   "double": self.app.double, "take": self.app.take, "drop": self.app.drop,
                   "beaver": self.app.beaver,
                   "next-game": self.app.next_game,
                   "accept-resign": self.app.accept_resignation,
                   "reject-resign": self.app.reject_resignation}
        for kind in RESIGN_KINDS:
            actions[f"resign-{kind}"] = partial(self.app.resign, kind)
        for name, action in actions.items():
            on(by_id(name), "click", self.intent(action))
        on(by_id("resign"), "click", self.on_resign)
        on(by_id("resign-cancel"), "click", self.on_resign_cancel)
        on(by_id("move-form"), "submit", self.on_move_typed)
        on(document, "keydown", self.on_key)
        on(by_id("flip"), "click", self.on_flip)
        on(by_id("lang"), "change", self.on_language)
        on(by_id("copy-ids"), "click", self.on_copy)
        on(by_id("new-match"), "click", self.open_setup)
        on(by_id("setup-cancel"), "click", lambda event: by_id("new-match-dialog").close())
        on(by_id("new-match-form"), "submit", self.on_setup)
        on(by_id("history-button"), "click", self.open_history)
        on(by_id("history-close"), "click", lambda event: by_id("history-dialog").close())
        on(by_id("history-list"), "click", self.on_history_action)
        on(by_id("hint"), "click", self.on_hint)
        on(by_id("hint-panel"), "click", self.on_hint_play)
        on(by_id("hint-panel"), "keydown", self.on_hint_key)
        for name, handler in (("mouseover", self.on_hint_preview), ("focusin", self.on_hint_preview),
                              ("mouseout", self.on_hint_preview_end), ("focusout", self.on_hint_preview_end)):
            on(by_id("hint-panel"), name, handler)
        on(by_id("copy-link"), "click", self.copier("share-link", "msg.link_copied"))
        on(by_id("show-qr"), "click", self.on_show_qr)
        on(by_id("show-shots"), "click", self.on_show_shots)
        on(by_id("pref-theme"), "change", self.on_theme)
        on(by_id("pref-animation-speed"), "change",
           lambda event: self.app.set_pref("animation_speed", str(event.target.value)))
        on(by_id("backup-all"), "click", self.on_backup_all)
        on(by_id("restore-file"), "change", self.on_restore_file)
        on(by_id("copy-xgid"), "click", self.copier("xgid", "msg.xgid_copied"))
        on(by_id("import-form"), "submit", self.on_import_ids)
        on(by_id("export-mat"), "click", self.on_export_mat)
        on(by_id("export-sgf"), "click", self.on_export_sgf)
        on(by_id("export-svg"), "click", lambda event: self.export_image("svg"))
        on(by_id("export-png"), "click", lambda event: self.export_image("png"))
        on(by_id("print-position"), "click", lambda event: window.print())
        on(window, "beforeprint", self.fill_print_sheet)
        on(by_id("open-mat"), "click", lambda event: by_id("import-mat").click())
        on(by_id("import-mat"), "change", self.on_import_mat)
        on(by_id("replay"), "click", self.on_replay)
        on(by_id("review"), "click", self.on_review)
        on(by_id("review-game"), "click", self.on_review)
        on(by_id("review-list"), "click", self.on_review_pick)
        on(by_id("review-list"), "keydown", self.on_review_key)
        on(by_id("review-try"), "submit", self.on_review_try)
        on(by_id("review-play"), "click", self.on_review_play)
        on(by_id("replay-close"), "click", self.on_replay_close)
        on(by_id("record"), "click", self.on_record_click)
        on(by_id("replay-slider"), "input", lambda event: self.replay_to(int(event.target.value)))
        for name, move in (("replay-first", lambda: self.app.replay_go(0)),
                           ("replay-prev", lambda: self.app.replay_step(-1)),
                           ("replay-next", lambda: self.app.replay_step(1)),
                           ("replay-last", lambda: self.app.replay_go(1 << 30))):
            on(by_id(name), "click", self.replay_mover(move))
        on(by_id("edit-position"), "click", self.on_edit_open)
        on(by_id("editor-form"), "change", self.on_editor_change)
        on(by_id("editor-form"), "submit", lambda event: event.preventDefault())
        on(by_id("editor-start"), "click", self.editor_setter("start"))
        on(by_id("editor-clear"), "click", self.editor_setter("clear"))
        on(by_id("editor-play"), "click", self.on_editor_play)
        on(by_id("editor-cancel"), "click", self.on_editor_cancel)
        on(by_id("editor-load-form"), "submit", self.on_editor_load)
        on(by_id("storage-notice"), "click", self.on_storage)
        on(by_id("settings-button"), "click", self.open_settings)
        on(by_id("settings-close"), "click", lambda event: by_id("settings-dialog").close())
        on(by_id("lessons-button"), "click", self.open_lessons)
        on(by_id("lesson-list"), "click", self.open_lessons)
        on(by_id("lessons-close"), "click", lambda event: by_id("lessons-dialog").close())
        on(by_id("lessons-list"), "click", self.on_lesson_pick)
        on(by_id("lesson-options"), "click", self.on_lesson_option)
        for name, action in LESSON_BUTTONS.items():
            on(by_id(name), "click", self.lesson_intent(action))
        on(by_id("dice-form"), "submit", self.on_dice_set)
        for name, pref in (("pref-home-left", "home_left"), ("pref-click-moves", "click_moves"),
                           ("pref-auto-flip", "auto_flip"), ("pref-animate", "animate"),
                           ("pref-fast-bot", "fast_bot"),
                           ("pref-auto-roll", "auto_roll"),
                           ("pref-auto-bear-off", "auto_bear_off"),
                           ("pref-auto-done", "auto_done")):
            on(by_id(name), "change", self.pref_setter(pref))

    def intent(self, action):
        def handler(event):
            action()
            self.update()
            self.keep_focus(event.currentTarget)
        return handler

    def on_resign(self, event):
        """Resign opens the choice of what to give up: the keyboard goes to its first button."""
        self.app.resign()
        self.update()
        for button in document.querySelectorAll("#actions .resign-choice"):
            if not button.hidden:
                button.focus()
                return
        self.keep_focus(event.currentTarget)

    def on_resign_cancel(self, event=None):
        """Cancel (or Escape) closes the choice; the keyboard goes back to Resign."""
        self.app.cancel_resign()
        self.update()
        by_id("resign").focus()

    def keep_focus(self, element):
        """A button that just went disabled or hidden drops the keyboard focus: give it to
        the board's place while a person moves, else to the first action still enabled."""
        if missing(element) or not (element.disabled or element.hidden):
            return
        if not element.isSameNode(document.activeElement) and not missing(document.activeElement) \
                and not document.activeElement.isSameNode(document.body):
            return
        target = None
        if by_id("move-input").disabled:     # not a person moving: an action button
            for button in document.querySelectorAll("#actions button"):
                if not button.disabled and not button.hidden:
                    target = button
                    break
        if target is None:
            target = self.board.querySelector('[data-place][tabindex="0"]')
        if not missing(target):
            target.focus()

    def pref_setter(self, pref):
        def handler(event):
            self.app.set_pref(pref, bool(event.target.checked))
            self.render()
        return handler

    # --- lessons and dice set by hand --------------------------------------------------------------
    def open_lessons(self, event):
        from game.ui.lesson_player import lessons_html     # loaded on first use, not at start

        lesson = self.app.lesson
        by_id("lessons-list").innerHTML = lessons_html(
            self.app.lesson_list(), self.app.language, None if lesson is None else lesson.lesson.id)
        by_id("lessons-dialog").showModal()

    def on_lesson_pick(self, event):
        button = event.target.closest("[data-lesson]") if hasattr(event.target, "closest") else None
        if missing(button):
            return
        by_id("lessons-dialog").close()
        self.app.open_lesson(str(button.dataset.lesson))
        self.last_svg = None
        self.render()

    def on_lesson_option(self, event):
        button = event.target.closest("[data-option]") if hasattr(event.target, "closest") else None
        if missing(button):
            return
        option = str(button.dataset.option)
        self.app.lesson_choose(option)
        self.render()
        # the options were drawn afresh: keep the keyboard where it was, or on what comes next
        lesson = self.app.lesson
        if lesson is not None and lesson.solved:
            self.focus_first("lesson-next-lesson", "lesson-close")
        else:
            found = by_id("lesson-options").querySelector(f'[data-option="{js.CSS.escape(option)}"]')
            if not missing(found):
                found.focus()

    def focus_first(self, *names):
        """Give the keyboard focus to the first of these elements that is shown and enabled."""
        for name in names:
            element = by_id(name)
            if not missing(element) and not element.hidden and not element.disabled:
                element.focus()
                return

    def lesson_intent(self, action):
        def handler(event):
            animate = action in ("check", "undo", "answer")
            if action in ("prev", "next", "retry", "next_lesson", "close"):
                self.last_svg = None
            self.app.lesson_action(action)
            self.update(animate=animate)
            lesson = self.app.lesson
            if action == "next" and lesson is not None and lesson.in_task:
                # the Next button is gone: the keyboard goes to the task
                if lesson.task.kind == "choice":
                    first = by_id("lesson-options").querySelector("button")
                    if not missing(first):
                        first.focus()
                else:
                    self.focus_first("move-input")
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
        self.update()

    # --- the board with the keyboard ------------------------------------------------------------------
    def place_of(self, event):
        target = event.target
        found = target.closest("[data-place]") if hasattr(target, "closest") else None
        return None if missing(found) else str(found.dataset.place)

    def on_board_focus(self, event):
        place = self.place_of(event)
        if place is not None:
            self.app.focus = place

    def on_board_key(self, event):
        place = self.place_of(event)
        if place is None or event.ctrlKey or event.altKey or event.metaKey:
            return
        self.app.focus = place
        if self.app.board_key(str(event.key)):
            event.preventDefault()
            event.stopPropagation()   # the page's own keys (replay arrows, Escape) stay out of it
            self.update()

    def trap_tab(self, event, dialog):
        """Tab and Shift+Tab go round the open dialog's controls, never out of it."""
        stops = []
        for element in dialog.querySelectorAll(TABBABLE):
            if element.disabled or element.tabIndex < 0 or missing(element.offsetParent):
                continue
            if element.type == "radio" and not element.checked:
                continue   # a group of radio buttons is one stop: the one checked
            stops.append(element)
        active = document.activeElement
        position = next((i for i, element in enumerate(stops) if element.isSameNode(active)), None)
        index = wrap_tab(position, len(stops), bool(event.shiftKey))
        if index is not None:
            event.preventDefault()
            stops[index].focus()

    def on_key(self, event):
        if event.key == "Tab":
            dialog = document.querySelector("dialog[open]")
            if not missing(dialog):
                self.trap_tab(event, dialog)
            return
        tag = str(event.target.tagName).lower() if hasattr(event.target, "tagName") else ""
        lesson = self.app.lesson
        if event.key == "Escape" and self.app.resign_choice and missing(document.querySelector("dialog[open]")):
            self.on_resign_cancel()
        elif event.key == "Escape" and (self.app.selected is not None
                                      or (lesson is not None and lesson.selected is not None)):
            self.app.deselect()
            self.render()
        elif (lesson is not None and not lesson.in_task and event.key in ("ArrowLeft", "ArrowRight")
              and tag not in ("input", "select", "textarea")):
            event.preventDefault()
            self.last_svg = None
            self.app.lesson_action("prev" if event.key == "ArrowLeft" else "next")
            self.render()
        elif self.app.replay is not None and event.key in ("ArrowLeft", "ArrowRight"):
            tag = str(event.target.tagName).lower() if hasattr(event.target, "tagName") else ""
            if tag not in ("input", "select", "textarea"):
                event.preventDefault()
                self.app.replay_step(-1 if event.key == "ArrowLeft" else 1)
                self.render()

    # --- the position editor -------------------------------------------------------------------
    def on_edit_open(self, event):
        self.app.edit_open()
        self.last_svg = None
        self.render()
        window.scrollTo(0, 0)          # the board, where the checkers are placed, in view

    def on_editor_change(self, event):
        target = event.target
        name = str(target.name)
        value = bool(target.checked) if str(target.type) == "checkbox" else str(target.value)
        self.app.edit_set(name, value)
        self.render()

    def editor_setter(self, name):
        def handler(event):
            self.app.edit_set(name, "")
            self.render()
        return handler

    def on_editor_play(self, event):
        if self.app.edit_play():
            self.last_svg = None
            self.update(animate=False)
        else:
            self.render()

    def on_editor_cancel(self, event):
        self.app.edit_cancel()
        self.last_svg = None
        self.update(animate=False)

    def on_editor_load(self, event):
        event.preventDefault()
        self.sent("editor-ids", self.app.edit_load)
        self.render()

    # --- hints -----------------------------------------------------------------------------------
    def on_hint(self, event):
        if self.thinking:
            return
        self.thinking = True
        panel = by_id("hint-panel")
        panel.textContent = self.app.tr("hint.thinking")
        panel.hidden = False
        asyncio.ensure_future(self.hint_task())

    async def hint_task(self):
        try:
            await asyncio.sleep(0.05)     # the browser paints "Thinking…" and stays responsive
            await drive(self.app.compute_hint_steps())
        except Exception as error:  # noqa: BLE001 - show it rather than freeze
            self.fail(error)
        finally:
            self.thinking = False
            self.last_hint = None
            self.render()

    def on_hint_play(self, event):
        row = event.target.closest("[data-play]") if hasattr(event.target, "closest") else None
        if missing(row):
            return
        self.app.type_move(str(row.dataset.play))
        self.update()

    def on_hint_key(self, event):
        if event.key == "Enter":
            self.on_hint_play(event)

    def on_hint_preview(self, event):
        """A play of the hint hovered or focused: shown on the board, the match untouched."""
        row = event.target.closest("[data-play]") if hasattr(event.target, "closest") else None
        match = self.app.match
        if missing(row) or self.board_view is None or match is None or self.app.replay is not None \
                or self.app.editor is not None or self.app.lesson is not None \
                or match.player_on_roll is None or not match.turn or match.turn.played:
            return
        preview = preview_of(match.player_on_roll, str(row.dataset.play))
        if preview is None:
            return
        from dataclasses import replace

        from game.ui.render import board_svg
        board = replace(self.board_view, preview=preview)
        self.last_svg = board_dom.draw(self.board, board_svg(board), board, self.last_svg,
                                       preview=str(row.dataset.play))

    def on_hint_preview_end(self, event):
        """The pointer or the focus left the hint's plays: the board as it is."""
        related = event.relatedTarget
        if not self.board.hasAttribute("data-preview") or self.board_view is None:
            return
        if not missing(related) and hasattr(related, "closest") \
                and not missing(related.closest("#hint-panel [data-play]")):
            return      # on to another play: its own preview follows
        from game.ui.render import board_svg
        self.last_svg = board_dom.draw(self.board, board_svg(self.board_view), self.board_view,
                                       self.last_svg)

    # --- sharing, IDs and match files ---------------------------------------------------------------
    def copier(self, field_id, message):
        def handler(event):
            field = by_id(field_id)
            field.select()
            try:
                window.navigator.clipboard.writeText(field.value)
            except Exception:  # noqa: BLE001 - no clipboard: the text is selected
                pass
            self.app.message = (message, {})
            self.render()
        return handler

    def on_import_ids(self, event):
        event.preventDefault()
        if self.sent("import-text", self.app.open_ids):
            self.last_svg = None
            self.update(animate=False)
        else:
            self.render()

    def on_export_mat(self, event):
        found = self.app.mat_file()
        if found is not None:
            self.download(*found)
        self.render()

    def on_export_sgf(self, event):
        found = self.app.sgf_file()
        if found is not None:
            self.download(*found)
        self.render()

    def export_image(self, kind):
        """Save the board as an image: SVG, or PNG drawn from it on a canvas."""
        view = self.app.view()
        title = f"{view.position_id}:{view.match_id}" if view.match_id else view.position_id
        svg = board_image(view.board, numbers=by_id("image-numbers").checked, title=title)
        name = image_name(view.position_id, kind)
        if kind == "svg":
            self.download(name, svg, "msg.image_saved", "image/svg+xml;charset=utf-8")
            self.render()
        else:
            asyncio.ensure_future(self.save_png(svg, name))

    async def save_png(self, svg, name):
        url = js.URL.createObjectURL(js.Blob.new(to_js([svg]), js_object({"type": "image/svg+xml"})))
        try:
            image = js.Image.new()
            image.src = url
            await image.decode()
            canvas = document.createElement("canvas")
            canvas.width, canvas.height = WIDTH * PNG_SCALE, HEIGHT * PNG_SCALE
            canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height)
            made = asyncio.get_running_loop().create_future()
            canvas.toBlob(create_once_callable(made.set_result), "image/png")
            blob = await made
            if missing(blob):
                raise ValueError("no PNG")
            self.download(name, blob, "msg.image_saved")
        except Exception:  # noqa: BLE001 - an engine that cannot draw it: said, nothing saved
            self.app.message = ("error.image_failed", {})
        finally:
            js.URL.revokeObjectURL(url)
        self.render()

    def fill_print_sheet(self, event):
        """Before printing (the button or the browser's own command): the position's IDs."""
        view = self.app.view()
        for name, value in (("print-position-id", view.position_id), ("print-match-id", view.match_id),
                            ("print-xgid", view.xgid), ("print-info", view.info)):
            by_id(name).textContent = value or "—"
        document.body.classList.toggle("print-no-numbers", not by_id("image-numbers").checked)

    def download(self, name, text, message="msg.mat_saved", kind="text/plain;charset=utf-8"):
        """Save ``text`` (or a Blob) as the file ``name`` (a Blob and a link clicked once)."""
        blob = text if isinstance(text, pyodide.ffi.JsProxy) else \
            js.Blob.new(to_js([text]), js_object({"type": kind}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)
        self.app.message = (message, {"file": name})

    def on_import_mat(self, event):
        files = event.target.files
        if missing(files) or not files.length:
            return
        asyncio.ensure_future(self.read_mat(files.item(0), event.target))

    async def read_mat(self, file, field):
        try:
            if file.size > MAT_LIMIT:
                self.app.message = ("error.mat_too_big", {})
                self.render()
                return
            data = (await file.arrayBuffer()).to_bytes()     # UTF-8 or Windows-1252: decode_mat
            if self.app.open_mat(data, str(file.name)):
                self.last_svg = None
                self.update(animate=False)
            else:
                self.render()
        except Exception as error:  # noqa: BLE001
            self.fail(error)
        finally:
            field.value = ""

    # --- replays ----------------------------------------------------------------------------------
    def on_replay(self, event):
        if self.app.start_replay():
            self.last_svg = None
        self.render()

    def on_replay_close(self, event):
        self.app.end_replay()
        self.last_svg = None
        self.update(animate=False)
        by_id("replay").focus()   # the bar is gone: the focus goes back to where the replay began

    def replay_to(self, index):
        self.app.replay_go(index)
        self.render()

    def replay_mover(self, move):
        def handler(event):
            move()
            self.render()
        return handler

    # --- reviews ----------------------------------------------------------------------------------
    def on_review(self, event):
        if self.app.start_review():
            self.last_svg = None
        self.render()
        self.run_review()

    def run_review(self):
        if not self.reviewing and self.app.review is not None:
            asyncio.ensure_future(self.review_loop())

    async def review_loop(self):
        """Weigh the decisions a few at a time; the page paints the progress in between."""
        self.reviewing = True
        try:
            await asyncio.sleep(0.05)     # the browser paints the empty panel first
            painted = 0.0
            loop = asyncio.get_event_loop()
            while self.app.review_step():
                if loop.time() - painted > 0.3:
                    self.render()
                    painted = loop.time()
                await asyncio.sleep(0)
            self.render()
        except Exception as error:  # noqa: BLE001 - show it rather than freeze
            self.fail(error)
        finally:
            self.reviewing = False

    def on_review_pick(self, event):
        row = event.target.closest("[data-frame]") if hasattr(event.target, "closest") else None
        if missing(row) or self.app.replay is None:
            return
        self.replay_to(int(row.dataset.frame))

    def on_review_key(self, event):
        if event.key == "Enter":
            self.on_review_pick(event)

    def on_review_try(self, event):
        event.preventDefault()
        self.sent("review-try-input", self.app.review_try, empty=False)
        self.render()

    def on_review_play(self, event):
        if self.app.review_play_here():
            self.last_svg = None
            by_id("review-try-input").value = ""
        self.update(animate=False)

    def on_record_click(self, event):
        row = event.target.closest("[data-frame]") if hasattr(event.target, "closest") else None
        if missing(row) or self.app.replay is None:
            return
        self.replay_to(int(row.dataset.frame))

    def on_move_typed(self, event):
        event.preventDefault()
        self.sent("move-input", self.app.type_move)
        self.update()

    def sent(self, field_id, take, empty=True):
        """A text field was sent: ``take(text)`` takes it (the field is then emptied, unless
        ``empty`` is False) or refuses it (the field is marked invalid). True when taken."""
        field = by_id(field_id)
        taken = bool(take(str(field.value)))
        if taken:
            if empty:
                field.value = ""
            field.removeAttribute("aria-invalid")
        else:
            field.setAttribute("aria-invalid", "true")
        return taken

    def on_flip(self, event):
        self.app.flip()
        self.render()

    def on_language(self, event):
        self.app.set_language(str(event.target.value))
        self.apply_texts()
        self.render()

    def on_copy(self, event):
        view = self.app.view()
        text = f"{view.position_id}:{view.match_id}"
        try:
            window.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001 - no clipboard: the IDs stay selectable
            pass
        self.app.message = ("msg.copied", {})
        self.render()

    def open_setup(self, event):
        form = by_id("new-match-form")
        for name, value in self.app.form_values().items():
            fields = form.querySelectorAll(f'[name="{name}"]')
            for field in fields:
                if field.type == "radio":
                    field.checked = field.value == value
                elif field.type == "checkbox":
                    field.checked = bool(value)
                else:
                    field.value = value
        by_id("new-match-dialog").showModal()

    def on_setup(self, event):
        event.preventDefault()
        data = js.FormData.new(by_id("new-match-form"))
        values = {}
        for entry in data.entries():
            key, value = entry[0], entry[1]
            values[str(key)] = str(value)
        by_id("new-match-dialog").close()
        language = values.get("lang")
        if language and language != self.app.language:
            self.app.set_language(language)
            self.apply_texts()
        self.app.new_match(self.app.setup_from_form(values))
        self.last_svg = None
        self.update(animate=False)

    def open_history(self, event):
        self.fill_history()
        by_id("history-dialog").showModal()

    def fill_history(self):
        tr = self.app.tr
        unfinished, finished = self.app.match_rows()
        labels = {"unfinished": tr("history.unfinished"), "finished": tr("history.finished"),
                  "empty": tr("history.empty"), "resume": tr("button.resume"),
                  "delete": tr("button.delete"), "replay": tr("button.replay"), "review": tr("button.review"),
                  "export": tr("button.export_mat")}
        by_id("history-list").innerHTML = matches_html(unfinished, finished, labels)

    def on_history_action(self, event):
        button = event.target.closest("[data-action]")
        if missing(button):
            return
        index = int(button.dataset.index)
        if button.dataset.action == "resume":
            self.app.resume(index)
            by_id("history-dialog").close()
            self.last_svg = None
            self.update(animate=False)
        elif button.dataset.action == "delete":
            self.app.delete_saved(index)
            self.fill_history()
        elif button.dataset.action == "replay":
            by_id("history-dialog").close()
            if self.app.start_replay(index):
                self.last_svg = None
            self.render()
        elif button.dataset.action == "review":
            by_id("history-dialog").close()
            if self.app.start_review(index):
                self.last_svg = None
            self.render()
            self.run_review()
        elif button.dataset.action == "export":
            found = self.app.history_mat_file(index)
            if found is not None:
                self.download(*found)
            by_id("history-dialog").close()
            self.render()

    def open_settings(self, event):
        prefs = self.app.prefs
        by_id("pref-theme").value = prefs.theme
        by_id("pref-animation-speed").value = prefs.animation_speed
        asyncio.ensure_future(self.show_persisted())
        by_id("pref-home-left").checked = prefs.home_left
        by_id("pref-click-moves").checked = prefs.click_moves
        by_id("pref-auto-flip").checked = prefs.auto_flip
        by_id("pref-animate").checked = prefs.animate
        by_id("pref-fast-bot").checked = prefs.fast_bot
        by_id("pref-auto-roll").checked = prefs.auto_roll
        by_id("pref-auto-bear-off").checked = prefs.auto_bear_off
        by_id("pref-auto-done").checked = prefs.auto_done
        by_id("settings-dialog").showModal()

    def on_theme(self, event):
        self.app.set_pref("theme", str(event.target.value))
        window.backgammonTheme.apply()          # static/js/theme.js: the saved choice, else the system's

    # --- storage that lasts: persistence, back up, restore ----------------------------------------
    async def ask_persistence(self):
        """Ask the browser to keep this site's storage (Safari otherwise deletes it after days
        without a visit); asked once a page, at the first save, which the start makes."""
        try:
            storage_api = window.navigator.storage
            if not missing(storage_api) and not missing(getattr(storage_api, "persist", None)):
                await storage_api.persist()
        except Exception as error:  # noqa: BLE001 - refused or unsupported: Settings says so
            window.console.warn(f"storage.persist: {error}")

    async def show_persisted(self):
        storage_api = window.navigator.storage
        kept = False
        if not missing(storage_api) and not missing(getattr(storage_api, "persisted", None)):
            try:
                kept = bool(await storage_api.persisted())
            except Exception:  # noqa: BLE001
                kept = False
        line = by_id("storage-persist")
        line.textContent = self.app.tr("storage.persisted" if kept else "storage.not_persisted")
        line.dataset.persisted = "true" if kept else "false"

    def on_backup_all(self, event):
        self.download(*self.app.backup_all(), message="msg.storage_downloaded")
        self.render()

    def on_restore_file(self, event):
        files = event.target.files
        if missing(files) or not files.length:
            return
        asyncio.ensure_future(self.read_backup(files.item(0), event.target))

    async def read_backup(self, file, field):
        try:
            data = (await file.arrayBuffer()).to_bytes()
            done = self.app.restore_backup(data)
            if done == "asked":
                done = self.app.restore_backup(data, replace_current=bool(
                    window.confirm(self.app.text(self.app.message))))
            by_id("settings-dialog").close()
            self.apply_texts()
            self.last_svg = None
            self.update(animate=False)
        finally:
            field.value = ""

    def on_show_qr(self, event):
        box = by_id("share-qr")
        box.hidden = not box.hidden
        by_id("show-qr").setAttribute("aria-expanded", "false" if box.hidden else "true")
        self.qr_link = None
        self.draw_qr()

    def on_show_shots(self, event):
        box = by_id("shot-counter")
        box.hidden = not box.hidden
        by_id("show-shots").setAttribute("aria-expanded", "false" if box.hidden else "true")
        self.shots_shown = None
        self.draw_shots()

    def draw_shots(self):
        """The shot counter, redrawn when shown and when the board changes."""
        box = by_id("shot-counter")
        if box.hidden:
            return
        html = self.app.shot_counter_html()
        if html != getattr(self, "shots_shown", None):
            box.innerHTML = html
            self.shots_shown = html

    def draw_qr(self):
        """The QR code of the share link, drawn when shown and when the link changes."""
        box = by_id("share-qr")
        link = str(by_id("share-link").value)
        if box.hidden or not link or link == getattr(self, "qr_link", None):
            return
        from game.ui.qr import encode, svg     # loaded on first use, not at start
        box.innerHTML = svg(encode(link))
        self.qr_link = link

    # --- start -----------------------------------------------------------------------------------
    def start(self):
        tags = window.navigator.languages
        languages = [str(tag) for tag in tags] if not missing(tags) else [str(window.navigator.language)]
        location = window.location
        if self.app.boot(str(location.search), languages):
            # the link's match is on the board and saved: a reload must resume it, not restart it
            window.history.replaceState(None, "", f"{location.pathname}{location.hash}")
        self.apply_texts()
        self.bind()
        self.render()
        document.body.dataset.ready = "true"
        self.schedule_bot()
        asyncio.ensure_future(self.ask_persistence())


PAGE = Page()
PAGE.start()

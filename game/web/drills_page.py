"""The drills' pane on the page (issue 35): the glue between its DOM and
:class:`game.app.drills.mode.DrillsMode`.

The pane (``<section id="drills">``) covers the match while it is open; its content is
drawn whole from the mode's HTML after each intent (a question is a small fragment), and
``<section id="drills" data-renders>`` counts the drawings, for tests to wait on. Its
listeners are delegated on the section (``data-drill-act``, ``data-drill-choice``,
``data-drill-form``): the content drawn afresh needs no new binding. The questions are
drawn after a first paint that says so (drawing them takes a few seconds here).
"""

import asyncio
import time

from pyodide.ffi import create_proxy
from pyscript import document, window

from game.app.drills import links, mode as drills
from game.web.elements import by_id, closest, missing

__all__ = ["DrillsPage"]


class DrillsPage:
    """The drills' pane of ``page`` (a :class:`game.web.page.Page`)."""

    def __init__(self, page):
        self.page = page
        self.renders = 0
        self.timer = None

    @property
    def mode(self):
        return drills.drills_of(self.page.app)

    # --- opening and closing ----------------------------------------------------------------
    def open_link(self, query):
        """Open what a link's drills keys ask for (the match below was booted already)."""
        mode = drills.open_link(self.page.app, query, now=time.time())
        if mode is not None:
            self._show(mode)

    def open_composer(self, event=None):
        mode = self.mode or drills.open_drills(self.page.app, now=time.time())
        mode.open_composer()
        self._show(mode)

    def _show(self, mode):
        location = window.location
        mode.page_url = f"{location.origin}{location.pathname}"
        section = by_id("drills")
        section.hidden = False
        document.body.classList.add("drilling")
        self.page.apply(None)
        self.draw()
        window.scrollTo(0, 0)
        if mode.screen == "loading":
            asyncio.ensure_future(self._prepare(mode))
        self._clock()

    async def _prepare(self, mode):
        await asyncio.sleep(0.05)          # the "drawing the questions" line is painted first
        try:
            mode.prepare(time.time())
        except Exception as error:  # noqa: BLE001
            self.page.screen.fail(error)
        self.draw(focus=True)

    def close(self, event=None):
        drills.close_drills(self.page.app)
        by_id("drills").hidden = True
        by_id("drills-body").innerHTML = ""
        document.body.classList.remove("drilling")
        location = window.location
        if str(location.search):
            # the drill's link is done with: a reload shows the match, not the drill again
            window.history.replaceState(None, "", f"{location.pathname}{location.hash}")
        self.page.apply(None)

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, focus=False):
        mode = self.mode
        if mode is None:
            return
        by_id("drills-body").innerHTML = mode.html(time.time())
        section = by_id("drills")
        self.renders += 1
        section.dataset.renders = str(self.renders)
        section.dataset.screen = mode.screen
        self._address(mode)
        if focus:
            self._focus(mode)

    def _address(self, mode):
        """The address says the screen (the composer with its set, a summary): a reload, or
        the link kept, comes back to it."""
        found = mode.address()
        if found is None:
            return
        location = window.location
        query = links.with_drills(str(location.search), *found)
        if query != str(location.search):
            window.history.replaceState(None, "", f"{location.pathname}{query}{location.hash}")

    def _focus(self, mode):
        """The keyboard where the next thing to do is: the verdict's Next, else the answer."""
        for selector in ("#drill-next", "#drill-answer-form input, #drill-answer-form button",
                         "#drill-name", "#summary-codes", "#assignment-link", "#drill-problem:not([hidden])",
                         "#drills-body input"):
            found = document.querySelector(selector)
            if not missing(found):
                found.focus()
                return

    def _clock(self):
        """A time limit counts down on screen; when it runs out the set ends there."""
        if self.timer is not None:
            return

        def tick():
            mode = self.mode
            if mode is None:
                window.clearInterval(self.timer)
                self.timer = None
                return
            if mode.tick(time.time()):
                self.draw(focus=True)
                return
            left = mode.time_left(time.time())
            clock = by_id("drill-clock")
            if left is not None and not missing(clock):
                clock.textContent = self.page.app.tr(
                    "drills.page.time_left", time=f"{left // 60}:{left % 60:02d}")

        self._tick = create_proxy(tick)
        self.timer = window.setInterval(self._tick, 1000)

    # --- the pane's events (delegated) ----------------------------------------------------------
    def on_event(self, event):
        mode = self.mode
        if mode is None:
            return
        now = time.time()
        if str(event.type) == "submit":
            event.preventDefault()
            form = closest(event, "[data-drill-form]")
            if form is not None:
                self._submit(mode, str(form.dataset.drillForm), form, now)
            return
        choice = closest(event, "[data-drill-choice]")
        if choice is not None:
            mode.answer(str(choice.dataset.drillChoice), now)
            self.draw(focus=True)
            return
        button = closest(event, "[data-drill-act]")
        if button is not None:
            self._act(mode, str(button.dataset.drillAct), now, button.getAttribute("data-drill-key"))

    def _fields(self, form):
        return {str(e.name): str(e.value) for e in form.elements if str(e.name)}

    def _submit(self, mode, name, form, now):
        fields = self._fields(form)
        if name == "start":
            mode.start(fields.get("name", ""), now)
        elif name == "answer":
            ask = mode.progress.question.ask
            raw = ((fields.get("mine", ""), fields.get("theirs", "")) if ask == "pips"
                   else fields.get("play", "") if ask == "play" else fields.get("n", ""))
            mode.answer(raw, now)
        elif name == "compose":
            mode.compose(fields)
        elif name == "codes":
            mode.read_codes(fields.get("codes", ""))
        self.draw(focus=name != "codes")
        if mode.problem is not None:
            first = form.querySelector("input")
            if not missing(first):
                first.setAttribute("aria-invalid", "true")

    def _act(self, mode, name, now, key=None):
        if name == "next":
            mode.next(now)
        elif name == "again":
            mode.again(now)
        elif name == "another":
            mode.another(now)
        elif name == "composer":
            mode.open_composer()
        elif name == "ask-remove":
            mode.ask_remove(str(key or ""))
        elif name == "remove":
            mode.remove(str(key or ""))
        elif name == "keep":
            mode.keep()
        elif name == "summary":
            mode.open_summary()
        elif name == "edit":
            mode.edit()
        elif name == "csv":
            file_name, text = mode.csv()
            self.page.files.download(file_name, text, message="drills.page.csv_saved",
                                     kind="text/csv;charset=utf-8")
        elif name in ("copy-code", "copy-link"):
            field = by_id("result-code" if name == "copy-code" else "assignment-link")
            text = str(field.textContent if name == "copy-code" else field.value)
            try:
                window.navigator.clipboard.writeText(text)
            except Exception:  # noqa: BLE001 - no clipboard: the text stays selectable
                pass
            return
        elif name == "print":
            mode.make_worksheet()
            self.draw()
            window.print()
            return
        self.draw(focus=True)

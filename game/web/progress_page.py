"""The progress screen (a dialog) and the analysis of finished matches in the background.

The dialog is filled from :func:`game.app.progress.chart.screen_html` when it opens and
when a record changes; a click or Enter on a match opens its review. The analysis
(:meth:`game.app.progress.tracker.Progress.steps`) runs in slices of
:data:`game.app.cooperative.SLICE_S` with a pause after each, and only while no game is
being played on the board: a match over, or a replay, a review, a lesson open over it; the
computer thinking, a review being weighed, the page hidden: it waits.
"""

import asyncio
import time

from pyscript import document

from game.app.cooperative import SLICE_S
from game.app.progress.record import seat_of
from game.match import Phase
from game.web.elements import by_id, closest

#: seconds after a match ends before the analysis starts, and between two slices
FIRST_WAIT, SLICE_PAUSE, IDLE_WAIT = 1.5, 0.05, 1.0


class ProgressPage:
    """``page`` gives ``app``, ``apply`` and ``loops``."""

    def __init__(self, page):
        self.page = page
        self.kind = "all"
        self.running = False

    # --- the dialog ------------------------------------------------------------------------
    def fill(self):
        from game.app.progress.chart import screen_html     # drawn when first opened (game-later.zip)

        app = self.page.app
        by_id("progress-body").innerHTML = screen_html(app.progress.entries(), app.tr, self.kind)

    def open(self, event=None):
        by_id("progress-status").textContent = ""
        self.fill()
        dialog = by_id("progress-dialog")
        if not dialog.open:
            dialog.showModal()

    def from_history(self, event):
        """"See your progress" in the Matches dialog (the way in on a phone): this one instead."""
        by_id("history-dialog").close()
        self.open()

    def on_body(self, event):
        if getattr(event, "type", "") == "keydown" and event.key not in ("Enter", " "):
            return
        button = closest(event, "[data-progress-kind]")
        if button is not None:
            kind = str(button.dataset.progressKind)
            self.kind = kind if kind in ("all", "bot", "friend", "hotseat") else "all"
            self.fill()
            found = by_id("progress-body").querySelector(f'[data-progress-kind="{self.kind}"]')
            if found is not None:
                found.focus()
            return
        row = closest(event, "[data-match]")
        if row is None:
            return
        event.preventDefault()
        app = self.page.app
        opened = app.open_progress_match(str(row.getAttribute("data-match")))
        if opened:
            by_id("progress-dialog").close()
            self.page.apply(opened)
            self.page.loops.review()
        else:
            by_id("progress-status").textContent = app.text(app.message)
            self.page.apply(None)

    # --- the way in at the end of a match ---------------------------------------------------
    def sync(self):
        """Show "See your progress" beside the end of a match the person played."""
        app = self.page.app
        match = app.match
        over = (match is not None and match.phase is Phase.OVER and match.match_winner is not None
                and app.modes.top() is app.game
                and seat_of(app.setup.mode, app.friend.seat if app.friend is not None else None) is not None)
        by_id("progress-end").hidden = not over

    # --- the analysis in the background -----------------------------------------------------
    def schedule(self):
        self.sync()
        if not self.running and self.page.app.progress.pending():
            self.running = True
            self.page.loops.start(self.loop)

    def quiet(self):
        """True when the analysis may run: no game being played, nothing else working."""
        app, loops = self.page.app, self.page.loops
        match = app.match
        playing = match is not None and match.match_winner is None and app.modes.top() is app.game
        return not (playing or loops.bot_running or loops.reviewing or document.hidden)

    async def loop(self):
        app = self.page.app
        try:
            await asyncio.sleep(FIRST_WAIT)
            while app.progress.pending():
                while not self.quiet():
                    await asyncio.sleep(IDLE_WAIT)
                steps = app.progress.steps()
                start = time.perf_counter()
                while True:
                    try:
                        next(steps)
                    except StopIteration:
                        break
                    if time.perf_counter() - start >= SLICE_S:
                        await asyncio.sleep(SLICE_PAUSE)
                        while not self.quiet():
                            await asyncio.sleep(IDLE_WAIT)
                        start = time.perf_counter()
                if by_id("progress-dialog").open:
                    self.fill()
                await asyncio.sleep(SLICE_PAUSE)
        finally:
            self.running = False

"""The page's elements, and drawing the controller's view on them.

:meth:`Screen.draw_board` is the one place the board's picture reaches the DOM: patched
in place by :mod:`game.web.board_dom` (checkers keep their nodes and slide).  :class:`Screen` draws the parts an
intent changed (``board``, ``panels``, ``screen``: :mod:`game.app.effects`); text goes
in through ``textContent``, the only HTML set is what ``game.app.view.html`` and ``game.app.view.board_svg`` builds with
every outside text escaped.
"""

import js
from pyscript import document, window

from game.app.keep.urlparams import share_url
from game.web import board_dom
from game.web import panes
from game.web.elements import by_id, missing

ANNOUNCE_KEEP = 20  # sentences kept in the live region

def focus_first(*names):
    """Give the keyboard focus to the first of these elements that is shown and enabled."""
    for name in names:
        element = by_id(name)
        if not missing(element) and not element.hidden and not element.disabled:
            element.focus()
            return True
    return False


class Screen:
    """Draws a :class:`game.app.view.view_model.View` on the page, part by part."""

    def __init__(self, board):
        self.board = by_id(board)
        self.last_svg = None       # the board's SVG on the page; None: set it all again (a drag)
        self.board_view = None
        self.renders = 0
        self.panes = panes.Panes()
        self.reduced_motion = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)

    def draw(self, view, parts, slide_ms=0):
        """Draw the ``parts`` of ``view`` named (``board``, ``panels``, ``screen``); moved
        checkers slide for ``slide_ms`` (0: they jump)."""
        if "board" in parts:
            self.draw_board(view.board_svg, view.board, slide_ms)
        if "panels" in parts:
            self.draw_panels({"top_html": view.top_html, "bottom_html": view.bottom_html,
                              "top_on_roll": view.top_on_roll, "bottom_on_roll": view.bottom_on_roll})
        if "screen" in parts:
            self.draw_screen(view)

    def signal(self):
        """Count a drawing in ``<body data-renders>``: tests wait on it, never on a sleep."""
        self.renders += 1
        document.body.dataset.renders = str(self.renders)

    def draw_board(self, svg, board, slide_ms=0, preview=None):
        """The board (a :class:`game.app.view.geometry.BoardView` drawn as ``svg``), patched in place;
        the keyboard's place survives. ``preview``: a hinted play shown over it."""
        self.last_svg = board_dom.draw(self.board, svg, board, self.last_svg, slide_ms, preview=preview)
        if preview is None:
            self.board_view = board

    def draw_panels(self, panels):
        """The players' panels (names, score, pips, clocks); the clock's ticks draw only these."""
        if panels is None:
            return
        top, bottom = by_id("player-top"), by_id("player-bottom")
        top.innerHTML = panels["top_html"]
        bottom.innerHTML = panels["bottom_html"]
        top.classList.toggle("on-roll", panels["top_on_roll"])
        bottom.classList.toggle("on-roll", panels["bottom_on_roll"])

    def draw_screen(self, view):
        message = by_id("message")
        message.textContent = view.message
        message.classList.toggle("warn", view.warn)
        by_id("match-info").textContent = view.info
        by_id("position-id").textContent = view.position_id
        by_id("match-id").textContent = view.match_id
        for name, (visible, enabled) in view.buttons.items():
            button = by_id(name)
            button.hidden = not visible
            button.disabled = not enabled
        by_id("move-input").disabled = not view.move_input
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
        self.panes.draw_qr()
        self.panes.draw_hint(view.hint_html)
        self.panes.draw_tutor(view.tutor)
        self.panes.draw_replay(view.replay)
        self.panes.draw_lesson(view.lesson, view.move_input)
        self.panes.draw_dice_entry(view.dice_entry)
        self.panes.draw_editor(view.editor)
        self.panes.draw_review(view.review)
        location = window.location
        self.panes.draw_puzzles(view.puzzles, f"{location.origin}{location.pathname}", view.move_input)
        self.panes.draw_friend(view.friend, f"{location.origin}{location.pathname}",
                               not missing(getattr(window.navigator, "share", None)),
                               not missing(getattr(window, "BarcodeDetector", None)))

    def say(self, sentences):
        """Add what just happened to the live region (a log: screen readers read each addition)."""
        log = by_id("announce")
        for text in sentences:
            line = document.createElement("p")
            line.textContent = text
            log.appendChild(line)
        while log.childElementCount > ANNOUNCE_KEEP:
            log.firstElementChild.remove()

    def fail(self, error):
        """Show an error in the status line (and say it) rather than freeze the page."""
        js.console.error(f"backgammon: {type(error).__name__}: {error}")
        message = by_id("message")
        message.textContent = f"{type(error).__name__}: {error}"
        message.classList.add("warn")
        self.say([message.textContent])   # the status line is not live: the log says it

    def move_focus(self, focus):
        """Give the keyboard focus to an element id, or to a board place (``data-place``)."""
        if focus is None:
            return
        element = by_id(str(focus))
        if missing(element):
            element = self.board.querySelector(f'[data-place="{focus}"]')
        if not missing(element):
            element.focus()

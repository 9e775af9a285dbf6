"""A checker dragged with the pointer, and the click a drag leaves behind.

A press on a checker becomes a drag once the pointer has moved
``DRAG_THRESHOLD`` CSS pixels; the checker then follows the pointer, and the
release drops it where it is.  The click the browser sends after the release is
the drag's own and is swallowed.  This is the only state here: the drag in
progress, and whether the next click is to be swallowed.
"""

from game.app.effects import Effects
from game.app.view.geometry import board_point, slot_at
from game.web.elements import closest

DRAG_THRESHOLD = 6  # CSS pixels before a press becomes a drag
# what a drag changed on the page by itself: the dragged checker's place on the board
MOVED_BY_HAND = Effects(board=True)


class Gestures:
    """The pointer on the board. ``page`` gives the controller (``page.app``), the
    screen (``page.screen``) and ``page.apply``."""

    def __init__(self, page):
        self.page = page
        self.drag = None
        self.suppress_click = False

    @property
    def board(self):
        return self.page.screen.board

    def swallow_click(self):
        """True when this click comes after a drag, before any new press: the drag's own."""
        if self.suppress_click:
            self.suppress_click = False
            return True
        return False

    def svg_point(self, event):
        """The pointer in the flat board's coordinates (those of the checkers, upright or not)."""
        svg = self.board.querySelector("svg")
        rect = svg.getBoundingClientRect()
        if not rect.width:
            return None
        return board_point((event.clientX - rect.left) / rect.width,
                           (event.clientY - rect.top) / rect.height, self.page.screen.board_view)

    def on_pointer_down(self, event):
        self.suppress_click = False
        if event.button != 0 or not event.isPrimary or self.page.app.editor is not None:
            return
        checker = closest(event, ".checker")
        if checker is None:
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
            pressed = self.page.app.press(drag["slot"])
            if not pressed:
                self.drag = None
                return
            self.page.apply(pressed)  # show where it may go
            element = self.board.querySelector(".checker.selected")
            if element is None or type(element).__name__ == "JsNull":
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
        slot = slot_at(point[0], point[1], self.page.screen.board_view) if point else None
        # the dragged checker was moved by hand: its board is drawn again, whatever the drop did
        self.page.screen.last_svg = None
        self.page.apply(self.page.app.drop_on(slot), also=MOVED_BY_HAND)

    def on_pointer_cancel(self, event):
        if self.drag is not None:
            self.drag = None
            self.page.screen.last_svg = None
            self.page.apply(MOVED_BY_HAND, also=MOVED_BY_HAND)

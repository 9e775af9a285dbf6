"""The board on the page, patched in place: :mod:`game.app.view.board_patch`'s operations on the DOM.

Imports ``js``: runs in the browser only (CPython's test run skips this file;
the operations it carries out are computed and tested in
:mod:`game.app.view.board_patch`).  One :class:`BoardDom` per container keeps the
elements by the numbers the operations name them with.  The ``<svg>`` and
every element that stays on the board stay the same nodes: the keyboard's
focus stays where it is, and a checker that moved slides from its old place
(the Web Animations API, ``transform`` from the old offset to none).
"""

import js
from pyodide.ffi import to_js

from game.app.view.board_patch import BoardPatch

__all__ = ["BoardDom", "draw"]

SVG_NS = "http://www.w3.org/2000/svg"
EASING = "cubic-bezier(0.25, 0.8, 0.35, 1)"

_boards = {}


def _object(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


def _missing(value):
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


class BoardDom:
    """The board's elements in ``container``, by uid, and the patch that keeps them."""

    def __init__(self, container):
        self.container = container
        self.patch = BoardPatch()
        self.nodes = {}
        self.svg = None

    def show(self, svg_text, force=False, duration=0):
        """Put ``svg_text`` on the page: built the first time, patched afterwards; checkers
        that moved slide for ``duration`` milliseconds (0: they jump)."""
        if self.svg is not None and not self.svg.isConnected:
            self.patch.reset()      # someone replaced the board: build it again
        carry_out = {"build": self._build, "remove": self._remove, "attrs": self._attrs,
                     "text": self._text, "insert": self._insert, "move": self._move,
                     "slide": self._slide}
        for op in self.patch.update(svg_text, force=force):
            carry_out[op[0]](*op[1:], duration=duration)

    def _build(self, svg_text, uids, duration):
        self.container.innerHTML = svg_text
        self.svg = self.container.querySelector("svg")
        elements = [self.svg, *self.svg.querySelectorAll("*")]
        self.nodes = dict(zip(uids, elements))

    def _remove(self, uid, duration):
        element = self.nodes.pop(uid, None)
        if element is not None:
            element.remove()

    def _attrs(self, uid, attrs, duration):
        element = self.nodes[uid]
        for name, value in attrs.items():
            if value is None:
                element.removeAttribute(name)
            else:
                element.setAttribute(name, value)

    def _text(self, uid, text, duration):
        self.nodes[uid].textContent = text

    def _create(self, node):
        element = js.document.createElementNS(SVG_NS, node.tag)
        for name, value in node.attrs.items():
            element.setAttribute(name, value)
        if node.text and not node.children:
            element.textContent = node.text
        for child in node.children:
            element.appendChild(self._create(child))
        self.nodes[node.uid] = element
        return element

    def _insert(self, parent, before, node, duration):
        self._place(self._create(node), parent, before)

    def _move(self, uid, parent, before, duration):
        self._place(self.nodes[uid], parent, before)

    def _place(self, element, parent, before):
        self.nodes[parent].insertBefore(element, None if before is None else self.nodes[before])

    def _slide(self, uid, dx, dy, duration):
        if duration <= 0:
            return
        frames = _object([{"transform": f"translate({dx}px, {dy}px)"}, {"transform": "none"}])
        self.nodes[uid].animate(frames, _object({"duration": duration, "easing": EASING}))


def draw(container, svg_text, board, last_svg, duration=0, preview=None):
    """Show ``svg_text``, the drawing of ``board`` (a :class:`game.app.view.geometry.BoardView`),
    in ``container``, unless ``last_svg`` (what was drawn last) is the same.

    ``last_svg`` None: the page changed the board by hand (a drag), every attribute is set
    again.  ``preview``: the play shown without being made, named in the container's
    ``data-preview`` (None: none).  The keyboard stays on the board, on the place
    ``board.focus`` names, when it was there.  Returns what is drawn now, the next
    ``last_svg``.
    """
    if preview is None:
        container.removeAttribute("data-preview")
    else:
        container.setAttribute("data-preview", preview)
    if svg_text == last_svg:
        return last_svg
    key = str(container.id)
    if key not in _boards or not _boards[key].container.isSameNode(container):
        _boards[key] = BoardDom(container)
    active = js.document.activeElement
    focused = not _missing(active) and bool(container.contains(active))
    _boards[key].show(svg_text, force=last_svg is None, duration=duration)
    focus = getattr(board, "focus", None)
    if focused and focus:
        place = container.querySelector(f'[data-place="{focus}"]')
        if not _missing(place) and not place.isSameNode(js.document.activeElement):
            place.focus()
    return svg_text

"""The page's own keys: the board's keys, Escape, the arrows, and Tab kept inside a dialog.

What a key means is the controller's (``board_key``, ``lesson_action``,
``replay_step``); here the key is read from the event, kept from the page's
other handlers, and its effects applied.  Enter and Space are never touched:
a button's own activation (its ``click``) follows them.
"""

from pyscript import document

from game.app.view.keyboard import wrap_tab
from game.web.elements import by_id, closest, missing

TABBABLE = "button, input, select, textarea, summary, a[href], [tabindex]"
TYPING = ("input", "select", "textarea")


def place_of(event):
    found = closest(event, "[data-place]")
    return None if found is None else str(found.dataset.place)


def tag_of(event):
    target = event.target
    return str(target.tagName).lower() if hasattr(target, "tagName") else ""


class Keys:
    """Keyboard handlers; ``page`` gives ``app``, ``apply`` and the resign handlers."""

    def __init__(self, page):
        self.page = page

    def on_board_focus(self, event):
        place = place_of(event)
        if place is not None:
            self.page.app.focus = place

    def on_board_key(self, event):
        place = place_of(event)
        if place is None or event.ctrlKey or event.altKey or event.metaKey:
            return
        app = self.page.app
        app.focus = place
        done = app.board_key(str(event.key))
        if done:
            event.preventDefault()
            event.stopPropagation()   # the page's own keys (replay arrows, Escape) stay out of it
            self.page.apply(done, animate=True)

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
        key = str(event.key)
        if key == "Tab":
            dialog = document.querySelector("dialog[open]")
            if not missing(dialog):
                self.trap_tab(event, dialog)
            return
        if key not in ("Escape", "ArrowLeft", "ArrowRight"):
            return    # Enter, Space and the rest keep their own meaning (a button's click)
        app, page = self.page.app, self.page
        lesson = app.lesson
        no_dialog = missing(document.querySelector("dialog[open]"))
        if key == "Escape" and app.tutor.warning() is not None and no_dialog:
            page.apply(app.tutor_again())       # the tutor's warning: Escape thinks again
        elif key == "Escape" and app.resign_choice and no_dialog:
            page.on_resign_cancel()
        elif key == "Escape" and (app.selected is not None
                                  or (lesson is not None and lesson.selected is not None)):
            page.apply(app.deselect())
        elif key == "Escape":
            return
        elif tag_of(event) in TYPING:
            return
        elif lesson is not None and not lesson.in_task:
            event.preventDefault()
            page.apply(app.lesson_action("prev" if key == "ArrowLeft" else "next"))
        elif app.replay is not None:
            event.preventDefault()
            page.apply(app.replay_step(-1 if key == "ArrowLeft" else 1))


def focus_resign_choice():
    """The first choice of what to give up that is shown, focused; False when none is."""
    for button in document.querySelectorAll("#actions .resign-choice"):
        if not button.hidden:
            button.focus()
            return True
    return False


def keep_focus(element, board):
    """A button that just went disabled or hidden drops the keyboard focus: give it to
    the board's place while a person moves, else to the first action still enabled."""
    if missing(element) or not (element.disabled or element.hidden):
        return
    active = document.activeElement
    if not element.isSameNode(active) and not missing(active) and not active.isSameNode(document.body):
        return
    target = None
    if by_id("move-input").disabled:     # not a person moving: an action button
        for button in document.querySelectorAll("#actions button"):
            if not button.disabled and not button.hidden:
                target = button
                break
    if target is None:
        target = board.querySelector('[data-place][tabindex="0"]')
    if not missing(target):
        target.focus()

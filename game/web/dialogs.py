"""The dialogs: a new match, the saved matches, the settings, the lessons.

Each is filled from the controller when it opens and sends its choice back as
an intent; ``page`` gives ``app``, ``apply``, ``apply_texts``, ``files`` and ``loops``.
"""

import asyncio

import js
from pyscript import window

from game.web import persistence
from game.web.elements import by_id, closest, missing

PREF_BOXES = {"pref-home-left": "home_left", "pref-click-moves": "click_moves",
              "pref-auto-flip": "auto_flip", "pref-animate": "animate", "pref-fast-bot": "fast_bot",
              "pref-auto-roll": "auto_roll", "pref-auto-bear-off": "auto_bear_off",
              "pref-auto-done": "auto_done"}


def closer(dialog_id):
    """A handler that closes the dialog ``dialog_id``."""
    return lambda event: by_id(dialog_id).close()


class Dialogs:
    def __init__(self, page):
        self.page = page

    # --- a new match -----------------------------------------------------------------------
    def open_setup(self, event):
        form = by_id("new-match-form")
        for name, value in self.page.app.form_values().items():
            for field in form.querySelectorAll(f'[name="{name}"]'):
                if field.type == "radio":
                    field.checked = field.value == value
                elif field.type == "checkbox":
                    field.checked = bool(value)
                else:
                    field.value = value
        self.on_setup_change()
        by_id("new-match-dialog").showModal()

    def on_setup_change(self, event=None):
        """The tutor's field follows the opponent chosen: off, saying why, against a friend on
        another device or when the computer plays itself."""
        checked = by_id("new-match-form").querySelector('[name="mode"]:checked')
        enabled, note = self.page.app.tutor.form_note("bot" if missing(checked) else str(checked.value))
        by_id("new-match-form").querySelector('[name="tutor"]').disabled = not enabled
        by_id("setup-tutor-note").textContent = note

    def on_setup(self, event):
        event.preventDefault()
        app = self.page.app
        values = {str(entry[0]): str(entry[1])
                  for entry in js.FormData.new(by_id("new-match-form")).entries()}
        by_id("new-match-dialog").close()
        language = values.get("lang")
        if language and language != app.language:
            app.set_language(language)
            self.page.apply_texts()
        self.page.apply(app.new_match(app.setup_from_form(values)))

    # --- the saved matches -----------------------------------------------------------------
    def open_history(self, event):
        self.fill_history()
        by_id("history-dialog").showModal()

    def fill_history(self):
        by_id("history-list").innerHTML = self.page.app.kept.matches_html()

    def on_history_action(self, event):
        button = closest(event, "[data-action]")
        if button is None:
            return
        app, page = self.page.app, self.page
        index = int(button.dataset.index)
        action = str(button.dataset.action)
        if action == "delete":
            app.delete_saved(index)
            self.fill_history()
            return
        by_id("history-dialog").close()
        if action == "resume":
            page.apply(app.resume(index))
        elif action == "replay":
            page.apply(app.start_replay(index))
        elif action == "review":
            page.apply(app.start_review(index))
            page.loops.review()
        elif action == "export":
            page.files.export(app.history_mat_file(index))

    # --- the settings ----------------------------------------------------------------------
    def open_settings(self, event):
        prefs = self.page.app.prefs
        by_id("pref-theme").value = prefs.theme
        by_id("pref-animation-speed").value = prefs.animation_speed
        by_id("pref-numbering").value = prefs.numbering
        asyncio.ensure_future(persistence.show_persisted(self.page.app))
        for box, pref in PREF_BOXES.items():
            by_id(box).checked = getattr(prefs, pref)
        self.fill_tutor()
        by_id("settings-dialog").showModal()

    def fill_tutor(self):
        """Settings' tutor: the match's, or off and why (a friend's match, the drills)."""
        tutor = self.page.app.tutor.setting()
        select = by_id("pref-tutor")
        select.value = tutor["value"]
        select.disabled = not tutor["enabled"]
        by_id("pref-tutor-note").textContent = tutor["note"]

    def on_tutor(self, event):
        self.page.apply(self.page.app.set_tutor(str(event.target.value)))
        self.fill_tutor()

    def pref_setter(self, pref):
        def handler(event):
            self.page.apply(self.page.app.set_pref(pref, bool(event.target.checked)))
        return handler

    def on_animation_speed(self, event):
        self.page.app.set_pref("animation_speed", str(event.target.value))

    def on_numbering(self, event):
        """The point numbers from the person's side, the opponent's, or both: drawn at once."""
        self.page.apply(self.page.app.set_pref("numbering", str(event.target.value)))

    def on_theme(self, event):
        self.page.app.set_pref("theme", str(event.target.value))
        window.backgammonTheme.apply()          # static/js/theme.js: the saved choice, else the system's

    # --- the lessons -----------------------------------------------------------------------
    def open_lessons(self, event):
        from game.app.lesson.player import lessons_html  # loaded on first use, not at start

        app = self.page.app
        lesson = app.lesson
        by_id("lessons-list").innerHTML = lessons_html(
            app.lesson_list(), app.language, None if lesson is None else lesson.lesson.id)
        by_id("lessons-dialog").showModal()

    def on_lesson_pick(self, event):
        button = closest(event, "[data-lesson]")
        if button is None:
            return
        by_id("lessons-dialog").close()
        self.page.apply(self.page.app.open_lesson(str(button.dataset.lesson)))

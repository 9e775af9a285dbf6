"""Files saved and opened: downloads, match files (.mat, .sgf) and backups."""

import asyncio

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from game.ui.controller import MAT_LIMIT
from game.ui.web.dom import by_id, js_object, missing


class Files:
    """``page`` gives ``app``, ``apply``, ``screen`` and ``texts`` (the page's language)."""

    def __init__(self, page):
        self.page = page

    def download(self, name, text, message="msg.mat_saved"):
        """Save ``text`` as the file ``name`` (a Blob and a link clicked once)."""
        blob = js.Blob.new(to_js([text]), js_object({"type": "text/plain;charset=utf-8"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)
        self.page.app.message = (message, {"file": name})

    def export(self, found):
        """Download ``found`` (a ``(name, text)`` or None: nothing to export, the app says why)."""
        if found is not None:
            self.download(*found)
        self.page.apply(None)

    def on_export_mat(self, event):
        self.export(self.page.app.mat_file())

    def on_export_sgf(self, event):
        self.export(self.page.app.sgf_file())

    def on_backup_all(self, event):
        self.download(*self.page.app.backup_all(), message="msg.storage_downloaded")
        self.page.apply(None)

    def chosen(self, event, read):
        """The file picked in an ``<input type=file>``, read by ``read(file)`` as a task."""
        files = event.target.files
        if missing(files) or not files.length:
            return
        field = event.target

        async def task():
            try:
                await read(files.item(0))
            except Exception as error:  # noqa: BLE001
                self.page.screen.fail(error)
            finally:
                field.value = ""
        asyncio.ensure_future(task())

    def on_import_mat(self, event):
        self.chosen(event, self.read_mat)

    async def read_mat(self, file):
        app = self.page.app
        if file.size > MAT_LIMIT:
            app.message = ("error.mat_too_big", {})
            self.page.apply(None)
            return
        data = (await file.arrayBuffer()).to_bytes()     # UTF-8 or Windows-1252: decode_mat
        self.page.apply(app.open_mat(data, str(file.name)))

    def on_restore_file(self, event):
        self.chosen(event, self.read_backup)

    async def read_backup(self, file):
        app = self.page.app
        data = (await file.arrayBuffer()).to_bytes()
        done = app.restore_backup(data)
        if done == "asked":
            done = app.restore_backup(data, replace_current=bool(window.confirm(app.text(app.message))))
        by_id("settings-dialog").close()
        self.page.apply_texts()
        self.page.apply(done)

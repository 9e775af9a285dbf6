"""Files saved and opened: downloads, match files (.mat, .sgf, eXtreme Gammon's .xg and .xgp)
and backups."""

import asyncio

import js
import pyodide.ffi
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from game.app.view.board_image import PNG_SCALE, board_image, image_name
from game.app.controller import MAT_LIMIT
from game.app.view.geometry import HEIGHT, WIDTH
from game.web.elements import by_id, js_object, missing


class Files:
    """``page`` gives ``app``, ``apply``, ``screen`` and ``texts`` (the page's language)."""

    def __init__(self, page):
        self.page = page

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

    # --- the board as an image, and printed -----------------------------------------------------
    def export_image(self, kind):
        """Save the board as an image: SVG, or PNG drawn from it on a canvas."""
        view = self.page.app.view()
        title = f"{view.position_id}:{view.match_id}" if view.match_id else view.position_id
        svg = board_image(view.board, numbers=by_id("image-numbers").checked, title=title)
        name = image_name(view.position_id, kind)
        if kind == "svg":
            self.download(name, svg, "msg.image_saved", "image/svg+xml;charset=utf-8")
            self.page.apply(None)
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
            self.page.app.message = ("error.image_failed", {})
        finally:
            js.URL.revokeObjectURL(url)
        self.page.apply(None)

    def fill_print_sheet(self, event):
        """Before printing (the button or the browser's own command): the position's IDs."""
        view = self.page.app.view()
        for name, value in (("print-position-id", view.position_id), ("print-match-id", view.match_id),
                            ("print-xgid", view.xgid), ("print-info", view.info)):
            by_id(name).textContent = value or "—"
        document.body.classList.toggle("print-no-numbers", not by_id("image-numbers").checked)

    def on_backup_all(self, event):
        self.download(*self.page.app.kept.backup_all(), message="msg.storage_downloaded")
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
        data = (await file.arrayBuffer()).to_bytes()     # .mat text in any encoding, .xg binary
        self.page.apply(app.open_mat(data, str(file.name)))

    def on_restore_file(self, event):
        self.chosen(event, self.read_backup)

    async def read_backup(self, file):
        app = self.page.app
        data = (await file.arrayBuffer()).to_bytes()
        done = app.restore_backup(data)
        if done == "asked":
            done = app.restore_backup(data, replace_current=bool(window.confirm(app.text(app.message))))
        if app.effects.settings:                 # the backup's settings, at once (no reload)
            window.backgammonTheme.apply()
        by_id("settings-dialog").close()
        self.page.apply_texts()
        self.page.apply(done)

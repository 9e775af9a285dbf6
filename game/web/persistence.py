"""Storage that lasts: ask the browser to keep it, show the answer, and say once if refused.

Safari (and any browser short of space) may delete a site's storage after some
days without a visit, unless the storage is *persistent*.  The page asks at its
first save (the start makes one); Settings shows the answer.  Where the browser
refused, the page says so once there is something to lose (not on a first visit before
any decision), in a notice that can be closed: it is not shown again, even after a reload (``NOTICE_SHOWN`` in localStorage, outside the
app's ``backgammon.`` keys, which the vault owns).
"""

from pyscript import document, window

from game.web.elements import by_id, missing

NOTICE_SHOWN = "backgammon-persist-notice"
#: the notice was shown (or had been, on an earlier visit): nothing more to check
_warned = False


def storage_api():
    """``navigator.storage``, or None where the browser has none."""
    found = getattr(window.navigator, "storage", None)
    return None if missing(found) else found


def _remembered():
    try:
        return not missing(window.localStorage.getItem(NOTICE_SHOWN))
    except Exception:  # noqa: BLE001 - no storage: nothing to lose, nothing to say
        return True


def _remember():
    try:
        window.localStorage.setItem(NOTICE_SHOWN, "1")
    except Exception:  # noqa: BLE001
        pass


async def ask_persistence(app=None):
    """Ask the browser to keep this site's storage; where it refuses, say so once.

    The whole body is guarded: an engine that answers with anything unexpected
    (WebKitGTK left an 'Unhandled exception in event loop' without it) leaves the
    page as it was.  ``<body data-persistence>`` then says the answer: ``granted``,
    ``refused`` or ``unknown``.
    """
    answer = "unknown"
    try:
        api = storage_api()
        if api is None or missing(getattr(api, "persist", None)):
            return
        granted = await api.persist()
        answer = "granted" if granted is True else "refused" if granted is False else answer
        # said once, and not on a first visit with nothing to lose yet (app.persist_notice_due)
        if answer == "refused" and not _remembered() and (app is None or app.kept.persist_notice_due(answer)):
            show_notice()
    except Exception as error:  # noqa: BLE001 - refused or unsupported: Settings says so
        window.console.warn(f"storage.persist: {error}")
    finally:
        try:   # the page's own signal that the answer is in (tests wait on it)
            document.body.dataset.persistence = answer
        except Exception:  # noqa: BLE001
            pass


def warn_when_due(app):
    """After a save: where the browser refused, warn once as soon as there is something to
    lose (the first decision of a first visit), without waiting for the next visit."""
    # no answer yet (Firefox may take a while): the attribute is not there at all
    if _warned or getattr(document.body.dataset, "persistence", None) != "refused":
        return
    if _remembered():
        _now_warned()
    elif app.kept.persist_notice_due("refused"):
        show_notice()


def _now_warned():
    global _warned
    _warned = True


def show_notice():
    """Show the notice once: from now on it is remembered as said."""
    by_id("persist-notice").hidden = False
    _remember()
    _now_warned()


def on_notice_close(event):
    by_id("persist-notice").hidden = True
    _remember()


async def show_persisted(app):
    """Settings' line: whether the browser keeps the storage (the app says it in words)."""
    api = storage_api()
    kept = False
    if api is not None and not missing(getattr(api, "persisted", None)):
        try:
            kept = bool(await api.persisted())
        except Exception:  # noqa: BLE001
            kept = False
    line = by_id("storage-persist")
    asked = document.body.dataset.persistence
    line.textContent = app.kept.storage_line("unknown" if missing(asked) else str(asked), kept)
    line.dataset.persisted = "true" if kept else "false"

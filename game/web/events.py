"""Every listener of the page, bound once from one table: (element id, event, handler).

The board's listeners sit on its stable container (delegated: ``data-slot`` and
``data-place`` say what was hit), so a board drawn afresh needs no new binding.
A handler that raises shows the error in the status line instead of breaking
the page.
"""

from functools import partial

from pyodide.ffi import create_proxy
from pyscript import document, window

from game.match import RESIGN_KINDS
from game.web.dialogs import PREF_BOXES, closer
from game.web.elements import by_id
from game.web.persistence import on_notice_close

# the lesson panel's buttons -> Controller.lesson_action names
LESSON_BUTTONS = {"lesson-prev": "prev", "lesson-next": "next", "lesson-demo": "demo",
                  "lesson-check": "check", "lesson-undo": "undo", "lesson-retry": "retry",
                  "lesson-answer": "answer", "lesson-next-lesson": "next_lesson",
                  "lesson-close": "close"}
DOCUMENT = None   # the id that stands for the document itself in the table
WINDOW = "window"  # the id that stands for the window

_proxies = []  # keep the event proxies alive for the page's lifetime


def table(page):
    """Every (element id, event, handler) of the page."""
    app, keys, gestures, files, dialogs = page.app, page.keys, page.gestures, page.files, page.dialogs
    rows = [
        ("board", "click", page.on_board_click),
        ("board", "contextmenu", page.on_context_menu),
        ("board", "pointerdown", gestures.on_pointer_down),
        ("board", "pointermove", gestures.on_pointer_move),
        ("board", "pointerup", gestures.on_pointer_up),
        ("board", "pointercancel", gestures.on_pointer_cancel),
        ("board", "keydown", keys.on_board_key),
        ("board", "focusin", keys.on_board_focus),
        (DOCUMENT, "keydown", keys.on_key),
    ]
    actions = {"roll": app.roll, "done": app.done, "undo": app.undo, "double": app.double,
               "take": app.take, "drop": app.drop, "beaver": app.beaver, "next-game": app.next_game,
               "accept-resign": app.accept_resignation, "reject-resign": app.reject_resignation}
    actions.update({f"resign-{kind}": partial(app.resign, kind) for kind in RESIGN_KINDS})
    rows += [(name, "click", page.intent(action)) for name, action in actions.items()]
    rows += [
        ("resign", "click", page.on_resign),
        ("resign-cancel", "click", page.on_resign_cancel),
        ("move-form", "submit", page.sender("move-input", app.type_move, animate=True)),
        ("flip", "click", page.intent(app.flip, animate=False)),
        ("lang", "change", page.on_language),
        ("copy-ids", "click", page.copier(page.ids_text, "msg.copied")),
        ("copy-link", "click", page.copier(page.field_text("share-link"), "msg.link_copied")),
        ("copy-xgid", "click", page.copier(page.field_text("xgid"), "msg.xgid_copied")),
        ("show-qr", "click", page.on_show("share-qr", "show-qr")),
        ("show-shots", "click", page.on_show("shot-counter", "show-shots")),
        ("import-form", "submit", page.sender("import-text", app.open_ids)),
        ("export-mat", "click", files.on_export_mat),
        ("export-sgf", "click", files.on_export_sgf),
        ("export-svg", "click", lambda event: files.export_image("svg")),
        ("export-png", "click", lambda event: files.export_image("png")),
        ("print-position", "click", lambda event: window.print()),
        (WINDOW, "beforeprint", page.on_before_print),
        (WINDOW, "afterprint", page.on_after_print),
        ("open-mat", "click", lambda event: by_id("import-mat").click()),
        ("import-mat", "change", files.on_import_mat),
        ("backup-all", "click", files.on_backup_all),
        ("restore-file", "change", files.on_restore_file),
        ("storage-notice", "click", page.on_storage),
        ("persist-close", "click", on_notice_close),
        # a match by links
        ("friend-copy", "click", page.copier(page.field_text("friend-link"), "msg.link_copied")),
        ("friend-share", "click", page.on_friend_share),
        ("friend-then-roll", "change", page.on_friend_then_roll),
        ("friend-paste-form", "submit", page.sender("friend-paste", app.friend_open, animate=True)),
        (WINDOW, "hashchange", page.on_hash),
        # live play on the same network (game/web/live.py)
        ("friend-live-start", "click", page.intent(partial(app.friend_live, "start"), animate=False)),
        ("friend-live-stop", "click", page.intent(partial(app.friend_live, "stop"), animate=False)),
        ("friend-offer-copy", "click", page.copier(page.field_text("friend-offer"), "msg.live_code_copied")),
        ("friend-answer-copy", "click", page.copier(page.field_text("friend-answer"), "msg.live_code_copied")),
        ("friend-scan", "click", page.live.on_scan),
        # the tutor's warning (game/app/tutor/)
        ("tutor-anyway", "click", page.intent(app.tutor_anyway)),
        ("tutor-again", "click", page.intent(app.tutor_again)),
        # hints
        ("hint", "click", page.on_hint),
        ("hint-panel", "pointerdown", page.on_hint_pointer),
        ("hint-panel", "click", page.on_hint_click),
        ("hint-panel", "keydown", page.on_row("play", page.play_hint)),
        ("hint-panel", "mouseover", page.on_hint_preview),
        ("hint-panel", "focusin", page.on_hint_preview),
        ("hint-panel", "mouseout", page.on_hint_preview_end),
        ("hint-panel", "focusout", page.on_hint_preview_end),
        # replays and reviews
        ("replay", "click", lambda event: page.apply(app.start_replay())),
        ("replay-close", "click", page.on_replay_close),
        ("replay-slider", "input", lambda event: page.replay_to(event.target.value)),
        ("replay-first", "click", lambda event: page.apply(app.replay_go(0))),
        ("replay-prev", "click", lambda event: page.apply(app.replay_step(-1))),
        ("replay-next", "click", lambda event: page.apply(app.replay_step(1))),
        ("replay-last", "click", lambda event: page.apply(app.replay_go(1 << 30))),
        ("record", "click", page.on_row("frame", page.replay_to)),
        ("review", "click", page.on_review),
        ("review-game", "click", page.on_review),
        ("review-deep", "click", page.on_review_deep),
        ("review-list", "click", page.on_row("frame", page.replay_to)),
        ("review-list", "keydown", page.on_row("frame", page.replay_to)),
        ("review-graph-box", "click", page.on_row("frame", page.replay_to)),
        ("review-graph-box", "keydown", page.on_row("frame", page.replay_to)),
        ("replay-graph-box", "click", page.on_row("frame", page.replay_to)),
        ("progress-button", "click", page.progress.open),
        ("progress-end", "click", page.progress.open),
        ("history-progress", "click", page.progress.from_history),
        ("progress-body", "click", page.progress.on_body),
        ("progress-body", "keydown", page.progress.on_body),
        ("progress-close", "click", closer("progress-dialog")),
        ("replay-graph-box", "keydown", page.on_row("frame", page.replay_to)),
        ("review-try", "submit", page.sender("review-try-input", app.review_try, empty=False)),
        ("review-play", "click", page.on_review_play),
        ("board-size", "click", page.on_board_size),
        ("review-detail", "pointerdown", page.on_review_pointer),
        ("review-detail", "click", page.on_review_show),
        ("review-detail", "mouseover", page.on_review_preview),
        ("review-detail", "focusin", page.on_review_preview),
        ("review-detail", "mouseout", page.on_review_preview_end),
        ("review-detail", "focusout", page.on_review_preview_end),
        # a rollout (game/web/rollout_pane.py)
        ("rollout-panel", "click", page.rollout_pane.on_click),
        ("rollout-panel", "change", page.rollout_pane.on_change),
        # the position editor
        ("edit-position", "click", page.on_edit_open),
        ("editor-form", "change", page.on_editor_change),
        ("editor-form", "submit", lambda event: event.preventDefault()),
        ("editor-start", "click", lambda event: page.apply(app.edit_set("start", ""))),
        ("editor-clear", "click", lambda event: page.apply(app.edit_set("clear", ""))),
        ("editor-play", "click", lambda event: page.apply(app.edit_play())),
        ("editor-cancel", "click", lambda event: page.apply(app.edit_cancel())),
        ("editor-load-form", "submit", page.sender("editor-ids", app.edit_load)),
        # dialogs
        ("new-match", "click", dialogs.open_setup),
        ("setup-cancel", "click", closer("new-match-dialog")),
        ("new-match-form", "submit", dialogs.on_setup),
        ("history-button", "click", dialogs.open_history),
        ("history-close", "click", closer("history-dialog")),
        ("history-list", "click", dialogs.on_history_action),
        ("settings-button", "click", dialogs.open_settings),
        ("settings-close", "click", closer("settings-dialog")),
        ("pref-tutor", "change", dialogs.on_tutor),
        ("new-match-form", "change", dialogs.on_setup_change),
        ("pref-theme", "change", dialogs.on_theme),
        ("pref-numbering", "change", dialogs.on_numbering),
        ("pref-animation-speed", "change", dialogs.on_animation_speed),
        ("lessons-button", "click", dialogs.open_lessons),
        ("lesson-list", "click", dialogs.open_lessons),
        ("lessons-close", "click", closer("lessons-dialog")),
        ("lessons-list", "click", dialogs.on_lesson_pick),
        # the drills (game/web/drills_page.py)
        ("drills-button", "click", page.on_drills_button),
        ("lessons-drills", "click", page.on_drills_button),
        ("drills-close", "click", lambda event: page.drills().close()),
        ("drills", "click", page.on_drills_event),
        ("drills", "submit", page.on_drills_event),
        # the puzzle deck (game/app/puzzles/)
        ("puzzles-button", "click", page.on_puzzles_button),
        ("puzzles-panel", "click", page.on_puzzles_event),
        ("review-add-puzzles", "click", page.intent(app.add_review_puzzles, animate=False)),
        # lessons and dice set by hand
        ("lesson-options", "click", page.on_lesson_option),
        ("dice-form", "submit", page.on_dice_set),
    ]
    rows += [(name, "click", page.lesson_intent(action)) for name, action in LESSON_BUTTONS.items()]
    rows += [(box, "change", dialogs.pref_setter(pref)) for box, pref in PREF_BOXES.items()]
    return rows


def bind(rows, fail):
    """Bind each row's handler once; an error in one is handed to ``fail``."""
    for element_id, event, handler in rows:
        element = (document if element_id is DOCUMENT else window if element_id is WINDOW
                   else by_id(element_id))
        on(element, event, handler, fail)


def on(element, event, handler, fail):
    def guarded(js_event):
        try:
            handler(js_event)
        except Exception as error:  # noqa: BLE001
            fail(error)

    proxy = create_proxy(guarded)
    _proxies.append(proxy)
    element.addEventListener(event, proxy)

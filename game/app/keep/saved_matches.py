"""Keeping matches: the match on the board, the unfinished ones set aside, the finished ones.

:class:`SavedMatches` is the app's part that writes and reads them through the
:class:`game.app.keep.storage.Vault` (all or nothing): the match on the board at the end of
each action (:meth:`SavedMatches.write`, one write per action, see
:mod:`game.app.actions`), the list of unfinished matches a new one sets aside, the
history of finished ones, the storage notice, and the backup of everything.

>>> score_of({"events": [{"type": "win", "score": [2, 1]}, {"type": "roll"}]}), score_of({})
([2, 1], [0, 0])
>>> short_date("soon")
''
"""

import json
import time
from dataclasses import asdict

from game.errors import GameError
from game.friend import FriendMatch
from game.match import Match
from game.app.keep import progress_log, storage
from game.app.keep.match_files import mat_date
from game.app.keep.rollouts import union as union_rollouts
from game.app.text.messages import from_data as _message_from_data
from game.app.text.messages import join as _join
from game.app.text.messages import lasting
from game.app.view.html import matches_html
from game.app.text.messages import to_data as _message_to_data

__all__ = ["SavedMatches", "opened_from_link", "score_of", "short_date"]


class SavedMatches:
    """The saved data of the app: a part of :class:`game.app.controller.Controller` (its
    ``kept``), which it reads and writes (the match on the board, the vault, the messages).

    The controller's intents that keep or bring back matches (``resume``, ``restore_backup``,
    …) call these methods; they are no intents of their own (:mod:`game.app.actions`).
    """

    def __init__(self, app):
        self.app = app

    def resume_or_start(self):
        saved = self.app.vault.read("current")
        if saved is not None and self._restore(saved):
            return
        if saved is not None:
            # a match this version cannot read is kept aside, never overwritten
            self._keep_aside("current")
        self.app.new_match(type(self.app.setup)())

    def _keep_aside(self, part):
        try:
            self.app.vault.set_aside(part)
        except storage.StorageFull:
            self.app.unsaved = True

    def _restore(self, saved):
        """Put a stored match back on the board; False when the engine refuses it.

        The engine is the judge: :meth:`game.match.Match.from_dict` replays the
        whole log (each action must give back the events saved), and the match
        must say where it stands (its position and match IDs). The view code is
        never used to judge saved data: a bug there must not set matches aside.
        """
        try:
            friend = None
            if saved.get("friend") is not None:       # a match by links: its links replayed, each checked
                friend = FriendMatch.from_dict(saved["friend"])
                match = friend.match
            else:
                match = Match.from_dict(saved["match"], now=self.app.now)
            match.position_id(), match.match_id()
        except (GameError, KeyError, TypeError, ValueError, AttributeError, RecursionError):
            return False
        self.app.match = match
        self.app.friend = friend
        self.app.setup = type(self.app.setup).from_dict(saved.get("setup"))
        ui = saved.get("ui") if isinstance(saved.get("ui"), dict) else {}
        self.app.message = _message_from_data(ui.get("message"))
        try:
            self.app.text(self.app.message)
        except Exception:  # noqa: BLE001 - a damaged message is not worth the match
            self.app.message = None
        self.app.archived = bool(ui.get("archived"))
        self.app.from_link = opened_from_link(saved)
        started = ui.get("started_at")
        self.app.started_at = started if isinstance(started, int) and not isinstance(started, bool) \
            and 0 <= started < 10 ** 11 else None
        ties = ui.get("dice_ties")
        self.app.dice_ties = [d for d in ties if isinstance(d, int) and not isinstance(d, bool)
                              and 1 <= d <= 6] if isinstance(ties, list) else []
        self.app.selected = None
        self.app.bot_plan = None
        return True

    def _unfinished(self):
        match = self.app.match
        if match is None or self.app.archived:
            return False
        if self.app.friend is not None:        # a match by links is kept from its invitation on
            return not self.app.friend.over
        events = match.events
        return len(events) > 1 and match.match_winner is None

    def set_aside_current(self, link=False):
        """What becomes of the saved list when a new match takes the board (``link``: one
        opened from a link): ``(entries, kept, replaced)``.

        The unfinished match on the board (or in the store) is put first (``kept``), unless
        ``link`` and it came from a link itself: links take turns in one place, the match of
        the previous link is ``replaced``, on the board or under Matches, never added to.
        ``entries`` is None when the list stays as it is.
        """
        if self.app.match is None:
            saved = self.app.vault.read("current")
            if saved is None:
                return None, False, False
            if not self._restore(saved):
                self._keep_aside("current")      # unreadable: kept aside, not overwritten
                return None, False, False
        entries = self.saved_matches()
        kept = replaced = False
        if link:
            others = [entry for entry in entries if not opened_from_link(entry)]
            replaced = len(others) < len(entries)
            entries = others
        if self._unfinished():
            if link and self.app.from_link:
                replaced = True
            else:
                kept = True
                entries = [self.snapshot(), *entries][:storage.SAVED_LIMIT]
        self.app.match = self.app.friend = None
        return (entries if kept or replaced else None), kept, replaced

    def saved_matches(self):
        return self.app.vault.read("saved")

    def history(self):
        return self.app.vault.read("history")

    def resume(self, index):
        """Bring back the ``index``-th saved match; the one on the board takes its place."""
        self.app.close_lesson()
        self.app.modes.close("editor", self.app._clock())
        entries = self.saved_matches()
        if not isinstance(index, int) or not 0 <= index < len(entries):
            return
        entry = entries.pop(index)
        current = self.snapshot() if self._unfinished() else None
        if not self._restore(entry):
            self.app.message = ("reason.unknown", {})
            return
        if current is not None:
            entries = [current, *entries][:storage.SAVED_LIMIT]
        self.app.from_link = False    # brought back by the person: theirs, a link no longer replaces it
        self.app.message = ("msg.resumed", {})
        self.app.save({"saved": entries})

    def delete_saved(self, index):
        entries = self.saved_matches()
        if isinstance(index, int) and 0 <= index < len(entries):
            del entries[index]
            self._commit({"saved": entries})

    def snapshot(self, events=True):
        """The match on the board as stored (``events=False``: its log left out)."""
        friend = {"friend": self.app.friend.to_dict()} if self.app.friend is not None else {}
        return {
            "match": self.app.match.to_dict(events=events),
            **friend,
            "setup": self.app.setup.to_dict(),
            "ui": {"message": _message_to_data(lasting(self.app.message)), "archived": self.app.archived,
                   "started_at": self.app.started_at, "dice_ties": list(self.app.dice_ties),
                   "origin": "link" if self.app.from_link else "own"},
            "saved_at": int(self.app.wall()),
        }

    def write(self, also):
        """Write the match on the board with ``also``; False when nothing could be written."""
        if self.app.match is None:
            return False
        changes = dict(also or {})
        archiving = self.app.match.match_winner is not None and not self.app.archived
        if archiving:
            self.app.archived = True
            changes["history"] = [self._summary(), *self.history()][:storage.HISTORY_LIMIT]
        # the text of the finished games' events is kept: a save costs the same in a long session
        changes["current"] = self.app._current_text.pack(self.snapshot(events=False), self.app.match.events)
        written = self._commit(changes)
        if not written and archiving:
            self.app.archived = False          # the history entry is written with the next save
        elif archiving:
            self.app.progress.match_over()     # its record of progress (game/app/progress/tracker.py)
        return written

    def _commit(self, changes):
        """Write ``changes`` through the vault; False (and the page says so) when the store is full."""
        try:
            self.app.vault.commit(changes)
        except storage.StorageFull:
            self.app.unsaved = True
            self.app.notice_closed = False
            return False
        if self.app.unsaved:
            self.app.unsaved = False
            self.app.message = _join(self.app.message, ("msg.storage_saved_again", {})) if self.app.message \
                else ("msg.storage_saved_again", {})
        return True

    def notice(self):
        """The storage notice: None, or ``{"text": …, "buttons": [ids]}`` (ids of the page).

        ``full``: the store refused the last save; ``unreadable``: data kept aside.
        """
        if self.app.notice_closed:
            return None
        if self.app.unsaved:
            return {"kind": "full", "text": self.app.tr("msg.storage_full"),
                    "buttons": ["storage-prune", "storage-backup", "storage-close"]}
        if self.app.vault.aside:
            key = "msg.storage_newer" if "newer" in self.app.vault.problems else "msg.storage_unreadable"
            return {"kind": "unreadable", "text": self.app.tr(key),
                    "buttons": ["storage-download", "storage-discard", "storage-close"]}
        return None

    def close_notice(self):
        self.app.notice_closed = True

    def has_something_to_keep(self):
        """True once there is something a person would miss: a decision made in the match on
        the board (a roll played, a cube action), or a match kept under Matches."""
        decisions = ("move", "pass", "double", "beaver", "take", "drop", "resign")
        match = self.app.match
        played = match is not None and any(e.get("type") in decisions for e in match.events)
        return played or bool(self.saved_matches()) or bool(self.history())

    def persist_notice_due(self, answer):
        """Whether to warn that the browser may delete the matches: it refused to keep them
        (``answer``, what ``navigator.storage.persist()`` said: ``granted``, ``refused``,
        ``unknown``), and there is something to lose (not a first visit with nothing done)."""
        return answer == "refused" and self.has_something_to_keep()

    def storage_line(self, answer, persisted):
        """Settings' line on keeping the data: that the browser agreed only when it said so
        (``persisted``, ``navigator.storage.persisted()``) and did not refuse when asked."""
        agreed = persisted is True and answer != "refused"
        return self.app.tr("storage.persisted" if agreed else "storage.not_persisted")

    def aside_file(self):
        """``(file name, text)``: what was kept aside, to download."""
        return f"backgammon-unreadable-{mat_date(self.app.wall()).replace('.', '-')}.json", \
            self.app.vault.aside_text()

    def discard_aside(self):
        """Delete what was kept aside: a fresh start (the match on the board stays)."""
        self.app.vault.forget_aside()
        self.app.message = ("msg.storage_discarded", {})

    def backup_file(self):
        """``(file name, text)``: every match this app holds, the one on the board included, as
        JSON (what a full storage cannot keep is not lost)."""
        data = {"app": "backgammon", "format": storage.FORMAT,
                "current": self.snapshot() if self.app.match is not None else None,
                "saved": self.saved_matches(), "history": self.history()}
        return f"backgammon-matches-{mat_date(self.app.wall()).replace('.', '-')}.json", \
            json.dumps(data, ensure_ascii=False, indent=1)

    def prune_history(self):
        """Make room: delete the older half of the finished matches (at least one), then save."""
        entries = self.history()
        keep = len(entries) // 2
        if entries:
            try:
                self.app.vault.commit({"history": entries[:keep]})
            except storage.StorageFull:
                pass
        self.app.message = ("msg.storage_pruned", {"count": len(entries) - keep})
        self.app.save()

    def _summary(self):
        match = self.app.match
        return {
            "names": [self.app.player_name(0), self.app.player_name(1)],
            "score": list(match.score),
            "length": match.config.length,
            "winner": match.match_winner,
            "mode": self.app.setup.mode,
            "started_at": self.app.started_at,
            "finished_at": int(self.app.wall()),
            "match": match.to_dict(),
            "setup": self.app.setup.to_dict(),
        }

    def put(self, key, text):
        """Write one key that holds no match (the prefs, the open lesson): a full storage only
        means it holds for this visit (matches go through the vault, all or nothing)."""
        try:
            self.app.store.set(key, text)
        except Exception:  # noqa: BLE001 - full or off: kept in memory
            pass

    def match_rows(self):
        """``(unfinished, finished)``: lists of one-line descriptions of the kept matches."""
        app = self.app

        def describe(entry):
            setup = type(app.setup).from_dict(entry.get("setup"))
            match = entry.get("match") or {}
            names = entry.get("names") or [app.player_name(0, setup), app.player_name(1, setup)]
            score = entry.get("score")
            if score is None:
                score = score_of(match)
            when = entry.get("finished_at") or entry.get("saved_at")
            stakes = app._stakes(setup.length)
            bottom = app.bottom
            text = app.tr("history.entry", name0=names[1 - bottom], name1=names[bottom],
                          score0=score[1 - bottom], score1=score[bottom], stakes=stakes)
            if opened_from_link(entry):
                text = f"{text} · {app.tr('history.from_link')}"
            return f"{short_date(when)} · {text}" if when else text

        return ([describe(e) for e in self.saved_matches()],
                [describe(e) for e in self.history()])

    def matches_html(self):
        """The Matches dialog's list: the match on the board while unfinished (it is in play,
        not "none"), the unfinished ones set aside (Resume, Delete), the finished ones."""
        tr = self.app.tr
        unfinished, finished = self.match_rows()
        current = None
        if self._unfinished():
            m = self.app.match
            setup = self.app.setup
            bottom = self.app.bottom
            current = tr("history.entry", name0=self.app.player_name(1 - bottom, setup),
                         name1=self.app.player_name(bottom, setup), score0=m.score[1 - bottom],
                         score1=m.score[bottom], stakes=self.app._stakes(setup.length))
        labels = {"unfinished": tr("history.unfinished"), "finished": tr("history.finished"),
                  "empty": tr("history.empty"), "current": tr("history.on_board"),
                  "resume": tr("button.resume"), "delete": tr("button.delete"),
                  "replay": tr("button.replay"), "review": tr("button.review"),
                  "export": tr("button.export_mat")}
        return matches_html(unfinished, finished, labels, current)

    def backup_all(self):
        """``(file name, text)``: every match, the prefs and the open lesson, in one file."""
        from game.app.keep.backup import file_name, write_backup
        parts = {"current": self.snapshot() if self.app.match is not None else self.app.vault.read("current"),
                 "saved": self.saved_matches(), "history": self.history(),
                 "progress": progress_log.read(self.app.store, self.app.vault)}
        lesson = storage.unpack(self.app.store.get(storage.LESSON), "lesson")
        now = int(self.app.wall())
        return file_name(now), write_backup(parts, asdict(self.app.prefs), lesson, now,
                                            puzzles=self.app.puzzles.puzzles,
                                            rollouts=self.app.rollouts.shelf.all())

    def restore_backup(self, data, replace_current=None):
        """Restore a backup file (its text or bytes) over what this browser holds.

        Returns ``"asked"`` when both the board and the backup hold an unfinished match:
        the message asks which goes on the board; call again with ``replace_current``
        (True: the backup's). Returns True once restored, False when the file is refused
        (the message says why, and nothing changed). No match is ever lost: the one not on
        the board goes to the saved list.
        """
        from game.app.keep.backup import BackupError, merge, read_backup
        try:
            backup = read_backup(data)
        except BackupError as error:
            self.app.message = (error.key, dict(error.params))
            return False
        here = {"current": self.snapshot() if self.app.match is not None else None,
                "saved": self.saved_matches(), "history": self.history(),
                "progress": progress_log.read(self.app.store, self.app.vault)}
        plan = merge(here, backup, replace_current=replace_current, lesson_open=self.app.lesson is not None,
                     puzzles=self.app.puzzles.puzzles)
        if plan.question is not None:
            self.app.message = (f"backup.{plan.question}", {})
            return "asked"
        current = plan.parts["current"]
        if current is not None and current is not here["current"]:
            self.app.close_lesson()
            self.app.modes.close("editor", self.app._clock())
            self._restore(current)             # checked by read_backup with the same engine replay
        self.app.save({"saved": plan.parts["saved"], "history": plan.parts["history"]})
        if backup.rollouts:
            shelf = self.app.rollouts.shelf
            shelf.replace(union_rollouts(shelf.all(), backup.rollouts))
        progress_log.write(self.app.store, plan.progress)
        if plan.prefs is not None:
            self.app.prefs = type(self.app.prefs).from_dict(plan.prefs)
            self.app.set_language(self.app.prefs.language or self.app.language)
        if plan.lesson is not None:
            self.put(storage.LESSON, storage.pack("lesson", plan.lesson))
        if plan.puzzles is not None:
            self.app.puzzles.replace(plan.puzzles)     # the deck and the backup's puzzles it lacked
        restored = ("backup.restored", {"count": {"plural": "count.matches", "n": plan.added}})
        said = lasting(self.app.message)         # what the board's match says stays after a reload
        self.app.message = _join(restored, said) if said else restored
        return True


def opened_from_link(entry):
    """True when a stored match (the one on the board, or one under Matches) was opened from a
    link and is not the person's own yet: its ``ui.origin`` says ``"link"``.  Data saved before
    the mark, or a damaged mark, reads as the person's own (kept, never replaced).

    >>> opened_from_link({"ui": {"origin": "link"}}), opened_from_link({"ui": {"origin": "own"}})
    (True, False)
    >>> [opened_from_link(e) for e in ({"ui": {}}, {}, {"ui": ["origin"]}, {"ui": {"origin": 1}}, "x")]
    [False, False, False, False, False]
    """
    ui = entry.get("ui") if isinstance(entry, dict) else None
    return isinstance(ui, dict) and ui.get("origin") == "link"


def score_of(match_data):
    """The score in a saved match's events (its last ``win``), without replaying it."""
    for event in reversed(match_data.get("events") or []):
        if event.get("type") == "win" and isinstance(event.get("score"), list):
            return event["score"]
    return [0, 0]


def short_date(seconds):
    try:
        t = time.localtime(int(seconds))
    except (TypeError, ValueError, OverflowError, OSError):
        return ""
    return f"{t.tm_year}-{t.tm_mon:02d}-{t.tm_mday:02d} {t.tm_hour:02d}:{t.tm_min:02d}"

"""One file with everything the app keeps, and its restore on another browser or device.

A backup holds the match on the board, the unfinished matches set aside, the
finished ones, the preferences, the open lesson, the puzzle deck
(:mod:`game.app.keep.puzzle_deck`; files written before it have none) and the records of
progress (:mod:`game.app.keep.progress_log`). Browsers can delete a
site's storage (Safari does after some days without a visit, unless the app
is installed), so a player keeps this file and brings it back with
:func:`read_backup` and :func:`merge`.

Reading is strict, and all or nothing: text that is not JSON, another
program's file, a newer format, or a match the engine cannot replay raises
:class:`BackupError` (a message key and its parameters, in fr/en in the
page's translations), and nothing changes. Merging never loses a match: what
the backup brings is added to what is here, the same match kept once (the
copy with more played); an unfinished match on the board is never replaced
unless the player says so (:attr:`Merge.question`).

>>> text = write_backup({"current": None, "saved": [], "history": []}, {"language": "fr"}, None, 1700000000)
>>> backup = read_backup(text)
>>> backup.prefs, backup.current, backup.saved
({'language': 'fr'}, None, [])
>>> read_backup("{oops")
Traceback (most recent call last):
...
game.app.keep.backup.BackupError: backup.damaged
>>> read_backup('{"app": "other"}')
Traceback (most recent call last):
...
game.app.keep.backup.BackupError: backup.foreign
"""

import json
from dataclasses import dataclass, field

from game.match import Match
from game.errors import GameError
from game.app.keep import progress_log, puzzle_deck, storage
from game.app.keep.rollouts import readable

__all__ = ["APP", "KIND", "FORMAT", "BackupError", "Backup", "Merge", "write_backup", "read_backup",
           "merge", "file_name"]

#: what every file of this app says it is
APP = "backgammon"
#: the kind of a full backup (files without a kind are the older "download all matches" files)
KIND = "backup"
#: the backup format this version writes and reads (older ones are read too)
FORMAT = 1
#: a backup is read from a file a person picks: far larger than any real one is refused early
MAX_CHARS = 50_000_000


class BackupError(ValueError):
    """A file that cannot be restored: ``key`` is the message, ``params`` its parameters."""

    def __init__(self, key, **params):
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass
class Backup:
    """What a backup file holds, each match checked by the engine."""

    current: dict | None = None
    saved: list = field(default_factory=list)
    history: list = field(default_factory=list)
    prefs: dict | None = None
    lesson: dict | None = None
    written_at: int | None = None
    rollouts: dict = field(default_factory=dict)     # the kept rollouts (game/app/keep/rollouts.py)
    puzzles: list | None = None       # the puzzle deck (None: the file has none)
    progress: list = field(default_factory=list)


@dataclass
class Merge:
    """What a restore writes: the vault's parts, the prefs and lesson to store (None: keep).

    ``question`` is ``"replace_current"`` when the backup's unfinished match would take
    the place of the unfinished one on the board: ask the player, then call
    :func:`merge` again with ``replace_current`` set to the answer.
    """

    parts: dict
    prefs: dict | None
    lesson: dict | None
    question: str | None
    added: int
    puzzles: list | None = None       # the deck to keep (None: leave it as it is)
    progress: list = field(default_factory=list)


def file_name(written_at):
    """``backgammon-backup-YYYY-MM-DD.json`` for a time in seconds since 1970 (UTC).

    >>> file_name(1700000000)
    'backgammon-backup-2023-11-14.json'
    """
    import time
    return "backgammon-backup-" + time.strftime("%Y-%m-%d", time.gmtime(written_at)) + ".json"


def write_backup(parts, prefs, lesson, written_at, puzzles=None, rollouts=None):
    """The text of a backup: ``parts`` as the vault reads them (``current``, ``saved``,
    ``history``, and ``progress``: the records of progress), the prefs (a dict), the open lesson
    (a dict or None), the time written, the puzzle deck (a list; None: none written), and the
    kept rollouts (a dict by decision, :mod:`game.app.keep.rollouts`)."""
    data = {
        "app": APP, "kind": KIND, "format": FORMAT, "storage_format": storage.FORMAT,
        "written_at": int(written_at),
        "current": parts.get("current"),
        "saved": list(parts.get("saved") or []),
        "history": list(parts.get("history") or []),
        "prefs": prefs, "lesson": lesson,
        "progress": list(parts.get("progress") or []),
    }
    if rollouts:
        data["rollouts"] = rollouts
    if puzzles is not None:
        data["puzzles"] = list(puzzles)
    return json.dumps(data, ensure_ascii=False, indent=1)


#: the message for a match the engine refuses, by where it stands in the file
BAD_MATCH = {"current": "backup.bad_current", "saved": "backup.bad_saved", "history": "backup.bad_history"}


def _check_match(entry, where, index):
    """An entry holds a match the engine replays (the same judge as a reload)."""
    try:
        match = Match.from_dict(entry.get("match"))
        match.position_id(), match.match_id()
    except (GameError, KeyError, TypeError, ValueError, AttributeError, RecursionError):
        raise BackupError(BAD_MATCH[where], n=index + 1) from None


def read_backup(text):
    """Read a backup file's text (str or bytes) into a :class:`Backup`, or raise :class:`BackupError`.

    Also reads the files of the older "download all matches" button (no kind, no prefs).
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BackupError("backup.damaged") from None
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        raise BackupError("backup.damaged")
    try:
        data = json.loads(text.lstrip("\ufeff"))
    except (ValueError, RecursionError):
        raise BackupError("backup.damaged") from None
    if not isinstance(data, dict) or data.get("app") != APP:
        raise BackupError("backup.foreign")
    kind = data.get("kind", KIND)
    version = data.get("format") if "kind" in data else 1
    if kind != KIND or not isinstance(version, int) or isinstance(version, bool):
        raise BackupError("backup.foreign")
    if version > FORMAT or data.get("storage_format", data.get("format", 1)) > storage.FORMAT:
        raise BackupError("backup.newer")
    current = data.get("current")
    saved, history = data.get("saved", []), data.get("history", [])
    if not isinstance(saved, list) or not isinstance(history, list):
        raise BackupError("backup.damaged")
    if current is not None:
        _check_match(current, "current", 0)
    for where, entries in (("saved", saved), ("history", history)):
        for index, entry in enumerate(entries):
            _check_match(entry, where, index)
    puzzles = data.get("puzzles")
    if puzzles is not None:
        try:
            puzzles = puzzle_deck.check_all(puzzles)
        except puzzle_deck.DeckError:
            raise BackupError("backup.bad_puzzles") from None
    prefs, lesson = data.get("prefs"), data.get("lesson")
    written = data.get("written_at")
    return Backup(
        current=current, saved=saved, history=history,
        prefs=prefs if isinstance(prefs, dict) else None,
        lesson=lesson if isinstance(lesson, dict) else None,
        written_at=written if isinstance(written, int) and not isinstance(written, bool) else None,
        rollouts=readable(data.get("rollouts")),
        puzzles=puzzles,
        progress=progress_log.clean(data.get("progress")),      # a damaged record is left out
    )


def _started(entry):
    """When and how a match started: two copies of one match share it."""
    ui = entry.get("ui") if isinstance(entry.get("ui"), dict) else {}
    started = ui.get("started_at", entry.get("started_at"))
    return json.dumps([started, entry.get("setup")], sort_keys=True)


def _events(entry):
    return entry["match"].get("events") or []


def _same_match(a, b):
    """Two copies of one match: the same start, and one's log goes on from the other's."""
    if _started(a) != _started(b):
        return False
    shorter, longer = sorted((_events(a), _events(b)), key=len)
    return longer[:len(shorter)] == shorter


def _newest_first(entry):
    finished = entry.get("finished_at")
    return -finished if isinstance(finished, int) and not isinstance(finished, bool) else 1


def _union(here, there):
    """The entries of both lists, each match once (the copy with more played), in order."""
    out = []
    for entry in [*here, *there]:
        for index, kept in enumerate(out):
            if _same_match(entry, kept):
                if len(_events(entry)) > len(_events(kept)):
                    out[index] = entry
                break
        else:
            out.append(entry)
    return out


def _finished(entry):
    try:
        return Match.from_dict(entry["match"]).match_winner is not None
    except GameError:
        return True


def merge(parts, backup, *, replace_current=None, lesson_open=False, puzzles=None):
    """What to write to restore ``backup`` over ``parts`` (the vault's parts now).

    - saved and finished matches: both lists, each match once;
    - the match on the board: the backup's when the board holds none, a finished one or one
      where nothing was played yet (a new browser's first match);
      when both are unfinished and different, :attr:`Merge.question` asks, and the one
      not chosen goes first in the saved list (nothing is lost);
    - prefs: the backup's; the open lesson: the backup's unless one is open here;
    - the puzzle deck: ``puzzles`` (the deck here) with the backup's puzzles it lacks (each
      position and dice once: a puzzle here keeps its schedule).
    - records of progress (``parts["progress"]``): both lists, each match once.

    >>> from game.app.keep.backup import merge, Backup
    >>> merge({"current": None, "saved": [], "history": []}, Backup()).question is None
    True
    """
    here_current = parts.get("current")
    saved_here = list(parts.get("saved") or [])
    history_here = list(parts.get("history") or [])
    current, extra_saved, question = here_current, [], None
    theirs = backup.current
    if theirs is not None:
        same = here_current is not None and _same_match(here_current, theirs)
        if here_current is None or _finished(here_current) or len(_events(here_current)) <= 1:
            current = theirs          # nothing to keep on the board: finished, or nothing played
        elif same:
            current = theirs if len(_events(theirs)) > len(_events(here_current)) else here_current
        elif _finished(theirs):
            extra_saved = []          # a finished match on the backup's board is in its history
        elif replace_current is None:
            question = "replace_current"
        elif replace_current:
            current, extra_saved = theirs, [here_current]
        else:
            extra_saved = [theirs]
    saved = [e for e in _union([*extra_saved, *saved_here], backup.saved)
             if current is None or not _same_match(e, current)]
    # newest first, as the app keeps them; entries without a time last
    history = sorted(_union(history_here, backup.history), key=_newest_first)
    before = [e for e in [here_current, *saved_here, *history_here] if e is not None]
    after = [e for e in [current, *saved, *history] if e is not None]
    added = sum(1 for e in after if not any(_same_match(e, b) for b in before))
    return Merge(
        parts={"current": current, "saved": saved[:storage.SAVED_LIMIT],
               "history": history[:storage.HISTORY_LIMIT]},
        prefs=backup.prefs,
        lesson=None if lesson_open else backup.lesson,
        question=question,
        added=added,
        puzzles=None if backup.puzzles is None else puzzle_deck.merge(list(puzzles or []), backup.puzzles),
        progress=progress_log.merge(parts.get("progress") or [], backup.progress),
    )

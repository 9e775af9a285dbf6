"""game.app.keep.backup: one file with everything the app keeps, restored on another device.

The matches come from tests/data/storage/format2.json (a finished match, an
unfinished one set aside, one on the board in the middle of a turn, French
prefs) and from a controller playing a few moves.
"""

import copy
import json
import pathlib

import pytest

from game.app.keep import storage
from game.app.keep.backup import (Backup, BackupError, merge, read_backup, write_backup)
from game.app.controller import Controller, Setup
from game.app.text.i18n import translator
from game.app.keep.storage import MemoryStore, Vault

SAMPLE = pathlib.Path(__file__).parent / "data" / "storage" / "format2.json"


def sample_device():
    """A store as the app left it: (store, its vault's parts, its prefs)."""
    store = MemoryStore(json.loads(SAMPLE.read_text(encoding="utf-8")))
    vault = Vault(store)
    vault.open()
    parts = {part: vault.read(part) for part in storage.PARTS}
    prefs = storage.unpack(store.get(storage.PREFS), "prefs")
    return store, parts, prefs


def another_device(seed="other"):
    """A fresh store holding one unfinished match of its own, its first roll played."""
    store = MemoryStore()
    app = Controller(store)
    app.new_match(Setup(mode="hotseat", length=3, seed=seed))
    app.roll()
    vault = Vault(store)
    vault.open()
    return store, {part: vault.read(part) for part in storage.PARTS}


def events(entry):
    return entry["match"]["events"] if entry else None


def all_events(parts):
    return sorted(json.dumps(events(e)) for e in [parts["current"], *parts["saved"], *parts["history"]] if e)


def write_parts(store, parts):
    vault = Vault(store)
    vault.open()
    vault.commit(parts)
    again = Vault(store)
    again.open()
    return {part: again.read(part) for part in storage.PARTS}


def test_a_backup_reads_back_whole():
    # Given the matches, prefs and open lesson of a device
    _, parts, prefs = sample_device()
    lesson = {"id": "bar", "step": 2}
    # When it is written and read back
    backup = read_backup(write_backup(parts, prefs, lesson, 1_700_000_000))
    # Then everything is there as it was
    assert (backup.current, backup.saved, backup.history) == (parts["current"], parts["saved"], parts["history"])
    assert backup.prefs == prefs and prefs["language"] == "fr"
    assert backup.lesson == lesson and backup.written_at == 1_700_000_000


def test_restored_on_an_empty_device_everything_comes_back():
    _, parts, prefs = sample_device()
    backup = read_backup(write_backup(parts, prefs, None, 1))
    # When restored into a browser that holds nothing
    plan = merge({"current": None, "saved": [], "history": []}, backup)
    assert plan.question is None
    stored = write_parts(MemoryStore(), plan.parts)
    # Then the matches are the same, move for move, after a reload
    assert all_events(stored) == all_events(parts)
    assert events(stored["current"]) == events(parts["current"])
    assert plan.added == 3 and plan.prefs == prefs


def test_restoring_twice_adds_nothing():
    _, parts, prefs = sample_device()
    backup = read_backup(write_backup(parts, prefs, None, 1))
    plan = merge(parts, backup)
    assert plan.added == 0 and plan.question is None
    assert plan.parts == parts


def test_a_longer_copy_of_the_same_match_wins():
    # Given one match saved on two devices at two moments (an earlier and a later log)
    _, parts, prefs = sample_device()
    whole = parts["history"][0]
    earlier, later = copy.deepcopy(whole), copy.deepcopy(whole)
    earlier["match"]["events"] = earlier["match"]["events"][:100]
    later["match"]["events"] = later["match"]["events"][:150]
    here = {"current": None, "saved": [earlier], "history": []}
    backup = read_backup(write_backup({"current": None, "saved": [later], "history": []}, prefs, None, 1))
    # When restored: the match once, as far as it was played
    plan = merge(here, backup)
    assert [events(e) for e in plan.parts["saved"]] == [events(later)]
    assert plan.added == 0
    # and restoring the earlier copy over the later one keeps the later one
    back = merge({"current": None, "saved": [later], "history": []},
                 read_backup(write_backup(here, prefs, None, 1)))
    assert [events(e) for e in back.parts["saved"]] == [events(later)]


def test_an_unfinished_match_on_the_board_is_never_replaced_without_asking():
    # Given a device with its own unfinished match, and a backup with another one
    _, parts, prefs = sample_device()
    backup = read_backup(write_backup(parts, prefs, None, 1))
    _, here = another_device()
    assert here["current"] is not None
    # When restored without an answer: a question, and nothing to write yet would lose it
    plan = merge(here, backup)
    assert plan.question == "replace_current"
    assert events(plan.parts["current"]) == events(here["current"])
    # When the player keeps the board's match: the backup's goes first in the saved list
    keep = merge(here, backup, replace_current=False)
    assert keep.question is None
    assert events(keep.parts["current"]) == events(here["current"])
    assert events(keep.parts["saved"][0]) == events(parts["current"])
    # When the player takes the backup's: the board's goes first in the saved list
    take = merge(here, backup, replace_current=True)
    assert events(take.parts["current"]) == events(parts["current"])
    assert events(take.parts["saved"][0]) == events(here["current"])
    # Either way no match is lost
    for plan in (keep, take):
        assert sorted(all_events(plan.parts)) == sorted(all_events(here) + all_events(parts))


def test_an_open_lesson_here_stays_open():
    _, parts, prefs = sample_device()
    backup = read_backup(write_backup(parts, prefs, {"id": "bar", "step": 1}, 1))
    assert merge(parts, backup, lesson_open=True).lesson is None
    assert merge(parts, backup).lesson == {"id": "bar", "step": 1}


def test_the_older_download_all_matches_file_is_read():
    # The file the storage notice's "Download all matches" button writes
    store, parts, _ = sample_device()
    app = Controller(store)
    app.boot("")
    _, text = app.kept.backup_file()
    backup = read_backup(text)
    assert events(backup.current) == events(parts["current"])
    assert [events(e) for e in backup.saved] == [events(e) for e in parts["saved"]]
    assert backup.prefs is None


def damaged_match():
    _, parts, prefs = sample_device()
    broken = copy.deepcopy(parts)
    broken["history"][0]["match"]["events"][3]["dice"] = [7, 1]
    return write_backup(broken, prefs, None, 1)


@pytest.mark.parametrize("text, key", [
    ("", "backup.damaged"),
    ("{oops", "backup.damaged"),
    (b"\xff\xfe\x00", "backup.damaged"),
    ("[" * 100_000, "backup.damaged"),
    ('{"app": "backgammon", "kind": "backup", "format": 1, "saved": {}}', "backup.damaged"),
    ("[]", "backup.foreign"),
    ('{"app": "chess", "kind": "backup", "format": 1}', "backup.foreign"),
    ('{"app": "backgammon", "kind": "prefs", "format": 1}', "backup.foreign"),
    ("; [Site \"GNU Backgammon\"]\n 5 point match\n", "backup.damaged"),
    ('{"app": "backgammon", "kind": "backup", "format": 2}', "backup.newer"),
    ('{"app": "backgammon", "kind": "backup", "format": 1, "storage_format": 3}', "backup.newer"),
    ('{"app": "backgammon", "format": 3, "current": null}', "backup.newer"),
    (damaged_match(), "backup.bad_history"),
])
def test_a_damaged_foreign_or_newer_file_is_refused_with_its_reason(text, key):
    with pytest.raises(BackupError) as refused:
        read_backup(text)
    assert refused.value.key == key
    # and the reason reads in both languages
    for lang in ("en", "fr"):
        sentence = translator(lang)(key, **refused.value.params)
        assert sentence and "{" not in sentence and sentence != key


def test_a_refused_file_changes_nothing():
    store, parts, _ = sample_device()
    before = dict(store.items)
    with pytest.raises(BackupError):
        read_backup(damaged_match())
    assert store.items == before


def test_nothing_in_an_empty_backup_changes_a_device():
    _, parts, _ = sample_device()
    plan = merge(parts, Backup())
    assert plan.parts == parts and plan.added == 0 and plan.prefs is None


# --- the controller: Settings' "Back up everything" and "Restore a backup" --------------------------

def test_a_backup_restored_in_another_browser_brings_every_match_and_the_prefs():
    # Given a browser with matches and French prefs, backed up
    store, parts, _ = sample_device()
    here = Controller(store)
    here.boot("")
    name, text = here.kept.backup_all()
    assert name.startswith("backgammon-backup-") and name.endswith(".json")
    # When another browser, with nothing saved, restores it
    there = Controller(MemoryStore())
    there.boot("", ["en-GB"])
    assert there.restore_backup(text.encode("utf-8")) is True
    # Then after a reload it holds the same matches, move for move, and speaks French
    again = Controller(there.store)
    again.boot("", ["en-GB"])
    vault = Vault(there.store)
    vault.open()
    restored = {part: vault.read(part) for part in storage.PARTS}
    assert all_events(restored) == all_events(parts)
    assert again.language == "fr"
    assert again.match.events == here.match.events


def test_restoring_over_an_unfinished_match_asks_and_loses_nothing():
    store, parts, _ = sample_device()
    _, text = (lambda app: (app.boot(""), app.kept.backup_all())[1])(Controller(store))
    other_store, other = another_device()
    there = Controller(other_store)
    there.boot("")
    before = there.match.events
    # When restored: the page must ask first, and nothing changed yet
    snapshot = dict(other_store.items)
    assert there.restore_backup(text) == "asked"
    assert there.message[0] == "backup.replace_current" and other_store.items == snapshot
    # When the player keeps the board's match
    assert there.restore_backup(text, replace_current=False) is True
    assert there.match.events == before
    assert [e["match"]["events"] for e in there.kept.saved_matches()][0] == events(parts["current"])
    said = there.message[1]["parts"][0] if there.message[0] == "+" else there.message      # then what the board says
    assert said[0] == "backup.restored"


@pytest.mark.parametrize("data", ["{oops", b"\xff\xfe", '{"app": "other"}', damaged_match()])
def test_a_refused_backup_file_changes_nothing_in_the_browser(data):
    store, _, _ = sample_device()
    app = Controller(store)
    app.boot("")
    before, events_before = dict(store.items), app.match.events
    assert app.restore_backup(data) is False
    assert app.message[0].startswith("backup.")
    assert store.items == before and app.match.events == events_before


def test_the_theme_is_a_saved_choice():
    store = MemoryStore()
    app = Controller(store)
    app.boot("")
    assert app.prefs.theme == "auto"
    app.set_pref("theme", "dark")
    app.set_pref("theme", "purple")                 # not a theme: ignored
    again = Controller(store)
    assert again.prefs.theme == "dark"
    assert json.loads(store.get(storage.PREFS))["data"]["theme"] == "dark"

"""game.app.keep.storage: formats, migrations, all-or-nothing writes, a full store, damaged data.

The samples under tests/data/storage/ are localStorage as each format left
it: ``format1.json`` was written by the app before format 2 (a finished
match in the history, an unfinished one set aside, one on the board in the
middle of a turn, French prefs, and an unreadable match it had kept aside);
``format2.json`` is the same matches after the migration.
"""

import copy
import json
import random

import pytest
from storage_mutations import check_nothing_lost, mutate, sample

from game.match import Match, Phase
from game.app.keep import storage
from game.app.controller import Controller, Setup
from game.app.keep.storage import MemoryStore, StorageFull, Vault

ROOT = storage.ROOT


def named(root_text):
    """Every key a stored root names."""
    root = storage.unpack(root_text, "root")
    return {key for key in [root.get("current"), *root.get("saved", []), *root.get("history", [])] if key}


def parts_of(store):
    """What the app would show after a restart: (current match events, saved, history)."""
    vault = Vault(store)
    vault.open()
    current = vault.read("current")
    return (current["match"]["events"] if current else None,
            [entry["match"]["events"] for entry in vault.read("saved")],
            [entry["match"]["events"] for entry in vault.read("history")])


# --- envelopes --------------------------------------------------------------------------------------

def test_round_trip_with_schema_and_kind():
    text = storage.pack("current", {"match": {"events": []}})
    envelope = json.loads(text)
    assert envelope["schema"] == storage.FORMAT == 2 and envelope["kind"] == "current"
    assert storage.unpack(text, "current") == {"match": {"events": []}}


@pytest.mark.parametrize("text", [None, "", "{", "[]", '"x"', '{"schema": 1}',
                                  '{"schema": 99, "kind": "current", "data": {}}',
                                  '{"schema": "1", "kind": "current", "data": {}}',
                                  '{"schema": true, "kind": "current", "data": {}}',
                                  '{"schema": 0, "kind": "current", "data": {}}',
                                  '{"schema": 2, "kind": "current", "data": []}',
                                  '{"schema": 2, "kind": "current", "data": {}, "more": 1}',
                                  "[" * 100_000])
def test_what_cannot_be_read_is_ignored(text):
    assert storage.unpack(text, "current") is None


def test_a_root_may_only_name_the_keys_of_its_parts():
    assert storage.unpack(storage.pack("root", {"current": "backgammon.current.a1"}), "root")
    for bad in ({"current": storage.PREFS}, {"current": "backgammon.saved.a1"}, {"other": None},
                {"current": 3}, {"history": "elsewhere.history.1"}):
        assert storage.unpack(storage.pack("root", bad), "root") is None, bad


# --- formats: each earlier one is read and migrated -------------------------------------------------

def test_every_earlier_format_has_a_migration():
    assert sorted(storage.MIGRATIONS) == list(range(1, storage.FORMAT))


def test_format_1_sample_is_migrated_with_every_match():
    # Given localStorage as the first format left it
    old = sample("format1")
    expected_current = json.loads(old["backgammon.current"])["data"]
    expected_saved = json.loads(old["backgammon.saved"])["data"]
    expected_history = json.loads(old["backgammon.history"])["data"]
    store = MemoryStore(old)
    # When the app starts
    app = Controller(store)
    assert app.boot("", ["en"]) is False
    # Then the match on the board is the one saved, in the middle of its turn, and nothing was lost
    assert app.match.events == Match.from_dict(expected_current["match"]).events
    assert app.match.phase is Phase.MOVING and app.match.turn.played
    assert app.kept.saved_matches() == expected_saved and app.kept.history() == expected_history
    assert app.language == "fr" and app.prefs.auto_flip is True
    # the match format 1 had kept aside is still kept, and the player is told
    assert app.vault.aside == {"backgammon.unreadable": old["backgammon.unreadable"]}
    assert app.kept.notice()["kind"] == "unreadable" and "mises de côté" in app.kept.notice()["text"]
    # and the store is format 2 only
    assert storage.detect_format(store.items) == 2
    assert not set(storage.FORMAT_1_KEYS.values()) & set(store.items)
    assert set(store.items) == {ROOT, storage.PREFS, storage.UNREADABLE, *named(store.items[ROOT])}


def test_format_1_migration_as_a_pure_function():
    old = sample("format1")
    parts, aside = storage.migrate_1_to_2(old)
    assert parts["current"] == json.loads(old["backgammon.current"])["data"]
    assert len(parts["saved"]) == 1 and len(parts["history"]) == 1
    assert aside == {"backgammon.unreadable": old["backgammon.unreadable"]}


def test_format_2_sample_is_read_as_it_is():
    old = sample("format2")
    store = MemoryStore(old)
    app = Controller(store)
    app.boot("", ["en"])
    assert store.items == old                       # read, nothing rewritten
    assert app.match.phase is Phase.MOVING
    assert len(app.kept.saved_matches()) == 1 and len(app.kept.history()) == 1
    assert app.kept.notice() is None


def test_a_newer_format_is_kept_aside_and_named():
    store = MemoryStore({ROOT: json.dumps({"schema": 3, "kind": "root", "data": {"current": "k"}}),
                         "backgammon.current.x": "{}"})
    app = Controller(store)
    app.boot("", ["en"])
    assert app.match.phase is Phase.OPENING
    assert set(app.vault.aside) == {ROOT, "backgammon.current.x"}
    assert app.kept.notice()["kind"] == "unreadable" and "newer version" in app.kept.notice()["text"]


# --- all or nothing: a crash at any step loses nothing --------------------------------------------

class Crash(BaseException):
    """The page closed (or the machine died) in the middle of a write."""


class CrashingStore(MemoryStore):
    """Dies at its ``at``-th write or removal (counting from 0); counts them in ``ops``."""

    def __init__(self, items, at=None):
        super().__init__(items)
        self.at, self.ops = at, 0

    def _tick(self):
        if self.ops == self.at:
            raise Crash()
        self.ops += 1

    def set(self, key, value):
        self._tick()
        super().set(key, value)

    def remove(self, key):
        self._tick()
        super().remove(key)


def a_move(app):
    app.roll() if app.match.phase is not Phase.MOVING else None
    step = app.match.turn.legal_steps()[0]
    app.match.step(step.source, step.target)
    app.save()


def the_match_ends(app):
    app.resign(app.resign_kinds()[-1])      # the most the game can cost: accepted
    if app.bot_to_act():
        app.bot_act()
    else:
        app.accept_resignation()


def a_link_replaces_the_match(app):
    app.boot("?mode=hotseat&length=3&seed=link")


def resume_the_saved_match(app):
    app.resume(0)


def a_second_link_replaces_the_first_links_match(app):
    app.boot("?mode=hotseat&length=3&seed=link")
    app.roll()
    app.boot("?mode=hotseat&length=5&seed=link-2")


def start(store):
    app = Controller(store, wall=lambda: 1_790_000_000)
    app.boot("", ["en"])
    return app


SCENARIOS = [a_move, the_match_ends, a_link_replaces_the_match, resume_the_saved_match,
             a_second_link_replaces_the_first_links_match]


class RecordingStore(CrashingStore):
    """Notes what a restart would find after each switch of the root (each write committed)."""

    def __init__(self, items):
        super().__init__(items)
        self.states = []

    def set(self, key, value):
        super().set(key, value)
        if key == ROOT:
            self.states.append(parts_of(MemoryStore(copy.deepcopy(self.items))))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda f: f.__name__)
def test_a_crash_at_any_step_of_a_write_loses_nothing(scenario):
    # Given a store with a match on the board (one move in), one set aside, one finished
    items = sample("format2")
    before = parts_of(MemoryStore(items))
    # the scenario without a crash: its writes and removals, and each state it commits
    whole = RecordingStore(copy.deepcopy(items))
    app = start(whole)
    opened = whole.ops
    scenario(app)
    after = parts_of(MemoryStore(whole.items))
    assert after != before and whole.states[-1] == after
    assert whole.ops - opened >= 3                       # new part(s), the root, the old part(s)
    for at in range(whole.ops):
        # When the page dies at that step
        store = CrashingStore(copy.deepcopy(items), at=at)
        with pytest.raises(Crash):
            scenario(start(store))
        # Then the next start finds the state before, or one the scenario committed, whole
        again = MemoryStore(store.items)
        assert parts_of(again) in [before, *whole.states], at
        # and what the interrupted write left behind is cleaned away
        assert set(again.items) <= {ROOT, storage.PREFS, *named(again.items[ROOT])}, at


def test_a_crash_while_migrating_format_1_loses_nothing():
    items = sample("format1")
    items.pop("backgammon.unreadable")
    expected = parts_of(MemoryStore(copy.deepcopy(items)))
    whole = CrashingStore(copy.deepcopy(items))
    Vault(whole).open()
    assert whole.ops >= 5
    for at in range(whole.ops):
        store = CrashingStore(copy.deepcopy(items), at=at)
        with pytest.raises(Crash):
            Vault(store).open()
        assert parts_of(MemoryStore(store.items)) == expected, at


# --- a full store ---------------------------------------------------------------------------------

class QuotaStore(MemoryStore):
    """Refuses a write that would take it past ``limit`` characters, as localStorage does."""

    def __init__(self, items=None, limit=10 ** 9):
        super().__init__(items)
        self.limit = limit

    def set(self, key, value):
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(value) > self.limit:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        super().set(key, value)


def test_a_refused_write_changes_nothing():
    store = QuotaStore(sample("format2"))
    vault = Vault(store)
    vault.open()
    before = dict(store.items)
    store.limit = 0
    with pytest.raises(StorageFull):
        vault.commit({"current": {"match": {}}, "history": [{"a": 1}]})
    assert store.items == before


def full_app(language="en", length=5):
    """A match in play in a store with a long history, that then fills up."""
    store = QuotaStore()
    app = Controller(store)
    app.boot(f"?mode=hotseat&length={length}&seed=full&lang={language}")
    history = [{"names": ["A", "B"], "score": [0, 1], "length": 1, "pad": "x" * 3000}] * 20
    app.vault.commit({"history": history})
    app.roll()
    store.limit = sum(len(k) + len(v) for k, v in store.items.items()) + 100
    return store, app


def test_a_full_store_keeps_the_match_in_memory_and_says_so():
    store, app = full_app()
    on_disk = dict(store.items)
    a_move(app)
    a_move(app)
    # the match goes on in memory; the store is as it was; the page says so
    assert len(app.match.turn.played) == 2
    assert store.items == on_disk
    notice = app.kept.notice()
    assert notice["kind"] == "full" and "storage is full" in notice["text"]
    assert notice["buttons"] == ["storage-prune", "storage-backup", "storage-close"]
    # a copy of everything can be downloaded, the match in memory included
    name, text = app.kept.backup_file()
    backup = json.loads(text)
    assert name.endswith(".json") and backup["current"]["match"] == app.match.to_dict()
    assert len(backup["history"]) == 20
    # pruning the oldest finished matches makes room: the match is saved again
    app.prune_history()
    assert len(app.kept.history()) == 10 and app.kept.notice() is None
    assert "saved again" in app.view().message
    assert Controller(store).vault.read("current")["match"] == app.match.to_dict()


def test_the_full_store_notice_is_in_french_too():
    store, app = full_app("fr")
    a_move(app)
    assert "stockage du navigateur est plein" in app.kept.notice()["text"]
    app.close_notice()
    assert app.kept.notice() is None


def test_a_finished_match_refused_by_a_full_store_reaches_the_history_later():
    store, app = full_app(length=1)
    the_match_ends(app)
    assert app.match.match_winner is not None
    assert app.unsaved and len(app.kept.history()) == 20
    store.limit = 10 ** 9
    app.save()
    assert len(app.kept.history()) == 21 and app.kept.history()[0]["winner"] is not None


# --- damaged data ----------------------------------------------------------------------------------

def test_a_damaged_root_is_kept_aside_downloadable_and_can_be_deleted():
    items = sample("format2")
    items[ROOT] = items[ROOT][:-7]
    store = MemoryStore(items)
    app = Controller(store, wall=lambda: 1_790_000_000)
    app.boot("", ["en"])
    # the page loads with a new match, and tells, in the player's language (French here)
    assert app.match.phase is Phase.OPENING
    notice = app.kept.notice()
    assert notice["kind"] == "unreadable" and "n'ont pas pu être lues" in notice["text"]
    assert notice["buttons"] == ["storage-download", "storage-discard", "storage-close"]
    # everything the damaged root named is kept aside, byte for byte, and can be downloaded
    name, text = app.kept.aside_file()
    kept = json.loads(text)["items"]
    assert name == "backgammon-unreadable-2026-09-21.json"
    assert kept == {key: value for key, value in items.items() if key != storage.PREFS}
    assert json.loads(store.items[storage.UNREADABLE])["data"]["items"] == kept
    # the notice stays at the next start until the player decides
    assert Controller(store).kept.notice()["kind"] == "unreadable"
    app.discard_aside()
    assert storage.UNREADABLE not in store.items and app.kept.notice() is None
    assert "supprimées" in app.view().message
    app.set_language("en")
    assert "deleted" in app.view().message


def test_a_missing_part_is_reported_and_the_rest_is_kept():
    items = sample("format2")
    (key,) = storage.unpack(items[ROOT], "root")["history"]
    del items[key]
    app = Controller(MemoryStore(items))
    app.boot("", ["en"])
    assert app.match.phase is Phase.MOVING and len(app.kept.saved_matches()) == 1
    assert app.kept.history() == [] and app.kept.notice()["kind"] == "unreadable"
    assert app.vault.aside == {key: ""}


def test_a_current_match_the_engine_refuses_is_kept_aside():
    store = MemoryStore()
    Vault(store).commit({"current": {"match": {"schema": 1}}})
    app = Controller(store)
    assert app.boot("") is False
    assert app.match.phase is Phase.OPENING
    (text,) = app.vault.aside.values()
    assert storage.unpack(text, "current") == {"match": {"schema": 1}}
    assert Controller(store).vault.aside == app.vault.aside


def test_a_link_never_overwrites_a_current_match_the_engine_refuses():
    store = MemoryStore()
    Vault(store).commit({"current": {"match": {"schema": 1, "events": "damaged"}}})
    app = Controller(store)
    assert app.boot("?mode=hotseat&length=3") is True
    (text,) = app.vault.aside.values()
    assert storage.unpack(text, "current") == {"match": {"schema": 1, "events": "damaged"}}
    assert app.kept.notice()["kind"] == "unreadable"


@pytest.mark.parametrize("names", [-1e308, None, 7, {"a": 1}, "Ann"])
def test_a_damaged_setup_in_a_readable_match_still_boots(names):
    # (found by test_fuzz_inputs.py at 10,000 damaged stores: names saved as a number)
    items = sample("format2")
    key = storage.unpack(items[ROOT], "root")["current"]
    data = storage.unpack(items[key], "current")
    data["setup"]["names"] = names
    data["setup"]["clock"] = [1e308, "x"]
    items[key] = storage.pack("current", data)
    app = Controller(MemoryStore(items))
    app.boot("", ["en"])
    assert app.match.phase is Phase.MOVING and app.view().board_svg
    assert len(app.setup.names) == 2 and app.setup.clock is None


def test_what_was_kept_aside_earlier_is_never_overwritten():
    store = MemoryStore({ROOT: "first damage"})
    Controller(store).boot("")
    store.items[ROOT] = "second damage"
    app = Controller(store)
    app.boot("")
    kept = list(app.vault.aside.values())
    assert "first damage" in kept and "second damage" in kept
    # the match the first start wrote was named by the damaged root: it is kept too
    assert len(kept) == 3 and storage.unpack(kept[-1], "current")["match"]


def test_saved_garbage_never_stops_the_app():
    store = MemoryStore({ROOT: "{", storage.PREFS: "not json", storage.UNREADABLE: "[["})
    app = Controller(store)
    assert app.boot("") is False
    assert app.match.phase is Phase.OPENING
    assert set(app.vault.aside) == {ROOT, storage.UNREADABLE}


@pytest.mark.parametrize("seed", range(300))
def test_mutated_stores_always_boot_and_lose_nothing(seed):
    """The CPython side of the corrupted-storage browser test (see also tests/test_fuzz_inputs.py)."""
    rng = random.Random(seed)
    items = sample(rng.choice(["format1", "format2"]))
    name, damaged = mutate(rng, items)
    store = MemoryStore(copy.deepcopy(damaged))
    app = Controller(store)
    app.boot("", ["en"])
    assert app.match is not None and app.view().board_svg
    check_nothing_lost(damaged, store, app)


def test_memory_store_behaves_like_local_storage():
    store = storage.MemoryStore()
    assert store.get("k") is None and store.keys() == []
    store.set("k", "v")
    assert store.get("k") == "v" and store.keys() == ["k"]
    store.remove("k")
    store.remove("k")
    assert store.get("k") is None


def test_setup_survives_the_round_trip_through_the_store():
    store = MemoryStore()
    app = Controller(store)
    app.new_match(Setup(mode="bot", length=7, level="expert", names=("Ann", "")))
    again = Controller(store)
    again.boot("")
    assert again.setup == app.setup


def test_a_migration_the_full_store_refuses_keeps_the_old_format_and_plays_from_memory():
    # Given a format 1 store with no room to write format 2 beside it
    old = sample("format1")
    old.pop("backgammon.unreadable")
    store = QuotaStore(old, limit=sum(len(k) + len(v) for k, v in old.items()) + 50)
    app = Controller(store)
    app.boot("", ["en"])
    # Then the old keys are untouched, the match resumes from memory, and the page says so
    assert store.items == old
    assert app.match.phase is Phase.MOVING and len(app.kept.history()) == 1
    a_move(app) if not app.match.turn.is_complete else app.done()
    assert store.items == old and app.kept.notice()["kind"] == "full"
    # When room is made, the next save migrates everything, then writes the move
    store.limit = 10 ** 9
    app.save()
    assert app.kept.notice() is None and storage.detect_format(store.items) == 2
    assert parts_of(MemoryStore(store.items))[0] == app.match.to_dict()["events"]
    assert len(app.kept.saved_matches()) == 1 and len(app.kept.history()) == 1

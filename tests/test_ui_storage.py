"""game.ui.storage: the localStorage envelope, as pure functions over strings."""

import json

import pytest

from game.ui import storage


def test_round_trip_with_schema_and_kind():
    text = storage.pack("current", {"match": {"events": []}})
    envelope = json.loads(text)
    assert envelope["schema"] == storage.SCHEMA and envelope["kind"] == "current"
    assert storage.unpack(text, "current") == {"match": {"events": []}}


@pytest.mark.parametrize("text", [None, "", "{", "[]", '"x"', '{"schema": 1}',
                                  '{"schema": 99, "kind": "current", "data": {}}',
                                  '{"schema": "1", "kind": "current", "data": {}}',
                                  '{"schema": 0, "kind": "current", "data": {}}'])
def test_what_cannot_be_read_is_ignored(text):
    assert storage.unpack(text, "current") is None


def test_older_schemas_are_migrated(monkeypatch):
    monkeypatch.setattr(storage, "SCHEMA", 3)
    monkeypatch.setitem(storage.MIGRATIONS, ("prefs", 1), lambda d: {**d, "two": True})
    monkeypatch.setitem(storage.MIGRATIONS, ("prefs", 2), lambda d: {**d, "three": True})
    old = json.dumps({"schema": 1, "kind": "prefs", "data": {"one": True}})
    assert storage.unpack(old, "prefs") == {"one": True, "two": True, "three": True}
    assert storage.unpack(json.dumps({"schema": 1, "kind": "other", "data": {}}), "other") is None


def test_lists_keep_the_newest_first_up_to_a_limit():
    text = None
    for n in range(5):
        text = storage.push(text, {"n": n}, limit=3)
    assert [e["n"] for e in storage.unpack_list(text)] == [4, 3, 2]
    text, entry = storage.take(text, 1)
    assert entry == {"n": 3}
    assert [e["n"] for e in storage.unpack_list(text)] == [4, 2]
    same, none = storage.take(text, 7)
    assert none is None and storage.unpack_list(same) == storage.unpack_list(text)
    assert storage.unpack_list("garbage") == []


def test_memory_store_behaves_like_local_storage():
    store = storage.MemoryStore()
    assert store.get("k") is None
    store.set("k", "v")
    assert store.get("k") == "v"
    store.remove("k")
    store.remove("k")
    assert store.get("k") is None

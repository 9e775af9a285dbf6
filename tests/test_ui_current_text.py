"""game.app.keep.current_text: a save in a long money session does not encode (or copy) the whole log."""

import copy
import json

from game.app.keep import storage
from game.app.controller import Controller
from game.app.keep.current_text import CurrentText
from game.app.keep.storage import MemoryStore

from bench_save import Quick  # the benchmark's fast player (tools/ is on sys.path in conftest)


def controller(store):
    return Controller(store, wall=lambda: 1_700_000_000, bot_factory=lambda level: Quick())


def watch():
    app = controller(MemoryStore())
    app.boot("?mode=watch&length=0&seed=current-text&level=beginner")
    return app


def stored_current(app):
    root = json.loads(app.store.get(storage.ROOT))["data"]
    return app.store.get(root["current"])


def wins(app):
    return sum(e["type"] == "win" for e in app.match.events)


def count_events(value):
    """How many logged events (dicts with a ``type``) ``value`` holds, at any depth."""
    if isinstance(value, dict):
        return ("type" in value) + sum(count_events(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return sum(count_events(v) for v in value)
    return 0


def test_the_saved_text_is_byte_for_byte_the_whole_snapshot_packed():
    app = watch()
    checked = 0
    while wins(app) < 2:
        app.bot_act()
        assert stored_current(app) == storage.pack("current", app.kept.snapshot())
        checked += 1
    assert checked > 100
    again = controller(app.store)             # a reload resumes the same match, then goes on
    again.boot("")
    assert again.match.events == app.match.events
    again.bot_act()
    assert stored_current(again) == storage.pack("current", again.kept.snapshot())


def test_a_save_encodes_and_copies_only_the_game_in_play(monkeypatch):
    app = watch()
    dumps, deepcopy = json.dumps, copy.deepcopy
    counted = {"dumped": 0, "copied": 0, "saves": 0}
    commit = app.vault.commit

    def counting_commit(changes):
        counted["saves"] += 1
        return commit(changes)

    def counting_dumps(value, *args, **kwargs):
        counted["dumped"] += count_events(value)
        return dumps(value, *args, **kwargs)

    def counting_deepcopy(value, *args, **kwargs):
        counted["copied"] += count_events(value)
        return deepcopy(value, *args, **kwargs)

    monkeypatch.setattr(json, "dumps", counting_dumps)
    monkeypatch.setattr(copy, "deepcopy", counting_deepcopy)
    monkeypatch.setattr(app.vault, "commit", counting_commit)
    last_start, later_games = 0, 0
    while wins(app) < 5:
        counted.update(dumped=0, copied=0, saves=0)
        before = last_start
        app.bot_act()
        events = app.match.events
        last_start = next(i for i in range(len(events) - 1, -1, -1) if events[i]["type"] == "game_start")
        # each save: at most the game in play, and the one that ended when this action began it
        allowed = counted["saves"] * (len(events) - before)
        assert counted["copied"] == 0
        assert counted["dumped"] <= allowed, (len(events), counted, allowed)
        later_games += before > 0 and counted["saves"] > 0
    assert len(app.match.events) > 1200 and later_games > 500


def test_another_log_starts_afresh():
    cache = CurrentText()
    one = [{"type": "game_start", "game": 1}, {"type": "win"}, {"type": "game_start", "game": 2}]
    assert cache.events_text(one) == storage.pack("x", one)[len('{"schema":2,"kind":"x","data":'):-1]
    other = [{"type": "game_start", "game": 9}, {"type": "roll"}, {"type": "game_start", "game": 10}]
    assert json.loads(cache.events_text(other)) == other
    assert json.loads(cache.events_text(one[:1])) == one[:1]

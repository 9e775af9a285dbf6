"""Your progress (game/app/progress/): a record per match the person played, its figures the
review's, kept bounded, backed up, damaged data kept aside, and drawn as a chart."""

import functools
import json
import re
from types import SimpleNamespace

from game.match import Phase
from game.app.controller import Controller
from game.app.keep import progress_log, storage
from game.app.keep.storage import MemoryStore
from game.app.progress import chart
from game.app.progress.record import over_record
from game.app.text.i18n import translator


def play_to_the_end(app):
    """Play the match on the board to its end: the computer as it likes, each person the last
    legal play in notation order (often a poor one: the error rate is not zero)."""
    for _ in range(5000):
        match = app.match
        if match.match_winner is not None:
            return
        if app.bot_to_act():
            app.bot_act()
        elif match.phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE):
            app.roll()
        elif match.phase is Phase.MOVING:
            moves = match.position.legal_moves(match.dice)
            if moves:
                app.type_move(str(sorted(moves, key=str)[-1]))
            if app.match.phase is Phase.MOVING:
                app.done()
        else:
            raise AssertionError(match.phase)
    raise AssertionError("the match did not end")


def run(steps):
    """A generator's return value, run to its end."""
    try:
        while True:
            next(steps)
    except StopIteration as end:
        return end.value


@functools.cache
def analysed_app():
    """A 1-point match against the computer played to its end, its record written at once, then
    filled by the background analysis; the record as it was before."""
    app = Controller(MemoryStore())
    app.boot("?mode=bot&length=1&seed=progress-ui&level=beginner")
    play_to_the_end(app)
    before = app.progress.entries()
    assert app.progress.pending()
    key = run(app.progress.steps())
    assert key == before[0]["key"] and not app.progress.pending()
    return app, before


def test_a_match_over_is_recorded_at_once_then_analysed_with_the_reviews_numbers():
    app, before = analysed_app()
    assert len(before) == 1
    first = before[0]
    assert (first["kind"], first["level"], first["length"], first["seat"], first["analysed"]) == \
        ("bot", "beginner", 1, 1, False)
    assert first["won"] == (app.match.match_winner == 1)
    assert first["score"] == [app.match.score[1], app.match.score[0]]
    entry = app.progress.entries()[0]
    # the review of the same match, from the history, shows the same figures
    assert app.start_review(0)
    while app.review_step(budget=1.0):
        pass
    players = app.review.result()["players"]
    mine = players[1]
    assert entry["rate"] == mine["millipoints"] > 0
    assert entry["decisions"] == mine["decisions"] and entry["moves"] == mine["moves"]
    assert entry["checker_rate"] == round(1000 * mine["checker_loss"] / mine["moves"], 1)
    assert entry["cube_rate"] is None if not mine["cube_decisions"] else entry["cube_rate"] >= 0
    assert entry["luck"] == mine["luck"]
    summary = app.view().review["summary_html"]
    assert f"<td>{mine['millipoints']:.1f}</td>" in summary
    # the review, complete, refreshed the same record: one per match
    assert [e["key"] for e in app.progress.entries()] == [entry["key"]]
    assert app.progress.entries()[0]["rate"] == entry["rate"]


def test_a_review_fills_the_record_of_a_match_not_analysed_yet():
    app, before = analysed_app()
    store = MemoryStore(dict(app.store.items))
    progress_log.write(store, before)                       # the record without its figures
    again = Controller(store)
    again.boot("")
    assert not again.progress.entries()[0]["analysed"]
    assert again.open_progress_match(before[0]["key"]) and again.review is not None
    while again.review_step(budget=1.0):
        pass
    assert again.progress.entries()[0]["rate"] == again.review.result()["players"][1]["millipoints"]


def test_a_record_whose_match_is_gone_says_so():
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=1&seed=progress-gone")
    progress_log.write(app.store, [progress_log.blank("0123456789abcdef", 5, "bot", "expert", 1, 1, True, [1, 0])])
    assert app.progress.due() is None and not app.progress.pending()     # nothing to weigh
    assert app.open_progress_match("0123456789abcdef") is False
    assert app.message == ("progress.gone", {})
    assert app.text(app.message) and translator("fr")("progress.gone") != translator("en")("progress.gone")


def test_two_people_on_one_device_a_friend_and_the_computer_are_kept_apart():
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=1&seed=progress-hotseat")
    play_to_the_end(app)
    hotseat = app.progress.entries()[0]
    assert (hotseat["kind"], hotseat["level"], hotseat["seat"]) == ("hotseat", None, 1)
    # the same end seen as a match with a friend, this device's player the first one
    app.friend, app.setup = SimpleNamespace(seat=0), type(app.setup)(mode="friend", length=1)
    friend = over_record(app)
    assert (friend["kind"], friend["seat"], friend["score"]) == ("friend", 0, [app.match.score[0], app.match.score[1]])
    app.friend = None
    bot, _ = analysed_app()
    done = {**bot.progress.entries()[0]}
    entries = [done, dict(done, key="f" * 16, kind="friend", level=None, finished_at=done["finished_at"] - 5,
                          rate=3.0, checker_rate=3.0)]
    tr = translator("en")
    for kind, keys in (("all", {done["key"], "f" * 16}), ("bot", {done["key"]}), ("friend", {"f" * 16}),
                       ("hotseat", set())):
        assert set(re.findall(r'data-match="([0-9a-f]+)" data-rate', chart.chart_html(entries, tr, kind))) == keys
    html = chart.chart_html(entries, tr)
    assert 'class="progress-match kind-bot"' in html and 'class="progress-match kind-friend"' in html


def test_the_watched_match_of_the_computer_against_itself_is_not_the_persons():
    app = Controller(MemoryStore())
    app.boot("?mode=watch&length=1&seed=progress-watch&level=beginner")
    play_to_the_end(app)
    assert app.progress.entries() == []


def _records(n):
    return [dict(progress_log.blank(f"{i:016x}", 1000 + i, "bot", "expert", 3, 1, i % 2 == 0, [3, 1]),
                 analysed=True, rate=float(i % 40), checker_rate=float(i % 40), cube_rate=None, luck=0.0,
                 decisions=10, moves=10, cube_decisions=0) for i in range(n)]


def test_the_records_are_bounded_the_newest_kept():
    entries = []
    for entry in _records(progress_log.LIMIT + 30):
        entries = progress_log.upsert(entries, entry)
    assert len(entries) == progress_log.LIMIT
    assert entries[0]["key"] == f"{progress_log.LIMIT + 29:016x}" and entries[-1]["key"] == f"{30:016x}"
    store = MemoryStore()
    assert progress_log.write(store, _records(progress_log.LIMIT + 5))
    assert len(progress_log.read(store)) == progress_log.LIMIT


def test_the_records_go_with_a_backup_and_come_back():
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=1&seed=progress-backup")
    progress_log.write(app.store, _records(3))
    name, text = app.kept.backup_all()
    assert json.loads(text)["progress"] == progress_log.read(app.store)
    other = Controller(MemoryStore())
    other.boot("")
    progress_log.write(other.store, _records(5)[3:])        # two records of its own
    assert other.restore_backup(text) is True
    assert [e["key"] for e in other.progress.entries()] == [f"{i:016x}" for i in (4, 3, 2, 1, 0)]


def test_damaged_records_are_kept_aside_and_the_good_ones_stay():
    good = _records(2)
    text = storage.pack("progress", {"entries": [good[0], {"key": 5}, good[1]]})
    store = MemoryStore({storage.PROGRESS: text})
    app = Controller(store)
    app.boot("")
    assert [e["key"] for e in app.progress.entries()] == [good[1]["key"], good[0]["key"]]
    assert app.vault.aside[storage.PROGRESS] == text
    assert app.kept.notice()["kind"] == "unreadable"
    assert len(progress_log.read(store)) == 2                # written back without the damaged one
    broken = MemoryStore({storage.PROGRESS: "{not json"})
    app = Controller(broken)
    app.boot("")
    assert app.progress.entries() == [] and app.vault.aside[storage.PROGRESS] == "{not json"


def test_the_chart_has_one_point_per_match_its_rate_the_stored_one():
    entries = _records(25)[::-1]                            # newest first, as kept
    html = chart.chart_html(entries, translator("en"))
    found = re.findall(r'<g class="progress-match kind-bot" data-match="([0-9a-f]+)" data-rate="([0-9.]+)"', html)
    assert len(found) == chart.SHOWN
    stored = {e["key"]: e["rate"] for e in entries}
    assert all(float(rate) == stored[key] for key, rate in found)
    assert [key for key, _ in found] == [e["key"] for e in entries[:chart.SHOWN]][::-1]   # oldest on the left
    screen = chart.screen_html(entries, translator("fr"))
    assert "Moyenne des 10 derniers matchs" in screen and screen.count("<tr data-match") == 25


def test_the_summary_says_the_trend_and_the_record():
    entries = _records(10)[::-1]                            # the rates go up: more errors lately
    words = chart.summary_html(entries, translator("en"))
    assert "more errors lately" in words and "Won: 5 · lost: 5." in words
    better = [dict(e, rate=40.0 - e["rate"]) for e in entries]
    assert "fewer errors lately" in chart.summary_html(better, translator("en"))


def test_the_replay_graph_has_a_point_per_move_and_no_marks():
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=1&seed=progress-replay")
    play_to_the_end(app)
    assert app.start_replay()
    moves = [i for i, f in enumerate(app.replay.frames) if f.kind == "move"]
    html = app.view().replay["graph_html"]
    assert 'id="replay-graph"' in html
    assert [int(f) for f in re.findall(r'<g class="graph-point" data-frame="(\d+)"', html)] == moves
    assert "mark-" not in html and "data-decision" not in html
    values = [float(v) for v in re.findall(r'data-value="([0-9.]+)"', html)]
    assert len(values) == len(moves) and all(0.0 <= v <= 1.0 for v in values)
    app.replay_go(moves[3])
    html = app.view().replay["graph_html"]
    assert re.findall(r'<g class="graph-point" data-frame="(\d+)"[^>]*aria-current="true"', html) == [str(moves[3])]


def test_the_replay_of_a_match_reviewed_has_the_reviews_marks():
    app, _ = analysed_app()
    if app.review is None or app.review.running:           # the first test's review, when run alone
        assert app.start_review(0)
        while app.review_step(budget=1.0):
            pass
    reviewed = app.view().review["graph_html"]
    app.end_replay()
    assert app.start_replay(0) and app.review is None
    html = app.view().replay["graph_html"]
    assert 'id="replay-graph"' in html and 'id="review-graph"' not in html
    decisions = re.findall(r'data-decision="(\d+)"', html)
    assert decisions and decisions == re.findall(r'data-decision="(\d+)"', reviewed)
    marks = re.findall(r'class="graph-point ([^"]*)"', html)
    assert marks and marks == re.findall(r'class="graph-point ([^"]*)"', reviewed)


def test_a_match_with_a_friend_is_recorded_on_each_device_from_its_own_side():
    from test_ui_friend import exchange, pair, play_one, to_act

    alice, bob = pair(length=1)
    for _ in range(600):
        if alice.friend.over and bob.friend.over:
            break
        app = to_act(alice, bob)
        if app is not None:
            play_one(app)
        exchange(alice, bob)
    assert alice.friend.over and bob.friend.over
    (mine,), (theirs,) = alice.progress.entries(), bob.progress.entries()
    # each device keys the match by its own log (the copies' events differ in details)
    assert mine["kind"] == theirs["kind"] == "friend"
    assert alice.progress._history_match(mine["key"]) and bob.progress._history_match(theirs["key"])
    assert {mine["seat"], theirs["seat"]} == {0, 1} and mine["won"] != theirs["won"]
    assert mine["score"] == theirs["score"][::-1] and mine["level"] is None
    assert 'class="progress-match' not in chart.chart_html(alice.progress.entries(), alice.tr)   # not analysed yet

"""The Roll out button of the hint and the review, through the Controller: start, rows, stop, kept."""

import json
import re

from game.app.controller import Controller
from game.app.keep.storage import MemoryStore
from tests.ui_helpers import make


def games_shown(app):
    rows = app.rollouts.html()["rows"]
    found = re.search(r'data-games="(\d+)"', rows)
    return int(found.group(1)) if found else None


def run_until(app, games, steps=None):
    """Drive the rollout's steps as the page does, until ``games`` games are shown."""
    steps = app.rollouts.steps() if steps is None else steps
    for _ in range(100_000):
        next(steps)
        if (games_shown(app) or 0) >= games:
            return steps
    raise AssertionError("the rollout never got there")


def hinted(dice=(3, 1)):
    app = make(list(dice))
    app.roll()
    assert app.compute_hint()
    return app


def test_a_hint_s_plays_are_rolled_out_shown_as_they_come_and_stopped():
    app = hinted()
    offer = app.rollouts.html()
    assert 'data-rollout="hint"' in offer["head"] and offer["rows"] == ""
    app.rollout_command("hint")
    assert app.rollouts.wanted()
    panel = app.rollouts.html()
    assert 'id="rollout-stop"' in panel["head"] and " hidden" not in panel["head"].split('id="rollout-stop"')[1][:40]
    steps = run_until(app, 1)
    rows = app.rollouts.html()["rows"]
    plays = re.findall(r'data-play="([^"]+)" data-equity="(-?[0-9.]+)"', rows)
    best_three = [str(h.move) for h in app.hint[2][0][:3]]          # the hint's, in its order
    assert [p for p, _ in plays] == best_three and best_three[0] == "8/5 6/5"
    run_until(app, 2, steps)
    app.rollout_command("stop")
    assert list(steps) == [] and not app.rollouts.wanted()
    session = app.rollouts.session
    assert session.games == 2 and 'data-games="2"' in app.rollouts.html()["rows"]
    kept = app.rollouts.shelf.get(session.key)
    assert kept["result"]["games"] == 2 and kept["settings"] == {"games": 144, "truncated": True, "cubeful": False}


def test_the_settings_change_before_a_start_and_not_while_it_runs():
    app = hinted()
    app.rollout_command("hint")
    app.rollout_command("stop")
    app.rollout_command("games", "1296")
    app.rollout_command("cubeful", "true")
    assert app.rollouts.session.settings == {"games": 1296, "truncated": True, "cubeful": True}
    app.rollout_command("start")
    steps = run_until(app, 1)
    app.rollout_command("games", "144")                       # refused while it runs
    assert app.rollouts.session.settings["games"] == 1296
    assert "Games played: 1 of 1296" in app.rollouts.html()["rows"]
    app.rollout_command("close")
    assert list(steps) == [] and "rollout-stop" not in app.rollouts.html()["head"]


def test_a_result_kept_comes_back_with_the_decision_and_goes_into_the_backup():
    store = MemoryStore()
    app = make([3, 1], store=store)
    app.roll()
    app.compute_hint()
    app.rollout_command("hint")
    run_until(app, 1)
    app.rollout_command("stop")
    key = app.rollouts.session.key
    name, text = app.kept.backup_all()
    assert json.loads(text)["rollouts"][key]["result"]["games"] == 1
    # the same decision on this device: shown at once, not rolled out again
    app.rollout_command("close")
    app.rollout_command("hint")
    assert not app.rollouts.wanted() and "earlier rollout" in app.rollouts.html()["rows"]
    # a fresh browser restores the backup: the rollout comes with it
    other = Controller(MemoryStore())
    other.boot("")
    other.restore_backup(text)
    assert other.rollouts.shelf.get(key)["result"]["games"] == 1


def test_the_panel_goes_when_the_match_goes_on():
    app = hinted()
    app.rollout_command("hint")
    steps = app.rollouts.steps()
    next(steps)
    app.type_move("8/5 6/5")
    app.done()
    assert app.rollouts.html() is None
    assert list(steps) == [] and not app.rollouts.wanted()


def test_a_cube_decision_of_the_hint_rolls_out_no_double_and_double_take():
    app = make([3, 1, 5, 2, 6, 4], mode="hotseat", length=0)       # money: the cube is there at once
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    assert app.compute_hint() and app.hint[1] == "cube"
    app.rollout_command("hint")
    assert app.rollouts.session.kind == "cube" and app.rollouts.session.settings["cubeful"]
    run_until(app, 1)
    rows = app.rollouts.html()["rows"]
    assert re.findall(r'data-play="([a-z_]+)"', rows) == ["no_double", "double_take", "double_pass"]
    assert 'data-play="double_pass" data-equity="1.000000"' in rows


def test_a_review_s_decision_is_rolled_out_in_french():
    app = make([3, 1, 6, 5], language="fr")
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    app.roll()
    app.type_move("24/13")
    app.done()
    assert app.start_review()
    while app.review_step():
        pass
    app.replay_go(1)
    offer = app.rollouts.html()
    assert 'data-rollout="review"' in offer["head"] and "Faire un rollout" in offer["head"]
    app.rollout_command("review")
    run_until(app, 1)
    panel = app.rollouts.html()
    assert "Rollout des meilleurs coups pour 3-1" in panel["head"] and "Parties jouées : 1 sur 144" in panel["rows"]
    app.rollout_command("stop")
    key = app.rollouts.session.key
    assert app.rollouts.shelf.get(key)["result"]["candidates"][0]["id"] == "8/5 6/5"
    app.replay_go(2)                          # another decision: this one's panel is not shown
    assert 'data-rollout="review"' in app.rollouts.html()["head"]

"""The review in the app's controller (game/app/review/panel.py): start, progress, panel, try, play from here."""

import functools

import pytest

from game.match import Match, Phase
from game.app.controller import Controller
from game.app.keep.storage import MemoryStore


def finished_app(query="?mode=watch&length=1&seed=review-ui&level=intermediate"):
    """An app whose computer-against-computer 1-point match is over."""
    app = Controller(MemoryStore())
    app.boot(query)
    for _ in range(5000):
        if not app.bot_to_act():
            break
        app.bot_act()
    assert app.match.match_winner is not None
    return app


@functools.cache
def reviewed_app():
    """The app after one whole review of :func:`finished_app`'s game, and the panels seen on
    the way: at the start, and once the decisions are done (the luck to come).  A review takes
    seconds: this module and tests/test_ui_review_board.py (the same game) share it in a process;
    every test that reads a frame goes to it first, and one that changes the language restores it."""
    app = finished_app()
    assert app.view().buttons["review-game"] == (True, True)
    assert app.start_review()
    while app.review.review.opening:            # the match read a few events a step
        app.review_step(budget=0.0)
    first = app.view().review
    while not app.review.review.decisions_done:
        app.review_step(budget=0.0)
    halfway = app.view().review, sum(1 for e in app.review.entries() if e["counted"])
    while app.review_step():
        pass
    return app, first, halfway


@pytest.fixture(scope="module")
def reviewed():
    return reviewed_app()


def test_the_review_starts_on_the_replay_and_shows_its_progress(reviewed):
    app, first, _halfway = reviewed
    assert app.replay is not None and app.review is not None
    assert first["progress"].startswith("Analysing") and "of" in first["progress"]
    done = app.view()
    assert done.review["progress"] == "" and done.buttons["review"] == (True, False)
    assert done.buttons["review-game"] == (False, False)


def test_the_click_that_opens_a_review_reads_the_match_in_later_steps():
    """Opening a review lists nothing yet: the match is replayed and checked, and its
    decisions listed, by the review's first steps (the page paints in between)."""
    app = finished_app()
    assert app.start_review()
    review = app.review.review
    assert review.opening and review.total == 1 and not review.entries
    assert app.view().review["progress"] == "Preparing the review…"
    app.set_language("fr")
    assert app.view().review["progress"] == "Préparation de l'analyse…"
    app.set_language("en")
    steps = 0
    while review.opening:
        assert app.review_step(budget=0.0)
        steps += 1
    assert steps > 1                            # more than one step: the reading is sliced
    assert review.total > 10 and review.done == 0
    assert app.view().review["progress"].startswith("Analysing")


def test_a_match_that_cannot_be_read_closes_the_review_and_keeps_the_replay():
    """Data that does not replay (a move the dice cannot play) is found by the review's
    first steps: the review closes with the unknown-data message, the replay stays."""
    app = finished_app()
    assert app.start_replay()
    events = app.replay.match_data["events"]
    move = next(e for e in events if e["type"] == "move")
    move["dice"] = [6, 6] if move["dice"] != [6, 6] else [1, 2]
    assert app.start_review()
    while app.review_step(budget=0.0):
        pass
    assert app.review is None and app.replay is not None
    assert app.message[0] == "reason.unknown"
    assert app.start_review() and app.review.review.opening   # not kept: read again


def test_the_panel_lists_every_decision_and_sums_up_each_player(reviewed):
    app, _first, _halfway = reviewed
    panel = app.view().review
    summary = panel["summary_html"]
    for word in ("Decisions", "Error rate", "Rating", "Blunders", "Luck"):
        assert word in summary
    assert summary.count("<th scope=\"col\">") == 2
    result = app.review.result()
    counted = [e for e in result["entries"] if e["counted"]]
    assert panel["list_html"].count("<li") == len(counted) > 10
    for player in result["players"]:
        assert str(player["decisions"]) in summary


def test_each_frame_shows_its_own_decision_and_the_best_plays(reviewed):
    app, _first, _halfway = reviewed
    session = app.review
    entry = next(e for e in session.entries() if e["kind"] == "move" and e["plays"] > 1)
    frame = session.frame_of(entry)
    app.replay_go(frame)
    panel = app.view().review
    assert entry["played"] in panel["detail_html"] and entry["best"] in panel["detail_html"]
    assert f'data-frame="{frame}" tabindex="0"' not in panel["list_html"] or 'aria-current="step"' in panel["list_html"]
    assert panel["can_try"] and panel["can_play"]
    app.replay_go(0)                                   # the start of the game: nothing to weigh
    panel = app.view().review
    assert "No decision" in panel["detail_html"] and not panel["can_try"] and not panel["can_play"]


def test_trying_another_play_ranks_it_or_says_why_not(reviewed):
    app, _first, _halfway = reviewed
    session = app.review
    entry = next(e for e in session.entries() if e["kind"] == "move" and e["rank"] > 1)
    app.replay_go(session.frame_of(entry))
    assert app.review_try(entry["best"])
    assert app.view().review["tried"] == f"{entry['best']} is the best play."
    assert app.review_try(entry["played"])
    tried = app.view().review["tried"]
    assert tried.startswith(f"{entry['played']}: play {entry['rank']} of {entry['plays']}")
    assert not app.review_try("25/1")
    assert "is not a legal play" in app.view().review["tried"]
    app.replay_go(0)
    assert not app.review_try(entry["best"])
    assert "no play to try" in app.view().review["tried"]


def test_the_decisions_come_first_and_the_luck_after(reviewed):
    # (seen on the module's one review: the fixture stopped once the decisions were done)
    app, _first, (panel, counted) = reviewed
    assert panel["progress"] and "…" in panel["summary_html"]            # the luck is coming
    assert panel["list_html"].count("<li") == counted
    panel = app.view().review
    assert not panel["progress"] and "…" not in panel["summary_html"]


def test_the_review_speaks_french(reviewed):
    # (the module's one review, its words switched to French: the panel is worded when shown)
    app, _first, _halfway = reviewed
    try:
        app.set_language("fr", remember=False)
        panel = app.view().review
        assert "Décisions" in panel["summary_html"] and "Taux d&#x27;erreur" in panel["summary_html"]
        assert "Decisions" not in panel["summary_html"]
    finally:
        app.set_language("en", remember=False)
    # and a French app's review starts with its progress in French
    app = finished_app("?mode=watch&length=1&seed=review-ui-fr&level=intermediate&lang=fr")
    assert app.start_review()
    assert app.view().review["progress"] == "Préparation de l'analyse…"
    while app.review.review.opening:
        app.review_step(budget=0.0)
    assert app.view().review["progress"].startswith("Analyse en cours")


def test_a_match_reviewed_again_keeps_its_analysis(reviewed):
    app, _first, _halfway = reviewed
    analysis = app.review.review
    app.end_replay()
    assert app.start_review()
    assert app.review.review is analysis and not app.review_step()
    assert app.view().review["progress"] == ""


def test_a_finished_match_of_the_history_is_reviewed_and_the_review_ends_with_the_replay():
    app = finished_app("?mode=watch&length=1&seed=review-ui-2&level=beginner")
    app.new_match(app.setup)                               # the finished match is in the history now
    assert len(app.kept.history()) == 1
    assert not app.start_review(5)
    assert app.start_review(0)
    while app.review.review.opening:                       # the match read first
        assert app.review_step(budget=0.0)
    assert app.review_step(budget=0.0)                     # one decision at a time
    assert app.review.review.done == 1
    app.end_replay()
    assert app.review is None and app.view().review is None


def test_play_from_here_opens_the_position_before_the_decision_and_keeps_the_match():
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=5&seed=review-here")
    for _ in range(4):                                     # four turns played with the hint's best play
        app.roll()
        app.compute_hint()
        hints = app.hint[2][0]
        app.type_move(str(hints[0].move))
        app.done()
    unfinished_id = app.match.position_id()
    assert app.start_review()
    while app.review_step():
        pass
    entry = [e for e in app.review.entries() if e["kind"] == "move"][2]
    app.replay_go(app.review.frame_of(entry))
    assert app.review_play_here()
    m = app.match
    assert (m.position_id(), m.phase, sorted(m.dice)) == (entry["position_id"], Phase.MOVING, sorted(entry["dice"]))
    assert m.player_on_roll == entry["player"] and app.setup.mode == "hotseat" and app.replay is None
    saved = app.kept.saved_matches()
    assert len(saved) == 1 and Match.from_dict(saved[0]["match"]).position_id() == unfinished_id
    assert saved[0]["ui"]["message"][0] != "msg.review"      # it resumes with its own message


def test_names_are_escaped_in_the_panel():
    app = Controller(MemoryStore())
    app.boot("?mode=hotseat&length=3&seed=review-esc")
    app.setup = app.setup.__class__(mode="hotseat", length=3, names=("<b>Ann</b>", "Bob & co"))
    app.roll()
    app.compute_hint()
    app.type_move(str(app.hint[2][0][1].move))           # the second best play
    app.done()
    assert app.start_review()
    while app.review_step():
        pass
    panel = app.view().review
    assert "<b>Ann" not in panel["summary_html"] and "&lt;b&gt;Ann&lt;/b&gt;" in panel["summary_html"]
    assert "Bob &amp; co" in panel["list_html"] + panel["summary_html"]


def test_a_cube_decision_shows_its_options_and_a_wrong_drop_its_mark():
    from game import Position
    from game.dice import ManualDice
    from game.match import MatchConfig
    from game import replay
    from game.app.text.i18n import translator
    from game.app.review.panel import ReviewSession, panel

    match = Match(MatchConfig(length=0), ManualDice([6, 5, 4, 3]))
    match.setup(Position.start(), 0)
    match.double()
    match.drop()
    data = match.to_dict()
    session = ReviewSession(data, replay.frames(data["events"]))
    while session.step(1.0):
        pass
    double, drop = session.entries()
    names = ("Ann", "Bob")
    detail = panel(session, session.frame_of(double), translator("en"), names)["detail_html"]
    assert "Ann doubled" in detail and "Double, take" in detail and "Double, drop" in detail
    assert "the right choice was no double" in detail
    detail = panel(session, session.frame_of(drop), translator("en"), names)["detail_html"]
    assert "Bob dropped the double" in detail and 'class="mark mark-blunder"' in detail
    assert "the right choice was take" in detail
    french = panel(session, session.frame_of(drop), translator("fr"), names)
    assert "Bob a refusé le double" in french["detail_html"] and "grosse erreur" in french["list_html"]

"""The game as a graph in the review (issue 43, part 3): a point per checker play, the review's
own values, its marks, and each point going to its decision."""

import re

from game import replay
from game.app.controller import Controller
from game.app.review.graph import BIG_LUCK, graph_html, points
from game.app.review.panel import ReviewSession
from game.app.text.i18n import translator
from game.dice import ManualDice
from game.match import Match, MatchConfig


def reviewed(length=3):
    """A short match with a blunder by player 1 (8/3 8/2 with 6-5), reviewed whole."""
    match = Match(MatchConfig(length=length), ManualDice([3, 1, 6, 5, 4, 2, 6, 6]))
    match.roll(); match.play_text("8/5 6/5")
    match.roll(); match.play_text("8/3 8/2")
    match.roll(); match.play_text("8/4 6/4")
    match.roll(); match.play_text("24/18(2) 13/7(2)")
    data = match.to_dict()
    session = ReviewSession(data, replay.frames(data["events"], length=length))
    while session.step(1.0):
        pass
    return session


def attrs(html, name):
    return re.findall(rf'{name}="([^"]*)"', html)


def test_a_point_per_checker_play_with_the_review_s_values():
    session = reviewed()
    moves = [e for e in session.entries() if e["kind"] == "move" and e["played"]]
    html = graph_html(session, 0, translator("en"), ("Ann", "Bob"))
    assert attrs(html, "data-decision") == [str(e["index"]) for e in moves]
    assert attrs(html, "data-frame")[:len(moves)] == [str(session.frame_of(e)) for e in moves]
    # match play: the match winning chance after the play, for player 0
    for value, entry in zip(attrs(html, "data-value"), moves):
        mwc = next(r["mwc"] for r in entry["top"] if r["move"] == entry["played"])
        assert abs(float(value) - (mwc if entry["player"] == 0 else 1 - mwc)) < 1e-6


def test_money_play_shows_the_chance_of_winning_the_game_for_either_player():
    session = reviewed(length=0)
    moves = [e for e in session.entries() if e["kind"] == "move" and e["played"]]
    for player in (0, 1):
        values = [p.value for p in points(session, player)]
        expected = [e["win"] if e["player"] == player else 1 - e["win"] for e in moves]
        assert [round(v, 6) for v in values] == [round(v, 6) for v in expected]
    assert "winning the game" in graph_html(session, 0, translator("en"), ("Ann", "Bob"))


def test_errors_blunders_and_big_luck_are_marked_by_shape():
    session = reviewed()
    html = graph_html(session, 0, translator("en"), ("Ann", "Bob"))
    marked = [p for p in points(session, 0) if p.mark in ("error", "blunder")]
    assert marked, "the 6-5 played 8/3 8/2 is a blunder"
    assert html.count('class="graph-mark"') == len(marked)
    lucky = [p for p in points(session, 0) if abs(p.luck) >= BIG_LUCK]
    assert html.count('class="graph-luck') == len(lucky)


def test_the_point_of_the_frame_shown_is_current_and_the_table_says_the_same_in_both_languages():
    session = reviewed()
    frame = points(session, 0)[1].frame
    html = graph_html(session, 0, translator("fr"), ("Ann", "Bob"), frame=frame)
    assert html.count('aria-current="true"') == 1
    assert re.search(rf'data-frame="{frame}"[^>]*aria-current="true"', html)
    assert "Ann : chances de gagner le match" in html and "Les mêmes chances dans un tableau" in html
    rows = re.findall(r'<tr data-frame="(\d+)"', html)
    assert rows == [str(p.frame) for p in points(session, 0)]
    assert "\u00a0%" in html                 # French writes 52,0 % with a no-break space


def test_the_review_panel_carries_the_graph_and_a_replayed_frame_moves_its_mark():
    app = Controller()
    app.boot("?mode=hotseat&length=3&seed=graph")
    for _ in range(6):
        app.roll()
        if app.match.turn.no_move:
            app.done()
            continue
        play = next(iter(app.match.game.position.legal_moves(app.match.turn.dice)))
        app.type_move(str(play))
        app.done()
    assert app.start_review()
    while app.review_step(10.0):
        pass
    graph = app.modes.top().panel()["graph_html"]
    decisions = attrs(graph, "data-decision")
    assert len(decisions) == 6
    frame = int(attrs(graph, "data-frame")[2])
    app.replay_go(frame)
    again = app.modes.top().panel()["graph_html"]
    assert re.search(rf'data-frame="{frame}"[^>]*aria-current="true"', again)

"""The review shows plays on the board (issue 33, point 2): the position before a checker play
with the play drawn over it, every candidate row a button that shows its play, all the legal
plays kept (the best few listed, the rest folded), in English and French."""

import json
import re
from html import unescape

import pytest

from game.bot.analysis import TOP
from game.position import Position
from game.app.review.panel import ReviewSession, panel
from game.app.text.i18n import translator
from game.app.view.last_moves import preview_of
from tests.test_ui_review import reviewed_app


@pytest.fixture(scope="module")
def reviewed():
    # the same game's review as tests/test_ui_review.py's, made once per process
    app, _first, _halfway = reviewed_app()
    return app


def drawn(preview):
    """The play a preview draws (its player, paths and hits), its verdict left out."""
    return None if preview is None else (preview.player, preview.paths, preview.hits)


def buttons(html):
    """The plays the panel offers as buttons, in order."""
    return [unescape(p) for p in re.findall(r'<button type="button" class="review-play-row" '
                                            r'data-review-play="([^"]*)"', html)]


def wide_entry(session, past_top=False):
    """A checker play with more legal plays than the panel lists before its fold."""
    return next(e for e in session.entries() if e["kind"] == "move" and e["plays"] > TOP + 1
                and (not past_top or e["rank"] > TOP))


def test_the_analysis_keeps_every_legal_play_ranked(reviewed):
    result = reviewed.review.result()
    moves = [e for e in result["entries"] if e["kind"] == "move"]
    for entry in moves:
        ranked = entry["top"]
        assert len(ranked) == entry["plays"]                     # every play, not only the best 5
        assert [row["rank"] for row in ranked] == list(range(1, entry["plays"] + 1))
        losses = [row["loss"] for row in ranked]
        assert losses == sorted(losses) and losses[0] == 0.0
        assert len({row["move"] for row in ranked}) == entry["plays"]
        assert ranked[entry["rank"] - 1]["move"] == entry["played"]
    # the legal plays themselves: as many as the engine finds for that roll
    entry = wide_entry(reviewed.review)
    position = Position.from_position_id(entry["position_id"])
    legal = {str(move) for move in position.legal_moves(tuple(entry["dice"]))}
    assert legal == {row["move"] for row in entry["top"]}


def test_a_checker_play_is_shown_before_it_is_made_with_the_play_drawn(reviewed):
    app = reviewed
    session = app.review
    entry = wide_entry(session)
    frame = session.frame_of(entry)
    app.replay_go(frame)
    view = app.view()
    before = Position.from_position_id(entry["position_id"])
    player = entry["player"]
    assert view.board.counts[player] == tuple(before.mine)
    assert view.board.counts[1 - player] == tuple(before.theirs)
    assert tuple(view.board.dice) == tuple(entry["dice"]) and view.board.dice_player == player
    assert drawn(view.board.preview) == drawn(preview_of(player, entry["played"]))
    assert view.position_id == entry["position_id"] and view.match_id == entry["match_id"]
    assert '<g class="preview">' in view.board_svg
    # the replay itself (no review) still shows the board after the move, unmarked
    plain = app.replay.view()
    assert plain.board.preview is None and plain.board.counts != view.board.counts


def test_frames_without_a_checker_play_are_the_replays_own(reviewed):
    app = reviewed
    app.replay_go(0)
    assert app.review.board_at(0) is None
    assert app.view().board.preview is None


def test_each_row_is_a_button_the_played_one_marked_and_the_rest_folded(reviewed):
    app = reviewed
    session = app.review
    entry = wide_entry(session)
    app.replay_go(session.frame_of(entry))
    html = app.view().review["detail_html"]
    offered = buttons(html)
    ranked = [row["move"] for row in entry["top"]]
    # the best TOP first, then (folded) the rest: every legal play once (the one made twice
    # when it is past the first TOP: listed with them as well)
    extra = [entry["played"]] if entry["rank"] > TOP else []
    assert offered == ranked[:TOP] + extra + ranked[TOP:]
    assert f"All {entry['plays']} plays" in html and '<details class="review-more">' in html
    played = re.search(r'<tr class="([^"]*)" data-review-play="([^"]*)"><th scope="row"><button[^>]*>'
                       r'[^<]*</button> <span class="played-tag">played</span>', html)
    assert played and "played" in played.group(1) and unescape(played.group(2)) == entry["played"]
    assert html.count('aria-pressed="true"') == (2 if extra else 1)       # the play shown: the one made
    french = panel(session, session.frame_of(entry), translator("fr"), ("Ann", "Bob"))["detail_html"]
    assert f"Les {entry['plays']} coups possibles" in french and ">joué<" in french


def test_clicking_a_row_keeps_its_play_drawn_and_hovering_only_previews(reviewed):
    app = reviewed
    session = app.review
    entry = wide_entry(session)
    frame = session.frame_of(entry)
    app.replay_go(frame)
    other = next(row["move"] for row in entry["top"] if row["move"] != entry["played"])
    # pointed at: the board with that play, the review unchanged
    board = app.review_preview(other)
    assert drawn(board.preview) == drawn(preview_of(entry["player"], other))
    assert drawn(app.view().board.preview) == drawn(preview_of(entry["player"], entry["played"]))
    # clicked: it stays drawn, its row pressed, the played row still marked
    effects = app.review_show(other)
    assert effects.board
    view = app.view()
    assert drawn(view.board.preview) == drawn(preview_of(entry["player"], other))
    html = view.review["detail_html"]
    pressed = re.findall(r'data-review-play="([^"]*)" aria-pressed="true"', html)
    assert [unescape(p) for p in pressed] == [other]
    assert 'class="played-tag"' in html
    # a play that is not one of that roll's: nothing changes
    assert app.review_preview("24/1") is None
    app.review_show("24/1")
    assert drawn(app.view().board.preview) == drawn(preview_of(entry["player"], other))
    # another frame shows its own play made; back here, the chosen one again
    app.replay_go(frame + 1)
    app.replay_go(frame)
    assert drawn(app.view().board.preview) == drawn(preview_of(entry["player"], other))


def test_a_play_past_the_first_few_opens_the_fold_when_shown(reviewed):
    app = reviewed
    session = app.review
    entry = wide_entry(session)
    app.replay_go(session.frame_of(entry))
    last = entry["top"][-1]["move"]
    app.review_show(last)
    html = app.view().review["detail_html"]
    assert '<details class="review-more" open>' in html
    assert re.search(r'data-review-play="([^"]*)" aria-pressed="true"', html).group(1) == \
        last.replace("&", "&amp;")


def test_a_play_tried_by_its_text_is_drawn_too():
    from game.dice import ManualDice
    from game.match import Match, MatchConfig
    from game import replay

    match = Match(MatchConfig(length=3), ManualDice([3, 1, 6, 5]))
    match.roll(); match.play_text("8/5 6/5"); match.roll(); match.play_text("8/3 8/2")
    data = match.to_dict()
    session = ReviewSession(data, replay.frames(data["events"], length=3))
    while session.step():
        pass
    assert session.board_at(2)["play"] == "8/3 8/2"
    session.weigh(2, "24/13")
    shown = session.board_at(2)
    assert shown["play"] == "24/13" and drawn(shown["preview"]) == drawn(preview_of(1, "24/13"))
    assert shown["counts"][0] == tuple(Position.from_position_id(data["events"][-1]["position_id"]).theirs)
    session.weigh(2, "24/23")                                   # illegal: the board keeps 24/13
    assert session.board_at(2)["play"] == "24/13"


def test_keeping_every_play_costs_little(reviewed):
    """All the plays, ranked, against the best five only: the review's data (JSON) grows by a
    few times, staying under 200 bytes a play and well under a megabyte for a whole match."""
    result = reviewed.review.result()
    moves = [e for e in result["entries"] if e["kind"] == "move"]
    plays = sum(len(e["top"]) for e in moves)
    size = len(json.dumps(result))
    trimmed = json.dumps(dict(result, entries=[dict(e, top=e["top"][:TOP]) for e in result["entries"]]))
    assert plays > sum(min(TOP, len(e["top"])) for e in moves)
    assert (size - len(trimmed)) / max(1, plays - sum(min(TOP, len(e["top"])) for e in moves)) < 200
    assert size < 1_000_000


SIGNS = {"doubtful": "?!", "error": "?", "blunder": "??"}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_record_and_the_list_carry_the_analysts_signs(reviewed, language):
    """Issue 33: the marks as the analysis programs write them, ?! doubtful, ? an error, ?? a
    blunder, after the line of each marked decision in the record and in the review's list."""
    app = reviewed
    app.set_language(language, remember=False)
    session = app.review
    worst = {}
    for entry in session.entries():
        if entry["mark"]:
            frame = session.frame_of(entry)
            if list(SIGNS).index(entry["mark"]) >= list(SIGNS).index(worst.get(frame, "doubtful")):
                worst[frame] = entry["mark"]
    assert worst
    app.replay_go(min(worst))
    view = app.view()
    lines = {int(f): text for f, text in re.findall(
        r'data-frame="(\d+)"[^>]*><span class="who">[^<]*</span> <span class="what">([^<]*)</span>',
        view.record_html)}
    assert set(lines) & set(worst)
    for frame, text in lines.items():
        last = unescape(text).rsplit(" ", 1)[-1]
        if frame in worst:
            assert last == SIGNS[worst[frame]], (frame, text)
        else:
            assert last not in SIGNS.values(), (frame, text)
    tr = translator(language)
    listed = unescape(view.review["list_html"])
    for mark in {m for m in worst.values()}:
        assert f'aria-hidden="true">{SIGNS[mark]}</span> {tr("mark." + mark)}</span>' in listed
    app.set_language("en", remember=False)


def test_the_best_play_is_drawn_beside_the_one_made_in_its_own_colour(reviewed):
    """Issue 33: as the analysis programs show it, the play made and the best one on the board
    together: the best in ``<g class="best-play">`` (green), none when the play shown is the best."""
    app = reviewed
    session = app.review
    entry = next(e for e in session.entries() if e["kind"] == "move" and e["rank"] > 1)
    best = entry["top"][0]["move"]
    app.replay_go(session.frame_of(entry))
    app.review_show(entry["played"])
    view = app.view()
    assert drawn(view.board.preview) == drawn(preview_of(entry["player"], entry["played"]))
    assert drawn(view.board.best_play) == drawn(preview_of(entry["player"], best))
    svg = view.board_svg
    best_group, shown_group = re.compile(r'<g class="best-play[ "]'), re.compile(r'<g class="preview[ "]')
    assert len(best_group.findall(svg)) == 1 and len(shown_group.findall(svg)) == 1
    assert best_group.search(svg).start() < shown_group.search(svg).start()      # under the one shown
    app.review_show(best)                                   # the best row clicked: drawn once
    view = app.view()
    assert drawn(view.board.preview) == drawn(preview_of(entry["player"], best)) and view.board.best_play is None
    assert not re.search(r'<g class="best-play[ "]', view.board_svg)
    assert ("green" if app.language == "en" else "vert") in view.review["detail_html"]
    app.review_show(entry["played"])


def test_the_play_shown_carries_its_verdict_and_the_best_play_is_best(reviewed):
    """Issue 43, part 4: the arrows of the play shown are coloured by the review's mark."""
    from game.bot.analysis import mark
    session = reviewed.review
    entry = wide_entry(session)
    frame = session.frame_of(entry)
    for row in entry["top"][:6]:
        board = session.board_at(frame, row["move"])
        expected = "best" if row["rank"] == 1 else mark(row["loss"])
        assert board["preview"].verdict == expected
        if row["rank"] > 1:
            assert board["best_play"].verdict == "best"

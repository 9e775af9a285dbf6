"""The last play of each side marked on the board (game/app/view/last_moves.py, drawn by
game/app/view/geometry.py, board_svg.py): the points left and reached, a hit; only the play just made is
marked, until the next one is made; a hovered hint's play drawn without changing the match."""

from game.app.view.last_moves import LastMove, Preview, last_moves
from game.app.view.board_svg import board_svg
from game.app.view.board_patch import parse
from ui_helpers import make


def _marks(svg):
    """``{class: [(data-player, ...)]}`` of the last-move and preview marks drawn."""
    found = {}
    for node in parse(svg).walk():
        classes = node.attrs.get("class", "").split()
        for kind in ("last-area", "last-from", "last-to", "last-hit", "preview-ghost",
                     "preview-from", "preview-hit", "preview-path"):
            if kind in classes:
                found.setdefault(kind, []).append(node.attrs)
    return found


def test_only_the_play_just_made_is_marked_until_the_next_one_is_made():
    # Given: player 0 opens with 3-1 and plays 8/5 6/5
    app = make([3, 1, 6, 4, 5, 2])
    app.roll()
    assert app.view().board.last_moves == ()
    assert app.type_move("8/5 6/5")
    assert app.view().board.last_moves == ()        # steps made, not yet played: no mark
    app.done()
    # Then: his play is marked, while player 1 has not rolled
    assert app.view().board.last_moves == (LastMove(0, (6, 8), (5,), ()),)
    # When: player 1 rolls, player 0's play stays marked while he thinks
    app.roll()
    assert [m.player for m in app.view().board.last_moves] == [0]
    assert app.type_move("24/18 13/9")
    app.done()
    # Then: player 1's play takes its place: one side's marks at a time, never both
    assert app.view().board.last_moves == (LastMove(1, (13, 24), (9, 18), ()),)
    app.roll()
    assert app.view().board.last_moves == (LastMove(1, (13, 24), (9, 18), ()),)
    drawn = _marks(app.view().board_svg)
    assert {a["data-player"] for a in drawn["last-to"]} == {"1"}


def test_a_hit_is_marked_where_it_happened_and_drawn_as_a_cross():
    # player 0 plays 3-1; player 1 6-4 leaves a blot on his 9 (player 0's 16): player 0's 5-2...
    app = make([3, 1, 6, 4, 6, 3])
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    app.roll()
    app.type_move("24/18 13/9")         # player 1's 9 is player 0's 16, his 18 our 7
    app.done()
    app.roll()
    assert app.type_move("13/7* 13/10")  # 6-3: hits the blot on our 7
    app.done()
    marks = app.view().board.last_moves
    mine = next(m for m in marks if m.player == 0)
    assert mine.hits
    drawn = _marks(app.view().board_svg)
    assert [a["data-player"] for a in drawn["last-hit"]] == ["0"]
    # the other side's older play (player 1's 24/18 13/9) is no longer marked
    assert {a["data-player"] for a in drawn["last-to"]} == {"0"}


def test_no_marks_after_a_new_game_starts():
    events = [{"type": "game_start"}, {"type": "roll", "player": 0, "dice": [3, 1]},
              {"type": "move", "player": 0, "dice": [3, 1], "move": "8/5 6/5"},
              {"type": "win", "player": 0}, {"type": "game_start"}]
    assert last_moves(events) == ()
    assert last_moves(events[:3])[0].targets == (5,)


def test_a_pass_leaves_no_mark_and_drops_the_older_one():
    events = [{"type": "game_start"}, {"type": "move", "player": 1, "dice": [3, 1], "move": "8/5 6/5"},
              {"type": "roll", "player": 1, "dice": [6, 6]}, {"type": "pass", "player": 1, "dice": [6, 6]}]
    assert last_moves(events) == ()


def test_marks_drawn_for_both_sides_in_their_own_shapes():
    app = make([3, 1, 6, 4])
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    drawn = _marks(app.view().board_svg)
    # two points left (dashed rings), one reached (a solid ring), tinted under the checkers
    assert len(drawn["last-from"]) == 2 and len(drawn["last-to"]) == 1
    assert len(drawn["last-area"]) == 3
    assert all(a["class"].split()[-1] in ("top", "bottom") for a in drawn["last-area"])


def test_a_previewed_play_is_drawn_and_the_match_is_untouched():
    from dataclasses import replace

    app = make([3, 1])
    app.roll()
    board = app.view().board
    before = app.match.position_id()
    svg = board_svg(replace(board, preview=Preview(0, ((8, 5), (6, 5)), ())))
    drawn = _marks(svg)
    assert len(drawn["preview-ghost"]) == 2          # two ghosts stacked on the 5 point
    assert len({(a["cx"], a["cy"]) for a in drawn["preview-ghost"]}) == 2
    assert len(drawn["preview-from"]) == 2
    assert app.match.position_id() == before
    assert board_svg(board) == app.view().board_svg  # the board without the preview unchanged

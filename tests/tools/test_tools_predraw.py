"""tools/predraw.py: the first screen drawn into index.html by the app's own renderer."""

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import predraw  # noqa: E402

from game.app.view.board_svg import board_svg  # noqa: E402
from game.app.view.geometry import BoardView  # noqa: E402


def test_index_html_holds_the_drawings_of_this_code():
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    assert predraw.render_index(index, predraw.drawings()) == index, "stale: run `make vendor`"


def test_the_opening_position_is_the_renderer_s_own_drawing_in_both_languages_and_shapes():
    for language in predraw.LANGUAGES:
        for shape, (upright, compact) in predraw.SHAPES.items():
            drawing = predraw.drawing(language, shape)
            assert drawing["board"].count('class="checker') == 30
            # the same points as the renderer's starting position, whatever the labels
            plain = board_svg(BoardView(upright=upright, compact=compact))
            assert drawing["board"].count("<polygon") == plain.count("<polygon")
            assert drawing["buttons"]["roll"] == [True, True]
    assert "Plateau" in predraw.drawing("fr", "flat")["board"]


def test_rendering_twice_changes_nothing_and_the_data_block_cannot_end_early():
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    table = predraw.drawings()
    table["fr-flat"] = dict(table["fr-flat"], message="</script><b>")
    once = predraw.render_index(index, table)
    assert predraw.render_index(once, table) == once
    block = once.split('<script type="application/json" id="predrawn">')[1].split("</script>")[0]
    assert json.loads(block)["drawings"]["fr-flat"]["message"] == "</script><b>"

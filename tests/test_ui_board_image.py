"""game/app/view/board_image.py: the board image for worksheets shows the board's checkers, with or
without the point numbers, nothing clickable, in app.css's colours; the page's board is as before."""

import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from game.app.view.board_image import PALETTE, board_image, image_name
from game.app.view.board_svg import board_svg
from game.app.view.geometry import BoardView
from ui_helpers import make, slot

CSS = Path(__file__).resolve().parent.parent / "static" / "css" / "app.css"
NS = "{http://www.w3.org/2000/svg}"


def checkers(svg):
    """``Counter({(player, point): n})`` of the checkers an SVG text draws."""
    root = ET.fromstring(svg.split("?>", 1)[-1])
    found = Counter()
    for element in root.iter():
        if "checker" in (element.get("class") or "").split():
            found[(element.get("data-player"), element.get("data-point"))] += 1
    return found


def midgame_view():
    app = make([3, 1, 6, 4])
    app.roll()
    app.click(slot(app, 8), 0)                       # a checker picked: targets on the board
    return app.view().board


def test_the_palette_is_app_css_light_theme():
    css = CSS.read_text(encoding="utf-8")
    root = css[css.index(":root {"):]
    root = root[:root.index("}")]
    values = dict(re.findall(r"(--[\w-]+):\s*([^;]+);", root))
    assert {name: values[name] for name in PALETTE} == PALETTE


def test_the_image_shows_the_same_checkers_as_the_board():
    view = midgame_view()
    image = board_image(view)
    assert checkers(image) == checkers(board_svg(view))
    assert sum(checkers(image).values()) == 30
    for player in (0, 1):
        for point in range(1, 25):
            assert checkers(image)[(str(player), str(point))] == view.counts[player][point - 1]


def test_with_or_without_point_numbers_and_nothing_to_click():
    view = midgame_view()
    assert "movable" in board_svg(view) and 'class="target"' in board_svg(view)
    with_numbers, without = board_image(view, numbers=True), board_image(view, numbers=False)
    for image in (with_numbers, without):
        root = ET.fromstring(image.split("?>", 1)[-1])
        assert (root.get("width"), root.get("height")) == ("952", "700")
        classes = " ".join(e.get("class") or "" for e in root.iter()).split()
        assert not {"movable", "selected", "target", "target-rim", "mark"} & set(classes)
        assert "var(--" not in image
    numbers = lambda svg: sorted(int(t.text) for t in ET.fromstring(svg.split("?>", 1)[-1]).iter(f"{NS}text")
                                 if t.get("class") == "point-number")
    assert numbers(with_numbers) == list(range(1, 25)) and numbers(without) == []


def test_the_pages_board_keeps_its_numbers():
    assert board_svg(BoardView()).count('<text class="point-number"') == 24
    assert board_svg(BoardView()) == board_svg(BoardView(point_numbers=True))
    assert board_svg(BoardView(point_numbers=False)).count('class="point-number"') == 0


def test_a_title_is_escaped_and_file_names_are_safe():
    image = board_image(BoardView(), title="<b> & 4HPwATDgc/ABMA")
    assert "<title>&lt;b&gt; &amp; 4HPwATDgc/ABMA</title>" in image
    assert image_name("4HPwATDgc/ABMA", "svg") == "backgammon-4HPwATDgc-ABMA.svg"
    assert image_name("a+b/c", "png") == "backgammon-a-b-c.png"
    assert image_name("", "png") == "backgammon-board.png"

"""The page on a phone, portrait 375x667 and landscape 667x375, in French and English:
the board as wide (or as high) as the screen allows, the tap targets measured, Roll / Done /
Undo and the move box on screen without scrolling, and no name cut by a scrollbar."""

import pytest
from app_driver import click, open_app

# what the board's geometry gives (game/ui/render.py: 952 x 700 user units, points 60 wide,
# the field's halves 310 high, the dice's area 124 x 76)
WIDTH, POINT, HALF, DICE_H = 952, 60, 310, 76

MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const q = s => document.querySelector(s);
  const out = {board: box(q('#board svg')), hit: box(q('#board .hit[data-slot="p6"]')),
    checker: box(q('#board circle.checker')), vw: innerWidth, vh: innerHeight,
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight]};
  for (const id of ['roll', 'done', 'undo', 'move-input']) out[id] = box(q('#' + id));
  const dice = q('#board .dice'), die = q('#board .die');
  out.dice = dice && box(dice);
  out.die = die && box(die);
  return out;
}"""


def phone(browser, width, height):
    return browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2,
                               has_touch=True)


def on_screen(rect, m):
    return rect["w"] > 0 and rect["x"] >= 0 and rect["y"] >= 0 and \
        rect["x"] + rect["w"] <= m["vw"] + 0.5 and rect["y"] + rect["h"] <= m["vh"] + 0.5


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(375, 667), (667, 375)], ids=["portrait", "landscape"])
def test_a_phone_has_the_board_and_the_turns_controls_on_screen(browser, base_url, size, lang):
    width, height = size
    context = phone(browser, width, height)
    try:
        page = context.new_page()
        open_app(page, f"{base_url}/?mode=hotseat&seed=phone", prefs={"language": lang, "animate": False})
        for moment in ("load", "rolled"):
            m = page.evaluate(MEASURE)
            # the page itself does not scroll: the side panel does, under the turn's controls
            assert m["scroll"] == [width, height], (moment, m["scroll"])
            for name in ("roll", "done", "undo", "move-input"):
                assert on_screen(m[name], m), (moment, name, m[name])
            board, hit = m["board"], m["hit"]
            scale = board["w"] / WIDTH
            if width < height:
                assert board["w"] >= width - 0.5          # portrait: edge to edge
            else:
                assert board["h"] >= height - 60          # landscape: as high as the screen allows
                assert board["w"] >= 440
            # a checker is picked by a tap anywhere on its point: the point's whole column
            assert hit["w"] == pytest.approx(POINT * scale, abs=0.5) and hit["w"] >= 23
            assert hit["h"] == pytest.approx(HALF * scale, abs=0.5) and hit["h"] >= 120
            assert m["checker"]["w"] >= 19
            if moment == "rolled":
                assert m["dice"]["h"] == pytest.approx(DICE_H * scale, abs=0.5) and m["dice"]["h"] >= 29
                assert m["dice"]["w"] >= 48 and m["die"]["w"] >= 18
            else:
                click(page, "#roll")
        print(lang, size, {k: m[k] for k in ("board", "hit", "checker", "dice", "die")})
    finally:
        context.close()


def test_a_long_name_is_not_cut_at_phone_size(browser, base_url):
    """Headless Firefox draws a 12 px page scrollbar: "Ordinateur (Intermédiaire)" lost its
    last letters there. The page no longer scrolls on a phone, and a long name wraps."""
    context = phone(browser, 375, 667)
    try:
        page = context.new_page()
        open_app(page, f"{base_url}/?mode=bot&level=intermediate&seed=names", prefs={"language": "fr", "animate": False})
        names = page.evaluate("""[...document.querySelectorAll('.player .name')].map(n =>
            ({text: n.textContent, sw: n.scrollWidth, cw: n.clientWidth, sh: n.scrollHeight, ch: n.clientHeight}))""")
        assert any(n["text"] == "Ordinateur (Intermédiaire)" for n in names), names
        for name in names:
            assert name["sw"] <= name["cw"] and name["sh"] <= name["ch"] + 1, name
    finally:
        context.close()

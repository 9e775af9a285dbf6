"""The palette of static/css/app.css meets WCAG AA contrast, read from the stylesheet itself.

Text needs 4.5:1 against its background; the parts of the board a player must
see (a checker's edge, the signs on what can move, where it may go, the
keyboard's focus) need 3:1 against every colour they sit on (WCAG 1.4.11).
A checker or a sign drawn in two tones (a fill and a rim) passes when one of
its tones does.  Contrast is a ratio of lightness, the same for every kind of
colour vision, so nothing here depends on telling hues apart: the highlights
are also shapes (a ring, a disc, a dashed circle).  The projector size only
makes everything larger; the colours are the same.
"""

import pathlib
import re

import pytest

CSS = (pathlib.Path(__file__).resolve().parent.parent / "static" / "css" / "app.css").read_text()


def variables():
    root = re.search(r":root\s*{(.*?)}", CSS, re.S).group(1)
    return {name: value.lower() for name, value in re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})\b", root)}


VAR = variables()


def declared(selector, prop):
    """The colour ``prop`` gets in the rule for ``selector`` (a literal or a var())."""
    rule = re.search(re.escape(selector) + r"\s*{([^}]*)}", CSS)
    assert rule, selector
    value = re.search(rf"(?:^|[;\s]){prop}:\s*([^;]+);", rule.group(1)).group(1).strip()
    found = re.fullmatch(r"var\(--([\w-]+)\)", value)
    return VAR[found.group(1)] if found else value.lower()


def luminance(colour):
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    channels = [int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a, b):
    """WCAG contrast ratio of two colours.

    >>> round(contrast("#000", "#fff"), 1)
    21.0
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def best(tones, surface):
    return max(contrast(tone, surface) for tone in tones)


TEXT = [
    ("ink on the page", VAR["ink"], VAR["page"]),
    ("ink on the panels", VAR["ink"], VAR["panel"]),
    ("muted text on the panels", VAR["muted"], VAR["panel"]),
    ("muted text on the page", VAR["muted"], VAR["page"]),
    ("the status line", VAR["ink"], declared("#message", "background")),
    ("'to play' beside a name", VAR["accent"], VAR["panel"]),
    ("a primary button", VAR["accent-ink"], VAR["accent"]),
    ("the top bar", declared("#topbar", "color"), VAR["wood"]),
    ("point numbers on the frame", declared(".board-svg .point-number", "fill"), VAR["wood"]),
    ("pip counts on the trays", declared(".board-svg .pips", "fill"), VAR["tray"]),
    ("a stack's count on a light checker", declared(".board-svg .count.light", "fill"), VAR["light"]),
    ("a stack's count on a dark checker", declared(".board-svg .count.dark", "fill"), VAR["dark"]),
    ("the cube's number", declared(".board-svg .cube-value", "fill"), declared(".board-svg .cube-face", "fill")),
]

SURFACES = {"felt": VAR["felt"], "light point": VAR["point-a"], "dark point": VAR["point-b"],
            "bar": VAR["wood-2"]}
CHECKERS = {"light checker": (VAR["light"], VAR["light-rim"]), "dark checker": (VAR["dark"], VAR["dark-rim"])}


@pytest.mark.parametrize("name, ink, background", TEXT, ids=[t[0] for t in TEXT])
def test_text_has_aa_contrast(name, ink, background):
    assert contrast(ink, background) >= 4.5, (name, ink, background, contrast(ink, background))


@pytest.mark.parametrize("checker", sorted(CHECKERS))
@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_each_checker_stands_out_on_every_surface_it_sits_on(checker, surface):
    assert best(CHECKERS[checker], SURFACES[surface]) >= 3, (checker, surface)


@pytest.mark.parametrize("state", [".board-svg .checker.movable", ".board-svg circle.checker.selected"])
def test_a_checker_that_can_move_or_is_picked_keeps_its_edge(state):
    """Its rim is not repainted in gold (gold on a light point, or next to a light checker,
    would hide its edge): the two-tone sign over it says the state."""
    rule = re.search(re.escape(state) + r"\s*{([^}]*)}", CSS).group(1)
    assert not re.search(r"(^|[;\s])stroke:", rule), rule


def test_light_and_dark_checkers_differ_by_lightness():
    assert contrast(VAR["light"], VAR["dark"]) >= 7


@pytest.mark.parametrize("checker", sorted(CHECKERS))
def test_the_signs_on_a_checker_show_on_both_colours(checker):
    """The ring on a checker that can move and the disc on the one picked: gold on a dark rim."""
    sign = (VAR["gold"], declared(".board-svg .mark-rim", "stroke"))
    assert best(sign, CHECKERS[checker][0]) >= 3


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_where_a_checker_may_go_shows_on_every_surface(surface):
    marker = (declared(".board-svg .target", "fill").split(",")[0], declared(".board-svg .target-rim", "stroke"))
    tones = (VAR["gold"] if marker[0].startswith("rgba") else marker[0], marker[1])
    assert best(tones, SURFACES[surface]) >= 3


@pytest.mark.parametrize("surface", sorted({**SURFACES, "tray": VAR["tray"], "frame": VAR["wood"],
                                           "light checker": VAR["light"], "dark checker": VAR["dark"]}))
def test_the_keyboard_focus_on_the_board_shows_on_everything(surface):
    colours = {**SURFACES, "tray": VAR["tray"], "frame": VAR["wood"], "light checker": VAR["light"],
               "dark checker": VAR["dark"]}
    ring = (declared(".board-svg .place .ring-in", "stroke"), declared(".board-svg .place .ring-out", "stroke"))
    assert best(ring, colours[surface]) >= 3


@pytest.mark.parametrize("background", ["page", "panel"])
def test_the_page_focus_ring_shows_on_the_page_and_the_panels(background):
    assert contrast(VAR["focus"], VAR[background]) >= 3


# --- the two themes: every panel text on every panel surface, light and dark ---------------------

def theme(name):
    """The variables of a theme: the light one (:root), or the dark one laid over it."""
    values = dict(VAR)
    if name == "dark":
        block = re.search(r':root\[data-theme="dark"\]\s*{(.*?)}', CSS, re.S).group(1)
        values.update({n: v.lower() for n, v in re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})\b", block)})
    return values


# (text, surface it is written on): the pairs the page shows in its panels
PANEL_PAIRS = [
    ("ink", "page"), ("ink", "panel"), ("muted", "panel"), ("muted", "page"), ("ink", "panel-2"),
    ("accent", "panel"), ("accent-ink", "accent"), ("ink", "field"), ("ink", "best"), ("ink", "current"),
    ("ink", "info"), ("ink", "soft"), ("ink", "readonly"), ("ink", "paper"), ("ink", "ok-bg"),
    ("ink", "ok-bg-2"), ("ink", "bad-bg"), ("ink", "warn-bg"), ("danger-ink", "panel"),
    ("danger-ink", "field"), ("lesson-ink", "field"), ("facts-ink", "field"), ("ok-ink", "panel"),
]


@pytest.mark.parametrize("name", ["light", "dark"])
@pytest.mark.parametrize("ink, surface", PANEL_PAIRS, ids=[f"{a}-on-{b}" for a, b in PANEL_PAIRS])
def test_every_panel_text_reads_in_both_themes(name, ink, surface):
    colours = theme(name)
    assert contrast(colours[ink], colours[surface]) >= 4.5, (name, ink, surface)


@pytest.mark.parametrize("name", ["light", "dark"])
@pytest.mark.parametrize("surface", ["page", "panel", "field"])
def test_the_focus_ring_shows_in_both_themes(name, surface):
    colours = theme(name)
    assert contrast(colours["focus"], colours[surface]) >= 3


def test_the_dark_theme_changes_every_panel_colour_and_no_board_colour():
    light, dark = theme("light"), theme("dark")
    panels = {name for pair in PANEL_PAIRS for name in pair}
    assert all(dark[name] != light[name] for name in panels), [n for n in panels if dark[n] == light[n]]
    for name in ("wood", "felt", "point-a", "point-b", "light", "dark", "gold", "tray"):
        assert dark[name] == light[name]
    # and the page really is dark: its text is lighter than its background
    assert luminance(dark["page"]) < 0.05 < 0.6 < luminance(dark["ink"])

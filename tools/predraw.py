"""Draw the first screen into index.html at build time, with the app's own renderer.

A first visit shows a real board before Python has started: this tool runs the app's
controller and renderer in CPython (the same code Pyodide runs in the page) on a fresh
store, exactly as a first visit boots (no saved match, no link), and writes what the
page would draw into index.html between two marker comments:

- the opening position in English on a flat board is written in place, in ``#board``,
  the players' panels, the status line and the match line, so the page shows it even
  before any script runs;
- the five other drawings (French, and the board upright for a phone held upright or
  compact for a phone held sideways, in both languages) go in a JSON data block
  (``<script type="application/json" id="predrawn">``, never run: the CSP's
  ``script-src 'self'`` allows it); static/js/boot-board.js puts the one that fits the
  screen and the language in place before the first paint.

A drawing is ``{"board", "top", "bottom", "top_on_roll", "bottom_on_roll", "message",
"warn", "info", "position_id", "match_id", "buttons"}``: what ``game``'s web glue draws on those elements, and the
same shape as the copy of the last drawing the app keeps at each save.

It also writes static/vendor/build.js: ``window.BACKGAMMON_BUILD``, a hash of game.zip
and index.html. The copy of the last drawing carries the build that drew it; a page of
another build never shows it. Run after tools/pack.py (``make vendor`` does). Both files
are rewritten only when their bytes change.

Usage: python3 tools/predraw.py [--check]   (--check: exit 1 when index.html is stale)
"""

import hashlib
import html
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

INDEX = ROOT / "index.html"
BUILD_JS = ROOT / "static" / "vendor" / "build.js"
GAME_ZIP = ROOT / "static" / "vendor" / "game.zip"
LANGUAGES = ("en", "fr")
#: the board's shapes (the page's media queries, game/web/page.py's UPRIGHT and SIDEWAYS)
SHAPES = {"flat": (False, False), "upright": (True, False), "compact": (False, True)}
DEFAULT = "en-flat"
#: which element of index.html takes which part of a drawing (inner HTML or text)
IN_PLACE = {"board": ("board", "html"), "top": ("player-top", "html"),
            "bottom": ("player-bottom", "html"), "message": ("message", "text"),
            "info": ("match-info", "text"), "position_id": ("position-id", "text"),
            "match_id": ("match-id", "text")}
BEGIN = "<!-- predrawn:{part} (tools/predraw.py writes this, make vendor) -->"
END = "<!-- /predrawn:{part} -->"


def drawing(language: str, shape: str) -> dict:
    """What a first visit in ``language`` draws on a board of ``shape``."""
    from game.app.controller import Controller
    from game.app.keep.storage import MemoryStore
    app = Controller(MemoryStore())
    app.boot("", [language])
    app.upright, app.compact = SHAPES[shape]
    view = app.view()
    return {"board": view.board_svg, "top": view.top_html, "bottom": view.bottom_html,
            "top_on_roll": view.top_on_roll, "bottom_on_roll": view.bottom_on_roll,
            "message": view.message, "warn": view.warn, "info": view.info,
            "position_id": view.position_id, "match_id": view.match_id,
            "buttons": {name: list(state) for name, state in view.buttons.items()}}


def drawings() -> dict:
    return {f"{language}-{shape}": drawing(language, shape)
            for language in LANGUAGES for shape in SHAPES}


def _replace_inside(text: str, element_id: str, part: str, content: str) -> str:
    """Put ``content`` between the markers of ``part`` inside the element ``element_id``,
    adding the markers right after its opening tag the first time."""
    begin, end = BEGIN.format(part=part), END.format(part=part)
    block = begin + content + end
    if begin in text:
        start = text.index(begin)
        stop = text.index(end, start) + len(end)
        return text[:start] + block + text[stop:]
    match = re.search(rf'<(\w+) id="{re.escape(element_id)}"[^>]*>', text)
    if match is None:
        sys.exit(f"predraw: index.html has no element id={element_id}")
    # the element's own content (the static "Loading…" of the status line) goes
    close = text.index(f"</{match.group(1)}>", match.end())
    return text[:match.end()] + block + text[close:]


def _set_class(text: str, element_id: str, name: str, on: bool) -> str:
    match = re.search(rf'<(\w+) id="{re.escape(element_id)}"([^>]*)>', text)
    attrs = match.group(2)
    classes = re.search(r'class="([^"]*)"', attrs)
    words = [w for w in (classes.group(1).split() if classes else []) if w != name] + ([name] if on else [])
    new = re.sub(r'\s*class="[^"]*"', "", attrs) + (f' class="{" ".join(words)}"' if words else "")
    return text[:match.start()] + f'<{match.group(1)} id="{element_id}"{new}>' + text[match.end():]


def render_index(text: str, table: dict) -> str:
    """index.html's text with the drawings in place."""
    default = table[DEFAULT]
    for part, (element_id, kind) in IN_PLACE.items():
        value = default[part] if kind == "html" else html.escape(default[part], quote=False)
        text = _replace_inside(text, element_id, part, value)
    text = _set_class(text, "player-top", "on-roll", default["top_on_roll"])
    text = _set_class(text, "player-bottom", "on-roll", default["bottom_on_roll"])
    text = _set_class(text, "message", "warn", default["warn"])
    others = {name: value for name, value in table.items() if name != DEFAULT}
    # "</" cannot end the data block early: escaped as JSON allows
    data = json.dumps({"default": DEFAULT, "default_buttons": default["buttons"], "drawings": others},
                      ensure_ascii=False,
                      separators=(",", ":")).replace("</", "<\\/")
    block = f'<script type="application/json" id="predrawn">{data}</script>'
    begin, end = BEGIN.format(part="others"), END.format(part="others")
    if begin in text:
        start = text.index(begin)
        stop = text.index(end, start) + len(end)
        return text[:start] + begin + block + end + text[stop:]
    anchor = "</main>\n"
    if anchor not in text:
        sys.exit("predraw: index.html has no </main>")
    return text.replace(anchor, anchor + "  " + begin + block + end + "\n", 1)


def build_id(index_text: str) -> str:
    digest = hashlib.sha256()
    digest.update(GAME_ZIP.read_bytes() if GAME_ZIP.is_file() else b"-")
    digest.update(index_text.encode())
    return digest.hexdigest()[:16]


def write(check: bool = False) -> bool:
    """Write index.html and build.js when they change; True when index.html changed.
    With ``check``, write nothing and exit 1 when index.html is stale."""
    before = INDEX.read_text(encoding="utf-8")
    after = render_index(before, drawings())
    if check:
        if after != before:
            sys.exit("predraw: index.html's pre-drawn board is stale: run `make vendor`")
        return False
    if after != before:
        INDEX.write_text(after, encoding="utf-8")
    build = f'// Written by tools/predraw.py (make vendor). Do not edit.\nwindow.BACKGAMMON_BUILD = "{build_id(after)}";\n'
    if not BUILD_JS.is_file() or BUILD_JS.read_text() != build:
        BUILD_JS.parent.mkdir(parents=True, exist_ok=True)
        BUILD_JS.write_text(build)
    return after != before


if __name__ == "__main__":
    changed = write(check="--check" in sys.argv)
    print(f"predraw: index.html {'rewritten' if changed else 'up to date'}; static/vendor/build.js written")

"""Write game/bot/met_table.py, the match equity table, from a GNU Backgammon MET file.

Development time only: the figures of the Kazaross-XG2 table (rolled out by
Neil Kazaross with eXtreme Gammon to 9 points, GNU Backgammon rollouts to 15,
extended to 25) are read from the XML file that the dev-only ``gnubg``
package ships, and written out as plain Python numbers.  The game never
reads the XML and never imports gnubg.

The XML holds a ``<pre-crawford-table>`` of ``<row>`` elements (row ``i``,
entry ``j``: the winning chance of the player ``i+1`` away against one
``j+1`` away, at the start of a game before the Crawford game; an entry
with a 1-away player is the Crawford game) and a ``<post-crawford-table>``
with one row (entry ``j``: the trailer ``j+1`` away against a 1-away
leader, after the Crawford game).

Usage: python3 tools/bot/make_met.py [--xml PATH] [--out PATH] [--check]

``--check`` writes nothing and exits 1 when the file in game/bot differs
from what the XML gives.
"""

import argparse
import pathlib
import sys
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "game" / "bot" / "met_table.py"
NAME = "Kazaross-XG2.xml"


def default_xml():
    """The Kazaross-XG2 file of the installed gnubg package, or None."""
    try:
        import importlib.util
        spec = importlib.util.find_spec("gnubg")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        path = pathlib.Path(folder) / "data" / "met" / NAME
        if path.is_file():
            return path
    return None


def read_met(path):
    """``(name, pre, post)`` from a GNU Backgammon MET XML file.

    ``pre`` is a tuple of rows (tuples of floats), ``post`` one tuple.
    Raises ValueError for a file that is not a square explicit table.
    """
    root = ET.parse(path).getroot()
    name = (root.findtext("info/name") or "").strip()
    length = int(root.findtext("info/length"))
    pre_el = root.find("pre-crawford-table")
    post_el = root.find("post-crawford-table")
    if pre_el is None or post_el is None:
        raise ValueError(f"{path}: pre- and post-Crawford tables expected")
    if pre_el.get("type") != "explicit" or post_el.get("type") != "explicit":
        raise ValueError(f"{path}: explicit tables expected")
    pre = tuple(tuple(float(me.text) for me in row.findall("me")) for row in pre_el.findall("row"))
    post_rows = post_el.findall("row")
    if len(post_rows) != 1:
        raise ValueError(f"{path}: one post-Crawford row expected (player='both'), got {len(post_rows)}")
    post = tuple(float(me.text) for me in post_rows[0].findall("me"))
    if len(pre) != length or any(len(row) != length for row in pre) or len(post) != length:
        raise ValueError(f"{path}: {length}x{length} table and {length} post-Crawford entries expected")
    return name, pre, post


def module_text(name, pre, post):
    """The Python source of game/bot/met_table.py."""
    lines = [
        f'"""The match equity table: {name}, as published (figures only).',
        "",
        "Written by tools/bot/make_met.py from the Kazaross-XG2 MET file that GNU",
        "Backgammon distributes (rollouts by Neil Kazaross with eXtreme Gammon to 9",
        "points, GNU Backgammon to 15, extended to 25).  Do not edit by hand.",
        "",
        "``PRE[i][j]``: winning chance of the player ``i+1`` away against one ``j+1``",
        "away, at the start of a game before the Crawford game (a 1-away player:",
        "the Crawford game).  ``POST[j]``: the trailer ``j+1`` away against a 1-away",
        "leader, after the Crawford game.",
        "",
        ">>> PRE[0][0], len(PRE), len(POST)",
        f"({pre[0][0]!r}, {len(pre)}, {len(post)})",
        '"""',
        "",
        f"LENGTH = {len(pre)}",
        "",
        "PRE = (",
    ]
    for row in pre:
        lines.append("    (" + ", ".join(repr(v) for v in row) + "),")
    lines.append(")")
    lines.append("")
    lines.append("POST = (" + ", ".join(repr(v) for v in post) + ")")
    lines.append("")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--xml", type=pathlib.Path, default=None, help=f"the MET file (default: gnubg's {NAME})")
    parser.add_argument("--out", type=pathlib.Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on a difference")
    args = parser.parse_args(argv)
    xml = args.xml or default_xml()
    if xml is None:
        parser.error(f"no --xml given and gnubg's {NAME} is not installed (pip install gnubg, dev only)")
    text = module_text(*read_met(xml))
    if args.check:
        same = args.out.is_file() and args.out.read_text() == text
        print(f"make_met: {args.out} {'matches' if same else 'DIFFERS from'} {xml}")
        return 0 if same else 1
    args.out.write_text(text)
    print(f"make_met: {args.out} written from {xml}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

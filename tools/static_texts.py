"""Write static/vendor/texts.js: the page's fixed texts in each language, for before Python runs.

index.html is written in English, and Python (main.py) translates it once it has
started: seconds on a first visit. static/js/boot-texts.js puts the texts of the
browser's language in place at once, from this table. It holds exactly the keys
index.html names (``data-i18n``, ``data-i18n-aria``, ``data-i18n-title``), the
page title and the loading line, taken from the translations Python uses
(game/app/text/locales/*.po), so the two never differ. Run by ``make vendor``.
"""

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app.text.i18n import LANGUAGES, translator  # noqa: E402

OUTPUT = "static/vendor/texts.js"
#: keys the page shows before Python that are not in an attribute of index.html
EXTRA_KEYS = ("app.title", "msg.loading", "boot.step_runtime", "boot.step_python", "boot.step_game", "boot.wait")
HEADER = (
    "// Written by tools/static_texts.py (make vendor) from game/app/text/locales/*.po:\n"
    "// the texts of index.html in each language, shown before Python runs. Do not edit.\n"
)


def page_keys(root: pathlib.Path = ROOT) -> list[str]:
    html = (root / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-i18n(?:-aria|-title)?="([^"]+)"', html)) | set(EXTRA_KEYS)
    return sorted(keys)


def texts(root: pathlib.Path = ROOT) -> dict:
    """``{language: {key: text}}`` for every key of the page."""
    keys = page_keys(root)
    return {language: {key: translator(language)(key) for key in keys} for language in sorted(LANGUAGES)}


def render(table: dict) -> str:
    body = json.dumps(table, ensure_ascii=False, sort_keys=True, indent=1)
    return f"{HEADER}window.BACKGAMMON_TEXTS = {body};\n"


def write(root: pathlib.Path = ROOT) -> bool:
    """Write the file when its text changed; True when written."""
    path = root / OUTPUT
    text = render(texts(root))
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


if __name__ == "__main__":
    written = write()
    print(f"static_texts: {OUTPUT} {'rewritten' if written else 'unchanged'}")

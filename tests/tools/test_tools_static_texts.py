"""tools/static_texts.py: the page's texts for before Python runs are the ones Python shows."""

import json
import pathlib
import re
from urllib.parse import urljoin

import static_texts  # tools/ is put on sys.path by tests/conftest.py
from game.app.text.i18n import translator

ROOT = pathlib.Path(__file__).resolve().parents[2]


def table_of(text):
    assert text.startswith(static_texts.HEADER)
    body = text[len(static_texts.HEADER):]
    assert body.startswith("window.BACKGAMMON_TEXTS = ") and body.endswith(";\n")
    return json.loads(body[len("window.BACKGAMMON_TEXTS = "):-2])


def test_every_text_of_the_page_in_both_languages_as_python_says_it():
    table = table_of(static_texts.render(static_texts.texts()))
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-i18n(?:-aria|-title)?="([^"]+)"', html))
    assert len(keys) > 100
    for language in ("en", "fr"):
        assert keys | set(static_texts.EXTRA_KEYS) == set(table[language])
        tr = translator(language)
        for key, text in table[language].items():
            assert text == tr(key) and text and text != key, (language, key)
    # French is not English with another name
    differ = sum(table["fr"][key] != table["en"][key] for key in keys)
    assert differ > 0.8 * len(keys)
    assert table["fr"]["msg.loading"] == "Chargement…"


def test_written_only_when_changed(tmp_path):
    (tmp_path / "index.html").write_text('<b data-i18n="button.new_match">New match</b>', encoding="utf-8")
    assert static_texts.write(tmp_path) is True
    first = (tmp_path / static_texts.OUTPUT).read_text(encoding="utf-8")
    assert table_of(first)["fr"]["button.new_match"] == translator("fr")("button.new_match")
    assert static_texts.write(tmp_path) is False


def test_the_french_manifest_is_the_same_app():
    page = "https://school.example/backgammon/"
    english = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    french = json.loads((ROOT / "static" / "manifest.fr.webmanifest").read_text(encoding="utf-8"))
    en_base, fr_base = urljoin(page, "manifest.webmanifest"), urljoin(page, "static/manifest.fr.webmanifest")
    assert set(english) == set(french)
    # the same start, scope and identity (id is read against the start URL), the same icons
    for key in ("start_url", "scope"):
        assert urljoin(en_base, english[key]) == urljoin(fr_base, french[key]) == page
    assert urljoin(urljoin(en_base, english["start_url"]), english["id"]) == \
        urljoin(urljoin(fr_base, french["start_url"]), french["id"])
    assert [urljoin(en_base, i["src"]) for i in english["icons"]] == \
        [urljoin(fr_base, i["src"]) for i in french["icons"]]
    for key in set(english) - {"start_url", "scope", "icons", "description", "lang"}:
        assert english[key] == french[key], key
    assert french["lang"] == "fr" and french["description"] != english["description"]

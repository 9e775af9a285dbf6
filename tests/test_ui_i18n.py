"""Every text of the app exists in French and English (gettext .po catalogues)."""

import pathlib
import re
import string

import pytest

from game.levels import LEVELS, text_keys

from game.reasons import Reason
from game.app.text.i18n import (LOCALES, Catalogue, load_catalogue, parse_po, pick_language, translator)

ROOT = pathlib.Path(__file__).resolve().parent.parent
CATALOGUES = {lang: load_catalogue(lang) for lang in ("en", "fr")}
# keys written literally in the code: "family.name" strings of the families below
KEY = re.compile(r'"((?:app|button|label|title|setup|level|colour|history|settings|name|board|panel|'
                 r'where|info|result|msg|reason|count|record|error|hint|replay|lesson|a11y|keys)\.[a-z0-9_]+)"')


def placeholders(text):
    texts = text if isinstance(text, tuple) else (text,)
    return {name for t in texts for _, name, _, _ in string.Formatter().parse(t) if name}


def test_both_languages_have_the_same_keys_and_no_empty_text():
    en, fr = CATALOGUES["en"], CATALOGUES["fr"]
    assert en.keys() == fr.keys()
    for lang, catalogue in CATALOGUES.items():
        for key, text in catalogue.messages.items():
            assert all(text if isinstance(text, tuple) else (text,)), (lang, key)


def test_placeholders_are_the_same_in_both_languages():
    en, fr = CATALOGUES["en"].messages, CATALOGUES["fr"].messages
    for key in en:
        assert placeholders(en[key]) == placeholders(fr[key]), key


@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.value)
def test_every_engine_reason_has_a_sentence_in_both_languages(reason):
    for lang in ("en", "fr"):
        tr = translator(lang)
        assert tr.has(f"reason.{reason.value}"), (lang, reason)
        sentence = tr(f"reason.{reason.value}", point="13", die=6, blockers=2, playable=4)
        assert sentence[0].isupper() and sentence.endswith("."), (lang, sentence)


def test_every_key_the_code_and_the_page_use_is_translated():
    used = set()
    for path in [*ROOT.glob("game/app/**/*.py"), ROOT / "main.py"]:
        used |= set(KEY.findall(path.read_text(encoding="utf-8")))
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    used |= set(re.findall(r'data-i18n(?:-aria|-title)?="([^"]+)"', html))
    for level in LEVELS:
        used.update(text_keys(level))
    for colour in ("light", "dark"):
        used.add(f"colour.{colour}")
    used |= {"record.take", "record.drop"}
    missing = sorted(key for key in used if key not in CATALOGUES["en"].keys())
    assert missing == []
    assert len(used) > 100


def test_french_uses_the_vocabulary_of_the_rule_texts():
    fr = translator("fr")
    assert fr("board.cube") == "Videau"
    assert "flèche" in fr("where.point", n=13)
    assert "porte" in fr("reason.point_blocked", point="la flèche 5", blockers=2)
    assert "jan intérieur" in fr("reason.bear_off_not_all_home")
    assert "barre" in fr("reason.must_enter_first")
    assert fr("button.take") == "Accepter" and fr("button.drop") == "Refuser"


def test_plural_rules_follow_each_language():
    en, fr = translator("en"), translator("fr")
    assert [en.n("count.points", n) for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert [fr.n("count.points", n) for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]


def test_po_reader_handles_continuations_escapes_and_plurals():
    text = (
        '# comment\n'
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "a"\nmsgstr "un \\"A\\"\\n"\n"suite"\n\n'
        'msgid "n"\nmsgid_plural "n"\nmsgstr[0] "{n} pion"\nmsgstr[1] "{n} pions"\n\n'
        'msgid "empty"\nmsgstr ""\n'
    )
    messages, headers = parse_po(text)
    assert messages == {"a": 'un "A"\nsuite', "n": ("{n} pion", "{n} pions")}
    assert headers["Language"] == "fr"
    catalogue = Catalogue(messages, headers)
    assert catalogue.ngettext("n", "n", 0) == "{n} pion"
    assert catalogue.gettext("empty") == "empty"     # untranslated: gettext falls back to the id
    with pytest.raises(ValueError):
        parse_po('msgid "a"\nnonsense\n')


def test_catalogue_files_are_the_ones_shipped():
    assert sorted(p.name for p in LOCALES.glob("*.po")) == ["en.po", "fr.po"]


def test_language_comes_from_the_choice_then_the_browser():
    assert pick_language(["fr-FR", "en"]) == "fr"
    assert pick_language(["de", "it"]) == "en"
    assert pick_language(["fr"], stored="en") == "en"
    assert translator("xx").language == "en"


def test_missing_placeholders_do_not_break_a_message():
    assert "?" in translator("en")("msg.rolled", dice="6-5")

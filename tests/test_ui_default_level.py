"""The default level against the computer: the strongest within the time budget, and said in words."""

import pathlib
import re

from game.bot import LEVELS as BOT_LEVELS
from game.app.controller import Setup
from game.app.text.i18n import translator
from game.app.keep.urlparams import DEFAULT_LEVEL, LEVELS, parse_query

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: the budget of the default level, per move in the browser (Pyodide)
MEDIAN_MS, P95_MS = 50, 250


def browser_think_times():
    """``{level: (median, p95)}`` from the stage-3 table of docs/bot.md, "Think time"."""
    doc = (ROOT / "docs" / "bot.md").read_text(encoding="utf-8")
    section = doc[doc.index("### Think time"):]
    section = section[:section.index("The run below")]
    times = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3:
            continue
        level = re.sub(r"[*`]", "", cells[0]).split()[0] if cells[0] else ""
        if level in LEVELS:
            median, p95, _max = (float(x.replace(",", "")) for x in cells[2].split("/"))
            times[level] = (median, p95)
    return times


def test_the_default_is_the_strongest_level_within_the_budget():
    times = browser_think_times()
    assert set(times) == set(LEVELS)
    within = [level for level in LEVELS if times[level][0] <= MEDIAN_MS and times[level][1] <= P95_MS]
    assert list(LEVELS) == list(BOT_LEVELS)            # weakest to strongest, as the bot lists them
    assert DEFAULT_LEVEL == within[-1] == "expert"
    assert Setup().level == DEFAULT_LEVEL and parse_query("?mode=bot").level == DEFAULT_LEVEL


#: words a newcomer does not know (a program's settings, the analysts' units)
JARGON = ("ply", "equity", "équité", "misjudge", "cube decision", "décision de videau", "to pubeval",
          "points a game to")
#: how each language introduces a level's strength
HOW_STRONG = {"en": "How strong:", "fr": "Sa force\u00a0:"}
#: each yardstick named, with the words that say what it is
YARDSTICKS = {"pubeval": ("a simple old program", "un vieux programme simple"),
              "GNU Backgammon": ("the best-known free program", "le programme libre le plus connu")}


def assert_plain_words(line, language):
    """A level's note in plain words: it says how strong the level is, against a yardstick it
    names and explains, in words without jargon."""
    assert HOW_STRONG[language] in line, (language, line)
    strength = line[line.index(HOW_STRONG[language]):]
    named = [name for name in YARDSTICKS if name in strength]
    assert named, (language, line)
    for name in named:
        assert YARDSTICKS[name][language == "fr"] in line, (language, name, line)
    lowered = line.lower()
    assert not any(word in lowered for word in JARGON), (language, line)


def test_the_level_chooser_opens_on_the_default_and_says_what_each_level_is():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    chooser = html[html.index('<select name="level"'):html.index("</ul>", html.index('id="level-notes"'))]
    assert re.search(rf'<option value="{DEFAULT_LEVEL}"[^>]*selected', chooser)
    assert chooser.count("selected") == 1
    for level in LEVELS:
        assert f'data-i18n="level.{level}_about"' in chooser
        for language in ("en", "fr"):
            tr = translator(language)
            line = tr(f"level.{level}_about")
            assert line.startswith(tr(f"level.{level}")), (language, line)
            assert_plain_words(line, language)
    assert "0.63" in translator("en")("level.expert_about") and "0,63" in translator("fr")("level.expert_about")

"""Every word the app shows, in French and English, from gettext catalogues.

The catalogues are ``locales/en.po`` and ``locales/fr.po``.  Message ids are
stable keys (``button.roll``, ``reason.point_blocked``) rather than English
sentences, so both languages are translations and a test can check that
neither misses a key.  Texts hold ``{name}`` placeholders filled with
:meth:`str.format`.

A ``.po`` file is read by :func:`parse_po` into a :class:`Catalogue`, a
:class:`gettext.NullTranslations` subclass: ``gettext`` / ``ngettext`` work
as with compiled ``.mo`` files, with the plural rule of the file's header.

>>> tr = translator("fr")
>>> tr("button.roll")
'Lancer les dés'
>>> tr.n("count.points", 0), tr.n("count.points", 2)
('0 point', '2 points')
>>> tr("nope.unknown")
'nope.unknown'
>>> pick_language(["de-DE", "fr-CA", "en"])
'fr'
"""

import gettext
import pathlib
import re

__all__ = [
    "LANGUAGES", "DEFAULT_LANGUAGE", "Catalogue", "Translator", "parse_po",
    "load_catalogue", "translator", "pick_language", "Addressee", "TOUCH",
]

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
LOCALES = pathlib.Path(__file__).resolve().parent / "locales"

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
_ESCAPE = re.compile(r"\\(.)")
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"\s*$')
_CONTINUATION = re.compile(r'^"(.*)"\s*$')


def _unquote(text):
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


def parse_po(text):
    """Read the text of a ``.po`` file: ``(messages, headers)``.

    ``messages`` maps a msgid to its msgstr, or to a tuple of plural forms
    when the entry has ``msgid_plural``.  Empty translations are left out
    (gettext falls back to the msgid).  ``headers`` is the header entry's
    ``Name: value`` lines as a dict.

    >>> messages, headers = parse_po('msgid ""\\nmsgstr "Language: fr\\\\n"\\n\\n'
    ...                              'msgid "a"\\nmsgstr ""\\n"A"\\n')
    >>> messages, headers["Language"]
    ({'a': 'A'}, 'fr')
    """
    entries = []
    current = {}
    last = None

    def flush():
        nonlocal current
        if "msgid" in current:
            entries.append(current)
        current = {}

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and current:
                flush()
                last = None
            continue
        match = _KEYWORD.match(line)
        if match:
            keyword, index, value = match.groups()
            if keyword in ("msgid", "msgctxt") and any(
                    k == "msgstr" or isinstance(k, tuple) for k in current):
                flush()
            if index is not None:
                keyword = ("msgstr", int(index))
            current[keyword] = _unquote(value)
            last = keyword
            continue
        match = _CONTINUATION.match(line)
        if match and last is not None:
            current[last] += _unquote(match.group(1))
            continue
        raise ValueError(f"po line {number}: cannot read {raw!r}")
    flush()

    messages = {}
    headers = {}
    for entry in entries:
        msgid = entry["msgid"]
        if "msgctxt" in entry:
            msgid = f"{entry['msgctxt']}\x04{msgid}"
        if msgid == "":
            for header in entry.get("msgstr", "").splitlines():
                name, _, value = header.partition(":")
                if name.strip():
                    headers[name.strip()] = value.strip()
            continue
        if "msgid_plural" in entry:
            forms = []
            index = 0
            while ("msgstr", index) in entry:
                forms.append(entry[("msgstr", index)])
                index += 1
            if forms and all(forms):
                messages[msgid] = tuple(forms)
        elif entry.get("msgstr"):
            messages[msgid] = entry["msgstr"]
    return messages, headers


def _plural_rule(headers):
    """The function n -> plural form index from the ``Plural-Forms`` header."""
    forms = headers.get("Plural-Forms", "")
    match = re.search(r"plural\s*=\s*([^;]+)", forms)
    if match:
        try:
            return gettext.c2py(match.group(1).strip())
        except (ValueError, AttributeError):  # pragma: no cover - malformed header
            pass
    return lambda n: int(n != 1)


class Catalogue(gettext.NullTranslations):
    """The translations of one language, read from a ``.po`` file."""

    def __init__(self, messages, headers=None):
        super().__init__()
        self._catalog = dict(messages)
        self._info = dict(headers or {})
        self.plural = _plural_rule(self._info)

    @classmethod
    def from_po(cls, text):
        return cls(*parse_po(text))

    @property
    def messages(self):
        """``{msgid: text or plural forms}``, everything this language translates."""
        return self._catalog

    def keys(self):
        return set(self._catalog)

    def gettext(self, message):
        found = self._catalog.get(message)
        if isinstance(found, str):
            return found
        if self._fallback:
            return self._fallback.gettext(message)
        return message

    def ngettext(self, singular, plural, n):
        found = self._catalog.get(singular)
        if isinstance(found, tuple):
            index = self.plural(n)
            return found[min(index, len(found) - 1)]
        if self._fallback:
            return self._fallback.ngettext(singular, plural, n)
        return singular if n == 1 else plural


def load_catalogue(language):
    """The :class:`Catalogue` of ``locales/<language>.po``."""
    path = LOCALES / f"{language}.po"
    return Catalogue.from_po(path.read_text(encoding="utf-8"))


class _Lenient(dict):
    """Missing placeholders show as ``?`` rather than failing a whole message."""

    def __missing__(self, key):
        return "?"


def _fill(text, params):
    if not params:
        return text
    try:
        return text.format_map(_Lenient(params))
    except (ValueError, IndexError, AttributeError):
        return text


#: the prefix of a text's variant for a touch screen ("touch.msg.pick_checker": "Tap…" for "Click…")
TOUCH = "touch."


class Addressee(str):
    """The name of the person the app speaks to ("You", "Vous"): a str that asks for "you" grammar.

    A sentence built for a third person ("{winner} wins") reads wrong with
    it ("You wins", "Vous gagne").  When a parameter holds an ``Addressee``,
    :class:`Translator` uses the message's variant for that parameter,
    ``key@param``, if the catalogue has one.

    >>> tr = translator("fr")
    >>> tr("msg.match_won", winner="Anne", score0=7, score1=3)
    'Anne remporte le match 7–3.'
    >>> tr("msg.match_won", winner=Addressee(tr("name.you")), score0=7, score1=3)
    'Vous remportez le match 7–3.'
    """

    __slots__ = ()


class Translator:
    """Calls that turn message keys into text of one language.

    ``tr(key, **params)`` for one message, ``tr.n(key, count, **params)``
    for a message with plural forms (``{n}`` is the count).  A parameter
    that is an :class:`Addressee` picks the ``key@param`` variant when there is one.
    """

    def __init__(self, language, catalogue=None, touch=False):
        self.language = language
        self.catalogue = catalogue or load_catalogue(language)
        self.touch = touch

    def __call__(self, key, **params):
        return _fill(self.catalogue.gettext(self._variant(key, params)), params)

    def n(self, key, count, **params):
        key = self._variant(key, params)
        return _fill(self.catalogue.ngettext(key, key, count), {"n": count, **params})

    def _variant(self, key, params):
        for name, value in params.items():
            if isinstance(value, Addressee) and f"{key}@{name}" in self.catalogue.messages:
                key = f"{key}@{name}"
                break
        if self.touch and TOUCH + key in self.catalogue.messages:
            return TOUCH + key
        return key

    def has(self, key):
        return key in self.catalogue.messages

_CACHE = {}


def translator(language, touch=False):
    """The (cached) :class:`Translator` for a language code; unknown codes get English.
    ``touch``: the page is used by touch (no mouse), so a text that says "click" has its
    ``touch.`` variant, if the catalogue holds one.

    >>> translator("en", touch=True)("msg.pick_checker").split()[0], translator("fr", True)("msg.pick_checker").split()[0]
    ('Tap', 'Touchez')
    """
    language = language if language in LANGUAGES else DEFAULT_LANGUAGE
    touch = bool(touch)
    if (language, touch) not in _CACHE:
        _CACHE[language, touch] = Translator(language, touch=touch)
    return _CACHE[language, touch]


def pick_language(preferred, stored=None):
    """The app language: the stored choice, else the first of the browser's languages we have.

    >>> pick_language(["en-GB"], stored="fr")
    'fr'
    >>> pick_language([])
    'en'
    """
    if stored in LANGUAGES:
        return stored
    for tag in preferred or ():
        base = str(tag).split("-")[0].split("_")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE

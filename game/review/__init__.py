"""The review of a match file, as a library and a command: ``python -m game.review FILE``.

:func:`review_file` reads a ``.mat``, ``.sgf`` or ``.xg`` file (:mod:`game.formats.reading`,
as the page's **Open a match file** does) and weighs it with
:func:`game.bot.analysis.analyse`, the function the page's review and the benchmarks call:
the same file gives the same numbers in all three. :mod:`game.review.report` writes its
summary as text in French or English; ``--json`` gives every decision.

>>> review = review_file("tests/data/mat_corpus/case_numbered_result.mat")
>>> review["names"], review["length"], review["games"]
(['Ann', 'Bob'], 5, 2)
>>> [p["decisions"] for p in review["analysis"]["players"]]
[3, 1]
"""

import pathlib

from game.bot.analysis import LEVEL, analyse
from game.formats.reading import FileRefused, read_matches

__all__ = ["review_file", "review_data", "FileRefused", "LEVEL"]


def review_data(data, name="", level=LEVEL):
    """The review of a match file's ``data`` (text or bytes) named ``name``: plain, JSON-able
    data, with the file's ``names``, ``length``, number of ``games``, ``warnings`` (message
    keys) and ``analysis`` (:func:`game.bot.analysis.analyse`'s result).

    Raises :class:`game.formats.reading.FileRefused` (its ``message`` says why) for a file
    that is not one match.
    """
    warnings = []
    matches = read_matches(data, name, warnings)
    if len(matches) != 1:
        raise FileRefused(("error.mat_several" if matches else "error.mat_file", {}))
    match = matches[0]
    return {"file": str(name), "names": list(match.config.names), "length": match.config.length,
            "games": len(match.games),
            "warnings": [[w.key, dict(w.params)] for w in warnings],
            "analysis": analyse(match, level)}


def review_file(path, level=LEVEL):
    """:func:`review_data` of the file at ``path`` (raises ``OSError`` when it cannot be read)."""
    path = pathlib.Path(path)
    return review_data(path.read_bytes(), path.name, level)

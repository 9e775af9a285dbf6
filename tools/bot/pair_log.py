"""A file of duplicate-pair results, one JSON object a line, so a long strength run can stop
and go on later (another session, another machine) without playing a pair twice.

Each line names what the pair measured (``key``: level, opponent, dice and a digest of the
nets and the level's settings) and the pair's points per game.  Lines of other keys are
kept and ignored, so one file can hold several runs; a change of nets or settings
changes the digest, and those pairs start again.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "pairs.jsonl"
>>> key = {"level": "master", "opponent": "gnubg", "dice": "test", "seed": 4242, "digest": "ab12"}
>>> append(path, key, 0, [0.5, -1.0])
>>> append(path, dict(key, level="expert"), 0, [2.0])
>>> append(path, key, 5, [0.0])
>>> read(path, key)
{0: 0.5, 1: -1.0, 5: 0.0}
>>> missing_runs(read(path, key), 8)
[(2, 3), (6, 2)]
>>> missing_runs({}, 3)
[(0, 3)]
>>> missing_runs({6: 1.0}, 8, start=5)
[(5, 1), (7, 1)]
>>> read(path.with_name("none.jsonl"), key)
{}
"""

import hashlib
import json
import pathlib


def digest(*parts):
    """A short digest of bytes and strings (the nets' files, the level's settings).

    >>> digest(b"nets", "{'ply': 2}") == digest(b"nets", "{'ply': 2}") != digest(b"nets", "{'ply': 1}")
    True
    """
    h = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()[:16]


def read(path, key):
    """``{pair: points per game}`` of the lines of ``key`` in ``path`` (none when it is absent).

    A line that is not a JSON object of a key, a pair and its points is an error, with its
    line number: a damaged record must not change a figure quietly.
    """
    path = pathlib.Path(path)
    if not path.exists():
        return {}
    found = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            if item["key"] == key:
                found[int(item["pair"])] = float(item["points"])
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: not a pair result ({exc})") from None
    return found


def append(path, key, first, means):
    """Add the results of pairs ``first``, ``first + 1``, … to ``path``."""
    with open(path, "a") as out:
        for i, points in enumerate(means, first):
            out.write(json.dumps({"key": key, "pair": i, "points": points}, sort_keys=True) + "\n")


def missing_runs(done, pairs, start=0):
    """The pairs of ``range(start, pairs)`` not in ``done``, as ``(first, count)`` runs in order."""
    runs = []
    for i in range(start, pairs):
        if i in done:
            continue
        if runs and runs[-1][0] + runs[-1][1] == i:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((i, 1))
    return runs

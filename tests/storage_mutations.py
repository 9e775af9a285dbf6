"""Damaged localStorage contents, for the corrupted-storage tests (CPython and browser).

:func:`mutate` takes the app's keys ``{key: text}`` and returns a copy with
one kind of damage done to one key's text: cut short, bytes flipped, a wrong
type, a wrong format version, huge numbers, another program's JSON, text
that is no JSON, markup, or a key removed. The damage is drawn from ``rng``
(a :class:`random.Random`), so a seed names a case.

>>> import random
>>> items = {"backgammon.root": '{"schema":2,"kind":"root","data":{}}'}
>>> name, damaged = mutate(random.Random(1), items, kind="truncate")
>>> name, len(damaged["backgammon.root"]) < len(items["backgammon.root"])
('truncate backgammon.root', True)
"""

import json
import pathlib

from game.app.keep import storage

SAMPLES = pathlib.Path(__file__).resolve().parent / "data" / "storage"
XSS = ('<img src=x onerror="document.body.dataset.pwned=1">', '"><script>document.body.dataset.pwned=2</script>',
       "<svg onload=alert(1)>")
FOREIGN = ('{"user":"ann","token":"abc"}', "[1,2,3]", '"just a string"', "42", "null", "true",
           '{"schema":2,"kind":"root","data":{"current":"backgammon.prefs"}}',
           '{"schema":2,"kind":"current","data":{"match":"nope"}}',
           '{"schema":2,"kind":"list","data":[1,"x",null]}')
NOT_JSON = ("", "{", "}{", "undefined", "NaN", "\x00\x01\x02", "\ufffd\ufffd", "{'single': 'quotes'}",
            "[" * 5000, '{"schema":2' + ',"x":[' * 3000)
KINDS = ("truncate", "flip", "type", "schema", "huge", "foreign", "not_json", "xss", "remove", "deep")


def sample(name):
    """``{key: text}`` of a stored sample: ``format1`` (the first format) or ``format2``."""
    return json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, path + (index,))


def _put(root, path, value):
    if not path:
        return value
    node = root
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return root


def _json_change(rng, text, make):
    try:
        data = json.loads(text)
        path = rng.choice(list(_paths(data)))
    except (ValueError, RecursionError):      # no JSON, or nested past what Python reads
        return None
    return json.dumps(_put(data, path, make(rng)), ensure_ascii=False)


def mutate(rng, items, kind=None, key=None):
    """``(description, damaged copy of items)``: one kind of damage (drawn, or ``kind``) to one
    key's text (drawn, or ``key``)."""
    items = dict(items)
    key = key or rng.choice(sorted(items))
    text = items[key]
    kind = kind or rng.choice(KINDS)
    if kind == "truncate":
        new = text[:rng.randrange(len(text))] if text else ""
    elif kind == "flip":
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            if chars:
                chars[rng.randrange(len(chars))] = chr(rng.choice([0, 34, 44, 58, 91, 93, 123, 125,
                                                                  rng.randrange(32, 0x3000)]))
        new = "".join(chars)
    elif kind == "type":
        new = _json_change(rng, text, lambda r: r.choice([None, True, 0, -1, 1.5, "", "x", [], {}, [[]]]))
    elif kind == "schema":
        new = _json_change(rng, text, lambda r: r.choice([0, -1, 3, 99, "2", 2.0, None, True, 10 ** 30]))
        try:
            data = json.loads(text)
            data["schema"] = rng.choice([0, -1, 3, 99, "2", 2.5, None, True, 10 ** 30])
            new = json.dumps(data)
        except (ValueError, TypeError, RecursionError):
            pass
    elif kind == "huge":
        new = _json_change(rng, text, lambda r: r.choice([10 ** 400, -(10 ** 400), 1e308, -1e308, 2 ** 63,
                                                          float("inf")]))
        if new is not None and rng.random() < 0.3:
            new = new.replace("1e308", "1e999")
    elif kind == "foreign":
        new = rng.choice(FOREIGN)
    elif kind == "not_json":
        new = rng.choice(NOT_JSON)
    elif kind == "xss":
        new = _json_change(rng, text, lambda r: r.choice(XSS))
        if new is None or rng.random() < 0.2:
            new = rng.choice(XSS)
    elif kind == "deep":
        new = _json_change(rng, text, lambda r: json.loads("[" * 200 + "]" * 200))
    else:
        del items[key]
        return f"remove {key}", items
    items[key] = new if new is not None else text[::-1]
    return f"{kind} {key}", items


def check_nothing_lost(damaged, store, app):
    """Each stored text of ``damaged`` (prefs aside) is still in use or kept aside, unchanged,
    unless it is a leftover that no root named."""
    kept = set(app.vault.aside.values())
    in_use = set(store.items.values())
    parts = storage.read_format({k: v for k, v in damaged.items() if k != storage.PREFS})
    used_data = [json.dumps(data, sort_keys=True) for data in parts[0].values() if data]
    now = [json.dumps(app.vault.read(part), sort_keys=True) for part in storage.PARTS]
    for data in used_data:
        # readable data is still readable, or the current match was refused by the engine and kept
        assert data in now or any(data in json.dumps(storage.unpack(text, "current"), sort_keys=True)
                                  for text in kept), data[:80]
    for key in parts[2]:
        assert damaged.get(key, "") in kept | in_use, key

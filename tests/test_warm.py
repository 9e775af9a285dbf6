"""The modules the page imports ahead (game/web/warm.py): the click that opens a review, the
computer's first move and the first hint then import nothing of ``game`` themselves.

Checked in a fresh interpreter (this one has imported everything already)."""

import doctest
import json
import subprocess
import sys
import threading

from game.web import warm

CHECK = r"""
import json, sys
from game.app.controller import Controller
from game.app.keep.storage import MemoryStore
from game.web import warm

def ours(before):
    return sorted(name for name in sys.modules if name not in before and name.startswith("game"))

store = MemoryStore()
each = {}
for name in warm.AHEAD:
    before = set(sys.modules)
    __import__(name)
    each[name] = ours(before)
app = Controller(store)
app.boot("?mode=watch&length=1&seed=warm&level=intermediate")
for _ in range(5000):                                   # the computer's moves, to the end
    if not app.bot_to_act():
        break
    app.bot_act()
before = set(sys.modules)
app.start_review()
for _ in range(3):
    app.review_step()
review = ours(before)
hinted = Controller(MemoryStore())
hinted.boot("?mode=bot&length=3&seed=warm-hint&level=intermediate")
before = set(sys.modules)
hinted.roll()
hinted.compute_hint()
hint = ours(before)
print(json.dumps({"each": each, "review": review, "hint": hint}))
"""


def test_the_example_runs():
    # in a thread of its own: a browser test's event loop may be running in this one
    failed = []
    worker = threading.Thread(target=lambda: failed.append(doctest.testmod(warm).failed))
    worker.start()
    worker.join(60)
    assert failed == [0]


def test_each_module_ahead_imports_little_more_and_the_clicks_nothing_more():
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    for name, new in found["each"].items():
        # leaves first: a step brings only its own module, its package or what the package holds
        assert all(n == name or n.startswith(name + ".") or n == name.rpartition(".")[0] for n in new), (name, new)
        assert name in new, name
    assert found["review"] == [], found["review"]
    assert found["hint"] == [], found["hint"]

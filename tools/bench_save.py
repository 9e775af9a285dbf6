"""Time of one action and its save in a long money session, the whole log packed vs the kept text.

    python3 tools/bench_save.py [--events 250 5000] [--actions 60]

For each size, plays a money session (the computer on both sides, a fast
player: the last legal play, no doubles) through one
:class:`game.app.controller.Controller` until its log holds that many events
(saves switched off meanwhile), then times ``bot_act()`` (one action and its
save(s), into a :class:`game.app.keep.storage.MemoryStore`) alternately with two
ways of saving, on the same controller, in the same run:

- ``whole``: the save before game/app/keep/current_text.py, ``storage.pack`` of the
  whole snapshot (``Match.to_dict()`` copies the log, then it is encoded);
- ``kept``: the controller's save now (the finished games' text is kept).

Prints the median and mean milliseconds per action of each, and their ratio.
Wall time of CPython on this machine: compare only figures of one run.
"""

import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.app.keep import storage  # noqa: E402
from game.app.controller import Controller  # noqa: E402


class Quick:
    """The last legal play, never doubles, always takes (the bot's thinking is not timed here)."""

    def choose_move(self, position, dice, ctx=None):
        moves = position.legal_moves(dice)
        return moves[-1] if moves else None

    def cube_action(self, position, ctx=None):
        return "no_double"

    def take_decision(self, position, ctx=None):
        return "take"


def whole_save(app, also=None):
    """The controller's save as it was: the whole snapshot packed (the log copied and encoded)."""
    if app.match is None:
        return
    changes = dict(also or {})
    archiving = app.match.match_winner is not None and not app.archived
    if archiving:
        app.archived = True
        changes["history"] = [app._summary(), *app.kept.history()][:storage.HISTORY_LIMIT]
    changes["current"] = app._snapshot()
    if not app._commit(changes) and archiving:
        app.archived = False


def session(events):
    app = Controller(storage.MemoryStore(), bot_factory=lambda level: Quick())
    app.boot("?mode=watch&length=0&seed=bench-save&level=beginner")
    app.save = lambda also=None: None
    while len(app.match.events) < events:
        app.bot_act()
    del app.save
    app.save()
    return app


def measure(events, actions):
    app = session(events)
    kept = Controller.save
    times = {"whole": [], "kept": []}
    for index in range(2 * actions):
        name = ("whole", "kept", "kept", "whole")[index % 4]
        app.save = (lambda also=None: whole_save(app, also)) if name == "whole" \
            else (lambda also=None: kept(app, also))
        start = time.perf_counter()
        app.bot_act()
        times[name].append((time.perf_counter() - start) * 1000)
    return len(app.match.events), times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, nargs="+", default=[250, 5000])
    parser.add_argument("--actions", type=int, default=60, help="timed actions of each way")
    args = parser.parse_args(argv)
    print(f"{'events':>7} {'way':>6} {'median ms':>10} {'mean ms':>9}")
    for events in args.events:
        final, times = measure(events, args.actions)
        for name, values in times.items():
            print(f"{events:>7} {name:>6} {statistics.median(values):>10.2f} {statistics.mean(values):>9.2f}")
        ratio = statistics.median(times["whole"]) / statistics.median(times["kept"])
        print(f"{events:>7} whole/kept median ratio {ratio:.1f} (log at the end: {final} events)")


if __name__ == "__main__":
    main()

"""Memory does not keep growing over consecutive games in one page (tools/bench_memory.py).

Three games of the computer against itself (beginner, fast, money play) in one
page; the JS heap (after a garbage collection) and Pyodide's wasm memory after
the last game are within a margin of what they were after the first. The
benchmark itself (20 games, every figure printed) is ``make bench-memory``.
"""

import bench_memory  # tools/ is put on sys.path by tests/conftest.py
import pytest

MB = 1024 * 1024
GAMES = 3
#: what a third game may add: the match log grows by a few hundred events (kilobytes)
HEAP_MARGIN = 4 * MB
WASM_MARGIN = 16 * MB


@pytest.mark.chromium_only("the JS heap and wasm memory figures come from the Chrome DevTools "
                            "Protocol (HeapProfiler, Runtime.getHeapUsage), which Firefox lacks")
def test_memory_stays_flat_over_consecutive_games(tiered_browser, base_url):
    # the engine as players have it (tests/conftest.py, tiered_browser): three whole games
    context = tiered_browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    rows = []
    try:
        bench_memory.play_games(page, f"{base_url}/", GAMES, rows.append, seed="memory-test")
    finally:
        context.close()
    first, last = rows[1], rows[-1]
    assert len(rows) == GAMES + 1 and last[2] > first[2]          # the games were played
    assert last[3] <= first[3] + HEAP_MARGIN, [row[3] / MB for row in rows]
    assert last[4] <= first[4] + WASM_MARGIN, [row[4] / MB for row in rows]

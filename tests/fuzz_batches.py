"""Feed many fuzzed inputs cheaply: Hypothesis examples that are lists of inputs.

Most of the cost of a Hypothesis example is Hypothesis's own, so the fuzz tests
draw ``batch`` inputs per example; a failing list still shrinks to the input
that fails.  Shared by the engine's fuzz tests (tests/fuzz_harness.py) and
tests/test_fuzz_inputs.py.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def feed_batches(strategy, examples, batch, each):
    """Run ``each(value)`` on ``examples`` examples of ``batch`` values drawn from ``strategy``.

    Returns how many values were counted: every call of ``each`` that did not
    return False (a body returns False for an input it chose not to feed).
    """
    count = 0

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(strategy, min_size=batch, max_size=batch))
    def run(values):
        nonlocal count
        for value in values:
            if each(value) is not False:
                count += 1

    run()
    return count

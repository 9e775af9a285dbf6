"""The tests run with no network but loopback (tools/netns.py, used by ``make test``).

Under ``BACKGAMMON_NETNS=1`` (set inside the namespace) the first test checks
that it really is so. The second runs the wrapper itself, whatever this
session's own network, and checks what the command inside sees.
"""

import os
import pathlib
import socket
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
NETNS = ROOT / "tools" / "netns.py"
#: TEST-NET-1 (RFC 5737): never routed anywhere, so a real network would time out on it
OUTSIDE = ("192.0.2.1", 80)

PROBE = """
import os, socket, time
names = [name for _, name in socket.if_nameindex()]
started = time.monotonic()
try:
    socket.create_connection(("192.0.2.1", 80), timeout=5).close()
    outside = "connected"
except OSError as error:
    outside = type(error).__name__
print(os.environ.get("BACKGAMMON_NETNS"), ",".join(names), outside, round(time.monotonic() - started, 2))
"""


def loopback_answers():
    with socket.create_server(("127.0.0.1", 0)) as server:   # the backlog completes the connect
        with socket.create_connection(server.getsockname(), timeout=2):
            return True


@pytest.mark.skipif(os.environ.get("BACKGAMMON_NETNS") != "1",
                    reason="not inside tools/netns.py's namespace (make test runs pytest there)")
def test_inside_the_namespace_only_loopback_is_reachable():
    assert [name for _, name in socket.if_nameindex()] == ["lo"]
    started = time.monotonic()
    with pytest.raises(OSError):
        socket.create_connection(OUTSIDE, timeout=5).close()
    assert time.monotonic() - started < 1.0          # refused at once: there is no route at all
    assert loopback_answers()                        # the test servers still work


def test_the_wrapper_runs_a_command_with_loopback_only_or_says_why_not():
    result = subprocess.run([sys.executable, str(NETNS), sys.executable, "-c", PROBE],
                            capture_output=True, text=True, timeout=60,
                            env={k: v for k, v in os.environ.items() if k != "BACKGAMMON_NETNS"})
    assert result.returncode == 0, result.stderr
    flag, names, outside, seconds = result.stdout.split()
    if "cannot make a network namespace" in result.stderr:
        assert flag == "None"                         # run as it is, and said so
        return
    assert (flag, names) == ("1", "lo")
    assert outside != "connected" and float(seconds) < 1.0


def test_make_test_runs_pytest_through_the_wrapper():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "tools/netns.py $(PYTHON) -m pytest" in recipe

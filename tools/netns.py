"""Run a command with no network but loopback: a new network namespace, when the system allows.

``make test`` runs pytest through this, after the installs that need the
network (pip, apt, npm): the tests then prove that the app needs nothing
from outside, since nothing outside can be reached.

- As root: ``unshare --net``; otherwise ``unshare --map-root-user --net``
  (a user namespace too: no privilege needed where the kernel allows it).
- Inside, the loopback interface is brought up (a new namespace has it
  down) and ``BACKGAMMON_NETNS=1`` is set; tests/test_netns.py checks, under
  that variable, that only ``lo`` exists and that an outside address fails
  at once.
- Where ``unshare`` is missing or not permitted (containers without the
  capability), the command runs as it is, after a notice on stderr.

    python3 tools/netns.py python3 -m pytest
"""

import fcntl
import os
import shutil
import socket
import struct
import subprocess
import sys

ENV = "BACKGAMMON_NETNS"
SIOCGIFFLAGS, SIOCSIFFLAGS, IFF_UP = 0x8913, 0x8914, 0x1


def loopback_up():
    """Bring ``lo`` up (the ``ip link set lo up`` of this namespace), with one ioctl."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        request = struct.pack("16sh", b"lo", 0)
        flags = struct.unpack("16sh", fcntl.ioctl(sock, SIOCGIFFLAGS, request))[1]
        fcntl.ioctl(sock, SIOCSIFFLAGS, struct.pack("16sh", b"lo", flags | IFF_UP))


def unshare_command():
    """The ``unshare`` prefix that works here, or None."""
    path = shutil.which("unshare")
    if path is None:
        return None
    flags = ["--net"] if os.geteuid() == 0 else ["--map-root-user", "--net"]
    for prefix in ([path, *flags], [path, "--map-root-user", "--net"]):
        probe = subprocess.run([*prefix, "true"], capture_output=True)
        if probe.returncode == 0:
            return prefix
    return None


def main(argv):
    if not argv:
        sys.exit("usage: netns.py COMMAND [ARG...]")
    if argv[0] == "--inside":
        loopback_up()
        os.environ[ENV] = "1"
        os.execvp(argv[1], argv[1:])
    if os.environ.get(ENV) == "1":
        os.execvp(argv[0], argv)
    prefix = unshare_command()
    if prefix is None:
        print("netns.py: notice: cannot make a network namespace here (unshare missing or not "
              "permitted); running with the network as it is", file=sys.stderr, flush=True)
        os.execvp(argv[0], argv)
    os.execv(prefix[0], [*prefix, sys.executable, os.path.abspath(__file__), "--inside", *argv])


if __name__ == "__main__":
    main(sys.argv[1:])

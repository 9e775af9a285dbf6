"""Exit 0 when what the tests need is installed already, 1 when pip has work to do.

"What the tests need" is pyproject.toml's ``dev`` list, each at a version it allows,
and the ``game`` package itself (installed editable, from some checkout: the tests
import this checkout's ``game`` first, pyproject's ``pythonpath``). The Makefile's
``test-deps`` runs pip only when this says no: pip took 7.5 s of wall clock to find
nothing to do, this check 0.2 s.

    python3 tools/deps_installed.py && echo "nothing to install"
"""

import importlib.metadata
import pathlib
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def missing(pyproject=ROOT / "pyproject.toml"):
    """The requirements of the ``dev`` list (and ``game``) that are not installed as asked."""
    try:
        from packaging.requirements import Requirement
    except ImportError:
        return ["packaging"]
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    wanted = [*project.get("dependencies", []), *project["optional-dependencies"]["dev"]]
    absent = []
    for line in [project["name"], *wanted]:
        requirement = Requirement(line)
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        try:
            version = importlib.metadata.version(requirement.name)
        except importlib.metadata.PackageNotFoundError:
            absent.append(line)
            continue
        if not requirement.specifier.contains(version, prereleases=True):
            absent.append(f"{line} (installed: {version})")
    return absent


if __name__ == "__main__":
    sys.exit(1 if missing() else 0)

"""Exit 0 when what the tests need is installed already, 1 when pip has work to do.

"What the tests need" is pyproject.toml's ``dev`` list, each at a version it allows,
and the ``game`` package itself, installed editable from this checkout (so that
``import game`` works from any folder; a fresh clone elsewhere installs it again). The
Makefile's ``test-deps`` runs pip only when this says no: pip took 7.5 s of wall clock
to find nothing to do, this check 0.2 s.

    python3 tools/deps_installed.py && echo "nothing to install"
"""

import importlib.metadata
import importlib.util
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


def installed_here():
    """Whether ``import game`` outside this checkout finds this checkout's package."""
    spec = importlib.util.find_spec("game")
    return spec is not None and spec.origin is not None and \
        pathlib.Path(spec.origin).resolve() == ROOT / "game" / "__init__.py"


if __name__ == "__main__":
    sys.path[:] = [entry for entry in sys.path if pathlib.Path(entry or ".").resolve() != ROOT]
    sys.exit(0 if installed_here() and not missing() else 1)

"""pyproject.toml packages every module and data file the app ships in game.zip.

`pip install -e .[dev]` (what `make test` runs) and a wheel built from the checkout
must hold the same Python as the browser gets: every subpackage of ``game`` and the
files it reads at run time (nets, bear-off table, lessons, translations).
"""

import fnmatch
import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def _setuptools_config() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["setuptools"]


def _shipped_files() -> list[pathlib.Path]:
    return [
        p
        for p in GAME.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    ]


def test_every_subpackage_is_found():
    include = _setuptools_config()["packages"]["find"]["include"]
    packages = {
        ".".join(p.parent.relative_to(ROOT).parts) for p in GAME.rglob("__init__.py")
    }
    assert {"game", "game.bot", "game.app", "game.lessons"} <= packages
    missing = [name for name in packages if not any(fnmatch.fnmatch(name, pat) for pat in include)]
    assert missing == []


def test_every_data_file_is_package_data():
    package_data = _setuptools_config()["package-data"]
    missing = []
    for path in _shipped_files():
        if path.suffix == ".py":
            continue
        # The data file belongs to the nearest folder above it that is a package.
        folder = path.parent
        while not (folder / "__init__.py").exists():
            folder = folder.parent
        package = ".".join(folder.relative_to(ROOT).parts)
        relative = path.relative_to(folder).as_posix()
        if not any(fnmatch.fnmatch(relative, pat) for pat in package_data.get(package, [])):
            missing.append(path.relative_to(ROOT).as_posix())
    assert missing == []

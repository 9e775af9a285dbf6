"""axe-core is for the accessibility tests only: pinned in devDependencies, never shipped."""

import json
import pathlib
import re

import dist  # tools/ is put on sys.path by tests/conftest.py
import vendor

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_axe_core_is_an_exactly_pinned_development_dependency():
    package = json.loads((ROOT / "package.json").read_text())
    assert "axe-core" not in package["dependencies"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", package["devDependencies"]["axe-core"])
    lock = json.loads((ROOT / "package-lock.json").read_text())
    entry = lock["packages"]["node_modules/axe-core"]
    assert entry["dev"] is True and entry["version"] == package["devDependencies"]["axe-core"]
    assert entry["integrity"].startswith("sha512-")


def test_the_runtime_copy_and_dist_leave_axe_out(tmp_path):
    # vendor.py copies Pyodide's five files and PyScript's dist only
    assert all("axe" not in name for name in vendor.PYODIDE_FILES)
    root = tmp_path / "repo"
    for name in ("index.html", "pyscript.toml", "main.py", "sw.js", "manifest.webmanifest",
                 "game/__init__.py", "static/css/app.css", "static/vendor/game.zip",
                 "static/vendor/pyodide/pyodide.mjs", "static/vendor/pyscript/core.js",
                 "node_modules/axe-core/axe.min.js"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("")
    files = [p.as_posix() for p in dist.build(tmp_path / "dist", root)]
    assert files and not [f for f in files if "axe" in f or f.startswith("node_modules")]
    built = ROOT / "static" / "vendor"
    if built.is_dir():   # after `make vendor`: nothing of axe in what the page may load
        assert not [p for p in built.rglob("*") if "axe" in p.name.lower()]

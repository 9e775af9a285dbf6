"""tools/precache.py: the service worker's list of files and the version that names its cache."""

import json
import shutil
import subprocess

import pytest

import dist  # tools/ is put on sys.path by tests/conftest.py
import precache

NODE = shutil.which("node")


def make_site(root, extra=()):
    for name in (*precache.TOP_FILES, "sw.js", "README.md", "game/__init__.py",
                 "static/css/app.css", "static/img/icon-192.png", "static/js/register-sw.js",
                 "static/vendor/pyodide/pyodide.mjs", "static/vendor/pyscript/core.js",
                 "static/vendor/pyscript/core.js.map", "static/vendor/game.zip",
                 "static/vendor/.DS_Store", "static/vendor/game.zip.tmp",
                 "static/__pycache__/x.pyc", *extra):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(name)
    return root


def test_the_page_and_everything_static_that_dist_ships_nothing_else(tmp_path):
    site = make_site(tmp_path)
    assert precache.site_files(site) == [
        "index.html",
        "main.py",
        "manifest.webmanifest",
        "pyscript.toml",
        "static/css/app.css",
        "static/img/icon-192.png",
        "static/js/register-sw.js",
        "static/vendor/game.zip",
        "static/vendor/pyodide/pyodide.mjs",
        "static/vendor/pyscript/core.js",
    ]


def test_any_shipped_byte_makes_a_new_version_and_nothing_else_does(tmp_path):
    site = make_site(tmp_path)
    first = precache.manifest(site)["version"]
    assert len(first) == 16 and precache.manifest(site)["version"] == first
    (site / "README.md").write_text("not shipped")
    (site / "static/vendor/pyscript/core.js.map").write_text("not shipped")
    assert precache.manifest(site)["version"] == first
    versions = {first}
    for name in ("static/vendor/game.zip", "index.html", "sw.js"):
        (site / name).write_text("changed")
        versions.add(precache.manifest(site)["version"])
    assert len(versions) == 4                           # the worker itself counts too


def test_written_once_then_left_alone_and_read_back(tmp_path):
    site = make_site(tmp_path)
    changed, data = precache.write(site)
    assert changed
    assert precache.write(site) == (False, data)
    assert precache.read(site) == data
    assert precache.OUTPUT not in data["files"]          # its own hash could not be in it
    assert data["files"]["main.py"] == precache.sha256(site / "main.py")


def test_a_missing_page_file_stops_the_build(tmp_path):
    site = make_site(tmp_path)
    (site / "manifest.webmanifest").unlink()
    with pytest.raises(SystemExit, match="manifest.webmanifest"):
        precache.site_files(site)


def test_dist_writes_its_own_list_for_exactly_its_files(tmp_path):
    site = make_site(tmp_path / "repo")
    files = {p.as_posix() for p in dist.build(tmp_path / "dist", site)}
    data = precache.read(tmp_path / "dist")
    # what dist serves, but its Python sources (game.zip holds them), sw.js and the list itself
    assert set(data["files"]) == files - {"game/__init__.py", "sw.js", precache.OUTPUT}
    assert data == precache.manifest(site)             # the same version as the checkout's


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_scripts_parse_and_precache_js_sets_the_list(tmp_path):
    for script in ("sw.js", "static/js/register-sw.js"):
        subprocess.run([NODE, "--check", str(precache.ROOT / script)], check=True)
    site = make_site(tmp_path)
    precache.write(site)
    out = subprocess.run(
        [NODE, "-e", "globalThis.self = {}; require(process.argv[1]);"
                     "process.stdout.write(JSON.stringify(self.PRECACHE))", str(site / precache.OUTPUT)],
        check=True, capture_output=True, text=True).stdout
    assert json.loads(out) == precache.manifest(site)

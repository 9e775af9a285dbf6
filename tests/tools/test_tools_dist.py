"""tools/dist.py: dist/ holds the site and nothing else."""

import dist  # tools/ is put on sys.path by tests/conftest.py


def test_dist_holds_the_page_the_runtime_and_the_shipped_game_files(tmp_path):
    root = tmp_path / "repo"
    for name in (
        "index.html",
        "pyscript.toml",
        "main.py",
        "sw.js",
        "manifest.webmanifest",
        "README.md",
        "Makefile",
        "game/__init__.py",
        "game/tests/test_x.py",
        "game/__pycache__/x.pyc",
        "tests/test_y.py",
        "static/css/app.css",
        "static/favicon.svg",
        "static/vendor/pyodide/pyodide.mjs",
        "static/vendor/pyscript/core.js",
        "static/vendor/pyscript/core.js.map",
        "static/vendor/game.zip",
        "static/vendor/game-later.zip",
        "static/vendor/pyodide/python_stdlib.zip",          # Pyodide's own: the page loads ours
        "static/vendor/stdlib/python_stdlib.zip",
        "static/vendor/stdlib/python_stdlib_later.zip",
        "static/vendor/stdlib/.python_stdlib.zip.src",
    ):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("")
    out = tmp_path / "dist"
    (out / "stale.txt").parent.mkdir()
    (out / "stale.txt").write_text("")
    files = [p.as_posix() for p in dist.build(out, root)]
    assert files == [
        "game/__init__.py",
        "index.html",
        "main.py",
        "manifest.webmanifest",
        "pyscript.toml",
        "static/css/app.css",
        "static/favicon.svg",
        "static/vendor/game-later.zip",
        "static/vendor/game.zip",
        "static/vendor/precache.js",
        "static/vendor/pyodide/pyodide.mjs",
        "static/vendor/pyscript/core.js",
        "static/vendor/stdlib/python_stdlib.zip",
        "static/vendor/stdlib/python_stdlib_later.zip",
        "sw.js",
    ]

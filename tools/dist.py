"""Write dist/: the site as any static host can serve it, nothing else.

dist/ holds index.html, pyscript.toml, main.py, sw.js, manifest.webmanifest,
the shipped files of game/ (the selection tools/pack.py makes: no tests, no
__pycache__) and static/ (css, images, js, and vendor/ with the runtime,
game.zip and the service worker's precache.js, written afresh for dist/).
Run `make vendor` first; `make dist` does. The folder is replaced as a whole, so nothing stale stays.

Usage: python3 tools/dist.py [DEST]   (default: dist)
"""

import pathlib
import shutil
import sys

import precache
from pack import ROOT, game_files

TOP_FILES = ("index.html", "pyscript.toml", "main.py", "sw.js", "manifest.webmanifest")
REQUIRED = (
    "static/vendor/pyodide/pyodide.mjs",
    "static/vendor/pyscript/core.js",
    "static/vendor/game.zip",
)


def build(dest: pathlib.Path, root: pathlib.Path = ROOT) -> list[pathlib.Path]:
    """Replace dest with the site built from root; return the files written, relative to dest."""
    missing = [name for name in REQUIRED if not (root / name).is_file()]
    if missing:
        sys.exit(f"dist: missing {', '.join(missing)}: run `make vendor` first")
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for name in TOP_FILES:
        shutil.copy2(root / name, dest / name)
    for rel in game_files(root):
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, dest / rel)
    shutil.copytree(
        root / "static",
        dest / "static",
        ignore=shutil.ignore_patterns(".*", "__pycache__", "*.map", "*.tmp"),
    )
    for unused in precache.UNUSED:
        (dest / unused).unlink(missing_ok=True)
    precache.write(dest)  # the service worker's list and version, for exactly these files
    return sorted(p.relative_to(dest) for p in dest.rglob("*") if p.is_file())


def main() -> None:
    dest = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist"
    files = build(dest.resolve())
    size = sum((dest / f).stat().st_size for f in files)
    print(f"dist: {dest} ({len(files)} files, {size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()

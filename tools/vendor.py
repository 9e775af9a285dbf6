"""Copy the browser runtime (Pyodide and PyScript) from node_modules into static/vendor/.

Only the files the page loads are copied: the five Pyodide files and the
PyScript ``dist/`` without source maps. The run is idempotent: a file whose
bytes already match is left alone, and a file that the current packages no
longer ship (an old chunk after an upgrade) is removed.

The versions installed in node_modules must be the ones package.json pins;
otherwise this stops and says to run ``npm ci`` (``make vendor`` does).

Usage: python3 tools/vendor.py
"""

import filecmp
import json
import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def pyscript_files(dist: pathlib.Path) -> list[str]:
    """The names in @pyscript/core's dist/ that the page may load: everything but source maps."""
    return sorted(
        p.name for p in dist.iterdir() if p.is_file() and not p.name.endswith(".map")
    )


def check_versions() -> None:
    """Stop when node_modules does not hold exactly the versions package.json pins."""
    wanted = json.loads((ROOT / "package.json").read_text())["dependencies"]
    for name, version in wanted.items():
        manifest = NODE_MODULES / name / "package.json"
        if not manifest.is_file():
            sys.exit(f"vendor: {name} is not installed in node_modules; run `npm ci`")
        installed = json.loads(manifest.read_text())["version"]
        if installed != version:
            sys.exit(
                f"vendor: node_modules has {name} {installed}, package.json pins {version}; run `npm ci`"
            )


def sync(src_dir: pathlib.Path, names: list[str] | tuple[str, ...], dest_dir: pathlib.Path) -> int:
    """Make dest_dir hold exactly `names` copied from src_dir; return how many files changed."""
    dest_dir.mkdir(parents=True, exist_ok=True)
    changed = 0
    for name in names:
        src, dest = src_dir / name, dest_dir / name
        if not src.is_file():
            sys.exit(f"vendor: missing {src}")
        if dest.is_file() and filecmp.cmp(src, dest, shallow=False):
            continue
        shutil.copyfile(src, dest)
        changed += 1
    for stale in dest_dir.iterdir():
        if stale.name not in names:
            if stale.is_dir():
                shutil.rmtree(stale)
            else:
                stale.unlink()
            changed += 1
    return changed


def main() -> None:
    check_versions()
    pyodide_src = NODE_MODULES / "pyodide"
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    changed = sync(pyodide_src, PYODIDE_FILES, VENDOR / "pyodide")
    changed += sync(pyscript_src, pyscript_files(pyscript_src), VENDOR / "pyscript")
    print(f"vendor: static/vendor/pyodide and static/vendor/pyscript in sync ({changed} files changed)")


if __name__ == "__main__":
    main()

"""Copy the browser runtime (Pyodide and PyScript) from node_modules into static/vendor/.

Only the files the page loads are copied: the five Pyodide files and the
PyScript ``dist/`` without source maps. The run is idempotent: a file whose
bytes already match is left alone, and a file that the current packages no
longer ship (an old chunk after an upgrade) is removed.

The versions installed in node_modules must be the ones package.json pins;
otherwise this stops and says to run ``npm ci`` (``make vendor`` does).

The standard library the page loads is static/vendor/stdlib/python_stdlib.zip: Pyodide's
own, with the modules the page imports at its start (tools/stdlib_first.txt) compiled to
bytecode by Pyodide itself under Node (tools/compile_pyc.mjs), so the page does not compile
them again at every visit (docs/startup.md); the rest stays source. Rebuilt only when
Pyodide, the list or the compiler change (a hash in a dot file beside it); without Node
it is Pyodide's zip as it is. static/js/pyodide-start.mjs passes it as ``stdLibURL``.

Usage: python3 tools/vendor.py
"""

import filecmp
import hashlib
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

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


STDLIB = VENDOR / "stdlib" / "python_stdlib.zip"
STDLIB_FIRST = ROOT / "tools" / "stdlib_first.txt"
COMPILER = ROOT / "tools" / "compile_pyc.mjs"


def write_stdlib() -> bool:
    """static/vendor/stdlib/python_stdlib.zip, its first modules compiled; True when rewritten."""
    source = VENDOR / "pyodide" / "python_stdlib.zip"
    digest = hashlib.sha256(source.read_bytes())
    for path in (STDLIB_FIRST, COMPILER):
        digest.update(path.read_bytes())
    stamp, stamp_path = digest.hexdigest(), STDLIB.with_name(".python_stdlib.zip.src")
    if STDLIB.is_file() and stamp_path.is_file() and stamp_path.read_text() == stamp:
        return False
    STDLIB.parent.mkdir(parents=True, exist_ok=True)
    node = shutil.which("node")
    if node is None:
        print("vendor: no Node: the standard library is shipped as Pyodide has it (slower start)",
              file=sys.stderr)
        shutil.copyfile(source, STDLIB)
        stamp_path.unlink(missing_ok=True)
        return True
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "stdlib.zip"
        subprocess.run([node, str(COMPILER), str(source), str(out), "0", str(STDLIB_FIRST)], check=True)
        shutil.copyfile(out, STDLIB)
    stamp_path.write_text(stamp)
    return True


def main() -> None:
    check_versions()
    pyodide_src = NODE_MODULES / "pyodide"
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    changed = sync(pyodide_src, PYODIDE_FILES, VENDOR / "pyodide")
    changed += sync(pyscript_src, pyscript_files(pyscript_src), VENDOR / "pyscript")
    changed += write_stdlib()
    print(f"vendor: static/vendor/pyodide, pyscript and stdlib in sync ({changed} files changed)")


if __name__ == "__main__":
    main()

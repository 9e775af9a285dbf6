"""Copy the browser runtime (Pyodide and PyScript) from node_modules into static/vendor/.

Only the files the page loads are copied: the five Pyodide files and the
PyScript ``dist/`` without source maps. The run is idempotent: a file whose
bytes already match is left alone, and a file that the current packages no
longer ship (an old chunk after an upgrade) is removed.

The versions installed in node_modules must be the ones package.json pins;
otherwise this stops and says to run ``npm ci`` (``make vendor`` does).

The standard library comes in two zips, split the way game.zip is (docs/startup.md):

- static/vendor/stdlib/python_stdlib.zip, the one static/js/pyodide-start.mjs passes as
  ``stdLibURL``: only the modules the page imports at its start (tools/stdlib_first.txt)
  and what goes with their packages, compiled to bytecode by Pyodide itself under Node
  (tools/compile_pyc.mjs) so that the page does not compile them at every visit, and
  ``python_stdlib_later.json``, the list of the other zip's modules;
- static/vendor/stdlib/python_stdlib_later.zip: every other module of Pyodide's zip, as
  source, which game/web/later.py fetches once the page is playable (or at once, when one
  of its modules is imported before).

Rebuilt only when Pyodide, the list or the compiler change (a hash in a dot file beside
them); without Node the first zip is Pyodide's as it is, and there is no later zip.

Usage: python3 tools/vendor.py
"""

import filecmp
import hashlib
import io
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import zipfile

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
STDLIB_LATER = STDLIB.with_name("python_stdlib_later.zip")
#: in the first zip: where the later zip is (from the page) and its modules (game/web/later.py)
STDLIB_LISTING = "python_stdlib_later.json"
STDLIB_FIRST = ROOT / "tools" / "stdlib_first.txt"
COMPILER = ROOT / "tools" / "compile_pyc.mjs"
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def first_names(path: pathlib.Path = STDLIB_FIRST) -> set[str]:
    """The module names a list such as tools/stdlib_first.txt holds (# comments)."""
    names = (line.split("#")[0].strip() for line in path.read_text().splitlines())
    return {name for name in names if name}


def module_of(name: str) -> str | None:
    """The module a zip entry is (``a/b/__init__.py`` is ``a.b``), None for other files."""
    if not name.endswith(".py"):
        return None
    parts = name[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def split_stdlib(names: list[str], first: set[str]) -> tuple[list[str], list[str]]:
    """(first, later): the entries of a stdlib zip the start needs, and the others.

    A module is first when the list names it; any other file (a folder, a data file) goes
    with the package that holds it: later when that package's ``__init__`` is later.

    >>> split_stdlib(["a.py", "b.py", "p/", "p/__init__.py", "p/x.py", "p/py.typed",
    ...               "q/", "q/__init__.py", "q/d.txt", "README.txt"], {"a", "p"})
    (['a.py', 'p/', 'p/__init__.py', 'p/py.typed', 'README.txt'], ['b.py', 'p/x.py', 'q/', 'q/__init__.py', 'q/d.txt'])
    """
    modules = {module_of(name) for name in names} - {None}
    later_modules = modules - first
    first_entries, later_entries = [], []
    for name in names:
        module = module_of(name)
        if module is None:  # a folder is its own package; a data file, its folder's
            folder = name.rstrip("/") if name.endswith("/") else name.rpartition("/")[0]
            module = folder.replace("/", ".")
        is_later = module in later_modules
        (later_entries if is_later else first_entries).append(name)
    return first_entries, later_entries


def _zip(source: zipfile.ZipFile, names: list[str], extra: dict[str, bytes] = {}) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in [*((n, source.read(n)) for n in names), *extra.items()]:
            entry = zipfile.ZipInfo(name, FIXED_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = (0o755 if name.endswith("/") else 0o644) << 16
            out.writestr(entry, data)
    return buffer.getvalue()


def stdlib_zips(source: pathlib.Path, first: set[str]) -> tuple[bytes, bytes]:
    """(first, later) zips of sources made from Pyodide's stdlib zip: the first one also
    holds the listing of the later one's modules."""
    with zipfile.ZipFile(source) as zipped:
        first_entries, later_entries = split_stdlib(zipped.namelist(), first)
        listing = {"zip": "static/vendor/stdlib/" + STDLIB_LATER.name,
                   "modules": sorted({module_of(n) for n in later_entries} - {None})}
        return (_zip(zipped, first_entries, {STDLIB_LISTING: json.dumps(listing, indent=0).encode()}),
                _zip(zipped, later_entries))


def write_stdlib() -> bool:
    """The two stdlib zips of static/vendor/stdlib/, the first one compiled; True when rewritten."""
    source = VENDOR / "pyodide" / "python_stdlib.zip"
    digest = hashlib.sha256(source.read_bytes())
    for path in (STDLIB_FIRST, COMPILER, pathlib.Path(__file__)):
        digest.update(path.read_bytes())
    stamp, stamp_path = digest.hexdigest(), STDLIB.with_name(".python_stdlib.zip.src")
    if (STDLIB.is_file() and STDLIB_LATER.is_file() and stamp_path.is_file()
            and stamp_path.read_text() == stamp):
        return False
    STDLIB.parent.mkdir(parents=True, exist_ok=True)
    node = shutil.which("node")
    if node is None:
        print("vendor: no Node: the standard library is shipped as Pyodide has it (slower start)",
              file=sys.stderr)
        shutil.copyfile(source, STDLIB)
        STDLIB_LATER.unlink(missing_ok=True)
        stamp_path.unlink(missing_ok=True)
        return True
    first, later = stdlib_zips(source, first_names())
    with tempfile.TemporaryDirectory() as tmp:
        src, out = pathlib.Path(tmp) / "first.zip", pathlib.Path(tmp) / "stdlib.zip"
        src.write_bytes(first)
        subprocess.run([node, str(COMPILER), str(src), str(out), "0"], check=True)
        shutil.copyfile(out, STDLIB)
    STDLIB_LATER.write_bytes(later)
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

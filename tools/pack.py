"""Pack the ``game`` package into static/vendor/game.zip for the browser.

pyscript.toml ships it with ``[files] "./static/vendor/game.zip" = "./*"``:
PyScript unpacks the archive into the interpreter's working directory, which is
on ``sys.path``, so ``import game`` works with one request and no per-module list.

What ships: every file under game/ whose suffix is in SHIPPED_SUFFIXES, except
anything inside a ``tests`` or ``__pycache__`` folder (``make dist`` copies the
same selection). The archive is deterministic (sorted names, fixed timestamps),
and the file is rewritten only when its bytes change, so running this on every
build is cheap and leaves an up-to-date zip untouched.

The page's own game.zip (``static/vendor/game.zip`` of this checkout) ships bytecode,
not sources: tools/compile_pyc.mjs compiles every module with Pyodide itself, under
Node, from the pinned npm package (the machine's own Python is another version, its
bytecode would not load). The page then imports without compiling (about six times
faster in Pyodide under Node: docs/startup.md). The sources' zip is hashed into
``.game.zip.src`` beside it, so Node runs only when a source changed. Without Node or
node_modules the sources are shipped as they are, with a notice. Any other root or
destination (the tests') gets the sources.

Usage: python3 tools/pack.py [--sources]   (--sources: ship the .py files, not bytecode)
"""

import hashlib
import io
import pathlib
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
ZIP_PATH = ROOT / "static" / "vendor" / "game.zip"

SHIPPED_SUFFIXES = {".py", ".json", ".txt", ".bin", ".csv", ".toml", ".po"}
SKIPPED_DIRS = {"tests", "__pycache__"}
# 1980-01-01, the earliest date a zip entry can hold: the bytes depend on content only.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def game_files(root: pathlib.Path = ROOT) -> list[pathlib.Path]:
    """The files of root/game that the browser needs, as paths relative to root, sorted."""
    game = root / "game"
    if not game.is_dir():
        return []
    files = []
    for path in game.rglob("*"):
        rel = path.relative_to(root)
        if (
            path.is_file()
            and path.suffix in SHIPPED_SUFFIXES
            and not SKIPPED_DIRS.intersection(rel.parts[:-1])
        ):
            files.append(rel)
    return sorted(files)


def build_zip(root: pathlib.Path = ROOT) -> bytes:
    """The bytes of game.zip for root/game, the same for the same files."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for rel in game_files(root):
            info = zipfile.ZipInfo(rel.as_posix(), FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, (root / rel).read_bytes())
    return buffer.getvalue()


COMPILER = ROOT / "tools" / "compile_pyc.mjs"
PYODIDE = ROOT / "node_modules" / "pyodide"
#: 0: the bytecode keeps docstrings and asserts, as CPython runs the sources in the tests
OPTIMIZE = 0


def compiled(sources: bytes) -> bytes | None:
    """``sources`` (a zip) with each module compiled for the page's Pyodide, or None
    when Node or the npm package is missing."""
    node = shutil.which("node")
    if node is None or not (PYODIDE / "pyodide.mjs").is_file():
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src, out = pathlib.Path(tmp) / "src.zip", pathlib.Path(tmp) / "out.zip"
        src.write_bytes(sources)
        subprocess.run([node, str(COMPILER), str(src), str(out), str(OPTIMIZE)], check=True)
        return out.read_bytes()


def source_stamp(sources: bytes) -> str:
    """What the bytecode is made from: the sources, the compiler, the Pyodide version."""
    digest = hashlib.sha256(sources)
    digest.update(COMPILER.read_bytes())
    digest.update((PYODIDE / "package.json").read_bytes() if (PYODIDE / "package.json").is_file() else b"-")
    digest.update(str(OPTIMIZE).encode())
    return digest.hexdigest()


def write_zip(root: pathlib.Path = ROOT, dest: pathlib.Path = ZIP_PATH, bytecode: bool | None = None) -> bool:
    """Write dest when its bytes differ from a fresh build; return whether it changed.
    ``bytecode`` (default: for this checkout's own game.zip only) ships compiled modules."""
    data = build_zip(root)
    if bytecode is None:
        bytecode = root == ROOT and dest == ZIP_PATH
    if not bytecode:
        dest.with_name("." + dest.name + ".src").unlink(missing_ok=True)
    if bytecode:
        stamp_path = dest.with_name("." + dest.name + ".src")   # a dot file: never shipped
        stamp = source_stamp(data)
        if dest.is_file() and stamp_path.is_file() and stamp_path.read_text() == stamp:
            return False
        made = compiled(data)
        if made is None:
            print("pack: no Node or node_modules/pyodide: shipping the sources (slower start)", file=sys.stderr)
            stamp_path.unlink(missing_ok=True)
        else:
            data = made
    if dest.is_file() and dest.read_bytes() == data:
        if bytecode and made is not None:
            stamp_path.write_text(stamp)
        return False
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(dest)
    if bytecode and made is not None:
        stamp_path.write_text(stamp)
    return True


def main() -> None:
    changed = write_zip(bytecode=False if "--sources" in sys.argv else None)
    count = len(game_files())
    state = "rebuilt" if changed else "up to date"
    print(f"pack: {ZIP_PATH.relative_to(ROOT)} {state} ({count} files)")


if __name__ == "__main__":
    main()

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

import ast
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


def build_zip(root: pathlib.Path = ROOT, files=None, extra=None) -> bytes:
    """The bytes of game.zip for root/game (``files``: only these, relative to root;
    ``extra``: ``{name: bytes}`` added), the same for the same files."""
    buffer = io.BytesIO()
    entries = {rel.as_posix(): (root / rel).read_bytes()
               for rel in (game_files(root) if files is None else files)}
    entries.update(extra or {})
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()


# --- what the first screen needs, and what comes after ------------------------------------------

LATER_PATH = ROOT / "static" / "vendor" / "game-later.zip"
#: where the page finds the list of the later zip's modules (game/web/later.py reads it)
LATER_LIST = "game/web/later.json"


def module_of(rel: pathlib.PurePath) -> str:
    parts = list(rel.with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.Module, name: str, is_package: bool) -> set[str]:
    """The modules a module imports when it runs (its top level, not inside functions)."""
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    nodes = []
    for node in tree.body:
        nodes.extend(ast.walk(node) if isinstance(node, (ast.If, ast.Try)) else [node])
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(up + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def first_modules(root: pathlib.Path = ROOT) -> set[str]:
    """The modules of ``game`` that importing main.py's imports runs (and their packages)."""
    modules = {module_of(rel): rel for rel in game_files(root) if rel.suffix == ".py"}
    main = root / "main.py"
    todo = sorted(_imports(ast.parse(main.read_text(encoding="utf-8")), "__main__", False)
                  if main.is_file() else modules)
    seen = set()
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            here = ".".join(parts[:i])
            if here in modules and here not in seen:
                seen.add(here)
                rel = modules[here]
                todo.extend(_imports(ast.parse((root / rel).read_text(encoding="utf-8")), here,
                                     rel.name == "__init__.py"))
    return seen


def split(root: pathlib.Path = ROOT) -> tuple[list, list]:
    """(first, later): the files the first screen needs, and the rest. A module goes
    later when main.py's imports do not run it (the app imports it inside a function); a
    data file goes with the nearest package above it: later when that package is not first."""
    first_names = first_modules(root)
    files = game_files(root)
    packages = {module_of(rel) for rel in files if rel.name == "__init__.py"}
    first, later = [], []
    for rel in files:
        if rel.suffix == ".py":
            (first if module_of(rel) in first_names else later).append(rel)
        else:
            # the nearest folder above it that is a package (locales/ is a plain folder)
            package = next((module_of(folder / "__init__.py") for folder in rel.parents
                            if module_of(folder / "__init__.py") in packages), "game")
            (first if package in first_names else later).append(rel)
    return first, later


COMPILER = ROOT / "tools" / "compile_pyc.mjs"
PYODIDE = ROOT / "node_modules" / "pyodide"
#: 0: the bytecode keeps asserts, as CPython runs the sources in the tests
OPTIMIZE = 0
#: docstrings are dropped (compile_pyc.mjs --no-docstrings): nothing in game reads __doc__
#: (tests/tools/test_tools_pack.py checks), and they were a fifth of game.zip
NO_DOCSTRINGS = ["--no-docstrings"]


def compiled(sources: bytes) -> bytes | None:
    """``sources`` (a zip) with each module compiled for the page's Pyodide, or None
    when Node or the npm package is missing."""
    node = shutil.which("node")
    if node is None or not (PYODIDE / "pyodide.mjs").is_file():
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src, out = pathlib.Path(tmp) / "src.zip", pathlib.Path(tmp) / "out.zip"
        src.write_bytes(sources)
        subprocess.run([node, str(COMPILER), *NO_DOCSTRINGS, str(src), str(out), str(OPTIMIZE)], check=True)
        return out.read_bytes()


def source_stamp(sources: bytes) -> str:
    """What the bytecode is made from: the sources, the compiler, the Pyodide version."""
    digest = hashlib.sha256(sources)
    digest.update(COMPILER.read_bytes())
    digest.update((PYODIDE / "package.json").read_bytes() if (PYODIDE / "package.json").is_file() else b"-")
    digest.update(str([OPTIMIZE, *NO_DOCSTRINGS]).encode())
    return digest.hexdigest()


def _write(dest: pathlib.Path, data: bytes) -> bool:
    if dest.is_file() and dest.read_bytes() == data:
        return False
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(dest)
    return True


def write_zip(root: pathlib.Path = ROOT, dest: pathlib.Path = ZIP_PATH, bytecode: bool | None = None) -> bool:
    """Write dest when its bytes differ from a fresh build; return whether it changed.

    ``bytecode`` (default: for this checkout's own game.zip only) ships compiled modules,
    and splits them: game.zip holds what the first screen needs, game-later.zip beside it
    the rest (game/web/later.py fetches it once the page is playable, or at once when a
    module of it is imported before). Otherwise dest holds every source file."""
    if bytecode is None:
        bytecode = root == ROOT and dest == ZIP_PATH
    stamp_path = dest.with_name("." + dest.name + ".src")   # a dot file: never shipped
    later_path = dest.with_name(LATER_PATH.name)
    if not bytecode:
        stamp_path.unlink(missing_ok=True)
        later_path.unlink(missing_ok=True)
        return _write(dest, build_zip(root))
    first, later = split(root)
    listing = {"zip": "static/vendor/" + later_path.name,
               "modules": sorted(module_of(rel) for rel in later if rel.suffix == ".py")}
    sources = (build_zip(root, first, {LATER_LIST: json.dumps(listing, indent=1).encode()}),
               build_zip(root, later))
    stamp = source_stamp(b"".join(sources))
    if dest.is_file() and later_path.is_file() and stamp_path.is_file() and stamp_path.read_text() == stamp:
        return False
    made = [compiled(data) for data in sources]
    if None in made:
        print("pack: no Node or node_modules/pyodide: shipping the sources (slower start)", file=sys.stderr)
        stamp_path.unlink(missing_ok=True)
        later_path.unlink(missing_ok=True)
        return _write(dest, build_zip(root))
    changed = _write(dest, made[0])
    changed = _write(later_path, made[1]) or changed
    stamp_path.write_text(stamp)
    return changed


def main() -> None:
    changed = write_zip(bytecode=False if "--sources" in sys.argv else None)
    count = len(game_files())
    state = "rebuilt" if changed else "up to date"
    print(f"pack: {ZIP_PATH.relative_to(ROOT)} {state} ({count} files)")


if __name__ == "__main__":
    main()

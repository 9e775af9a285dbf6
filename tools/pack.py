"""Pack the ``game`` package into static/vendor/game.zip for the browser.

pyscript.toml ships it with ``[files] "./static/vendor/game.zip" = "./*"``:
PyScript unpacks the archive into the interpreter's working directory, which is
on ``sys.path``, so ``import game`` works with one request and no per-module list.

What ships: every file under game/ whose suffix is in SHIPPED_SUFFIXES, except
anything inside a ``tests`` or ``__pycache__`` folder (``make dist`` copies the
same selection). The archive is deterministic (sorted names, fixed timestamps),
and the file is rewritten only when its bytes change, so running this on every
build is cheap and leaves an up-to-date zip untouched.

Usage: python3 tools/pack.py
"""

import io
import pathlib
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


def write_zip(root: pathlib.Path = ROOT, dest: pathlib.Path = ZIP_PATH) -> bool:
    """Write dest when its bytes differ from a fresh build; return whether it changed."""
    data = build_zip(root)
    if dest.is_file() and dest.read_bytes() == data:
        return False
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(dest)
    return True


def main() -> None:
    changed = write_zip()
    count = len(game_files())
    state = "rebuilt" if changed else "up to date"
    print(f"pack: {ZIP_PATH.relative_to(ROOT)} {state} ({count} files)")


if __name__ == "__main__":
    main()

"""Write static/vendor/precache.js: what the service worker keeps for offline use, and its version.

sw.js loads this file with ``importScripts`` and keeps every file it names in
one cache, ``backgammon:<scope path>:<version>``. It looks like::

    // Written by tools/precache.py (make vendor): ...
    self.PRECACHE = {
     "version": "3f9c0a1b2c3d4e5f",
     "files": {
      "index.html": "<sha-256 of the file, hex>",
      ...
     }
    };

- The files: the page (index.html, main.py, pyscript.toml, the web app
  manifest) and everything under static/ (css, images, register-sw.js, the
  vendored runtime and game.zip), chosen as tools/dist.py copies them (no
  dot files, source maps, __pycache__ or *.tmp). sw.js itself is not in the
  list: the browser keeps it.
- The version: the first 16 hex digits of a SHA-256 over the list, each
  file's hash, and sw.js. Any change to any shipped byte makes a new version,
  so a new cache; nothing changed, nothing new.
- Why a script and not JSON: browsers look for an update by comparing sw.js
  *and the scripts it imports* with the installed ones, byte for byte. A new
  precache.js therefore installs the new version by itself; a JSON file
  fetched by sw.js would go unnoticed.
- The hashes let sw.js check each download before it caches anything: a site
  caught half-way through an upload (new list, some old files) is not
  installed, so a cache never mixes two versions.

Run after tools/pack.py (``make vendor`` does): game.zip is one of the files.
The file is rewritten only when its bytes change.

Usage: python3 tools/precache.py [SITE]   (default: the checkout)
"""

import fnmatch
import hashlib
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = "static/vendor/precache.js"
SERVICE_WORKER = "sw.js"
#: the page's own files, beside index.html; everything under static/ is added
TOP_FILES = ("index.html", "main.py", "pyscript.toml", "manifest.webmanifest")
#: what tools/dist.py leaves out of static/ (its shutil.ignore_patterns)
SKIPPED = (".*", "__pycache__", "*.map", "*.tmp")
#: files under static/ the app never loads, which dist leaves out too: Pyodide's own stdlib
#: zip (the page loads static/vendor/stdlib/'s; only tools/bare/, not shipped, uses it)
UNUSED = ("static/vendor/pyodide/python_stdlib.zip",)
HEADER = (
    "// Written by tools/precache.py (make vendor): the files sw.js keeps for offline use,\n"
    "// with their SHA-256, and the version that names the cache. Do not edit.\n"
)


def skipped(rel: pathlib.PurePath) -> bool:
    return (rel.as_posix() in UNUSED
            or any(fnmatch.fnmatch(part, pattern) for part in rel.parts for pattern in SKIPPED))


def site_files(site: pathlib.Path = ROOT) -> list[str]:
    """The paths, relative to site and in URL form, that the service worker keeps."""
    missing = [name for name in TOP_FILES if not (site / name).is_file()]
    if missing:
        sys.exit(f"precache: missing {', '.join(missing)} in {site}")
    files = list(TOP_FILES)
    static = site / "static"
    if static.is_dir():
        for path in static.rglob("*"):
            rel = path.relative_to(site)
            if path.is_file() and not skipped(rel) and rel.as_posix() != OUTPUT:
                files.append(rel.as_posix())
    return sorted(files)


def sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest(site: pathlib.Path = ROOT) -> dict:
    """``{"version": ..., "files": {path: sha256}}`` for the site as it is on disk."""
    files = {name: sha256(site / name) for name in site_files(site)}
    digest = hashlib.sha256()
    for name, file_hash in files.items():
        digest.update(f"{file_hash}  {name}\n".encode())
    worker = site / SERVICE_WORKER
    digest.update(f"{sha256(worker) if worker.is_file() else '-'}  {SERVICE_WORKER}\n".encode())
    return {"version": digest.hexdigest()[:16], "files": files}


def render(data: dict) -> str:
    """The text of precache.js for a manifest."""
    return f"{HEADER}self.PRECACHE = {json.dumps(data, indent=1)};\n"


def read(site: pathlib.Path = ROOT) -> dict | None:
    """The manifest in site's precache.js, or None when there is none."""
    path = site / OUTPUT
    if not path.is_file():
        return None
    text = path.read_text()
    start = text.index("self.PRECACHE = ") + len("self.PRECACHE = ")
    return json.loads(text[start:].rstrip().rstrip(";"))


def write(site: pathlib.Path = ROOT) -> tuple[bool, dict]:
    """Write site's precache.js when its bytes differ; return (whether it changed, the manifest)."""
    data = manifest(site)
    text = render(data)
    dest = site / OUTPUT
    if dest.is_file() and dest.read_text() == text:
        return False, data
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(dest)
    return True, data


def main() -> None:
    site = pathlib.Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT
    changed, data = write(site)
    size = sum((site / name).stat().st_size for name in data["files"])
    state = "rewritten" if changed else "up to date"
    print(
        f"precache: {OUTPUT} {state} (version {data['version']}, "
        f"{len(data['files'])} files, {size / 1e6:.1f} MB)"
    )


if __name__ == "__main__":
    main()

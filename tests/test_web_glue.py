"""Only the browser glue (game/app/web) touches ``js`` / ``pyscript``, and it ships in game.zip."""

import ast
import pathlib
import zipfile
import io

import pack

ROOT = pathlib.Path(__file__).resolve().parent.parent
WEB = ROOT / "game" / "web"
BROWSER_ONLY = {"js", "pyscript", "pyodide"}


def imported(path):
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_nothing_outside_the_glue_imports_the_browser():
    found = {str(path.relative_to(ROOT)): sorted(imported(path) & BROWSER_ONLY)
             for path in (ROOT / "game").rglob("*.py") if WEB not in path.parents}
    assert {path: names for path, names in found.items() if names} == {}


def test_the_glue_imports_the_browser_and_is_packed():
    assert imported(WEB / "dom.py") & BROWSER_ONLY
    names = set(zipfile.ZipFile(io.BytesIO(pack.build_zip())).namelist())
    glue = {f"game/web/{path.name}" for path in WEB.glob("*.py")}
    assert {"game/web/page.py", "game/web/events.py"} <= glue <= names


def test_main_is_an_entry_point_only():
    text = (ROOT / "main.py").read_text(encoding="utf-8")
    assert imported(ROOT / "main.py") == {"game"}
    assert len(text.splitlines()) < 20

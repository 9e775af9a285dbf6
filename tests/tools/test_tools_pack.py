"""tools/pack.py: what goes into game.zip, and that the zip is stable."""

import ast
import io
import subprocess
import sys
import zipfile

import pack  # tools/ is put on sys.path by tests/conftest.py


def make_game(root, files):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def names(data):
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def test_ships_code_and_data_but_not_tests_caches_or_notes(tmp_path):
    make_game(
        tmp_path,
        {
            "game/__init__.py": "",
            "game/bot/weights.bin": "w",
            "game/bot/__init__.py": "",
            "game/lang/fr.json": "{}",
            "game/tests/test_rules.py": "",
            "game/__pycache__/rules.cpython-311.pyc": "",
            "game/NOTES.md": "",
        },
    )
    assert names(pack.build_zip(tmp_path)) == [
        "game/__init__.py",
        "game/bot/__init__.py",
        "game/bot/weights.bin",
        "game/lang/fr.json",
    ]


def test_same_files_give_the_same_bytes(tmp_path):
    make_game(tmp_path, {"game/__init__.py": "X = 1\n", "game/a.py": "A = 2\n"})
    first = pack.build_zip(tmp_path)
    (tmp_path / "game" / "a.py").touch()
    assert pack.build_zip(tmp_path) == first


def test_missing_game_folder_gives_an_empty_valid_zip(tmp_path):
    assert names(pack.build_zip(tmp_path)) == []


def test_zip_is_rewritten_only_when_game_changes(tmp_path):
    make_game(tmp_path, {"game/__init__.py": ""})
    dest = tmp_path / "out" / "game.zip"
    assert pack.write_zip(tmp_path, dest) is True
    assert pack.write_zip(tmp_path, dest) is False
    (tmp_path / "game" / "__init__.py").unlink()
    assert pack.write_zip(tmp_path, dest) is True
    assert names(dest.read_bytes()) == []


def test_the_zip_holds_an_importable_package(tmp_path):
    # Pyodide unpacks it into a folder on sys.path; zipimport reads the same layout.
    make_game(tmp_path, {"game/__init__.py": "from .rules import N\n", "game/rules.py": "N = 15\n"})
    dest = tmp_path / "out" / "game.zip"
    pack.write_zip(tmp_path, dest)
    code = f"import sys; sys.path.insert(0, {str(dest)!r}); import game; print(game.N, game.__file__)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=dest.parent)
    assert result.stdout.split() == ["15", str(dest / "game" / "__init__.py")], result.stderr


def test_nothing_shipped_reads_docstrings_which_the_page_s_bytecode_drops():
    # pack.NO_DOCSTRINGS: compile_pyc.mjs drops them from game's bytecode
    assert pack.NO_DOCSTRINGS == ["--no-docstrings"]
    readers = []
    for rel in pack.game_files():
        if rel.suffix != ".py":
            continue
        for node in ast.walk(ast.parse((pack.ROOT / rel).read_text(encoding="utf-8"))):
            name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
            if name in ("__doc__", "getdoc"):
                readers.append(f"{rel}:{node.lineno}")
    assert readers == []

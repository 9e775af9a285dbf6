"""game.friend is engine level: it imports the engine and the standard library, never the app, the bot or the
browser glue (it runs unchanged in CPython and in Pyodide)."""

import ast
import pathlib

FRIEND = pathlib.Path(__file__).resolve().parent.parent / "game" / "friend"
ALLOWED_GAME = {"game.match", "game.dice", "game.errors", "game.reasons", "game.ids", "game.move"}
STDLIB = {"base64", "binascii", "hashlib", "json", "zlib", "os", "copy", "contextlib", "dataclasses", "enum",
          "ipaddress", "re", "struct"}        # the last three: live_text.py (connection codes)


def imported(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield "." * node.level + (node.module or "")


def test_game_friend_imports_only_the_engine_and_the_standard_library():
    files = sorted(FRIEND.glob("*.py"))
    assert len(files) >= 5
    for path in files:
        for name in imported(path):
            if name.startswith("."):
                continue
            top = name.split(".")[0]
            if top == "game":
                assert any(name == allowed or name.startswith(allowed + ".") for allowed in ALLOWED_GAME), \
                    (path.name, name)
            else:
                assert top in STDLIB, (path.name, name)

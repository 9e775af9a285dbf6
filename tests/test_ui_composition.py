"""Rules of the house for the app layer, the glue and the file formats (issue 32, point 2; issue 44,
point 15): parts held and called, no mixins, no attribute proxies, no dispatch on method names built
or kept as text.

The source is read as text and parsed (the glue cannot be imported in CPython)."""

import ast
import pathlib

import pytest

from game.app.controller import Controller

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("game/app/**/*.py"), *ROOT.glob("game/web/*.py"), *ROOT.glob("game/formats/*.py")])
#: what a class of the app may take behaviour from, besides one class of the project
OUTSIDE = {"ValueError", "Exception", "str", "dict", "gettext.NullTranslations"}


def tree(path):
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_class_takes_behaviour_from_one_project_class_at_most(path):
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.ClassDef):
            ours = [ast.unparse(base) for base in node.bases if ast.unparse(base) not in OUTSIDE]
            assert len(ours) <= 1, (node.name, ours)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_attribute_proxy_and_no_call_by_a_name_in_text(path):
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.FunctionDef):
            assert node.name not in ("__get__", "__set__", "__getattr__", "__set_name__"), node.name
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Call):
            inner = node.func
            if isinstance(inner.func, ast.Name) and inner.func.id == "getattr":
                # getattr(obj, name)(...): the method called is named by a string
                raise AssertionError(f"line {node.lineno}: {ast.unparse(node)[:80]}")
        if isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            assert not {"QUERIES", "ANSWERS"} & set(names), names


def test_the_controller_holds_its_parts_and_marks_its_intents():
    app = Controller()
    assert Controller.__bases__ == (object,)
    assert app.kept.app is app and app.game.screen.game is app.game and app.game.hand_dice.game is app.game
    assert app.boot("?mode=hotseat&length=3&seed=7") is True     # an answer: its own result
    assert app.roll().saved is True                               # an action: its Effects
    assert app.buttons()["roll"] == (True, False)                 # a query: what it reads
    assert app.resume(5).parts() == () and app.kept.history() == []    # the saved matches, through the part

"""The rules of the house, checked on the code itself: who may import whom, no circle,
no module or folder too big (no mixin and no dispatch on built names, in game/app, game/web and
game/formats: tests/test_ui_composition.py).

The layers, from the bottom: the engine (``game``'s own modules, ``game.ids``,
``game.formats``), the bot, the lessons, the drills, then the app (``game.app``) in its own
layers, and the browser glue (``game.web``) on top. A module imports only from its
own layer or lower ones, and only the glue imports ``js``, ``pyscript`` or
``pyodide``. The app's features (play, editor, replay, review, lesson) sit side by
side: none imports another.
"""

import ast
import functools
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

#: the layers, bottom first, each (name, the prefixes of its modules): a module's layer is
#: the one whose prefix names it (the longest prefix wins)
LAYERS = [
    ("engine", ["game"]),
    ("bot", ["game.bot"]),
    ("lessons", ["game.lessons"]),
    ("drills", ["game.drills"]),
    ("app base", ["game.app.actions", "game.app.effects", "game.app.limits", "game.app.match_options",
                  "game.app.cooperative"]),
    ("app text", ["game.app.text"]),
    ("review command", ["game.review"]),   # python -m game.review: the analysis in the app's words
    ("app view", ["game.app.view"]),
    ("app keep", ["game.app.keep"]),
    ("app modes", ["game.app.modes"]),
    ("app rollout", ["game.app.rollout"]),   # a decision rolled out: the hint and the review open it
    ("app features", ["game.app.play", "game.app.editor", "game.app.replay", "game.app.review",
                      "game.app.lesson", "game.app.tutor", "game.app.puzzles"]),
    ("app", ["game.app"]),
    ("glue", ["game.web"]),
]
FEATURE_LAYER = [name for name, _ in LAYERS].index("app features")
BROWSER_ONLY = ("js", "pyscript", "pyodide")
MAX_LINES = 900
MAX_MODULES = 25


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in GAME.rglob("*.py")}


def layer_of(module):
    """``(index, prefix)`` of ``module``'s layer: the longest prefix that names it."""
    best = None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > len(best[1]):
                    best = (index, prefix)
    return best


def imports_of(module):
    """Every module of ``game`` (and every top-level name outside it) that ``module`` imports,
    anywhere in its code (inside functions too), as ``{name: line}``."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.setdefault(_known(alias.name), node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.setdefault(_known(full if full in MODULES else base), node.lineno)
    found.pop(module, None)
    return found


def _known(name):
    """``name`` or its longest prefix that is a module of ``game``; outside ``game``, its top name."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in MODULES:
            return ".".join(parts)
        parts.pop()
    return name.split(".")[0]


@functools.cache
def graph():
    """``{module: the modules of game it imports}``: read when a test first asks (not at
    collection, which every pytest worker does)."""
    return {module: {name for name in imports_of(module) if name in MODULES} for module in MODULES}


def test_every_module_has_a_layer():
    assert all(layer_of(module) for module in MODULES)
    assert layer_of("game.match")[0] == 0 and layer_of("game.web.page")[0] == len(LAYERS) - 1
    assert layer_of("game.app.play.mode") == (FEATURE_LAYER, "game.app.play")


def test_no_module_imports_from_a_higher_layer():
    upward = []
    for module, names in graph().items():
        mine = layer_of(module)[0]
        for name in names:
            theirs = layer_of(name)[0]
            if theirs > mine:
                upward.append(f"{module} ({LAYERS[mine][0]}) imports {name} ({LAYERS[theirs][0]})")
    assert upward == []


def test_no_feature_imports_another():
    crossing = []
    for module, names in graph().items():
        mine = layer_of(module)
        for name in names:
            theirs = layer_of(name)
            if mine[0] == theirs[0] == FEATURE_LAYER and mine[1] != theirs[1]:
                crossing.append(f"{module} imports {name}")
    assert crossing == []


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_circle_of_imports():
    # a package's __init__ importing its own modules is not a circle of the code
    code = {module: {name for name in names if not module.startswith(name + ".")}
            for module, names in graph().items()}
    assert cycles(code) == []


def test_only_the_glue_imports_the_browser():
    found = []
    for module in MODULES:
        if layer_of(module)[1] == "game.web":
            continue
        for name, line in imports_of(module).items():
            if name in BROWSER_ONLY:
                found.append(f"{module}:{line} imports {name}")
    assert found == []
    assert any(name in BROWSER_ONLY for name in imports_of("game.web.page"))


def test_no_module_too_long_and_no_folder_too_full():
    long = {module: n for module, path in MODULES.items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}
    full = {}
    for folder in [GAME, *(p for p in GAME.rglob("*") if p.is_dir() and p.name != "__pycache__")]:
        count = len(list(folder.glob("*.py")))
        if count > MAX_MODULES:
            full[str(folder.relative_to(ROOT))] = count
    assert full == {}

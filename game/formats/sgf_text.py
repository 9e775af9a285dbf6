"""The syntax of an SGF text: its game trees, their nodes and properties, and the error of a bad file.

:mod:`game.formats.sgf` reads the backgammon in them (GNU Backgammon's dialect) and writes it.

>>> trees = backgammon_trees("(;GM[6]MI[length:3];W[31hefe](;B[42qusu])(;B[double]))")
>>> [props(node) for node in trees[0]]
[{'GM': ['6'], 'MI': ['length:3']}, {'W': ['31hefe']}, {'B': ['42qusu']}]
"""

import re

from game.errors import GameError

__all__ = ["SgfFileError", "backgammon_trees", "props"]

_IDENT = re.compile(r"[A-Za-z]+")


class SgfFileError(GameError):
    """An ``.sgf`` file that cannot be read (or a match that cannot be written as one).

    ``key`` is the message id of the app's sentence (``error.sgf_syntax``,
    ``error.sgf_no_game``, ``error.sgf_rules``, ``error.sgf_setup``,
    ``error.sgf_node``, ``error.sgf_illegal``, ``error.sgf_result``,
    ``error.sgf_score``), ``params`` what that sentence needs (``game``,
    1-based, and ``move``, the node's number in the game, where there are
    some; ``text``, the property read, where there is one).

    >>> try:
    ...     backgammon_trees("(;GM[6];W[31hcfe])(")
    ... except SgfFileError as error:
    ...     print(error.key, error.params)
    error.sgf_syntax {'line': 1}
    """

    def __init__(self, key, message, **params):
        where = []
        if params.get("game") is not None:
            where.append(f"game {params['game']}")
        if params.get("move") is not None:
            where.append(f"node {params['move']}")
        prefix = ", ".join(where)
        shown = f": {params['text']!r}" if params.get("text") is not None else ""
        super().__init__(f"{prefix + ': ' if prefix else ''}{message}{shown}")
        self.key = key
        self.params = {name: value for name, value in params.items() if value is not None}


def _line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def _parse_collection(text):
    """The game trees of an SGF text: for each, its main line, a list of nodes.

    A node is a list of ``(identifier, [values])``.  Only the first
    variation is followed (as gnubg does).
    """
    size = len(text)
    pos = 0

    def fail(offset, message):
        raise SgfFileError("error.sgf_syntax", f"line {_line_of(text, offset)}: {message}",
                           line=_line_of(text, offset))

    def skip(pos):
        while pos < size and text[pos].isspace():
            pos += 1
        return pos

    def value(pos):          # text[pos] == "["
        out = []
        pos += 1
        while pos < size:
            char = text[pos]
            if char == "\\":
                if pos + 1 < size and text[pos + 1] not in "\r\n":
                    out.append(text[pos + 1])
                pos += 2
                continue
            if char == "]":
                return "".join(out), pos + 1
            out.append(char)
            pos += 1
        fail(pos, "a property value is not closed by ']'")

    def node(pos):           # text[pos] == ";"
        properties = []
        pos = skip(pos + 1)
        while pos < size:
            found = _IDENT.match(text, pos)
            if not found:
                break
            ident = "".join(c for c in found.group() if c.isupper())
            pos = skip(found.end())
            if pos >= size or text[pos] != "[":
                fail(pos, f"property {found.group()} has no value")
            values = []
            while pos < size and text[pos] == "[":
                item, pos = value(pos)
                values.append(item)
                pos = skip(pos)
            properties.append((ident, values))
        return properties, pos

    trees = []
    stack = []               # per open tree: [main line (or None in a variation skipped), children]
    pos = skip(pos)
    while pos < size:
        char = text[pos]
        if char == "(":
            if stack:
                parent = stack[-1]
                line = parent[0] if parent[1] == 0 else None     # the first variation goes on
                parent[1] += 1
            else:
                line = []
                trees.append(line)
            stack.append([line, 0])
            pos = skip(pos + 1)
            if pos >= size or text[pos] != ";":
                fail(pos, "a game tree starts with ';'")
        elif char == ";" and stack:
            if stack[-1][1]:
                fail(pos, "a node after a variation")
            properties, pos = node(pos)
            if stack[-1][0] is not None:
                stack[-1][0].append(properties)
        elif char == ")" and stack:
            stack.pop()
            pos = skip(pos + 1)
        else:
            fail(pos, "'(' expected" if not stack else "';', '(' or ')' expected")
    if stack:
        fail(size, "')' expected at the end")
    return trees


def props(node):
    """A node's properties as a dict (the first occurrence of each)."""
    out = {}
    for ident, values in node:
        out.setdefault(ident, values)
    return out


def backgammon_trees(text):
    if not isinstance(text, str):
        raise SgfFileError("error.sgf_syntax", f"import_sgf: text expected, got {type(text).__name__}",
                           line=1)
    if text.startswith("\ufeff"):
        text = text[1:]
    trees = []
    for nodes in _parse_collection(text):
        if not nodes:   # pragma: no cover - the parser gives each tree a node
            continue
        game_type = props(nodes[0]).get("GM", ["1"])[0].strip()
        if game_type == "6":
            trees.append(nodes)
    if not trees:
        raise SgfFileError("error.sgf_no_game", "no backgammon game (GM[6]) in this file")
    return trees

"""The board's SVG patched in place: an old tree and a new one → the few DOM operations between.

The page draws the board once (``build``); afterwards each new drawing of
:func:`game.app.view.board_svg.board_svg` is compared with what is on the page and
only the differences are sent: attributes set or removed, texts changed,
elements inserted, moved or removed.  The ``<svg>`` element, the places that
hold the keyboard focus and the checkers stay the same nodes.

Checkers (elements with ``data-key``) are matched by where they stand, not
by their key: one that stays put keeps its node; one that moved is paired
with the nearest checker of its player that vanished, keeps its node and
its ``data-key``, gets its new coordinates and a ``slide`` (how far it
came from) for the page to animate.  A blot hit is such a checker: it
slides to the bar.  Other elements are matched by their tag, their first
class and the place they stand for (``data-slot``, ``data-place``,
``data-highlight``), in order.

Operations are tuples, on nodes named by numbers (``uid``) the page keeps::

    ("build", svg_text, uids)         the whole board; uids in document order
    ("remove", uid)
    ("attrs", uid, {name: value or None})   None: remove the attribute
    ("text", uid, text)
    ("insert", parent, before, node)  node: a Node to create (before: a uid or None, the end)
    ("move", uid, parent, before)
    ("slide", uid, dx, dy)            the element was dx, dy (SVG units) from where it is now

>>> from game.app.view.board_svg import board_svg
>>> from game.app.view.geometry import BoardView
>>> patch = BoardPatch()
>>> [op[0] for op in patch.update(board_svg(BoardView()))]
['build']
>>> moved = list(BoardView().counts[0]); moved[12] -= 1; moved[7] += 1      # 13/8
>>> ops = patch.update(board_svg(BoardView(counts=(tuple(moved), BoardView().counts[1]))))
>>> [op[0] for op in ops]     # the checker's place, the pip count, its order among the checkers
['attrs', 'text', 'move', 'slide']
>>> [op[2:] for op in ops if op[0] == "slide"]
[(-240, -188)]
"""

import math
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field

__all__ = ["Node", "BoardPatch", "parse", "serialize", "apply", "diff"]

_NS = "{http://www.w3.org/2000/svg}"
#: what tells apart elements of the same tag and class
_PLACE_ATTRS = ("data-slot", "data-place", "data-highlight")
#: where a checker stands: a circle's centre, a slab's corner
_COORDS = {"circle": ("cx", "cy"), "rect": ("x", "y")}


@dataclass
class Node:
    """One element: its tag (no namespace), attributes, text (leaves only) and children."""

    tag: str
    attrs: dict
    text: str = ""
    children: list = field(default_factory=list)
    uid: int = 0

    def walk(self):
        """This node and every element under it, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()


def parse(svg_text):
    """A :class:`Node` tree of SVG text (the namespace dropped from the tags).

    >>> tree = parse('<svg xmlns="http://www.w3.org/2000/svg"><text x="1">a &amp; b</text></svg>')
    >>> tree.tag, tree.children[0].attrs, tree.children[0].text
    ('svg', {'x': '1'}, 'a & b')
    """
    def convert(element):
        tag = element.tag[len(_NS):] if element.tag.startswith(_NS) else element.tag
        return Node(tag, dict(element.attrib), element.text or "", [convert(c) for c in element])

    return convert(ElementTree.fromstring(svg_text))


def serialize(node, uids=False):
    """A node as plain nested data (for comparing trees); ``uids`` includes the numbers."""
    data = (node.tag, tuple(sorted(node.attrs.items())), node.text,
            tuple(serialize(child, uids) for child in node.children))
    return data + (node.uid,) if uids else data


def _is_checker(node):
    return "data-key" in node.attrs and node.tag in _COORDS


def _where(node):
    x, y = _COORDS[node.tag]
    return float(node.attrs.get(x, 0)), float(node.attrs.get(y, 0))


def _identity(node):
    attrs = node.attrs
    return (node.tag, attrs.get("class", "").split(" ", 1)[0], attrs.get("data-slot"),
            attrs.get("data-place"), attrs.get("data-highlight"))


def _pair_checkers(old, new):
    """``{new index: old index}`` for the checkers of ``old`` and ``new`` (two child lists):
    the same place first, then the nearest of the same player and shape."""
    pairs = {}
    free = {}
    for i, node in enumerate(old):
        if _is_checker(node):
            free.setdefault((node.tag, node.attrs.get("data-player"), _where(node)), []).append(i)
    waiting = []
    for j, node in enumerate(new):
        if not _is_checker(node):
            continue
        same = free.get((node.tag, node.attrs.get("data-player"), _where(node)))
        if same:
            pairs[j] = same.pop(0)
        else:
            waiting.append(j)
    left = [i for group in free.values() for i in group]
    candidates = []
    for j in waiting:
        for i in left:
            if old[i].tag == new[j].tag and old[i].attrs.get("data-player") == new[j].attrs.get("data-player"):
                (x1, y1), (x2, y2) = _where(old[i]), _where(new[j])
                candidates.append((math.hypot(x1 - x2, y1 - y2), j, i))
    candidates.sort()
    taken = set()
    for _distance, j, i in candidates:
        if j not in pairs and i not in taken:
            pairs[j] = i
            taken.add(i)
    return pairs


def _pair_others(old, new):
    """``{new index: old index}`` for the other elements: same identity, in order."""
    free = {}
    for i, node in enumerate(old):
        if not _is_checker(node):
            free.setdefault(_identity(node), []).append(i)
    pairs = {}
    for j, node in enumerate(new):
        if not _is_checker(node):
            same = free.get(_identity(node))
            if same:
                pairs[j] = same.pop(0)
    return pairs


def _longest_increasing(values):
    """The indexes (into ``values``) of one longest strictly increasing subsequence.

    >>> _longest_increasing([3, 0, 1, 5, 2])
    {1, 2, 4}
    """
    tails, links, where = [], [None] * len(values), []
    for k, value in enumerate(values):
        low, high = 0, len(tails)
        while low < high:
            mid = (low + high) // 2
            if values[tails[mid]] < value:
                low = mid + 1
            else:
                high = mid
        links[k] = tails[low - 1] if low else None
        if low == len(tails):
            tails.append(k)
        else:
            tails[low] = k
        where.append(low)
    keep, k = set(), tails[-1] if tails else None
    while k is not None:
        keep.add(k)
        k = links[k]
    return keep


class _Differ:
    def __init__(self, next_uid, force):
        self.next_uid = next_uid
        self.force = force
        self.removes, self.changes, self.places, self.slides = [], [], [], []
        self.added = set()

    def number(self, node):
        for each in node.walk():
            self.added.add(self.next_uid)
            each.uid = self.next_uid
            self.next_uid += 1

    def node(self, old, new):
        """``new`` takes ``old``'s place: same uid; the changes between them recorded."""
        new.uid = old.uid
        attrs = {}
        for name, value in new.attrs.items():
            if name == "data-key":
                continue
            if self.force or old.attrs.get(name) != value:
                attrs[name] = value
        if "data-key" in old.attrs:
            new.attrs["data-key"] = old.attrs["data-key"]
        for name in old.attrs:
            if name not in new.attrs:
                attrs[name] = None
        if attrs:
            self.changes.append(("attrs", new.uid, attrs))
        if new.text != old.text and not new.children:
            self.changes.append(("text", new.uid, new.text))
        if _is_checker(new):
            (x1, y1), (x2, y2) = _where(old), _where(new)
            if (x1, y1) != (x2, y2):
                self.slides.append(("slide", new.uid, _round(x1 - x2), _round(y1 - y2)))
        if old.children or new.children:
            self.children(old, new)

    def children(self, old, new):
        if not any("data-key" in child.attrs for child in new.children) \
                and not any("data-key" in child.attrs for child in old.children):
            pairs = {}
        else:
            pairs = _pair_checkers(old.children, new.children)
        pairs.update(_pair_others(old.children, new.children))
        paired_old = set(pairs.values())
        for i, child in enumerate(old.children):
            if i not in paired_old:
                self.removes.append(("remove", child.uid))
        for j, child in enumerate(new.children):
            if j in pairs:
                self.node(old.children[pairs[j]], child)
            else:
                self.number(child)
        order = [j for j in range(len(new.children)) if j in pairs]
        olds = [pairs[j] for j in order]
        if all(a < b for a, b in zip(olds, olds[1:])):
            stay = set(order)          # nothing moved: the common case
        else:
            stay = {order[k] for k in _longest_increasing(olds)}
        before = None
        for j in range(len(new.children) - 1, -1, -1):
            child = new.children[j]
            if j not in pairs:
                self.places.append(("insert", new.uid, before, child))
            elif j not in stay:
                self.places.append(("move", child.uid, new.uid, before))
            before = child.uid


def _round(value):
    return int(value) if value == int(value) else round(value, 1)


def _unique_keys(tree, added):
    """A checker added beside kept ones may bear a key one of them kept: give it another."""
    seen = {node.attrs["data-key"] for node in tree.walk()
            if "data-key" in node.attrs and node.uid not in added}
    for node in tree.walk():
        key = node.attrs.get("data-key")
        if key is None or node.uid not in added:
            continue
        fresh, n = key, 1
        while fresh in seen:
            fresh, n = f"{key}~{n}", n + 1
        node.attrs["data-key"] = fresh
        seen.add(fresh)


def diff(old, new, next_uid, force=False):
    """The operations from the tree ``old`` (numbered) to ``new`` (numbered here), and the
    next free uid.  ``force``: every attribute of a kept element is set again (the page
    changed some by hand, as a drag does)."""
    differ = _Differ(next_uid, force)
    if old.tag != new.tag:
        raise ValueError(f"board_patch: the root changed from <{old.tag}> to <{new.tag}>")
    differ.node(old, new)
    if differ.added:
        _unique_keys(new, differ.added)
    return differ.removes + differ.changes + differ.places + differ.slides, differ.next_uid


class BoardPatch:
    """What the page shows of the board, and the operations to the next drawing."""

    def __init__(self):
        self.tree = None
        self.next_uid = 1

    def update(self, svg_text, force=False):
        """The operations that turn the page's board into ``svg_text``'s."""
        new = parse(svg_text)
        if self.tree is None:
            for node in new.walk():
                node.uid = self.next_uid
                self.next_uid += 1
            self.tree = new
            return [("build", svg_text, [node.uid for node in new.walk()])]
        ops, self.next_uid = diff(self.tree, new, self.next_uid, force)
        self.tree = new
        return ops

    def reset(self):
        """Forget the page's board (it was replaced): the next update builds it."""
        self.tree = None


def _clone(node):
    return Node(node.tag, dict(node.attrs), node.text, [_clone(c) for c in node.children], node.uid)


def apply(tree, ops):
    """Carry out ``ops`` on a copy of ``tree`` as a page would (for tests): the tree after.

    >>> from game.app.view.board_svg import board_svg
    >>> from game.app.view.geometry import BoardView
    >>> patch = BoardPatch()
    >>> _ = patch.update(board_svg(BoardView()))
    >>> before = parse(board_svg(BoardView())); _ = [setattr(n, "uid", u) for n, u in
    ...     zip(before.walk(), range(1, 10 ** 6))]
    >>> after = apply(before, patch.update(board_svg(BoardView(home_right=False))))
    >>> serialize(after) == serialize(patch.tree)
    True
    """
    root = _clone(tree)
    index = {node.uid: node for node in root.walk()}
    parents = {child.uid: node for node in root.walk() for child in node.children}
    for op in ops:
        kind = op[0]
        if kind == "remove":
            node = index[op[1]]
            parents[op[1]].children.remove(node)
        elif kind == "attrs":
            attrs = index[op[1]].attrs
            for name, value in op[2].items():
                if value is None:
                    attrs.pop(name, None)
                else:
                    attrs[name] = value
        elif kind == "text":
            index[op[1]].text = op[2]
        elif kind in ("insert", "move"):
            if kind == "insert":
                parent, before, node = index[op[1]], op[2], _clone(op[3])
                for each in node.walk():
                    index[each.uid] = each
                    for child in each.children:
                        parents[child.uid] = each
            else:
                node, parent, before = index[op[1]], index[op[2]], op[3]
                parents[node.uid].children.remove(node)
            parents[node.uid] = parent
            siblings = parent.children
            at = len(siblings) if before is None else siblings.index(index[before])
            siblings.insert(at, node)
    return root

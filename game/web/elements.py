"""The page's elements: finding one, and telling JavaScript's null from a value.

The smallest layer of the glue: every other module of :mod:`game.web` may use it, it
uses none of them.
"""

import js
import pyodide.ffi
from pyodide.ffi import to_js
from pyscript import document

__all__ = ["by_id", "closest", "js_object", "missing"]

_JSNULL = getattr(pyodide.ffi, "jsnull", None)


def missing(value):
    """True for JavaScript's null and undefined (Pyodide gives null as ``jsnull``)."""
    return value is None or value is _JSNULL or type(value).__name__ == "JsNull"


def by_id(name):
    return document.getElementById(name)


def js_object(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


def closest(event, selector):
    """The element matching ``selector`` at or above the event's target, or None."""
    target = event.target
    found = target.closest(selector) if hasattr(target, "closest") else None
    return None if missing(found) else found

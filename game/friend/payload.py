"""The part of a pasted link or code that carries the data.

A friend's link (``…#friend=<text>``) and a live connection code (``…#live=<text>``
or the bare code) are pasted whole, with spaces, or cut from an address; both
readers take the text after their key, up to the next ``&``, and check its length.

>>> payload_after("  https://example.org/#friend=AbC&x=1 ", "friend=", 10, ValueError)
'AbC'
>>> payload_after("AbC", "live=", 10, ValueError)
'AbC'
>>> payload_after("#live=", "live=", 10, ValueError)
Traceback (most recent call last):
...
ValueError: empty
"""

__all__ = ["payload_after"]


def payload_after(text, key, limit, malformed):
    """The text after ``key`` in ``text`` (all of it where ``key`` is absent), up to ``&``.

    ``malformed(why)`` makes the error raised for what is not text, empty, or over
    ``limit`` characters.
    """
    if not isinstance(text, str):
        raise malformed(f"{type(text).__name__} given, text expected")
    text = text.strip()
    if key in text:
        text = text.rsplit(key, 1)[1]
    text = text.split("&")[0].strip()
    if not text or len(text) > limit:
        raise malformed("empty" if not text else f"{len(text)} characters, at most {limit}")
    return text

"""The browser glue (game/web) imports ``js`` and ``pyscript``, which exist only in
the browser: CPython's doctest run over ``game`` leaves it out."""

collect_ignore = ["game/web"]

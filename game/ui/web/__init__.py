"""The browser glue's modules: the only code under game/ that imports ``js``.

CPython never imports them (the test run skips them: conftest.py ``collect_ignore``);
everything they call is plain Python tested without a browser.
"""

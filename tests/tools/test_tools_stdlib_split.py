"""tools/vendor.py's stdlib zips: the first holds the start's modules, the later one the rest,
and together exactly the modules of Pyodide's zip (built by `make vendor`)."""

import io
import json
import zipfile

import pytest
import vendor  # tools/ is put on sys.path by tests/conftest.py

#: they read what `make vendor` built: not in `make test-fast`
pytestmark = pytest.mark.build

PYODIDE_ZIP = vendor.VENDOR / "pyodide" / "python_stdlib.zip"


def modules(path):
    """The module names a zip holds, from its .py and .pyc files."""
    with zipfile.ZipFile(path) as zipped:
        names = zipped.namelist()
    found = [vendor.module_of(name[:-1] if name.endswith(".pyc") else name) for name in names]
    return [name for name in found if name is not None]


@pytest.fixture(scope="module")
def built():
    for path in (PYODIDE_ZIP, vendor.STDLIB, vendor.STDLIB_LATER):
        assert path.is_file(), f"{path} is missing: run `make vendor`"
    return modules(PYODIDE_ZIP), modules(vendor.STDLIB), modules(vendor.STDLIB_LATER)


def test_the_two_zips_hold_exactly_pyodide_s_modules_each_once(built):
    pyodide, first, later = built
    assert len(first) == len(set(first)) and len(later) == len(set(later))
    assert not set(first) & set(later)
    assert sorted(first + later) == sorted(pyodide)


def test_the_first_zip_holds_every_module_the_start_imports_compiled(built):
    pyodide, first, _ = built
    wanted = vendor.first_names()
    # the list also names what sys.modules holds without a file of the zip
    # (frozen importlib, os.path, collections.abc): those are in neither zip
    assert wanted & set(pyodide) <= set(first)
    assert set(first) - wanted == set(), "only the start's modules go first"
    with zipfile.ZipFile(vendor.STDLIB) as zipped:
        sources = [name for name in zipped.namelist() if name.endswith(".py")]
    assert sources == [], "the first zip is bytecode only"


def test_the_listing_in_the_first_zip_names_the_later_zip_and_its_modules(built):
    _, _, later = built
    with zipfile.ZipFile(vendor.STDLIB) as zipped:
        listing = json.loads(zipped.read(vendor.STDLIB_LISTING))
    assert listing["zip"] == "static/vendor/stdlib/python_stdlib_later.zip"
    assert (vendor.ROOT / listing["zip"]) == vendor.STDLIB_LATER
    assert listing["modules"] == sorted(later)


def test_data_files_and_folders_go_with_their_package(tmp_path):
    source = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(source, "w") as zipped:
        for name in ("os.py", "csv.py", "json/", "json/__init__.py", "json/tool.py",
                     "email/", "email/__init__.py", "email/mime/", "email/mime/__init__.py",
                     "email/mime/text.py", "email/architecture.rst", "pyodide/py.typed", "pyodide/__init__.py"):
            zipped.writestr(name, b"" if name.endswith("/") else b"x = 1\n")
    first, later = vendor.stdlib_zips(source, {"os", "json", "pyodide"})
    first_names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    later_names = zipfile.ZipFile(io.BytesIO(later)).namelist()
    assert first_names == ["os.py", "json/", "json/__init__.py", "pyodide/py.typed",
                           "pyodide/__init__.py", vendor.STDLIB_LISTING]
    assert later_names == ["csv.py", "json/tool.py", "email/", "email/__init__.py", "email/mime/",
                           "email/mime/__init__.py", "email/mime/text.py", "email/architecture.rst"]
    listing = json.loads(zipfile.ZipFile(io.BytesIO(first)).read(vendor.STDLIB_LISTING))
    assert listing["modules"] == ["csv", "email", "email.mime", "email.mime.text", "json.tool"]

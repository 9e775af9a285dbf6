"""tools/deps_installed.py: `make test` skips pip when every package the tests need is installed."""

import deps_installed  # tools/ is put on sys.path by tests/conftest.py

PYPROJECT = """
[project]
name = "game"
dependencies = []

[project.optional-dependencies]
dev = [
    {lines}
]
"""


def write(tmp_path, *lines):
    path = tmp_path / "pyproject.toml"
    path.write_text(PYPROJECT.format(lines=",\n    ".join(f'"{line}"' for line in lines)))
    return path


def test_what_the_tests_run_with_is_all_there():
    assert deps_installed.missing() == []


def test_an_absent_package_and_a_version_not_allowed_are_named(tmp_path):
    pyproject = write(tmp_path, "pytest>=8", "no-such-package-here==1.0", "pytest<1")
    found = deps_installed.missing(pyproject)
    assert found[0] == "no-such-package-here==1.0"
    assert found[1].startswith("pytest<1 (installed: ")
    assert len(found) == 2


def test_a_requirement_for_another_platform_is_not_asked_for(tmp_path):
    assert deps_installed.missing(write(tmp_path, "no-such-package-here; sys_platform == 'nowhere'")) == []

"""tools/vendor.py: static/vendor/ mirrors exactly the runtime files, idempotently."""

import pytest
import vendor  # tools/ is put on sys.path by tests/conftest.py


def test_sync_copies_then_changes_nothing_then_drops_stale_files(tmp_path):
    src, dest = tmp_path / "src", tmp_path / "dest"
    src.mkdir()
    (src / "core.js").write_text("a")
    (src / "chunk-1.js").write_text("b")
    assert vendor.sync(src, ["core.js", "chunk-1.js"], dest) == 2
    assert vendor.sync(src, ["core.js", "chunk-1.js"], dest) == 0
    (src / "chunk-2.js").write_text("c")
    assert vendor.sync(src, ["core.js", "chunk-2.js"], dest) == 2
    assert sorted(p.name for p in dest.iterdir()) == ["chunk-2.js", "core.js"]


def test_source_maps_are_not_shipped(tmp_path):
    for name in ("core.js", "core.js.map", "core.css", "core-x1.js", "core-x1.js.map"):
        (tmp_path / name).write_text("")
    assert vendor.pyscript_files(tmp_path) == ["core-x1.js", "core.css", "core.js"]


@pytest.mark.build
def test_installed_runtime_is_the_pinned_one():
    # Fails after a package.json change until `npm ci` (make vendor) runs.
    vendor.check_versions()

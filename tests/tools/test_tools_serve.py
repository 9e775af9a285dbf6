"""tools/serve.py: ``make play`` serves the checkout without the service worker; ``make play-sw`` with it."""

import shutil
import subprocess
import threading
import urllib.request

import pytest

import serve  # tools/ is put on sys.path by tests/conftest.py

NODE = shutil.which("node")


@pytest.fixture(params=[True, False], ids=["dev", "plain"])
def server(request):
    server = serve.make_server(port=0, dev=request.param, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield request.param, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def get(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read(), response.headers


def test_dev_mode_replaces_the_worker_and_its_registration_and_caches_nothing(server):
    dev, url = server
    register, headers = get(url + "/static/js/register-sw.js")
    worker, _ = get(url + "/sw.js?v=1")
    page, page_headers = get(url + "/index.html")
    real_register = (serve.ROOT / "static/js/register-sw.js").read_bytes()
    real_worker = (serve.ROOT / "sw.js").read_bytes()
    assert page == (serve.ROOT / "index.html").read_bytes()
    if dev:
        assert register == serve.DEV_REGISTER and b".unregister()" in register and b"register(" not in \
            register.replace(b".unregister(", b"")
        assert worker == serve.DEV_WORKER and b"self.registration.unregister()" in worker
        assert headers["Content-Type"] == "text/javascript"
        assert page_headers["Cache-Control"] == "no-cache"
    else:
        assert (register, worker) == (real_register, real_worker)
        assert page_headers["Cache-Control"] is None


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("script", ["DEV_REGISTER", "DEV_WORKER"])
def test_the_dev_scripts_parse(script, tmp_path):
    path = tmp_path / "script.js"
    path.write_bytes(getattr(serve, script))
    assert subprocess.run([NODE, "--check", str(path)], capture_output=True).returncode == 0


def test_make_play_uses_dev_mode():
    makefile = (serve.ROOT / "Makefile").read_text()
    assert "tools/serve.py --dev --port $(PORT)" in makefile.split("\nplay:", 1)[1].split("\n\n")[0]


@pytest.mark.build
def test_dist_keeps_the_real_worker(tmp_path):
    import dist
    dist.build(tmp_path / "dist")
    for name in ("sw.js", "static/js/register-sw.js"):
        assert (tmp_path / "dist" / name).read_bytes() == (serve.ROOT / name).read_bytes()

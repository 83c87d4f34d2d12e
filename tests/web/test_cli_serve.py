"""`artemis serve`: safe by default (127.0.0.1; --host warns), the web extra imported only
when it runs, a clear error without it (docs/serve.md)."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from artemis.cli import app
from artemis.cli import serve as serve_module


def _stub_uvicorn(monkeypatch) -> list[dict]:
    """Replace uvicorn.run by a recorder: the command's choices are seen, no port opened."""
    import uvicorn

    calls: list[dict] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append({"app": app, **kw}))
    return calls


def test_serve_binds_this_computer_only_by_default(tmp_path, monkeypatch):
    calls = _stub_uvicorn(monkeypatch)
    data = tmp_path / "games"
    result = CliRunner().invoke(app, ["serve", "--data", str(data), "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert calls[0]["host"] == "127.0.0.1" and calls[0]["port"] == 8123
    assert data.is_dir()
    assert "http://127.0.0.1:8123/" in result.stderr and "warning" not in result.stderr


def test_host_opens_it_deliberately_with_a_warning_and_the_host_links(tmp_path, monkeypatch):
    from .helpers import client, start

    game_id, host, _ = start(client(tmp_path), seat0="human", seat1="random")
    calls = _stub_uvicorn(monkeypatch)
    result = CliRunner().invoke(app, ["serve", "--data", str(tmp_path), "--host", "0.0.0.0"])
    assert result.exit_code == 0, result.output
    assert calls[0]["host"] == "0.0.0.0"
    assert "warning: --host 0.0.0.0: the games are open to every device" in result.stderr
    # 0.0.0.0 is no address a browser reaches: the link says what to put there
    assert f"game {game_id}: http://ADDRESS-OF-THIS-MACHINE:8000{host}" in result.stderr
    index = calls[0]["app"]
    from starlette.testclient import TestClient

    assert "/host/" not in TestClient(index).get("/").text  # no seat links on the network


def test_serve_without_the_web_extra_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setattr(serve_module, "_importable", lambda name: name != "uvicorn")
    result = CliRunner().invoke(app, ["serve", "--data", str(tmp_path)])
    assert result.exit_code == 1
    assert "`artemis serve` needs the web extra (uvicorn not installed)" in result.stderr
    assert "pip install 'artemis-engine[web]'" in result.stderr


def test_a_data_path_that_is_a_file_is_a_usage_error(tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("x")
    result = CliRunner().invoke(app, ["serve", "--data", str(target)])
    assert result.exit_code == 2 and "not a folder" in result.stderr


def test_loopback_addresses():
    assert all(serve_module.is_loopback(h) for h in ("127.0.0.1", "127.1.2.3", "::1",
                                                     "localhost"))
    assert not any(serve_module.is_loopback(h) for h in ("0.0.0.0", "192.168.1.4", "::",
                                                         "example.org"))


def test_the_web_stack_is_imported_only_when_serve_runs():
    code = ("import sys\nfrom artemis.cli.root import app\n"
            "print(sorted(m for m in ('starlette', 'uvicorn', 'jinja2', 'artemis.web') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.strip() == "[]"


def test_behind_a_proxy_the_public_host_is_answered_and_no_host_link_is_listed(
        tmp_path, monkeypatch):
    """docs/serve.md, "Hosting a playtest": the proxy passes the players' Host on; a server on
    127.0.0.1 answers it only when named (--public-host), and then lists no host links."""
    from starlette.testclient import TestClient

    from .helpers import client, start

    game_id, host, _ = start(client(tmp_path), seat0="human", seat1="random")
    calls = _stub_uvicorn(monkeypatch)
    plain = CliRunner().invoke(app, ["serve", "--data", str(tmp_path)])
    assert plain.exit_code == 0, plain.output
    proxied = TestClient(calls[0]["app"], base_url="http://play.example.org")
    assert proxied.get("/").status_code == 400  # an unknown name: refused
    result = CliRunner().invoke(app, ["serve", "--data", str(tmp_path), "--public-host",
                                      "play.example.org"])
    assert result.exit_code == 0, result.output
    served = calls[1]["app"]
    page = TestClient(served, base_url="http://play.example.org").get("/")
    assert page.status_code == 200 and "/host/" not in page.text
    assert TestClient(served, base_url="http://127.0.0.1").get("/").status_code == 200
    assert TestClient(served, base_url="http://evil.example").get("/").status_code == 400
    assert f"game {game_id}: https://play.example.org{host}" in result.stderr
    bad = CliRunner().invoke(app, ["serve", "--data", str(tmp_path), "--public-host",
                                   "https://play.example.org/"])
    assert bad.exit_code == 2 and "without a scheme or path" in bad.stderr


def test_a_public_host_with_its_port_is_answered_and_its_games_links_printed(
        tmp_path, monkeypatch, capsys):
    """issue 26: `--public-host NAME:PORT` (docs/serve.md: with its port if not 443) answers
    that Host (the middleware compares names without ports), and a game started while the
    server runs has its host link printed with the players' address."""
    from .helpers import FormClient, start

    calls = _stub_uvicorn(monkeypatch)
    result = CliRunner().invoke(app, ["serve", "--data", str(tmp_path), "--port", "8768",
                                      "--public-host", "play.example.org:8443"])
    assert result.exit_code == 0, result.output
    served = calls[0]["app"]
    proxied = FormClient(served, base_url="http://play.example.org:8443",
                         follow_redirects=False)
    assert proxied.get("/").status_code == 200
    assert FormClient(served, base_url="http://evil.example:8443").get("/").status_code == 400
    capsys.readouterr()
    game_id, host, _ = start(proxied, seat0="human", seat1="random")
    assert f"game {game_id}: https://play.example.org:8443{host}" in capsys.readouterr().err


def test_public_host_names_lose_only_their_port():
    assert [serve_module.host_name(h) for h in (
        "play.example.org:8443", "play.example.org", "[::1]:8443", "[::1]", "::1")] == [
        "play.example.org", "play.example.org", "[::1]", "[::1]", "::1"]

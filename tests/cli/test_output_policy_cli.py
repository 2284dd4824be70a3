"""``-o`` and ``--out`` never destroy: no file of an input, no special file, no link."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest

from repo_fixtures import PY_SMALL, CliResult, copy_repo, run_cli


@pytest.fixture
def source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of py_small with the files a report must never replace; cwd is its parent."""
    root = copy_repo(PY_SMALL, tmp_path / "py_small")
    (root / ".git").mkdir(exist_ok=True)
    for name, text in {"package.json": "{}\n", "LICENSE": "MIT\n", "Makefile": "all:\n",
                       ".git/config": "[core]\n"}.items():
        (root / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    return root


def _refused(result: CliResult) -> str:
    assert result.code == 2, result.err
    lines = result.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("pse: error: "), result.err
    assert "Traceback" not in result.err
    return lines[0]


@pytest.mark.parametrize("name", ["package.json", "LICENSE", "Makefile", ".git/config",
                                  "new-report.json", "src/report.json"])
def test_verify_o_inside_the_source_is_refused_and_the_file_unchanged(
        source: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    target = source / name
    before = target.read_bytes() if target.exists() else None
    line = _refused(run_cli(capsys, "verify", str(source / "articles"), "--source",
                            str(source), "--format", "json", "-o", str(target)))
    assert "inside the input" in line
    assert (target.read_bytes() if target.exists() else None) == before


def test_o_into_a_new_folder_pse_makes_inside_the_source_is_allowed(
        source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = source / "reports" / "pse.json"
    result = run_cli(capsys, "verify", str(source / "articles"), "--source", str(source),
                     "--format", "json", "-o", str(target))
    assert result.code in (0, 1), result.err
    assert target.read_text().startswith("{")
    assert (source / "reports" / ".pse-runs").is_file()
    again = run_cli(capsys, "index", str(source), "--facts", "-o", str(target))
    assert again.code == 0, again.err  # pse's own folder: its reports may be replaced


def test_o_refuses_a_fifo_a_socket_and_devices(
        source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    sock_path = tmp_path / "s.sock"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(sock_path))
    # device nodes with /dev/null's and /dev/full's numbers, made here: a regression run
    # as root against the real ones would replace the machine's devices with files
    devices = [path for path in (_device(tmp_path, "/dev/null"), _device(tmp_path, "/dev/full"))
               if path is not None]
    specials = [fifo, sock_path, *devices]
    try:
        for special in specials:
            line = _refused(run_cli(capsys, "index", str(source), "--facts", "-o", str(special)))
            assert "not a regular file" in line
    finally:
        sock.close()
    assert fifo.is_fifo() and sock_path.is_socket()
    assert all(device.is_char_device() for device in devices)


def _device(folder: Path, like: str) -> Path | None:
    """A character device node in ``folder`` with the numbers of ``like``; ``None`` where
    mknod is not permitted (not root)."""
    path = folder / Path(like).name
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.stat(like).st_rdev)
    except OSError:
        return None
    return path


def test_o_refuses_a_symlink_even_to_an_outside_file(
        source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = tmp_path / "report.json"
    link.symlink_to(victim)
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere" / "made.json")
    for path in (link, dangling):
        assert "symbolic link" in _refused(
            run_cli(capsys, "index", str(source), "--facts", "-o", str(path)))
    assert victim.read_text() == "precious\n" and not (tmp_path / "nowhere").exists()


def test_o_outside_the_inputs_writes_atomically_and_keeps_the_mode(
        source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "out" / "facts.json"
    target.parent.mkdir()
    target.write_text("old\n")
    target.chmod(0o640)
    assert run_cli(capsys, "index", str(source), "--facts", "-o", str(target)).code == 0
    assert target.read_text().startswith("{") and target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in target.parent.iterdir()) == ["facts.json"]  # no temp left


def test_article_out_inside_the_repository_must_be_pses(
        source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = _refused(run_cli(capsys, "article", str(source), "--out", str(source / "src"),
                            "--no-tools"))
    assert "pse did not make it" in line

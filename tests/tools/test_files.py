"""read_file and list_dir: ranges, numbering, caps with notices, listing marks."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from pse.tools import RefusalError, Sandbox, ToolCallFailed, ToolSettings

from .support import make_tree


@pytest.fixture
def sandbox(project: Path) -> Sandbox:
    make_tree(project, {"a.txt": "".join(f"line {n}\n" for n in range(1, 11)),
                        "empty.txt": "", "src/m.py": "x = 1\n", ".env": "K=v\n"})
    return Sandbox([project])


def test_read_file_numbers_lines_and_states_the_range(sandbox: Sandbox) -> None:
    text = sandbox.read_file("a.txt", 3, 4)
    assert text.splitlines() == ["a.txt (lines 3-4 of 10)", "     3\tline 3", "     4\tline 4"]


def test_read_file_end_past_eof_is_clamped(sandbox: Sandbox) -> None:
    assert sandbox.read_file("a.txt", 9, 50).splitlines()[0] == "a.txt (lines 9-10 of 10)"


def test_read_file_empty_file(sandbox: Sandbox) -> None:
    assert sandbox.read_file("empty.txt") == "empty.txt (empty file)"


def test_read_file_start_past_the_end_is_an_error(sandbox: Sandbox) -> None:
    with pytest.raises(ToolCallFailed, match="past the end") as info:
        sandbox.read_file("a.txt", 11)
    assert info.value.code == "invalid-arguments"


def test_read_file_bad_range(sandbox: Sandbox) -> None:
    with pytest.raises(ToolCallFailed, match="bad line range"):
        sandbox.read_file("a.txt", 5, 2)


def test_read_file_folder_and_missing(sandbox: Sandbox) -> None:
    with pytest.raises(ToolCallFailed) as info:
        sandbox.read_file("src")
    assert info.value.code == "is-directory"
    with pytest.raises(ToolCallFailed) as info:
        sandbox.read_file("nope.txt")
    assert info.value.code == "not-found"


def test_read_file_output_cap_says_where_to_continue(project: Path) -> None:
    make_tree(project, {"long.txt": "".join(f"{n:05d} " + "y" * 90 + "\n" for n in range(500))})
    sandbox = Sandbox([project], settings=ToolSettings(max_output=3000))
    text = sandbox.read_file("long.txt")
    assert len(text) <= 3000
    last = int(text.splitlines()[-2].split("\t")[0])
    assert text.splitlines()[-1] == (f"[truncated: output limit of 3000 characters reached; "
                                     f"call read_file with start={last + 1} for the rest]")
    follow = sandbox.read_file("long.txt", last + 1)
    assert follow.splitlines()[1].startswith(f"{last + 1:>6}\t")


def test_read_file_reads_at_most_max_file_size_per_call(project: Path) -> None:
    make_tree(project, {"log.txt": "".join(f"entry {n}\n" for n in range(5000))})
    sandbox = Sandbox([project], settings=ToolSettings(max_file_size=2048, max_output=50_000))
    text = sandbox.read_file("log.txt")
    lines = text.splitlines()
    assert lines[0].startswith("log.txt (lines 1-") and "of more than" in lines[0]
    assert "only 2048 bytes are read per call" in lines[-1]
    deep = sandbox.read_file("log.txt", 4000, 4001)
    assert deep.splitlines()[1:] == ["  4000\tentry 3999", "  4001\tentry 4000"]


def test_read_file_refuses_binary(project: Path) -> None:
    (project / "img.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    with pytest.raises(RefusalError) as info:
        Sandbox([project]).read_file("img.png")
    assert info.value.code == "binary-file"


def test_read_file_replaces_invalid_utf8_instead_of_failing(project: Path) -> None:
    (project / "latin.txt").write_bytes(b"caf\xe9\n")
    assert "caf\ufffd" in Sandbox([project]).read_file("latin.txt")


def test_read_file_redacts_environment_secrets(sandbox: Sandbox, project: Path,
                                               planted: str) -> None:
    make_tree(project, {"conf.py": f"KEY = '{planted}'\n"})
    text = sandbox.read_file("conf.py")
    assert planted not in text and "[REDACTED:ACME_API_KEY]" in text


def test_list_dir_marks_entries(project: Path, tmp_path: Path) -> None:
    make_tree(project, {"src/m.py": "x\n", ".env": "K=v\n", "README.md": "# r\n"})
    (project / "inside").symlink_to("src")
    (project / "out").symlink_to(tmp_path / "proj2")
    os.mkfifo(project / "pipe")
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(project / "sock"))
    lines = Sandbox([project]).list_dir(".").splitlines()
    assert lines == [
        "./ (7 entries)", ".env  (secret file; not readable)", "README.md  (4 bytes)",
        "inside@/ -> src", "out@  (symlink leading outside the project; not readable)",
        "pipe  (special file; not readable)", "sock  (special file; not readable)", "src/"]


def test_list_dir_of_a_file_and_truncation(project: Path) -> None:
    make_tree(project, {f"d/f{n:04d}.txt": "" for n in range(400)})
    sandbox = Sandbox([project], settings=ToolSettings(max_output=2000))
    with pytest.raises(ToolCallFailed) as info:
        sandbox.list_dir("d/f0001.txt")
    assert info.value.code == "not-a-directory"
    text = sandbox.list_dir("d")
    assert len(text) <= 2000
    assert text.splitlines()[-1].startswith("[truncated: ") and "more entries" in text


def test_read_file_single_line_longer_than_max_file_size_is_marked_cut(project: Path) -> None:
    make_tree(project, {"min.js": "v" * 5000})
    sandbox = Sandbox([project], settings=ToolSettings(max_file_size=1024))
    lines = sandbox.read_file("min.js").splitlines()
    assert lines[0] == "min.js (lines 1-1 of more than 1)"
    assert lines[1] == "     1\t" + "v" * 1024 + " [line cut: it is longer than 1024 bytes " \
        "(tools.max_file_size)]"

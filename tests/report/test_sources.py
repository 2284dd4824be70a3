"""Reading the source tree for reports: evidence lines, repository root, commit, URL."""

from __future__ import annotations

import json
from pathlib import Path

from pse.report.sources import (
    SourceReader,
    head_commit,
    metadata_repo_url,
    repository_linker,
    repository_root,
    tracked_paths,
)

from .runs import COMMIT, fake_git


def test_sources_reader_stays_inside_the_root(tmp_path: Path) -> None:
    (tmp_path / "root" / "src").mkdir(parents=True)
    (tmp_path / "root" / "src" / "a.py").write_text("one\ntwo\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("no", encoding="utf-8")
    (tmp_path / "root" / "link.txt").symlink_to(tmp_path / "secret.txt")
    read = SourceReader(tmp_path / "root")
    assert read("src/a.py") == ["one", "two"]
    assert read("../secret.txt") is None and read("link.txt") is None
    assert read("src") is None and read("missing.py") is None


def test_sources_commit_from_loose_and_packed_refs(tmp_path: Path) -> None:
    assert head_commit(tmp_path) == ""
    fake_git(tmp_path)
    assert head_commit(tmp_path) == COMMIT
    (tmp_path / ".git" / "refs" / "heads" / "main").unlink()
    other = "f" * 40
    (tmp_path / ".git" / "packed-refs").write_text(
        f"# pack-refs with: peeled\n{other} refs/heads/main\n", encoding="utf-8")
    assert head_commit(tmp_path) == other
    (tmp_path / ".git" / "HEAD").write_text("e" * 40 + "\n", encoding="utf-8")  # detached
    assert head_commit(tmp_path) == "e" * 40


def test_sources_commit_of_a_worktree(tmp_path: Path) -> None:
    main = tmp_path / "main"
    fake_git(main)
    (main / ".git" / "worktrees" / "wt").mkdir(parents=True)
    (main / ".git" / "worktrees" / "wt" / "HEAD").write_text("ref: refs/heads/main\n")
    (main / ".git" / "worktrees" / "wt" / "commondir").write_text("../..\n")
    (tmp_path / "wt").mkdir()
    (tmp_path / "wt" / ".git").write_text(f"gitdir: {main}/.git/worktrees/wt\n")
    assert head_commit(tmp_path / "wt") == COMMIT


def test_sources_repo_url_from_metadata(tmp_path: Path) -> None:
    assert metadata_repo_url(tmp_path) == ""
    fake_git(tmp_path)
    (tmp_path / ".git" / "config").write_text(
        '[core]\n\tbare = false\n[remote "origin"]\n\turl = git@github.com:o/r.git\n')
    assert metadata_repo_url(tmp_path) == "git@github.com:o/r.git"
    (tmp_path / "package.json").write_text(json.dumps({"repository": {
        "type": "git", "url": "git+https://github.com/o/pkg.git"}}))
    assert metadata_repo_url(tmp_path) == "git+https://github.com/o/pkg.git"
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n[project.urls]\nHomepage = "https://x.dev"\n'
        'Source = "https://github.com/o/py"\n')
    assert metadata_repo_url(tmp_path) == "https://github.com/o/py"


def test_sources_repository_root_walks_up_to_git(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    assert repository_root(tmp_path / "a" / "b") == (tmp_path / "a" / "b").resolve()
    (tmp_path / ".git").mkdir()
    assert repository_root(tmp_path / "a" / "b") == tmp_path.resolve()


def _git(root: Path, *args: str) -> str:
    import subprocess
    return subprocess.run(["git", "-c", "user.email=t@example.org", "-c", "user.name=t",
                           "-C", str(root), *args], check=True, capture_output=True,
                          text=True).stdout


def test_sources_links_only_files_the_repository_tracks(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("def f():\n    return 1\n", encoding="utf-8")
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "b.py").write_text("X = 1\n", encoding="utf-8")
    (tmp_path / ".gitignore").write_text("vendor/\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "p"\n[project.urls]\nRepository = "https://github.com/o/p"\n',
        encoding="utf-8")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-qm", "first")
    assert tracked_paths(tmp_path) == frozenset(_git(tmp_path, "ls-files").split())
    url_of, _, commit = repository_linker(tmp_path)
    assert url_of is not None
    assert url_of("pkg/a.py", 2) == f"https://github.com/o/p/blob/{commit}/pkg/a.py#L2"
    assert url_of("vendor/b.py", 1) == ""  # ignored: the link would be a missing page


def test_sources_an_index_it_cannot_read_means_unknown(tmp_path: Path) -> None:
    git = tmp_path / ".git"
    git.mkdir()
    (git / "index").write_bytes(b"DIRC" + (4).to_bytes(4, "big") + (1).to_bytes(4, "big"))
    assert tracked_paths(tmp_path) is None
    (git / "index").write_bytes(b"DIRC" + (2).to_bytes(4, "big") + (3).to_bytes(4, "big"))
    assert tracked_paths(tmp_path) is None  # three entries promised, none there

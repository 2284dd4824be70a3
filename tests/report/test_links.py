"""Links to the truth in published artifacts, and the source navigation table."""

from __future__ import annotations

from pathlib import Path

import pytest

from pse.report.links import blob_url, link_references, normalize_repo_url, source_navigation
from pse.report.marks import Mark

from .runs import COMMIT, REPO_URL, strip_run


def _mark(line: int, text: str, path: str = "src/q.py", number: int | None = 12, *,
          status: str = "verified") -> Mark:
    return Mark(file="a.md", line=line, text=text, status=status, kind="symbol",
                evidence=((path, number),))


def _url(path: str, line: int | None) -> str:
    return f"U/{path}" + (f"#L{line}" if line else "")


@pytest.mark.parametrize(("raw", "url"), [
    ("https://github.com/o/r", "https://github.com/o/r"),
    ("git+https://github.com/o/r.git", "https://github.com/o/r"),
    ("git@github.com:o/r.git", "https://github.com/o/r"),
    ("ssh://git@gitlab.com/g/sub/r.git", "https://gitlab.com/g/sub/r"),
    ("https://user:token@github.com/o/r/", "https://github.com/o/r"),
    ("https://github.com", ""), ("file:///srv/r", ""), ("", ""), ("javascript:alert(1)", ""),
])
def test_links_normalize_repo_url(raw: str, url: str) -> None:
    assert normalize_repo_url(raw) == url


def test_links_blob_url_per_host() -> None:
    assert blob_url("https://github.com/o/r", "abc", "src/a b.py", 3) == \
        "https://github.com/o/r/blob/abc/src/a%20b.py#L3"
    assert blob_url("https://gitlab.com/g/r", "abc", "a.py", 3) == \
        "https://gitlab.com/g/r/-/blob/abc/a.py#L3"
    assert blob_url("https://bitbucket.org/o/r", "abc", "a.py", 3) == \
        "https://bitbucket.org/o/r/src/abc/a.py#lines-3"
    assert blob_url("https://codeberg.org/o/r", "abc", "a.py", None) == \
        "https://codeberg.org/o/r/src/commit/abc/a.py"


def test_links_only_verified_inline_spans_outside_code_and_links() -> None:
    text = ("Use `Queue.put` and `Ghost`.\n```python\nQueue.put(1)\n```\n"
            "Already [`Queue.get`](x) and ``Queue.put`` here.\n")
    marks = [_mark(1, "Queue.put"), _mark(1, "Ghost", status="unverified"),
             _mark(3, "Queue.put"), _mark(5, "Queue.get"), _mark(5, "Queue.put")]
    linked, count = link_references(text, marks, url_of=_url)
    assert count == 1
    assert linked.splitlines() == [
        "Use [`Queue.put`](U/src/q.py#L12) and `Ghost`.", "```python", "Queue.put(1)", "```",
        "Already [`Queue.get`](x) and ``Queue.put`` here."]
    assert len(linked.splitlines()) == len(text.splitlines())


def test_links_source_navigation_lists_files_from_evidence() -> None:
    marks = [_mark(1, "Queue.put"), _mark(2, "Queue.get", number=20),
             _mark(3, "Ghost", status="unverified"), _mark(4, "helper", "src/a|b.py", None)]
    assert source_navigation(marks, url_of=_url).splitlines() == [
        "## Source navigation", "", "| file | what the text refers to |", "|---|---|",
        "| [`src/a|b.py`](U/src/a|b.py) | `helper` |",
        "| [`src/q.py`](U/src/q.py) | `Queue.put` (L12), `Queue.get` (L20) |"]
    assert source_navigation(marks[2:3]) == ""
    assert source_navigation(marks[:1], lang="zh").startswith("## 源码导航")


def test_links_in_a_run_artifact_point_at_the_commit(tmp_path: Path) -> None:
    run_dir = strip_run(tmp_path, repo_url=REPO_URL, source_table=True)
    artifact = (run_dir / "artifact.en.md").read_text(encoding="utf-8")
    assert artifact.startswith("---\n")
    url = f"{REPO_URL}/blob/{COMMIT}/src/tinyqueue/queue.py#L"
    assert f"[`JobQueue.submit()`]({url}" in artifact
    assert artifact.count(f"]({url}") >= 4  # every verified queue.py reference links
    assert "## Source navigation" in artifact
    lines = (tmp_path / "tinyqueue" / "src" / "tinyqueue" / "queue.py").read_text(
        encoding="utf-8").splitlines()
    number = int(artifact.split(f"[`JobQueue.submit()`]({url}", 1)[1].split(")", 1)[0])
    assert "def submit(" in lines[number - 1]
    page = (run_dir / "report.html").read_text(encoding="utf-8")
    linked = artifact.split("## Source navigation", 1)[0].count(f"]({REPO_URL}/blob/")
    assert COMMIT in page and f"linked: {linked}" in page


def test_links_need_a_known_commit(tmp_path: Path) -> None:
    run_dir = strip_run(tmp_path, git=False, repo_url=REPO_URL)
    assert "](https://" not in (run_dir / "artifact.en.md").read_text(encoding="utf-8")
    page = (run_dir / "report.html").read_text(encoding="utf-8")
    assert "commit: unknown" in page and "linked: 0" in page


def test_links_table_without_a_repository(tmp_path: Path) -> None:
    run_dir = strip_run(tmp_path, git=False, source_table=True)
    artifact = (run_dir / "artifact.en.md").read_text(encoding="utf-8")
    assert "| `src/tinyqueue/queue.py` | `JobQueue.run_all()` (L40)" in artifact
    assert "](https://" not in artifact


def test_link_references_leaves_a_name_without_a_url_unlinked() -> None:
    text = "`f` is here.\n"
    marks = [Mark(file="a.md", line=1, text="f", status="verified", kind="symbol",
                  evidence=(("pkg/a.py", 2),))]
    assert link_references(text, marks, url_of=lambda _p, _l: "") == (text, 0)
    assert "[`pkg/a.py`]" not in source_navigation(marks, url_of=lambda _p, _l: "")

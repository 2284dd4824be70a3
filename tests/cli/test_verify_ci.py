"""``pse verify`` in CI, end to end through the CLI on real git repositories: coverage,
the github/gitlab formats, baselines, --since/--changed and git history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from git_support import GitProject, needs_git
from repo_fixtures import run_cli

pytestmark = needs_git

CLIENT = "class Client:\n    def fetch(self, url):\n        return url\n\n" \
         "    def close(self):\n        return None\n"
GUIDE = ("# Guide\n\nCreate a `Client` and call `Client.fetch()` to download.\n"
         "Close it with `Client.close()`.\nSlugs come from `src/tinylib/util.py`.\n")
OTHER = "# Other\n\nThe helper lives in `src/tinylib/old_name.py`.\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> GitProject:
    """tinylib with four commits: add, rename a method, delete a file, move a file."""
    git = GitProject(tmp_path / "tinylib")
    git.commit("Initial code", {
        "pyproject.toml": '[project]\nname = "tinylib"\nrequires-python = ">=3.10"\n',
        "src/tinylib/__init__.py": "", "src/tinylib/client.py": CLIENT,
        "src/tinylib/util.py": "def slugify(text):\n    return text.lower()\n",
        "src/tinylib/old_name.py": "def helper():\n    return 1\n",
        "docs/guide.md": GUIDE, "docs/other.md": OTHER})
    git.commit("Rename Client.fetch to fetch_many",
               {"src/tinylib/client.py": CLIENT.replace("def fetch(", "def fetch_many(")})
    git.commit("Drop the util module", remove=("src/tinylib/util.py",))
    git.commit("Move old_name to new_name",
               moves={"src/tinylib/old_name.py": "src/tinylib/new_name.py"})
    monkeypatch.chdir(git.root)
    return git


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    result = run_cli(capsys, "verify", *args, "--source", ".", "--format", "json")
    return result.code, json.loads(result.out)


def _flagged(data: dict) -> dict[str, dict]:
    return {r["name"]: r for r in data["references"] if r["status"] == "unverified"}


# ------------------------------------------------------------------ coverage

def test_coverage_is_in_every_format(project: GitProject,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _json(capsys, "docs")
    assert code == 1
    coverage = data["coverage"]
    assert coverage["documents"] == 2
    assert coverage["references"] == len(data["references"])
    assert coverage["judged"] == coverage["references"] - coverage["ignored"]
    assert coverage["unverified"] == 3
    text = run_cli(capsys, "verify", "docs", "--source", ".", "--no-history").out
    assert "coverage: 2 documents read" in text
    sarif = json.loads(run_cli(capsys, "verify", "docs", "--source", ".",
                               "--format", "sarif").out)
    assert sarif["runs"][0]["properties"]["coverage"] == coverage
    html = run_cli(capsys, "verify", "docs", "--source", ".", "--format", "html").out
    assert "coverage: 2 documents read" in html


def test_no_source_code_is_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("Call `Client.fetch()`.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run_cli(capsys, "verify", "docs", "--source", "docs")
    assert result.code == 2
    assert "no source code to check against" in result.err
    assert len(result.err.strip().splitlines()) == 1


def test_documents_without_references_are_exit_2(project: GitProject,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    project.write("notes/plain.md", "# Notes\n\nJust prose, no code at all.\n")
    result = run_cli(capsys, "verify", "notes", "--source", ".")
    assert result.code == 2
    assert "no code references found in 1 document" in result.err


# ------------------------------------------------------------------ formats

def test_github_format_annotates_each_finding(project: GitProject,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "docs", "--source", ".", "--format", "github",
                     "--no-history")
    assert result.code == 1
    lines = result.out.splitlines()
    errors = [x for x in lines if x.startswith("::error ")]
    assert len(errors) == 3
    fetch = next(x for x in errors if "Client.fetch" in x)
    assert fetch.startswith("::error file=docs/guide.md,line=3,col=")
    assert "title=pse PSE001 unverified-symbol::" in fetch
    assert lines[-1].startswith("::notice title=pse verify::coverage: 2 documents")


def test_gitlab_format_is_a_code_quality_report(project: GitProject,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "docs", "--source", ".", "--format", "gitlab",
                     "--no-history")
    issues = json.loads(result.out)
    assert result.code == 1
    assert {i["location"]["path"] for i in issues} == {"docs/guide.md", "docs/other.md"}
    assert all(i["severity"] == "major" and len(i["fingerprint"]) == 64 for i in issues)
    assert "coverage: 2 documents" in result.err


# ------------------------------------------------------------------ baseline

def test_baseline_reports_only_new_findings(project: GitProject,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    written = run_cli(capsys, "verify", "docs", "--source", ".", "--write-baseline",
                      "pse-baseline.json", "--no-history")
    assert written.code == 0
    stored = json.loads((project.root / "pse-baseline.json").read_text(encoding="utf-8"))
    assert stored["format"] == "pse-verify-baseline" and stored["version"] == 1
    assert len(stored["findings"]) == 3
    assert stored["findings"] == sorted(stored["findings"],
                                        key=lambda r: (r["file"], r["fingerprint"], r["text"]))
    # the findings move down (a paragraph added above them): still known
    project.write("docs/guide.md", GUIDE.replace("# Guide\n", "# Guide\n\nIntro.\n\n"))
    code, data = _json(capsys, "docs", "--baseline", "pse-baseline.json")
    assert code == 0, data
    assert _flagged(data) == {}
    assert any("3 known finding(s) not reported, 0 fixed" in n for n in data["notes"])
    # a new finding fails the run; a fixed one is counted
    project.write("docs/other.md", "# Other\n\nCall `Client.nope()`.\n")
    code, data = _json(capsys, "docs", "--baseline", "pse-baseline.json")
    assert code == 1
    assert set(_flagged(data)) == {"Client.nope"}
    assert any("2 known finding(s) not reported, 1 fixed" in n for n in data["notes"])


def test_a_baseline_is_never_written_over_another_file(project: GitProject,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    project.write("pyproject.toml", "[project]\nname = 'x'\n")
    result = run_cli(capsys, "verify", "docs", "--source", ".", "--write-baseline",
                     "pyproject.toml", "--no-history")
    assert result.code == 2 and "is not a pse baseline" in result.err
    assert (project.root / "pyproject.toml").read_text(encoding="utf-8") == \
        "[project]\nname = 'x'\n"


def test_a_bad_baseline_file_is_exit_2(project: GitProject,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    project.write("base.json", '{"format": "something-else"}')
    result = run_cli(capsys, "verify", "docs", "--source", ".", "--baseline", "base.json")
    assert result.code == 2
    assert "not a pse baseline" in result.err


# ------------------------------------------------------------------ --since / --changed

def test_since_checks_references_to_code_changed_since(
        project: GitProject, capsys: pytest.CaptureFixture[str]) -> None:
    # only the move happened since HEAD~1: the doc naming the old path, nothing else
    code, data = _json(capsys, "docs", "--since", "HEAD~1", "--no-history")
    assert code == 1
    assert set(_flagged(data)) == {"src/tinylib/old_name.py"}
    assert {r["file"] for r in data["references"]} == {"docs/other.md"}
    # since the first commit: the renamed method and the deleted file flag guide.md,
    # though no document changed
    code, data = _json(capsys, "docs", "--since", "HEAD~3", "--no-history")
    assert set(_flagged(data)) == {"Client.fetch", "src/tinylib/util.py",
                                   "src/tinylib/old_name.py"}
    names = {r["name"] for r in data["references"]}
    # client.py changed only in fetch: its class and its other method did not change
    assert "Client.close" not in names and "Client" not in names


def test_since_an_edited_definition_selects_the_references_to_it(
        project: GitProject, capsys: pytest.CaptureFixture[str]) -> None:
    client = CLIENT.replace("def fetch(", "def fetch_many(")
    project.write("src/tinylib/client.py", client.replace("return None", "return 0"))
    code, data = _json(capsys, "docs", "--since", "HEAD", "--no-history")
    assert code == 0
    assert {r["name"] for r in data["references"]} == {"Client.close"}
    # a changed class header (its bases) selects the class, not its methods
    project.write("src/tinylib/client.py", client.replace("class Client:", "class Client(object):"))
    code, data = _json(capsys, "docs", "--since", "HEAD", "--no-history")
    assert {r["name"] for r in data["references"]} == {"Client"}
    # a class attribute added: the class's members changed, its references are read again
    project.write("src/tinylib/client.py", client.replace("class Client:\n",
                                                          "class Client:\n    retries = 2\n"))
    code, data = _json(capsys, "docs", "--since", "HEAD", "--no-history")
    assert {r["name"] for r in data["references"]} == {"Client"}
    # a method renamed in the work tree: its old name is flagged
    project.write("src/tinylib/client.py", client.replace("def close(", "def shut("))
    code, data = _json(capsys, "docs", "--since", "HEAD", "--no-history")
    assert code == 1 and set(_flagged(data)) == {"Client.close"}


def test_since_after_a_branch_switch_reads_the_new_head(
        project: GitProject, capsys: pytest.CaptureFixture[str]) -> None:
    _json(capsys, "docs", "--no-history")  # the index cache holds main's tree
    project.git("checkout", "-q", "-b", "topic")
    client = CLIENT.replace("def fetch(", "def fetch_many(")
    project.commit("Rename close", {"src/tinylib/client.py":
                                    client.replace("def close(", "def shut(")})
    code, data = _json(capsys, "docs", "--since", "main", "--no-history")
    assert code == 1 and set(_flagged(data)) == {"Client.close"}
    project.git("checkout", "-q", "main")  # back: nothing changed since main
    code, data = _json(capsys, "docs", "--since", "main", "--no-history")
    assert code == 0 and data["references"] == []
    code, data = _json(capsys, "docs", "--since", "topic", "--no-history")
    assert {r["name"]: r["status"] for r in data["references"]} == {"Client.close": "verified"}


def test_since_a_new_untracked_module_is_checked(
        project: GitProject, capsys: pytest.CaptureFixture[str]) -> None:
    project.commit("Document extras", {
        "docs/extra.md": "# Extra\n\nCall `tinylib.extra.shine()` to polish.\n"})
    code, data = _json(capsys, "docs", "--since", "HEAD", "--no-history")
    assert data["references"] == []
    project.write("src/tinylib/extra.py", "def shine():\n    return 1\n")
    code, data = _json(capsys, "docs", "--since", "HEAD", "--no-history")
    assert code == 0
    assert [(r["name"], r["status"]) for r in data["references"]] == \
        [("tinylib.extra.shine", "verified")]


def test_since_a_clean_tree_checks_nothing_and_passes(
        project: GitProject, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _json(capsys, "docs", "--since", "HEAD")
    assert code == 0
    assert data["references"] == []
    assert data["coverage"]["documents"] == 2


def test_changed_checks_uncommitted_documents(project: GitProject,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    project.write("docs/new.md", "# New\n\nCall `Client.nope()` and `Client.close()`.\n")
    code, data = _json(capsys, "docs", "--changed", "--no-history")
    assert code == 1
    assert {r["file"] for r in data["references"]} == {"docs/new.md"}
    assert set(_flagged(data)) == {"Client.nope"}


def test_since_bad_input_is_exit_2(project: GitProject, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    result = run_cli(capsys, "verify", "docs", "--source", ".", "--since", "no-such-ref")
    assert result.code == 2 and "names no commit" in result.err
    result = run_cli(capsys, "verify", "docs", "--source", ".", "--since", "--output=x")
    assert result.code == 2
    result = run_cli(capsys, "verify", "docs", "--source", ".", "--since", "HEAD",
                     "--changed")
    assert result.code == 2
    result = run_cli(capsys, "verify", "docs", "--source", ".", "--changed",
                     "--write-baseline", "b.json")
    assert result.code == 2 and "without --since/--changed" in result.err
    (project.root / ".git").rename(tmp_path / "moved-git")
    result = run_cli(capsys, "verify", "docs", "--source", ".", "--since", "HEAD")
    assert result.code == 2 and "git checkout" in result.err


# ------------------------------------------------------------------ history

def test_history_names_the_commit_that_removed_or_renamed(
        project: GitProject, capsys: pytest.CaptureFixture[str]) -> None:
    hashes = project.git("log", "--format=%H", "--reverse").split()
    code, data = _json(capsys, "docs")
    assert code == 1
    flagged = _flagged(data)
    fetch = flagged["Client.fetch"]["history"]
    assert fetch["removed_in"]["commit"] == hashes[1]
    assert fetch["removed_in"]["subject"] == "Rename Client.fetch to fetch_many"
    assert fetch["removed_in"]["date"] == "2026-01-02"
    assert fetch["last_seen_in"]["commit"] == hashes[0]
    assert fetch["renamed_to"] == "fetch_many"
    assert flagged["Client.fetch"]["suggestion"] == "Client.fetch_many"
    util = flagged["src/tinylib/util.py"]["history"]
    assert util["removed_in"]["commit"] == hashes[2] and "renamed_to" not in util
    moved = flagged["src/tinylib/old_name.py"]
    assert moved["history"]["removed_in"]["commit"] == hashes[3]
    assert moved["suggestion"] == "src/tinylib/new_name.py"
    text = run_cli(capsys, "verify", "docs", "--source", ".").out
    assert f"renamed to 'fetch_many' in {hashes[1][:10]} (2026-01-02" in text
    sarif = json.loads(run_cli(capsys, "verify", "docs", "--source", ".",
                               "--format", "sarif").out)
    histories = [r["properties"]["history"] for r in sarif["runs"][0]["results"]]
    assert {h["removed_in"]["commit"] for h in histories} == set(hashes[1:])
    html = run_cli(capsys, "verify", "docs", "--source", ".", "--format", "html").out
    assert hashes[2][:10] in html


def test_history_works_without_git_history(project: GitProject, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    (project.root / ".git").rename(tmp_path / "moved-git")
    code, data = _json(capsys, "docs")
    assert code == 1
    assert all("history" not in r for r in data["references"])


def test_history_in_a_shallow_clone_is_no_error(project: GitProject, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    clone = tmp_path / "shallow"
    project.git("clone", "-q", "--depth", "1", f"file://{project.root}", str(clone))
    monkeypatch.chdir(clone)
    code, data = _json(capsys, "docs")
    assert code == 1
    assert set(_flagged(data)) == {"Client.fetch", "src/tinylib/util.py",
                                   "src/tinylib/old_name.py"}
    assert all("history" not in r for r in data["references"])


# ------------------------------------------------------------------ command targets

def test_command_targets_are_checked_against_the_task_files(
        project: GitProject, capsys: pytest.CaptureFixture[str]) -> None:
    project.write("Makefile", "test:\n\tpytest\n")
    project.write("docs/dev.md", "# Dev\n\nRun `make tset`, then:\n\n```sh\nmake test\n"
                                 "tox -e lint\n```\n\nRequires Python 3.8 or later.\n")
    code, data = _json(capsys, "docs/dev.md", "--no-history")
    assert code == 1
    rows = {r["name"]: r for r in data["references"]}
    assert rows["make tset"]["status"] == "unverified"
    assert rows["make tset"]["suggestion"] == "test"
    assert rows["make test"]["status"] == "verified"
    assert rows["make test"]["evidence"] == [{"path": "Makefile", "line": 1}]
    assert rows["tox -e lint"]["status"] == "external"  # no tox file: not our business
    assert rows["requires-python"]["status"] == "unverified"
    assert "'>=3.10'" in rows["requires-python"]["message"]


# ------------------------------------------------------------------ per-rule configuration

PYPROJECT = '[project]\nname = "tinylib"\nrequires-python = ">=3.10"\n'


def test_rule_levels_and_document_globs(project: GitProject,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    project.write("pyproject.toml", PYPROJECT + '\n[tool.pse.verify]\ninclude = ["docs/guide.md"]\n'
                  '\n[tool.pse.verify.rules]\nsymbol = "warning"\npath = "off"\n')
    code, data = _json(capsys, "docs", "--no-history")
    assert code == 0  # a warning does not fail the run
    assert {r["file"] for r in data["references"]} == {"docs/guide.md"}
    assert _flagged(data)["Client.fetch"]["severity"] == "warning"
    path = next(r for r in data["references"] if r["name"] == "src/tinylib/util.py")
    assert path["status"] == "ignored" and "'path' is off" in path["message"]
    github = run_cli(capsys, "verify", "docs", "--source", ".", "--format", "github",
                     "--no-history").out
    assert github.startswith("::warning file=docs/guide.md,line=3,")


def test_an_unknown_rule_is_exit_2(project: GitProject,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    project.write("pyproject.toml", PYPROJECT + '\n[tool.pse.verify.rules]\nsymbols = "warning"\n')
    result = run_cli(capsys, "verify", "docs", "--source", ".")
    assert result.code == 2
    assert "unknown rule 'symbols'" in result.err and "did you mean 'symbol'" in result.err


def test_warnings_show_in_html_and_baseline_never_overwrites_input(
        project: GitProject, capsys: pytest.CaptureFixture[str]) -> None:
    project.write("pyproject.toml", PYPROJECT + '\n[tool.pse.verify.rules]\nsymbol = "warning"\n')
    html = run_cli(capsys, "verify", "docs", "--source", ".", "--format", "html",
                   "--no-history").out
    assert "warning (does not fail the run)" in html
    result = run_cli(capsys, "verify", "docs", "--source", ".",
                     "--write-baseline", "docs/guide.md")
    assert result.code == 2
    assert (project.root / "docs" / "guide.md").read_text(encoding="utf-8") == GUIDE


def test_git_runs_nothing_the_repository_configures(
        project: GitProject, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    marker = tmp_path / "ran"
    program = f"sh -c 'touch {marker}'"
    for key, value in (("core.fsmonitor", program), ("diff.external", program),
                       ("diff.evil.textconv", program), ("core.pager", program),
                       ("pager.log", program), ("core.hooksPath", str(tmp_path))):
        project.git("config", key, value)
    project.write(".gitattributes", "* diff=evil\n")
    project.write("src/tinylib/client.py",
                  CLIENT.replace("def fetch(", "def fetch_many(") + "\n# edited\n")
    code, data = _json(capsys, "docs", "--since", "HEAD~3")
    assert code == 1
    assert "history" in _flagged(data)["Client.fetch"]
    assert not marker.exists()

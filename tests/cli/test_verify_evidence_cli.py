"""``pse verify --evidence``: every sentence supported by a span, unsupported or a transition."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from repo_fixtures import run_cli

SOURCE = '''"""A tiny queue."""


class Queue:
    """A first-in, first-out queue of items."""

    def get(self):
        """Remove and return the oldest item; raise IndexError when the queue is empty."""
        return self._items.pop(0)
'''

GOOD = "# Queue\n\n`Queue.get` removes and returns the oldest item of the queue.\n"
BAD = GOOD + "\n`Queue.get` replicates every item to a database cluster for scalability.\n"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "src" / "pkg" / "queue.py").write_text(SOURCE, encoding="utf-8")
    return tmp_path


def test_verify_evidence_json_gives_each_sentence_its_status_and_span(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "doc.md").write_text(BAD, encoding="utf-8")
    result = run_cli(capsys, "verify", str(tree / "doc.md"), "--source", str(tree),
                     "--evidence", "--format", "json")
    assert result.code == 1
    report = json.loads(result.out)
    statuses = [(s["line"], s["status"]) for s in report["sentences"]]
    assert statuses == [(3, "supported"), (5, "unsupported")]
    assert report["sentences"][0]["span"] == {"path": "src/pkg/queue.py", "start": 7, "end": 9}
    assert "databas" in report["sentences"][1]["reason"]
    assert report["summary"] == {"supported": 1, "unsupported": 1, "transition": 0}


def test_verify_evidence_exits_0_when_every_sentence_is_supported(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "doc.md").write_text(GOOD, encoding="utf-8")
    result = run_cli(capsys, "verify", str(tree / "doc.md"), "--source", str(tree),
                     "--evidence")
    assert result.code == 0
    assert "1 supported, 0 unsupported, 0 transitions" in result.out


def test_verify_evidence_sarif_and_github_report_rule_unsupported(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "doc.md").write_text(BAD, encoding="utf-8")
    sarif = run_cli(capsys, "verify", str(tree / "doc.md"), "--source", str(tree),
                    "--evidence", "--format", "sarif")
    results = json.loads(sarif.out)["runs"][0]["results"]
    assert sarif.code == 1 and [r["ruleId"] for r in results] == ["PSE010"]
    github = run_cli(capsys, "verify", str(tree / "doc.md"), "--source", str(tree),
                     "--evidence", "--format", "github")
    assert github.code == 1 and "pse PSE010 unsupported" in github.out
    assert "line=5" in github.out


def test_verify_evidence_refuses_selections_and_baselines(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "doc.md").write_text(GOOD, encoding="utf-8")
    result = run_cli(capsys, "verify", str(tree / "doc.md"), "--source", str(tree),
                     "--evidence", "--changed")
    assert result.code == 2 and "--evidence audits whole documents" in result.err


POLICY = '''from dataclasses import dataclass


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently a failed job is retried."""

    max_attempts: int = 3
    backoff: float = 0.1

    def delay(self, attempt: int) -> float:
        """Seconds to wait before attempt number ``attempt``."""
        return self.backoff * (2 ** (attempt - 1))
'''


@pytest.mark.parametrize(("sentence", "status"), [
    ("The `RetryPolicy` class has two fields: `max_attempts` and `backoff`.", "supported"),
    ("The `RetryPolicy` class has one method, `delay`, for the wait.", "supported"),
    ("The `RetryPolicy` class has three fields for each failed job.", "unsupported"),
    ("The `RetryPolicy` class has two methods for a failed job.", "unsupported"),
])
def test_a_count_of_fields_or_methods_counts_that_kind_of_member(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], sentence: str, status: str) -> None:
    """A true "two fields" was flagged because the method counted as a field (the embedded
    model's tinyqueue article)."""
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "src" / "pkg" / "policy.py").write_text(POLICY, encoding="utf-8")
    (tmp_path / "doc.md").write_text(f"# Policy\n\n{sentence}\n", encoding="utf-8")
    result = run_cli(capsys, "verify", str(tmp_path / "doc.md"), "--source", str(tmp_path),
                     "--evidence", "--format", "json")
    statuses = [s["status"] for s in json.loads(result.out)["sentences"]]
    assert statuses == [status], result.out


def test_verify_evidence_counts_a_field_set_again_in_a_method_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `attempts` is declared in the class body and assigned again in `run`: one field
    (tmp_path / "job.py").write_text(
        "from dataclasses import dataclass\n\n\n@dataclass\nclass Job:\n"
        '    """A callable and what happened when it ran."""\n\n'
        "    name: str = ''\n    attempts: int = 0\n\n"
        "    def run(self):\n        self.attempts += 1\n", encoding="utf-8")
    (tmp_path / "doc.md").write_text("# Jobs\n\n`Job` has two fields.\n\n`Job` 有三个字段。\n",
                                     encoding="utf-8")
    result = run_cli(capsys, "verify", str(tmp_path / "doc.md"), "--source", str(tmp_path),
                     "--evidence", "--format", "json")
    statuses = [(s["line"], s["status"]) for s in json.loads(result.out)["sentences"]]
    assert statuses == [(3, "supported"), (5, "unsupported")]


INDEX_RST = """Guide
=====

Sometimes you want to send some data to untrusted places, then get it back later
unchanged. The queue keeps what you put in it.
"""
COPIED = ("# Queue\n\nSometimes you want to send some data to untrusted places, then get it "
          "back later unchanged.\n\nSometimes you want to store some data in a cluster of "
          "untrusted places, then get it back much later.\n")


def test_verify_evidence_a_sentence_repeating_the_projects_docs_is_supported_by_them(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "docs").mkdir()
    (tree / "docs" / "index.rst").write_text(INDEX_RST, encoding="utf-8")
    (tree / "doc.md").write_text(COPIED, encoding="utf-8")
    result = run_cli(capsys, "verify", str(tree / "doc.md"), "--source", str(tree),
                     "--evidence", "--format", "json")
    copied, mixed = json.loads(result.out)["sentences"]
    assert (copied["status"], copied["span"]) == (
        "supported", {"path": "docs/index.rst", "start": 4, "end": 5})
    # the docs' words in another order, with words of its own, is no quote
    assert mixed["status"] == "unsupported"


def test_verify_evidence_an_audited_document_does_not_back_itself(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "docs").mkdir()
    (tree / "docs" / "index.rst").write_text(INDEX_RST, encoding="utf-8")
    result = run_cli(capsys, "verify", str(tree / "docs" / "index.rst"), "--source",
                     str(tree), "--evidence", "--format", "json")
    assert [s["status"] for s in json.loads(result.out)["sentences"]][:1] == ["unsupported"]


def test_verify_evidence_a_frame_said_again_with_a_word_swapped_backs_nothing(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # each sentence alone is worded from the source; said again with one word swapped, it
    # is a template, not evidence: the first stays, the repeats do not
    text = ("# Queue\n\n"
            "`Queue.get` removes and returns the oldest item of the queue. "
            "The oldest item of the queue decides what `Queue.get` removes first. "
            "The oldest item of the queue decides what `Queue.get` returns first. "
            "The oldest item of the queue decides what `Queue.get` raises first.\n")
    (tree / "doc.md").write_text(text, encoding="utf-8")
    result = run_cli(capsys, "verify", str(tree / "doc.md"), "--source", str(tree),
                     "--evidence", "--format", "json")
    sentences = json.loads(result.out)["sentences"]
    retold = [s for s in sentences if "repeats the frame" in (s.get("reason") or "")]
    assert [s["text"].split()[-2] for s in retold] == ["returns", "raises"]
    assert result.code == 1


PARSE = '''"""Parse strings by a format."""


def parse(format, string):
    """Match ``string`` against ``format`` and return the values found."""
    return format, string


def with_pattern(pattern, regex_group_count=None):
    """Attach a regular expression pattern to a type converter."""
    return pattern, regex_group_count
'''


def test_verify_evidence_a_call_said_of_a_module_is_its_namesake_functions(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `parse` names the module and the function of its name in it: what the sentence says
    # the call takes is the function's, and the number of regex groups is another's
    (tmp_path / "parse.py").write_text(PARSE, encoding="utf-8")
    (tmp_path / "doc.md").write_text(
        "# parse\n\n`parse` matches a string against a format. It takes a string and an "
        "optional regex group count.\n", encoding="utf-8")
    result = run_cli(capsys, "verify", str(tmp_path / "doc.md"), "--source", str(tmp_path),
                     "--evidence", "--format", "json")
    statuses = {s["text"][:8]: s["status"] for s in json.loads(result.out)["sentences"]}
    assert statuses == {"`parse` ": "supported", "It takes": "unsupported"}


def test_verify_evidence_a_role_in_another_definitions_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "Runs jobs in the order they were added." is `JobQueue`'s docstring: said of `Job`,
    # it is another definition's role; said of `JobQueue`, its own
    root = Path(__file__).resolve().parents[2] / "examples" / "tinyqueue"
    text = ("# Roles\n\nThe `JobQueue` class is responsible for running jobs in the order "
            "they were added.\n\nThe `Job` class is responsible for running jobs in the order "
            "they were added.\n")
    doc = tmp_path / "roles.md"
    doc.write_text(text, encoding="utf-8")
    result = run_cli(capsys, "verify", str(doc), "--source", str(root), "--evidence",
                     "--format", "json")
    sentences = json.loads(result.out)["sentences"]
    assert [s["status"] for s in sentences] == ["supported", "unsupported"]
    assert "docstring of `JobQueue`" in sentences[1]["reason"]


def test_a_purpose_said_in_the_words_of_the_module_the_definition_lives_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `parse.extract_format` is about parsing: its module's name holds the word
    (tmp_path / "parse.py").write_text(
        'def extract_format(format, extra_types):\n    """Pull apart the format."""\n'
        '    fill = format[0]\n    return fill, extra_types\n', encoding="utf-8")
    (tmp_path / "doc.md").write_text("parse 的 `extract_format` 函数用于解析格式化字符串。\n\n"
                                     "`extract_format` 函数用于序列化消息并写入磁盘。\n",
                                     encoding="utf-8")
    result = run_cli(capsys, "verify", str(tmp_path / "doc.md"), "--source", str(tmp_path),
                     "--evidence", "--format", "json")
    statuses = [(s["line"], s["status"]) for s in json.loads(result.out)["sentences"]]
    assert statuses == [(1, "supported"), (3, "unsupported")]

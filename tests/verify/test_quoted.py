"""Quoted code: blocks attributed to a file must be in it, in order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from repo_fixtures import REPOS, copy_repo, run_cli

SOURCE = '''"""Shapes."""


class Circle(Shape):
    """A round shape.

    With a radius.
    """

    def __init__(self, radius: float,
                 name: str = "circle") -> None:
        self.radius = radius  # in metres

    def area(self) -> float:
        return 3.14159 * self.radius ** 2
'''


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    (root / "geo").mkdir(parents=True)
    (root / "geo" / "shapes.py").write_text(SOURCE, encoding="utf-8")
    return root


def _quotes(capsys: pytest.CaptureFixture[str], root: Path, article: str
            ) -> list[dict[str, object]]:
    doc = root.parent / "article.md"
    doc.write_text(article, encoding="utf-8")
    result = run_cli(capsys, "verify", str(doc), "--source", str(root), "--format", "json")
    return [r for r in json.loads(result.out)["references"] if r["kind"] == "quote"]


COPIED = '''    def area(self) -> float:
        return 3.14159 * self.radius ** 2
'''


def test_quoted_copied_block_passes(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    quotes = _quotes(capsys, tree, f'# A\n\n```python title="geo/shapes.py"\n{COPIED}```\n')
    assert [(q["status"], q["line"], q["evidence"]) for q in quotes] == [
        ("verified", 3, [{"path": "geo/shapes.py", "line": 14}])]


def test_quoted_changed_identifier_fails_with_closest_line(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    changed = COPIED.replace("self.radius", "self.diameter")
    quotes = _quotes(capsys, tree, f'# A\n\n```python title="geo/shapes.py"\n{changed}```\n')
    assert len(quotes) == 1
    quote = quotes[0]
    assert quote["status"] == "unverified"
    assert str(quote["message"]).startswith("misquoted: line 2 of the block")
    assert quote["evidence"] == [{"path": "geo/shapes.py", "line": 15}]


def test_quoted_skeleton_with_elisions_and_joined_signature_passes(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    skeleton = ('# geo/shapes.py\nclass Circle(Shape):\n    """A round shape."""\n\n'
                '    def __init__(self, radius: float, name: str = "circle") -> None:\n'
                '        ...\n\n    def area(self) -> float: ...\n')
    quotes = _quotes(capsys, tree, f"# A\n\n```python\n{skeleton}```\n")
    assert [q["status"] for q in quotes] == ["verified"]


def test_quoted_lines_must_keep_their_order(tree: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    swapped = "// geo/shapes.py\n        return 3.14159 * self.radius ** 2\n    def area(self):\n"
    quotes = _quotes(capsys, tree, f"# A\n\n```\n{swapped}```\n")
    assert [q["status"] for q in quotes] == ["unverified"]


def test_quoted_path_line_lead_in_checks_the_line(tree: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    right = _quotes(capsys, tree, f"# A\n\nFrom `geo/shapes.py:14`:\n\n```python\n{COPIED}```\n")
    wrong = _quotes(capsys, tree, f"# A\n\nFrom `geo/shapes.py:4`:\n\n```python\n{COPIED}```\n")
    assert [q["status"] for q in right] == ["verified"]
    assert [q["status"] for q in wrong] == ["unverified"]
    assert "at geo/shapes.py:14, not at line 4" in str(wrong[0]["message"])


def test_quoted_caption_usage_example_is_not_a_quote(tree: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    usage = "circle = Circle(2.0)\nprint(circle.area())\n"
    quotes = _quotes(capsys, tree, f"# A\n\nThe class is in `geo/shapes.py`:\n\n```python\n"
                                   f"{usage}```\n")
    assert [q["status"] for q in quotes] == ["ignored"]


def test_quoted_caption_near_copy_is_checked(tree: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    near = COPIED.replace("** 2", "** 3")
    quotes = _quotes(capsys, tree, f"# A\n\nThe method in `geo/shapes.py`:\n\n```python\n"
                                   f"{COPIED}    def perimeter(self):\n{near}```\n")
    assert [q["status"] for q in quotes] == ["unverified"]


def test_quoted_block_of_a_missing_file_is_flagged(tree: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    quotes = _quotes(capsys, tree, f'# A\n\n```python title="geo/lines.py"\n{COPIED}```\n')
    assert [q["status"] for q in quotes] == ["unverified"]


def test_quoted_typescript_block_from_fixture(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    root = copy_repo(REPOS / "ts_small", tmp_path / "ts")
    result = run_cli(capsys, "verify", str(root / "articles" / "good.md"), "--source",
                     str(root), "--format", "json")
    quotes = [r for r in json.loads(result.out)["references"] if r["kind"] == "quote"]
    assert [(q["status"], q["evidence"]) for q in quotes] == [
        ("verified", [{"path": "src/parser.ts", "line": 38}])]


@pytest.mark.parametrize(("block", "status"), [(COPIED, "verified"),
                                               (COPIED.replace("3.14159", "3.14"), "unverified")])
def test_quoted_heading_naming_the_file_attributes_the_block(
        tree: Path, capsys: pytest.CaptureFixture[str], block: str, status: str) -> None:
    quotes = _quotes(capsys, tree, f"# A\n\n#### geo/shapes.py\n\n```python\n{block}```\n")
    assert [q["status"] for q in quotes] == [status]

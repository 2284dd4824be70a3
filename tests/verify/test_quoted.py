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


SQUARE = '''"""More shapes."""


class Square(Shape):
    def __init__(self, side: float) -> None:
        self.side = side
'''


def _definition_quotes(capsys: pytest.CaptureFixture[str], root: Path, block: str,
                       *strict: str) -> list[tuple[object, ...]]:
    (root / "geo" / "square.py").write_text(SQUARE, encoding="utf-8")
    doc = root.parent / "article.md"
    doc.write_text(f"# A\n\nThe code:\n\n```python\n{block}```\n", encoding="utf-8")
    result = run_cli(capsys, "verify", str(doc), "--source", str(root), "--format", "json",
                     *strict)
    return [(q["status"], q["evidence"], q.get("message", ""))
            for q in json.loads(result.out)["references"] if q["kind"] == "quote"]


def test_block_opening_with_a_real_class_is_checked_as_its_quote(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    block = "import math\n\n@dataclass\nclass Circle(Shape):\n" + COPIED
    assert _definition_quotes(capsys, tree, block, "--strict") == [
        ("verified", [{"path": "geo/shapes.py", "line": 4}], "")]


def test_real_class_name_over_another_class_s_code_is_misquoted(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Square's constructor presented as Circle's: every name is real, the code is not
    block = "class Circle(Shape):\n    def __init__(self, side: float) -> None:\n" \
            "        self.side = side\n"
    [(status, evidence, message)] = _definition_quotes(capsys, tree, block, "--strict")
    assert status == "unverified"
    assert evidence == [{"path": "geo/shapes.py", "line": 10}]
    assert "line 2 of the block" in str(message) and "where 'Circle' is defined" in str(message)


def test_block_defining_a_name_the_tree_lacks_is_an_example(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [(status, _, message)] = _definition_quotes(capsys, tree, "class MyShape(Circle):\n"
                                                "    pass\n", "--strict")
    assert status == "ignored" and "defines its own 'MyShape'" in str(message)


def test_sketch_of_a_real_class_is_only_flagged_with_strict(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    block = "class Square(Shape):\n    def grow(self):\n        self.side *= 2\n"
    [(status, _, message)] = _definition_quotes(capsys, tree, block)
    assert status == "ignored" and "--strict flags it" in str(message)
    [(strict_status, evidence, _)] = _definition_quotes(capsys, tree, block, "--strict")
    assert strict_status == "unverified"
    assert evidence == [{"path": "geo/square.py", "line": 5}]


def test_usage_example_calling_real_code_is_not_a_quote(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _definition_quotes(capsys, tree, "shape = Circle(2.0)\nprint(shape.area())\n",
                              "--strict") == []


def test_implementing_a_hook_the_tree_declares_is_not_a_misquote(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "geo" / "hookspec.py").write_text(
        'def shape_added(shape):\n    """Called when a shape is added."""\n', encoding="utf-8")
    (tree / "geo" / "builtin.py").write_text(
        "def shape_added(shape):\n    print(shape)\n", encoding="utf-8")
    block = "def shape_added(shape):\n    log.append(shape.area())\n"
    [(status, _, message)] = _definition_quotes(capsys, tree, block, "--strict")
    assert status == "ignored" and "geo/hookspec.py declares without a body" in str(message)


def test_definitions_in_docs_examples_are_not_the_source(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "docs" / "example").mkdir(parents=True)
    (tree / "docs" / "example" / "plugin.py").write_text("def grow(shape):\n    return 1\n",
                                                       encoding="utf-8")
    [(status, _, message)] = _definition_quotes(capsys, tree, "def grow(shape):\n"
                                                "    return 2\n", "--strict")
    assert status == "ignored" and "defines its own 'grow'" in str(message)


def test_function_with_another_signature_is_the_reader_s_own(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the tree's ``area`` takes only self: ``def area(width, height)`` is a usage example
    block = "def area(width, height):\n    return width * height\n"
    [(status, _, message)] = _definition_quotes(capsys, tree, block, "--strict")
    assert status == "ignored" and "defines its own 'area'" in str(message)
    same_signature = "def area(self) -> float:\n    return self.radius * 2\n"
    [(strict_status, _, _)] = _definition_quotes(capsys, tree, same_signature, "--strict")
    assert strict_status == "unverified"


def test_function_local_to_another_is_not_presented(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "geo" / "select.py").write_text(
        "def select(names):\n    def accept(name):\n        return name in names\n"
        "    return accept\n", encoding="utf-8")
    block = "def accept(name):\n    return name.endswith('.html')\n"
    [(status, _, _)] = _definition_quotes(capsys, tree, block, "--strict")
    assert status == "ignored"

"""Reference extraction from Markdown: exact 1-based lines, links, fences, markers, roles."""

from __future__ import annotations

from pse.verify.markdown import (
    RST_MARKER,
    document_bindings,
    extract_references,
    ignored_line_numbers,
)
from pse.verify.refs import Reference

LAYOUT = """\
# Title with `Alpha`

Intro `Beta` and
a second line with `Gamma` and
third `Delta`.

- item `Eps`
  continued `Zeta`
- item two

  > quote `Eta`

| a | b |
|---|---|
| `Theta` | x |
| y | `Iota` |

Setext `Kappa`
--------------

1. first
2. second `Lambda`

中文段落里有`Mu`，还有 `Nu`。
第二行`Xi`：见`src/a.py:3`。

Hard break `Chi`\\
after break `Psi`
"""


def _lines(text: str) -> dict[str, int]:
    return {r.name: r.line for r in extract_references(text, file="d.md")}


def test_markdown_exact_lines_in_every_block_kind() -> None:
    assert _lines(LAYOUT) == {
        "Alpha": 1, "Beta": 3, "Gamma": 4, "Delta": 5, "Eps": 7, "Zeta": 8, "Eta": 11,
        "Theta": 15, "Iota": 16, "Kappa": 18, "Lambda": 22, "Mu": 24, "Nu": 24, "Xi": 25,
        "src/a.py": 25, "Chi": 27, "Psi": 28,
    }


def test_markdown_spans_match_the_text_on_their_line() -> None:
    lines = LAYOUT.splitlines()
    for ref in extract_references(LAYOUT, file="d.md"):
        assert f"`{ref.text}`" in lines[ref.line - 1], ref


def test_markdown_keeps_file_and_context() -> None:
    ref = extract_references("Set the environment variable `APP_MODE`.\n", file="docs/a.md")[0]
    assert (ref.file, ref.context) == ("docs/a.md", "Set the environment variable `APP_MODE`.")


def test_markdown_crlf_line_endings_keep_lines() -> None:
    text = "# T\r\n\r\nSee `Alpha`\r\nand `Beta`\r\n"
    assert _lines(text) == {"Alpha": 3, "Beta": 4}


def test_markdown_links_to_files() -> None:
    text = ("See [the session](src/a.py#L3-L5), [x](./src/b.py), [`Foo.bar`](src/c.py#L7),\n"
            "[docs](other.md), [web](https://x.org/a.py), [anchor](#usage), "
            "[label](api-validators), [up](../x.py).\n")
    refs = [r for r in extract_references(text, file="d.md") if r.origin == "link"]
    assert [(r.kind, r.name, r.lines, r.at_symbol, r.text) for r in refs] == [
        ("path_line", "src/a.py", (3, 5), "", "src/a.py#L3-L5"),
        ("path", "src/b.py", None, "", "./src/b.py"),
        ("path_line", "src/c.py", (7, 7), "Foo.bar", "src/c.py#L7"),
    ]


def test_markdown_fenced_python_block_lines_start_after_the_fence() -> None:
    text = "Intro\n\n```python\nimport os\nx = Omega()\n```\n"
    refs = extract_references(text, file="d.md")
    assert [(r.line, r.kind, r.name, r.origin) for r in refs] == [
        (4, "module", "os", "code"), (5, "symbol", "Omega", "code")]


def test_markdown_fence_languages() -> None:
    text = ("```js\nfoo.bar()\n```\n\n"
            "```\nimport tinyhttp\n```\n\n"
            "```\n$ pip install tinyhttp\n```\n\n"
            "```text\nimport nothing\n```\n\n"
            "```console\n$ python -m tinyhttp\n# a comment\nsome output\n```\n")
    refs = extract_references(text, file="d.md")
    assert [(r.line, r.kind, r.name) for r in refs] == [
        (6, "module", "tinyhttp"),
        (10, "command", "pip install tinyhttp"),
        (18, "command", "python -m tinyhttp"),
    ]


def test_markdown_shell_block_commands_have_code_origin() -> None:
    refs = extract_references("```bash\npip install tinyhttp\n```\n", file="d.md")
    assert [r.origin for r in refs] == ["code"]


def test_markdown_myst_roles() -> None:
    text = ("{func}`tinyhttp.get`, {py:class}`~tinyhttp.Client`, {mod}`tinyhttp.models`,\n"
            "{envvar}`TINY_DEBUG`, {ref}`the guide <guide>`, {doc}`api`\n")
    refs = extract_references(text, file="d.md")
    assert [(r.line, r.kind, r.name, bool(r.ignored)) for r in refs] == [
        (1, "symbol", "tinyhttp.get", False),
        (1, "symbol", "tinyhttp.Client", False),
        (1, "module", "tinyhttp.models", False),
        (2, "env_var", "TINY_DEBUG", False),
        (2, "symbol", "guide", True),
        (2, "symbol", "api", True),
    ]


MARKED = """\
Before `Alpha`

After `Beta` <!-- pse: ignore -->
and `Gamma` is checked.

<!-- pse: ignore -->
```python
from tinyhttp import Fake
```

<!-- pse: ignore-start -->
`Delta`

`Epsilon`
<!-- pse: ignore-end -->
`Zeta`

<!-- pse: ignore -->
A paragraph `Eta`
"""


def _ignored(refs: list[Reference]) -> dict[str, bool]:
    return {r.text: bool(r.ignored) for r in refs}


def test_markdown_markers_line_next_block_and_range() -> None:
    refs = extract_references(MARKED, file="d.md")
    assert _ignored(refs) == {"Alpha": False, "Beta": True, "Gamma": False, "tinyhttp": True,
                              "Fake": True, "Delta": True, "Epsilon": True, "Zeta": False,
                              "Eta": True}
    assert all(r.ignored == "ignored by a pse: ignore marker" for r in refs if r.ignored)


def test_markdown_marker_covers_a_whole_multiline_paragraph() -> None:
    refs = extract_references("<!-- pse: ignore -->\nFirst `Alpha`\nsecond `Beta`\n",
                              file="d.md")
    assert _ignored(refs) == {"Alpha": True, "Beta": True}


def test_markdown_unclosed_ignore_start_runs_to_the_end() -> None:
    lines = ["`A`", "<!-- pse: ignore-start -->", "`B`", "`C`"]
    assert ignored_line_numbers(lines) == {2, 3, 4}


def test_markdown_ignore_file_marker_drops_everything() -> None:
    assert extract_references("`Alpha`\n<!-- pse: ignore-file -->\n`Beta`\n", file="d.md") == []
    assert ignored_line_numbers(["x", "<!-- pse:ignore-file -->"]) is None


def test_markdown_document_bindings_from_examples() -> None:
    text = ("```python\nclass Local:\n    pass\nresult = compute()\nimport os\n```\n\n"
            "```python\n# src/real.py\nclass Real: ...\n```\n\n```bash\nX=1\n```\n")
    assert document_bindings(text).locals == {"Local", "result"}


def test_markdown_empty_and_plain_documents() -> None:
    assert extract_references("", file="d.md") == []
    assert extract_references("Just prose, no code at all.\n", file="d.md") == []


def test_ignored_line_numbers_skip_markers_quoted_in_code() -> None:
    lines = ["Write `<!-- pse: ignore-file -->` to skip a file.", "```md",
             "<!-- pse: ignore-file -->", "```", "`tinyqueue.nothing`"]
    assert ignored_line_numbers(lines) == set()


def test_ignore_markers_follow_the_one_fence_rule() -> None:
    """A longer fence quotes a shorter one, an indented fence (in a list item) quotes too,
    and rst's tilde underlines open no block."""
    lines = ["````md", "```", "<!-- pse: ignore-file -->", "```", "````", "`x`"]
    assert ignored_line_numbers(lines) == set()
    lines = ["- item", "", "  ~~~", "  <!-- pse: ignore-file -->", "  ~~~"]
    assert ignored_line_numbers(lines) == set()
    rst = ["Title", "~~~~~", "", ".. pse: ignore", "", "`x`", "", "Next", "~~~~"]
    assert ignored_line_numbers(rst, marker=RST_MARKER) == {6}


def test_a_marker_after_backtick_runs_of_other_lengths_is_read() -> None:
    """Only a run of the same length closes a code span (CommonMark), so a long run of
    backticks is text: the marker after it counts, and the line is read in linear time
    (the old pattern took minutes on a line of 16,000 backticks)."""
    assert ignored_line_numbers(["```x`` <!-- pse: ignore -->"]) == {1}
    assert ignored_line_numbers(["x " + "`" * 100_000 + " <!-- pse: ignore -->"]) == {1}
    # at the start of a line the same run opens a fence whose info string is the marker
    assert ignored_line_numbers(["`" * 10 + " <!-- pse: ignore -->", "`x`"]) == set()
    assert ignored_line_numbers(["``x`` <!-- pse: ignore -->", "`a` and ``b``"]) == {1}
    assert ignored_line_numbers(["`<!-- pse: ignore -->`"]) == set()


def test_ignored_line_numbers_obey_a_marker_beside_a_code_span() -> None:
    lines = ["`tinyqueue.nothing` <!-- pse: ignore -->", "`tinyqueue.other`"]
    assert ignored_line_numbers(lines) == {1}


def test_extract_references_count_lines_after_a_code_span_that_wraps() -> None:
    text = "Intro (`a wrapped\nspan`) and then\n`tinyqueue.JobQueue` here.\n"
    refs = extract_references(text, file="a.md")
    assert [(r.text, r.line) for r in refs if "JobQueue" in r.text] == [
        ("tinyqueue.JobQueue", 3)]


def test_a_definition_quoted_by_its_header_alone_is_not_the_examples_own() -> None:
    from pse.verify.pycode import example_scope

    # ``class Schema(MutableMapping):`` with no body quotes a definition the text presents
    # as the project's; one with a body is the example's own
    assert "Schema" not in example_scope("class Schema(MutableMapping):\n").locals
    assert "Schema" not in example_scope("class Schema(MutableMapping):\n\ndef f(x):\n"
                                         "    return x\n").locals
    assert "MyView" in example_scope("class MyView(View):\n    pass\n").locals
    assert "run" in example_scope("def run():\n    ...\n").locals


def test_markdown_a_list_items_bold_label_shaped_like_code_is_a_name() -> None:
    text = ("**Properties and Methods**\n\n"
            "- **increment_major**: Raise the major part.\n"
            "- **to_tuple()**: Convert the version.\n"
            "2. **EndOfList**: This class marks the end of a list.\n"
            "3. **GitHub**: where the code lives.\n"          # a product, not code
            "4. **pairwise**: A helper function that pairs items.\n"
            "5. **Signal**：这个类表示信号。\n"
            "- **`bump_minor`**: Raise the minor part.\n"
            "- **decode(data: bytes, final: bool) -> str**: Decodes.\n"
            "- **Parameters**: The arguments.\n"
            "- **Note**: a title, not a name.\n"
            "- **read_only** values are kept.\n"        # no label: the bold runs on
            "A paragraph with **snake_case**: not an item.\n")
    names = [(r.line, r.name) for r in extract_references(text, file="a.md")]
    assert names == [(3, "increment_major"), (4, "to_tuple"), (5, "EndOfList"),
                     (7, "pairwise"), (8, "Signal"), (9, "bump_minor"), (10, "decode")]


def test_markdown_a_bold_name_of_three_capitalised_parts_or_a_bold_heading_is_a_name() -> None:
    text = ("- **CronIterStartTime**: The start time.\n"      # three parts: code-shaped
            "- **TensorFlow**: a library.\n"                   # two: a product's may
            "\n### 1. **CroniterBadDateError**\n\nRaised when no date matches.\n"
            "\n#### 2.1 **cron_expression**\n\nThe expression.\n"
            "\n## **Installation**\n\nRun pip.\n"             # a title, not code
            "\n### **CronIterError** and more\n\nText.\n"       # a heading that says more
            "\n### 2. **CronIterStartTime** and more\n\nText.\n")
    names = [(r.line, r.name) for r in extract_references(text, file="a.md")]
    assert names == [(1, "CronIterStartTime"), (4, "CroniterBadDateError"),
                     (8, "cron_expression")]


def test_markdown_a_capitalised_label_of_the_span_after_it_is_a_title() -> None:
    # "**Parse_minus**:" titles the `parse_minus` the item writes as code: one name
    text = ("- **Parse_minus**: The `parse_minus` method detaches the minus.\n"
            "- **Str_to_number**: Converts a string.\n")
    names = [(r.line, r.name) for r in extract_references(text, file="a.md")]
    assert names == [(1, "parse_minus"), (2, "Str_to_number")]
